/* The event loop: advancing the world event by event, re-basing time. */

#include <float.h>

#include "core/clock.h"
#include "core/constants.h"
#include "core/exact.h"
#include "world/collide.h"
#include "world/drift.h"
#include "world/events.h"
#include "world/growth.h"
#include "world/guard.h"
#include "world/kinematic.h"
#include "world/motion.h"
#include "world/place.h"
#include "world/predict.h"
#include "world/prefetch.h"
#include "world/unwrap.h"
#include "world/world.h"

/* Re-predicts every circle (after a rebuild, a re-basing or a bulk change). */
static void ccl_world_repredict_all(ccl_world *w) {
    ccl_queue_clear(&w->queue);
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive) {
            ccl_predict(w, i);
        }
    }
    w->repredict_pending = false;
}

/* Makes (about) the present time the origin; returns the shift. The queue's keys lose it exactly
 * only on straight lines: with gravity or damping the rounding of moving every circle has broken
 * up jams at one instant that the resting and sleeping logic leaves (docs/ARCHITECTURE.md). */
#define CCL_WORLD_T      ccl_world
#define CCL_WORLD_REBASE ccl_world_rebase
#define CCL_WORLD_EXACT_SHIFT(w)                                                                   \
    ((w)->straight ? ccl_queue_shift_exactly(&(w)->queue, (w)->time) : 0.0)
#define CCL_WORLD_BODY_T               ccl_body_slot *
#define CCL_WORLD_BODY(w, i)           (&(w)->bodies[i])
#define CCL_WORLD_ALIVE(w, b)          ((b)->alive)
#define CCL_WORLD_BODY_TIME(w, b)      ((b)->time)
#define CCL_WORLD_MOVE_TO(w, b, t)     ccl_body_move_to(w, b, t)
#define CCL_WORLD_LAST_COLLISION(w, b) (ccl_body_cold_of(w, b)->last_collision)
#define CCL_WORLD_SHIFT_CLOCKS(w, shift, exact)                                                    \
    ((w)->time_base = ccl_queue_rebased_origin((w)->time_base, shift, exact),                      \
     (w)->stats_since -= (shift), (w)->growth.epoch -= (shift), (w)->growth.until -= (shift))
#include "world_common/rebase_impl.h"

/* Cell index c on an axis of n cells after a crossing, wrapped into [0, n) in a periodic box: a
 * wrap moves the coordinate by one box size and gives the image step (-1, 0 or 1) in *image. */
static int32_t ccl_wrap_cell(int32_t c, int32_t n, double size, double *coordinate,
                             int64_t *image) {
    *image = 0;
    if (c < 0) {
        *coordinate += size;
        *image = 1;
        return n - 1;
    }
    if (c >= n) {
        *coordinate -= size;
        *image = -1;
        return 0;
    }
    return c;
}

static void ccl_world_cross_cell(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_move_to(w, b, w->time);
    int32_t cx = b->link.cell % w->grid.nx, cy = b->link.cell / w->grid.nx;
    switch (ccl_body_cold_of(w, b)->event_partner) {
        case CCL_CELL_EDGE_LOW_X:
            cx -= 1;
            break;
        case CCL_CELL_EDGE_HIGH_X:
            cx += 1;
            break;
        case CCL_CELL_EDGE_LOW_Y:
            cy -= 1;
            break;
        default: /* CCL_CELL_EDGE_HIGH_Y */
            cy += 1;
            break;
    }
    int64_t image_x, image_y;
    cx = ccl_wrap_cell(cx, w->grid.nx, w->box.size.x, &b->position.x, &image_x);
    cy = ccl_wrap_cell(cy, w->grid.ny, w->box.size.y, &b->position.y, &image_y);
    ccl_world_image_shift(w, i, image_x, image_y);
    ccl_grid_remove(&w->grid, ccl_world_links(w), i);
    ccl_grid_insert(&w->grid, ccl_world_links(w), i, cy * w->grid.nx + cx);
    ccl_predict(w, i);
}

/* Circles were moved or changed by hand since the last advance: re-bins them (or builds the
 * grid) and predicts every circle again. */
static ccl_status ccl_world_rebin_and_repredict(ccl_world *w) {
    if (w->grid.cell_head == NULL || w->live_count == 0) {
        ccl_status status = ccl_world_rebuild_grid(w);
        if (status != CCL_OK) {
            return status;
        }
    } else {
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
    return CCL_OK;
}

/* What an advance to t_end does before its first event: the obstacle tables, the overlap drift,
 * and whatever was changed by hand. */
static ccl_status ccl_world_prepare_run(ccl_world *w, double t_end) {
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
    return w->repredict_pending ? ccl_world_rebin_and_repredict(w) : CCL_OK;
}

/* Handles circle i's event, which has come (the world's time is its time). */
static inline ccl_status ccl_world_handle_event(ccl_world *w, int32_t i) {
    switch (w->bodies[i].event_kind) {
        case CCL_EVENT_CIRCLE: {
            const ccl_body_cold *cold = &w->cold[i];
            int32_t k = cold->event_partner;
            if (!w->bodies[k].alive || w->bodies[k].course != cold->event_partner_course) {
                ccl_predict(w, i); /* the partner changed course: look again */
                return CCL_OK;
            }
            if (ccl_world_growing(w)) {
                return ccl_growth_collide(w, i, k);
            }
            if (ccl_pair_is_special(w, i, k)) {
                return ccl_world_collide_special(w, i, k); /* kinematic.c */
            }
            return ccl_world_collide_circles(w, i, k);
        }
        case CCL_EVENT_BOX:
        case CCL_EVENT_SEGMENT:
        case CCL_EVENT_POINT:
            if (ccl_world_growing(w)) {
                return ccl_growth_hit_wall(w, i);
            }
            if (w->bodies[i].kinematic) {
                return ccl_world_stop_kinematic(w, i);
            }
            return ccl_world_hit_wall(w, i);
        case CCL_EVENT_CELL:
            ccl_world_cross_cell(w, i);
            return CCL_OK;
        default:
            ccl_predict(w, i);
            return CCL_OK;
    }
}

/* Starts fetching what the next events read, in a world too large for the cache. */
static inline void ccl_world_look_ahead(ccl_world *w) {
    if (w->memory.bytes >= w->fetch_ahead_bytes) {
        ccl_world_fetch_ahead(w);
        if (w->memory.bytes >= CCL_FETCH_CELLS_BYTES) {
            /* one step an event falls behind the next bucket's drain */
            ccl_world_fetch_ahead(w);
        }
    }
}

/* With no end in time, an advance stops after this many events in a row without a circle-circle
 * collision, plus this many a live circle (world.h): circles that move but never meet (one circle
 * in a periodic box, a ball bouncing alone between walls) would cross cells and bounce without
 * end. */
#define CCL_IDLE_EVENTS_MIN        (UINT64_C(1) << 20)
#define CCL_IDLE_EVENTS_PER_CIRCLE UINT64_C(1024)

/* True when the run has processed the bound above of events since the last circle collision it
 * saw (*seen, the count then; *idle, the events since). */
static bool ccl_world_idle_too_long(const ccl_world *w, uint64_t *idle, uint64_t *seen) {
    if (w->collisions != *seen) {
        *seen = w->collisions;
        *idle = 0;
        return false;
    }
    *idle += 1;
    return *idle > CCL_IDLE_EVENTS_MIN + CCL_IDLE_EVENTS_PER_CIRCLE * (uint64_t)w->live_count;
}

/* Runs events up to internal time t_end, or until collision_limit more circle collisions. */
static ccl_status ccl_world_run_events(ccl_world *w, double t_end, uint64_t collision_limit) {
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    ccl_status status = ccl_world_prepare_run(w, t_end);
    if (status != CCL_OK) {
        return status;
    }
    if (ccl_world_growing(w)) {
        ccl_growth_prepare(w);
    }
    uint64_t start_collisions = w->collisions, seen = w->collisions;
    uint64_t processed = 0, idle = 0;
    uint64_t limit = w->def.max_events_per_advance;
    double stop = ccl_clock_stop(w->time_base, t_end);
    for (;;) {
        int32_t i = ccl_queue_top(&w->queue);
        /* an event at an infinite time never comes (a circle at rest has none before that) */
        if (i < 0 || !(ccl_queue_key(&w->queue, i) <= stop) ||
            ccl_queue_key(&w->queue, i) == INFINITY) {
            break;
        }
        if (collision_limit > 0 && w->collisions - start_collisions >= collision_limit) {
            return CCL_OK; /* time stays at the last collision */
        }
        if (ccl_world_growing(w) && ccl_queue_key(&w->queue, i) > w->growth.until) {
            status = ccl_growth_regrid(w); /* the cells are about to stop holding the circles */
            if (status != CCL_OK) {
                return status;
            }
            ccl_world_repredict_all(w);
            continue;
        }
        if ((limit > 0 && processed >= limit) ||
            (t_end == INFINITY && ccl_world_idle_too_long(w, &idle, &seen))) {
            return CCL_ERR_EVENT_LIMIT;
        }
        ccl_world_look_ahead(w);
        uint8_t kind = w->bodies[i].event_kind;
        if (kind != CCL_EVENT_CELL && kind != CCL_EVENT_NONE) {
            status = ccl_world_reserve_contact(w);
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
        status = ccl_world_handle_event(w, i);
        if (status != CCL_OK) {
            return status;
        }
        if (w->events_since_rebase >
            (uint64_t)CCL_REBASE_EVENTS_PER_CIRCLE * (uint64_t)w->live_count + 1024u) {
            double shift = ccl_world_rebase(w);
            t_end -= shift;
            stop -= shift;
        }
    }
    /* with no end in time, the time stays at the last event: it never becomes infinite */
    if ((collision_limit == 0 || w->collisions - start_collisions < collision_limit) &&
        t_end < INFINITY) {
        w->time = t_end;
    }
    return CCL_OK;
}

/* ccl_world_run_events, after which a growing world's radii are those of the present. */
static ccl_status ccl_world_run(ccl_world *w, double t_end, uint64_t collision_limit) {
    ccl_status status = ccl_world_run_events(w, t_end, collision_limit);
    if (ccl_world_growing(w) && status != CCL_ERR_LOCKED) {
        ccl_growth_rescale(w);
    }
    return status;
}

#define CCL_WORLD_FN(name) ccl_world_##name
#define CCL_WORLD_T        ccl_world
#define CCL_WORLD_RUN      ccl_world_run
#include "world_common/advance_impl.h"
