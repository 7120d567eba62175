/* Private: the library's memory. Every allocation goes through the caller's allocator hooks
 * (ccl_allocator) and is counted, so that a world can say how much it holds; growable arrays
 * double their capacity through the same hooks. */
#ifndef CIRCOL_CORE_MEMORY_H
#define CIRCOL_CORE_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#include "circol/base.h"

/// An allocator and the bytes it holds now (what was allocated and not yet freed).
typedef struct ccl_memory {
    ccl_allocator hooks;
    size_t bytes;
} ccl_memory;

/// malloc and free (aligned_alloc past 16-byte alignment), for callers that set no hooks.
ccl_allocator ccl_default_allocator(void);

/// A zeroed block of size bytes on a 16-byte boundary for an object that keeps its own memory (a
/// world), from *hooks, which first gets the default allocator when it sets no alloc; NULL when
/// out of memory. The object counts it in its ccl_memory with ccl_memory_of_owner.
void *ccl_memory_new_owner(ccl_allocator *hooks, size_t size);

/// The memory of an object of size bytes made by ccl_memory_new_owner from hooks: it holds itself.
static inline ccl_memory ccl_memory_of_owner(ccl_allocator hooks, size_t size) {
    ccl_memory m = {hooks, size};
    return m;
}

/// Frees an object made by ccl_memory_new_owner (size as asked), whose memory is m; NULL does
/// nothing. Everything else it held must be freed first.
void ccl_memory_delete_owner(ccl_memory m, void *object, size_t size);

/// size bytes on a boundary of align bytes (a power of two, at most 64); NULL when out of memory.
void *ccl_memory_alloc_aligned(ccl_memory *m, size_t size, size_t align);

/// size bytes on a 16-byte boundary; NULL when out of memory.
static inline void *ccl_memory_alloc(ccl_memory *m, size_t size) {
    return ccl_memory_alloc_aligned(m, size, 16);
}

/// Frees what ccl_memory_alloc returned (size as asked); NULL does nothing.
void ccl_memory_free(ccl_memory *m, void *ptr, size_t size);

/// Grows the array *items, of *capacity items of item_size bytes with count of them in use, to
/// hold at least needed items: the capacity doubles, from first_capacity. The items in use are
/// kept. On CCL_ERR_OUT_OF_MEMORY nothing changes.
ccl_status ccl_array_reserve(ccl_memory *m, void **items, size_t *capacity, size_t count,
                             size_t needed, size_t item_size, size_t first_capacity);

/// The capacity a world's slot tables grow to so as to hold needed slots: doubled from capacity (or
/// from needed, at least 64, when there are none yet) until they do, but never over most.
static inline int64_t ccl_slot_capacity(int64_t capacity, int64_t needed, int64_t most) {
    int64_t cap = capacity > 0 ? capacity : (needed > 64 ? needed : 64);
    while (cap < needed) {
        cap *= 2;
    }
    return cap < most ? cap : most;
}

#endif
