"""gdist's calls: the tools' runs on graphs and matrices held in Python (inputs.py says which).

The engine, backend and element type are chosen by the library's planner, as gapsp and gcenter
choose them; keyword arguments spell the tools' flags (backend="gpu" is --backend gpu)."""
import csv
import json
import os
import tempfile

import numpy as np

from . import _gdist
from .gdm import GdmFile
from .inputs import as_input, is_matrix_file
from .results import Distances, Rows, Siting, _Labelled


def graph(g, weight="weight", directed=None, labels=None):
    """Any accepted input (see gdist.inputs) as the library's graph, to reuse across calls."""
    return as_input(g, weight=weight, directed=directed, labels=labels)


class _Progress:
    """progress=: a callable fn(done, total, unit, task), True (a tqdm bar when tqdm is installed),
    or None. Used as a context: the bar closes when the call ends. Each new task (the metrics
    after their trees, a siting model's next phase) gets a bar of its own, as the tools draw it."""

    def __init__(self, progress):
        self.bar = None
        self.fn = None
        if callable(progress):
            self.fn = progress
        elif progress is True:
            try:
                from tqdm.auto import tqdm
            except ImportError:
                tqdm = None
            if tqdm is not None:
                shown = {}

                def update(done, total, unit, task):
                    if self.bar is None or shown.get("bar") != (task, total):
                        self._close()
                        self.bar = tqdm(total=total, unit=f" {unit}", desc=f"gdist {task}")
                        shown["bar"] = (task, total)
                    self.bar.n = done
                    self.bar.refresh()

                self.fn = update

    def _close(self):
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self):
        return self.fn

    def __exit__(self, *exc):
        self._close()
        return False


def apsp(g, weight="weight", backend="auto", paths=False, algorithm="auto", type=None, duplicates=None,
         threads=0, directed=None, labels=None, progress=None):
    """All-pairs shortest-path distances (gapsp). Returns gdist.Distances: .matrix is an n x n
    NumPy array over the library's buffer (no copy). backend: auto, cpu or gpu; algorithm: auto,
    fw (Floyd-Warshall), dijkstra (a tree per source) or ch (a contraction hierarchy of the graph
    and PHAST's trees: road networks; non-negative weights); type: int32, int64, float32 or float64
    (default: the weights decide); duplicates: min or last; paths=True keeps the next hops for
    .route(a, b); progress: fn(done, total, unit, task) called as the engine goes (rounds or
    trees), or True for a tqdm bar. Raises gdist.Error with the library's message (a negative
    cycle, ...). The call releases the GIL while the engine runs."""
    inp = as_input(g, weight=weight, directed=directed, labels=labels)
    with _Progress(progress) as fn:
        handle = _gdist.apsp(inp.graph, backend=backend, algorithm=algorithm, type=type or "",
                             duplicates=duplicates or "", threads=threads, paths=paths, progress=fn)
    return Distances(handle, inp.labels)


def _vertices(labelled, items, what):
    out = []
    for x in items:
        try:
            out.append(labelled.index(x))
        except KeyError:
            raise KeyError(f"{what}: {x!r} is not a vertex") from None
    return out


class _Names(_Labelled):
    """Labels with their index, for resolving the vertices a call names."""


def rows(g, sources, weight="weight", backend="auto", algorithm="auto", type=None, duplicates=None, threads=0,
         directed=None, labels=None, progress=None):
    """The distances from some sources only (gapsp --sources): gdist.Rows, .matrix k x n, row r
    from sources[r] (labels). The trees run when the plan picks them; never an n x n matrix then.
    algorithm="ch" contracts the graph in memory and sweeps PHAST's trees (road networks)."""
    inp = as_input(g, weight=weight, directed=directed, labels=labels)
    names = _Names(inp.labels)
    idx = _vertices(names, sources, "sources")
    with _Progress(progress) as fn:
        handle = _gdist.rows(inp.graph, idx, backend=backend, algorithm=algorithm, type=type or "",
                             duplicates=duplicates or "", threads=threads, progress=fn)
    return Rows(handle, list(sources), inp.labels)


def table(g, sources, targets, **kwargs):
    """A sources x targets table of distances (a float64 copy, numpy.inf for no path)."""
    r = rows(g, sources, **kwargs)
    cols = _vertices(r, targets, "targets")
    return r.to_float()[:, cols]


def _plain_matrix(f):
    """A .gdm's numbers as the extension takes them: a 16-bit file as int32 (its INF as int32's,
    2^30-1), as the library widens it."""
    m = np.asarray(f.matrix)
    if m.dtype == np.int16:
        m = np.where(m < f.inf, m.astype(np.int32), np.int32(2**30 - 1))
    return m


def _as_gdm(d):
    """A .gdm path as gdist.open() reads it; anything else as it is."""
    if isinstance(d, (str, os.PathLike)) and is_matrix_file(d):
        return GdmFile(os.fspath(d))
    return d


def _is_rows(d):
    return isinstance(d, Rows) or (isinstance(d, GdmFile) and d.rectangular)


def _distance_matrix(d, labels=None, directed=None):
    """(the extension's matrix, labels) for a distance matrix: gdist.Distances (used in place), a
    square NumPy array of distances (copied; numpy.inf: no path), a gdist.open() file or the path
    of a distance .gdm; None for anything else (a graph). Rows of some sources are refused: they
    answer the siting calls (_siting_costs), not the metrics."""
    d = _as_gdm(d)
    if isinstance(d, Distances):
        return d._handle, d.labels
    if _is_rows(d):
        what = d.path if isinstance(d, GdmFile) else "gdist.rows' result"
        raise ValueError(f"{what}: the rows of {len(d.sources)} sources, not every row: they answer the siting "
                         f"calls (p_median, p_center, cover, max_cover) with the sources as candidates, not metrics")
    if isinstance(d, GdmFile):
        if d.kind != "distance":
            return None  # an adjacency matrix: a graph
        return _gdist.matrix_from_array(_plain_matrix(d), d.directed, list(d.labels)), d.labels
    if isinstance(d, np.ndarray):  # a distance matrix here (apsp reads a NumPy matrix as adjacency)
        a = d if d.dtype in (np.int32, np.int64, np.float32, np.float64) else d.astype(np.float64)
        names = None if labels is None else [str(x) for x in labels]
        handle = _gdist.matrix_from_array(a, directed, names)
        return handle, list(labels) if labels is not None else list(range(a.shape[0]))
    return None


def _siting_costs(d, weight, directed, labels, progress, sources=None):
    """(the extension's costs, labels) for the siting calls: rows of some sources (a gdist.Rows, a
    rectangular .gdm of gapsp --sources, or its path: the sources are the candidates, every column a
    demand, as gcenter reads that file), _distance_matrix's, or a graph's distances (progress
    hears their engine): with `sources` (the candidates and fixed sites, distances out of them) only
    their rows, as gcenter GRAPH --candidates runs a tree from each and never the n x n matrix."""
    d = _as_gdm(d)
    if isinstance(d, Rows):
        return d._handle, d.labels
    if isinstance(d, GdmFile) and d.rectangular:
        if d.decimal_digits:  # as gcenter refuses it (lib/pipeline/run_center.cpp)
            raise ValueError(f"{d.path}: holds rows of exact decimals ({d.decimal_digits} decimal places), which "
                             f"siting reads as plain numbers from a square matrix only; write the rows with "
                             f"--type float64, or site on the graph")
        return _gdist.rows_from_array(_plain_matrix(d), [int(s) for s in d.sources], d.directed,
                                      list(d.labels)), d.labels
    got = _distance_matrix(d, labels, directed)
    if got is not None:
        return got
    graph = d.path if isinstance(d, GdmFile) else d
    if sources is not None:
        r = rows(graph, sources, weight=weight, directed=directed, labels=labels, progress=progress)
        return r._handle, r.labels
    dist = apsp(graph, weight=weight, directed=directed, labels=labels, progress=progress)
    return dist._handle, dist.labels


def _read_per_vertex(path, names):
    """gcenter --per-vertex's CSV (vertex,eccentricity,total,unreachable,closeness,harmonic) as arrays;
    an empty field (an infinite eccentricity: a vertex that does not reach every other) as inf, as
    the matrix route gives it."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, rows = rows[0], rows[1:]
    out = {}
    for col, key in enumerate(header[1:], start=1):
        values = [r[col] or "inf" for r in rows]
        out[key] = np.array(values, dtype=np.uint64 if key == "unreachable" else np.float64)
    out["labels"] = names
    return out


def _caller_labels(out, labels):
    """The report's vertices are strings, as every tool prints them (docs/CLI.md, "JSON"); here
    they become the caller's own labels again (NetworkX nodes, integers)."""
    if labels is None:
        return out
    by_text = {str(x): x for x in labels}
    for key in ("center", "periphery", "diameter_pair"):
        if out.get(key) is not None:
            out[key] = [by_text.get(v, v) for v in out[key]]
    for key in ("median", "closeness_max", "harmonic_max"):
        if out.get(key) is not None:
            out[key]["vertex"] = by_text.get(out[key]["vertex"], out[key]["vertex"])
    return out


def metrics(d, weight="weight", backend="auto", reachable_only=False, threads=0, per_vertex=True, algorithm="auto",
            directed=None, labels=None, median=True, progress=None):
    """gcenter --json's metrics as a dict (its keys: diameter, radius, center, periphery, ...)
    plus, with per_vertex=True, "per_vertex": NumPy arrays eccentricity, total, unreachable,
    closeness, harmonic (inf where unreachable pairs make them so) and "labels".
    d: a distance matrix (a gdist.Distances, a NumPy array of distances, a gdist.open() file or a
    distance .gdm path), or any graph gdist.apsp takes: then gcenter's own run on it, whose plan
    picks the engine (the dense matrix, a tree per vertex, or, with per_vertex=False, the
    bounding searches that answer diameter, radius and center of a large sparse graph without
    every tree); algorithm: auto, fw or dijkstra, as gcenter's --engine dense or sparse.
    median=False skips the 1-median on a large graph's bounding searches (its own search costs
    more than diameter, radius and center together): "median" is then None.
    progress: as apsp's, on a graph: the reports of gcenter's run wherever the tool draws its bars
    (rounds, trees, or the vertices the bounding searches settled); a distance matrix is one pass
    that reports nothing, as gcenter draws no bar there."""
    got = _distance_matrix(d, labels, directed)
    if got is not None:
        handle, names = got
        text, arrays = _gdist.metrics(handle, backend=backend, reachable_only=reachable_only, threads=threads)
        out = _caller_labels(json.loads(text), names)
        # the distances were computed here: how, as gcenter's "plan" (a matrix as it came: null)
        out["plan"] = handle.plan
        if per_vertex:
            arrays["labels"] = names
            out["per_vertex"] = arrays
        return out
    inp = as_input(d.path if isinstance(d, GdmFile) else d, weight=weight, directed=directed, labels=labels)
    with tempfile.TemporaryDirectory(prefix="gdist-") as tmp, _Progress(progress) as fn:
        csv_path = os.path.join(tmp, "per_vertex.csv") if per_vertex else ""
        text = _gdist.graph_metrics(inp.graph, backend=backend, algorithm=algorithm, reachable_only=reachable_only,
                                    threads=threads, per_vertex_csv=csv_path, median=median, progress=fn)
        out = _caller_labels(json.loads(text), inp.labels)
        if per_vertex:
            out["per_vertex"] = _read_per_vertex(csv_path, inp.labels)
    return out


def _site(model, d, p=0, radius=-1.0, candidates=None, weights=None, fixed=(), capacities=None, opening_costs=None,
          direction="out", exact=False, gap=0.0, time_limit=None, seed=1, backend="auto", threads=0, weight="weight",
          directed=None, labels=None, progress=None):
    with _Progress(progress) as fn:
        # Candidates on a graph: their rows (distances out of them; "in" needs every tree into them).
        sources = None if candidates is None or direction != "out" else list(dict.fromkeys([*candidates, *fixed]))
        handle, names = _siting_costs(d, weight, directed, labels, fn, sources)
        index = _Names(names)
        per_vertex = {"weights": _per_vertex(index, names, weights, "weights", 0.0),
                      "capacities": _per_vertex(index, names, capacities, "capacities", 0.0),
                      "opening_costs": _per_vertex(index, names, opening_costs, "opening_costs", float("nan"))}
        answer = _gdist.site(handle, model, p=p, radius=float(radius),
                             candidates=None if candidates is None else _vertices(index, candidates, "candidates"),
                             fixed=_vertices(index, fixed, "fixed"), **per_vertex, direction=direction, exact=exact,
                             gap=gap, time_limit=time_limit, seed=seed, backend=backend, threads=threads,
                             progress=fn)
        return Siting(answer, names)


def _per_vertex(index, names, values, what, unlisted):
    """One value per vertex from {label: value} (unlisted: `unlisted`, as gcenter reads its
    files) or a sequence of len(names); None stays None."""
    if values is None:
        return None
    if isinstance(values, dict):
        out = [unlisted] * len(names)
        for lab, x in values.items():
            out[_vertices(index, [lab], what)[0]] = float(x)
        return out
    out = np.asarray(values, dtype=np.float64)
    if out.shape != (len(names),):
        raise ValueError(f"{what}: {out.shape[0] if out.ndim else 0} values for {len(names)} vertices")
    return out.tolist()


def p_median(d, p, **kwargs):
    """p new sites minimising the total weighted distance (gcenter --p-median p). d: a distance
    matrix as metrics takes it, any graph gdist.apsp takes (its distances first), or rows of some
    sources (a gdist.rows result, a rectangular .gdm of gapsp --sources, gdist.open() or its path):
    then the sources are the candidates and every column a demand, as gcenter reads that file.
    candidates/fixed: labels (on a graph, only their rows are computed, a tree from each, as gcenter
    GRAPH --candidates does); weights: one per vertex or {label: weight}; exact=True
    proves the answer optimal (gap=, time_limit= bound the proof); progress: fn(done, total, unit,
    task) as the model goes, where gcenter draws its bars, task "p-median: PHASE": a phase with a
    budget (local search, lower bound) as (thousandths of it used, 1000, "permille", task), branch
    and bound as (nodes, None, "nodes", task); or True for a tqdm bar (a graph's distances report
    first); capacities: one per vertex or {label: capacity} (unlisted: 0) makes it the single-source
    capacitated p-median (gcenter --capacities), each site serving at most its capacity of demand
    weight. Returns gdist.Siting."""
    return _site("p_median", d, p=p, **kwargs)


def p_center(d, p, **kwargs):
    """p new sites minimising the largest distance to a demand (gcenter --p-center p); keywords
    as p_median's, d too. Its radius search reports progress only from its 0/1 interchange, which runs
    where a radius has too many pairs within it for cover lists (large instances), as gcenter
    draws a bar only there."""
    return _site("p_center", d, p=p, **kwargs)


def cover(d, radius, **kwargs):
    """The fewest sites that put every demand within radius (gcenter --cover R); d and keywords
    as p_median's (its covering search reports no progress, and gcenter draws no bar: progress=
    hears only a graph's distances)."""
    return _site("cover", d, radius=radius, **kwargs)


def max_cover(d, radius, p, **kwargs):
    """p sites covering the most demand weight within radius (gcenter --max-cover R --p P);
    d, keywords, and progress (its local search), as p_median's."""
    return _site("max_cover", d, p=p, radius=radius, **kwargs)


def backup_cover(d, radius, p=0, **kwargs):
    """p new sites covering every demand within radius at least once and the most demand weight
    twice (LSCP-B, gcenter --backup-cover R --p P); p=0: the fewest sites that cover (the LSCP
    minimum, as cover finds it), as spopt's LSCPB. d and keywords as p_median's; bound is an upper
    one. A p too small to cover every demand raises gdist.Error (infeasible)."""
    return _site("backup_cover", d, p=p, radius=radius, **kwargs)


def p_dispersion(d, p, **kwargs):
    """p sites as far apart as can be: the largest smallest distance between two of them
    (gcenter --p-dispersion p); d and keywords as p_median's; bound is an upper one."""
    return _site("p_dispersion", d, p=p, **kwargs)


def facility_location(d, opening_costs, **kwargs):
    """Fixed-charge facility location (gcenter --facility-location --opening-costs): any number of
    sites, minimising their opening costs plus the total weighted distance. opening_costs: one per
    vertex or {label: cost}; every candidate needs one (candidates= narrows them to the listed ones).
    capacities= (as p_median's) makes it single-source capacitated. d and keywords as p_median's."""
    return _site("facility_location", d, opening_costs=opening_costs, **kwargs)
