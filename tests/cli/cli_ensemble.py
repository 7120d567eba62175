#!/usr/bin/env python3
"""The ensemble recipe (scripts/eos-sweep.sh, docs/ENSEMBLES.md) in miniature: two packing
fractions times three seeds of a small gas run under GNU parallel, merged and drawn. The merged
Z of each packing fraction is the mean of its runs' Z, its error their spread over sqrt(seeds)
(both recomputed here from the runs), and lies near Henderson's equation of state (a small gas:
finite-size terms of order 1/N allowed); the SVG is well-formed XML with one point and one error
bar per packing fraction; the jobs file has one line per run, as a Slurm array task reads it.

usage: cli_ensemble.py --circol PATH --root DIR
"""
import argparse
import glob
import json
import math
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def henderson(eta):
    return (1 + eta * eta / 8) / (1 - eta) ** 2


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--circol", required=True)
    parser.add_argument("--root", required=True)
    options = parser.parse_args()
    script = os.path.join(options.root, "scripts", "eos-sweep.sh")
    try:
        with tempfile.TemporaryDirectory() as out:
            proc = subprocess.run([script, "--circol", options.circol, "--etas", "0.2 0.35",
                                   "--seeds", "3", "--n", "256", "--collisions", "40", "--jobs",
                                   "2", out], capture_output=True, text=True, timeout=600)
            check(proc.returncode == 0, f"sweep exited {proc.returncode}: {proc.stderr}")
            with open(os.path.join(out, "jobs.txt")) as f:
                check(len(f.read().splitlines()) == 6, "jobs.txt: one line per run")
            with open(os.path.join(out, "eos.json")) as f:
                merged = json.load(f)
            runs = {}
            for path in glob.glob(os.path.join(out, "runs", "*.json")):
                with open(path) as f:
                    r = json.load(f)
                runs.setdefault(r["eta"], []).append(r["Z"])
            check(sorted(runs) == [0.2, 0.35] and all(len(z) == 3 for z in runs.values()),
                  f"runs {runs}")
            check(len(merged["points"]) == 2, "two points")
            for p in merged["points"]:
                zs = runs[p["eta"]]
                mean = sum(zs) / 3
                spread = math.sqrt(sum((z - mean) ** 2 for z in zs) / 2) / math.sqrt(3)
                check(abs(p["Z"] - mean) <= 1e-12 * mean, f"mean {p}")
                check(abs(p["Z_stderr"] - spread) <= 1e-9 * spread, f"error {p}")
                h = henderson(p["eta"])
                check(abs(p["Z_henderson"] - h) <= 1e-12 * h, f"Henderson {p}")
                check(abs(p["Z"] - h) <= 0.03 * h + 4 * p["Z_stderr"], f"far from Henderson {p}")
            tree = ET.parse(os.path.join(out, "eos.svg"))
            svg = "{http://www.w3.org/2000/svg}"
            points = [c for c in tree.iter(svg + "circle") if c.get("class") == "point"]
            bars = [line for line in tree.iter(svg + "line") if line.get("class") == "error-bar"]
            check(len(points) == 2 and len(bars) == 2, "one point and bar per packing fraction")
    except (AssertionError, OSError, ValueError, KeyError, ET.ParseError,
            subprocess.TimeoutExpired) as error:
        print(f"FAILED ensemble_recipe: {error}")
        return 1
    print("ok ensemble_recipe")
    return 0


if __name__ == "__main__":
    sys.exit(main())
