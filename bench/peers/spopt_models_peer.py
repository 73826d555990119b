"""spopt 0.7+ (PuLP + CBC) on one instance of the models of issue #26, for bench/siting_models_race.sh.

  spopt_models_peer.py INSTANCE.npz MODEL P --time-limit S

INSTANCE.npz (written by the race): cost (demands x candidates, int64), weights (per
demand), capacities and opening (per candidate), radius (the covering radius).
MODEL:
  cpmedian P     spopt PMedian with facility_capacities (single-source: its assignment
                 variables are binary), weights as the demand
  lscpb          spopt LSCPB at the instance's radius (spopt solves the LSCP first for P)
  pdispersion P  spopt PDispersion on the candidates' square cost matrix
  ufl            uncapacitated fixed-charge location: spopt has no such model, so this is
                 PuLP + CBC directly (the stack spopt builds on), with the strong links
                 x_ij <= y_j, the formulation gcenter hands CBC
Prints one JSON line: objective, proven (CBC's status optimal), sites, the time to build
and solve (total_s) and of the solve alone (solve_s).
"""
import json
import time

import numpy as np
import pulp
from spopt.locate import LSCPB, PDispersion, PMedian

import models_race_args  # beside this script


def fixed_charge(cost, weights, opening):
    n, m = cost.shape
    prob = pulp.LpProblem("ufl", pulp.LpMinimize)
    y = [pulp.LpVariable(f"y{j}", cat=pulp.LpBinary) for j in range(m)]
    x = [[pulp.LpVariable(f"x{i}_{j}", lowBound=0, upBound=1) for j in range(m)] for i in range(n)]
    prob += pulp.lpSum(int(opening[j]) * y[j] for j in range(m)) + pulp.lpSum(
        int(weights[i] * cost[i, j]) * x[i][j] for i in range(n) for j in range(m))
    for i in range(n):
        prob += pulp.lpSum(x[i]) == 1
        for j in range(m):
            prob += x[i][j] <= y[j]
    return prob, y


def main():
    args = models_race_args.parse()
    inst = np.load(args.instance)
    cost, weights = inst["cost"], inst["weights"]
    solver = pulp.PULP_CBC_CMD(msg=False, timeLimit=args.time_limit)
    t0 = time.perf_counter()
    if args.model == "cpmedian":
        m = PMedian.from_cost_matrix(cost, weights, p_facilities=args.p, facility_capacities=inst["capacities"])
        t1 = time.perf_counter()
        m.solve(solver, results=False)
        prob, y = m.problem, m.fac_vars
    elif args.model == "lscpb":
        # LSCPB solves its LSCP while it is built: that solve is inside build time here.
        m = LSCPB.from_cost_matrix(cost, service_radius=float(inst["radius"]), solver=solver)
        t1 = time.perf_counter()
        m.solve(results=False)
        prob, y = m.problem, m.fac_vars
    elif args.model == "pdispersion":
        m = PDispersion.from_cost_matrix(cost, p_facilities=args.p)
        t1 = time.perf_counter()
        m.solve(solver)
        prob, y = m.problem, m.fac_vars
    else:
        prob, y = fixed_charge(cost, weights, inst["opening"])
        t1 = time.perf_counter()
        prob.solve(solver)
    t2 = time.perf_counter()
    sites = [j for j, v in enumerate(y) if (v.varValue or 0) > 0.5]
    if args.model == "lscpb":
        # spopt's LSCP-B objective counts the demands covered at least twice.
        covered = (cost <= float(inst["radius"]))[:, sites].sum(axis=1)
        objective = int((covered >= 2).sum())
    elif args.model == "pdispersion":
        objective = int(min(cost[a, b] for a in sites for b in sites if a < b))
    else:
        objective = pulp.value(prob.objective)
    print(json.dumps({"model": args.model, "objective": objective,
                      "proven": pulp.LpStatus[prob.status] == "Optimal" and prob.sol_status == pulp.LpSolutionOptimal,
                      "sites": sites, "total_s": t2 - t0, "solve_s": t2 - t1}))


if __name__ == "__main__":
    main()
