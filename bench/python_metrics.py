#!/usr/bin/env python3
"""gdist.metrics on a road graph given as a SciPy CSR matrix (issue #25: NY's diameter, radius and
center in <= 1 s), checked against SciPy's own BFS from the answers.

usage: python bench/python_metrics.py GRAPH.gr[.gz]  (DIMACS arcs or PACE edges, as NY.gr.gz) [--reps 3] [--threads 2]
(with the gdist package installed: pip install .; SciPy in the same environment)

The graph is read with NumPy into an undirected SciPy CSR matrix (what a notebook user
has); the clock runs from that matrix to gdist.metrics(csr, per_vertex=False, median=False)'s
answer (the issue's three metrics; the 1-median is a search of its own),
conversion included. Best of --reps. The check, independent of gdist's searches: SciPy's
breadth-first distances from the reported center give the radius, from a periphery vertex the
diameter; each must be the largest finite distance of that row.
"""
import argparse
import datetime
import gzip
import os
import platform
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

import gdist


def read_graph(path):
    """DIMACS shortest-path arcs ("a u v w") or PACE edges ("u v" after "p tw n m"), 1-based."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        rows = [line.split() for line in f if line[:1] not in ("c", "p", "\n")]
    if rows[0][0] == "a":
        a = np.array([r[1:4] for r in rows], dtype=np.int64)
    else:
        a = np.array([r[:2] + ["1"] for r in rows], dtype=np.int64)
    n = int(a[:, :2].max())
    # Undirected, one entry per pair (the shortest; a CSR would add duplicates up).
    a = np.concatenate([a, a[:, [1, 0, 2]]])
    a = a[np.argsort(a[:, 2], kind="stable")]
    _, first = np.unique(a[:, 0] * (n + 1) + a[:, 1], return_index=True)
    a = a[first]
    return sp.csr_matrix((a[:, 2].astype(np.float64), (a[:, 0] - 1, a[:, 1] - 1)), shape=(n, n))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("graph")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--threads", type=int, default=0)
    a = ap.parse_args()
    csr = read_graph(a.graph)
    n = csr.shape[0]
    times, out = [], None
    for _ in range(a.reps):
        t = time.perf_counter()
        out = gdist.metrics(csr, directed=False, per_vertex=False, median=False, threads=a.threads)
        times.append(time.perf_counter() - t)
    center = int(out["center"][0]) if isinstance(out["center"], list) else int(out["center"])
    far = int(out["periphery"][0]) if isinstance(out["periphery"], list) else int(out["periphery"])
    rows = shortest_path(csr, method="D", directed=False, unweighted=bool((csr.data == 1).all()),
                         indices=[center, far])
    radius_ok = rows[0][np.isfinite(rows[0])].max() == out["radius"]
    diameter_ok = rows[1][np.isfinite(rows[1])].max() == out["diameter"]
    print(f"# gdist.metrics on {os.path.basename(a.graph)} (SciPy CSR, n = {n:,}, {csr.nnz:,} stored arcs), "
          f"{platform.node()}, {os.cpu_count()} cores, {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC")
    print(f"best of {a.reps}: {min(times):.3f} s (all: {', '.join(f'{t:.3f}' for t in times)}); "
          f"diameter {out['diameter']}, radius {out['radius']}, center {center}, periphery {far}; "
          f"SciPy from the center: radius {'equal' if radius_ok else 'DIFFERS'}, "
          f"from the periphery: diameter {'equal' if diameter_ok else 'DIFFERS'}")
    return 0 if radius_ok and diameter_ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
