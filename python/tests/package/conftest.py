"""Shared graphs for the package tests, each with SciPy's answer as the reference."""
import numpy as np
import pytest


def random_digraph(n, m, seed, low=1, high=20, negative=False):
    """Edge arrays of a random directed graph (duplicates possible). negative=True shifts the
    weights by vertex potentials, so some arcs are negative but no cycle is."""
    rng = np.random.default_rng(seed)
    src = rng.integers(0, n, m)
    dst = rng.integers(0, n, m)
    keep = src != dst
    src, dst = src[keep], dst[keep]
    w = rng.integers(low, high, len(src)).astype(np.int64)
    if negative:
        pot = rng.integers(0, 15, n)
        w = w + pot[src] - pot[dst]
    return src, dst, w


def scipy_distances(n, src, dst, w, directed=True):
    """SciPy's shortest paths on the arcs, the least weight of parallel arcs (gdist's default)."""
    from scipy.sparse import csr_array
    from scipy.sparse.csgraph import shortest_path

    dense = np.full((n, n), np.inf)
    np.minimum.at(dense, (src, dst), w.astype(np.float64))
    if not directed:
        dense = np.minimum(dense, dense.T)
    ii, jj = np.nonzero(np.isfinite(dense))
    graph = csr_array((dense[ii, jj], (ii, jj)), shape=(n, n))
    # Explicit zeros are arcs for csgraph only in a sparse input; none here (weights >= 1 or shifted).
    return shortest_path(graph, method="auto", directed=True)


@pytest.fixture
def digraph():
    n = 60
    src, dst, w = random_digraph(n, 300, seed=3)
    return n, src, dst, w
