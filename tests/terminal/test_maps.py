"""Maps and routes on any input (issue 29, scope 1):
- gcenter --svg for every siting route: the dense matrix, --candidates rows on a graph (no n x n
  matrix: a 40000-vertex grid under a 3 GiB address space), a rows file of gapsp --sources and a
  cost table with --coordinates, places; each map parses as XML and has its legend and scale bar;
  its site marks sit at the sites' projected coordinates, computed here from the .co (or the
  OpenStreetMap XML) by the projection docs/CLI.md documents; the scale bar's metres match the
  projection and a great-circle distance between two sites computed here (haversine);
- gcenter --geojson on --candidates rows: the sites' Points at the .co's coordinates;
- refusals that name what is missing (--coordinates) and exit 2, leaving no file;
- gpath on a rows file: the distance from a source as SciPy's Dijkstra gives it, the tree as CSV,
  JSON with the route's unknowns null, no path (exit 1, JSON), and a vertex that is no source.
Run with the terminal tests (GDIST_BIN = the apps folder; GDIST_SHARED_DATA for Monaco).
Debian's python3; SciPy when present (the gpath checks skip without it)."""
import gzip
import json
import math
import os
import random
import re
import resource
import shutil
import tempfile
import unittest
import xml.etree.ElementTree as ET

from test_terminal import BIN, built_with_asan, run, tool

try:
    import numpy
    import scipy.sparse
    import scipy.sparse.csgraph
except ImportError:  # the SciPy oracle checks are skipped
    scipy = None

SVG = "{http://www.w3.org/2000/svg}"
EARTH_RADIUS_M = 6371008.8  # the mean radius gdist documents (lib/core/great_circle.hpp)
SHARED = os.environ.get("GDIST_SHARED_DATA", "")


def haversine(a, b):
    """Metres between two (lon, lat) points in degrees."""
    lon1, lat1, lon2, lat2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(h)))


def write_grid(folder, side, name="g", co=True, lon0=12.49, lat0=41.89):
    """A side x side two-way grid (DIMACS .gr, weight 100 per arc) and its .co: vertex r*side+c+1 at
    longitude lon0 + 0.0012 c, latitude lat0 + 0.0009 r (millionths of degrees). Returns the .gr path
    and {label: (lon, lat)} in degrees as the .co says."""
    arcs, where = [], {}
    for r in range(side):
        for c in range(side):
            v = r * side + c + 1
            where[str(v)] = (round((lon0 + c * 0.0012) * 1e6) / 1e6, round((lat0 + r * 0.0009) * 1e6) / 1e6)
            if c + 1 < side:
                arcs += [(v, v + 1), (v + 1, v)]
            if r + 1 < side:
                arcs += [(v, v + side), (v + side, v)]
    gr = os.path.join(folder, name + ".gr")
    with open(gr, "w") as f:
        f.write("p sp %d %d\n" % (side * side, len(arcs)))
        f.write("".join("a %d %d 100\n" % a for a in arcs))
    if co:
        with open(os.path.join(folder, name + ".co"), "w") as f:
            f.write("p aux sp co %d\n" % (side * side))
            f.write("".join("v %s %d %d\n" % (v, round(x * 1e6), round(y * 1e6)) for v, (x, y) in where.items()))
    return gr, where


def projected(where):
    """The map's projection (docs/CLI.md, --svg): x = lon cos(mean latitude), y = lat."""
    lat0 = sum(lat for _, lat in where.values()) / len(where)
    k = math.cos(math.radians(lat0))
    return {v: (lon * k, lat) for v, (lon, lat) in where.items()}


def pixels(xy):
    """Where the map draws each point: 720 px across the larger side, 40 px margins, a 36 px title, y up."""
    xs, ys = [p[0] for p in xy.values()], [p[1] for p in xy.values()]
    x_lo, y_hi = min(xs), max(ys)
    s = 720 / max(max(xs) - x_lo, y_hi - min(ys))
    return {v: (40 + (x - x_lo) * s, 76 + (y_hi - y) * s) for v, (x, y) in xy.items()}, s


class Svg:
    def __init__(self, path):
        self.root = ET.parse(path).getroot()  # fails unless the file is well-formed XML
        self.groups = {g.get("id"): g for g in self.root.iter(SVG + "g")}

    def texts(self, group):
        return [t.text for t in self.groups[group].iter(SVG + "text")]

    def sites(self):
        """{label: (cx, cy)}: the sites group holds one circle per site, then their labels in order."""
        g = self.groups["sites"]
        circles = [(float(c.get("cx")), float(c.get("cy"))) for c in g.iter(SVG + "circle")]
        return dict(zip(self.texts("sites"), circles))

    def scale(self):
        """(bar length in px, metres or units it stands for, its unit word)."""
        g = self.groups["scale"]
        bar = next(g.iter(SVG + "line"))
        length = float(bar.get("x2")) - float(bar.get("x1"))
        number, unit = re.fullmatch(r"([0-9.]+) (.+)", self.texts("scale")[0]).groups()
        factor = {"m": 1, "km": 1000}.get(unit, 1)
        return length, float(number) * factor, unit


@unittest.skipUnless(BIN and os.path.exists(tool("gcenter")), "GDIST_BIN not set to the built apps")
class MapsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="gdist-maps-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.dir, name)

    def write(self, name, text):
        with open(self.path(name), "w") as f:
            f.write(text)
        return self.path(name)

    def check_geographic_map(self, svg_path, where, sites):
        """Sites at their projected pixels, the legend, and a scale bar in metres that the projection
        and a great-circle distance between two sites both confirm."""
        svg = Svg(svg_path)
        for group in ("legend", "scale", "sites", "demands"):
            self.assertIn(group, svg.groups, group)
        self.assertIn("site (its label)", svg.texts("legend"))
        self.assertIn("demand, coloured by its site", " ".join(svg.texts("legend")))
        drawn = svg.sites()
        self.assertEqual(sorted(drawn), sorted(str(s) for s in sites))
        px, s = pixels(projected(where))
        for v, (cx, cy) in drawn.items():
            self.assertAlmostEqual(cx, px[v][0], delta=0.011, msg=v)
            self.assertAlmostEqual(cy, px[v][1], delta=0.011, msg=v)
        length, metres, unit = svg.scale()
        self.assertIn(unit, ("m", "km"))
        metres_per_px = EARTH_RADIUS_M * math.pi / 180 / s  # one projected unit is a degree of latitude
        self.assertAlmostEqual(length * metres_per_px / metres, 1, delta=2e-4)
        self.assertTrue(72 <= length <= 180, length)  # at most a quarter of the 720 px drawing, at least 2/5 of that
        a, b = max(((a, b) for a in drawn for b in drawn if a < b),
                   key=lambda ab: math.dist(drawn[ab[0]], drawn[ab[1]]))
        on_map = math.dist(drawn[a], drawn[b]) * metres / length
        self.assertAlmostEqual(on_map / haversine(where[a], where[b]), 1, delta=3e-3)
        return svg

    def check_geojson(self, path, where, sites, demands):
        """Each site a Point at its coordinates, each demand one assignment line from its own place to its
        site's; returns the assignment features."""
        with open(path) as f:
            doc = json.load(f)
        points = {f["properties"]["vertex"]: f["geometry"]["coordinates"] for f in doc["features"]
                  if f["properties"].get("kind") == "site"}
        self.assertEqual(sorted(points), sorted(str(s) for s in sites))
        for v, (lon, lat) in points.items():
            self.assertAlmostEqual(lon, where[v][0], delta=1e-9)
            self.assertAlmostEqual(lat, where[v][1], delta=1e-9)
        assigned = [f for f in doc["features"] if f["properties"].get("kind") == "assignment"]
        self.assertEqual(len(assigned), demands)
        for line in assigned:
            site, demand, geometry = line["properties"]["site"], line["properties"]["demand"], line["geometry"]
            self.assertIn(site, points)
            if geometry["type"] == "Point":  # a demand on its own site
                self.assertEqual((demand, geometry["coordinates"]), (site, points[site]))
                continue
            self.assertEqual(geometry["coordinates"][1], points[site])
            for got, want in zip(geometry["coordinates"][0], where[demand]):
                self.assertAlmostEqual(got, want, delta=1e-9)
        return assigned

    def test_candidates_map_and_geojson_from_a_co(self):
        folder = tempfile.mkdtemp(dir=self.dir)
        side = 30
        gr, where = write_grid(folder, side)
        cands = self.write("c30.txt", "\n".join(str(v) for v in range(1, side * side + 1, 29)) + "\n")
        svg, geo = os.path.join(folder, "m.svg"), os.path.join(folder, "m.geojson")
        p = run("gcenter", gr, "--candidates", cands, "--p-median", "3", "--svg", svg, "--geojson", geo, "--json",
                check=0)
        self.assertIn("--svg: coordinates from the input", p.stderr)
        sites = json.loads(p.stdout)["p_median"]["sites"]
        map_ = self.check_geographic_map(svg, where, sites)
        # The roads, each two-way segment once: 2 side (side - 1) lines.
        self.assertEqual(len(list(map_.groups["roads"].iter(SVG + "line"))), 2 * side * (side - 1))
        self.assertIn("road", map_.texts("legend"))
        # GeoJSON: each site a Point at the .co's coordinates, each demand assigned.
        self.check_geojson(geo, where, sites, side * side)

    @unittest.skipIf(built_with_asan(), "an address-space limit leaves AddressSanitizer no room for its shadow memory")
    def test_big_graph_map_needs_no_matrix(self):
        # 40000 vertices: the dense matrix (6.4 GB) cannot fit a 3 GiB address space, as NY's 260 GiB.
        folder = tempfile.mkdtemp(dir=self.dir)
        side = 200
        gr, where = write_grid(folder, side)
        cands = self.write("c200.txt", "\n".join(str(v) for v in range(1, side * side + 1, 3989)) + "\n")
        limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
        svg = os.path.join(folder, "big.svg")
        # p-center: the same rows and map as p-median, in a tenth of the time on 40000 demands.
        p = run("gcenter", gr, "--candidates", cands, "--p-center", "3", "--svg", svg, "--json", "-j", "2",
                check=0, preexec_fn=limit)
        sites = json.loads(p.stdout)["p_center"]["sites"]
        map_ = self.check_geographic_map(svg, where, sites)
        # Thinned: at most 20000 demand marks, said in the legend; 159200 arcs: no road background.
        self.assertLessEqual(len(list(map_.groups["demands"].iter(SVG + "circle"))), 20000)
        legend = " ".join(map_.texts("legend"))
        self.assertIn("(1 in 2 drawn)", legend)
        self.assertIn("--svg: 159200 arcs, more than 60000: the roads are not drawn", p.stderr)
        self.assertNotIn("roads", map_.groups)
        self.assertLess(os.path.getsize(svg), 3 << 20)
        # Without coordinates the map would need a layout of the whole matrix: the refusal names --coordinates.
        bare = os.path.join(folder, "bare")
        os.mkdir(bare)
        shutil.copy(gr, bare)
        out = os.path.join(bare, "m.svg")
        p = run("gcenter", os.path.join(bare, "g.gr"), "--candidates", cands, "--p-center", "3", "--svg", out,
                check=2, preexec_fn=limit)
        self.assertIn("--svg without coordinates reads the whole n x n matrix (a layout of the distances)", p.stderr)
        self.assertIn("--coordinates FILE", p.stderr)
        self.assertFalse(os.path.exists(out))

    def test_rows_file_and_cost_table_maps(self):
        folder = tempfile.mkdtemp(dir=self.dir)
        gr, where = write_grid(folder, 20)
        sources = self.write("s20.txt", "\n".join(str(v) for v in range(1, 401, 23)) + "\n")
        rows = os.path.join(folder, "rows.gdm")
        run("gapsp", gr, rows, "--sources", sources, "-q", check=0)
        svg = os.path.join(folder, "rows.svg")
        p = run("gcenter", rows, "--p-median", "2", "--svg", svg, check=2)
        self.assertIn("--svg FILE with --coordinates FILE", p.stderr)
        self.assertFalse(os.path.exists(svg))
        weights = self.write("w20.csv", "".join("%d,%d\n" % (v, 1001 + v % 7) for v in range(1, 401)))
        p = run("gcenter", rows, "--p-median", "2", "--svg", svg, "--coordinates", os.path.join(folder, "g.co"),
                "--weights", weights, "--json", check=0)
        answer = json.loads(p.stdout)["p_median"]
        self.assertGreater(answer["objective"], 1e7)
        map_ = self.check_geographic_map(svg, where, answer["sites"])
        # The title's objective as the report prints it: every digit (not 1.9101e+06).
        title = next(map_.root.iter(SVG + "title")).text
        self.assertEqual(title, "p_median: 2 sites, objective %s" % answer["objective"])
        # A graph without a .co beside it: --geojson reads --coordinates.
        bare = os.path.join(folder, "bare")
        os.mkdir(bare)
        shutil.copy(gr, bare)
        geo = os.path.join(bare, "g.geojson")
        p = run("gcenter", os.path.join(bare, "g.gr"), "--candidates", sources, "--p-median", "2", "--geojson", geo,
                "--json", check=2)
        self.assertIn("has no coordinates", p.stderr)
        p = run("gcenter", os.path.join(bare, "g.gr"), "--candidates", sources, "--p-median", "2", "--geojson", geo,
                "--coordinates", os.path.join(folder, "g.co"), "--json", check=0)
        self.check_geojson(geo, where, json.loads(p.stdout)["p_median"]["sites"], 400)
        # A saved hierarchy keeps no coordinates either: its --candidates siting maps from --coordinates, and
        # --geojson on its metrics (no map there) is refused rather than ignored.
        gch = os.path.join(folder, "g.gch")
        run("gconvert", gr, gch, "--to", "ch", "-q", check=0)
        os.remove(geo)
        p = run("gcenter", gch, "--candidates", sources, "--p-median", "2", "--geojson", geo,
                "--coordinates", os.path.join(folder, "g.co"), "--json", check=0)
        self.check_geojson(geo, where, json.loads(p.stdout)["p_median"]["sites"], 400)
        os.remove(geo)
        p = run("gcenter", gch, "--geojson", geo, "--coordinates", os.path.join(folder, "g.co"), check=2)
        self.assertIn("a saved hierarchy answers metrics, and siting on --candidates (its maps: --svg or --geojson",
                      p.stderr)
        self.assertFalse(os.path.exists(geo))
        # A cost table: 'label x y' coordinates of its own (not geographic), the bar in coordinate units.
        rng = random.Random(7)
        demands = {"D%d" % i: (rng.uniform(0, 100), rng.uniform(0, 50)) for i in range(20)}
        facilities = {"F%d" % j: (rng.uniform(0, 100), rng.uniform(0, 50)) for j in range(5)}
        costs = self.write("cost.csv", "demand," + ",".join(facilities) + "\n" + "".join(
            d + "," + ",".join("%.3f" % math.dist(a, b) for b in facilities.values()) + "\n"
            for d, a in demands.items()))
        xy = self.write("cost.xy", "".join("%s %.4f %.4f\n" % (k, x, y)
                                           for k, (x, y) in {**demands, **facilities}.items()))
        svg = os.path.join(folder, "cost.svg")
        p = run("gcenter", "--cost-matrix", costs, "--p-median", "2", "--svg", svg, check=2)
        self.assertIn("--svg FILE with --coordinates FILE", p.stderr)
        # GeoJSON needs longitude/latitude, which neither a cost table nor a rows file keeps: --coordinates.
        geo = os.path.join(folder, "x.geojson")
        p = run("gcenter", "--cost-matrix", costs, "--p-median", "2", "--geojson", geo, check=2)
        self.assertIn("a cost table keeps no longitude/latitude, so --geojson has nothing to place; give "
                      "--coordinates FILE", p.stderr)
        p = run("gcenter", rows, "--p-median", "2", "--geojson", geo, check=2)
        self.assertIn("this matrix file keeps no coordinates; --geojson needs the graph file", p.stderr)
        self.assertIn("or --coordinates FILE", p.stderr)
        self.assertFalse(os.path.exists(geo))
        # The rows file with the grid's .co: each site where the .co puts it, every demand assigned at its
        # network distance (the grid's rows: 400 demands).
        p = run("gcenter", rows, "--p-median", "2", "--geojson", geo, "--coordinates", os.path.join(folder, "g.co"),
                "--json", check=0)
        sites = json.loads(p.stdout)["p_median"]["sites"]
        self.check_geojson(geo, where, sites, 400)
        # 'label x y' coordinates outside longitude/latitude are refused by vertex, no file left.
        os.remove(geo)
        p = run("gcenter", "--cost-matrix", costs, "--p-median", "2", "--geojson", geo, "--coordinates",
                self.write("far.xy", "".join("%s %.4f %.4f\n" % (k, 300 + x, y)
                                             for k, (x, y) in {**demands, **facilities}.items())), check=2)
        self.assertIn("is not a longitude and latitude (-180..180, -90..90)", p.stderr)
        self.assertFalse(os.path.exists(geo))
        # A cost table with 'label longitude latitude' lines (points near Krems): sites and assignment lines
        # there, each line's distance the table's cost.
        lonlat = {k: (round(15.6 + x / 1000, 7), round(48.4 + y / 1000, 7))
                  for k, (x, y) in {**demands, **facilities}.items()}
        ll = self.write("cost.lonlat", "".join("%s %.7f %.7f\n" % (k, x, y) for k, (x, y) in lonlat.items()))
        p = run("gcenter", "--cost-matrix", costs, "--p-median", "2", "--geojson", geo, "--coordinates", ll, "--json",
                check=0)
        sites = json.loads(p.stdout)["p_median"]["sites"]
        lines = self.check_geojson(geo, lonlat, sites, len(demands))
        table = {}
        with open(costs) as f:
            header = f.readline().strip().split(",")[1:]
            for row in f:
                cells = row.strip().split(",")
                table[cells[0]] = dict(zip(header, map(float, cells[1:])))
        for line in lines:
            props = line["properties"]
            self.assertEqual(line["geometry"]["type"], "LineString")
            self.assertAlmostEqual(props["distance"], table[props["demand"]][props["site"]], delta=1e-9)
        p = run("gcenter", "--cost-matrix", costs, "--p-median", "2", "--svg", svg, "--coordinates", xy, "--json",
                check=0)
        sites = json.loads(p.stdout)["p_median"]["sites"]
        map_ = Svg(svg)
        px, s = pixels({**demands, **facilities})
        for v, (cx, cy) in map_.sites().items():
            self.assertIn(v, sites)
            self.assertAlmostEqual(cx, px[v][0], delta=0.011)
            self.assertAlmostEqual(cy, px[v][1], delta=0.011)
        length, units, unit = map_.scale()
        self.assertEqual(unit, "coordinate units")
        self.assertAlmostEqual(length / (units * s), 1, delta=2e-4)

    def test_osm_candidates_map(self):
        monaco = os.path.join(SHARED, "osm", "monaco.osm.gz")
        if not SHARED or not os.path.exists(monaco):
            self.skipTest("no monaco.osm.gz (GDIST_SHARED_DATA)")
        folder = tempfile.mkdtemp(dir=self.dir)
        # The kept component's vertices (their OpenStreetMap node ids), from gconvert's edge list.
        edges = os.path.join(folder, "roads.csv")
        p = run("gconvert", monaco, edges, "--largest-component", "strong", "-q")
        if p.returncode != 0 and "OpenStreetMap" in p.stderr:
            self.skipTest("this build reads no OpenStreetMap: " + p.stderr.strip())
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(edges) as f:
            vertices = sorted({line.split(",")[0] for line in f if not line.startswith("#")})
        cands = self.write("mc.txt", "\n".join(vertices[::13]) + "\n")
        svg = os.path.join(folder, "monaco.svg")
        p = run("gcenter", monaco, "--candidates", cands, "--p-median", "3", "--largest-component", "strong",
                "--svg", svg, "--json", check=0)
        sites = json.loads(p.stdout)["p_median"]["sites"]
        # Every kept vertex's longitude and latitude, read here from the OpenStreetMap XML.
        keep, where = set(vertices), {}
        for _, el in ET.iterparse(gzip.open(monaco)):
            if el.tag == "node" and el.get("id") in keep:
                where[el.get("id")] = (float(el.get("lon")), float(el.get("lat")))
            el.clear()
        self.assertEqual(len(where), len(keep))
        self.check_geographic_map(svg, where, sites)

    @unittest.skipIf(scipy is None, "SciPy (python3-scipy) not installed")
    def test_gpath_on_a_rows_file(self):
        folder = tempfile.mkdtemp(dir=self.dir)
        rng = random.Random(29)
        n = 300
        arcs = {}
        for _ in range(1500):
            u, v = rng.randrange(1, n), rng.randrange(1, n)  # vertex n: no arc at all, reached by none
            if u != v:
                arcs[(u, v)] = min(arcs.get((u, v), 10 ** 9), rng.randint(1, 1000))
        gr = self.write("r.gr", "p sp %d %d\n" % (n, len(arcs)) + "".join(
            "a %d %d %d\n" % (u, v, w) for (u, v), w in arcs.items()))
        sources = [5, 17, 120, 299]
        listed = self.write("rs.txt", "\n".join(map(str, sources)) + "\n")
        rows = os.path.join(folder, "rows.gdm")
        run("gapsp", gr, rows, "--sources", listed, "-q", check=0)
        m = scipy.sparse.csr_matrix(([w for w in arcs.values()], ([u - 1 for u, _ in arcs], [v - 1 for _, v in arcs])),
                                    shape=(n, n))
        d = scipy.sparse.csgraph.dijkstra(m, directed=True, indices=[s - 1 for s in sources])
        for i, s in enumerate(sources):
            tree = run("gpath", rows, "--from", str(s), check=0).stdout.splitlines()
            self.assertEqual(tree[0], "target,distance")
            got = {int(t): (float(x) if x else math.inf) for t, x in (line.split(",") for line in tree[1:])}
            self.assertEqual(len(got), n)
            for t in range(1, n + 1):
                self.assertEqual(got[t], d[i][t - 1], (s, t))
        t = next(t for t in range(1, n) if math.isfinite(d[0][t - 1]) and t != 5)
        p = run("gpath", rows, "--from", "5", "--to", str(t), check=0)
        self.assertEqual(p.stdout, "length %d\n" % d[0][t - 1])
        self.assertIn("keeps distances, not routes", p.stderr)
        self.assertIn("give the graph file instead", p.stderr)
        got = json.loads(run("gpath", rows, "--from", "5", "--to", str(t), "--json", "-q", check=0).stdout)
        self.assertEqual(got["length"], d[0][t - 1])
        self.assertEqual([got["hops"], got["vertices"], got["weights"]], [None, None, None])
        # No path (vertex n has no arc): exit 1, and --json still prints the answer.
        p = run("gpath", rows, "--from", "5", "--to", str(n), "--json", check=1)
        self.assertIsNone(json.loads(p.stdout)["length"])
        # Not a source: the refusal names the route that works (the graph file), and the graph file gives it.
        p = run("gpath", rows, "--from", "6", "--to", str(t), check=2)
        self.assertIn("holds the distances from 4 of its 300 vertices only, and '6' is not one of them", p.stderr)
        self.assertIn("give the graph file instead of", p.stderr)
        route = json.loads(run("gpath", gr, "--from", "6", "--to", str(t), "--json", check=None).stdout)
        d6 = scipy.sparse.csgraph.dijkstra(m, directed=True, indices=[5])[0][t - 1]
        self.assertEqual(route["length"] if route["length"] is not None else math.inf, d6)
        # Undirected rows: a distance to a source is read from that source's row.
        rows_u = os.path.join(folder, "rows_u.gdm")
        run("gapsp", gr, rows_u, "--sources", listed, "--undirected", "-q", check=0)
        du = scipy.sparse.csgraph.dijkstra(m, directed=False, indices=[16])[0]
        p = run("gpath", rows_u, "--from", "6", "--to", "17", "-q", check=None)
        if math.isfinite(du[5]):
            self.assertEqual(p.stdout, "length %d\n" % du[5])
        else:
            self.assertEqual(p.returncode, 1)


if __name__ == "__main__":
    unittest.main()
