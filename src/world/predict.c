/* Prediction: a circle's earliest event, its cell exit and the box's walls; filing it. */

#include "world/growth.h"
#include "world/motion.h"
#include "world/predict_gravity_damped.h"
#include "world/predict.h"
#include "world/predict_parts.h"
#include "world/touch.h"
#include "world/world.h"

/* Cell (cx, cy)'s lower and upper edges along x and y (the last cell ends at the box's edge). */
static inline void ccl_cell_bounds(const ccl_world *w, int32_t cx, int32_t cy, double lo[2],
                                   double hi[2]) {
    lo[0] = w->box.min.x + cx * w->grid.cell_w;
    lo[1] = w->box.min.y + cy * w->grid.cell_h;
    hi[0] = cx == w->grid.nx - 1 ? w->box.max.x : lo[0] + w->grid.cell_w;
    hi[1] = cy == w->grid.ny - 1 ? w->box.max.y : lo[1] + w->grid.cell_h;
}

/* Circle b in cell (cx, cy), axis by axis (0: x, 1: y): the cell's edges, the cells along the
 * axis, the cell's place, the circle's position and velocity. */
typedef struct ccl_cell_frame {
    double lo[2], hi[2];
    int32_t n[2], c[2];
    double p[2], v[2];
} ccl_cell_frame;

static inline void ccl_cell_frame_of(const ccl_world *w, const ccl_body_slot *b, int32_t cx,
                                     int32_t cy, ccl_cell_frame *f) {
    ccl_cell_bounds(w, cx, cy, f->lo, f->hi);
    f->n[0] = w->grid.nx;
    f->n[1] = w->grid.ny;
    f->c[0] = cx;
    f->c[1] = cy;
    f->p[0] = b->position.x;
    f->p[1] = b->position.y;
    f->v[0] = b->velocity.x;
    f->v[1] = b->velocity.y;
}

/* Leaving cell (cx, cy) through one of its four edges (walls mode: not through the box edge) on a
 * curved path: each edge's gap closes at the circle's rate with its acceleration (see
 * ccl_first_fall). */
static void ccl_predict_cell_exit(const ccl_world *w, const ccl_body_slot *b, int32_t cx,
                                  int32_t cy, ccl_vec2 acc, double mixed_gamma,
                                  ccl_candidate *best) {
    ccl_cell_frame f;
    ccl_cell_frame_of(w, b, cx, cy, &f);
    double a[2] = {acc.x, acc.y};
    for (int axis = 0; axis < 2; ++axis) {
        if (f.n[axis] == 1 && !w->box.periodic) {
            continue;
        }
        if (w->box.periodic || f.c[axis] > 0) {
            ccl_consider(
                best,
                ccl_curved_fall(mixed_gamma, f.p[axis] - f.lo[axis], f.v[axis], a[axis], best->u),
                CCL_EVENT_CELL, 2 * axis, 0);
        }
        if (w->box.periodic || f.c[axis] < f.n[axis] - 1) {
            ccl_consider(
                best,
                ccl_curved_fall(mixed_gamma, f.hi[axis] - f.p[axis], -f.v[axis], -a[axis], best->u),
                CCL_EVENT_CELL, 2 * axis + 1, 0);
        }
    }
}

/* ccl_predict_cell_exit on a straight line: along each axis only the edge the circle moves towards
 * can be met, at the distance over the speed (0 when a rounding put the centre past that edge), so
 * each axis gives one time, and the earlier of the two (x on a tie) is chosen without a branch,
 * since which edge comes first is a coin toss. */
static inline void ccl_predict_cell_exit_straight(const ccl_world *w, const ccl_body_slot *b,
                                                  int32_t cx, int32_t cy, ccl_candidate *best) {
    ccl_cell_frame f;
    ccl_cell_frame_of(w, b, cx, cy, &f);
    double t[2];
    int32_t code[2];
    for (int axis = 0; axis < 2; ++axis) {
        bool down = f.v[axis] < 0.0;
        /* walled: no crossing out of the box, nor in a single cell */
        bool open = w->box.periodic || (down ? f.c[axis] > 0 : f.c[axis] < f.n[axis] - 1);
        double gap = down ? f.p[axis] - f.lo[axis] : f.hi[axis] - f.p[axis];
        double time = gap <= 0.0 ? 0.0 : gap / fabs(f.v[axis]);
        t[axis] = open && (down || f.v[axis] > 0.0) ? time : INFINITY; /* none at rest (or NaN) */
        code[axis] = 2 * axis + (down ? 0 : 1);
    }
    bool y_first = t[1] < t[0];
    ccl_consider(best, y_first ? t[1] : t[0], CCL_EVENT_CELL, y_first ? code[1] : code[0], 0);
}

/* The box's walls; mixed_gamma: ccl_curved_gamma(w). */
static void ccl_predict_box(const ccl_world *w, const ccl_body_slot *b, ccl_vec2 acc,
                            double mixed_gamma, ccl_candidate *best) {
    double r = b->radius;
    const ccl_vec2 p = b->position, v = b->velocity;
    /* each wall: distance from the circle's surface to the wall, its rate and its acceleration */
    double f0[4] = {p.x - r - w->box.min.x, w->box.max.x - p.x - r, p.y - r - w->box.min.y,
                    w->box.max.y - p.y - r};
    double f1[4] = {v.x, -v.x, v.y, -v.y};
    double f2[4] = {acc.x, -acc.x, acc.y, -acc.y};
    for (int k = 0; k < 4; ++k) {
        if (b->support & (1u << k)) {
            continue;
        }
        ccl_consider(best, ccl_curved_touch(mixed_gamma, f0[k], f1[k], f2[k], best->u),
                     CCL_EVENT_BOX, k, 0);
    }
}

/* exclude: a neighbour circle i is not to meet at once (-1 for none; a straight relative motion);
 * skip: an obstacle likewise (ccl_predict_obstacles). */
static void ccl_predict_begin(ccl_world *w, int32_t i, int32_t exclude, int32_t skip,
                              ccl_prediction *pr) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_move_to(w, b, w->time);
    ccl_candidate best = {INFINITY, CCL_EVENT_NONE, -1, 0};
    pr->scan.count = 0;
    pr->scan.exclude = exclude;
    if (!ccl_body_fixed(b) && w->straight) {
        const ccl_vec2 none = ccl_v2(0.0, 0.0);
        /* the cell's column and row, once (an integer division) */
        int32_t cx = b->link.cell % w->grid.nx, cy = b->link.cell / w->grid.nx;
        ccl_predict_cell_exit_straight(w, b, cx, cy, &best);
        /* away from the box's edge the cell exit always comes first (ccl_grid_set_edge_walls) */
        bool by_edge = cx == 0 || cy == 0 || cx == w->grid.nx - 1 || cy == w->grid.ny - 1;
        if (!w->box.periodic && (by_edge || !w->grid.edge_walls_only)) {
            ccl_predict_box(w, b, none, 0.0, &best);
        }
        if (w->grid.obstacle_start != NULL) {
            ccl_predict_obstacles(w, b, none, skip, &best);
        }
        ccl_predict_neighbours_straight(w, i, cx, cy, &best, &pr->scan);
    } else if (ccl_world_growing(w)) {
        if (!b->immovable) {
            ccl_predict_cell_exit(w, b, b->link.cell % w->grid.nx, b->link.cell / w->grid.nx,
                                  ccl_v2(0.0, 0.0), 0.0, &best);
        }
        ccl_predict_growing(w, i, &best);
    } else if (!ccl_body_fixed(b)) {
        ccl_vec2 acc = ccl_body_acceleration(w, b);
        double mixed_gamma = ccl_curved_gamma(w);
        ccl_predict_cell_exit(w, b, b->link.cell % w->grid.nx, b->link.cell / w->grid.nx, acc,
                              mixed_gamma, &best);
        if (!w->box.periodic) {
            ccl_predict_box(w, b, acc, mixed_gamma, &best);
        }
        ccl_predict_obstacles(w, b, acc, skip, &best);
        ccl_predict_neighbours(w, i, acc, exclude, &best);
    } else if (w->straight) {
        ccl_predict_neighbours_straight(w, i, b->link.cell % w->grid.nx, b->link.cell / w->grid.nx,
                                        &best, &pr->scan);
    } else {
        /* A fixed circle (immovable, or asleep) has no walls or cells to meet, but it must look
         * for its moving neighbours: when it is added or falls asleep, nobody else knows it. */
        ccl_predict_neighbours(w, i, ccl_v2(0.0, 0.0), exclude, &best);
    }
    pr->best = best;
}

/* ccl_predict_end without the filing: picks the event and writes it to the circle; returns its
 * time for the queue (ccl_predict_file). */
static double ccl_predict_choose(ccl_world *w, int32_t i, ccl_prediction *pr) {
    ccl_scan_pick(w, &pr->scan, &pr->best);
    ccl_candidate best = pr->best;
    ccl_body_slot *b = &w->bodies[i];
    b->event_kind = best.kind;
    ccl_body_cold *cold = ccl_body_cold_of(w, b);
    cold->event_partner = best.other;
    cold->event_partner_course = best.partner_course;
    return best.kind == CCL_EVENT_NONE ? INFINITY : w->time + ccl_tau_of_u(w, best.u);
}

static void ccl_predict_file(ccl_world *w, int32_t i, double when) {
    if (ccl_queue_contains(&w->queue, i)) {
        ccl_queue_update(&w->queue, i, when);
    } else {
        ccl_queue_push(&w->queue, i, when);
    }
}

static void ccl_predict_end(ccl_world *w, int32_t i, ccl_prediction *pr) {
    ccl_predict_file(w, i, ccl_predict_choose(w, i, pr));
}

void ccl_predict(ccl_world *w, int32_t i) {
    ccl_prediction pr;
    ccl_predict_begin(w, i, -1, -1, &pr);
    ccl_predict_end(w, i, &pr);
}

void ccl_predict_pair(ccl_world *w, int32_t i, int32_t k) {
    ccl_prediction pi, pk;
    ccl_predict_begin(w, i, -1, -1, &pi);
    ccl_predict_begin(w, k, -1, -1, &pk);
    double when_i = ccl_predict_choose(w, i, &pi);
    double when_k = ccl_predict_choose(w, k, &pk);
    ccl_queue_prefetch_key(&w->queue, when_i);
    ccl_queue_prefetch_key(&w->queue, when_k);
    ccl_predict_file(w, i, when_i);
    ccl_predict_file(w, k, when_k);
}

void ccl_predict_pair_passing_over(ccl_world *w, int32_t i, int32_t k) {
    ccl_prediction pi, pk;
    ccl_predict_begin(w, i, k, -1, &pi);
    ccl_predict_begin(w, k, i, -1, &pk);
    ccl_scan_exclude(w, &pi.scan); /* the last blocks (ccl_scan_walk did the full ones) */
    ccl_scan_exclude(w, &pk.scan);
    ccl_predict_end(w, i, &pi);
    ccl_predict_end(w, k, &pk);
}

bool ccl_predict_meets_at_once(ccl_world *w, int32_t i, int32_t k) {
    ccl_prediction pr;
    ccl_predict_begin(w, i, -1, -1, &pr);
    return pr.scan.count == 0 && pr.best.kind == CCL_EVENT_CIRCLE && pr.best.other == k &&
           ccl_at_once(w, pr.best.u);
}

void ccl_predict_obstacle_passing_over(ccl_world *w, int32_t i, int32_t code) {
    ccl_prediction pr;
    ccl_predict_begin(w, i, -1, code, &pr);
    ccl_predict_end(w, i, &pr);
}
