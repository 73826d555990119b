#!/bin/bash
# OpenStreetMap read speed (issue #24's target: reading a PBF at least as fast
# as `osmium cat` of the same file to OPL): gconvert's two-pass road read
# (ways, then the kept ways' nodes; the graph written as a small CSV) against
# `osmium cat FILE -f opl` (Debian osmium-tool), interleaved in one run, each
# timed by bash (wall seconds, ms resolution) and /usr/bin/time (peak RSS).
# Scratch files go to a
# temporary folder that is removed at the end.
#   bench/osm_read.sh APPS_DIR [EXTRACT...]     (ROUNDS=15 by default)
set -euo pipefail
APPS=$1
shift
EXTRACTS=("$@")
[ ${#EXTRACTS[@]} -gt 0 ] || EXTRACTS=("$(dirname "$0")/../../shared/data/osm/andorra.osm.pbf")
ROUNDS=${ROUNDS:-15}
command -v osmium > /dev/null || { echo "osm_read: osmium (Debian osmium-tool) is missing" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "# $(date -u +%FT%TZ) $(hostname), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "# osmium-tool $(osmium --version | head -1 | awk '{print $NF}'), $ROUNDS rounds interleaved; best and median wall s, peak RSS MiB"
printf '%-22s %-28s %9s %9s %9s\n' extract command best_s median_s rss_MiB
stats() {  # file of "wall rss_kb" lines -> best median rss_MiB
  sort -n "$1" | awk '{w[NR]=$1; r=($2>r?$2:r)} END {printf "%9.4f %9.4f %9.1f\n", w[1], w[int((NR+1)/2)], r/1024}'
}
for x in "${EXTRACTS[@]}"; do
  : > "$TMP/ours" && : > "$TMP/osmium"
  run() {  # log command...: appends "wall_s rss_kb"
    local log=$1 t
    shift
    t=$( { TIMEFORMAT=%R; time /usr/bin/time -f "%M" -o "$TMP/rss" "$@"; } 2>&1)
    echo "$t $(cat "$TMP/rss")" >> "$log"
  }
  for ((i = 0; i < ROUNDS; i++)); do
    run "$TMP/ours" "$APPS/gconvert" "$x" "$TMP/roads.csv" -q
    run "$TMP/osmium" osmium cat "$x" -f opl -o "$TMP/all.opl" --overwrite
  done
  printf '%-22s %-28s %s\n' "$(basename "$x")" "gconvert X roads.csv" "$(stats "$TMP/ours")"
  printf '%-22s %-28s %s\n' "$(basename "$x")" "osmium cat X -f opl" "$(stats "$TMP/osmium")"
done
