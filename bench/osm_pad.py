#!/usr/bin/python3
"""Grow an OpenStreetMap extract two ways, for bench/osm_memory.sh (issue #24: reading uses
memory proportional to the kept ways, not to the file):

    osm_pad.py IN.opl OUT.opl --pad F     F x the extract's nodes added as buildings (closed
                                          5-node ways tagged building=yes, which no profile keeps)
    osm_pad.py IN.opl OUT.opl --roads R   the extract's highway ways and their nodes R times over
                                          (fresh ids, shifted 0.5 degrees north per copy): R x
                                          the kept ways

IN.opl: `osmium cat X -f opl`. OUT.opl keeps OPL's order (nodes, ways, relations, each by id);
`osmium cat OUT.opl -o OUT.osm.pbf` makes the PBF."""
import argparse
import random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inp")
    ap.add_argument("out")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--pad", type=int)
    g.add_argument("--roads", type=int)
    a = ap.parse_args()
    nodes, ways, rels = [], [], []
    for line in open(a.inp):
        (nodes if line[0] == "n" else ways if line[0] == "w" else rels).append(line.rstrip("\n"))
    # Field values as OPL writes them: x (lon), y (lat), T (tags), N (node refs).
    def fields(line):
        return {f[0]: f[1:] for f in line.split(" ")}
    xy = {}
    for line in nodes:
        f = fields(line)
        if f.get("x"):
            xy[int(f["n"])] = (float(f["x"]), float(f["y"]))
    next_node = max(xy) + 1
    next_way = max(int(fields(w)["w"]) for w in ways) + 1
    extra_nodes, extra_ways = [], []
    rng = random.Random(24)
    west, east = min(p[0] for p in xy.values()), max(p[0] for p in xy.values())
    south, north = min(p[1] for p in xy.values()), max(p[1] for p in xy.values())
    if a.pad:
        for _ in range(a.pad * len(nodes) // 5):  # a building: 4 corners and the first again
            lon, lat = rng.uniform(west, east), rng.uniform(south, north)
            ids = []
            for dx, dy in ((0, 0), (1e-4, 0), (1e-4, 1e-4), (0, 1e-4), (0, 5e-5)):
                extra_nodes.append("n%d x%.7f y%.7f" % (next_node, lon + dx, lat + dy))
                ids.append(next_node)
                next_node += 1
            ring = ",".join("n%d" % i for i in ids + ids[:1])
            extra_ways.append("w%d Tbuilding=yes N%s" % (next_way, ring))
            next_way += 1
    else:
        roads = [w for w in ways if "highway=" in fields(w).get("T", "")]
        for copy in range(1, a.roads):
            new_id = {}
            for w in roads:
                f = fields(w)
                refs = [int(r[1:]) for r in f["N"].split(",") if r]
                out = []
                for r in refs:
                    if r not in xy:
                        continue  # a node missing from the extract stays missing
                    if r not in new_id:
                        new_id[r] = next_node
                        lon, lat = xy[r]
                        extra_nodes.append("n%d x%.7f y%.7f" % (next_node, lon, lat + 0.5 * copy))
                        next_node += 1
                    out.append("n%d" % new_id[r])
                extra_ways.append("w%d T%s N%s" % (next_way, f["T"], ",".join(out)))
                next_way += 1
    with open(a.out, "w") as o:
        for block in (nodes, extra_nodes, ways, extra_ways, rels):
            for line in block:
                o.write(line + "\n")


if __name__ == "__main__":
    main()
