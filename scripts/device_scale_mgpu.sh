#!/bin/bash
# The scale work's call on several H200s of one host (#13): build (with NCCL
# when the machine has it), then mpirun -np NP gapsp --backend gpu (one rank
# per GPU: the graph path, tiles resident on each GPU, panels by NCCL)
# against one CPU process on fresh graphs (matrix bytes and metrics), the
# host-staged MPI path and the 2D grid over a matrix file too; then the
# timing of one H200 against NP at n = N_TIME in the same call; then, when
# N_BIG is set, the metrics run at n = N_BIG on NP GPUs; last the GPU
# out-of-core tests. Every step under a timeout; logs under $OUT.
# NP=2 N_TIME=65536 scripts/device_scale_mgpu.sh; NP=4 N_BIG=200000 ...
set -u
source "$(dirname "$0")/device_scale_lib.sh"
NP=${NP:-2}
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'; }
N_TIME=${N_TIME:-65536}
N_BIG=${N_BIG:-}
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
note "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name --format=csv,noheader | sort | uniq -c | tr '\n' ' ') $(nproc) cores"
nvidia-smi topo -m > "$OUT/topo.txt" 2>&1
NCCL_ROOT=$(python3 -c 'import nvidia.nccl, os; print(os.path.dirname(nvidia.nccl.__file__))' 2>/dev/null)
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGDIST_BUILD_BENCH=OFF -DNCCL_ROOT="$NCCL_ROOT" \
  > "$OUT/build.log" 2>&1 && timeout 300 cmake --build "$B" -j 32 --target gapsp gconvert >> "$OUT/build.log" 2>&1
rc=$?
note "build rc=$rc at $(( $(date +%s) - START )) s; $(grep 'gdist: \(CUDA\|MPI\|NCCL\)' "$OUT/build.log" | tr '\n' ' ')"
[ $rc -eq 0 ] || { tail -30 "$OUT/build.log"; exit 1; }
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
MPI="mpirun --allow-run-as-root --oversubscribe -np $NP -x OMP_NUM_THREADS=8 -x NCCL_NVLS_ENABLE -x TORCH_SYMM_MEM_DISABLE_MULTICAST -x NVSHMEM_DISABLE_NVLS"
C=$OUT/check.txt
# n, weights, type, extra environment
SPECS=${SPECS:-"3000 neg int32 -;2500 pos float32 -;5000 pos int32 -;3000 neg int32 GDIST_NO_NCCL=1"}
IFS=';' read -ra specs <<< "$SPECS"
for spec in "${specs[@]}"; do
  set -- $spec
  gen $1 /tmp/c.gr $2
  env=""; [ "$4" != "-" ] && env="-x $4"
  "$B/apps/gapsp" -q --backend cpu --type $3 /tmp/c.gr /tmp/cpu.gdm --metrics /tmp/cpu.json
  timeout 120 $MPI $env "$B/apps/gapsp" --backend gpu --type $3 /tmp/c.gr /tmp/mgpu.gdm >> $C 2>&1
  timeout 120 $MPI $env "$B/apps/gapsp" -q --backend gpu --type $3 /tmp/c.gr --metrics /tmp/mgpu.json >> $C 2>&1
  cmp /tmp/cpu.gdm /tmp/mgpu.gdm && cmp /tmp/cpu.json /tmp/mgpu.json &&
    echo "n=$1 $2 $3 $4: $NP GPU ranks == cpu, matrix bytes and metrics identical" >> $C
done
# A matrix file in: the 2D grid over the loaded matrix.
gen 3000 /tmp/c.gr neg
"$B/apps/gconvert" -q /tmp/c.gr /tmp/adj.gdm && "$B/apps/gapsp" -q --backend cpu /tmp/adj.gdm /tmp/cpu.gdm
timeout 120 $MPI "$B/apps/gapsp" --backend gpu /tmp/adj.gdm /tmp/mgpu.gdm >> $C 2>&1
cmp /tmp/cpu.gdm /tmp/mgpu.gdm && echo "n=3000 neg matrix file (2D grid): $NP GPU ranks == cpu, bytes identical" >> $C
note "correctness:"; grep -v "^progress" $C | tee -a "$S"

T=$OUT/timing.txt
timed() {  # label, command...: the command's lines and its wall clock into $T
  local label=$1 t0; shift; t0=$(date +%s.%N)
  timeout 200 "$@" >> $T 2>&1
  echo "$label: rc $? wall $(since $t0) s" >> $T
}
gen $N_TIME /tmp/g.gr pos
timed "one H200, int32" "$B/apps/gapsp" --backend gpu --element-bits 32 /tmp/g.gr --metrics /tmp/m1.json
timed "one H200, auto width" "$B/apps/gapsp" --backend gpu /tmp/g.gr --metrics /tmp/m1a.json
for np in $(echo 2 $NP | tr ' ' '\n' | sort -un); do
  for rep in 1 2; do
    timed "$np H200 rep $rep" ${MPI/-np $NP/-np $np} "$B/apps/gapsp" --backend gpu /tmp/g.gr --metrics /tmp/m2.json
    cmp /tmp/m1.json /tmp/m2.json && cmp /tmp/m1a.json /tmp/m2.json && echo "n=$N_TIME: metrics identical" >> $T
  done
done
note "n=$N_TIME, one H200 then more (at $(( $(date +%s) - START )) s):"; cat $T | tee -a "$S"

if [ -n "$N_BIG" ]; then
  left=$(( 530 - ($(date +%s) - START) ))
  gen $N_BIG /tmp/big.gr pos
  note "n=$N_BIG on $NP GPUs: $left s left, graph made at $(( $(date +%s) - START )) s"
  t0=$(date +%s.%N)
  timeout $(( left > 30 ? left - 20 : 10 )) $MPI "$B/apps/gapsp" --backend gpu --json /tmp/big.gr --metrics /tmp/mbig.json > "$OUT/big.txt" 2>&1
  note "rc=$? wall $(since $t0) s"; cat "$OUT/big.txt" | tee -a "$S"
  head -c 700 /tmp/mbig.json | tee -a "$S"; echo
fi

left=$(( ${END:-560} - ($(date +%s) - START) ))
if [ $left -gt 120 ]; then
  timeout $(( left - 60 )) cmake --build "$B" -j 32 --target test_gpu >> "$OUT/build.log" 2>&1 &&
    timeout 50 "$B/tests/test_gpu" --gtest_filter='GpuOutOfCore*:*Progress*' > "$OUT/test_gpu.txt" 2>&1
  note "test_gpu rc=$?: $(grep -E '^\[ *(OK|FAILED|PASSED) ' "$OUT/test_gpu.txt" | tr '\n' ' ')"
  # The in-core engine's per-round progress as gapsp prints it.
  gen 32768 /tmp/p.gr pos
  timeout 30 "$B/apps/gapsp" --backend gpu --element-bits 32 --progress /tmp/p.gr --metrics /tmp/p.json > "$OUT/progress.txt" 2>&1
  note "gapsp --progress, one GPU in core, n = 32768:"; tail -4 "$OUT/progress.txt" | tee -a "$S"
else
  note "test_gpu: skipped, $left s left"
fi
note "done at $(( $(date +%s) - START )) s"
