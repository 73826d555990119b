"""Readers: malformed, huge, hostile and exact-number inputs in every format,
through every app that reads graphs (gconvert, gapsp, gcenter). A bad input is
exit 2 with 'tool: FILE...' naming what was expected; never a crash, never a
silently changed number. Several cases reproduce issue #11 text verbatim."""
import gzip
import os
import struct
import zlib

PENDING_IN = None  # landed: every case is a plain test now


def _nthu(n, m, triples=()):
    return struct.pack("<ii", n, m) + b"".join(struct.pack("<iii", *t) for t in triples)


# A build without libosmium refuses every OpenStreetMap file alike ("needs libosmium"):
# the cases about how extracts are read skip there.
NO_OSM = "skip: this build reads no OpenStreetMap (built without libosmium)"


def _is_osm(fname):
    return fname.endswith((".osm", ".osm.pbf", ".osm.gz", ".osm.bz2"))


def _osm(body, close=True):
    return b'<?xml version="1.0"?>\n<osm version="0.6">\n' + body + (b"\n</osm>\n" if close else b"")


_NODES = b'<node id="1" lat="0" lon="0"/><node id="2" lat="0" lon="0.001"/>'
_ROAD = b'<tag k="highway" v="residential"/>'


# (name, file name, content, extra flags, stderr regex, pending)
BAD = [
    ("empty", "x.gr", b"", [], r"x\.gr", None),
    ("issue-p-sp-2147483647", "x.gr", b"p sp 2147483647 0\n", [], r"x\.gr", PENDING_IN),
    ("p-sp-4294967294", "x.gr", b"p sp 4294967294 0\n", [], r"x\.gr", PENDING_IN),
    ("p-sp-2^64", "x.gr", b"p sp 18446744073709551616 0\n", [], r"x\.gr", None),
    ("p-sp-negative", "x.gr", b"p sp -5 3\n", [], r"x\.gr", None),
    ("arc-vertex-out-of-range", "x.gr", b"p sp 3 1\na 1 4 5\n", [], r"x\.gr:2:", None),
    ("arc-vertex-zero", "x.gr", b"p sp 3 1\na 0 2 5\n", [], r"x\.gr:2:", None),
    ("arc-bad-weight", "x.gr", b"p sp 3 1\na 1 2 x\n", [], r"x\.gr:2:", None),
    ("arc-missing-weight", "x.gr", b"p sp 3 1\na 1 2\n", [], r"x\.gr:2:", None),
    ("arc-nan-weight", "x.gr", b"p sp 2 1\na 1 2 nan\n", [], r"x\.gr:2:", None),
    ("arc-inf-weight", "x.gr", b"p sp 2 1\na 1 2 inf\n", [], r"x\.gr:2:", None),
    ("arc-float32-overflow-1e39", "x.gr", b"p sp 2 1\na 1 2 1e39\n", ["--type", "float32"], r"x\.gr:2:", PENDING_IN),
    ("arc-int-past-int64", "x.gr", b"p sp 2 1\na 1 2 99999999999999999999999\n", [], r"x\.gr:2:", PENDING_IN),
    ("arc-before-problem-line", "x.gr", b"a 1 2 5\n", [], r"x\.gr:1:", None),
    ("two-problem-lines", "x.gr", b"p sp 2 1\np sp 3 1\na 1 2 5\n", [], r"x\.gr:2:", None),
    ("binary-garbage", "x.gr", bytes(range(256)) * 8, [], r"x\.gr", None),
    ("nul-bytes", "x.gr", b"p sp 2 1\na 1\x002 5\n", [], r"x\.gr", None),
    ("mtx-huge-n", "x.mtx", b"%%MatrixMarket matrix coordinate real general\n4294967294 4294967294 0\n", [],
     r"x\.mtx", PENDING_IN),
    ("mtx-out-of-range", "x.mtx", b"%%MatrixMarket matrix coordinate real general\n3 3 1\n4 1 1.0\n", [],
     r"x\.mtx:3:", None),
    ("mtx-no-size-line", "x.mtx", b"%%MatrixMarket matrix coordinate real general\n", [], r"x\.mtx", None),
    ("mtx-not-square", "x.mtx", b"%%MatrixMarket matrix coordinate real general\n3 4 1\n1 1 1.0\n", [],
     r"x\.mtx", None),
    ("mtx-bad-banner", "x.mtx", b"%%MatrixMarket tensor coordinate real general\n3 3 1\n1 2 1\n", [],
     r"x\.mtx", None),
    ("nthu-huge-n", "x.bin", _nthu(0x7FFFFFFF, 0), ["--from", "nthu"], r"x\.bin", PENDING_IN),
    ("nthu-negative-n", "x.bin", _nthu(-1, 0), ["--from", "nthu"], r"x\.bin", None),
    ("nthu-truncated", "x.bin", _nthu(3, 5, [(0, 1, 5)]), ["--from", "nthu"], r"x\.bin", None),
    ("nthu-vertex-out-of-range", "x.bin", _nthu(3, 1, [(0, 7, 5)]), ["--from", "nthu"], r"x\.bin", None),
    ("nthu-short-header", "x.bin", b"\x03\x00\x00", ["--from", "nthu"], r"x\.bin", None),
    ("orlib-huge-n", "pmed.txt", b"4294967294 0 5\n", ["--from", "orlib"], r"pmed\.txt", PENDING_IN),
    ("orlib-out-of-range", "pmed.txt", b"3 1 1\n1 5 3\n", ["--from", "orlib"], r"pmed\.txt:2:", None),
    ("orlib-truncated", "pmed.txt", b"3 2 1\n1 2 3\n", ["--from", "orlib"], r"pmed\.txt", None),
    ("metis-huge-n", "x.graph", b"4294967294 0\n", ["--from", "metis"], r"x\.graph", None),
    ("metis-out-of-range", "x.graph", b"3 1\n2\n1 7\n\n", ["--from", "metis"], r"x\.graph", None),
    ("edgelist-one-column", "x.el", b"1 2\n3\n", ["--from", "edgelist"], r"x\.el:2:", None),
    ("edgelist-bad-weight", "x.csv", b"1,2,abc\n", ["--from", "edgelist"], r"x\.csv:1:", None),
    ("gzip-truncated", "x.gr.gz", gzip.compress(b"p sp 3 1\na 1 2 5\n" * 50)[:40], [], r"x\.gr\.gz", None),
    ("long-line-no-newline", "x.gr", b"c " + b"a" * (8 << 20), [], r"x\.gr", None),
    # OpenStreetMap (issue #24): damaged files and extracts with nothing to build (exit 2, the file named).
    ("osm-pbf-truncated-blob", "x.osm.pbf", b"\0\0\0\x0d\x0a\x09OSMHeader\x18\x64" + b"x" * 10, [],
     r"x\.osm\.pbf: not a readable OpenStreetMap file", None),
    ("osm-pbf-huge-blob-header", "x.osm.pbf", b"\xff\xff\xff\xff\x0a\x09OSMHeader" + b"x" * 10, [],
     r"x\.osm\.pbf: not a readable OpenStreetMap file", None),
    ("osm-pbf-empty", "x.osm.pbf", b"", [], r"x\.osm\.pbf", None),
    ("osm-xml-truncated", "x.osm", _osm(_NODES + b'<way id="5"><nd ref="1"/>', close=False), [],
     r"x\.osm: not a readable OpenStreetMap file", None),
    ("osm-xml-bad-latitude", "x.osm", _osm(b'<node id="1" lat="abc" lon="0"/><node id="2" lat="0" lon="0.001"/>'
                                           b'<way id="5"><nd ref="1"/><nd ref="2"/>' + _ROAD + b"</way>"), [],
     r"x\.osm: not a readable OpenStreetMap file", None),
    ("osm-xml-bad-node-ref", "x.osm", _osm(_NODES + b'<way id="5"><nd ref="x"/><nd ref="2"/>' + _ROAD + b"</way>"),
     [], r"x\.osm: not a readable OpenStreetMap file", None),
    ("osm-bz2-garbage", "x.osm.bz2", b"BZh91AY&SYgarbage", [], r"x\.osm\.bz2: not a readable OpenStreetMap file",
     None),
    ("osm-empty-extract", "x.osm", _osm(b""), [], r"x\.osm: the extract holds no ways", None),
    ("osm-no-way-for-the-profile", "x.osm",
     _osm(_NODES + b'<way id="5"><nd ref="1"/><nd ref="2"/><tag k="highway" v="footway"/></way>'), [],
     r"x\.osm: none of its 1 ways is a road of the car profile", None),
    ("osm-every-node-missing", "x.osm", _osm(b'<way id="5"><nd ref="1"/><nd ref="2"/>' + _ROAD + b"</way>"), [],
     r"x\.osm: the car profile's ways have no two nodes present", None),
    ("osm-profile-on-dimacs", "x.gr", b"p sp 2 1\na 1 2 5\n", ["--profile", "foot"],
     r"--profile applies to OpenStreetMap input .* x\.gr is a dimacs file", None),
    ("osm-weight-on-mtx", "x.mtx", b"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 1.0\n",
     ["--weight", "time"], r"--weight applies to OpenStreetMap input .* x\.mtx is a mtx file", None),
]


def _bomb():
    # 16 members of 16 MiB of zeros each: 256 MiB, one line without a newline.
    member = zlib.compressobj(9, zlib.DEFLATED, 31)
    one = member.compress(b"\0" * (16 << 20)) + member.flush()
    return one * 16


def cases(ctx, Case):
    out = []
    tools = [("gconvert", lambda f: ["gconvert", f, "o.gdm", "-q"]),
             ("gapsp", lambda f: ["gapsp", f, "o.gdm", "-q"]),
             ("gcenter", lambda f: ["gcenter", f])]
    bad = list(BAD) + [("gzip-bomb-256MiB", "x.gr.gz", _bomb(), [], r"x\.gr\.gz", None)]
    for name, fname, content, flags, err, pending in bad:
        for tool, argv in tools:
            def setup(d, fname=fname, content=content):
                if _is_osm(fname) and not ctx.has_osm:
                    return NO_OSM
                with open(os.path.join(d, fname), "wb") as f:
                    f.write(content)
            out.append(Case("readers", "%s/%s" % (tool, name), argv(fname) + flags, rc=2, err=err,
                            setup=setup, pending=pending or None, timeout=60,
                            err_not=r"Segmentation|core dumped|terminate called"))
    # Advice that would lose the number: 1e300 must not send the user to float32.
    for tool, argv in tools:
        def setup(d):
            with open(os.path.join(d, "x.gr"), "wb") as f:
                f.write(b"p sp 2 1\na 1 2 1e300\n")
        out.append(Case("readers", "%s/1e300-no-float32-advice" % tool, argv("x.gr"), rc={0, 2},
                        setup=setup, err_not=r"--type float32",
                        creates={"o.gdm"} if tool != "gcenter" else ()))  # gcenter writes no file
    # Exact numbers (issue text): the value printed is the value read.
    exact = [
        ("int64-exact", b"p sp 2 1\na 1 2 123456789012345678\n", r'"radius": ?123456789012345678\b'),
        ("fraction-keeps-16777217", b"p sp 3 2\na 1 2 16777217\na 2 3 0.5\n", r'"radius": ?16777217\.5\b'),
        ("float-sum-3e38", b"p sp 3 2\na 1 2 3e38\na 2 3 3e38\n", r'"radius": ?6e\+?38\b'),
        ("int32-plain", b"p sp 3 2\na 1 2 1000000\na 2 3 7\n", r'"radius": ?1000007\b'),
    ]
    for name, content, want in exact:
        def setup(d, content=content):
            with open(os.path.join(d, "x.gr"), "wb") as f:
                f.write(content)
        out.append(Case("readers", "gcenter/" + name, ["gcenter", "x.gr", "--json"], rc=0, out=want, setup=setup,
                        pending=None if name == "int32-plain" else PENDING_IN))
    # int64 past 2^53 through every metric (#28): compared, summed and printed
    # exactly on both engines (hand-checked: the path 1 -a- 2 -1- 3 with
    # a = 2^53 + 1 has eccentricities a+1, a, a+1 and totals 2a+1, a+1, a+2; the
    # path 1e17, 3 has its center at 2 alone). The sparse search spun forever
    # on the first; the dense summary named all three vertices as the second's center.
    a = 9007199254740993
    e = 100000000000000000
    wide = [
        ("sparse-eccentricities-past-2^53", "p sp 3 2\na 1 2 %d\na 2 3 1\n" % a,
         ["--undirected", "--engine", "sparse", "--eccentricities", "-"],
         r"vertex,eccentricity\n1,%d\n2,%d\n3,%d\n" % (a + 1, a, a + 1)),
        ("sparse-summary-past-2^53", "p sp 3 2\na 1 2 %d\na 2 3 1\n" % a,
         ["--undirected", "--engine", "sparse", "--json"],
         r'"diameter":%d,"diameter_pair":\["1","3"\],"radius":%d,"center":\["2"\],"periphery":\["1","3"\],'
         r'"median":\{"vertex":"2","total":%d\}' % (a + 1, a, a + 1)),
        ("dense-center-past-2^53", "p sp 3 2\na 1 2 %d\na 2 3 3\n" % e, ["--undirected", "--json"],
         r'"diameter":%d,"diameter_pair":\["1","3"\],"radius":%d,"center":\["2"\],"periphery":\["1","3"\],'
         r'"median":\{"vertex":"2","total":%d\}.*"wiener_index":%d,' % (e + 3, e, e + 3, 2 * e + 6)),
        ("sparse-center-past-2^53", "p sp 3 2\na 1 2 %d\na 2 3 3\n" % e, ["--undirected", "--engine", "sparse",
                                                                            "--json"],
         r'"radius":%d,"center":\["2"\],"periphery":\["1","3"\],"median":\{"vertex":"2","total":%d\}' % (e, e + 3)),
        ("ch-eccentricities-past-2^53", "p sp 3 2\na 1 2 %d\na 2 3 1\n" % a,
         ["--undirected", "--engine", "ch", "--eccentricities", "-"],
         r"vertex,eccentricity\n1,%d\n2,%d\n3,%d\n" % (a + 1, a, a + 1)),
        ("ch-center-past-2^53", "p sp 3 2\na 1 2 %d\na 2 3 3\n" % e, ["--undirected", "--engine", "ch", "--json"],
         r'"radius":%d,"center":\["2"\],"periphery":\["1","3"\],"median":\{"vertex":"2","total":%d\}' % (e, e + 3)),
        ("dense-per-vertex-past-2^53", "p sp 3 2\na 1 2 %d\na 2 3 3\n" % e, ["--undirected", "--per-vertex", "-"],
         r"1,%d,%d,0,[^,\n]+,[^,\n]+\n2,%d,%d,0,[^,\n]+,[^,\n]+\n3,%d,%d,0," % (e + 3, 2 * e + 3, e, e + 3, e + 3, e + 6)),
        ("sparse-per-vertex-past-2^53", "p sp 3 2\na 1 2 %d\na 2 3 3\n" % e,
         ["--undirected", "--engine", "sparse", "--per-vertex", "-"],
         r"1,%d,%d,0,[^,\n]+,[^,\n]+\n2,%d,%d,0,[^,\n]+,[^,\n]+\n3,%d,%d,0," % (e + 3, 2 * e + 3, e, e + 3, e + 3, e + 6)),
    ]
    for name, content, flags, want in wide:
        def setup(d, content=content):
            with open(os.path.join(d, "x.gr"), "w") as f:
                f.write(content)
        out.append(Case("readers", "gcenter/int64-" + name, ["gcenter", "x.gr"] + flags, rc=0, out=want,
                        setup=setup, timeout=20))
    # Coordinates (#28): a vertex placed twice is refused (which place won was
    # silent); coordinates near the double range draw finite positions (their
    # span overflowed to inf and the SVG held "nan" attributes).
    def co_setup(text):
        def setup(d):
            with open(os.path.join(d, "p4.gr"), "w") as f:
                f.write("p sp 4 3\na 1 2 1\na 2 3 1\na 3 4 1\n")
            with open(os.path.join(d, "p4.co"), "w") as f:
                f.write(text)
        return setup
    out.append(Case("readers", "gcenter/coordinates-vertex-twice",
                    ["gcenter", "p4.gr", "--svg", "m.svg", "--coordinates", "p4.co"], rc=2,
                    err=r"p4.co:3: vertex '2' is listed twice \(first on line 2\)",
                    setup=co_setup("v 1 0 0\nv 2 1 0\nv 2 5 5\nv 3 2 0\n")))

    def finite_svg(folder, proc):
        text = open(os.path.join(folder, "m.svg")).read()
        import re as _re
        bad = _re.findall(r'="[^"]*(?:nan|inf)[^"]*"', text)
        return "SVG attributes that are not finite numbers: %s" % bad[:3] if bad else None
    out.append(Case("readers", "gcenter/coordinates-near-double-max-draw-finite",
                    ["gcenter", "p4.gr", "--p-center", "1", "--svg", "m.svg", "--coordinates", "p4.co", "-q"], rc=0,
                    creates={"m.svg"}, check=finite_svg,
                    setup=co_setup("v 1 1e308 5\nv 2 -1e308 5\nv 3 1 1\nv 4 2 -1.7e308\n")))

    # gpath --json with no path (#28): exit 1 and still one JSON object saying so.
    def no_path_json(folder, proc):
        import json
        try:
            got = json.loads(proc.stdout_bytes)
        except ValueError as e:
            return "stdout is not JSON: %s" % e
        want = {"from": "bob", "to": "island", "length": None, "hops": None, "vertices": None, "weights": None}
        return None if got == want else "unexpected JSON %r" % got
    out.append(Case("readers", "gpath/json-no-path", ["gpath", "dnp.gdm", "--from", "bob", "--to", "island", "--json"],
                    rc=1, err=r"no path from bob to island", check=no_path_json, stderr_prefix=False,
                    setup=lambda d: __import__("subprocess").run(
                        [ctx.tool("gapsp"), "named.csv", "dnp.gdm", "--paths", "-q"], cwd=d, check=True)))
    # One tie rule for the centralities' best vertex (#28): on a cycle every
    # vertex ties, so both engines name the least (the dense engine named 7 and
    # the sparse one 1 on 50 vertices, their sums rounding differently).
    for n in (50, 101, 300):
        def setup(d, n=n):
            with open(os.path.join(d, "cycle.gr"), "w") as f:
                f.write("p sp %d %d\n" % (n, n) + "".join("a %d %d 1\n" % (i + 1, (i + 1) % n + 1) for i in range(n)))
        for engine in (["--engine", "dense"], ["--engine", "sparse", "--centrality"]):
            out.append(Case("readers", "gcenter/harmonic-max-ties-cycle-%d-%s" % (n, engine[1]),
                            ["gcenter", "cycle.gr", "--undirected", "--json"] + engine, rc=0,
                            out=r'"closeness_max":\{"vertex":"1",.*"harmonic_max":\{"vertex":"1",', setup=setup))
    # Piped input: '-' and /dev/fd/N (<(cat f)) work (detection from a buffered prefix).
    with open(os.path.join(ctx.fixtures, "g.gr"), "rb") as f:
        g = f.read()
    out.append(Case("readers", "gcenter/stdin-dash", ["gcenter", "-", "--json"], rc=0, stdin=g,
                    out=r'"diameter"', pending=PENDING_IN))
    out.append(Case("readers", "gconvert/stdin-dash", ["gconvert", "-", "o.gdm", "-q"], rc=0, stdin=g,
                    creates={"o.gdm"}, pending=PENDING_IN))
    out.append(Case("readers", "gcenter/process-substitution",
                    ["bash", "-c", '"{apps}/gcenter" <(cat g.gr) --json'], rc=0, out=r'"diameter"',
                    pending=PENDING_IN, stderr_prefix=False))
    # OpenStreetMap: skips are counted in a note, the rest is read.
    osm_notes = [("osm-negative-maxspeed", b'<tag k="maxspeed" v="-50"/>',
                  r"note: x\.osm: 1 way has a maxspeed that is no speed > 0 \(such as '-50'\)"),
                 ("osm-unknown-oneway", b'<tag k="oneway" v="reversible"/>',
                  r"note: x\.osm: 1 way has an unknown oneway value \(such as 'reversible'\)"),
                 ("osm-node-missing", b'<nd ref="77"/>', r"note: x\.osm: 1 way names 1 node missing from the extract")]
    for name, extra, err in osm_notes:
        def setup(d, extra=extra):
            if not ctx.has_osm:
                return NO_OSM
            with open(os.path.join(d, "x.osm"), "wb") as f:
                f.write(_osm(_NODES + b'<way id="5"><nd ref="1"/><nd ref="2"/>' + extra + _ROAD + b"</way>"))
        for tool, argv in [("gconvert", ["gconvert", "x.osm", "o.gdm", "--weight", "time"]),
                           ("gapsp", ["gapsp", "x.osm", "o.gdm", "--weight", "time"])]:
            out.append(Case("readers", "%s/%s" % (tool, name), argv, rc=0, err=err, setup=setup, creates={"o.gdm"}))
    def osm_setup(d):
        if not ctx.has_osm:
            return NO_OSM
        with open(os.path.join(d, "x.osm"), "wb") as f:
            f.write(_osm(_NODES + b'<way id="5"><nd ref="1"/><nd ref="2"/>' + _ROAD + b"</way>"))
    out.append(Case("readers", "gconvert/osm-through-a-pipe", ["bash", "-c", '"{apps}/gconvert" <(cat x.osm) o.gdm'],
                    rc=2, err=r"OpenStreetMap input is read twice .*not a pipe", setup=osm_setup, stderr_prefix=False))
    # Valid edge cases that must keep working.
    ok = [("no-final-newline", "x.gr", b"p sp 3 1\na 1 2 5"),
          ("crlf", "x.gr", b"p sp 3 1\r\na 1 2 5\r\n"),
          ("comments-only-after", "x.gr", b"p sp 3 1\na 1 2 5\nc end\n"),
          ("gzip-ok", "x.gr.gz", gzip.compress(b"p sp 3 1\na 1 2 5\n"))]
    for name, fname, content in ok:
        for tool, argv in tools[:2]:
            def setup(d, fname=fname, content=content):
                with open(os.path.join(d, fname), "wb") as f:
                    f.write(content)
            out.append(Case("readers", "%s/ok-%s" % (tool, name), argv(fname), rc=0, setup=setup, creates={"o.gdm"}))
    return out
