"""The event-driven world: circles in, arrays out, no Python loop per circle.

Circle ids are numpy uint64 values (the C id's generation in the high 32 bits, its slot index
in the low 32). Arrays read from a world list the live circles in the world's slot order, the
order of ``World.ids``: the order they were added in, until a removal frees a slot for reuse.
"""

import logging
import math
from dataclasses import dataclass

import numpy as np

from ._circol import ffi, lib
from ._errors import check

CONTACT_CIRCLE = lib.CCL_CONTACT_CIRCLE
CONTACT_SEGMENT = lib.CCL_CONTACT_SEGMENT
CONTACT_POINT = lib.CCL_CONTACT_POINT
CONTACT_BOX = lib.CCL_CONTACT_BOX

#: One contact event: a and b are circle ids (b is 0 unless kind is CONTACT_CIRCLE), wall the
#: index of the segment, point or box wall (0 left, 1 right, 2 bottom, 3 top; -1 for circles).
CONTACT_DTYPE = np.dtype([
    ("time", np.float64), ("kind", np.int32), ("a", np.uint64), ("b", np.uint64),
    ("wall", np.int32), ("point", np.float64, (2,)), ("normal", np.float64, (2,)),
    ("impulse", np.float64)])


def _raw_event_dtype():
    """ccl_contact_event's memory layout as a numpy dtype, from the compiler's own offsets."""
    fields = [("time", np.float64, "time"), ("kind", np.int32, "kind"),
              ("a_index", np.uint32, "a"), ("b_index", np.uint32, "b"),
              ("wall", np.int32, "wall"), ("point", (np.float64, (2,)), "point"),
              ("normal", (np.float64, (2,)), "normal"), ("impulse", np.float64, "impulse")]
    names = [f[0] for f in fields] + ["a_generation", "b_generation"]
    formats = [f[1] for f in fields] + [np.uint32, np.uint32]
    offsets = [ffi.offsetof("ccl_contact_event", f[2]) for f in fields]
    offsets += [ffi.offsetof("ccl_contact_event", side) + 4 for side in ("a", "b")]
    return np.dtype({"names": names, "formats": formats, "offsets": offsets,
                     "itemsize": ffi.sizeof("ccl_contact_event")})


_RAW_EVENT_DTYPE = _raw_event_dtype()
assert ffi.sizeof("ccl_contact_kind") == 4


@dataclass(frozen=True)
class Stats:
    """Statistics since the world was created or since reset_stats (ccl_world_stats)."""

    time: float
    collisions: int
    wall_collisions: int
    events: int
    circle_count: int
    kinetic_energy: float
    momentum: tuple
    virial: float
    virial_time: float
    memory_bytes: int
    guard_collisions: int


@dataclass(frozen=True)
class CircleState:
    """One circle now (ccl_circle_state)."""

    id: int
    position: tuple
    velocity: tuple
    radius: float
    mass: float
    restitution: float


class _LogSink:
    """Where the library's warnings go: a callable taking one string (held apart from the
    world, so that the handle given to C makes no reference cycle)."""

    def __init__(self, callback):
        self.callback = callback


@ffi.def_extern()
def ccl_py_log(message, user):
    ffi.from_handle(user).callback(ffi.string(message).decode("utf-8", "replace"))


_LOGGER = logging.getLogger("circol")

# Keyword arguments copied into ccl_world_def as they are; None leaves the library's default.
_SCALAR_FIELDS = ("damping", "restitution", "collapse_time", "rest_speed", "cell_size",
                  "separation_speed", "capacity", "max_circles", "max_events_per_advance",
                  "record_contacts")
_OVERLAP = {"reject": lib.CCL_OVERLAP_REJECT, "separate": lib.CCL_OVERLAP_SEPARATE}


def _pack(ids, name="ids"):
    """ids as a contiguous uint64 array (accepts one id or any sequence of them)."""
    array = np.ascontiguousarray(np.atleast_1d(np.asarray(ids)))
    if array.ndim != 1 or not (array.dtype.kind in "ui" or array.size == 0):
        raise TypeError("%s must be integer circle ids" % name)
    if array.dtype.kind == "i" and (array < 0).any():
        raise ValueError("%s must not be negative" % name)
    return array.astype(np.uint64, copy=False)


def _id_struct(circle_id):
    packed = int(circle_id)
    return (packed & 0xFFFFFFFF, packed >> 32)


def _doubles(value, shape, name):
    """value as a contiguous float64 array of the given shape (a scalar is broadcast)."""
    array = np.asarray(value, dtype=np.float64)
    try:
        array = np.broadcast_to(array, shape)
    except ValueError:
        raise ValueError("%s must have shape %s, got %s" % (name, shape, array.shape)) from None
    return np.ascontiguousarray(array)


def _in(array):
    return ffi.NULL if array is None else ffi.from_buffer("double[]", array)


def _column(name, doc):
    """A read-only property of World: the column name of its export()."""
    columns = ("ids", "positions", "velocities", "radii", "masses", "restitutions")
    return property(lambda world: world.export(**{k: k == name for k in columns})[name], doc=doc)


class World:
    """An event-driven 2D world of circles (ccl_world).

    Keyword arguments mirror ccl_world_def; any left out keeps the library's default:

    box: (x_min, y_min, x_max, y_max), or (width, height) from the origin.
    periodic: True for a periodic box (a torus), False for four walls.
    gravity: (gx, gy). damping: linear damping rate. restitution: of walls, segments, points and
    of circles added without their own. collapse_time, rest_speed, cell_size, separation_speed,
    capacity, max_circles, max_events_per_advance: as in ccl_world_def.
    overlap: "reject" (circles added overlapping raise OverlapError) or "separate".
    record_contacts: keep each advance's contacts for contact_events().
    log: a callable that receives each warning of the library (default: the "circol" logger).
    """

    def __init__(self, box=None, periodic=None, gravity=None, overlap=None, log=None, **fields):
        unknown = set(fields) - set(_SCALAR_FIELDS)
        if unknown:
            raise TypeError("World() got unknown keywords: %s" % ", ".join(sorted(unknown)))
        definition = ffi.new("ccl_world_def *", lib.ccl_world_default_def())
        self._set_geometry(definition, box, periodic, gravity)
        if overlap is not None:
            if overlap not in _OVERLAP:
                raise ValueError("overlap must be 'reject' or 'separate', got %r" % (overlap,))
            definition.overlap = _OVERLAP[overlap]
        for name, value in fields.items():
            if value is not None:
                setattr(definition, name, value)
        self._log_handle = ffi.new_handle(_LogSink(log or _LOGGER.warning))
        definition.log = lib.ccl_py_log
        definition.log_user = self._log_handle
        self.record_contacts = bool(definition.record_contacts)
        self.periodic = definition.boundary == lib.CCL_BOUNDARY_PERIODIC
        self.box = (definition.box_min.x, definition.box_min.y,
                    definition.box_max.x, definition.box_max.y)
        out = ffi.new("ccl_world **")
        check(lib.ccl_world_create(definition, out), "World")
        self._world = ffi.gc(out[0], lib.ccl_world_destroy)
        self._segments = np.empty((0, 2, 2))
        self._points = np.empty((0, 2))

    @staticmethod
    def _set_geometry(definition, box, periodic, gravity):
        if box is not None:
            box = tuple(float(x) for x in box)
            if len(box) == 2:
                box = (0.0, 0.0) + box
            if len(box) != 4:
                raise ValueError("box must be (x_min, y_min, x_max, y_max) or (width, height)")
            definition.box_min, definition.box_max = box[:2], box[2:]
        if periodic is not None:
            definition.boundary = (lib.CCL_BOUNDARY_PERIODIC if periodic
                                   else lib.CCL_BOUNDARY_WALLS)
        if gravity is not None:
            gravity = tuple(float(x) for x in gravity)
            if len(gravity) != 2:
                raise ValueError("gravity must be (gx, gy)")
            definition.gravity = gravity

    # ---- lifetime ----

    @property
    def _w(self):
        if self._world is None:
            raise ValueError("the world is closed")
        return self._world

    def close(self):
        """Destroys the C world now (also done when the World is garbage collected)."""
        if self._world is not None:
            ffi.release(self._world)
            self._world = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- circles ----

    def add_circles(self, positions, radii, velocities=None, masses=None, restitutions=None):
        """Adds n circles from arrays, all or none: positions (n, 2), radii (n,) or a scalar,
        velocities (n, 2) (default at rest), masses (n,) or a scalar (default 1; 0 is
        immovable), restitutions (default: the world's). Returns their ids (uint64, (n,))."""
        positions = np.asarray(positions, dtype=np.float64)
        if positions.ndim != 2 or positions.shape[1] != 2:
            raise ValueError("positions must have shape (n, 2), got %s" % (positions.shape,))
        n = positions.shape[0]
        positions = np.ascontiguousarray(positions)
        radii = _doubles(radii, (n,), "radii")
        velocities = None if velocities is None else _doubles(velocities, (n, 2), "velocities")
        masses = None if masses is None else _doubles(masses, (n,), "masses")
        restitutions = (None if restitutions is None
                        else _doubles(restitutions, (n,), "restitutions"))
        ids = np.empty(n, dtype=np.uint64)
        failed = ffi.new("size_t *")
        status = lib.ccl_py_add_circles(self._w, n, _in(positions), _in(radii), _in(velocities),
                                        _in(masses), _in(restitutions),
                                        ffi.from_buffer("uint64_t[]", ids), failed)
        check(status, "add_circles: circle %d" % failed[0])
        return ids

    def add_circle(self, position, radius, velocity=(0.0, 0.0), mass=None, restitution=None):
        """Adds one circle; returns its id (an int)."""
        ids = self.add_circles([position], [radius], [velocity],
                               None if mass is None else [mass],
                               None if restitution is None else [restitution])
        return int(ids[0])

    def remove_circles(self, ids):
        """Removes circles by id, all or none (StaleIdError names the first stale one)."""
        ids = _pack(ids)
        if np.unique(ids).size != ids.size:
            raise ValueError("remove_circles: an id is named twice")
        failed = ffi.new("size_t *")
        status = lib.ccl_py_remove_circles(self._w, ids.size, ffi.from_buffer("uint64_t[]", ids),
                                           failed)
        check(status, "remove_circles: id %d" % (ids[failed[0]] if ids.size else 0))

    def remove_circle(self, circle_id):
        """Removes one circle."""
        self.remove_circles([circle_id])

    def set_velocities(self, ids, velocities):
        """Sets the velocities (n, 2) of circles by id, all or none."""
        ids = _pack(ids)
        velocities = _doubles(velocities, (ids.size, 2), "velocities")
        failed = ffi.new("size_t *")
        status = lib.ccl_py_set_velocities(self._w, ids.size, ffi.from_buffer("uint64_t[]", ids),
                                           _in(velocities), failed)
        check(status, "set_velocities: circle %d" % failed[0])

    def set_velocity(self, circle_id, velocity):
        """Sets one circle's velocity."""
        self.set_velocities([circle_id], [velocity])

    def is_valid(self, circle_id):
        """True when circle_id names a live circle."""
        return bool(lib.ccl_world_is_valid(self._w, _id_struct(circle_id)))

    def get_circle(self, circle_id):
        """One circle's state now (a CircleState)."""
        out = ffi.new("ccl_circle_state *")
        check(lib.ccl_world_get_circle(self._w, _id_struct(circle_id), out),
              "get_circle: id %d" % int(circle_id))
        return CircleState(int(circle_id), (out.position.x, out.position.y),
                           (out.velocity.x, out.velocity.y), out.radius, out.mass,
                           out.restitution)

    def __len__(self):
        return lib.ccl_world_circle_count(self._w)

    # ---- obstacles ----

    def _add_obstacles(self, coordinates, segments):
        n = coordinates.shape[0]
        indices = np.empty(n, dtype=np.intc)
        failed = ffi.new("size_t *")
        status = lib.ccl_py_add_obstacles(self._w, n, _in(coordinates), int(segments),
                                          ffi.from_buffer("int[]", indices), failed)
        added = n if status == lib.CCL_OK else failed[0]
        return indices[:added], status, failed[0]

    def add_segments(self, segments):
        """Adds static segments, an (n, 2, 2) array of end points [[ax, ay], [bx, by]]. Returns
        their indices. On a refusal the segments before the refused one stay (the library
        cannot remove a segment), and the error names the refused one."""
        coordinates = np.ascontiguousarray(np.asarray(segments, dtype=np.float64))
        if coordinates.ndim != 3 or coordinates.shape[1:] != (2, 2):
            raise ValueError("segments must have shape (n, 2, 2), got %s" % (coordinates.shape,))
        indices, status, failed = self._add_obstacles(coordinates, True)
        self._segments = np.concatenate([self._segments, coordinates[:indices.size]])
        check(status, "add_segments: segment %d" % failed)
        return indices

    def add_segment(self, a, b):
        """Adds one static segment from a to b; returns its index."""
        return int(self.add_segments([[a, b]])[0])

    def add_points(self, points):
        """Adds static point obstacles, an (n, 2) array; returns their indices (as segments)."""
        coordinates = np.ascontiguousarray(np.asarray(points, dtype=np.float64))
        if coordinates.ndim != 2 or coordinates.shape[1] != 2:
            raise ValueError("points must have shape (n, 2), got %s" % (coordinates.shape,))
        indices, status, failed = self._add_obstacles(coordinates, False)
        self._points = np.concatenate([self._points, coordinates[:indices.size]])
        check(status, "add_points: point %d" % failed)
        return indices

    def add_point(self, point):
        """Adds one static point obstacle; returns its index."""
        return int(self.add_points([point])[0])

    @property
    def segments(self):
        """The segments added, (m, 2, 2), in index order."""
        return self._segments.copy()

    @property
    def points(self):
        """The points added, (k, 2), in index order."""
        return self._points.copy()

    # ---- time ----

    def advance(self, dt):
        """Advances the world by dt >= 0, every event in time order."""
        check(lib.ccl_world_advance(self._w, dt), "advance")

    def advance_collisions(self, collisions, max_dt=math.inf):
        """Advances until `collisions` more circle-circle collisions happened, or max_dt
        passed."""
        check(lib.ccl_world_advance_collisions(self._w, collisions, max_dt),
              "advance_collisions")

    @property
    def time(self):
        """The current world time."""
        return lib.ccl_world_time(self._w)

    # ---- arrays ----

    def export(self, ids=True, positions=True, velocities=True, radii=True, masses=True,
               restitutions=True):
        """The asked-for arrays of every live circle, in slot order, from one C export: a dict
        with keys ids (uint64), positions and velocities ((n, 2)), radii, masses and
        restitutions ((n,))."""
        n = lib.ccl_world_circle_count(self._w)
        shapes = {"ids": ((n,), np.uint64), "positions": ((n, 2), np.float64),
                  "velocities": ((n, 2), np.float64), "radii": ((n,), np.float64),
                  "masses": ((n,), np.float64), "restitutions": ((n,), np.float64)}
        wanted = {"ids": ids, "positions": positions, "velocities": velocities, "radii": radii,
                  "masses": masses, "restitutions": restitutions}
        arrays = {k: np.empty(*shapes[k]) for k, on in wanted.items() if on}
        buffers = {k: (ffi.from_buffer("uint64_t[]" if k == "ids" else "double[]", arrays[k])
                       if k in arrays else ffi.NULL) for k in shapes}
        count = ffi.new("size_t *")
        check(lib.ccl_py_export(self._w, n, buffers["ids"], buffers["positions"],
                                buffers["velocities"], buffers["radii"], buffers["masses"],
                                buffers["restitutions"], count), "export")
        return arrays

    ids = _column("ids", "Ids of the live circles (uint64), in slot order.")
    positions = _column("positions", "Positions now, (n, 2), in slot order (periodic worlds: "
                        "wrapped into the box).")
    velocities = _column("velocities", "Velocities now, (n, 2), in slot order.")
    radii = _column("radii", "Radii, (n,), in slot order.")
    masses = _column("masses", "Masses (0 for immovable), (n,), in slot order.")

    def contact_events(self):
        """The contacts of the last advance (record_contacts=True), a CONTACT_DTYPE array."""
        count = ffi.new("size_t *")
        pointer = lib.ccl_world_contact_events(self._w, count)
        events = np.empty(count[0], dtype=CONTACT_DTYPE)
        if count[0] == 0:
            return events
        size = count[0] * ffi.sizeof("ccl_contact_event")
        raw = np.frombuffer(ffi.buffer(pointer, size), dtype=_RAW_EVENT_DTYPE)
        for name in ("time", "kind", "wall", "point", "normal", "impulse"):
            events[name] = raw[name]
        for side in ("a", "b"):
            generation = raw[side + "_generation"].astype(np.uint64)
            events[side] = generation << np.uint64(32) | raw[side + "_index"]
        return events

    # ---- statistics ----

    @property
    def stats(self):
        """Statistics now (a Stats)."""
        s = lib.ccl_world_get_stats(self._w)
        return Stats(s.time, s.collisions, s.wall_collisions, s.events, s.circle_count,
                     s.kinetic_energy, (s.momentum.x, s.momentum.y), s.virial, s.virial_time,
                     s.memory_bytes, s.guard_collisions)

    def reset_stats(self):
        """Zeroes the counters and the virial (for measuring after equilibration)."""
        lib.ccl_world_reset_stats(self._w)

    def scale_velocities(self, factor):
        """Scales every movable circle's velocity by factor."""
        check(lib.ccl_world_scale_velocities(self._w, factor), "scale_velocities")

    def max_overlap(self):
        """The largest overlap now between circles, walls, segments and points (0 when none)."""
        return lib.ccl_world_max_overlap(self._w)
