#!/usr/bin/env bash
# Installs what is missing, builds, and runs gconvert -> gapsp -> gcenter on
# the sample road grid in data/.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
bin="$GDIST_BUILD/apps"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sample="$GDIST_ROOT/data/grid-50x40.gr"
echo "== gconvert $sample"
"$bin/gconvert" "$sample" "$work/grid.gdm"
echo "== gapsp"
"$bin/gapsp" "$work/grid.gdm" "$work/dist.gdm"
echo "== gcenter"
"$bin/gcenter" "$work/dist.gdm"
echo "== gcenter --json"
"$bin/gcenter" "$work/dist.gdm" --json
