"""gcenter's p sweeps (--p-median 2,4,7, --p-center ...): each point must equal the single
run with that p (both proven optimal with --exact, so the objectives are unique), the text
table, the JSON array and the --curve SVG (rendered by rsvg-convert) must agree.
Run with the terminal tests (GDIST_BIN = the apps folder). Debian's python3, stdlib only."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

from test_terminal import BIN, grid_graph, tool


@unittest.skipUnless(BIN and os.path.exists(tool("gcenter")), "GDIST_BIN not set to the built apps")
class SweepTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="gdist-sweep-")
        cls.graph = os.path.join(cls.dir, "g.gr")
        with open(cls.graph, "w") as f:
            f.write(grid_graph(12))  # 144 vertices: --exact proves each p in well under a second
        cls.dist = os.path.join(cls.dir, "d.gdm")
        subprocess.run([tool("gapsp"), cls.graph, cls.dist, "-q"], check=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def gcenter(self, *args):
        p = subprocess.run([tool("gcenter"), self.dist, *args], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout

    def test_each_point_equals_its_single_run(self):
        for model in ("p_median", "p_center"):
            flag = "--" + model.replace("_", "-")
            sweep = json.loads(self.gcenter(flag, "2,4,7", "--exact", "--json"))[model + "_sweep"]
            self.assertEqual([e["p"] for e in sweep], [2, 4, 7])
            for e in sweep:
                single = json.loads(self.gcenter(flag, str(e["p"]), "--exact", "--json"))[model]
                self.assertTrue(e[model]["optimal"] and single["optimal"])
                self.assertEqual(e[model]["objective"], single["objective"], (model, e["p"]))
                self.assertEqual(len(e[model]["sites"]), e["p"])
            objectives = [e[model]["objective"] for e in sweep]
            self.assertEqual(objectives, sorted(objectives, reverse=True))  # more sites never cost more

    def test_table_curve_and_assignment(self):
        curve = os.path.join(self.dir, "curve.svg")
        assign = os.path.join(self.dir, "assign.csv")
        text = self.gcenter("--p-median", "3,5", "--exact", "--curve", curve, "--assignment", assign)
        data = json.loads(self.gcenter("--p-median", "3,5", "--exact", "--json"))["p_median_sweep"]
        lines = text.splitlines()
        self.assertEqual(lines[0], "p-median sweep (total weighted distance)")
        for e, row in zip(data, lines[2:]):
            cells = row.split()
            self.assertEqual((int(cells[0]), float(cells[1]), cells[4]), (e["p"], e["p_median"]["objective"], "yes"))
        with open(curve) as f:
            svg = f.read()
        for e in data:  # every point is labelled with its objective
            self.assertIn(">%d<" % e["p_median"]["objective"], svg)
        png = os.path.join(self.dir, "curve.png")
        subprocess.run(["rsvg-convert", curve, "-o", png], check=True)
        self.assertGreater(os.path.getsize(png), 2000)
        with open(assign) as f:
            models = [tuple(line.split(",")[:2]) for line in f.read().splitlines()[1:]]
        # The model's name stays the one a single p gets; p tells the runs apart.
        self.assertEqual(sorted(set(models)), [("p_median", "3"), ("p_median", "5")])
        self.assertEqual(models.count(("p_median", "3")), 144)

    def test_curve_needs_one_sweep(self):
        p = subprocess.run([tool("gcenter"), self.dist, "--p-median", "3", "--curve",
                            os.path.join(self.dir, "x.svg")], capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn("--curve: plots one sweep", p.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "x.svg")))


if __name__ == "__main__":
    unittest.main()
