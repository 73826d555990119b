"""apsp, rows and table against SciPy: both engines, unreachable pairs, negative weights,
refusals, and the matrix over the library's own buffer."""
import gc
import sys
import threading

import numpy as np
import pytest

import gdist
from conftest import random_digraph, scipy_distances


@pytest.mark.parametrize("algorithm", ["auto", "fw", "dijkstra", "ch"])
def test_engines_agree_with_scipy(digraph, algorithm):
    n, src, dst, w = digraph
    d = gdist.apsp((src, dst, w), algorithm=algorithm, backend="cpu")
    np.testing.assert_array_equal(d.to_float(), scipy_distances(n, src, dst, w))
    expected = {"fw": "floyd-warshall", "dijkstra": "trees", "ch": "hierarchy"}.get(algorithm)
    if expected:
        assert d.plan["engine"] == expected
    assert d.plan["reasons"]


def test_unreachable_pairs_are_inf():
    # Two components and a one-way arc between them.
    src, dst, w = np.array([0, 1, 2, 3, 1]), np.array([1, 0, 3, 2, 2]), np.array([1, 1, 1, 1, 5])
    d = gdist.apsp((src, dst, w))
    ref = scipy_distances(4, src, dst, w)
    assert np.isinf(ref).sum() == 4
    np.testing.assert_array_equal(d.to_float(), ref)
    assert (d.matrix[~d.reachable()] == d.inf).all()
    f = gdist.apsp((src, dst, w), type="float64")
    assert f.matrix.dtype == np.float64
    np.testing.assert_array_equal(f.matrix, ref)  # numpy.inf itself in a float matrix


@pytest.mark.parametrize("algorithm", ["fw", "dijkstra"])
def test_negative_weights(algorithm):
    n = 50
    src, dst, w = random_digraph(n, 250, seed=11, negative=True)
    assert (w < 0).any()
    d = gdist.apsp((src, dst, w), algorithm=algorithm)
    np.testing.assert_array_equal(d.to_float(), scipy_distances(n, src, dst, w))


def test_negative_cycle_is_refused():
    src, dst, w = np.array([0, 1, 2]), np.array([1, 2, 0]), np.array([1, -3, 1])
    with pytest.raises(gdist.Error, match="negative cycle"):
        gdist.apsp((src, dst, w))
    with pytest.raises(gdist.Error, match="negative cycle"):
        gdist.rows((src, dst, w), [0])


def test_bad_keyword_values_are_refused(digraph):
    n, src, dst, w = digraph
    with pytest.raises(gdist.Error, match="backend"):
        gdist.apsp((src, dst, w), backend="tpu")
    with pytest.raises(gdist.Error, match="type"):
        gdist.apsp((src, dst, w), type="int8")


@pytest.mark.skipif(gdist.has_cuda and __import__("os").path.exists("/dev/nvidia0"), reason="a GPU is here")
def test_gpu_without_a_gpu_is_refused(digraph):
    n, src, dst, w = digraph
    with pytest.raises(gdist.Error, match='backend="gpu": no usable GPU'):
        gdist.apsp((src, dst, w), backend="gpu", algorithm="fw")


def test_messages_spell_python_keywords():
    # The library's hint names the keyword to pass (lib/util/option_names, python/src/option_spelling).
    with pytest.raises(gdist.Error, match='does not fit in int32 .*; use type="int64"'):
        gdist.apsp((np.array([0]), np.array([1]), np.array([2**40])), type="int32")


def test_routes_follow_the_distances(digraph):
    n, src, dst, w = digraph
    d = gdist.apsp((src, dst, w), paths=True)
    arc = {}
    for a, b, x in zip(src, dst, w):
        arc[(a, b)] = min(arc.get((a, b), np.inf), x)
    for a in range(0, n, 7):
        for b in range(0, n, 5):
            r = d.route(a, b)
            if not d.reachable()[a, b]:
                assert r is None
                continue
            assert r[0] == a and r[-1] == b
            assert sum(arc[(x, y)] for x, y in zip(r, r[1:])) == d.matrix[a, b]


@pytest.mark.parametrize("algorithm", ["fw", "dijkstra", "ch"])
def test_rows_and_table(digraph, algorithm):
    n, src, dst, w = digraph
    ref = scipy_distances(n, src, dst, w)
    sources, targets = [5, 0, 17], [3, 9, 0, 59]
    r = gdist.rows((src, dst, w), sources, algorithm=algorithm)
    assert r.matrix.shape == (3, n) and r.sources == sources
    np.testing.assert_array_equal(r.to_float(), ref[sources])
    np.testing.assert_array_equal(gdist.table((src, dst, w), sources, targets), ref[np.ix_(sources, targets)])
    with pytest.raises(KeyError):
        gdist.rows((src, dst, w), [n + 3])


def test_matrix_is_the_librarys_buffer(digraph):
    n, src, dst, w = digraph
    d = gdist.apsp((src, dst, w))
    m = d.matrix
    assert not m.flags.owndata and not m.flags.writeable
    assert np.shares_memory(m, d._handle.array())  # one buffer, however often it is shown
    assert m.strides[0] >= n * m.itemsize  # the library's padded rows
    expected = m.copy()
    del d
    gc.collect()
    np.testing.assert_array_equal(m, expected)  # the view keeps the buffer alive


def test_long_calls_release_the_gil():
    n = 1500
    src, dst, w = random_digraph(n, 5 * n, seed=1)
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    t = threading.Thread(target=count)
    t.start()
    try:
        gdist.apsp((src, dst, w), algorithm="fw", threads=1)
    finally:
        done.set()
        t.join()
    assert len(ticks) > 5  # the other thread ran while the engine did


@pytest.mark.parametrize("algorithm", ["fw", "dijkstra"])
def test_progress_callback(algorithm):
    n = 800
    src, dst, w = random_digraph(n, 5 * n, seed=2)
    calls = []
    d = gdist.apsp((src, dst, w), algorithm=algorithm, progress=lambda *a: calls.append(a))
    assert calls, "the engine reported"
    done, total, unit, task = calls[-1]
    assert done == total and unit in ("rounds", "trees") and task == "apsp"
    np.testing.assert_array_equal(d.to_float(), scipy_distances(n, src, dst, w))


@pytest.mark.parametrize("algorithm", ["fw", "dijkstra"])
def test_ctrl_c_stops_the_run_with_keyboard_interrupt(algorithm):
    # Ctrl-C as a terminal sends it: SIGINT to the process, here from the progress callback
    # (on whichever thread reports) once the run is under way.
    import os
    import signal

    n = 1500
    src, dst, w = random_digraph(n, 5 * n, seed=3)
    calls = []

    def press_ctrl_c(done, total, unit, task):
        calls.append(done)
        if len(calls) == 1:  # after the first round or tree
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        gdist.apsp((src, dst, w), algorithm=algorithm, backend="cpu", threads=2, progress=press_ctrl_c)
    if algorithm == "dijkstra":
        assert calls[-1] < n, "the trees stopped early"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, "Python's handler is back"
    d = gdist.apsp((src, dst, w), algorithm=algorithm, backend="cpu", threads=2)  # not interrupted
    np.testing.assert_array_equal(d.to_float(), scipy_distances(n, src, dst, w))


def test_a_failing_progress_callback_does_not_stop_the_run(monkeypatch):
    src, dst, w = random_digraph(300, 1500, seed=2)
    seen = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: seen.append(u.exc_value))

    def broken(*args):
        raise RuntimeError("callback failed")

    d = gdist.apsp((src, dst, w), progress=broken, algorithm="fw")
    assert d.n == 300
    assert seen and all(isinstance(e, RuntimeError) for e in seen)


def test_the_result_does_not_double_peak_memory():
    # The zero-copy target, scaled down: the process's peak grows by less than twice the
    # matrix (one buffer, shown to NumPy as it is), measured in a fresh interpreter.
    import subprocess
    import textwrap

    code = textwrap.dedent("""
        import resource, sys
        sys.path.insert(0, sys.argv[1])
        import gdist
        from conftest import random_digraph
        n = 4096
        src, dst, w = random_digraph(n, 5 * n, seed=1)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        d = gdist.apsp((src, dst, w), type="int32")
        m = d.matrix
        total = int(m.sum(dtype="int64"))  # touch every element through NumPy
        grew = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
        print(grew / (d.n * d.n * 4))
    """)
    here = str(__import__("pathlib").Path(__file__).parent)
    ratio = float(subprocess.run([sys.executable, "-c", code, here], check=True, capture_output=True,
                                 text=True).stdout)
    assert ratio < 2.0
