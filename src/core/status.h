/* Private: the statuses public calls share. */
#ifndef CIRCOL_CORE_STATUS_H
#define CIRCOL_CORE_STATUS_H

#include <stdbool.h>

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

#endif
