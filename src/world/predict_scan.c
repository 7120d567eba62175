/* Prediction of collisions with neighbours: the straight-line scan (vectorised) and the curved one.
 */
#include <string.h>

#include "core/inline.h"
#include "world/motion.h"
#include "world/predict_gravity_damped.h"
#include "world/predict_parts.h"
#include "world/sensor_predict.h"
#include "world/touch.h"
#include "world/world.h"

/* ccl_predict_neighbours for mixed_gamma = ccl_curved_gamma(w), inlined once for each law. */
static CCL_ALWAYS_INLINE void ccl_predict_neighbours_as(const ccl_world *w, double mixed_gamma,
                                                        int32_t i, ccl_vec2 acc, int32_t exclude,
                                                        ccl_candidate *best) {
    const ccl_body_slot *b = &w->bodies[i];
    const double now = w->time;
    ccl_cell_ring ring = ccl_ring_of(w, b);
    for (int row = 0; row < ring.nrows; ++row) {
        for (int col = 0; col < ring.ncols; ++col) {
            for (int32_t k = ccl_grid_first(&w->grid, ring.rows[row] * w->grid.nx + ring.cols[col]);
                 k >= 0; k = w->bodies[k].link.next) {
                if (k == i) {
                    continue;
                }
                const ccl_body_slot *o = &w->bodies[k];
                if (ccl_body_fixed(b) && ccl_body_fixed(o)) {
                    continue;
                }
                if (b->separating && o->separating && ccl_pair_is_separating(w, i, k)) {
                    continue;
                }
                if (w->pair_checks &&
                    ccl_pair_checked(w, i, k, ccl_v2(ring.shift_x[col], ring.shift_y[row]), exclude,
                                     best)) {
                    continue;
                }
                ccl_vec2 op, ov;
                ccl_body_state_at(w, o, now, &op, &ov);
                ccl_vec2 da = ccl_sub(ccl_body_acceleration(w, o), acc);
                op.x += ring.shift_x[col];
                op.y += ring.shift_y[row];
                double u = ccl_curved_pair_entry(mixed_gamma, ccl_sub(op, b->position),
                                                 ccl_sub(ov, b->velocity), da,
                                                 b->radius + o->radius, best->u);
                if (k == exclude && da.x == 0.0 && da.y == 0.0 && ccl_at_once(w, u)) {
                    continue; /* ccl_predict_pair_passing_over: a straight relative motion only */
                }
                ccl_consider(best, u, CCL_EVENT_CIRCLE, k, o->course);
            }
        }
    }
}

void ccl_predict_neighbours(const ccl_world *w, int32_t i, ccl_vec2 acc, int32_t exclude,
                            ccl_candidate *best) {
    double mixed_gamma = ccl_curved_gamma(w);
    if (mixed_gamma != 0.0) {
        ccl_predict_neighbours_as(w, mixed_gamma, i, acc, exclude, best);
    } else {
        ccl_predict_neighbours_as(w, 0.0, i, acc, exclude, best);
    }
}

/* The straight-line neighbour scan works in two passes: it walks the cells and writes each
 * neighbour's relative motion side by side, then computes every entry time without a branch (a
 * loop the compiler vectorises) and keeps the first smallest, in walking order, so that no
 * neighbour's loads wait behind the previous one's arithmetic and branches. The result is the
 * event ccl_straight_entry would give neighbour by neighbour, bit for bit: each time is computed
 * with its operations, and a neighbour that its early exit skips cannot be the first smallest. */

/* ccl_straight_entry without the early exit for each of the first n entries (n a multiple of 4),
 * from the squares' discriminant. An entry that needs the factored form instead
 * (not ccl_squares_safe: extreme magnitudes, NaN) is given the time -1, which no entry has:
 * ccl_scan_settle then computes the block again. */
CCL_SCAN_KERNEL
static void ccl_scan_entries(ccl_scan_block *s, int n) {
    for (int j = 0; j < n; ++j) {
        double dpx = s->dpx[j], dpy = s->dpy[j], dvx = s->dvx[j], dvy = s->dvy[j];
        double R = s->reach[j];
        double b = dvx * dpx + dvy * dpy;
        double c = (dpx * dpx + dpy * dpy) - R * R;
        double cross = dvx * dpy - dvy * dpx;
        double aRR = (dvx * dvx + dvy * dvy) * (R * R);
        double u = ccl_straight_root_squares(b, c, aRR, cross * cross);
        u = ccl_squares_safe(aRR) ? u : -1.0;
        u = c <= 0.0 ? 0.0 : u;
        s->u[j] = b < 0.0 ? u : INFINITY;
    }
}

/* Computes the block's times again, each as ccl_straight_entry has it (the same bits as the
 * vectorised kernel where that kernel could answer). */
static void ccl_scan_entries_any(ccl_scan_block *s) {
    for (int j = 0; j < s->count; ++j) {
        double dpx = s->dpx[j], dpy = s->dpy[j], dvx = s->dvx[j], dvy = s->dvy[j];
        double R = s->reach[j];
        double b = dvx * dpx + dvy * dpy;
        double c = (dpx * dpx + dpy * dpy) - R * R;
        double u = ccl_straight_root(b, c, dvx * dvx + dvy * dvy, dvx * dpy - dvy * dpx, R);
        u = c <= 0.0 ? 0.0 : u;
        s->u[j] = b < 0.0 ? u : INFINITY;
    }
}

/* Makes every computed time of the block right: when the vectorised kernel left one at -1, the
 * block is computed again (rare: only at extreme magnitudes). */
static void ccl_scan_settle(ccl_scan_block *s) {
    for (int j = 0; j < s->count; ++j) {
        if (s->u[j] < 0.0) {
            ccl_scan_entries_any(s);
            return;
        }
    }
}

/* Computes the entry times of the gathered neighbours (without looking at them yet). */
static void ccl_scan_run(ccl_scan_block *s) {
    int n = s->count;
    /* up to the next multiple of 4: three entries at rest relative to the circle (b = 0, no
     * entry), written out, since a loop to the multiple became five calls to memset */
    double *pad[5] = {s->dpx + n, s->dpy + n, s->dvx + n, s->dvy + n, s->reach + n};
    for (int a = 0; a < 5; ++a) {
        pad[a][0] = 0.0;
        pad[a][1] = 0.0;
        pad[a][2] = 0.0;
    }
    ccl_scan_entries(s, (n + 3) & ~3);
}

void ccl_scan_exclude(const ccl_world *w, ccl_scan_block *s) {
    ccl_scan_settle(s);
    for (int j = 0; j < s->count; ++j) {
        if (s->who[j] == s->exclude && ccl_at_once(w, s->u[j])) {
            s->u[j] = INFINITY;
        }
    }
}

/* The place of the first smallest computed entry time below *first (-1 for none), which it
 * lowers to that time: by selects, since which neighbour wins is anybody's guess. */
static int ccl_scan_first(const ccl_scan_block *s, double *first) {
    double least = *first;
    int at = -1;
    for (int j = 0; j < s->count; ++j) {
        bool better = s->u[j] < least;
        least = better ? s->u[j] : least;
        at = better ? j : at;
    }
    *first = least;
    return at;
}

void ccl_scan_pick(const ccl_world *w, ccl_scan_block *s, ccl_candidate *best) {
    double first = best->u;
    int at = ccl_scan_first(s, &first);
    if (first < 0.0) { /* a time the vectorised kernel left to ccl_scan_settle */
        ccl_scan_settle(s);
        first = best->u;
        at = ccl_scan_first(s, &first);
    }
    if (at >= 0) {
        ccl_consider(best, first, CCL_EVENT_CIRCLE, s->who[at], w->bodies[s->who[at]].course);
    }
    s->count = 0;
}

/* Writes neighbour o (slot k, its cell shifted by shift when shifted) at place s->count, without
 * counting it: its motion relative to the circle at position p, velocity v and radius r, at time
 * now. */
static inline void ccl_scan_put(ccl_scan_block *s, const ccl_body_slot *o, int32_t k,
                                ccl_vec2 shift, bool shifted, double now, ccl_vec2 p, ccl_vec2 v,
                                double r) {
    int j = s->count;
    double tau = now - o->time;
    double x = o->position.x + tau * o->velocity.x;
    double y = o->position.y + tau * o->velocity.y;
    s->dpx[j] = (shifted ? x + shift.x : x) - p.x;
    s->dpy[j] = (shifted ? y + shift.y : y) - p.y;
    s->dvx[j] = o->velocity.x - v.x;
    s->dvy[j] = o->velocity.y - v.y;
    s->reach[j] = r + o->radius;
    s->who[j] = k;
}

/* Walks the lists that start at starts[0..filled) into the scan block
 * (ccl_predict_neighbours_straight below). Inlined three times with constant flags: `checks` for a
 * fixed or separating circle (the rare cases that skip some neighbours), `shifted` for a cell by
 * the box's edge whose neighbours may lie across a periodic edge. Elsewhere the shift is 0 and its
 * addition is left out: adding +0.0 changes nothing but the sign of a zero, which no entry time
 * depends on. */
static CCL_ALWAYS_INLINE void ccl_scan_walk(const ccl_world *w, int32_t i, const int32_t *starts,
                                            const ccl_vec2 *shifts, int filled, bool checks,
                                            bool shifted, ccl_scan_block *s, ccl_candidate *best) {
    const ccl_body_slot *bodies = w->bodies;
    const ccl_body_slot *b = &bodies[i];
    const double now = w->time;
    const ccl_vec2 p = b->position, v = b->velocity;
    const double r = b->radius;
    const bool fixed = ccl_body_fixed(b);
    for (int m = 0; m < filled; ++m) {
        const ccl_vec2 shift = shifted ? shifts[m] : ccl_v2(0.0, 0.0);
        int32_t k = starts[m];
        do {
            const ccl_body_slot *o = &bodies[k];
            const int32_t here = k;
            k = o->link.next;
            if (checks) {
                if (fixed && (here == i || ccl_body_fixed(o))) {
                    continue; /* a fixed circle looks only for moving ones */
                }
                if (b->separating && o->separating && ccl_pair_is_separating(w, i, here)) {
                    continue;
                }
                if (w->pair_checks && here != i &&
                    ccl_pair_checked(w, i, here, shift, s->exclude, best)) {
                    continue; /* filtered out, or a sensor's touch (sensor.c) */
                }
            }
            if (s->count == CCL_SCAN_BLOCK) {
                ccl_scan_run(s);
                if (s->exclude >= 0) { /* a full block: rare, and an exclusion rarer */
                    ccl_scan_exclude(w, s);
                }
                ccl_scan_pick(w, s, best);
            }
            ccl_scan_put(s, o, here, shift, shifted, now, p, v, r);
            s->count += here != i; /* the circle itself is written and dropped: no branch */
        } while (k >= 0);
    }
}

void ccl_predict_neighbours_straight(const ccl_world *w, int32_t i, int32_t cx, int32_t cy,
                                     ccl_candidate *best, ccl_scan_block *s) {
    const ccl_body_slot *bodies = w->bodies;
    const ccl_body_slot *b = &bodies[i];
    const bool checks = b->immovable || b->asleep || b->separating || w->pair_checks;
    /* The non-empty cells are picked out first, without a branch (about half of the nine are
     * empty at the default density, which no predictor can guess), then each is walked. */
    int32_t starts[9];
    ccl_vec2 shifts[9];
    int filled = 0;
    const int32_t nx = w->grid.nx;
    const bool interior = cx > 0 && cx < nx - 1 && cy > 0 && cy < w->grid.ny - 1;
    if (interior) {
        /* away from the box's edges (nearly every cell of a large grid): no wrap, no shift */
        const int32_t *head = w->grid.cell_head + (ptrdiff_t)(cy - 1) * nx + (cx - 1);
        for (int row = 0; row < 3; ++row, head += nx) {
            for (int col = 0; col < 3; ++col) {
                int32_t k = head[col];
                starts[filled] = k;
                filled += k >= 0;
            }
        }
    } else {
        ccl_cell_ring ring = ccl_grid_ring(&w->grid, &w->box, cx, cy);
        for (int row = 0; row < ring.nrows; ++row) {
            for (int col = 0; col < ring.ncols; ++col) {
                int32_t k = ccl_grid_first(&w->grid, ring.rows[row] * nx + ring.cols[col]);
                starts[filled] = k;
                shifts[filled] = ccl_v2(ring.shift_x[col], ring.shift_y[row]);
                filled += k >= 0;
            }
        }
    }
    for (int m = 0; m < filled; ++m) {
        __builtin_prefetch(&bodies[starts[m]]);
    }
    s->count = 0;
    if (checks) {
        if (interior) {
            for (int m = 0; m < filled; ++m) {
                shifts[m] = ccl_v2(0.0, 0.0);
            }
        }
        ccl_scan_walk(w, i, starts, shifts, filled, true, true, s, best);
    } else if (interior) {
        ccl_scan_walk(w, i, starts, shifts, filled, false, false, s, best);
    } else {
        ccl_scan_walk(w, i, starts, shifts, filled, false, true, s, best);
    }
    ccl_scan_run(s); /* picked by ccl_predict_end */
}
