#!/bin/sh
# p-median at n = 32768, p = 50 on three instance families (bench/siting_make_matrix:
# dense = shortest paths of a random 30%-dense directed graph, weights 1..1000;
# geometric = Euclidean points, undirected; uniform = random directed cost matrix),
# end to end through gcenter on the .gdm file (CRC check, gather, greedy, fast
# interchange, the default 2 s iterated local search, report), on 2 cores.
# OLD and NEW are two builds' gcenter (before / after a change), run side by side.
#   sh bench/siting_families.sh NEW_BUILD_DIR [OLD_BUILD_DIR] [N] [P] [DIR] [FAMILIES]
set -eu
new=$1; old=${2:-}; n=${3:-32768}; p=${4:-50}; dir=${5:-/tmp/siting-families}
families=${6:-dense geometric uniform}
mkdir -p "$dir"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
for family in $families; do
  f="$dir/$family-$n.gdm"
  [ -f "$f" ] || "$new/bench/siting_make_matrix" "$n" "$f" 1 --family "$family"
  for build in $old $new; do
    t0=$(date +%s.%N)
    taskset -c 0,1 "$build/apps/gcenter" "$f" --p-median "$p" -j 2 --backend cpu --json > "$dir/out.json" 2> "$dir/time.txt" || true
    t1=$(date +%s.%N)
    echo "$family $build: $(echo "$t0 $t1" | awk '{printf "%.2f", $2 - $1}') s wall"
    python3 -c "import json,sys; d=json.load(open('$dir/out.json'))['p_median']; print('  objective', d['objective'], 'method', d.get('method'))" || cat "$dir/time.txt"
  done
  taskset -c 0,1 "$new/bench/siting_large" --matrix "$f" --p "$p" --threads 2 --time-limit 0.01 | sed 's/^/  phases: /'
  rm -f "$f"
done
