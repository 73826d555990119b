"""The package and the tools give the same answers on the same file (GDIST_BIN: the built apps;
ctest sets it, skipped without it)."""
import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

import gdist

BIN = os.environ.get("GDIST_BIN", "")
GRID = pathlib.Path(__file__).resolve().parents[3] / "data" / "grid-50x40.gr"
pytestmark = pytest.mark.skipif(not (BIN and os.path.exists(os.path.join(BIN, "gcenter"))),
                                reason="GDIST_BIN not set to the built apps")


def gcenter(*args):
    out = subprocess.run([os.path.join(BIN, "gcenter"), str(GRID), "--json", "-q", *args], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def as_printed(key, value):
    """A metric as the tools print it: vertices as strings (the package hands back the caller's
    own labels, here the file's integer ids)."""
    if key in ("center", "periphery", "diameter_pair") and value is not None:
        return [str(v) for v in value]
    if key in ("median", "closeness_max", "harmonic_max") and value is not None:
        return {**value, "vertex": str(value["vertex"])}
    return value


def test_metrics_equal_gcenter_json():
    tool = gcenter()
    for ours in (gdist.metrics(str(GRID), per_vertex=False), gdist.metrics(str(GRID))):
        ours.pop("per_vertex", None)
        assert set(ours) == set(tool)
        for key, value in tool.items():
            if key == "plan":  # the same plan (its estimate is the machine's)
                assert {k: ours[key][k] for k in ("engine", "backend")} == {k: value[k] for k in ("engine", "backend")}
            else:
                assert as_printed(key, ours[key]) == value, key


def test_p_median_equals_gcenter(tmp_path):
    tool = gcenter("--p-median", "5")["p_median"]
    ours = gdist.p_median(str(GRID), 5)
    assert ours.objective == tool["objective"]
    assert sorted(str(v) for v in ours.sites) == sorted(tool["sites"])
    assert ours.optimal == tool["optimal"]


def test_apsp_equals_gapsp(tmp_path):
    out = tmp_path / "d.npy"
    subprocess.run([os.path.join(BIN, "gapsp"), str(GRID), str(out), "--to", "npy", "-q"], check=True)
    np.testing.assert_array_equal(gdist.apsp(str(GRID)).matrix, np.load(out))


def run(tool, *args):
    subprocess.run([os.path.join(BIN, tool), *map(str, args), "-q"], check=True)


def test_matrix_files_of_the_tools(tmp_path):
    dist, adj = tmp_path / "dist.gdm", tmp_path / "adj.gdm"
    run("gapsp", GRID, dist, "--type", "int64")
    run("gconvert", GRID, adj)
    tool = json.loads(subprocess.run([os.path.join(BIN, "gcenter"), str(dist), "--json", "-q"], check=True,
                                     capture_output=True, text=True).stdout)
    ours = gdist.metrics(str(dist))  # a distance .gdm: its distances as they are
    assert set(ours) - {"per_vertex"} == set(tool)
    assert all(as_printed(k, ours[k]) == v for k, v in tool.items())
    assert gdist.p_median(gdist.open(str(dist)), 5).objective == gdist.p_median(str(GRID), 5).objective
    default = tmp_path / "default.gdm"  # gapsp's own choice of element type (16 bits where proven)
    run("gapsp", GRID, default)
    assert gdist.metrics(str(default), per_vertex=False)["diameter"] == tool["diameter"]
    np.testing.assert_array_equal(gdist.apsp(str(adj)).matrix, gdist.apsp(str(GRID)).matrix)  # adjacency: a graph


def test_siting_on_a_rows_file_equals_gcenter(tmp_path):
    # gapsp --sources writes k x n rows; gcenter ROWS.gdm reads its sources as the candidates and
    # every column as a demand: gdist.open() of that file (or its path) gives the same answer.
    sources = [17, 230, 512, 999, 1234, 1500, 1777, 1990]
    listed = tmp_path / "sources.txt"
    listed.write_text("".join(f"{s}\n" for s in sources))
    rows = tmp_path / "rows.gdm"
    run("gapsp", GRID, rows, "--sources", listed)
    f = gdist.open(str(rows))
    assert f.rectangular and f.source_labels() == [str(s) for s in sources]
    for model, args, call in (("p_median", ("--p-median", "3"), lambda d: gdist.p_median(d, 3)),
                              ("p_center", ("--p-center", "2"), lambda d: gdist.p_center(d, 2))):
        out = subprocess.run([os.path.join(BIN, "gcenter"), str(rows), *args, "--json", "-q"], check=True,
                             capture_output=True, text=True).stdout
        tool = json.loads(out)[model]
        for ours in (call(f), call(str(rows))):
            assert sorted(ours.sites) == sorted(tool["sites"]), model
            assert ours.objective == tool["objective"] and ours.optimal == tool["optimal"], model
    # and the brute force over the file's own rows (NumPy's reading of it)
    import itertools

    d = f.to_float()
    best = min(d[list(c)].min(axis=0).sum() for c in itertools.combinations(range(len(sources)), 3))
    exact = gdist.p_median(f, 3, exact=True)
    assert exact.optimal and exact.objective == best
    assert set(exact.sites) <= {str(s) for s in sources}
