#!/usr/bin/python3
"""Layer check: every `#include "..."` between folders must point down.

Lists each include edge between folders of the source tree and fails (exit 1)
on an edge the architecture forbids, or on a source file in a folder that
belongs to no layer. The table below is the one docs/ARCHITECTURE.md shows;
change both together.

  scripts/check_layers.py [--root DIR] [--list]

--list prints every folder -> folder edge with its count (the include graph).
"""
import argparse
import os
import re
import sys

# Folder (relative to the root; a file belongs to its longest matching
# prefix) -> layer.
LAYER_OF_FOLDER = {
    "lib/util": "util",
    "lib/core": "core",
    "lib/matrix": "core",
    "formats": "formats",
    "kernels/cpu": "kernels_cpu",
    "kernels/cuda": "kernels_cuda",
    "lib/engine": "engine",
    "lib/sparse": "engine",
    "lib/road": "engine",
    "lib/plan": "plan",
    "lib/distributed": "analysis",
    "lib/paths": "analysis",
    "lib/metrics": "analysis",
    "lib/siting": "analysis",
    "lib/pipeline": "analysis",
    "lib/pictures": "analysis",
    "apps": "apps",
    "tests": "tests",
    "bench": "bench",
    "fuzz": "fuzz",
}

# Layer -> the layers its files may include (its own included).
_PRODUCT = {"util", "core", "formats", "kernels_cpu", "kernels_cuda", "engine", "plan", "analysis"}
ALLOWED = {
    "util": {"util"},
    "core": {"util", "core"},
    "formats": {"util", "core", "formats"},
    "kernels_cpu": {"util", "core", "kernels_cpu"},
    "kernels_cuda": {"util", "core", "kernels_cuda"},
    "engine": {"util", "core", "formats", "kernels_cpu", "kernels_cuda", "engine"},
    "plan": {"util", "core", "formats", "kernels_cpu", "kernels_cuda", "engine", "plan"},
    "analysis": {"util", "core", "formats", "kernels_cpu", "kernels_cuda", "engine", "plan", "analysis"},
    "apps": _PRODUCT | {"apps"},
    "tests": _PRODUCT | {"tests", "bench"},  # tests may check a bench-only variant's logic
    "bench": _PRODUCT | {"bench"},  # never tests/: shared readers belong in formats/
    "fuzz": _PRODUCT | {"fuzz"},  # libFuzzer targets (scripts/fuzz.sh), never tests/
}

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


def check(root, list_edges=False, out=sys.stdout, err=sys.stderr):
    errors = []
    edges = {}
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
                if dst_layer not in ALLOWED[src_layer]:
                    errors.append(f"{rel}:{line_no}: includes {dst}: layer '{src_layer}' may not include "
                                  f"layer '{dst_layer}' (allowed: {', '.join(sorted(ALLOWED[src_layer]))})")
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
