#!/usr/bin/env python3
"""End-to-end tests of circol at the edges: large scenes, input limits, hostile values, the rule
for degenerate segments and the pictures. One case per CTest test.

usage: cli_edges.py --circol PATH --scenes DIR CASE
"""
import csv
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import cli_test
from cli_test import check, circol

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


VIRIDIS = [(0x44, 0x01, 0x54), (0x48, 0x28, 0x78), (0x3e, 0x49, 0x89), (0x31, 0x68, 0x8e),
           (0x26, 0x82, 0x8e), (0x1f, 0x9e, 0x89), (0x35, 0xb7, 0x79), (0x6e, 0xce, 0x58),
           (0xb5, 0xde, 0x2b), (0xfd, 0xe7, 0x25)]  # matplotlib's viridis at ten even steps


def viridis(t):
    """The colour of t in [0, 1] on viridis, interpolated between the published stops."""
    x = min(max(t, 0.0), 1.0) * 9
    k = min(int(x), 8)
    f = x - k
    return tuple(round(a + f * (b - a)) for a, b in zip(VIRIDIS[k], VIRIDIS[k + 1]))


def hex_colour(rgb):
    return "#%02x%02x%02x" % rgb


def svg_tree(path):
    return ET.parse(path).getroot()


def local(tag):
    return tag.split("}")[-1]


def png_pixels(path):
    """Decodes an 8-bit RGB PNG (the standard library's zlib and the PNG filters): width,
    height and rows of (r, g, b)."""
    import struct
    import zlib
    with open(path, "rb") as f:
        data = f.read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG")
    at, idat, width, height = 8, b"", 0, 0
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        check(zlib.crc32(kind + body) == struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0],
              f"{path}: bad CRC in {kind}")
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            check((depth, colour) == (8, 2), f"{path}: not 8-bit RGB")
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw, rows, stride = zlib.decompress(idat), [], width * 3
    previous = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 3] if i >= 3 else 0
            b, c = previous[i], previous[i - 3] if i >= 3 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[3 * x:3 * x + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def case_pictures():
    """The picture of a scene: every circle's fill is its final speed on viridis relative to the
    fastest (grey when immovable), from the --state of the same run; the axes carry round ticks
    within the box; the colour bar and the title with the time are there. --colour species
    gives one colour per (radius, mass) and a legend line for each; --trails none draws no path,
    last draws fewer points than all."""
    scene = {"world": {"box": [0, 0, 20, 10], "boundary": "walls"}, "until": 3,
             "circles": [{"x": 2 + 3 * i, "y": 5, "vx": i - 2.5, "vy": 0.5 * i, "r": 0.5 + 0.5 * (i % 2)}
                         for i in range(6)] + [{"x": 10, "y": 1.5, "vx": 0, "vy": 0, "r": 1, "mass": 0}]}
    with tempfile.TemporaryDirectory() as tmp:
        svg = os.path.join(tmp, "s.svg")
        proc = circol("run", "-", "--json", "--state", "--svg", svg, stdin=json.dumps(scene))
        check(proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr!r}")
        state = json.loads(proc.stdout)["circles"]
        speeds = [(c["vx"] ** 2 + c["vy"] ** 2) ** 0.5 for c in state]
        top = max(v for v, c in zip(speeds, scene["circles"]) if c.get("mass", 1) != 0)
        expected = [hex_colour((0x77, 0x77, 0x77)) if c.get("mass", 1) == 0 else
                    hex_colour(viridis(v / top)) for v, c in zip(speeds, scene["circles"])]
        root = svg_tree(svg)
        fills = [e.get("fill") for e in root.iter() if local(e.tag) == "circle" and e.get("cx")
                 and e.get("stroke") is None and e.get("r") != "2.5"]
        check(fills[:len(expected)] == expected, f"fills {fills} != {expected}")
        texts = [e.text for e in root.iter() if local(e.tag) == "text"]
        for word in ("speed", "immovable", "x", "y", "0", "20", "10"):
            check(word in texts, f"no {word!r} among the labels {texts}")
        check(any(t and "at t = 3" in t for t in texts), f"no time in {texts}")
        # species
        proc = circol("run", "-", "--svg", svg, "--colour", "species", stdin=json.dumps(scene))
        check(proc.returncode == 0, proc.stderr)
        texts = [e.text for e in svg_tree(svg).iter() if local(e.tag) == "text"]
        for word in ("species", "r 0.5, m 1", "r 1, m 1", "r 1, immovable"):
            check(word in texts, f"no {word!r} in the species legend {texts}")
        points = {}
        for mode in ("none", "last", "all"):
            proc = circol("run", "-", "--svg", svg, "--trails", mode, stdin=json.dumps(scene))
            check(proc.returncode == 0, proc.stderr)
            paths = [e.get("d") for e in svg_tree(svg).iter() if local(e.tag) == "path"]
            points[mode] = sum(d.count("L") + d.count("M") for d in paths)
        check(points["none"] == 0 < points["last"] < points["all"], f"trail points {points}")


def case_crowd_picture():
    """A scene of more circles than one SVG holds element by element (20 000) is drawn as one
    PNG image inside the SVG: no circle element per circle, a valid PNG of the box's shape, the
    file a few MB at most."""
    import base64
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "crowd.json")
        write_lines(path, lattice_scene(150, radius=0.2))
        svg = os.path.join(tmp, "crowd.svg")
        proc = circol("run", path, "--until", "0.1", "--svg", svg)
        check(proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr!r}")
        check(os.path.getsize(svg) < 4e6, f"{os.path.getsize(svg)} bytes")
        root = svg_tree(svg)
        images = [e for e in root.iter() if local(e.tag) == "image"]
        circles = [e for e in root.iter() if local(e.tag) == "circle"]
        check(len(images) == 1 and len(circles) < 10, f"{len(images)} images, {len(circles)} circles")
        href = images[0].get("href")
        check(href.startswith("data:image/png;base64,"), href[:40])
        png = os.path.join(tmp, "inner.png")
        with open(png, "wb") as f:
            f.write(base64.b64decode(href.split(",", 1)[1]))
        width, height, _ = png_pixels(png)
        check(width == height == 800, f"{width} x {height}")


def case_frames():
    """--frames DIR --every DT writes a numbered PNG for t = 0, DT, 2 DT, ... up to the end, each
    of even sides (as video encoders want), and the pixel at each circle's centre in the first
    frame is its starting speed on viridis (the scene's own numbers)."""
    circles = [{"x": 3 + 4 * i, "y": 5, "vx": [0.5, 2.0, 1.0][i], "vy": 0, "r": 1.2} for i in range(3)]
    scene = {"world": {"box": [0, 0, 13, 10], "boundary": "walls"}, "circles": circles}
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, "frames")
        proc = circol("run", "-", "--until", "2", "--frames", folder, "--every", "0.5",
                      stdin=json.dumps(scene))
        check(proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr!r}")
        names = sorted(os.listdir(folder))
        check(names == [f"frame-{k:05d}.png" for k in range(5)], f"{names}")
        width, height, rows = png_pixels(os.path.join(folder, names[0]))
        check(width % 2 == 0 and height % 2 == 0 and width == 800, f"{width} x {height}")
        scale = width / 13
        for c in circles:
            x, y = int(c["x"] * scale), int((10 - c["y"]) * scale)
            want = viridis(c["vx"] / 2.0)
            got = rows[y][x]
            check(all(abs(a - b) <= 2 for a, b in zip(got, want)), f"{c}: pixel {got}, want {want}")
        for args, words in ((["--frames", folder], "--frames: needs --every DT"),
                            (["--every", "1"], "--every: needs --frames DIR"),
                            (["--frames", folder, "--every", "1e-9"], "at most 100000"),
                            (["--trails", "some"], "--trails: expected one of last, all, none, "
                                                   "got 'some'"),
                            (["--colour", "red"], "--colour: expected one of speed, species"),
                            (["--frames", "/proc/nowhere/f", "--every", "1"],
                             "--frames: cannot make the folder")):
            proc = circol("run", "-", "--until", "2", *args, stdin=json.dumps(scene))
            refused(proc, words)


def case_gas_picture():
    """The gas histogram names both axes and shows Z with its error, Henderson's value and the
    chi-squared of the speeds, the same figures as --json gives."""
    with tempfile.TemporaryDirectory() as tmp:
        svg = os.path.join(tmp, "h.svg")
        report = json.loads(circol("gas", "--n", "100", "--collisions", "4000", "--json",
                                   "--svg", svg).stdout)
        texts = " | ".join(e.text or "" for e in svg_tree(svg).iter() if local(e.tag) == "text")
        for word in ("probability density", "speed v", f"Z = PA/(NkT) = {report['Z']:.4f}",
                     f"chi2 {report['speed_distribution']['chi2']:.1f}"):
            check(word in texts, f"no {word!r} in {texts}")


if __name__ == "__main__":
    sys.exit(cli_test.main(globals()))
