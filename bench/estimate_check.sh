#!/usr/bin/env bash
# The line before a long run against the run itself (issue #29): for each
# command, the estimate its line prints under --progress (the whole run:
# reading, the matrix's fill, the engine, writing; the CPU parts divided by
# the share of the cores the machine's load leaves, lib/plan/cost_model.hpp's
# RunEstimate) beside the wall time of that same run, and their ratio. Graphs:
# rome99 (DIMACS 9), 4elt (METIS), weighted NY (PACE 2016 NY with
# scripts/weight_edges.py's weights 1..1000: --sources rows, and the metrics
# and rows of its saved road hierarchy, NY.gch) and a fresh 30%-dense random
# digraph of 4000 vertices (weights 1..1000). A row without a line (a run the
# tool does not announce) says so.
#   bench/estimate_check.sh BUILD_DIR [DATA_DIR] [THREADS]   (prints a Markdown table)
# DATA_DIR: ../shared/data or a copy with dimacs9/rome99.gr, metis/4elt.graph, pace2016-roads/NY.gr.gz.
set -euo pipefail
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
data=${2:-$here/../shared/data}
threads=${3:-$(nproc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
a="$build/apps/gapsp"
g="$build/apps/gcenter"
/usr/bin/python3 "$here/scripts/weight_edges.py" "$data/pace2016-roads/NY.gr.gz" "$work/NY-w.gr"
/usr/bin/python3 - "$work" <<'EOF'
import random, sys
n, p = 4000, 0.30
rng = random.Random(29)
arcs = [(u, v, rng.randint(1, 1000)) for u in range(1, n + 1) for v in range(1, n + 1) if u != v and rng.random() < p]
with open(sys.argv[1] + "/dense.gr", "w") as f:
    f.write(f"p sp {n} {len(arcs)}\n")
    f.writelines(f"a {u} {v} {w}\n" for u, v, w in arcs)
rng = random.Random(1)
with open(sys.argv[1] + "/ny-sources.txt", "w") as f:
    f.write("".join(f"{v}\n" for v in rng.sample(range(1, 264347), 1000)))
EOF
seq 1 7 15606 >"$work/4elt-sources.txt"
"$build/apps/gconvert" "$work/NY-w.gr" "$work/NY.gch" --undirected -q
runs=(
  "$a $data/dimacs9/rome99.gr $work/out.gdm"
  "$a $data/dimacs9/rome99.gr $work/out.csv --to csv"
  "$a $data/metis/4elt.graph $work/out.gdm"
  "$a $data/metis/4elt.graph $work/out.gdm --sources $work/4elt-sources.txt"
  "$g $data/metis/4elt.graph --engine sparse --per-vertex $work/pv.csv"
  "$a $work/dense.gr $work/out.gdm"
  "$g $work/dense.gr"
  "$a $work/NY-w.gr $work/out.gdm --undirected --sources $work/ny-sources.txt"
  "$a $work/NY.gch $work/out.gdm --sources $work/ny-sources.txt"
  "$g $work/NY.gch"
  "$g $work/NY-w.gr --undirected"
  "$g $data/pace2016-roads/NY.gr.gz --undirected"
)
# The estimate's seconds from "estimated 7.0 s" or "estimated 1:02" (h:mm:ss too).
seconds() { /usr/bin/python3 -c "import sys
t = sys.argv[1].strip()
print(float(t[:-2]) if t.endswith(' s') else sum(int(x) * 60 ** i for i, x in enumerate(reversed(t.split(':')))))" "$1"; }
echo "| command (-j $threads) | estimate line | estimated s | wall s | wall / estimate | load before |"
echo "|---|---|---|---|---|---|"
for r in "${runs[@]}"; do
  rm -f "$work/out.gdm" "$work/out.csv" "$work/pv.csv"
  load=$(cut -d' ' -f1 /proc/loadavg)
  t0=$(date +%s.%N)
  $r -j "$threads" --progress >"$work/stdout" 2>"$work/stderr" || { echo "| ${r//$work\//} | failed: $(tail -1 "$work/stderr") | | | | $load |"; continue; }
  wall=$(/usr/bin/python3 -c "import sys; print(round(float(sys.argv[2]) - float(sys.argv[1]), 2))" "$t0" "$(date +%s.%N)")
  line=$(tr '\r' '\n' <"$work/stderr" | grep -a -m1 "needs about" || true)
  shown=${r//$work\//}
  shown=${shown//$build\/apps\//}
  shown=${shown//$data\//}
  if [ -z "$line" ]; then
    echo "| $shown | (no line) | | $wall | | $load |"
    continue
  fi
  est=$(seconds "$(echo "$line" | sed 's/.*estimated \([0-9.:]* s\{0,1\}\).*/\1/')")
  ratio=$(/usr/bin/python3 -c "import sys; e = float(sys.argv[1]); print(round(float(sys.argv[2]) / e, 2) if e > 0 else 'n/a')" "$est" "$wall")
  echo "| $shown | ${line#*: } | $est | $wall | $ratio | $load |"
done
echo
echo "$(lscpu | grep -m1 'Model name' | cut -d: -f2 | xargs), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'), $(uptime | sed 's/.*load/load/')"
