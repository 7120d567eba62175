/* The event-driven world: its API, memory, and the event loop. Prediction is in predict.c, the
 * grid in grid.c, the queue in queue.c. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h> /* sysconf, for the second-level cache's size */
#endif

#include "accel_internal.h"
#include "elementary.h"
#include "quadratic.h"
#include "sweep_internal.h"
#include "world_internal.h"

/* Re-base times after this many events per circle, so local times stay near zero. */
#define CCL_REBASE_EVENTS_PER_CIRCLE 4
/* Automatic rest speed under gravity: bounces lower than this fraction of the radius rest, and
 * (for radii far below the box) bounces lower than this fraction of the box's largest coordinate,
 * which positions barely resolve (2^-44 is about 500 units in the last place there). */
#define CCL_REST_HEIGHT_FRACTION 1e-4
#define CCL_REST_HEIGHT_OF_BOX   0x1p-44

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

static void ccl_log(const ccl_world *w, const char *message) {
    if (w->def.log != NULL) {
        w->def.log(message, w->def.log_user);
    }
}

/* ---- creation ---- */

/* True when |x| <= limit (false for NaN). */
static bool ccl_within(double x, double limit) {
    return fabs(x) <= limit;
}

/* True when both components of v are at most limit in magnitude (false for NaN). */
static bool ccl_vec2_within(ccl_vec2 v, double limit) {
    return ccl_within(v.x, limit) && ccl_within(v.y, limit);
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

static ccl_status ccl_world_reserve(ccl_world *w, int32_t needed);
static void ccl_world_wake_dependents(ccl_world *w, int32_t i);

/* The size of the core's second-level cache, which two choices follow: the look-ahead's size limit
 * (ccl_world_fetch_ahead_limit) and the queue's bucket width (ccl_world_reserve). Asked of the C
 * library where it tells (glibc), else taken as 1 MB. */
static size_t ccl_world_cache_bytes(void) {
    size_t l2 = (size_t)1 << 20;
#if defined(_SC_LEVEL2_CACHE_SIZE)
    long told = sysconf(_SC_LEVEL2_CACHE_SIZE);
    if (told >= (64L << 10) && told <= (64L << 20)) { /* anything else is not a real answer */
        l2 = (size_t)told;
    }
#endif
    return l2;
}

/* Below a world memory of one and a half second-level caches the look-ahead is not run at all:
 * what an event reads of its neighbours (their slots, queue entries and cell heads, about 84 of a
 * circle's 128 bytes) then about fits in that cache, and the look-ahead's own work costs as much
 * as the misses it saves or more. On a core with 1 MB of it, a gas of 10^3 disks ran 2.6% faster
 * without and one of 10^4 at packing fraction 0.2 3.2%, where from 2 10^4 disks (2.5 MB) to 10^5
 * it gains 2% to 10%; on a core with 512 KB, 10^4 disks (1.3 MB) gain 2.4% to 4.6% from it and
 * 4000 lose 1.8% (docs/PERFORMANCE_LOG.md). A WebAssembly build has no prefetch, so there it would
 * only cost. A build may set CCL_FETCH_AHEAD_BYTES to fix the limit. */
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
    if (def->damping > 0.0 && (def->gravity.x != 0.0 || def->gravity.y != 0.0)) {
        return CCL_ERR_UNSUPPORTED;
    }
    ccl_world_def d = *def;
    if (d.allocator.alloc == NULL) {
        d.allocator = ccl_default_allocator();
    }
    ccl_world *w = d.allocator.alloc(sizeof(ccl_world), 16, d.allocator.user);
    if (w == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    memset(w, 0, sizeof *w);
    w->def = d;
    w->memory.hooks = d.allocator;
    w->memory.bytes = sizeof(ccl_world);
    w->box.min = d.box_min;
    w->box.max = d.box_max;
    w->box.size = ccl_sub(d.box_max, d.box_min);
    w->box.periodic = d.boundary == CCL_BOUNDARY_PERIODIC;
    w->linear = d.damping == 0.0 && d.gravity.x == 0.0 && d.gravity.y == 0.0;
    w->free_head = -1;
    ccl_queue_init(&w->queue, &w->memory);
    w->fetched = -1;
    w->cache_bytes = ccl_world_cache_bytes();
    w->fetch_ahead_bytes = ccl_world_fetch_ahead_limit(w->cache_bytes);
    ccl_grid_init(&w->grid, &w->box, d.cell_size, &w->memory);
    w->dirty = true;
    if (d.capacity > 0 && ccl_world_reserve(w, d.capacity) != CCL_OK) {
        ccl_world_destroy(w);
        return CCL_ERR_OUT_OF_MEMORY;
    }
    *out = w;
    return CCL_OK;
}

static void ccl_world_free_slots(ccl_world *w) {
    size_t n = (size_t)w->slot_capacity;
    ccl_memory_free(&w->memory, w->bodies, n * sizeof(ccl_body_slot));
    ccl_memory_free(&w->memory, w->cold, n * sizeof(ccl_body_cold));
    ccl_memory_free(&w->memory, w->generation, n * sizeof(uint32_t));
    ccl_memory_free(&w->memory, w->user_data, n * sizeof(void *));
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
    ccl_allocator a = w->def.allocator;
    a.free(w, sizeof(ccl_world), a.user);
}

/* Grows the per-slot arrays to hold at least `needed` slots; on failure nothing changes. */
static ccl_status ccl_world_reserve(ccl_world *w, int32_t needed) {
    if (needed <= w->slot_capacity) {
        return CCL_OK;
    }
    int64_t cap = w->slot_capacity > 0 ? w->slot_capacity : (needed > 64 ? needed : 64);
    while (cap < needed) {
        cap *= 2;
    }
    if (cap > w->def.max_circles) {
        cap = w->def.max_circles;
    }
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
    /* the queue grows last: it keeps its circles, and nothing after it can fail */
    if (bodies == NULL || cold == NULL || gens == NULL || (with_users && users == NULL) ||
        ccl_queue_reserve(&w->queue, (int32_t)cap) != CCL_OK) {
        ccl_memory_free(&w->memory, bodies, n * sizeof(ccl_body_slot));
        ccl_memory_free(&w->memory, cold, n * sizeof(ccl_body_cold));
        ccl_memory_free(&w->memory, gens, n * sizeof(uint32_t));
        ccl_memory_free(&w->memory, users, n * sizeof(void *));
        return CCL_ERR_OUT_OF_MEMORY;
    }
    if (old > 0) {
        memcpy(bodies, w->bodies, old * sizeof(ccl_body_slot));
        memcpy(cold, w->cold, old * sizeof(ccl_body_cold));
        memcpy(gens, w->generation, old * sizeof(uint32_t));
        if (with_users) {
            memcpy(users, w->user_data, old * sizeof(void *));
        }
    }
    for (size_t i = old; i < n; ++i) {
        gens[i] = 1;
    }
    /* Where the bucket heads the queue's keys are filed in (about one per six circles, 4 bytes
     * each) would fill more than a quarter of the second-level cache, its buckets are made twice
     * as wide: fewer heads, which stay in the cache, for longer lists to drain. At 10^6 circles
     * on a core with 512 KB that ran 1.04x to 1.09x as fast; at 10^5 the same; at 10^4, where the
     * heads fit anyway, it cost 5% (docs/PERFORMANCE_LOG.md). */
    ccl_queue_set_wide(&w->queue, n * 8 > w->cache_bytes * 3);
    ccl_world_free_slots(w);
    w->bodies = bodies;
    w->cold = cold;
    w->generation = gens;
    w->user_data = users;
    w->slot_capacity = (int32_t)cap;
    return CCL_OK;
}

/* The per-slot user data pointers, all NULL, made when the first circle with one is added: a world
 * whose circles carry none saves the 8 bytes per circle. */
static ccl_status ccl_world_keep_user_data(ccl_world *w) {
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

/* ---- ids and locking ---- */

static int32_t ccl_world_slot_of(const ccl_world *w, ccl_circle_id id) {
    if (w == NULL || id.index >= (uint32_t)w->slot_count || id.generation == 0) {
        return -1;
    }
    int32_t i = (int32_t)id.index;
    if (!w->bodies[i].alive || w->generation[i] != id.generation) {
        return -1;
    }
    return i;
}

static ccl_circle_id ccl_world_id_of(const ccl_world *w, int32_t i) {
    ccl_circle_id id = {(uint32_t)i, w->generation[i]};
    return id;
}

bool ccl_world_is_valid(const ccl_world *w, ccl_circle_id id) {
    return ccl_world_slot_of(w, id) >= 0;
}

/* ---- geometry helpers ---- */

/* Calls fn(w, k, separation, ctx) for every circle k in the 9 cells around position p. */
typedef void ccl_neighbour_fn(const ccl_world *w, int32_t k, ccl_vec2 offset, void *ctx);

static void ccl_world_each_neighbour(const ccl_world *w, ccl_vec2 p, ccl_neighbour_fn *fn,
                                     void *ctx) {
    int32_t c = ccl_grid_cell_of(&w->grid, p);
    int32_t cx = c % w->grid.nx, cy = c / w->grid.nx;
    for (int32_t oy = -1; oy <= 1; ++oy) {
        int32_t ny = cy + oy;
        if (ny < 0 || ny >= w->grid.ny) {
            if (!w->box.periodic) {
                continue;
            }
            ny = (ny + w->grid.ny) % w->grid.ny;
        }
        if (w->grid.ny < 3 && oy != 0 && ny == cy) {
            continue;
        }
        for (int32_t ox = -1; ox <= 1; ++ox) {
            int32_t nx = cx + ox;
            if (nx < 0 || nx >= w->grid.nx) {
                if (!w->box.periodic) {
                    continue;
                }
                nx = (nx + w->grid.nx) % w->grid.nx;
            }
            if (w->grid.nx < 3 && ox != 0 && nx == cx) {
                continue;
            }
            for (int32_t k = w->grid.cell_head[ny * w->grid.nx + nx]; k >= 0;
                 k = w->bodies[k].link.next) {
                ccl_vec2 q, v;
                ccl_body_state_at(w, &w->bodies[k], w->time, &q, &v);
                fn(w, k, ccl_box_separation(&w->box, p, q), ctx);
            }
        }
    }
}

typedef struct ccl_overlap_scan {
    int32_t self;
    double radius;
    int32_t found[64];
    int32_t count;
    bool overflow;
} ccl_overlap_scan;

static void ccl_collect_overlap(const ccl_world *w, int32_t k, ccl_vec2 offset, void *ctx) {
    ccl_overlap_scan *scan = ctx;
    if (k == scan->self) {
        return;
    }
    double R = scan->radius + w->bodies[k].radius;
    if (ccl_length_sq(offset) < R * R) {
        if (scan->count < 64) {
            scan->found[scan->count++] = k;
        } else {
            scan->overflow = true;
        }
    }
}

/* Obstacles up to which a circle added while the obstacle tables are out of date looks at each
 * of them rather than have the tables built. */
#define CCL_OBSTACLES_SCANNED 64

/* True when a circle at p (in the box) with radius r strictly overlaps a segment or point. */
static bool ccl_circle_hits_obstacle(const ccl_world *w, ccl_vec2 p, double r) {
    if (w->grid.obstacle_start != NULL && !w->grid.obstacles_stale && r <= w->grid.cell_w &&
        r <= w->grid.cell_h) {
        /* the tables list for p's cell every obstacle (image) within a cell's size of it, so
         * every one within r: no need to look at the others */
        int32_t c = ccl_grid_cell_of(&w->grid, p);
        for (int32_t k = w->grid.obstacle_start[c]; k < w->grid.obstacle_start[c + 1]; ++k) {
            int32_t code = w->grid.obstacle_items[k];
            ccl_segment s = ccl_obstacle_of_code(&w->obstacles, code);
            ccl_vec2 q = ccl_box_nearest_on(&w->box, s, p);
            if (ccl_length_sq(ccl_sub(q, p)) < r * r) {
                return true;
            }
        }
        return false;
    }
    for (int32_t k = 0; k < w->obstacles.segment_count; ++k) {
        ccl_vec2 q = ccl_box_nearest_on(&w->box, w->obstacles.segments[k], p);
        if (ccl_length_sq(ccl_sub(q, p)) < r * r) {
            return true;
        }
    }
    for (int32_t k = 0; k < w->obstacles.point_count; ++k) {
        ccl_vec2 q = ccl_box_nearest_on(&w->box, ccl_obstacle_shape(&w->obstacles, k, true), p);
        if (ccl_length_sq(ccl_sub(q, p)) < r * r) {
            return true;
        }
    }
    return false;
}

/* ---- adding and removing ---- */

/* Room for `more` overlap pairs past those recorded, so that recording them cannot fail halfway. */
static ccl_status ccl_world_reserve_overlaps(ccl_world *w, int32_t more) {
    return ccl_array_reserve(&w->memory, (void **)&w->overlaps, &w->overlap_capacity,
                             (size_t)w->overlap_count, (size_t)w->overlap_count + (size_t)more,
                             sizeof(ccl_overlap_pair), 16);
}

/* Records a pair added overlapping (room reserved by ccl_world_reserve_overlaps). */
static void ccl_world_push_overlap(ccl_world *w, int32_t a, int32_t b) {
    ccl_overlap_pair pair = {a, b, w->generation[a], w->generation[b]};
    w->overlaps[w->overlap_count++] = pair;
}

static void ccl_world_refresh_separating_flags(ccl_world *w) {
    for (int32_t i = 0; i < w->slot_count; ++i) {
        w->bodies[i].separating = 0;
    }
    for (int32_t m = 0; m < w->overlap_count; ++m) {
        w->bodies[w->overlaps[m].a].separating = 1;
        w->bodies[w->overlaps[m].b].separating = 1;
    }
}

static bool ccl_circle_def_is_valid(const ccl_circle_def *d) {
    return ccl_vec2_is_finite(d->position) && ccl_vec2_within(d->velocity, CCL_MAX_SPEED) &&
           d->radius > 0.0 && d->radius <= CCL_MAX_LENGTH &&
           (d->mass == 0.0 || (d->mass >= CCL_MIN_MASS && d->mass <= CCL_MAX_MASS)) &&
           isfinite(d->restitution) && d->restitution <= 1.0;
}

/* Whether the grid must be rebuilt to hold a circle of this radius. */
static bool ccl_world_grid_stale(const ccl_world *w, double radius) {
    if (w->grid.cell_head == NULL || !ccl_grid_cells_hold(&w->grid, radius)) {
        return true;
    }
    /* more circles than cells: rebuild for density once the count has grown by a quarter since
     * the last rebuild and a rebuild would make more cells (rounding to whole cells, the caps on
     * cells and a chosen cell_size can keep the grid as it is). The count grows geometrically
     * between rebuilds, so their cost is O(1) per add. (At four circles per cell before a
     * rebuild, a world filled one circle at a time could keep a grid several times too coarse: a
     * gas of 1000 disks scanned 2.7 times as many neighbours per prediction as one of 10^4.) */
    int64_t cells = (int64_t)w->grid.nx * w->grid.ny;
    if (w->live_count <= cells + 64 ||
        (int64_t)w->live_count * 4 < (int64_t)w->grid.planned_live * 5) {
        return false;
    }
    int32_t nx, ny;
    ccl_grid_plan(&w->grid, fmax(w->grid.max_radius, radius), w->live_count, &nx, &ny);
    return (int64_t)nx * ny > cells;
}

ccl_status ccl_world_rebuild_grid(ccl_world *w) {
    double max_radius = 0.0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && w->bodies[i].radius > max_radius) {
            max_radius = w->bodies[i].radius;
        }
    }
    ccl_status status = ccl_grid_rebuild(&w->grid, &w->obstacles, max_radius, w->live_count);
    if (status != CCL_OK) {
        return status;
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        ccl_body_slot *b = &w->bodies[i];
        b->link.cell = -1;
        if (b->alive) {
            ccl_body_move_to(w, b, w->time);
            ccl_grid_insert(&w->grid, ccl_world_links(w), i,
                            ccl_grid_cell_of(&w->grid, b->position));
        }
    }
    return CCL_OK;
}

/* Takes back a circle that add_circle had placed but then refused. */
static void ccl_world_undo_add(ccl_world *w, int32_t i) {
    ccl_grid_remove(&w->grid, ccl_world_links(w), i);
    ccl_queue_remove(&w->queue, i);
    w->bodies[i].alive = 0;
    w->bodies[i].count++; /* as a removal does */
    w->bodies[i].link.next = w->free_head;
    w->free_head = i;
    w->live_count--;
}

ccl_status ccl_world_add_circle(ccl_world *w, const ccl_circle_def *def, ccl_circle_id *id) {
    if (w == NULL || def == NULL || !ccl_circle_def_is_valid(def)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    if (w->live_count >= w->def.max_circles) {
        return CCL_ERR_FULL;
    }
    double r = def->radius;
    ccl_vec2 p = def->position;
    if (w->box.periodic) {
        if (3.0 * ccl_grid_min_cell(r) > w->box.size.x ||
            3.0 * ccl_grid_min_cell(r) > w->box.size.y) {
            return CCL_ERR_OUTSIDE_BOX; /* a periodic box must be three diameters wide */
        }
        p = ccl_box_wrap(&w->box, p);
        if (!ccl_vec2_is_finite(p)) {
            return CCL_ERR_OUTSIDE_BOX; /* so far out that p - box_min overflows */
        }
    } else if (p.x - r < w->box.min.x || p.x + r > w->box.max.x || p.y - r < w->box.min.y ||
               p.y + r > w->box.max.y) {
        return CCL_ERR_OUTSIDE_BOX;
    }
    if (w->grid.obstacles_stale &&
        w->obstacles.segment_count + w->obstacles.point_count > CCL_OBSTACLES_SCANNED) {
        /* obstacles came since the tables were built: bin them now, once for the circles to come,
         * rather than look at every obstacle for each of them */
        ccl_status status = ccl_grid_bin_obstacles_again(&w->grid, &w->obstacles);
        if (status != CCL_OK) {
            return status;
        }
    }
    if (ccl_circle_hits_obstacle(w, p, r)) {
        return CCL_ERR_OVERLAP;
    }
    if (w->free_head < 0) {
        ccl_status status = ccl_world_reserve(w, w->slot_count + 1);
        if (status != CCL_OK) {
            return status;
        }
    }
    if (def->user_data != NULL && w->user_data == NULL) {
        ccl_status status = ccl_world_keep_user_data(w);
        if (status != CCL_OK) {
            return status;
        }
    }
    int32_t i;
    uint32_t count = 0;
    if (w->free_head >= 0) {
        i = w->free_head;
        w->free_head = w->bodies[i].link.next;
        /* a reused slot keeps counting trajectories: an event another circle predicted with the
         * removed one holds its last count, which must not match the newcomer's */
        count = w->bodies[i].count;
    } else {
        i = w->slot_count++;
        w->generation[i] = 1;
    }
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_cold *cold = &w->cold[i];
    memset(b, 0, sizeof *b);
    memset(cold, 0, sizeof *cold);
    b->count = count;
    b->position = p;
    b->velocity = def->mass > 0.0 ? def->velocity : ccl_v2(0.0, 0.0);
    b->time = w->time;
    b->radius = r;
    cold->inv_mass = def->mass > 0.0 ? 1.0 / def->mass : 0.0;
    cold->restitution = def->restitution < 0.0 ? w->def.restitution : def->restitution;
    cold->last_collision = -INFINITY;
    cold->event_other = -1;
    b->immovable = cold->inv_mass == 0.0;
    b->link.cell = -1;
    b->link.next = -1;
    b->support = 0;
    b->alive = 1;
    b->event_kind = CCL_EVENT_NONE;
    if (w->user_data != NULL) {
        w->user_data[i] = def->user_data;
    }
    w->live_count++;
    if (ccl_world_grid_stale(w, r)) {
        ccl_status status = ccl_world_rebuild_grid(w);
        if (status != CCL_OK) {
            ccl_world_undo_add(w, i);
            return status;
        }
        w->dirty = true;
    } else {
        ccl_grid_insert(&w->grid, ccl_world_links(w), i, ccl_grid_cell_of(&w->grid, p));
        w->grid.max_radius = fmax(w->grid.max_radius, r);
    }
    ccl_overlap_scan scan;
    memset(&scan, 0, sizeof scan);
    scan.self = i;
    scan.radius = r;
    ccl_world_each_neighbour(w, p, ccl_collect_overlap, &scan);
    if (scan.count > 0 || scan.overflow) {
        ccl_status status = CCL_ERR_OVERLAP;
        if (w->def.overlap == CCL_OVERLAP_SEPARATE && !scan.overflow) {
            status = ccl_world_reserve_overlaps(w, scan.count);
        }
        if (status != CCL_OK) {
            ccl_world_undo_add(w, i);
            return status;
        }
        for (int32_t m = 0; m < scan.count; ++m) {
            ccl_world_push_overlap(w, scan.found[m], i); /* room reserved above */
            w->bodies[scan.found[m]].separating = 1;
        }
        b->separating = 1;
    }
    if (b->immovable) {
        /* an immovable circle has no events of its own: its neighbours must look again */
        w->dirty = true;
    }
    if (!w->dirty) {
        ccl_predict(w, i);
    }
    if (id != NULL) {
        *id = ccl_world_id_of(w, i);
    }
    return CCL_OK;
}

ccl_status ccl_world_remove_circle(ccl_world *w, ccl_circle_id id) {
    if (w == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    int32_t i = ccl_world_slot_of(w, id);
    if (i < 0) {
        return CCL_ERR_STALE_ID;
    }
    ccl_grid_remove(&w->grid, ccl_world_links(w), i);
    ccl_queue_remove(&w->queue, i);
    ccl_body_slot *b = &w->bodies[i];
    ccl_world_wake_dependents(w, i); /* what it held up falls */
    b->alive = 0;
    b->count++;
    w->generation[i] = w->generation[i] == UINT32_MAX ? 1 : w->generation[i] + 1;
    if (w->user_data != NULL) {
        w->user_data[i] = NULL;
    }
    w->live_count--;
    int32_t kept = 0;
    for (int32_t m = 0; m < w->overlap_count; ++m) {
        if (w->overlaps[m].a != i && w->overlaps[m].b != i) {
            w->overlaps[kept++] = w->overlaps[m];
        }
    }
    w->overlap_count = kept;
    ccl_world_refresh_separating_flags(w);
    b->link.next = w->free_head;
    w->free_head = i;
    return CCL_OK;
}

/* True when circle i strictly overlaps the obstacle (segment s). */
static bool ccl_world_circle_cuts(const ccl_world *w, int32_t i, ccl_segment s) {
    ccl_vec2 p, v;
    ccl_body_state_at(w, &w->bodies[i], w->time, &p, &v);
    double r = w->bodies[i].radius;
    return ccl_length_sq(ccl_sub(ccl_box_nearest_on(&w->box, s, p), p)) < r * r;
}

/* True when some live circle strictly overlaps the obstacle (segment s). Where the grid is up and
 * the obstacle's nearby cells (ccl_grid_cells_near, each periodic image's) are fewer than the
 * circles, only their circles are looked at: the others are too far. */
static bool ccl_world_obstacle_hits_circle(const ccl_world *w, ccl_segment s) {
    if (w->grid.cell_head != NULL) {
        int32_t span[9][4];
        bool near[9];
        int64_t cells = 0;
        for (int image = 0; image < 9; ++image) {
            near[image] = (w->box.periodic || image == CCL_OWN_IMAGE) &&
                          ccl_grid_cells_near(&w->grid, s, ccl_box_image_shift(&w->box, image),
                                              &span[image][0], &span[image][1], &span[image][2],
                                              &span[image][3]);
            if (near[image]) {
                cells += (int64_t)(span[image][1] - span[image][0] + 1) *
                         (span[image][3] - span[image][2] + 1);
            }
        }
        if (cells <= w->live_count) {
            for (int image = 0; image < 9; ++image) {
                for (int32_t cy = span[image][2]; near[image] && cy <= span[image][3]; ++cy) {
                    for (int32_t cx = span[image][0]; cx <= span[image][1]; ++cx) {
                        for (int32_t k = w->grid.cell_head[cy * w->grid.nx + cx]; k >= 0;
                             k = w->bodies[k].link.next) {
                            if (ccl_world_circle_cuts(w, k, s)) {
                                return true;
                            }
                        }
                    }
                }
            }
            return false;
        }
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && ccl_world_circle_cuts(w, i, s)) {
            return true;
        }
    }
    return false;
}

static ccl_status ccl_world_add_obstacle(ccl_world *w, ccl_segment s, bool is_point, int *index) {
    if (w == NULL || !ccl_vec2_within(s.a, CCL_MAX_LENGTH) ||
        !ccl_vec2_within(s.b, CCL_MAX_LENGTH)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    if (w->box.periodic && !(ccl_box_contains(&w->box, s.a) && ccl_box_contains(&w->box, s.b))) {
        return CCL_ERR_OUTSIDE_BOX; /* so that the eight neighbouring images are all that count */
    }
    if ((is_point ? w->obstacles.point_count : w->obstacles.segment_count) >= CCL_MAX_OBSTACLES) {
        return CCL_ERR_FULL;
    }
    if (ccl_world_obstacle_hits_circle(w, s)) {
        return CCL_ERR_OVERLAP;
    }
    ccl_status status;
    if (is_point) {
        status = ccl_array_reserve(&w->memory, (void **)&w->obstacles.points,
                                   &w->obstacles.point_capacity, (size_t)w->obstacles.point_count,
                                   (size_t)w->obstacles.point_count + 1, sizeof(ccl_vec2), 8);
        if (status != CCL_OK) {
            return status;
        }
        w->obstacles.points[w->obstacles.point_count++] = s.a;
    } else {
        status =
            ccl_array_reserve(&w->memory, (void **)&w->obstacles.segments,
                              &w->obstacles.segment_capacity, (size_t)w->obstacles.segment_count,
                              (size_t)w->obstacles.segment_count + 1, sizeof(ccl_segment), 8);
        if (status != CCL_OK) {
            return status;
        }
        w->obstacles.segments[w->obstacles.segment_count++] = s;
    }
    /* the obstacle tables are built again before the next event, not at every add (which made
     * adding n obstacles cost n rebuilds); only the first obstacle of a world without a grid
     * makes one, whose cells the circles to come then find */
    if (w->grid.cell_head == NULL) {
        status = ccl_world_rebuild_grid(w);
    } else {
        /* the tables' limit is checked now, so that an obstacle they could not hold is refused
         * here and not found only by the next advance, which could then never run */
        if (!ccl_grid_note_obstacle(&w->grid, s)) {
            status = CCL_ERR_OUT_OF_MEMORY;
        }
    }
    if (status != CCL_OK) {
        if (is_point) {
            w->obstacles.point_count--;
        } else {
            w->obstacles.segment_count--;
        }
        return status;
    }
    w->dirty = true;
    if (index != NULL) {
        *index = is_point ? w->obstacles.point_count - 1 : w->obstacles.segment_count - 1;
    }
    return CCL_OK;
}

ccl_status ccl_world_add_segment(ccl_world *w, ccl_segment segment, int *index) {
    return ccl_world_add_obstacle(w, segment, false, index);
}

ccl_status ccl_world_add_point(ccl_world *w, ccl_vec2 point, int *index) {
    ccl_segment s = {point, point};
    return ccl_world_add_obstacle(w, s, true, index);
}

/* ---- the event loop ---- */

/* Re-predicts every circle (after a rebuild, a re-basing or a bulk change). */
static void ccl_world_repredict_all(ccl_world *w) {
    ccl_queue_clear(&w->queue);
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive) {
            ccl_predict(w, i);
        }
    }
    w->dirty = false;
}

/* Makes (about) the present time the origin; returns the shift. In a straight-line world the
 * queue's keys lose the shift exactly where they can (ccl_queue_shift_exactly): then the circles
 * whose time is at least half the shift keep their positions and lose it exactly too, so the
 * re-basing changes no value but the last collision times (nothing is re-inserted, and the few
 * circles not heard of since are moved to the new origin). Otherwise every circle is moved to the
 * present time and the queue is rebuilt. */
static double ccl_world_rebase(ccl_world *w) {
    /* only on straight lines: with gravity or damping the old way's rounding has broken up jams
     * at one instant that the resting and sleeping logic leaves (docs/ARCHITECTURE.md) */
    double shift = w->linear ? ccl_queue_shift_exactly(&w->queue, w->time) : 0.0;
    bool exact = shift > 0.0;
    if (!exact) {
        shift = w->time;
        if (shift == 0.0) {
            return 0.0;
        }
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        ccl_body_slot *b = &w->bodies[i];
        if (!b->alive) {
            continue;
        }
        /* exact: the time lies in [shift / 2, 2 shift] (the present is below shift + its unit) */
        if (exact && b->time >= 0.5 * shift) {
            b->time -= shift;
        } else {
            ccl_body_move_to(w, b, shift);
            b->time = 0.0;
        }
        ccl_body_cold_of(w, b)->last_collision -= shift;
    }
    double base_error;
    double base = ccl_two_sum(w->time_base, shift, &base_error);
    if (exact && base_error > 0.0) {
        /* the new origin rounded down (its sum's error is positive): up by an ulp, so that no time
         * reported after the re-basing, base + time, falls below one reported before it */
        base = nextafter(base, INFINITY);
    }
    w->time_base = base;
    w->stats_since -= shift;
    w->time -= shift;
    if (!exact) {
        ccl_queue_shift(&w->queue, shift);
    }
    w->events_since_rebase = 0;
    return shift;
}

/* The smallest distance positions in the box resolve well (some hundreds of units in the last
 * place of its largest coordinate). */
static double ccl_world_resolution(const ccl_world *w) {
    double extent = fmax(fmax(fabs(w->box.min.x), fabs(w->box.max.x)),
                         fmax(fabs(w->box.min.y), fabs(w->box.max.y)));
    return CCL_REST_HEIGHT_OF_BOX * extent;
}

static double ccl_rest_speed(const ccl_world *w, const ccl_body_slot *b) {
    if (w->def.rest_speed > 0.0) {
        return w->def.rest_speed;
    }
    double height = fmax(CCL_REST_HEIGHT_FRACTION * b->radius, ccl_world_resolution(w));
    return sqrt(2.0 * ccl_length(w->def.gravity) * height);
}

/* Unit normal of box wall k pointing out of the box (into the wall). */
static ccl_vec2 ccl_box_normal(int k) {
    static const double nx[4] = {-1.0, 1.0, 0.0, 0.0};
    static const double ny[4] = {0.0, 0.0, -1.0, 1.0};
    return ccl_v2(nx[k], ny[k]);
}

/* Room for one more recorded contact, asked before an event is processed, so that running out
 * of memory stops the advance before the event instead of losing its record. */
static ccl_status ccl_world_reserve_contact(ccl_world *w) {
    if (!w->def.record_contacts) {
        return CCL_OK;
    }
    return ccl_array_reserve(&w->memory, (void **)&w->contacts, &w->contact_capacity,
                             w->contact_count, w->contact_count + 1, sizeof(ccl_contact_event),
                             256);
}

/* Whether anybody takes contact events (a recording or a callback): the event is built only then
 * (its ids read the generation array, a cache miss in a large world). */
static bool ccl_world_reports(const ccl_world *w) {
    return w->def.record_contacts || w->def.on_contact != NULL;
}

static ccl_status ccl_world_record(ccl_world *w, const ccl_contact_event *event) {
    if (w->def.record_contacts) {
        ccl_status status = ccl_world_reserve_contact(w);
        if (status != CCL_OK) {
            return status;
        }
        w->contacts[w->contact_count++] = *event;
    }
    if (w->def.on_contact != NULL) {
        w->locked = true;
        w->def.on_contact(event, w->def.contact_user);
        w->locked = false;
    }
    return CCL_OK;
}

/* A circle resting on a box wall whose velocity now points into that wall bounces off it at
 * once (counted as a wall collision); one whose velocity points away leaves the wall. */
static void ccl_world_settle_support(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    for (int k = 0; k < 4 && b->support != 0; ++k) {
        uint8_t bit = (uint8_t)(1u << k);
        if (!(b->support & bit)) {
            continue;
        }
        ccl_vec2 n = ccl_box_normal(k);
        double vn = ccl_dot(b->velocity, n);
        if (vn < 0.0) {
            b->support &= (uint8_t)~bit;
        } else if (vn > 0.0) {
            double e = sqrt(w->def.restitution * ccl_body_cold_of(w, b)->restitution);
            w->wall_collisions++;
            if (e * vn < ccl_rest_speed(w, b)) {
                b->velocity = ccl_mul_add(b->velocity, -vn, n);
            } else {
                b->velocity = ccl_mul_add(b->velocity, -(1.0 + e) * vn, n);
                b->support &= (uint8_t)~bit;
            }
        }
    }
}

/* Collisions in a row, each within CCL_JAM_WINDOW collapse times of the last, after which a
 * circle under gravity counts as wedged. */
#define CCL_JAM_COLLISIONS 16
#define CCL_JAM_WINDOW     1e-6

/* Counts a collision of b and returns true when b is wedged: pressed by gravity between fixed
 * things (two pegs, a peg and a wall), each bounce sends it into the other after no time or ever
 * less time. Straight-line motion cannot do this, so only curved worlds check. Call before
 * last_collision is updated. */
static bool ccl_world_note_jam(ccl_world *w, ccl_body_slot *b) {
    if (!(w->time - ccl_body_cold_of(w, b)->last_collision <= CCL_JAM_WINDOW * w->collapse_time)) {
        b->jam = 0;
        return false;
    }
    if (b->jam < UINT8_MAX) {
        b->jam++;
    }
    return !w->linear && !b->immovable && b->jam >= CCL_JAM_COLLISIONS;
}

static bool ccl_world_is_held(const ccl_world *w, int32_t i);
static bool ccl_world_blocks_motion(const ccl_world *w, int32_t i);

/* A wedged circle stops where it is: it sleeps until an awake circle wakes it. A run of quick
 * collisions ending against a wall or an obstacle is a wedge (or a circle hopping down a slope
 * in ever smaller hops); one ending against another circle (a pile resolving many contacts at
 * once) is a wedge only if fixed things hold the circle against gravity, else the count starts
 * again; if they hold it against its own motion, it stops there, awake. */
static void ccl_world_stop_jammed(ccl_world *w, int32_t i, bool against_wall) {
    ccl_body_slot *b = &w->bodies[i];
    b->jam = 0;
    if (!against_wall && !ccl_world_is_held(w, i)) {
        if (ccl_world_blocks_motion(w, i)) {
            b->velocity = ccl_v2(0.0, 0.0); /* it stops, and gravity takes it on from there */
        }
        return;
    }
    b->velocity = ccl_v2(0.0, 0.0);
    b->asleep = 1;
    if (w->def.log != NULL && !w->wedge_logged) { /* once per world, like the guard's message */
        w->wedge_logged = true;
        w->def.log("circol: a circle wedged under gravity was put to rest (said once per world)",
                   w->def.log_user);
    }
}

/* Wakes a sleeping circle (its trajectory changes, so its partners' events become stale). */
static void ccl_world_wake(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    if (b->asleep) {
        b->asleep = 0;
        b->time = w->time;
        b->count++;
    }
}

/* ---- settling under gravity: pockets, sleep and waking ---- */

/* A circle counts as supported by a wall, an obstacle, or a fixed (immovable or sleeping) circle
 * at most this fraction of its radius away. */
#define CCL_SLEEP_GAP 1e-3
/* A circle in a pocket falls asleep after a collision with another circle that leaves it slower
 * than this many rest speeds (after a wall bounce, slower than one rest speed: a lone ball then
 * bounces down to rest exactly as it would without sleeping). */
#define CCL_SLEEP_FACTOR 8.0
/* A sleeping circle hit slower than this many rest speeds, or pushed into its supports, stays
 * asleep and takes the hit as if immovable; a faster hit that lifts it wakes it. */
#define CCL_WAKE_FACTOR 8.0
/* Under gravity, the collapse guard makes elastic only approaches slower than this many rest
 * speeds: faster collisions always lose energy, so a pile cools down to where sleeping takes
 * over; collapse needs ever slower collisions, which the guard still catches. */
#define CCL_GUARD_REST_SPEEDS 2.0
/* Sleeping circles woken by one wake-up, still to scan for the circles they hold up; past this,
 * every sleeping circle in the world wakes. */
#define CCL_WAKE_STACK 512

/* The approach speed below which the collapse guard may act on circle b. */
static double ccl_guard_speed(const ccl_world *w, const ccl_body_slot *b) {
    if (w->def.gravity.x == 0.0 && w->def.gravity.y == 0.0) {
        return INFINITY;
    }
    return CCL_GUARD_REST_SPEEDS * ccl_rest_speed(w, b);
}

/* Most supports, and most slow moving partners, recorded around one circle (more are ignored). */
#define CCL_POCKET_MAX  16
#define CCL_PARTNER_MAX 8

/* What touches a circle: unit directions to the fixed things (walls, obstacles, immovable and
 * sleeping circles), and the slow moving circles it might come to rest with. */
typedef struct ccl_pocket {
    int32_t self;
    double radius, gap;
    double slow; ///< moving circles slower than this are recorded as partners (0: none are)
    int count, partner_count;
    ccl_vec2 normal[CCL_POCKET_MAX + CCL_PARTNER_MAX]; ///< room for partners under trial
    int32_t partner[CCL_PARTNER_MAX];
    ccl_vec2 partner_normal[CCL_PARTNER_MAX];
} ccl_pocket;

static void ccl_pocket_add(ccl_pocket *pk, ccl_vec2 n) {
    if (pk->count < CCL_POCKET_MAX) {
        pk->normal[pk->count++] = n;
    }
}

static void ccl_pocket_collect(const ccl_world *w, int32_t k, ccl_vec2 offset, void *ctx) {
    ccl_pocket *pk = ctx;
    const ccl_body_slot *o = &w->bodies[k];
    double dist = ccl_length(offset);
    if (k == pk->self || !(dist > 0.0) || dist - (pk->radius + o->radius) > pk->gap) {
        return;
    }
    ccl_vec2 n = ccl_v2(offset.x / dist, offset.y / dist);
    if (o->asleep || o->immovable) {
        ccl_pocket_add(pk, n);
        return;
    }
    ccl_vec2 p, v;
    ccl_body_state_at(w, o, w->time, &p, &v);
    if (ccl_length_sq(v) < pk->slow * pk->slow && ccl_body_cold_of(w, o)->restitution < 1.0 &&
        pk->partner_count < CCL_PARTNER_MAX) {
        pk->partner[pk->partner_count] = k;
        pk->partner_normal[pk->partner_count++] = n;
    }
}

/* What touches circle i at the world's time (i must be there already); moving circles slower
 * than `slow` are recorded as partners. */
static void ccl_world_find_supports(const ccl_world *w, int32_t i, double slow, ccl_pocket *pk) {
    const ccl_body_slot *b = &w->bodies[i];
    pk->self = i;
    pk->slow = slow;
    pk->radius = b->radius;
    pk->gap = fmax(CCL_SLEEP_GAP * b->radius, ccl_world_resolution(w));
    pk->count = pk->partner_count = 0;
    if (!w->box.periodic) {
        double room[4] = {
            b->position.x - b->radius - w->box.min.x, w->box.max.x - b->radius - b->position.x,
            b->position.y - b->radius - w->box.min.y, w->box.max.y - b->radius - b->position.y};
        for (int k = 0; k < 4; ++k) {
            if ((b->support & (1u << k)) || room[k] <= pk->gap) {
                ccl_pocket_add(pk, ccl_box_normal(k));
            }
        }
    }
    if (w->grid.obstacle_start != NULL && b->link.cell >= 0) {
        for (int32_t k = w->grid.obstacle_start[b->link.cell];
             k < w->grid.obstacle_start[b->link.cell + 1]; ++k) {
            int32_t code = w->grid.obstacle_items[k];
            ccl_segment s = ccl_obstacle_of_code(&w->obstacles, code);
            ccl_vec2 toward = ccl_sub(ccl_box_nearest_on(&w->box, s, b->position), b->position);
            double dist = ccl_length(toward);
            if (dist > 0.0 && dist - b->radius <= pk->gap) {
                ccl_pocket_add(pk, ccl_v2(toward.x / dist, toward.y / dist));
            }
        }
    }
    ccl_world_each_neighbour(w, b->position, ccl_pocket_collect, pk);
}

/* True when the fixed things hold against a push along unit direction d: d points straight
 * into one of them, or between two of them (a non-negative combination of their normals).
 * Partners whose flag in `with` is set count as fixed too (`with` may be NULL). */
static bool ccl_pocket_resists(ccl_pocket *pk, ccl_vec2 d, const bool *with) {
    int count = pk->count;
    for (int m = 0; with != NULL && m < pk->partner_count; ++m) {
        if (with[m]) {
            pk->normal[count++] = pk->partner_normal[m];
        }
    }
    for (int p = 0; p < count; ++p) {
        ccl_vec2 np = pk->normal[p];
        if (ccl_dot(np, d) >= 1.0 - 1e-9) {
            return true;
        }
        for (int q = p + 1; q < count; ++q) {
            ccl_vec2 nq = pk->normal[q];
            double det = ccl_cross(np, nq);
            if (fabs(det) < 1e-12) {
                continue;
            }
            double a = ccl_cross(d, nq) / det, c = ccl_cross(np, d) / det;
            if (a >= 0.0 && c >= 0.0) {
                return true;
            }
        }
    }
    return false;
}

/* True when the fixed things touching circle i hold it against gravity (always, without
 * gravity). */
static bool ccl_world_is_held(const ccl_world *w, int32_t i) {
    if (w->def.gravity.x == 0.0 && w->def.gravity.y == 0.0) {
        return true;
    }
    ccl_pocket pk;
    ccl_world_find_supports(w, i, 0.0, &pk);
    return ccl_pocket_resists(&pk, ccl_normalize(w->def.gravity), NULL);
}

/* True when the fixed things touching circle i hold it against its own motion: moving into a
 * wedge (the floor below and a sleeping circle just above, say), it meets them again and again
 * at one instant, whichever way gravity pulls it. */
static bool ccl_world_blocks_motion(const ccl_world *w, int32_t i) {
    ccl_vec2 v = w->bodies[i].velocity;
    if (v.x == 0.0 && v.y == 0.0) {
        return false;
    }
    ccl_pocket pk;
    ccl_world_find_supports(w, i, 0.0, &pk);
    return ccl_pocket_resists(&pk, ccl_normalize(v), NULL);
}

/* True when gravity may put circle b to sleep (an inelastic movable circle under gravity). */
static bool ccl_world_can_sleep(const ccl_world *w, const ccl_body_slot *b) {
    ccl_vec2 g = w->def.gravity;
    return !b->asleep && !b->immovable && ccl_body_cold_of(w, b)->restitution < 1.0 &&
           w->def.damping == 0.0 && (g.x != 0.0 || g.y != 0.0);
}

static void ccl_world_fall_asleep(ccl_body_slot *b) {
    b->velocity = ccl_v2(0.0, 0.0);
    b->asleep = 1;
    b->jam = 0;
}

/* Slow moving circles that may come to rest together, each held by the others. */
#define CCL_GROUP_MAX 16

/* Puts circle i to sleep when it is slower than `factor` rest speeds and the fixed things
 * touching it hold it against gravity. Slow circles that hold each other up (an arch, a leaning
 * pair: each held by its fixed things and the others) fall asleep together; the others are
 * predicted again. */
static void ccl_world_try_sleep(ccl_world *w, int32_t i, double factor) {
    ccl_body_slot *b = &w->bodies[i];
    if (!ccl_world_can_sleep(w, b)) {
        return;
    }
    double limit = factor * ccl_rest_speed(w, b);
    if (!(ccl_length_sq(b->velocity) < limit * limit)) {
        return;
    }
    ccl_vec2 down = ccl_normalize(w->def.gravity);
    ccl_pocket pocket[CCL_GROUP_MAX];
    int32_t group[CCL_GROUP_MAX];
    ccl_world_find_supports(w, i, limit, &pocket[0]);
    if (ccl_pocket_resists(&pocket[0], down, NULL)) {
        ccl_world_fall_asleep(b);
        return;
    }
    /* the slow circles touching it, and those touching them, up to CCL_GROUP_MAX */
    group[0] = i;
    int n = 1;
    for (int g = 0; g < n; ++g) {
        for (int m = 0; m < pocket[g].partner_count && n < CCL_GROUP_MAX; ++m) {
            int32_t k = pocket[g].partner[m];
            bool known = false;
            for (int h = 0; h < n && !known; ++h) {
                known = group[h] == k;
            }
            if (known || !ccl_world_can_sleep(w, &w->bodies[k])) {
                continue;
            }
            ccl_body_move_to(w, &w->bodies[k], w->time);
            ccl_world_find_supports(w, k, factor * ccl_rest_speed(w, &w->bodies[k]), &pocket[n]);
            group[n++] = k;
        }
    }
    if (n == 1) {
        return;
    }
    /* drop members the rest cannot hold until every one left is held, or i is dropped */
    bool in[CCL_GROUP_MAX];
    for (int g = 0; g < n; ++g) {
        in[g] = true;
    }
    for (bool changed = true; changed && in[0];) {
        changed = false;
        for (int g = 0; g < n; ++g) {
            if (!in[g]) {
                continue;
            }
            bool with[CCL_PARTNER_MAX];
            for (int m = 0; m < pocket[g].partner_count; ++m) {
                with[m] = false;
                for (int h = 0; h < n; ++h) {
                    with[m] = with[m] || (in[h] && group[h] == pocket[g].partner[m]);
                }
            }
            if (!ccl_pocket_resists(&pocket[g], down, with)) {
                in[g] = false;
                changed = true;
            }
        }
    }
    if (!in[0]) {
        return;
    }
    ccl_world_fall_asleep(b);
    for (int g = 1; g < n; ++g) {
        if (in[g]) {
            ccl_body_slot *o = &w->bodies[group[g]];
            ccl_world_fall_asleep(o);
            o->count++;
            ccl_predict(w, group[g]);
        }
    }
}

/* Wakes every sleeping circle (the wake-up stack overflowed); all are predicted again. */
static void ccl_world_wake_all(ccl_world *w) {
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && w->bodies[i].asleep) {
            ccl_world_wake(w, i);
        }
    }
    w->dirty = true;
}

typedef struct ccl_wake_scan {
    double radius, gap;
    int32_t stack[CCL_WAKE_STACK];
    int32_t count;
    bool overflow;
} ccl_wake_scan;

/* Collects the movable sleeping circles touching the scanned one. */
static void ccl_wake_collect(const ccl_world *w, int32_t k, ccl_vec2 offset, void *ctx) {
    ccl_wake_scan *scan = ctx;
    const ccl_body_slot *o = &w->bodies[k];
    if (!o->asleep || o->immovable) {
        return;
    }
    double reach = scan->radius + o->radius + scan->gap;
    if (ccl_length_sq(offset) > reach * reach) {
        return;
    }
    if (scan->count < CCL_WAKE_STACK) {
        scan->stack[scan->count++] = k;
    } else {
        scan->overflow = true;
    }
}

/* Circle i has just woken (or is leaving): each sleeping circle touching it that its remaining
 * fixed things no longer hold against gravity wakes too, and so on from there; each woken one is
 * predicted again. */
static void ccl_world_wake_dependents(ccl_world *w, int32_t i) {
    ccl_vec2 g = w->def.gravity;
    if (g.x == 0.0 && g.y == 0.0) {
        return;
    }
    if (w->dirty) {
        ccl_world_wake_all(w); /* the grid may be stale: wake everyone, all are predicted anew */
        return;
    }
    ccl_wake_scan scan;
    scan.count = 1;
    scan.overflow = false;
    scan.stack[0] = i;
    scan.gap = fmax(CCL_SLEEP_GAP * 2.0 * w->grid.max_radius, ccl_world_resolution(w));
    bool first = true;
    while (scan.count > 0) {
        int32_t k = scan.stack[--scan.count];
        scan.radius = w->bodies[k].radius;
        int32_t found = scan.count;
        ccl_world_each_neighbour(w, w->bodies[k].position, ccl_wake_collect, &scan);
        if (scan.overflow) {
            ccl_world_wake_all(w);
            return;
        }
        int32_t kept = found;
        for (int32_t m = found; m < scan.count; ++m) {
            int32_t o = scan.stack[m];
            if (!w->bodies[o].asleep) {
                continue; /* woken earlier in this scan */
            }
            if (!ccl_world_is_held(w, o)) {
                ccl_world_wake(w, o);
                scan.stack[kept++] = o;
            }
        }
        scan.count = kept;
        if (!first) {
            ccl_predict(w, k);
        }
        first = false;
    }
}

/* Whether sleeping circle b, hit with the given approach speed and pushed along unit direction
 * d, stays asleep (and takes the hit as if immovable). */
static bool ccl_world_keeps_sleeping(ccl_world *w, int32_t i, double approach, ccl_vec2 d) {
    ccl_body_slot *b = &w->bodies[i];
    if (!b->asleep) {
        return false;
    }
    if (approach < CCL_WAKE_FACTOR * ccl_rest_speed(w, b)) {
        return true;
    }
    ccl_pocket pk;
    ccl_world_find_supports(w, i, 0.0, &pk);
    return ccl_pocket_resists(&pk, d, NULL);
}

/* Whether circles a and b have the same acceleration (bit for bit), so that their relative motion
 * is a straight line until either one's course changes. */
static bool ccl_world_same_acceleration(const ccl_world *w, const ccl_body_slot *a,
                                        const ccl_body_slot *b) {
    ccl_vec2 acc_a = ccl_body_acceleration(w, a), acc_b = ccl_body_acceleration(w, b);
    return acc_a.x == acc_b.x && acc_a.y == acc_b.y;
}

/* After a collision of circles i and k (unit normal n, from i to k) that left them approaching
 * along n by no more than the rounding of their velocities, or changed nothing, under unequal
 * accelerations: where the prediction would meet the pair again at once (the response and the
 * prediction disagreeing in the last bits about whether they approach), they are given the least
 * separating speed along n of 2^-40, 2^-30 and 2^-20 of their speeds that settles it, momentum
 * kept (a pair still met at once after those is left to the response's own rules). Passing over the
 * meeting instead would miss the contact that the curved paths may make later; a pair that
 * approaches faster (one fell asleep after the collision, say) meets again at once as it should,
 * the response's own rules deciding. */
static void ccl_world_part_grazing(ccl_world *w, int32_t i, int32_t k, ccl_vec2 n) {
    ccl_body_slot *a = &w->bodies[i], *b = &w->bodies[k];
    double inv_a = a->asleep || a->immovable ? 0.0 : w->cold[i].inv_mass;
    double inv_b = b->asleep || b->immovable ? 0.0 : w->cold[k].inv_mass;
    double inv_sum = inv_a + inv_b;
    double scale = ccl_length(a->velocity) + ccl_length(b->velocity);
    double approach = ccl_dot(ccl_sub(a->velocity, b->velocity), n);
    if (!(inv_sum > 0.0) || !(scale > 0.0) || !(approach <= 0x1p-40 * scale)) {
        return;
    }
    double speed = 0x1p-40 * scale;
    for (int tries = 0; tries < 3; ++tries, speed *= 0x1p10) {
        if (!ccl_predict_meets_at_once(w, i, k) && !ccl_predict_meets_at_once(w, k, i)) {
            return;
        }
        a->velocity = ccl_mul_add(a->velocity, -speed * (inv_a / inv_sum), n);
        b->velocity = ccl_mul_add(b->velocity, speed * (inv_b / inv_sum), n);
    }
}

/* After a collision that changed no velocity: marks circle b's course changed (its partners'
 * events stale) where the settling changed its velocity, its supports or its sleep all the same.
 * A sleeping circle kept asleep (kept) was never marked. */
static void ccl_world_count_course(ccl_body_slot *b, bool kept, ccl_vec2 velocity, uint8_t support,
                                   bool asleep) {
    if (!kept && (b->velocity.x != velocity.x || b->velocity.y != velocity.y ||
                  b->support != support || (bool)b->asleep != asleep)) {
        b->count++;
    }
}

static ccl_status ccl_world_collide_circles(ccl_world *w, int32_t i, int32_t k) {
    ccl_body_slot *a = &w->bodies[i], *b = &w->bodies[k];
    ccl_body_cold *ca = &w->cold[i], *cb = &w->cold[k];
    ccl_body_move_to(w, a, w->time);
    ccl_body_move_to(w, b, w->time);
    ccl_vec2 d = ccl_box_separation(&w->box, a->position, b->position);
    double dist = ccl_length(d);
    /* d / dist is ccl_normalize(d) bit for bit where d needs no scaling; outside that range
     * ccl_normalize, since a subnormal dist has lost bits that the direction needs */
    ccl_vec2 n = dist >= 0x1p-499 && dist <= 0x1p500 ? ccl_v2(d.x / dist, d.y / dist)
                 : (d.x != 0.0 || d.y != 0.0)        ? ccl_normalize(d)
                                              : ccl_normalize(ccl_sub(a->velocity, b->velocity));
    double approach = ccl_dot(ccl_sub(a->velocity, b->velocity), n);
    /* a sleeping circle hit gently, or into its supports, stays put; otherwise it wakes, and so
     * do the sleeping circles it holds up */
    bool keep_a = ccl_world_keeps_sleeping(w, i, approach, ccl_neg(n));
    bool keep_b = ccl_world_keeps_sleeping(w, k, approach, n);
    if (a->asleep && !keep_a) {
        ccl_world_wake(w, i);
        ccl_world_wake_dependents(w, i);
    }
    if (b->asleep && !keep_b) {
        ccl_world_wake(w, k);
        ccl_world_wake_dependents(w, k);
    }
    double tc = w->collapse_time > 0.0 ? w->collapse_time : ccl_world_collapse_time(w);
    /* equal restitutions (the usual case) are their own geometric mean: sqrt(x * x) is x bit for
     * bit when x * x is a normal number, and the square root leaves the chain to the velocities */
    double e = ca->restitution == cb->restitution && ca->restitution >= 0x1p-500
                   ? ca->restitution
                   : sqrt(ca->restitution * cb->restitution);
    bool guarded = false;
    if (e < 1.0 && (w->time - ca->last_collision < tc || w->time - cb->last_collision < tc) &&
        approach < fmax(ccl_guard_speed(w, a), ccl_guard_speed(w, b))) {
        e = 1.0; /* TC model: a circle that collided less than tc ago collides elastically */
        guarded = true;
    }
    double inv_a = keep_a ? 0.0 : ca->inv_mass, inv_b = keep_b ? 0.0 : cb->inv_mass;
    double inv_sum = inv_a + inv_b;
    double j = approach > 0.0 && inv_sum > 0.0 ? (1.0 + e) * approach / inv_sum : 0.0;
    /* Pushed together by unequal accelerations (one resting, or immovable): leave with at least
     * the speed that keeps them apart for 2 tc, so the pair cannot chatter at one instant. */
    double push =
        w->linear ? 0.0
                  : ccl_dot(ccl_sub(ccl_body_acceleration(w, b), ccl_body_acceleration(w, a)), n);
    if (push < 0.0 && inv_sum > 0.0) {
        double separation = -approach + j * inv_sum;
        double needed = -push * fmax(tc, 0.0);
        if (separation < needed) {
            j += (needed - separation) / inv_sum;
        }
    }
    ccl_vec2 va = a->velocity, vb = b->velocity;
    a->velocity = ccl_mul_add(va, -j * inv_a, n);
    b->velocity = ccl_mul_add(vb, j * inv_b, n);
    /* neither velocity changed: the impulse was lost to their rounding, or the normal's rounding
     * made the approach that the prediction saw none at all; or the velocities changed but the
     * pair still approaches along n: a tiny impulse (an inelastic pair left at a relative speed of
     * roundoff, then made elastic by the collapse guard) moved only bits far below the approach.
     * The pair would collide again at this instant, without end. Below, once supports and sleep
     * are settled, such a meeting is passed over where the pair's relative motion is straight. */
    bool unchanged = a->velocity.x == va.x && a->velocity.y == va.y && b->velocity.x == vb.x &&
                     b->velocity.y == vb.y;
    double after = ccl_dot(ccl_sub(a->velocity, b->velocity), n);
    bool lost = unchanged || !(after < 0.0);
    /* nothing wedges on straight lines (ccl_world_note_jam never reports it there): no count */
    bool jam_a = !w->linear && !keep_a && ccl_world_note_jam(w, a);
    bool jam_b = !w->linear && !keep_b && ccl_world_note_jam(w, b);
    /* A collision that changed neither velocity leaves both courses as they were, unless the
     * settling below changes them (ccl_world_count_course): the events that other circles
     * predicted with them still hold. Marking them changed anyway, in a column of touching
     * circles falling together, let each lost collision at one end make the real meeting with the
     * next circle stale, again and again, so that it never happened and time crawled. */
    const uint8_t support_a = a->support, support_b = b->support;
    const bool asleep_a = a->asleep, asleep_b = b->asleep;
    if (!keep_a) {
        ca->last_collision = w->time;
        a->count += !unchanged;
    }
    if (!keep_b) {
        cb->last_collision = w->time;
        b->count += !unchanged;
    }
    w->collisions++;
    if (guarded && w->guard_collisions++ == 0) {
        ccl_log(w, "circol: collapse guard engaged (a collision made elastic, TC model)");
    }
    w->virial += j * dist;
    if (!w->linear) { /* nothing rests, wedges or sleeps on straight lines */
        ccl_world_settle_support(w, i);
        ccl_world_settle_support(w, k);
        if (jam_a) {
            ccl_world_stop_jammed(w, i, false);
        }
        if (jam_b) {
            ccl_world_stop_jammed(w, k, false);
        }
        ccl_world_try_sleep(w, i, CCL_SLEEP_FACTOR);
        ccl_world_try_sleep(w, k, CCL_SLEEP_FACTOR);
    }
    ccl_status status = CCL_OK;
    if (ccl_world_reports(w)) {
        ccl_contact_event event = {w->time_base + w->time,
                                   CCL_CONTACT_CIRCLE,
                                   ccl_world_id_of(w, i),
                                   ccl_world_id_of(w, k),
                                   -1,
                                   ccl_mul_add(a->position, a->radius, n),
                                   n,
                                   j};
        status = ccl_world_record(w, &event);
    }
    /* A lost meeting is passed over only where the two move on a straight line relative to each
     * other from now on: on straight lines, or under gravity with the same acceleration after the
     * collision's supports and sleep are settled. Under unequal accelerations the skipped contact
     * would be pressed deeper, and the response's own rules (resting, the push that parts such
     * pairs) decide; so too where either is asleep or immovable (no acceleration), unless both
     * have none. Judged before the settling, a pair falling side by side could be passed over and
     * then one of them come to rest: the other sank into it. Nor is a meeting lost where the
     * settling left the pair approaching faster than the impulse did: a circle stopped in a wedge
     * (ccl_world_stop_jammed) or put to sleep while the other still comes on, or one sliding along
     * the floor into a sleeping circle, the floor taking back the impulse's downward part. That
     * approach is no rounding, and passed over it let one circle slide into the other. */
    if (lost) {
        double settled = ccl_dot(ccl_sub(a->velocity, b->velocity), n);
        double scale = ccl_length(a->velocity) + ccl_length(b->velocity);
        lost = !(settled > fmax(after, 0.0) + 0x1p-50 * scale);
    }
    bool apart = lost && (w->linear || ccl_world_same_acceleration(w, a, b));
    if (lost && !apart) {
        ccl_world_part_grazing(w, i, k, n);
    }
    if (unchanged) {
        ccl_world_count_course(a, keep_a, va, support_a, asleep_a);
        ccl_world_count_course(b, keep_b, vb, support_b, asleep_b);
    }
    if (apart) {
        ccl_predict_pair_apart(w, i, k);
    } else {
        ccl_predict_pair(w, i, k);
    }
    return status;
}

/* Bounces circle i off a fixed surface whose unit normal n points from the circle into it. */
static double ccl_world_bounce(ccl_world *w, int32_t i, ccl_vec2 n, int box_wall) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_cold *cold = &w->cold[i];
    double tc = ccl_world_collapse_time(w);
    double e = sqrt(w->def.restitution * cold->restitution);
    double vn = ccl_dot(b->velocity, n);
    if (e < 1.0 && w->time - cold->last_collision < tc && vn < ccl_guard_speed(w, b)) {
        e = 1.0;
        w->guard_collisions++;
    }
    double j = vn > 0.0 ? (1.0 + e) * vn : 0.0; /* velocity change along -n */
    double push = ccl_dot(ccl_body_acceleration(w, b), n);
    if (box_wall >= 0 && push > 0.0 && j - vn < ccl_rest_speed(w, b)) {
        /* too slow to leave a wall that gravity pushes it against: it rests there */
        j = vn > 0.0 ? vn : 0.0;
        b->velocity = ccl_mul_add(b->velocity, -j, n);
        b->support |= (uint8_t)(1u << box_wall);
        double r = b->radius;
        if (box_wall == 0) {
            b->position.x = w->box.min.x + r;
        } else if (box_wall == 1) {
            b->position.x = w->box.max.x - r;
        } else if (box_wall == 2) {
            b->position.y = w->box.min.y + r;
        } else {
            b->position.y = w->box.max.y - r;
        }
    } else {
        if (push > 0.0 && j - vn < push * tc) {
            j = vn + push * tc; /* leave for at least 2 tc: no chatter at one instant */
        }
        b->velocity = ccl_mul_add(b->velocity, -j, n);
    }
    bool jammed = ccl_world_note_jam(w, b);
    cold->last_collision = w->time;
    if (jammed) {
        ccl_world_stop_jammed(w, i, true);
    }
    b->count++;
    w->wall_collisions++;
    return !b->immovable ? j / ccl_body_cold_of(w, b)->inv_mass : 0.0;
}

static ccl_status ccl_world_hit_wall(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_move_to(w, b, w->time);
    ccl_vec2 n, point;
    ccl_contact_kind kind;
    int other = ccl_body_cold_of(w, b)->event_other;
    int index = other;
    if (b->event_kind == CCL_EVENT_BOX) {
        n = ccl_box_normal(index);
        point = ccl_mul_add(b->position, b->radius, n);
        kind = CCL_CONTACT_BOX;
    } else {
        /* the image that was met (its obstacle code), not the nearest: touching two images of
         * one obstacle at once, the nearest could be the other one, whose normal would let the
         * circle into the first */
        index = ccl_obstacle_code_index(other);
        ccl_segment s = ccl_obstacle_of_code(&w->obstacles, other);
        point = ccl_box_nearest_on_image(&w->box, s, ccl_obstacle_code_image(other), b->position);
        kind = b->event_kind == CCL_EVENT_SEGMENT ? CCL_CONTACT_SEGMENT : CCL_CONTACT_POINT;
        ccl_vec2 toward = ccl_sub(point, b->position);
        n = (toward.x != 0.0 || toward.y != 0.0) ? ccl_normalize(toward)
                                                 : ccl_normalize(b->velocity);
    }
    ccl_vec2 before = b->velocity;
    double impulse = ccl_world_bounce(w, i, n, kind == CCL_CONTACT_BOX ? index : -1);
    /* on straight lines, off a segment or a point at a slant, the change can round away, or the
     * approach that the prediction saw be none along the rounded normal, as between two circles:
     * the circle would meet the same obstacle at once again, without end */
    bool lost = w->linear && kind != CCL_CONTACT_BOX && b->velocity.x == before.x &&
                b->velocity.y == before.y;
    ccl_world_settle_support(w, i); /* the bounce may point it into a wall it rests on */
    ccl_world_try_sleep(w, i, 1.0);
    ccl_circle_id none = {0, 0};
    ccl_contact_event event = {
        w->time_base + w->time, kind, ccl_world_id_of(w, i), none, index, point, n, impulse};
    ccl_status status = ccl_world_record(w, &event);
    if (lost) {
        ccl_predict_obstacle_apart(w, i, other);
    } else {
        ccl_predict(w, i);
    }
    return status;
}

static void ccl_world_cross_cell(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_move_to(w, b, w->time);
    int32_t cx = b->link.cell % w->grid.nx, cy = b->link.cell / w->grid.nx;
    switch (ccl_body_cold_of(w, b)->event_other) {
        case 0:
            cx -= 1;
            break;
        case 1:
            cx += 1;
            break;
        case 2:
            cy -= 1;
            break;
        default:
            cy += 1;
            break;
    }
    if (cx < 0) {
        cx = w->grid.nx - 1;
        b->position.x += w->box.size.x;
    } else if (cx >= w->grid.nx) {
        cx = 0;
        b->position.x -= w->box.size.x;
    }
    if (cy < 0) {
        cy = w->grid.ny - 1;
        b->position.y += w->box.size.y;
    } else if (cy >= w->grid.ny) {
        cy = 0;
        b->position.y -= w->box.size.y;
    }
    ccl_grid_remove(&w->grid, ccl_world_links(w), i);
    ccl_grid_insert(&w->grid, ccl_world_links(w), i, cy * w->grid.nx + cx);
    ccl_predict(w, i);
}

/* The largest f in [0, 1] such that moving circle b by f * move takes it into no segment or point
 * (in any image): the first contact of the straight move, and 0 for one it already touches and
 * would move further into. */
static double ccl_separation_room(const ccl_world *w, const ccl_body_slot *b, ccl_vec2 move) {
    double room = 1.0;
    int32_t count = w->obstacles.segment_count + w->obstacles.point_count;
    for (int32_t k = 0; k < count && room > 0.0; ++k) {
        bool point = k >= w->obstacles.segment_count;
        ccl_segment s =
            ccl_obstacle_shape(&w->obstacles, point ? k - w->obstacles.segment_count : k, point);
        for (int image = 0; image < 9 && room > 0.0; ++image) {
            if (!w->box.periodic && image != CCL_OWN_IMAGE) {
                continue;
            }
            /* meeting the image shifted by d is meeting the obstacle from p - d */
            ccl_vec2 shift = ccl_box_image_shift(&w->box, image);
            ccl_circle c = {ccl_sub(b->position, shift), b->radius};
            ccl_hit hit;
            if (!ccl_sweep_circle_segment(c, move, s, 1.0, &hit)) {
                continue;
            }
            if (hit.t > 0.0) {
                room = fmin(room, hit.t);
            } else if (ccl_dot(move, hit.normal) > 0.0) {
                room = 0.0; /* touching it already, and the move goes further in */
            }
        }
    }
    return room;
}

/* Moves pairs added overlapping apart by at most separation_speed * dt, without touching their
 * velocities, and drops pairs that no longer overlap. A move stops where either circle would meet
 * a segment or point (the box's walls clamp it). */
static void ccl_world_separate_overlaps(ccl_world *w, double dt) {
    int32_t kept = 0;
    for (int32_t m = 0; m < w->overlap_count; ++m) {
        ccl_overlap_pair o = w->overlaps[m];
        ccl_body_slot *a = &w->bodies[o.a], *b = &w->bodies[o.b];
        if (!a->alive || !b->alive || w->generation[o.a] != o.generation_a ||
            w->generation[o.b] != o.generation_b) {
            continue;
        }
        ccl_body_move_to(w, a, w->time);
        ccl_body_move_to(w, b, w->time);
        ccl_vec2 d = ccl_box_separation(&w->box, a->position, b->position);
        double dist = ccl_length(d);
        double depth = a->radius + b->radius - dist;
        double inv_a = ccl_body_cold_of(w, a)->inv_mass, inv_b = ccl_body_cold_of(w, b)->inv_mass;
        double inv_sum = inv_a + inv_b;
        if (depth <= 0.0 || !(inv_sum > 0.0)) {
            continue;
        }
        double step = fmin(depth, w->def.separation_speed * dt);
        ccl_vec2 n = dist > 0.0 ? ccl_v2(d.x / dist, d.y / dist) : ccl_v2(1.0, 0.0);
        if (w->obstacles.segment_count + w->obstacles.point_count > 0) {
            double room = fmin(ccl_separation_room(w, a, ccl_scale(n, -step * inv_a / inv_sum)),
                               ccl_separation_room(w, b, ccl_scale(n, step * inv_b / inv_sum)));
            step *= room;
        }
        a->position = ccl_mul_add(a->position, -step * inv_a / inv_sum, n);
        b->position = ccl_mul_add(b->position, step * inv_b / inv_sum, n);
        if (!w->box.periodic) {
            for (int side = 0; side < 2; ++side) {
                ccl_body_slot *c = side == 0 ? a : b;
                c->position.x =
                    fmin(fmax(c->position.x, w->box.min.x + c->radius), w->box.max.x - c->radius);
                c->position.y =
                    fmin(fmax(c->position.y, w->box.min.y + c->radius), w->box.max.y - c->radius);
            }
        }
        a->count++;
        b->count++;
        w->dirty = true;
        if (step < depth) {
            w->overlaps[kept++] = o;
        }
    }
    if (kept != w->overlap_count) {
        w->overlap_count = kept;
        ccl_world_refresh_separating_flags(w);
    }
    if (w->dirty && w->box.periodic) {
        for (int32_t i = 0; i < w->slot_count; ++i) {
            if (w->bodies[i].alive && w->bodies[i].separating) {
                w->bodies[i].position = ccl_box_wrap(&w->box, w->bodies[i].position);
            }
        }
    }
}

/* Starts fetching the cell-head rows of the (2 reach + 1)^2 cells around cell c into the cache
 * (nothing for cells near the grid's edge, which are few). */
static void ccl_world_fetch_rows(const ccl_world *w, int32_t c, int32_t reach) {
    int32_t nx = w->grid.nx;
    if (c - reach * nx - reach >= 0 && c + reach * nx + reach < nx * w->grid.ny) {
        for (int32_t r = -reach; r <= reach; ++r) {
            __builtin_prefetch(&w->grid.cell_head[c + r * nx - reach]);
        }
    }
}

/* From this much world memory on (a third-level cache holds less), the look-ahead steps twice an
 * event and has a third stage: the first circle of each of the 5 x 5 cells around the circle it
 * stepped to two steps earlier, which hold the nine around it and the nine around its partner.
 * In a smaller world those circles are in the cache already, and the stage cost 11% to 12% at
 * 10^4 and 10^5 circles (docs/PERFORMANCE_LOG.md). (A WebAssembly build never runs the look-ahead:
 * ccl_world_fetch_ahead_limit.) */
#ifndef CCL_FETCH_CELLS_BYTES /* (a build may set it, to test the stage in small worlds) */
#define CCL_FETCH_CELLS_BYTES ((size_t)48 << 20)
#endif
/* How far that stage reaches, in cells each way (2: the 5 x 5 cells). */
#define CCL_FETCH_REACH 2

/* Starts fetching circle i's slot and its cold half into the cache (one line each: the slot fills
 * its line, the cold half is within one). */
static void ccl_world_fetch_body(const ccl_world *w, int32_t i) {
    __builtin_prefetch(&w->bodies[i]);
    __builtin_prefetch(&w->cold[i]);
}

/* Steps the queue's look-ahead (ccl_queue_look_ahead) and fetches, in stages a step apart, what
 * the events of the next bucket will read: the slot of the circle it steps to; a step later, with
 * that slot read, its partner's slot and queue entry and the cell rows around it (3 x 3 cells,
 * or 5 x 5 in a world past CCL_FETCH_CELLS_BYTES); in such a world (two steps an event), a step
 * after that, the first circle of each of those cells. Only hints: nothing here changes an event.
 * At 10^6 circles every one of these reads was a miss that the event had to wait for
 * (docs/PERFORMANCE_LOG.md). Looking back two and four steps in a large world, so that the stages
 * stay an event apart, measured the same. */
static void ccl_world_fetch_ahead(ccl_world *w) {
    int32_t seen = ccl_queue_ahead(&w->queue);
    int32_t next = ccl_queue_look_ahead(&w->queue);
    if (next >= 0) { /* an index below the capacity: the address is inside the slots */
        ccl_world_fetch_body(w, next);
    }
    int32_t third = w->fetched;
    w->fetched = seen;
    if (w->memory.bytes >= CCL_FETCH_CELLS_BYTES && third >= 0 && third < w->slot_count &&
        w->bodies[third].alive) {
        int32_t c = w->bodies[third].link.cell, nx = w->grid.nx;
        const int32_t reach = CCL_FETCH_REACH;
        if (c - reach * nx - reach >= 0 && c + reach * nx + reach < nx * w->grid.ny) {
            const int32_t *row = w->grid.cell_head + c - reach * nx - reach;
            for (int32_t r = -reach; r <= reach; ++r, row += nx) {
                for (int32_t col = 0; col <= 2 * reach; ++col) {
                    int32_t k = row[col];
                    __builtin_prefetch(&w->bodies[k >= 0 ? k : third]);
                }
            }
        }
    }
    /* seen may have left the list since: it is then a front position, maybe past the slots */
    if (seen >= 0 && seen < w->slot_count && w->bodies[seen].alive) {
        const ccl_body_slot *a = &w->bodies[seen];
        if (a->event_kind == CCL_EVENT_CIRCLE) {
            int32_t other = ccl_body_cold_of(w, a)->event_other;
            ccl_world_fetch_body(w, other);
            ccl_queue_prefetch_entry(&w->queue, other);
        }
        if (a->link.cell >= 0) {
            ccl_world_fetch_rows(w, a->link.cell,
                                 w->memory.bytes >= CCL_FETCH_CELLS_BYTES ? CCL_FETCH_REACH : 1);
        }
    }
}

/* Runs events up to internal time t_end, or until collision_limit more circle collisions. */
static ccl_status ccl_world_run(ccl_world *w, double t_end, uint64_t collision_limit) {
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    w->contact_count = 0;
    if (w->grid.obstacles_stale && w->grid.cell_head != NULL) {
        /* first, so that a failure leaves every circle where it was binned */
        ccl_status status = ccl_grid_bin_obstacles_again(&w->grid, &w->obstacles);
        if (status != CCL_OK) {
            return status;
        }
    }
    if (w->overlap_count > 0) {
        ccl_world_separate_overlaps(w, t_end - w->time);
    }
    if (w->dirty) {
        if (w->grid.cell_head == NULL || w->live_count == 0) {
            ccl_status status = ccl_world_rebuild_grid(w);
            if (status != CCL_OK) {
                return status;
            }
        } else {
            /* circles were moved by hand: re-bin them */
            for (int32_t i = 0; i < w->slot_count; ++i) {
                if (w->bodies[i].alive) {
                    ccl_grid_remove(&w->grid, ccl_world_links(w), i);
                    ccl_body_move_to(w, &w->bodies[i], w->time);
                    ccl_grid_insert(&w->grid, ccl_world_links(w), i,
                                    ccl_grid_cell_of(&w->grid, w->bodies[i].position));
                }
            }
        }
        ccl_world_collapse_time(w);
        ccl_world_repredict_all(w);
    }
    uint64_t start_collisions = w->collisions;
    uint64_t processed = 0;
    uint64_t limit = w->def.max_events_per_advance;
    for (;;) {
        int32_t i = ccl_queue_top(&w->queue);
        if (i < 0 || !(ccl_queue_key(&w->queue, i) <= t_end)) {
            break;
        }
        if (collision_limit > 0 && w->collisions - start_collisions >= collision_limit) {
            return CCL_OK; /* time stays at the last collision */
        }
        if (limit > 0 && processed >= limit) {
            return CCL_ERR_EVENT_LIMIT;
        }
        if (w->memory.bytes >= w->fetch_ahead_bytes) {
            ccl_world_fetch_ahead(w);
            if (w->memory.bytes >= CCL_FETCH_CELLS_BYTES) {
                /* one step an event fell behind the next bucket's drain */
                ccl_world_fetch_ahead(w);
            }
        }
        ccl_body_slot *b = &w->bodies[i];
        if (b->event_kind != CCL_EVENT_CELL && b->event_kind != CCL_EVENT_NONE) {
            ccl_status status = ccl_world_reserve_contact(w);
            if (status != CCL_OK) {
                return status;
            }
        }
        double when = ccl_queue_key(&w->queue, i);
        if (when > w->time) {
            w->time = when;
        }
        processed++;
        w->events++;
        w->events_since_rebase++;
        ccl_status status = CCL_OK;
        switch (b->event_kind) {
            case CCL_EVENT_CIRCLE: {
                const ccl_body_cold *cold = &w->cold[i];
                int32_t k = cold->event_other;
                if (!w->bodies[k].alive || w->bodies[k].count != cold->event_other_count) {
                    ccl_predict(w, i); /* the partner changed course: look again */
                } else {
                    status = ccl_world_collide_circles(w, i, k);
                }
                break;
            }
            case CCL_EVENT_BOX:
            case CCL_EVENT_SEGMENT:
            case CCL_EVENT_POINT:
                status = ccl_world_hit_wall(w, i);
                break;
            case CCL_EVENT_CELL:
                ccl_world_cross_cell(w, i);
                break;
            default:
                ccl_predict(w, i);
                break;
        }
        if (status != CCL_OK) {
            return status;
        }
        if (w->events_since_rebase >
            (uint64_t)CCL_REBASE_EVENTS_PER_CIRCLE * (uint64_t)w->live_count + 1024u) {
            t_end -= ccl_world_rebase(w);
        }
    }
    if (collision_limit == 0 || w->collisions - start_collisions < collision_limit) {
        w->time = t_end;
    }
    return CCL_OK;
}

ccl_status ccl_world_advance(ccl_world *w, double dt) {
    if (w == NULL || !(dt >= 0.0) || !isfinite(dt)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    /* A re-basing during the run shifts by an event time, so time_base + time can end an ulp
     * away from the caller's sum of steps; when it does, land on the caller's value exactly. */
    double world_end = ccl_world_time(w) + dt;
    ccl_status status = ccl_world_run(w, w->time + dt, 0);
    if (status == CCL_OK) {
        double landing = world_end - w->time_base;
        if (landing != w->time && fabs(landing - w->time) <= 2.0 * DBL_EPSILON * fabs(world_end)) {
            w->time = landing;
        }
    }
    return status;
}

ccl_status ccl_world_advance_collisions(ccl_world *w, uint64_t collisions, double max_dt) {
    if (w == NULL || !(max_dt >= 0.0) || collisions == 0) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    double t_end = isfinite(max_dt) ? w->time + max_dt : INFINITY;
    return ccl_world_run(w, t_end, collisions);
}

/* ---- queries ---- */

double ccl_world_time(const ccl_world *w) {
    return w != NULL ? w->time_base + w->time : 0.0;
}

int ccl_world_circle_count(const ccl_world *w) {
    return w != NULL ? w->live_count : 0;
}

static void ccl_world_fill_state(const ccl_world *w, int32_t i, ccl_circle_state *out) {
    const ccl_body_slot *b = &w->bodies[i];
    out->id = ccl_world_id_of(w, i);
    ccl_body_state_at(w, b, w->time, &out->position, &out->velocity);
    out->radius = b->radius;
    out->mass = !b->immovable ? 1.0 / ccl_body_cold_of(w, b)->inv_mass : 0.0;
    out->restitution = ccl_body_cold_of(w, b)->restitution;
    out->user_data = w->user_data != NULL ? w->user_data[i] : NULL;
}

ccl_status ccl_world_get_circle(const ccl_world *w, ccl_circle_id id, ccl_circle_state *out) {
    if (w == NULL || out == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    int32_t i = ccl_world_slot_of(w, id);
    if (i < 0) {
        return CCL_ERR_STALE_ID;
    }
    ccl_world_fill_state(w, i, out);
    return CCL_OK;
}

ccl_status ccl_world_set_velocity(ccl_world *w, ccl_circle_id id, ccl_vec2 velocity) {
    if (w == NULL || !ccl_vec2_within(velocity, CCL_MAX_SPEED)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    int32_t i = ccl_world_slot_of(w, id);
    if (i < 0) {
        return CCL_ERR_STALE_ID;
    }
    ccl_body_slot *b = &w->bodies[i];
    if (b->immovable) {
        return CCL_ERR_INVALID_ARGUMENT; /* immovable circles do not move */
    }
    ccl_body_move_to(w, b, w->time);
    b->velocity = velocity;
    b->support = 0;
    b->asleep = 0;
    b->count++;
    if (!w->dirty) {
        ccl_predict(w, i);
    }
    ccl_world_wake_dependents(w, i); /* what it held up may fall */
    return CCL_OK;
}

ccl_status ccl_world_export(const ccl_world *w, ccl_circle_state *out, int capacity, int *count) {
    if (w == NULL || count == NULL || capacity < 0 || (out == NULL && capacity > 0)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    int n = 0;
    for (int32_t i = 0; i < w->slot_count && n < capacity; ++i) {
        if (w->bodies[i].alive) {
            ccl_world_fill_state(w, i, &out[n++]);
        }
    }
    *count = n;
    return CCL_OK;
}

const ccl_contact_event *ccl_world_contact_events(const ccl_world *w, size_t *count) {
    if (count != NULL) {
        *count = w != NULL ? w->contact_count : 0;
    }
    return w != NULL ? w->contacts : NULL;
}

ccl_world_stats ccl_world_get_stats(const ccl_world *w) {
    ccl_world_stats s;
    memset(&s, 0, sizeof s);
    if (w == NULL) {
        return s;
    }
    s.time = w->time_base + w->time;
    s.collisions = w->collisions;
    s.wall_collisions = w->wall_collisions;
    s.events = w->events;
    s.circle_count = w->live_count;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        const ccl_body_slot *b = &w->bodies[i];
        if (b->alive && !b->immovable) {
            ccl_vec2 p, v;
            ccl_body_state_at(w, b, w->time, &p, &v);
            double m = 1.0 / ccl_body_cold_of(w, b)->inv_mass;
            s.kinetic_energy += 0.5 * m * ccl_length_sq(v);
            s.momentum = ccl_mul_add(s.momentum, m, v);
        }
    }
    s.virial = w->virial;
    s.virial_time = w->time - w->stats_since;
    s.memory_bytes = w->memory.bytes;
    s.guard_collisions = w->guard_collisions;
    return s;
}

void ccl_world_reset_stats(ccl_world *w) {
    if (w == NULL) {
        return;
    }
    w->collisions = w->wall_collisions = w->events = w->guard_collisions = 0;
    w->virial = 0.0;
    w->stats_since = w->time;
}

ccl_status ccl_world_scale_velocities(ccl_world *w, double factor) {
    if (w == NULL || !isfinite(factor)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    for (int32_t i = 0; i < w->slot_count; ++i) { /* all or nothing */
        const ccl_body_slot *b = &w->bodies[i];
        if (b->alive && !b->immovable) {
            ccl_vec2 position, velocity; /* the velocity now (under gravity, not the stored one) */
            ccl_body_state_at(w, b, w->time, &position, &velocity);
            if (!ccl_vec2_within(ccl_scale(velocity, factor), CCL_MAX_SPEED)) {
                return CCL_ERR_INVALID_ARGUMENT;
            }
        }
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        ccl_body_slot *b = &w->bodies[i];
        if (b->alive && !b->immovable) {
            ccl_body_move_to(w, b, w->time);
            b->velocity = ccl_scale(b->velocity, factor);
            b->support = 0;
            b->count++;
        }
    }
    w->dirty = true;
    return CCL_OK;
}

typedef struct ccl_overlap_max {
    int32_t self;
    double radius;
    double worst;
} ccl_overlap_max;

static void ccl_track_overlap(const ccl_world *w, int32_t k, ccl_vec2 offset, void *ctx) {
    ccl_overlap_max *m = ctx;
    if (k <= m->self) {
        return;
    }
    double depth = m->radius + w->bodies[k].radius - ccl_length(offset);
    if (depth > m->worst) {
        m->worst = depth;
    }
}

/* True when the obstacle tables list, for the cell of a circle at p with radius r, every segment
 * and point (image) that circle can overlap: the tables are up to date, p is in the box, the
 * circle's diameter fits a cell, and the cells are wide enough next to the box's coordinates that
 * rounding cannot move p, or an obstacle's span, by half a cell (the slack the diameter leaves). */
static bool ccl_obstacle_table_covers(const ccl_world *w, ccl_vec2 p, double r) {
    double mx = fmax(fabs(w->box.min.x), fabs(w->box.max.x));
    double my = fmax(fabs(w->box.min.y), fabs(w->box.max.y));
    return w->grid.obstacle_start != NULL && !w->grid.obstacles_stale &&
           ccl_box_contains(&w->box, p) && ccl_grid_min_cell(r) <= w->grid.cell_w &&
           ccl_grid_min_cell(r) <= w->grid.cell_h && w->grid.cell_w > 0x1p-30 * mx &&
           w->grid.cell_h > 0x1p-30 * my;
}

/* worst, or the largest overlap (radius minus distance) of a circle at p with radius r and a
 * segment or point if larger. Only the obstacles listed in p's cell can overlap it (any other is
 * more than half a cell away), so looking at those alone gives the same maximum as looking at
 * every one; where the tables do not cover the circle, every obstacle is looked at. */
static double ccl_obstacle_overlap(const ccl_world *w, ccl_vec2 p, double r, double worst) {
    if (ccl_obstacle_table_covers(w, p, r)) {
        int32_t c = ccl_grid_cell_of(&w->grid, p);
        for (int32_t k = w->grid.obstacle_start[c]; k < w->grid.obstacle_start[c + 1]; ++k) {
            int32_t code = w->grid.obstacle_items[k];
            ccl_segment s = ccl_obstacle_of_code(&w->obstacles, code);
            worst = fmax(worst, r - ccl_length(ccl_sub(ccl_box_nearest_on(&w->box, s, p), p)));
        }
        return worst;
    }
    for (int32_t k = 0; k < w->obstacles.segment_count; ++k) {
        ccl_vec2 q = ccl_box_nearest_on(&w->box, w->obstacles.segments[k], p);
        worst = fmax(worst, r - ccl_length(ccl_sub(q, p)));
    }
    for (int32_t k = 0; k < w->obstacles.point_count; ++k) {
        ccl_vec2 q = ccl_box_nearest_on(&w->box, ccl_obstacle_shape(&w->obstacles, k, true), p);
        worst = fmax(worst, r - ccl_length(ccl_sub(q, p)));
    }
    return worst;
}

double ccl_world_max_overlap(const ccl_world *w) {
    if (w == NULL || w->grid.cell_head == NULL) {
        return 0.0;
    }
    double worst = 0.0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        const ccl_body_slot *b = &w->bodies[i];
        if (!b->alive) {
            continue;
        }
        ccl_vec2 p, v;
        ccl_body_state_at(w, b, w->time, &p, &v);
        ccl_overlap_max m = {i, b->radius, worst};
        ccl_world_each_neighbour(w, p, ccl_track_overlap, &m);
        worst = m.worst;
        if (!w->box.periodic) {
            double r = b->radius;
            worst = fmax(worst, fmax(fmax(w->box.min.x - (p.x - r), (p.x + r) - w->box.max.x),
                                     fmax(w->box.min.y - (p.y - r), (p.y + r) - w->box.max.y)));
        }
        worst = ccl_obstacle_overlap(w, p, b->radius, worst);
    }
    return worst;
}
