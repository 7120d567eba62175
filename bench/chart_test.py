#!/usr/bin/env python3
"""Checks circol_bench's picture (--svg) against its own JSON (--json) from the same run.

A short run (--quick --repeat 1) of every scene writes both files. The picture must be well
formed, hold the three panels, and draw every bar and point with a value that is in the JSON, at a
length or height that orders the values as the numbers do. A run of one scene must say, in the
other panels, that they were not measured; an unwritable path must fail with a message. Nothing
here looks at how fast anything ran.

Usage: chart_test.py --bench PATH/TO/circol_bench CASE
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def run_bench(bench, args, tmp):
    svg = os.path.join(tmp, "chart.svg")
    out = os.path.join(tmp, "results.json")
    done = subprocess.run([bench, "--quick", "--repeat", "1", "--json", out, "--svg", svg] + args,
                          capture_output=True, text=True, timeout=600)
    check(done.returncode == 0, f"circol_bench exited {done.returncode}: {done.stderr}")
    with open(out) as f:
        results = json.load(f)["results"]
    values = {(r["scene"], r["metric"]): r["value"] for r in results}
    return ET.parse(svg).getroot(), values


def panel(root, name):
    for g in root.iter(NS + "g"):
        if g.get("id") == name:
            return g
    fail(f"no panel '{name}'")


def texts(element):
    return ["".join(t.itertext()) for t in element.iter(NS + "text")]


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-5, abs_tol=0.0)


def bars(g):
    return [(float(r.get("data-value")), float(r.get("width")))
            for r in g.iter(NS + "rect") if r.get("class") == "bar"]


def check_bars_ordered(name, drawn):
    # a log scale: the larger the value, the longer the bar (both clamped at the axis's ends)
    for va, wa in drawn:
        for vb, wb in drawn:
            if va < vb:
                check(wa <= wb, f"{name}: a bar of {va} is longer than one of {vb}")


def case_full(bench):
    with tempfile.TemporaryDirectory() as tmp:
        root, values = run_bench(bench, [], tmp)
        check(root.tag == NS + "svg", f"root is {root.tag}")

        narrow = panel(root, "narrow")
        expected = {values[("sweep_scalar", "circol ccl_sweep_circles, time per pair")],
                    values[("sweep_scalar", "Box2D b2TimeOfImpact, time per pair")],
                    values[("sweep_scalar", "textbook root in double, time per pair")],
                    1000.0 / values[("sweep_batch",
                                     "1024 pairs (in cache): ccl_sweep_circles_batch")]}
        drawn = bars(narrow)
        check(len(drawn) == 4, f"narrow: {len(drawn)} bars, not 4")
        for value, _ in drawn:
            check(any(close(value, e) for e in expected), f"narrow: bar {value} not in the JSON")
        check_bars_ordered("narrow", drawn)

        gas = panel(root, "gas")
        points = [(float(c.get("data-value")), float(c.get("cy")))
                  for c in gas.iter(NS + "circle") if c.get("class") == "point"]
        measured = [v for (scene, metric), v in values.items()
                    if scene == "gas" and metric.endswith(": collisions per second")]
        check(len(points) == len(measured) and len(points) >= 3,
              f"gas: {len(points)} points for {len(measured)} measured rates")
        for value, _ in points:
            check(any(close(value, m) for m in measured), f"gas: point {value} not in the JSON")
        # a linear axis, y down: a higher rate never sits lower, and sits higher once the two
        # differ by more than the drawing's resolution (positions are written to 0.1 px)
        for va, ya in points:
            for vb, yb in points:
                if va < vb:
                    check(ya >= yb, f"gas: {va} drawn above {vb}")
                if va < 0.95 * vb:
                    check(ya > yb, f"gas: {va} drawn level with {vb}")
        targets = sorted(float(t.get("data-value")) for t in gas.iter(NS + "line")
                         if t.get("class") == "target")
        check(targets == [2.0, 4.0], f"gas: targets {targets}")

        balls = panel(root, "balls")
        drawn = bars(balls)
        times = [v for (scene, metric), v in values.items()
                 if scene == "balls" and metric.endswith("time for 10 s at 60 Hz")]
        check(len(drawn) == 3, f"balls: {len(drawn)} bars, not 3")
        for value, _ in drawn:
            check(any(close(value, t) for t in times), f"balls: bar {value} not in the JSON")
        check_bars_ordered("balls", drawn)
        passes = [v for (scene, metric), v in values.items()
                  if scene == "balls" and metric.endswith(" pass-throughs")]
        labels = " ".join(texts(balls))
        for p in passes:
            check(f"{p:.0f} pass-throughs" in labels, f"balls: {p:.0f} pass-throughs not written")


def case_one_scene(bench):
    with tempfile.TemporaryDirectory() as tmp:
        root, _ = run_bench(bench, ["--scene", "sweep_scalar"], tmp)
        check(len(bars(panel(root, "narrow"))) == 3, "narrow: the batch bar without the batch")
        for name in ("gas", "balls"):
            check("not measured in this run" in texts(panel(root, name)),
                  f"{name}: no 'not measured' note")


def case_unwritable(bench):
    done = subprocess.run([bench, "--quick", "--repeat", "1", "--scene", "sweep_scalar", "--svg",
                           "/nonexistent/dir/chart.svg"], capture_output=True, text=True,
                          timeout=600)
    check(done.returncode != 0, "an unwritable --svg path succeeded")
    check("chart.svg" in done.stderr, f"no message naming the path: {done.stderr!r}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench", required=True)
    parser.add_argument("case", choices=["full", "one_scene", "unwritable"])
    args = parser.parse_args()
    {"full": case_full, "one_scene": case_one_scene,
     "unwritable": case_unwritable}[args.case](args.bench)
    print("ok")


if __name__ == "__main__":
    main()
