/* circol CLI: memory for large tables, backed by huge pages where the system offers them. */
#define _DEFAULT_SOURCE /* madvise and MADV_HUGEPAGE beside the POSIX names */

#include "bigmem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

/// The size of a huge page on the systems that have them (x86-64 and arm64 Linux).
#define CCL_CLI_HUGE_PAGE ((uintptr_t)2 << 20)

void ccl_cli_advise_huge(void *ptr, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (ptr == NULL || bytes < 2 * CCL_CLI_HUGE_PAGE) {
        return;
    }
    uintptr_t lo = ((uintptr_t)ptr + CCL_CLI_HUGE_PAGE - 1) & ~(CCL_CLI_HUGE_PAGE - 1);
    uintptr_t hi = ((uintptr_t)ptr + bytes) & ~(CCL_CLI_HUGE_PAGE - 1);
    if (hi > lo) {
        (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE); /* advice: a refusal changes nothing */
    }
#else
    (void)ptr;
    (void)bytes;
#endif
}

void *ccl_cli_big_grow(void *ptr, size_t old_bytes, size_t bytes) {
    if (bytes < 2 * CCL_CLI_HUGE_PAGE) {
        return realloc(ptr, bytes);
    }
    void *grown = malloc(bytes);
    if (grown == NULL) {
        return NULL;
    }
    ccl_cli_advise_huge(grown, bytes);
    if (ptr != NULL) {
        memcpy(grown, ptr, old_bytes < bytes ? old_bytes : bytes);
        free(ptr);
    }
    return grown;
}

static void *ccl_cli_big_alloc(size_t size, size_t align, void *user) {
    (void)user;
    void *ptr = NULL;
    if (align <= 16) {
        ptr = malloc(size); /* malloc's alignment (16) covers it */
    } else {
        size_t rounded = (size + align - 1) & ~(align - 1); /* aligned_alloc wants a multiple */
        ptr = rounded >= size ? aligned_alloc(align, rounded) : NULL;
    }
    ccl_cli_advise_huge(ptr, size);
    return ptr;
}

static void ccl_cli_big_free(void *ptr, size_t size, void *user) {
    (void)size;
    (void)user;
    free(ptr);
}

ccl_allocator ccl_cli_big_allocator(void) {
    ccl_allocator a = {ccl_cli_big_alloc, ccl_cli_big_free, NULL};
    return a;
}
