#!/bin/bash
# The lead's last device call of a session, in one script: the Release build
# with CUDA and the whole ctest suite with the GPU present (the GPU tests CI
# skips run here, on fresh random seeds), and the CPU-only AddressSanitizer +
# UndefinedBehaviorSanitizer build of the suite (scripts/sanitize.sh's
# configuration) on the machine's 16 cores. Data from .device/shared/data
# (carried; real-data tests skip without it). Logs under $OUT.
set -u
OUT=${OUT:-$PWD/device-out}
mkdir -p "$OUT"
S=$OUT/summary.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
DATA="$PWD/.device/shared/data"
note "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1) $(nproc) cores"
t0=$(date +%s)
# Both at once (8 jobs each): scripts/sanitize.sh (CI's sanitizer job: no CUDA, no bench)
# builds and runs its suite while the Release build and its GPU ctest run.
cmake -S . -B /tmp/gd-rel -G Ninja -DCMAKE_BUILD_TYPE=Release -DGDIST_WERROR=ON -DGDIST_SHARED_DATA="$DATA" \
  > "$OUT/rel.log" 2>&1 && cmake --build /tmp/gd-rel -j 8 >> "$OUT/rel.log" 2>&1 &
rel=$!
GDIST_SANITIZE_BUILD=/tmp/gd-san GDIST_SANITIZE_JOBS=8 bash scripts/sanitize.sh -G Ninja -DGDIST_SHARED_DATA="$DATA" \
  > "$OUT/san.log" 2>&1 &
san=$!
wait $rel; relrc=$?
note "release build rc=$relrc in $(( $(date +%s) - t0 )) s"
[ $relrc -eq 0 ] || tail -30 "$OUT/rel.log" | tee -a "$S"
if [ $relrc -eq 0 ]; then
  (cd /tmp/gd-rel && GDIST_SEED=$RANDOM timeout 200 ctest -j 8 --output-on-failure > "$OUT/ctest.log" 2>&1)
  note "ctest (GPU present) rc=$?: $(grep -E 'tests passed' "$OUT/ctest.log")"
  grep -E '\*\*\*(Failed|Timeout|Exception)|Failed\s*$' "$OUT/ctest.log" | head -20 | tee -a "$S"
  note "GPU tests: $(grep -cE 'Test +#[0-9]+: [A-Za-z]*(Gpu|GPU|gpu)[^ ]* \.+ +Passed' "$OUT/ctest.log") passed, $(grep -cE '(Gpu|GPU|gpu)[^ ]* \.+\*+Skipped' "$OUT/ctest.log") skipped"
fi
wait $san; sanrc=$?
note "sanitizer build + ctest (scripts/sanitize.sh) rc=$sanrc at $(( $(date +%s) - t0 )) s: $(grep -E 'tests passed' "$OUT/san.log")"
grep -E '\*\*\*(Failed|Timeout|Exception)' "$OUT/san.log" | head -20 | tee -a "$S"
grep -E 'ERROR: AddressSanitizer|runtime error:|LeakSanitizer' "$OUT/san.log" | sort | uniq -c | head -20 | tee -a "$S"
