#!/usr/bin/env python3
"""gdist.apsp from Python against NetworkX and SciPy on the same NetworkX graph, in one run.

usage: python bench/python_apsp.py [--n 4000] [--degree 5] [--reps 3] [--skip-networkx] [--markdown OUT.md]
(with the gdist package installed: pip install .; NetworkX and SciPy in the same environment)

The graph: networkx.gnm_random_graph(n, degree * n, directed=True, seed=1), integer weights
1..100 (seed 2). Each peer is timed from the NetworkX graph to its n x n matrix, conversion
included (what a notebook user waits for):
  - gdist.apsp(G)                                   (ours: the planner's engine, both cores)
  - scipy.sparse.csgraph.shortest_path(to_scipy_sparse_array(G))   (method auto: Dijkstra/Johnson)
  - networkx.floyd_warshall_numpy(G)                (one run: minutes at n = 4000)
Best of --reps runs for gdist and SciPy. The matrices are compared element by element.
"""
import argparse
import datetime
import os
import platform
import sys
import time

import networkx as nx
import numpy as np
import scipy
from scipy.sparse.csgraph import shortest_path

import gdist


def best_of(reps, fn):
    times, out = [], None
    for _ in range(reps):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=4000)
    ap.add_argument("--degree", type=int, default=5)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--skip-networkx", action="store_true")
    ap.add_argument("--markdown")
    a = ap.parse_args()
    g = nx.gnm_random_graph(a.n, a.degree * a.n, directed=True, seed=1)
    rng = np.random.default_rng(2)
    for (u, v), w in zip(g.edges, rng.integers(1, 101, g.number_of_edges())):
        g[u][v]["weight"] = int(w)
    nodes = list(g.nodes)

    ours_s, ours = best_of(a.reps, lambda: gdist.apsp(g))
    scipy_s, ref = best_of(a.reps, lambda: shortest_path(nx.to_scipy_sparse_array(g, nodelist=nodes)))
    equal_scipy = np.array_equal(ours.to_float(), ref)
    rows = [("gdist.apsp", ours_s, equal_scipy), ("scipy.sparse.csgraph.shortest_path", scipy_s, True)]
    if not a.skip_networkx:
        nx_s, fw = best_of(1, lambda: nx.floyd_warshall_numpy(g, nodelist=nodes))
        rows.append(("networkx.floyd_warshall_numpy", nx_s, np.array_equal(fw, ref)))
    plan = ours.plan
    lines = [
        f"`{' '.join([os.path.basename(sys.executable)] + sys.argv)}` on {platform.node()} "
        f"({os.cpu_count()} cores, {platform.processor() or platform.machine()}), "
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; gdist {plan['engine']} on "
        f"{plan['backend']} ({plan['element_bits']}-bit), NumPy {np.__version__}, SciPy {scipy.__version__}, "
        f"NetworkX {nx.__version__}; n = {a.n}, m = {g.number_of_edges()} (directed, weights 1..100).",
        "",
        "| call | seconds | gdist is faster by | values equal SciPy's |",
        "|---|---:|---:|---|",
    ]
    for name, s, eq in rows:
        lines.append(f"| {name} | {s:.3f} | {s / ours_s:.1f}x | {'yes' if eq else 'NO'} |")
    lines.append("")
    lines.append(f"gdist plan: {'; '.join(plan['reasons'])}")
    text = "\n".join(lines) + "\n"
    print(text)
    if a.markdown:
        with open(a.markdown, "a") as f:
            f.write(text + "\n")
    return 0 if all(eq for _, _, eq in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
