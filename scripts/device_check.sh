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
  timeout 120 "$B/bench/paths_bench" --backend gpu 16384:5 16384:64 8192:819 >> "$OUT/paths_bench.txt" 2>&1
done
timeout 120 "$B/bench/paths_bench" --backend gpu --min-weight 0 16384:5 8192:819 >> "$OUT/paths_bench.txt" 2>&1
note "paths_bench (gpu; twice):"; cat "$OUT/paths_bench.txt" | tee -a "$S"

export GDIST_SEED=$RANDOM
timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 "$B/tests/test_paths" \
  --gtest_filter='NextHop.GpuRoutesEqualCpuRoutes' > "$OUT/memcheck.log" 2>&1
note "memcheck next-hop rc=$? $(tail -1 "$OUT/memcheck.log")"
# racecheck instruments every shared access: small graphs through gapsp keep it short.
timeout 120 compute-sanitizer --tool racecheck --error-exitcode 9 "$B/apps/gapsp" -q --backend gpu --paths \
  .device/shared/data/nthu-apsp/c05.1 /tmp/rc.gdm > "$OUT/racecheck.log" 2>&1
note "racecheck gapsp --paths c05.1 (BFS rule, zero weights) rc=$? $(tail -1 "$OUT/racecheck.log")"
timeout 120 compute-sanitizer --tool racecheck --error-exitcode 9 "$B/apps/gapsp" -q --backend gpu --paths \
  .device/shared/data/dimacs9/rome99.gr /tmp/rc.gdm > "$OUT/racecheck2.log" 2>&1
note "racecheck gapsp --paths rome99 (positive rule) rc=$? $(tail -1 "$OUT/racecheck2.log")"

# End to end, file to file, n=16384 (issue #3): against reading and writing the same bytes.
n=${E2E_N:-16384}
"$B/bench/gpu_fw_bench" --write-gdm /tmp/e2e_in.gdm "$n" > "$OUT/e2e.log" 2>&1
sync
secs() { local t0=$(date +%s.%N); "$@" > /dev/null 2>&1; awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.3f", b-a}'; }
note "e2e n=$n: cat $(secs sh -c 'cat /tmp/e2e_in.gdm > /dev/null') s; dd+fsync $(secs dd if=/tmp/e2e_in.gdm of=/tmp/e2e_copy.gdm bs=16M conv=fsync status=none) s"
rm -f /tmp/e2e_copy.gdm
for i in 1 2 3; do
  note "e2e gapsp --backend gpu: $(secs "$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm --backend gpu) s"
done
"$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm --backend gpu --timings >> "$OUT/e2e.log" 2>&1
note "$(grep -E 'gpu timing|gapsp:' "$OUT/e2e.log" | tr -s ' ' | tr '\n' ';')"
note "e2e gapsp --backend gpu --paths: $(secs timeout 120 "$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm --backend gpu --paths) s"
timeout 120 "$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm --backend gpu --paths 2>&1 | tee -a "$S"
