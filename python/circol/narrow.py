"""The narrow phase and the response: circol's pure functions on plain values.

Points and vectors are pairs (x, y) (triples in 3D); a circle is its centre and its radius.
Every call goes straight to the C function of the same name, so a result here is the C result
bit for bit. A test that finds no contact or no hit returns None.
"""

import math
from dataclasses import dataclass

import numpy as np

from ._circol import ffi, lib

INF = math.inf


@dataclass(frozen=True)
class Contact:
    """A static contact: unit normal from the first shape to the second, the contact point
    midway between the surfaces, and the penetration depth (0 when just touching)."""

    normal: tuple
    point: tuple
    depth: float


@dataclass(frozen=True)
class Hit:
    """A swept hit: first time of contact t in [0, t_max], t_exit when they separate again
    (may exceed t_max; inf when never), the unit normal from the moving circle (or a) toward
    the other shape at t, and the contact point at t."""

    t: float
    t_exit: float
    normal: tuple
    point: tuple


@dataclass(frozen=True)
class Body:
    """A rigid disk for the response functions. inv_mass 0 is immovable; restitution in [0, 1]."""

    position: tuple
    velocity: tuple
    radius: float = 1.0
    inv_mass: float = 1.0
    restitution: float = 1.0


def _vec(value, size, name):
    """value as a tuple of size floats; a wrong length is a ValueError, not a silent zero."""
    items = tuple(float(x) for x in value)
    if len(items) != size:
        raise ValueError("%s must have %d components, got %d" % (name, size, len(items)))
    return items


def _v2(value, name):
    return _vec(value, 2, name)


def _v3(value, name):
    return _vec(value, 3, name)


def _tuple(c_vec):
    return (c_vec.x, c_vec.y, c_vec.z) if hasattr(c_vec, "z") else (c_vec.x, c_vec.y)


def _contact(found, out):
    return Contact(_tuple(out.normal), _tuple(out.point), out.depth) if found else None


def _hit(found, out):
    return Hit(out.t, out.t_exit, _tuple(out.normal), _tuple(out.point)) if found else None


def circles_overlap(a_center, a_radius, b_center, b_radius):
    """True when the circles touch or overlap."""
    return bool(lib.ccl_circles_overlap((_v2(a_center, "a_center"), a_radius),
                                        (_v2(b_center, "b_center"), b_radius)))


def circles_contact(a_center, a_radius, b_center, b_radius):
    """The contact of two circles, or None when they do not touch."""
    out = ffi.new("ccl_contact *")
    found = lib.ccl_circles_contact((_v2(a_center, "a_center"), a_radius),
                                    (_v2(b_center, "b_center"), b_radius), out)
    return _contact(found, out)


def circle_segment_contact(center, radius, seg_a, seg_b):
    """The contact of a circle with the segment from seg_a to seg_b, or None."""
    out = ffi.new("ccl_contact *")
    found = lib.ccl_circle_segment_contact((_v2(center, "center"), radius),
                                           (_v2(seg_a, "seg_a"), _v2(seg_b, "seg_b")), out)
    return _contact(found, out)


def sweep_circles(a_center, a_radius, a_velocity, b_center, b_radius, b_velocity, t_max=INF):
    """The first contact of two circles moving with constant velocities within [0, t_max]."""
    out = ffi.new("ccl_hit *")
    found = lib.ccl_sweep_circles((_v2(a_center, "a_center"), a_radius),
                                  _v2(a_velocity, "a_velocity"),
                                  (_v2(b_center, "b_center"), b_radius),
                                  _v2(b_velocity, "b_velocity"), t_max, out)
    return _hit(found, out)


def sweep_circle_point(center, radius, velocity, point, t_max=INF):
    """A moving circle against a fixed point."""
    out = ffi.new("ccl_hit *")
    found = lib.ccl_sweep_circle_point((_v2(center, "center"), radius),
                                       _v2(velocity, "velocity"), _v2(point, "point"), t_max, out)
    return _hit(found, out)


def sweep_circle_segment(center, radius, velocity, seg_a, seg_b, t_max=INF):
    """A moving circle against the fixed segment from seg_a to seg_b (interior and end caps)."""
    out = ffi.new("ccl_hit *")
    found = lib.ccl_sweep_circle_segment((_v2(center, "center"), radius),
                                         _v2(velocity, "velocity"),
                                         (_v2(seg_a, "seg_a"), _v2(seg_b, "seg_b")), t_max, out)
    return _hit(found, out)


def sweep_circle_line(center, radius, velocity, line_point, line_normal, t_max=INF):
    """A moving circle against the infinite two-sided line through line_point with normal
    line_normal (any length but zero)."""
    out = ffi.new("ccl_hit *")
    found = lib.ccl_sweep_circle_line((_v2(center, "center"), radius), _v2(velocity, "velocity"),
                                      _v2(line_point, "line_point"),
                                      _v2(line_normal, "line_normal"), t_max, out)
    return _hit(found, out)


def sweep_circles_accel(a_center, a_radius, a_velocity, a_accel, b_center, b_radius, b_velocity,
                        b_accel, t_max=INF):
    """Two circles with constant accelerations: position p + v t + acc t^2 / 2."""
    out = ffi.new("ccl_hit *")
    found = lib.ccl_sweep_circles_accel(
        (_v2(a_center, "a_center"), a_radius), _v2(a_velocity, "a_velocity"),
        _v2(a_accel, "a_accel"), (_v2(b_center, "b_center"), b_radius),
        _v2(b_velocity, "b_velocity"), _v2(b_accel, "b_accel"), t_max, out)
    return _hit(found, out)


def spheres_overlap(a_center, a_radius, b_center, b_radius):
    """True when the spheres touch or overlap."""
    return bool(lib.ccl_spheres_overlap((_v3(a_center, "a_center"), a_radius),
                                        (_v3(b_center, "b_center"), b_radius)))


def spheres_contact(a_center, a_radius, b_center, b_radius):
    """The contact of two spheres, or None."""
    out = ffi.new("ccl_contact3 *")
    found = lib.ccl_spheres_contact((_v3(a_center, "a_center"), a_radius),
                                    (_v3(b_center, "b_center"), b_radius), out)
    return _contact(found, out)


def sphere_segment_contact(center, radius, seg_a, seg_b):
    """The contact of a sphere with a 3D segment, or None."""
    out = ffi.new("ccl_contact3 *")
    found = lib.ccl_sphere_segment_contact((_v3(center, "center"), radius),
                                           (_v3(seg_a, "seg_a"), _v3(seg_b, "seg_b")), out)
    return _contact(found, out)


def sweep_spheres(a_center, a_radius, a_velocity, b_center, b_radius, b_velocity, t_max=INF):
    """The first contact of two moving spheres within [0, t_max]."""
    out = ffi.new("ccl_hit3 *")
    found = lib.ccl_sweep_spheres((_v3(a_center, "a_center"), a_radius),
                                  _v3(a_velocity, "a_velocity"),
                                  (_v3(b_center, "b_center"), b_radius),
                                  _v3(b_velocity, "b_velocity"), t_max, out)
    return _hit(found, out)


def sweep_sphere_point(center, radius, velocity, point, t_max=INF):
    """A moving sphere against a fixed point."""
    out = ffi.new("ccl_hit3 *")
    found = lib.ccl_sweep_sphere_point((_v3(center, "center"), radius),
                                       _v3(velocity, "velocity"), _v3(point, "point"), t_max, out)
    return _hit(found, out)


def sweep_sphere_segment(center, radius, velocity, seg_a, seg_b, t_max=INF):
    """A moving sphere against a fixed 3D segment (its cylinder and end caps)."""
    out = ffi.new("ccl_hit3 *")
    found = lib.ccl_sweep_sphere_segment((_v3(center, "center"), radius),
                                         _v3(velocity, "velocity"),
                                         (_v3(seg_a, "seg_a"), _v3(seg_b, "seg_b")), t_max, out)
    return _hit(found, out)


def sweep_sphere_plane(center, radius, velocity, plane_point, plane_normal, t_max=INF):
    """A moving sphere against the infinite two-sided plane through plane_point."""
    out = ffi.new("ccl_hit3 *")
    found = lib.ccl_sweep_sphere_plane((_v3(center, "center"), radius),
                                       _v3(velocity, "velocity"), _v3(plane_point, "plane_point"),
                                       _v3(plane_normal, "plane_normal"), t_max, out)
    return _hit(found, out)


def sweep_spheres_accel(a_center, a_radius, a_velocity, a_accel, b_center, b_radius, b_velocity,
                        b_accel, t_max=INF):
    """Two spheres with constant accelerations."""
    out = ffi.new("ccl_hit3 *")
    found = lib.ccl_sweep_spheres_accel(
        (_v3(a_center, "a_center"), a_radius), _v3(a_velocity, "a_velocity"),
        _v3(a_accel, "a_accel"), (_v3(b_center, "b_center"), b_radius),
        _v3(b_velocity, "b_velocity"), _v3(b_accel, "b_accel"), t_max, out)
    return _hit(found, out)


def _c_body(body, name):
    out = ffi.new("ccl_body *")
    out.position = _v2(body.position, name + ".position")
    out.velocity = _v2(body.velocity, name + ".velocity")
    out.radius, out.inv_mass, out.restitution = body.radius, body.inv_mass, body.restitution
    return out


def _py_body(c_body, body):
    return Body(_tuple(c_body.position), _tuple(c_body.velocity), body.radius, body.inv_mass,
                body.restitution)


def impulse(a, b, normal):
    """The impulse magnitude collide(a, b, normal) would exchange (0 when not approaching)."""
    return lib.ccl_impulse(_c_body(a, "a"), _c_body(b, "b"), _v2(normal, "normal"))


def collide(a, b, normal):
    """The two bodies after exchanging the impulse along the unit normal from a toward b."""
    ca, cb = _c_body(a, "a"), _c_body(b, "b")
    lib.ccl_collide(ca, cb, _v2(normal, "normal"))
    return _py_body(ca, a), _py_body(cb, b)


def reflect(velocity, normal, restitution=1.0):
    """The velocity after bouncing off a fixed surface with unit normal `normal`."""
    return _tuple(lib.ccl_reflect(_v2(velocity, "velocity"), _v2(normal, "normal"), restitution))


def step_pair(a, b, dt):
    """The source documents' whole step over [0, dt]: (a, b, hit) after it; hit is None when
    they did not collide."""
    ca, cb, out = _c_body(a, "a"), _c_body(b, "b"), ffi.new("ccl_hit *")
    found = lib.ccl_step_pair(ca, cb, dt, out)
    return _py_body(ca, a), _py_body(cb, b), _hit(found, out)


# ---- Batches: numpy in, numpy out, the C batch underneath ----


def _is_pair(value):
    """True for the structure-of-arrays form: a tuple of two 1-D numpy arrays (x, y)."""
    return (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(c, np.ndarray) and c.ndim == 1 for c in value))


def _columns(value, count, name):
    """Two contiguous float64 columns from an (n, 2) array or an (x, y) tuple of 1-D arrays.
    The tuple of contiguous float64 arrays is used as it is, without a copy."""
    if _is_pair(value):
        columns = [np.ascontiguousarray(np.broadcast_to(np.asarray(c, dtype=np.float64), (count,)))
                   for c in value]
    else:
        array = np.asarray(value, dtype=np.float64)
        if array.shape != (count, 2):
            raise ValueError("%s must have shape (%d, 2), got %s" % (name, count, array.shape))
        columns = [np.ascontiguousarray(array[:, 0]), np.ascontiguousarray(array[:, 1])]
    return columns


def _column(value, count, name):
    array = np.asarray(value, dtype=np.float64)
    if array.ndim > 1 or (array.ndim == 1 and array.shape[0] != count):
        raise ValueError("%s must have shape (%d,), got %s" % (name, count, array.shape))
    return np.ascontiguousarray(np.broadcast_to(array, (count,)))


def _count(value):
    if _is_pair(value):
        return len(value[0])
    return len(value)


def _batch(a_centers, a_radii, a_velocities, b_centers, b_radii, b_velocities):
    """The ccl_sweep_batch of the arrays, its pair count, and the arrays it points into (which
    must stay alive while it is used)."""
    n = _count(a_centers)
    ax, ay = _columns(a_centers, n, "a_centers")
    bx, by = _columns(b_centers, n, "b_centers")
    ar, br = _column(a_radii, n, "a_radii"), _column(b_radii, n, "b_radii")
    zero = np.zeros(n) if a_velocities is None or b_velocities is None else None
    avx, avy = _columns(a_velocities, n, "a_velocities") if zero is None else (zero, zero)
    bvx, bvy = _columns(b_velocities, n, "b_velocities") if zero is None else (zero, zero)
    keep = (ax, ay, avx, avy, ar, bx, by, bvx, bvy, br)
    pairs = ffi.new("ccl_sweep_batch *")
    for field, array in zip(("ax", "ay", "avx", "avy", "ar", "bx", "by", "bvx", "bvy", "br"),
                            keep):
        setattr(pairs, field, ffi.from_buffer("double[]", array))
    return pairs, n, keep


def _output(out, n, dtype, name):
    if out is None:
        return np.empty(n, dtype=dtype)
    if out.shape != (n,) or out.dtype != dtype or not out.flags.c_contiguous:
        raise ValueError("%s must be a contiguous %s array of shape (%d,)" % (name, dtype, n))
    return out


def sweep_circles_batch(a_centers, a_radii, a_velocities, b_centers, b_radii, b_velocities,
                        t_max=INF, out=None):
    """Times of impact of n circle pairs within [0, t_max] (inf for no hit), each the same
    double as sweep_circles(...).t. Centres and velocities are (n, 2) arrays or, without a
    copy, (x, y) pairs of float64 arrays; radii (n,) arrays or scalars. `out` may be a float64
    array of shape (n,) to write into."""
    if a_velocities is None or b_velocities is None:
        raise ValueError("sweep_circles_batch needs both velocities")
    pairs, n, keep = _batch(a_centers, a_radii, a_velocities, b_centers, b_radii, b_velocities)
    result = _output(out, n, np.float64, "out")
    lib.ccl_sweep_circles_batch(pairs, n, t_max, ffi.from_buffer("double[]", result))
    del keep
    return result


def circles_overlap_batch(a_centers, a_radii, b_centers, b_radii, out=None):
    """Whether each of n circle pairs touches or overlaps (a bool array), each the same as
    circles_overlap."""
    pairs, n, keep = _batch(a_centers, a_radii, None, b_centers, b_radii, None)
    result = _output(out, n, np.bool_, "out")
    lib.ccl_circles_overlap_batch(pairs, n, ffi.from_buffer("unsigned char[]", result))
    del keep
    return result
