"""gdist as a NetworkX backend (NetworkX 3.2+ dispatching, as nx-cugraph does):

    networkx.floyd_warshall_numpy(G, backend="gdist")
    networkx.diameter(G, weight="weight", backend="gdist")   # also radius, center, periphery,
                                                              # eccentricity, barycenter,
                                                              # all_pairs_dijkstra_path_length

(or nx.config.backend_priority = ["gdist"] for every call). The answers are NetworkX's: the same
types (whole-number weights give ints), the same node order and the same exceptions for
disconnected graphs. Calls gdist does not take (a weight function, sp=, e=, cutoff=, attr=, v=
that is not a node or node list) fall back to NetworkX (can_run). Where NetworkX returns
numbers past recognition on a negative cycle, gdist raises gdist.Error. Float weights: the sums
are float64 like NetworkX's, in another order, so they may differ in the last bits. The
converted graph NetworkX caches is the NetworkX graph itself (read at each call), so it cannot
go stale.
"""
import inspect

import networkx as nx
import numpy as np

from .calls import apsp
from .inputs import from_networkx

NAME = "gdist"


class GdistGraph:
    """A NetworkX graph handed to gdist (the dispatcher's converted graph): the graph itself,
    whose distances gdist computes when a function asks, for the weight it names."""

    __networkx_backend__ = NAME

    def __init__(self, graph):
        self.graph = graph

    def is_directed(self):
        return self.graph.is_directed()

    def is_multigraph(self):
        return self.graph.is_multigraph()

    def __len__(self):
        return len(self.graph)

    def __iter__(self):
        return iter(self.graph)

    def __contains__(self, v):
        return v in self.graph


def _graph(G):
    return G.graph if isinstance(G, GdistGraph) else G


def _distances(G, weight):
    """The n x n distances (weight: an edge attribute, 1 where missing; None: every edge 1), in
    float64 where the weights are not whole (NetworkX adds them in float64)."""
    g = _graph(G)
    inp = from_networkx(g, weight=weight)
    d = apsp(inp, type=None if inp.graph.integral_weights else "float64")
    return d, list(g)


def _value(x):
    return x.item()


def _eccentricities(G, weight):
    """{node: eccentricity} in G's order, NetworkX's exception when some pair has no path."""
    d, nodes = _distances(G, weight)
    if not d.reachable().all():
        if _graph(G).is_directed():
            msg = "Found infinite path length because the digraph is not strongly connected"
        else:
            msg = "Found infinite path length because the graph is not connected"
        raise nx.NetworkXError(msg)
    ecc = d.matrix.max(axis=1) if d.n else np.zeros(0, dtype=d.matrix.dtype)
    return {v: _value(ecc[i]) for i, v in enumerate(nodes)}


def floyd_warshall_numpy(G, nodelist=None, weight="weight"):
    g = _graph(G)
    if nodelist is not None and not (len(nodelist) == len(g) == len(set(nodelist))):
        raise nx.NetworkXError("nodelist must contain every node in G with no repeats."
                               "If you wanted a subgraph of G use G.subgraph(nodelist)")
    d, nodes = _distances(g, weight)
    out = d.to_float()
    if nodelist is not None:
        where = {v: i for i, v in enumerate(nodes)}
        idx = [where[v] for v in nodelist]
        out = out[np.ix_(idx, idx)]
    return out


def all_pairs_dijkstra_path_length(G, cutoff=None, weight="weight"):
    d, nodes = _distances(G, weight)
    reach = d.reachable()

    def rows():
        for i, v in enumerate(nodes):
            hit = np.nonzero(reach[i])[0]
            order = hit[np.argsort(d.matrix[i, hit], kind="stable")]  # nearest first, as Dijkstra pops
            yield v, {nodes[j]: _value(d.matrix[i, j]) for j in order}

    return rows()


def eccentricity(G, v=None, sp=None, weight=None):
    e = _eccentricities(G, weight)
    g = _graph(G)
    if v is None:
        return e
    if v in g:
        return e[v]
    return {n: e[n] for n in g.nbunch_iter(v)}


def diameter(G, e=None, usebounds=False, weight=None):
    return max(_eccentricities(G, weight).values())


def radius(G, e=None, usebounds=False, weight=None):
    return min(_eccentricities(G, weight).values())


def center(G, e=None, usebounds=False, weight=None):
    e = _eccentricities(G, weight)
    r = min(e.values())
    return [v for v in e if e[v] == r]


def periphery(G, e=None, usebounds=False, weight=None):
    e = _eccentricities(G, weight)
    r = max(e.values())
    return [v for v in e if e[v] == r]


def barycenter(G, weight=None, attr=None, sp=None):
    d, nodes = _distances(G, weight)
    if not d.reachable().all():
        raise nx.NetworkXNoPath(f"Input graph {_graph(G)} is disconnected, so every induced subgraph "
                                "has infinite barycentricity.")
    totals = d.matrix.sum(axis=1, dtype=np.float64 if d.matrix.dtype.kind == "f" else np.int64)
    least = totals.min()
    return [nodes[i] for i in np.nonzero(totals == least)[0]]


FUNCTIONS = {f.__name__: f for f in (floyd_warshall_numpy, all_pairs_dijkstra_path_length, eccentricity, diameter,
                                     radius, center, periphery, barycenter)}


def _declined(name, bound):
    """Why gdist leaves this call to NetworkX (None: gdist takes it)."""
    args = bound.arguments
    if callable(args.get("weight")):
        return "a weight function (gdist takes an edge attribute name)"
    for key in ("sp", "e", "cutoff", "attr"):
        if args.get(key) is not None:
            return f"{key}= given"
    if name == "eccentricity" and args.get("v") is not None:
        g = _graph(args["G"])
        v = args["v"]
        if v not in g and not all(x in g for x in v):
            return "v is not a node or a list of nodes"
    if name == "barycenter" and args.get("weight") is None:
        g = _graph(args["G"])
        if not g.is_directed() and nx.is_tree(g):
            return "NetworkX answers trees by their centroid"
    return None


class BackendInterface:
    """The object of the networkx.backends entry point."""

    @staticmethod
    def convert_from_nx(G, edge_attrs=None, node_attrs=None, preserve_edge_attrs=False, preserve_node_attrs=False,
                        preserve_graph_attrs=False, name=None, graph_name=None):
        return G if isinstance(G, GdistGraph) else GdistGraph(G)

    @staticmethod
    def convert_to_nx(result, *, name=None):
        return result.graph if isinstance(result, GdistGraph) else result

    @staticmethod
    def can_run(name, args, kwargs):
        f = FUNCTIONS.get(name)
        if f is None:
            return False
        try:
            bound = inspect.signature(f).bind(*args, **kwargs)
        except TypeError as e:
            return str(e)
        why = _declined(name, bound)
        return True if why is None else why

    @staticmethod
    def should_run(name, args, kwargs):
        return True


for _name, _f in FUNCTIONS.items():
    setattr(BackendInterface, _name, staticmethod(_f))


def get_info():
    """The networkx.backend_info entry point."""
    return {
        "backend_name": NAME,
        "project": "gdist",
        "package": "gdist",
        "short_summary": "All-pairs shortest paths on the GPU or a fast CPU backend (C++).",
        "functions": {name: {} for name in FUNCTIONS},
        "default_config": {},
    }
