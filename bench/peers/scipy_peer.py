#!/usr/bin/python3
"""Peer harness: SciPy csgraph floyd_warshall and dijkstra (every source) on
the arc file bench/cpu_peers.py hands every peer (bench/peers/arc_file.hpp).

usage: scipy_peer.py ARCFILE [--reps R] [--skip-fw] [--skip-dijkstra]
Times the library call only (CSR matrix built beforehand), one thread.
Output: "scipy_fw ..." / "scipy_dijkstra ..." lines like the other harnesses;
checksum = sum of all finite distances (must equal ours).
"""
import argparse
import statistics
import sys
import time

import numpy as np

try:
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra, floyd_warshall
except ImportError as e:  # e.g. the pyenv python3 without scipy
    print(f"scipy_peer: SciPy missing ({e}); install python3-scipy and run with /usr/bin/python3")
    sys.exit(3)


def read_arcs(path):
    with open(path, "rb") as f:
        n = int(np.frombuffer(f.read(4), dtype="<i4")[0])
        m = int(np.frombuffer(f.read(8), dtype="<i8")[0])
        rec = np.frombuffer(f.read(12 * m), dtype="<i4").reshape(m, 3)
    # Explicit zeros stay arcs: csgraph treats stored zero entries of a sparse matrix as edges.
    g = csr_matrix((rec[:, 2].astype(np.float64), (rec[:, 0], rec[:, 1])), shape=(n, n))
    return n, g


def run(name, fn, n, reps):
    times, d = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        d = fn()
        times.append(time.perf_counter() - t0)
    checksum = float(d[np.isfinite(d)].sum())
    best = min(times)
    print(f"{name} n={n} reps={reps} best_s={best:.4f} median_s={statistics.median(times):.4f} "
          f"relax_per_s={n**3 / best:.3e} checksum={checksum:.17g}", flush=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("arcfile")
    p.add_argument("--reps", type=int, default=1)
    p.add_argument("--skip-fw", action="store_true")
    p.add_argument("--skip-dijkstra", action="store_true")
    a = p.parse_args()
    n, g = read_arcs(a.arcfile)
    if not a.skip_fw:
        run("scipy_fw", lambda: floyd_warshall(g, directed=True), n, a.reps)
    if not a.skip_dijkstra:
        run("scipy_dijkstra", lambda: dijkstra(g, directed=True), n, a.reps)


if __name__ == "__main__":
    main()
