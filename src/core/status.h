/* Private: the statuses public calls share. */
#ifndef CIRCOL_CORE_STATUS_H
#define CIRCOL_CORE_STATUS_H

#include <stdbool.h>
#include <stdint.h>

#include "circol/base.h"

/// The first status of a call that changes a world: CCL_ERR_INVALID_ARGUMENT when its arguments
/// are not valid (no world among them), else CCL_ERR_LOCKED while the world is locked (inside a
/// contact callback), else CCL_OK.
static inline ccl_status ccl_change_status(bool valid, bool locked) {
    if (!valid) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    return locked ? CCL_ERR_LOCKED : CCL_OK;
}

/// The status of a valid call that adds a body to a world holding `live` bodies of at most `most`:
/// CCL_ERR_LOCKED while the world is locked, else CCL_ERR_FULL when it is full, else CCL_OK.
static inline ccl_status ccl_add_status(bool locked, int64_t live, int64_t most) {
    if (locked) {
        return CCL_ERR_LOCKED;
    }
    return live >= most ? CCL_ERR_FULL : CCL_OK;
}

#endif
