#!/usr/bin/env bash
# `make run`: the main job on the bundled default scene.
set -euo pipefail
build=${1:-build}
if [[ -x $build/tools/circol ]]; then
    exec "$build/tools/circol" run
fi
exec "$build/examples/seed_scenarios"
