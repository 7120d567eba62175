"""A hard-disk gas from Python: runs it, writes a GSD trajectory and plots the speed
distribution and the equation of state Z(eta) against the literature.

    /usr/bin/python3 python/examples/gas.py --n 400 --out gas-output

N disks of diameter 1 and mass 1 at packing fraction eta in a periodic square box, kT = 1.
Z = PA/(NkT) comes from the collision virial, Z = 1 + virial / (2 N kT t); the reference is
Henderson's equation of state for hard disks, Z = (1 + eta^2 / 8) / (1 - eta)^2. The speeds are
compared with the 2D Maxwell-Boltzmann distribution P(v) = (m v / kT) exp(-m v^2 / 2 kT).
Needs python3-matplotlib and python3-gsd.
"""

import argparse
import math
import os

import numpy as np

import circol


def henderson(eta):
    """Henderson's compressibility factor of hard disks at packing fraction eta."""
    return (1 + eta**2 / 8) / (1 - eta) ** 2


def make_gas(n, eta, seed):
    """A periodic world of n unit-diameter disks at packing fraction eta, at kT = 1 with zero
    total momentum, started on a square lattice (eta at most pi / 4)."""
    side = math.sqrt(n * math.pi / 4 / eta)
    per_row = math.ceil(math.sqrt(n))
    spacing = side / per_row
    if spacing < 1.0:
        raise ValueError("eta %.3f is too dense for a square lattice of %d disks" % (eta, n))
    world = circol.World(box=(0, 0, side, side), periodic=True)
    cells = np.stack(np.meshgrid(np.arange(per_row), np.arange(per_row)), -1).reshape(-1, 2)
    positions = (cells[:n] + 0.5) * spacing
    rng = np.random.default_rng(seed)
    velocities = rng.normal(0.0, 1.0, (n, 2))
    velocities -= velocities.mean(axis=0)
    velocities *= math.sqrt(n / (0.5 * (velocities**2).sum()))  # kinetic energy N kT
    world.add_circles(positions, 0.5, velocities)
    return world


def measure(world, collisions, blocks=40, writer=None):
    """Z and its standard error from `blocks` blocks of collisions, and the speeds seen at the
    end of each block. Writes a frame to writer (a GSDWriter) after each block."""
    n = len(world)
    kT = world.stats.kinetic_energy / n
    world.reset_stats()
    z_blocks, speeds = [], []
    virial_before = time_before = 0.0
    for _ in range(blocks):
        world.advance_collisions(max(1, collisions // blocks))
        stats = world.stats
        z_blocks.append(1 + (stats.virial - virial_before)
                        / (2 * n * kT * (stats.virial_time - time_before)))
        virial_before, time_before = stats.virial, stats.virial_time
        speeds.append(np.hypot(*world.velocities.T))
        if writer is not None:
            writer.write()
    stats = world.stats
    z = 1 + stats.virial / (2 * n * kT * stats.virial_time)
    return z, np.std(z_blocks, ddof=1) / math.sqrt(blocks), np.concatenate(speeds)


def run(n, etas, collisions, seed, out):
    """Runs one gas per eta; returns {eta: (Z, stderr)}, the speeds of the densest and the
    trajectory's path (of the first eta)."""
    os.makedirs(out, exist_ok=True)
    trajectory = os.path.join(out, "gas.gsd")
    results, speeds = {}, None
    for k, eta in enumerate(etas):
        world = make_gas(n, eta, seed + k)
        world.advance_collisions(20 * n)  # equilibrate from the lattice
        if k == 0:
            with circol.GSDWriter(trajectory, world) as writer:
                z, error, speeds = measure(world, collisions, writer=writer)
        else:
            z, error, speeds = measure(world, collisions)
        results[eta] = (z, error)
    return results, speeds, trajectory


def _save(plt, figure, axes, xlabel, ylabel, path):
    """Labels and saves one figure to path (100 dpi) and closes it; returns path."""
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path


def plot(results, speeds, out):
    """Draws speeds.png and eos.png in out; returns their paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(5, 3.5))
    axes.hist(speeds, bins=40, density=True, alpha=0.6, label="circol")
    v = np.linspace(0, speeds.max(), 200)
    axes.plot(v, v * np.exp(-v**2 / 2), "k-", label="Maxwell-Boltzmann, kT = 1")
    speeds_png = _save(plt, figure, axes, "speed", "probability density",
                       os.path.join(out, "speeds.png"))

    figure, axes = plt.subplots(figsize=(5, 3.5))
    etas = np.array(sorted(results))
    z = np.array([results[e][0] for e in etas])
    errors = np.array([results[e][1] for e in etas])
    axes.errorbar(etas, z, yerr=errors, fmt="o", label="circol (collision virial)")
    curve = np.linspace(0, max(etas) * 1.05, 200)
    axes.plot(curve, henderson(curve), "k-", label="Henderson (1975)")
    eos_png = _save(plt, figure, axes, "packing fraction eta", "Z = PA / NkT",
                    os.path.join(out, "eos.png"))
    return speeds_png, eos_png


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=400, help="disks (default 400)")
    parser.add_argument("--eta", type=float, nargs="+", default=[0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
    parser.add_argument("--collisions", type=int, default=100000,
                        help="collisions measured per packing fraction (default 100000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="gas-output", help="folder for gas.gsd and the plots")
    args = parser.parse_args(argv)
    results, speeds, trajectory = run(args.n, args.eta, args.collisions, args.seed, args.out)
    for eta, (z, error) in sorted(results.items()):
        print("eta %.3f  Z %.4f +- %.4f  Henderson %.4f" % (eta, z, error, henderson(eta)))
    pictures = plot(results, speeds, args.out)
    print("wrote %s, %s, %s" % ((trajectory,) + pictures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
