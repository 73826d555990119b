#!/usr/bin/env bash
# The Python package's tests (python/tests/package/, pytest): a virtual
# environment in the build folder (never the system Python), the package
# installed into it the way the README tells users (pip install .), plus
# pytest, NumPy, SciPy and NetworkX, and the optional pandas (Siting's
# assignment as a DataFrame) and tqdm (progress=True's bar), whose absence the
# tests also cover by hiding them, then pytest. The venv and the pip build
# folder stay in the build folder: a rerun installs the build requirements
# (pyproject.toml's) into the venv and builds without pip's isolation, whose
# new temporary folder each time would rebuild nanobind and the extension, so
# it rebuilds only what changed (ccache when installed); GDIST_PIP_ISOLATION=1
# forces the README's way. Exits 77 (ctest: SKIPPED) with the reason when PyPI
# cannot be reached.
# Usage: scripts/test_python.sh [BUILD_DIR] [pytest args...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:-$root/build}" 2>/dev/null && pwd || { mkdir -p "${1:-$root/build}" && cd "${1:-$root/build}" && pwd; })"
shift || true
venv="$build/python-venv"
log="$build/python-pip.log"
skip_if_offline() {  # pip failed: SKIPPED when PyPI cannot be reached, else the failure
  if grep -q -E "NewConnectionError|Temporary failure in name resolution|Max retries exceeded|Network is unreachable|No matching distribution found|Could not find a version that satisfies" "$log"; then
    echo "SKIPPED: PyPI cannot be reached from here ($1); see $log" >&2
    exit 77
  fi
  cat "$log" >&2
  exit 1
}
isolation="${GDIST_PIP_ISOLATION:-0}"
if [[ ! -x "$venv/bin/python" ]]; then
  python3 -m venv "$venv" || { echo "python3 -m venv failed (Debian: apt-get install python3-venv)" >&2; exit 1; }
  isolation=1  # a new venv: exactly the README's pip install .
fi
"$venv/bin/python" -m pip install -q pytest numpy scipy networkx pandas tqdm >"$log" 2>&1 ||
  skip_if_offline "pytest, numpy, scipy, networkx, pandas, tqdm"
# The CUDA toolkit is not a Debian package here: use it when installed (as setup.sh does).
if ! command -v nvcc >/dev/null && [[ -x /usr/local/cuda/bin/nvcc ]]; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi
cmake_args="-DGDIST_WERROR=${GDIST_WERROR:-OFF}"
if command -v ccache >/dev/null; then
  cmake_args+=" -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache"
  # The tests' build's generator too, on a fresh folder: nvcc's command lines then match that
  # build's (Ninja passes the include folders in a response file), so ccache has every object.
  generator="$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$build/CMakeCache.txt" 2>/dev/null || true)"
  if [[ -n $generator && ! -f $build/python-build/CMakeCache.txt ]]; then export CMAKE_GENERATOR="$generator"; fi
  # And its compilers by the same path: ccache hashes the name it is called by, so /usr/bin/c++
  # (what CMake picks) and /usr/bin/g++ (what the pip build picked) share no object.
  for lang in CXX CUDA; do
    compiler=""
    [[ -f $build/CMakeCache.txt ]] && compiler="$(sed -n "s/^CMAKE_${lang}_COMPILER:[A-Z]*=//p" "$build/CMakeCache.txt")"
    if [[ -n $compiler ]]; then cmake_args+=" -DCMAKE_${lang}_COMPILER=$compiler"; fi
  done
fi
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc 2>/dev/null || echo 2)}"
pip_args=()
if [[ $isolation != 1 ]]; then
  requires="$("$venv/bin/python" -c 'import sys, tomllib; print("\n".join(tomllib.load(open(sys.argv[1], "rb"))["build-system"]["requires"]))' "$root/pyproject.toml")"
  mapfile -t requirements <<<"$requires"
  "$venv/bin/python" -m pip install -q "${requirements[@]}" >>"$log" 2>&1 || skip_if_offline "the build requirements"
  pip_args=(--no-build-isolation)
fi
start=$SECONDS
CMAKE_ARGS="${CMAKE_ARGS:-} $cmake_args" "$venv/bin/python" -m pip install "${pip_args[@]}" "$root" \
  --config-settings=build-dir="$build/python-build" >>"$log" 2>&1 || skip_if_offline "the build requirements"
echo "test_python: pip install took $((SECONDS - start)) s" >&2
cd "$build"  # not the source tree: import gdist must find the installed package
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests/package" "$@"
