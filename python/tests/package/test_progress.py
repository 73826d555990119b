"""progress= on metrics and the siting models, tqdm's bar and pandas' DataFrame (and the plain
callback and dict without them), and Ctrl-C during a metrics and a siting call."""
import itertools
import os
import signal
import sys

import networkx as nx
import numpy as np
import pytest

import gdist
from conftest import random_digraph, scipy_distances


def by_task(calls):
    """The reports grouped by task, in the order the tasks first reported."""
    out = {}
    for done, total, unit, task in calls:
        out.setdefault(task, []).append((done, total, unit))
    return out


def assert_sane(calls):
    """Each task's reports count up (never back) within their total, in one unit."""
    assert calls, "the run reported"
    for task, reports in by_task(calls).items():
        dones = [d for d, _, _ in reports]
        assert dones == sorted(dones), f"{task}: {dones} goes back"
        assert len({(t, u) for _, t, u in reports}) == 1, f"{task}: one total and unit"
        total = reports[0][1]
        assert dones[0] >= 0 and (total is None or dones[-1] <= total), task


def small_metric(n=14, seed=4):
    rng = np.random.default_rng(seed)
    src, dst = rng.integers(0, n, 4 * n), rng.integers(0, n, 4 * n)
    keep = src != dst
    d = gdist.apsp((src[keep], dst[keep], rng.integers(1, 40, keep.sum())), directed=False)
    return d, d.to_float()


def best_median(dist, p, weights):
    return min(float((dist[list(s)].min(axis=0) * weights).sum())
               for s in itertools.combinations(range(dist.shape[0]), p))


def test_metrics_progress_on_a_graph():
    n = 700
    src, dst, w = random_digraph(n, 5 * n, seed=5)
    ref = scipy_distances(n, src, dst, w)
    for algorithm, unit in (("fw", "rounds"), ("dijkstra", "trees")):
        calls = []
        m = gdist.metrics((src, dst, w), algorithm=algorithm, progress=lambda *a: calls.append(a))
        assert_sane(calls)
        assert {u for _, _, u, _ in calls} == {unit}
        done, total, _, _ = calls[-1]
        assert done == total > 0, "the last report says the run is done"
        np.testing.assert_array_equal(m["per_vertex"]["eccentricity"], ref.max(axis=1))


def test_metrics_progress_of_the_bounding_searches():
    # per_vertex=False on a large sparse graph: gcenter's bounding searches, reporting the
    # vertices they settled (where the tool draws its bar).
    g = nx.connected_watts_strogatz_graph(3000, 4, 0.05, seed=1)
    calls = []
    m = gdist.metrics(g, per_vertex=False, median=False, progress=lambda *a: calls.append(a))
    assert_sane(calls)
    ecc = nx.eccentricity(g)
    assert m["diameter"] == max(ecc.values()) and m["radius"] == min(ecc.values())


def test_p_median_progress_counts_up_each_phase():
    d, dist = small_metric()
    weights = np.arange(1, d.n + 1, dtype=float)
    for exact in (False, True):
        calls = []
        s = gdist.p_median(d, 3, weights=weights, exact=exact, progress=lambda *a: calls.append(a))
        assert_sane(calls)
        tasks = by_task(calls)
        assert "p-median: local search" in tasks
        for task, reports in tasks.items():
            assert task.startswith("p-median: ")
            if task.endswith("branch and bound"):
                assert all(t is None and u == "nodes" for _, t, u in reports)
            else:
                assert all(t == 1000 and u == "permille" and 0 <= x <= 1000 for x, t, u in reports)
        assert s.objective == best_median(dist, 3, weights)


def test_max_cover_progress_of_its_local_search():
    # (p_center and cover report only from searches that large instances reach: as gcenter's bars)
    n = 60
    src, dst, w = random_digraph(n, 4 * n, seed=9)
    d = gdist.apsp((src, dst, w), directed=False)
    dist = d.to_float()
    radius = float(np.percentile(dist, 20))
    calls = []
    s = gdist.max_cover(d, radius, 3, progress=lambda *a: calls.append(a))
    assert_sane(calls)
    assert {task for _, _, _, task in calls} == {"max-cover: local search"}
    within = dist <= radius
    best = max(within[list(c)].any(axis=0).sum() for c in itertools.combinations(range(n), 3))
    assert s.objective <= best
    assert s.objective == within[s.site_indices].any(axis=0).sum()


def test_siting_on_a_graph_reports_its_distances_too():
    n = 300
    src, dst, w = random_digraph(n, 5 * n, seed=8)
    calls = []
    s = gdist.p_median((src, dst, w), 4, directed=False, progress=lambda *a: calls.append(a))
    tasks = by_task(calls)
    assert "apsp" in tasks and "p-median: local search" in tasks
    dist = scipy_distances(n, src, dst, w, directed=False)
    assert s.objective == dist[s.site_indices].min(axis=0).sum()


def test_tqdm_bar_per_task(capsys):
    import tqdm  # noqa: F401  (installed by scripts/test_python.sh)

    d, dist = small_metric()
    s = gdist.p_median(d, 2, progress=True)
    err = capsys.readouterr().err
    assert "gdist p-median: local search" in err
    assert s.objective == best_median(dist, 2, np.ones(d.n))
    gdist.metrics(nx.path_graph(50), algorithm="dijkstra", progress=True)
    assert "gdist metrics" in capsys.readouterr().err


def hide(monkeypatch, *modules):
    """Makes `import MODULE` fail, as where it is not installed."""
    for name in list(sys.modules):
        if any(name == m or name.startswith(m + ".") for m in modules):
            monkeypatch.delitem(sys.modules, name)
    for m in modules:
        monkeypatch.setitem(sys.modules, m, None)


def test_without_tqdm_progress_true_draws_nothing_and_callbacks_still_work(monkeypatch, capsys):
    hide(monkeypatch, "tqdm")
    with pytest.raises(ImportError):
        import tqdm.auto  # noqa: F401
    d, dist = small_metric()
    s = gdist.p_median(d, 2, progress=True)
    assert "gdist" not in capsys.readouterr().err
    assert s.objective == best_median(dist, 2, np.ones(d.n))
    calls = []
    gdist.p_median(d, 2, progress=lambda *a: calls.append(a))
    assert_sane(calls)


def nearest_distance(dist, sites):
    return dist[sites].min(axis=0)


def test_assignment_is_a_dataframe_with_pandas():
    import pandas as pd

    d, dist = small_metric()
    s = gdist.p_median(d, 3, exact=True)
    assert isinstance(s.assignment, pd.DataFrame)
    assert list(s.assignment.columns) == ["demand", "site", "distance"]
    np.testing.assert_array_equal(s.assignment["distance"].to_numpy(), nearest_distance(dist, s.site_indices))
    assert s.assignment["demand"].tolist() == d.labels
    # each demand's site is one of the sites at its distance
    for demand, site, x in s.assignment.itertuples(index=False):
        assert site in s.sites and dist[d.index(site), d.index(demand)] == x


def test_assignment_is_a_dict_without_pandas(monkeypatch):
    hide(monkeypatch, "pandas")
    d, dist = small_metric()
    s = gdist.p_median(d, 3, exact=True)
    assert isinstance(s.assignment, dict) and set(s.assignment) == {"demand", "site", "distance"}
    np.testing.assert_array_equal(s.assignment["distance"], nearest_distance(dist, s.site_indices))
    assert s.objective == best_median(dist, 3, np.ones(d.n))


def press_ctrl_c_once(calls):
    """A progress callback that records its reports and sends SIGINT (Ctrl-C, as a terminal
    sends it) at the first one, once the run is under way."""
    def callback(*report):
        calls.append(report)
        if len(calls) == 1:
            os.kill(os.getpid(), signal.SIGINT)
    return callback


def test_ctrl_c_stops_a_metrics_call():
    n = 1500
    src, dst, w = random_digraph(n, 5 * n, seed=6)
    calls = []
    with pytest.raises(KeyboardInterrupt):
        gdist.metrics((src, dst, w), algorithm="dijkstra", threads=2, progress=press_ctrl_c_once(calls))
    done, total, unit, task = calls[-1]
    assert unit == "trees" and done < total, "the trees stopped early"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, "Python's handler is back"
    m = gdist.metrics((src, dst, w), algorithm="dijkstra", threads=2)  # not interrupted
    ref = scipy_distances(n, src, dst, w)
    np.testing.assert_array_equal(m["per_vertex"]["eccentricity"], ref.max(axis=1))
    # gcenter's total: the distances to the vertices reached; unreachable: how many are not
    np.testing.assert_array_equal(m["per_vertex"]["total"], np.where(np.isfinite(ref), ref, 0).sum(axis=1))
    np.testing.assert_array_equal(m["per_vertex"]["unreachable"], np.isinf(ref).sum(axis=1))


def test_ctrl_c_stops_a_siting_call():
    n = 700
    src, dst, w = random_digraph(n, 4 * n, seed=9)
    d = gdist.apsp((src, dst, w), directed=False)
    dist = scipy_distances(n, src, dst, w, directed=False)
    whole = []
    before = gdist.p_median(d, 12, progress=lambda *a: whole.append(a))
    calls = []
    with pytest.raises(KeyboardInterrupt):
        gdist.p_median(d, 12, progress=press_ctrl_c_once(calls))
    assert len(calls) < len(whole), "the search stopped early"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, "Python's handler is back"
    after = gdist.p_median(d, 12)  # not interrupted: the same answer as before, and a right one
    assert (sorted(after.sites), after.objective) == (sorted(before.sites), before.objective)
    assert after.objective == dist[after.site_indices].min(axis=0).sum()
    assert after.bound <= after.objective
