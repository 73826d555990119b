#!/usr/bin/python3
"""Independent oracle for the pipeline test: reads a DIMACS .gr with plain
Python, runs SciPy's Dijkstra from every vertex (min over parallel arcs), and
prints `diameter radius median_vertex median_total center...` (1-based ids)."""
import sys

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

arcs = {}
n = 0
with open(sys.argv[1]) as f:
    for line in f:
        t = line.split()
        if not t or t[0] == "c":
            continue
        if t[0] == "p":
            n = int(t[2])
        elif t[0] == "a":
            u, v, w = int(t[1]) - 1, int(t[2]) - 1, int(t[3])
            if u != v:
                arcs[(u, v)] = min(w, arcs.get((u, v), w))
rows = [u for u, _ in arcs]
cols = [v for _, v in arcs]
vals = list(arcs.values())
d = dijkstra(csr_matrix((vals, (rows, cols)), shape=(n, n)), directed=True)
assert np.isfinite(d).all(), "oracle expects a strongly connected sample"
ecc = d.max(axis=1)
tot = d.sum(axis=1)
radius = ecc.min()
center = [str(i + 1) for i in np.flatnonzero(ecc == radius)]
med = int(np.argmin(tot))
print(int(ecc.max()), int(radius), med + 1, int(tot[med]), " ".join(center))
