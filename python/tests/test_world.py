"""The world through the binding: conservation laws, the command-line tool's results bit for
bit, whole arrays in and out, and every error path."""

import gc
import json
import math
import subprocess
import weakref

import numpy as np
import pytest

import circol


def lattice(n, spacing, origin, rng, jitter=0.0):
    side = int(math.ceil(math.sqrt(n)))
    cells = np.stack(np.meshgrid(np.arange(side), np.arange(side)), -1).reshape(-1, 2)[:n]
    return origin + cells * spacing + rng.uniform(-jitter, jitter, (n, 2))


def gas(rng, n=400, side=60.0, periodic=True, **keywords):
    world = circol.World(box=(0, 0, side, side), periodic=periodic, **keywords)
    positions = lattice(n, side / math.ceil(math.sqrt(n)), 1.5, rng, 0.3)
    velocities = rng.normal(0, 1, (n, 2))
    masses = rng.uniform(0.5, 2.0, n)
    ids = world.add_circles(positions, rng.uniform(0.3, 0.8, n), velocities, masses)
    return world, ids, masses


def test_elastic_gas_conserves_momentum_and_energy(rng):
    world, _, masses = gas(rng)
    p0 = masses @ world.velocities
    e0 = 0.5 * masses @ (world.velocities ** 2).sum(axis=1)
    world.advance_collisions(5000)
    stats = world.stats
    assert stats.collisions >= 5000
    p1, e1 = masses @ world.velocities, 0.5 * masses @ (world.velocities ** 2).sum(axis=1)
    scale = masses @ np.hypot(*world.velocities.T)
    assert np.allclose(p1, p0, atol=1e-11 * scale)
    assert e1 == pytest.approx(e0, rel=1e-11)
    assert stats.kinetic_energy == pytest.approx(e1, rel=1e-12)
    assert np.allclose(stats.momentum, p1, atol=1e-11 * scale)
    assert world.max_overlap() <= 1e-9


def test_positions_equal_the_command_line_tool(rng, cli, tmp_path):
    n = 60
    positions = lattice(n, 10.0, 8.0, rng, 2.0)
    velocities, radii = rng.uniform(-20, 20, (n, 2)), rng.uniform(0.5, 2.5, n)
    masses = rng.uniform(0.5, 3, n)
    for gravity in ([0.0, 0.0], [0.0, -9.81]):
        scene = {"world": {"box": [0, 0, 100, 100], "boundary": "walls", "gravity": gravity,
                           "restitution": 0.9},
                 "circles": [{"x": p[0], "y": p[1], "vx": v[0], "vy": v[1], "r": r, "mass": m}
                             for p, v, r, m in zip(positions.tolist(), velocities.tolist(),
                                                   radii.tolist(), masses.tolist())],
                 "segments": [{"a": [3, 95], "b": [40, 97]}], "points": [[97, 3]]}
        path = tmp_path / "scene.json"
        path.write_text(json.dumps(scene))
        result = subprocess.run([cli, "run", str(path), "--json", "--state", "--until", "5"],
                                capture_output=True, text=True, check=True)
        report = json.loads(result.stdout)
        circles = sorted(report["circles"], key=lambda c: c["id"])
        expected = np.array([[c["x"], c["y"], c["vx"], c["vy"]] for c in circles])

        world = circol.World(box=(0, 0, 100, 100), gravity=gravity, restitution=0.9)
        world.add_segment((3, 95), (40, 97))
        world.add_point((97, 3))
        world.add_circles(positions, radii, velocities, masses)
        world.advance(5.0)
        got = np.hstack([world.positions, world.velocities])
        assert report["collisions"] > 50 and world.stats.collisions == report["collisions"]
        assert np.array_equal(got.view(np.uint64), expected.view(np.uint64))


def test_arrays_agree_with_single_circle_queries(rng):
    world, ids, masses = gas(rng, n=50)
    world.advance(2.0)
    arrays = world.export()
    assert np.array_equal(arrays["ids"], ids)
    assert np.allclose(arrays["masses"], masses, rtol=1e-15, atol=0)  # kept as 1 / mass
    for k in (0, 17, 49):
        state = world.get_circle(ids[k])
        assert state.position == tuple(arrays["positions"][k])
        assert state.velocity == tuple(arrays["velocities"][k])
        assert state.radius == arrays["radii"][k]
    assert np.array_equal(world.positions, arrays["positions"])
    assert len(world) == 50


def test_contact_events_match_the_statistics(rng):
    world, ids, _ = gas(rng, n=100, periodic=False, record_contacts=True)
    world.advance(3.0)
    events, stats = world.contact_events(), world.stats
    assert events.dtype == circol.CONTACT_DTYPE
    circles = events["kind"] == circol.CONTACT_CIRCLE
    assert circles.sum() == stats.collisions and (~circles).sum() == stats.wall_collisions
    assert np.all(np.diff(events["time"]) >= 0) and np.all(events["time"] <= 3.0)
    assert np.all(np.isin(events["a"], ids)) and np.all(np.isin(events["b"][circles], ids))
    assert np.all(events["b"][~circles] == 0) and np.all(events["wall"][circles] == -1)
    assert np.allclose(np.hypot(*events["normal"].T), 1.0) and np.all(events["impulse"] >= 0)


def test_set_velocities_and_removal(rng):
    world, ids, _ = gas(rng, n=30)
    world.set_velocities(ids[:3], [[1, 0], [0, 1], [2, 2]])
    assert np.array_equal(world.velocities[:3], [[1, 0], [0, 1], [2, 2]])
    world.remove_circles(ids[5:10])
    assert len(world) == 25 and not world.is_valid(ids[5]) and world.is_valid(ids[4])
    with pytest.raises(circol.StaleIdError):
        world.remove_circle(ids[5])
    with pytest.raises(circol.StaleIdError):
        world.set_velocity(ids[6], (1, 1))
    with pytest.raises(circol.StaleIdError):
        world.get_circle(ids[7])
    # a stale id among good ones changes nothing
    with pytest.raises(circol.StaleIdError):
        world.remove_circles([ids[0], ids[5]])
    assert world.is_valid(ids[0]) and len(world) == 25
    new = world.add_circle((30.0, 30.5), 0.1)
    assert new not in set(ids.tolist())


def test_errors_raise_exceptions_named_after_the_status():
    world = circol.World(box=(0, 0, 10, 10))
    world.add_circle((5, 5), 1)
    cases = [
        (circol.InvalidArgumentError, lambda: world.add_circle((math.nan, 5), 1)),
        (circol.InvalidArgumentError, lambda: world.add_circle((2, 2), -1)),
        (circol.InvalidArgumentError, lambda: world.add_circle((2, 2), 0.5, (math.inf, 0))),
        (circol.InvalidArgumentError, lambda: world.advance(-1)),
        (circol.InvalidArgumentError, lambda: world.advance(math.nan)),
        (circol.OverlapError, lambda: world.add_circle((5.5, 5), 1)),
        (circol.OutsideBoxError, lambda: world.add_circle((0.5, 5), 1)),
        (circol.InvalidArgumentError, lambda: circol.World(box=(0, 0, -1, 10))),
    ]
    for error, call in cases:
        with pytest.raises(error) as caught:
            call()
        assert isinstance(caught.value, circol.CircolError)
        assert circol.status_string(caught.value.status) in str(caught.value)
    assert len(world) == 1
    with pytest.raises(TypeError):
        circol.World(gravty=(0, 1))


def test_add_circles_is_all_or_nothing(rng):
    world = circol.World(box=(0, 0, 20, 20))
    positions = lattice(16, 4.0, 2.0, rng)
    positions[11] = positions[10] + 0.5
    with pytest.raises(circol.OverlapError, match="circle 11"):
        world.add_circles(positions, 1.0)
    assert len(world) == 0
    ids = world.add_circles(positions[:11], 1.0)
    assert len(world) == 11 and ids.dtype == np.uint64


def test_event_limit_leaves_a_consistent_world(rng):
    world, _, _ = gas(rng, n=200, max_events_per_advance=100)
    with pytest.raises(circol.EventLimitError):
        world.advance(50.0)
    assert 0 < world.time < 50.0 and world.max_overlap() <= 1e-9
    world.advance(0.01)


def test_closed_world_refuses_calls():
    world = circol.World()
    world.close()
    with pytest.raises(ValueError):
        world.advance(1.0)
    world.close()


def test_world_is_freed_and_arrays_outlive_it(rng):
    world, _, _ = gas(rng, n=20)
    positions, ref = world.positions, weakref.ref(world)
    del world
    gc.collect()
    assert ref() is None
    assert positions.shape == (20, 2) and np.all(np.isfinite(positions))


def resident_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    pytest.skip("no /proc/self/status")


def test_creating_and_destroying_worlds_does_not_grow_the_process():
    def churn(count):
        for _ in range(count):
            world = circol.World(box=(0, 0, 10, 10), record_contacts=True)
            world.add_circles([[2.0, 2.0], [5.0, 5.0]], 0.5, [[1.0, 1.0], [0.0, 0.0]])
            world.advance(3.0)
            world.contact_events()
            del world

    churn(5000)
    gc.collect()
    before = resident_kib()
    churn(100000)
    gc.collect()
    assert resident_kib() - before < 2048


def test_log_messages_reach_the_callback():
    messages = []
    world = circol.World(box=(0, 0, 10, 10), restitution=0.2, gravity=(0, -10),
                         log=messages.append)
    world.add_circles([[5.0, 0.6], [5.0, 1.8]], 0.5)
    world.advance(5.0)
    assert all(isinstance(m, str) for m in messages)
