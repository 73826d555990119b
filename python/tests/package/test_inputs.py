"""Every input kind gives SciPy's distances, with its labels."""
import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

import gdist
from conftest import random_digraph, scipy_distances


def test_edge_arrays(digraph):
    n, src, dst, w = digraph
    d = gdist.apsp((src, dst, w))
    assert d.matrix.shape == (n, n)
    np.testing.assert_array_equal(d.to_float(), scipy_distances(n, src, dst, w))
    assert d.labels == list(range(n))


def test_float_weights(digraph):
    n, src, dst, w = digraph
    wf = w / 7.0
    d = gdist.apsp((src, dst, wf))
    assert d.matrix.dtype == np.float64
    np.testing.assert_allclose(d.to_float(), scipy_distances(n, src, dst, wf), rtol=1e-12)


def test_edge_arrays_with_labels_and_label_arrays():
    src = np.array(["a", "b", "c", "a"])
    dst = np.array(["b", "c", "d", "d"])
    w = np.array([1, 2, 3, 10])
    d = gdist.apsp((src, dst, w), paths=True)
    assert d.labels == ["a", "b", "c", "d"]
    assert d.matrix[d.index("a"), d.index("d")] == 6
    assert d.route("a", "d") == ["a", "b", "c", "d"]
    assert d.route("d", "a") is None
    names = ["x0", "x1", "x2"]
    e = gdist.apsp((np.array([0, 1]), np.array([1, 2]), np.array([4, 5])), labels=names)
    assert e.labels == names and e.matrix[e.index("x0"), e.index("x2")] == 9


@pytest.mark.parametrize("fmt", ["csr", "coo"])
def test_scipy_sparse(digraph, fmt):
    n, src, dst, w = digraph
    a = sp.coo_array((w, (src, dst)), shape=(n, n)).asformat(fmt)
    # SciPy sums duplicate entries of a COO matrix when it converts it: compare on the summed matrix.
    summed = a.tocsr()
    summed.sum_duplicates()
    ref = shortest_path(summed, directed=True)
    np.testing.assert_array_equal(gdist.apsp(summed).to_float(), ref)
    ref_u = shortest_path(summed, directed=False)
    np.testing.assert_array_equal(gdist.apsp(summed, directed=False).to_float(), ref_u)


def test_dense_numpy(digraph):
    n, src, dst, w = digraph
    dense = np.full((n, n), np.inf)
    np.minimum.at(dense, (src, dst), w.astype(float))
    dense[~np.isfinite(dense)] = 0  # SciPy's dense convention: 0 is no edge
    np.testing.assert_array_equal(gdist.apsp(dense).to_float(), shortest_path(dense, directed=True))


def test_networkx_weight_attribute_and_labels():
    g = nx.DiGraph()
    rng = np.random.default_rng(5)
    names = [f"v{i}" for i in range(40)]
    g.add_nodes_from(names)
    for _ in range(200):
        u, v = rng.choice(names, 2, replace=False)
        g.add_edge(u, v, length=int(rng.integers(1, 30)))
    d = gdist.apsp(g, weight="length")
    assert d.labels == names
    ref = dict(nx.all_pairs_dijkstra_path_length(g, weight="length"))
    for u in names:
        for v in names:
            got = d.matrix[d.index(u), d.index(v)]
            if v in ref[u]:
                assert got == ref[u][v]
            else:
                assert not d.reachable()[d.index(u), d.index(v)]
    hops = gdist.apsp(g, weight=None)
    ref_hops = dict(nx.all_pairs_shortest_path_length(g))
    assert all(hops.matrix[hops.index(u), hops.index(v)] == ref_hops[u][v] for u in names for v in ref_hops[u])


def test_networkx_undirected_and_multigraph():
    g = nx.gnm_random_graph(50, 150, seed=2)
    for u, v in g.edges:
        g[u][v]["weight"] = (u * 13 + v * 7) % 9 + 1
    d = gdist.apsp(g)
    assert not d.directed
    np.testing.assert_array_equal(d.to_float(), nx.floyd_warshall_numpy(g, nodelist=list(g.nodes)))
    mg = nx.MultiGraph(g)
    u, v = next(iter(g.edges))
    mg.add_edge(u, v, weight=100)  # a parallel edge: the least weight counts
    np.testing.assert_array_equal(gdist.apsp(mg).to_float(), d.to_float())


def test_graph_file(tmp_path, digraph):
    n, src, dst, w = digraph
    path = tmp_path / "g.gr"
    with open(path, "w") as f:
        f.write(f"p sp {n} {len(src)}\n")
        for a, b, x in zip(src, dst, w):
            f.write(f"a {a + 1} {b + 1} {x}\n")
    d = gdist.apsp(str(path))
    assert d.labels == list(range(1, n + 1))  # DIMACS numbers vertices from 1
    np.testing.assert_array_equal(d.to_float(), scipy_distances(n, src, dst, w))
    assert d.matrix[d.index(1), d.index(n)] == d.matrix[0, n - 1]


def test_graph_reused_across_calls(digraph):
    n, src, dst, w = digraph
    g = gdist.graph((src, dst, w))
    np.testing.assert_array_equal(gdist.apsp(g).to_float(), gdist.apsp((src, dst, w)).to_float())


def test_bad_inputs():
    with pytest.raises(TypeError):
        gdist.apsp(42)
    with pytest.raises(gdist.Error, match="edge arrays:2: source vertex 5 is not a vertex index"):
        gdist.apsp((np.array([0, 5]), np.array([1, 1]), np.array([1, 1])), labels=["a", "b"])
    with pytest.raises(gdist.Error, match="edge arrays:1: weight nan"):
        gdist.apsp((np.array([0]), np.array([1]), np.array([np.nan])))


def test_empty_and_edgeless_graphs():
    assert gdist.apsp(nx.Graph()).n == 0
    assert gdist.metrics(nx.Graph())["n"] == 0
    d = gdist.apsp(nx.empty_graph(3))
    np.testing.assert_array_equal(d.to_float(), shortest_path(np.zeros((3, 3))))
