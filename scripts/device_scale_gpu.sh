#!/bin/bash
# Second device call of the scale work (#13): full CUDA build and ctest (the
# GPU out-of-core == CPU tests run here), GPU out of core vs in core on fresh
# random graphs in one call (bytes compared at n = 16384, timings at 32768),
# then the n = 150,000 int32 metrics run (90 GB: does not fit the H100, so it
# runs out of core), cut off before the call's limit. Logs under $OUT.
set -u
source "$(dirname "$0")/device_scale_lib.sh"
note "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1) $(nproc) cores $(free -g | awk '/Mem/{print $2}') GiB"
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGDIST_BUILD_BENCH=OFF > "$OUT/build.log" 2>&1 &&
  cmake --build "$B" -j 16 >> "$OUT/build.log" 2>&1
rc=$?
note "build rc=$rc at $(( $(date +%s) - START )) s"
[ $rc -eq 0 ] || { tail -40 "$OUT/build.log"; exit 1; }
(cd "$B" && timeout 200 ctest -j 8 --output-on-failure > "$OUT/ctest.log" 2>&1)
note "ctest rc=$?: $(grep -E 'tests passed' "$OUT/ctest.log") skipped: $(grep -c 'Skipped' "$OUT/ctest.log")"
grep -E '\*\*\*(Failed|Timeout|Exception)' "$OUT/ctest.log" | head -20 | tee -a "$S"
grep -E 'GpuOutOfCore|BackendChoice' "$OUT/ctest.log" | grep -E 'Passed|Failed' | tee -a "$S"

# Random directed graph, 8 arcs per vertex, weights 1..1000, fresh seed.
G=/tmp/gapsp-run.txt
gen 16384 /tmp/g16.gr
"$B/apps/gapsp" --backend gpu /tmp/g16.gr /tmp/in16.gdm >> $G 2>&1
"$B/apps/gapsp" --backend gpu --device-memory 512M --progress /tmp/g16.gr /tmp/ooc16.gdm >> $G 2>&1
"$B/apps/gapsp" --backend cpu /tmp/g16.gr /tmp/cpu16.gdm >> $G 2>&1
cmp /tmp/in16.gdm /tmp/ooc16.gdm && cmp /tmp/cpu16.gdm /tmp/ooc16.gdm && echo "n=16384: gpu out-of-core == gpu in-core == cpu, bytes identical" >> $G
rm -f /tmp/*16.gdm
gen 32768 /tmp/g32.gr
for rep in 1 2; do
  "$B/apps/gapsp" --backend gpu /tmp/g32.gr --metrics /tmp/m_in.json >> $G 2>&1
  "$B/apps/gapsp" --backend gpu --device-memory 3G --progress /tmp/g32.gr --metrics /tmp/m_ooc.json >> $G 2>&1
  cmp /tmp/m_in.json /tmp/m_ooc.json && echo "n=32768 rep $rep: metrics identical" >> $G
done
note "GPU out of core vs in core:"; cat $G | tee -a "$S"
left=$(( 585 - ($(date +%s) - START) ))
note "n=150000: $left s left in the call"
gen 150000 /tmp/g150.gr
t0=$(date +%s)
timeout $(( left - 15 )) "$B/apps/gapsp" --timings --progress /tmp/g150.gr --metrics /tmp/m150.json > "$OUT/n150k.txt" 2>&1
note "n=150000 rc=$? wall $(( $(date +%s) - t0 )) s (graph generated at $(( t0 - START )) s)"
cat "$OUT/n150k.txt" | tee -a "$S"
head -c 600 /tmp/m150.json >> "$S" 2>/dev/null
