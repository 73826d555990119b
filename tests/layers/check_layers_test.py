#!/usr/bin/python3
"""scripts/check_layers.py on small fixture trees: it must pass a tree whose
includes point down, and fail, naming file, line and layers, on each kind of
forbidden edge (upward, sideways between kernels or between two analyses,
bench -> tests, a product folder -> lib/testing), on a planted cycle between
folders (named step by step), on a cyclic layer table, and on a source folder
that belongs to no layer."""
import io
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import check_layers  # noqa: E402

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
    "lib/graph/csr.hpp": '#pragma once\n#include "lib/core/graph.hpp"\n',
    "lib/engine/bound.cpp": '#include "lib/graph/csr.hpp"\n',
    "lib/sparse/trees.hpp": '#pragma once\n#include "lib/graph/csr.hpp"\n#include "lib/engine/apsp.hpp"\n',
    "lib/metrics/summary.hpp": '#pragma once\n#include "lib/engine/apsp.hpp"\n',
    "lib/siting/median.hpp": '#pragma once\n#include "lib/metrics/summary.hpp"\n',
    "lib/testing/reference_fw.hpp": '#pragma once\n#include "lib/engine/apsp.hpp"\n',
    "tests/engine/oracle.cpp": '#include "lib/testing/reference_fw.hpp"\n',
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
                            "layer 'matrix' may not include layer 'formats'")

    def test_matrix_including_an_analysis_fails(self):
        self.expect_failure({"lib/matrix/file.cpp": '#include "lib/metrics/summary.hpp"\n'},
                            "layer 'matrix' may not include layer 'metrics'")

    def test_util_including_core_fails(self):
        self.expect_failure({"lib/util/json.hpp": '#include "lib/core/graph.hpp"\n'},
                            "layer 'util' may not include layer 'core'")

    def test_kernels_including_the_engine_fails(self):
        self.expect_failure({"kernels/cuda/backend.cu": '#include "lib/engine/apsp.hpp"\n'},
                            "layer 'kernels_cuda' may not include layer 'engine'")

    def test_engine_including_an_analysis_fails(self):
        self.expect_failure({"lib/sparse/closeness.cpp": '#include "lib/metrics/summary.hpp"\n'},
                            "layer 'sparse' may not include layer 'metrics'")

    def test_graph_including_an_engine_fails(self):
        self.expect_failure({"lib/graph/scc.cpp": '#include "lib/sparse/trees.hpp"\n'},
                            "layer 'graph' may not include layer 'sparse'")

    def test_dense_engine_including_the_sparse_engine_fails(self):
        self.expect_failure({"lib/engine/apsp.cpp": '#include "apsp.hpp"\n#include "lib/sparse/trees.hpp"\n'},
                            "lib/engine/apsp.cpp:2: includes lib/sparse/trees.hpp",
                            "layer 'engine' may not include layer 'sparse'")

    def test_sideways_between_analyses_fails(self):
        self.expect_failure({"lib/paths/route.cpp": '#include "lib/metrics/summary.hpp"\n'},
                            "layer 'paths' may not include layer 'metrics'")

    def test_product_including_test_support_fails(self):
        self.expect_failure({"lib/pipeline/run.cpp": '#include "lib/testing/reference_fw.hpp"\n'},
                            "layer 'pipeline' may not include layer 'testing'")

    def test_planted_cycle_between_folders_fails(self):
        # metrics -> siting closes the loop siting -> metrics of the clean tree.
        rc, _, err = run_check({**CLEAN, "lib/metrics/cover.cpp": '#include "lib/siting/median.hpp"\n'})
        self.assertEqual(rc, 1, err)
        self.assertIn("layer 'metrics' may not include layer 'siting'", err)
        self.assertIn("cycle between folders: lib/metrics -> lib/siting -> lib/metrics "
                      "(lib/metrics/cover.cpp:1 includes lib/siting/median.hpp; "
                      "lib/siting/median.hpp:2 includes lib/metrics/summary.hpp)", err)

    def test_longer_planted_cycle_is_named_step_by_step(self):
        rc, _, err = run_check({**CLEAN, "lib/graph/csr.cpp": '#include "lib/siting/median.hpp"\n'})
        self.assertEqual(rc, 1, err)
        self.assertIn("cycle between folders: lib/engine -> lib/graph -> lib/siting -> lib/metrics -> lib/engine", err)

    def test_cycle_found_even_when_the_table_allows_both_edges(self):
        # A cyclic table is refused before any file is read.
        table = dict(check_layers.SITS_ON)
        table["engine"] = table["engine"] + ["metrics"]
        with tempfile.TemporaryDirectory() as root:
            write_tree(root, CLEAN)
            err = io.StringIO()
            rc = check_layers.check(root, out=io.StringIO(), err=err, sits_on=table)
        self.assertEqual(rc, 1)
        self.assertIn("the layer table has a cycle", err.getvalue())
        self.assertIn("metrics", err.getvalue())

    def test_cycles_of_the_include_graph(self):
        self.assertEqual(check_layers.layer_cycles({("a", "b"): "", ("b", "c"): "", ("c", "a"): "", ("c", "d"): ""}),
                         [["a", "b", "c", "a"]])
        self.assertEqual(check_layers.layer_cycles({("a", "b"): "", ("b", "c"): ""}), [])

    def test_real_table_is_acyclic_and_orders_the_folders(self):
        self.assertIsNone(check_layers.table_cycle(check_layers.SITS_ON))
        allowed = check_layers.closure(check_layers.SITS_ON)
        for lower, upper in [("graph", "engine"), ("graph", "sparse"), ("engine", "sparse"), ("sparse", "road"),
                             ("road", "plan"), ("plan", "metrics"), ("metrics", "siting"), ("siting", "pictures"),
                             ("pictures", "pipeline"), ("pipeline", "distributed")]:
            self.assertIn(lower, allowed[upper])
            self.assertNotIn(upper, allowed[lower])
        for product in ("engine", "sparse", "plan", "metrics", "pipeline", "distributed", "apps", "fuzz"):
            self.assertNotIn("testing", allowed[product])

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
