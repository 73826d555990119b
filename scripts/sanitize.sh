#!/usr/bin/env bash
# The test suite built with AddressSanitizer and UndefinedBehaviorSanitizer
# (GDIST_SANITIZE), CPU backend only (the GPU code is compiled and tested by
# scripts/test.sh; ASan and the CUDA runtime do not mix well on a machine
# without a GPU). Any sanitizer report fails the test that triggered it.
# Usage: scripts/sanitize.sh   (GDIST_SANITIZE_BUILD sets the build folder)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${GDIST_SANITIZE_BUILD:-$ROOT/build-sanitize}"
JOBS="$(nproc 2>/dev/null || echo 2)"
LAUNCHER=()
command -v ccache >/dev/null && LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGDIST_ENABLE_CUDA=OFF -DGDIST_BUILD_BENCH=OFF \
      -DGDIST_SANITIZE=address,undefined "${LAUNCHER[@]}" -DGDIST_TEST_LEVEL=0 >"$BUILD.configure.log" 2>&1 \
  || { cat "$BUILD.configure.log" >&2; exit 2; }
cmake --build "$BUILD" -j "$JOBS"
# halt_on_error: a UBSan report fails the test instead of scrolling past.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
cd "$BUILD"
ctest --output-on-failure -j "$JOBS" --timeout 1800
