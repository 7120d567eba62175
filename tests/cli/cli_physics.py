#!/usr/bin/env python3
"""End-to-end tests of circol's observables: the pressure and collision rate of `run`, the
bidisperse gas against a mixture equation of state, and what an interrupted gas reports.
One case per CTest test.

usage: cli_physics.py --circol PATH --scenes DIR CASE
"""
import argparse
import csv
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import time

import cli_test
from cli_test import Failure, check, circol, run_json


def henderson(eta):
    """Henderson's equation of state for hard disks."""
    return (1 + eta * eta / 8) / (1 - eta) ** 2


def case_run_pressure():
    """run --json's pressure is the 2D virial pressure (kinetic energy + virial / 2t) / A, with
    the virial summed here from the trace's own collisions (contact distance r_a + r_b times the
    impulse), and its collision rate is 2 collisions / (N t)."""
    path = os.path.join(cli_test.SCENES, "gas.json")
    scene = cli_test.load_scene(path)
    radii = [c["r"] for c in scene["circles"]]
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "trace.csv")
        report = run_json("run", path, "--until", "5", "--trace", trace)
        virial, count = 0.0, 0
        with open(trace) as f:
            for row in csv.DictReader(f):
                if row["kind"] == "circle":
                    virial += (radii[int(row["a"])] + radii[int(row["b"])]) * float(row["impulse"])
                    count += 1
    x0, y0, x1, y1 = scene["world"]["box"]
    t = report["time"]
    expected = (report["kinetic_energy"] + virial / (2 * t)) / ((x1 - x0) * (y1 - y0))
    check(count == report["collisions"], f"trace has {count} collisions")
    check(abs(report["pressure"] - expected) <= 1e-9 * expected,
          f"pressure {report['pressure']} != {expected}")
    rate = 2 * count / (len(radii) * t)
    check(abs(report["collision_rate"] - rate) <= 1e-12 * rate, f"rate {report['collision_rate']}")
    # and the gas's equation of state: these are disks of diameter 1 at a known packing fraction
    n = len(radii)
    eta = n * math.pi * 0.25 / ((x1 - x0) * (y1 - y0))
    z = report["pressure"] * (x1 - x0) * (y1 - y0) / report["kinetic_energy"]
    check(abs(z - henderson(eta)) <= 0.05 * henderson(eta), f"Z {z} far from {henderson(eta)}")
    # no time passed: no pressure to speak of, and null rather than NaN
    proc = circol("run", path, "--until", "0", "--json")
    zero = json.loads(proc.stdout)
    check(zero["pressure"] is None and zero["collision_rate"] is None, f"at t = 0: {zero}")


def case_gas_bidisperse():
    """gas --bidisperse: half the disks of diameter 1.4, the box holding them at the packing
    fraction asked, and Z within 1% of the mixture equation of state of Santos, Yuste and Lopez
    de Haro (from Henderson's), computed here; the one-size gas differs from it."""
    n, eta = 1000, 0.4
    report = run_json("gas", "--n", str(n), "--eta", str(eta), "--collisions", "400000",
                      "--seed", "3", "--bidisperse")
    large = n // 2
    mean_square = ((n - large) + 1.96 * large) / n
    check(abs(n * math.pi * mean_square / (4 * report["box"] ** 2) - eta) <= 1e-12,
          f"box {report['box']}")
    mean = ((n - large) + 1.4 * large) / n
    theory = 1 / (1 - eta) + (henderson(eta) - 1 / (1 - eta)) * mean * mean / mean_square
    check(abs(report["Z_henderson"] - theory) <= 1e-12 * theory, f"{report['Z_henderson']}")
    check(abs(report["Z"] - theory) <= 0.01 * theory, f"Z {report['Z']} vs {theory}")
    check(abs(report["Z"] - theory) <= 5 * report["Z_stderr"] + 0.002 * theory,
          f"Z {report['Z']} +- {report['Z_stderr']} vs {theory}")
    check(report["bidisperse"] is True and report["Z_from_collision_rate"] is None, "keys")
    check(abs(report["Z"] - henderson(eta)) > 0.01, "the mixture's Z is the one-size one")


def case_gas_interrupted_honest():
    """A gas interrupted before two blocks reports Z without an error bar and no chi2 test,
    never NaN or negative degrees of freedom, in words and in JSON."""
    for json_flag in ([], ["--json"]):
        proc = subprocess.Popen([cli_test.CIRCOL, "gas", "--n", "20000", "--collisions",
                                 "1000000000", *json_flag], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True,
                                env=dict(os.environ, CIRCOL_PROGRESS="0"))
        time.sleep(1.5)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        check(proc.returncode == 130, f"exit {proc.returncode}: {err[-300:]!r}")
        check("nan" not in out.lower() and "for -1" not in out, f"output: {out}")
        if json_flag:
            report = json.loads(out)
            check(report["Z_stderr"] is None, f"Z_stderr {report['Z_stderr']}")
            check(report["speed_distribution"]["dof"] >= 0, "negative degrees of freedom")
            check(report["blocks"] < 2, f"{report['blocks']} blocks in 1.5 s")
        else:
            check(("no error bar" in out or "not measured" in out) and "too few samples" in out,
                  f"output: {out}")


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
    except (Failure, AssertionError, json.JSONDecodeError, KeyError) as error:
        print(f"FAILED {options.case}: {error}")
        return 1
    print(f"ok {options.case}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
