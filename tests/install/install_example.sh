#!/bin/bash
# cmake --install into a temporary prefix; then the example project in
# docs/examples/find_package is configured against that prefix alone
# (find_package(gdist)), built (through ccache when present) and run on the
# sample graph, and its diameter must equal the installed gcenter's.
#   install_example.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

cmake --install "$build" --prefix "$prefix" > "$tmp/install.log"
for f in bin/gconvert bin/gapsp bin/gcenter bin/gpath bin/ginfo \
         include/gdist/lib/engine/apsp.hpp include/gdist/kernels/cpu/minplus_microkernel.inc \
         share/bash-completion/completions/gapsp; do
  [ -e "$prefix/$f" ] || { echo "install_example: $f was not installed"; exit 1; }
done
config=$(find "$prefix" -name gdistConfig.cmake)
[ -n "$config" ] || { echo "install_example: no gdistConfig.cmake under $prefix"; exit 1; }
if command -v help2man > /dev/null; then
  for app in gconvert gapsp gcenter gpath ginfo; do
    page=$(find "$prefix" -name "$app.1")
    grep -q "^\.SH OPTIONS" "$page" || grep -q "^\.SH DESCRIPTION" "$page" ||
      { echo "install_example: $app.1 has no sections"; exit 1; }
  done
fi
# The completion file registers every app when bash sources it.
bash -c "source '$prefix/share/bash-completion/completions/gapsp'; complete -p gcenter" > /dev/null

launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$src/docs/examples/find_package" -B "$tmp/example" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" > "$tmp/configure.log" ||
  { cat "$tmp/configure.log"; exit 1; }
cmake --build "$tmp/example" -j2 > "$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }

graph=$src/data/grid-50x40.gr
got=$("$tmp/example/diameter" "$graph")
want=$("$prefix/bin/gcenter" "$graph" --json -q |
       /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["diameter"])')
echo "example: $got; installed gcenter: diameter $want"
[[ "$got" == "n 2000 diameter $want center "* ]] || { echo "install_example: the diameters differ"; exit 1; }
