#!/usr/bin/python3
"""The sparse engine against NetworKit on one graph, in one run, interleaved.

  /usr/bin/python3 bench/sparse_race.py --build build [--graph G] [--threads 2] [--reps 3]
        [--what diameter,extremes,median,median-cut,eccentricities] [--weighted] [--peer-timeout S]
        [--markdown out.md]

NetworKit comes from PyPI into bench/.venv (git-ignored), which this script
makes the first time (python3 -m venv; pip install networkit). Ours:
build/bench/sparse_bench (the algorithm alone, after reading; the same
timing NetworKit's peer reports, bench/peers/networkit_peer.py). Each
repetition runs ours then the peer for every question, so both see the same
machine load; the table gives best and median seconds, the ratio of bests,
each side's process CPU seconds (reading included: on a shared machine the
wall time of both inflates, CPU time much less) and whether the answers agree.
--weighted: the graph's edges get scripts/weight_edges.py weights (1..1000,
deterministic per edge) in a temporary file; NetworKit then runs its weighted
exact Diameter (TopCloseness is unweighted only). median-cut: our 1-median
against NetworKit's BFScut variant of TopCloseness. A peer run past
--peer-timeout seconds is stopped and reported as "> S" (not finished).
"""
import argparse
import datetime
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, "bench", ".venv")


def ensure_networkit():
    py = os.path.join(VENV, "bin", "python")
    if os.path.exists(py) and subprocess.run([py, "-c", "import networkit"], capture_output=True).returncode == 0:
        return py
    subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    r = subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "networkit"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("sparse_race.py: pip install networkit failed (no PyPI from this machine?):\n" + r.stderr[-2000:])
    return py


def timed(cmd, timeout=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"seconds": float(timeout), "cpu_seconds": float("nan"), "timed_out": True}
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.exit("sparse_race.py: %s failed:\n%s" % (" ".join(cmd), r.stderr[-2000:]))
    line = json.loads(r.stdout.strip().splitlines()[-1])
    line["cpu_seconds"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return line


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--graph", default=os.path.join(ROOT, "..", "shared", "data", "pace2016-roads", "NY.gr.gz"))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--what", default="diameter,extremes,median,eccentricities")
    ap.add_argument("--sample", type=int, default=1000, help="NetworKit eccentricities: vertices timed")
    ap.add_argument("--weighted", action="store_true")
    ap.add_argument("--peer-timeout", type=float, default=None, help="seconds before a peer run is stopped")
    ap.add_argument("--markdown")
    args = ap.parse_args()
    py = ensure_networkit()
    graph = args.graph
    tmp = None
    if args.weighted:
        tmp = tempfile.NamedTemporaryFile(suffix=".gr", delete=False)
        tmp.close()
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "weight_edges.py"), graph, tmp.name], check=True)
        graph = tmp.name
    ours = os.path.join(args.build, "bench", "sparse_bench")
    read = ["--undirected"] if args.weighted else []
    peer_of = {"diameter": "diameter", "extremes": None, "median": "median", "median-cut": "median-cut",
               "eccentricities": "eccentricities"}
    if args.weighted:
        peer_of["median"] = None
    whats = args.what.split(",")
    runs = {w: {"ours": [], "peer": []} for w in whats}
    for _ in range(args.reps):
        for w in whats:
            ours_what = "median" if w == "median-cut" else w
            runs[w]["ours"].append(timed([ours, graph, *read, "-j", str(args.threads), "--what", ours_what,
                                          "--reps", "1"]))
            if peer_of[w]:
                cmd = [py, os.path.join(ROOT, "bench", "peers", "networkit_peer.py"), graph, "--what", peer_of[w],
                       "--threads", str(args.threads), "--sample", str(args.sample)]
                runs[w]["peer"].append(timed(cmd + (["--weighted"] if args.weighted else []), args.peer_timeout))
    load = os.getloadavg()
    rows = ["| question | ours best / median s | ours CPU s | NetworKit best / median s | NetworKit CPU s | "
            "NetworKit / ours (best) | answers |", "|---|---|---|---|---|---|---|"]
    for w in whats:
        o = runs[w]["ours"]
        ob = min(x["seconds"] for x in o)
        om = statistics.median(x["seconds"] for x in o)
        oc = min(x["cpu_seconds"] for x in o)
        answer = {k: o[0][k] for k in ("diameter", "radius", "center_size", "periphery_size", "median", "total",
                                       "trees", "bounding_trees", "exact_totals") if k in o[0]}
        p = runs[w]["peer"]
        if p and all(x.get("timed_out") for x in p):
            rows.append("| %s | %.3f / %.3f | %.2f | > %.0f (stopped) | — | > %.0fx | %s |" %
                        (w, ob, om, oc, args.peer_timeout, args.peer_timeout / ob, json.dumps(answer)))
        elif p:
            p = [x for x in p if not x.get("timed_out")]
            pb = min(x["seconds"] for x in p)
            pm = statistics.median(x["seconds"] for x in p)
            pc = min(x["cpu_seconds"] for x in p)
            agree = []
            if "diameter" in p[0] and w == "diameter":
                agree.append("diameter %s vs %s" % (o[0]["diameter"], p[0]["diameter"]))
            if "median" in p[0] and "median" in o[0]:
                agree.append("median %s (total %.0f) vs %s (total %.0f)" %
                             (o[0]["median"], o[0]["total"], p[0]["median"], p[0]["total"]))
            if p[0].get("extrapolated"):
                agree.append("peer extrapolated from %d vertices (%.2f s)" %
                             (p[0]["sampled_vertices"], min(x["sample_seconds"] for x in p)))
            rows.append("| %s | %.3f / %.3f | %.2f | %.3f / %.3f | %.2f | %.2fx | %s |" %
                        (w, ob, om, oc, pb, pm, pc, pb / ob, "; ".join(agree)))
        else:
            rows.append("| %s | %.3f / %.3f | %.2f | — | — | — | %s |" % (w, ob, om, oc, json.dumps(answer)))
    head = ("Graph %s%s, %d threads, %d repetitions, %s, %s, %s UTC, load average after: %.2f %.2f %.2f" %
            (os.path.basename(args.graph), " (weighted by scripts/weight_edges.py)" if args.weighted else "",
             args.threads, args.reps, platform.node(), platform.processor() or platform.machine(),
             datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M"), *load))
    text = head + "\n\n" + "\n".join(rows) + "\n"
    print(text)
    print("ours:", json.dumps({w: runs[w]["ours"][0] for w in whats}))
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    if tmp:
        os.unlink(tmp.name)


if __name__ == "__main__":
    main()
