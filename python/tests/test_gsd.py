"""The GSD trajectory reads back with gsd.hoomd as what the world held."""

import math

import numpy as np
import pytest

import circol

gsd_hoomd = pytest.importorskip("gsd.hoomd")


def test_trajectory_reads_back(rng, tmp_path):
    side, n = 20.0, 36
    world = circol.World(box=(-3, 2, -3 + side, 2 + side), periodic=True)
    cells = np.stack(np.meshgrid(np.arange(6), np.arange(6)), -1).reshape(-1, 2)
    ids = world.add_circles(cells * side / 6 + [-2, 3], rng.uniform(0.3, 0.6, n),
                            rng.normal(0, 3, (n, 2)))
    path = str(tmp_path / "run.gsd")
    expected, unwrapped = [], []
    with circol.GSDWriter(path, world) as writer:
        for _ in range(8):
            writer.write()
            expected.append(world.export())
            world.advance(0.05)
    with gsd_hoomd.open(path, "rb") as trajectory:
        assert len(trajectory) == 8
        for k, frame in enumerate(trajectory):
            state = expected[k]
            assert frame.configuration.step == k and frame.configuration.dimensions == 2
            assert np.allclose(frame.configuration.box[:2], [side, side])
            assert frame.particles.N == n
            centre = np.array([-3 + side / 2, 2 + side / 2])
            assert np.allclose(frame.particles.position[:, :2], state["positions"] - centre,
                               atol=1e-5)
            assert np.all(np.abs(frame.particles.position[:, :2]) <= side / 2 + 1e-5)
            assert np.allclose(frame.particles.velocity[:, :2], state["velocities"], rtol=1e-6)
            assert np.allclose(frame.particles.diameter, 2 * state["radii"], rtol=1e-6)
            assert np.array_equal(frame.log["particles/circol_id"], ids)
            assert frame.log["circol/time"][0] == pytest.approx(0.05 * k)
            unwrapped.append(frame.particles.position[:, :2] + frame.particles.image[:, :2] * side)
    # unwrapped positions move by at most the fastest speed times the interval between frames
    steps = np.diff(np.array(unwrapped), axis=0)
    speed = max(np.hypot(*e["velocities"].T).max() for e in expected)
    assert np.abs(steps).max() <= speed * 0.05 * 1.01 + 1e-4
    assert math.isfinite(steps.sum())
