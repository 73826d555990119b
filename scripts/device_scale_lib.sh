# Shared start of the scale device scripts (sourced): OUT, B, START, the
# summary file with note(), and gen N FILE [neg] (a random DIMACS digraph with
# 8 arcs per vertex, weights 1..1000, fresh seed; neg: plus potentials, so
# negative arcs and no negative cycle).
OUT=${OUT:-$PWD/device-out}
B=${BUILD_DIR:-/tmp/gdist-build}
START=$(date +%s)
mkdir -p "$OUT"
S=$OUT/summary.txt
: > "$S"
note() { echo "$*" | tee -a "$S"; }
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
