#!/usr/bin/env bash
# An install into a prefix other than the one configured gives a CMake package that a project
# finds there: find_package(circol) and the README's example linked against circol::circol (the
# static library) and circol::circol_shared, built and run.
# Usage: install_cmake_package.sh CMAKE BUILD_DIR SOURCE_DIR [EXTRA_CFLAGS]
# (EXTRA_CFLAGS: what the build itself compiled with that the example needs too, such as the
# sanitizers)
set -euo pipefail
cmake=$1 build=$2 src=$3 extra=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
mkdir "$work/project"
cat >"$work/project/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.22)
project(circol_consumer C)
find_package(circol 0.1 REQUIRED)
add_executable(example_static "$src/examples/readme_example.c")
target_link_libraries(example_static PRIVATE circol::circol)
add_executable(example_shared "$src/examples/readme_example.c")
target_link_libraries(example_shared PRIVATE circol::circol_shared)
CMAKE
"$cmake" -S "$work/project" -B "$work/project/build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_FLAGS="$extra" -DCMAKE_EXE_LINKER_FLAGS="$extra" >"$work/configure.log" 2>&1 || {
    cat "$work/configure.log" >&2
    exit 1
}
"$cmake" --build "$work/project/build" >"$work/build.log" 2>&1 || {
    cat "$work/build.log" >&2
    exit 1
}
for kind in static shared; do
    "$work/project/build/example_$kind" >"$work/out_$kind"
    grep -q "touch at t = " "$work/out_$kind" || {
        echo "example_$kind printed:" >&2
        cat "$work/out_$kind" >&2
        exit 1
    }
done
# the shared example runs against the installed library, not one in the build tree
# (ldd's whole output first: grep -q may stop reading early, which pipefail would take as failure)
loaded=$(ldd "$work/project/build/example_shared")
case $loaded in
*"$prefix/"*libcircol* | *libcircol*"$prefix/"*) ;;
*)
    echo "example_shared does not load the installed libcircol:" >&2
    echo "$loaded" >&2
    exit 1
    ;;
esac
