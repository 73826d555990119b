"""NetworkX dispatches to gdist (the networkx.backends entry point of pyproject.toml) and gets
NetworkX's own answers: values, types, node order and exceptions."""
import networkx as nx
import numpy as np
import pytest

import gdist

pytestmark = [
    pytest.mark.skipif("gdist" not in nx.utils.backends.backends,
                       reason="the networkx.backends entry point is not installed"),
    # NetworkX's note on its cache of converted graphs; gdist's converted graph is the graph itself.
    pytest.mark.filterwarnings("ignore:Note. conversions to backend graphs:UserWarning"),
]


@pytest.fixture
def weighted():
    g = nx.connected_watts_strogatz_graph(60, 4, 0.3, seed=9)
    for u, v in g.edges:
        g[u][v]["weight"] = (3 * u + 5 * v) % 11 + 1
    return nx.relabel_nodes(g, {i: f"n{i}" for i in g})


@pytest.fixture
def directed():
    g = nx.gnm_random_graph(40, 300, seed=4, directed=True)
    for u, v in g.edges:
        g[u][v]["cost"] = (u + 2 * v) % 7 + 1
    return g


def test_floyd_warshall_numpy(weighted, directed):
    for g, w in ((weighted, "weight"), (directed, "cost"), (directed, "missing")):
        ours = nx.floyd_warshall_numpy(g, weight=w, backend="gdist")
        np.testing.assert_array_equal(ours, nx.floyd_warshall_numpy(g, weight=w))
    order = list(reversed(list(weighted)))
    np.testing.assert_array_equal(nx.floyd_warshall_numpy(weighted, nodelist=order, backend="gdist"),
                                  nx.floyd_warshall_numpy(weighted, nodelist=order))
    with pytest.raises(nx.NetworkXError, match="nodelist must contain every node"):
        nx.floyd_warshall_numpy(weighted, nodelist=order[1:], backend="gdist")


def test_all_pairs_dijkstra_path_length(directed):
    g = directed.copy()
    g.add_node("alone")  # reaches nothing, reached by nothing
    ours = dict(nx.all_pairs_dijkstra_path_length(g, weight="cost", backend="gdist"))
    theirs = dict(nx.all_pairs_dijkstra_path_length(g, weight="cost"))
    assert ours == theirs
    assert list(ours) == list(theirs)
    assert all(type(x) is int for row in ours.values() for x in row.values())


@pytest.mark.parametrize("weight", [None, "weight"])
def test_distance_measures(weighted, weight):
    for f in (nx.eccentricity, nx.diameter, nx.radius, nx.center, nx.periphery, nx.barycenter):
        ours, theirs = f(weighted, weight=weight, backend="gdist"), f(weighted, weight=weight)
        assert ours == theirs, f.__name__
        assert type(ours) is type(theirs)
    v = next(iter(weighted))
    assert nx.eccentricity(weighted, v=v, backend="gdist") == nx.eccentricity(weighted, v=v)


def test_float_weights(weighted):
    g = weighted.copy()
    for u, v in g.edges:
        g[u][v]["weight"] /= 4  # quarters: every sum exact in float64
    assert nx.eccentricity(g, weight="weight", backend="gdist") == nx.eccentricity(g, weight="weight")


def test_disconnected_graphs_raise_networkx_errors(directed):
    g = nx.Graph([(0, 1), (2, 3)])
    with pytest.raises(nx.NetworkXError, match="graph is not connected"):
        nx.diameter(g, backend="gdist")
    with pytest.raises(nx.NetworkXError, match="digraph is not strongly connected"):
        nx.eccentricity(nx.DiGraph([(0, 1)]), backend="gdist")
    with pytest.raises(nx.NetworkXNoPath):
        nx.barycenter(g, weight="weight", backend="gdist")


def test_negative_cycle_is_a_gdist_error():
    g = nx.DiGraph()
    g.add_weighted_edges_from([(0, 1, 1), (1, 2, -3), (2, 0, 1)])
    with pytest.raises(gdist.Error, match="negative cycle"):
        nx.floyd_warshall_numpy(g, backend="gdist")


def test_what_gdist_does_not_take_runs_in_networkx(weighted):
    b = nx.utils.backends._load_backend("gdist")
    assert b.can_run("diameter", (weighted,), {"weight": lambda u, v, d: 1}) is not True
    assert b.can_run("diameter", (weighted,), {"e": {}}) is not True
    assert b.can_run("diameter", (weighted,), {"weight": "weight"}) is True
    assert b.can_run("pagerank", (weighted,), {}) is False
