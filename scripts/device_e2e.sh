#!/bin/bash
# Short device call: only the end-to-end file-to-file timing of issue #3
# (build gapsp and the input writer, then cat / dd / gapsp on the same bytes).
set -u
B=${BUILD_DIR:-/tmp/gdist-build}
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release > /tmp/cfg.log 2>&1 &&
  cmake --build "$B" -j 16 --target gapsp gpu_fw_bench > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
n=${E2E_N:-16384}
"$B/bench/gpu_fw_bench" --write-gdm /tmp/e2e_in.gdm "$n" > /dev/null 2>&1
sync
secs() { local t0=$(date +%s.%N); "$@" > /dev/null 2>&1; awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.3f", b-a}'; }
for i in 1 2 3; do
  echo "round $i: cat $(secs sh -c 'cat /tmp/e2e_in.gdm > /dev/null') s; dd+fsync $(secs dd if=/tmp/e2e_in.gdm of=/tmp/e2e_copy.gdm bs=16M conv=fsync status=none) s; gapsp $(secs "$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm --backend gpu) s"
  rm -f /tmp/e2e_copy.gdm
done
"$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm --backend gpu
