#!/usr/bin/env bash
# The siting tests on a build without COIN-OR CBC (GDIST_ENABLE_CBC=OFF, on a
# machine that has it): there every model's --exact is proven by the
# project's own method or refused naming the package to install (issue #26,
# lib/siting/exact_method). CI runs it after the main suite.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GDIST_NOCBC_BUILD:-$root/build-nocbc}"
jobs="$(nproc 2>/dev/null || echo 2)"
launcher=()  # ccache: only covering_mip.cpp and the tests compile differently from the main build
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DGDIST_ENABLE_CBC=OFF -DGDIST_WERROR=ON "${launcher[@]}" \
  >"$build.configure.log" 2>&1 || { cat "$build.configure.log" >&2; exit 2; }
grep "gdist: COIN-OR" "$build.configure.log" >&2 || true
cmake --build "$build" -j "$jobs" --target test_siting gcenter gapsp  # the tests run the apps too
"$build/tests/test_siting" --gtest_brief=1
