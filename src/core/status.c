/* Status names. */
#include "circol/base.h"

const char *ccl_status_string(ccl_status status) {
    switch (status) {
        case CCL_OK:
            return "ok";
        case CCL_ERR_INVALID_ARGUMENT:
            return "invalid argument";
        case CCL_ERR_OUT_OF_MEMORY:
            return "out of memory";
        case CCL_ERR_STALE_ID:
            return "stale or unknown circle id";
        case CCL_ERR_FULL:
            return "world is full (max_circles reached)";
        case CCL_ERR_OUTSIDE_BOX:
            return "circle does not fit inside the box";
        case CCL_ERR_OVERLAP:
            return "circle overlaps another circle or a wall";
        case CCL_ERR_LOCKED:
            return "world is locked inside a contact callback; change it after advance returns";
        case CCL_ERR_EVENT_LIMIT:
            return "event limit reached before the end of the advance";
        case CCL_ERR_UNSUPPORTED:
            return "unsupported combination";
        case CCL_STATUS_COUNT:
            break;
    }
    return "unknown status";
}
