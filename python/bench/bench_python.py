"""What the Python binding costs over the C calls beneath it.

    PYTHONPATH=build/python /usr/bin/python3 python/bench/bench_python.py [--json FILE]

Two figures, each the shortest processor time (time.process_time, which a busy machine
disturbs less than the wall clock) of several alternating repeats, so that both sides see the
same machine load:

* gas: a periodic gas of 10^4 disks (eta 0.3) advanced by a fixed number of collisions through
  World.advance_collisions, against the same call made on the world's C pointer with no wrapper
  (the C speed), and against `circol gas` (the command-line tool, all C) when it is built;
* batch: 10^6 swept tests through circol.sweep_circles_batch, from (x, y) tuples of arrays (no
  copy) and from (n, 2) arrays (columns copied), against ccl_sweep_circles_batch called on
  prepared buffers.
"""

import argparse
import json
import os
import runpy
import subprocess
import time

import numpy as np

import circol
from circol._circol import ffi, lib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def best_of(repeats, *calls):
    """The shortest processor time of each call over `repeats` alternating rounds."""
    best = [float("inf")] * len(calls)
    for round_ in range(repeats):
        # the order alternates, so that neither side always runs on the other's cache
        order = range(len(calls)) if round_ % 2 == 0 else reversed(range(len(calls)))
        for k in order:
            call = calls[k]
            start = time.process_time()
            call()
            best[k] = min(best[k], time.process_time() - start)
    return best


def bench_gas(n, collisions, repeats):
    example = runpy.run_path(os.path.join(ROOT, "python", "examples", "gas.py"))
    # two copies of one gas: they stay bit-identical, so every round gives both the same work
    wrapped, raw = example["make_gas"](n, 0.3, 1), example["make_gas"](n, 0.3, 1)
    wrapped.advance_collisions(10 * n)
    raw.advance_collisions(10 * n)
    pointer = raw._world
    python_s, c_s = best_of(repeats, lambda: wrapped.advance_collisions(collisions),
                            lambda: lib.ccl_world_advance_collisions(pointer, collisions,
                                                                     float("inf")))
    result = {"n": n, "collisions": collisions, "python_collisions_per_second":
              collisions / python_s, "c_collisions_per_second": collisions / c_s,
              "overhead": python_s / c_s - 1}
    tool = os.path.join(os.environ.get("CIRCOL_BUILD_DIR", os.path.join(ROOT, "build")),
                        "tools", "circol")
    if os.access(tool, os.X_OK):
        report = json.loads(subprocess.run(
            [tool, "gas", "--n", str(n), "--eta", "0.3", "--collisions", str(collisions * 4),
             "--json"], capture_output=True, text=True, check=True).stdout)
        result["cli_collisions_per_second"] = report["collisions_per_second"]
    return result


def bench_batch(n, repeats):
    rng = np.random.default_rng(1)
    columns = [np.ascontiguousarray(rng.uniform(-10, 10, n)) for _ in range(8)]
    ar, br = rng.uniform(0.1, 2, n), rng.uniform(0.1, 2, n)
    pairs_soa = [(columns[0], columns[1]), ar, (columns[2], columns[3]),
                 (columns[4], columns[5]), br, (columns[6], columns[7])]
    pairs_aos = [np.stack(p, axis=1) if isinstance(p, tuple) else p for p in pairs_soa]
    out = np.empty(n)
    batch = ffi.new("ccl_sweep_batch *")
    keep = [columns[0], columns[1], columns[2], columns[3], ar,
            columns[4], columns[5], columns[6], columns[7], br]
    for field, array in zip(("ax", "ay", "avx", "avy", "ar", "bx", "by", "bvx", "bvy", "br"),
                            keep):
        setattr(batch, field, ffi.from_buffer("double[]", array))
    c_out = ffi.from_buffer("double[]", out)
    soa_s, aos_s, c_s = best_of(
        repeats, lambda: circol.sweep_circles_batch(*pairs_soa, 10.0, out=out),
        lambda: circol.sweep_circles_batch(*pairs_aos, 10.0, out=out),
        lambda: lib.ccl_sweep_circles_batch(batch, n, 10.0, c_out))
    return {"pairs": n, "c_ns_per_pair": c_s / n * 1e9, "soa_ns_per_pair": soa_s / n * 1e9,
            "aos_ns_per_pair": aos_s / n * 1e9, "soa_overhead": soa_s / c_s - 1,
            "aos_overhead": aos_s / c_s - 1}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=10000, help="disks in the gas (default 10^4)")
    parser.add_argument("--collisions", type=int, default=100000)
    parser.add_argument("--pairs", type=int, default=1000000)
    parser.add_argument("--repeats", type=int, default=11)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    gas = bench_gas(args.n, args.collisions, args.repeats)
    batch = bench_batch(args.pairs, args.repeats)
    print("gas, %d disks: Python %.4g collisions/s, C %.4g, overhead %+.2f%%%s" % (
        gas["n"], gas["python_collisions_per_second"], gas["c_collisions_per_second"],
        100 * gas["overhead"],
        "; circol gas (its own wall-clock figure) %.4g" % gas["cli_collisions_per_second"]
        if "cli_collisions_per_second" in gas else ""))
    print("batch, %d pairs: C %.2f ns/pair, numpy (x, y) tuples %.2f (%+.1f%%), "
          "(n, 2) arrays %.2f (%+.1f%%)" % (
              batch["pairs"], batch["c_ns_per_pair"], batch["soa_ns_per_pair"],
              100 * batch["soa_overhead"], batch["aos_ns_per_pair"],
              100 * batch["aos_overhead"]))
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"gas": gas, "batch": batch}, out, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
