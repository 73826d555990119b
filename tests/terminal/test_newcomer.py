"""The tool as a newcomer meets it (issue 29): what a first run on a directed edge list, a graph
that is not strongly connected, a mistyped flag or a too-big graph says, and that the same
command gives the same bytes whatever the machine's load or thread count.
- direction: an edge list in which no arc has its reverse, or whose header says undirected, gets
  one note on stderr naming --undirected; one with reverse arcs, --undirected or -q gets none;
- connectivity: with an infinite radius the center, and with an infinite diameter the periphery,
  are undefined (null in JSON, with undefined_reason naming the strong components), on the dense
  engine, the sparse engine and a matrix file alike; the components checked against NetworkX;
- refusals: "did you mean" over the tool's own flags, CLI11's messages in the tools' words, a
  picture name that is not .svg, siting on a graph whose matrix cannot fit names --candidates
  (and that route then answers);
- reproducible: the siting models' JSON is the same bytes with -j 1, -j 2 and under CPU load;
- compact report: the histogram's bins only with --histogram (the JSON keeps them);
- --version says whether proofs (CBC) are in the build;
- one walk, on a terminal, through the rest as a planner meets it on a road graph with a .co: a
  route from the graph file, siting on candidates with its map and GeoJSON, the estimate line,
  NumPy's export with labels and inf, and every --json validated against the schema.
Run with the terminal tests (GDIST_BIN = the apps folder). Debian's python3; NetworkX when present."""
import json
import multiprocessing
import os
import re
import resource
import shutil
import tempfile
import unittest

import test_maps  # write_grid: a grid road graph with its .co (a module import: its tests stay its own)
from pty_run import run_in_pty
from test_terminal import BIN, built_with_asan, grid_graph, run, tool

try:
    import jsonschema
except ImportError:  # the walk's JSON is parsed, not validated
    jsonschema = None
try:
    import numpy
except ImportError:  # the walk skips the NumPy export
    numpy = None

try:
    import networkx
except ImportError:  # the oracle checks are skipped
    networkx = None

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(SOURCE, "data", "grid-50x40.gr")


BUILT_WITH_ASAN = bool(BIN) and built_with_asan()


@unittest.skipUnless(BIN and os.path.exists(tool("gcenter")), "GDIST_BIN not set to the built apps")
class NewcomerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="gdist-newcomer-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    # --- direction --------------------------------------------------------------------------
    def test_one_way_edge_list_is_told_once(self):
        roads = self.write("roads.csv", "from,to,km\nRome,Tivoli,31\nTivoli,Subiaco,40\nRome,Ostia,28\n"
                                        "Ostia,Fiumicino,9\nSubiaco,Fiumicino,95\n")
        p = run("gcenter", roads, check=0)
        notes = [line for line in p.stderr.splitlines() if "no arc has its reverse" in line]
        self.assertEqual(len(notes), 1, p.stderr)
        self.assertIn("--undirected", notes[0])
        self.assertIn("5 one-way arcs", notes[0])
        for flags in (["--undirected"], ["-q"]):
            self.assertNotIn("reverse", run("gcenter", roads, *flags, check=0).stderr)
        # gconvert reads it the same way and says so too.
        self.assertIn("no arc has its reverse", run("gconvert", roads, os.path.join(self.dir, "r.gdm"), check=0).stderr)
        # One reverse arc: a directed graph on purpose, no note.
        both = self.write("both.csv", "a b 1\nb c 1\nc b 2\n")
        self.assertNotIn("reverse", run("gcenter", both, check=0).stderr)

    def test_header_that_says_undirected(self):
        snap = self.write("snap.txt", "# Undirected graph: ca-test.txt\n# Nodes: 3 Edges: 2\n1\t2\n2\t1\n2\t3\n3\t2\n")
        p = run("gcenter", snap, check=0)
        self.assertIn("header says the graph is undirected", p.stderr)
        self.assertIn("--undirected", p.stderr)
        self.assertNotIn("header says", run("gcenter", snap, "--undirected", check=0).stderr)
        konect = self.write("konect.tsv", "% sym unweighted\n1 2\n2 3\n")
        self.assertIn("header says the graph is undirected", run("gcenter", konect, check=0).stderr)

    # --- connectivity ------------------------------------------------------------------------
    def answers(self, path, *flags):
        return json.loads(run("gcenter", path, "--json", "-q", *flags, check=0).stdout)

    def test_center_undefined_when_the_radius_is_infinite(self):
        # a -> b <- c, d <-> e: no vertex reaches every other (5 strong components... 4: {d, e}).
        g = self.write("split.txt", "a b 1\nc b 2\nd e 3\ne d 3\n")
        for engine in ("dense", "sparse"):
            m = self.answers(g, "--engine", engine)
            self.assertIsNone(m["radius"], engine)
            self.assertIsNone(m["center"], engine)
            self.assertIsNone(m["periphery"], engine)
            self.assertEqual(m["undefined_reason"], "not strongly connected: 4 strong components, largest 2", engine)
            text = run("gcenter", g, "--engine", engine, "-q", check=0).stdout
            self.assertRegex(text, r"center +undefined \(not strongly connected: 4 strong components, largest 2; "
                                   r"--largest-component strong or --reachable-only defines them\)")
            self.assertRegex(text, r"periphery +undefined \(as the center\)")
            # --reachable-only defines them (igraph's convention): b reaches nothing, eccentricity 0.
            r = self.answers(g, "--engine", engine, "--reachable-only")
            self.assertEqual((r["radius"], r["center"], r["undefined_reason"]), (0, ["b"], None), engine)
            # The largest strong component is strongly connected: both defined.
            s = self.answers(g, "--engine", engine, "--largest-component", "strong")
            self.assertEqual((s["center"], s["periphery"], s["undefined_reason"]), (["d", "e"], ["d", "e"], None))
        # A matrix file: the components from the matrix, and only --reachable-only applies to it.
        dist = os.path.join(self.dir, "split.gdm")
        run("gapsp", g, dist, "-q", check=0)
        m = self.answers(dist)
        self.assertEqual(m["undefined_reason"], "not strongly connected: 4 strong components, largest 2")
        text = run("gcenter", dist, check=0).stdout
        self.assertIn("(not strongly connected: 4 strong components, largest 2; --reachable-only defines them)", text)
        if networkx:
            G = networkx.read_weighted_edgelist(g, create_using=networkx.DiGraph)
            sizes = [len(c) for c in networkx.strongly_connected_components(G)]
            self.assertEqual((len(sizes), max(sizes)), (4, 2))
            with self.assertRaises(networkx.NetworkXError):
                networkx.center(G)

    def test_periphery_undefined_when_only_the_diameter_is(self):
        # a reaches every vertex (radius 12 from a), b c d do not: the center is a, the periphery undefined.
        g = self.write("chain.csv", "a,b,5\nb,c,3\nc,d,4\na,d,20\n")
        for engine in ("dense", "sparse"):
            m = self.answers(g, "--engine", engine)
            self.assertEqual((m["radius"], m["center"], m["diameter"], m["periphery"]), (12, ["a"], None, None))
            self.assertEqual(m["undefined_reason"], "not strongly connected: 4 strong components, largest 1")
            text = run("gcenter", g, "--engine", engine, "-q", check=0).stdout
            self.assertRegex(text, r"\ncenter +a\n")
            self.assertRegex(text, r"periphery +undefined \(not strongly connected: 4 strong")

    def test_undirected_and_disconnected(self):
        g = self.write("two.txt", "1 2 1\n2 3 1\n4 5 1\n")
        m = self.answers(g, "--undirected")
        self.assertEqual((m["center"], m["periphery"]), (None, None))
        self.assertEqual(m["undefined_reason"], "not connected: 2 components, largest 3")
        self.assertIn("--largest-component weak or --reachable-only", run("gcenter", g, "--undirected", check=0).stdout)

    @unittest.skipUnless(networkx, "NetworkX (python3-networkx) absent")
    def test_random_digraph_against_networkx(self):
        G = networkx.gnm_random_graph(400, 700, seed=29, directed=True)
        lines = ["%d %d %d" % (u + 1, v + 1, 1 + (u * 7 + v) % 9) for u, v in G.edges()]
        g = self.write("random.txt", "\n".join(lines) + "\n")
        H = networkx.read_weighted_edgelist(g, create_using=networkx.DiGraph, nodetype=int)
        sizes = sorted(len(c) for c in networkx.strongly_connected_components(H))
        want = "not strongly connected: %d strong components, largest %d" % (len(sizes), sizes[-1])
        for engine in ("dense", "sparse"):
            m = self.answers(g, "--engine", engine)
            self.assertEqual((m["center"], m["periphery"], m["undefined_reason"]), (None, None, want), engine)
            # Not 400 vertices listed as "the center".
            self.assertLess(len(run("gcenter", g, "--engine", engine, "-q", check=0).stdout.splitlines()), 30)

    # --- refusals and messages ---------------------------------------------------------------
    def test_did_you_mean(self):
        for typed, meant in (("--pmedian", "--p-median"), ("--p_median", "--p-median"), ("--pcenter", "--p-center"),
                             ("--reachable", "--reachable-only"), ("--jsn", "--json"), ("--candiates", "--candidates")):
            p = run("gcenter", SAMPLE, typed, "3", check=2)
            self.assertIn("unknown option '%s'; did you mean %s?" % (typed, meant), p.stderr)
        p = run("gapsp", SAMPLE, "o.gdm", "--sourcs", "s.txt", check=2)
        self.assertIn("did you mean --sources?", p.stderr)
        # A mistyped required flag is the typo, not "--from is required".
        p = run("gpath", SAMPLE, "--form", "1", "--to", "5", check=2)
        self.assertIn("unknown option '--form'; did you mean --from?", p.stderr)
        self.assertNotIn("required", p.stderr)
        self.assertIn("--from is required", run("gpath", SAMPLE, "--to", "5", check=2).stderr)
        p = run("gcenter", SAMPLE, "--zzzzzz", check=2)
        self.assertIn("unknown option '--zzzzzz'", p.stderr)
        self.assertNotIn("did you mean", p.stderr)
        p = run("gcenter", SAMPLE, "stray.txt", check=2)
        self.assertIn("unexpected argument 'stray.txt'", p.stderr)

    def test_cli11_messages_in_the_tools_words(self):
        cases = [(["--backend", "gpux"], "--backend: expected one of auto, cpu, gpu, got 'gpux'"),
                 (["--p-median"], "--p-median: needs a value"),
                 (["--max-snap", "-3"], "--max-snap: expected a finite number of metres > 0, got '-3'"),
                 (["--engine", "fast"], "--engine: expected one of auto, dense, sparse, ch, got 'fast'")]
        for flags, said in cases:
            p = run("gcenter", SAMPLE, *flags, check=2)
            self.assertIn(said, p.stderr, flags)
            self.assertNotIn("not in range", p.stderr)
        help_text = run("gcenter", "--help", check=0).stdout
        self.assertNotIn("{false}", help_text)
        self.assertIn("--no-bounds", help_text)
        self.assertIn("--time-limit", help_text)
        self.assertIn("Default: no clock", help_text)

    def test_picture_names_say_svg(self):
        for flag in ("--svg", "--histogram", "--curve"):
            png = os.path.join(self.dir, "map.png")
            extra = ["--p-median", "2,3"] if flag == "--curve" else ["--p-median", "2"]
            p = run("gcenter", SAMPLE, *extra, flag, png, check=2)
            self.assertIn("%s: writes SVG, so FILE must end in .svg (got '%s')" % (flag, png), p.stderr)
            self.assertFalse(os.path.exists(png))

    @unittest.skipIf(BUILT_WITH_ASAN, "an address-space limit leaves AddressSanitizer no room for its shadow memory")
    def test_too_big_for_a_matrix_names_candidates(self):
        # 40000 vertices: a 6.4 GB matrix under a 3 GiB address space, as NY's 260 GiB on a laptop.
        n = 40000
        ring = self.write("ring.gr", "p sp %d %d\n" % (n, 2 * n) + "".join(
            "a %d %d 1\na %d %d 1\n" % (v, v % n + 1, v % n + 1, v) for v in range(1, n + 1)))
        limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
        p = run("gcenter", ring, "--p-median", "3", "-j", "2", check=2, preexec_fn=limit)
        self.assertIn("siting over every vertex reads a dense int32 matrix", p.stderr)
        self.assertIn("--candidates FILE", p.stderr)
        self.assertIn("--cost-matrix FILE", p.stderr)
        self.assertNotIn("--engine sparse", p.stderr)
        # --engine sparse says where siting runs without a matrix, not "drop it" alone.
        p = run("gcenter", ring, "--p-median", "3", "--engine", "sparse", check=2, preexec_fn=limit)
        self.assertIn("on --candidates FILE it runs from a tree per candidate", p.stderr)
        # The route named works under the same limit.
        sites = self.write("sites.txt", "\n".join(str(v) for v in range(1, n + 1, 400)) + "\n")
        p = run("gcenter", ring, "--candidates", sites, "--p-median", "3", "-q", "-j", "2", check=0, preexec_fn=limit)
        self.assertIn("p-median", p.stdout)

    # --- reproducible answers ----------------------------------------------------------------
    def test_same_bytes_whatever_the_load_and_threads(self):
        # The two: p-median 10 (its bound varied with the load) and p-center 3 on the sample.
        dist = os.path.join(self.dir, "sample.gdm")
        run("gapsp", SAMPLE, dist, "-q", check=0)
        grid = self.write("grid.gr", grid_graph(20))
        small = os.path.join(self.dir, "grid.gdm")
        run("gapsp", grid, small, "-q", check=0)
        runs = [(dist, ["--p-median", "10"]), (dist, ["--p-center", "3"]), (small, ["--max-cover", "30", "--p", "4"]),
                (small, ["--cover", "40"]), (small, ["--p-dispersion", "4"])]
        first = {}
        for path, flags in runs:
            first[tuple(flags)] = run("gcenter", path, *flags, "--json", "-q", "-j", "1", check=0).stdout
            again = run("gcenter", path, *flags, "--json", "-q", "-j", "2", check=0).stdout
            self.assertEqual(first[tuple(flags)], again, flags)
        # Under load: two busy processes on this machine's cores while the same commands run again.
        burners = [multiprocessing.Process(target=_burn, daemon=True) for _ in range(2)]
        for b in burners:
            b.start()
        try:
            for path, flags in runs[:2]:
                loaded = run("gcenter", path, *flags, "--json", "-q", "-j", "2", check=0).stdout
                self.assertEqual(loaded, first[tuple(flags)], flags)
        finally:
            for b in burners:
                b.terminate()
                b.join()

    # --- compact report, --version ------------------------------------------------------------
    def test_histogram_only_when_asked(self):
        text = run("gcenter", SAMPLE, "-q", check=0).stdout
        self.assertNotIn("distance histogram", text)
        self.assertLess(len(text.splitlines()), 16)
        self.assertIn("distance histogram\n  80..237  11485", run("gcenter", SAMPLE, "-q", "--histogram", check=0).stdout)
        self.assertIn("distance_histogram", run("gcenter", SAMPLE, "-q", "--json", check=0).stdout)
        svg = os.path.join(self.dir, "hist.svg")
        text = run("gcenter", SAMPLE, "-q", "--histogram", svg, check=0).stdout
        self.assertIn("distance histogram", text)
        self.assertTrue(os.path.getsize(svg) > 1000)

    def test_version_names_cbc(self):
        for name in ("gcenter", "gapsp", "gconvert", "ginfo", "gpath"):
            out = run(name, "--version", check=0).stdout
            self.assertRegex(out, r"\nProofs \(CBC\): (built \(COIN-OR CBC [0-9.]+|not built)", name)

    def test_man_pages_one_example_a_paragraph(self):
        man = os.path.join(os.path.dirname(BIN), "man")
        if not os.path.isdir(man):
            self.skipTest("no man pages in the build (help2man absent)")
        for name in ("gcenter", "gapsp", "gconvert", "ginfo", "gpath"):
            with open(os.path.join(man, name + ".1")) as f:
                page = f.read()
            examples = page[page.index(".SH EXAMPLES\n"):]
            examples = examples[:examples.find("\n.SH ", 1)] if "\n.SH " in examples[1:] else examples
            commands = [line for line in examples.splitlines() if line.startswith(name + " ")]
            self.assertGreater(len(commands), 1, name)
            # Each command is its own unfilled paragraph.
            self.assertEqual(examples.count(".PP\n.nf\n"), examples.count("\n.fi\n"), name)
            self.assertGreaterEqual(examples.count(".PP\n.nf\n"), len(commands), name)
            self.assertIn('.SH "EXIT STATUS"', page, name)


@unittest.skipUnless(BIN and os.path.exists(tool("gcenter")), "GDIST_BIN not set to the built apps")
class RoadWalkTest(unittest.TestCase):
    """A first session on a road graph, each step on a terminal as a user types it (issue 29's scopes
    1, 4, 6 and 7 in one walk; each has deeper tests of its own: test_maps, numpy_exports,
    json_schema, bench/estimate_check.sh)."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gdist-walk-")
        self.gr, self.where = test_maps.write_grid(self.dir, 30)
        if jsonschema:
            with open(os.path.join(SOURCE, "docs", "schema", "gdist.schema.json")) as f:
                self.schema = json.load(f)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def step(self, tool_name, *args, json_out=False):
        """Runs the tool with stderr on a terminal; returns (stdout, what the terminal showed), the
        stdout parsed and validated against the tool's schema when json_out."""
        rc, out, term = run_in_pty([tool(tool_name)] + [str(a) for a in args] + (["--json"] if json_out else []))
        self.assertEqual(rc, 0, (tool_name, args, term))
        out = out.decode()
        if not json_out:
            return out, term
        doc = json.loads(out)
        if jsonschema:
            jsonschema.Draft202012Validator(dict(self.schema, **{"$ref": "#/$defs/" + tool_name})).validate(doc)
        return doc, term

    def test_a_planners_first_session(self):
        path = lambda name: os.path.join(self.dir, name)
        # The distances, with the estimate line before the run (--progress: any run gets it).
        summary, term = self.step("gapsp", self.gr, path("d.gdm"), "--progress", json_out=True)
        self.assertRegex(term, r"gapsp \([^)]*\): needs about [0-9.]+ [KMG]iB of memory, estimated ")
        self.assertEqual(summary["n"], 900)
        # A route straight from the graph file, and the same distance from the matrix file.
        route, _ = self.step("gpath", self.gr, "--from", "1", "--to", "900", json_out=True)
        from_matrix, _ = self.step("gpath", path("d.gdm"), "--from", "1", "--to", "900", json_out=True)
        self.assertEqual(route["length"], 100 * 58)  # 29 steps east, 29 north, 100 each
        self.assertEqual(route["length"], from_matrix["length"])
        self.assertEqual((route["from"], route["to"]), ("1", "900"))  # labels are strings
        # Siting on candidates, with the map and the GeoJSON from the .co beside the graph.
        cands = path("c.txt")
        with open(cands, "w") as f:
            f.write("".join("%d\n" % v for v in range(1, 901, 31)))
        svg, geo = path("m.svg"), path("m.geojson")
        answer, term = self.step("gcenter", self.gr, "--candidates", cands, "--p-median", "3", "--svg", svg,
                                 "--geojson", geo, json_out=True)
        self.assertIn("coordinates from the input", term)
        with open(geo) as f:
            features = json.load(f)["features"]
        sites = {x["properties"]["vertex"] for x in features if x["properties"]["kind"] == "site"}
        self.assertEqual(sites, set(answer["p_median"]["sites"]))
        self.assertTrue(os.path.getsize(svg) > 0)
        # The same question on the dense and the sparse engine: one key set.
        dense, _ = self.step("gcenter", self.gr, "--engine", "dense", json_out=True)
        sparse, _ = self.step("gcenter", self.gr, "--engine", "sparse", json_out=True)
        self.assertEqual(sorted(dense), sorted(sparse))
        self.assertEqual((dense["diameter"], dense["radius"]), (sparse["diameter"], sparse["radius"]))
        # NumPy: labels beside the distances, inf for "no path" with --float.
        if numpy is None:
            return
        one_way = path("oneway.gr")
        with open(one_way, "w") as f:
            f.write("p sp 3 2\na 1 2 5\na 2 3 7\n")
        self.step("gapsp", one_way, path("d.npz"), "--to", "npz", "--float")
        with numpy.load(path("d.npz")) as z:
            self.assertEqual([str(x) for x in z["labels"]], ["1", "2", "3"])
            self.assertEqual(z["dist"][0].tolist(), [0, 5, 12])
            self.assertTrue(numpy.isinf(z["dist"][2][0]))


def _burn():
    x = 0
    while True:
        x = (x * 7 + 1) % 1000003


if __name__ == "__main__":
    unittest.main()
