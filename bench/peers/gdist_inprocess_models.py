"""gdist's Python package on one instance of the models of issue #26, in process, for
bench/siting_models_race.sh --python PY (an interpreter with gdist installed, e.g. the venv
scripts/test_python.sh makes): the same calls as gcenter's flags in the race, timed as the spopt
peer times itself, from the cost matrix in memory to the answer (no interpreter start, no import,
no file reading), so that the two sides' times count the same work.

  gdist_inprocess_models.py INSTANCE.npz MODEL P --time-limit S

INSTANCE.npz and MODEL as bench/peers/spopt_models_peer.py takes them (the race's instances are
square: every point a demand and a candidate). Prints one JSON line: objective, optimal, the
number of new sites (new_sites), cover_minimum_proven (lscpb) and time_s.
"""
import json
import time

import numpy as np

import gdist

import models_race_args  # beside this script

try:  # gdist.Siting's assignment becomes a DataFrame: pandas imported before the clock, as spopt's own import is
    import pandas  # noqa: F401
except ImportError:
    pass


def main():
    args = models_race_args.parse()
    inst = np.load(args.instance)
    cost = inst["cost"]
    if cost.shape[0] != cost.shape[1]:
        raise SystemExit(f"{args.instance}: {cost.shape[0]} x {cost.shape[1]} costs; the race's are square")
    common = dict(exact=True, time_limit=args.time_limit, threads=2)
    t0 = time.perf_counter()
    if args.model == "cpmedian":
        r = gdist.p_median(cost, args.p, weights=inst["weights"], capacities=inst["capacities"], **common)
    elif args.model == "lscpb":
        r = gdist.backup_cover(cost, float(inst["radius"]), **common)
    elif args.model == "pdispersion":
        r = gdist.p_dispersion(cost, args.p, **common)
    else:
        r = gdist.facility_location(cost, inst["opening"], weights=inst["weights"], **common)
    t = time.perf_counter() - t0
    section = next(iter(json.loads(r.report).values()))
    print(json.dumps({"objective": r.objective, "optimal": bool(r.optimal), "new_sites": len(r.sites),
                      "cover_minimum_proven": section.get("cover_minimum_proven"), "time_s": t}))


if __name__ == "__main__":
    main()
