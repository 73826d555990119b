#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest.
# GDIST_TEST_LEVEL=1 adds the slow real-data cases.
set -euo pipefail
# Warnings are errors here (CI runs this script); demo.sh builds without.
export GDIST_WERROR=ON
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$GDIST_BUILD"
ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" --timeout 900
