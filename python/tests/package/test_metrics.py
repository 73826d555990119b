"""metrics against NetworkX on the same distances; the keys of gcenter --json."""
import networkx as nx
import numpy as np
import pytest
from scipy.sparse.csgraph import shortest_path

import gdist


@pytest.fixture
def road_like():
    g = nx.connected_watts_strogatz_graph(80, 4, 0.2, seed=7)
    for u, v in g.edges:
        g[u][v]["weight"] = (u * 31 + v * 17) % 13 + 1
    return g


def test_metrics_match_networkx(road_like):
    g = road_like
    m = gdist.metrics(g)
    ecc = nx.eccentricity(g, sp=dict(nx.all_pairs_dijkstra_path_length(g)))
    assert m["diameter"] == max(ecc.values())
    assert m["radius"] == min(ecc.values())
    center = m["center"] if isinstance(m["center"], list) else [m["center"]]
    assert sorted(center) == sorted(v for v, e in ecc.items() if e == m["radius"])
    pv = m["per_vertex"]
    nodes = list(g.nodes)
    np.testing.assert_array_equal(pv["eccentricity"], [ecc[v] for v in nodes])
    closeness = nx.closeness_centrality(g, distance="weight")
    np.testing.assert_allclose(pv["closeness"], [closeness[v] for v in nodes], rtol=1e-12)
    assert m["wiener_index"] == nx.wiener_index(g, weight="weight")
    assert m["unreachable_pairs"] == 0


def test_metrics_of_distances_array_and_apsp_result(road_like):
    d = gdist.apsp(road_like)
    from_result = gdist.metrics(d)
    from_array = gdist.metrics(d.to_float())
    for key in ("diameter", "radius", "wiener_index", "unreachable_pairs"):
        assert from_result[key] == from_array[key]
    np.testing.assert_array_equal(from_result["per_vertex"]["total"], from_array["per_vertex"]["total"])


def test_unreachable_pairs_make_the_diameter_infinite():
    inf = np.inf
    dist = np.array([[0, 1, inf], [1, 0, inf], [inf, inf, 0]])
    m = gdist.metrics(dist)
    assert m["unreachable_pairs"] == 4
    assert m["diameter"] is None  # JSON null: infinite
    assert np.isinf(m["per_vertex"]["eccentricity"]).all()
    r = gdist.metrics(dist, reachable_only=True)
    assert r["diameter"] == 1


def test_int_matrix_past_inf_is_refused():
    with pytest.raises(gdist.Error, match="no path"):
        gdist.metrics(np.array([[0, 2**31 - 1], [1, 0]], dtype=np.int32))


def test_large_sparse_graph_runs_gcenters_plan():
    # Big enough for the planner to weigh the trees against the matrix, as gcenter does.
    g = nx.connected_watts_strogatz_graph(3000, 4, 0.05, seed=1)
    for u, v in g.edges:
        g[u][v]["weight"] = (u + 7 * v) % 5 + 1
    ref = shortest_path(nx.to_scipy_sparse_array(g), directed=False)
    ecc = ref.max(axis=1)
    bounded = gdist.metrics(g, per_vertex=False)  # diameter, radius, center without every tree where it pays
    assert "per_vertex" not in bounded and bounded["plan"]["reasons"]
    assert bounded["diameter"] == ecc.max() and bounded["radius"] == ecc.min()
    assert sorted(bounded["center"]) == sorted(np.nonzero(ecc == ecc.min())[0].tolist())
    totals = ref.sum(axis=1)
    if bounded["plan"]["engine"] == "trees":  # the bounding searches: the 1-median is a search of its own
        assert bounded["median"]["total"] == totals.min() and totals[int(bounded["median"]["vertex"])] == totals.min()
        extremes = gdist.metrics(g, per_vertex=False, median=False)
        assert extremes["median"] is None
        assert (extremes["diameter"], extremes["radius"], sorted(extremes["center"])) == (
            bounded["diameter"], bounded["radius"], sorted(bounded["center"]))
    full = gdist.metrics(g)
    np.testing.assert_array_equal(full["per_vertex"]["eccentricity"], ecc)
    np.testing.assert_array_equal(full["per_vertex"]["total"], ref.sum(axis=1))


def test_per_vertex_of_a_graph_with_unreachable_pairs():
    # gcenter's per-vertex table leaves an infinite eccentricity empty: inf here, as on a matrix.
    from conftest import random_digraph, scipy_distances

    n = 80
    src, dst, w = random_digraph(n, 2 * n, seed=12)
    ref = scipy_distances(n, src, dst, w)
    assert np.isinf(ref).any()
    for algorithm in ("fw", "dijkstra"):
        pv = gdist.metrics((src, dst, w), algorithm=algorithm)["per_vertex"]
        np.testing.assert_array_equal(pv["eccentricity"], ref.max(axis=1))
        np.testing.assert_array_equal(pv["unreachable"], np.isinf(ref).sum(axis=1))
        np.testing.assert_array_equal(pv["total"], np.where(np.isfinite(ref), ref, 0).sum(axis=1))
    np.testing.assert_array_equal(gdist.metrics(gdist.apsp((src, dst, w)))["per_vertex"]["eccentricity"],
                                  ref.max(axis=1))
