#!/usr/bin/env python3
"""End-to-end tests of `circol jam`: the JSON report of a compression to jamming against the
literature (the 50:50 mixture of diameters 1 and 1.4 jams near phi = 0.84, O'Hern et al. 2003;
equal disks never pass the hexagonal 0.9069), the picture, and usage errors. One case per CTest
test.

usage: cli_jam.py --circol PATH --scenes DIR CASE
"""
import argparse
import json
import math
import os
import sys
import tempfile
import xml.etree.ElementTree as ET

import cli_test
from cli_test import Failure, check, circol, run_json

KEYS = ["n", "bidisperse", "growth", "seed", "box", "phi", "pressure", "stop", "collisions",
        "rescales", "time", "rattlers", "mean_contacts", "contact_gap", "max_overlap",
        "wall_seconds"]


def case_jam_bidisperse():
    """A bidisperse compression of 128 disks jams at 0.80 < phi < 0.86 with the reduced pressure
    past 1e6; its phi is the disks' area over the box's; rattlers and contacts are sane."""
    report = run_json("jam", "--n", "128", "--bidisperse", "--seed", "3")
    for key in KEYS:
        check(key in report, f"missing key {key}")
    check(report["stop"] == "pressure", f"stop {report['stop']}")
    check(report["pressure"] > 1e6, f"pressure {report['pressure']}")
    check(0.80 < report["phi"] < 0.86, f"phi {report['phi']}")
    # the disks' radii grew by the same factor: phi over the starting 0.3 is that factor squared
    factor = math.sqrt(report["phi"] / 0.3)
    check(abs(factor - (1 + report["growth"] * report["time"])) <= 1e-9 * factor,
          f"growth factor {factor} against 1 + G t")
    check(0 <= report["rattlers"] < report["n"] // 4, f"rattlers {report['rattlers']}")
    check(3.0 < report["mean_contacts"] <= 4.2, f"mean contacts {report['mean_contacts']}")
    check(report["max_overlap"] <= 1e-9, f"overlap {report['max_overlap']}")
    check(report["collisions"] >= report["rescales"] * 10 * 128 - 1, "rounds of 10 per disk")


def case_jam_monodisperse():
    """Equal disks compressed slowly stay below the hexagonal packing fraction."""
    report = run_json("jam", "--n", "64", "--growth", "0.002", "--max-pressure", "1e4")
    check(report["phi"] < math.pi / (2 * math.sqrt(3)), f"phi {report['phi']}")
    check(report["phi"] > 0.75, f"phi {report['phi']}")
    check(report["bidisperse"] is False, "bidisperse false")


def case_jam_picture():
    """--svg writes a well-formed picture with a circle per disk (more across the periodic
    edges) and the legend of contact numbers; the summary names phi and the rattlers."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "jam.svg")
        proc = circol("jam", "--n", "100", "--bidisperse", "--svg", path)
        check(proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr}")
        check("phi" in proc.stdout and "rattlers" in proc.stdout, proc.stdout)
        root = ET.parse(path).getroot()
        ns = "{http://www.w3.org/2000/svg}"
        circles = root.iter(ns + "circle")
        check(sum(1 for _ in circles) >= 100, "a circle per disk")
        texts = " ".join(t.text or "" for t in root.iter(ns + "text"))
        check("contacts" in texts and "rattlers" in texts, f"legend: {texts[:200]}")


def case_jam_interrupted():
    """Ctrl-C stops the compression between two rounds: status 130, and the report of the packing
    reached, with stop "interrupted"."""
    import signal
    import subprocess
    import time
    env = dict(os.environ, CIRCOL_PROGRESS="0")
    proc = subprocess.Popen([cli_test.CIRCOL, "jam", "--n", "4000", "--bidisperse", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    check(proc.returncode == 130, f"exit {proc.returncode}: {err}")
    report = json.loads(out)
    check(report["stop"] == "interrupted", f"stop {report['stop']}")
    check(0.3 <= report["phi"] < 0.86, f"phi {report['phi']}")


def case_jam_usage_errors():
    """Bad options exit with status 2 and name the option."""
    for args, name in [(["--growth", "0"], "--growth"), (["--growth", "-1"], "--growth"),
                       (["--growth", "100"], "--growth"), (["--n", "2"], "--n"),
                       (["--max-pressure", "0.5"], "--max-pressure"), (["--bogus"], "--bogus")]:
        proc = circol("jam", *args)
        check(proc.returncode == 2 and name in proc.stderr, f"{args}: {proc.stderr}")
    proc = circol("help", "jam")
    check(proc.returncode == 0 and "--growth" in proc.stdout, "help jam")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--circol", required=True)
    parser.add_argument("--scenes", required=True)
    parser.add_argument("case")
    options = parser.parse_args()
    cli_test.CIRCOL, cli_test.SCENES = options.circol, options.scenes
    test = globals().get("case_" + options.case)
    if test is None:
        print(f"unknown case {options.case}")
        return 2
    try:
        test()
    except (Failure, AssertionError, json.JSONDecodeError, KeyError, ET.ParseError) as error:
        print(f"FAILED {options.case}: {error}")
        return 1
    print(f"ok {options.case}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
