#!/bin/bash
# One device call for the 16-bit choice (#16): build, the GPU tests (GPU ==
# CPU on fresh graphs, the 16-bit mode picked by the graph's own bound among
# them), the engine tests, gapsp --json on a real graph, then
# bench/precision_bench: an unweighted random graph at n = 32768 and chained
# copies of ca-GrQc at n = 65536, each free to pick 16 bits and held to 32 in
# the same run (--timings gives the Floyd-Warshall kernel time).
# Run from the worktree root on the GPU machine; logs go to $OUT (or
# ./precision-out), a summary prints last.
#   DATA=carry/data scripts/precision_device_run.sh [steps]   steps: build,test,e2e,bench (default all)
set -u
STEPS=${1:-build,test,e2e,bench}
OUT=${OUT:-$PWD/precision-out}
B=${BUILD_DIR:-/tmp/bp}
DATA=${DATA:-$PWD/../shared/data}
DATA=$(cd "$DATA" && pwd)
mkdir -p "$OUT"
log() { echo "$*" | tee -a "$OUT/summary.txt"; }
want() { case ",$STEPS," in *",$1,"*) return 0 ;; esac; return 1; }
: > "$OUT/summary.txt"
log "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader 2>&1); $(nproc) cores"

if want build; then
  SECONDS=0
  { cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -G Ninja -DGDIST_SHARED_DATA="$DATA" &&
    cmake --build "$B" --target test_gpu test_engine precision_bench gapsp -j 16; } > "$OUT/build.log" 2>&1
  rc=$?
  log "build rc=$rc in $SECONDS s"
  [ $rc -eq 0 ] || { tail -30 "$OUT/build.log"; exit 1; }
fi

if want test; then
  timeout 240 "$B/tests/test_gpu" > "$OUT/test_gpu.log" 2>&1
  log "test_gpu rc=$? $(grep -E '^\[  (PASSED|FAILED|SKIPPED) |FAILED  \]' "$OUT/test_gpu.log" | tr '\n' ' ')"
  timeout 120 "$B/tests/test_engine" > "$OUT/test_engine.log" 2>&1
  log "test_engine rc=$? $(grep -E '^\[  (PASSED|FAILED|SKIPPED) |FAILED  \]' "$OUT/test_engine.log" | tr '\n' ' ')"
fi

if want e2e; then
  for be in gpu cpu; do
    "$B/apps/gapsp" "$DATA/snap/ca-GrQc.txt.gz" /tmp/grqc_$be.gdm --backend $be --json > "$OUT/gapsp_$be.json" 2> "$OUT/gapsp_$be.err"
    log "gapsp ca-GrQc --backend $be rc=$? $(cat "$OUT/gapsp_$be.json")"
  done
  cmp /tmp/grqc_gpu.gdm /tmp/grqc_cpu.gdm
  log "gapsp ca-GrQc gpu (16-bit) and cpu (16-bit) outputs identical: rc=$?"
  "$B/apps/gapsp" "$DATA/snap/ca-GrQc.txt.gz" /tmp/grqc_32.gdm --backend cpu --element-bits 32 -q
  cmp /tmp/grqc_gpu.gdm /tmp/grqc_32.gdm
  log "gapsp ca-GrQc gpu (16-bit) and cpu --element-bits 32 outputs identical: rc=$?"
fi

if want bench; then
  seed=$(date +%s)
  timeout 200 "$B/bench/precision_bench" --timings --random 32768 --degree 8 --seed $seed --backend gpu --reps 3 \
    > "$OUT/bench_random.log" 2>&1
  log "precision_bench --random 32768 (seed $seed) rc=$?"
  grep -E 'proof|engine|identical|Floyd-Warshall' "$OUT/bench_random.log" | tee -a "$OUT/summary.txt"
  timeout 300 "$B/bench/precision_bench" --timings --graph "$DATA/snap/ca-GrQc.txt.gz" --vertices 65536 \
    --seed $seed --backend gpu --reps 2 > "$OUT/bench_grqc.log" 2>&1
  log "precision_bench ca-GrQc x 65536 (seed $seed) rc=$?"
  grep -E 'graph|proof|engine|identical|Floyd-Warshall' "$OUT/bench_grqc.log" | tee -a "$OUT/summary.txt"
fi
