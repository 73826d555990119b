#!/bin/bash
# The run's plan against the runs it plans (issue "one plan per run"): for each
# graph, gapsp's plan (engine, backend, estimate) beside the measured time;
# gapsp --metrics and gcenter --per-vertex name the same engine, backend and
# element bits; --backend gpu on weighted NY's --sources rows runs the GPU
# trees (bytes equal to the CPU's); weighted NE (int64 by (n-1) x max|w|, int32
# by its distance bound) sites on --candidates rows on the GPU. Any machine;
# GPU parts skip without one.
#   bench/plan_check.sh BUILD_DIR DATA_DIR [OUT_DIR]
# DATA_DIR is ../shared/data or a copy with dimacs9/rome99.gr, metis/4elt.graph,
# pace2016-roads/NY.gr.gz, NE.gr.gz (and, for the thread sweep, snap/ca-GrQc.txt.gz,
# suitesparse/bcspwr10.mtx).
set -u
B=${1:?build dir}; D=${2:?data dir}; OUT=${3:-${OUT:-/tmp/plan-check}}
mkdir -p "$OUT"
W=$(mktemp -d)
S=$OUT/plan_check.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
A=$B/apps
ROOT=$(cd "$(dirname "$0")/.." && pwd)
note "== plan_check $(date -u +%FT%TZ) $(nproc) cores; GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
python3 "$ROOT/scripts/weight_edges.py" "$D/pace2016-roads/NY.gr.gz" "$W/NY-w.gr"
python3 "$ROOT/scripts/weight_edges.py" "$D/pace2016-roads/NE.gr.gz" "$W/NE-w.gr" --max 4093
python3 - "$W/dense.gr" <<'PY'
import sys, random
n, p = 4000, 0.30
rng = random.Random()
arcs = [(u, v, rng.randint(1, 1000)) for u in range(1, n + 1) for v in range(1, n + 1) if u != v and rng.random() < p]
with open(sys.argv[1], "w") as f:
    f.write(f"p sp {n} {len(arcs)}\n")
    f.writelines(f"a {u} {v} {w}\n" for u, v, w in arcs)
PY
# timed CMD...: runs CMD, its wall seconds into $W/t, its exit status kept.
timed() { local t0 rc; t0=$(date +%s.%N); "$@"; rc=$?; python3 -c "import sys; print(round(float(sys.argv[2]) - float(sys.argv[1]), 3))" "$t0" "$(date +%s.%N)" > "$W/t"; return $rc; }
# A field of the one-line JSON: json FILE KEY.SUBKEY
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1]))
for k in sys.argv[2].split('.'): d=d[k]
print(d)" "$1" "$2"; }
note "graph | plan engine | plan backend | estimate_s | measured apsp_s | ratio"
sample() { n=$(zcat -f "$1" | grep -m1 '^p' | awk '{print $3}'); python3 -c "import random,sys; print('\n'.join(str(v) for v in random.sample(range(1, int(sys.argv[1]) + 1), 1000)))" "$n"; }
sample "$D/pace2016-roads/NY.gr.gz" > "$W/S.txt"
sample "$D/pace2016-roads/NE.gr.gz" > "$W/C.txt"
# NY's n x n matrix cannot fit: its question is 1000 rows (--sources).
for g in "$D/dimacs9/rome99.gr" "$D/metis/4elt.graph" "$W/dense.gr" "$D/pace2016-roads/NY.gr.gz" "$W/NY-w.gr"; do
  extra=""; case $g in *NY*) extra="--undirected --sources $W/S.txt";; esac
  name=$(basename "$g")
  timed "$A/gapsp" "$g" "$W/out.gdm" $extra --json -q > "$W/j.json" 2> "$W/err" || { note "$name: gapsp failed: $(tail -2 "$W/err")"; continue; }
  est=$(field "$W/j.json" plan.estimate_s); ran=$(field "$W/j.json" apsp_s)
  note "$name | $(field "$W/j.json" plan.engine) | $(field "$W/j.json" plan.backend) | $est | $ran | $(python3 -c "print(round($ran/$est, 2) if $est > 0 else 'n/a')") (whole process $(cat "$W/t") s)"
  rm -f "$W/out.gdm"
done
# The CPU trees' thread scaling: the whole matrix by the trees the plan picks, at 1 thread up to every core.
note "threads | graph | plan | estimate_s | measured apsp_s | ratio"
for g in "$D/metis/4elt.graph" "$D/snap/ca-GrQc.txt.gz" "$D/suitesparse/bcspwr10.mtx"; do
  [ -f "$g" ] || continue
  for j in 1 2 4 8 16; do
    [ "$j" -le "$(nproc)" ] || continue
    "$A/gapsp" "$g" "$W/out.gdm" -j "$j" --backend cpu --json -q > "$W/j.json" 2> "$W/err" || { note "$(basename "$g") -j $j: failed: $(tail -1 "$W/err")"; continue; }
    est=$(field "$W/j.json" plan.estimate_s); ran=$(field "$W/j.json" apsp_s)
    note "$j | $(basename "$g") | $(field "$W/j.json" plan.engine) | $est | $ran | $(python3 -c "print(round($ran/$est, 2) if $est > 0 else 'n/a')")"
  done
  rm -f "$W/out.gdm"
done
note "same question, same plan: gapsp G --metrics m.json --json vs gcenter G --per-vertex v.csv --json"
for g in "$D/dimacs9/rome99.gr" "$D/metis/4elt.graph"; do
  "$A/gapsp" "$g" --metrics "$W/m.json" --json -q > "$W/a.json" && "$A/gcenter" "$g" --per-vertex "$W/v.csv" --json -q > "$W/b.json" || { note "$(basename "$g"): failed"; continue; }
  a="$(field "$W/a.json" plan.engine) $(field "$W/a.json" plan.backend) $(field "$W/a.json" plan.element_bits)"
  b="$(field "$W/b.json" plan.engine) $(field "$W/b.json" plan.backend) $(field "$W/b.json" plan.element_bits)"
  note "$(basename "$g"): gapsp [$a] gcenter [$b] $([ "$a" = "$b" ] && echo SAME || echo DIFFERENT)"
done
if nvidia-smi > /dev/null 2>&1; then
  timed "$A/gapsp" "$W/NY-w.gr" "$W/gpu.gdm" --undirected --sources "$W/S.txt" --backend gpu --json -q > "$W/g.json" 2> "$W/err"
  note "NY-w --sources 1000 --backend gpu: rc=$? plan $(field "$W/g.json" plan.engine)/$(field "$W/g.json" plan.backend) apsp_s $(field "$W/g.json" apsp_s) whole $(cat "$W/t") s; $(tail -1 "$W/err")"
  timed "$A/gapsp" "$W/NY-w.gr" "$W/cpu.gdm" --undirected --sources "$W/S.txt" --backend cpu --json -q > "$W/c.json"
  note "NY-w --sources 1000 --backend cpu: apsp_s $(field "$W/c.json" apsp_s) whole $(cat "$W/t") s; files $(cmp -s "$W/gpu.gdm" "$W/cpu.gdm" && echo IDENTICAL || echo DIFFER)"
  # auto's hierarchy trial on every vertex's values: the GPU's PHAST, then the CPU's (files compared).
  for be in auto cpu; do
    timed "$A/gcenter" "$W/NY-w.gr" --undirected --per-vertex "$W/pv-$be.csv" --backend $be --json -q > "$W/pv.json" 2> "$W/err"
    note "NY-w --per-vertex --backend $be: rc=$? plan $(field "$W/pv.json" plan.engine)/$(field "$W/pv.json" plan.backend) whole $(cat "$W/t") s; $(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['plan']['reasons'][-1])" "$W/pv.json" 2>/dev/null)"
  done
  note "NY-w --per-vertex auto vs cpu: $(cmp -s "$W/pv-auto.csv" "$W/pv-cpu.csv" && echo IDENTICAL || { echo DIFFER; diff "$W/pv-auto.csv" "$W/pv-cpu.csv" | head -6; diff "$W/pv-auto.csv" "$W/pv-cpu.csv" | grep -c '^<'; })"
  timed "$A/gcenter" "$W/NE-w.gr" --undirected --candidates "$W/C.txt" --p-median 10 --backend gpu --json -q > "$W/ne.json" 2> "$W/err"
  note "NE-w --candidates 1000 --p-median 10 --backend gpu: rc=$? objective $(field "$W/ne.json" p_median.objective 2>/dev/null) whole $(cat "$W/t") s; $(tail -1 "$W/err")"
fi
rm -rf "$W"
