#!/bin/bash
# The lead's device call after merging: full build, the whole ctest suite with
# the GPU present (the GPU tests CI skips run here), the --paths timings on
# the GPU, and compute-sanitizer on the next-hop kernel. Run from the repo
# root on the GPU machine with .device carried; logs under $OUT.
set -u
OUT=${OUT:-$PWD/device-out}
B=${BUILD_DIR:-/tmp/gdist-build}
mkdir -p "$OUT"
S=$OUT/summary.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
note "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1) $(nproc) cores"
t0=$(date +%s)
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGDIST_SHARED_DATA="$PWD/.device/shared/data" \
  > "$OUT/build.log" 2>&1 && cmake --build "$B" -j 16 >> "$OUT/build.log" 2>&1
rc=$?
note "build rc=$rc in $(( $(date +%s) - t0 )) s"
[ $rc -eq 0 ] || { tail -40 "$OUT/build.log"; exit 1; }

(cd "$B" && timeout 300 ctest -j 8 --output-on-failure > "$OUT/ctest.log" 2>&1)
note "ctest rc=$?: $(grep -E 'tests passed' "$OUT/ctest.log") skipped: $(grep -c 'Skipped' "$OUT/ctest.log")"
grep -E '\*\*\*(Failed|Timeout|Exception)' "$OUT/ctest.log" | head -20 | tee -a "$S"

for rep in 1 2; do
  timeout 200 "$B/bench/paths_bench" --backend gpu 16384:5 16384:64 8192:819 >> "$OUT/paths_bench.txt" 2>&1
done
note "paths_bench (gpu; twice):"; cat "$OUT/paths_bench.txt" | tee -a "$S"

export GDIST_SEED=$RANDOM
timeout 240 compute-sanitizer --tool memcheck --error-exitcode 9 "$B/tests/test_paths" \
  --gtest_filter='NextHop.GpuRoutesEqualCpuRoutes' > "$OUT/memcheck.log" 2>&1
note "memcheck next-hop rc=$? $(tail -1 "$OUT/memcheck.log")"
timeout 240 compute-sanitizer --tool racecheck --error-exitcode 9 "$B/tests/test_paths" \
  --gtest_filter='NextHop.GpuRoutesEqualCpuRoutes' > "$OUT/racecheck.log" 2>&1
note "racecheck next-hop rc=$? $(tail -1 "$OUT/racecheck.log")"
