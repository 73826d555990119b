"""The Python door: gdist.open() on files the apps write, checked against the
raw NTHU output of the same run and against labels the input used.
Run by ctest as: python3 -m unittest discover -s python/tests (GDIST_BIN = apps dir)."""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

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
        run("gapsp", g, self.path("d32.gdm"), "--element-bits", "32")
        m = gdist.open(self.path("d.gdm"), verify=True)
        nthu = np.fromfile(self.path("d.nthu"), dtype="<i4").reshape(n, n)
        self.assertEqual(m.matrix.shape, (n, n))
        # Weights below 100 on 150 vertices: every distance fits 16 bits, so the file stores int16
        # (INF 16383); --element-bits 32 keeps int32 (INF 2^30-1). Both hold NTHU's distances.
        self.assertEqual(m.dtype, np.dtype("<i2"))
        self.assertEqual(int(m.inf), 16383)
        finite = nthu < 1073741823
        self.assertTrue(np.array_equal(np.asarray(m.matrix)[finite], nthu[finite]))
        self.assertTrue((np.asarray(m.matrix)[~finite] == m.inf).all())
        m32 = gdist.open(self.path("d32.gdm"), verify=True)
        self.assertEqual(m32.dtype, np.dtype("<i4"))
        self.assertTrue(np.array_equal(np.asarray(m32.matrix), nthu))
        self.assertTrue(np.array_equal(m.to_float(), m32.to_float()))
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

    def rows_file(self, name, source_labels):
        """A k x n file (flag bit 3, docs/FORMAT.md) of the rows of `source_labels`, made from a
        square one with valid checksums; returns (square file, rows, payload bytes)."""
        g = self.write("g.csv", "a,b,3\nb,c,4\nc,d,5\nd,a,6\nb,d,1\n")
        run("gapsp", g, self.path("sq.gdm"))
        sq = gdist.open(self.path("sq.gdm"), verify=True)
        data = open(self.path("sq.gdm"), "rb").read()
        header = bytearray(data[:4096])
        (flags,) = struct.unpack_from("<I", header, 40)
        (labels_offset, labels_bytes) = struct.unpack_from("<QQ", header, 80)
        sources = np.array([sq.index(s) for s in source_labels], dtype="<u8")
        rows = np.stack([np.asarray(sq.matrix)[int(s)] for s in sources])
        padded = np.full((len(sources), sq.stride), sq.inf, dtype=sq.dtype)
        padded[:, :sq.n] = rows
        payload = padded.tobytes()
        new_labels_offset = 4096 + len(payload) + 8 * len(sources)
        struct.pack_into("<I", header, 40, flags | 8)
        struct.pack_into("<I", header, 44, zlib.crc32(payload))
        struct.pack_into("<Q", header, 56, len(payload))
        struct.pack_into("<Q", header, 80, new_labels_offset)
        struct.pack_into("<IQ", header, 116, zlib.crc32(sources.tobytes()), len(sources))
        struct.pack_into("<I", header, 128, zlib.crc32(bytes(header[:128])))
        with open(self.path(name), "wb") as f:
            f.write(bytes(header) + payload + sources.tobytes() + data[labels_offset:labels_offset + labels_bytes])
        return sq, rows, payload

    def test_rectangular_rows_of_some_sources(self):
        """The C++ reader (ginfo) must find a rows file valid, and gdist.open must give the same
        rows and their sources."""
        sq, rows, payload = self.rows_file("rows.gdm", ["c", "a"])
        info = json.loads(subprocess.run([os.path.join(BIN, "ginfo"), "--json", self.path("rows.gdm")],
                                         capture_output=True, check=True).stdout)
        self.assertEqual((info["valid"], info["rectangular"], info["rows"], info["n"]), (True, True, 2, 4))
        r = gdist.open(self.path("rows.gdm"), verify=True)
        self.assertTrue(r.rectangular)
        self.assertEqual(r.matrix.shape, (2, 4))
        self.assertEqual(r.source_labels(), ["c", "a"])
        self.assertTrue(np.array_equal(np.asarray(r.matrix), rows))
        self.assertEqual(int(r.row("a")[r.index("d")]), 4)  # a -> b -> d: 3 + 1
        self.assertEqual(int(r.row("c")[r.index("b")]), 5 + 6 + 3)  # c -> d -> a -> b
        with self.assertRaises(KeyError):
            r.row("b")
        damaged = bytearray(open(self.path("rows.gdm"), "rb").read())
        damaged[4096 + len(payload)] ^= 1  # the first source index
        with open(self.path("bad_rows.gdm"), "wb") as f:
            f.write(bytes(damaged))
        with self.assertRaises(gdist.GdmError):
            gdist.open(self.path("bad_rows.gdm"), verify=True)


    def test_a_table_reads_as_gapsp_wrote_it(self):
        """gapsp --sources S --targets T (a table .gdm, flag bit 4): the cells equal the square
        file's, rows and columns keep their own labels, and ginfo and gdist.open agree."""
        g = self.write("g.csv", "a,b,3\nb,c,4\nc,d,5\nd,a,6\nb,d,1\n")
        run("gapsp", g, self.path("sq.gdm"))
        sq = gdist.open(self.path("sq.gdm"), verify=True)
        sources, targets = ["c", "a", "d"], ["b", "d"]  # more rows than columns
        s_file, t_file = self.write("S.txt", "\n".join(sources) + "\n"), self.write("T.txt", "\n".join(targets) + "\n")
        run("gapsp", g, self.path("t.gdm"), "--sources", s_file, "--targets", t_file)
        info = json.loads(subprocess.run([os.path.join(BIN, "ginfo"), "--json", self.path("t.gdm")],
                                         capture_output=True, check=True).stdout)
        self.assertEqual((info["valid"], info["table"], info["rows"], info["n"]), (True, True, 3, 2))
        t = gdist.open(self.path("t.gdm"), verify=True)
        self.assertTrue(t.table)
        self.assertEqual(t.labels, targets)
        self.assertEqual(t.source_labels(), sources)
        for i, s in enumerate(sources):
            for j, d in enumerate(targets):
                self.assertEqual(int(t.matrix[i, j]), int(sq.row(s)[sq.index(d)]), (s, d))
        self.assertEqual(int(t.row("a")[t.index("d")]), 4)  # a -> b -> d: 3 + 1
        with self.assertRaises(KeyError):
            t.row("b")

    def test_duplicate_row_sources_are_refused(self):
        """A vertex heading two rows (#28): both readers refuse, checksums notwithstanding."""
        self.rows_file("twice.gdm", ["c", "c"])
        with self.assertRaisesRegex(gdist.GdmError, "heads two rows"):
            gdist.open(self.path("twice.gdm"))
        info = subprocess.run([os.path.join(BIN, "ginfo"), "--json", self.path("twice.gdm")], capture_output=True,
                              text=True)
        self.assertIn("heads two rows", info.stdout + info.stderr)

    def rewrite_header(self, src, dst, edit, fix_checksum):
        data = bytearray(open(src, "rb").read())
        edit(data)
        if fix_checksum:
            struct.pack_into("<I", data, 128, zlib.crc32(bytes(data[:128])))
        with open(dst, "wb") as f:
            f.write(bytes(data))
        return dst

    def test_header_fields_are_checked(self):
        """Version 2's header checksum (#28): a flipped directed flag, INF field, label kind or
        next-hop flag is refused, with or without verify."""
        g = self.write("g.gr", "p sp 3 2\na 1 2 4\na 2 3 5\n")
        run("gapsp", g, self.path("d.gdm"), "--paths")
        gdist.open(self.path("d.gdm"), verify=True)
        flips = {"directed-flag": (40, 1), "inf-field": (32, 1), "label-kind": (64, 1), "next-hop-flag": (40, 4)}
        for what, (offset, bit) in flips.items():
            def flip(data, offset=offset, bit=bit):
                data[offset] ^= bit
            bad = self.rewrite_header(self.path("d.gdm"), self.path(what + ".gdm"), flip, fix_checksum=False)
            for verify in (False, True):
                with self.subTest(what=what, verify=verify):
                    with self.assertRaisesRegex(gdist.GdmError, "header checksum"):
                        gdist.open(bad, verify=verify)

    def test_next_hop_section_must_follow_the_payload(self):
        """A next-hop offset of 0 or inside the payload (header checksum recomputed) would map the
        header or the distances as routes: refused."""
        g = self.write("g.gr", "p sp 3 2\na 1 2 4\na 2 3 5\n")
        run("gapsp", g, self.path("d.gdm"), "--paths")
        for offset in (0, 4096):
            def move(data, offset=offset):
                struct.pack_into("<Q", data, 96, offset)
            bad = self.rewrite_header(self.path("d.gdm"), self.path("next%d.gdm" % offset), move, fix_checksum=True)
            for verify in (False, True):  # the section's own CRC catches it only with verify
                with self.subTest(offset=offset, verify=verify):
                    with self.assertRaisesRegex(gdist.GdmError, "next-hop section"):
                        gdist.open(bad, verify=verify)

    def test_coordinates_of_an_openstreetmap_matrix(self):
        # Five junctions of a small extract (ways 1-2-3 and 3-4-5; node 6 on no road): the matrix keeps
        # each kept vertex's longitude and latitude by its label, the OSM node id.
        rng = np.random.default_rng(int.from_bytes(os.urandom(4), "little"))
        where = {i: (round(7.40 + 0.001 * i + float(rng.uniform(0, 5e-4)), 7),
                     round(43.73 + float(rng.uniform(-0.01, 0.01)), 7)) for i in range(1, 7)}
        nodes = "".join(f'<node id="{i}" lat="{lat:.7f}" lon="{lon:.7f}"/>' for i, (lon, lat) in where.items())
        ways = ('<way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/></way>'
                '<way id="11"><nd ref="3"/><nd ref="4"/><nd ref="5"/><tag k="highway" v="residential"/></way>')
        osm = self.write("x.osm", f'<?xml version="1.0"?><osm version="0.6">{nodes}{ways}</osm>\n')
        run("gapsp", osm, self.path("d.gdm"))
        m = gdist.open(self.path("d.gdm"), verify=True)
        self.assertEqual(m.lon_lat.shape, (m.n, 2))
        self.assertEqual(sorted(m.labels), ["1", "3", "5"])  # junctions and way ends; 2 and 4 merged, 6 unused
        for i, label in enumerate(m.labels):
            lon, lat = where[int(label)]
            self.assertAlmostEqual(m.lon_lat[i][0], lon, delta=1e-9)
            self.assertAlmostEqual(m.lon_lat[i][1], lat, delta=1e-9)
        # A matrix of a graph without coordinates has none; a flipped byte in the section is refused.
        g = self.write("g.gr", "p sp 2 1\na 1 2 5\n")
        run("gapsp", g, self.path("plain.gdm"))
        self.assertIsNone(gdist.open(self.path("plain.gdm")).lon_lat)
        with open(self.path("d.gdm"), "rb") as f:
            data = bytearray(f.read())
        offset = struct.unpack_from("<Q", data, 136)[0]
        for name, at in (("section", offset + 3), ("extension", 140)):
            bad = bytearray(data)
            bad[at] ^= 0x10
            path = self.write_bytes(name + ".gdm", bad)
            with self.assertRaises(gdist.GdmError, msg=name):
                gdist.open(path)

    def write_bytes(self, name, data):
        with open(self.path(name), "wb") as f:
            f.write(data)
        return self.path(name)


if __name__ == "__main__":
    unittest.main()
