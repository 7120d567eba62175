/* circol: saving a world and loading it again (checkpoint and restart). A loaded world continues
 * with the same events, bit for bit, as the world it was saved from. */
#ifndef CIRCOL_CHECKPOINT_H
#define CIRCOL_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>

#include "base.h"
#include "world.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The format version ccl_world_save writes; ccl_world_load reads this one and every earlier one.
#define CCL_CHECKPOINT_VERSION 3

/// Takes the next size bytes of a saved world (in order); false stops the save.
typedef bool ccl_write_fn(const void *data, size_t size, void *user);

/// What ccl_world_load found besides the world.
typedef struct ccl_load_info {
    const void *extra;   ///< The caller's bytes saved with the world (inside the loaded data).
    size_t extra_size;   ///< Their number (0 when none).
    unsigned version;    ///< The file's format version (0 when not even the header was read).
    const char *problem; ///< Why the load failed, in words ("checksum mismatch", ...); a static
                         ///< string, NULL on success.
} ccl_load_info;

/// Saves everything that decides the world's future: its definition (less the callbacks and the
/// allocator), the time, every circle's state and predicted event, segments and points (with their
/// ids), the grid, the event queue, the statistics, the periodic image counts, the growth of the
/// radii, the game kit's state (kinematic circles, sensors and their touches, filters), and
/// extra_size bytes of the caller's (which may be NULL for 0). The bytes go to write in pieces; the
/// format is little-endian, versioned, and ends with a CRC-32 of everything before it
/// (docs/CHECKPOINT.md). CCL_ERR_LOCKED inside a contact callback; CCL_ERR_INVALID_ARGUMENT for
/// NULL; CCL_ERR_OUT_OF_MEMORY when write returned false (no room for the bytes; what it took is an
/// incomplete file). The world does not change.
ccl_status ccl_world_save(const ccl_world *world, const void *extra, size_t extra_size,
                          ccl_write_fn *write, void *user);

/// Builds a world from size bytes that ccl_world_save wrote. hooks (may be NULL) gives what a file
/// does not hold: the allocator, on_contact and contact_user, log and log_user, record_contacts
/// and max_events_per_advance; every other field of it is ignored. The magic, the version, the
/// length and the checksum are checked before anything is built, and then every index and list
/// in it, so that no input can crash the load: CCL_ERR_INVALID_ARGUMENT with info->problem saying
/// what is wrong. CCL_ERR_OUT_OF_MEMORY when the allocator refuses. *out is NULL on failure. info
/// may be NULL.
ccl_status ccl_world_load(const void *data, size_t size, const ccl_world_def *hooks,
                          ccl_world **out, ccl_load_info *info);

#ifdef __cplusplus
}
#endif

#endif
