#!/usr/bin/python3
"""OpenStreetMap roads against an independent reference.

For each shipped extract (../shared/data/osm) and profile, this script reads
the file itself (XML with xml.etree; PBF with pyosmium from PyPI in a
test-only virtual environment it makes), applies the rules of
docs/FORMATS-INPUT.md written out again here, builds the FULL node graph (one
arc per way segment, no chain merging) and runs SciPy's Dijkstra. Then it
runs `gapsp EXTRACT OUT.csv --profile P --weight W` and checks:
  * the vertex set equals the junctions and way ends the rules name;
  * every distance between two of those vertices equals the reference's within
    1e-6 relative (both unreachable, or both finite).

  osm_reference.py --apps DIR --data DIR --work DIR --formats xml|pbf

Exit 0: all equal; 1: a difference (printed); 77: skipped (no data, no SciPy,
or, for pbf, pyosmium could not be installed).
"""
import argparse
import bz2
import csv
import gzip
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

SKIP = 77
RADIUS_M = 6371008.8  # the mean Earth radius
REL_TOL = 1e-6

# The rules, from docs/FORMATS-INPUT.md (not from the C++ source).
CAR_SPEED = {"motorway": 90, "motorway_link": 45, "trunk": 85, "trunk_link": 40, "primary": 65,
             "primary_link": 30, "secondary": 55, "secondary_link": 25, "tertiary": 40, "tertiary_link": 20,
             "unclassified": 25, "residential": 25, "living_street": 10, "service": 15, "road": 25}
COMMON_ROADS = ["primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
                "unclassified", "residential", "living_street", "service", "road"]
BIKE_SPEED = dict({k: 15 for k in COMMON_ROADS}, cycleway=18, track=12, path=12)
FOOT_SPEED = dict({k: 5 for k in COMMON_ROADS}, track=5, path=5, footway=5, pedestrian=5, steps=3)
KNOWN_CLASSES = set(CAR_SPEED) | set(BIKE_SPEED) | set(FOOT_SPEED) | {"bridleway"}
GRANTED_SPEED = {"bike": 10, "foot": 5}
GRANTS = {"yes", "designated", "permissive"}
FORBIDS = {"no", "private", "use_sidepath"}


def maxspeed_kmh(value):
    v = value.strip()
    i = 0
    while i < len(v) and (v[i].isdigit() or v[i] == "."):
        i += 1
    try:
        number = float(v[:i])
    except ValueError:
        return None
    if not math.isfinite(number) or number <= 0:
        return None
    unit = v[i:].strip()
    if unit in ("", "km/h", "kmh", "kph"):
        return number
    if unit == "mph":
        return number * 1.609344
    if unit == "knots":
        return number * 1.852
    return None


def oneway_of(value):
    if value in ("yes", "true", "1"):
        return "forward"
    if value == "-1":
        return "backward"
    if value in ("no", "false", "0"):
        return "both"
    return None


def classify(profile, tags):
    """(direction, km/h) for a kept way, None for one the profile leaves out."""
    hw = tags.get("highway")
    if hw is None or tags.get("area") == "yes" or hw not in KNOWN_CLASSES:
        return None
    access = tags.get("access")
    if profile == "car":
        if hw not in CAR_SPEED or access in ("no", "private") or tags.get("motor_vehicle") == "no" or \
                tags.get("motorcar") == "no":
            return None
        speed = CAR_SPEED[hw]
        ms = tags.get("maxspeed")
        if ms is not None and ms != "none" and maxspeed_kmh(ms) is not None:
            speed = maxspeed_kmh(ms)
    else:
        own = tags.get("bicycle" if profile == "bike" else "foot")
        table = BIKE_SPEED if profile == "bike" else FOOT_SPEED
        if own in FORBIDS:
            return None
        if own in GRANTS:
            speed = table.get(hw, GRANTED_SPEED[profile])
        elif hw not in table or access in ("no", "private"):
            return None
        else:
            speed = table[hw]
    if profile == "foot":
        return "both", speed
    direction = "forward" if hw in ("motorway", "motorway_link") or tags.get("junction") == "roundabout" else "both"
    tagged = oneway_of(tags.get("oneway:bicycle", "")) if profile == "bike" else None
    if tagged is None:
        tagged = oneway_of(tags.get("oneway", ""))
    return (tagged or direction), speed


def haversine(a, b):
    (lat1, lon1), (lat2, lon2) = a, b
    rad = math.pi / 180.0
    h = math.sin((lat2 - lat1) * rad / 2) ** 2 + \
        math.cos(lat1 * rad) * math.cos(lat2 * rad) * math.sin((lon2 - lon1) * rad / 2) ** 2
    return 2 * RADIUS_M * math.asin(math.sqrt(min(1.0, h)))


def read_xml(path):
    nodes, ways = {}, []
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        for _, el in ET.iterparse(f, events=("end",)):
            if el.tag == "node":
                nodes[int(el.get("id"))] = (float(el.get("lat")), float(el.get("lon")))
                el.clear()
            elif el.tag == "way":
                tags = {t.get("k"): t.get("v") for t in el.findall("tag")}
                ways.append(([int(n.get("ref")) for n in el.findall("nd")], tags))
                el.clear()
            elif el.tag == "relation":
                el.clear()
    return nodes, ways


def read_bz2(path):
    with bz2.open(path, "rb") as f:
        plain = os.path.join(os.path.dirname(path), "plain.osm")
        with open(plain, "wb") as out:
            out.write(f.read())
    return read_xml(plain)


def read_pbf(path):
    import osmium  # pyosmium, from the test's own virtual environment

    class Collect(osmium.SimpleHandler):
        def __init__(self):
            super().__init__()
            self.nodes, self.ways = {}, []

        def node(self, n):
            if n.location.valid():
                self.nodes[n.id] = (n.location.lat, n.location.lon)

        def way(self, w):
            self.ways.append(([r.ref for r in w.nodes], {t.k: t.v for t in w.tags}))

    c = Collect()
    c.apply_file(path)
    return c.nodes, c.ways


def reference(nodes, ways, profile, weight):
    """The full node graph's arcs and the vertex set the rules name."""
    arcs = {}  # (a, b) -> least weight
    uses = {}
    kept = []
    for refs, tags in ways:
        rule = classify(profile, tags)
        if rule is None or len(refs) < 2:
            continue
        kept.append((refs, rule))
        for r in refs:
            uses[r] = uses.get(r, 0) + 1
    vertices = set()
    for refs, (direction, speed) in kept:
        scale = 3.6 / speed if weight == "time" else 1.0
        for k, r in enumerate(refs):
            if r not in nodes:
                continue
            prev = k > 0 and refs[k - 1] in nodes
            nxt = k + 1 < len(refs) and refs[k + 1] in nodes
            if not prev and not nxt:
                continue
            if not prev or not nxt or uses[r] >= 2:
                vertices.add(r)
            if nxt and refs[k + 1] != r:
                w = haversine(nodes[r], nodes[refs[k + 1]]) * scale
                pairs = []
                if direction != "backward":
                    pairs.append((r, refs[k + 1]))
                if direction != "forward":
                    pairs.append((refs[k + 1], r))
                for p in pairs:
                    arcs[p] = min(w, arcs.get(p, math.inf))
    return arcs, vertices


def read_gapsp_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    labels = rows[0][1:]
    matrix = []
    for row in rows[1:]:
        matrix.append([float(x) if x not in ("", "inf", "INF") else math.inf for x in row[1:]])
    return labels, matrix


def check(apps, extract, profile, weight, reader, work):
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    name = f"{os.path.basename(extract)} --profile {profile} --weight {weight}"
    out = os.path.join(work, f"{os.path.basename(extract)}.{profile}.{weight}.csv")
    subprocess.run([os.path.join(apps, "gapsp"), extract, out, "--to", "csv", "--profile", profile,
                    "--weight", weight, "-q"], check=True)
    labels, ours = read_gapsp_csv(out)
    nodes, ways = reader(extract)
    arcs, vertices = reference(nodes, ways, profile, weight)
    ids = sorted({a for a, _ in arcs} | {b for _, b in arcs} | vertices)
    index = {v: i for i, v in enumerate(ids)}
    problems = []
    if set(int(x) for x in labels) != vertices:
        ours_set = set(int(x) for x in labels)
        problems.append(f"vertex sets differ: {len(ours_set - vertices)} only ours (e.g. "
                        f"{sorted(ours_set - vertices)[:5]}), {len(vertices - ours_set)} only the reference's "
                        f"(e.g. {sorted(vertices - ours_set)[:5]})")
    else:
        g = csr_matrix(([w for w in arcs.values()], ([index[a] for a, _ in arcs], [index[b] for _, b in arcs])),
                       shape=(len(ids), len(ids)))
        sources = [index[int(x)] for x in labels]
        ref = dijkstra(g, directed=True, indices=sources)[:, sources]
        got = np.array(ours)
        both_inf = np.isinf(ref) & np.isinf(got)
        finite = np.isfinite(ref) & np.isfinite(got)
        mismatch_inf = ~(both_inf | finite)
        rel = np.zeros_like(ref)
        rel[finite] = np.abs(got[finite] - ref[finite]) / np.maximum(np.abs(ref[finite]), 1e-300)
        rel[finite & (ref == 0)] = np.abs(got[finite & (ref == 0)])
        if mismatch_inf.any():
            i, j = np.argwhere(mismatch_inf)[0]
            problems.append(f"{int(mismatch_inf.sum())} pairs reachable in one and not the other, e.g. "
                            f"{labels[i]} -> {labels[j]}: ours {got[i, j]}, reference {ref[i, j]}")
        if (rel > REL_TOL).any():
            i, j = np.unravel_index(np.argmax(rel), rel.shape)
            problems.append(f"{int((rel > REL_TOL).sum())} distances differ beyond {REL_TOL} relative, worst "
                            f"{labels[i]} -> {labels[j]}: ours {got[i, j]!r}, reference {ref[i, j]!r}")
        if len(labels) < 100 or int(finite.sum()) < len(labels) ** 2 // 2:
            problems.append(f"too little to compare: {len(labels)} vertices, {int(finite.sum())} finite pairs")
        if not problems:
            print(f"ok  {name}: {len(labels)} vertices ({len(ids)} nodes in the reference), "
                  f"{int(finite.sum())} finite pairs, worst relative difference {rel.max():.3g}")
    for p in problems:
        print(f"FAIL {name}: {p}")
    return not problems


def pbf_reader(work):
    """read_pbf with pyosmium installed into a virtual environment under `work`, or a reason to skip."""
    venv = os.path.join(work, "pyosmium-venv")
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        r = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv], capture_output=True,
                           text=True)
        if r.returncode != 0:
            return None, "python3 -m venv failed: " + r.stderr.strip()[-200:]
    r = subprocess.run([python, "-c", "import osmium"], capture_output=True)
    if r.returncode != 0:
        try:  # offline: pip gives up after one short retry instead of minutes of them
            r = subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--timeout", "20",
                                "--retries", "1", "osmium"], capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            return None, "pip install osmium (PyPI) took over 600 s"
        if r.returncode != 0:
            return None, "pip install osmium (PyPI) failed: " + r.stderr.strip()[-300:]
    return python, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--apps", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--formats", choices=["xml", "pbf"], required=True)
    ap.add_argument("--child", help=argparse.SUPPRESS)  # run inside the venv: one PBF case
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    osm = os.path.join(args.data, "osm")
    try:
        import numpy  # noqa: F401
        import scipy  # noqa: F401
    except ImportError:
        print("skip: SciPy is missing (Debian python3-scipy)")
        return SKIP

    if args.child:
        return 0 if check(args.apps, args.child, "car", "length", read_pbf, args.work) else 1
    if args.formats == "pbf":
        extract = os.path.join(osm, "andorra.osm.pbf")
        if not os.path.exists(extract):
            print(f"skip: {extract} is absent")
            return SKIP
        python, why = pbf_reader(args.work)
        if python is None:
            print("skip: no independent PBF reader: " + why)
            return SKIP
        return subprocess.run([python, os.path.abspath(__file__), "--apps", args.apps, "--data", args.data,
                               "--work", args.work, "--formats", "pbf", "--child", extract]).returncode

    cases = [("monaco.osm.gz", "car", "length"), ("monaco.osm.gz", "foot", "length"),
             ("krems.osm.gz", "car", "time"), ("krems.osm.gz", "bike", "length")]
    if not all(os.path.exists(os.path.join(osm, c[0])) for c in cases):
        print(f"skip: the extracts are absent from {osm}")
        return SKIP
    ok = all([check(args.apps, os.path.join(osm, e), p, w, read_xml, args.work) for e, p, w in cases])
    # The same XML as .osm.bz2 (made here with Python's bz2) reads to the same distances.
    monaco_bz2 = os.path.join(args.work, "monaco.osm.bz2")
    with gzip.open(os.path.join(osm, "monaco.osm.gz"), "rb") as f, open(monaco_bz2, "wb") as out:
        out.write(bz2.compress(f.read()))
    ok = check(args.apps, monaco_bz2, "car", "length", read_bz2, args.work) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
