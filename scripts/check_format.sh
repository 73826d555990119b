#!/usr/bin/env bash
# Fails when a C++/CUDA source of the tree differs from .clang-format (the
# house style, clang-format 14 from Debian). Fix with:
#   git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.h' | xargs clang-format-14 -i
# Exit 77 (ctest: skipped) when clang-format-14 is not installed.
set -euo pipefail
ROOT="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
cd "$ROOT"
FORMAT="$(command -v clang-format-14 || true)"
[[ -n "$FORMAT" ]] || { echo "check_format: clang-format-14 not installed; skipped" >&2; exit 77; }
# A checkout (a clone's .git folder or a worktree's .git file) lists its own
# sources; an exported tree is searched.
if [[ -e .git ]]; then
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.h')
else
  mapfile -t files < <(find apps lib formats kernels tests bench fuzz docs/examples \
                         \( -name '*.cpp' -o -name '*.hpp' -o -name '*.cu' -o -name '*.cuh' -o -name '*.h' \) -print)
fi
"$FORMAT" --dry-run --Werror "${files[@]}"
echo "check_format: ${#files[@]} files match .clang-format"
