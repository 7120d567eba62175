/* Removing segments and points by id (world/obstacle_ids.h). */
#include "world/obstacle_ids.h"

#include "circol/game.h"
#include "core/memory.h"
#include "world/sleep.h"
#include "world/world.h"

/* Makes the id table hold at least n entries (the first time: the ids the places give). */
static ccl_status ccl_obstacle_ids_reserve(ccl_world *w, ccl_obstacle_ids *t, int32_t count,
                                           size_t n) {
    if (t->ids != NULL && n <= t->capacity) {
        return CCL_OK;
    }
    size_t cap = t->capacity > 0 ? 2 * t->capacity : 16;
    while (cap < n) {
        cap *= 2;
    }
    int32_t *ids = ccl_memory_alloc(&w->memory, cap * sizeof(int32_t));
    if (ids == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    for (int32_t k = 0; k < count; ++k) {
        ids[k] = t->ids != NULL ? t->ids[k] : k;
    }
    if (t->ids == NULL) {
        t->next = count;
    }
    ccl_memory_free(&w->memory, t->ids, t->capacity * sizeof(int32_t));
    t->ids = ids;
    t->capacity = cap;
    return CCL_OK;
}

ccl_status ccl_obstacle_id_assign(ccl_world *w, bool point, int32_t index, int *id) {
    ccl_obstacle_ids *t = point ? &w->point_ids : &w->segment_ids;
    if (t->ids == NULL) {
        *id = index;
        return CCL_OK;
    }
    ccl_status status = ccl_obstacle_ids_reserve(w, t, index, (size_t)index + 1);
    if (status != CCL_OK) {
        return status;
    }
    t->ids[index] = t->next++;
    *id = t->ids[index];
    return CCL_OK;
}

static ccl_status ccl_world_remove_obstacle(ccl_world *w, int id, bool point) {
    if (w == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    ccl_obstacle_ids *t = point ? &w->point_ids : &w->segment_ids;
    int32_t count = point ? w->obstacles.point_count : w->obstacles.segment_count;
    int32_t k = 0;
    while (k < count && ccl_obstacle_id(w, k, point) != id) {
        ++k;
    }
    if (k == count) {
        return CCL_ERR_STALE_ID;
    }
    ccl_status status = ccl_obstacle_ids_reserve(w, t, count, (size_t)count);
    if (status != CCL_OK) {
        return status;
    }
    int32_t last = count - 1;
    if (point) {
        w->obstacles.points[k] = w->obstacles.points[last];
        w->obstacles.point_count--;
    } else {
        w->obstacles.segments[k] = w->obstacles.segments[last];
        w->obstacles.segment_count--;
    }
    t->ids[k] = t->ids[last];
    /* the tables are built again, and every event named obstacles by their places */
    w->grid.obstacles_stale = true;
    w->repredict_pending = true;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && w->bodies[i].asleep) {
            ccl_world_wake(w, i); /* what rested on it falls */
        }
    }
    return CCL_OK;
}

ccl_status ccl_world_remove_segment(ccl_world *w, int index) {
    return ccl_world_remove_obstacle(w, index, false);
}

ccl_status ccl_world_remove_point(ccl_world *w, int index) {
    return ccl_world_remove_obstacle(w, index, true);
}
