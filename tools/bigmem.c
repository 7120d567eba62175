/* circol CLI: memory for large tables, backed by huge pages where the system offers them. */
#define _DEFAULT_SOURCE /* madvise and MADV_HUGEPAGE beside the POSIX names */

#include "bigmem.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__linux__)
#include <pthread.h>
#include <sys/mman.h>
#endif

/// The size of a huge page on the systems that have them (x86-64 and arm64 Linux).
#define CCL_CLI_HUGE_PAGE ((uintptr_t)2 << 20)

#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
/// A range for the prefaulting thread.
typedef struct ccl_cli_prefault_range {
    void *ptr;
    size_t bytes;
} ccl_cli_prefault_range;

static void *ccl_cli_prefault_run(void *arg) {
    ccl_cli_prefault_range range = *(ccl_cli_prefault_range *)arg;
    free(arg);
    /* Maps the whole pages of the range (madvise takes page-aligned ranges only; a block from
     * malloc starts past its header) as a first write would, without writing: the contents stay
     * as they are, and a range freed meanwhile only makes the call fail. */
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t lo = ((uintptr_t)range.ptr + page - 1) & ~(page - 1);
    uintptr_t hi = ((uintptr_t)range.ptr + range.bytes) & ~(page - 1);
    if (hi > lo) {
        (void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
    }
    return NULL;
}
#endif

/// Maps the pages of [ptr, ptr + bytes) on a thread of its own, so that the kernel zeroes them on
/// another core while this one fills the table; where no thread can be made, the first writes
/// map them as before.
static void ccl_cli_prefault(void *ptr, size_t bytes) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    ccl_cli_prefault_range *range = malloc(sizeof *range);
    pthread_attr_t attr;
    pthread_t thread;
    if (range == NULL || pthread_attr_init(&attr) != 0) {
        free(range);
        return;
    }
    range->ptr = ptr;
    range->bytes = bytes;
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attr, ccl_cli_prefault_run, range) != 0) {
        free(range);
    }
    pthread_attr_destroy(&attr);
#else
    (void)ptr;
    (void)bytes;
#endif
}

/// Advises [lo, hi) (page-aligned) to be backed with huge pages.
static void ccl_cli_advise_range(uintptr_t lo, uintptr_t hi) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (hi > lo) {
        (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE); /* advice: a refusal changes nothing */
    }
#else
    (void)lo;
    (void)hi;
#endif
}

void ccl_cli_advise_huge(void *ptr, size_t bytes) {
    if (ptr == NULL || bytes < 2 * CCL_CLI_HUGE_PAGE) {
        return;
    }
    uintptr_t lo = ((uintptr_t)ptr + CCL_CLI_HUGE_PAGE - 1) & ~(CCL_CLI_HUGE_PAGE - 1);
    uintptr_t hi = ((uintptr_t)ptr + bytes) & ~(CCL_CLI_HUGE_PAGE - 1);
    ccl_cli_advise_range(lo, hi);
}

void *ccl_cli_big_grow(void *ptr, size_t bytes) {
    /* malloc keeps a large block in a mapping of its own, which realloc grows by moving its pages
     * (mremap) rather than copying them: each page is zeroed and filled once, however often the
     * table doubles. The advice covers the block's every page, so that its mapping stays one
     * (mremap moves one mapping only) and the new part's pages are huge as they are filled. */
    void *grown = realloc(ptr, bytes);
    if (grown != NULL && bytes >= 2 * CCL_CLI_HUGE_PAGE) {
        uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
        uintptr_t lo = (uintptr_t)grown & ~(page - 1);
        ccl_cli_advise_range(lo, ((uintptr_t)grown + bytes + page - 1) & ~(page - 1));
    }
    return grown;
}

static void *ccl_cli_big_alloc(size_t size, size_t align, void *user) {
    (void)user;
    size_t unit = align > 16 ? align : 16;
    size_t rounded = (size + unit - 1) & ~(unit - 1); /* aligned_alloc wants a multiple */
    void *ptr = rounded >= size ? aligned_alloc(unit, rounded) : NULL;
    ccl_cli_advise_huge(ptr, size);
    if (ptr != NULL && size >= 2 * CCL_CLI_HUGE_PAGE) {
        ccl_cli_prefault(ptr, size); /* a world's tables are sized for what it holds */
    }
    return ptr;
}

static void ccl_cli_big_free(void *ptr, size_t size, void *user) {
    (void)user, (void)size;
    free(ptr);
}

ccl_allocator ccl_cli_big_allocator(void) {
    ccl_allocator a = {ccl_cli_big_alloc, ccl_cli_big_free, NULL};
    return a;
}
