"""The siting models against a brute force over every set of sites on small instances."""
import itertools

import networkx as nx
import numpy as np
import pytest

import gdist


def small_instance(n=14, seed=4):
    rng = np.random.default_rng(seed)
    src = rng.integers(0, n, 4 * n)
    dst = rng.integers(0, n, 4 * n)
    keep = src != dst
    d = gdist.apsp((src[keep], dst[keep], rng.integers(1, 40, keep.sum())), directed=False)
    return d, d.to_float()


def brute(dist, p, weights, cost):
    best = None
    for sites in itertools.combinations(range(dist.shape[0]), p):
        value = cost(dist[list(sites)].min(axis=0), weights)
        if best is None or value < best:
            best = value
    return best


def median_cost(nearest, weights):
    return float((nearest * weights).sum())


def center_cost(nearest, weights):
    return float(nearest[weights > 0].max())


@pytest.mark.parametrize("p", [1, 2, 3])
def test_p_median_matches_brute_force(p):
    d, dist = small_instance()
    weights = np.arange(1, dist.shape[0] + 1, dtype=float)
    best = brute(dist, p, weights, median_cost)
    exact = gdist.p_median(d, p, weights=weights, exact=True)
    assert exact.optimal and exact.objective == best
    assert len(exact.sites) == p
    np.testing.assert_array_equal(exact.assignment["distance"], dist[exact.site_indices].min(axis=0))
    heuristic = gdist.p_median(dist, p, weights=weights)
    assert heuristic.objective >= best
    assert heuristic.bound <= best


def test_p_median_candidates_and_labels():
    d, dist = small_instance()
    candidates = [1, 4, 6, 9]
    got = gdist.p_median(d, 2, candidates=candidates, exact=True)
    best = min(dist[list(s)].min(axis=0).sum() for s in itertools.combinations(candidates, 2))
    assert set(got.sites) <= set(candidates) and got.objective == best


def test_p_center_matches_brute_force():
    d, dist = small_instance()
    weights = np.ones(dist.shape[0])
    got = gdist.p_center(d, 2, exact=True)
    assert got.optimal and got.objective == brute(dist, 2, weights, center_cost)


def test_cover_and_max_cover():
    d, dist = small_instance()
    radius = float(np.median(dist))
    c = gdist.cover(d, radius, exact=True)
    assert (dist[c.site_indices].min(axis=0) <= radius).all()
    fewest = next(k for k in range(1, dist.shape[0] + 1)
                  if any((dist[list(s)].min(axis=0) <= radius).all()
                         for s in itertools.combinations(range(dist.shape[0]), k)))
    assert len(c.sites) == fewest
    mc = gdist.max_cover(d, radius, 1, exact=True)
    best = max((dist[v] <= radius).sum() for v in range(dist.shape[0]))
    assert mc.objective == best


def test_siting_refusals():
    d, _ = small_instance()
    with pytest.raises(gdist.Error):
        gdist.p_median(d, 2, weights=np.zeros(d.n))  # no demand
    with pytest.raises(KeyError):
        gdist.p_median(d, 2, candidates=["nowhere"])


def rows_instance(seed=5):
    """Rows of a few sources of a directed graph, with SciPy's rows as the reference."""
    from conftest import random_digraph, scipy_distances

    n = 40
    src, dst, w = random_digraph(n, 6 * n, seed=seed)
    sources = [3, 11, 17, 20, 26, 31, 38]
    ref = scipy_distances(n, src, dst, w)[sources]
    assert np.isfinite(ref).all()  # every demand reachable from every source: each set of sites serves all
    return (src, dst, w), sources, ref


def brute_rows(ref, sources, p, weights, cost):
    """The best sites among the sources (row r: from sources[r]) and its value."""
    value, sites = min((cost(ref[list(c)].min(axis=0), weights), [sources[r] for r in c])
                       for c in itertools.combinations(range(len(sources)), p))
    return value, sites


@pytest.mark.parametrize("p", [1, 2, 3])
def test_siting_on_rows_matches_brute_force(p):
    # gcenter ROWS.gdm --p-median P: the rows' sources are the candidates, every column a demand.
    graph, sources, ref = rows_instance()
    weights = np.arange(1, ref.shape[1] + 1, dtype=float)
    r = gdist.rows(graph, sources)
    best, _ = brute_rows(ref, sources, p, weights, median_cost)
    got = gdist.p_median(r, p, weights=weights, exact=True)
    assert got.optimal and got.objective == best
    assert set(got.sites) <= set(sources) and len(got.sites) == p
    rows_of = [sources.index(s) for s in got.sites]
    np.testing.assert_array_equal(got.assignment["distance"], ref[rows_of].min(axis=0))
    assert got.assignment["site"][0] in got.sites
    heuristic = gdist.p_median(r, p, weights=weights)
    assert heuristic.objective >= best and heuristic.bound <= best
    center = gdist.p_center(r, p, exact=True)
    assert center.optimal and center.objective == brute_rows(ref, sources, p, np.ones(ref.shape[1]), center_cost)[0]


def test_cover_models_on_rows():
    graph, sources, ref = rows_instance()
    r = gdist.rows(graph, sources)
    radius = float(np.percentile(ref[np.isfinite(ref)], 40))
    mc = gdist.max_cover(r, radius, 2, exact=True)
    best = max((ref[list(c)].min(axis=0) <= radius).sum() for c in itertools.combinations(range(len(sources)), 2))
    assert mc.objective == best
    # cover: the fewest sources within a radius that all of them together reach every column from
    radius = float(ref.min(axis=0).max())

    def covered(sites):
        return (ref[[sources.index(v) for v in sites]].min(axis=0) <= radius).all()

    c = gdist.cover(r, radius, exact=True)
    assert covered(c.sites)
    fewest = next(k for k in range(1, len(sources) + 1)
                  if any(covered([sources[i] for i in s]) for s in itertools.combinations(range(len(sources)), k)))
    assert len(c.sites) == fewest


def test_rows_candidates_labels_and_refusals():
    g = nx.DiGraph()
    rng = np.random.default_rng(2)
    names = [f"v{i}" for i in range(30)]
    for _ in range(150):
        a, b = rng.choice(30, 2, replace=False)
        g.add_edge(names[a], names[b], weight=int(rng.integers(1, 9)))
    sources = ["v3", "v7", "v12", "v19", "v25"]
    r = gdist.rows(g, sources)
    ref = r.to_float()
    nodes = list(g.nodes)
    cand = ["v7", "v19", "v25"]
    got = gdist.p_median(r, 2, candidates=cand, exact=True)
    expect = min(ref[[sources.index(a), sources.index(b)]].min(axis=0).sum() for a, b in itertools.combinations(cand, 2))
    assert set(got.sites) <= set(cand) and got.objective == expect
    assert got.assignment["demand"][0] == nodes[0]  # labels are the graph's nodes
    with pytest.raises(gdist.Error, match="v0"):
        gdist.p_median(r, 2, candidates=["v0", "v7"])  # v0 has no row
    with pytest.raises(gdist.Error, match='direction="in"'):
        gdist.p_median(r, 2, direction="in")  # the rows are distances from the sources
    with pytest.raises(ValueError, match="siting calls"):
        gdist.metrics(r)


def test_candidates_on_a_graph_take_their_rows_only(monkeypatch):
    """gdist.p_median(G, p, candidates=C) runs a tree per candidate and fixed site, as gcenter GRAPH
    --candidates does, never apsp's n x n matrix (direction="in" still needs the matrix); the answer
    against a brute force over SciPy's distances."""
    import scipy.sparse
    import scipy.sparse.csgraph
    rng = np.random.default_rng(9)
    n = 60
    src, dst = rng.integers(0, n, 5 * n), rng.integers(0, n, 5 * n)
    keep = src != dst
    src, dst = np.r_[src[keep], np.arange(n)], np.r_[dst[keep], (np.arange(n) + 1) % n]  # a ring: all reachable
    w = rng.integers(1, 50, len(src))
    csr = scipy.sparse.coo_matrix((w, (src, dst)), shape=(n, n)).tocsr()
    ref = scipy.sparse.csgraph.dijkstra(csr, directed=True)
    cand, fixed = [3, 11, 17, 29, 41, 52], [8]
    calls = []
    real_apsp = gdist.calls.apsp
    monkeypatch.setattr(gdist.calls, "apsp", lambda *a, **k: calls.append("apsp") or real_apsp(*a, **k))
    got = gdist.p_median(csr, 2, candidates=cand, fixed=fixed, exact=True, directed=True)
    assert calls == []  # the candidates' rows only
    best = min(ref[[a, b, *fixed]].min(axis=0).sum() for a, b in itertools.combinations(cand, 2))
    assert got.objective == best and set(got.sites) - set(fixed) <= set(cand)
    gdist.p_median(csr, 2, candidates=cand, direction="in", directed=True)
    assert calls == ["apsp"]
