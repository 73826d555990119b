"""What gdist's calls return: distances over the library's own buffers (no copy) with their
labels, and the siting models' answers. The matrices keep the library's element type (int32,
int64, float32, float64, as gapsp chooses it); pairs without a path hold `inf` (numpy.inf in
float matrices, 2^30-1 or 2^62-1 in whole-number ones), as in gdist.open()'s matrices:
reachable() masks them, to_float() gives float64 with numpy.inf."""
from .gdm import InfMatrix


class _Labelled(InfMatrix):
    def __init__(self, labels):
        self.labels = labels
        self._index = None

    def index(self, label):
        """Row/column of the vertex with this label (KeyError if absent); a label is found by
        itself or by its text (gdist.index("17") and gdist.index(17) both find vertex 17)."""
        if self._index is None:
            self._index = {}
            for i, lab in enumerate(self.labels):
                self._index.setdefault(lab, i)
                self._index.setdefault(str(lab), i)
        try:
            return self._index[label]
        except (KeyError, TypeError):
            return self._index[str(label)]


class Distances(_Labelled):
    """gdist.apsp's answer: .matrix (n x n, read-only, over the library's buffer), .labels,
    .index(label), .route(a, b) (with paths=True), .plan (the engine, backend and reasons)."""

    def __init__(self, handle, labels):
        super().__init__(labels)
        self._handle = handle
        self.matrix = handle.array()
        self.next_hops = handle.next_hops()
        self.inf = self.matrix.dtype.type(handle.inf)
        self.directed = handle.directed
        self.plan = handle.plan

    @property
    def n(self):
        return self.matrix.shape[0]

    def route(self, a, b):
        """The labels along a shortest a -> b route (a alone when a == b), or None when b cannot
        be reached from a. Needs apsp(..., paths=True)."""
        if self.next_hops is None:
            raise ValueError("no routes: compute the distances with paths=True")
        i, j = self.index(a), self.index(b)
        if self.matrix[i, j] >= self.inf:
            return None
        walk = [i]
        while i != j:
            i = int(self.next_hops[i, j])
            if i < 0 or len(walk) > self.n:
                raise RuntimeError("inconsistent next-hop matrix")
            walk.append(i)
        return [self.labels[v] for v in walk]

    def __repr__(self):
        return f"gdist.Distances(n={self.n}, {self.matrix.dtype.name}, plan={self.plan and self.plan['engine']})"


class Rows(_Labelled):
    """gdist.rows' answer: .matrix (k x n: row r holds the distances from sources[r]), .sources
    (their labels), .labels (the columns' labels), .index(label) for a column."""

    def __init__(self, handle, sources, labels):
        super().__init__(labels)
        self._handle = handle
        self.matrix = handle.array()
        self.inf = self.matrix.dtype.type(handle.inf)
        self.sources = sources
        self.plan = handle.plan


class Siting:
    """A siting model's answer: sites (labels), objective, bound (a proven lower bound, or an
    upper one for max_cover, backup_cover and p_dispersion; NaN when none), gap, optimal, method,
    and each demand's nearest site: assignment, columns "demand", "site", "distance" (labels,
    labels or None, distances with inf): a pandas DataFrame when pandas is installed, else a dict
    of those columns."""

    def __init__(self, answer, labels):
        self.sites = [labels[v] for v in answer["sites"]]
        self.site_indices = answer["sites"]
        self.objective = answer["objective"]
        self.bound = answer["bound"]
        self.gap = answer["gap"]
        self.optimal = answer["optimal"]
        self.method = answer["method"]
        self.bound_method = answer["bound_method"]
        self.radius = answer["radius"]
        self.report = answer["json"]
        self.assignment = {
            "demand": [labels[v] for v in answer["demand"]],
            "site": [labels[v] if v >= 0 else None for v in answer["site_of_demand"]],
            "distance": answer["distance"],
        }
        try:
            import pandas
        except ImportError:
            pass
        else:
            self.assignment = pandas.DataFrame(self.assignment)
        self.assignment_indices = {"demand": answer["demand"], "site": answer["site_of_demand"]}

    def __repr__(self):
        return (f"gdist.Siting(sites={self.sites!r}, objective={self.objective}, bound={self.bound}, "
                f"optimal={self.optimal})")
