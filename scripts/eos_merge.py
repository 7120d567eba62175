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


def nice_step(span, ticks=5):
    """A step of 1, 2 or 5 times a power of ten giving about `ticks` ticks over span."""
    raw = span / ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    return next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)


class Panel:
    """A plot area: eta across, a value up, in SVG coordinates."""

    def __init__(self, left, top, width, height, eta_max, low, high):
        self.left, self.top, self.width, self.height = left, top, width, height
        self.eta_max, self.low, self.high = eta_max, low, high

    def x(self, eta):
        return self.left + self.width * eta / self.eta_max

    def y(self, value):
        return self.top + self.height * (self.high - value) / (self.high - self.low)

    def axes(self, parts, label, x_labels):
        bottom = self.top + self.height
        parts.append(f'<rect x="{self.left}" y="{self.top}" width="{self.width}" '
                     f'height="{self.height}" fill="none" stroke="black"/>')
        for k in range(0, 10):
            eta = k / 10
            if eta > self.eta_max:
                break
            parts.append(f'<line x1="{self.x(eta):.1f}" y1="{bottom}" x2="{self.x(eta):.1f}" '
                         f'y2="{bottom + 5}" stroke="black"/>')
            if x_labels:
                parts.append(f'<text x="{self.x(eta):.1f}" y="{bottom + 18}" '
                             f'text-anchor="middle">{eta:.1f}</text>')
        step = nice_step(self.high - self.low)
        value = math.ceil(self.low / step) * step
        while value <= self.high + 1e-9 * step:
            parts.append(f'<line x1="{self.left - 5}" y1="{self.y(value):.1f}" x2="{self.left}" '
                         f'y2="{self.y(value):.1f}" stroke="black"/>')
            parts.append(f'<text x="{self.left - 8}" y="{self.y(value) + 4:.1f}" '
                         f'text-anchor="end">{value:g}</text>')
            value += step
        middle = self.top + self.height / 2
        parts.append(f'<text x="16" y="{middle}" text-anchor="middle" '
                     f'transform="rotate(-90 16 {middle})">{label}</text>')


def svg(points, out):
    """Z(eta) with error bars (two standard errors) and Henderson's curve above; below, the
    deviation from Henderson in percent, with the same error bars."""
    width, height = 640, 560
    eta_max = min(max(0.1, max(p["eta"] for p in points) * 1.08), 0.88)
    z_max = max(max(p["Z"] + 2 * p["Z_stderr"] for p in points), henderson(eta_max)) * 1.05
    top = Panel(80, 20, 540, 320, eta_max, 0.0, z_max)
    percent = [(100 * (p["Z"] / p["Z_henderson"] - 1), 200 * p["Z_stderr"] / p["Z_henderson"])
               for p in points]
    reach = max(max(abs(d) + e for d, e in percent), 0.1) * 1.15
    below = Panel(80, 380, 540, 120, eta_max, -reach, reach)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
             '<title>Hard disks: Z(eta) against Henderson</title>',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    top.axes(parts, "Z = PA / NkT", False)
    below.axes(parts, "Z / Z_Henderson - 1 (%)", True)
    parts.append(f'<text x="{below.left + below.width / 2}" y="{height - 12}" '
                 'text-anchor="middle">packing fraction eta</text>')
    curve = " ".join(f"{top.x(e):.1f},{top.y(henderson(e)):.1f}"
                     for e in (eta_max * k / 200 for k in range(201)))
    parts.append(f'<polyline points="{curve}" fill="none" stroke="#1f77b4" stroke-width="1.5"/>')
    parts.append(f'<line x1="{below.left}" y1="{below.y(0):.1f}" x2="{below.left + below.width}" '
                 f'y2="{below.y(0):.1f}" stroke="#1f77b4" stroke-width="1.5"/>')
    for p, (deviation, error) in zip(points, percent):
        px = top.x(p["eta"])
        parts.append(f'<line class="error-bar" x1="{px:.1f}" '
                     f'y1="{top.y(p["Z"] - 2 * p["Z_stderr"]):.1f}" x2="{px:.1f}" '
                     f'y2="{top.y(p["Z"] + 2 * p["Z_stderr"]):.1f}" stroke="#d62728"/>')
        parts.append(f'<circle class="point" cx="{px:.1f}" cy="{top.y(p["Z"]):.1f}" r="3" '
                     f'fill="#d62728"><title>eta {p["eta"]}: Z {p["Z"]:.5f} +- '
                     f'{p["Z_stderr"]:.5f} ({len(p["seeds"])} seeds), Henderson '
                     f'{p["Z_henderson"]:.5f}</title></circle>')
        parts.append(f'<line x1="{px:.1f}" y1="{below.y(deviation - error):.1f}" x2="{px:.1f}" '
                     f'y2="{below.y(deviation + error):.1f}" stroke="#d62728"/>')
        parts.append(f'<circle cx="{px:.1f}" cy="{below.y(deviation):.1f}" r="3" '
                     'fill="#d62728"/>')
    parts.append(f'<line x1="{top.left + 20}" y1="{top.top + 18}" x2="{top.left + 45}" '
                 f'y2="{top.top + 18}" stroke="#1f77b4" stroke-width="1.5"/>')
    parts.append(f'<text x="{top.left + 52}" y="{top.top + 22}">Henderson (1975)</text>')
    parts.append(f'<circle cx="{top.left + 32}" cy="{top.top + 38}" r="3" fill="#d62728"/>')
    parts.append(f'<text x="{top.left + 52}" y="{top.top + 42}">circol gas: mean over seeds, '
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
