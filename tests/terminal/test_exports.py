"""gcenter's row files: --per-vertex and --assignment as CSV (RFC 4180: labels with commas
and quotes read back whole by Python's csv module) and as JSON lines (.jsonl/.ndjson), the
two holding the same rows. Run with the terminal tests (GDIST_BIN = the apps folder)."""
import csv
import json
import math
import os
import shutil
import subprocess
import tempfile
import unittest

from test_terminal import BIN, tool

EDGES = '''"Rome, Termini","Piazza ""Navona""",3
"Piazza ""Navona""",Trastevere,4
Trastevere,"Rome, Termini",5
Trastevere,Ostia,9
'''


@unittest.skipUnless(BIN and os.path.exists(tool("gcenter")), "GDIST_BIN not set to the built apps")
class ExportsTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gdist-exports-")
        self.graph = os.path.join(self.dir, "g.csv")
        with open(self.graph, "w") as f:
            f.write(EDGES)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def path(self, name):
        return os.path.join(self.dir, name)

    def test_csv_and_json_lines_hold_the_same_rows(self):
        subprocess.run([tool("gcenter"), self.graph, "--per-vertex", self.path("v.csv"), "--p-median", "1",
                        "--metrics", "--assignment", self.path("a.csv"), "-q"], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([tool("gcenter"), self.graph, "--per-vertex", self.path("v.jsonl"), "--p-median", "1",
                        "--metrics", "--assignment", self.path("a.ndjson"), "-q"], check=True,
                       stdout=subprocess.DEVNULL)
        with open(self.path("v.csv"), newline="") as f:
            rows = list(csv.DictReader(f))
        with open(self.path("v.jsonl")) as f:
            lines = [json.loads(line) for line in f]
        names = ["Rome, Termini", 'Piazza "Navona"', "Trastevere", "Ostia"]
        self.assertEqual([r["vertex"] for r in rows], names)
        self.assertEqual([r["vertex"] for r in lines], names)
        by_name = {r["vertex"]: r for r in lines}
        # Directed cycle Termini -> Navona -> Trastevere -> Termini (3 + 4 + 5) and Trastevere -> Ostia (9).
        self.assertEqual(by_name["Rome, Termini"]["total"], 3 + 7 + 16)
        self.assertIsNone(by_name["Ostia"]["eccentricity"])  # Ostia reaches nothing: infinite
        self.assertEqual(by_name["Ostia"]["unreachable"], 3)
        for r in rows:
            j = by_name[r["vertex"]]
            ecc = float(r["eccentricity"]) if r["eccentricity"] else None
            self.assertEqual(ecc, j["eccentricity"])
            for key in ("total", "unreachable", "closeness", "harmonic"):
                self.assertTrue(math.isclose(float(r[key]), j[key], rel_tol=1e-9), (key, r, j))
        with open(self.path("a.csv"), newline="") as f:
            assignment = list(csv.DictReader(f))
        with open(self.path("a.ndjson")) as f:
            assignment_lines = [json.loads(line) for line in f]
        self.assertEqual(len(assignment), 4)
        for r, j in zip(assignment, assignment_lines):
            self.assertEqual((r["model"], r["demand"]), (j["model"], j["demand"]))
            if r["site"]:
                self.assertEqual((r["site"], float(r["distance"])), (j["site"], j["distance"]))
            else:
                self.assertIsNone(j["site"])
                self.assertIsNone(j["distance"])


if __name__ == "__main__":
    unittest.main()
