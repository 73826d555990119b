#!/bin/bash
# The scale work's call on two H200s (#13): build, then mpirun -np 2 gapsp
# --backend gpu (one rank per GPU, the distributed schedule on the GPU tile
# kernels) against one process on one GPU and against the CPU: bytes on fresh
# graphs, then the n = 65,536 int32 timing of one H200 vs two in the same call.
set -u
source "$(dirname "$0")/device_scale_lib.sh"
note "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name --format=csv,noheader | tr '\n' ' ') $(nproc) cores"
nvidia-smi topo -m > "$OUT/topo.txt" 2>&1
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGDIST_BUILD_BENCH=OFF -DGDIST_BUILD_TESTS=OFF > "$OUT/build.log" 2>&1 &&
  cmake --build "$B" -j 32 --target gapsp >> "$OUT/build.log" 2>&1
rc=$?
note "build rc=$rc at $(( $(date +%s) - START )) s; $(grep 'gdist:' "$OUT/build.log" | tr '\n' ' ')"
[ $rc -eq 0 ] || { tail -30 "$OUT/build.log"; exit 1; }
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none NCCL_NVLS_ENABLE=0
MPI="mpirun --allow-run-as-root --oversubscribe -np 2 -x OMP_NUM_THREADS=8"
C=$OUT/check.txt
for spec in "3000 neg int32" "2500 pos float32" "5000 pos int32"; do
  set -- $spec
  gen $1 /tmp/c.gr $2
  "$B/apps/gapsp" -q --backend cpu --type $3 /tmp/c.gr /tmp/cpu.gdm
  timeout 120 $MPI "$B/apps/gapsp" --backend gpu --type $3 /tmp/c.gr /tmp/mgpu.gdm >> $C 2>&1
  cmp /tmp/cpu.gdm /tmp/mgpu.gdm && echo "n=$1 $2 $3: 2 GPU ranks == cpu, bytes identical" >> $C
done
note "correctness:"; cat $C | tee -a "$S"
gen 65536 /tmp/g.gr pos
T=$OUT/timing.txt
"$B/apps/gapsp" --backend gpu /tmp/g.gr --metrics /tmp/m1.json >> $T 2>&1
timeout 200 $MPI "$B/apps/gapsp" --backend gpu --progress /tmp/g.gr --metrics /tmp/m2.json > $OUT/progress2.txt 2>&1
grep -v progress $OUT/progress2.txt >> $T; grep "rank 0" $OUT/progress2.txt | awk 'NR % 64 == 0' >> $T
cmp /tmp/m1.json /tmp/m2.json && echo "n=65536: metrics identical" >> $T
note "n=65536, one H200 then two (at $(( $(date +%s) - START )) s):"; cat $T | tee -a "$S"
