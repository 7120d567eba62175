#!/usr/bin/env python3
"""End-to-end tests of checkpoint and restart (`circol run --checkpoint FILE --every DT`,
`circol resume FILE`) and of `circol gas --xyz`. The oracle of a restart is the run that was
never interrupted: the same report and final state, every number read back as the same double.
One case per CTest test.

usage: cli_restart.py --circol PATH --scenes DIR CASE
"""
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

import cli_test
from cli_test import check, circol, read_xyz, run_json

CLOCK_KEYS = ("wall_seconds", "setup_seconds", "collisions_per_second")


def report(*args):
    """The JSON report of a run, without its wall-clock figures."""
    result = run_json(*args, "--state")
    for key in CLOCK_KEYS:
        result.pop(key, None)
    return result


def scene(name):
    return os.path.join(cli_test.SCENES, name + ".json")


def case_restart_bit_for_bit():
    """A run checkpointed and resumed (once, or again and again) reports what the run that was
    never interrupted reports, bit for bit: the walled default scene, the Galton board (gravity,
    inelastic, sleeping circles), the periodic gas and the billiards break."""
    rng = random.Random(31)
    with tempfile.TemporaryDirectory() as tmp:
        ck = os.path.join(tmp, "run.ckpt")
        for name, until in (("default", 6.0), ("galton", 5.0), ("gas", 6.0), ("billiards", 4.0)):
            if not os.path.exists(scene(name)):
                continue
            whole = report("run", scene(name), "--until", str(until))
            for _ in range(2):
                cut = round(rng.uniform(0.05, 0.9) * until, 3)
                every = round(rng.uniform(0.1, 0.5) * cut, 3)
                proc = circol("run", scene(name), "--until", str(cut), "--checkpoint", ck,
                              "--every", str(every))
                check(proc.returncode == 0, f"{name}: run exited {proc.returncode}: {proc.stderr}")
                resumed = report("resume", ck, "--until", str(until))
                check(resumed == whole, f"{name}: resumed at {cut} (every {every}) differs")
            # resumed again and again, each resume writing the checkpoint it is resumed from
            circol("run", scene(name), "--until", str(until / 4), "--checkpoint", ck, "--every",
                   str(until / 9))
            for part in (2, 3):
                proc = circol("resume", ck, "--until", str(until * part / 4), "--checkpoint", ck,
                              "--every", str(until / 7))
                check(proc.returncode == 0, f"{name}: resume exited {proc.returncode}")
            resumed = report("resume", ck, "--until", str(until))
            check(resumed == whole, f"{name}: resumed three times differs")


def gas_scene(path, n, seed):
    """A periodic gas of n disks of diameter 1 on a square lattice at packing fraction 0.4, with
    random velocities: a scene long enough to be killed mid-run."""
    rng = random.Random(seed)
    side = int(n ** 0.5)
    box = (side * side * 3.14159265 / 4 / 0.4) ** 0.5
    step = box / side
    circles = [{"x": (i % side + 0.5) * step, "y": (i // side + 0.5) * step, "r": 0.5,
                "vx": rng.gauss(0, 1), "vy": rng.gauss(0, 1)} for i in range(side * side)]
    with open(path, "w") as f:
        json.dump({"world": {"box": [0, 0, box, box], "boundary": "periodic"},
                   "circles": circles}, f)


def checkpoint_time(ck):
    """The simulated time a checkpoint holds (a resume that has nothing left to run)."""
    return run_json("resume", ck, "--until", "0")["time"]


def case_restart_after_kill():
    """A run killed with SIGKILL at random moments (also while it writes a checkpoint, which it
    does every few milliseconds here) keeps a whole checkpoint, and the run resumed from it
    reports what the run that was never interrupted reports at the same end time."""
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "gas.json")
        gas_scene(path, 2500, 3)
        ck = os.path.join(tmp, "gas.ckpt")
        for attempt in range(4):
            if os.path.exists(ck):
                os.remove(ck)
            proc = subprocess.Popen([cli_test.CIRCOL, "run", path, "--until", "1e6",
                                     "--checkpoint", ck, "--every", "0.01"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.time() + 60
            while not os.path.exists(ck) and time.time() < deadline:
                time.sleep(0.01)
            time.sleep(rng.uniform(0.05, 0.6))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            check(os.path.exists(ck), "no checkpoint was kept")
            t = checkpoint_time(ck)
            check(t > 0, f"checkpoint at time {t}")
            end = t + 0.25
            whole = report("run", path, "--until", repr(end))
            resumed = report("resume", ck, "--until", repr(end))
            check(resumed == whole, f"attempt {attempt}: resumed at {t} differs")


def case_restart_after_interrupt():
    """Ctrl-C (SIGINT) stops a run between two events with its summary and status 130, and saves
    a checkpoint at that moment: resumed from it, the run reports what the run never interrupted
    reports at the same end time."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "gas.json")
        gas_scene(path, 2500, 4)
        ck = os.path.join(tmp, "gas.ckpt")
        proc = subprocess.Popen([cli_test.CIRCOL, "run", path, "--until", "1e6", "--checkpoint",
                                 ck, "--every", "1e5", "--json"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        check(proc.returncode == 130, f"interrupted run exited {proc.returncode}: {err}")
        stopped = json.loads(out)["time"]
        t = checkpoint_time(ck)
        check(t == stopped and t > 0, f"checkpoint at {t}, the run stopped at {stopped}")
        end = repr(t + 0.3)
        check(report("resume", ck, "--until", end) == report("run", path, "--until", end),
              f"resumed at {t} differs")


def expect_refused(ck, what):
    proc = circol("resume", ck, "--until", "0")
    check(proc.returncode == 2, f"{what}: exit {proc.returncode}: {proc.stderr}")
    check(os.path.basename(ck) in proc.stderr and "checkpoint" in proc.stderr,
          f"{what}: message {proc.stderr!r}")
    return proc.stderr


def case_restart_refuses_damaged_files():
    """A checkpoint cut short at many lengths, or with a bit flipped anywhere, is refused with
    status 2 and a message naming the file and what is wrong; never a crash."""
    with tempfile.TemporaryDirectory() as tmp:
        ck = os.path.join(tmp, "good.ckpt")
        proc = circol("run", scene("default"), "--until", "1", "--checkpoint", ck, "--every",
                      "0.5")
        check(proc.returncode == 0, f"run: {proc.stderr}")
        data = open(ck, "rb").read()
        bad = os.path.join(tmp, "bad.ckpt")
        lengths = sorted(set(list(range(0, 64)) + list(range(64, len(data), 97)) +
                             [len(data) - 1]))
        for n in lengths:
            with open(bad, "wb") as f:
                f.write(data[:n])
            message = expect_refused(bad, f"cut to {n} bytes")
            check(n < 12 or "truncated" in message or "short" in message,
                  f"cut to {n}: {message}")
        rng = random.Random(7)
        for _ in range(150):
            at = rng.randrange(len(data))
            flipped = bytearray(data)
            flipped[at] ^= 1 << rng.randrange(8)
            with open(bad, "wb") as f:
                f.write(flipped)
            expect_refused(bad, f"bit flipped at {at}")
        with open(bad, "wb") as f:
            f.write(data + b"\0")
        expect_refused(bad, "a byte added")
        check("not a circol checkpoint" in expect_refused(scene("default"), "a scene"),
              "a scene file is not a checkpoint")
        missing = os.path.join(tmp, "missing.ckpt")
        proc = circol("resume", missing)
        check(proc.returncode == 2 and "missing.ckpt" in proc.stderr, f"missing: {proc.stderr}")
        proc = circol("resume")
        check(proc.returncode == 2 and "FILE" in proc.stderr, f"no file: {proc.stderr}")
        proc = circol("run", scene("default"), "--checkpoint", ck)
        check(proc.returncode == 2 and "--every" in proc.stderr, f"no --every: {proc.stderr}")
        own = os.path.join(tmp, "scene.json")
        with open(scene("default")) as f, open(own, "w") as g:
            g.write(f.read())
        proc = circol("run", own, "--checkpoint", own, "--every", "1")
        check(proc.returncode == 2 and "scene file" in proc.stderr, f"over the scene: {proc.stderr}")


def case_gas_xyz():
    """gas --xyz FILE --every DT: a frame at each multiple of DT up to the end, every disk in
    each, unwrapped positions a whole number of boxes from the positions and with a centre of mass
    that moves with the total momentum; and the gas's report is the one without frames, bit for
    bit (stopping at the frames' times changes no event)."""
    with tempfile.TemporaryDirectory() as tmp:
        xyz = os.path.join(tmp, "gas.xyz")
        args = ("gas", "--n", "400", "--eta", "0.45", "--collisions", "6000", "--seed", "3")
        plain = run_json(*args)
        framed = run_json(*args, "--xyz", xyz, "--every", "0.25")
        for key in CLOCK_KEYS:
            plain.pop(key, None)
            framed.pop(key, None)
        check(plain == framed, "the frames changed the gas's events")
        frames = read_xyz(xyz)
        end = framed["time"] if "time" in framed else None
        side = framed["box"]
        check(len(frames) >= 3, f"{len(frames)} frames")
        centre0 = None
        for k, (header, rows) in enumerate(frames):
            check(abs(float(header["Time"]) - 0.25 * k) <= 1e-9, f"frame {k}: Time {header['Time']}")
            check(header["pbc"] == "T T F" and len(rows) == 400, "pbc or count")
            lattice = [float(v) for v in header["Lattice"].split()]
            check(lattice[0] == side and lattice[4] == side, f"Lattice {lattice}")
            momentum = [sum(r[4] for r in rows), sum(r[5] for r in rows)]
            centre = [sum(r[7] for r in rows) / 400, sum(r[8] for r in rows) / 400]
            if centre0 is None:
                centre0, momentum0 = centre, momentum
            for axis in (0, 1):
                expected = centre0[axis] + momentum0[axis] * 0.25 * k / 400
                check(abs(centre[axis] - expected) <= 1e-9 * side, "centre of mass moved")
            for r in rows:
                for axis in (0, 1):
                    images = (r[7 + axis] - r[axis]) / side
                    check(abs(images - round(images)) < 1e-9, f"unwrapped {r}")
        if end is not None:  # the measured time; the frames cover equilibration too
            check(len(frames) > int(end / 0.25), f"{len(frames)} frames to time {end}")
    proc = circol("gas", "--n", "100", "--xyz", "x.xyz")
    check(proc.returncode == 2 and "--every" in proc.stderr, f"--xyz alone: {proc.stderr}")
    proc = circol("gas", "--n", "100", "--every", "1")
    check(proc.returncode == 2 and "--xyz" in proc.stderr, f"--every alone: {proc.stderr}")


if __name__ == "__main__":
    sys.exit(cli_test.main(globals()))
