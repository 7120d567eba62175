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


class _Dim:
    """What a dimension's calls take and give: its vectors and the C result types."""

    def __init__(self, vec, contact, hit):
        self.vec, self.contact, self.hit = vec, contact, hit


_2D = _Dim(_v2, "ccl_contact *", "ccl_hit *")
_3D = _Dim(_v3, "ccl_contact3 *", "ccl_hit3 *")


def _ball(dim, center, radius, prefix=""):
    """A circle or sphere as the C calls take it; prefix names its centre in errors."""
    return (dim.vec(center, prefix + "center"), radius)


def _segment(dim, seg_a, seg_b):
    return (dim.vec(seg_a, "seg_a"), dim.vec(seg_b, "seg_b"))


def _moving(dim, center, radius, velocity, accel=None, prefix=""):
    """A moving circle or sphere as the C sweeps take it: the shape, its velocity and, when
    given, its acceleration; prefix names them in errors."""
    body = [_ball(dim, center, radius, prefix), dim.vec(velocity, prefix + "velocity")]
    if accel is not None:
        body.append(dim.vec(accel, prefix + "accel"))
    return body


def _sweep(dim, fn, moving, *others):
    """A moving circle or sphere, or two (moving as _moving gives them), against others: the C
    call's remaining arguments."""
    out = ffi.new(dim.hit)
    found = fn(*moving, *others, out)
    return _hit(found, out)


# Each kind of call below is written once and made for circles and for spheres: kind(dim, name,
# doc) is the binding `name`, which calls the C function ccl_<name>.


def _kind(make):
    """A kind of call, from make(dim, fn), which gives the call of the C function fn."""

    def bind(dim, name, doc):
        call = make(dim, getattr(lib, "ccl_" + name))
        call.__name__ = call.__qualname__ = name
        call.__doc__ = doc
        return call

    return bind


@_kind
def _overlap(dim, fn):
    def call(a_center, a_radius, b_center, b_radius):
        return bool(fn(_ball(dim, a_center, a_radius, "a_"), _ball(dim, b_center, b_radius, "b_")))

    return call


@_kind
def _pair_contact(dim, fn):
    def call(a_center, a_radius, b_center, b_radius):
        out = ffi.new(dim.contact)
        found = fn(_ball(dim, a_center, a_radius, "a_"), _ball(dim, b_center, b_radius, "b_"),
                   out)
        return _contact(found, out)

    return call


@_kind
def _segment_contact(dim, fn):
    def call(center, radius, seg_a, seg_b):
        out = ffi.new(dim.contact)
        found = fn(_ball(dim, center, radius), _segment(dim, seg_a, seg_b), out)
        return _contact(found, out)

    return call


@_kind
def _sweep_pair(dim, fn):
    def call(a_center, a_radius, a_velocity, b_center, b_radius, b_velocity, t_max=INF):
        a = _moving(dim, a_center, a_radius, a_velocity, prefix="a_")
        b = _moving(dim, b_center, b_radius, b_velocity, prefix="b_")
        return _sweep(dim, fn, a + b, t_max)

    return call


@_kind
def _sweep_point(dim, fn):
    def call(center, radius, velocity, point, t_max=INF):
        moving = _moving(dim, center, radius, velocity)
        return _sweep(dim, fn, moving, dim.vec(point, "point"), t_max)

    return call


@_kind
def _sweep_segment(dim, fn):
    def call(center, radius, velocity, seg_a, seg_b, t_max=INF):
        moving = _moving(dim, center, radius, velocity)
        return _sweep(dim, fn, moving, _segment(dim, seg_a, seg_b), t_max)

    return call


@_kind
def _sweep_pair_accel(dim, fn):
    def call(a_center, a_radius, a_velocity, a_accel, b_center, b_radius, b_velocity, b_accel,
             t_max=INF):
        a = _moving(dim, a_center, a_radius, a_velocity, a_accel, "a_")
        b = _moving(dim, b_center, b_radius, b_velocity, b_accel, "b_")
        return _sweep(dim, fn, a + b, t_max)

    return call


# The bindings, each made by its kind for its dimension and exported under its name; then their
# docstrings.
_BINDINGS = (
    ("circles_overlap", _overlap, _2D),
    ("circles_contact", _pair_contact, _2D),
    ("circle_segment_contact", _segment_contact, _2D),
    ("sweep_circles", _sweep_pair, _2D),
    ("sweep_circle_point", _sweep_point, _2D),
    ("sweep_circle_segment", _sweep_segment, _2D),
    ("sweep_circles_accel", _sweep_pair_accel, _2D),
    ("spheres_overlap", _overlap, _3D),
    ("spheres_contact", _pair_contact, _3D),
    ("sphere_segment_contact", _segment_contact, _3D),
    ("sweep_spheres", _sweep_pair, _3D),
    ("sweep_sphere_point", _sweep_point, _3D),
    ("sweep_sphere_segment", _sweep_segment, _3D),
    ("sweep_spheres_accel", _sweep_pair_accel, _3D),
)
_DOCS = {
    "circles_overlap": "True when the circles touch or overlap.",
    "circles_contact": "The contact of two circles, or None when they do not touch.",
    "circle_segment_contact":
        "The contact of a circle with the segment from seg_a to seg_b, or None.",
    "sweep_circles":
        "The first contact of two circles moving with constant velocities within [0, t_max].",
    "sweep_circle_point": "A moving circle against a fixed point.",
    "sweep_circle_segment":
        "A moving circle against the fixed segment from seg_a to seg_b (interior and end caps).",
    "sweep_circles_accel":
        "Two circles with constant accelerations: position p + v t + acc t^2 / 2.",
    "spheres_overlap": "True when the spheres touch or overlap.",
    "spheres_contact": "The contact of two spheres, or None.",
    "sphere_segment_contact": "The contact of a sphere with a 3D segment, or None.",
    "sweep_spheres": "The first contact of two moving spheres within [0, t_max].",
    "sweep_sphere_point": "A moving sphere against a fixed point.",
    "sweep_sphere_segment":
        "A moving sphere against a fixed 3D segment (its cylinder and end caps).",
    "sweep_spheres_accel": "Two spheres with constant accelerations.",
}
globals().update((name, kind(dim, name, _DOCS[name])) for name, kind, dim in _BINDINGS)


def sweep_circle_line(center, radius, velocity, line_point, line_normal, t_max=INF):
    """A moving circle against the infinite two-sided line through line_point with normal
    line_normal (any length but zero)."""
    moving = _moving(_2D, center, radius, velocity)
    return _sweep(_2D, lib.ccl_sweep_circle_line, moving, _v2(line_point, "line_point"),
                  _v2(line_normal, "line_normal"), t_max)


def sweep_sphere_plane(center, radius, velocity, plane_point, plane_normal, t_max=INF):
    """A moving sphere against the infinite two-sided plane through plane_point."""
    moving = _moving(_3D, center, radius, velocity)
    return _sweep(_3D, lib.ccl_sweep_sphere_plane, moving, _v3(plane_point, "plane_point"),
                  _v3(plane_normal, "plane_normal"), t_max)


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


def _count(value):
    return len(value[0]) if _is_pair(value) else len(value)


def _pair(value, count, name):
    """An (x, y) tuple as two contiguous float64 arrays (no copy when they already are)."""
    columns = tuple(np.ascontiguousarray(c, dtype=np.float64) for c in value)
    if any(c.shape != (count,) for c in columns):
        raise ValueError("%s must hold two arrays of shape (%d,)" % (name, count))
    return columns


def _interleaved(value, count, name):
    """An (n, 2) array, or an (x, y) tuple of arrays, as a contiguous (n, 2) float64 array."""
    array = np.stack(value, axis=1) if _is_pair(value) else np.asarray(value, dtype=np.float64)
    if array.shape != (count, 2):
        raise ValueError("%s must have shape (%d, 2), got %s" % (name, count, array.shape))
    return np.ascontiguousarray(array, dtype=np.float64)


def _column(value, count, name):
    array = np.asarray(value, dtype=np.float64)
    if array.ndim > 1 or (array.ndim == 1 and array.shape[0] != count):
        raise ValueError("%s must have shape (%d,), got %s" % (name, count, array.shape))
    return np.ascontiguousarray(np.broadcast_to(array, (count,)))


def _doubles(array):
    return ffi.from_buffer("double[]", array)


def _run_batch(vectors, radii, t_max, t_out, overlap_out):
    """Calls the C batch on vectors (a_centers, a_velocities, b_centers, b_velocities; the
    velocities None for the overlap test) and radii (a, b), writing t_out or overlap_out.

    When every vector is an (x, y) tuple the C batch reads the arrays where they lie; otherwise
    the pairs go through the C batch a block at a time from interleaved (n, 2) arrays."""
    n = _count(vectors[0])
    names = ("a_centers", "a_velocities", "b_centers", "b_velocities")
    ar, br = _column(radii[0], n, "a_radii"), _column(radii[1], n, "b_radii")
    present = [(v, name) for v, name in zip(vectors, names) if v is not None]
    t_buffer = ffi.NULL if t_out is None else _doubles(t_out)
    o_buffer = ffi.NULL if overlap_out is None else ffi.from_buffer("unsigned char[]",
                                                                    overlap_out)
    if not all(_is_pair(v) for v, _ in present):
        a_c, a_v, b_c, b_v = (None if v is None else _interleaved(v, n, name)
                              for v, name in zip(vectors, names))
        lib.ccl_py_sweep_interleaved(n, _doubles(a_c), _doubles(ar),
                                     ffi.NULL if a_v is None else _doubles(a_v), _doubles(b_c),
                                     _doubles(br), ffi.NULL if b_v is None else _doubles(b_v),
                                     t_max, t_buffer, o_buffer)
        return
    zero = np.zeros(n) if vectors[1] is None else None
    a_c, a_v, b_c, b_v = ((zero, zero) if v is None else _pair(v, n, name)
                          for v, name in zip(vectors, names))
    pairs = ffi.new("ccl_sweep_batch *", [_doubles(x) for x in (
        a_c[0], a_c[1], a_v[0], a_v[1], ar, b_c[0], b_c[1], b_v[0], b_v[1], br)])
    if t_out is not None:
        lib.ccl_sweep_circles_batch(pairs, n, t_max, t_buffer)
    else:
        lib.ccl_circles_overlap_batch(pairs, n, o_buffer)


def _output(out, n, dtype, name):
    if out is None:
        return np.empty(n, dtype=dtype)
    if out.shape != (n,) or out.dtype != dtype or not out.flags.c_contiguous:
        raise ValueError("%s must be a contiguous %s array of shape (%d,)" % (name, dtype, n))
    return out


def sweep_circles_batch(a_centers, a_radii, a_velocities, b_centers, b_radii, b_velocities,
                        t_max=INF, out=None):
    """Times of impact of n circle pairs within [0, t_max] (inf for no hit), each the same
    double as sweep_circles(...).t. Centres and velocities are (n, 2) arrays or (x, y) tuples
    of 1-D float64 arrays (read where they lie when all four are tuples); radii (n,) arrays or
    scalars. `out` may be a float64 array of shape (n,) to write into."""
    if a_velocities is None or b_velocities is None:
        raise ValueError("sweep_circles_batch needs both velocities")
    result = _output(out, _count(a_centers), np.float64, "out")
    _run_batch((a_centers, a_velocities, b_centers, b_velocities), (a_radii, b_radii), t_max,
               result, None)
    return result


def circles_overlap_batch(a_centers, a_radii, b_centers, b_radii, out=None):
    """Whether each of n circle pairs touches or overlaps (a bool array), each the same as
    circles_overlap."""
    result = _output(out, _count(a_centers), np.bool_, "out")
    _run_batch((a_centers, None, b_centers, None), (a_radii, b_radii), 0.0, None, result)
    return result
