#!/usr/bin/env python3
"""End-to-end tests of the circol command-line tool, one case per CTest test.

usage: cli_test.py --circol PATH --scenes DIR CASE [ARGS]
Oracles are independent of the tool: the source documents' own constructions, brute-force
pairwise checks, conservation laws and the hard-disk equation of state.
"""
import argparse
import csv
import json
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

CIRCOL = None
SCENES = None
RUN_KEYS = {"time", "collisions", "events", "kinetic_energy", "momentum", "max_overlap",
            "wall_seconds"}
GAS_KEYS = {"n", "eta", "collisions", "time", "Z", "Z_stderr", "collision_rate", "wall_seconds",
            "collisions_per_second"}


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def circol(*args, stdin=None, timeout=300, env=None):
    full_env = dict(os.environ, CIRCOL_PROGRESS="0")
    full_env.update(env or {})
    proc = subprocess.run([CIRCOL, *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, env=full_env)
    check(proc.returncode >= 0, f"circol {' '.join(args)} died of signal {-proc.returncode}")
    return proc


def run_json(*args, **kw):
    proc = circol(*args, "--json", **kw)
    check(proc.returncode == 0, f"circol {' '.join(args)} exited {proc.returncode}: {proc.stderr}")
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError as error:
        raise Failure(f"stdout is not one JSON object ({error}): {proc.stdout[:300]!r}")


def read_xyz(path):
    """Extended XYZ frames as (header dict, rows of floats), read by the format's rules: a count
    line, a key=value comment line (quoted values), then count lines whose columns the
    Properties key describes."""
    frames = []
    with open(path) as f:
        lines = f.read().splitlines()
    at = 0
    while at < len(lines):
        count = int(lines[at])
        header = dict(re.findall(r'(\w+)=("[^"]*"|\S+)', lines[at + 1]))
        header = {k: v.strip('"') for k, v in header.items()}
        props = header["Properties"].split(":")
        width = sum(int(props[k + 2]) for k in range(0, len(props), 3))
        rows = []
        for line in lines[at + 2:at + 2 + count]:
            fields = line.split()
            check(len(fields) == width, f"{len(fields)} columns, Properties say {width}")
            rows.append([float(x) for x in fields[1:]])
        frames.append((header, rows))
        at += 2 + count
    return frames


def gas_contact_value(dim, eta, *args):
    """Runs `circol gas` (args, at packing fraction eta) with --gr and checks its contact value
    g(sigma) against the virial's Z through Z = 1 + k eta g(sigma), k = 2 for disks and 4 for
    spheres, within the error bars. Returns the report and the --gr rows (r, g)."""
    with tempfile.TemporaryDirectory() as tmp:
        gr = os.path.join(tmp, "gr.csv")
        report = run_json("gas", *args, "--gr", gr)
        with open(gr) as f:
            rows = [(float(r["r"]), float(r["g"])) for r in csv.DictReader(f)]
    k = 2 if dim == 2 else 4
    g, g_err = report["g_contact"], report["g_contact_stderr"]
    g_from_z = (report["Z"] - 1) / (k * eta)
    error = math.hypot(g_err, report["Z_stderr"] / (k * eta))
    check(abs(g - g_from_z) <= 3 * error + 0.005 * g_from_z,
          f"g_contact {g} +- {g_err} vs (Z - 1) / ({k} eta) = {g_from_z}")
    check(abs(report["Z_from_g_contact"] - (1 + k * eta * g)) <= 1e-12 * report["Z"], "Z_from_g")
    return report, rows


def load_scene(path):
    with open(path) as f:
        return json.load(f)


def kinetic_energy(circles, masses):
    return sum(0.5 * m * (c["vx"] ** 2 + c["vy"] ** 2) for c, m in zip(circles, masses) if m > 0)


def scene_is_elastic(scene):
    world = scene["world"]
    if world.get("damping", 0) != 0 or world.get("restitution", 1) != 1:
        return False
    return all(c.get("restitution", 1) == 1 for c in scene["circles"])


def brute_force_max_overlap(scene, circles):
    """Largest pairwise overlap of the final circles (nearest periodic image), pair by pair."""
    x0, y0, x1, y1 = scene["world"]["box"]
    periodic = scene["world"]["boundary"] == "periodic"
    worst = 0.0
    for i in range(len(circles)):
        a = circles[i]
        for j in range(i + 1, len(circles)):
            b = circles[j]
            dx, dy = b["x"] - a["x"], b["y"] - a["y"]
            if periodic:
                dx -= (x1 - x0) * round(dx / (x1 - x0))
                dy -= (y1 - y0) * round(dy / (y1 - y0))
            worst = max(worst, a["r"] + b["r"] - math.hypot(dx, dy))
    return worst


# ---------------------------------------------------------------------------------------------
def case_scene(path):
    """An example scene runs, its JSON parses, no circles overlap at the end (brute force), all
    stay in the box, and an elastic scene keeps its kinetic energy."""
    scene = load_scene(path)
    report = run_json("run", path, "--state")
    check(RUN_KEYS <= report.keys(), f"missing keys {RUN_KEYS - report.keys()}")
    until = scene.get("until", 10)
    check(report["interrupted"] is False, "interrupted")
    check(abs(report["time"] - until) <= 1e-9 * max(1, until),
          f"time {report['time']} != until {until}")
    circles = report["circles"]
    check(len(circles) == len(scene["circles"]), "circle count")
    check([c["id"] for c in circles] == list(range(len(circles))), "ids are the scene's indices")
    size = max(scene["world"]["box"][2] - scene["world"]["box"][0],
               scene["world"]["box"][3] - scene["world"]["box"][1])
    overlap = brute_force_max_overlap(scene, circles)
    check(overlap <= 1e-9 * size, f"circles overlap by {overlap}")
    check(report["max_overlap"] <= 1e-9 * size, f"max_overlap {report['max_overlap']}")
    x0, y0, x1, y1 = scene["world"]["box"]
    for c in circles:
        if scene["world"]["boundary"] == "walls":
            tol = 1e-9 * size
            check(x0 - tol <= c["x"] - c["r"] and c["x"] + c["r"] <= x1 + tol and
                  y0 - tol <= c["y"] - c["r"] and c["y"] + c["r"] <= y1 + tol,
                  f"circle {c['id']} left the box: {c}")
        else:
            check(x0 <= c["x"] <= x1 and y0 <= c["y"] <= y1, f"circle {c['id']} not wrapped")
    masses = [c.get("mass", 1) for c in scene["circles"]]
    for c, s, m in zip(circles, scene["circles"], masses):
        if m == 0:
            check((c["x"], c["y"], c["vx"], c["vy"]) == (s["x"], s["y"], 0, 0),
                  f"immovable circle {c['id']} moved")
    e0 = kinetic_energy(scene["circles"], masses)
    check(abs(report["initial_kinetic_energy"] - e0) <= 1e-12 * e0, "initial energy")
    check(abs(kinetic_energy(circles, masses) - report["kinetic_energy"]) <= 1e-9 * e0,
          "reported energy is not the circles' energy")
    gravity = scene["world"].get("gravity", [0, 0])
    if scene_is_elastic(scene) and gravity == [0, 0]:
        check(abs(report["kinetic_energy"] - e0) <= 1e-9 * e0,
              f"elastic scene lost energy: {e0} -> {report['kinetic_energy']}")


def case_contract_keys():
    """`run --json` prints exactly one JSON object with the contract's keys and types; the
    default scene is used without a file."""
    proc = circol("run", "--json")
    check(proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr}")
    report = json.loads(proc.stdout)
    check(isinstance(report, dict), "not an object")
    check(RUN_KEYS <= report.keys(), f"missing {RUN_KEYS - report.keys()}")
    for key in ("time", "kinetic_energy", "max_overlap", "wall_seconds"):
        check(isinstance(report[key], (int, float)), f"{key} not a number")
    for key in ("collisions", "events"):
        check(isinstance(report[key], int) and report[key] >= 0, f"{key} not a count")
    check(isinstance(report["momentum"], list) and len(report["momentum"]) == 2, "momentum")
    check("circles" not in report, "circles without --state")
    check(report["collisions"] > 0, "the default scene shows no collisions")
    # the human summary is not JSON and names the same numbers
    human = circol("run")
    check(human.returncode == 0, "human summary failed")
    check("collisions" in human.stdout and "kinetic energy" in human.stdout, human.stdout)
    # no command at all means run
    implied = circol("--json")
    check(implied.returncode == 0 and json.loads(implied.stdout)["collisions"] ==
          report["collisions"], "`circol --json` is not `circol run --json`")
    # numbers read back as the same doubles: the state printed twice agrees bit for bit with
    # itself through a round trip, and a value with 17 significant digits survives
    path = os.path.join(SCENES, "seed000_two_circles.json")
    text = open(path).read().replace('"x": 0,', '"x": 0.10000000000000001,')
    r1 = run_json("run", "-", "--state", "--until", "0", stdin=text)
    check(r1["circles"][0]["x"] == 0.1, "0.1 did not read back as the same double")
    gas = run_json("gas", "--n", "64", "--eta", "0.2", "--collisions", "2000")
    check(GAS_KEYS <= gas.keys(), f"gas misses {GAS_KEYS - gas.keys()}")


def case_state_keys():
    """--state lists every circle with id, x, y, vx, vy, r."""
    report = run_json("run", os.path.join(SCENES, "seed002_n_circles.json"), "--state",
                      "--until", "1")
    for c in report["circles"]:
        check({"id", "x", "y", "vx", "vy", "r"} <= c.keys(), f"circle keys {c.keys()}")
    check(abs(report["time"] - 1) < 1e-12, "--until overrides the scene")


WORLD = '"world": {"box": [0, 0, 10, 10], "boundary": "walls"}'
PERIODIC = '"world": {"box": [0, 0, 10, 10], "boundary": "periodic"}'
C1 = '{"x": 2, "y": 2, "vx": 0, "vy": 0, "r": 1}'
MALFORMED = [
    # (name, text, marker the message must point at (first occurrence, + offset), path, words)
    ("syntax error", '{\n  ' + WORLD + ',\n  "circles": [' + C1 + ',,]\n}', ",,]", 1, None,
     "syntax error"),
    ("trailing comma", '{\n  ' + WORLD + ',\n  "circles": [{"x": 1, "y": 1, "r": 1,}\n]}', ",}",
     1, None, "syntax error"),
    ("NaN", '{' + WORLD + ',\n "circles": [{"x": NaN, "y": 1}]}', "NaN", 0, None, "syntax error"),
    ("unknown key", '{' + WORLD + ',\n "circles": [\n  {"x": 2, "y": 2, "vx": 0, "vy": 0, '
     '"r": 1, "spin": 3}]}', '"spin"', 0, "circles[0].spin", "unknown key"),
    ("wrong type", '{' + WORLD + ',\n "circles": [' + C1 + ',\n  {"x": 6, "y": "six", "vx": 0, '
     '"vy": 0, "r": 1}]}', '"six"', 0, "circles[1].y", "expected a number"),
    ("negative radius", '{' + WORLD + ',\n "circles": [' + C1 + ',\n' + C1.replace(
        '"x": 2', '"x": 7').replace('"r": 1', '"r": -0.5') + ']}', "-0.5", 0, "circles[1].r",
     "radius must be > 0"),
    ("infinite", '{' + WORLD + ',\n "circles": [{"x": 2, "y": 2, "vx": -1e400, "vy": 0, '
     '"r": 1}]}', "-1e400", 0, "circles[0].vx", "not finite"),
    ("outside the box", '{' + WORLD + ',\n "circles": [\n  {"x": 9.5, "y": 5, "vx": 0, "vy": 0, '
     '"r": 1}]}', '{"x": 9.5', 0, "circles[0]", "not inside the box"),
    ("overlapping", '{' + WORLD + ',\n "circles": [' + C1 + ',\n  {"x": 3.9, "y": 2, "vx": 0, '
     '"vy": 0, "r": 1}]}', '{"x": 3.9', 0, "circles[1]", "overlaps circles[0]"),
    ("missing key", '{' + WORLD + ',\n "circles": [{"x": 2, "y": 2, "vx": 0, "r": 1}]}',
     '{"x": 2', 0, "circles[0]", 'missing key "vy"'),
    ("bad boundary", '{"world": {"box": [0, 0, 10, 10],\n "boundary": "open"}, "circles": []}',
     '"open"', 0, "world.boundary", "periodic"),
    ("trailing comma in world", '{"world": {"box": [0, 0, 10, 10], "boundary": "walls",},\n '
     '"circles": []}', ",}", 1, None, "not valid JSON at '},'"),
    ("trailing comma at the end", '{' + WORLD + ', "circles": [],}', ",}", 1, None,
     "not valid JSON at '}'"),
    ("key with a terminal escape", '{' + WORLD + ', "circles": [],\n "\\u001b[31mRED": 1}',
     '"\\u001b', 0, "\\u001b[31mRED", 'unknown key "\\u001b[31mRED"'),
    ("key with a newline", '{' + WORLD + ', "circles": [],\n "a\\nb": 1}', '"a\\nb', 0, "a\\nb",
     'unknown key "a\\nb"'),
    ("key with a NUL", '{' + WORLD + ', "circles": [],\n "unt\\u0000il": 1}', '"unt', 0,
     "unt\\u0000il", 'unknown key "unt\\u0000il"'),
    ("periodic radius", '{' + PERIODIC + ',\n "circles": [{"x": 5, "y": 5, "vx": 0, "vy": 0, '
     '"r": 1.7}]}', "1.7", 0, "circles[0].r", "too large for the periodic box 10 x 10"),
    ("periodic segment end", '{' + PERIODIC + ', "circles": [],\n "segments": [{"a": [1, 1], '
     '"b": [1, 10.5]}]}', "[1, 10.5]", 0, "segments[0].b", "outside the periodic box"),
    ("periodic point", '{' + PERIODIC + ', "circles": [],\n "points": [[-0.5, 1]]}',
     "[-0.5, 1]", 0, "points[0]", "outside the periodic box"),
    ("periodic segment overlap", '{' + PERIODIC + ',\n "circles": [{"x": 0.5, "y": 5, "vx": 0, '
     '"vy": 0, "r": 1}],\n "segments": [{"a": [9.8, 0], "b": [9.8, 10]}]}', '{"x": 0.5', 0,
     "circles[0]", "overlaps segments[0] across the periodic edge"),
    ("periodic point overlap", '{' + PERIODIC + ',\n "circles": [{"x": 9.5, "y": 9.5, "vx": 0, '
     '"vy": 0, "r": 1}],\n "points": [[5, 5], [0.1, 0.2]]}', '{"x": 9.5', 0, "circles[0]",
     "overlaps points[1] across the periodic edge"),
    ("deep nesting", "[" * 100000, "[", 1000, None, "nested too deep (at most 1000 levels)"),
    ("deep nesting in a scene", '{"world": "[{[{", "circles": ' + "[" * 1000 + "]" * 1000 + "}",
     "[[", 999, None, "nested too deep"),
    ("brackets in a string", '{"a": "\\"' + "[" * 1000 + '" [1]}', "[1]", 0, None,
     "syntax error: not valid JSON at '[1]}'"),
    ("empty", "", "", 0, None, "unexpected end of file"),
    ("truncated", '{' + WORLD + ',\n "circles": [' + C1, "", 0, None, "unexpected end of file"),
]


def case_malformed_scenes():
    """Each malformed scene is refused with exit status 2 and a message naming the file, line
    and column (computed here from the text) and the JSON path; nothing on standard output."""
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, text, marker, offset, path, words in MALFORMED:
            file = os.path.join(tmp, name.replace(" ", "_") + ".json")
            with open(file, "w") as f:
                f.write(text)
            at = (text.index(marker) + offset) if marker else len(text)
            line = text.count("\n", 0, at) + 1
            column = at - (text.rfind("\n", 0, at) + 1) + 1
            for args in (["run", file], ["run", file, "--json"]):
                proc = circol(*args)
                where = f"{file}:{line}:{column}: "
                problems = []
                if proc.returncode != 2:
                    problems.append(f"exit {proc.returncode}")
                if where not in proc.stderr:
                    problems.append(f"no '{where}'")
                if path and f": {path}: " not in proc.stderr:
                    problems.append(f"no path {path}")
                if words not in proc.stderr:
                    problems.append(f"no '{words}'")
                if any(ord(c) < 32 for c in proc.stderr.rstrip("\n")):
                    problems.append("control characters in the message")
                if proc.stdout:
                    problems.append("printed on stdout")
                if problems:
                    failures.append(f"{name} {args[2:]}: {', '.join(problems)}: {proc.stderr!r}")
        # files that are not scenes at all
        binary = os.path.join(tmp, "binary.json")
        with open(binary, "wb") as f:
            f.write(bytes(range(256)) * 4)
        for args, words in ((["run", binary], "binary.json:1:1: syntax error"),
                            (["run", os.path.join(tmp, "absent.json")], "cannot open"),
                            (["run", tmp], "cannot read")):
            proc = circol(*args)
            if proc.returncode != 2 or words not in proc.stderr:
                failures.append(f"{args}: exit {proc.returncode}: {proc.stderr!r}")
    check(not failures, "\n".join(failures))


def case_usage_errors():
    """Bad usage exits with status 2 and a message naming the option."""
    cases = [
        (["run", "--frobnicate"], "--frobnicate"),
        (["run", "--until", "soon"], "--until"),
        (["run", "--until", "-1"], "--until"),
        (["run", "--until=nan"], "--until"),
        (["run", "--svg"], "--svg"),
        (["run", "a.json", "b.json"], "b.json"),
        (["run", "--json=yes"], "--json"),
        (["gas", "--eta", "0.95"], "--eta"),
        (["gas", "--eta", "0"], "--eta"),
        (["gas", "--n", "1"], "--n"),
        (["gas", "--n", "-5"], "--n"),
        (["gas", "--n", "4096", "--eta", "0.9"], "--eta"),
        (["gas", "--collisions", "0"], "--collisions"),
        (["gas", "--seed", "x"], "--seed"),
        (["gas", "--cell-size", "-1"], "--cell-size"),
        (["gas", "--cell-size", "nan"], "--cell-size"),
        (["gas", "--n=10", "--svg", "/nonexistent/dir/h.svg", "--collisions", "100"], "--svg"),
        (["run", "--svg", "/nonexistent/dir/x.svg"], "--svg"),
        (["fly"], "fly"),
    ]
    failures = []
    for args, name in cases:
        proc = circol(*args)
        if proc.returncode != 2 or name not in proc.stderr:
            failures.append(f"{args}: exit {proc.returncode}, stderr {proc.stderr!r}")
    # a scene file named without ".json" is not a command; the message says how to run it
    with tempfile.TemporaryDirectory() as folder:
        scene = os.path.join(folder, "scene")
        with open(os.path.join(SCENES, "seed000_two_circles.json")) as f, open(scene, "w") as g:
            g.write(f.read())
        proc = circol(scene)
        if proc.returncode != 2 or f"circol run {scene}" not in proc.stderr:
            failures.append(f"[{scene!r}]: exit {proc.returncode}, stderr {proc.stderr!r}")
    for args in (["--help"], ["help", "run"], ["run", "--help"], ["gas", "--help"],
                 ["--version"]):
        proc = circol(*args)
        if proc.returncode != 0 or "circol" not in proc.stdout:
            failures.append(f"{args}: exit {proc.returncode}")
    check(not failures, "\n".join(failures))


def case_numeric_options():
    """Every numeric option of every command takes plain decimal numbers only, with one parser:
    hexadecimal, spaces before or after, inf, nan and trailing text are refused (status 2) with a
    message naming the option; decimal forms with a point or an exponent are accepted where the
    option takes any number, digits alone where it takes a whole number."""
    scene = os.path.join(SCENES, "seed000_two_circles.json")
    quick_gas = ["gas", "--n", "16", "--collisions", "20", "--equilibrate", "0", "--blocks", "2"]
    # (command and other options, option, value accepted where it takes any number)
    numbers = [(["run", scene], "--until", "0.5"), (quick_gas, "--eta", "0.2"),
               (quick_gas, "--equilibrate", "1"), (quick_gas, "--cell-size", "3")]
    integers = [(["gas", "--collisions", "20", "--equilibrate", "0", "--blocks", "2"], "--n", "16"),
                (quick_gas, "--collisions", "40"), (quick_gas, "--blocks", "4"),
                (quick_gas, "--seed", "7")]
    refused = ["0x10", "0X1p3", " 5", "5 ", "\t5", "5\n", "inf", "nan", "infinity", "1e", "1e+",
               ".", "-", "+", "", "5abc", "1,5", "1_000", "\u0665"]
    failures = []
    for args, option, good in numbers + integers:
        for value in refused + (["2.0", "1e1", "2."] if (args, option, good) in integers else []):
            for form in ([option, value], [f"{option}={value}"]):
                proc = circol(*args, *form, "--json")
                if proc.returncode != 2 or f"{option}: expected a" not in proc.stderr \
                        or proc.stdout:
                    failures.append(f"{form!r}: exit {proc.returncode}, {proc.stderr!r}")
                elif any(ord(c) < 32 for c in proc.stderr.rstrip("\n")):
                    failures.append(f"{form!r}: control characters in {proc.stderr!r}")
        accepted = [good, "+" + good, "0" + good]
        if (args, option, good) in numbers:
            accepted += [good + "e0", good + "E+0", good + ("0" if "." in good else ".0")]
        for value in accepted:
            proc = circol(*args, option, value, "--json")
            if proc.returncode != 0:
                failures.append(f"{option} {value!r}: exit {proc.returncode}, {proc.stderr!r}")
    for value, until in ((".5", 0.5), ("5.", 5.0), ("1e-1", 0.1), ("2.5E0", 2.5), ("+0", 0.0)):
        report = run_json("run", scene, "--until", value)
        if report["until"] != until:
            failures.append(f"--until {value!r} read as {report['until']}")
    check(not failures, "\n".join(failures))


def case_summary_words():
    """The human summary counts in words that agree with the number: 1 circle, 1 segment,
    1 point; 2 circles, 0 segments, 0 points."""
    one = ('{' + WORLD + ', "circles": [' + C1 + '], "segments": [{"a": [8, 0], "b": [8, 5]}], '
           '"points": [[5, 8]]}')
    proc = circol("run", "-", "--until", "1", stdin=one)
    check(proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr!r}")
    check(": 1 circle, 1 segment, 1 point, walled box" in proc.stdout, proc.stdout)
    two = '{' + WORLD + ', "circles": [' + C1 + ', ' + C1.replace('"x": 2', '"x": 6') + ']}'
    proc = circol("run", "-", "--until", "1", stdin=two)
    check(": 2 circles, 0 segments, 0 points, walled box" in proc.stdout, proc.stdout)


def case_log_notes():
    """The library's messages under normal operation (the collapse guard at work, a wedged circle
    put to rest) are notes on standard error, not warnings; the summary counts the guarded
    collisions as the JSON does; standard output stays one clean JSON object."""
    proc = circol("run", "--json")
    check(proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr!r}")
    report = json.loads(proc.stdout)
    check(report["guard_collisions"] > 0, "the default scene no longer engages the guard")
    check("circol: note: collapse guard engaged" in proc.stderr, f"{proc.stderr!r}")
    check("warning" not in proc.stderr, f"a warning in normal operation: {proc.stderr!r}")
    human = circol("run")
    check("warning" not in human.stderr, f"{human.stderr!r}")
    count = report["guard_collisions"]
    words = f"  collapse guard   {count} of {report['collisions']} made elastic"
    check(words in human.stdout, f"no {words!r} in {human.stdout!r}")
    elastic = circol("run", os.path.join(SCENES, "seed000_two_circles.json"))
    check("collapse guard" not in elastic.stdout + elastic.stderr, elastic.stdout)
    galton = circol("run", os.path.join(SCENES, "galton.json"), "--until", "2", "--json")
    check(galton.returncode == 0, f"exit {galton.returncode}: {galton.stderr!r}")
    ledger = json.loads(galton.stdout)["energy"]
    # a wedge stop is said once, as a note, and only where the ledger counts one (a circle
    # sliding across gravity is no longer stopped, so the board may have none)
    if "circol: note: a circle wedged under gravity was put to rest" in galton.stderr:
        check(ledger["wedge_stops"] > 0, f"{galton.stderr!r}")
    check("warning" not in galton.stderr, f"{galton.stderr!r}")


def case_trace_time():
    """The reported simulation time leaves out the trace writing. The trace goes into a pipe
    that is not read for the first 3 seconds: once its buffer is full, every write waits. A run
    whose timing held the writing would report at least those 3 seconds; the gas's simulation
    itself takes a few hundredths of a second (10^5 collisions, megabytes of trace)."""
    import threading
    scene = os.path.join(SCENES, "gas.json")
    with tempfile.TemporaryDirectory() as tmp:
        fifo = os.path.join(tmp, "trace.csv")
        os.mkfifo(fifo)
        rows = []

        def reader():
            with open(fifo) as f:  # opens when circol opens the other end
                time.sleep(3.0)
                rows.append(sum(1 for _ in f) - 1)

        thread = threading.Thread(target=reader)
        thread.start()
        report = run_json("run", scene, "--until", "200", "--trace", fifo)
        thread.join()
    check(rows == [report["collisions"] + report["wall_collisions"]], f"rows {rows}")
    check(rows[0] * 40 > 65536, f"only {rows[0]} rows: the pipe's buffer never filled")
    check(report["wall_seconds"] < 2.0,
          f"wall_seconds {report['wall_seconds']:.3f} with a trace that waited 3 s: the writing "
          f"is counted as simulation")


def case_help_topics():
    """`circol help TOPIC` prints the command's usage; an unknown topic is an error (status 2)
    that lists the commands."""
    for topic in ("run", "gas"):
        proc = circol("help", topic)
        check(proc.returncode == 0 and f"circol {topic}" in proc.stdout,
              f"help {topic}: exit {proc.returncode}")
    for args in (["help", "foo"], ["--help", "foo"], ["help", "run", "extra"],
                 ["--version", "extra"], ["--version", "--json"]):
        proc = circol(*args)
        check(proc.returncode == 2, f"{args}: exit {proc.returncode}")
        check(not proc.stdout, f"{args}: printed on stdout")
        check(args[1] in proc.stderr or args[-1] in proc.stderr, f"{args}: {proc.stderr!r}")
    proc = circol("help", "foo")
    check("run" in proc.stderr and "gas" in proc.stderr, f"commands not listed: {proc.stderr!r}")
    # the overall usage lists each command's synopsis as `circol help COMMAND` gives it
    overall = circol("help").stdout
    for topic in ("run", "gas"):
        synopsis = []
        for i, line in enumerate(circol("help", topic).stdout.splitlines()):
            if i > 0 and not line.startswith(" "):
                break
            synopsis.append(line)
        options = re.findall(r"--[a-z-]+", " ".join(synopsis))
        check(options, f"help {topic}: no options in {synopsis!r}")
        missing = [option for option in options if option not in overall]
        check(not missing, f"circol help leaves out {topic}'s {missing}")


def case_write_errors():
    """A write error on standard output (a full disk) is reported for every command, with
    status 1: `circol: error writing standard output: <reason>`."""
    if not os.path.exists("/dev/full"):
        print("skipped: no /dev/full")
        return
    scene = os.path.join(SCENES, "seed000_two_circles.json")
    failures = []
    for args in (["--version"], ["help"], ["--help"], ["help", "gas"], ["run", "--help"],
                 ["run", scene], ["run", scene, "--json"], ["run", scene, "--state"],
                 ["run", os.path.join(SCENES, "gas.json"), "--until", "0", "--state", "--json"],
                 ["gas", "--n", "64", "--collisions", "2000"],
                 ["gas", "--n", "64", "--collisions", "2000", "--json"]):
        with open("/dev/full", "w") as full:
            proc = subprocess.run([CIRCOL, *args], stdout=full, stderr=subprocess.PIPE,
                                  text=True, timeout=120, env=dict(os.environ, CIRCOL_PROGRESS="0"))
        if proc.returncode != 1 or \
                "circol: error writing standard output: " not in proc.stderr:
            failures.append(f"{args}: exit {proc.returncode}, stderr {proc.stderr!r}")
    check(not failures, "\n".join(failures))


def case_outputs_spare_the_scene():
    """An --svg or --trace file that is the scene file (under any name, or as standard input) or
    the other output is refused with status 2 before anything is written; the scene is left
    as it was. /dev/null may take both outputs."""
    with open(os.path.join(SCENES, "seed000_two_circles.json"), "rb") as f:
        original = f.read()
    with tempfile.TemporaryDirectory() as folder:
        scene = os.path.join(folder, "scene.json")
        with open(scene, "wb") as f:
            f.write(original)
        os.symlink(scene, os.path.join(folder, "link.json"))
        failures = []
        cases = [
            (["run", scene, "--trace", scene], "--trace"),
            (["run", scene, "--svg", scene], "--svg"),
            (["run", os.path.join(folder, "link.json"), "--svg", scene], "--svg"),
            (["run", scene, "--svg", os.path.join(folder, ".", "scene.json")], "--svg"),
            (["run", scene, "--svg", os.path.join(folder, "out"),
              "--trace", os.path.join(folder, ".", "out")], "--svg"),
        ]
        for args, name in cases:
            proc = circol(*args)
            if proc.returncode != 2 or name not in proc.stderr or proc.stdout:
                failures.append(f"{args}: exit {proc.returncode}, stderr {proc.stderr!r}")
        with open(scene, "rb") as stdin:
            proc = subprocess.run([CIRCOL, "run", "-", "--svg", scene], stdin=stdin,
                                  capture_output=True, text=True, timeout=60,
                                  env=dict(os.environ, CIRCOL_PROGRESS="0"))
        if proc.returncode != 2 or "--svg" not in proc.stderr:
            failures.append(f"standard input: exit {proc.returncode}, stderr {proc.stderr!r}")
        with open(scene, "rb") as f:
            if f.read() != original:
                failures.append("the scene file was overwritten")
        if os.path.exists("/dev/null"):
            proc = circol("run", scene, "--svg", "/dev/null", "--trace", "/dev/null")
            if proc.returncode != 0:
                failures.append(f"/dev/null twice: exit {proc.returncode}, {proc.stderr!r}")
        check(not failures, "\n".join(failures))


def case_huge_until():
    """Any finite until works: --until 1e306 and a scene's "until" up to the largest double end
    at that time (a circle at rest, so few events)."""
    text = '{' + WORLD + ', "circles": [' + C1 + ']}'
    for until in ("1e306", "1.7976931348623157e308"):
        report = run_json("run", "-", "--until", until, stdin=text)
        check(report["time"] == float(until), f"--until {until}: time {report['time']}")
    scene = '{' + WORLD + ', "circles": [' + C1 + '], "until": 1.7976931348623157e308}'
    report = run_json("run", "-", stdin=scene)
    check(report["time"] == 1.7976931348623157e308, f"until in the scene: {report['time']}")


def case_progress_bounded():
    """The progress bar's estimate of the time left stays short for a huge target: no number of
    hundreds of digits."""
    scene = ('{' + WORLD + ', "circles": [{"x": 2, "y": 2, "vx": 3, "vy": 1.7, "r": 1}], '
             '"until": 1e300}')
    env = dict(os.environ, CIRCOL_PROGRESS="1")
    proc = subprocess.Popen([CIRCOL, "run", "-", "--json"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    proc.stdin.write(scene)
    proc.stdin.close()
    time.sleep(2.5)
    proc.send_signal(signal.SIGINT)
    out = proc.stdout.read()
    err = proc.stderr.read()
    proc.wait(timeout=30)
    check(proc.returncode == 130, f"exit {proc.returncode}: {err[-300:]!r}")
    check("%" in err, f"no progress bar: {err[-300:]!r}")
    longest = max((len(run) for run in "".join(c if c.isdigit() else " " for c in err).split()),
                  default=0)
    check(longest <= 12, f"a number of {longest} digits on the progress line: {err[-300:]!r}")
    check("more than a year left" in err, f"no bounded estimate: {err[-300:]!r}")
    json.loads(out)


def case_periodic_rules():
    """The tool checks a periodic box as the library does: radii around the library's limit
    (three diameters plus 3e-9 of one per side) are either run or refused with a located
    message, never refused by the library; so are obstacles across the edges."""
    failures = []
    limit = 10 / (6 * (1 + 1e-9))
    radii = [limit]
    for direction in (math.inf, 0.0):
        r = limit
        for _ in range(4):
            r = math.nextafter(r, direction)
            radii.append(r)
    radii += [1.6, 1.7, 2.4, 2.6]
    verdicts = set()
    for r in radii:
        text = '{' + PERIODIC + ', "circles": [{"x": 5, "y": 5, "vx": 0, "vy": 0, "r": %r}]}' % r
        proc = circol("run", "-", "--until", "0", stdin=text)
        verdicts.add(proc.returncode)
        if proc.returncode == 2:
            if "circles[0].r: " not in proc.stderr or "10 x 10" not in proc.stderr:
                failures.append(f"r {r!r}: {proc.stderr!r}")
        elif proc.returncode != 0:
            failures.append(f"r {r!r}: exit {proc.returncode}: {proc.stderr!r}")
    if verdicts != {0, 2}:
        failures.append(f"verdicts {verdicts}: the limit was not bracketed")
    for name, text, *_ in MALFORMED:
        if name.startswith("periodic"):
            proc = circol("run", "-", stdin=text)
            if proc.returncode != 2 or "library" in proc.stderr or "<stdin>:" not in proc.stderr:
                failures.append(f"{name}: exit {proc.returncode}: {proc.stderr!r}")
    check(not failures, "\n".join(failures))


def case_gas_limits():
    """Too few disks for a periodic box of three diameters is bad usage naming --n and the
    smallest n; the densest lattices the docs give are accepted and denser ones refused."""
    for n in ("2", "3"):
        proc = circol("gas", "--n", n)
        check(proc.returncode == 2, f"--n {n}: exit {proc.returncode}: {proc.stderr!r}")
        check("--n" in proc.stderr and "use --n 4 or more" in proc.stderr,
              f"--n {n}: {proc.stderr!r}")
    quick = ["--collisions", "20", "--equilibrate", "0", "--blocks", "2", "--json"]
    for n, eta, ok in (("4", "0.3", True), ("2", "0.1745", True), ("100", "0.7878", True),
                       ("100", "0.7879", False), ("4096", "0.8875", True),
                       ("4096", "0.8876", False)):
        proc = circol("gas", "--n", n, "--eta", eta, *quick)
        if ok:
            check(proc.returncode == 0, f"--n {n} --eta {eta}: exit {proc.returncode}: "
                  f"{proc.stderr!r}")
        else:
            check(proc.returncode == 2 and "--eta" in proc.stderr,
                  f"--n {n} --eta {eta}: exit {proc.returncode}: {proc.stderr!r}")


def case_svg_well_formed():
    """The pictures are well-formed SVG: the Galton board with its balls, pegs, walls and
    trails, and the gas's histogram."""
    scene = load_scene(os.path.join(SCENES, "galton.json"))
    with tempfile.TemporaryDirectory() as tmp:
        svg = os.path.join(tmp, "galton.svg")
        report = run_json("run", os.path.join(SCENES, "galton.json"), "--svg", svg, "--until", "3")
        check(report["collisions"] + report["wall_collisions"] > 0, "nothing happened")
        root = ET.parse(svg).getroot()
        ns = "{http://www.w3.org/2000/svg}"
        check(root.tag == ns + "svg", f"root is {root.tag}")
        # the legend's swatches carry their own stroke; the axes' ticks are lines of their own
        circles = [c for c in root.findall(f".//{ns}circle") if c.get("stroke") is None]
        check(len(circles) == len(scene["circles"]) + len(scene["points"]),
              f"{len(circles)} circles drawn")
        walls = [g for g in root.findall(f".//{ns}g") if g.get("stroke-width") == "2.5"]
        lines = walls[0].findall(f"{ns}line") if walls else []
        check(len(lines) == len(scene["segments"]), "segments drawn")
        paths = root.findall(f".//{ns}path")
        check(len(paths) >= len(scene["circles"]) // 2, f"only {len(paths)} trails")
        hist = os.path.join(tmp, "speeds.svg")
        run_json("gas", "--n", "100", "--eta", "0.2", "--collisions", "5000", "--svg", hist)
        root = ET.parse(hist).getroot()
        check(root.tag == ns + "svg", "histogram root")
        check(len(root.findall(f".//{ns}rect")) >= 50, "histogram bars")
        check(len(root.findall(f".//{ns}polyline")) == 1, "theory curve")
        periodic = os.path.join(tmp, "gas.svg")
        run_json("run", os.path.join(SCENES, "gas.json"), "--svg", periodic, "--until", "2")
        ET.parse(periodic)


def seed004_oracles():
    """First contact times in the seed 004 scene, from the seed's own constructions."""
    # circle 0 against the static circle: closest point on the movement vector, then back off
    start, end, fixed, R = (80, 200), (422, 512), (345, 355), 100
    v = (end[0] - start[0], end[1] - start[1])
    speed = math.hypot(*v)
    d = (v[0] / speed, v[1] / speed)
    along = (fixed[0] - start[0]) * d[0] + (fixed[1] - start[1]) * d[1]
    closest = (start[0] + along * d[0], start[1] + along * d[1])
    miss = math.hypot(fixed[0] - closest[0], fixed[1] - closest[1])
    t0 = (along - math.sqrt(R * R - miss * miss)) / speed
    # circle 2 against the segment: signed distance to its line reaches the radius
    a, b, p, r = (883, 231), (623, 260), (480, 50), 50
    n = (-(b[1] - a[1]), b[0] - a[0])
    length = math.hypot(*n)
    n = (n[0] / length, n[1] / length)
    d0 = (p[0] - a[0]) * n[0] + (p[1] - a[1]) * n[1]
    rate = v[0] * n[0] + v[1] * n[1]
    t2 = (abs(d0) - r) / abs(rate)
    # circle 3 against the point
    t3 = (250 - math.sqrt(30 ** 2 - 10 ** 2)) / 300
    return {0: t0, 2: t2, 3: t3}


def case_trace_csv():
    """--trace writes every collision in time order; the seed 004 scene's first contacts happen
    at the times the seed's constructions give, with unit normals and positive impulses."""
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "t.csv")
        report = run_json("run", os.path.join(SCENES, "seed004_static_circle_segment.json"),
                          "--trace", trace)
        with open(trace, newline="") as f:
            rows = list(csv.DictReader(f))
        check(len(rows) == report["collisions"] + report["wall_collisions"],
              f"{len(rows)} rows for {report['collisions']} + {report['wall_collisions']}")
        check(list(rows[0].keys()) == ["time", "kind", "a", "b", "wall", "x", "y", "nx", "ny",
                                       "impulse"], f"header {list(rows[0].keys())}")
        times = [float(row["time"]) for row in rows]
        check(times == sorted(times), "trace out of time order")
        for row in rows:
            check(abs(math.hypot(float(row["nx"]), float(row["ny"])) - 1) < 1e-12, "normal")
            check(float(row["impulse"]) > 0, "impulse")
        first = {}
        for row in rows:
            first.setdefault(int(row["a"]), row)
        expected_kind = {0: "circle", 2: "segment", 3: "point"}
        for circle, t in seed004_oracles().items():
            row = first.get(circle)
            check(row is not None, f"circle {circle} never collided")
            check(row["kind"] == expected_kind[circle], f"circle {circle} hit a {row['kind']}")
            check(abs(float(row["time"]) - t) <= 1e-9, f"circle {circle}: {row['time']} vs {t}")
        # the point of contact with the static circle is the seed's contact centre plus r n
        row = first[0]
        check(abs(float(row["x"]) - (345 + 245.09600) / 2) < 1e-3, f"contact x {row['x']}")
        big = os.path.join(tmp, "gas.csv")
        report = run_json("run", os.path.join(SCENES, "gas.json"), "--trace", big, "--until", "3")
        with open(big) as f:
            count = sum(1 for _ in f) - 1
        check(count == report["collisions"], f"{count} rows, {report['collisions']} collisions")


def case_seed_oracles():
    """Seeds 000 and 003 end where their analytic solutions say."""
    r = run_json("run", os.path.join(SCENES, "seed000_two_circles.json"), "--state")
    a, b = r["circles"]
    # gap 3 closes at speed 6: impact at t = 0.5 at x = 2 and 3, velocities swap, 0.5 more
    for got, want in ((a["x"], 1.0), (a["vx"], -2.0), (b["x"], 6.0), (b["vx"], 4.0),
                      (a["y"], 0.0), (b["y"], 0.0)):
        check(abs(got - want) <= 1e-12, f"seed 000: got {got}, want {want}")
    check(r["collisions"] == 1, "seed 000: one collision")
    scene = load_scene(os.path.join(SCENES, "seed003_locked_circle.json"))
    r = run_json("run", os.path.join(SCENES, "seed003_locked_circle.json"), "--state")
    m, locked = r["circles"]
    p0 = (scene["circles"][0]["x"], scene["circles"][0]["y"])
    v = (scene["circles"][0]["vx"], scene["circles"][0]["vy"])
    c = (scene["circles"][1]["x"], scene["circles"][1]["y"])
    # |p0 + v t - c| = 2: first root of the quadratic
    dp = (p0[0] - c[0], p0[1] - c[1])
    qa, qb, qc = v[0] ** 2 + v[1] ** 2, dp[0] * v[0] + dp[1] * v[1], dp[0] ** 2 + dp[1] ** 2 - 4
    t = (-qb - math.sqrt(qb * qb - qa * qc)) / qa
    hit = (p0[0] + v[0] * t, p0[1] + v[1] * t)
    n = ((c[0] - hit[0]) / 2, (c[1] - hit[1]) / 2)
    vn = v[0] * n[0] + v[1] * n[1]
    v2 = (v[0] - 2 * vn * n[0], v[1] - 2 * vn * n[1])
    final = (hit[0] + v2[0] * (2 - t), hit[1] + v2[1] * (2 - t))
    check(r["collisions"] == 1 and r["wall_collisions"] == 0, "seed 003: one bounce only")
    check(abs(math.hypot(m["vx"], m["vy"]) - math.sqrt(10)) < 1e-12, "seed 003: speed kept")
    for got, want in ((m["vx"], v2[0]), (m["vy"], v2[1]), (m["x"], final[0]), (m["y"], final[1])):
        check(abs(got - want) < 1e-9, f"seed 003: got {got}, want {want}")
    check((locked["x"], locked["y"], locked["vx"], locked["vy"]) == (1.5, 1, 0, 0),
          "seed 003: the locked circle moved")


def gas_checks(report, n, eta, tolerance):
    check(GAS_KEYS <= report.keys(), f"missing {GAS_KEYS - report.keys()}")
    check(report["n"] == n and report["eta"] == eta, "n, eta echoed")
    rate = 2 * report["collisions"] / (report["n"] * report["time"])
    check(abs(report["collision_rate"] - rate) <= 1e-12 * rate, "collision_rate definition")
    check(abs(report["kT"] - 1) < 1e-9, f"kT {report['kT']}")
    henderson = (1 + eta * eta / 8) / (1 - eta) ** 2
    z, err = report["Z"], report["Z_stderr"]
    check(err > 0 and err < 0.05 * z, f"Z_stderr {err}")
    check(abs(z - henderson) <= tolerance * henderson + 4 * err,
          f"Z {z} +- {err} far from Henderson's {henderson}")
    # virial and collision counting agree: Z - 1 = (sqrt(pi) / 4) x rate (sigma, m, kT = 1)
    from_rate = 1 + math.sqrt(math.pi) / 4 * report["collision_rate"]
    check(abs(from_rate - z) <= 4 * err + 0.002 * z, f"Z {z} vs {from_rate} from the rate")
    speeds = report["speed_distribution"]
    check(speeds["chi2"] < 2.0 * speeds["dof"] + 10, f"chi2 {speeds['chi2']} / {speeds['dof']}")
    check(abs(speeds["mean_speed"] - math.sqrt(math.pi / 2)) < 0.02, "mean speed")
    check(sum(speeds["observed"]) == speeds["samples"], "histogram total")


def case_gas_small():
    """A small gas: the keys, the definitions, and Z near the hard-disk equation of state."""
    report = run_json("gas", "--n", "400", "--eta", "0.2", "--collisions", "60000", "--seed", "3")
    gas_checks(report, 400, 0.2, 0.02)
    again = run_json("gas", "--n", "400", "--eta", "0.2", "--collisions", "60000", "--seed", "3")
    check(again["Z"] == report["Z"] and again["time"] == report["time"],
          "the same seed gives a different gas")
    # another grid, the same physics: the same collisions (time within 1e-9), Z within its error
    cells = run_json("gas", "--n", "400", "--eta", "0.2", "--collisions", "60000", "--seed", "3",
                     "--cell-size", "4")
    gas_checks(cells, 400, 0.2, 0.02)
    check(abs(cells["Z"] - report["Z"]) <= 3 * report["Z_stderr"],
          f"--cell-size 4 changed Z: {cells['Z']} against {report['Z']}")


def case_gas_equation_of_state():
    """circol gas --n 4096 --eta 0.3 gives Z within 1% of 2.0633 (hard-disk simulations;
    Henderson's equation of state gives 2.0638), in well under a minute."""
    start = time.monotonic()
    report = run_json("gas", "--n", "4096", "--eta", "0.3", "--collisions", "600000")
    seconds = time.monotonic() - start
    print(json.dumps({k: report[k] for k in sorted(GAS_KEYS | {"Z_from_collision_rate"})}))
    check(abs(report["Z"] - 2.0633) <= 0.01 * 2.0633, f"Z {report['Z']}")
    gas_checks(report, 4096, 0.3, 0.01)
    check(seconds < 60, f"took {seconds:.1f} s")


def case_interrupt():
    """Ctrl-C stops a long run cleanly: the summary of the part that ran is printed, as JSON
    here, and the exit status is 130; the progress bar stays on standard error."""
    for args in (["run", os.path.join(SCENES, "gas.json"), "--until", "1e9", "--json"],
                 ["gas", "--n", "2000", "--collisions", "1000000000", "--json"]):
        env = dict(os.environ, CIRCOL_PROGRESS="1")
        proc = subprocess.Popen([CIRCOL, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=env)
        time.sleep(2.0)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        check(proc.returncode == 130, f"{args[0]}: exit {proc.returncode}: {err[-300:]!r}")
        report = json.loads(out)
        check(report["interrupted"] is True, "not marked interrupted")
        check(report["collisions"] > 0, "nothing ran")
        check("%" in err, "no progress bar on standard error")


def main(cases=None):
    """Runs the case named on the command line: one of `cases` (a module's globals: its case_
    functions), or of this module's own."""
    global CIRCOL, SCENES
    parser = argparse.ArgumentParser()
    parser.add_argument("--circol", required=True)
    parser.add_argument("--scenes", required=True)
    parser.add_argument("case")
    parser.add_argument("args", nargs="*")
    options = parser.parse_args()
    CIRCOL, SCENES = options.circol, options.scenes
    test = (cases if cases is not None else globals()).get("case_" + options.case)
    if test is None:
        print(f"unknown case {options.case}")
        return 2
    try:
        test(*options.args)
    except (Failure, AssertionError, json.JSONDecodeError, ET.ParseError, KeyError) as error:
        print(f"FAILED {options.case}: {error}")
        print("0 passed, 1 failed")
        return 1
    print(f"ok {options.case}")
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
