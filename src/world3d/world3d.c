/* The 3D world: its definitions' defaults, creation, destruction and growth, the minimum image,
 * the grid's rebuild, the collapse time and the world's time. */
#include <stdint.h>
#include <string.h>

#include "broad/box.h"
#include "core/vec3.h"
#include "world3d/world3d.h"

ccl_world3d_def ccl_world3d_default_def(void) {
    ccl_world3d_def def;
    memset(&def, 0, sizeof def);
    def.box_max = ccl_v3(100.0, 100.0, 100.0);
    def.boundary = CCL_BOUNDARY_WALLS;
    def.restitution = 1.0;
    def.overlap = CCL_OVERLAP_REJECT;
    def.max_spheres = 1 << 26;
    return def;
}

#define CCL_WORLD_BODY_DEF_T       ccl_sphere_def
#define CCL_WORLD_BODY_DEFAULT_DEF ccl_sphere_default_def
#include "world_common/defaults_impl.h"

/* True when the box's corners and sides are finite, ordered and within CCL_MAX_LENGTH. */
static bool ccl_box3_is_valid(ccl_vec3 lo, ccl_vec3 hi) {
    double l[3] = {lo.x, lo.y, lo.z}, h[3] = {hi.x, hi.y, hi.z};
    for (int k = 0; k < 3; ++k) {
        if (!(fabs(l[k]) <= CCL_MAX_LENGTH) || !(fabs(h[k]) <= CCL_MAX_LENGTH) || !(h[k] > l[k]) ||
            !(h[k] - l[k] <= CCL_MAX_LENGTH)) {
            return false;
        }
    }
    return true;
}

static ccl_status ccl_world3d_check_def(const ccl_world3d_def *d) {
    if (!ccl_box3_is_valid(d->box_min, d->box_max) ||
        (d->boundary != CCL_BOUNDARY_WALLS && d->boundary != CCL_BOUNDARY_PERIODIC) ||
        (d->overlap != CCL_OVERLAP_REJECT && d->overlap != CCL_OVERLAP_SEPARATE) ||
        !(d->restitution >= 0.0 && d->restitution <= 1.0) || !(d->collapse_time >= 0.0) ||
        !isfinite(d->collapse_time) || !(d->cell_size >= 0.0) || !isfinite(d->cell_size) ||
        d->capacity < 0 || d->max_spheres <= 0 ||
        (d->allocator.alloc == NULL) != (d->allocator.free == NULL)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    return d->overlap == CCL_OVERLAP_SEPARATE ? CCL_ERR_UNSUPPORTED : CCL_OK;
}

/* One of the arrays a sphere has a row in: where it is, its row's size and alignment, and whether
 * it exists only once asked for (then it grows only when present). */
typedef struct ccl_sphere_array {
    void **items;
    size_t row, align;
    bool optional;
} ccl_sphere_array;

/// The per-sphere arrays; the optional ones last.
#define CCL_SPHERE_ARRAYS 6

static void ccl_world3d_arrays(ccl_world3d *w, ccl_sphere_array arrays[CCL_SPHERE_ARRAYS]) {
    ccl_sphere_array all[CCL_SPHERE_ARRAYS] = {
        {(void **)&w->slots, sizeof(ccl_sphere_slot), 64, false},
        {(void **)&w->links, sizeof(ccl_sphere_link), 64, false},
        {(void **)&w->cold, sizeof(ccl_body_cold), 64, false},
        {(void **)&w->generation, sizeof(uint32_t), 16, false},
        {(void **)&w->user_data, sizeof(void *), 16, true},
        {(void **)&w->images, sizeof(ccl_image_count3), 16, true}};
    memcpy(arrays, all, sizeof all);
}

ccl_status ccl_world3d_reserve(ccl_world3d *w, int32_t needed) {
    if (needed <= w->capacity) {
        return CCL_OK;
    }
    int64_t cap = ccl_slot_capacity(w->capacity, needed, w->def.max_spheres);
    ccl_sphere_array arrays[CCL_SPHERE_ARRAYS];
    ccl_world3d_arrays(w, arrays);
    void *fresh[CCL_SPHERE_ARRAYS] = {NULL};
    size_t n = (size_t)cap, old = (size_t)w->capacity;
    bool ok = (uint64_t)cap <= SIZE_MAX / 64;
    for (int a = 0; a < CCL_SPHERE_ARRAYS && ok; ++a) {
        if (!arrays[a].optional || *arrays[a].items != NULL) {
            fresh[a] = ccl_memory_alloc_aligned(&w->memory, n * arrays[a].row, arrays[a].align);
            ok = fresh[a] != NULL;
        }
    }
    if (!ok || ccl_queue_reserve(&w->queue, (int32_t)cap) != CCL_OK) {
        for (int a = 0; a < CCL_SPHERE_ARRAYS; ++a) {
            ccl_memory_free(&w->memory, fresh[a], n * arrays[a].row);
        }
        return CCL_ERR_OUT_OF_MEMORY;
    }
    for (int a = 0; a < CCL_SPHERE_ARRAYS; ++a) {
        if (fresh[a] == NULL) {
            continue; /* an optional array not asked for */
        }
        if (old > 0) {
            memcpy(fresh[a], *arrays[a].items, old * arrays[a].row);
        }
        ccl_memory_free(&w->memory, *arrays[a].items, old * arrays[a].row);
        *arrays[a].items = fresh[a];
    }
    for (size_t i = old; i < n; ++i) {
        w->generation[i] = 1;
    }
    /* bucket heads (about one per six spheres) past a quarter of the second-level cache: buckets
     * twice as wide, so that the heads stay in the cache */
    ccl_queue_set_wide(&w->queue, n * 8 > w->cache_bytes * 3);
    w->capacity = (int32_t)cap;
    return CCL_OK;
}

ccl_status ccl_world3d_attach(ccl_world3d *w, void **items, size_t row) {
    if (*items != NULL) {
        return CCL_OK;
    }
    if (ccl_world3d_reserve(w, 1) != CCL_OK) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    size_t n = (size_t)w->capacity;
    void *fresh = ccl_memory_alloc(&w->memory, n * row);
    if (fresh == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    memset(fresh, 0, n * row);
    *items = fresh;
    return CCL_OK;
}

/* Sets the fields of a fresh world w from definition d: the look-ahead's limits, the queue and
 * the grid. */
static inline void ccl_world3d_init(ccl_world3d *w, const ccl_world3d_def *d) {
    w->free_head = -1;
    w->fetch_trail = -1;
    w->cache_bytes = (size_t)1 << 20; /* a core's second-level cache, taken as 1 MB */
#if defined(__wasm__)
    w->fetch_bytes = SIZE_MAX; /* no prefetch there: the look-ahead would only cost */
#else
    w->fetch_bytes = w->cache_bytes + w->cache_bytes / 2;
#endif
    ccl_queue_init(&w->queue, &w->memory);
    ccl_grid3_init(&w->grid, d->box_min, d->box_max, d->boundary == CCL_BOUNDARY_PERIODIC,
                   d->cell_size, &w->memory);
}

#define CCL_WORLD_FN(name) ccl_world3d_##name
#define CCL_WORLD_T        ccl_world3d
#define CCL_WORLD_DEF_T    ccl_world3d_def
#define CCL_WORLD_CHECK_DEF(def)                                                                   \
    ((def) != NULL ? ccl_world3d_check_def(def) : CCL_ERR_INVALID_ARGUMENT)
#define CCL_WORLD_INIT(w, d) ccl_world3d_init(w, d)
#define CCL_WORLD_RESERVE    ccl_world3d_reserve
#include "world_common/create_impl.h"

void ccl_world3d_destroy(ccl_world3d *w) {
    if (w == NULL) {
        return;
    }
    size_t n = (size_t)w->capacity;
    ccl_sphere_array arrays[CCL_SPHERE_ARRAYS];
    ccl_world3d_arrays(w, arrays);
    for (int a = 0; a < CCL_SPHERE_ARRAYS; ++a) {
        ccl_memory_free(&w->memory, *arrays[a].items, n * arrays[a].row);
    }
    ccl_memory_free(&w->memory, w->contacts, w->contact_capacity * sizeof(ccl_contact_event3));
    ccl_grid3_release(&w->grid);
    ccl_queue_release(&w->queue);
    ccl_memory_delete_owner(w->memory, w, sizeof(ccl_world3d));
}

ccl_vec3 ccl_world3d_separation(const ccl_world3d *w, ccl_vec3 a, ccl_vec3 b) {
    ccl_vec3 d = ccl_v3(b.x - a.x, b.y - a.y, b.z - a.z);
    if (w->grid.periodic) {
        d.x = ccl_box_wrap_offset(d.x, w->grid.size.x);
        d.y = ccl_box_wrap_offset(d.y, w->grid.size.y);
        d.z = ccl_box_wrap_offset(d.z, w->grid.size.z);
    }
    return d;
}

ccl_status ccl_world3d_rebuild_grid(ccl_world3d *w, double max_radius) {
    ccl_status status = ccl_grid3_rebuild(&w->grid, max_radius, w->live_count);
    if (status != CCL_OK) {
        return status;
    }
    w->repredict_pending = true;
    if (w->slot_count == 0) {
        return CCL_OK; /* no slots yet (nor their array) */
    }
    ccl_grid_links links = ccl_world3d_grid_links(w);
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->links[i].alive) {
            ccl_sphere_move_to(w, i, w->time);
            w->links[i].link.cell = -1;
            ccl_cell_list_insert(w->grid.head, links, i,
                                 ccl_grid3_cell_of(&w->grid, w->slots[i].position));
        }
    }
    return CCL_OK;
}

/* The collapse time (world_common/collapse_impl.h): the rms rule only, which asks for a sphere
 * after the speeds. */
#define CCL_WORLD_T              ccl_world3d
#define CCL_WORLD_COLLAPSE_TIME  ccl_world3d_collapse_time
#define CCL_WORLD_RADIUS_FIRST   0
#define CCL_WORLD_MOVES(w, i)    ((w)->links[i].alive && !(w)->links[i].immovable)
#define CCL_WORLD_SPEED_SQ(w, i) ccl_length_sq3((w)->slots[i].velocity)
#include "world_common/collapse_impl.h"

int32_t ccl_world3d_slot_of(const ccl_world3d *w, ccl_sphere_id id) {
    if (w == NULL || id.index >= (uint32_t)w->slot_count || !w->links[id.index].alive ||
        w->generation[id.index] != id.generation) {
        return -1;
    }
    return (int32_t)id.index;
}

double ccl_world3d_time(const ccl_world3d *w) {
    return w != NULL ? w->time_base + w->time : 0.0;
}
