#!/usr/bin/env python3
"""End-to-end tests of circol's spheres: `gas --dim 3` against Kolafa's equation of state, the
collision-rate and contact-value identities and Enskog's diffusion coefficient, `run` on scenes
with "dim": 3. One case per CTest test.

usage: cli_3d.py --circol PATH --scenes DIR CASE
"""
import json
import math
import os
import sys
import tempfile

import cli_test
from cli_test import check, circol, gas_contact_value, run_json


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


def carnahan_starling_contact(eta):
    """The contact value of g(r) of the hard-sphere fluid by Carnahan and Starling."""
    return (1 - eta / 2) / (1 - eta) ** 3


def case_gas3d_contact_value():
    """g(r) near contact, extrapolated to contact from the histogram of pair distances (which
    knows nothing of collisions), agrees with the virial's Z through the hard-sphere identity
    Z = 1 + 4 eta g(sigma) within the error bars, and with Carnahan and Starling's contact
    value; the --gr file's first bins are the histogram the value comes from, and g -> 1 far
    out (the ideal-gas normalisation by 4 pi r^2 dr)."""
    eta = 0.3
    report, rows = gas_contact_value(3, eta, "--dim", "3", "--n", "2000", "--eta", str(eta),
                                     "--collisions", "600000", "--blocks", "60", "--equilibrate",
                                     "20", "--seed", "5")
    g, g_err = report["g_contact"], report["g_contact_stderr"]
    theory = carnahan_starling_contact(eta)
    check(abs(g - theory) <= 3 * g_err + 0.01 * theory, f"g_contact {g} vs {theory}")
    check(g_err < 0.02 * g, f"error bar {g_err}")
    check(1.0 < rows[0][0] < 1.02, f"first bin at {rows[0][0]}")
    check(0.9 * g < rows[0][1] < 1.05 * g, f"first bin {rows[0][1]} vs {g}")
    far = [value for r, value in rows if r > 2.5]
    check(far and abs(sum(far) / len(far) - 1.0) < 0.02, f"g(r) far out {far}")


def case_gas3d_diffusion():
    """The mean-square displacement of the spheres from unwrapped positions grows linearly at
    long times, msd = 6 D t, with D near the Chapman-Enskog value for hard spheres at low
    density, D_E = 3 sqrt(kT / (pi m)) / (8 n sigma^2 g(sigma)) (Chapman and Cowling; Hansen and
    McDonald), computed here with g(sigma) from the measured Z. The second Sonine approximation
    raises the dilute-gas value by 1.9% and correlated collisions (ring collisions; Alder,
    Gass and Wainwright 1970) by some percent more at eta 0.05; the finite box lowers it by about
    1%: D / D_E lies in [0.97, 1.15]. Before the first collision every sphere flies:
    msd = <v^2> t^2 = 3 kT t^2."""
    eta = 0.05
    report = run_json("gas", "--dim", "3", "--n", "4000", "--eta", str(eta), "--collisions",
                      "400000", "--blocks", "20", "--seed", "2")
    msd = report["msd"]
    d, d_enskog = msd["diffusion"], msd["diffusion_enskog"]
    density = 6 * eta / math.pi
    g = (report["Z"] - 1) / (4 * eta)
    theory = 3 * math.sqrt(report["kT"] / math.pi) / (8 * density * g)
    check(abs(d_enskog - theory) <= 1e-9 * theory, f"Enskog {d_enskog} vs {theory}")
    check(0.97 * d_enskog <= d <= 1.15 * d_enskog, f"D {d} vs Enskog {d_enskog}")
    times, values = msd["time"], msd["value"]
    check(len(times) == 21 and times[0] == 0 and values[0] == 0, "the first sample is the origin")
    check(all(b > a for a, b in zip(values[5:], values[6:])), "msd not growing")
    late = [v / (6 * t) for t, v in zip(times, values) if t > times[-1] / 2]
    check(max(late) < 1.1 * min(late), f"not linear: {late}")
    check(values[-1] > report["box"] ** 2, "the spheres crossed the box: unwrapped positions")
    # ballistic: one short block at a low density, where few spheres have collided yet
    short = run_json("gas", "--dim", "3", "--n", "4000", "--eta", "0.01", "--collisions", "40",
                     "--blocks", "2", "--equilibrate", "0")
    t, v = short["msd"]["time"][1], short["msd"]["value"][1]
    check(abs(v - 3 * short["kT"] * t * t) <= 0.05 * v, f"msd {v} at {t} not ballistic")


def case_gas3d_options():
    """--bidisperse and --svg stay for disks (status 2); the human summary names the contact
    value through the sphere identity and the diffusion coefficient."""
    for extra in (["--bidisperse"], ["--svg", os.devnull]):
        proc = circol("gas", "--dim", "3", "--n", "500", *extra)
        check(proc.returncode == 2 and extra[0] in proc.stderr, f"{extra}: {proc.returncode}")
    proc = circol("gas", "--dim", "3", "--n", "500", "--collisions", "20000")
    check(proc.returncode == 0, f"exit {proc.returncode}")
    check("Z = 1 + 4 eta g" in proc.stdout and "Enskog" in proc.stdout, proc.stdout)


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


if __name__ == "__main__":
    sys.exit(cli_test.main(globals()))
