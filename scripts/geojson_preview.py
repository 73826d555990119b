#!/usr/bin/env python3
"""A quick look at a gdist map without a GIS: draws a GeoJSON FeatureCollection
(gcenter --places --geojson, gpath --geojson) as SVG, over the road network of a
DIMACS .gr with its .co (gconvert region.osm.pbf roads.gr writes both), and as PNG
through rsvg-convert when the output name ends in .png. Made for
docs/pictures/andorra_sites.png; QGIS, kepler.gl or geopandas read the GeoJSON
itself.
  scripts/geojson_preview.py MAP.geojson OUT.svg|OUT.png [--roads ROADS.gr]   (Debian's python3)"""
import argparse
import html
import json
import math
import os
import subprocess
import tempfile

# Colours by feature kind (the properties gdist writes, docs/CLI.md).
STYLE = {"service_area": ("#9ecae1", 3.0), "assignment": ("#636363", 0.8), "snap": ("#bdbdbd", 0.8),
         "route": ("#e6550d", 3.0)}


def read_roads(gr):
    co = os.path.splitext(gr)[0] + ".co"
    xy, arcs = {}, []
    with open(co) as f:
        for line in f:
            t = line.split()
            if t and t[0] == "v":
                xy[t[1]] = (float(t[2]) / 1e6, float(t[3]) / 1e6)
    with open(gr) as f:
        for line in f:
            t = line.split()
            if t and t[0] == "a":
                arcs.append((xy[t[1]], xy[t[2]]))
    return arcs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("geojson")
    ap.add_argument("out")
    ap.add_argument("--roads")
    ap.add_argument("--width", type=int, default=900)
    a = ap.parse_args()
    with open(a.geojson) as f:
        features = json.load(f)["features"]
    roads = read_roads(a.roads) if a.roads else []
    pts = [p for f in features for p in flatten(f["geometry"])]
    lon0, lon1 = min(p[0] for p in pts), max(p[0] for p in pts)
    lat0, lat1 = min(p[1] for p in pts), max(p[1] for p in pts)
    pad = 0.08 * max(lon1 - lon0, lat1 - lat0)
    lon0, lon1, lat0, lat1 = lon0 - pad, lon1 + pad, lat0 - pad, lat1 + pad
    # Equirectangular at the map's middle latitude: right shapes at a town's or a valley's scale.
    k = math.cos(math.radians((lat0 + lat1) / 2))
    scale = a.width / ((lon1 - lon0) * k)
    height = int((lat1 - lat0) * scale) + 1

    def xy(p):
        return "%.1f,%.1f" % ((p[0] - lon0) * k * scale, (lat1 - p[1]) * scale)

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">' % (a.width, height),
           '<rect width="100%" height="100%" fill="white"/>']
    for p, q in roads:
        if lon0 <= p[0] <= lon1 and lat0 <= p[1] <= lat1:
            out.append('<polyline points="%s %s" stroke="#d9d9d9" stroke-width="1" fill="none"/>' % (xy(p), xy(q)))
    order = {"service_area": 0, "assignment": 1, "snap": 1, "route": 2, "demand": 3, "unserved": 3, "place": 4,
             "site": 5}
    for f in sorted(features, key=lambda f: order.get(f["properties"].get("kind"), 9)):
        g, props = f["geometry"], f["properties"]
        kind = props.get("kind")
        lines = {"LineString": [g["coordinates"]], "MultiLineString": g["coordinates"]}.get(g["type"], [])
        colour, width = STYLE.get(kind, ("#000000", 1.0))
        for line in lines:
            out.append('<polyline points="%s" stroke="%s" stroke-width="%s" fill="none"/>' %
                       (" ".join(xy(p) for p in line), colour, width))
        if g["type"] == "Point":
            x, y = xy(g["coordinates"]).split(",")
            if kind == "site":
                out.append('<circle cx="%s" cy="%s" r="8" fill="#d62728" stroke="black"/>' % (x, y))
                out.append('<text x="%.1f" y="%s" font-family="sans-serif" font-size="13">%s</text>' %
                           (float(x) + 10, y, html.escape(props.get("name", ""))))
            elif kind in ("demand", "place", "unserved"):
                r = 2 + 4 * math.sqrt(props.get("weight", 1) / max(1, max_weight(features)))
                out.append('<circle cx="%s" cy="%s" r="%.1f" fill="%s" stroke="white"/>' %
                           (x, y, r, "#3182bd" if kind != "unserved" else "#000000"))
    out.append("</svg>")
    svg = "\n".join(out) + "\n"
    if a.out.endswith(".png"):
        with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False) as t:
            t.write(svg)
        subprocess.run(["rsvg-convert", "-o", a.out, t.name], check=True)
        os.unlink(t.name)
    else:
        with open(a.out, "w") as f:
            f.write(svg)


def flatten(g):
    if g["type"] == "Point":
        return [g["coordinates"]]
    if g["type"] == "LineString":
        return g["coordinates"]
    return [p for line in g["coordinates"] for p in line]


def max_weight(features):
    return max((f["properties"].get("weight", 1) for f in features if f["properties"].get("kind") == "demand"),
               default=1)


if __name__ == "__main__":
    main()
