#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest.
# GDIST_TEST_LEVEL=1 adds the slow real-data cases.
set -euo pipefail
# GDIST_WERROR=ON scripts/test.sh makes warnings errors (turn it on for CI
# once the whole tree builds warning-free).
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$GDIST_BUILD"
ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" --timeout 900
