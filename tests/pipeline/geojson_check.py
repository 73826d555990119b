#!/usr/bin/python3
"""GeoJSON maps (gcenter --places --geojson, gpath --geojson) on real
OpenStreetMap data, checked against RFC 7946's structure by a validator
written here (the RFC's rules that apply to what gdist writes: a
FeatureCollection of Features, no "crs" member, geometries Point, LineString
(two positions or more) and MultiLineString, positions [lon, lat] in range,
properties an object) and against the run's own numbers: the sites are the
report's, each assignment line joins its demand to its site and its distance
is the place table's (gapsp --places) entry.

    geojson_check.py --apps BUILD/apps --data SHARED_DATA --work DIR

Exit 77 (skipped) when the data or the build's OSM or nanoflann support is missing."""
import argparse
import csv
import importlib.util
import json
import math
import os
import random
import subprocess
import sys

SKIP = 77


def position_errors(p, where):
    if not isinstance(p, list) or len(p) not in (2, 3) or not all(isinstance(x, (int, float)) for x in p):
        return ["%s: a position is [lon, lat] numbers, got %r" % (where, p)]
    lon, lat = p[0], p[1]
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        return ["%s: position out of range %r" % (where, p)]
    return []


def geometry_errors(g, where):
    if not isinstance(g, dict) or "type" not in g:
        return ["%s: geometry is an object with a type" % where]
    t, c = g["type"], g.get("coordinates")
    if t == "Point":
        return position_errors(c, where)
    if t == "LineString":
        if not isinstance(c, list) or len(c) < 2:
            return ["%s: a LineString has two positions or more (RFC 7946 3.1.4)" % where]
        return [e for p in c for e in position_errors(p, where)]
    if t == "MultiLineString":
        if not isinstance(c, list):
            return ["%s: MultiLineString coordinates are an array" % where]
        return [e for line in c for e in geometry_errors({"type": "LineString", "coordinates": line}, where)]
    return ["%s: unexpected geometry type %r" % (where, t)]


def rfc7946_errors(doc):
    """The RFC's rules for what gdist writes; an empty list when it conforms."""
    errors = []
    if not isinstance(doc, dict) or doc.get("type") != "FeatureCollection":
        return ["the top level is a FeatureCollection object"]
    if "crs" in doc:
        errors.append("no 'crs' member (RFC 7946 4: WGS84 only)")
    if not isinstance(doc.get("features"), list):
        return errors + ["'features' is an array"]
    for i, f in enumerate(doc["features"]):
        where = "feature %d" % i
        if not isinstance(f, dict) or f.get("type") != "Feature":
            errors.append("%s: type Feature" % where)
            continue
        if "geometry" not in f or "properties" not in f:
            errors.append("%s: has geometry and properties members" % where)
            continue
        if f["properties"] is not None and not isinstance(f["properties"], dict):
            errors.append("%s: properties is an object or null" % where)
        errors += geometry_errors(f["geometry"], where)
    return errors


def great_circle(a, b):
    """Metres between two [lon, lat] points on the mean Earth radius (lib/core/great_circle.hpp)."""
    lon1, lat1, lon2, lat2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(min(1.0, math.sqrt(h)))


def site_snap(sites, name):
    return [s for s in sites if s["properties"]["name"] == name][0]["properties"]["snap_m"]


def run(argv):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit("FAIL: %s\n%s%s" % (" ".join(argv), p.stdout, p.stderr))
    return p


def load_gdm_reader():
    """The Python package's pure-NumPy .gdm reader, from this checkout."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python", "gdist", "gdm.py")
    spec = importlib.util.spec_from_file_location("gdm_reader", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def matrix_file_maps(a, monaco, places, graph_map, graph_report):
    """The maps from matrix files: gconvert keeps the extract's coordinates in the .gdm, gapsp carries
    them into the distance matrix, and gcenter, gpath, ginfo and the Python reader take them from there."""
    errors = []
    tool = {t: os.path.join(a.apps, t) for t in ("gconvert", "gapsp", "gcenter", "gpath", "ginfo")}
    adjacency, dist = os.path.join(a.work, "monaco.gdm"), os.path.join(a.work, "monaco-dist.gdm")
    graph, co = os.path.join(a.work, "monaco.gr"), os.path.join(a.work, "monaco.co")
    # The strong component, as the extract's own map (graph_map) kept it.
    run([tool["gconvert"], monaco, adjacency, "--largest-component", "strong"])
    run([tool["gconvert"], monaco, graph, "--largest-component", "strong"])  # and its .co beside it
    run([tool["gapsp"], adjacency, dist, "--paths"])
    for path in (adjacency, dist):
        info = json.loads(run([tool["ginfo"], "--json", path]).stdout)
        info = info[0] if isinstance(info, list) else info
        if not info.get("coordinates") or info["coordinates"]["count"] != info["n"]:
            errors.append("ginfo %s: coordinates %r for n %r" % (path, info.get("coordinates"), info.get("n")))
    # The same map as from the extract itself (same matrix, same answer, same vertices' places).
    matrix_map = os.path.join(a.work, "graph-from-matrix.geojson")
    report = json.loads(run([tool["gcenter"], dist, "--p-median", "3", "--metrics", "--json", "--geojson",
                             matrix_map]).stdout)
    if report["p_median"]["sites"] != graph_report["p_median"]["sites"] or report["center"] != graph_report["center"]:
        errors.append("the matrix's answer differs from the extract's")
    with open(graph_map) as f:
        whole = json.load(f)
    with open(matrix_map) as f:
        from_matrix = json.load(f)
    errors += ["matrix map: " + e for e in rfc7946_errors(from_matrix)]
    if whole != from_matrix:
        errors.append("the map from %s differs from the extract's" % dist)
    # The Python reader's coordinates are the .co's (millionths of degrees, OpenStreetMap's 1e-7 grid kept).
    gdm = load_gdm_reader()
    m = gdm.GdmFile(dist)
    with open(co) as f:
        xy = [(float(p[2]) / 1e6, float(p[3]) / 1e6) for p in (line.split() for line in f) if p and p[0] == "v"]
    if m.lon_lat is None or len(m.lon_lat) != len(xy) or \
            max(max(abs(m.lon_lat[i][0] - x), abs(m.lon_lat[i][1] - y)) for i, (x, y) in enumerate(xy)) > 1e-9:
        errors.append("python reader: lon_lat differs from %s" % co)
    # A route from the matrix's next hops between two places (snapped to vertices there) against the
    # extract's route between the same vertices.
    routes = {}
    for name, src, part in (("matrix", dist, []), ("extract", monaco, ["--largest-component", "strong"])):
        out = os.path.join(a.work, "route-%s.geojson" % name)
        run([tool["gpath"], src, "--places", places, "--snap", "vertex", "--from", "Clinic 2", "--to", "Clinic 3",
             "--max-snap", "2000", "--geojson", out] + part)
        with open(out) as f:
            doc = json.load(f)
        errors += ["%s route: %s" % (name, e) for e in rfc7946_errors(doc)]
        routes[name] = [f for f in doc["features"] if f["properties"]["kind"] == "route"][0]
    rm, re_ = routes["matrix"], routes["extract"]
    if not math.isclose(rm["properties"]["distance"], re_["properties"]["distance"], rel_tol=1e-12):
        errors.append("route length from the matrix %r, from the extract %r" %
                      (rm["properties"]["distance"], re_["properties"]["distance"]))
    ends = lambda f: (f["geometry"]["coordinates"][0], f["geometry"]["coordinates"][-1])
    if ends(rm) != ends(re_):
        errors.append("the routes from the matrix and the extract end at other vertices")
    # A matrix written without coordinates says so rather than drawing nothing.
    plain = os.path.join(a.work, "plain.gdm")
    run([tool["gapsp"], graph, plain])
    p = subprocess.run([tool["gcenter"], plain, "--p-median", "3", "--geojson", os.path.join(a.work, "x.geojson")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 2 or "keeps no coordinates" not in p.stderr:
        errors.append("gcenter on a matrix without coordinates: exit %d, %r" % (p.returncode, p.stderr))
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--apps", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    monaco = os.path.join(a.data, "osm", "monaco.osm.gz")
    if not os.path.exists(monaco):
        print("skip: no %s" % monaco)
        return SKIP
    os.makedirs(a.work, exist_ok=True)
    gapsp, gcenter, gpath = (os.path.join(a.apps, t) for t in ("gapsp", "gcenter", "gpath"))
    # The validator itself: it must refuse what RFC 7946 refuses.
    bad = [{"type": "FeatureCollection", "features": [], "crs": {}},
           {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
                                                       "geometry": {"type": "LineString", "coordinates": [[0, 0]]}}]},
           {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
                                                       "geometry": {"type": "Point", "coordinates": [200, 0]}}]}]
    for doc in bad:
        assert rfc7946_errors(doc), doc
    rng = random.Random(24)
    places = os.path.join(a.work, "clinics.csv")
    with open(places, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["name", "lat", "lon", "weight"])
        for i in range(30):
            w.writerow(["Clinic %d" % i, "%.6f" % rng.uniform(43.728, 43.745), "%.6f" % rng.uniform(7.412, 7.435),
                        rng.randint(1, 50)])
    probe = subprocess.run([gapsp, monaco, os.path.join(a.work, "t.csv"), "--places", places, "--max-snap", "2000"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if probe.returncode != 0 and ("nanoflann" in probe.stderr or "libosmium" in probe.stderr):
        print("skip: " + probe.stderr.strip())
        return SKIP
    if probe.returncode != 0:
        sys.exit("FAIL: gapsp --places\n" + probe.stderr)
    with open(os.path.join(a.work, "t.csv")) as f:
        rows = list(csv.reader(f))
    names = rows[0][1:]
    table = {(r[0], names[j]): float(r[j + 1]) for r in rows[1:] for j in range(len(names))}
    # Siting: 5 sites among the clinics, demand weights from the CSV.
    site_map = os.path.join(a.work, "sites.geojson")
    report = json.loads(run([gcenter, monaco, "--places", places, "--p-median", "5", "--max-snap", "2000", "--json",
                             "--geojson", site_map]).stdout)
    with open(site_map) as f:
        doc = json.load(f)
    errors = rfc7946_errors(doc)
    features = doc["features"]
    sites = [f for f in features if f["properties"]["kind"] == "site"]
    lines = [f for f in features if f["properties"]["kind"] == "assignment"]
    demands = {f["properties"]["name"]: f for f in features if f["properties"]["kind"] == "demand"}
    if len(sites) != 5:
        errors.append("expected 5 sites, got %d" % len(sites))
    if len(demands) != 30:
        errors.append("expected 30 demands, got %d" % len(demands))
    # The report's sites are the map's (the report's JSON names them under the model).
    text = json.dumps(report)
    for s in sites:
        if s["properties"]["name"] not in text:
            errors.append("site %r is not in the report" % s["properties"]["name"])
    site_at = {s["properties"]["name"]: s["geometry"]["coordinates"] for s in sites}
    total = 0.0
    for line in lines:
        p = line["properties"]
        d, s = p["demand"], p["site"]
        if p["site"] not in site_at:
            errors.append("assignment of %r to %r, which is no site" % (d, s))
            continue
        if line["geometry"]["type"] == "LineString":
            start, end = line["geometry"]["coordinates"]
            if start != demands[d]["geometry"]["coordinates"] or end != site_at[s]:
                errors.append("line of %r does not join its demand to its site" % d)
        # direction out: d(site, demand), the table's row of the site, column of the demand
        want = table[(s, d)]
        if not math.isclose(p["distance"], want, rel_tol=1e-12, abs_tol=1e-9):
            errors.append("distance %r -> %r: map %r, table %r" % (s, d, p["distance"], want))
        total += p["weight"] * p["distance"]
    share = sum(s["properties"]["objective_share"] for s in sites)
    if not math.isclose(share, 1.0, rel_tol=1e-9):
        errors.append("objective shares sum to %r" % share)
    # A covering model: each site's service area, the road segments within the radius.
    cover_map = os.path.join(a.work, "cover.geojson")
    run([gcenter, monaco, "--places", places, "--max-cover", "800", "--p", "3", "--max-snap", "2000",
         "--geojson", cover_map])
    with open(cover_map) as f:
        cover = json.load(f)
    errors += ["cover: " + e for e in rfc7946_errors(cover)]
    areas = [f for f in cover["features"] if f["properties"]["kind"] == "service_area"]
    cover_sites = [f for f in cover["features"] if f["properties"]["kind"] == "site"]
    if len(areas) != len(cover_sites) or not areas:
        errors.append("expected a service area per max-cover site: %d areas, %d sites" % (len(areas), len(cover_sites)))
    for area in areas:
        g, p = area["geometry"], area["properties"]
        if g["type"] != "MultiLineString" or len(g["coordinates"]) != p["segments"] or p["radius"] != 800:
            errors.append("service area of %r: %r segments, radius %r" % (p["site"], p["segments"], p["radius"]))
        # Every segment lies near its site: within the radius as the crow flies (network >= great circle).
        site = [s for s in cover_sites if s["properties"]["name"] == p["site"]][0]["geometry"]["coordinates"]
        for line in g["coordinates"]:
            for lon, lat in line:
                if great_circle(site, (lon, lat)) > 800 + site_snap(cover_sites, p["site"]) + 1e-6:
                    errors.append("service area of %r reaches %r, past 800 m" % (p["site"], (lon, lat)))
                    break
    # The graph's own vertices: the center and periphery (the report's) and every vertex's assignment.
    graph_map = os.path.join(a.work, "graph.geojson")
    graph_report = json.loads(run([gcenter, monaco, "--p-median", "3", "--metrics", "--largest-component", "strong",
                                   "--json", "--geojson", graph_map]).stdout)
    with open(graph_map) as f:
        gdoc = json.load(f)
    errors += ["graph map: " + e for e in rfc7946_errors(gdoc)]
    kinds = {}
    for f in gdoc["features"]:
        kinds.setdefault(f["properties"]["kind"], []).append(f["properties"])
    if sorted(p["vertex"] for p in kinds.get("center", [])) != sorted(str(v) for v in graph_report["center"]):
        errors.append("graph map: center %r, report %r" % (kinds.get("center"), graph_report["center"]))
    if sorted(p["vertex"] for p in kinds.get("site", [])) != sorted(str(v) for v in graph_report["p_median"]["sites"]):
        errors.append("graph map: sites differ from the report's")
    if len(kinds.get("assignment", [])) + len(kinds.get("unserved", [])) != graph_report["n"]:
        errors.append("graph map: %d assignments for %d vertices" % (len(kinds.get("assignment", [])),
                                                                   graph_report["n"]))
    errors += matrix_file_maps(a, monaco, places, graph_map, graph_report)
    # A route between two clinics.
    route_map = os.path.join(a.work, "route.geojson")
    run([gpath, monaco, "--places", places, "--from", "Clinic 0", "--to", "Clinic 1", "--max-snap", "2000",
         "--geojson", route_map])
    with open(route_map) as f:
        route = json.load(f)
    errors += ["route: " + e for e in rfc7946_errors(route)]
    r = [f for f in route["features"] if f["properties"]["kind"] == "route"][0]["properties"]
    if not math.isclose(r["distance"], table[("Clinic 0", "Clinic 1")], rel_tol=1e-9):
        errors.append("route length %r, table %r" % (r["distance"], table[("Clinic 0", "Clinic 1")]))
    if errors:
        print("\n".join("FAIL: " + e for e in errors))
        return 1
    print("ok: %d features (5 sites, 30 demands, %d assignment lines), route %.1f m" %
          (len(features), len(lines), r["distance"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
