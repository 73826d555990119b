#!/usr/bin/env python3
"""Write a random directed graph as an arc file (format: bench/peers/arc_file.hpp).

usage: make_graph.py N OUT [--arcs M] [--seed S] [--max-weight W]
Default M = N*N // 10 distinct arcs, no self-loops, integer weights 0..W (W = 1000).
"""
import argparse

import numpy as np


def main():
    p = argparse.ArgumentParser()
    p.add_argument("n", type=int)
    p.add_argument("out")
    p.add_argument("--arcs", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-weight", type=int, default=1000)
    a = p.parse_args()
    n = a.n
    m = a.arcs if a.arcs is not None else n * n // 10
    rng = np.random.default_rng(a.seed)
    # Distinct (tail, head) pairs off the diagonal: draw from the n*(n-1) slots.
    slots = rng.choice(n * (n - 1), size=m, replace=False)
    tail = slots // (n - 1)
    head = slots % (n - 1)
    head = head + (head >= tail)
    weight = rng.integers(0, a.max_weight + 1, size=m)
    rec = np.empty((m, 3), dtype="<i4")
    rec[:, 0], rec[:, 1], rec[:, 2] = tail, head, weight
    with open(a.out, "wb") as f:
        f.write(np.array([n], dtype="<i4").tobytes())
        f.write(np.array([m], dtype="<i8").tobytes())
        f.write(rec.tobytes())


if __name__ == "__main__":
    main()
