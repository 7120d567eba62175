#!/usr/bin/env bash
# Builds the libFuzzer targets in build-fuzz (clang, ASan + UBSan) and runs each one from a copy
# of its committed seed corpus. Fails on any crash, sanitizer report, leak or timeout.
#   bash fuzz/run.sh short   # CI: a fixed seed and number of runs, at most FUZZ_SECONDS (45)
#   bash fuzz/run.sh long    # by hand: FUZZ_SECONDS (default 600) per target
#   bash fuzz/run.sh repro TARGET FILE   # replay one saved input with a trace
set -euo pipefail

mode=${1:-short}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUZZ_BUILD:-$root/build-fuzz}
cc=${FUZZ_CC:-clang}

case "$mode" in
    short) seconds=${FUZZ_SECONDS:-45} ;;
    long) seconds=${FUZZ_SECONDS:-600} ;;
    repro) seconds=0 ;;
    *) echo "usage: $0 short|long|repro TARGET FILE" >&2; exit 2 ;;
esac

if ! command -v "$cc" >/dev/null 2>&1; then
    echo "fuzz: $cc not found (install clang and libclang-rt-14-dev)" >&2
    exit 1
fi

cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCIRCOL_BUILD_FUZZ=ON -DCIRCOL_WERROR=ON -DCIRCOL_BUILD_TESTS=OFF -DCIRCOL_BUILD_TOOLS=OFF \
    -DCIRCOL_BUILD_BENCH=OFF -DCIRCOL_BUILD_EXAMPLES=OFF >/dev/null
targets=()
for source in "$root"/fuzz/fuzz_*.c; do
    name=$(basename "$source" .c)
    name=${name#fuzz_}
    if [ "$name" = scene ] && [ ! -f "$root/tools/scene.c" ]; then
        continue
    fi
    targets+=("$name")
done
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" \
    --target $(printf 'fuzz_%s ' "${targets[@]}") >/dev/null

if [ "$mode" = repro ]; then
    CIRCOL_FUZZ_TRACE=1 "$build/fuzz/fuzz_$2" "$3"
    exit $?
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
for name in "${targets[@]}"; do
    work="$build/corpus-run/$name"
    artifacts="$build/artifacts/$name"
    rm -rf "$work"
    mkdir -p "$work" "$artifacts"
    cp "$root/fuzz/corpus/$name"/* "$work"/ 2>/dev/null || true
    log="$build/fuzz-$name.log"
    echo "fuzz: $name for ${seconds}s ($(ls "$work" | wc -l) seeds)"
    # The short run (make test, CI) starts from a fixed random seed and stops after a fixed
    # number of executions, so that it repeats exactly the exploration checked before a change
    # landed (a slower machine stops at the time limit, having run a prefix of it). FUZZ_SEED=0
    # or a long run draws a new seed and runs for the whole time.
    seed_option=""
    if [ "$mode" = short ] && [ "${FUZZ_SEED:-1}" != 0 ]; then
        case "$name" in
            narrow) runs=1500000 ;;
            scene) runs=120000 ;;
            world_gravity) runs=1000 ;; # slower per input: up to 12,000 events each
            *) runs=20000 ;;
        esac
        seed_option="-seed=${FUZZ_SEED:-1} -runs=${FUZZ_RUNS:-$runs}"
    fi
    if "$build/fuzz/fuzz_$name" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
        $seed_option -max_len=4096 -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" \
        >"$log" 2>&1; then
        runs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')
        echo "fuzz: $name passed: ${runs:-?} executions, corpus $(ls "$work" | wc -l) inputs"
    else
        echo "fuzz: $name FAILED; log $log, input saved in $artifacts" >&2
        grep -E 'fuzz_[a-z]+:|ERROR|runtime error' "$log" | head -5 >&2 || true
        status=1
    fi
done
if [ "$status" = 0 ]; then
    echo "fuzz: ${#targets[@]} passed, 0 failed"
fi
exit "$status"
