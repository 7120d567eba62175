#!/usr/bin/env bash
# The determinism scenes give the same state hashes whichever way the library is built: its
# sources compiled at -O0 and at -O2 (with the project's floating-point flags), and the CMake
# build's static and shared libraries.
# Usage: determinism_builds.sh CC SOURCE_DIR STATIC_PROGRAM SHARED_PROGRAM
set -euo pipefail
cc=$1 src=$2 static_program=$3 shared_program=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-std=c17 -ffp-contract=off -fno-fast-math -I"$src/include" -I"$src/src" -I"$src/tests")
for level in -O0 -O2; do
    "$cc" "${flags[@]}" "$level" "$src"/src/*.c "$src/tests/determinism_scene.c" -lm \
        -o "$work/scene$level"
    "$work/scene$level" >"$work/hash$level"
done
"$static_program" >"$work/hash-static"
"$shared_program" >"$work/hash-shared"
cat "$work/hash-static"
status=0
for other in hash-O0 hash-O2 hash-shared; do
    if ! cmp -s "$work/hash-static" "$work/$other"; then
        echo "determinism: $other differs from the static library's hashes:" >&2
        diff "$work/hash-static" "$work/$other" >&2 || true
        status=1
    fi
done
[ "$status" = 0 ] && echo "determinism: -O0, -O2, static and shared agree"
exit "$status"
