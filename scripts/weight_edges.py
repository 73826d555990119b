#!/usr/bin/python3
"""Deterministic per-edge weights for an unweighted road graph.

Reads a PACE 2016 / DIMACS-style edge file (`p tw N M` or `p sp N M`, then
`u v` or `a u v [w]` lines; .gz too) and writes a DIMACS .gr with one `a u v w`
line per input edge, w = 1 + splitmix64(min(u,v) << 32 | max(u,v)) mod MAX
(default 1000): the same edge always gets the same weight, whichever way it is
written and on any machine. Each edge is written once: read the output with
`--undirected`.

  scripts/weight_edges.py NY.gr.gz NY-w.gr [--max 1000]
"""
import argparse
import gzip
import sys

MASK = (1 << 64) - 1


def splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def edge_weight(u, v, top):
    a, b = min(u, v), max(u, v)
    return 1 + splitmix64((a << 32) | b) % top


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--max", type=int, default=1000, help="weights are 1..MAX")
    args = ap.parse_args()
    if args.max < 1:
        sys.exit("weight_edges.py: --max must be at least 1")
    opener = gzip.open if args.input.endswith(".gz") else open
    n = None
    edges = []
    with opener(args.input, "rt") as f:
        for lineno, line in enumerate(f, 1):
            parts = line.split()
            if not parts or parts[0] in ("c", "#", "%"):
                continue
            if parts[0] == "p":
                n = int(parts[2])
                continue
            if parts[0] == "a":
                parts = parts[1:]
            try:
                u, v = int(parts[0]), int(parts[1])
            except (ValueError, IndexError):
                sys.exit(f"weight_edges.py: {args.input}:{lineno}: expected 'u v'")
            edges.append((u, v))
    if n is None:
        sys.exit(f"weight_edges.py: {args.input}: no 'p' line")
    tmp = args.output + ".tmp-weights"
    with open(tmp, "w") as out:
        out.write(f"c {args.input} with weights 1 + splitmix64(min<<32|max) mod {args.max}; read with --undirected\n")
        out.write(f"p sp {n} {len(edges)}\n")
        out.writelines(f"a {u} {v} {edge_weight(u, v, args.max)}\n" for u, v in edges)
    import os
    os.replace(tmp, args.output)


if __name__ == "__main__":
    main()
