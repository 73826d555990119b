"""The siting models against a brute force over every set of sites on small instances."""
import itertools

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
