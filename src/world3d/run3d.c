/* The event loop of the 3D world: cell crossings, the run, re-basing time, advancing. */
#include "core/clock.h"
#include "core/constants.h"
#include "world3d/growth3d.h"
#include "world3d/world3d.h"

/* Sphere i leaves its cell through the face of its event: into the next cell, across the box's
 * edge in a periodic box (its position then moves by the box's size). */
static void ccl_world3d_cross(ccl_world3d *w, int32_t i) {
    ccl_sphere_move_to(w, i, w->time);
    ccl_grid3 *g = &w->grid;
    int face = w->cold[i].event_partner, axis = face / 2;
    int32_t c[3];
    ccl_grid3_split(g, w->links[i].link.cell, c);
    c[axis] += (face & 1) ? 1 : -1;
    ccl_vec3 *p = &w->slots[i].position;
    double *x = axis == 0 ? &p->x : (axis == 1 ? &p->y : &p->z);
    double size = axis == 0 ? g->size.x : (axis == 1 ? g->size.y : g->size.z);
    int64_t wrapped = c[axis] < 0 ? 1 : (c[axis] >= g->n[axis] ? -1 : 0);
    if (wrapped != 0) {
        c[axis] = wrapped > 0 ? g->n[axis] - 1 : 0;
        *x += (double)wrapped * size;
        if (w->images != NULL) {
            w->images[i].axis[axis] -= wrapped; /* the unwrapped position does not jump */
        }
    }
    ccl_grid_links links = ccl_world3d_grid_links(w);
    ccl_cell_list_remove(g->head, links, i);
    ccl_cell_list_insert(g->head, links, i, ccl_grid3_cell_at(g, c[0], c[1], c[2]));
    ccl_world3d_predict(w, i, -1);
}

/* Makes (about) the present time the origin, exactly where the queue's keys allow it (as the 2D
 * world does: docs/ARCHITECTURE.md, "Time re-basing"); returns the shift. */
#define CCL_WORLD_T                    ccl_world3d
#define CCL_WORLD_REBASE               ccl_world3d_rebase
#define CCL_WORLD_EXACT_SHIFT(w)       ccl_queue_shift_exactly(&(w)->queue, (w)->time)
#define CCL_WORLD_BODY_T               int32_t
#define CCL_WORLD_BODY(w, i)           (i)
#define CCL_WORLD_ALIVE(w, i)          ((w)->links[i].alive)
#define CCL_WORLD_BODY_TIME(w, i)      ((w)->slots[i].time)
#define CCL_WORLD_MOVE_TO(w, i, t)     ccl_sphere_move_to(w, i, t)
#define CCL_WORLD_LAST_COLLISION(w, i) ((w)->cold[i].last_collision)
#define CCL_WORLD_SHIFT_CLOCKS(w, shift, exact)                                                    \
    ((w)->growth.epoch -= (shift), (w)->growth.until -= (shift),                                   \
     (w)->time_base = ccl_queue_rebased_origin((w)->time_base, shift, exact),                      \
     (w)->stats_since -= (shift))
#include "world_common/rebase_impl.h"

/* Before the first event of a run: the contacts of the last advance are dropped, and what was
 * changed by hand is predicted again, in the cells the spheres now call for. */
static void ccl_world3d_prepare(ccl_world3d *w) {
    w->contact_count = 0;
    if (!w->repredict_pending) {
        return;
    }
    /* the cells the spheres now call for (the adds rebuild only when they outgrow them fourfold);
     * where they cannot be had, the present ones serve */
    int32_t n[3];
    ccl_grid3_plan(&w->grid, w->grid.max_radius, w->live_count, n);
    if (w->live_count > 0 &&
        (n[0] != w->grid.n[0] || n[1] != w->grid.n[1] || n[2] != w->grid.n[2])) {
        (void)ccl_world3d_rebuild_grid(w, w->grid.max_radius);
    }
    ccl_queue_clear(&w->queue);
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->links[i].alive) {
            ccl_world3d_predict(w, i, -1);
        }
    }
    w->repredict_pending = false;
}

/* Handles sphere i's event, which has come. */
static ccl_status ccl_world3d_handle(ccl_world3d *w, int32_t i) {
    switch (w->links[i].event_kind) {
        case CCL_EVENT3_SPHERE: {
            int32_t k = w->cold[i].event_partner;
            if (!w->links[k].alive || w->links[k].course != w->cold[i].event_partner_course) {
                ccl_world3d_predict(w, i, -1); /* the partner changed course: look again */
                return CCL_OK;
            }
            return ccl_world3d_growing(w) ? ccl_growth3_collide(w, i, k)
                                          : ccl_world3d_collide(w, i, k);
        }
        case CCL_EVENT3_WALL:
            return ccl_world3d_growing(w) ? ccl_growth3_bounce(w, i) : ccl_world3d_bounce(w, i);
        case CCL_EVENT3_CELL:
            ccl_world3d_cross(w, i);
            return CCL_OK;
        default:
            ccl_world3d_predict(w, i, -1);
            return CCL_OK;
    }
}

/* Before an event after growth.until: the grid rebuilt for the grown spheres, every sphere
 * predicted again. */
static ccl_status ccl_world3d_regrow(ccl_world3d *w) {
    ccl_status status = ccl_growth3_regrid(w);
    if (status != CCL_OK) {
        return status;
    }
    ccl_queue_clear(&w->queue);
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->links[i].alive) {
            ccl_world3d_predict(w, i, -1);
        }
    }
    w->repredict_pending = false;
    return CCL_OK;
}

/* Starts fetching sphere i's slot, link and cold half into the cache. */
static inline void ccl_world3d_fetch_sphere(const ccl_world3d *w, int32_t i) {
    __builtin_prefetch(&w->slots[i]);
    __builtin_prefetch(&w->links[i]);
    __builtin_prefetch(&w->cold[i]);
}

/* One step of the look-ahead (as the 2D world's, world/prefetch.c): the queue's walk down the next
 * bucket's list brings a sphere's entry; a step later its own rows, its partner and the heads of
 * the 27 cells around it; a step after that the first sphere of each of those cells. The spheres
 * named may have moved or died since: only hints, each checked to be a slot before its use. */
static void ccl_world3d_fetch_ahead(ccl_world3d *w) {
    int32_t seen = ccl_queue_ahead(&w->queue);
    int32_t next = ccl_queue_look_ahead(&w->queue);
    if (next >= 0 && next < w->slot_count) {
        ccl_world3d_fetch_sphere(w, next);
    }
    const ccl_grid3 *g = &w->grid;
    int32_t cells = g->n[0] * g->n[1] * g->n[2], plane = g->n[0] * g->n[1] + g->n[0] + 1;
    int32_t third = w->fetch_trail;
    w->fetch_trail = seen;
    if (g->head == NULL) {
        return;
    }
    if (third >= 0 && third < w->slot_count && w->links[third].alive) {
        int32_t c = w->links[third].link.cell;
        if (c >= plane && c + plane < cells) { /* away from the grid's first and last planes */
            for (int m = 0; m < 27; ++m) {
                int32_t k = g->head[c + g->offsets[m]];
                __builtin_prefetch(&w->slots[k >= 0 ? k : third]);
                __builtin_prefetch(&w->links[k >= 0 ? k : third]);
            }
        }
    }
    if (seen >= 0 && seen < w->slot_count && w->links[seen].alive) {
        if (w->links[seen].event_kind == CCL_EVENT3_SPHERE) {
            int32_t other = w->cold[seen].event_partner;
            ccl_world3d_fetch_sphere(w, other);
            ccl_queue_prefetch_entry(&w->queue, other);
        }
        int32_t c = w->links[seen].link.cell;
        if (c >= plane && c + plane < cells) {
            for (int m = 0; m < 27; m += 3) {
                __builtin_prefetch(&g->head[c + g->offsets[m]]);
            }
        }
    }
}

/* Starts fetching what the next events read, in a world too large for the cache. */
static inline void ccl_world3d_look_ahead(ccl_world3d *w) {
    if (w->memory.bytes >= w->fetch_bytes) {
        ccl_world3d_fetch_ahead(w);
        if (w->memory.bytes >= CCL_FETCH_CELLS_BYTES) {
            ccl_world3d_fetch_ahead(w); /* one step an event falls behind the next bucket's drain */
        }
    }
}

/* Runs events up to internal time t_end, or until collision_limit more sphere collisions (0: no
 * limit). */
static ccl_status ccl_world3d_run_events(ccl_world3d *w, double t_end, uint64_t collision_limit) {
    if (w->collapse_time == 0.0) {
        ccl_world3d_collapse_time(w);
    }
    ccl_world3d_prepare(w);
    if (ccl_world3d_growing(w)) {
        ccl_growth3_prepare(w);
    }
    uint64_t goal = w->collisions + collision_limit, processed = 0;
    uint64_t rebase_after =
        (uint64_t)CCL_REBASE_EVENTS_PER_CIRCLE * (uint64_t)w->live_count + 1024u;
    for (;;) {
        int32_t i = ccl_queue_top(&w->queue);
        double when = i >= 0 ? ccl_queue_key(&w->queue, i) : (double)INFINITY;
        if (!(when <= t_end) || when == INFINITY) {
            break;
        }
        if (collision_limit > 0 && w->collisions >= goal) {
            return CCL_OK; /* the time stays at the last collision */
        }
        if (ccl_world3d_growing(w) && when > w->growth.until) {
            ccl_status status = ccl_world3d_regrow(w); /* the cells are about to stop holding */
            if (status != CCL_OK) {
                return status;
            }
            continue;
        }
        if (w->def.max_events_per_advance > 0 && processed >= w->def.max_events_per_advance) {
            return CCL_ERR_EVENT_LIMIT;
        }
        ccl_world3d_look_ahead(w);
        uint8_t kind = w->links[i].event_kind;
        if (kind == CCL_EVENT3_SPHERE || kind == CCL_EVENT3_WALL) {
            ccl_status status = ccl_world3d_reserve_contact(w);
            if (status != CCL_OK) {
                return status;
            }
        }
        w->time = when > w->time ? when : w->time;
        processed++;
        w->events++;
        ccl_status status = ccl_world3d_handle(w, i);
        if (status != CCL_OK) {
            return status;
        }
        if (++w->events_since_rebase > rebase_after) {
            t_end -= ccl_world3d_rebase(w);
        }
    }
    if ((collision_limit == 0 || w->collisions < goal) && t_end < INFINITY) {
        w->time = t_end;
    }
    return CCL_OK;
}

/* ccl_world3d_run_events, after which a growing world's radii are those of the present. */
static ccl_status ccl_world3d_run(ccl_world3d *w, double t_end, uint64_t collision_limit) {
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    ccl_status status = ccl_world3d_run_events(w, t_end, collision_limit);
    if (ccl_world3d_growing(w)) {
        ccl_growth3_rescale(w);
    }
    return status;
}

#define CCL_WORLD_FN(name) ccl_world3d_##name
#define CCL_WORLD_T        ccl_world3d
#define CCL_WORLD_RUN      ccl_world3d_run
#include "world_common/advance_impl.h"
