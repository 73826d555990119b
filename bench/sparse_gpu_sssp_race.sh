#!/bin/bash
# The GPU's weighted trees (issue #12, scope 2: batched SSSP) in one run on
# the GPU machine, CPU beside GPU:
#   1. GPU == CPU: the batched-SSSP tests (random int32 and float32 graphs, the
#      weighted NY on 512 random sources: rows, metrics rows, histogram,
#      siting candidate rows) and the CPU twin's tests;
#   2. every source's weighted rows on NY: GPU vs the CPU's Dijkstra trees on
#      16 and 2 threads (samples of the same sources, extrapolated);
#   3. gcenter --per-vertex (every tree: eccentricity, closeness, harmonic,
#      histogram) on rome99 --backend gpu vs cpu: CSV and JSON equal; on the
#      weighted NY --backend gpu, timed whole;
#   4. weighted NY, 1000 random candidates (seed 2026, as sparse_gpu_race.sh),
#      p = 10 p-median: --backend gpu vs --backend cpu -j 16 and -j 2.
# Usage: bench/sparse_gpu_sssp_race.sh BUILD_DIR NY-w.gr.gz ROME99.gr OUT_DIR
# (NY-w from scripts/weight_edges.py, read with --undirected).
set -u -o pipefail
build=$1 ny=$2 rome=$3 out=$4
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
run() {  # NAME COMMAND...: wall time and exit status into $out/times.txt (and stderr)
  local name=$1
  shift
  local t0 t1 rc
  t0=$(date +%s%N)
  timeout 240 "$@"
  rc=$?
  t1=$(date +%s%N)
  printf '%-28s %8d ms  rc %d\n' "$name" $(((t1 - t0) / 1000000)) "$rc" | tee -a "$out/times.txt" >&2
  [ "$rc" -eq 0 ] || status=1
}
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv | tee "$out/gpu.txt"
echo "## 1. tests"
run test_gpu_sssp env GDIST_GPU_SSSP_GRAPH="$ny" "$build/tests/test_gpu" --gtest_filter='GpuSssp*'
run test_twin "$build/tests/test_sparse" --gtest_filter='GpuSsspTwin*'
echo "## 2. every source's weighted rows"
run bench "$build/bench/sparse_gpu_sssp_bench" "$ny" --undirected --cpu-threads 16,2 --cpu-sources 1024,128 --reps 1 \
  --delta-factors 8,16,32 --delta-sources 26400
echo "## 3. gcenter --per-vertex"
run rome_gpu "$build/apps/gcenter" "$rome" --per-vertex "$tmp/rome_gpu.csv" --backend gpu --json -q >"$tmp/rome_gpu.json"
run rome_cpu "$build/apps/gcenter" "$rome" --per-vertex "$tmp/rome_cpu.csv" --backend cpu --json -q >"$tmp/rome_cpu.json"
run rome_csv_equal cmp "$tmp/rome_gpu.csv" "$tmp/rome_cpu.csv"
run rome_json_equal cmp "$tmp/rome_gpu.json" "$tmp/rome_cpu.json"
run ny_every_gpu "$build/apps/gcenter" "$ny" --undirected --per-vertex "$tmp/ny_gpu.csv" --backend gpu --json \
  --timings -q >"$out/ny_w_metrics.json"
head -3 "$tmp/ny_gpu.csv" >"$out/ny_w_per_vertex_head.csv"
echo "## 4. weighted NY p-median with 1000 candidates"
/usr/bin/python3 -c "
import random
random.seed(2026)
print('\n'.join(str(v) for v in random.sample(range(1, 264347), 1000)))" >"$tmp/cand.txt"
for how in "gpu:--backend gpu" "cpu16:--backend cpu -j 16" "cpu2:--backend cpu -j 2"; do
  # shellcheck disable=SC2086
  run "pmed_${how%%:*}" "$build/apps/gcenter" "$ny" --undirected --candidates "$tmp/cand.txt" --p-median 10 \
    ${how#*:} --json -q >"$out/pmed_${how%%:*}.json"
done
echo "## times"
cat "$out/times.txt"
exit $status
