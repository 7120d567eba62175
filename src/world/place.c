/* Adding and removing circles. Adding checks the definition, places the circle in a slot, bins
 * it, applies the overlap policy and predicts its event. */
#include <stdint.h>
#include <string.h>

#include "core/constants.h"
#include "core/status.h"
#include "world/body.h"
#include "world/drift.h"
#include "world/filter.h"
#include "world/motion.h"
#include "world/neighbours.h"
#include "world/place.h"
#include "world/predict.h"
#include "world/refusal.h"
#include "world/sensor.h"
#include "world/sleep.h"
#include "world/unwrap.h"
#include "world/world.h"

typedef struct ccl_overlap_scan {
    int32_t self;
    double radius;
    int32_t found[64];
    int32_t count;
    bool overflow;
} ccl_overlap_scan;

static void ccl_collect_overlap(const ccl_world *w, int32_t k, ccl_vec2 offset, void *ctx) {
    ccl_overlap_scan *scan = ctx;
    if (k == scan->self || !ccl_pair_interacts(w, scan->self, k)) {
        return; /* filtered pairs and sensors may overlap */
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

/* A circle's centre and squared radius, and whether an obstacle overlaps it strictly. */
typedef struct ccl_obstacle_probe {
    ccl_vec2 p;
    double r2;
    bool hit;
} ccl_obstacle_probe;

static bool ccl_probe_obstacle(ccl_vec2 nearest, void *ctx) {
    ccl_obstacle_probe *probe = ctx;
    probe->hit = ccl_length_sq(ccl_sub(nearest, probe->p)) < probe->r2;
    return !probe->hit;
}

/* The tables list for p's cell every obstacle (image) within a cell's size of it, so every one
 * within r where r fits a cell: no need to look at the others then. */
bool ccl_circle_hits_obstacle(const ccl_world *w, ccl_vec2 p, double r) {
    bool from_table = w->grid.obstacle_start != NULL && !w->grid.obstacles_stale &&
                      r <= w->grid.cell_w && r <= w->grid.cell_h;
    ccl_obstacle_probe probe = {p, r * r, false};
    ccl_world_each_obstacle_near(w, p, from_table, ccl_probe_obstacle, &probe);
    return probe.hit;
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
     * between rebuilds, so their cost is O(1) per add, and a world filled one circle at a time
     * never keeps a grid several times too coarse. */
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
    return ccl_world_rebuild_grid_for(w, max_radius);
}

ccl_status ccl_world_rebuild_grid_for(ccl_world *w, double max_radius) {
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
    w->bodies[i].course++; /* as a removal does */
    w->bodies[i].link.next = w->free_head;
    w->free_head = i;
    w->live_count--;
}

ccl_status ccl_world_position_in_box(const ccl_world *w, ccl_vec2 p, double r, ccl_vec2 *placed) {
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
    *placed = p;
    return CCL_OK;
}

/* Checks a circle's definition against the world: the arguments, the lock, the room, the box
 * (*p: where it goes) and the segments and points it must not overlap. */
static ccl_status ccl_world_check_circle(ccl_world *w, const ccl_circle_def *def, ccl_vec2 *p) {
    bool valid = w != NULL && def != NULL && ccl_circle_def_is_valid(def);
    ccl_status status = valid ? ccl_add_status(w->locked, w->live_count, w->def.max_circles)
                              : CCL_ERR_INVALID_ARGUMENT;
    if (status != CCL_OK) {
        return status;
    }
    status = ccl_world_position_in_box(w, def->position, def->radius, p);
    if (status != CCL_OK) {
        return status;
    }
    if (!w->box.periodic && def->mass > 0.0 &&
        !(2.0 * def->radius < w->box.size.x && 2.0 * def->radius < w->box.size.y)) {
        /* as wide (or as high) as the box: touching both opposite walls, it could not move
         * without meeting them both at once, again and again at one instant */
        return CCL_ERR_OUTSIDE_BOX;
    }
    if (w->grid.obstacles_stale && ccl_obstacle_count(&w->obstacles) > CCL_OBSTACLES_SCANNED) {
        /* obstacles came since the tables were built: bin them now, once for the circles to come,
         * rather than look at every obstacle for each of them */
        status = ccl_grid_bin_obstacles_again(&w->grid, &w->obstacles);
        if (status != CCL_OK) {
            return status;
        }
    }
    if (ccl_circle_hits_obstacle(w, *p, def->radius)) {
        ccl_world_note_refused_circle(w, *p, def->radius);
        return CCL_ERR_OVERLAP;
    }
    return CCL_OK;
}

/* Makes sure a slot (and, for a circle with user data, the user data array) is there to take. */
static ccl_status ccl_world_reserve_slot(ccl_world *w, const ccl_circle_def *def) {
    if (w->free_head < 0) {
        ccl_status status = ccl_world_reserve(w, w->slot_count + 1);
        if (status != CCL_OK) {
            return status;
        }
    }
    if (def->user_data != NULL && w->user_data == NULL) {
        return ccl_world_keep_user_data(w);
    }
    return CCL_OK;
}

/* Takes a free slot (one reserved) and returns it, with its course version. */
static int32_t ccl_world_take_slot(ccl_world *w, uint32_t *course) {
    *course = 0;
    if (w->free_head >= 0) {
        int32_t i = w->free_head;
        w->free_head = w->bodies[i].link.next;
        /* a reused slot keeps counting trajectories: an event another circle predicted with the
         * removed one holds its last count, which must not match the newcomer's */
        *course = w->bodies[i].course;
        return i;
    }
    int32_t i = w->slot_count++;
    w->generation[i] = 1;
    return i;
}

/* Fills slot i with a new live circle of definition def at position p (not binned yet). */
static void ccl_world_fill_slot(ccl_world *w, int32_t i, uint32_t course, const ccl_circle_def *def,
                                ccl_vec2 p) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_cold *cold = &w->cold[i];
    memset(b, 0, sizeof *b);
    memset(cold, 0, sizeof *cold);
    b->course = course;
    b->position = p;
    b->velocity = def->mass > 0.0 ? def->velocity : ccl_v2(0.0, 0.0);
    b->time = w->time;
    b->radius = def->radius;
    cold->inv_mass = def->mass > 0.0 ? 1.0 / def->mass : 0.0;
    cold->restitution = def->restitution < 0.0 ? w->def.restitution : def->restitution;
    cold->last_collision = -INFINITY;
    cold->event_partner = -1;
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
}

/* Puts the new circle i into its cell, rebuilding the grid when it no longer fits the circles. */
static ccl_status ccl_world_bin_circle(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    if (ccl_world_grid_stale(w, b->radius)) {
        ccl_status status = ccl_world_rebuild_grid(w);
        if (status != CCL_OK) {
            return status;
        }
        w->repredict_pending = true;
    } else {
        ccl_grid_insert(&w->grid, ccl_world_links(w), i, ccl_grid_cell_of(&w->grid, b->position));
        w->grid.max_radius = fmax(w->grid.max_radius, b->radius);
    }
    return CCL_OK;
}

ccl_status ccl_world_apply_overlap_policy(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_overlap_scan scan;
    memset(&scan, 0, sizeof scan);
    scan.self = i;
    scan.radius = b->radius;
    ccl_world_each_neighbour(w, b->position, ccl_collect_overlap, &scan);
    if (scan.count == 0 && !scan.overflow) {
        return CCL_OK;
    }
    ccl_status status = CCL_ERR_OVERLAP;
    if (w->def.overlap == CCL_OVERLAP_SEPARATE && !scan.overflow) {
        status = ccl_world_reserve_overlaps(w, scan.count);
    }
    if (status == CCL_ERR_OVERLAP) {
        ccl_world_note_refused_circle(w, b->position, b->radius);
    }
    if (status != CCL_OK) {
        return status;
    }
    for (int32_t m = 0; m < scan.count; ++m) {
        ccl_world_push_overlap(w, scan.found[m], i); /* room reserved above */
        w->bodies[scan.found[m]].separating = 1;
    }
    b->separating = 1;
    return CCL_OK;
}

/* Predicts the new circle i, or leaves every prediction to the next advance. */
static void ccl_world_predict_added(ccl_world *w, int32_t i) {
    if (w->bodies[i].immovable) {
        /* an immovable circle has no events of its own: its neighbours must look again */
        w->repredict_pending = true;
    }
    if (!w->repredict_pending) {
        ccl_predict(w, i);
    }
}

ccl_status ccl_world_add_circle(ccl_world *w, const ccl_circle_def *def, ccl_circle_id *id) {
    ccl_vec2 p;
    ccl_status status = ccl_world_check_circle(w, def, &p);
    if (status == CCL_OK) {
        status = ccl_world_reserve_slot(w, def);
    }
    if (status != CCL_OK) {
        return status;
    }
    uint32_t course;
    int32_t i = ccl_world_take_slot(w, &course);
    ccl_world_fill_slot(w, i, course, def, p);
    ccl_world_image_reset(w, i);
    status = ccl_world_bin_circle(w, i);
    if (status == CCL_OK) {
        status = ccl_world_apply_overlap_policy(w, i);
    }
    if (status != CCL_OK) {
        ccl_world_undo_add(w, i);
        return status;
    }
    ccl_world_predict_added(w, i);
    if (id != NULL) {
        *id = ccl_world_id_of(w, i);
    }
    return CCL_OK;
}

void ccl_world_forget_overlaps(ccl_world *w, int32_t i) {
    int32_t kept = 0;
    for (int32_t m = 0; m < w->overlap_count; ++m) {
        if (w->overlaps[m].a != i && w->overlaps[m].b != i) {
            w->overlaps[kept++] = w->overlaps[m];
        }
    }
    w->overlap_count = kept;
    ccl_world_refresh_separating_flags(w);
}

ccl_status ccl_world_remove_circle(ccl_world *w, ccl_circle_id id) {
    int32_t i;
    ccl_status status = ccl_world_slot_to_change(w, id, &i);
    if (status != CCL_OK) {
        return status;
    }
    ccl_grid_remove(&w->grid, ccl_world_links(w), i);
    ccl_queue_remove(&w->queue, i);
    ccl_body_slot *b = &w->bodies[i];
    ccl_world_wake_dependents(w, i); /* what it held up falls */
    b->alive = 0;
    b->course++;
    w->generation[i] = w->generation[i] == UINT32_MAX ? 1 : w->generation[i] + 1;
    if (w->user_data != NULL) {
        w->user_data[i] = NULL;
    }
    w->live_count--;
    ccl_world_forget_overlaps(w, i);
    ccl_sensor_forget(w, i);
    ccl_filter_reset(w, i);
    b->link.next = w->free_head;
    w->free_head = i;
    return CCL_OK;
}
