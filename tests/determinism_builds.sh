#!/usr/bin/env bash
# The determinism scenes give the same state hashes whichever way the library is built: its
# sources compiled at -O0 and at -O2 (with the project's floating-point flags), the CMake build's
# static and shared libraries, and (GCC on x86-64) one build per instruction set the processor
# runs for the vectorised kernels. Those kernels are cloned for AVX-512, AVX2 and the baseline and
# chosen at load time, so any one test binary runs only the clone its processor gets: each of
# these builds fixes one set (CCL_NO_TARGET_CLONES) and must also pass test_batch.c, whose batch
# results must equal the scalar call's bit for bit.
# Usage: determinism_builds.sh CC SOURCE_DIR STATIC_PROGRAM SHARED_PROGRAM
set -euo pipefail
cc=$1 src=$2 static_program=$3 shared_program=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-std=c17 -ffp-contract=off -fno-fast-math -I"$src/include" -I"$src/src" -I"$src/tests" -I"$src/tests/support")
mapfile -t sources < <(find "$src/src" -name '*.c' | sort)
builds=()
for level in -O0 -O2; do
    "$cc" "${flags[@]}" "$level" "${sources[@]}" "$src/tests/determinism_scene.c" -lm \
        -o "$work/scene$level"
    "$work/scene$level" >"$work/hash$level"
    builds+=("hash$level")
done
status=0
macros=$("$cc" -dM -E - </dev/null)
if [ "$(uname -m)" = x86_64 ] && grep -q __GNUC__ <<<"$macros" && ! grep -q __clang__ <<<"$macros"; then
    sets=("baseline:")
    cpu=$(grep -m1 '^flags' /proc/cpuinfo || true)
    grep -qw avx2 <<<"$cpu" && sets+=("avx2:-mavx2")
    if grep -qw avx512f <<<"$cpu" && grep -qw avx512vl <<<"$cpu" && grep -qw avx512bw <<<"$cpu" &&
        grep -qw avx512dq <<<"$cpu"; then
        sets+=("x86-64-v4:-march=x86-64-v4")
    fi
    read -r -a cmocka <<<"$(pkg-config --cflags --libs cmocka)"
    for set in "${sets[@]}"; do
        name=${set%%:*} isa=${set#*:}
        kernel_flags=("${flags[@]}" -O2 -fno-math-errno -fno-trapping-math -DCCL_NO_TARGET_CLONES)
        # shellcheck disable=SC2086 # isa is one flag or none
        "$cc" "${kernel_flags[@]}" $isa "${sources[@]}" "$src/tests/determinism_scene.c" -lm \
            -o "$work/scene-$name"
        "$work/scene-$name" >"$work/hash-$name"
        builds+=("hash-$name")
        # shellcheck disable=SC2086
        "$cc" "${kernel_flags[@]}" $isa "${sources[@]}" "$src/tests/test_batch.c" "${cmocka[@]}" -lm \
            -o "$work/batch-$name"
        if ! "$work/batch-$name" >"$work/batch-$name.log" 2>&1; then
            echo "determinism: the $name build's batch differs from its scalar call:" >&2
            cat "$work/batch-$name.log" >&2
            status=1
        fi
    done
fi
"$static_program" >"$work/hash-static"
"$shared_program" >"$work/hash-shared"
builds+=("hash-shared")
cat "$work/hash-static"
for other in "${builds[@]}"; do
    if ! cmp -s "$work/hash-static" "$work/$other"; then
        echo "determinism: $other differs from the static library's hashes:" >&2
        diff "$work/hash-static" "$work/$other" >&2 || true
        status=1
    fi
done
[ "$status" = 0 ] && echo "determinism: the static library and ${builds[*]} agree"
exit "$status"
