"""spopt (PuLP + CBC) on one siting instance, for bench/siting_proofs_race.sh.

  spopt_peer.py MATRIX.txt MODEL P_OR_RADIUS [P] --time-limit S

MATRIX.txt: n lines of n integer distances (bench/siting_proofs --dump), or a .npy
matrix (bench/python_siting.py): cost[i, j] = the cost of serving demand i from site j.
MODEL: pmedian P | pcenter P | lscp RADIUS | mclp RADIUS P. Every vertex is a
demand of weight 1 and a candidate. Prints one JSON line: objective, proven
(CBC's solution status is optimal, not just feasible), the time to build the
model and solve it, and the time of the solve alone. Before the solve it prints a line
{"stage": "built", "build_s": ...} (flushed), so a caller that kills the run at a time or
memory limit still knows whether the model was built; the last line also holds the chosen
sites (p-median, p-center) and the peak RSS of this process and of CBC.
"""
import argparse
import json
import resource
import sys
import time

import numpy as np
import pulp
from spopt.locate import LSCP, MCLP, PCenter, PMedian


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("matrix")
    ap.add_argument("model", choices=["pmedian", "pcenter", "lscp", "mclp"])
    ap.add_argument("a", type=float)
    ap.add_argument("b", type=float, nargs="?")
    ap.add_argument("--time-limit", type=float, default=300)
    args = ap.parse_args()
    cost = np.load(args.matrix) if args.matrix.endswith(".npy") else np.loadtxt(args.matrix, dtype=np.int64)
    n = cost.shape[0]
    weights = np.ones(n, dtype=np.int64)
    t0 = time.perf_counter()
    if args.model == "pmedian":
        m = PMedian.from_cost_matrix(cost, weights, p_facilities=int(args.a))
    elif args.model == "pcenter":
        m = PCenter.from_cost_matrix(cost, p_facilities=int(args.a))
    elif args.model == "lscp":
        m = LSCP.from_cost_matrix(cost, service_radius=args.a)
    else:
        m = MCLP.from_cost_matrix(cost, weights, service_radius=args.a, p_facilities=int(args.b))
    t1 = time.perf_counter()
    print(json.dumps({"stage": "built", "build_s": t1 - t0,
                      "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}), flush=True)
    solver = pulp.PULP_CBC_CMD(msg=False, timeLimit=args.time_limit)
    try:
        m = m.solve(solver, results=False)
    except RuntimeError as e:  # spopt raises when CBC stops without a solution it accepts
        t2 = time.perf_counter()
        print(json.dumps({"model": args.model, "objective": None, "proven": False, "error": str(e)[:120],
                          "total_s": t2 - t0, "solve_s": t2 - t1}))
        return
    t2 = time.perf_counter()
    prob = m.problem
    objective = pulp.value(prob.objective)
    sites = [j for j, v in enumerate(getattr(m, "fac_vars", [])) if (v.varValue or 0) > 0.5]
    # sol_status 1: optimal (proven); 2: integer feasible (stopped at the time limit).
    print(json.dumps({
        "tool": "spopt " + __import__("spopt").__version__ + " + PuLP " + pulp.__version__ + " CBC",
        "model": args.model, "objective": objective, "proven": prob.sol_status == 1,
        "sol_status": prob.sol_status, "total_s": t2 - t0, "build_s": t1 - t0, "solve_s": t2 - t1, "sites": sites,
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "cbc_rss_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    }), flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
