#!/usr/bin/env bash
# The hard-disk equation of state over several packing fractions and seeds, one `circol gas` run
# per (eta, seed), run side by side with GNU parallel; then merged (scripts/eos_merge.py) into
# eos.json and drawn as eos.svg: Z(eta) with error bars against Henderson's equation of state.
# docs/ENSEMBLES.md shows the same recipe as a Slurm array job (the jobs file, one line a task).
#
# usage: scripts/eos-sweep.sh [options] OUTDIR
#   --circol PATH       the circol executable (default: build/tools/circol)
#   --etas "E1 E2 ..."  packing fractions (default: 0.1 0.2 0.3 0.4 0.5 0.6 0.65)
#   --seeds S           seeds per packing fraction, 1..S (default 4)
#   --n N               disks per run (default 4096)
#   --collisions C      collisions per disk measured (default 100)
#   --jobs J            runs at once (default: one per core)
#   --jobs-file-only    write OUTDIR/jobs.txt and stop (for a batch system)
# Writes OUTDIR/jobs.txt (one command a line), OUTDIR/runs/eta<E>-seed<S>.json, OUTDIR/eos.json,
# OUTDIR/eos.svg. Exit status: 0 done, 1 a run or the merge failed, 2 bad usage.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
circol=$root/build/tools/circol
etas="0.1 0.2 0.3 0.4 0.5 0.6 0.65"
seeds=4
n=4096
per_disk=100
jobs=""
jobs_only=false
out=""
usage() {
    sed -n '7,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
while (($# > 0)); do
    case "$1" in
        --circol) circol=$2; shift 2 ;;
        --etas) etas=$2; shift 2 ;;
        --seeds) seeds=$2; shift 2 ;;
        --n) n=$2; shift 2 ;;
        --collisions) per_disk=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --jobs-file-only) jobs_only=true; shift ;;
        -h | --help) usage ;;
        -*) echo "eos-sweep: $1: unknown option" >&2; usage ;;
        *) [[ -z $out ]] || usage; out=$1; shift ;;
    esac
done
[[ -n $out ]] || usage
[[ $seeds =~ ^[1-9][0-9]*$ && $n =~ ^[1-9][0-9]*$ && $per_disk =~ ^[1-9][0-9]*$ ]] || usage
mkdir -p "$out/runs"
collisions=$((n * per_disk))
# one line a run: what GNU parallel runs here, and what a Slurm array task picks by its index
: >"$out/jobs.txt"
for eta in $etas; do
    for seed in $(seq 1 "$seeds"); do
        printf '%q gas --n %d --eta %s --seed %d --collisions %d --json > %q\n' "$circol" "$n" \
            "$eta" "$seed" "$collisions" "$out/runs/eta$eta-seed$seed.json" >>"$out/jobs.txt"
    done
done
if $jobs_only; then
    echo "eos-sweep: $(wc -l <"$out/jobs.txt") runs in $out/jobs.txt"
    exit 0
fi
command -v parallel >/dev/null || { echo "eos-sweep: GNU parallel not found" >&2; exit 1; }
# --halt: stop at the first failed run, and fail
parallel --will-cite --halt now,fail=1 ${jobs:+--jobs "$jobs"} <"$out/jobs.txt"
/usr/bin/python3 "$root/scripts/eos_merge.py" --svg "$out/eos.svg" "$out"/runs/*.json \
    >"$out/eos.json"
echo "eos-sweep: $out/eos.json, $out/eos.svg"
