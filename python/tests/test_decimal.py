"""Exact decimals (docs/FORMATS-INPUT.md): random graphs whose weights have 1 to
3 fractional digits, run through the built tools and checked against an
independent reference, Floyd-Warshall in fractions.Fraction: every distance of
gapsp's CSV and of the .gdm file, and every metric of gcenter on the dense and
the sparse engine (which must also agree with each other).
Run by ctest as: python3 -m unittest discover -s python/tests -p test_decimal.py (GDIST_BIN = apps dir)."""
import decimal
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gdist  # noqa: E402

BIN = os.environ.get("GDIST_BIN", "")
INF = None  # no path


def tool(*args):
    r = subprocess.run([os.path.join(BIN, args[0]), *args[1:], "-q"], capture_output=True, text=True)
    if r.returncode != 0:
        raise AssertionError(f"{' '.join(args)}: exit {r.returncode}: {r.stderr}")
    return r.stdout


def decimal_text(x):
    """The exact decimal of a Fraction whose denominator divides 10^9, trailing zeros trimmed."""
    if x is INF:
        return "inf"
    scaled = x * 10**9
    assert scaled.denominator == 1
    d = decimal.Decimal(int(scaled)).scaleb(-9)
    s = format(d.normalize(), "f")
    return "0" if s in ("-0", "0") else s


def random_weight(rng, digits, negative):
    if rng.random() < 0.2:
        w = Fraction(rng.randint(0, 9))  # a plain integer among the decimals
    else:
        w = Fraction(rng.randint(1, 10 ** (digits + 1)), 10 ** rng.randint(1, digits))
    return -w if negative and rng.random() < 0.3 else w


def weight_text(w, rng):
    s = decimal_text(w)
    if "." in s and rng.random() < 0.3:
        s += "0"  # "1.50": a trailing zero adds no digit
    if s.startswith("0.") and rng.random() < 0.3:
        s = s[1:]  # ".5"
    return s


def floyd_warshall(n, arcs):
    d = [[INF] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = Fraction(0)
    for u, v, w in arcs:
        if d[u][v] is INF or w < d[u][v]:
            d[u][v] = w
    for k in range(n):
        for i in range(n):
            if d[i][k] is INF:
                continue
            for j in range(n):
                if d[k][j] is not INF and (d[i][j] is INF or d[i][k] + d[k][j] < d[i][j]):
                    d[i][j] = d[i][k] + d[k][j]
    return d


def as_fraction(x):
    return None if x is None else Fraction(x)


@unittest.skipUnless(BIN and os.path.exists(os.path.join(BIN, "gapsp")), "GDIST_BIN not set to the built apps")
class DecimalTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gdist-decimal-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def path(self, name):
        return os.path.join(self.dir, name)

    def check_graph(self, rng, n, digits, directed, negative):
        # A random graph around a path (undirected: connected); directed with
        # negative arcs only forward (i < j), so no negative cycle.
        arcs = []
        for i in range(n - 1):
            arcs.append((i, i + 1, random_weight(rng, digits, negative)))
        for _ in range(2 * n):
            u, v = rng.randrange(n), rng.randrange(n)
            if u == v:
                continue
            if negative and u > v:
                u, v = v, u
            arcs.append((u, v, random_weight(rng, digits, negative)))
        lines = [f"p sp {n} {len(arcs)}"] + [f"a {u + 1} {v + 1} {weight_text(w, rng)}" for u, v, w in arcs]
        graph = self.path("g.gr")
        with open(graph, "w") as f:
            f.write("\n".join(lines) + "\n")
        flag = [] if directed else ["--undirected"]
        ref = floyd_warshall(n, arcs + ([] if directed else [(v, u, w) for u, v, w in arcs]))

        # Every distance of the CSV export, exactly.
        tool("gapsp", graph, self.path("d.csv"), "--to", "csv", "--backend", "cpu", *flag)
        with open(self.path("d.csv")) as f:
            rows = [line.rstrip("\n").split(",") for line in f]
        self.assertEqual(rows[0][1:], [str(i + 1) for i in range(n)])
        for i in range(n):
            self.assertEqual(rows[i + 1][1:], [decimal_text(x) for x in ref[i]], f"row {i + 1}:\n" + "\n".join(lines))

        # The matrix file: its scale, and gdist.open's values (the nearest doubles of the true ones).
        tool("gapsp", graph, self.path("d.gdm"), "--backend", "cpu", *flag)
        m = gdist.open(self.path("d.gdm"), verify=True)
        self.assertGreater(m.decimal_digits, 0)
        for i in range(n):
            for j in range(n):
                want = float("inf") if ref[i][j] is INF else float(ref[i][j])
                self.assertEqual(m.matrix[i, j], want)
                if ref[i][j] is not INF:
                    self.assertEqual(int(m.stored[i, j]), ref[i][j] * 10**m.decimal_digits)

        # The metrics on both engines, against the reference and each other.
        reports = {}
        for engine in ("dense", "sparse"):
            out = tool("gcenter", graph, "--json", "--centrality", "--engine", engine, *flag)
            reports[engine] = json.loads(out, parse_float=decimal.Decimal)
        ecc = [INF if any(x is INF for x in row) else max(row) for row in ref]
        finite = [e for e in ecc if e is not INF]
        for engine, r in reports.items():
            with self.subTest(engine=engine):
                if len(finite) == n:
                    self.assertEqual(as_fraction(r["diameter"]), max(ecc))
                else:
                    self.assertIsNone(r["diameter"])
                self.assertEqual(as_fraction(r["radius"]), min(finite) if finite else None)
                if finite:
                    self.assertEqual(sorted(r["center"], key=int),
                                     [str(i + 1) for i in range(n) if ecc[i] == min(finite)])
                totals = [sum(x for x in row if x is not INF) for row in ref]
                if r["median"] is not None:
                    self.assertEqual(as_fraction(r["median"]["total"]),
                                     min(t for t, e in zip(totals, ecc) if e is not INF))
                if len(finite) == n:
                    wiener = sum(totals) if directed else sum(totals) / 2
                    self.assertEqual(as_fraction(r["wiener_index"]), wiener)
                self.assertEqual(r["decimal_digits"], max(
                    len(decimal_text(w).partition(".")[2]) for _, _, w in arcs))
        # harmonic sums add up in each engine's order: their values may differ in the last bits.
        common = set(reports["dense"]) & set(reports["sparse"]) - {"plan", "components", "harmonic_max"}
        for key in sorted(common):
            self.assertEqual(reports["dense"][key], reports["sparse"][key], key)
        self.assertEqual(reports["dense"]["harmonic_max"]["vertex"], reports["sparse"]["harmonic_max"]["vertex"])

    def test_random_graphs_against_fractions(self):
        seed = int.from_bytes(os.urandom(4), "little")
        rng = random.Random(seed)
        for case in range(6):
            n = rng.randint(4, 24)
            digits = 1 + case % 3
            directed = case % 2 == 0
            negative = case == 4
            with self.subTest(seed=seed, case=case, n=n, digits=digits, directed=directed):
                self.check_graph(rng, n, digits, directed, negative)


if __name__ == "__main__":
    unittest.main()
