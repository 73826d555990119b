#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/: one per graph reader, OpenStreetMap
# included when libosmium is installed, detection, the .gdm reader, and the
# small files beside a graph: list files (--weights/--candidates/--fixed/
# --sources), cost matrices, coordinates, places) with Debian's clang and ASan+UBSan, and runs each for a
# bounded time on a corpus seeded from fuzz/seeds/, from the first bytes of
# every file in ../shared/data (read there, never copied into the repo) and
# from .gdm files written by the test build's gconvert. Any crash, sanitizer
# report, leak, timeout or out-of-memory fails the run; the input that caused
# it is left in $GDIST_FUZZ_BUILD/artifacts/.
# Usage: scripts/fuzz.sh [seconds per target, default 8]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${GDIST_FUZZ_BUILD:-$ROOT/build-fuzz}"
SECONDS_PER_TARGET="${1:-8}"
JOBS="$(nproc 2>/dev/null || echo 2)"
CXX="${GDIST_FUZZ_CXX:-clang++-14}"
SHARED="${GDIST_SHARED_DATA:-$ROOT/../shared/data}"

if ! command -v "$CXX" >/dev/null; then
  if [[ $(id -u) -eq 0 ]]; then
    echo "fuzz: installing clang-14" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clang-14 >/dev/null
  else
    echo "fuzz: $CXX missing; run: sudo apt-get install -y clang-14" >&2
    exit 2
  fi
fi
LAUNCHER=()
command -v ccache >/dev/null && LAUNCHER=(ccache)

FLAGS=(-std=c++20 -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
       -I"$ROOT" -DGDIST_FUZZING=1)
mkdir -p "$BUILD/obj" "$BUILD/artifacts"

# The readers and the .gdm reader with what they need (no engine, no CUDA, no
# OpenMP runtime: thread_start calls it and no reader needs it).
# The list files' readers sit in lib/siting and lib/pipeline (siting_files.cpp
# with the number and JSON writing its assignment file needs).
mapfile -t SOURCES < <(cd "$ROOT" && ls formats/*.cpp lib/core/*.cpp lib/util/*.cpp lib/matrix/*.cpp \
                       lib/siting/siting_files.cpp lib/pipeline/sources_file.cpp lib/metrics/summary_report.cpp 2>/dev/null |
                       grep -v -e '_no_cuda\.cpp$' -e '^lib/util/thread_start\.cpp$')
# OpenStreetMap through libosmium when its headers are here (as CMake finds it):
# osm_roads.cpp then reads for real, and the osm target fuzzes libosmium's PBF
# and XML parsing under our reader.
OSM_LIBS=()
OSM_DEFINE=""
if [[ -f /usr/include/osmium/version.hpp && -f /usr/include/protozero/version.hpp ]]; then
  OSM_DEFINE="-DGDIST_HAVE_OSMIUM=1"
  OSM_LIBS=(-lexpat -lbz2)
fi
printf '%s\n' "${SOURCES[@]}" | xargs -P "$JOBS" -I{} sh -c \
  'o="$0/obj/$(echo "{}" | tr / _).o"; d=""; [ "{}" = formats/osm_roads.cpp ] && d="$3"; '"${LAUNCHER[*]:-}"' "$1" '"${FLAGS[*]}"' $d -fsanitize=fuzzer-no-link -c "$2/{}" -o "$o"' \
  "$BUILD" "$CXX" "$ROOT" "$OSM_DEFINE"
OBJECTS=("$BUILD"/obj/*.o)

TARGETS=(auto:kAuto dimacs:kDimacs edgelist:kEdgeList mtx:kMatrixMarket nthu:kNthu orlib:kOrlib metis:kMetis)
[[ -n "$OSM_DEFINE" ]] && TARGETS+=(osm:kOsm)
build_target() {  # name source [defines...]
  local name="$1" source="$2"
  shift 2
  "$CXX" "${FLAGS[@]}" -fsanitize=fuzzer "$@" "$ROOT/$source" "${OBJECTS[@]}" -lz "${OSM_LIBS[@]}" -pthread \
    -o "$BUILD/fuzz_$name"
}
pids=()
for t in "${TARGETS[@]}"; do
  build_target "${t%%:*}" fuzz/reader_fuzzer.cpp -DGDIST_FUZZ_FORMAT="${t##*:}" &
  pids+=($!)
  if ((${#pids[@]} >= JOBS)); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
build_target gdm fuzz/gdm_fuzzer.cpp
FILE_TARGETS=(lists:kLists costs:kCostMatrix coords:kCoordinates places:kPlaces)
for t in "${FILE_TARGETS[@]}"; do
  build_target "${t%%:*}" fuzz/list_reader_fuzzer.cpp -DGDIST_FUZZ_READER="${t##*:}" &
  pids+=($!)
  if ((${#pids[@]} >= JOBS)); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
for p in "${pids[@]}"; do wait "$p"; done

# Corpora: the seeds in the repo, heads of the real data, fresh .gdm files.
seed_from_shared() {  # corpus_dir find-name-patterns...
  local dir="$1"
  shift
  [[ -d "$SHARED" ]] || return 0
  local i=0
  while IFS= read -r -d '' f; do
    head -c 16384 "$f" >"$dir/shared_$i" 2>/dev/null || true
    i=$((i + 1))
  done < <(find "$SHARED" -type f \( "$@" \) -print0)
}
rm -rf "$BUILD/corpus"
for t in "${TARGETS[@]}" gdm:gdm "${FILE_TARGETS[@]}"; do mkdir -p "$BUILD/corpus/${t%%:*}"; done
for t in "${FILE_TARGETS[@]}"; do cp "$ROOT"/fuzz/seeds/"${t%%:*}"/* "$BUILD/corpus/${t%%:*}/"; done
seed_from_shared "$BUILD/corpus/coords" -name '*.co' -o -name '*.co.gz'
seed_from_shared "$BUILD/corpus/places" -iname '*places*.csv'
seed_from_shared "$BUILD/corpus/costs" -iname '*cost*.csv' -o -iname '*cost*.tsv'
for d in dimacs edgelist mtx nthu orlib metis; do
  cp "$ROOT"/fuzz/seeds/$d/* "$BUILD/corpus/$d/"
  cp "$ROOT"/fuzz/seeds/$d/* "$BUILD/corpus/auto/"
done
seed_from_shared "$BUILD/corpus/dimacs" -name '*.gr' -o -name '*.gr.gz'
seed_from_shared "$BUILD/corpus/edgelist" -name '*.txt' -o -name '*.txt.gz' -o -name '*.csv'
seed_from_shared "$BUILD/corpus/mtx" -name '*.mtx' -o -name '*.mtx.gz'
seed_from_shared "$BUILD/corpus/orlib" -name 'pmed*'
seed_from_shared "$BUILD/corpus/metis" -name '*.graph'
seed_from_shared "$BUILD/corpus/nthu" -path '*nthu*' ! -name '*.out' ! -name '*.md'
seed_from_shared "$BUILD/corpus/auto" -name '*'
if [[ -d "$BUILD/corpus/osm" ]]; then
  cp "$ROOT"/fuzz/seeds/osm/* "$BUILD/corpus/osm/"
  seed_from_shared "$BUILD/corpus/osm" -name '*.osm*'
fi
GCONVERT="${GDIST_BUILD:-$ROOT/build}/apps/gconvert"
if [[ -x "$GCONVERT" ]]; then
  g="$BUILD/corpus/gdm"
  "$GCONVERT" -q "$ROOT/fuzz/seeds/dimacs/int64.gr" "$g/int64.gdm"
  "$GCONVERT" -q "$ROOT/fuzz/seeds/edgelist/names.csv" "$g/labels.gdm"
  "$GCONVERT" -q "$ROOT/fuzz/seeds/dimacs/float64.gr" "$g/float64.gdm"
  "$GCONVERT" -q "$ROOT/fuzz/seeds/nthu/small.bin" "$g/int32.gdm"
  GAPSP="$(dirname "$GCONVERT")/gapsp"
  # Its distances fit 16 bits: a 16-bit file (element type 5), and the same run in 32 bits.
  [[ -x "$GAPSP" ]] && "$GAPSP" -q --backend cpu --paths "$ROOT/fuzz/seeds/dimacs/pace.gr" "$g/paths.gdm"
  [[ -x "$GAPSP" ]] && "$GAPSP" -q --backend cpu --paths --element-bits 32 "$ROOT/fuzz/seeds/dimacs/pace.gr" \
    "$g/paths32.gdm"
fi
head -c 200 /dev/urandom >"$BUILD/corpus/gdm/random"

# Run: JOBS targets at a time, each for SECONDS_PER_TARGET.
run_target() {
  local name="$1" max_len=16384
  [[ "$name" == gdm ]] && max_len=131072
  "$BUILD/fuzz_$name" -max_total_time="$SECONDS_PER_TARGET" -max_len="$max_len" -rss_limit_mb=2048 -timeout=20 \
    -print_final_stats=1 -artifact_prefix="$BUILD/artifacts/${name}-" "$BUILD/corpus/$name" \
    >"$BUILD/fuzz_$name.log" 2>&1
}
failed=()
names=()
for t in "${TARGETS[@]}" gdm:gdm "${FILE_TARGETS[@]}"; do names+=("${t%%:*}"); done
pids=()
declare -A pid_name
for name in "${names[@]}"; do
  run_target "$name" &
  pid_name[$!]="$name"
  pids+=($!)
  if ((${#pids[@]} >= JOBS)); then
    wait "${pids[0]}" || failed+=("${pid_name[${pids[0]}]}")
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || failed+=("${pid_name[$p]}"); done
for name in "${names[@]}"; do
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$BUILD/fuzz_$name.log" | grep -o '[0-9]*$' || echo "?")
  echo "fuzz: $name: $runs runs in ${SECONDS_PER_TARGET}s" >&2
done
if ((${#failed[@]})); then
  for name in "${failed[@]}"; do
    echo "fuzz: $name FAILED; log $BUILD/fuzz_$name.log:" >&2
    grep -A30 -m1 -E 'ERROR|runtime error|SUMMARY|deadly signal' "$BUILD/fuzz_$name.log" >&2 || tail -30 "$BUILD/fuzz_$name.log" >&2
  done
  exit 1
fi
echo "fuzz: all ${#names[@]} targets clean" >&2
