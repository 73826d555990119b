#!/usr/bin/python3
"""scripts/check_layers.py on small fixture trees: it must pass a tree whose
includes point down, and fail, naming file, line and layers, on each kind of
forbidden edge (upward, sideways between kernels, bench -> tests) and on a
source folder that belongs to no layer."""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "check_layers.py")


def write_tree(root, files):
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


def run_check(files, *extra):
    with tempfile.TemporaryDirectory() as root:
        write_tree(root, files)
        p = subprocess.run([sys.executable, SCRIPT, "--root", root, *extra], capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr


# Includes that all point down (or stay inside a folder).
CLEAN = {
    "lib/util/error.hpp": "#pragma once\n",
    "lib/core/graph.hpp": '#pragma once\n#include "lib/util/error.hpp"\n',
    "lib/matrix/dist_matrix.hpp": '#pragma once\n#include "lib/core/graph.hpp"\n',
    "formats/read_graph.hpp": '#pragma once\n#include "lib/core/graph.hpp"\n#include <vector>\n',
    "kernels/cuda/fw.cuh": '#pragma once\n#include "lib/util/error.hpp"\n',
    "lib/engine/apsp.hpp": '#pragma once\n#include "lib/matrix/dist_matrix.hpp"\n#include "kernels/cuda/fw.cuh"\n',
    "lib/engine/apsp.cpp": '#include "apsp.hpp"\n',
    "lib/sparse/csr.hpp": '#pragma once\n#include "formats/read_graph.hpp"\n',
    "lib/metrics/summary.hpp": '#pragma once\n#include "lib/engine/apsp.hpp"\n',
    "apps/gapsp.cpp": '#include "lib/metrics/summary.hpp"\n#include "missing/generated.hpp"\n',
    "tests/test_util.hpp": "#pragma once\n",
    "tests/engine/t.cpp": '#include "test_util.hpp"\n#include "lib/engine/apsp.hpp"\n',
    "bench/b.cpp": '#include "lib/metrics/summary.hpp"\n',
}


class CheckLayersTest(unittest.TestCase):
    def test_clean_tree_passes_and_lists_edges(self):
        rc, out, err = run_check(CLEAN, "--list")
        self.assertEqual(rc, 0, err)
        self.assertEqual(err, "")
        self.assertIn("lib/engine -> kernels/cuda  (1)", out)
        self.assertIn("tests/engine -> tests  (1)", out)
        self.assertNotIn("missing", out)  # an include that is not in the tree is no edge

    def expect_failure(self, extra_files, *needles):
        files = dict(CLEAN)
        files.update(extra_files)
        rc, _, err = run_check(files)
        self.assertEqual(rc, 1, err)
        for needle in needles:
            self.assertIn(needle, err)

    def test_core_including_a_format_fails(self):
        self.expect_failure({"lib/matrix/adjacency.hpp": '#pragma once\n\n#include "formats/read_graph.hpp"\n'},
                            "lib/matrix/adjacency.hpp:3: includes formats/read_graph.hpp",
                            "layer 'core' may not include layer 'formats'")

    def test_matrix_including_an_analysis_fails(self):
        self.expect_failure({"lib/matrix/file.cpp": '#include "lib/metrics/summary.hpp"\n'},
                            "layer 'core' may not include layer 'analysis'")

    def test_util_including_core_fails(self):
        self.expect_failure({"lib/util/json.hpp": '#include "lib/core/graph.hpp"\n'},
                            "layer 'util' may not include layer 'core'")

    def test_kernels_including_the_engine_fails(self):
        self.expect_failure({"kernels/cuda/backend.cu": '#include "lib/engine/apsp.hpp"\n'},
                            "layer 'kernels_cuda' may not include layer 'engine'")

    def test_engine_including_an_analysis_fails(self):
        self.expect_failure({"lib/sparse/closeness.cpp": '#include "lib/metrics/summary.hpp"\n'},
                            "layer 'engine' may not include layer 'analysis'")

    def test_bench_including_tests_fails(self):
        self.expect_failure({"bench/siting.cpp": '#include "tests/test_util.hpp"\n'},
                            "layer 'bench' may not include layer 'tests'")

    def test_relative_include_is_resolved(self):
        self.expect_failure({"formats/reader.cpp": '#include "../lib/engine/apsp.hpp"\n'},
                            "formats/reader.cpp:1: includes lib/engine/apsp.hpp")

    def test_folder_in_no_layer_fails(self):
        self.expect_failure({"lib/newthing/x.cpp": "int x;\n"}, "folder 'lib/newthing' belongs to no layer")

    def test_missing_root_is_an_error(self):
        p = subprocess.run([sys.executable, SCRIPT, "--root", "/nonexistent/gdist"], capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn("not a folder", p.stderr)


if __name__ == "__main__":
    unittest.main()
