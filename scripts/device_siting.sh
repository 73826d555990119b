#!/bin/bash
# Device call for the GPU siting engine: build, the whole ctest suite with the
# GPU present, sanitizers on the GPU gain table, then CPU vs GPU timings of
# p-median at n = 32768 (bench/siting_large, both backends in one run, 2 host
# cores) and gcenter on a .gdm file. Run from the repo root on the GPU machine
# with .device carried; logs under $OUT.
#   scripts/device_siting.sh [steps]   steps: build,test,sanitize,bench,e2e (default all)
set -u
STEPS=${1:-build,test,sanitize,bench,e2e}
OUT=${OUT:-$PWD/device-out}
B=${BUILD_DIR:-$PWD/build-device}
mkdir -p "$OUT"
S=$OUT/summary.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
has() { [[ ",$STEPS," == *",$1,"* ]]; }
note "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1) $(nproc) cores"

if has build; then
  t0=$(date +%s)
  cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGDIST_SHARED_DATA="$PWD/.device/shared/data" \
    > "$OUT/build.log" 2>&1 && cmake --build "$B" -j 16 >> "$OUT/build.log" 2>&1
  rc=$?
  note "build rc=$rc in $(( $(date +%s) - t0 )) s"
  [ $rc -eq 0 ] || { tail -40 "$OUT/build.log"; exit 1; }
fi

export GDIST_SEED=$RANDOM
note "GDIST_SEED=$GDIST_SEED"
if has test; then
  (cd "$B" && timeout 300 ctest -j 8 --output-on-failure > "$OUT/ctest.log" 2>&1)
  note "ctest rc=$?: $(grep -E 'tests passed' "$OUT/ctest.log") skipped: $(grep -c 'Skipped' "$OUT/ctest.log")"
  grep -E '\*\*\*(Failed|Timeout|Exception)' "$OUT/ctest.log" | head -20 | tee -a "$S"
  "$B/tests/test_siting" --gtest_filter='Gpu*:*OnGpu*' > "$OUT/siting_gpu.log" 2>&1
  note "siting GPU tests rc=$?: $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$OUT/siting_gpu.log" | tr '\n' ' ')"
fi

if has sanitize; then
  timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 "$B/tests/test_siting" \
    --gtest_filter='GpuGainTable.*:GpuPCenterPasses.*' > "$OUT/memcheck.log" 2>&1
  note "memcheck siting rc=$? $(tail -1 "$OUT/memcheck.log")"
  timeout 200 compute-sanitizer --tool racecheck --error-exitcode 9 "$B/tests/test_siting" \
    --gtest_filter='GpuGainTable.EqualsTheCpuTableOnInt32' > "$OUT/racecheck.log" 2>&1
  note "racecheck siting rc=$? $(tail -1 "$OUT/racecheck.log")"
fi

if has bench; then
  timeout 240 taskset -c 0,1 "$B/bench/siting_large" --n 32768 --p 50 --threads 2 --time-limit 5 \
    --backends gpu,cpu > "$OUT/siting_large.txt" 2>&1
  note "siting_large rc=$? (taskset -c 0,1):"; cat "$OUT/siting_large.txt" | tee -a "$S"
fi

if has e2e; then
  "$B/bench/siting_make_matrix" 32768 /tmp/g32k.gdm > /dev/null 2>&1
  for backend in gpu cpu; do
    /usr/bin/time -f "%e s wall, %M KiB max RSS" taskset -c 0,1 "$B/apps/gcenter" /tmp/g32k.gdm --p-median 50 \
      --backend $backend -j 2 --json > "$OUT/gcenter_$backend.json" 2> "$OUT/gcenter_$backend.time"
    note "gcenter g32k --p-median 50 --backend $backend (taskset -c 0,1): $(tail -1 "$OUT/gcenter_$backend.time");" \
      "$(python3 -c "import json;d=json.load(open('$OUT/gcenter_$backend.json'))['p_median'];print('objective',d['objective'],d['backend'])")"
  done
  for backend in gpu cpu; do
    /usr/bin/time -f "%e s wall" taskset -c 0,1 "$B/apps/gcenter" /tmp/g32k.gdm --timings \
      --p-center 50 --backend $backend -j 2 --json > "$OUT/gcenter_pc_$backend.json" 2> "$OUT/gcenter_pc_$backend.time"
    note "gcenter g32k --p-center 50 --backend $backend (taskset -c 0,1): $(tail -1 "$OUT/gcenter_pc_$backend.time");" \
      "$(python3 -c "import json;d=json.load(open('$OUT/gcenter_pc_$backend.json'))['p_center'];print('objective',d['objective'])")"
    grep -E "extremes|radii" "$OUT/gcenter_pc_$backend.time" | tee -a "$S"
    /usr/bin/time -f "%e s wall" taskset -c 0,1 "$B/apps/gcenter" /tmp/g32k.gdm --max-cover 3000 --p 50 \
      --backend $backend -j 2 --json > "$OUT/gcenter_mc_$backend.json" 2> "$OUT/gcenter_mc_$backend.time"
    note "gcenter g32k --max-cover 3000 --p 50 --backend $backend (taskset -c 0,1): $(tail -1 "$OUT/gcenter_mc_$backend.time");" \
      "$(python3 -c "import json;d=json.load(open('$OUT/gcenter_mc_$backend.json'))['max_cover'];print('objective',d['objective'])")"
  done
fi
