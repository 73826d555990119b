#!/bin/bash
# OpenStreetMap read memory (issue #24's target: memory proportional to the
# kept ways, not to the file): Andorra grown two ways by bench/osm_pad.py,
# with buildings no profile keeps (the file grows, the kept ways do not) and
# with its roads repeated (the kept ways grow), each read by gconvert (car,
# length) and by `osmium cat -f opl` beside it; peak RSS from /usr/bin/time,
# the kept arcs from gconvert --json.
#   bench/osm_memory.sh APPS_DIR [EXTRACT]    (PADS="10 40", ROADS="4 16")
set -euo pipefail
APPS=$1
X=${2:-$(dirname "$0")/../../shared/data/osm/andorra.osm.pbf}
PADS=${PADS:-10 40}
ROADS=${ROADS:-4 16}
HERE=$(cd "$(dirname "$0")" && pwd)
command -v osmium > /dev/null || { echo "osm_memory: osmium (Debian osmium-tool) is missing" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "# $(date -u +%FT%TZ) $(hostname), $(nproc) cores; peak RSS MiB and wall s (best of 3)"
printf '%-16s %9s %9s %11s %12s %9s %12s %9s\n' file MiB nodes kept_arcs gconvert_MiB wall_s osmium_MiB wall_s
osmium cat "$X" -f opl -o "$TMP/x.opl" --overwrite
measure() {  # name pbf
  local best_ours=9 best_osm=9 rss_ours=0 rss_osm=0 t arcs
  for _ in 1 2 3; do
    t=$( { TIMEFORMAT=%R; time /usr/bin/time -f "%M" -o "$TMP/rss" "$APPS/gconvert" "$2" "$TMP/roads.gr" -q; } 2>&1)
    best_ours=$(echo "$t $best_ours" | awk '{print ($1 < $2 ? $1 : $2)}')
    rss_ours=$(cat "$TMP/rss")
    t=$( { TIMEFORMAT=%R; time /usr/bin/time -f "%M" -o "$TMP/rss" osmium cat "$2" -f opl -o "$TMP/all.opl" --overwrite; } 2>&1)
    best_osm=$(echo "$t $best_osm" | awk '{print ($1 < $2 ? $1 : $2)}')
    rss_osm=$(cat "$TMP/rss")
  done
  arcs=$(awk '/^p /{print $4}' "$TMP/roads.gr")
  printf '%-16s %9.1f %9s %11s %12.1f %9s %12.1f %9s\n' "$1" "$(stat -c %s "$2" | awk '{print $1 / 1048576}')" \
    "$(osmium fileinfo -e -g data.count.nodes "$2")" "$arcs" "$(echo "$rss_ours" | awk '{print $1 / 1024}')" \
    "$best_ours" "$(echo "$rss_osm" | awk '{print $1 / 1024}')" "$best_osm"
}
measure "$(basename "$X")" "$X"
for f in $PADS; do
  python3 "$HERE/osm_pad.py" "$TMP/x.opl" "$TMP/p.opl" --pad "$f"
  osmium cat "$TMP/p.opl" -o "$TMP/pad$f.osm.pbf" --overwrite
  measure "buildings x$f" "$TMP/pad$f.osm.pbf"
done
for r in $ROADS; do
  python3 "$HERE/osm_pad.py" "$TMP/x.opl" "$TMP/r.opl" --roads "$r"
  osmium cat "$TMP/r.opl" -o "$TMP/roads$r.osm.pbf" --overwrite
  measure "roads x$r" "$TMP/roads$r.osm.pbf"
done
