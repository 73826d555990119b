"""gdist from Python: all-pairs shortest paths, metrics and facility siting on NumPy, SciPy and
NetworkX graphs (no files needed), and the .gdm matrix files the tools write.

    import gdist, networkx as nx
    G = nx.gnm_random_graph(1000, 5000, seed=1)
    D = gdist.apsp(G)              # D.matrix: n x n NumPy array over the library's buffer
    gdist.metrics(D)["diameter"]   # the keys of gcenter --json, plus per-vertex arrays
    gdist.p_median(D, 5).sites     # where 5 depots go (labels)

    m = gdist.open("dist.gdm")     # a matrix file: .matrix (numpy.memmap), .labels, .index(label), .lon_lat

The calls (apsp, rows, table, metrics, p_median, p_center, cover, max_cover, backup_cover,
p_dispersion, facility_location) need the compiled
extension gdist._gdist (`pip install .` in the source tree); gdist.open needs only NumPy.
Errors of the library raise gdist.Error with its message.
"""
from . import _needs_numpy  # noqa: F401  (first: without NumPy, one message saying what to install)
from .gdm import GdmError, GdmFile, open  # noqa: F401

try:
    from . import _gdist
except ImportError as e:  # the source tree without the extension: gdist.open still works
    _missing = e

    class Error(RuntimeError):
        """gdist's library error (the extension is not built here)."""

    def _needs_extension(*args, **kwargs):
        raise ImportError(f"gdist's extension is not built ({_missing}); install the package: pip install .")

    apsp = rows = table = metrics = p_median = p_center = cover = max_cover = graph = _needs_extension
    backup_cover = p_dispersion = facility_location = _needs_extension
    has_cuda = False
else:
    from ._gdist import Error, has_cuda  # noqa: F401

    Error.__module__ = "gdist"  # shown as gdist.Error
    from .calls import (apsp, backup_cover, cover, facility_location, graph, max_cover, metrics,  # noqa: F401
                        p_center, p_dispersion, p_median, rows, table)
    from .results import Distances, Rows, Siting  # noqa: F401

__all__ = ["GdmFile", "GdmError", "open", "Error", "apsp", "rows", "table", "metrics", "p_median", "p_center",
           "cover", "max_cover", "backup_cover", "p_dispersion", "facility_location", "graph", "has_cuda"]
