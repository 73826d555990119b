#!/usr/bin/env bash
# Shared set-up for demo.sh and test.sh: make sure the Debian packages are
# there (installing them when root, else printing the exact command), find
# nvcc if the CUDA toolkit is installed, configure and build in Release.
# Usage: source scripts/setup.sh   (sets GDIST_BUILD)
set -euo pipefail
GDIST_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GDIST_BUILD="${GDIST_BUILD:-$GDIST_ROOT/build}"

packages=(cmake g++ make pkg-config zlib1g-dev libboost-graph-dev libcli11-dev libgtest-dev
          coinor-libcbc-dev python3 python3-venv python3-dev python3-numpy python3-scipy python3-networkx python3-jsonschema librsvg2-bin help2man
          libopenmpi-dev openmpi-bin clang-14 clang-format-14
          libosmium2-dev libprotozero-dev libexpat1-dev libbz2-dev libnanoflann-dev ccache)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "setup: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages; run:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 2
  fi
fi

# The CUDA toolkit is not a Debian package here: use it when installed.
if ! command -v nvcc >/dev/null && [[ -x /usr/local/cuda/bin/nvcc ]]; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi

jobs="$(nproc 2>/dev/null || echo 2)"
# ccache: a second build of the same tree (test_without_cbc.sh, a rebuild after
# a branch switch) reuses the objects that compile the same.
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache)
cmake -S "$GDIST_ROOT" -B "$GDIST_BUILD" -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
      -DGDIST_TEST_LEVEL="${GDIST_TEST_LEVEL:-0}" -DGDIST_WERROR="${GDIST_WERROR:-OFF}" \
      >"$GDIST_BUILD.configure.log" 2>&1 \
  || { cat "$GDIST_BUILD.configure.log" >&2; exit 2; }
grep "gdist:" "$GDIST_BUILD.configure.log" >&2 || true
cmake --build "$GDIST_BUILD" -j "$jobs"
