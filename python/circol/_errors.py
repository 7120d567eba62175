"""Exceptions named after circol's statuses, each carrying the library's own message."""

from ._circol import ffi, lib


class CircolError(Exception):
    """A circol call failed. ``status`` is the C status code, ``message`` its C name."""

    status = None

    def __init__(self, message, status=None):
        super().__init__(message)
        if status is not None:
            self.status = status


def _status_error(name, base, status, doc):
    """The exception class of one status: a CircolError (and base, when given) for that status."""
    bases = (CircolError,) if base is None else (CircolError, base)
    return type(name, bases, {"__doc__": doc, "__module__": __name__, "status": status})


# One exception class per status, made from these two tables and exported under its name: its
# name, the built-in exception it also is and its status; then its docstring, in the same order.
_STATUS_ERRORS = (
    ("InvalidArgumentError", ValueError, lib.CCL_ERR_INVALID_ARGUMENT),
    ("OutOfMemoryError", MemoryError, lib.CCL_ERR_OUT_OF_MEMORY),
    ("StaleIdError", LookupError, lib.CCL_ERR_STALE_ID),
    ("FullError", None, lib.CCL_ERR_FULL),
    ("OutsideBoxError", ValueError, lib.CCL_ERR_OUTSIDE_BOX),
    ("OverlapError", ValueError, lib.CCL_ERR_OVERLAP),
    ("LockedError", None, lib.CCL_ERR_LOCKED),
    ("EventLimitError", None, lib.CCL_ERR_EVENT_LIMIT),
    ("UnsupportedError", None, lib.CCL_ERR_UNSUPPORTED),
)
_STATUS_DOCS = (
    "NaN, infinity, a negative radius or mass, or a bad definition (CCL_ERR_INVALID_ARGUMENT).",
    "The allocator failed or a table would pass circol's size limits (CCL_ERR_OUT_OF_MEMORY).",
    "The id was never issued, or its circle has been removed (CCL_ERR_STALE_ID).",
    "The world holds max_circles circles already (CCL_ERR_FULL).",
    "The circle, segment or point does not fit the box (CCL_ERR_OUTSIDE_BOX).",
    "The circle overlaps another circle, a segment or a point (CCL_ERR_OVERLAP).",
    "Called from inside a contact callback (CCL_ERR_LOCKED).",
    "advance hit max_events_per_advance; the world is consistent at an earlier time and may go\n"
    "    on (CCL_ERR_EVENT_LIMIT).",
    "A valid combination the world does not simulate (CCL_ERR_UNSUPPORTED).",
)

assert len(_STATUS_ERRORS) == len(_STATUS_DOCS)
ERRORS = {status: _status_error(name, base, status, doc)
          for (name, base, status), doc in zip(_STATUS_ERRORS, _STATUS_DOCS)}
globals().update((cls.__name__, cls) for cls in ERRORS.values())


def status_string(status):
    """The library's short English name of a status."""
    return ffi.string(lib.ccl_status_string(status)).decode()


def check(status, what):
    """Raises the exception for status (nothing for CCL_OK); the message names what failed."""
    if status == lib.CCL_OK:
        return
    cls = ERRORS.get(status, CircolError)
    raise cls("%s: %s" % (what, status_string(status)), status)
