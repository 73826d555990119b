#!/usr/bin/python3
"""Layer check: every `#include "..."` between folders must point down.

One layer per folder of lib/ (docs/ARCHITECTURE.md draws them). Lists each
include edge between folders of the source tree and fails (exit 1) on an edge
the order forbids, on any cycle between folders (named with one include line
per step), or on a source file in a folder that belongs to no layer. The table
below is the one docs/ARCHITECTURE.md shows; change both together.

  scripts/check_layers.py [--root DIR] [--list]

--list prints every folder -> folder edge with its count (the include graph).
"""
import argparse
import os
import re
import sys

# Folder (relative to the root; a file belongs to its longest matching
# prefix) -> layer. Every folder of lib/ is a layer of its own.
LAYER_OF_FOLDER = {
    "lib/util": "util",
    "lib/core": "core",
    "lib/matrix": "matrix",
    "formats": "formats",
    "kernels/cpu": "kernels_cpu",
    "kernels/cuda": "kernels_cuda",
    "lib/graph": "graph",
    "lib/engine": "engine",
    "lib/sparse": "sparse",
    "lib/road": "road",
    "lib/plan": "plan",
    "lib/paths": "paths",
    "lib/metrics": "metrics",
    "lib/siting": "siting",
    "lib/pictures": "pictures",
    "lib/pipeline": "pipeline",
    "lib/distributed": "distributed",
    "lib/testing": "testing",
    "apps": "apps",
    "python/src": "python",
    "tests": "tests",
    "bench": "bench",
    "fuzz": "fuzz",
}

# Layer -> the layers it sits directly on. A layer may include its own files
# and every layer below it (the transitive closure of this table), nothing
# else: no sideways edge between two layers neither of which sits on the
# other (kernels_cpu and kernels_cuda, paths and metrics), no upward edge.
# The table itself must be acyclic (checked on every run).
SITS_ON = {
    "util": [],
    "core": ["util"],
    "matrix": ["core"],
    "formats": ["core"],
    "kernels_cpu": ["core"],
    "kernels_cuda": ["core"],
    "graph": ["core"],  # one CSR view, SCC, bucket queue, negative-cycle walk
    "engine": ["graph", "matrix", "formats", "kernels_cpu", "kernels_cuda"],  # dense Floyd-Warshall
    "sparse": ["engine"],  # trees; hands back the dense engine's ApspResult
    "road": ["sparse"],  # the contraction hierarchy over the CSR graph
    "plan": ["road"],  # one plan per run, over every engine
    "paths": ["plan"],
    "metrics": ["plan"],
    "siting": ["metrics"],
    "pictures": ["siting"],  # draws siting's answers
    "pipeline": ["paths", "pictures"],
    "distributed": ["pipeline"],
    "testing": ["distributed"],  # CPU twins and oracles: tests and bench only (gdist_test_support)
    "apps": ["distributed"],
    "python": ["pipeline"],  # the Python extension (a front end like apps/, without MPI)
    "tests": ["testing", "bench"],  # tests may check a bench-only variant's logic
    "bench": ["testing"],  # never tests/: shared readers belong in formats/
    "fuzz": ["distributed"],  # libFuzzer targets (scripts/fuzz.sh), never tests/
}


def table_cycle(sits_on):
    """A cycle of the table (a list of layers, first == last), or None."""
    state = {}

    def visit(layer, trail):
        state[layer] = 1
        for below in sits_on.get(layer, []):
            if state.get(below) == 1:
                return trail[trail.index(below):] + [below] if below in trail else [layer, below]
            if below not in state:
                found = visit(below, trail + [below])
                if found:
                    return found
        state[layer] = 2
        return None

    for layer in sits_on:
        if layer not in state:
            found = visit(layer, [layer])
            if found:
                return found
    return None


def closure(sits_on):
    """Layer -> every layer it may include (itself and all below it)."""
    allowed = {}

    def below(layer):
        if layer not in allowed:
            allowed[layer] = {layer}
            for b in sits_on[layer]:
                allowed[layer] |= below(b)
        return allowed[layer]

    for layer in sits_on:
        below(layer)
    return allowed


SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".cu", ".cuh", ".inc")
SKIP_DIRS = {".git", ".wt", ".device", "carry", "build", "__pycache__", "data", "docs", "scripts"}
INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
# Folders searched for a quoted include, besides the root and the including
# file's own folder (the include directories the CMake targets add).
EXTRA_INCLUDE_DIRS = ("tests",)


def folder_of(rel_path):
    return os.path.dirname(rel_path).replace(os.sep, "/")


def layer_of(rel_path):
    folder = folder_of(rel_path)
    best = None
    for prefix in LAYER_OF_FOLDER:
        if folder == prefix or folder.startswith(prefix + "/"):
            if best is None or len(prefix) > len(best):
                best = prefix
    return LAYER_OF_FOLDER[best] if best else None


def source_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        dirnames[:] = sorted(d for d in dirnames
                             if not (d in SKIP_DIRS or d.startswith("build") or d.startswith(".")))
        if rel_dir == ".":
            continue
        for name in sorted(filenames):
            if name.endswith(SOURCE_SUFFIXES):
                yield os.path.normpath(os.path.join(rel_dir, name)).replace(os.sep, "/")


def resolve(root, including, target):
    """The included file relative to root, or None when it is not in the tree."""
    candidates = [target, os.path.join(folder_of(including), target)]
    candidates += [os.path.join(d, target) for d in EXTRA_INCLUDE_DIRS]
    for c in candidates:
        c = os.path.normpath(c).replace(os.sep, "/")
        if not c.startswith("..") and os.path.isfile(os.path.join(root, c)):
            return c
    return None


def layer_cycles(layer_edges):
    """The cycles of the include graph between layers: one per strong
    component of more than one layer, as a list of layers (first == last)."""
    succ = {}
    for a, b in layer_edges:
        succ.setdefault(a, set()).add(b)
        succ.setdefault(b, set())
    index, low, on_stack, stack, comps = {}, {}, set(), [], []
    counter = [0]

    def strong(v):  # Tarjan; the layer graph is a few dozen nodes
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(succ[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(set(comp))

    for v in sorted(succ):
        if v not in index:
            strong(v)
    cycles = []
    for comp in comps:
        # One cycle through the component's first layer: breadth-first back to it.
        start = min(comp)
        parent = {start: None}
        queue = [start]
        end = None
        while queue and end is None:
            v = queue.pop(0)
            for w in sorted(succ[v] & comp):
                if w == start:
                    end = v
                    break
                if w not in parent:
                    parent[w] = v
                    queue.append(w)
        path = [start]
        v = end
        while v is not None and v != start:
            path.insert(1, v)
            v = parent[v]
        cycles.append(path + [start])
    return cycles


def check(root, list_edges=False, out=sys.stdout, err=sys.stderr, sits_on=None):
    sits_on = SITS_ON if sits_on is None else sits_on
    errors = []
    cyc = table_cycle(sits_on)
    if cyc:
        print(f"check_layers: the layer table has a cycle: {' -> '.join(cyc)}", file=err)
        return 1
    allowed = closure(sits_on)
    folder_of_layer = {layer: folder for folder, layer in LAYER_OF_FOLDER.items()}
    edges = {}
    layer_edges = {}  # (layer, layer) -> the first include line that makes it
    for rel in source_files(root):
        src_layer = layer_of(rel)
        if src_layer is None:
            errors.append(f"{rel}: folder '{folder_of(rel)}' belongs to no layer "
                          "(add it to LAYER_OF_FOLDER in scripts/check_layers.py and to docs/ARCHITECTURE.md)")
            continue
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            for line_no, line in enumerate(f, 1):
                m = INCLUDE_RE.match(line)
                if not m:
                    continue
                dst = resolve(root, rel, m.group(1))
                if dst is None:
                    continue  # not a file of this tree (a system or generated header)
                dst_layer = layer_of(dst)
                if folder_of(dst) != folder_of(rel):
                    key = (folder_of(rel), folder_of(dst))
                    edges[key] = edges.get(key, 0) + 1
                if dst_layer is None:
                    continue  # reported once as a file of its own folder
                if dst_layer != src_layer:
                    layer_edges.setdefault((src_layer, dst_layer), f"{rel}:{line_no} includes {dst}")
                if dst_layer not in allowed[src_layer]:
                    errors.append(f"{rel}:{line_no}: includes {dst}: layer '{src_layer}' may not include "
                                  f"layer '{dst_layer}' (allowed: {', '.join(sorted(allowed[src_layer]))})")
    for cycle in layer_cycles(layer_edges):
        steps = "; ".join(layer_edges[(a, b)] for a, b in zip(cycle, cycle[1:]))
        names = " -> ".join(folder_of_layer.get(layer, layer) for layer in cycle)
        errors.append(f"cycle between folders: {names} ({steps})")
    if list_edges:
        for (a, b), count in sorted(edges.items()):
            print(f"{a} -> {b}  ({count})", file=out)
    for e in errors:
        print(f"check_layers: {e}", file=err)
    return 1 if errors else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--list", action="store_true", help="print every folder -> folder include edge")
    args = parser.parse_args()
    if not os.path.isdir(args.root):
        print(f"check_layers: {args.root}: not a folder", file=sys.stderr)
        return 2
    return check(os.path.abspath(args.root), args.list)


if __name__ == "__main__":
    sys.exit(main())
