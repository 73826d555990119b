"""pandana's contraction hierarchy on a weighted road graph: a k x t table
by Network.shortest_path_lengths, for bench/road_race.py (run with
bench/.venv's python and OMP_NUM_THREADS set; one JSON line).

  pandana_peer.py GRAPH --sources S.txt --targets T.txt --out table.npy [--scale S]

GRAPH: a DIMACS .gr ('a u v w' lines, 1-based labels, each undirected edge
once: scripts/weight_edges.py), read as bench/peers/road_peers.py reads it.
Nodes are the labels 1..n (coordinates 0: pandana's CH never uses them),
twoway=True. Timed apart: build_s, pandana.Network(...) (its CH preprocessing,
on OMP_NUM_THREADS threads), and query_s, one shortest_path_lengths call on
the k x t pairs (every source with every target, k * t pairs, source-major),
as pandana's users ask for a table. The lengths are saved as a k x t float64
table (np.inf where pandana reports its "unconnected" value). Two JSON lines:
the build's as soon as it is done, then the whole run's.

pandana stores a weight as an unsigned 32-bit integer, weight x 1000
(truncated), so a path longer than 4,294,967.295 units overflows. --scale S
hands it (w + S / 2000) / S instead (inside: w x 1000 / S + 0.5, truncated
to w x 1000 / S exactly, for S dividing 1000) and multiplies the answers by S: for graphs whose
distances pass that bound; the JSON says which scale ran.
"""
import argparse
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from road_peers import read_gr, read_labels  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("graph")
    ap.add_argument("--sources", required=True)
    ap.add_argument("--targets", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--scale", type=int, default=1)
    args = ap.parse_args()
    import pandas as pd
    import pandana

    n, u, v, w = read_gr(args.graph)
    if args.scale != 1:
        w = (w + args.scale / 2000.0) / args.scale
    ids = np.arange(1, n + 1, dtype=np.int64)
    zero = pd.Series(np.zeros(n), index=ids)
    t = time.perf_counter()
    net = pandana.Network(zero, zero, pd.Series(u + 1), pd.Series(v + 1), pd.DataFrame({"w": w}), twoway=True)
    build = time.perf_counter() - t
    # A line now, so a harness that stops the queries still learns the build time.
    print(json.dumps({"peer": "pandana " + pandana.__version__, "what": "build", "n": n, "build_s": build}),
          flush=True)
    sources = np.array(read_labels(args.sources), dtype=np.int64)
    targets = np.array(read_labels(args.targets), dtype=np.int64)
    a = np.repeat(sources, len(targets))
    b = np.tile(targets, len(sources))
    t = time.perf_counter()
    lens = net.shortest_path_lengths(a, b, imp_name="w")
    query = time.perf_counter() - t
    table = np.asarray(lens, dtype=np.float64)
    unconnected = table == 4294967.295
    table = table * args.scale
    table[unconnected] = np.inf
    np.save(args.out, table.reshape(len(sources), len(targets)))
    print(json.dumps({"peer": "pandana " + pandana.__version__, "what": "table", "n": n,
                      "sources": len(sources), "targets": len(targets), "pairs": int(len(a)),
                      "build_s": build, "query_s": query, "scale": args.scale,
                      "unconnected": int(unconnected.sum()),
                      "threads": os.environ.get("OMP_NUM_THREADS", "")}), flush=True)


if __name__ == "__main__":
    main()
