"""The Python door: gdist.open() on files the apps write, checked against the
raw NTHU output of the same run and against labels the input used.
Run by ctest as: python3 -m unittest discover -s python/tests (GDIST_BIN = apps dir)."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gdist  # noqa: E402

BIN = os.environ.get("GDIST_BIN", "")


def run(*args):
    subprocess.run([os.path.join(BIN, args[0]), *args[1:], "-q"], check=True)


@unittest.skipUnless(BIN and os.path.exists(os.path.join(BIN, "gapsp")), "GDIST_BIN not set to the built apps")
class GdmTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gdist-py-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def path(self, name):
        return os.path.join(self.dir, name)

    def write(self, name, text):
        with open(self.path(name), "w") as f:
            f.write(text)
        return self.path(name)

    def test_matrix_equals_nthu_output(self):
        rng = np.random.default_rng(int.from_bytes(os.urandom(4), "little"))
        n = 150  # padded to 256: the view must cut the padding off
        lines = [f"p sp {n} {3 * n}"]
        w = np.full((n, n), np.iinfo(np.int64).max)  # least arc weight per pair (DIMACS: min wins)
        for _ in range(3 * n):
            u, v = rng.integers(1, n + 1, size=2)
            c = int(rng.integers(1, 100))
            lines.append(f"a {u} {v} {c}")
            w[u - 1, v - 1] = min(w[u - 1, v - 1], c)
        g = self.write("g.gr", "\n".join(lines) + "\n")
        run("gapsp", g, self.path("d.gdm"), "--paths")
        run("gapsp", g, self.path("d.nthu"), "--to", "nthu")
        m = gdist.open(self.path("d.gdm"), verify=True)
        nthu = np.fromfile(self.path("d.nthu"), dtype="<i4").reshape(n, n)
        self.assertEqual(m.matrix.shape, (n, n))
        self.assertTrue(np.array_equal(np.asarray(m.matrix), nthu))
        self.assertEqual(m.kind, "distance")
        self.assertTrue(m.directed)
        self.assertEqual(m.labels[0], "1")
        self.assertEqual(m.index(n), n - 1)
        self.assertEqual(int(m.reachable().sum()), int((nthu < 1073741823).sum()))
        self.assertTrue(np.isinf(m.to_float()[~m.reachable()]).all())
        self.assertEqual(m.next_hops.shape, (n, n))
        # the next hop h of i -> j starts a shortest route: d[i, j] == w(i, h) + d[h, j]
        i, j = np.nonzero((nthu < 1073741823) & ~np.eye(n, dtype=bool))
        h = np.asarray(m.next_hops)[i, j]
        self.assertTrue((h >= 0).all())
        self.assertTrue(np.array_equal(nthu[i, j], w[i, h] + nthu[h, j]))

    def test_string_labels(self):
        g = self.write("g.tsv", "Rome\tMilan\t5\nMilan\tTurin\t2\n")
        run("gapsp", g, self.path("d.gdm"), "--undirected")
        m = gdist.open(self.path("d.gdm"))
        self.assertEqual(sorted(m.labels), ["Milan", "Rome", "Turin"])
        self.assertEqual(int(m.matrix[m.index("Rome"), m.index("Turin")]), 7)
        self.assertFalse(m.directed)

    def test_damage_is_reported(self):
        g = self.write("g.gr", "p sp 3 2\na 1 2 4\na 2 3 5\n")
        run("gapsp", g, self.path("d.gdm"))
        data = bytearray(open(self.path("d.gdm"), "rb").read())
        data[4096 + 4] ^= 1  # one payload bit
        with open(self.path("bad.gdm"), "wb") as f:
            f.write(data)
        gdist.open(self.path("bad.gdm"))  # header is fine: opens without verify
        with self.assertRaises(gdist.GdmError):
            gdist.open(self.path("bad.gdm"), verify=True)
        with open(self.path("short.gdm"), "wb") as f:
            f.write(bytes(data[:5000]))
        with self.assertRaises(gdist.GdmError):
            gdist.open(self.path("short.gdm"))
        with self.assertRaises(gdist.GdmError):
            gdist.open(g)


if __name__ == "__main__":
    unittest.main()
