"""The models of gcenter's issue #26 from Python (backup_cover, p_dispersion, facility_location,
the capacitated p_median) against a brute force over every choice of sites and assignments."""
import itertools

import numpy as np
import pytest

import gdist
from test_siting import small_instance


def twice_covered(dist, sites, radius, weights):
    """The weight covered twice by `sites`, or None when a demand is not covered at all."""
    count = (dist[list(sites)] <= radius).sum(axis=0)
    return None if (count == 0).any() else float(weights[count >= 2].sum())


def test_backup_cover_matches_brute_force():
    d, dist = small_instance()
    n = dist.shape[0]
    weights = np.arange(1, n + 1, dtype=float)
    radius = float(np.percentile(dist, 30))
    fewest = next(k for k in range(1, n + 1)
                  if any(twice_covered(dist, s, radius, weights) is not None
                         for s in itertools.combinations(range(n), k)))
    for p in (fewest, fewest + 1):
        best = max(v for s in itertools.combinations(range(n), p)
                   if (v := twice_covered(dist, s, radius, weights)) is not None)
        got = gdist.backup_cover(d, radius, p, weights=weights, exact=True)
        assert got.optimal and got.objective == best and got.bound == best
        assert len(got.sites) == p and twice_covered(dist, got.site_indices, radius, weights) == best
    lscpb = gdist.backup_cover(d, radius, weights=weights, exact=True)  # p = 0: the LSCP minimum
    assert len(lscpb.sites) == fewest
    with pytest.raises(gdist.Error, match="infeasible"):
        gdist.backup_cover(d, radius, fewest - 1, exact=True)


def test_p_dispersion_matches_brute_force():
    d, dist = small_instance()
    n = dist.shape[0]
    for p in (2, 3, 4):
        best = max(min(dist[a, b] for a, b in itertools.combinations(s, 2))
                   for s in itertools.combinations(range(n), p))
        got = gdist.p_dispersion(d, p, exact=True)
        assert got.optimal and got.objective == best and len(got.sites) == p
        assert min(dist[a, b] for a, b in itertools.combinations(got.site_indices, 2)) == best


def brute_location(dist, candidates, weights, opening, capacity, counts):
    """The least opening + assignment cost over every set of candidates (of a size in `counts`)
    and every single-source assignment of the demands to it within the capacities."""
    n = dist.shape[1]
    best = None
    for k in counts:
        for sites in itertools.combinations(candidates, k):
            if capacity is None:  # each demand to its nearest site
                value = sum(opening[s] for s in sites) + float((weights * dist[list(sites)].min(axis=0)).sum())
                best = value if best is None else min(best, value)
                continue
            for choice in itertools.product(sites, repeat=n):
                load = {s: 0.0 for s in sites}
                for u, s in enumerate(choice):
                    load[s] += weights[u]
                if capacity is not None and any(load[s] > capacity[s] for s in sites):
                    continue
                value = sum(opening[s] for s in sites) + sum(weights[u] * dist[s, u] for u, s in enumerate(choice))
                best = value if best is None else min(best, value)
    return best


def test_facility_location_matches_brute_force():
    d, dist = small_instance(n=7, seed=3)
    n = dist.shape[0]
    rng = np.random.default_rng(7)
    weights = rng.integers(1, 6, n).astype(float)
    opening = {v: float(rng.integers(5, 60)) for v in range(n)}
    got = gdist.facility_location(d, opening, weights=weights, exact=True)
    best = brute_location(dist, range(n), weights, opening, None, range(1, n + 1))
    assert got.optimal and got.objective == best
    # Capacitated, on four candidates: the brute force tries every single-source assignment.
    candidates = [0, 2, 4, 6]
    capacity = {v: float(rng.integers(6, 14)) for v in candidates}
    assert sum(capacity.values()) >= weights.sum()
    got = gdist.facility_location(d, opening, capacities=capacity, candidates=candidates, weights=weights,
                                  exact=True)
    best = brute_location(dist, candidates, weights, opening, capacity, range(1, len(candidates) + 1))
    assert got.optimal and got.objective == best and set(got.sites) <= set(candidates)
    with pytest.raises(gdist.Error, match="opening cost"):
        gdist.facility_location(d, {0: 1.0}, exact=True)  # the other candidates have none


def test_capacitated_p_median_matches_brute_force():
    d, dist = small_instance(n=7, seed=3)
    n = dist.shape[0]
    weights = np.array([3, 1, 4, 1, 5, 2, 6], dtype=float)
    candidates = [1, 3, 5, 6]
    capacity = np.zeros(n)
    capacity[candidates] = [9, 12, 8, 11]
    zero = {v: 0.0 for v in range(n)}
    for p in (2, 3):
        got = gdist.p_median(d, p, capacities=capacity, candidates=candidates, weights=weights, exact=True)
        best = brute_location(dist, candidates, weights, zero, capacity, [p])
        assert got.optimal and got.objective == best and len(got.sites) == p
        load = {s: 0.0 for s in got.sites}
        for u, s in enumerate(got.assignment["site"]):
            load[s] += weights[u]
        assert all(load[s] <= capacity[s] for s in got.sites)
    plain = gdist.p_median(d, 2, candidates=candidates, weights=weights, exact=True)
    assert plain.objective <= gdist.p_median(d, 2, capacities=capacity, candidates=candidates, weights=weights,
                                             exact=True).objective
