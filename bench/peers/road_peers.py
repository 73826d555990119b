"""SciPy and NetworKit on weighted road graphs, and the agreement checks, for
bench/road_race.py (run with bench/.venv's python; one JSON line per run).

  road_peers.py scipy GRAPH --sources S.txt --out rows.npy
  road_peers.py networkit GRAPH --sources S.txt --out rows.npy [--threads T] [--no-dijkstra]
  road_peers.py networkit-diameter GRAPH [--threads T] [--eccentricity LABEL ...]
  road_peers.py check-rows OURS.gdm --sources S.txt --peer NAME=rows.npy ...
  road_peers.py check-table OURS.npy --peer NAME=table.npy [--round]

GRAPH: a DIMACS .gr ('p sp n m', then 'a u v w' lines, 1-based labels), each
undirected edge written once (scripts/weight_edges.py); a repeated edge keeps
its smallest weight, as gdist's readers do by default. Sources: one label per
line. Times are the library calls alone (graph built beforehand).

scipy: scipy.sparse.csgraph.dijkstra(G, directed=False, indices=sources), one
call for all the sampled sources (SciPy runs it on one core); the rows are
saved (k x n float64, inf for no path).
networkit: networkit.distance.SPSP(G, sources) (Dijkstra from each source, in
parallel over the sources on T threads: NetworKit's many-source call) and, for
comparison, one networkit.distance.Dijkstra per source (storePaths=False, one
thread); SPSP's rows are saved.
networkit-diameter: first the eccentricity of each --eccentricity vertex by
one NetworKit Dijkstra (its farthest distance; Eccentricity.getValue counts
hops), an independent check of our diameter and radius, one line, then networkit.distance.Diameter(G, algo=EXACT) (a Dijkstra from every
vertex on weighted graphs: the harness stops it at its timeout), another line.
check-rows: our rectangular .gdm rows (python/gdist) against each peer's rows
for the same sources, exactly (integer weights: float64 sums are exact).
check-table: our k x t table against a peer's; --round rounds the peer's
float distances to the nearest integer first.
"""
import argparse
import json
import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read_gr(path):
    """(n, u, v, w) of a DIMACS .gr: 0-based int64 ends, float64 weights, one entry per undirected edge."""
    import pandas as pd

    n = None
    skip = 0
    with open(path) as f:
        for line in f:
            if line.startswith("a"):
                break
            skip += 1
            if line.startswith("p"):
                n = int(line.split()[2])
    if n is None:
        sys.exit("road_peers.py: %s has no 'p' line" % path)
    df = pd.read_csv(path, sep=" ", header=None, skiprows=skip, usecols=[1, 2, 3], names=["u", "v", "w"],
                     dtype={"u": np.int64, "v": np.int64, "w": np.float64}, comment="c")
    u = df["u"].to_numpy() - 1
    v = df["v"].to_numpy() - 1
    w = df["w"].to_numpy()
    keep = u != v
    u, v, w = u[keep], v[keep], w[keep]
    lo, hi = np.minimum(u, v), np.maximum(u, v)
    order = np.lexsort((w, hi, lo))  # per pair, the smallest weight first
    lo, hi, w = lo[order], hi[order], w[order]
    first = np.ones(len(lo), dtype=bool)
    first[1:] = (lo[1:] != lo[:-1]) | (hi[1:] != hi[:-1])
    return n, lo[first], hi[first], w[first]


def read_labels(path):
    with open(path) as f:
        return [int(x) for x in f.read().split()]


def scipy_rows(args):
    import scipy
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    n, u, v, w = read_gr(args.graph)
    g = csr_matrix((w, (u, v)), shape=(n, n))
    sources = np.array(read_labels(args.sources), dtype=np.int64) - 1
    t = time.perf_counter()
    d = dijkstra(g, directed=False, indices=sources)
    s = time.perf_counter() - t
    np.save(args.out, d)
    print(json.dumps({"peer": "scipy " + scipy.__version__, "what": "rows", "n": n, "sources": len(sources),
                      "seconds": s, "per_source_s": s / len(sources), "threads": 1}), flush=True)


def networkit_graph(path):
    import networkit as nk

    n, u, v, w = read_gr(path)
    return nk.GraphFromCoo((w, (u, v)), n=n, weighted=True, directed=False), n


def networkit_rows(args):
    import networkit as nk

    nk.setNumberOfThreads(args.threads)
    g, n = networkit_graph(args.graph)
    sources = [x - 1 for x in read_labels(args.sources)]
    out = {"peer": "networkit " + nk.__version__, "what": "rows", "n": n, "sources": len(sources),
           "threads": nk.getMaxNumberOfThreads()}
    t = time.perf_counter()
    sp = nk.distance.SPSP(g, sources)
    sp.run()
    out["spsp_seconds"] = time.perf_counter() - t
    rows = sp.getDistances(asarray=True)
    rows = np.asarray(rows, dtype=np.float64)
    rows[rows >= np.finfo(np.float64).max] = np.inf
    np.save(args.out, rows)
    del rows, sp
    if not args.no_dijkstra:
        t = time.perf_counter()
        for s in sources:
            d = nk.distance.Dijkstra(g, s, storePaths=False)
            d.run()
        out["dijkstra_seconds"] = time.perf_counter() - t
    best = min(out.get("dijkstra_seconds", float("inf")), out["spsp_seconds"])
    out["seconds"] = best
    out["per_source_s"] = best / len(sources)
    out["best_call"] = "SPSP" if best == out["spsp_seconds"] else "Dijkstra"
    print(json.dumps(out), flush=True)


def networkit_diameter(args):
    import networkit as nk

    nk.setNumberOfThreads(args.threads)
    g, n = networkit_graph(args.graph)
    ecc = {}
    t = time.perf_counter()
    for label in args.eccentricity or []:
        # Eccentricity.getValue is a BFS (hops): on a weighted graph, a Dijkstra's farthest distance.
        d = nk.distance.Dijkstra(g, int(label) - 1, storePaths=False)
        d.run()
        dist = np.asarray(d.getDistances(asarray=True), dtype=np.float64)
        dist = dist[dist < np.finfo(np.float64).max]
        ecc[str(label)] = float(dist.max())
    print(json.dumps({"peer": "networkit " + nk.__version__, "what": "eccentricities", "eccentricity": ecc,
                      "seconds": time.perf_counter() - t}), flush=True)
    t = time.perf_counter()
    d = nk.distance.Diameter(g, algo=nk.distance.DiameterAlgo.EXACT)
    d.run()
    print(json.dumps({"peer": "networkit " + nk.__version__, "what": "diameter", "n": n,
                      "threads": nk.getMaxNumberOfThreads(), "diameter": d.getDiameter()[0],
                      "seconds": time.perf_counter() - t}), flush=True)


def peers_of(items):
    out = {}
    for item in items:
        name, _, path = item.partition("=")
        out[name] = np.load(path, mmap_mode="r")
    return out


def as_float(a, inf):
    f = np.asarray(a, dtype=np.float64)
    if inf is not None:
        f = np.where(np.asarray(a) >= inf, np.inf, f)
    return f


def check_rows(args):
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import gdist

    m = gdist.open(args.ours)
    labels = read_labels(args.sources)
    ours = np.stack([as_float(m.row(str(x)), m.inf) for x in labels])
    out = {"what": "check-rows", "sources": len(labels), "n": m.n, "peers": {}}
    for name, rows in peers_of(args.peer).items():
        rows = np.asarray(rows)
        if rows.shape != ours.shape:
            out["peers"][name] = {"shape": list(rows.shape), "ours_shape": list(ours.shape), "mismatches": -1}
            continue
        bad = ~((rows == ours) | (np.isinf(rows) & np.isinf(ours)))
        out["peers"][name] = {"mismatches": int(bad.sum()), "entries": int(bad.size),
                              "finite": int(np.isfinite(ours).sum()), "max_distance": float(ours[np.isfinite(ours)].max())}
    print(json.dumps(out), flush=True)


def check_table(args):
    ours_raw = np.load(args.ours)
    # gdist's INF (lib/core/element_traits.hpp): values at or above it mean no path.
    inf = {np.dtype(np.int32): (1 << 30) - 1, np.dtype(np.int64): (1 << 62) - 1}.get(ours_raw.dtype)
    ours = as_float(ours_raw, inf)
    out = {"what": "check-table", "shape": list(ours.shape), "peers": {}}
    for name, table in peers_of(args.peer).items():
        table = np.asarray(table, dtype=np.float64).reshape(ours.shape)
        got = np.round(table) if args.round else table
        bad = ~((got == ours) | (np.isinf(got) & np.isinf(ours)))
        rec = {"mismatches": int(bad.sum()), "entries": int(bad.size),
               "max_abs_diff_before_rounding": float(np.max(np.abs(np.where(np.isfinite(ours), table - ours, 0)))),
               "max_distance": float(ours[np.isfinite(ours)].max())}
        if bad.any():
            i, j = np.argwhere(bad)[0]
            rec["first"] = {"row": int(i), "col": int(j), "ours": float(ours[i, j]), "peer": float(table[i, j])}
        out["peers"][name] = rec
    print(json.dumps(out), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("scipy")
    p.add_argument("graph")
    p.add_argument("--sources", required=True)
    p.add_argument("--out", required=True)
    p = sub.add_parser("networkit")
    p.add_argument("graph")
    p.add_argument("--sources", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--no-dijkstra", action="store_true")
    p = sub.add_parser("networkit-diameter")
    p.add_argument("graph")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--eccentricity", nargs="*")
    p = sub.add_parser("check-rows")
    p.add_argument("ours")
    p.add_argument("--sources", required=True)
    p.add_argument("--peer", action="append", required=True)
    p = sub.add_parser("check-table")
    p.add_argument("ours")
    p.add_argument("--peer", action="append", required=True)
    p.add_argument("--round", action="store_true")
    args = ap.parse_args()
    {"scipy": scipy_rows, "networkit": networkit_rows, "networkit-diameter": networkit_diameter,
     "check-rows": check_rows, "check-table": check_table}[args.cmd](args)


if __name__ == "__main__":
    main()
