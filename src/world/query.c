/* Queries: circles' states and the largest overlap (the world's time is world/world.c's). */

#include <string.h>

#include "world/body.h"
#include "world/filter.h"
#include "world/motion.h"
#include "world/neighbours.h"
#include "world/world.h"

int ccl_world_circle_count(const ccl_world *w) {
    return w != NULL ? w->live_count : 0;
}

static void ccl_world_fill_state(const ccl_world *w, int32_t i, ccl_circle_state *out) {
    const ccl_body_slot *b = &w->bodies[i];
    memset(out, 0, sizeof *out); /* the padding too: states compare as bytes */
    out->id = ccl_world_id_of(w, i);
    ccl_body_state_at(w, b, w->time, &out->position, &out->velocity);
    out->radius = b->radius;
    out->mass = !b->immovable ? 1.0 / ccl_body_cold_of(w, b)->inv_mass : 0.0;
    out->restitution = ccl_body_cold_of(w, b)->restitution;
    out->user_data = w->user_data != NULL ? w->user_data[i] : NULL;
    out->asleep = b->asleep;
    out->kinematic = b->kinematic;
    out->sensor = b->sensor;
    ccl_filter filter = ccl_filter_of(w, i);
    out->category = filter.category;
    out->mask = filter.mask;
}

static void ccl_world_state_item(const ccl_world *w, int32_t i, void *out) {
    ccl_world_fill_state(w, i, out);
}

ccl_status ccl_world_get_circle(const ccl_world *w, ccl_circle_id id, ccl_circle_state *out) {
    return ccl_world_get_item(w, id, out, ccl_world_state_item);
}

ccl_status ccl_world_export(const ccl_world *w, ccl_circle_state *out, int capacity, int *count) {
    return ccl_world_export_items(w, out, sizeof *out, capacity, count, ccl_world_state_item);
}

typedef struct ccl_overlap_max {
    int32_t self;
    double radius;
    double worst;
} ccl_overlap_max;

static void ccl_track_overlap(const ccl_world *w, int32_t k, ccl_vec2 offset, void *ctx) {
    ccl_overlap_max *m = ctx;
    if (k <= m->self || (w->pair_checks && !ccl_pair_interacts(w, m->self, k))) {
        return; /* pairs that never collide may overlap */
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
    return w->grid.obstacle_start != NULL && !w->grid.obstacles_stale &&
           ccl_box_contains(&w->box, p) && ccl_grid_cells_hold(&w->grid, r) &&
           ccl_grid_cells_resolved(&w->grid);
}

/* A circle's centre and radius, and the largest overlap with an obstacle found so far. */
typedef struct ccl_obstacle_depth {
    ccl_vec2 p;
    double r, worst;
} ccl_obstacle_depth;

static bool ccl_deepen_obstacle(ccl_vec2 nearest, void *ctx) {
    ccl_obstacle_depth *depth = ctx;
    depth->worst = fmax(depth->worst, depth->r - ccl_length(ccl_sub(nearest, depth->p)));
    return true;
}

/* worst, or the largest overlap (radius minus distance) of a circle at p with radius r and a
 * segment or point if larger. Only the obstacles listed in p's cell can overlap it (any other is
 * more than half a cell away), so looking at those alone gives the same maximum as looking at
 * every one; where the tables do not cover the circle, every obstacle is looked at. */
static double ccl_obstacle_overlap(const ccl_world *w, ccl_vec2 p, double r, double worst) {
    ccl_obstacle_depth depth = {p, r, worst};
    ccl_world_each_obstacle_near(w, p, ccl_obstacle_table_covers(w, p, r), ccl_deepen_obstacle,
                                 &depth);
    return depth.worst;
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
