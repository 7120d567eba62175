"""Exceptions named after circol's statuses, each carrying the library's own message."""

from ._circol import ffi, lib


class CircolError(Exception):
    """A circol call failed. ``status`` is the C status code, ``message`` its C name."""

    status = None

    def __init__(self, message, status=None):
        super().__init__(message)
        if status is not None:
            self.status = status


class InvalidArgumentError(CircolError, ValueError):
    """NaN, infinity, a negative radius or mass, or a bad definition (CCL_ERR_INVALID_ARGUMENT)."""

    status = lib.CCL_ERR_INVALID_ARGUMENT


class OutOfMemoryError(CircolError, MemoryError):
    """The allocator failed or a table would pass circol's size limits (CCL_ERR_OUT_OF_MEMORY)."""

    status = lib.CCL_ERR_OUT_OF_MEMORY


class StaleIdError(CircolError, LookupError):
    """The id was never issued, or its circle has been removed (CCL_ERR_STALE_ID)."""

    status = lib.CCL_ERR_STALE_ID


class FullError(CircolError):
    """The world holds max_circles circles already (CCL_ERR_FULL)."""

    status = lib.CCL_ERR_FULL


class OutsideBoxError(CircolError, ValueError):
    """The circle, segment or point does not fit the box (CCL_ERR_OUTSIDE_BOX)."""

    status = lib.CCL_ERR_OUTSIDE_BOX


class OverlapError(CircolError, ValueError):
    """The circle overlaps another circle, a segment or a point (CCL_ERR_OVERLAP)."""

    status = lib.CCL_ERR_OVERLAP


class LockedError(CircolError):
    """Called from inside a contact callback (CCL_ERR_LOCKED)."""

    status = lib.CCL_ERR_LOCKED


class EventLimitError(CircolError):
    """advance hit max_events_per_advance; the world is consistent at an earlier time and may go
    on (CCL_ERR_EVENT_LIMIT)."""

    status = lib.CCL_ERR_EVENT_LIMIT


class UnsupportedError(CircolError):
    """A valid combination the world does not simulate (CCL_ERR_UNSUPPORTED)."""

    status = lib.CCL_ERR_UNSUPPORTED


ERRORS = {cls.status: cls for cls in (
    InvalidArgumentError, OutOfMemoryError, StaleIdError, FullError, OutsideBoxError,
    OverlapError, LockedError, EventLimitError, UnsupportedError)}


def status_string(status):
    """The library's short English name of a status."""
    return ffi.string(lib.ccl_status_string(status)).decode()


def check(status, what):
    """Raises the exception for status (nothing for CCL_OK); the message names what failed."""
    if status == lib.CCL_OK:
        return
    cls = ERRORS.get(status, CircolError)
    raise cls("%s: %s" % (what, status_string(status)), status)
