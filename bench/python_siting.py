#!/usr/bin/env python3
"""gdist.p_median from Python against spopt's PMedian (PuLP + CBC) on rome99's distance matrix,
same machine, same run (issue #25: ">= 20x spopt, same objective").

usage: python bench/python_siting.py [--graph rome99.gr] [--p 10] [--sizes 500,1000,3353]
           [--time-limit 900] [--exact-time-limit 300] [--mem-gb 12] [--gcenter PATH] [--markdown OUT.md]
(run with the Python that has gdist installed, e.g. build/python-venv/bin/python after
scripts/test_python.sh build; spopt and PuLP, with PuLP's bundled CBC, are installed from PyPI
into bench/.venv, a virtual environment this script makes when it lacks them)

D = gdist.apsp(graph) (every row of the graph). For each size k, the instance is the first k rows
and columns of D as a NumPy int32 array A, every vertex a demand of weight 1 and a candidate,
cost of serving demand j from site s = A[s, j] (gcenter's default --direction out):
  - gdist.p_median(A, p)             the default: heuristic answer with a lower bound (timed,
                                     the array's copy into the library included)
  - gdist.p_median(A, p, exact=True, time_limit=--exact-time-limit)   proven optimal, or its
                                     bound at the limit
  - spopt PMedian.from_cost_matrix(A.T, ones, p_facilities=p) solved by
    pulp.PULP_CBC_CMD(msg=False, timeLimit=...), in its own process under a memory cap
    (RLIMIT_AS = --mem-gb) and a wall clock (--time-limit plus 600 s for building the model);
    its time includes building the model, as a user waits for it.
Every objective is recomputed here from the sites with NumPy (sum over demands of the nearest
chosen site's cost), so "same objective" is checked, not taken from the tools. At the full size,
--gcenter runs `gcenter GRAPH --p-median p --json -q` on the graph too.
"""
import argparse
import datetime
import json
import os
import platform
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

import gdist

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEER = os.path.join(ROOT, "bench", "peers", "spopt_peer.py")


def peer_python():
    venv = os.path.join(ROOT, "bench", ".venv")
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    if subprocess.run([py, "-c", "import spopt, pulp"], capture_output=True).returncode != 0:
        subprocess.run([py, "-m", "pip", "install", "-q", "spopt", "pulp"], check=True)
    return py


def num(x):
    """An objective or bound at every digit (13396105, not 1.3396e+07)."""
    return "-" if x is None else str(int(x)) if float(x).is_integer() else f"{x:g}"


def objective(a, sites):
    return int(a[np.asarray(sites)].min(axis=0).sum())


def run_peer(py, cost_npy, p, time_limit, mem_gb):
    """spopt in its own process group: (last JSON line or None, stage lines, wall s, peak RSS MB, how it ended)."""
    cap = int(mem_gb * 2**30)

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    wall = time_limit + 600
    t = time.perf_counter()
    proc = subprocess.Popen([py, PEER, cost_npy, "pmedian", str(p), "--time-limit", str(time_limit)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limits,
                            start_new_session=True)
    killed = []

    def kill():
        killed.append(True)
        os.killpg(proc.pid, signal.SIGKILL)

    timer = threading.Timer(wall, kill)
    timer.start()
    out, err = proc.communicate()
    timer.cancel()
    s = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest child so far
    lines = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
    final = next((x for x in reversed(lines) if "stage" not in x), None)
    if killed:
        ended = f"killed at the wall clock ({wall} s)"
    elif proc.returncode != 0:
        tail = err.strip().splitlines()[-1] if err.strip() else ""
        ended = f"exit {proc.returncode}: {tail[:160]}"
    else:
        ended = "finished"
    return final, lines, s, rss, ended


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--graph", default="/work/shared/data/dimacs9/rome99.gr")
    ap.add_argument("--p", type=int, default=10)
    ap.add_argument("--sizes", default="500,1000,3353")
    ap.add_argument("--time-limit", type=float, default=900)
    ap.add_argument("--exact-time-limit", type=float, default=300)
    ap.add_argument("--mem-gb", type=float, default=12)
    ap.add_argument("--gcenter")
    ap.add_argument("--skip-peer", action="store_true")
    ap.add_argument("--markdown")
    a = ap.parse_args()
    py = None if a.skip_peer else peer_python()
    peer_version = "" if py is None else subprocess.run(
        [py, "-c", "import spopt, pulp; print('spopt', spopt.__version__, '+ PuLP', pulp.__version__)"],
        capture_output=True, text=True).stdout.strip()

    t = time.perf_counter()
    D = gdist.apsp(a.graph)
    apsp_s = time.perf_counter() - t
    full = np.array(D.matrix)  # a NumPy int32 matrix, as a user would hand it over
    n = full.shape[0]
    lines = [
        f"`{os.path.basename(sys.executable)} {' '.join(sys.argv)}` on {platform.node()} ({os.cpu_count()} cores), "
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, load average at the start "
        f"{os.getloadavg()[0]:.1f}; {peer_version or 'spopt not run'}; {os.path.basename(a.graph)}: n = {n}, "
        f"gdist.apsp {apsp_s:.2f} s ({D.plan['engine']}, {D.matrix.dtype}); p = {a.p}.",
        "",
        "| k | gdist default: objective (bound, gap) | s | gdist exact=True: objective (bound) | proven | s "
        "| spopt + CBC: objective | proven | s (build s) | ended | peak RSS MB | spopt / gdist exact | spopt / gdist default | same objective |",
        "|---:|---|---:|---|---|---:|---|---|---:|---|---:|---:|---:|---|",
    ]
    for k in [int(x) for x in a.sizes.split(",")]:
        A = np.ascontiguousarray(full[:k, :k])
        t = time.perf_counter()
        heur = gdist.p_median(A, a.p, directed=True)
        heur_s = time.perf_counter() - t
        t = time.perf_counter()
        exact = gdist.p_median(A, a.p, directed=True, exact=True, time_limit=a.exact_time_limit)
        exact_s = time.perf_counter() - t
        h_obj, e_obj = objective(A, heur.site_indices), objective(A, exact.site_indices)
        assert h_obj == heur.objective and e_obj == exact.objective, (h_obj, heur.objective, e_obj, exact.objective)
        peer_cols, same = ["not run"] * 6, "-"
        ratio_exact = ratio_heur = "-"
        if py is not None:
            with tempfile.TemporaryDirectory(prefix="gdist-spopt-") as tmp:
                path = os.path.join(tmp, "cost.npy")
                np.save(path, np.ascontiguousarray(A.T).astype(np.int64))  # cost[demand, site]
                peer_load = os.getloadavg()[0]
                final, stages, peer_s, rss, ended = run_peer(py, path, a.p, a.time_limit, a.mem_gb)
            built = next((x["build_s"] for x in stages if x.get("stage") == "built"), None)
            build = "not built" if built is None else f"{built:.1f}"
            if final is not None and final.get("objective") is not None:
                p_obj = objective(A, final["sites"])
                assert p_obj == round(final["objective"]), (p_obj, final["objective"])
                rss = max(final["rss_mb"], final["cbc_rss_mb"])
                peer_cols = [f"{p_obj}", "yes" if final["proven"] else "no", f"{peer_s:.1f} ({build})",
                             f"{ended} (load {peer_load:.1f})", f"{rss:.0f}"]
                same = "yes" if p_obj == e_obj else f"NO ({p_obj} vs {e_obj})"
                if final["proven"] and exact.optimal:
                    ratio_exact = f"{peer_s / exact_s:.1f}x"
                    ratio_heur = f"{peer_s / heur_s:.1f}x"
            else:
                why = final.get("error", "") if final else ""
                built_rss = next((x["rss_mb"] for x in stages if x.get("stage") == "built"), None)
                rss = f"{built_rss:.0f} when built" if built_rss else f"<= {rss:.0f}"
                peer_cols = ["none", "no", f"{peer_s:.1f} ({build})", f"{ended} {why} (load {peer_load:.1f})", rss]
                ratio_exact = ratio_heur = f"unfinished (> {peer_s / exact_s:.0f}x)"
        lines.append(
            f"| {k} | {num(heur.objective)} ({num(heur.bound)}, {100 * heur.gap:.2f}%) | {heur_s:.2f} | "
            f"{num(exact.objective)} ({num(exact.bound)}) | {'yes' if exact.optimal else 'no'} | {exact_s:.2f} | "
            f"{' | '.join(peer_cols[:5])} | {ratio_exact} | {ratio_heur} | {same} |")
        print(lines[-1], flush=True)
        if k == n and a.gcenter:
            t = time.perf_counter()
            r = json.loads(subprocess.run([a.gcenter, a.graph, "--p-median", str(a.p), "--json", "-q"],
                                          capture_output=True, text=True, check=True).stdout)
            gc_s = time.perf_counter() - t
            g = r["p_median"]
            ours = sorted(str(D.labels[i]) for i in heur.site_indices)
            lines.append("")
            lines.append(f"`gcenter {os.path.basename(a.graph)} --p-median {a.p} --json -q` (its APSP included): "
                         f"{gc_s:.2f} s, objective {g['objective']} (bound {g['lower_bound']}, optimal "
                         f"{g['optimal']}), sites {' '.join(sorted(g['sites'], key=int))}; gdist's default: objective "
                         f"{num(heur.objective)}, sites {' '.join(sorted(ours, key=int))}: "
                         f"{'the same' if sorted(g['sites']) == sorted(ours) and g['objective'] == heur.objective else 'DIFFERENT'}.")
    lines.append("")
    lines.append(f"load average at the end {os.getloadavg()[0]:.1f}, "
                 f"{datetime.datetime.now(datetime.timezone.utc):%H:%M} UTC")
    text = "\n".join(lines) + "\n"
    print(text)
    if a.markdown:
        with open(a.markdown, "a") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
