"""NetworKit's answers to the sparse engine's questions, timed in-process
(bench/sparse_race.py runs it with the venv's python, beside sparse_bench).

  networkit_peer.py GRAPH --what diameter|median|median-cut|eccentricities [--threads T] [--sample S] [--weighted]

GRAPH: a PACE/DIMACS .gr (.gz too; 'p' line, then 'u v' or 'a u v w' lines,
1-based, one line per undirected edge). One JSON line: what, seconds (the
algorithm only, after reading), and the answer in the input's labels.
eccentricities: NetworKit has no all-vertex call, so Eccentricity.getValue
on S evenly spaced vertices, timed, with the whole-graph time extrapolated
(n / S times) and marked so. median: TopCloseness(k=1) with both heuristics
(BFSbound, as NetworKit's documentation advises for street networks);
median-cut: with the second off (BFScut), the other variant of the paper.
"""
import argparse
import gzip
import json
import sys
import time

import networkit as nk


def read_graph(path, weighted):
    opener = gzip.open if path.endswith(".gz") else open
    g = None
    with opener(path, "rt") as f:
        for line in f:
            parts = line.split()
            if not parts or parts[0] in ("c", "#", "%"):
                continue
            if parts[0] == "p":
                g = nk.Graph(int(parts[2]), weighted=weighted, directed=False)
                continue
            if parts[0] == "a":
                parts = parts[1:]
            u, v = int(parts[0]) - 1, int(parts[1]) - 1
            if weighted:
                g.addEdge(u, v, float(parts[2]))
            else:
                g.addEdge(u, v)
    return g


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("graph")
    ap.add_argument("--what", required=True, choices=["diameter", "median", "median-cut", "eccentricities"])
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--sample", type=int, default=1000)
    ap.add_argument("--weighted", action="store_true")
    args = ap.parse_args()
    nk.setNumberOfThreads(args.threads)
    g = read_graph(args.graph, args.weighted)
    out = {"peer": "networkit " + nk.__version__, "what": args.what, "n": g.numberOfNodes(),
           "threads": nk.getMaxNumberOfThreads()}
    t = time.perf_counter()
    if args.what == "diameter":
        d = nk.distance.Diameter(g, algo=nk.distance.DiameterAlgo.EXACT)
        d.run()
        out["diameter"] = d.getDiameter()[0]
    elif args.what in ("median", "median-cut"):
        # Street networks: both heuristics on, as NetworKit's documentation advises.
        c = nk.centrality.TopCloseness(g, k=1, first_heu=True, sec_heu=args.what == "median")
        c.run()
        v = c.topkNodesList()[0]
        out["median"] = str(v + 1)
        out["total"] = (g.numberOfNodes() - 1) / c.topkScoresList()[0]
    else:
        n = g.numberOfNodes()
        step = max(1, n // args.sample)
        vertices = list(range(0, n, step))[: args.sample]
        top = 0
        for v in vertices:
            top = max(top, nk.distance.Eccentricity.getValue(g, v)[1])
        out["sampled_vertices"] = len(vertices)
        out["sample_max_eccentricity"] = top
        out["extrapolated"] = True
    out["seconds"] = time.perf_counter() - t
    if args.what == "eccentricities":
        out["sample_seconds"] = out["seconds"]
        out["seconds"] = out["seconds"] * g.numberOfNodes() / out["sampled_vertices"]
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    sys.exit(main())
