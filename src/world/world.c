/* The world: its definitions' defaults, creation and destruction, and its time (which queries and
 * growing radii read). */
#include <stdint.h>
#include <string.h>

#include "world/body.h"
#include "world/motion.h"
#include "world/world.h"

ccl_world_def ccl_world_default_def(void) {
    ccl_world_def def;
    memset(&def, 0, sizeof def);
    def.box_min = ccl_v2(0.0, 0.0);
    def.box_max = ccl_v2(100.0, 100.0);
    def.boundary = CCL_BOUNDARY_WALLS;
    def.restitution = 1.0;
    def.overlap = CCL_OVERLAP_REJECT;
    def.separation_speed = 1.0;
    def.max_circles = 1 << 26;
    return def;
}

ccl_circle_def ccl_circle_default_def(void) {
    ccl_circle_def def;
    memset(&def, 0, sizeof def);
    def.radius = 1.0;
    def.mass = 1.0;
    def.restitution = -1.0;
    return def;
}

static bool ccl_def_is_valid(const ccl_world_def *d) {
    if (!ccl_vec2_within(d->box_min, CCL_MAX_LENGTH) ||
        !ccl_vec2_within(d->box_max, CCL_MAX_LENGTH) || !(d->box_max.x > d->box_min.x) ||
        !(d->box_max.y > d->box_min.y) || !(d->box_max.x - d->box_min.x <= CCL_MAX_LENGTH) ||
        !(d->box_max.y - d->box_min.y <= CCL_MAX_LENGTH)) {
        return false;
    }
    if (d->boundary != CCL_BOUNDARY_WALLS && d->boundary != CCL_BOUNDARY_PERIODIC) {
        return false;
    }
    if (d->overlap != CCL_OVERLAP_REJECT && d->overlap != CCL_OVERLAP_SEPARATE) {
        return false;
    }
    if (!ccl_vec2_is_finite(d->gravity) || !(d->damping >= 0.0) || !isfinite(d->damping) ||
        !(d->restitution >= 0.0 && d->restitution <= 1.0) || !(d->collapse_time >= 0.0) ||
        !isfinite(d->collapse_time) || !(d->rest_speed >= 0.0) || !isfinite(d->rest_speed) ||
        !(d->cell_size >= 0.0) || !isfinite(d->cell_size) || !(d->separation_speed >= 0.0) ||
        !isfinite(d->separation_speed) || d->capacity < 0 || d->max_circles <= 0) {
        return false;
    }
    bool has_alloc = d->allocator.alloc != NULL, has_free = d->allocator.free != NULL;
    return has_alloc == has_free;
}

/* The second-level cache size that two choices follow: the look-ahead's size limit
 * (ccl_world_fetch_ahead_limit) and the queue's bucket width (ccl_world_reserve). Taken as 1 MB on
 * every machine (as the 3D world does), so that one build makes the same choices everywhere; the
 * library asks the system nothing. */
static size_t ccl_world_cache_bytes(void) {
    return (size_t)1 << 20;
}

/* Below a world memory of one and a half second-level caches the look-ahead is not run at all:
 * what an event reads of its neighbours (their slots, queue entries and cell heads, about 84 of a
 * circle's 128 bytes) then about fits in that cache, and the look-ahead's own work costs as much
 * as the misses it saves or more. A WebAssembly build has no prefetch, so there it would only
 * cost. A build may set CCL_FETCH_AHEAD_BYTES to fix the limit. */
static size_t ccl_world_fetch_ahead_limit(size_t cache_bytes) {
#if defined(CCL_FETCH_AHEAD_BYTES)
    (void)cache_bytes;
    return CCL_FETCH_AHEAD_BYTES;
#elif defined(__wasm__)
    (void)cache_bytes;
    return SIZE_MAX;
#else
    return cache_bytes + cache_bytes / 2;
#endif
}

ccl_status ccl_world_create(const ccl_world_def *def, ccl_world **out) {
    if (out == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    *out = NULL;
    if (def == NULL || !ccl_def_is_valid(def)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    ccl_world_def d = *def;
    ccl_world *w = ccl_memory_new_owner(&d.allocator, sizeof(ccl_world));
    if (w == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    w->def = d;
    w->memory = ccl_memory_of_owner(d.allocator, sizeof(ccl_world));
    w->box.min = d.box_min;
    w->box.max = d.box_max;
    w->box.size = ccl_sub(d.box_max, d.box_min);
    w->box.periodic = d.boundary == CCL_BOUNDARY_PERIODIC;
    w->law = ccl_motion_law_of(&d);
    w->straight = w->law->straight;
    w->free_head = -1;
    ccl_queue_init(&w->queue, &w->memory);
    w->fetch_trail = -1;
    w->cache_bytes = ccl_world_cache_bytes();
    w->fetch_ahead_bytes = ccl_world_fetch_ahead_limit(w->cache_bytes);
    ccl_grid_init(&w->grid, &w->box, d.cell_size, &w->memory);
    w->repredict_pending = true;
    if (d.capacity > 0 && ccl_world_reserve(w, d.capacity) != CCL_OK) {
        ccl_world_destroy(w);
        return CCL_ERR_OUT_OF_MEMORY;
    }
    *out = w;
    return CCL_OK;
}

void ccl_world_destroy(ccl_world *w) {
    if (w == NULL) {
        return;
    }
    ccl_world_free_slots(w);
    ccl_queue_release(&w->queue);
    ccl_grid_release(&w->grid);
    ccl_memory_free(&w->memory, w->obstacles.segments,
                    sizeof(ccl_segment) * (size_t)w->obstacles.segment_capacity);
    ccl_memory_free(&w->memory, w->obstacles.points,
                    sizeof(ccl_vec2) * (size_t)w->obstacles.point_capacity);
    ccl_memory_free(&w->memory, w->overlaps,
                    sizeof(ccl_overlap_pair) * (size_t)w->overlap_capacity);
    ccl_memory_free(&w->memory, w->contacts, sizeof(ccl_contact_event) * w->contact_capacity);
    ccl_memory_free(&w->memory, w->touches, sizeof(ccl_sensor_touch) * w->touch_capacity);
    ccl_memory_free(&w->memory, w->segment_ids.ids, sizeof(int32_t) * w->segment_ids.capacity);
    ccl_memory_free(&w->memory, w->point_ids.ids, sizeof(int32_t) * w->point_ids.capacity);
    ccl_memory_free(&w->memory, w->filters, sizeof(ccl_filter) * (size_t)w->filter_capacity);
    ccl_memory_delete_owner(w->memory, w, sizeof(ccl_world));
}

double ccl_world_time(const ccl_world *w) {
    return w != NULL ? w->time_base + w->time : 0.0;
}
