/* Allocator hooks (ccl_allocator) for tests whose blocks come from the C library. */
#ifndef CIRCOL_TESTS_SUPPORT_ALLOC_HOOKS_H
#define CIRCOL_TESTS_SUPPORT_ALLOC_HOOKS_H

#include <stddef.h>
#include <stdlib.h>

/// Frees a block that malloc or aligned_alloc gave; the size and the user data are not needed.
static inline void wt_free(void *ptr, size_t size, void *user) {
    (void)size;
    (void)user;
    free(ptr);
}

#endif
