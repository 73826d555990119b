#!/bin/bash
# One device call for the GPU metrics: build, the GPU-vs-CPU tests, memcheck
# on the kernels, gcenter / gapsp end to end (GPU output byte-identical to the
# CPU's), then bench/metrics_bench. Run from the worktree root on the GPU
# machine; logs go to $OUT (or ./metrics-out), a summary prints last.
#   scripts/metrics_device_run.sh [steps]   steps: any of build,test,sanitize,e2e,bench (default all)
#   BENCH_ARGS="--sizes 16384 --reps 2" narrows the benchmark.
set -u
STEPS=${1:-build,test,sanitize,e2e,bench}
OUT=${OUT:-$PWD/metrics-out}
B=${BUILD_DIR:-/tmp/bm}
mkdir -p "$OUT"
SUMMARY=$OUT/summary.txt
: > "$SUMMARY"
note() { echo "$*" | tee -a "$SUMMARY"; }
has() { [[ ",$STEPS," == *",$1,"* ]]; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN{printf "%.3f", b-a}'; }

note "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader 2>&1); $(nproc) cores"

if has build; then
  t0=$(now)
  { cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -G Ninja &&
    cmake --build "$B" --target test_gpu test_metrics metrics_bench gcenter gapsp siting_make_matrix -j 16; } > "$OUT/build.log" 2>&1
  rc=$?
  note "build rc=$rc in $(since "$t0") s"
  [ $rc -eq 0 ] || { tail -30 "$OUT/build.log"; exit 1; }
fi

if has test; then
  timeout 200 "$B/tests/test_gpu" --gtest_filter='GpuMetrics.*' > "$OUT/test_gpu.log" 2>&1
  note "test_gpu GpuMetrics.* rc=$? $(grep -E '^seed|^\[  (PASSED|FAILED|SKIPPED) ' "$OUT/test_gpu.log" | tr '\n' ' ')"
  timeout 100 "$B/tests/test_metrics" > "$OUT/test_metrics.log" 2>&1
  note "test_metrics rc=$? $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$OUT/test_metrics.log" | tr '\n' ' ')"
fi

if has sanitize; then
  timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 "$B/tests/test_gpu" \
    --gtest_filter='GpuMetrics.MappedMatrixFile' > "$OUT/memcheck.log" 2>&1
  note "memcheck GpuMetrics.MappedMatrixFile rc=$? $(grep -E 'ERROR SUMMARY|PASSED|FAILED' "$OUT/memcheck.log" | tr '\n' ' ')"
  timeout 100 compute-sanitizer --tool racecheck --error-exitcode 9 "$B/tests/test_gpu" \
    --gtest_filter='GpuMetrics.MappedMatrixFile' > "$OUT/racecheck.log" 2>&1
  note "racecheck GpuMetrics.MappedMatrixFile rc=$? $(grep -E 'RACECHECK SUMMARY|PASSED|FAILED' "$OUT/racecheck.log" | tr '\n' ' ')"
fi

if has e2e; then
  D=/tmp/metrics-e2e
  mkdir -p $D
  for n in 16384 32768; do
    "$B/bench/siting_make_matrix" $n $D/g.gdm > /dev/null 2>&1
    for be in cpu gpu auto; do
      t0=$(now)
      "$B/apps/gcenter" $D/g.gdm --timings --json --backend $be --per-vertex $D/pv_$be.csv > $D/gc_$be.json 2> $D/gc_$be.err
      note "gcenter n=$n --backend $be rc=$? $(since "$t0") s $(tr '\n' ';' < $D/gc_$be.err | tr -s ' ' | head -c 700)"
    done
    cmp $D/gc_cpu.json $D/gc_gpu.json && cmp $D/pv_cpu.csv $D/pv_gpu.csv && cmp $D/gc_cpu.json $D/gc_auto.json
    note "gcenter n=$n JSON and per-vertex CSV identical cpu/gpu/auto: rc=$?"
    head -c 600 $D/gc_gpu.json > "$OUT/gcenter_$n.json"
    rm -f $D/g.gdm
  done
  python3 - $D/g.gr <<'PY'
import random, sys
random.seed(7); n = 6000; arcs = set()
while len(arcs) < 8 * n:
    u, v = random.randrange(n), random.randrange(n)
    if u != v: arcs.add((u, v))
with open(sys.argv[1], "w") as f:
    f.write(f"p sp {n} {len(arcs)}\n")
    for u, v in sorted(arcs): f.write(f"a {u+1} {v+1} {random.randint(1, 1000)}\n")
PY
  for be in cpu gpu; do
    "$B/apps/gapsp" $D/g.gr $D/d_$be.gdm --backend $be --metrics $D/m_$be.json > $D/ga_$be.err 2>&1
    note "gapsp n=6000 --backend $be --metrics rc=$? $(head -c 300 $D/ga_$be.err)"
  done
  cmp $D/m_cpu.json $D/m_gpu.json
  note "gapsp --metrics JSON identical cpu/gpu: rc=$?"
  rm -rf $D
fi

if has bench; then
  timeout 300 "$B/bench/metrics_bench" ${BENCH_ARGS:-} > "$OUT/bench.md" 2> "$OUT/bench.err"
  note "metrics_bench rc=$?"
  cat "$OUT/bench.md" "$OUT/bench.err"
fi
echo "==== summary"
cat "$SUMMARY"
