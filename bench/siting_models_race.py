"""The models of issue #26 (capacitated p-median, fixed-charge location, LSCP-B,
p-dispersion) raced against spopt (PuLP + CBC) on random geometric instances, one run;
prints a Markdown table for bench/RESULTS.md. Started by bench/siting_models_race.sh
(which makes the virtual environment with spopt); run with that environment's python.

  siting_models_race.py BUILD_DIR --sizes 100,300,500 --seed 1 --time-limit 600

Instance of size n: n points uniform in a 1000 x 1000 square, each a demand and a
candidate; cost = the rounded Euclidean distance (integers, so both sides solve the same
numbers exactly); demand weights 1..10; capacities ceil(1.25 W / P) per site (W the total
weight; P = max(5, n / 50)); opening costs 15000..30000; covering radius 200. gcenter reads
the cost table as CSV (--cost-matrix), 2 threads, --exact; p-dispersion, which needs the
distances between sites, reads the complete graph of the same costs (DIMACS .gr: its shortest
paths are the costs, which are closed under the triangle inequality first).
LSCP-B: gcenter's --backup-cover R without --p finds the LSCP minimum P first and then the
backup cover with P sites, in one run (spopt's LSCPB solves its LSCP inside, too).
gcenter's time is its whole process (start, reading the CSV, the answer); spopt's is its model's
build and solve in an interpreter already started. With --python PY (an interpreter with gdist's
Python package, e.g. build/python-venv/bin/python, made by scripts/test_python.sh) the package's
same call is timed in process too (bench/peers/gdist_inprocess_models.py), as spopt's is.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from scipy.sparse.csgraph import shortest_path

RADIUS = 200


def make_instance(n, seed, closure=True):
    rng = np.random.default_rng([seed, n])
    pts = rng.uniform(0, 1000, size=(n, 2))
    rounded = np.rint(np.sqrt(((pts[:, None, :] - pts[None, :, :]) ** 2).sum(-1)))
    # Rounding can break the triangle inequality: its closure is a metric, the same as a
    # complete graph's shortest paths (p-dispersion reads that graph, every other model the table).
    # Without it (--no-closure: SciPy's dense Floyd-Warshall is too slow at 5,000) the rounded table as it is.
    cost = (shortest_path(rounded, method="FW", directed=False) if closure else rounded).astype(np.int64)
    weights = rng.integers(1, 11, size=n).astype(np.int64)
    p = max(5, n // 50)
    cap = np.full(n, math.ceil(1.25 * weights.sum() / p), dtype=np.int64)
    opening = rng.integers(15000, 30001, size=n).astype(np.int64)
    return dict(cost=cost, weights=weights, capacities=cap, opening=opening, radius=RADIUS), p


def write_files(inst, d, graph=True):
    n = inst["cost"].shape[0]
    names = [f"v{i}" for i in range(n)]
    with open(f"{d}/costs.csv", "w") as f:
        f.write("demand," + ",".join(names) + "\n")
        for i in range(n):
            f.write(names[i] + "," + ",".join(map(str, inst["cost"][i])) + "\n")
    for key, fname in (("weights", "weights.csv"), ("capacities", "capacities.csv"), ("opening", "opening.csv")):
        with open(f"{d}/{fname}", "w") as f:
            f.writelines(f"{names[i]},{inst[key][i]}\n" for i in range(n))
    if not graph:  # the tables only (p-dispersion reads the complete graph: n^2 lines)
        return
    with open(f"{d}/graph.gr", "w") as f:
        f.write(f"p sp {n} {n * (n - 1)}\n")
        f.writelines(f"a {i + 1} {j + 1} {inst['cost'][i, j]}\n" for i in range(n) for j in range(n) if i != j)
    np.savez(f"{d}/instance.npz", **inst)


def last_error_line(out):
    """The last line a failed process wrote to stderr, or its exit status."""
    lines = out.stderr.strip().splitlines()
    return lines[-1][:160] if lines else f"exit {out.returncode}"


def gcenter(build, d, model_args, key, limit, graph=False):
    source = [f"{d}/graph.gr"] if graph else ["--cost-matrix", f"{d}/costs.csv"]
    cmd = [f"{build}/apps/gcenter", *source, *model_args, "--exact", "--json",
           "-j", "2", "--time-limit", str(limit)]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    t = time.perf_counter() - t0
    if out.returncode != 0:
        return {"error": last_error_line(out), "time_s": t}
    r = json.loads(out.stdout)[key]
    r["time_s"] = t
    return r


def run_peer(py, peer, d, model, p, limit):
    """One instance through a peer script (spopt's, or the package in process): its JSON line."""
    cmd = [py, peer, f"{d}/instance.npz", model] + ([str(p)] if p else []) + ["--time-limit", str(limit)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        return {"error": last_error_line(out)}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--sizes", default="100,300,500")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=600, help="each side, each model")
    ap.add_argument("--models", default="cpmedian,ufl,lscpb,pdispersion")
    ap.add_argument("--no-closure", action="store_true", help="the rounded table without its metric closure")
    ap.add_argument("--write-only", metavar="DIR", help="write the first size's instance files to DIR and stop")
    ap.add_argument("--python", metavar="PY", help="an interpreter with gdist's Python package: also time its calls "
                    "in process (bench/peers/gdist_inprocess_models.py), as spopt times itself")
    args = ap.parse_args()
    if args.write_only:
        n = int(args.sizes.split(",")[0])
        inst, p = make_instance(n, args.seed, not args.no_closure)
        os.makedirs(args.write_only, exist_ok=True)
        write_files(inst, args.write_only, graph=False)
        print(f"{args.write_only}: n = {n}, P = {p}")
        return
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peers", "spopt_models_peer.py")
    inprocess = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peers", "gdist_inprocess_models.py")
    rows = []
    for n in map(int, args.sizes.split(",")):
        inst, p = make_instance(n, args.seed, not args.no_closure)
        with tempfile.TemporaryDirectory() as d:
            write_files(inst, d)
            for model in args.models.split(","):
                param = p
                if model == "cpmedian":
                    ours = gcenter(args.build, d, ["--p-median", str(p), "--capacities", f"{d}/capacities.csv",
                                                   "--weights", f"{d}/weights.csv"], "p_median", args.time_limit)
                elif model == "ufl":
                    param = "-"
                    ours = gcenter(args.build, d, ["--facility-location", "--opening-costs", f"{d}/opening.csv",
                                                   "--weights", f"{d}/weights.csv"], "facility_location",
                                   args.time_limit)
                elif model == "lscpb":
                    ours = gcenter(args.build, d, ["--backup-cover", str(RADIUS)], "backup_cover", args.time_limit)
                    if "error" not in ours:
                        param = ours["new_sites"]
                        # proven only when P is the proven LSCP minimum, as spopt's LSCPB takes it
                        ours["optimal"] = ours["optimal"] and ours["cover_minimum_proven"]
                else:
                    ours = gcenter(args.build, d, ["--p-dispersion", str(p)], "p_dispersion", args.time_limit, graph=True)
                peer_p = p if model in ("cpmedian", "pdispersion") else 0
                theirs = run_peer(sys.executable, peer, d, model, peer_p, args.time_limit)
                # The package's call in process, when an interpreter is given.
                package = run_peer(args.python, inprocess, d, model, peer_p, args.time_limit) if args.python else None
                rows.append((n, model, param, ours, theirs, package))
                print(json.dumps({"n": n, "model": model, "param": param, "gcenter": ours, "spopt": theirs,
                                  "package": package}), file=sys.stderr, flush=True)
    extra = " | package objective | proven | in process s | speed-up in process" if args.python else ""
    print("| n | model | P | gcenter objective | bound | proven | time s | spopt objective | proven | time s "
          "(solve s) | same objective | speed-up" + extra + " |")
    print("|---" * (12 + (4 if args.python else 0)) + "|")
    for n, model, param, ours, theirs, package in rows:
        if "error" in ours:
            mine = f"error: {ours['error']} | - | - | {ours['time_s']:.2f}"
        else:
            bound = ours.get("lower_bound", ours.get("upper_bound"))
            mine = (f"{ours['objective']:g} | {'-' if bound is None else f'{bound:g}'} | "
                    f"{'yes' if ours.get('optimal') else 'no'} | {ours['time_s']:.2f}")
        if "error" in theirs:
            peer_cols = f"error: {theirs['error']} | - | - | - | -"
        else:
            same = same_objective(ours, theirs)
            ratio = speed_up(theirs, ours)
            peer_cols = (f"{theirs['objective']:g} | {'yes' if theirs['proven'] else 'no'} | "
                         f"{theirs['total_s']:.2f} ({theirs['solve_s']:.2f}) | {'yes' if same else 'NO'} | {ratio:.1f}x")
        if package is not None:
            peer_cols += " | " + package_columns(model, package, theirs)
        print(f"| {n} | {model} | {param} | {mine} | {peer_cols} |")


def package_columns(model, package, theirs):
    """The package's objective, proven, time and speed-up over spopt's total; "NO" beside an
    objective that differs from spopt's (both proven)."""
    if "error" in package:
        return f"error: {package['error']} | - | - | -"
    proven = package["optimal"] and (model != "lscpb" or package["cover_minimum_proven"])
    same = same_objective(package, theirs)
    return (f"{package['objective']:g}{'' if same else ' (NO: differs)'} | {'yes' if proven else 'no'} | "
            f"{package['time_s']:.3f} | {speed_up(theirs, package):.1f}x")


def same_objective(ours, theirs):
    """Our answer's objective equals spopt's, to 1e-6 relative (neither side failed)."""
    if "error" in ours or "error" in theirs or theirs["objective"] is None:
        return False
    return abs(float(theirs["objective"]) - float(ours["objective"])) < 1e-6 * max(1.0, abs(float(ours["objective"])))


def speed_up(theirs, ours):
    """spopt's total time over ours (NaN when either failed)."""
    if "error" in ours or "error" in theirs or ours["time_s"] <= 0:
        return float("nan")
    return theirs["total_s"] / ours["time_s"]


if __name__ == "__main__":
    main()
