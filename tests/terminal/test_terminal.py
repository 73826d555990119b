"""The apps as a person at a terminal and a script in a pipe see them:
progress bars on a pseudo-terminal, nothing in a pipe, nothing with -q, and
--json on every app parsing as JSON with the documented keys.
Run by ctest (apps_terminal) as: python3 -m unittest discover -s tests/terminal
with GDIST_BIN = the apps folder. Debian's python3, stdlib only."""
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from pty_run import run_in_pty

BIN = os.environ.get("GDIST_BIN", "")


def tool(name):
    return os.path.join(BIN, name)


def run(*args, check=None, **kw):
    p = subprocess.run([tool(args[0]), *args[1:]], capture_output=True, text=True, **kw)
    if check is not None:
        assert p.returncode == check, (args, p.returncode, p.stdout, p.stderr)
    return p


def built_with_asan():
    """The sanitizer build (scripts/sanitize.sh) links AddressSanitizer into the apps."""
    try:
        with open(tool("gcenter"), "rb") as f:
            return b"__asan_init" in f.read()
    except OSError:
        return False


def grid_graph(side):
    """A directed grid, side x side, DIMACS text (weights 1..9)."""
    lines = []
    n = side * side
    arcs = []
    for r in range(side):
        for c in range(side):
            v = r * side + c + 1
            if c + 1 < side:
                arcs += [(v, v + 1, 1 + (v * 7) % 9), (v + 1, v, 1 + (v * 5) % 9)]
            if r + 1 < side:
                arcs += [(v, v + side, 1 + (v * 3) % 9), (v + side, v, 1 + (v * 11) % 9)]
    lines.append("p sp %d %d" % (n, len(arcs)))
    lines += ["a %d %d %d" % a for a in arcs]
    return "\n".join(lines) + "\n"


@unittest.skipUnless(BIN and os.path.exists(tool("gapsp")), "GDIST_BIN not set to the built apps")
class TerminalTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="gdist-term-")
        cls.graph_text = grid_graph(30)  # 900 vertices
        cls.graph = os.path.join(cls.dir, "g.gr")
        with open(cls.graph, "w") as f:
            f.write(cls.graph_text)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def path(self, name):
        return os.path.join(self.dir, name)

    def slow_stdin(self):
        """The graph on stdin in two parts, 0.8 s apart: reading lasts past the bar's half-second threshold."""
        data = self.graph_text.encode()
        return [data[: len(data) // 2], data[len(data) // 2:]]

    def test_terminal_shows_the_reading_bar(self):
        rc, _, term = run_in_pty([tool("gconvert"), "-", self.path("t.gdm"), "--from", "dimacs"],
                                 self.slow_stdin(), pause=0.8)
        self.assertEqual(rc, 0, term)
        self.assertIn("reading <stdin>", term)
        self.assertIn("KiB/s", term)  # a pipe has no known size: count and rate, no ETA
        self.assertIn("gconvert: ", term)  # the summary line follows on its own line

    def test_progress_flag_draws_apsp_and_siting_bars_at_once(self):
        rc, _, term = run_in_pty([tool("gcenter"), self.graph, "--p-median", "3", "--progress", "--exact",
                                  "--backend", "cpu"])  # the bar names the backend: the same on a GPU machine
        self.assertEqual(rc, 0, term)
        self.assertRegex(term, r"apsp \(cpu, in-core\) \[#+\] 100% 8/8 rounds +[0-9.e+]+ relax/s")
        self.assertIn("p-median: local search [", term)
        self.assertIn("p-median: branch and bound", term)

    def test_quick_run_on_a_terminal_prints_no_bar(self):
        rc, _, term = run_in_pty([tool("gapsp"), self.graph, self.path("q.gdm")])
        self.assertEqual(rc, 0, term)
        self.assertNotIn("[#", term)
        self.assertIn("gapsp: 900 vertices", term)

    def test_quiet_silences_the_terminal(self):
        rc, _, term = run_in_pty([tool("gconvert"), "-", self.path("q2.gdm"), "--from", "dimacs", "-q"],
                                 self.slow_stdin(), pause=0.8)
        self.assertEqual(rc, 0, term)
        self.assertEqual(term, "")
        rc, _, term = run_in_pty([tool("gcenter"), self.graph, "--p-median", "2", "-q"])
        self.assertEqual(rc, 0, term)
        self.assertEqual(term, "")

    def test_a_pipe_gets_no_bar(self):
        p = subprocess.run([tool("gconvert"), "-", self.path("p.gdm"), "--from", "dimacs"],
                           input=self.graph_text.encode(), capture_output=True)
        self.assertEqual(p.returncode, 0)
        self.assertNotIn(b"\r", p.stderr)
        self.assertNotIn(b"reading", p.stderr)
        p = subprocess.run([tool("gcenter"), self.graph, "--p-median", "3"], capture_output=True)
        self.assertEqual(p.returncode, 0)
        self.assertEqual(p.stderr, b"")

    def test_progress_and_quiet_contradict(self):
        p = subprocess.run([tool("gapsp"), self.graph, self.path("x.gdm"), "-q", "--progress"], capture_output=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn(b"--quiet and --progress cannot be given together", p.stderr)
        self.assertFalse(os.path.exists(self.path("x.gdm")))

    def test_json_on_every_app(self):
        dist = self.path("d.gdm")
        out = subprocess.run([tool("gconvert"), self.graph, self.path("a.gdm"), "--json"], capture_output=True,
                             check=True).stdout
        j = json.loads(out)
        self.assertEqual((j["n"], j["directed"], j["element_type"], j["format"]), (900, True, "int32", "gdm"))
        j = json.loads(subprocess.run([tool("gconvert"), self.graph, self.path("a.mtx"), "--json"],
                                      capture_output=True, check=True).stdout)
        self.assertEqual((j["format"], j["arcs"]), ("mtx", self.graph_text.count("\na ")))
        j = json.loads(subprocess.run([tool("gapsp"), self.graph, dist, "--paths", "--json", "-q"],
                                      capture_output=True, check=True).stdout)
        self.assertEqual(j["n"], 900)
        self.assertIn(j["element_bits"], (16, 32))
        j = json.loads(subprocess.run([tool("gcenter"), dist, "--json"], capture_output=True, check=True).stdout)
        self.assertEqual(j["n"], 900)
        j = json.loads(subprocess.run([tool("gpath"), dist, "--from", "1", "--to", "900", "--json"],
                                      capture_output=True, check=True).stdout)
        self.assertEqual(j["vertices"][0], "1")  # labels are strings (docs/CLI.md, "JSON")
        self.assertEqual(j["vertices"][-1], "900")
        self.assertEqual(j["length"], sum(j["weights"]))
        j = json.loads(subprocess.run([tool("ginfo"), dist, "--json"], capture_output=True, check=True).stdout)
        self.assertTrue(j["valid"])
        self.assertEqual(j["kind"], "distance")

    def unit_graph(self):
        """The grid's arcs with unit weights (an edge list): the sparse engine's bit-parallel BFS trees."""
        path = self.path("unit.txt")
        if not os.path.exists(path):
            with open(path, "w") as f:
                for line in self.graph_text.splitlines():
                    if line.startswith("a "):
                        _, u, v, _ = line.split()
                        f.write("%s %s\n" % (u, v))
        return path

    def test_sparse_trees_draw_a_bar_of_trees(self):
        # gapsp --algorithm dijkstra: one bar of trees with its rate, Dial's queue (weights 1..9) and BFS sweeps.
        rc, _, term = run_in_pty([tool("gapsp"), self.graph, self.path("t1.gdm"), "--algorithm", "dijkstra",
                                  "--progress"])
        self.assertEqual(rc, 0, term)
        self.assertRegex(term, r"apsp \(cpu, dijkstra-radix trees\) \[#+\] 100% 900/900 trees +[0-9.e+]+ trees/s")
        rc, _, term = run_in_pty([tool("gapsp"), self.unit_graph(), self.path("t2.gdm"),
                                  "--algorithm", "dijkstra", "--progress"])
        self.assertEqual(rc, 0, term)
        self.assertRegex(term, r"apsp \(cpu, bfs trees\) \[#+\] 100% 900/900 trees")
        # The blocks the bar counts give the same matrix as one unbroken run.
        subprocess.run([tool("gapsp"), self.unit_graph(), self.path("t3.gdm"), "--algorithm",
                        "dijkstra", "-q"], check=True)
        subprocess.run([tool("gapsp"), self.graph, self.path("t4.gdm"), "--algorithm", "dijkstra", "-q"], check=True)
        for a, b in (("t2.gdm", "t3.gdm"), ("t1.gdm", "t4.gdm")):
            with open(self.path(a), "rb") as fa, open(self.path(b), "rb") as fb:
                self.assertEqual(fa.read(), fb.read(), a + " differs from " + b)
        # Rows of some sources, streamed to the file: the same bar over the sources.
        with open(self.path("src.txt"), "w") as f:
            f.write("1\n450\n900\n")
        rc, _, term = run_in_pty([tool("gapsp"), self.graph, self.path("t5.gdm"), "--sources", self.path("src.txt"),
                                  "--algorithm", "dijkstra", "--progress"])
        self.assertEqual(rc, 0, term)
        self.assertRegex(term, r"apsp \(cpu, dijkstra-radix trees\) \[#+\] 100% 3/3 trees")

    def test_sparse_metrics_and_candidate_rows_draw_bars(self):
        # Every tree (--per-vertex), then the bounding algorithms (vertices settled), then the siting rows.
        rc, _, term = run_in_pty([tool("gcenter"), self.graph, "--engine", "sparse", "--per-vertex",
                                  self.path("pv.csv"), "--progress"])
        self.assertEqual(rc, 0, term)
        self.assertRegex(term, r"metrics \(cpu, dijkstra-radix trees\) \[#+\] 100% 900/900 trees +[0-9.e+]+ trees/s")
        rc, _, term = run_in_pty([tool("gcenter"), self.graph, "--engine", "sparse", "--progress"])
        self.assertEqual(rc, 0, term)
        self.assertRegex(term, r"metrics \(cpu, eccentricity bounds\) \[#+\] 100% 900/900 settled")
        self.assertRegex(term, r"metrics \(cpu, median bounds\) \[#+\] 100% 900/900 settled")
        with open(self.path("cand.txt"), "w") as f:
            f.write("".join("%d\n" % v for v in range(1, 901, 30)))
        rc, out, term = run_in_pty([tool("gcenter"), self.graph, "--candidates", self.path("cand.txt"),
                                    "--p-median", "2", "--progress"])
        self.assertEqual(rc, 0, term)
        self.assertRegex(term, r"siting rows \(cpu, dijkstra-radix trees\) \[#+\] 100% 30/30 trees")
        self.assertIn(b"p-median", out)

    def test_sparse_trees_in_a_pipe(self):
        # Nothing unless forced; forced, plain lines (no carriage returns); -q: nothing at all.
        runs = ([tool("gapsp"), self.graph, self.path("p1.gdm"), "--algorithm", "dijkstra"],
                [tool("gcenter"), self.graph, "--engine", "sparse", "--per-vertex", self.path("p.csv")],
                [tool("gcenter"), self.graph, "--engine", "sparse"])
        for args in runs:
            p = subprocess.run(args, capture_output=True)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertNotIn(b"trees/s", p.stderr)
            self.assertNotIn(b"[#", p.stderr)
            self.assertNotIn(b"settled", p.stderr)
            self.assertNotIn(b"\r", p.stderr)
            p = subprocess.run(args + ["-q"], capture_output=True)
            self.assertEqual((p.returncode, p.stderr), (0, b""))
        p = subprocess.run(runs[1] + ["--progress"], capture_output=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertNotIn(b"\r", p.stderr)
        self.assertRegex(p.stderr.decode(), r"progress: metrics cpu dijkstra-radix trees 900/900 trees, [0-9.]+ s")

    ESTIMATE = r"%s \((\d+) (BFS|Dijkstra) trees on (\d+) CPU threads?\): needs about [0-9.]+ (B|KiB|MiB|GiB) " \
               r"of memory, estimated ([0-9.]+ s|\d+:\d\d)"

    def estimate(self, tool_name, term):
        """(trees, kind) of the line before a sparse run, or None when there is none."""
        found = re.findall(self.ESTIMATE % tool_name, term)
        self.assertLessEqual(len(found), 1, term)
        return (int(found[0][0]), found[0][1]) if found else None

    def test_estimate_line_before_the_sparse_engines_trees(self):
        # --progress prints the line for any run; it names the trees the run then counts on its bar.
        runs = [
            ([tool("gcenter"), self.graph, "--engine", "sparse", "--per-vertex", self.path("e1.csv")], (900, "Dijkstra")),
            ([tool("gcenter"), self.unit_graph(), "--engine", "sparse", "--centrality"], (900, "BFS")),
            ([tool("gapsp"), self.graph, self.path("e2.gdm"), "--algorithm", "dijkstra"], (900, "Dijkstra")),
            ([tool("gapsp"), self.unit_graph(), self.path("e3.gdm"), "--algorithm", "dijkstra"], (900, "BFS")),
        ]
        with open(self.path("esrc.txt"), "w") as f:
            f.write("1\n450\n900\n")
        runs.append(([tool("gapsp"), self.graph, self.path("e4.gdm"), "--sources", self.path("esrc.txt"),
                      "--algorithm", "dijkstra"], (3, "Dijkstra")))
        with open(self.path("ecand.txt"), "w") as f:
            f.write("".join("%d\n" % v for v in range(1, 901, 30)))
        runs.append(([tool("gcenter"), self.graph, "--candidates", self.path("ecand.txt"), "--p-median", "2"],
                     (30, "Dijkstra")))
        # Not strongly connected (a directed path): the metrics need a tree from every vertex.
        path = self.path("dpath.gr")
        with open(path, "w") as f:
            f.write("p sp 50 49\n" + "".join("a %d %d 1\n" % (v, v + 1) for v in range(1, 50)))
        runs.append(([tool("gcenter"), path, "--engine", "sparse"], (50, "BFS")))
        for args, want in runs:
            name = os.path.basename(args[0])
            rc, _, term = run_in_pty(args + ["--progress", "-j", "2"])
            self.assertEqual(rc, 0, term)
            self.assertEqual(self.estimate(name, term), want, (args, term))
            self.assertRegex(term, r"\] 100%% %d/%d trees" % (want[0], want[0]))
        # Bounding searches stop when their bounds meet: the line names their typical number of trees as
        # such (fewer than a tree from every vertex; every eccentricity more), and their bar counts the
        # vertices settled.
        typical = {}
        for name, args, n in (("bounds", [tool("gcenter"), self.graph, "--engine", "sparse"], 900),
                              ("every", [tool("gcenter"), self.graph, "--engine", "sparse", "--eccentricities",
                                         self.path("ecc.csv")], 900),
                              ("path", [tool("gcenter"), path, "--engine", "sparse", "--undirected"], 50)):
            rc, _, term = run_in_pty(args + ["--progress", "-j", "2"])  # the line names the threads
            self.assertEqual(rc, 0, term)
            found = re.findall(r"gcenter \(bounding searches, typically (\d+) (?:BFS|Dijkstra) trees on 2 CPU threads\): "
                               r"needs about [0-9.]+ [KMG]iB of memory, estimated [0-9.:]+ s? ?\((?!;)", term)
            self.assertEqual(len(found), 1, term)
            typical[name] = int(found[0])
            self.assertLessEqual(typical[name], n)
            self.assertIn("settled", term)
        self.assertGreater(typical["every"], typical["bounds"])
        # Floyd-Warshall's line (lib/pipeline/apsp_estimate.hpp) follows the same rule.
        rc, _, term = run_in_pty([tool("gapsp"), self.graph, self.path("e6.gdm"), "--progress", "--backend", "cpu"])
        self.assertEqual(rc, 0, term)
        self.assertRegex(term, r"gapsp \(CPU\): needs about [0-9.]+ MiB of memory, estimated [0-9.]+ s")
        self.assertNotIn("trees on", term)
        # Quick runs on a terminal print no line (under 2 s estimated); in a pipe none; -q none at all.
        args = [tool("gcenter"), self.graph, "--engine", "sparse", "--per-vertex", self.path("e5.csv")]
        rc, _, term = run_in_pty(args)
        self.assertEqual(rc, 0, term)
        self.assertNotIn("needs about", term)
        rc, _, term = run_in_pty(args + ["-q"])
        self.assertEqual((rc, term), (0, ""))
        p = subprocess.run(args, capture_output=True)
        self.assertEqual((p.returncode, p.stderr), (0, b""))

    @unittest.skipUnless(int(os.environ.get("GDIST_TEST_LEVEL") or 0) >= 1,
                         "two runs of about 3 s each (GDIST_TEST_LEVEL=1)")
    def test_estimate_line_before_a_long_run_on_a_terminal(self):
        # Without --progress the line needs a run estimated at 2 s or more: every tree of a weighted
        # 100 x 100 grid on one thread (10,000 Dijkstra trees over 39,600 arcs); in a pipe nothing.
        graph = self.path("g100.gr")
        with open(graph, "w") as f:
            f.write(grid_graph(100))
        args = [tool("gcenter"), graph, "--engine", "sparse", "--per-vertex", self.path("l.csv"), "-j", "1"]
        rc, _, term = run_in_pty(args)
        self.assertEqual(rc, 0, term)
        self.assertEqual(self.estimate("gcenter", term), (10000, "Dijkstra"))
        p = subprocess.run(args, capture_output=True)
        self.assertEqual((p.returncode, p.stderr), (0, b""))

    def test_writing_a_large_output_draws_a_bar(self):
        # A 4200-vertex ring written as .npy: 4200^2 int32 = 70.6 MB, past the bar's 64 MiB
        # (lib/util/atomic_file.hpp): "writing ring.npy" on a terminal, nothing in a pipe or with -q.
        graph = self.path("ring.gr")
        n = 4200
        with open(graph, "w") as f:
            f.write("p sp %d %d\n" % (n, n) + "".join("a %d %d 1\n" % (v, v % n + 1) for v in range(1, n + 1)))
        args = [tool("gapsp"), graph, self.path("ring.npy"), "--to", "npy", "--undirected"]
        rc, _, term = run_in_pty(args + ["--progress"])
        self.assertEqual(rc, 0, term)
        self.assertRegex(term, r"writing ring\.npy \[#+\] 100% 67\.3 MiB/67\.3 MiB")
        # The estimate line counts the write: 4200 rows of 4224 int32 (the padded rows) at the cost model's rate.
        self.assertRegex(term, r"writing 67\.7 MiB [0-9.]+ s")
        p = subprocess.run(args, capture_output=True)  # in a pipe: the summary line alone
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertNotIn(b"writing", p.stderr)
        self.assertNotIn(b"needs about", p.stderr)
        rc, _, term = run_in_pty(args + ["-q"])
        self.assertEqual((rc, term), (0, ""))

    def test_ginfo_quiet_is_the_exit_status(self):
        dist = self.path("v.gdm")
        subprocess.run([tool("gapsp"), self.graph, dist, "-q"], check=True)
        p = subprocess.run([tool("ginfo"), dist, "-q"], capture_output=True)
        self.assertEqual((p.returncode, p.stdout, p.stderr), (0, b"", b""))
        with open(dist, "r+b") as f:  # one payload byte flipped
            f.seek(4096 + 1000)
            b = f.read(1)
            f.seek(4096 + 1000)
            f.write(bytes([b[0] ^ 0xFF]))
        p = subprocess.run([tool("ginfo"), dist, "-q"], capture_output=True)
        self.assertEqual((p.returncode, p.stdout), (1, b""))
        self.assertIn(b"ginfo: " + dist.encode(), p.stderr)


if __name__ == "__main__":
    unittest.main()
