#!/bin/bash
# Issue #12's GPU targets in one run on the GPU machine, CPU beside GPU:
#   1. GPU == CPU: the GPU multi-source BFS tests (random graphs, and NY on
#      4096 random sources) and sparse_gpu_bench's row-by-row comparison;
#   2. every source's BFS rows on NY: GPU vs the CPU trees on 16 threads (all
#      sources) and 2 threads (a sample, extrapolated);
#   3. gcenter NY.gr.gz --per-vertex ecc.csv --backend gpu vs --backend cpu -j 16
#      and -j 2 is not run whole (see 2.): the two CSV files and reports must match;
#   4. NY, 1000 random candidates (seed 2026, as sparse_apsp_race.sh), p = 10
#      p-median: --backend gpu vs --backend cpu -j 16 and -j 2, answers compared.
# Usage: bench/sparse_gpu_race.sh BUILD_DIR NY.gr.gz OUT_DIR
set -u -o pipefail
build=$1 ny=$2 out=$3
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
run() {  # NAME COMMAND...: wall time and exit status into $out/times.txt (and stderr)
  local name=$1
  shift
  local t0 t1 rc
  t0=$(date +%s%N)
  timeout 150 "$@"
  rc=$?
  t1=$(date +%s%N)
  printf '%-28s %8d ms  rc %d\n' "$name" $(((t1 - t0) / 1000000)) "$rc" | tee -a "$out/times.txt" >&2
  [ "$rc" -eq 0 ] || status=1
}
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv | tee "$out/gpu.txt"
echo "## 1. tests"
run test_gpu_bfs env GDIST_GPU_BFS_GRAPH="$ny" "$build/tests/test_gpu" --gtest_filter='GpuMsBfs*'
run test_twin "$build/tests/test_sparse" --gtest_filter='GpuMsBfsTwin*'
echo "## 2. every source's rows"
run bench "$build/bench/sparse_gpu_bench" "$ny" --cpu-threads 16,2 --cpu-sources 0,8192 --reps 2
echo "## 3. gcenter --per-vertex"
run ecc_gpu "$build/apps/gcenter" "$ny" --per-vertex "$tmp/ecc_gpu.csv" --backend gpu --json --timings -q \
  >"$tmp/ecc_gpu.json"
run ecc_cpu16 "$build/apps/gcenter" "$ny" --per-vertex "$tmp/ecc_cpu.csv" --backend cpu -j 16 --json -q \
  >"$tmp/ecc_cpu.json"
run ecc_csv_equal cmp "$tmp/ecc_gpu.csv" "$tmp/ecc_cpu.csv"
run ecc_json_equal cmp "$tmp/ecc_gpu.json" "$tmp/ecc_cpu.json"
cp "$tmp/ecc_gpu.json" "$out/ny_metrics.json"
head -3 "$tmp/ecc_gpu.csv" >"$out/ny_ecc_head.csv"
echo "## 4. NY p-median with 1000 candidates"
/usr/bin/python3 -c "
import random
random.seed(2026)
print('\n'.join(str(v) for v in random.sample(range(1, 264347), 1000)))" >"$tmp/cand.txt"
run pmed_gpu "$build/apps/gcenter" "$ny" --candidates "$tmp/cand.txt" --p-median 10 --backend gpu --json --timings \
  -q >"$tmp/pmed_gpu.json"
run pmed_cpu16 "$build/apps/gcenter" "$ny" --candidates "$tmp/cand.txt" --p-median 10 --backend cpu -j 16 --json -q \
  >"$tmp/pmed_cpu16.json"
run pmed_cpu2 "$build/apps/gcenter" "$ny" --candidates "$tmp/cand.txt" --p-median 10 --backend cpu -j 2 --json -q \
  >"$tmp/pmed_cpu2.json"
cp "$tmp"/pmed_*.json "$out/" 2>/dev/null
/usr/bin/python3 - "$tmp" <<'EOF'
import json, sys
d = sys.argv[1]
r = {k: json.load(open(f"{d}/pmed_{k}.json")) for k in ("gpu", "cpu16", "cpu2")}
def objective(j):
    for key in ("objective", "total", "cost"):
        if key in j: return j[key]
    for v in j.values():
        if isinstance(v, dict):
            o = objective(v)
            if o is not None: return o
    return None
print("p-median objectives:", {k: objective(v) for k, v in r.items()})
EOF
echo "## times"
cat "$out/times.txt"
exit $status
