#!/usr/bin/env bash
# The GPU Lagrangian pass on the device machine, in one call: build, the GPU
# pass against its twin (tests), then bench/siting_lagrangian_gpu on the
# instances of bench/RESULTS.md ("GPU Lagrangian pass"). Logs to $OUT (or ./out).
#   bench/siting_lagrangian_gpu.sh [BUILD_DIR]
set -u
build=${1:-/tmp/b}
out=${OUT:-out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv > "$out/gpu.txt" 2>&1
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DGDIST_WERROR=ON > "$out/configure.log" 2>&1 || exit 1
start=$(date +%s)
cmake --build "$build" -j16 --target test_siting siting_lagrangian_gpu > "$out/build.log" 2>&1 || { tail -50 "$out/build.log"; exit 1; }
echo "build $(( $(date +%s) - start )) s"
timeout 100 "$build/tests/test_siting" --gtest_filter='GpuLagrangian*:DenseLagrangian*:GpuSiting*:GpuGainTable*:GpuPCenterPasses*' \
  > "$out/tests.log" 2>&1
echo "tests rc $?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) " "$out/tests.log"
bench="$build/bench/siting_lagrangian_gpu"
run() {  # name, then the harness's arguments
  local name=$1
  shift
  echo "== $name: siting_lagrangian_gpu $*" | tee "$out/$name.log"
  timeout 70 "$bench" "$@" >> "$out/$name.log" 2>&1
  echo "rc $?" >> "$out/$name.log"
  cat "$out/$name.log"
}
run square_uniform --n 32768 --p 50
run rows_uniform --shape rows --rows 1000 --n 264346 --p 20
run square_geometric --n 32768 --p 50 --costs geometric --twin-iterations 2
run fits_uniform --n 5792 --p 50
run rows_geometric --shape rows --rows 1000 --n 264346 --p 20 --costs geometric --twin-iterations 2
run square_geometric_8s --n 32768 --p 50 --costs geometric --twin-iterations 1 --time-limit 8
