#!/bin/bash
# Before/after timing of the Floyd-Warshall engines: builds two source trees
# (e.g. the commit before a change, unpacked from a `git archive` tarball, and
# the tree after it) side by side, then runs bench/gpu_fw_bench (when a GPU is
# there) and bench/cpu_fw_bench of each, interleaved old/new twice on the same
# seeds, in one run. Also runs the GPU tests of the new tree against the CPU
# backend, fresh seeds. Logs under OUT; a short table last.
#   [GPU_TESTS="test_gpu ..."] [ROUNDS=2] bench/ab_compare.sh OLD_SRC NEW_SRC OUT [GPU_SIZES] [CPU_N]
# More ROUNDS resolve smaller CPU differences on a shared machine: the summary
# ends with each side's median over the rounds of its best time per type.
set -u
OLD=$1 NEW=$2 OUT=$3 GPU_SIZES=${4:-8192,16384,32768} CPU_N=${5:-4096}
mkdir -p "$OUT"
S=$OUT/summary.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
jobs=$(nproc)
gpu=0; nvidia-smi > /dev/null 2>&1 && gpu=1
note "== $(date -u +%FT%TZ) $(hostname) $(nproc) cores; gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null)"

build() {  # build SRC DIR TARGETS...
  local src=$1 dir=$2; shift 2
  cmake -S "$src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGDIST_BUILD_TESTS=$TESTS > "$dir.log" 2>&1 &&
    cmake --build "$dir" -j $((jobs / 2)) --target "$@" >> "$dir.log" 2>&1
}
t0=$(date +%s)
targets="cpu_fw_bench"; [ $gpu = 1 ] && targets="$targets gpu_fw_bench"
TESTS=OFF build "$OLD" /tmp/ab-old $targets & p1=$!
new_targets=$targets; [ $gpu = 1 ] && new_targets="$targets ${GPU_TESTS:-test_gpu test_metrics test_siting test_paths}"
TESTS=ON build "$NEW" /tmp/ab-new $new_targets & p2=$!
wait $p1; r1=$?; wait $p2; r2=$?
note "builds: old rc=$r1 new rc=$r2 in $(( $(date +%s) - t0 )) s"
cp /tmp/ab-old.log "$OUT/build-old.log"; cp /tmp/ab-new.log "$OUT/build-new.log"
[ $r1 = 0 ] && [ $r2 = 0 ] || { tail -30 /tmp/ab-old.log /tmp/ab-new.log; exit 1; }

seed=$RANDOM
for round in $(seq 1 "${ROUNDS:-2}"); do
  for side in old new; do
    if [ $gpu = 1 ]; then
      echo "## $side round $round" >> "$OUT/gpu.txt"
      timeout 150 /tmp/ab-$side/bench/gpu_fw_bench --sizes "$GPU_SIZES" --reps 3 --baseline-max 0 --seed $seed \
        >> "$OUT/gpu.txt" 2>&1
    fi
    echo "## $side round $round" >> "$OUT/cpu.txt"
    timeout 120 /tmp/ab-$side/bench/cpu_fw_bench --n "$CPU_N" --seed $seed --threads "$jobs" --types int32,float32 \
      --reps 3 >> "$OUT/cpu.txt" 2>&1
  done
done

if [ $gpu = 1 ]; then
  export GDIST_SEED=$RANDOM
  note "GPU tests (new tree, GDIST_SEED=$GDIST_SEED):"
  for t in ${GPU_TESTS:-test_gpu test_metrics test_siting test_paths}; do
    timeout 120 /tmp/ab-new/tests/$t > "$OUT/$t.log" 2>&1
    note "  $t rc=$? $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$OUT/$t.log" | tr '\n' ' ')"
  done
  note "gpu_fw_bench (median ms; old/new per round):"
  grep -E "^## |lookahead|int16|float32" "$OUT/gpu.txt" | tee -a "$S"
fi
note "cpu_fw_bench:"
grep -E "^## |^cpu" "$OUT/cpu.txt" | tee -a "$S"
python3 - "$OUT/cpu.txt" <<'PY' | tee -a "$S"
import re, statistics, sys
side, best = None, {}
for line in open(sys.argv[1]):
    m = re.match(r"## (old|new) round", line)
    if m: side = m.group(1); continue
    m = re.search(r"type=(\w+).*best_s=([0-9.]+)", line)
    if m and side: best.setdefault((m.group(1), side), []).append(float(m.group(2)))
for t in sorted({k[0] for k in best}):
    o, n = best.get((t, "old"), []), best.get((t, "new"), [])
    if o and n:
        mo, mn = statistics.median(o), statistics.median(n)
        print(f"cpu {t}: median of best over {len(o)} rounds old {mo:.4f} s new {mn:.4f} s new/old {mn / mo:.3f}")
PY
