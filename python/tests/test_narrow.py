"""The narrow phase against independent oracles: exact rational arithmetic on the contact
quadratic, brute-force sampling of the distance, and the batch against the scalar call."""

import math
from fractions import Fraction

import numpy as np
import pytest

import circol


def random_pair(rng):
    """Two circles and velocities drawn so that about half of the pairs meet within t = 10."""
    pa, pb = rng.uniform(-10, 10, 2), rng.uniform(-10, 10, 2)
    ra, rb = rng.uniform(0.1, 2.0, 2)
    va = rng.uniform(-5, 5, 2)
    vb = (pa - pb) * rng.uniform(0.0, 0.3) + rng.uniform(-1, 1, 2)
    return pa, ra, va, pb, rb, vb


def exact_gap(pa, ra, va, pb, rb, vb, t):
    """|dp + dv t|^2 - (ra + rb)^2 in exact rational arithmetic."""
    t = Fraction(t)
    dx = Fraction(pb[0]) - Fraction(pa[0]) + (Fraction(vb[0]) - Fraction(va[0])) * t
    dy = Fraction(pb[1]) - Fraction(pa[1]) + (Fraction(vb[1]) - Fraction(va[1])) * t
    return dx * dx + dy * dy - (Fraction(ra) + Fraction(rb)) ** 2


def sampled_distance(pa, va, pb, vb, times):
    d = (pb - pa)[None, :] + (vb - va)[None, :] * times[:, None]
    return np.hypot(d[:, 0], d[:, 1])


def test_sweep_circles_against_exact_root_and_sampling(rng):
    t_max, hits = 10.0, 0
    times = np.linspace(0.0, t_max, 4001)
    for _ in range(400):
        pa, ra, va, pb, rb, vb = random_pair(rng)
        hit = circol.sweep_circles(pa, ra, va, pb, rb, vb, t_max)
        dist = sampled_distance(pa, va, pb, vb, times)
        radius = ra + rb
        inside = np.nonzero(dist < radius * (1 - 1e-9))[0]
        if hit is None:
            assert inside.size == 0
            continue
        hits += 1
        assert 0.0 <= hit.t <= t_max
        if inside.size:
            assert hit.t <= times[inside[0]]
        before = times < hit.t * (1 - 1e-9)
        assert np.all(dist[before] >= radius * (1 - 1e-9))
        if hit.t > 0:
            # the exact residual over its slope bounds how far the true root lies from t
            gap = exact_gap(pa, ra, va, pb, rb, vb, hit.t)
            dv = vb - va
            slope = 2 * (np.dot(pb - pa, dv) + np.dot(dv, dv) * hit.t)
            assert abs(float(gap)) <= 1e-12 * abs(slope) * max(hit.t, 1.0) + 1e-12 * radius**2
            normal = np.array(hit.normal)
            assert math.isclose(np.hypot(*normal), 1.0, rel_tol=1e-12)
    assert hits > 50


def test_sweep_circles_matches_numpy_roots(rng):
    for _ in range(300):
        pa, ra, va, pb, rb, vb = random_pair(rng)
        dp, dv = pb - pa, vb - va
        roots = np.roots([dv @ dv, 2 * (dp @ dv), dp @ dp - (ra + rb) ** 2])
        real = np.sort(roots[np.abs(roots.imag) < 1e-9].real) if dp @ dp > (ra + rb) ** 2 else []
        first = [r for r in real if 0 <= r <= 10.0]
        hit = circol.sweep_circles(pa, ra, va, pb, rb, vb, 10.0)
        discriminant = (dp @ dv) ** 2 - (dv @ dv) * (dp @ dp - (ra + rb) ** 2)
        if abs(discriminant) < 1e-6 * (dp @ dv) ** 2:
            continue  # grazing: numpy's roots are not accurate enough to judge
        if first:
            assert hit is not None and math.isclose(hit.t, first[0], rel_tol=1e-9, abs_tol=1e-12)
            assert math.isclose(hit.t_exit, real[1], rel_tol=1e-9, abs_tol=1e-12)
        elif dp @ dp > (ra + rb) ** 2:
            assert hit is None


def test_overlapping_circles_hit_at_zero():
    hit = circol.sweep_circles((0, 0), 1, (0, 0), (1, 0), 1, (1, 0), 5.0)
    assert hit.t == 0.0 and hit.t_exit == pytest.approx(1.0)


def test_sweep_against_point_segment_and_line_by_sampling(rng):
    times = np.linspace(0.0, 5.0, 5001)
    for _ in range(200):
        c, r, v = rng.uniform(-5, 5, 2), rng.uniform(0.2, 1.5), rng.uniform(-4, 4, 2)
        a, b = rng.uniform(-5, 5, 2), rng.uniform(-5, 5, 2)
        path = c[None, :] + v[None, :] * times[:, None]
        ab = b - a
        s = np.clip(((path - a) @ ab) / (ab @ ab), 0.0, 1.0)
        to_segment = np.hypot(*(path - (a + s[:, None] * ab)).T)
        to_point = np.hypot(*(path - a).T)
        normal = np.array([-ab[1], ab[0]])
        to_line = np.abs((path - a) @ normal) / np.hypot(*normal)
        for hit, dist in ((circol.sweep_circle_segment(c, r, v, a, b, 5.0), to_segment),
                          (circol.sweep_circle_point(c, r, v, a, 5.0), to_point),
                          (circol.sweep_circle_line(c, r, v, a, normal, 5.0), to_line)):
            inside = np.nonzero(dist < r * (1 - 1e-9))[0]
            if hit is None:
                assert inside.size == 0
                continue
            if inside.size:
                assert hit.t <= times[inside[0]]
            assert np.all(dist[times < hit.t * (1 - 1e-9)] >= r * (1 - 1e-9))
            if hit.t > 0:
                assert np.interp(hit.t, times, dist) == pytest.approx(r, rel=1e-3, abs=1e-3)


def test_accelerated_sweep_by_sampling(rng):
    times = np.linspace(0.0, 4.0, 8001)
    for _ in range(100):
        pa, ra, va, pb, rb, vb = random_pair(rng)
        aa, ab = rng.uniform(-3, 3, 2), rng.uniform(-3, 3, 2)
        hit = circol.sweep_circles_accel(pa, ra, va, aa, pb, rb, vb, ab, 4.0)
        d = ((pb - pa)[None, :] + (vb - va)[None, :] * times[:, None]
             + 0.5 * (ab - aa)[None, :] * times[:, None] ** 2)
        dist = np.hypot(d[:, 0], d[:, 1])
        inside = np.nonzero(dist < (ra + rb) * (1 - 1e-9))[0]
        if hit is None:
            assert inside.size == 0
            continue
        if inside.size:
            assert hit.t <= times[inside[0]]
        assert np.all(dist[times < hit.t * (1 - 1e-9)] >= (ra + rb) * (1 - 1e-9))


def test_static_contacts_against_numpy(rng):
    for _ in range(300):
        pa, ra, _, pb, rb, _ = random_pair(rng)
        distance = np.hypot(*(pb - pa))
        touching = distance <= ra + rb
        assert circol.circles_overlap(pa, ra, pb, rb) == touching
        contact = circol.circles_contact(pa, ra, pb, rb)
        assert (contact is not None) == touching
        if contact is not None:
            assert contact.depth == pytest.approx(ra + rb - distance, abs=1e-12)
            assert np.allclose(contact.normal, (pb - pa) / distance)


def test_spheres_with_zero_z_equal_circles_bit_for_bit(rng):
    for _ in range(200):
        pa, ra, va, pb, rb, vb = random_pair(rng)
        flat = circol.sweep_circles(pa, ra, va, pb, rb, vb, 10.0)
        lift = [tuple(x) + (0.0,) for x in (pa, va, pb, vb)]
        deep = circol.sweep_spheres(lift[0], ra, lift[1], lift[2], rb, lift[3], 10.0)
        assert (flat is None) == (deep is None)
        if flat is not None:
            assert (flat.t, flat.t_exit) == (deep.t, deep.t_exit)
            assert flat.normal == deep.normal[:2] and flat.point == deep.point[:2]


def pairs_with_edge_cases(rng, n):
    a_c, b_c = rng.uniform(-10, 10, (n, 2)), rng.uniform(-10, 10, (n, 2))
    a_r, b_r = rng.uniform(0.1, 2, n), rng.uniform(0.1, 2, n)
    a_v, b_v = rng.uniform(-5, 5, (n, 2)), rng.uniform(-5, 5, (n, 2))
    b_v += (a_c - b_c) * rng.uniform(0, 0.3, (n, 1))
    a_c[::50] = b_c[::50] + 0.1          # overlapping at t = 0
    a_v[1::50] = b_v[1::50]              # no relative motion
    a_r[2::50] = -1.0                    # negative radius
    a_c[3::50, 0] = np.nan               # not a number
    b_v[4::50, 1] = np.inf               # infinite speed
    b_c[5::50, 0] = a_c[5::50, 0] + a_r[5::50] + b_r[5::50]  # touching
    b_c[5::50, 1] = a_c[5::50, 1]
    return a_c, a_r, a_v, b_c, b_r, b_v


def test_sweep_batch_equals_scalar_bit_for_bit(rng):
    a_c, a_r, a_v, b_c, b_r, b_v = pairs_with_edge_cases(rng, 3000)
    batch = circol.sweep_circles_batch(a_c, a_r, a_v, b_c, b_r, b_v, 10.0)
    scalar = np.array([getattr(circol.sweep_circles(a_c[i], a_r[i], a_v[i], b_c[i], b_r[i],
                                                    b_v[i], 10.0), "t", math.inf)
                       for i in range(len(a_r))])
    assert np.array_equal(batch.view(np.uint64), scalar.view(np.uint64))
    assert np.isfinite(batch).sum() > 300
    # the structure-of-arrays form, without copies, gives the same bits
    soa = [np.ascontiguousarray(x) for x in (a_c[:, 0], a_c[:, 1], a_v[:, 0], a_v[:, 1],
                                            b_c[:, 0], b_c[:, 1], b_v[:, 0], b_v[:, 1])]
    out = np.empty(len(a_r))
    again = circol.sweep_circles_batch((soa[0], soa[1]), a_r, (soa[2], soa[3]),
                                       (soa[4], soa[5]), b_r, (soa[6], soa[7]), 10.0, out=out)
    assert again is out and np.array_equal(out.view(np.uint64), batch.view(np.uint64))
    mixed = circol.sweep_circles_batch((soa[0], soa[1]), a_r, a_v, b_c, b_r, (soa[6], soa[7]),
                                       10.0)
    assert np.array_equal(mixed.view(np.uint64), batch.view(np.uint64))
    # scalar radii broadcast to every pair
    one = circol.sweep_circles_batch(a_c, 0.7, a_v, b_c, 0.4, b_v, 10.0)
    assert np.array_equal(one, [getattr(circol.sweep_circles(a_c[i], 0.7, a_v[i], b_c[i], 0.4,
                                                             b_v[i], 10.0), "t", math.inf)
                                for i in range(len(a_r))])


def test_overlap_batch_equals_scalar(rng):
    a_c, a_r, _, b_c, b_r, _ = pairs_with_edge_cases(rng, 2000)
    batch = circol.circles_overlap_batch(a_c, a_r, b_c, b_r)
    scalar = np.array([circol.circles_overlap(a_c[i], a_r[i], b_c[i], b_r[i])
                       for i in range(len(a_r))])
    assert batch.dtype == np.bool_ and np.array_equal(batch, scalar) and batch.sum() > 30
    soa = circol.circles_overlap_batch((a_c[:, 0].copy(), a_c[:, 1].copy()), a_r,
                                       (b_c[:, 0].copy(), b_c[:, 1].copy()), b_r)
    assert np.array_equal(soa, batch)


def test_bad_input_is_no_hit_and_bad_shapes_raise():
    assert circol.sweep_circles((math.nan, 0), 1, (1, 0), (5, 0), 1, (0, 0), 10) is None
    assert circol.sweep_circles((0, 0), -1, (1, 0), (5, 0), 1, (0, 0), 10) is None
    assert circol.sweep_circles((0, 0), 1, (1, 0), (5, 0), 1, (0, 0), -1) is None
    with pytest.raises(ValueError):
        circol.sweep_circles((0,), 1, (1, 0), (5, 0), 1, (0, 0))
    with pytest.raises(ValueError):
        circol.sweep_circles_batch(np.zeros((3, 2)), 1, np.zeros((2, 2)), np.zeros((3, 2)), 1,
                                   np.zeros((3, 2)))


def test_response_conserves_momentum_and_elastic_energy(rng):
    for _ in range(200):
        a = circol.Body(tuple(rng.uniform(-1, 1, 2)), tuple(rng.uniform(-3, 3, 2)), 1.0,
                        1 / rng.uniform(0.5, 3))
        b = circol.Body(tuple(rng.uniform(-1, 1, 2)), tuple(rng.uniform(-3, 3, 2)), 1.0,
                        1 / rng.uniform(0.5, 3))
        n = np.array(b.position) - np.array(a.position)
        n /= np.hypot(*n)
        a2, b2 = circol.collide(a, b, n)
        ma, mb = 1 / a.inv_mass, 1 / b.inv_mass
        p0 = ma * np.array(a.velocity) + mb * np.array(b.velocity)
        p1 = ma * np.array(a2.velocity) + mb * np.array(b2.velocity)
        assert np.allclose(p0, p1, rtol=1e-12, atol=1e-12)
        e0 = ma * np.dot(a.velocity, a.velocity) + mb * np.dot(b.velocity, b.velocity)
        e1 = ma * np.dot(a2.velocity, a2.velocity) + mb * np.dot(b2.velocity, b2.velocity)
        assert e1 == pytest.approx(e0, rel=1e-12)
        j = circol.impulse(a, b, n)
        assert np.allclose(np.array(b2.velocity) - b.velocity, j * b.inv_mass * n, atol=1e-12)
    assert circol.reflect((1.0, -2.0), (0.0, 1.0)) == (1.0, 2.0)
