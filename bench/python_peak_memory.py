#!/usr/bin/env python3
"""Zero copy from gdist.apsp to NumPy (issue #25: "a 32768 x 32768 result does not double the
process's peak memory"): the peak RSS of a fresh process around gdist.apsp against the
matrix's own size.

usage: python bench/python_peak_memory.py [--sizes 8192,16384,32768] [--degree 3] [--threads 0]
(with the gdist package installed: pip install .; SciPy for the spot check of rows)

For each n, a new Python process builds a directed graph as edge arrays: the ring i -> i+1
(every vertex reached) plus (degree - 1) * n random arcs, every arc of weight 1 (weight=None),
m = degree * n; then D = gdist.apsp((src, dst), weight=None). It reports the peak RSS
(resource.getrusage ru_maxrss) before the call and after it, the matrix's bytes, the peak's
growth over the matrix's bytes (1.0: the matrix alone; 2.0: a second copy at some point), the
plan's engine and the time; whether np.asarray(D.matrix) is the same memory (same data pointer,
np.shares_memory, D.matrix does not own its data); and two rows against SciPy's BFS.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time


def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(n, degree, threads):
    import numpy as np
    from scipy.sparse import csr_array
    from scipy.sparse.csgraph import shortest_path

    import gdist

    rng = np.random.default_rng(1)
    extra = (degree - 1) * n
    src = np.concatenate([np.arange(n), rng.integers(0, n, extra)])
    dst = np.concatenate([(np.arange(n) + 1) % n, rng.integers(0, n, extra)])
    before = peak_mb()
    t = time.perf_counter()
    D = gdist.apsp((src, dst), weight=None, directed=True, threads=threads)
    seconds = time.perf_counter() - t
    after = peak_mb()
    m = D.matrix
    a = np.asarray(m)
    same = {
        "same_pointer": a.__array_interface__["data"][0] == m.__array_interface__["data"][0],
        "shares_memory": bool(np.shares_memory(a, m)),
        "matrix_owns_data": bool(m.flags.owndata),
        "asarray_is_matrix": a is m,
    }
    g = csr_array((np.ones(src.size), (src, dst)), shape=(n, n))
    rows = [0, n // 2]
    ref = shortest_path(g, indices=rows, unweighted=True)
    rows_equal = bool(np.array_equal(m[rows].astype(np.float64), ref))  # the ring: every pair reachable
    print(json.dumps({
        "n": n, "m": int(src.size), "dtype": m.dtype.name, "matrix_mb": m.nbytes / 2**20, "seconds": seconds,
        "peak_before_mb": before, "peak_after_mb": after, "engine": D.plan["engine"], "backend": D.plan["backend"],
        "reasons": D.plan["reasons"], "rows_equal_scipy": rows_equal, **same,
    }))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="8192,16384,32768")
    ap.add_argument("--degree", type=int, default=3)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--child", type=int)
    a = ap.parse_args()
    if a.child:
        child(a.child, a.degree, a.threads)
        return
    print(f"`{os.path.basename(sys.executable)} {' '.join(sys.argv)}`, load average {os.getloadavg()[0]:.1f} at the start")
    print()
    print("| n | m | dtype | matrix MiB | apsp s | peak RSS before MiB | after MiB | growth / matrix | engine "
          "| asarray same pointer | shares_memory | matrix owns data | rows = SciPy |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|---|---|---|---|---|")
    for n in [int(x) for x in a.sizes.split(",")]:
        out = subprocess.run([sys.executable, __file__, "--child", str(n), "--degree", str(a.degree),
                              "--threads", str(a.threads)], capture_output=True, text=True)
        if out.returncode != 0:
            print(f"| {n} | failed: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else out.returncode} |")
            continue
        r = json.loads(out.stdout.strip().splitlines()[-1])
        growth = (r["peak_after_mb"] - r["peak_before_mb"]) / r["matrix_mb"]
        yn = lambda b: "yes" if b else "no"  # noqa: E731
        print(f"| {n} | {r['m']} | {r['dtype']} | {r['matrix_mb']:.0f} | {r['seconds']:.2f} | {r['peak_before_mb']:.0f} "
              f"| {r['peak_after_mb']:.0f} | {growth:.3f} | {r['engine']} ({r['backend']}) | {yn(r['same_pointer'])} "
              f"| {yn(r['shares_memory'])} | {yn(r['matrix_owns_data'])} | {yn(r['rows_equal_scipy'])} |", flush=True)
        print(f"  plan: {'; '.join(r['reasons'])}", file=sys.stderr)
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
