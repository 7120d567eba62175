/* The library's version. */

#include "circol/query.h"

#define CCL_STRINGIFY(x)            #x
#define CCL_VERSION_STRING(a, b, c) CCL_STRINGIFY(a) "." CCL_STRINGIFY(b) "." CCL_STRINGIFY(c)

const char *ccl_version(void) {
    return CCL_VERSION_STRING(CIRCOL_VERSION_MAJOR, CIRCOL_VERSION_MINOR, CIRCOL_VERSION_PATCH);
}

int ccl_version_number(void) {
    return CIRCOL_VERSION_MAJOR * 10000 + CIRCOL_VERSION_MINOR * 100 + CIRCOL_VERSION_PATCH;
}
