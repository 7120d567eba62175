#!/usr/bin/env python3
"""End-to-end tests of circol at the edges: large scenes, input limits, hostile values, the rule
for degenerate segments and the pictures. One case per CTest test.

usage: cli_edges.py --circol PATH --scenes DIR CASE
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import cli_test
from cli_test import Failure, check, circol

WALLS = '"world": {"box": [0, 0, 10, 10], "boundary": "walls"}'
GIB = 1 << 30


def lattice_scene(side, spacing=1.0, radius=0.3, boundary="walls"):
    """A side x side lattice of circles, as a dict."""
    circles = [{"x": (i % side + 0.5) * spacing, "y": (i // side + 0.5) * spacing,
                "vx": ((i * 37) % 11 - 5) / 5, "vy": ((i * 53) % 13 - 6) / 6, "r": radius}
               for i in range(side * side)]
    extent = side * spacing
    return {"world": {"box": [0, 0, extent, extent], "boundary": boundary}, "circles": circles}


def write_lines(path, scene):
    """Writes scene with one circle per line; returns the text."""
    head = json.dumps({k: v for k, v in scene.items() if k != "circles"})[:-1]
    lines = [json.dumps(c) for c in scene["circles"]]
    text = head + ', "circles": [\n' + ",\n".join(lines) + "\n]}\n"
    with open(path, "w") as f:
        f.write(text)
    return text


def refused(proc, *words):
    """Checks exit status 2, each of words on standard error, and a clean one-line message."""
    check(proc.returncode == 2, f"exit {proc.returncode}: {proc.stderr!r}")
    for word in words:
        check(word in proc.stderr, f"no {word!r} in {proc.stderr!r}")
    check(proc.stderr.count("\n") == 1, f"not one line: {proc.stderr!r}")
    check(all(ord(c) >= 32 for c in proc.stderr.rstrip("\n")), f"control bytes: {proc.stderr!r}")


def case_large_scene_refusal():
    """In a lattice of 40 000 circles, one moved onto its neighbour is refused by the world as
    the circles are added, at its own line and column, naming the earlier circle it overlaps
    (the oracle is the lattice's construction: only that pair is closer than two radii); the
    same lattice across periodic edges, and without the intruder, is accepted."""
    side = 200
    with tempfile.TemporaryDirectory() as tmp:
        for boundary in ("walls", "periodic"):
            scene = lattice_scene(side, boundary=boundary)
            path = os.path.join(tmp, f"{boundary}.json")
            write_lines(path, scene)
            proc = circol("run", path, "--until", "0", "--json")
            check(proc.returncode == 0, f"{boundary}: exit {proc.returncode}: {proc.stderr!r}")
            victim = 123 * side + 77
            scene["circles"][victim + 5]["x"] = scene["circles"][victim]["x"] + 0.4
            scene["circles"][victim + 5]["y"] = scene["circles"][victim]["y"]
            text = write_lines(path, scene)
            line = text[:text.index(json.dumps(scene["circles"][victim + 5]))].count("\n") + 1
            proc = circol("run", path)
            refused(proc, f"{path}:{line}:1: circles[{victim + 5}]: overlaps circles[{victim}]")


def case_input_limits():
    """A file beyond the stated limit (1 GiB) is refused before it is read, naming the limit;
    /dev/zero as standard input stops at its first block (a NUL byte is not JSON)."""
    with tempfile.TemporaryDirectory() as tmp:
        big = os.path.join(tmp, "big.json")
        with open(big, "w") as f:
            f.truncate(GIB + 1)  # sparse: nothing is written
        proc = circol("run", big, timeout=20)
        refused(proc, f"{big}: cannot read: a scene file may hold at most {GIB} bytes (1 GiB)",
                f"holds {GIB + 1} bytes")
    with open("/dev/zero", "rb") as zero:
        proc = subprocess.run([cli_test.CIRCOL, "run", "-"], stdin=zero, capture_output=True,
                              text=True, timeout=20)
    refused(proc, "<stdin>:1:1: syntax error: NUL byte")


def case_stream_limit():
    """A stream longer than the limit is read no further than the limit and refused, naming
    it (1 GiB of spaces, which is slow: labelled long)."""
    proc = subprocess.Popen([cli_test.CIRCOL, "run", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    block = b" " * (1 << 20)
    try:
        for _ in range(1024 + 8):
            proc.stdin.write(block)
    except BrokenPipeError:
        pass
    proc.stdin.close()
    stderr = proc.stderr.read().decode()
    proc.wait(timeout=60)
    check(proc.returncode == 2, f"exit {proc.returncode}: {stderr!r}")
    check(f"at most {GIB} bytes (1 GiB); this one holds more than that" in stderr, stderr)


def case_hostile_values():
    """Each message names the option or key, the value as given (escaped) and the reason."""
    huge = "9" * 100001
    cases = [
        (["run", "--until", huge], None, ["--until: '99999", "(100001 characters)", "overflows"]),
        (["run", "--until", "1e-400"], None, ["--until: '1e-400' underflows to zero"]),
        (["run", "--until", "1e400"], None, ["--until: '1e400' overflows"]),
        (["gas", "--eta", "0.000"], None, ["--eta: expected a decimal number > 0, got '0.000'"]),
        (["run", "--fr\udcffob"], None, ["--fr\\xffob: unknown option"]),
        (["run", "-"], '{' + WALLS + ', "circles": [{"x": 5, "y": 5, "vx": 0, "vy": 0, '
         '"r": 1e-400}]}', ["circles[0].r: '1e-400' underflows to zero"]),
        (["run", "-"], '{' + WALLS + ', "circles": [], "\udcff\udcfe": 1}',
         ['unknown key "\\xff\\xfe"']),
        (["run", "nowhere-\udcc3(.json"], None, ["nowhere-\\xc3(.json: cannot open"]),
    ]
    failures = []
    for args, stdin, words in cases:
        encoded = [a.encode("utf-8", "surrogateescape") for a in args]
        proc = subprocess.run([cli_test.CIRCOL.encode(), *encoded], capture_output=True,
                              input=stdin.encode("utf-8", "surrogateescape") if stdin else None,
                              timeout=60)
        stderr = proc.stderr.decode("utf-8", "replace")
        if proc.returncode != 2 or not all(w in stderr for w in words):
            failures.append(f"{args[:2]}: exit {proc.returncode}: {stderr[:300]!r}")
        try:
            proc.stderr.decode("utf-8")
        except UnicodeDecodeError:
            failures.append(f"{args[:2]}: the message is not UTF-8: {proc.stderr[:200]!r}")
    scene = os.path.join(cli_test.SCENES, "galton.json")
    for option in ("--trace", "--svg"):
        proc = circol("run", scene, "--until", "0.5", option, "/dev/full")
        if proc.returncode == 0 or (f"{option}: error writing '/dev/full': "
                                    f"{os.strerror(28)}") not in proc.stderr:
            failures.append(f"{option} /dev/full: exit {proc.returncode}: {proc.stderr!r}")
    check(not failures, "\n".join(failures))


def case_degenerate_segments():
    """A segment whose ends coincide is accepted, as the library accepts it, and acts exactly
    as a point there: the same collisions at the same times with the same impulses, the same
    final state (walls and periodic, with and without gravity)."""
    circles = [{"x": 2 + (i % 7) * 1.1, "y": 1.5 + (i // 7) * 1.3, "vx": ((i * 37) % 11 - 5) / 3,
                "vy": ((i * 53) % 13 - 6) / 3, "r": 0.4} for i in range(35)]
    spots = [[5.2, 9.5], [1.0, 9.0], [9.5, 9.6]]
    with tempfile.TemporaryDirectory() as tmp:
        for boundary, gravity in (("walls", [0, 0]), ("walls", [0, -2]), ("periodic", [0, 0])):
            world = {"box": [0, 0, 10, 11], "boundary": boundary, "gravity": gravity}
            runs = []
            for name, extra in (("points", {"points": spots}),
                                ("segments", {"segments": [{"a": p, "b": p} for p in spots]})):
                trace = os.path.join(tmp, f"{name}.csv")
                scene = dict({"world": world, "circles": circles, "until": 15}, **extra)
                proc = circol("run", "-", "--json", "--state", "--trace", trace,
                              stdin=json.dumps(scene))
                check(proc.returncode == 0, f"{name}: exit {proc.returncode}: {proc.stderr!r}")
                report = json.loads(proc.stdout)
                with open(trace) as f:
                    rows = [dict(r, kind="obstacle" if r["kind"] in ("point", "segment")
                                 else r["kind"]) for r in csv.DictReader(f)]
                runs.append((report["circles"], rows))
            hits = sum(r["kind"] == "obstacle" for r in runs[0][1])
            check(hits > 0, f"{boundary} {gravity}: no circle met the obstacles")
            check(runs[0] == runs[1], f"{boundary} {gravity}: a segment of length 0 differs "
                  "from a point")


def case_guard_summary():
    """The summary explains the collapse guard in one line and points at its documentation."""
    proc = circol("run")  # the bundled scene engages the guard
    check(proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr!r}")
    lines = [line for line in proc.stdout.splitlines() if "collapse guard" in line]
    check(len(lines) == 1, f"expected one line on the guard: {proc.stdout!r}")
    check("docs/RELIABILITY.md" in lines[0] and "elastic" in lines[0], lines[0])


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
    except (Failure, AssertionError, json.JSONDecodeError, ET.ParseError, KeyError) as error:
        print(f"FAILED {options.case}: {error}")
        return 1
    print(f"ok {options.case}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
