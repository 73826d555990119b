#!/bin/bash
# Device call of the scale work (#13): full CUDA build of this checkout, the
# whole ctest suite with the GPU present, then CPU out of core vs in core on
# the device's 16 cores (same binary, same input, one call), bytes compared.
# Run from the repo root on the GPU machine; logs under $OUT.
set -u
source "$(dirname "$0")/device_scale_lib.sh"
note "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1) $(nproc) cores"
t0=$(date +%s)
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGDIST_BUILD_BENCH=OFF > "$OUT/build.log" 2>&1 &&
  cmake --build "$B" -j 16 >> "$OUT/build.log" 2>&1
rc=$?
note "build rc=$rc in $(( $(date +%s) - t0 )) s; $(grep 'gdist:' "$OUT/build.log" | tr '\n' ' ')"
[ $rc -eq 0 ] || { tail -40 "$OUT/build.log"; exit 1; }
(cd "$B" && timeout 300 ctest -j 8 --output-on-failure > "$OUT/ctest.log" 2>&1)
note "ctest rc=$?: $(grep -E 'tests passed' "$OUT/ctest.log") skipped: $(grep -c 'Skipped' "$OUT/ctest.log")"
grep -E '\*\*\*(Failed|Timeout|Exception)' "$OUT/ctest.log" | head -20 | tee -a "$S"

# CPU out of core vs in core, 16 threads, a fresh random graph (n = 8192, 8 arcs per vertex).
gen 8192 /tmp/g.gr
for rep in 1 2; do
  "$B/apps/gapsp" --backend cpu /tmp/g.gr /tmp/in.gdm >> "$OUT/cpu_ooc.txt" 2>&1
  "$B/apps/gapsp" --backend cpu --memory-limit 64M /tmp/g.gr /tmp/ooc.gdm >> "$OUT/cpu_ooc.txt" 2>&1
  cmp /tmp/in.gdm /tmp/ooc.gdm && echo "rep $rep: bytes identical" >> "$OUT/cpu_ooc.txt"
done
"$B/apps/gapsp" --backend gpu /tmp/g.gr /tmp/gpu.gdm >> "$OUT/cpu_ooc.txt" 2>&1
cmp /tmp/in.gdm /tmp/gpu.gdm && echo "gpu in-core == cpu: bytes identical" >> "$OUT/cpu_ooc.txt"
note "CPU out of core vs in core (n=8192, 16 threads):"; cat "$OUT/cpu_ooc.txt" | tee -a "$S"
