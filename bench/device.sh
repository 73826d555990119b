#!/bin/bash
# The device harness: every device call of the project, one parameterised
# script. Run from the repository root (on the GPU machine, or here for the
# CPU-only tasks); data from .device/shared/data (git-ignored, carried) or
# DATA=...; build in $PWD/build-dev (Ninja, Release, -Werror); logs and a
# summary under $OUT. Tasks run in the order given, each under its timeouts;
# the build step builds the union of the targets the tasks need (all of them
# with the task "build"). gapsp runs that time or compare Floyd-Warshall on a
# graph file say --algorithm fw: the plan would pick trees for some of them.
#   bench/device.sh TASK[,TASK...]        e.g. bench/device.sh build,ctest,fw
#   bench/device.sh list                  the tasks, one line each
# Environment: OUT (default ./device-out), B (build folder, default
# $PWD/build-dev), DATA, JOBS (build jobs, default nproc), GDIST_SEED (default
# fresh), and per task the variables its line names.
# Replaces the one-off device scripts (scripts/device_*.sh,
# scripts/{gpu,metrics,precision}_device_run.sh, bench/siting_lagrangian_gpu.sh):
# bench/README.md maps each old name to its task.
set -u
TASKS=${1:-list}
ROOT=$PWD
OUT=${OUT:-$ROOT/device-out}
B=${B:-$ROOT/build-dev}
DATA=${DATA:-$ROOT/.device/shared/data}
JOBS=${JOBS:-$(nproc)}
START=$(date +%s)
mkdir -p "$OUT"
S=$OUT/summary.txt

describe() {
  cat <<'EOF'
build        configure and build every target (Ninja, Release, -Werror, GDIST_SHARED_DATA=$DATA; NCCL when present)
ctest        the whole ctest suite with the GPU present, fresh GDIST_SEED; counts of GPU tests passed/skipped
sanitize     scripts/sanitize.sh (CI's ASan+UBSan suite, no CUDA) in $B-san, beside the others
fw           GPU Floyd-Warshall: ptxas registers/spills (build log), SASS instruction mix of MinPlusTileKernel,
             test_gpu, NTHU output hashes on the GPU, compute-sanitizer memcheck/racecheck (gapsp c01.1/c05.1,
             gpu_fw_bench --variants n=300), then gpu_fw_bench (BENCH_ARGS)
ncu          Nsight Compute on one phase-3 MinPlusTileKernel launch at n = 8192
paths        paths_bench --backend gpu (twice, and --min-weight 0), memcheck NextHop.GpuRoutesEqualCpuRoutes,
             racecheck gapsp --paths on c05.1 and rome99
e2e          file to file at n = E2E_N (16384): cat, dd+fsync, gapsp --backend gpu x3, --timings, --paths;
             with E2E_BASE (a tree, e.g. .device/base) that tree's gapsp beside each round (files compared)
e2e65        #27's n = 65536 from a graph file: an unweighted random graph (E2E65_N = 65536, 12 arcs per vertex,
             fresh seed) through gapsp --backend gpu x2 (--json) and once with --timings (read, then the arcs
             copied and the adjacency built on the device), beside BASE's gapsp (default .device/base) x2; dd of
             the 16-bit file's bytes with fsync; sampled rows of the two files compared; test_gpu GpuArcs*
metrics      GpuMetrics tests, test_metrics, memcheck/racecheck GpuMetrics.MappedMatrixFile, gcenter n = 16384 and
             32768 --backend cpu/gpu/auto (JSON and CSV identical), gapsp --metrics n = 6000 cpu/gpu, metrics_bench
precision    test_gpu, test_engine, gapsp ca-GrQc --json gpu/cpu (16-bit) and --element-bits 32 (bytes compared),
             precision_bench --random 32768 and ca-GrQc x 65536, 16 bits vs 32 in one run
siting       siting GPU tests, memcheck/racecheck of the gain table, siting_large n = 32768 gpu,cpu (2 cores),
             gcenter g32k --p-median / --p-center / --max-cover gpu vs cpu (2 cores)
gap32k       #26's proof target: gcenter --p-median 50 --exact --time-limit 60 --backend gpu (all cores) on the
             n = 32768 dense and geometric families (siting_make_matrix, fresh seed): objective, bound, gap, time
lagrangian   the GPU Lagrangian pass: its tests, siting_lagrangian_gpu on six instances, gcenter NY --candidates
             1000 --p-median 10 gpu vs cpu
cpu-ooc      CPU out of core vs in core (n = 8192, --memory-limit 64M, twice, bytes compared), GPU in-core == CPU
gpu-ooc      GPU out of core vs in core: n = 16384 bytes (and == CPU), n = 32768 metrics twice; then the
             n = 150000 int32 metrics run to the call's limit (CALL_S, default 585)
gpu-ooc16    #27's GPU out of core in 16 bits: test_gpu GpuOutOfCore.* and GpuDevice.Int16*; an unweighted random
             graph (OOC16_N = 16384, 12 arcs per vertex, fresh seed) through gapsp --backend gpu --device-memory
             OOC16_DEV (512M) --json (element_bits, precision_reason, backend_note) == gapsp --backend cpu in core,
             bytes compared; then OOC16_REPS (2) timings of that out-of-core run, 16 bits (auto) against
             --element-bits 32, same budget, metrics compared
mgpu         NP GPUs of one host (NP=2): mpirun gapsp graph path (SPECS) and 2D grid == CPU; one GPU vs NP at
             n = N_TIME (65536); N_BIG metrics run when set; GPU out-of-core tests and --progress
mgpu16       #27's distributed 16 bits: NP GPU ranks (NP=2; with fewer GPUs the ranks share them, MPI exchange)
             on graphs the proof puts in 16 bits (SPECS16: "N unit|pos ENV;...", 12 unit arcs per vertex or 8 arcs
             of weight 1..1000) and their matrix files (2D grid): element_bits (--json) 16 as one GPU's, bytes and
             metrics == one GPU == CPU, --element-bits 32 == one process's 32-bit file; then one GPU 16-bit vs
             NP GPUs at n = N_TIME (65536, unit arcs), REPS16 (2) runs each: apsp_s, wall, metrics compared
sparse-gpu   bench/sparse_gpu_race.sh (GPU multi-source BFS vs CPU trees on NY)
sparse-sssp  bench/sparse_gpu_sssp_race.sh (GPU weighted trees on NY-w and rome99)
plan         bench/plan_check.sh (each plan's estimate beside the measured run)
road         the road hierarchy on weighted NY, FLA and NE: contraction (gconvert --to ch), gcenter G.gch
             (summary and --eccentricities), the NE 10k x 10k table on the CPU and the GPU (bytes compared),
             road_metrics_bench (PHAST bounds vs Dijkstra bounds, answers compared), GpuPhast tests
e2e-only     the short end-to-end call: builds gapsp and gpu_fw_bench only, then e2e
road2        issue #23's 2-core targets on two of the machine's cores (taskset -c 0,1, -j 2): contraction of
             weighted NY and NE, gcenter NY-w.gch --per-vertex (every source's row), NY-w every eccentricity, the
             NE-w summary (diameter, radius, center, 1-median)
phast-lanes  #23's CPU sweep on two cores (taskset -c 0,1): road_bench on weighted NY built with 64- and
             128-byte PHAST lines (the other width) (rows then scans against the line scans, answers compared), then
             gcenter NY-w.gch --per-vertex on 2 cores (every row; PHAST_BASE=TREE: also that tree's) and with
             --backend gpu, CSVs compared
e2e16        16-bit files end to end (#27): an unweighted random graph (E2E16_N = 32768, 12 arcs per vertex,
             fresh seed) through gapsp --backend gpu x3 (a 16-bit file) beside the BASE tree's gapsp (BASE, default
             .device/base: its int32 file) x3, --element-bits 32 x1, dd of the file sizes with fsync; values compared;
             test_gpu, test_matrix, the SixteenBit tools test
nyw-median   #26's target: weighted NY (scripts/weight_edges.py), 1000 random candidates (seed 2026), p = 10,
             --exact: the GPU (-j 16), the CPU on 16 threads and on two cores (taskset -c 0,1, -j 2); objective,
             bound, optimal and sites of each, and whether the sites agree
f32same      float32 GPU == CPU byte for byte (#27): test_gpu GpuDevice.Float32*; 4 fresh random float graphs
             (n = 3000, 4097 with negative arcs, 6000 with -0.0 arcs, 8000; 8 arcs per vertex, weights with 3
             decimals read as float32, vertices without in-arcs) through gapsp --backend gpu and cpu of this tree
             and of F32_BASE (default .device/base-head), outputs compared with cmp; apsp_s of each, twice,
             interleaved with the base's (the 5% rule of #27)
tables       #23's sources x targets tables (a table .gdm) on every route and backend, files compared with cmp:
             rome99 and weighted NY (2000 x 3000) by the saved hierarchy on the CPU and the GPU, the trees on the
             CPU and the GPU, Floyd-Warshall (rome99); gcenter T.gdm --p-median 10 on both backends (sites compared)
EOF
}
if [ "$TASKS" = list ]; then describe; exit 0; fi
known=$(describe | awk '/^[a-z]/ {print $1}')
for t in ${TASKS//,/ }; do
  grep -qx -- "$t" <<< "$known" || { echo "device.sh: unknown task '$t' (bench/device.sh list)" >&2; exit 2; }
done

: > "$S"
note() { echo "$*" | tee -a "$S"; }
has() { [[ ",$TASKS," == *",$1,"* ]]; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }
timed() {  # timed LABEL CMD...: "LABEL: S s (rc R)"
  local label=$1 t0; shift; t0=$(now)
  "$@"; local rc=$?
  echo "$label: $(since "$t0") s (rc $rc)"
}
gtest_line() { grep -E '^\[  (PASSED|FAILED|SKIPPED) |FAILED  \]' "$1" | tr '\n' ' '; }
# build_base SOURCE SUFFIX TARGET: an earlier tree's TARGET in $B-SUFFIX (log build-SUFFIX.log), one note.
build_base() {
  { cmake -S "$1" -B "$B-$2" -G Ninja -DCMAKE_BUILD_TYPE=Release &&
      timeout 400 cmake --build "$B-$2" -j "$JOBS" --target "$3"; } > "$OUT/build-$2.log" 2>&1
  note "base build ($1) rc=$?"
}
# csan TOOL SECONDS LOG LABEL CMD...: compute-sanitizer (memcheck, racecheck) under a timeout, one line.
csan() {
  local tool=$1 secs=$2 log=$3 label=$4; shift 4
  timeout "$secs" compute-sanitizer --tool "$tool" --error-exitcode 9 "$@" > "$log" 2>&1
  note "$label rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|MISMATCH|^\[  (PASSED|FAILED) ' "$log" | tr '\n' ' ')"
}
ctest_summary() {  # LOG
  note "ctest: $(grep -E 'tests passed' "$1") skipped: $(grep -c 'Skipped' "$1")"
  grep -E '\*\*\*(Failed|Timeout|Exception)|Failed\s*$' "$1" | head -20 | tee -a "$S"
}
# gen N FILE [pos|neg]: a random DIMACS digraph, 8 arcs per vertex, weights
# 1..1000, fresh seed; neg: plus potentials (negative arcs, no negative cycle).
gen() { python3 - "$1" "$RANDOM" "${3:-pos}" > "$2" <<'PY'
import sys, numpy as np
n = int(sys.argv[1]); rng = np.random.default_rng(int(sys.argv[2])); neg = sys.argv[3] == "neg"; m = 8 * n
u = rng.integers(1, n + 1, m); v = rng.integers(1, n + 1, m); w = rng.integers(1, 1001, m)
if neg:
    p = rng.integers(0, 400, n + 1); w = w + p[u] - p[v]
k = u != v
sys.stdout.write(f"p sp {n} {k.sum()}\n")
np.savetxt(sys.stdout, np.stack([u[k], v[k], w[k]], 1), fmt="a %d %d %d")
PY
}
# gen_unweighted N SEED: a random DIMACS digraph, 12 unit arcs out of every vertex (#27's 16-bit graphs).
gen_unweighted() { python3 - "$1" "$2" <<'PY'
import sys
import numpy as np
n, seed = int(sys.argv[1]), int(sys.argv[2])
rng = np.random.default_rng(seed)
src = np.repeat(np.arange(1, n + 1), 12)
dst = rng.integers(1, n + 1, size=src.size)
sys.stdout.write(f"p sp {n} {src.size}\n")
np.savetxt(sys.stdout, np.stack([src, dst], 1), fmt="a %d %d 1")
PY
}
export GDIST_SEED=${GDIST_SEED:-$RANDOM}
GPU=$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null | sort | uniq -c | tr -s ' ' | tr '\n' ' ')
note "== $(date -u +%FT%TZ) tasks $TASKS; ${GPU:-no GPU}; $(nproc) cores, $(free -g | awk '/Mem/{print $2}') GiB; GDIST_SEED=$GDIST_SEED"

# ---- build: the union of the targets the tasks need ("all" with the task build).
targets=()
want() { targets+=("$@"); }
has fw && want gapsp test_gpu gpu_fw_bench
has ncu && want gpu_fw_bench
has paths && want gapsp paths_bench test_paths
has e2e && want gapsp gpu_fw_bench
has e2e-only && want gapsp gpu_fw_bench
has e2e65 && want gapsp test_gpu
has e2e16 && want gapsp gconvert gcenter gpath ginfo test_matrix test_report test_gpu
has f32same && want gapsp test_gpu
has tables && want gconvert gapsp gcenter
has metrics && want test_gpu test_metrics metrics_bench gcenter gapsp siting_make_matrix
has precision && want test_gpu test_engine precision_bench gapsp
has siting && want test_siting siting_large siting_make_matrix gcenter
has lagrangian && want test_siting siting_lagrangian_gpu gcenter
has gap32k && want siting_make_matrix gcenter
has nyw-median && want gcenter
has cpu-ooc && want gapsp
has gpu-ooc && want gapsp
has gpu-ooc16 && want gapsp test_gpu
has mgpu && want gapsp gconvert test_gpu
has mgpu16 && want gapsp gconvert
has sparse-gpu && want test_gpu test_sparse sparse_gpu_bench gcenter gapsp
has sparse-sssp && want test_gpu test_sparse sparse_gpu_sssp_bench gcenter gapsp
has plan && want gapsp gcenter
has road && want gconvert gapsp gcenter road_metrics_bench test_gpu test_road
has road2 && want gconvert gcenter
has phast-lanes && want gconvert gcenter road_bench
if has build || has ctest; then targets=(all); fi
if ((${#targets[@]})); then
  t0=$(now)
  NCCL_ROOT=${NCCL_ROOT:-$(python3 -c 'import nvidia.nccl, os; print(os.path.dirname(nvidia.nccl.__file__))' 2>/dev/null)}
  extra=()
  # ptxas's register and spill counts for the fw task (the build log shows them).
  has fw && extra+=(-DCMAKE_CUDA_FLAGS="-Xptxas -v")
  { cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGDIST_WERROR=ON -DGDIST_SHARED_DATA="$DATA" \
      ${NCCL_ROOT:+-DNCCL_ROOT="$NCCL_ROOT"} "${extra[@]}" &&
    timeout 540 cmake --build "$B" -j "$JOBS" --target $(printf '%s\n' "${targets[@]}" | sort -u); } > "$OUT/build.log" 2>&1
  rc=$?
  note "build (${targets[*]}) rc=$rc in $(since "$t0") s; $(grep 'gdist: \(CUDA\|MPI\|NCCL\)' "$OUT/build.log" | tr '\n' ' ')"
  [ $rc -eq 0 ] || { tail -40 "$OUT/build.log"; exit 1; }
fi

# ---- sanitize starts first and runs beside the rest (8 jobs; SAN_JOBS=16 when it runs alone).
if has sanitize; then
  GDIST_SANITIZE_BUILD="$B-san" GDIST_SANITIZE_JOBS=${SAN_JOBS:-8} bash scripts/sanitize.sh -G Ninja -DGDIST_SHARED_DATA="$DATA" \
    > "$OUT/san.log" 2>&1 &
  san=$!
fi

if has ctest; then
  (cd "$B" && timeout 300 ctest -j 8 --output-on-failure > "$OUT/ctest.log" 2>&1)
  note "ctest (GPU present) rc=$?"
  ctest_summary "$OUT/ctest.log"
  note "GPU tests: $(grep -cE 'Test +#[0-9]+: [A-Za-z]*(Gpu|GPU|gpu)[^ ]* \.+ +Passed' "$OUT/ctest.log") passed, $(grep -cE '(Gpu|GPU|gpu)[^ ]* \.+\*+Skipped' "$OUT/ctest.log") skipped"
  grep -E 'GpuOutOfCore|BackendChoice' "$OUT/ctest.log" | grep -E 'Passed|Failed' >> "$OUT/ctest_ooc.txt"
fi

if has fw; then
  note "ptxas MinPlusTileKernel: $(grep -A2 'MinPlusTileKernel' "$OUT/build.log" | grep -E 'registers|spill' | tr -s ' ' | tr '\n' ' ' | head -c 600)"
  obj=$(find "$B" -name 'fw_device.cu.o' | head -1)
  cuobjdump -sass "$obj" > "$OUT/sass.txt" 2>&1
  for k in IiE IfE IsE; do
    f=$(grep -n "Function : .*MinPlusTileKernel${k}" "$OUT/sass.txt" | head -1)
    note "sass MinPlusTileKernel<$k>: $(awk -v start="${f%%:*}" 'NR>start && /Function :/{exit} NR>start' "$OUT/sass.txt" |
      grep -oE 'VIADDMNMX[.A-Z0-9]*|FMNMX|FADD|LDS[.0-9A-Z]*|LDL|STL|LDGSTS[.A-Z0-9]*|BAR.SYNC' | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
  done
  timeout 240 "$B/tests/test_gpu" > "$OUT/test_gpu.log" 2>&1
  note "test_gpu rc=$? $(gtest_line "$OUT/test_gpu.log")"
  ok=0; bad=0; tried=""
  for f in "$DATA"/nthu-apsp/c* "$DATA"/nthu-apsp/p*; do
    name=$(basename "$f")
    w=$(awk -v n="$name.out" '$2==n{print $1}' "$DATA/nthu-apsp/EXPECTED_OUTPUT_SHA256.txt")
    [ -n "$w" ] || continue
    timeout 60 "$B/apps/gapsp" "$f" /tmp/nthu.out --to nthu --algorithm fw --backend gpu >> "$OUT/nthu.log" 2>&1
    if [ "$(sha256sum /tmp/nthu.out | cut -d' ' -f1)" == "$w" ]; then ok=$((ok+1)); else bad=$((bad+1)); tried="$tried $name"; fi
    rm -f /tmp/nthu.out
  done
  note "nthu hashes: $ok identical, $bad differ:$tried"
  # Every run is time-limited: a tool that serialises blocks could hang the
  # dataflow schedule that gpu_fw_bench --variants also runs.
  for tool in memcheck racecheck; do
    for f in c01.1 c05.1; do  # c01.1 runs the 16-bit mode, c05.1 int32 (80 vertices)
      csan $tool 90 /tmp/sanitize.log "compute-sanitizer $tool $f" "$B/apps/gapsp" "$DATA/nthu-apsp/$f" /tmp/s.out \
        --to nthu --algorithm fw --backend gpu
      cat /tmp/sanitize.log >> "$OUT/sanitize_fw.log"
    done
    csan $tool 120 /tmp/sanitize.log "compute-sanitizer $tool gpu_fw_bench n=300 (all schedules and types)" \
      "$B/bench/gpu_fw_bench" --sizes 300 --reps 1 --variants
    cat /tmp/sanitize.log >> "$OUT/sanitize_fw.log"
  done
  timeout 300 "$B/bench/gpu_fw_bench" ${BENCH_ARGS:-} > "$OUT/gpu_fw_bench.log" 2>&1
  note "gpu_fw_bench ${BENCH_ARGS:-} rc=$?"
  cat "$OUT/gpu_fw_bench.log" >> "$S"
fi

if has ncu; then
  # One phase-3 launch (kRest of round 10, int32, look-ahead schedule) at n=8192.
  timeout 300 ncu --clock-control none -k regex:MinPlusTileKernel --launch-skip 33 --launch-count 1 \
    --section SpeedOfLight --section SchedulerStats --section WarpStateStats --section Occupancy \
    --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section LaunchStats \
    "$B/bench/gpu_fw_bench" --sizes 8192 --reps 1 --baseline-max 0 > "$OUT/ncu.txt" 2>&1
  note "ncu rc=$? $(grep -E 'Duration|Issue Slots Busy|Issued Ipc Active|No Eligible|Achieved Occupancy|Registers Per|Stall' "$OUT/ncu.txt" | tr -s ' ' | head -12 | tr '\n' ';')"
fi

if has paths; then
  for rep in 1 2; do
    timeout 120 "$B/bench/paths_bench" --backend gpu 16384:5 16384:64 8192:819 >> "$OUT/paths_bench.txt" 2>&1
  done
  timeout 120 "$B/bench/paths_bench" --backend gpu --min-weight 0 16384:5 8192:819 >> "$OUT/paths_bench.txt" 2>&1
  note "paths_bench (gpu; twice, then --min-weight 0):"; tee -a "$S" < "$OUT/paths_bench.txt"
  csan memcheck 300 "$OUT/memcheck_paths.log" "memcheck next-hop" "$B/tests/test_paths" \
    --gtest_filter='NextHop.GpuRoutesEqualCpuRoutes'
  # racecheck instruments every shared access: small graphs through gapsp keep it short.
  csan racecheck 120 "$OUT/racecheck_paths.log" "racecheck gapsp --paths c05.1 (BFS rule, zero weights)" \
    "$B/apps/gapsp" -q --algorithm fw --backend gpu --paths "$DATA/nthu-apsp/c05.1" /tmp/rc.gdm
  csan racecheck 120 "$OUT/racecheck_paths2.log" "racecheck gapsp --paths rome99 (positive rule)" \
    "$B/apps/gapsp" -q --algorithm fw --backend gpu --paths "$DATA/dimacs9/rome99.gr" /tmp/rc.gdm
fi

if has e2e || has e2e-only; then
  # End to end, file to file (issue #3): against reading and writing the same bytes.
  n=${E2E_N:-16384}
  E2E_BASE_APP=
  if [ -n "${E2E_BASE:-}" ] && [ -d "$E2E_BASE" ]; then
    build_base "$E2E_BASE" base gapsp
    [ -x "$B-base/apps/gapsp" ] && E2E_BASE_APP=$B-base/apps/gapsp
  fi
  "$B/bench/gpu_fw_bench" --write-gdm /tmp/e2e_in.gdm "$n" > "$OUT/e2e.log" 2>&1
  sync
  for i in 1 2 3; do
    { timed "round $i: read only (cat)" sh -c 'cat /tmp/e2e_in.gdm > /dev/null'
      timed "round $i: copy with fsync, same size (dd)" dd if=/tmp/e2e_in.gdm of=/tmp/e2e_copy.gdm bs=16M conv=fsync status=none
      rm -f /tmp/e2e_copy.gdm
      timed "round $i: gapsp --backend gpu total" "$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm --backend gpu
      [ -n "$E2E_BASE_APP" ] && timed "round $i: base gapsp --backend gpu total" "$E2E_BASE_APP" /tmp/e2e_in.gdm \
        /tmp/e2e_base.gdm --backend gpu; } 2>&1 | tee -a "$S"
  done
  [ -n "$E2E_BASE_APP" ] && note "e2e: this tree's file vs the base's: $(cmp -s /tmp/e2e_out.gdm /tmp/e2e_base.gdm &&
    echo IDENTICAL || echo DIFFER)"
  rm -f /tmp/e2e_base.gdm
  "$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm --backend gpu --timings >> "$OUT/e2e.log" 2>&1
  note "e2e n=$n --timings: $(grep -E 'gpu timing|gapsp:' "$OUT/e2e.log" | tr -s ' ' | tr '\n' ';')"
  timed "e2e n=$n gapsp --backend gpu --paths" timeout 120 "$B/apps/gapsp" /tmp/e2e_in.gdm /tmp/e2e_out.gdm \
    --backend gpu --paths 2>&1 | tee -a "$S"
fi

if has e2e16; then
  # #27: the whole process against the kernel, the read and a dd of the same bytes.
  n=${E2E16_N:-32768}
  BASE=${BASE:-$ROOT/.device/base}
  D=/tmp/e2e16
  mkdir -p $D
  seed=${GDIST_SEED:-$(date +%s)}
  gen_unweighted "$n" "$seed" > $D/u.gr
  note "e2e16: unweighted random n=$n, 12 arcs per vertex, seed $seed"
  timeout 200 "$B/tests/test_gpu" > "$OUT/test_gpu.log" 2>&1
  note "test_gpu rc=$? $(gtest_line "$OUT/test_gpu.log")"
  timeout 200 "$B/tests/test_matrix" > "$OUT/test_matrix.log" 2>&1
  note "test_matrix rc=$? $(gtest_line "$OUT/test_matrix.log")"
  timeout 200 "$B/tests/test_report" --gtest_filter='SixteenBit*' > "$OUT/test_report.log" 2>&1
  note "test_report SixteenBit* rc=$? $(gtest_line "$OUT/test_report.log")"
  if [ -d "$BASE" ]; then
    build_base "$BASE" base gapsp
  fi
  sync
  for i in 1 2 3; do
    timed "round $i: gapsp --backend gpu (this tree, 16-bit file)" "$B/apps/gapsp" $D/u.gr $D/d16.gdm --backend gpu \
      --algorithm fw -q --json 2>&1 | tee -a "$S"
    [ -x "$B-base/apps/gapsp" ] && timed "round $i: gapsp --backend gpu (base tree)" "$B-base/apps/gapsp" $D/u.gr \
      $D/dbase.gdm --backend gpu --algorithm fw -q --json 2>&1 | tee -a "$S"
  done
  timed "gapsp --element-bits 32 (this tree)" "$B/apps/gapsp" $D/u.gr $D/d32.gdm --backend gpu --algorithm fw \
    --element-bits 32 -q --json 2>&1 | tee -a "$S"
  ls -l $D/*.gdm | tee -a "$S"
  for f in d16 d32; do
    bytes=$(stat -c %s $D/$f.gdm)
    timed "dd of $bytes bytes with fsync" dd if=$D/$f.gdm of=$D/copy bs=16M conv=fsync status=none 2>&1 | tee -a "$S"
    rm -f $D/copy
  done
  timed "cat of the graph file" sh -c "cat $D/u.gr > /dev/null" 2>&1 | tee -a "$S"
  python3 - $D/d16.gdm $D/d32.gdm $D/dbase.gdm <<'PY' 2>&1 | tee -a "$S"
import sys
import numpy as np
sys.path.insert(0, "python")
import gdist
files = [gdist.open(p) for p in sys.argv[1:] if __import__("os").path.exists(p)]
ref = files[1]
for f in files:
    same = True
    for r in range(0, f.n, 1024):  # blocks of rows: the whole matrix as float64 would be 8 GiB
        a, b = np.asarray(f.matrix[r:r + 1024]), np.asarray(ref.matrix[r:r + 1024])
        reach_a, reach_b = a < f.inf, b < ref.inf
        same &= bool(np.array_equal(reach_a, reach_b) and np.array_equal(a[reach_a], b[reach_b]))
    print(f"values {f.path} ({f.dtype}) == {ref.path}: {same}")
PY
  rm -f $D/*.gdm
fi

if has e2e65; then
  # #27: reading and building at n = 65536 from a graph file (target <= 1 s), the whole process beside the base.
  n=${E2E65_N:-65536}
  BASE=${BASE:-$ROOT/.device/base}
  D=/tmp/e2e65
  mkdir -p $D
  seed=${GDIST_SEED:-$(date +%s)}
  gen_unweighted "$n" "$seed" > $D/u.gr
  note "e2e65: unweighted random n=$n, 12 arcs per vertex, seed $seed"
  timeout 200 "$B/tests/test_gpu" --gtest_filter='GpuArcs*' > "$OUT/e2e65_test_gpu.log" 2>&1
  note "test_gpu GpuArcs* rc=$? $(gtest_line "$OUT/e2e65_test_gpu.log")"
  [ -d "$BASE" ] && build_base "$BASE" base gapsp
  sync
  for i in 1 2; do
    timed "round $i: gapsp --backend gpu (this tree)" "$B/apps/gapsp" $D/u.gr $D/d16.gdm --backend gpu \
      --algorithm fw -q --json 2>&1 | tee -a "$S"
    if [ -x "$B-base/apps/gapsp" ]; then
      timed "round $i: gapsp --backend gpu (base tree)" "$B-base/apps/gapsp" $D/u.gr $D/dbase.gdm --backend gpu \
        --algorithm fw -q --json 2>&1 | tee -a "$S"
      [ $i -eq 1 ] && rm -f $D/dbase.gdm  # the disk: keep one base file at a time
    fi
  done
  "$B/apps/gapsp" $D/u.gr $D/d16t.gdm --backend gpu --algorithm fw --timings > "$OUT/e2e65_timings.log" 2>&1
  note "e2e65 --timings: $(grep -E 'gpu|read|gapsp:' "$OUT/e2e65_timings.log" | tr -s ' ' | tr '\n' ';')"
  rm -f $D/d16t.gdm
  ls -l $D/*.gdm | tee -a "$S"
  bytes=$(stat -c %s $D/d16.gdm)
  timed "dd of $bytes bytes with fsync" dd if=$D/d16.gdm of=$D/copy bs=16M conv=fsync status=none 2>&1 | tee -a "$S"
  rm -f $D/copy
  python3 - $D/d16.gdm $D/dbase.gdm <<'PY' 2>&1 | tee -a "$S"
import os, sys
import numpy as np
sys.path.insert(0, "python")
import gdist
if not os.path.exists(sys.argv[2]):
    sys.exit("e2e65: no base file to compare")
a, b = gdist.open(sys.argv[1]), gdist.open(sys.argv[2])
rng = np.random.default_rng()
rows = sorted(rng.choice(a.n, 256, replace=False).tolist())
same = True
for r in rows:
    x, y = np.asarray(a.matrix[r]), np.asarray(b.matrix[r])
    rx, ry = x < a.inf, y < b.inf
    same &= bool(np.array_equal(rx, ry) and np.array_equal(x[rx], y[ry]))
print(f"e2e65: 256 sampled rows, {a.dtype} file == {b.dtype} base file: {same}")
PY
  rm -f $D/*.gdm
fi

if has f32same; then
  # #27: the CPU engine forms the GPU's sums (lib/testing/fw_device_twin.hpp), so float32 files must be
  # identical; the base tree's pair shows what the comparison catches. apsp_s: the engine alone.
  F32_BASE=${F32_BASE:-$ROOT/.device/base-head}
  D=/tmp/f32same
  mkdir -p $D
  timeout 240 "$B/tests/test_gpu" --gtest_filter='GpuDevice.Float32*' > "$OUT/f32same_test_gpu.log" 2>&1
  note "test_gpu GpuDevice.Float32* rc=$? $(gtest_line "$OUT/f32same_test_gpu.log")"
  if [ -d "$F32_BASE" ]; then
    build_base "$F32_BASE" f32base gapsp
  fi
  apsp_s() { sed -nE 's/.*"apsp_s":([0-9.e+-]+).*/\1/p' "$1"; }
  same() { cmp -s "$1" "$2" && echo IDENTICAL || echo DIFFER; }
  : > $D/times.txt
  for spec in 3000:pos 4097:neg 6000:zeros 8000:pos; do
    n=${spec%%:*} kind=${spec##*:} seed=$RANDOM
    python3 - "$n" "$seed" "$kind" > $D/g.gr <<'PY'
import random, sys
n, seed, kind = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
no_in = set(rng.sample(range(1, n + 1), n // 50))  # unreachable pairs: vertices without in-arcs
heads = [v for v in range(1, n + 1) if v not in no_in]
p = [rng.uniform(0, 40) if kind == "neg" else 0.0 for _ in range(n + 1)]  # potentials: negative arcs, no negative cycle
lines = [f"a {u} {v} {rng.uniform(0.5, 100.5) + p[u] - p[v]:.3f}" for u in range(1, n + 1)
         for v in rng.sample(heads, 8) if u != v]
if kind == "zeros":  # arcs of weight -0.0 (both backends read +0)
    lines += [f"a {u} {rng.choice(heads)} -0.0" for u in rng.sample(range(1, n + 1), n // 20)]
sys.stdout.write(f"p sp {n} {len(lines)}\n" + "\n".join(lines) + "\n")
PY
    times=""
    for rep in 1 2; do
      for tree in base new; do
        app="$B/apps/gapsp"; [ $tree = base ] && app="$B-f32base/apps/gapsp"
        [ -x "$app" ] || continue
        for be in gpu cpu; do
          timeout 120 "$app" $D/g.gr $D/$tree-$be.gdm --type float32 --algorithm fw --backend $be -q --json \
            > $D/$tree-$be.json 2>> "$OUT/f32same.log"
          times="$times $tree-$be=$(apsp_s $D/$tree-$be.json)"
          echo "$n $tree-$be $(apsp_s $D/$tree-$be.json)" >> $D/times.txt
        done
      done
    done
    note "f32same n=$n $kind seed $seed: gpu vs cpu $(same $D/new-gpu.gdm $D/new-cpu.gdm) (base tree:" \
      "$(same $D/base-gpu.gdm $D/base-cpu.gdm)); vs the base's: gpu $(same $D/new-gpu.gdm $D/base-gpu.gdm)," \
      "cpu $(same $D/new-cpu.gdm $D/base-cpu.gdm); apsp_s$times"
    rm -f $D/*.gdm
  done
  # Per side: the sum over the graphs of each graph's best apsp_s, this tree over the base.
  awk '$3 != "" { k = $1 " " $2; if (!(k in best) || $3 < best[k]) best[k] = $3 }
    END { for (k in best) { split(k, f, " "); sum[f[2]] += best[k] }
          for (be in sum) if (be ~ /^new-/) { b = "base-" substr(be, 5)
            if (sum[b] > 0) printf "f32same apsp_s %s: this tree %.3f s, base %.3f s, ratio %.3f\n", substr(be, 5), sum[be], sum[b], sum[be] / sum[b] } }' \
    $D/times.txt | tee -a "$S"
fi

if has metrics; then
  timeout 200 "$B/tests/test_gpu" --gtest_filter='GpuMetrics.*' > "$OUT/test_gpu_metrics.log" 2>&1
  note "test_gpu GpuMetrics.* rc=$? $(grep -E '^seed' "$OUT/test_gpu_metrics.log" | tr '\n' ' ')$(gtest_line "$OUT/test_gpu_metrics.log")"
  timeout 100 "$B/tests/test_metrics" > "$OUT/test_metrics.log" 2>&1
  note "test_metrics rc=$? $(gtest_line "$OUT/test_metrics.log")"
  csan memcheck 150 "$OUT/memcheck_metrics.log" "memcheck GpuMetrics.MappedMatrixFile" "$B/tests/test_gpu" \
    --gtest_filter='GpuMetrics.MappedMatrixFile'
  csan racecheck 100 "$OUT/racecheck_metrics.log" "racecheck GpuMetrics.MappedMatrixFile" "$B/tests/test_gpu" \
    --gtest_filter='GpuMetrics.MappedMatrixFile'
  D=/tmp/metrics-e2e
  mkdir -p $D
  for n in 16384 32768; do
    "$B/bench/siting_make_matrix" $n $D/g.gdm > /dev/null 2>&1
    for be in cpu gpu auto; do
      t0=$(now)
      "$B/apps/gcenter" $D/g.gdm --timings --json --backend $be --per-vertex $D/pv_$be.csv > $D/gc_$be.json 2> $D/gc_$be.err
      note "gcenter n=$n --backend $be rc=$? $(since "$t0") s $(tr '\n' ';' < $D/gc_$be.err | tr -s ' ' | head -c 700)"
    done
    cmp $D/gc_cpu.json $D/gc_gpu.json && cmp $D/pv_cpu.csv $D/pv_gpu.csv && cmp $D/gc_cpu.json $D/gc_auto.json
    note "gcenter n=$n JSON and per-vertex CSV identical cpu/gpu/auto: rc=$?"
    head -c 600 $D/gc_gpu.json > "$OUT/gcenter_$n.json"
    rm -f $D/g.gdm
  done
  python3 - $D/g.gr <<'PY'
import random, sys
random.seed(7); n = 6000; arcs = set()
while len(arcs) < 8 * n:
    u, v = random.randrange(n), random.randrange(n)
    if u != v: arcs.add((u, v))
with open(sys.argv[1], "w") as f:
    f.write(f"p sp {n} {len(arcs)}\n")
    for u, v in sorted(arcs): f.write(f"a {u+1} {v+1} {random.randint(1, 1000)}\n")
PY
  for be in cpu gpu; do
    "$B/apps/gapsp" $D/g.gr $D/d_$be.gdm --algorithm fw --backend $be --metrics $D/m_$be.json > $D/ga_$be.err 2>&1
    note "gapsp n=6000 --backend $be --metrics rc=$? $(head -c 300 $D/ga_$be.err)"
  done
  cmp $D/m_cpu.json $D/m_gpu.json
  note "gapsp --metrics JSON identical cpu/gpu: rc=$?"
  rm -rf $D
  timeout 300 "$B/bench/metrics_bench" ${BENCH_ARGS:-} > "$OUT/metrics_bench.md" 2> "$OUT/metrics_bench.err"
  note "metrics_bench ${BENCH_ARGS:-} rc=$?"
  cat "$OUT/metrics_bench.md" "$OUT/metrics_bench.err" >> "$S"
fi

if has precision; then
  timeout 240 "$B/tests/test_gpu" > "$OUT/test_gpu.log" 2>&1
  note "test_gpu rc=$? $(gtest_line "$OUT/test_gpu.log")"
  timeout 120 "$B/tests/test_engine" > "$OUT/test_engine.log" 2>&1
  note "test_engine rc=$? $(gtest_line "$OUT/test_engine.log")"
  G=$DATA/snap/ca-GrQc.txt.gz
  for be in gpu cpu; do
    "$B/apps/gapsp" "$G" /tmp/grqc_$be.gdm --algorithm fw --backend $be --json > "$OUT/gapsp_$be.json" 2> "$OUT/gapsp_$be.err"
    note "gapsp ca-GrQc --backend $be rc=$? $(cat "$OUT/gapsp_$be.json")"
  done
  cmp /tmp/grqc_gpu.gdm /tmp/grqc_cpu.gdm
  note "gapsp ca-GrQc gpu (16-bit) and cpu (16-bit) outputs identical: rc=$?"
  "$B/apps/gapsp" "$G" /tmp/grqc_32.gdm --algorithm fw --backend cpu --element-bits 32 -q
  # The 16-bit run writes a 16-bit file (docs/FORMAT.md): compare the values through gconvert's npy.
  "$B/apps/gconvert" -q /tmp/grqc_gpu.gdm /tmp/grqc_gpu.npy && "$B/apps/gconvert" -q /tmp/grqc_32.gdm /tmp/grqc_32.npy &&
    cmp /tmp/grqc_gpu.npy /tmp/grqc_32.npy
  note "gapsp ca-GrQc gpu (16-bit file) and cpu --element-bits 32 values identical (npy): rc=$?"
  seed=$(date +%s)
  timeout 200 "$B/bench/precision_bench" --timings --random 32768 --degree 8 --seed $seed --backend gpu --reps 3 \
    > "$OUT/bench_random.log" 2>&1
  note "precision_bench --random 32768 (seed $seed) rc=$?"
  grep -E 'proof|engine|identical|Floyd-Warshall' "$OUT/bench_random.log" | tee -a "$S"
  timeout 300 "$B/bench/precision_bench" --timings --graph "$G" --vertices 65536 --seed $seed --backend gpu --reps 2 \
    > "$OUT/bench_grqc.log" 2>&1
  note "precision_bench ca-GrQc x 65536 (seed $seed) rc=$?"
  grep -E 'graph|proof|engine|identical|Floyd-Warshall' "$OUT/bench_grqc.log" | tee -a "$S"
fi

if has siting; then
  "$B/tests/test_siting" --gtest_filter='Gpu*:*OnGpu*' > "$OUT/siting_gpu.log" 2>&1
  note "siting GPU tests rc=$? $(gtest_line "$OUT/siting_gpu.log")"
  csan memcheck 300 "$OUT/memcheck_siting.log" "memcheck siting" "$B/tests/test_siting" \
    --gtest_filter='GpuGainTable.*:GpuPCenterPasses.*'
  csan racecheck 200 "$OUT/racecheck_siting.log" "racecheck siting" "$B/tests/test_siting" \
    --gtest_filter='GpuGainTable.EqualsTheCpuTableOnInt32'
  timeout 240 taskset -c 0,1 "$B/bench/siting_large" --n 32768 --p 50 --threads 2 --time-limit 5 \
    --backends gpu,cpu > "$OUT/siting_large.txt" 2>&1
  note "siting_large rc=$? (taskset -c 0,1):"; tee -a "$S" < "$OUT/siting_large.txt"
  "$B/bench/siting_make_matrix" 32768 /tmp/g32k.gdm > /dev/null 2>&1
  obj() {  # JSON file, model key
    python3 -c "import json,sys;d=json.load(open(sys.argv[1]))[sys.argv[2]];print('objective',d['objective'],d.get('backend',''))" "$1" "$2"
  }
  for backend in gpu cpu; do
    /usr/bin/time -f "%e s wall, %M KiB max RSS" taskset -c 0,1 "$B/apps/gcenter" /tmp/g32k.gdm --p-median 50 \
      --backend $backend -j 2 --json > "$OUT/gcenter_$backend.json" 2> "$OUT/gcenter_$backend.time"
    note "gcenter g32k --p-median 50 --backend $backend (taskset -c 0,1): $(tail -1 "$OUT/gcenter_$backend.time"); $(obj "$OUT/gcenter_$backend.json" p_median)"
  done
  for backend in gpu cpu; do
    /usr/bin/time -f "%e s wall" taskset -c 0,1 "$B/apps/gcenter" /tmp/g32k.gdm --timings \
      --p-center 50 --backend $backend -j 2 --json > "$OUT/gcenter_pc_$backend.json" 2> "$OUT/gcenter_pc_$backend.time"
    note "gcenter g32k --p-center 50 --backend $backend (taskset -c 0,1): $(tail -1 "$OUT/gcenter_pc_$backend.time"); $(obj "$OUT/gcenter_pc_$backend.json" p_center)"
    grep -E "extremes|radii" "$OUT/gcenter_pc_$backend.time" | tee -a "$S"
    /usr/bin/time -f "%e s wall" taskset -c 0,1 "$B/apps/gcenter" /tmp/g32k.gdm --max-cover 3000 --p 50 \
      --backend $backend -j 2 --json > "$OUT/gcenter_mc_$backend.json" 2> "$OUT/gcenter_mc_$backend.time"
    note "gcenter g32k --max-cover 3000 --p 50 --backend $backend (taskset -c 0,1): $(tail -1 "$OUT/gcenter_mc_$backend.time"); $(obj "$OUT/gcenter_mc_$backend.json" max_cover)"
  done
  rm -f /tmp/g32k.gdm
fi

if has gap32k; then
  for family in dense geometric; do
    "$B/bench/siting_make_matrix" 32768 /tmp/gap32k.gdm "$GDIST_SEED" --family $family > "$OUT/gap32k_make_$family.log" 2>&1
    note "siting_make_matrix 32768 $family seed $GDIST_SEED rc=$?"
    /usr/bin/time -f "%e s wall, %M KiB max RSS" "$B/apps/gcenter" /tmp/gap32k.gdm --p-median 50 --exact \
      --time-limit 60 --backend gpu --json > "$OUT/gap32k_$family.json" 2> "$OUT/gap32k_$family.time"
    note "gcenter $family n=32768 --p-median 50 --exact --time-limit 60 --backend gpu rc=$?: $(tail -1 "$OUT/gap32k_$family.time"); $(python3 -c "import json,sys;d=json.load(open(sys.argv[1]))['p_median'];print('objective',d['objective'],'lower_bound',d.get('lower_bound'),'gap',d.get('gap'),'optimal',d.get('optimal'),d.get('backend',''),'|',d.get('bound_method',''))" "$OUT/gap32k_$family.json" 2>&1)"
    rm -f /tmp/gap32k.gdm
  done
fi

if has lagrangian; then
  timeout 100 "$B/tests/test_siting" --gtest_filter='GpuLagrangian*:DenseLagrangian*:GpuSiting*:GpuGainTable*:GpuPCenterPasses*' \
    > "$OUT/lagrangian_tests.log" 2>&1
  note "lagrangian tests rc=$? $(gtest_line "$OUT/lagrangian_tests.log")"
  lag() {  # name, then the harness's arguments
    local name=$1; shift
    echo "== $name: siting_lagrangian_gpu $*" > "$OUT/lag_$name.log"
    timeout 60 "$B/bench/siting_lagrangian_gpu" "$@" >> "$OUT/lag_$name.log" 2>&1
    echo "rc $?" >> "$OUT/lag_$name.log"
    tee -a "$S" < "$OUT/lag_$name.log"
  }
  lag square_uniform --n 32768 --p 50
  lag rows_uniform --shape rows --rows 1000 --n 264346 --p 20
  lag square_geometric --n 32768 --p 50 --costs geometric --twin-iterations 2
  lag fits_uniform --n 5792 --p 50
  lag rows_geometric --shape rows --rows 1000 --n 264346 --p 20 --costs geometric --twin-iterations 2
  lag square_geometric_8s --n 32768 --p 50 --costs geometric --twin-iterations 1 --time-limit 8
  NY=$DATA/pace2016-roads/NY.gr.gz
  if [ -f "$NY" ]; then
    python3 -c "
import random
random.seed(2026)
print('\n'.join(str(v) for v in random.sample(range(1, 264347), 1000)))" > /tmp/cand.txt
    for be in gpu cpu; do
      t0=$(now)
      timeout 90 "$B/apps/gcenter" "$NY" --candidates /tmp/cand.txt --p-median 10 --backend $be -j 16 --json \
        > "$OUT/ny_$be.json" 2> "$OUT/ny_$be.err"
      rc=$?
      note "gcenter NY --candidates (1000) --p-median 10 --backend $be: rc $rc wall $(since "$t0") s $(python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))['p_median']
print({k: r.get(k) for k in ('objective', 'lower_bound', 'gap', 'optimal', 'bound_method', 'backend')})" "$OUT/ny_$be.json" 2>&1)"
    done
  fi
fi

if has nyw-median; then
  # #26: one proven answer on every backend; <= 10 s with the H100, <= 60 s on 2 cores.
  NY=$DATA/pace2016-roads/NY.gr.gz
  python3 scripts/weight_edges.py "$NY" /tmp/NY-w.gr
  python3 -c "
import random
random.seed(2026)
print('\n'.join(str(v) for v in random.sample(range(1, 264347), 1000)))" > /tmp/cand-w.txt
  for run in gpu:16 cpu:16 cpu:2; do
    be=${run%%:*} j=${run##*:} pin=""
    [ "$j" = 2 ] && pin="taskset -c 0,1"
    t0=$(now)
    timeout 300 $pin "$B/apps/gcenter" /tmp/NY-w.gr --undirected --candidates /tmp/cand-w.txt --p-median 10 --exact \
      --backend $be -j $j --json -q > "$OUT/nyw_${be}_$j.json" 2> "$OUT/nyw_${be}_$j.err"
    rc=$?
    note "gcenter NY-w --candidates 1000 --p-median 10 --exact --backend $be -j $j: rc $rc wall $(since "$t0") s $(python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))['p_median']
print({k: r.get(k) for k in ('objective', 'lower_bound', 'gap', 'optimal', 'bound_method')}, 'sites', sorted(r['sites']))" \
      "$OUT/nyw_${be}_$j.json" 2>&1 | tail -1)"
  done
  note "nyw-median sites agree: $(python3 -c "
import json, sys
s = [sorted(json.load(open(f))['p_median']['sites']) for f in sys.argv[1:]]
print(all(x == s[0] for x in s))" "$OUT"/nyw_*.json 2>&1 | tail -1)"
fi

if has cpu-ooc; then
  # CPU out of core vs in core, all threads, a fresh random graph (n = 8192, 8 arcs per vertex).
  C=$OUT/cpu_ooc.txt
  gen 8192 /tmp/g.gr
  for rep in 1 2; do
    timed "rep $rep in core" "$B/apps/gapsp" --algorithm fw --backend cpu /tmp/g.gr /tmp/in.gdm >> $C 2>&1
    timed "rep $rep out of core (--memory-limit 64M)" "$B/apps/gapsp" --algorithm fw --backend cpu --memory-limit 64M /tmp/g.gr /tmp/ooc.gdm >> $C 2>&1
    cmp /tmp/in.gdm /tmp/ooc.gdm && echo "rep $rep: bytes identical" >> $C
  done
  "$B/apps/gapsp" --algorithm fw --backend gpu /tmp/g.gr /tmp/gpu.gdm >> $C 2>&1
  cmp /tmp/in.gdm /tmp/gpu.gdm && echo "gpu in-core == cpu: bytes identical" >> $C
  note "CPU out of core vs in core (n=8192, $(nproc) threads):"; tee -a "$S" < $C
  rm -f /tmp/in.gdm /tmp/ooc.gdm /tmp/gpu.gdm
fi

if has gpu-ooc; then
  G=$OUT/gpu_ooc.txt
  gen 16384 /tmp/g16.gr
  "$B/apps/gapsp" --algorithm fw --backend gpu /tmp/g16.gr /tmp/in16.gdm >> $G 2>&1
  "$B/apps/gapsp" --algorithm fw --backend gpu --device-memory 512M --progress /tmp/g16.gr /tmp/ooc16.gdm >> $G 2>&1
  "$B/apps/gapsp" --algorithm fw --backend cpu /tmp/g16.gr /tmp/cpu16.gdm >> $G 2>&1
  cmp /tmp/in16.gdm /tmp/ooc16.gdm && cmp /tmp/cpu16.gdm /tmp/ooc16.gdm &&
    echo "n=16384: gpu out-of-core == gpu in-core == cpu, bytes identical" >> $G
  rm -f /tmp/*16.gdm
  gen 32768 /tmp/g32.gr
  for rep in 1 2; do
    timed "n=32768 rep $rep in core" "$B/apps/gapsp" --algorithm fw --backend gpu /tmp/g32.gr --metrics /tmp/m_in.json >> $G 2>&1
    timed "n=32768 rep $rep out of core (--device-memory 3G)" "$B/apps/gapsp" --algorithm fw --backend gpu --device-memory 3G --progress \
      /tmp/g32.gr --metrics /tmp/m_ooc.json >> $G 2>&1
    cmp /tmp/m_in.json /tmp/m_ooc.json && echo "n=32768 rep $rep: metrics identical" >> $G
  done
  note "GPU out of core vs in core:"; tee -a "$S" < $G
  left=$(( ${CALL_S:-585} - ($(date +%s) - START) ))
  if [ $left -gt 60 ]; then
    note "n=150000: $left s left in the call"
    gen 150000 /tmp/g150.gr
    t0=$(date +%s)
    timeout $(( left - 15 )) "$B/apps/gapsp" --algorithm fw --timings --progress /tmp/g150.gr --metrics /tmp/m150.json > "$OUT/n150k.txt" 2>&1
    note "n=150000 rc=$? wall $(( $(date +%s) - t0 )) s (graph generated at $(( t0 - START )) s)"
    tee -a "$S" < "$OUT/n150k.txt"
    head -c 600 /tmp/m150.json >> "$S" 2>/dev/null
  else
    note "n=150000: skipped, $left s left"
  fi
fi

if has gpu-ooc16; then
  G=$OUT/gpu_ooc16.txt
  N16=${OOC16_N:-16384}
  DEV16=${OOC16_DEV:-512M}
  timeout 300 "$B/tests/test_gpu" --gtest_filter='GpuOutOfCore.*:GpuDevice.Int16*' > "$OUT/test_gpu_ooc16.log" 2>&1
  note "test_gpu GpuOutOfCore.*:GpuDevice.Int16* rc=$? $(gtest_line "$OUT/test_gpu_ooc16.log")"
  seed=${GDIST_SEED:-$(date +%s)}
  gen_unweighted "$N16" "$seed" > /tmp/u16.gr
  echo "n=$N16: unweighted random, 12 arcs per vertex, seed $seed, --device-memory $DEV16" >> $G
  timed "n=$N16 gpu out of core, 16 bits" "$B/apps/gapsp" --algorithm fw --backend gpu --device-memory "$DEV16" \
    --json /tmp/u16.gr /tmp/ooc16.gdm > /tmp/ooc16.json 2>> $G
  tail -1 /tmp/ooc16.json >> $G  # the timing line after the JSON
  grep -o '"backend_note":"[^"]*"\|"element_bits":[0-9]*\|"precision_reason":"[^"]*"' /tmp/ooc16.json >> $G
  timed "n=$N16 cpu in core" "$B/apps/gapsp" -q --algorithm fw --backend cpu /tmp/u16.gr /tmp/cpu16.gdm >> $G 2>&1
  cmp /tmp/ooc16.gdm /tmp/cpu16.gdm && echo "n=$N16: gpu out-of-core 16-bit == cpu in core, bytes identical" >> $G
  rm -f /tmp/ooc16.gdm /tmp/cpu16.gdm /tmp/ooc16.json
  for rep in $(seq "${OOC16_REPS:-2}"); do
    for bits in auto 32; do
      timed "n=$N16 rep $rep gpu out of core --element-bits $bits" "$B/apps/gapsp" -q --algorithm fw --backend gpu \
        --device-memory "$DEV16" --element-bits $bits /tmp/u16.gr --metrics /tmp/m16_$bits.json >> $G 2>&1
    done
    cmp /tmp/m16_auto.json /tmp/m16_32.json && echo "n=$N16 rep $rep: metrics of 16 and 32 bits identical" >> $G
  done
  note "GPU out of core in 16 bits:"; tee -a "$S" < $G
fi

if has mgpu; then
  NP=${NP:-2}
  N_TIME=${N_TIME:-65536}
  N_BIG=${N_BIG:-}
  export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
  nvidia-smi topo -m > "$OUT/topo.txt" 2>&1
  export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
  MPI="mpirun --allow-run-as-root --oversubscribe -np $NP -x OMP_NUM_THREADS=8 -x NCCL_NVLS_ENABLE -x TORCH_SYMM_MEM_DISABLE_MULTICAST -x NVSHMEM_DISABLE_NVLS"
  C=$OUT/mgpu_check.txt
  # n, weights, type, extra environment
  SPECS=${SPECS:-"3000 neg int32 -;2500 pos float32 -;5000 pos int32 -;3000 neg int32 GDIST_NO_NCCL=1"}
  IFS=';' read -ra specs <<< "$SPECS"
  for spec in "${specs[@]}"; do
    read -r sn sw st se <<< "$spec"
    gen "$sn" /tmp/c.gr "$sw"
    env=""; [ "$se" != "-" ] && env="-x $se"
    "$B/apps/gapsp" -q --algorithm fw --backend cpu --type "$st" /tmp/c.gr /tmp/cpu.gdm --metrics /tmp/cpu.json
    timeout 120 $MPI $env "$B/apps/gapsp" --algorithm fw --backend gpu --type "$st" /tmp/c.gr /tmp/mgpu.gdm >> $C 2>&1
    timeout 120 $MPI $env "$B/apps/gapsp" -q --algorithm fw --backend gpu --type "$st" /tmp/c.gr --metrics /tmp/mgpu.json >> $C 2>&1
    cmp /tmp/cpu.gdm /tmp/mgpu.gdm && cmp /tmp/cpu.json /tmp/mgpu.json &&
      echo "n=$sn $sw $st $se: $NP GPU ranks == cpu, matrix bytes and metrics identical" >> $C
  done
  # A matrix file in: the 2D grid over the loaded matrix.
  gen 3000 /tmp/c.gr neg
  "$B/apps/gconvert" -q /tmp/c.gr /tmp/adj.gdm && "$B/apps/gapsp" -q --backend cpu /tmp/adj.gdm /tmp/cpu.gdm
  timeout 120 $MPI "$B/apps/gapsp" --backend gpu /tmp/adj.gdm /tmp/mgpu.gdm >> $C 2>&1
  cmp /tmp/cpu.gdm /tmp/mgpu.gdm && echo "n=3000 neg matrix file (2D grid): $NP GPU ranks == cpu, bytes identical" >> $C
  note "correctness:"; grep -v "^progress" $C | tee -a "$S"
  T=$OUT/mgpu_timing.txt
  mtimed() {  # label, command...: the command's lines and its wall clock into $T
    local label=$1 t0; shift; t0=$(now)
    timeout 200 "$@" >> $T 2>&1
    echo "$label: rc $? wall $(since $t0) s" >> $T
  }
  gen $N_TIME /tmp/g.gr pos
  mtimed "one GPU, int32" "$B/apps/gapsp" --algorithm fw --backend gpu --element-bits 32 /tmp/g.gr --metrics /tmp/m1.json
  mtimed "one GPU, auto width" "$B/apps/gapsp" --algorithm fw --backend gpu /tmp/g.gr --metrics /tmp/m1a.json
  for np in $(echo 2 $NP | tr ' ' '\n' | sort -un); do
    for rep in 1 2; do
      mtimed "$np GPUs rep $rep" ${MPI/-np $NP/-np $np} "$B/apps/gapsp" --algorithm fw --backend gpu /tmp/g.gr --metrics /tmp/m2.json
      cmp /tmp/m1.json /tmp/m2.json && cmp /tmp/m1a.json /tmp/m2.json && echo "n=$N_TIME: metrics identical" >> $T
    done
  done
  note "n=$N_TIME, one GPU then more (at $(( $(date +%s) - START )) s):"; tee -a "$S" < $T
  if [ -n "$N_BIG" ]; then
    left=$(( 530 - ($(date +%s) - START) ))
    gen $N_BIG /tmp/big.gr pos
    note "n=$N_BIG on $NP GPUs: $left s left, graph made at $(( $(date +%s) - START )) s"
    t0=$(now)
    timeout $(( left > 30 ? left - 20 : 10 )) $MPI "$B/apps/gapsp" --algorithm fw --backend gpu --json /tmp/big.gr --metrics /tmp/mbig.json > "$OUT/big.txt" 2>&1
    note "rc=$? wall $(since $t0) s"; tee -a "$S" < "$OUT/big.txt"
    head -c 700 /tmp/mbig.json | tee -a "$S"; echo
  fi
  left=$(( ${END:-560} - ($(date +%s) - START) ))
  if [ $left -gt 120 ]; then
    timeout 50 "$B/tests/test_gpu" --gtest_filter='GpuOutOfCore*:*Progress*' > "$OUT/test_gpu_ooc.txt" 2>&1
    note "test_gpu GpuOutOfCore*:*Progress* rc=$?: $(grep -E '^\[ *(OK|FAILED|PASSED) ' "$OUT/test_gpu_ooc.txt" | tr '\n' ' ')"
    # The in-core engine's per-round progress as gapsp prints it.
    gen 32768 /tmp/p.gr pos
    timeout 30 "$B/apps/gapsp" --algorithm fw --backend gpu --element-bits 32 --progress /tmp/p.gr --metrics /tmp/p.json > "$OUT/progress.txt" 2>&1
    note "gapsp --progress, one GPU in core, n = 32768:"; tail -4 "$OUT/progress.txt" | tee -a "$S"
  else
    note "test_gpu: skipped, $left s left"
  fi
fi

if has mgpu16; then
  NP=${NP:-2}
  N_TIME=${N_TIME:-65536}
  REPS16=${REPS16:-2}
  export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
  export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
  ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
  share=""
  # NCCL refuses two ranks of one communicator on one GPU: then the MPI exchange (host panels).
  if [ "$ngpu" -lt "$NP" ]; then share="-x GDIST_NO_NCCL=1"; fi
  MPI="mpirun --allow-run-as-root --oversubscribe -np $NP -x OMP_NUM_THREADS=8 -x NCCL_NVLS_ENABLE -x TORCH_SYMM_MEM_DISABLE_MULTICAST -x NVSHMEM_DISABLE_NVLS $share"
  note "mgpu16: $NP ranks on $ngpu GPU(s) (rank r on GPU r % $ngpu)${share:+, shared: GDIST_NO_NCCL=1}"
  C=$OUT/mgpu16_check.txt; : > "$C"
  bits() { grep -o '"element_bits":[0-9]*' "$1" | head -1 | cut -d: -f2; }
  same() { cmp -s "$1" "$2" && echo yes || echo NO; }
  # N, graph (unit: 12 unit arcs per vertex; pos: 8 arcs of weight 1..1000), extra environment
  SPECS16=${SPECS16:-"3000 unit -;5000 pos -;4000 unit GDIST_NO_NCCL=1"}
  IFS=';' read -ra specs <<< "$SPECS16"
  for spec in "${specs[@]}"; do
    read -r sn sg se <<< "$spec"
    if [ "$sg" = unit ]; then gen_unweighted "$sn" "$RANDOM" > /tmp/c16.gr; else gen "$sn" /tmp/c16.gr pos; fi
    env=""; [ "$se" != "-" ] && env="-x $se"
    F="--algorithm fw --json"
    "$B/apps/gapsp" -q $F --backend cpu /tmp/c16.gr /tmp/cpu16.gdm --metrics /tmp/cpu16.json > /tmp/j_cpu.txt 2>> "$C"
    "$B/apps/gapsp" -q $F --backend cpu --element-bits 32 /tmp/c16.gr /tmp/cpu32.gdm > /dev/null 2>> "$C"
    "$B/apps/gapsp" -q $F --backend gpu /tmp/c16.gr /tmp/gpu16.gdm --metrics /tmp/gpu16.json > /tmp/j_gpu.txt 2>> "$C"
    timeout 120 $MPI $env "$B/apps/gapsp" $F --backend gpu /tmp/c16.gr /tmp/mgpu16.gdm > /tmp/j_mgpu.txt 2>> "$C"
    timeout 120 $MPI $env "$B/apps/gapsp" -q $F --backend gpu /tmp/c16.gr --metrics /tmp/mgpu16.json > /tmp/j_mgpum.txt 2>> "$C"
    timeout 120 $MPI $env "$B/apps/gapsp" -q $F --backend gpu --element-bits 32 /tmp/c16.gr /tmp/mgpu32.gdm > /tmp/j_mgpu32.txt 2>> "$C"
    echo "n=$sn $sg $se: bits cpu $(bits /tmp/j_cpu.txt) gpu $(bits /tmp/j_gpu.txt) $NP-ranks $(bits /tmp/j_mgpu.txt)/$(bits /tmp/j_mgpum.txt) (want 16)," \
      "--element-bits 32 $(bits /tmp/j_mgpu32.txt); bytes ==cpu $(same /tmp/cpu16.gdm /tmp/mgpu16.gdm) ==gpu $(same /tmp/gpu16.gdm /tmp/mgpu16.gdm)," \
      "metrics ==cpu $(same /tmp/cpu16.json /tmp/mgpu16.json) ==gpu $(same /tmp/gpu16.json /tmp/mgpu16.json), 32-bit bytes ==cpu $(same /tmp/cpu32.gdm /tmp/mgpu32.gdm)" >> "$C"
    grep -o '"precision_reason":"[^"]*"' /tmp/j_mgpu.txt | head -1 >> "$C"
    grep -o '"backend_note":"[^"]*"' /tmp/j_mgpu.txt | head -1 | cut -c1-300 >> "$C"
  done
  # A matrix file in (the last graph): the 2D grid over the loaded matrix, ChoosePrecision on every rank.
  "$B/apps/gconvert" -q /tmp/c16.gr /tmp/adj16.gdm
  "$B/apps/gapsp" -q --json --backend cpu /tmp/adj16.gdm /tmp/cpu2d.gdm > /tmp/j_cpu2d.txt 2>> "$C"
  timeout 120 $MPI "$B/apps/gapsp" -q --json --backend gpu /tmp/adj16.gdm /tmp/mgpu2d.gdm > /tmp/j_mgpu2d.txt 2>> "$C"
  echo "matrix file (2D grid): bits cpu $(bits /tmp/j_cpu2d.txt) $NP-ranks $(bits /tmp/j_mgpu2d.txt) (want 16); bytes ==cpu $(same /tmp/cpu2d.gdm /tmp/mgpu2d.gdm) ==graph's $(same /tmp/cpu16.gdm /tmp/mgpu2d.gdm)" >> "$C"
  note "mgpu16 correctness:"; grep -v "^progress" "$C" | tee -a "$S"
  T=$OUT/mgpu16_timing.txt; : > "$T"
  run16() {  # label, command...: wall clock, element_bits and apsp_s of its --json into $T
    local label=$1 t0 rc; shift; t0=$(now)
    timeout 200 "$@" > /tmp/j_t.txt 2>> "$OUT/mgpu16_timing.log"; rc=$?
    echo "$label: rc $rc wall $(since "$t0") s bits $(bits /tmp/j_t.txt) $(grep -o '"apsp_s":[0-9.e+-]*' /tmp/j_t.txt | head -1)" >> "$T"
  }
  gen_unweighted "$N_TIME" "$RANDOM" > /tmp/g16.gr
  for rep in $(seq "$REPS16"); do
    run16 "one GPU rep $rep" "$B/apps/gapsp" -q --algorithm fw --backend gpu --json /tmp/g16.gr --metrics /tmp/t1.json
    run16 "$NP GPUs rep $rep" $MPI "$B/apps/gapsp" -q --algorithm fw --backend gpu --json /tmp/g16.gr --metrics /tmp/t2.json
    echo "rep $rep: metrics identical $(same /tmp/t1.json /tmp/t2.json)" >> "$T"
  done
  awk '/^one GPU/ { for (i = 1; i <= NF; ++i) if ($i ~ /^"apsp_s"/) { split($i, a, ":"); one += a[2]; n1++ } }
       / GPUs rep/ { for (i = 1; i <= NF; ++i) if ($i ~ /^"apsp_s"/) { split($i, a, ":"); many += a[2]; n2++ } }
       END { if (n1 && n2 && many > 0) printf "apsp_s speed-up (mean one GPU / mean NP GPUs): %.2fx (target >= 1.8x at NP = 2)\n", (one / n1) / (many / n2) }' "$T" >> "$T"
  note "mgpu16 n=$N_TIME, one GPU 16-bit vs $NP GPUs (at $(( $(date +%s) - START )) s):"; tee -a "$S" < "$T"
fi

if has sparse-gpu; then
  bash bench/sparse_gpu_race.sh "$B" "$DATA/pace2016-roads/NY.gr.gz" "$OUT/sparse_gpu" 2>&1 | tee -a "$S"
fi

if has sparse-sssp; then
  python3 scripts/weight_edges.py "$DATA/pace2016-roads/NY.gr.gz" /tmp/NY-w.gr && gzip -f /tmp/NY-w.gr
  bash bench/sparse_gpu_sssp_race.sh "$B" /tmp/NY-w.gr.gz "$DATA/dimacs9/rome99.gr" "$OUT/sparse_sssp" 2>&1 | tee -a "$S"
fi

if has plan; then
  bash bench/plan_check.sh "$B" "$DATA" "$OUT/plan" 2>&1 | tee -a "$S"
fi

if has phast-lanes; then
  R=/tmp/phast-lanes; mkdir -p "$R"
  python3 scripts/weight_edges.py "$DATA/pace2016-roads/NY.gr.gz" "$R/NY-w.gr"
  two="taskset -c 0,1"
  builds=("$B")
  if [ "${OTHER_LINE_BYTES:-128}" != 0 ]; then  # OTHER_LINE_BYTES=0: this build only
    { cmake -S . -B "$B-other-line" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_FLAGS=-DGDIST_PHAST_LINE_BYTES=${OTHER_LINE_BYTES:-128} &&
      timeout 400 cmake --build "$B-other-line" -j "$JOBS" --target road_bench; } > "$OUT/build-other-line.log" 2>&1
    note "other-line build rc=$?"
    builds=("$B-other-line" "$B")
  fi
  "$B/apps/gconvert" "$R/NY-w.gr" "$R/NY-w.gch" --undirected --to ch -q
  for b in "${builds[@]}"; do
    note "road_bench ($b):"
    $two "$b/bench/road_bench" "$R/NY-w.gr" --undirected -j 2 --load "$R/NY-w.gch" --sources ${PHAST_SOURCES:-2048} \
      --dijkstra-sources 32 --table 10 --routes 10 2>&1 | grep -E 'phast_rows|per_vertex_scans|error|differ' | tee -a "$S"
  done
  export OMP_NUM_THREADS=2
  timed "2 cores: gcenter NY-w.gch --per-vertex (every row)" $two "$B/apps/gcenter" "$R/NY-w.gch" --per-vertex \
    "$R/pv-cpu.csv" -q -j 2 | tee -a "$S"
  unset OMP_NUM_THREADS
  if [ -n "${PHAST_BASE:-}" ]; then  # the same run on an earlier tree, its CSV compared
    build_base "$PHAST_BASE" phast-base gcenter
    export OMP_NUM_THREADS=2
    timed "2 cores: BASE gcenter NY-w.gch --per-vertex (every row)" $two "$B-phast-base/apps/gcenter" "$R/NY-w.gch" \
      --per-vertex "$R/pv-base.csv" -q -j 2 | tee -a "$S"
    unset OMP_NUM_THREADS
    note "per-vertex CSV this tree vs BASE: $(cmp -s "$R/pv-cpu.csv" "$R/pv-base.csv" && echo IDENTICAL || echo DIFFER)"
  fi
  timed "gcenter NY-w.gch --per-vertex --backend gpu" "$B/apps/gcenter" "$R/NY-w.gch" --per-vertex "$R/pv-gpu.csv" -q \
    --backend gpu | tee -a "$S"
  note "per-vertex CSV cpu vs gpu: $(cmp -s "$R/pv-cpu.csv" "$R/pv-gpu.csv" && echo IDENTICAL || echo DIFFER)"
  lscpu | grep -E 'Model name|L2|L3' | tee -a "$S"
fi

if has road2; then
  # #23's targets say "2 cores unless stated": two cores of this machine, nothing else running.
  R=/tmp/road2; mkdir -p "$R"
  python3 scripts/weight_edges.py "$DATA/pace2016-roads/NY.gr.gz" "$R/NY-w.gr" &
  python3 scripts/weight_edges.py "$DATA/pace2016-roads/NE.gr.gz" "$R/NE-w.gr" --max 4093 &
  wait
  two="taskset -c 0,1"
  export OMP_NUM_THREADS=2  # gconvert has no -j; the tools read it as their default
  for g in NY NE; do
    timed "2 cores: contraction $g-w (whole process)" $two "$B/apps/gconvert" "$R/$g-w.gr" "$R/$g-w.gch" --undirected \
      --to ch -q | tee -a "$S"
  done
  timed "2 cores: gcenter NY-w.gch --per-vertex (every row)" $two "$B/apps/gcenter" "$R/NY-w.gch" --per-vertex \
    "$R/ny-pv.csv" -q -j 2 | tee -a "$S"
  timed "2 cores: gcenter NY-w.gch --eccentricities" $two "$B/apps/gcenter" "$R/NY-w.gch" --eccentricities \
    "$R/ny-ecc.txt" -q -j 2 | tee -a "$S"
  timed "2 cores: gcenter NY-w.gch (summary)" sh -c '$0 "$1" "$2" --json -q -j 2 > "$3"' "$two" "$B/apps/gcenter" \
    "$R/NY-w.gch" "$R/ny.json" | tee -a "$S"
  timed "2 cores: gcenter NE-w.gch (summary)" sh -c '$0 "$1" "$2" --json -q -j 2 > "$3"' "$two" "$B/apps/gcenter" \
    "$R/NE-w.gch" "$R/ne.json" | tee -a "$S"
  python3 - "$R" <<'PY' | tee -a "$S"
import csv, json, sys
d = sys.argv[1]
for g in ("ny", "ne"):
    j = json.load(open(f"{d}/{g}.json"))
    print(g, {k: j.get(k) for k in ("diameter", "radius", "center", "median")})
rows = list(csv.DictReader(open(f"{d}/ny-pv.csv")))
col = "eccentricity"
vals = [float(r[col]) for r in rows]
print("ny per-vertex: rows", len(rows), "max eccentricity", max(vals), "min", min(vals))
PY
  rm -f "$R"/*.csv "$R"/*.txt
fi

if has road; then
  R=/tmp/road-task; mkdir -p "$R"
  python3 scripts/weight_edges.py "$DATA/pace2016-roads/NY.gr.gz" "$R/NY-w.gr" &
  python3 scripts/weight_edges.py "$DATA/pace2016-roads/FLA.gr.gz" "$R/FLA-w.gr" &
  python3 scripts/weight_edges.py "$DATA/pace2016-roads/NE.gr.gz" "$R/NE-w.gr" --max 4093 &
  wait
  for g in NY FLA NE; do
    timed "contraction $g-w (gconvert --to ch, whole process)" "$B/apps/gconvert" "$R/$g-w.gr" "$R/$g-w.gch" \
      --undirected --to ch -q | tee -a "$S"
  done
  for g in NY NE; do
    timed "gcenter $g-w.gch (summary)" sh -c '"$0" "$1" --json -q > "$2"' "$B/apps/gcenter" "$R/$g-w.gch" "$R/$g.json" |
      tee -a "$S"
    tee -a "$S" < "$R/$g.json"
    timed "gcenter $g-w.gch --eccentricities" "$B/apps/gcenter" "$R/$g-w.gch" --eccentricities "$R/$g-ecc.txt" -q \
      | tee -a "$S"
  done
  python3 - "$R" <<'PY'
import random, sys
d = sys.argv[1]
n = next(int(l.split()[2]) for l in open(d + "/NE-w.gr") if l.startswith("p "))
for name, seed in (("S", 1), ("T", 2)):
    r = random.Random(seed)
    open(d + "/NE-" + name + ".txt", "w").write("\n".join(str(x) for x in r.sample(range(1, n + 1), 10000)) + "\n")
PY
  for be in cpu gpu; do
    "$B/apps/gapsp" "$R/NE-w.gch" "$R/t-$be.npy" --sources "$R/NE-S.txt" --targets "$R/NE-T.txt" --to npy -q --json \
      --backend $be > "$R/t-$be.json"
    note "NE 10k x 10k table --backend $be: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print({k: d[k] for k in ("read_s", "apsp_s", "write_s")})' "$R/t-$be.json")"
  done
  note "NE tables cpu vs gpu: $(cmp -s "$R/t-cpu.npy" "$R/t-gpu.npy" && echo IDENTICAL || echo DIFFER)"
  "$B/bench/road_metrics_bench" "$R/NY-w.gch" --graph "$R/NY-w.gr" --undirected 2>&1 | tee -a "$S"
  "$B/bench/road_metrics_bench" "$R/NE-w.gch" --graph "$R/NE-w.gr" --undirected --dijkstra-extremes-only 2>&1 |
    tee -a "$S"
  "$B/tests/test_gpu" --gtest_filter='GpuPhast*' > "$OUT/road_gpu.log" 2>&1
  note "GpuPhast tests rc=$? $(gtest_line "$OUT/road_gpu.log")"
  rm -f "$R"/t-*.npy "$R"/*-ecc.txt
fi

if has tables; then
  R=/tmp/tables-task; mkdir -p "$R"
  cp "$DATA/dimacs9/rome99.gr" "$R/rome.gr"
  python3 scripts/weight_edges.py "$DATA/pace2016-roads/NY.gr.gz" "$R/NY-w.gr"
  python3 - "$R" <<'PY'
import random, sys
d = sys.argv[1]
for g, k, t in (("rome", 300, 500), ("NY-w", 2000, 3000)):
    n = next(int(l.split()[2]) for l in open(f"{d}/{g}.gr") if l.startswith("p "))
    r = random.Random(int(__import__("time").time()))  # fresh sources and targets each call
    picks = r.sample(range(1, n + 1), k + t)
    open(f"{d}/{g}-S.txt", "w").write("\n".join(map(str, picks[:k])) + "\n")
    open(f"{d}/{g}-T.txt", "w").write("\n".join(map(str, picks[k:])) + "\n")
PY
  for g in rome NY-w; do
    u=(); [ "$g" = NY-w ] && u=(--undirected)
    "$B/apps/gconvert" "$R/$g.gr" "$R/$g.gch" --to ch -q "${u[@]}"
    q=(--sources "$R/$g-S.txt" --targets "$R/$g-T.txt" -q)
    timed "$g table, saved hierarchy, cpu" "$B/apps/gapsp" "$R/$g.gch" "$R/$g-ch-cpu.gdm" "${q[@]}" --backend cpu | tee -a "$S"
    timed "$g table, saved hierarchy, gpu" "$B/apps/gapsp" "$R/$g.gch" "$R/$g-ch-gpu.gdm" "${q[@]}" --backend gpu | tee -a "$S"
    timed "$g table, trees, cpu" "$B/apps/gapsp" "$R/$g.gr" "$R/$g-trees-cpu.gdm" "${q[@]}" "${u[@]}" --algorithm dijkstra --backend cpu | tee -a "$S"
    timed "$g table, trees, gpu" "$B/apps/gapsp" "$R/$g.gr" "$R/$g-trees-gpu.gdm" "${q[@]}" "${u[@]}" --algorithm dijkstra --backend gpu | tee -a "$S"
    [ "$g" = rome ] && "$B/apps/gapsp" "$R/$g.gr" "$R/$g-fw-gpu.gdm" "${q[@]}" --algorithm fw --backend gpu
    for f in "$R/$g"-*.gdm; do note "$g: $(basename "$f") vs ch-cpu: $(cmp -s "$f" "$R/$g-ch-cpu.gdm" && echo IDENTICAL || echo DIFFER)"; done
    for be in cpu gpu; do
      "$B/apps/gcenter" "$R/$g-ch-cpu.gdm" --p-median 10 --json -q --backend $be > "$R/$g-$be.json"
      python3 -c 'import json,sys; m=json.load(open(sys.argv[1]))["p_median"]; print(m["objective"], m["lower_bound"], sorted(m["sites"]))' "$R/$g-$be.json" > "$R/$g-$be.txt"
      note "$g gcenter T.gdm --p-median 10 --backend $be: $(cat "$R/$g-$be.txt")"
    done
    note "$g gcenter on the table, objective, bound and sites cpu vs gpu: $(cmp -s "$R/$g-cpu.txt" "$R/$g-gpu.txt" && echo IDENTICAL || echo DIFFER)"
  done
  rm -f "$R"/*.gdm
fi

if has sanitize; then
  wait $san; sanrc=$?
  note "sanitizer build + ctest (scripts/sanitize.sh) rc=$sanrc at $(( $(date +%s) - START )) s: $(grep -E 'tests passed' "$OUT/san.log")"
  grep -E '\*\*\*(Failed|Timeout|Exception)' "$OUT/san.log" | head -20 | tee -a "$S"
  grep -E 'ERROR: AddressSanitizer|runtime error:|LeakSanitizer' "$OUT/san.log" | sort | uniq -c | head -20 | tee -a "$S"
fi
note "== done $(date -u +%FT%TZ), $(( $(date +%s) - START )) s"
