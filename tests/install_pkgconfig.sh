#!/usr/bin/env bash
# An install into a prefix other than the one configured gives a pkg-config file that points at
# that prefix: the README's example compiles and links with `pkg-config --cflags --libs circol`
# alone, and runs.
# Usage: install_pkgconfig.sh CMAKE PKG_CONFIG CC BUILD_DIR SOURCE_DIR LIBDIR [EXTRA_CFLAGS]
# (EXTRA_CFLAGS: what the build itself compiled with that the example needs too, such as the
# sanitizers)
set -euo pipefail
cmake=$1 pkg_config=$2 cc=$3 build=$4 src=$5 libdir=$6
read -r -a extra <<<"${7:-}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
case $libdir in
/*) echo "install_pkgconfig: libdir $libdir is absolute, nothing to check"; exit 0 ;;
esac
pc_dir="$prefix/$libdir/pkgconfig"
test -f "$pc_dir/circol.pc" || { echo "no circol.pc in $pc_dir" >&2; exit 1; }
export PKG_CONFIG_PATH="$pc_dir" PKG_CONFIG_LIBDIR="$pc_dir"
includedir=$("$pkg_config" --variable=includedir circol)
test -f "$includedir/circol/circol.h" || {
    echo "circol.pc gives includedir $includedir, without circol/circol.h" >&2
    exit 1
}
read -r -a flags <<<"$("$pkg_config" --cflags --libs circol)"
"$cc" -std=c17 "${extra[@]}" "$src/examples/readme_example.c" "${flags[@]}" -o "$work/example"
LD_LIBRARY_PATH="$prefix/$libdir" "$work/example" >"$work/out"
grep -q "touch at t = " "$work/out"
