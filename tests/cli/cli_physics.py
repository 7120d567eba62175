#!/usr/bin/env python3
"""End-to-end tests of circol's observables: the pressure and collision rate of `run`, the
bidisperse gas against a mixture equation of state, and what an interrupted gas reports.
One case per CTest test.

usage: cli_physics.py --circol PATH --scenes DIR CASE
"""
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
from cli_test import check, circol, gas_contact_value, read_xyz, run_json


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


def case_gas_contact_value():
    """g(r) near contact, extrapolated to contact from the histogram of pair distances (which
    knows nothing of collisions), agrees with the virial's Z through Z = 1 + 2 eta g(sigma)
    within the error bars; the --gr file's first bins are the histogram the value comes from,
    and g(r) there lies near Henderson's contact value."""
    eta = 0.4
    report, rows = gas_contact_value(2, eta, "--n", "4096", "--eta", str(eta), "--collisions",
                                     "1000000", "--blocks", "60", "--seed", "5")
    g, g_err = report["g_contact"], report["g_contact_stderr"]
    check(rows[0][0] > 1.0 and rows[0][0] < 1.02, f"first bin at {rows[0][0]}")
    check(rows[0][1] < g * 1.05 and rows[0][1] > g * 0.9, f"first bin {rows[0][1]} vs {g}")
    check(abs(rows[-1][1] - 1.0) < 0.1, f"g(r) far out {rows[-1]}")  # g -> 1 at 3 diameters
    check(g_err < 0.02 * g, f"error bar {g_err}")


def case_gas_diffusion():
    """The mean-square displacement from unwrapped positions grows linearly at long times, with
    a diffusion coefficient near Enskog's sqrt(kT / (pi m)) / (2 rho sigma g(sigma)) at low
    density (the 2D velocity autocorrelation's long-time tail and the higher Sonine terms put it
    some percent above); before the first collision every disk flies, msd = <v^2> t^2."""
    report = run_json("gas", "--n", "4096", "--eta", "0.05", "--collisions", "400000",
                      "--blocks", "20", "--seed", "2")
    msd = report["msd"]
    d, d_enskog = msd["diffusion"], msd["diffusion_enskog"]
    rho = 4 * 0.05 / math.pi
    g = (report["Z"] - 1) / (2 * 0.05)
    check(abs(d_enskog - math.sqrt(1 / math.pi) / (2 * rho * g)) <= 1e-9 * d_enskog,
          f"Enskog {d_enskog}")
    check(0.95 * d_enskog <= d <= 1.3 * d_enskog, f"D {d} vs Enskog {d_enskog}")
    times, values = msd["time"], msd["value"]
    check(times[0] == 0 and values[0] == 0, "the first sample is the origin")
    check(all(b > a for a, b in zip(values[10:], values[11:])), "msd not growing")
    late = [v / (4 * t) for t, v in zip(times, values) if t > times[-1] / 2]
    check(max(late) < 1.2 * min(late), f"not linear: {late}")
    # ballistic: one short block at a low density, where few disks have collided yet
    short = run_json("gas", "--n", "4096", "--eta", "0.01", "--collisions", "40",
                     "--blocks", "2", "--equilibrate", "0")
    t, v = short["msd"]["time"][1], short["msd"]["value"][1]
    check(abs(v - 2 * short["kT"] * t * t) <= 0.05 * v, f"msd {v} at {t} not ballistic")


def case_run_xyz():
    """run --xyz FILE --every DT: one extended XYZ frame per interval (Time=, Lattice=), the last
    one the final state that --state reports; in the periodic box the unwrapped positions differ
    from the positions by whole box sizes, never jump between frames, and their centre of mass
    moves with the total momentum (zero for gas.json); in a walled box they are the positions."""
    path = os.path.join(cli_test.SCENES, "gas.json")
    scene = cli_test.load_scene(path)
    x0, y0, x1, y1 = scene["world"]["box"]
    with tempfile.TemporaryDirectory() as tmp:
        xyz = os.path.join(tmp, "t.xyz")
        report = run_json("run", path, "--until", "20", "--every", "2", "--xyz", xyz, "--state")
        frames = read_xyz(xyz)
        check(len(frames) == 11, f"{len(frames)} frames")
        n = len(scene["circles"])
        momentum = [sum(c["vx"] for c in scene["circles"]), sum(c["vy"] for c in scene["circles"])]
        centre0 = None
        previous = None
        for k, (header, rows) in enumerate(frames):
            check(abs(float(header["Time"]) - 2 * k) <= 1e-12 * 20, f"Time {header['Time']}")
            lattice = [float(v) for v in header["Lattice"].split()]
            check(lattice == [x1 - x0, 0, 0, 0, y1 - y0, 0, 0, 0, 1], f"Lattice {lattice}")
            check(header["pbc"] == "T T F" and len(rows) == n, "pbc or count")
            centre = [sum(r[7] for r in rows) / n, sum(r[8] for r in rows) / n]
            centre0 = centre0 or centre
            t = float(header["Time"])
            for axis in (0, 1):
                expected = centre0[axis] + momentum[axis] * t / n
                check(abs(centre[axis] - expected) <= 1e-9 * (x1 - x0), "centre of mass moved")
            for r in rows:
                for axis, size in ((0, x1 - x0), (1, y1 - y0)):
                    k_images = (r[7 + axis] - r[axis]) / size
                    check(abs(k_images - round(k_images)) < 1e-9, f"unwrapped {r}")
            if previous is not None:
                jump = max(math.hypot(a[7] - b[7], a[8] - b[8]) for a, b in zip(rows, previous))
                check(jump < 0.5 * (x1 - x0), f"an unwrapped position jumped by {jump}")
            previous = rows
        last = frames[-1][1]
        for c, r in zip(report["circles"], last):
            check((c["x"], c["y"], c["vx"], c["vy"], c["r"]) == (r[0], r[1], r[4], r[5], r[3]),
                  f"last frame {r} vs state {c}")
        travelled = max(math.hypot(a[7] - b[7], a[8] - b[8]) for a, b in zip(last, frames[0][1]))
        check(travelled > 1.0, "nothing moved")
        walled = os.path.join(cli_test.SCENES, "billiards.json")
        if os.path.exists(walled):
            run_json("run", walled, "--until", "2", "--every", "1", "--xyz", xyz)
            for header, rows in read_xyz(xyz):
                check(header["pbc"] == "F F F", "walled pbc")
                check(all(r[7] == r[0] and r[8] == r[1] for r in rows), "walled unwrapped")
    proc = circol("run", path, "--every", "1")
    check(proc.returncode == 2 and "--xyz" in proc.stderr, f"--every alone: {proc.stderr}")
    proc = circol("run", path, "--xyz", "x.xyz")
    check(proc.returncode == 2 and "--every" in proc.stderr, f"--xyz alone: {proc.stderr}")


if __name__ == "__main__":
    sys.exit(cli_test.main(globals()))
