"""LSCP-B (backup coverage) of the models race's instance solved by HiGHS through SciPy's
milp (SciPy from Debian: /usr/bin/python3), as an independent reference optimum where spopt
and gcenter do not prove one in their time (5,000 demands):

  /usr/bin/python3 bench/peers/lscpb_highs.py --n 5000 --p 12 --time-limit 600

The program is docs/SITING.md's: max sum z_u  s.t.  sum_{k within R of u} y_k - z_u >= 1,
sum y_k = P, y and z binary (unweighted, as the race's lscpb runs). Prints the objective,
HiGHS's dual bound, its status and the seconds; HiGHS's log on stdout (disp).
"""
import argparse
import os
import sys
import time

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import csr_matrix, hstack, identity

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from siting_models_race import RADIUS, make_instance  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--p", type=int, required=True, help="sites (the LSCP minimum gcenter reports)")
    ap.add_argument("--time-limit", type=float, default=600)
    ap.add_argument("--closure", action="store_true", help="the race's triangle closure (sizes below 2,000)")
    args = ap.parse_args()
    inst, _ = make_instance(args.n, args.seed, closure=args.closure)
    a = csr_matrix((inst["cost"] <= RADIUS).astype(np.float64))
    n = a.shape[0]
    rows = hstack([a, -identity(n)]).tocsr()
    count = csr_matrix(np.concatenate([np.ones(n), np.zeros(n)])[None, :])
    c = np.concatenate([np.zeros(n), -np.ones(n)])
    t0 = time.perf_counter()
    r = milp(c, constraints=[LinearConstraint(rows, 1, np.inf), LinearConstraint(count, args.p, args.p)],
             integrality=np.ones(2 * n), bounds=Bounds(0, 1), options=dict(time_limit=args.time_limit, disp=True))
    took = time.perf_counter() - t0
    objective = -r.fun if r.x is not None else None
    bound = -r.mip_dual_bound if getattr(r, "mip_dual_bound", None) is not None else None
    print(f"objective {objective} bound {bound} status {r.status} ({r.message}) seconds {took:.1f}")


if __name__ == "__main__":
    main()
