#!/usr/bin/env bash
# Snap distances on Andorra, --snap vertex against --snap arc (bench/results/osm.md):
# 30 places within 300 m of random junctions (seeded), then the median and largest
# snap metres of each mode from gapsp's --snapped file.
# Usage: bench/places_snap.sh BUILD_DIR DATA_DIR WORK_DIR
set -euo pipefail
build="$1" data="$2" work="$3"
mkdir -p "$work" && cd "$work"
pbf="$data/osm/andorra.osm.pbf"
# Junctions to place customers beside: the vertices nearest 3000 uniform points.
python3 -c "
import random
random.seed(1)
print('name,lat,lon')
for i in range(3000): print('u%d,%.6f,%.6f' % (i, random.uniform(42.43, 42.66), random.uniform(1.41, 1.79)))
" > grid.csv
"$build/apps/gapsp" "$pbf" g.csv --places grid.csv --snap vertex --snapped gs.csv --max-snap 100000 -q
python3 - <<'PY'
import csv, math, random
random.seed(24)
vs = sorted({(float(r['vertex_lat']), float(r['vertex_lon'])) for r in csv.DictReader(open('gs.csv'))})
rows = ['name,lat,lon']
for i in range(30):
    lat, lon = random.choice(vs)
    r, a = random.uniform(0, 300), random.uniform(0, 2 * math.pi)
    lat += r * math.sin(a) / 111195
    lon += r * math.cos(a) / (111195 * math.cos(math.radians(lat)))
    rows.append('c%d,%.6f,%.6f' % (i, lat, lon))
open('near30.csv', 'w').write('\n'.join(rows) + '\n')
PY
for mode in vertex arc; do
  "$build/apps/gapsp" "$pbf" "t_$mode.csv" --places near30.csv --snap "$mode" --snapped "s_$mode.csv" -q
  python3 -c "
import csv, statistics, sys
d = [float(r['snap_m']) for r in csv.DictReader(open('s_$mode.csv'))]
print('$mode: median %.1f m, largest %.1f m' % (statistics.median(d), max(d)))"
done
