#!/usr/bin/env bash
# Prints one line per run of a fixed set: the determinism scenes' state hashes, every bundled
# scene's final state and counters (run --json --state), and the gas at several sizes, with the
# wall-clock figures removed. Two builds that print the same lines gave the same events, bit for
# bit (every number is printed so that it reads back as the same double).
# Usage: scripts/event-digest.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
cli=$build/tools/circol
strip_clock() { grep -v -E '"(wall_seconds|setup_seconds|collisions_per_second|scene)"'; }
# the observables added to run's and gas's reports after these lines were first kept (so that the
# lines still compare the events with those of a build that lacks them)
strip_run() {
    sed '/^\t"energy":\t{$/,/^\t},\{0,1\}$/d' | strip_clock | grep -v -E '"(pressure|collision_rate)"'
}
strip_gas() {
    sed '/^\t"msd":\t{$/,/^\t},\{0,1\}$/d' | strip_clock |
        grep -v -E '"(g_contact|g_contact_stderr|Z_from_g_contact)"'
}
digest() { sha256sum | cut -c1-16; }
"$build/tests/determinism_scene_static"
for scene in examples/scenes/*.json; do
    echo "run $(basename "$scene") $("$cli" run "$scene" --json --state 2>/dev/null | strip_run | digest)"
done
for n in 100 2000 20000; do
    for eta in 0.3 0.5 0.7; do
        echo "gas n=$n eta=$eta $("$cli" gas --n "$n" --eta "$eta" --collisions $((n * 20)) \
            --seed 7 --json 2>/dev/null | strip_gas | digest)"
    done
done
