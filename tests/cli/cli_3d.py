#!/usr/bin/env python3
"""End-to-end tests of circol's spheres: `gas --dim 3` against Kolafa's equation of state and
the collision-rate identity, `run` on scenes with "dim": 3. One case per CTest test.

usage: cli_3d.py --circol PATH --scenes DIR CASE
"""
import json
import math
import os
import sys
import tempfile

import cli_test
from cli_test import Failure, check, circol, run_json


def kolafa(eta):
    """Kolafa's equation of state of the hard-sphere fluid."""
    return (1 + eta + eta ** 2 - 2 / 3 * eta ** 3 * (1 + eta)) / (1 - eta) ** 3


def case_gas3d_equation_of_state():
    """Z of the sphere gas lies within four error bars (and 1%) of Kolafa's; the collision rate
    gives the same Z through omega sigma sqrt(m / kT) = 6 (Z - 1) / sqrt(pi); the 2D keys are
    there."""
    report = run_json("gas", "--dim", "3", "--n", "1000", "--eta", "0.35", "--collisions",
                      "200000", "--equilibrate", "40", "--json")
    for key in ("n", "eta", "collisions", "time", "Z", "Z_stderr", "collision_rate",
                "wall_seconds", "collisions_per_second", "Z_from_collision_rate"):
        check(key in report, f"key {key}")
    z, err, ref = report["Z"], report["Z_stderr"], kolafa(0.35)
    check(report["dim"] == 3 and abs(report["Z_kolafa"] - ref) <= 1e-12 * ref, "Kolafa")
    check(abs(z - ref) <= 4 * err and abs(z - ref) <= 0.01 * ref, f"Z {z} +- {err} vs {ref}")
    rate_z = 1 + report["collision_rate"] * math.sqrt(math.pi / report["kT"]) / 6
    check(abs(rate_z - report["Z_from_collision_rate"]) <= 1e-12 * rate_z, "rate identity")
    check(abs(rate_z - z) <= 4 * err, f"Z from the rate {rate_z} vs {z}")
    speeds = report["speed_distribution"]
    check(speeds["chi2"] < speeds["dof"] + 5 * math.sqrt(2 * speeds["dof"]), "speeds chi2")


def case_run3d_scene():
    """run on a 3D scene: the walls keep the energy of elastic spheres, the spheres keep their
    masses' momentum between wall hits, and --state gives z and vz inside the box."""
    scene = {"dim": 3, "world": {"box": [0, 0, 0, 6, 5, 4], "boundary": "walls"},
             "circles": [{"x": 1 + 1.2 * k, "y": 1 + 0.7 * k, "z": 2, "vx": 1 - 0.3 * k,
                          "vy": 0.5, "vz": 0.25 * k - 0.5, "r": 0.4, "mass": 1 + k}
                         for k in range(4)],
             "until": 30}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "scene.json")
        with open(path, "w") as f:
            json.dump(scene, f)
        report = run_json("run", path, "--json", "--state")
    check(report["dim"] == 3 and report["time"] == 30, "time")
    e0, e1 = report["initial_kinetic_energy"], report["kinetic_energy"]
    check(abs(e1 - e0) <= 1e-12 * e0, f"energy {e1} vs {e0}")
    check(report["collisions"] > 0 and report["wall_collisions"] > 0, "collisions")
    check(report["max_overlap"] <= 1e-12, "overlap")
    for c in report["circles"]:
        check(0.4 <= c["z"] <= 3.6 and "vz" in c, f"sphere {c}")


def case_run3d_example():
    """The bundled 3D example runs to its end: nothing overlaps, energy is only lost (one sphere
    has restitution 0.9), and the spheres stay in the box."""
    path = os.path.join(os.path.dirname(cli_test.SCENES), "scenes3d", "spheres.json")
    report = run_json("run", path, "--json", "--state")
    check(report["time"] == report["until"] == 20, "runs to until")
    check(report["max_overlap"] <= 1e-12, "no overlap")
    check(report["kinetic_energy"] <= report["initial_kinetic_energy"] * (1 + 1e-12), "energy")
    for c in report["circles"]:
        inside = all(c["r"] <= c[k] <= 10 - c["r"] for k in ("x", "y", "z"))
        check(inside, f"sphere {c}")


def case_run3d_bad_scene():
    """A 3D scene with an unknown key, or a sphere outside its box, exits with status 2."""
    with tempfile.TemporaryDirectory() as tmp:
        for body in ({"dim": 3, "circles": [{"x": 1, "w": 2}]},
                     {"dim": 3, "circles": [{"x": -5, "y": 5, "z": 5}]},
                     {"dim": 3, "world": {"box": [0, 0, 10, 10]}}):
            path = os.path.join(tmp, "bad.json")
            with open(path, "w") as f:
                json.dump(body, f)
            proc = circol("run", path, "--json")
            check(proc.returncode == 2 and proc.stderr, f"{body}: {proc.returncode}")


def main():
    """Runs one case through cli_test's driver, which finds it among its own cases."""
    for name, case in list(globals().items()):
        if name.startswith("case_"):
            setattr(cli_test, name, case)
    return cli_test.main()


if __name__ == "__main__":
    sys.exit(main())
