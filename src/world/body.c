/* The circles' slots and ids. */
#include <stdint.h>
#include <string.h>

#include "world/body.h"
#include "world/world.h"

void ccl_world_free_slots(ccl_world *w) {
    size_t n = (size_t)w->slot_capacity;
    ccl_memory_free(&w->memory, w->bodies, n * sizeof(ccl_body_slot));
    ccl_memory_free(&w->memory, w->cold, n * sizeof(ccl_body_cold));
    ccl_memory_free(&w->memory, w->generation, n * sizeof(uint32_t));
    ccl_memory_free(&w->memory, w->user_data, n * sizeof(void *));
    ccl_memory_free(&w->memory, w->images, n * sizeof(ccl_image_count));
}

ccl_status ccl_world_reserve(ccl_world *w, int32_t needed) {
    if (needed <= w->slot_capacity) {
        return CCL_OK;
    }
    int64_t cap = ccl_slot_capacity(w->slot_capacity, needed, w->def.max_circles);
    if ((uint64_t)cap > SIZE_MAX / sizeof(ccl_body_slot)) {
        return CCL_ERR_OUT_OF_MEMORY; /* the byte count would wrap (a 32-bit size_t) */
    }
    size_t n = (size_t)cap, old = (size_t)w->slot_capacity;
    /* a slot on a 64-byte boundary is one cache line (a neighbour scan reads only the slot), and
     * a cold half is half of one, never two */
    ccl_body_slot *bodies = ccl_memory_alloc_aligned(&w->memory, n * sizeof(ccl_body_slot), 64);
    ccl_body_cold *cold = ccl_memory_alloc_aligned(&w->memory, n * sizeof(ccl_body_cold), 64);
    uint32_t *gens = ccl_memory_alloc(&w->memory, n * sizeof(uint32_t));
    /* user data pointers only once some circle has carried one (ccl_world_keep_user_data) */
    bool with_users = w->user_data != NULL;
    void **users = with_users ? ccl_memory_alloc(&w->memory, n * sizeof(void *)) : NULL;
    /* the box crossings, for unwrapped positions, once asked for (ccl_world_track_unwrapped) */
    bool periodic = w->track_images;
    ccl_image_count *images =
        periodic ? ccl_memory_alloc(&w->memory, n * sizeof(ccl_image_count)) : NULL;
    /* the queue grows last: it keeps its circles, and nothing after it can fail */
    if (bodies == NULL || cold == NULL || gens == NULL || (with_users && users == NULL) ||
        (periodic && images == NULL) || ccl_queue_reserve(&w->queue, (int32_t)cap) != CCL_OK) {
        ccl_memory_free(&w->memory, bodies, n * sizeof(ccl_body_slot));
        ccl_memory_free(&w->memory, cold, n * sizeof(ccl_body_cold));
        ccl_memory_free(&w->memory, gens, n * sizeof(uint32_t));
        ccl_memory_free(&w->memory, users, n * sizeof(void *));
        ccl_memory_free(&w->memory, images, n * sizeof(ccl_image_count));
        return CCL_ERR_OUT_OF_MEMORY;
    }
    if (old > 0) {
        memcpy(bodies, w->bodies, old * sizeof(ccl_body_slot));
        memcpy(cold, w->cold, old * sizeof(ccl_body_cold));
        memcpy(gens, w->generation, old * sizeof(uint32_t));
        if (with_users) {
            memcpy(users, w->user_data, old * sizeof(void *));
        }
        if (periodic) {
            memcpy(images, w->images, old * sizeof(ccl_image_count));
        }
    }
    for (size_t i = old; i < n; ++i) {
        gens[i] = 1;
    }
    /* Where the bucket heads the queue's keys are filed in (about one per six circles, 4 bytes
     * each) would fill more than a quarter of the second-level cache, its buckets are made twice
     * as wide: fewer heads, which stay in the cache, for longer lists to drain (where the heads fit
     * anyway, the longer lists only cost). */
    ccl_queue_set_wide(&w->queue, n * 8 > w->cache_bytes * 3);
    ccl_world_free_slots(w);
    w->bodies = bodies;
    w->cold = cold;
    w->generation = gens;
    w->user_data = users;
    w->images = images;
    w->slot_capacity = (int32_t)cap;
    return CCL_OK;
}

ccl_status ccl_world_keep_user_data(ccl_world *w) {
    size_t n = (size_t)w->slot_capacity;
    void **users = ccl_memory_alloc(&w->memory, n * sizeof(void *));
    if (users == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    for (size_t i = 0; i < n; ++i) {
        users[i] = NULL;
    }
    w->user_data = users;
    return CCL_OK;
}

int32_t ccl_world_slot_of(const ccl_world *w, ccl_circle_id id) {
    if (w == NULL || id.index >= (uint32_t)w->slot_count || id.generation == 0) {
        return -1;
    }
    int32_t i = (int32_t)id.index;
    if (!w->bodies[i].alive || w->generation[i] != id.generation) {
        return -1;
    }
    return i;
}

bool ccl_world_is_valid(const ccl_world *w, ccl_circle_id id) {
    return ccl_world_slot_of(w, id) >= 0;
}

ccl_status ccl_world_slot_to_change(const ccl_world *w, ccl_circle_id id, int32_t *slot) {
    if (w == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    *slot = ccl_world_slot_of(w, id);
    return *slot < 0 ? CCL_ERR_STALE_ID : CCL_OK;
}

#define CCL_WORLD_T            ccl_world
#define CCL_WORLD_ALIVE(w, i)  ((w)->bodies[i].alive)
#define CCL_WORLD_GET_ITEM     ccl_world_get_item
#define CCL_WORLD_EXPORT_ITEMS ccl_world_export_items
#define CCL_WORLD_ITEMS_LINKAGE
#define CCL_WORLD_ID_T    ccl_circle_id
#define CCL_WORLD_SLOT_OF ccl_world_slot_of
#define CCL_WORLD_ITEM_FN ccl_slot_item_fn
#include "world_common/items_impl.h"
