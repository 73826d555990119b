#!/bin/bash
# One device call: build, correctness (GPU tests, NTHU hashes, sanitizers),
# benchmark and end-to-end timing of the GPU engine. Run from the worktree
# root on the GPU machine; logs go to $OUT (or ./gpu-out), a summary prints last.
#   scripts/gpu_device_run.sh [steps]   steps: any of build,sass,test,nthu,sanitize,bench,e2e (default all)
#   BENCH_ARGS="--sizes 1000,10000 --reps 3" to narrow the benchmark.
set -u
STEPS=${1:-build,sass,test,nthu,sanitize,bench,e2e}  # also: ncu
OUT=${OUT:-$PWD/gpu-out}
B=${BUILD_DIR:-/tmp/b}
DATA=${DATA:-../../.device/data}
mkdir -p "$OUT"
SUMMARY=$OUT/summary.txt
: > "$SUMMARY"
note() { echo "$*" | tee -a "$SUMMARY"; }
has() { [[ ",$STEPS," == *",$1,"* ]]; }
timed() {  # timed LABEL CMD...: prints "LABEL: S s"
  local label=$1; shift
  local t0=$(date +%s.%N); "$@"; local rc=$?
  echo "$label: $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.3f", b-a}') s (rc $rc)"
}

note "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1)"

if has build; then
  t0=$(date +%s)
  { cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -G Ninja -DCMAKE_CUDA_FLAGS="-Xptxas -v" &&
    cmake --build "$B" --target gapsp test_gpu gpu_fw_bench -j 16; } > "$OUT/build.log" 2>&1
  rc=$?
  note "build rc=$rc in $(( $(date +%s) - t0 )) s; ptxas: $(grep -A2 'MinPlusTileKernel' "$OUT/build.log" | grep -E 'registers|spill' | tr -s ' ' | tr '\n' ' ' | head -c 600)"
  [ $rc -eq 0 ] || { tail -30 "$OUT/build.log"; exit 1; }
fi

if has sass; then
  obj=$(find "$B" -name 'fw_device.cu.o' | head -1)
  cuobjdump -sass "$obj" > "$OUT/sass.txt" 2>&1
  for k in IiE IfE IsE; do
    f=$(grep -n "Function : .*MinPlusTileKernel${k}" "$OUT/sass.txt" | head -1)
    note "sass MinPlusTileKernel<$k>: $(awk -v start="${f%%:*}" 'NR>start && /Function :/{exit} NR>start' "$OUT/sass.txt" |
      grep -oE 'VIADDMNMX[.A-Z0-9]*|FMNMX|FADD|LDS[.0-9A-Z]*|LDL|STL|LDGSTS[.A-Z0-9]*|BAR.SYNC' | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
  done
fi

if has test; then
  timeout 150 "$B/tests/test_gpu" > "$OUT/details.log" 2>&1
  note "test_gpu rc=$? $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$OUT/details.log" | tr '\n' ' ')"
fi

if has nthu; then
  ok=0; bad=0; tried=""
  for f in "$DATA"/c* "$DATA"/p*; do
    name=$(basename "$f")
    want=$(awk -v n="$name.out" '$2==n{print $1}' "$DATA/EXPECTED_OUTPUT_SHA256.txt")
    [ -n "$want" ] || continue
    timeout 60 "$B/apps/gapsp" "$f" /tmp/nthu.out --to nthu --backend gpu >> "$OUT/details.log" 2>&1
    got=$(sha256sum /tmp/nthu.out | cut -d' ' -f1)
    if [ "$got" == "$want" ]; then ok=$((ok+1)); else bad=$((bad+1)); tried="$tried $name"; fi
    rm -f /tmp/nthu.out
  done
  note "nthu hashes: $ok identical, $bad differ:$tried"
fi

if has sanitize; then
  # Every run is time-limited: a tool that serialises blocks could hang the
  # dataflow schedule that bench/gpu_fw_bench --variants also runs.
  for tool in memcheck racecheck; do
    for f in c01.1 c05.1; do  # c01.1 runs the 16-bit mode, c05.1 int32 (80 vertices)
      timeout 90 compute-sanitizer --tool $tool --error-exitcode 9 "$B/apps/gapsp" "$DATA/$f" /tmp/s.out --to nthu --backend gpu > /tmp/sanitize.log 2>&1
      note "compute-sanitizer $tool $f rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' /tmp/sanitize.log | tr '\n' ' ')"
      cat /tmp/sanitize.log >> "$OUT/details.log"
    done
    timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 "$B/bench/gpu_fw_bench" --sizes 300 --reps 1 --variants > /tmp/sanitize.log 2>&1
    note "compute-sanitizer $tool gpu_fw_bench n=300 (all schedules and types) rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|MISMATCH' /tmp/sanitize.log | tr '\n' ' ')"
    cat /tmp/sanitize.log >> "$OUT/details.log"
  done
fi

if has ncu; then
  # One phase-3 launch (kRest of round 10, int32, look-ahead schedule) at n=8192.
  timeout 300 ncu --clock-control none -k regex:MinPlusTileKernel --launch-skip 33 --launch-count 1 \
    --section SpeedOfLight --section SchedulerStats --section WarpStateStats --section Occupancy \
    --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section LaunchStats \
    "$B/bench/gpu_fw_bench" --sizes 8192 --reps 1 --baseline-max 0 > "$OUT/ncu.txt" 2>&1
  note "ncu rc=$? $(grep -E 'Duration|Issue Slots Busy|Issued Ipc Active|No Eligible|Achieved Occupancy|Registers Per|Stall' "$OUT/ncu.txt" | tr -s ' ' | head -12 | tr '\n' ';')"
fi

if has bench; then
  timeout 300 "$B/bench/gpu_fw_bench" ${BENCH_ARGS:-} > "$OUT/bench.log" 2>&1
  note "bench rc=$?"
  cat "$OUT/bench.log" >> "$SUMMARY"
fi

if has e2e; then
  n=${E2E_N:-16384}
  "$B/bench/gpu_fw_bench" --write-gdm /tmp/e2e_in.gdm "$n" > "$OUT/details.log" 2>&1
  sync
  { timed "read only (cat)" sh -c "cat /tmp/e2e_in.gdm > /dev/null"
    timed "copy with fsync, same size (dd)" dd if=/tmp/e2e_in.gdm of=/tmp/e2e_copy.gdm bs=16M conv=fsync status=none
    rm -f /tmp/e2e_copy.gdm
    for i in 1 2; do
      timed "gapsp --backend gpu total (step timing on)" "$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm --backend gpu --timings
      timed "gapsp --backend gpu total" "$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm --backend gpu
    done; } >> "$OUT/details.log" 2>&1
  note "e2e n=$n: $(grep -E 'total|read only|copy|gapsp:|gpu timing' "$OUT/details.log" | tr '\n' ' ')"
fi
note "== done $(date -u +%FT%TZ)"
