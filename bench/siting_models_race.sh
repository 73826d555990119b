#!/usr/bin/env bash
# The models of issue #26 against spopt (PuLP + CBC) in one run: bench/siting_models_race.py
# (what is raced and how). spopt comes from PyPI into bench/.venv (git-ignored), made here
# on first use; never the system Python.
#   bench/siting_models_race.sh BUILD_DIR [--sizes 100,300,500] [--time-limit S] [--models M,...]
#                               [--python PY]   (gdist's package in process too: siting_models_race.py)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:?usage: $0 BUILD_DIR [race options]}" && pwd)"
shift
venv="$root/bench/.venv"
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "import spopt" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q spopt
fi
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); spopt $("$venv/bin/python" -c 'import spopt; print(spopt.__version__)')"
exec "$venv/bin/python" "$root/bench/siting_models_race.py" "$build" "$@"
