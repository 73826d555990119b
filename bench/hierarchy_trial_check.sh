#!/bin/bash
# Auto's hierarchy trial (#23) on siting's candidate rows and the bounding searches, whole
# gcenter processes with --json: weighted NY (scripts/weight_edges.py) with 1000 and 5000 seeded
# random candidates, p = 10 p-median, auto beside --engine sparse (the trees the run took before
# the trial reached these routes); NY's summary auto, --engine sparse and --engine ch; a
# connected random graph of NY's size (a random tree plus uniform pairs, weights 1-1000) with
# the 5000 candidates, auto beside --engine sparse. One line per run: wall seconds, the load,
# the plan's engine and its trial reasons; the answers compared (sites and objective, or
# diameter, radius, center, 1-median) against the --engine sparse run.
#   bench/hierarchy_trial_check.sh BUILD [DATA] [WORK] [THREADS]
set -u
BUILD=$(realpath "${1:?BUILD}")
DATA=$(realpath "${2:-../shared/data}")
WORK=${3:-/tmp/hierarchy-trial}
J=${4:-2}
G=$BUILD/apps/gcenter
ROOT=$PWD
mkdir -p "$WORK" && cd "$WORK" || exit 1
[ -f NY-w.gr ] || python3 "$ROOT/scripts/weight_edges.py" "$DATA/pace2016-roads/NY.gr.gz" NY-w.gr
python3 - <<'PY'
import os, random
if not os.path.exists("cand5000.txt"):
    r = random.Random(1000)
    for k in (1000, 5000):
        open(f"cand{k}.txt", "w").write("\n".join(map(str, r.sample(range(1, 264347), k))) + "\n")
if not os.path.exists("random-264k.gr"):
    n, m, rng = 264346, 365050, random.Random(23)
    order = list(range(1, n + 1)); rng.shuffle(order)
    edges = set()
    for i in range(1, n):
        a, b = order[i], order[rng.randrange(i)]; edges.add((min(a, b), max(a, b)))
    while len(edges) < m:
        a, b = rng.randint(1, n), rng.randint(1, n)
        if a != b: edges.add((min(a, b), max(a, b)))
    with open("random-264k.gr", "w") as f:
        f.write(f"p sp {n} {len(edges)}\n")
        for a, b in edges: f.write(f"a {a} {b} {rng.randint(1, 1000)}\n")
PY
run() {
  local name=$1; shift
  local t0=$(date +%s.%N)
  "$G" "$@" --json -q -j "$J" > "$name.json" 2> "$name.err"
  local rc=$? t1=$(date +%s.%N)
  python3 - "$name" "$rc" "$(awk "BEGIN{print $t1 - $t0}")" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import json, sys
name, rc, wall, load = sys.argv[1:]
try:
    d = json.load(open(name + ".json"))
except Exception:
    print(f"| {name} | rc {rc} | {wall} s | load {load} | - | - |"); sys.exit()
p = d["plan"]
m = d.get("p_median")
answer = (m["objective"], m["sites"]) if m else (d["diameter"], d["radius"], d["center"], d["median"])
json.dump(answer, open(name + ".answer", "w"))
trial = "; ".join(r for r in p["reasons"] if "hierarch" in r or "contract" in r) or "-"
print(f"| {name} | {float(wall):.1f} s | load {load} | {p['engine']} | {trial} |")
PY
}
same() { cmp -s "$1.answer" "$2.answer" && echo "$1 = $2: same answer" || echo "$1 != $2: DIFFERENT"; }
date -u
echo "| run | whole process | load | engine | the plan's trial |"
echo "|---|---|---|---|---|"
run c1000-auto NY-w.gr --undirected --candidates cand1000.txt --p-median 10
run c1000-sparse NY-w.gr --undirected --candidates cand1000.txt --p-median 10 --engine sparse
run c5000-auto NY-w.gr --undirected --candidates cand5000.txt --p-median 10
run c5000-sparse NY-w.gr --undirected --candidates cand5000.txt --p-median 10 --engine sparse
run summary-auto NY-w.gr --undirected
run summary-sparse NY-w.gr --undirected --engine sparse
run summary-ch NY-w.gr --undirected --engine ch
run random-c5000-auto random-264k.gr --undirected --candidates cand5000.txt --p-median 10
run random-c5000-sparse random-264k.gr --undirected --candidates cand5000.txt --p-median 10 --engine sparse
same c1000-auto c1000-sparse; same c5000-auto c5000-sparse
same summary-auto summary-sparse; same summary-ch summary-sparse; same random-c5000-auto random-c5000-sparse
date -u
