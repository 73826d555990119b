"""gcenter --cost-matrix FILE (a demand x facility cost table, spopt's from_cost_matrix habit):
every model proven optimal (--exact) equals a brute force over the facility subsets in NumPy;
a distance matrix written as a table (gapsp --to csv) gives the square dense path's answers;
names with spaces, commas and quotes come back as written; bad tables fail with file:line and
leave no output behind. Run with the terminal tests (GDIST_BIN = the apps folder); Debian's
python3 with numpy."""
import csv
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import unittest

import numpy

from test_terminal import BIN, grid_graph, tool

INF = float("inf")


def write_table(path, demands, facilities, cost, sep=","):
    """A cost table as gcenter reads it: a corner cell and the facility names, then a row per demand
    (an infinite cost is an empty cell). CSV quotes names as RFC 4180 does; TSV writes them bare."""
    with open(path, "w", newline="") as f:
        if sep == ",":
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["demand"] + facilities)
            for name, row in zip(demands, cost):
                w.writerow([name] + ["" if c == INF else str(float(c)) if c != int(c) else str(int(c)) for c in row])
        else:
            f.write("\t".join(["demand"] + facilities) + "\n")
            for name, row in zip(demands, cost):
                f.write("\t".join([name] + ["" if c == INF else str(int(c)) for c in row]) + "\n")


def served(cost, sites):
    """Each demand's cost to its nearest site in `sites` (inf when none serves it)."""
    return cost[:, list(sites)].min(axis=1)


def brute(cost, weights, model, p=None, radius=None, fixed=(), candidates=None):
    """The optimum over every subset of the candidates, NumPy only: (objective, list of optimal site sets).
    Demands of weight 0 are no demands (docs/SITING.md); LSCP counts the fixed sites too."""
    keep = weights > 0
    cost, weights = cost[keep], weights[keep]
    nf = cost.shape[1]
    cand = [f for f in (candidates if candidates is not None else range(nf)) if f not in fixed]
    best, best_sites = None, []
    sizes = [p] if p is not None else range(0, len(cand) + 1)
    for size in sizes:
        for new in itertools.combinations(cand, size):
            sites = tuple(fixed) + new
            near = served(cost, sites) if sites else numpy.full(cost.shape[0], INF)
            if model == "p_median":
                value = float((weights * near).sum()) if numpy.isfinite(near).all() else INF
            elif model == "p_center":
                value = float(near.max())
            elif model == "max_cover":
                value = -float(weights[near <= radius].sum())
            else:  # cover: fewest sites with every demand within the radius
                value = len(sites) if (near <= radius).all() else INF
            if best is None or value < best:
                best, best_sites = value, [set(sites)]
            elif value == best:
                best_sites.append(set(sites))
        if model == "cover" and best is not None and best < INF:
            break
    return (-best if model == "max_cover" else best), best_sites


@unittest.skipUnless(BIN and os.path.exists(tool("gcenter")), "GDIST_BIN not set to the built apps")
class CostMatrixTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="gdist-costs-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def path(self, name):
        return os.path.join(self.dir, name)

    def gcenter(self, *args, expect=0):
        p = subprocess.run([tool("gcenter"), *args], capture_output=True, text=True)
        self.assertEqual(p.returncode, expect, p.stderr)
        return p

    def check_against_brute_force(self, table, demands, facilities, cost, weights, extra=(), fixed=(),
                                  candidates=None):
        names = {i: name for i, name in enumerate(facilities)}
        runs = [("p_median", ["--p-median", "2"], dict(p=2)), ("p_median", ["--p-median", "3"], dict(p=3)),
                ("p_center", ["--p-center", "2"], dict(p=2)),
                ("cover", ["--cover", "30"], dict(radius=30)),
                ("max_cover", ["--max-cover", "25", "--p", "2"], dict(p=2, radius=25))]
        for model, flags, kw in runs:
            out = json.loads(self.gcenter("--cost-matrix", table, *flags, "--exact", "--json", *extra).stdout)[model]
            want, optima = brute(cost, weights, model, fixed=fixed, candidates=candidates, **kw)
            self.assertTrue(out["optimal"], (model, flags))
            self.assertAlmostEqual(out["objective"], want, places=6, msg=(model, flags))
            got = set(out["sites"])
            self.assertIn(got, [{names[f] for f in s} for s in optima], (model, flags))

    def test_models_equal_a_brute_force(self):
        rng = numpy.random.default_rng(14)
        demands = ["Piazza %d" % i for i in range(9)]  # names with spaces, commas and quotes
        facilities = ["Depot A", "North, East", 'The "Old" Mill', "D", "E", "F"]
        cost = rng.integers(1, 50, size=(9, 6)).astype(float)
        cost[2, 4] = INF  # facility E cannot serve demand 2
        weights = numpy.ones(9)
        table = self.path("costs.csv")
        write_table(table, demands, facilities, cost)
        self.check_against_brute_force(table, demands, facilities, cost, weights)
        # Weights by demand name, a fixed site and candidates by facility name.
        weights = rng.integers(0, 5, size=9).astype(float)
        weights[0] = 3
        with open(self.path("w.csv"), "w") as f:
            f.write("".join('"%s",%d\n' % (d, w) for d, w in zip(demands, weights)))
        with open(self.path("fixed.txt"), "w") as f:
            f.write("North, East\n")
        with open(self.path("cand.txt"), "w") as f:
            f.write("Depot A\nNorth, East\nD\nE\nF\n")
        self.check_against_brute_force(table, demands, facilities, cost, weights,
                                       extra=("--weights", self.path("w.csv"), "--fixed", self.path("fixed.txt"),
                                              "--candidates", self.path("cand.txt")),
                                       fixed=(1,), candidates=[0, 1, 3, 4, 5])

    def test_fractional_costs_and_tsv_names(self):
        rng = numpy.random.default_rng(7)
        cost = numpy.round(rng.uniform(0.5, 40, size=(7, 5)), 3)
        demands = ["town %d" % i for i in range(7)]
        facilities = ["site %s" % c for c in "ABCDE"]
        table = self.path("frac.csv")
        write_table(table, demands, facilities, cost)
        self.check_against_brute_force(table, demands, facilities, cost, numpy.ones(7))
        icost = numpy.floor(cost) + 1
        tsv = self.path("costs.tsv")
        write_table(tsv, demands, facilities, icost, sep="\t")
        out = json.loads(self.gcenter("--cost-matrix", tsv, "--p-median", "2", "--exact", "--json").stdout)
        want, optima = brute(icost, numpy.ones(7), "p_median", p=2)
        self.assertEqual(out["p_median"]["objective"], want)
        self.assertIn(set(out["p_median"]["sites"]), [{facilities[f] for f in s} for s in optima])

    def test_sweep_assignment_and_text_name_the_places(self):
        rng = numpy.random.default_rng(3)
        cost = rng.integers(1, 30, size=(8, 5)).astype(float)
        demands = ["d %d" % i for i in range(8)]
        facilities = ["Depot %s" % c for c in "ABCDE"]
        table = self.path("sweep.csv")
        write_table(table, demands, facilities, cost)
        assign, curve = self.path("assign.csv"), self.path("curve.svg")
        sweep = json.loads(self.gcenter("--cost-matrix", table, "--p-median", "1,2,3", "--exact", "--json")
                           .stdout)["p_median_sweep"]
        self.assertEqual([e["p"] for e in sweep], [1, 2, 3])
        for e in sweep:
            self.assertEqual(e["p_median"]["objective"], brute(cost, numpy.ones(8), "p_median", p=e["p"])[0])
        text = self.gcenter("--cost-matrix", table, "--p-median", "2", "--exact", "--assignment", assign).stdout
        self.assertIn("Depot ", text)
        with open(assign) as f:
            rows = list(csv.reader(f))
        self.assertEqual(rows[0], ["model", "p", "demand", "weight", "site", "distance"])
        self.assertEqual(sorted(r[2] for r in rows[1:]), sorted(demands))
        self.assertEqual({(r[0], r[1]) for r in rows[1:]}, {("p_median", "2")})
        for model, p, demand, weight, site, distance in rows[1:]:  # each demand at its nearest chosen site
            u, f = demands.index(demand), facilities.index(site)
            self.assertEqual(float(distance), cost[u, f])
        self.gcenter("--cost-matrix", table, "--p-center", "1,2,3", "--curve", curve, "-q")
        self.assertGreater(os.path.getsize(curve), 500)

    def test_text_report_quotes_names_with_blanks(self):
        # The text report's site list is blank-separated: a name holding a blank or a quote is quoted as
        # the CSV files quote it, so the list reads back (csv.reader, blank as the separator) as the JSON's.
        rng = numpy.random.default_rng(21)
        cost = rng.integers(1, 40, size=(10, 6)).astype(float)
        demands = ["d%d" % i for i in range(10)]
        facilities = ["Depot A", "North, East", 'The "Old" Mill', "plain", "Porta Pia", "x,y"]
        table = self.path("blanks.csv")
        write_table(table, demands, facilities, cost)

        def sites_of(text, prefix):
            line = [l for l in text.splitlines() if l.startswith(prefix)][0]
            return next(csv.reader([line[len(prefix):].strip()], delimiter=" ", quotechar='"'))

        for flags, model in ((["--p-median", "3"], "p_median"), (["--p-center", "4"], "p_center"),
                             (["--max-cover", "15", "--p", "3"], "max_cover")):
            want = json.loads(self.gcenter("--cost-matrix", table, *flags, "--exact", "--json").stdout)[model]["sites"]
            text = self.gcenter("--cost-matrix", table, *flags, "--exact").stdout
            got = sites_of(text, "  sites ")
            self.assertEqual(got, want, text)
            self.assertTrue(set(got) <= set(facilities))
        # A sweep's table lists each p's sites the same way.
        sweep = json.loads(self.gcenter("--cost-matrix", table, "--p-median", "2,3", "--exact", "--json")
                           .stdout)["p_median_sweep"]
        text = self.gcenter("--cost-matrix", table, "--p-median", "2,3", "--exact").stdout
        rows = [l for l in text.splitlines() if l.split()[:1] in (["2"], ["3"])]
        self.assertEqual(len(rows), 2, text)
        for row, entry in zip(rows, sweep):
            got = next(csv.reader([row.split(None, 5)[5]], delimiter=" ", quotechar='"'))
            self.assertEqual(got, entry["p_median"]["sites"], text)

    def test_max_cover_states_an_upper_bound(self):
        # Max-cover maximises: its proven bound is an upper bound, in the text as in the JSON's key.
        rng = numpy.random.default_rng(5)
        cost = rng.integers(1, 30, size=(8, 5)).astype(float)
        table = self.path("mclp.csv")
        write_table(table, ["d%d" % i for i in range(8)], ["F%d" % i for i in range(5)], cost)
        want, _ = brute(cost, numpy.ones(8), "max_cover", p=2, radius=10)
        flags = ["--cost-matrix", table, "--max-cover", "10", "--p", "2"]
        text = self.gcenter(*flags, "--exact").stdout
        self.assertIn("  upper bnd  %d  gap 0%%  (proven optimal)" % want, text)
        self.assertNotIn("lower bnd", text)
        out = json.loads(self.gcenter(*flags, "--exact", "--json").stdout)["max_cover"]
        self.assertEqual((out["upper_bound"], out["objective"], out["optimal"]), (want, want, True))
        self.assertNotIn("lower_bound", out)
        text = self.gcenter(*flags, "--no-bounds").stdout
        self.assertIn("  upper bnd  none (not proven)", text)
        self.assertNotIn("lower bnd", text)
        out = json.loads(self.gcenter(*flags, "--no-bounds", "--json").stdout)["max_cover"]
        self.assertIsNone(out["upper_bound"])
        # The minimising models keep their lower bound.
        text = self.gcenter("--cost-matrix", table, "--p-median", "2", "--no-bounds").stdout
        self.assertIn("  lower bnd  none (not proven)", text)

    def test_a_distance_matrix_table_equals_the_dense_path(self):
        graph = self.path("g.gr")
        with open(graph, "w") as f:
            f.write(grid_graph(6))  # directed, 36 vertices
        dist, table = self.path("d.gdm"), self.path("d.csv")
        subprocess.run([tool("gapsp"), graph, dist, "-q"], check=True)
        subprocess.run([tool("gapsp"), graph, table, "--to", "csv", "-q"], check=True)
        # The table's row i, column j is d(i, j): demand i reaches facility j, the dense path's --direction in.
        for flags in (["--p-median", "4"], ["--p-center", "3"], ["--cover", "12"], ["--max-cover", "8", "--p", "3"],
                      ["--p-median", "2,5"]):
            dense = json.loads(self.gcenter(dist, *flags, "--direction", "in", "--exact", "--json").stdout)
            table_run = json.loads(self.gcenter("--cost-matrix", table, *flags, "--exact", "--json").stdout)
            for key in (k for k in dense if k != "plan"):  # the models (a matrix input has no plan: null)
                entries = dense[key] if isinstance(dense[key], list) else [dense[key]]
                others = table_run[key] if isinstance(table_run[key], list) else [table_run[key]]
                for a, b in zip(entries, others):
                    a = a.get(key.replace("_sweep", ""), a)
                    b = b.get(key.replace("_sweep", ""), b)
                    self.assertEqual(a["objective"], b["objective"], (flags, key))
                    self.assertEqual(sorted(str(s) for s in a["sites"]), sorted(str(s) for s in b["sites"]),
                                     (flags, key))

    def test_bad_tables_name_file_and_line(self):
        assign = self.path("never.csv")
        cases = {
            "ragged.csv": (",A,B\nx,1,2\ny,3\n", ":3: expected a demand name and 2 costs"),
            "word.csv": (",A,B\nx,1,two\n", ":2: expected a cost >= 0"),
            "negative.csv": (",A,B\nx,1,-2\n", ":2: expected a cost >= 0"),
            "nan.csv": (",A,B\nx,nan,2\n", ":2: expected a cost >= 0"),
            "empty.csv": ("", ":1: file is empty"),
            "header_only.csv": (",A,B\n", ":1: expected demand rows"),
        }
        for name, (text, message) in cases.items():
            with open(self.path(name), "w") as f:
                f.write(text)
            p = self.gcenter("--cost-matrix", self.path(name), "--p-median", "1", "--assignment", assign, expect=2)
            self.assertIn("gcenter: " + self.path(name) + message, p.stderr, name)
            self.assertFalse(os.path.exists(assign), name)
        good = self.path("good.csv")
        with open(good, "w") as f:
            f.write(",A,B\nx,1,2\n")
        for flags, message in ((["--per-vertex", self.path("pv.csv")], "not metrics"),
                               (["--direction", "in"], "--direction: applies to graph and matrix inputs"),
                               ([self.path("d.gdm")], "not both")):
            p = self.gcenter("--cost-matrix", good, "--p-median", "1", *flags, expect=2)
            self.assertIn(message, p.stderr)
        self.assertIn("--cost-matrix: applies to a siting model", self.gcenter("--cost-matrix", good, expect=2).stderr)
        self.assertIn("DIST (a matrix or graph file) or --cost-matrix FILE is required",
                      self.gcenter("--p-median", "1", expect=2).stderr)


if __name__ == "__main__":
    unittest.main()
