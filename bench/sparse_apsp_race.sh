#!/bin/bash
# Sparse APSP and siting on graphs (issue #12), every peer in this one run:
#  1. METIS 4elt (15,606 vertices, unweighted mesh): gdist trees (2 threads) vs SciPy's
#     scipy.sparse.csgraph.dijkstra from every source (single-threaded: SciPy has no threads
#     here), both on the same arc file; gdist's own Floyd-Warshall beside them; then gapsp
#     end to end (--algorithm auto, output file written).
#  2. Random directed graphs with m = 5n arcs, n = 4000, weights 0..1000 (make_graph.py,
#     seeded): gdist trees (2 threads) vs Boost.Graph johnson_all_pairs_shortest_paths
#     (one thread), checksums compared.
#  3. NY road graph (264,346 vertices), 1000 random candidate sites (seeded), p = 10
#     p-median: gcenter NY.gr.gz --candidates (the candidates' trees, then the solvers), 2 threads.
# usage: bench/sparse_apsp_race.sh BUILD_DIR [DATA_DIR]   (DATA_DIR default: ../shared/data)
#        SECTIONS="2 3" bench/sparse_apsp_race.sh ...        runs only those sections
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: sparse_apsp_race.sh BUILD_DIR [DATA_DIR]}" && pwd)
data=${2:-$here/../../shared/data}
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# sparse_apsp_race $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"

sections=" ${SECTIONS:-1 2 3} "
if [[ $sections == *" 1 "* ]]; then
echo "## 1. 4elt"
$py - "$data/metis/4elt.graph" "$tmp/4elt.arcs" <<'PY'
import sys, numpy as np
lines = [l for l in open(sys.argv[1]) if not l.startswith('%')]
n = int(lines[0].split()[0])
arcs = [(u, int(v) - 1, 1) for u, l in enumerate(lines[1:n + 1]) for v in l.split()]
rec = np.array(arcs, dtype="<i4")
with open(sys.argv[2], "wb") as f:
    f.write(np.int32(n).tobytes()); f.write(np.int64(len(arcs)).tobytes()); f.write(rec.tobytes())
print(f"4elt: n={n}, {len(arcs)} arcs (both directions of each edge)")
PY
"$build/bench/sparse_apsp_bench" "$tmp/4elt.arcs" --threads 2 --skip-boost
$py "$here/peers/scipy_peer.py" "$tmp/4elt.arcs" --skip-fw
"$build/apps/gapsp" "$data/metis/4elt.graph" "$tmp/4elt.gdm" -j 2 --json -q
rm -f "$tmp/4elt.gdm"
fi

if [[ $sections == *" 2 "* ]]; then
echo "## 2. random m = 5n, n = 4000"
$py "$here/peers/make_graph.py" 4000 "$tmp/r4000.arcs" --arcs 20000 --seed 1
"$build/bench/sparse_apsp_bench" "$tmp/r4000.arcs" --threads 2 --reps 3
fi

if [[ $sections == *" 3 "* ]]; then
echo "## 3. NY, 1000 random candidates, p = 10 p-median"
$py -c "
import random
random.seed(2026)
print('\n'.join(str(v) for v in random.sample(range(1, 264347), 1000)))" > "$tmp/cand.txt"
/usr/bin/time -f "%e %U %S" -o "$tmp/ny.time" \
  "$build/apps/gcenter" "$data/pace2016-roads/NY.gr.gz" --candidates "$tmp/cand.txt" --p-median 10 -j 2 --json \
  > "$tmp/ny.json"
$py -c "
import json
r = json.load(open('$tmp/ny.json'))['p_median']
wall, user, sys_ = map(float, open('$tmp/ny.time').read().split())
print(f'gcenter NY p-median p=10 wall_s={wall:.2f} cpu_s={user + sys_:.2f} objective={r[\"objective\"]} '
      f'lower_bound={r[\"lower_bound\"]} gap={r[\"gap\"]} optimal={r[\"optimal\"]} sites={r[\"sites\"]}')"
fi
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
