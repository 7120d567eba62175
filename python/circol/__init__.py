"""circol: exact collision detection and response between moving circles, for Python.

The narrow phase (``sweep_circles`` and the other swept and static tests, with numpy batch
forms) and the event-driven ``World``, over the C library through cffi. Errors raise
exceptions named after the library's statuses, all deriving from ``CircolError``.
"""

from ._errors import (CircolError, EventLimitError, FullError, InvalidArgumentError, LockedError,
                      OutOfMemoryError, OutsideBoxError, OverlapError, StaleIdError,
                      UnsupportedError, status_string)
from .narrow import (Body, Contact, Hit, circle_segment_contact, circles_contact,
                     circles_overlap, circles_overlap_batch, collide, impulse, reflect,
                     sphere_segment_contact, spheres_contact, spheres_overlap, step_pair,
                     sweep_circle_line, sweep_circle_point, sweep_circle_segment,
                     sweep_circles, sweep_circles_accel, sweep_circles_batch, sweep_sphere_plane,
                     sweep_sphere_point, sweep_sphere_segment, sweep_spheres,
                     sweep_spheres_accel)
from .world import (CONTACT_BOX, CONTACT_CIRCLE, CONTACT_DTYPE, CONTACT_POINT, CONTACT_SEGMENT,
                    CircleState, Stats, World)
from .trajectory import GSDWriter

__version__ = "0.1.0"

__all__ = [
    "Body", "CONTACT_BOX", "CONTACT_CIRCLE", "CONTACT_DTYPE", "CONTACT_POINT", "CONTACT_SEGMENT",
    "CircleState", "CircolError", "Contact", "EventLimitError", "FullError", "GSDWriter", "Hit",
    "InvalidArgumentError", "LockedError", "OutOfMemoryError", "OutsideBoxError", "OverlapError",
    "StaleIdError", "Stats", "UnsupportedError", "World", "circle_segment_contact",
    "circles_contact", "circles_overlap", "circles_overlap_batch", "collide", "impulse",
    "reflect", "sphere_segment_contact", "spheres_contact", "spheres_overlap", "status_string",
    "step_pair", "sweep_circle_line", "sweep_circle_point", "sweep_circle_segment",
    "sweep_circles", "sweep_circles_accel", "sweep_circles_batch", "sweep_sphere_plane",
    "sweep_sphere_point", "sweep_sphere_segment", "sweep_spheres", "sweep_spheres_accel",
]
