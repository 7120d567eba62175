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

#define CCL_WORLD_BODY_DEF_T       ccl_circle_def
#define CCL_WORLD_BODY_DEFAULT_DEF ccl_circle_default_def
#include "world_common/defaults_impl.h"

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

/* The status of definition def, which may be NULL. */
static inline ccl_status ccl_world_check_def(const ccl_world_def *def) {
    return def != NULL && ccl_def_is_valid(def) ? CCL_OK : CCL_ERR_INVALID_ARGUMENT;
}

/* Sets the fields of a fresh world w from definition d: the box, the motion law, the queue, the
 * look-ahead's limits and the grid. */
static inline void ccl_world_init(ccl_world *w, const ccl_world_def *d) {
    w->box.min = d->box_min;
    w->box.max = d->box_max;
    w->box.size = ccl_sub(d->box_max, d->box_min);
    w->box.periodic = d->boundary == CCL_BOUNDARY_PERIODIC;
    w->law = ccl_motion_law_of(d);
    w->straight = w->law->straight;
    w->free_head = -1;
    ccl_queue_init(&w->queue, &w->memory);
    w->fetch_trail = -1;
    w->cache_bytes = ccl_world_cache_bytes();
    w->fetch_ahead_bytes = ccl_world_fetch_ahead_limit(w->cache_bytes);
    ccl_grid_init(&w->grid, &w->box, d->cell_size, &w->memory);
}

#define CCL_WORLD_FN(name)       ccl_world_##name
#define CCL_WORLD_T              ccl_world
#define CCL_WORLD_DEF_T          ccl_world_def
#define CCL_WORLD_CHECK_DEF(def) ccl_world_check_def(def)
#define CCL_WORLD_INIT(w, d)     ccl_world_init(w, d)
#define CCL_WORLD_RESERVE        ccl_world_reserve
#include "world_common/create_impl.h"

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
