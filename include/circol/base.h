/* circol: statuses, and the replaceable allocator and log hooks. */
#ifndef CIRCOL_BASE_H
#define CIRCOL_BASE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a call that can fail returns. A failed call leaves the world as it was before the call.
typedef enum ccl_status {
    CCL_OK = 0,               ///< Success.
    CCL_ERR_INVALID_ARGUMENT, ///< NaN, infinity, negative radius or mass, NULL, bad definition.
    CCL_ERR_OUT_OF_MEMORY,    ///< The allocator returned NULL, or a table would pass circol's
                              ///< size limits (2^28 grid entries of obstacles); nothing changed.
    CCL_ERR_STALE_ID,         ///< The id was never issued, or its circle has been removed.
    CCL_ERR_FULL,             ///< The world holds max_circles circles already, or 2^26
                              ///< segments (or 2^26 points) when adding one more.
    CCL_ERR_OUTSIDE_BOX,      ///< The circle does not fit inside the walled box; in a periodic
                              ///< box, the box is narrower than three times its diameter or its
                              ///< position is so far out that wrapping it overflows; or a segment
                              ///< or point lies outside a periodic box.
    CCL_ERR_OVERLAP,          ///< The circle overlaps a segment or point, or another circle
                              ///< (CCL_OVERLAP_REJECT); or a segment or point would cut a circle.
    CCL_ERR_LOCKED,           ///< Called from inside a contact callback: change it after advance.
    CCL_ERR_EVENT_LIMIT,      ///< advance hit max_events_per_advance (or, with no end in time,
                              ///< the bound on events without a collision: world.h); the world
                              ///< is consistent at an earlier time (see ccl_world_time) and may
                              ///< go on.
    CCL_ERR_UNSUPPORTED,      ///< A valid combination the world does not simulate (documented).
    CCL_STATUS_COUNT
} ccl_status;

/// A short English name for each status ("ok", "invalid argument", ...). Never NULL.
const char *ccl_status_string(ccl_status status);

/// Allocator hook. alloc returns memory of size bytes aligned to align (a power of two, at most
/// 64), or NULL. free receives the size that was asked for. user is passed through.
typedef struct ccl_allocator {
    void *(*alloc)(size_t size, size_t align, void *user);
    void (*free)(void *ptr, size_t size, void *user);
    void *user;
} ccl_allocator;

/// Log hook: one message per call, without a trailing newline.
typedef void ccl_log_fn(const char *message, void *user);

#ifdef __cplusplus
}
#endif

#endif
