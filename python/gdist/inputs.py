"""Every graph gdist takes from Python, as the library's own graph (gdist._gdist.Graph).

Accepted (no file needed):
  - a NetworkX graph (weights from the edge attribute `weight`, 1 where it is missing;
    weight=None: every edge weighs 1); its nodes are the labels;
  - a SciPy sparse matrix or array (CSR, COO, ...): every stored entry is an arc row -> column,
    explicit zeros included (as scipy.sparse.csgraph reads them); directed=False: both ways;
  - a dense NumPy matrix: an arc i -> j wherever the entry is nonzero and finite (SciPy's
    dense convention: 0, inf and NaN mean "no edge");
  - edge arrays (src, dst, w) or (src, dst): src and dst integer vertex indices 0..n-1 (labels
    names them) or any labels (numbers or strings, then numbered in sorted order);
  - a path (str or os.PathLike) to any graph file the tools read (DIMACS .gr, edge lists, Matrix
    Market, METIS, ...; .gz too), or a .gdm adjacency matrix (gconvert's output).
Conversions are vectorised (no Python loop over the edges), except for NetworkX multigraphs.
"""
import os

import numpy as np

from . import _gdist
from .gdm import MAGIC, GdmFile


class Input:
    """The library's graph and the labels Python shows for its vertices."""

    def __init__(self, graph, labels):
        self.graph = graph
        self.labels = labels  # a list, one Python object per vertex


def _labels_of(graph):
    got = graph.labels
    if isinstance(got, tuple):  # a range: base, n
        base, n = got
        return list(range(base, base + n))
    return list(got)


def _weights(w, m):
    if w is None:
        return np.ones(m, dtype=np.int64)
    w = np.asarray(w)
    if w.shape != (m,):
        raise ValueError(f"weights have shape {w.shape}, expected ({m},)")
    if w.dtype.kind in "biu":
        if w.dtype.kind == "u" and m and w.max() > np.iinfo(np.int64).max:
            raise ValueError("weights past the largest int64")
        return np.ascontiguousarray(w, dtype=np.int64)
    if w.dtype.kind == "f":
        return np.ascontiguousarray(w, dtype=np.float64)
    raise ValueError(f"weights must be numbers, not {w.dtype}")


def from_edges(src, dst, w=None, n=None, labels=None, directed=True):
    """Edge arrays -> Input. src/dst: vertex indices (with n and labels optional), or labels."""
    src, dst = np.asarray(src), np.asarray(dst)
    if src.shape != dst.shape or src.ndim != 1:
        raise ValueError(f"src and dst must be 1-D arrays of one length, not {src.shape} and {dst.shape}")
    if src.dtype.kind not in "iu" or dst.dtype.kind not in "iu":
        if labels is not None or n is not None:
            raise ValueError("src and dst are labels here (not integers): leave n and labels out")
        names, inverse = np.unique(np.concatenate([src, dst]), return_inverse=True)
        labels = names.tolist()
        n = len(labels)
        src, dst = inverse[: len(src)], inverse[len(src):]
    if n is None:
        n = len(labels) if labels is not None else (int(max(src.max(), dst.max())) + 1 if len(src) else 0)
    names = None if labels is None else [str(x) for x in labels]
    graph = _gdist.graph_from_edges(n, np.ascontiguousarray(src, dtype=np.int64),
                                    np.ascontiguousarray(dst, dtype=np.int64), _weights(w, len(src)),
                                    bool(directed), names)
    return Input(graph, list(labels) if labels is not None else _labels_of(graph))


def from_scipy(a, directed=True, labels=None):
    coo = a.tocoo()
    if coo.shape[0] != coo.shape[1]:
        raise ValueError(f"an adjacency matrix must be square, not {coo.shape[0]} x {coo.shape[1]}")
    return from_edges(coo.row, coo.col, coo.data, n=coo.shape[0], labels=labels, directed=directed)


def from_dense(a, directed=True, labels=None):
    a = np.asarray(a)
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ValueError(f"an adjacency matrix must be square, not of shape {a.shape}")
    edge = a != 0
    if a.dtype.kind == "f":
        edge &= np.isfinite(a)
    src, dst = np.nonzero(edge)
    return from_edges(src, dst, a[src, dst], n=a.shape[0], labels=labels, directed=directed)


def is_matrix_file(path):
    """True for a gdist matrix file (.gdm: adjacency or distances), which ReadGraph does not read."""
    try:
        with open(path, "rb") as f:
            return f.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


def from_adjacency_file(path):
    """A .gdm adjacency matrix (gconvert's output) -> Input: an arc wherever i != j and the entry
    is below the file's INF, as gapsp reads it."""
    m = GdmFile(path)
    if m.kind != "adjacency" or m.rectangular:
        raise ValueError(f"{path}: a distance matrix, not a graph: pass it to gdist.metrics or the siting calls")
    edge = m.matrix < m.inf
    np.fill_diagonal(edge, False)
    src, dst = np.nonzero(edge)
    return from_edges(src, dst, np.asarray(m.matrix[src, dst]), n=m.n, labels=m.labels, directed=m.directed)


def from_networkx(g, weight="weight"):
    import networkx as nx

    nodes = list(g.nodes())
    if g.is_multigraph():
        # Parallel edges: the least weight counts (to_scipy_sparse_array would add them up).
        index = {v: i for i, v in enumerate(nodes)}
        edges = list(g.edges(data=weight, default=1)) if weight is not None else [(u, v, 1) for u, v in g.edges()]
        src = np.fromiter((index[u] for u, _, _ in edges), dtype=np.int64, count=len(edges))
        dst = np.fromiter((index[v] for _, v, _ in edges), dtype=np.int64, count=len(edges))
        w = np.array([x for _, _, x in edges])
    elif not nodes:  # to_scipy_sparse_array refuses a graph without nodes
        src = dst = np.zeros(0, dtype=np.int64)
        w = np.zeros(0)
    else:
        a = nx.to_scipy_sparse_array(g, nodelist=nodes, weight=weight, format="coo")
        src, dst, w = a.row, a.col, a.data
        if not g.is_directed():  # the array holds both directions: keep each edge once
            keep = src <= dst
            src, dst, w = src[keep], dst[keep], w[keep]
    return from_edges(src, dst, w, n=len(nodes), labels=nodes, directed=g.is_directed())


def as_input(g, weight="weight", directed=None, labels=None):
    """Any accepted graph -> Input (see the module's docstring)."""
    if isinstance(g, Input):
        return g
    if isinstance(g, _gdist.Graph):
        return Input(g, _labels_of(g))
    if isinstance(g, (str, os.PathLike)):
        if is_matrix_file(g):
            return from_adjacency_file(os.fspath(g))
        graph = _gdist.graph_from_file(os.fspath(g), undirected=directed is False)
        return Input(graph, _labels_of(graph))
    if type(g).__module__.startswith("networkx"):
        if directed is not None or labels is not None:
            raise ValueError("a NetworkX graph brings its own direction and labels")
        return from_networkx(g, weight=weight)
    if isinstance(g, tuple) and len(g) in (2, 3):
        return from_edges(*g, labels=labels, directed=directed is not False)
    if hasattr(g, "tocoo") and hasattr(g, "nnz"):
        return from_scipy(g, directed=directed is not False, labels=labels)
    if isinstance(g, np.ndarray):
        return from_dense(g, directed=directed is not False, labels=labels)
    raise TypeError(f"gdist takes a NetworkX graph, a SciPy sparse matrix, a NumPy matrix, edge arrays "
                    f"(src, dst, w) or a graph file path, not {type(g).__name__}")
