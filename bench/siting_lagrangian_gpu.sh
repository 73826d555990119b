#!/usr/bin/env bash
# The GPU Lagrangian pass on the device machine, in one call: build, the GPU
# pass against its twin (tests), then bench/siting_lagrangian_gpu on the
# instances of bench/RESULTS.md ("GPU Lagrangian pass"), and gcenter on the
# NY road graph's 1000-candidate rows (the sparse engine's k x n matrix, as in
# bench/sparse_apsp_race.sh) when carry/NY.gr.gz is there (a copy of
# ../shared/data/pace2016-roads/NY.gr.gz). Logs to $OUT (or ./out).
#   bench/siting_lagrangian_gpu.sh [BUILD_DIR]
set -u
build=${1:-/tmp/b}
out=${OUT:-out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv > "$out/gpu.txt" 2>&1
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DGDIST_WERROR=ON > "$out/configure.log" 2>&1 || exit 1
start=$(date +%s)
cmake --build "$build" -j16 --target test_siting siting_lagrangian_gpu gcenter > "$out/build.log" 2>&1 || { tail -50 "$out/build.log"; exit 1; }
echo "build $(( $(date +%s) - start )) s"
timeout 100 "$build/tests/test_siting" --gtest_filter='GpuLagrangian*:DenseLagrangian*:GpuSiting*:GpuGainTable*:GpuPCenterPasses*' \
  > "$out/tests.log" 2>&1
echo "tests rc $?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) " "$out/tests.log"
bench="$build/bench/siting_lagrangian_gpu"
run() {  # name, then the harness's arguments
  local name=$1
  shift
  echo "== $name: siting_lagrangian_gpu $*" | tee "$out/$name.log"
  timeout 60 "$bench" "$@" >> "$out/$name.log" 2>&1
  echo "rc $?" >> "$out/$name.log"
  cat "$out/$name.log"
}
run square_uniform --n 32768 --p 50
run rows_uniform --shape rows --rows 1000 --n 264346 --p 20
run square_geometric --n 32768 --p 50 --costs geometric --twin-iterations 2
run fits_uniform --n 5792 --p 50
run rows_geometric --shape rows --rows 1000 --n 264346 --p 20 --costs geometric --twin-iterations 2
run square_geometric_8s --n 32768 --p 50 --costs geometric --twin-iterations 1 --time-limit 8
if [ -f carry/NY.gr.gz ]; then
  /usr/bin/python3 -c "
import random
random.seed(2026)
print('\\n'.join(str(v) for v in random.sample(range(1, 264347), 1000)))" > /tmp/cand.txt
  for be in gpu cpu; do
    start=$(date +%s%N)
    timeout 90 "$build/apps/gcenter" carry/NY.gr.gz --candidates /tmp/cand.txt --p-median 10 --backend $be -j 16 --json \
      > "$out/ny_$be.json" 2> "$out/ny_$be.err"
    echo "rc $? wall $(( ($(date +%s%N) - start) / 1000000 )) ms" > "$out/ny_$be.time"
    /usr/bin/python3 -c "
import json
r = json.load(open('$out/ny_$be.json'))['p_median']
print('gcenter NY --candidates (1000) --p-median 10 --backend $be:', open('$out/ny_$be.time').read().strip(),
      {k: r.get(k) for k in ('objective', 'lower_bound', 'gap', 'optimal', 'bound_method', 'backend')})
" 2>&1 | tee -a "$out/ny.log"
  done
fi
