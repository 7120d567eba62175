#!/usr/bin/env python3
"""Merges `circol gas --json` reports of an equation-of-state sweep (scripts/eos-sweep.sh) into
one JSON object on standard output: for each packing fraction, Z averaged over the seeds, with
the standard error from the spread of the seeds (independent runs; from the one run's blocks
when there is one seed), against Henderson's equation of state (the report's Z_henderson, which
for --bidisperse is the mixture's). --svg FILE draws Z(eta) with the error bars and the curve.

usage: eos_merge.py [--svg FILE] REPORT.json...
Standard library only (Debian's /usr/bin/python3)."""
import argparse
import json
import math
import sys


def henderson(eta):
    """Henderson's compressibility factor of hard disks (Mol. Phys. 30, 971, 1975)."""
    return (1 + eta * eta / 8) / (1 - eta) ** 2


def merge(reports):
    groups = {}
    for path, r in reports:
        if r.get("interrupted"):
            raise ValueError(f"{path}: the run was interrupted")
        groups.setdefault((r["n"], r["eta"]), []).append(r)
    points = []
    for (n, eta), runs in sorted(groups.items(), key=lambda item: (item[0][1], item[0][0])):
        zs = [r["Z"] for r in runs]
        k = len(zs)
        mean = sum(zs) / k
        if k > 1:
            spread = math.sqrt(sum((z - mean) ** 2 for z in zs) / (k - 1))
            error = spread / math.sqrt(k)
        else:
            error = runs[0]["Z_stderr"]
        blocks = math.sqrt(sum(r["Z_stderr"] ** 2 for r in runs)) / k
        theory = runs[0].get("Z_henderson", henderson(eta))
        points.append({"n": n, "eta": eta, "seeds": sorted(r["seed"] for r in runs), "Z": mean,
                       "Z_stderr": error, "Z_stderr_blocks": blocks, "Z_henderson": theory,
                       "deviation_sigmas": (mean - theory) / error if error > 0 else None,
                       "collisions": sum(r["collisions"] for r in runs)})
    return {"reference": "Henderson, Mol. Phys. 30, 971 (1975): Z = (1 + eta^2/8) / (1 - eta)^2",
            "points": points}


def svg(points, out):
    """Z(eta): points with error bars (two standard errors), Henderson's curve, axes, legend."""
    width, height, left, right, top, bottom = 640, 440, 70, 20, 20, 60
    eta_max = max(0.1, max(p["eta"] for p in points) * 1.08)
    eta_max = min(eta_max, 0.88)
    z_max = max(max(p["Z"] + 2 * p["Z_stderr"] for p in points), henderson(eta_max)) * 1.05

    def x(eta):
        return left + (width - left - right) * eta / eta_max

    def y(z):
        return height - bottom - (height - top - bottom) * (z - 1) / (z_max - 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
             '<title>Hard disks: Z(eta) against Henderson</title>',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" '
             f'y2="{height - bottom}" stroke="black"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="black"/>']
    for k in range(0, 10):
        eta = k / 10
        if eta > eta_max:
            break
        parts.append(f'<line x1="{x(eta):.1f}" y1="{height - bottom}" x2="{x(eta):.1f}" '
                     f'y2="{height - bottom + 5}" stroke="black"/>')
        parts.append(f'<text x="{x(eta):.1f}" y="{height - bottom + 18}" '
                     f'text-anchor="middle">{eta:.1f}</text>')
    step = 10 ** math.floor(math.log10(max(z_max - 1, 1e-9)))
    step = step * 2 if (z_max - 1) / step < 4 else step
    step = step / 2 if (z_max - 1) / step < 4 else step
    z = 1.0
    while z <= z_max:
        parts.append(f'<line x1="{left - 5}" y1="{y(z):.1f}" x2="{left}" y2="{y(z):.1f}" '
                     'stroke="black"/>')
        parts.append(f'<text x="{left - 8}" y="{y(z) + 4:.1f}" text-anchor="end">{z:g}</text>')
        z += step
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 20}" '
                 'text-anchor="middle">packing fraction eta</text>')
    parts.append(f'<text x="18" y="{(top + height - bottom) / 2}" text-anchor="middle" '
                 f'transform="rotate(-90 18 {(top + height - bottom) / 2})">Z = PA / NkT</text>')
    curve = " ".join(f"{x(e):.1f},{y(henderson(e)):.1f}"
                     for e in (eta_max * k / 200 for k in range(201)))
    parts.append(f'<polyline points="{curve}" fill="none" stroke="#1f77b4" stroke-width="1.5"/>')
    for p in points:
        px, low, high = x(p["eta"]), y(p["Z"] - 2 * p["Z_stderr"]), y(p["Z"] + 2 * p["Z_stderr"])
        parts.append(f'<line class="error-bar" x1="{px:.1f}" y1="{low:.1f}" x2="{px:.1f}" '
                     f'y2="{high:.1f}" stroke="#d62728"/>')
        parts.append(f'<circle class="point" cx="{px:.1f}" cy="{y(p["Z"]):.1f}" r="3" '
                     f'fill="#d62728"><title>eta {p["eta"]}: Z {p["Z"]:.5f} +- '
                     f'{p["Z_stderr"]:.5f} ({len(p["seeds"])} seeds), Henderson '
                     f'{p["Z_henderson"]:.5f}</title></circle>')
    parts.append(f'<line x1="{left + 20}" y1="{top + 15}" x2="{left + 45}" y2="{top + 15}" '
                 'stroke="#1f77b4" stroke-width="1.5"/>')
    parts.append(f'<text x="{left + 52}" y="{top + 19}">Henderson (1975)</text>')
    parts.append(f'<circle cx="{left + 32}" cy="{top + 35}" r="3" fill="#d62728"/>')
    parts.append(f'<text x="{left + 52}" y="{top + 39}">circol gas, mean over seeds, '
                 '2 standard errors</text>')
    parts.append("</svg>")
    out.write("\n".join(parts) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--svg")
    parser.add_argument("reports", nargs="+")
    options = parser.parse_args()
    reports = []
    try:
        for path in options.reports:
            with open(path) as f:
                reports.append((path, json.load(f)))
        merged = merge(reports)
    except (OSError, ValueError, KeyError) as error:
        print(f"eos_merge: {error}", file=sys.stderr)
        return 1
    if options.svg:
        with open(options.svg, "w") as f:
            svg(merged["points"], f)
    json.dump(merged, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
