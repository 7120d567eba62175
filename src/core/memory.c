/* The allocator hooks, counted, and the one growable array. */
#include "core/memory.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *ccl_default_alloc(size_t size, size_t align, void *user) {
    (void)user;
    if (align <= 16) {
        return malloc(size); /* malloc's alignment (16) covers it */
    }
    size_t rounded = (size + align - 1) & ~(align - 1); /* aligned_alloc wants a multiple */
    return rounded >= size ? aligned_alloc(align, rounded) : NULL;
}

static void ccl_default_free(void *ptr, size_t size, void *user) {
    (void)size;
    (void)user;
    free(ptr);
}

ccl_allocator ccl_default_allocator(void) {
    ccl_allocator a = {ccl_default_alloc, ccl_default_free, NULL};
    return a;
}

void *ccl_memory_new_owner(ccl_allocator *hooks, size_t size) {
    if (hooks->alloc == NULL) {
        *hooks = ccl_default_allocator();
    }
    void *object = hooks->alloc(size, 16, hooks->user);
    if (object != NULL) {
        memset(object, 0, size);
    }
    return object;
}

void ccl_memory_delete_owner(ccl_memory m, void *object, size_t size) {
    if (object != NULL) {
        m.hooks.free(object, size, m.hooks.user);
    }
}

void *ccl_memory_alloc_aligned(ccl_memory *m, size_t size, size_t align) {
    void *p = m->hooks.alloc(size, align, m->hooks.user);
    if (p != NULL) {
        m->bytes += size;
    }
    return p;
}

void ccl_memory_free(ccl_memory *m, void *ptr, size_t size) {
    if (ptr != NULL) {
        m->hooks.free(ptr, size, m->hooks.user);
        m->bytes -= size;
    }
}

ccl_status ccl_array_reserve(ccl_memory *m, void **items, size_t *capacity, size_t count,
                             size_t needed, size_t item_size, size_t first_capacity) {
    if (needed <= *capacity) {
        return CCL_OK;
    }
    size_t cap = *capacity > 0 ? *capacity : first_capacity;
    while (cap < needed) {
        if (cap > SIZE_MAX / 2) {
            return CCL_ERR_OUT_OF_MEMORY;
        }
        cap *= 2;
    }
    if (cap > SIZE_MAX / item_size) {
        return CCL_ERR_OUT_OF_MEMORY; /* the byte count would wrap */
    }
    void *fresh = ccl_memory_alloc(m, item_size * cap);
    if (fresh == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    if (count > 0) {
        memcpy(fresh, *items, item_size * count);
    }
    ccl_memory_free(m, *items, item_size * *capacity);
    *items = fresh;
    *capacity = cap;
    return CCL_OK;
}
