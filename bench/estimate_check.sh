#!/usr/bin/env bash
# The line before a long sparse run against the run itself: for each command,
# the estimate printed under --progress (time and memory), then the same run
# without it, timed (wall, user CPU seconds, peak resident memory), on the
# 4elt mesh (15,606 vertices, 45,878 edges; ../shared/data/metis) with unit
# weights and with scripts/weight_edges.py's weights 1..1000.
#   bench/estimate_check.sh BUILD_DIR [THREADS]   (prints a Markdown table)
set -euo pipefail
build=$(cd "$1" && pwd)
threads=${2:-1}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
data="$here/../shared/data/metis/4elt.graph"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 - "$data" "$work" "$here/scripts" <<'EOF'
import sys
sys.path.insert(0, sys.argv[3])
from weight_edges import edge_weight
lines = open(sys.argv[1]).read().split("\n")
n = int(lines[0].split()[0])
edges = [(u, int(v)) for u, l in enumerate(lines[1:n + 1], 1) for v in l.split() if u < int(v)]
for name, weigh in (("u", lambda u, v: 1), ("w", lambda u, v: edge_weight(u, v, 1000))):
    with open("%s/4elt-%s.gr" % (sys.argv[2], name), "w") as f:
        f.write("p sp %d %d\n" % (n, len(edges)))
        f.writelines("a %d %d %d\n" % (u, v, weigh(u, v)) for u, v in edges)
EOF
seq 1 7 15606 >"$work/sources.txt"
seq 1 31 15606 >"$work/candidates.txt"
g="$build/apps/gcenter"
a="$build/apps/gapsp"
runs=(
  "$g $work/4elt-u.gr --undirected --engine sparse --per-vertex $work/pv.csv"
  "$g $work/4elt-w.gr --undirected --engine sparse --per-vertex $work/pv.csv"
  "$a $work/4elt-u.gr --undirected $work/rows.gdm --sources $work/sources.txt"
  "$a $work/4elt-w.gr --undirected $work/rows.gdm --sources $work/sources.txt"
  "$a $work/4elt-u.gr --undirected $work/full.gdm --algorithm dijkstra"
  "$g $work/4elt-w.gr --undirected --candidates $work/candidates.txt --p-median 5 --no-bounds --time-limit 0.1"
)
echo "| command (-j $threads) | estimate | trees' bar | wall s | user s | peak RSS |"
echo "|---|---|---|---|---|---|"
for r in "${runs[@]}"; do
  line=$($r -j "$threads" --progress 2>&1 >"$work/out" | tr '\r' '\n' | grep -a "needs about" | sed 's/.*needs about //')
  bar=$($r -j "$threads" --progress 2>&1 >"$work/out" | tr '\r' '\n' | grep -a "trees, " | tail -1 | sed 's/.*trees, //')
  rm -f "$work/rows.gdm" "$work/full.gdm"
  timing=$( { /usr/bin/time -f "%e | %U | %M KB" $r -j "$threads" -q >"$work/out"; } 2>&1)
  rm -f "$work/rows.gdm" "$work/full.gdm"
  echo "| ${r//$work\//} | $line | $bar | $timing |"
done
echo
echo "$(lscpu | grep -m1 'Model name' | cut -d: -f2 | xargs), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'), $(uptime | sed 's/.*load/load/')"
