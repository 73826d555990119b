"""Places (--places, --candidate-places, --max-snap) and maps (--geojson):
bad places CSVs, places off the network, inputs without coordinates and flags
that would be ignored, through gapsp (a place table), gcenter (siting at
places) and gpath (a route between places). Every refusal is exit 2 naming
the file, line and what was expected; no output appears."""
import json
import os
import subprocess
import tempfile


def _osm():
    # Three junctions on a two-way residential street along the equator, 111 m apart.
    nodes = b"".join(b'<node id="%d" lat="0" lon="%s"/>' % (i, lon) for i, lon in
                     [(1, b"0"), (2, b"0.001"), (3, b"0.002")])
    way = b'<way id="5"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/></way>'
    ends = b'<way id="6"><nd ref="2"/><nd ref="1"/><tag k="highway" v="residential"/></way>'
    return b'<?xml version="1.0"?>\n<osm version="0.6">\n' + nodes + way + ends + b"\n</osm>\n"


_GOOD = b"name,lat,lon,weight\nWest,0.00001,0,2\nEast,0,0.00201,1\n"

# (name, places CSV, stderr regex)
BAD_CSV = [
    ("empty-file", b"", r"p\.csv:1: file is empty"),
    ("header-only", b"name,lat,lon\n", r"p\.csv:1: expected place rows after the header"),
    ("no-lon-column", b"name,lat\nA,0\n", r"p\.csv:1: expected a header row naming the columns name, lat and lon"),
    ("no-header", b"A,0,0\n", r"p\.csv:1: expected a header row naming"),
    ("missing-field", b"name,lat,lon\nA,0\n", r"p\.csv:2: expected 3 fields"),
    ("non-numeric-lat", b"name,lat,lon\nA,north,0\n", r"p\.csv:2: expected the latitude of 'A' in degrees"),
    ("lat-out-of-range", b"name,lat,lon\nA,95,0\n", r"p\.csv:2: expected the latitude .*\[-90, 90\], got '95'"),
    ("lon-out-of-range", b"name,lat,lon\nA,0,200\n", r"p\.csv:2: expected the longitude .*\[-180, 180\]"),
    ("lat-inf", b"name,lat,lon\nA,inf,0\n", r"p\.csv:2: expected the latitude"),
    ("negative-weight", b"name,lat,lon,weight\nA,0,0,-1\n", r"p\.csv:2: expected the weight of 'A'"),
    ("nan-weight", b"name,lat,lon,weight\nA,0,0,nan\n", r"p\.csv:2: expected the weight of 'A'"),
    ("duplicate-name", b"name,lat,lon\nA,0,0\nB,0,0.001\nA,0,0.002\n",
     r"p\.csv:4: expected each place name once, got 'A' again \(first at line 2\)"),
    ("empty-name", b"name,lat,lon\n,0,0\n", r"p\.csv:2: expected a place name"),
    ("unterminated-quote", b'name,lat,lon\n"A,0,0\n', r"p\.csv:2: expected a quoted field to end"),
    ("binary", bytes(range(256)) * 4, r"p\.csv"),
]

_NO_CRASH = r"Segmentation|core dumped|terminate called"


def _tools(places):
    return [("gapsp", ["gapsp", "x.osm", "t.csv", "--places", places]),
            ("gcenter", ["gcenter", "x.osm", "--places", places, "--p-median", "1"]),
            ("gpath", ["gpath", "x.osm", "--places", places, "--from", "West", "--to", "East"])]


def _write(d, name, content):
    with open(os.path.join(d, name), "wb") as f:
        f.write(content)


def _check_geojson(path, kinds):
    """RFC 7946's shape, as tests/pipeline/geojson_check.py checks it in full."""
    def check(d, proc):
        with open(os.path.join(d, path)) as f:
            doc = json.load(f)
        if doc.get("type") != "FeatureCollection" or "crs" in doc:
            return "not a FeatureCollection without crs: %r" % list(doc)
        seen = {f["properties"].get("kind") for f in doc["features"]}
        if not kinds <= seen:
            return "expected feature kinds %s, got %s" % (kinds, seen)
        for f in doc["features"]:
            g = f["geometry"]
            pts = [g["coordinates"]] if g["type"] == "Point" else g["coordinates"]
            for lon, lat in pts:
                if not (-180 <= lon <= 180 and -90 <= lat <= 90):
                    return "position out of range: %r" % g
        return None
    return check


# Builds without libosmium read no OpenStreetMap, without nanoflann snap no place: those cases skip there.
NO_OSM = "skip: this build reads no OpenStreetMap (built without libosmium)"
NO_KDTREE = "skip: this build snaps no places (built without nanoflann)"


def _snaps_places(apps):
    """Whether the build snaps places: a two-vertex .gr with its .co and one place."""
    with tempfile.TemporaryDirectory() as d:
        _write(d, "x.gr", b"p sp 2 1\na 1 2 5\n")
        _write(d, "x.co", b"v 1 0 0\nv 2 1000 0\n")
        _write(d, "p.csv", b"name,lat,lon\nA,0,0\n")
        p = subprocess.run([os.path.join(apps, "gapsp"), "x.gr", "t.csv", "--places", "p.csv", "-q"], cwd=d,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        return "nanoflann" not in p.stderr


def _guarded(case, has_osm, snaps):
    """The case's setup, skipping where the build lacks what the case reads."""
    setup = case.setup

    def guarded(d):
        if "x.osm" in case.argv and not has_osm:
            return NO_OSM
        if any(a.startswith("--") and "places" in a for a in case.argv) and not snaps:
            return NO_KDTREE
        return setup(d) if setup else None
    case.setup = guarded
    return case


def cases(ctx, Case):
    snaps = _snaps_places(ctx.apps)
    return [_guarded(c, ctx.has_osm, snaps) for c in _cases(ctx, Case)]


def _cases(ctx, Case):
    out = []
    for name, content, err in BAD_CSV:
        for tool, argv in _tools("p.csv"):
            def setup(d, content=content):
                _write(d, "x.osm", _osm())
                _write(d, "p.csv", content)
            out.append(Case("places", "%s/%s" % (tool, name), argv, rc=2, err=err, err_not=_NO_CRASH, setup=setup))
    # A place past --max-snap: refused, listed by line and name with its distance; nothing written.
    far = b"name,lat,lon\nWest,0.00001,0\nAtlantis,0.5,0\nEast,0,0.00201\n"
    for tool, argv in _tools("p.csv"):
        def setup(d):
            _write(d, "x.osm", _osm())
            _write(d, "p.csv", far)
        out.append(Case("places", "%s/past-max-snap" % tool, argv + ["--max-snap", "100"], rc=2, setup=setup,
                        err=r"p\.csv: 1 of 3 places lie farther than 100 m from the network \(--max-snap raises "
                            r"the limit.*\n  line 3: 'Atlantis' is 55\d\d\d\.?\d* m from the nearest arc"))
    # The places file through a link to /dev/null made inside the case folder: an empty file.
    for tool, argv in _tools("null.csv"):
        def setup(d):
            _write(d, "x.osm", _osm())
            os.symlink("/dev/null", os.path.join(d, "null.csv"))
        out.append(Case("places", "%s/dev-null-link" % tool, argv, rc=2, err=r"null\.csv:1: file is empty",
                        setup=setup))
    # A graph without coordinates: nothing to snap to.
    for tool, argv in [("gapsp", ["gapsp", "x.gr", "t.csv", "--places", "p.csv"]),
                       ("gcenter", ["gcenter", "x.gr", "--places", "p.csv", "--p-median", "1"]),
                       ("gpath", ["gpath", "x.gr", "--places", "p.csv", "--from", "West", "--to", "East"])]:
        def setup(d):
            _write(d, "x.gr", b"p sp 3 2\na 1 2 5\na 2 3 5\n")
            _write(d, "p.csv", _GOOD)
        out.append(Case("places", "%s/no-coordinates" % tool, argv, rc=2, setup=setup,
                        err=r"x\.gr: has no coordinates; places and maps need an OpenStreetMap extract or a graph "
                            r"with a DIMACS \.co"))
    # Flags that would be ignored.
    flag_cases = [
        ("gapsp/max-snap-without-places", ["gapsp", "x.osm", "t.csv", "--max-snap", "5"], r"--max-snap needs --places"),
        ("gapsp/target-places-without-places", ["gapsp", "x.osm", "t.csv", "--target-places", "p.csv"],
         r"--target-places needs --places"),
        ("gapsp/places-with-sources", ["gapsp", "x.osm", "t.csv", "--places", "p.csv", "--sources", "p.csv"],
         r"--sources does not apply to a --places table"),
        ("gapsp/places-to-gdm", ["gapsp", "x.osm", "t.gdm", "--places", "p.csv", "--to", "gdm"],
         r"--places writes a CSV table"),
        ("gapsp/places-with-json", ["gapsp", "x.osm", "t.csv", "--places", "p.csv", "--json"],
         r"--json does not apply to a --places table"),
        ("gcenter/places-with-engine", ["gcenter", "x.osm", "--places", "p.csv", "--p-median", "1", "--engine",
                                        "sparse"], r"--engine does not apply to siting at --places"),
        ("gcenter/places-without-model", ["gcenter", "x.osm", "--places", "p.csv"],
         r"--places: applies to a siting model"),
        ("gcenter/candidate-places-without-places",
         ["gcenter", "x.osm", "--p-median", "1", "--candidate-places", "p.csv"], r"--candidate-places needs --places"),
        ("gcenter/places-and-weights", ["gcenter", "x.osm", "--places", "p.csv", "--p-median", "1", "--weights",
                                        "p.csv"], r"the demand weights are the places' weight column; drop --weights"),
        ("gpath/geojson-without-to", ["gpath", "x.osm", "--from", "1", "--geojson", "m.geojson"],
         r"--geojson maps one route: give --to"),
        ("gpath/unknown-place", ["gpath", "x.osm", "--places", "p.csv", "--from", "West", "--to", "Nowhere"],
         r"--to: no place named 'Nowhere' in p\.csv"),
        ("gpath/max-snap-without-places", ["gpath", "x.osm", "--from", "1", "--to", "3", "--max-snap", "5"],
         r"--max-snap needs --places"),
    ]
    for name, argv, err in flag_cases:
        def setup(d):
            _write(d, "x.osm", _osm())
            _write(d, "p.csv", _GOOD)
        out.append(Case("places", name, argv, rc=2, err=err, setup=setup))
    # A one-way stub (3 -> 4) is no part of the largest strong component: with --largest-component strong
    # a place beside its end snaps into the component instead, 111 m away (and says so).
    def stub(d):
        _write(d, "x.osm", _osm().replace(
            b"\n</osm>", b'<node id="4" lat="0" lon="0.003"/><way id="7"><nd ref="3"/><nd ref="4"/>'
                          b'<tag k="highway" v="residential"/><tag k="oneway" v="yes"/></way>\n</osm>'))
        _write(d, "p.csv", b"name,lat,lon\nWest,0,0\nStub,0,0.003\n")
    for tool, argv in [("gapsp", ["gapsp", "x.osm", "t.csv", "--places", "p.csv"]),
                       ("gcenter", ["gcenter", "x.osm", "--places", "p.csv", "--p-median", "1"]),
                       ("gpath", ["gpath", "x.osm", "--places", "p.csv", "--from", "West", "--to", "Stub"])]:
        out.append(Case("places", "%s/largest-component-snaps-into-it" % tool, argv + ["--largest-component", "strong"],
                        rc=0, setup=stub, creates={"t.csv"} if tool == "gapsp" else (),
                        err=r"largest strong component keeps 3 of 4 vertices.*\n.*2 places snapped to the nearest "
                            r"point of an arc \(0 between its ends\): median \d.*largest 111\.2 m \('Stub'\)"))
    # gcenter --geojson on a graph's own vertices: coordinates needed, the matrix file has none.
    def plain(d):
        _write(d, "x.gr", b"p sp 3 2\na 1 2 5\na 2 3 5\n")
    out.append(Case("places", "gcenter/geojson-no-coordinates", ["gcenter", "x.gr", "--geojson", "m.geojson"], rc=2,
                    setup=plain, err=r"x\.gr: has no coordinates; places and maps need"))
    def gdm(d):
        _write(d, "x.gr", b"p sp 3 2\na 1 2 5\na 2 3 5\n")
        subprocess.run([os.path.join(ctx.apps, "gconvert"), os.path.join(d, "x.gr"), os.path.join(d, "x.gdm"), "-q"],
                       check=True)
    out.append(Case("places", "gcenter/geojson-matrix-file", ["gcenter", "x.gdm", "--geojson", "m.geojson"], rc=2,
                    setup=gdm, err=r"x\.gdm: this matrix file keeps no coordinates; --geojson needs the graph file"))
    out.append(Case("places", "gcenter/ok-geojson-graph-vertices",
                    ["gcenter", "x.osm", "--p-median", "1", "--metrics", "--geojson", "m.geojson"], rc=0,
                    setup=lambda d: _write(d, "x.osm", _osm()), creates={"m.geojson"},
                    check=_check_geojson("m.geojson", {"site", "assignment", "center", "periphery"})))
    # What works: the table, the siting map and the route map, checked.
    def good(d):
        _write(d, "x.osm", _osm())
        _write(d, "p.csv", _GOOD)

    def table_check(d, proc):
        # 0.002 degrees of longitude along the equator: 222.39 m on the mean Earth radius.
        with open(os.path.join(d, "t.csv")) as f:
            text = f.read()
        want = "vertex,West,East\nWest,0,222.39016046706584\nEast,222.39016046706584,0\n"
        return None if text == want else "table: %r" % text
    out.append(Case("places", "gapsp/ok-table", ["gapsp", "x.osm", "t.csv", "--places", "p.csv"], rc=0,
                    err=r"2 places snapped to the nearest point of an arc", setup=good, creates={"t.csv"}, check=table_check))
    def snapped_check(d, proc):
        with open(os.path.join(d, "s.csv")) as f:
            text = f.read()
        # Both nearest an end of the street: at its vertices, no arc columns.
        want = ("name,lat,lon,vertex,vertex_lat,vertex_lon,snap_m,arc_from,arc_to,along_m\n"
                "West,1e-05,0,1,0,0,1.111950802335329,,,\nEast,0,0.00201,3,0,0.002,1.111950802335332,,,\n")
        return None if text == want else "snapped: %r" % text
    for tool, argv in [("gapsp", ["gapsp", "x.osm", "t.csv", "--places", "p.csv", "--snapped", "s.csv"]),
                       ("gcenter", ["gcenter", "x.osm", "--places", "p.csv", "--p-median", "1", "--snapped", "s.csv"])]:
        out.append(Case("places", "%s/ok-snapped" % tool, argv, rc=0, setup=good, check=snapped_check,
                        creates={"s.csv", "t.csv"} if tool == "gapsp" else {"s.csv"}))
    out.append(Case("places", "gcenter/snapped-past-max-snap-writes-nothing",
                    ["gcenter", "x.osm", "--places", "p.csv", "--p-median", "1", "--snapped", "s.csv", "--max-snap",
                     "1"], rc=2, setup=good, err=r"2 of 2 places lie farther than 1 m"))
    out.append(Case("places", "gcenter/ok-geojson",
                    ["gcenter", "x.osm", "--places", "p.csv", "--p-median", "1", "--geojson", "m.geojson",
                     "--assignment", "a.csv"], rc=0, out=r"p-median", setup=good,
                    creates={"m.geojson", "a.csv"}, check=_check_geojson("m.geojson", {"site", "demand",
                                                                                        "assignment"})))
    out.append(Case("places", "gpath/ok-geojson",
                    ["gpath", "x.osm", "--places", "p.csv", "--from", "West", "--to", "East", "--geojson",
                     "r.geojson"], rc=0, out=r"length 222\.39016", setup=good, creates={"r.geojson"},
                    check=_check_geojson("r.geojson", {"route", "place"})))
    return out
