#!/usr/bin/env bash
# Proven siting answers, gcenter's library against spopt (PyPI, PuLP + CBC),
# on the same OR-Library instances in one run; prints a Markdown table for
# bench/RESULTS.md. spopt comes from PyPI into bench/.venv (git-ignored),
# made here on first use; never the system Python.
#   bench/siting_proofs_race.sh BUILD_DIR [DATA_DIR] [SPOPT_TIME_LIMIT_S] [OUR_TIME_LIMIT_S]
# Races: LSCP and MCLP (5 sites) on pmed11 and pmed26 at the radius of their
# proven 10-center optimum; p-median and p-center (the instance's p) on
# pmed1, pmed6 and pmed11. Every vertex is a demand of weight 1 and a candidate.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:?usage: $0 BUILD_DIR [DATA_DIR] [SPOPT_TIME_LIMIT_S] [OUR_TIME_LIMIT_S]}"
data="${2:-$root/../shared/data/orlib-pmed}"
peer_limit="${3:-300}"
our_limit="${4:-60}"
venv="$root/bench/.venv"
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import spopt" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q spopt
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ours="$build/bench/siting_proofs"

"$ours" "$data" --instances 11,26 --models lscp,mclp --cover-p 5 --time-limit "$our_limit" --dump "$work" >"$work/ours.jsonl"
"$ours" "$data" --instances 1,6,11 --models median,center --time-limit "$our_limit" --dump "$work" >>"$work/ours.jsonl"

# The same instances through spopt, one process each (its time includes building the model).
"$venv/bin/python" - "$work" "$peer_limit" "$root/bench/peers/spopt_peer.py" "$venv/bin/python" <<'PY' >"$work/peer.jsonl"
import json, subprocess, sys
work, limit, peer, py = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
kind = {"lscp": "lscp", "mclp": "mclp", "p-median": "pmedian", "p-center": "pcenter"}
for line in open(f"{work}/ours.jsonl"):
    r = json.loads(line)
    if r["model"] not in kind:
        continue
    args = [py, peer, f"{work}/{r['instance']}.txt", kind[r["model"]]]
    args += [str(r["param"]), "5"] if r["model"] == "mclp" else [str(r["param"])]
    out = subprocess.run(args + ["--time-limit", limit], capture_output=True, text=True)
    res = json.loads(out.stdout.strip().splitlines()[-1]) if out.returncode == 0 else {"error": out.stderr[-300:]}
    res.update(instance=r["instance"], model=r["model"])
    print(json.dumps(res), flush=True)
PY

python3 - "$work" "$peer_limit" <<'PY'
import json, sys
work, limit = sys.argv[1], sys.argv[2]
ours = [json.loads(l) for l in open(f"{work}/ours.jsonl")]
peer = {(r["instance"], r["model"]): r for r in map(json.loads, open(f"{work}/peer.jsonl"))}
print("| instance | model | param | gcenter objective | bound | gap | proven | time s | spopt objective | proven | time s (solve s) | speed-up |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for r in ours:
    p = peer.get((r["instance"], r["model"]))
    if p is None:
        continue
    if "error" in p:
        peer_cols = f"error | - | - | -"
    else:
        ratio = p["total_s"] / r["time_s"] if r["time_s"] > 0 else float("inf")
        note = "" if p["proven"] else f" (not proven in {limit} s)"
        obj = "none" if p["objective"] is None else f"{p['objective']:g}"
        peer_cols = f"{obj} | {'yes' if p['proven'] else 'no'} | {p['total_s']:.2f} ({p['solve_s']:.2f}) | {ratio:.0f}x{note}"
    bound = "-" if r["bound"] is None else f"{r['bound']:g}"
    gap = "-" if r["gap"] is None else f"{100 * r['gap']:.2f}%"
    print(f"| {r['instance']} | {r['model']} | {r['param']:g} | {r['objective']:g} | {bound} | {gap} | "
          f"{'yes' if r['proven'] else 'no'} | {r['time_s']:.2f} | {peer_cols} |")
PY
