/* Prediction in a world whose radii grow (world/growth.h): box walls, segments and points, and
 * neighbours. Each gap closes at the circle's speed less the rate its contact distance grows; the
 * cell exits are those of straight motion (the caller's). */

#include "narrow/narrow.h"
#include "world/growth.h"
#include "world/motion.h"
#include "world/predict_parts.h"
#include "world/touch.h"
#include "world/touch_growth.h"

/* A circle of radius r growing at s: each wall's gap, from the circle's surface, and its rate. */
static void ccl_growing_box(const ccl_world *w, const ccl_body_slot *b, double r, double s,
                            ccl_candidate *best) {
    const ccl_vec2 p = b->position, v = b->velocity;
    double f0[4] = {p.x - r - w->box.min.x, w->box.max.x - p.x - r, p.y - r - w->box.min.y,
                    w->box.max.y - p.y - r};
    double f1[4] = {v.x - s, -v.x - s, v.y - s, -v.y - s};
    for (int k = 0; k < 4; ++k) {
        ccl_consider(best, ccl_first_fall(f0[k], f1[k], 0.0, best->u), CCL_EVENT_BOX, k, 0);
    }
}

/* Circle b at position p in the segment's frame (shifted to meet a periodic image), radius r
 * growing at s: the two ends as fixed points, and the strip beside the interior, where the signed
 * distance to the line less the radius closes linearly. */
static void ccl_growing_segment(const ccl_world *w, const ccl_body_slot *b, ccl_vec2 p, double r,
                                double s, int32_t index, int32_t code, ccl_candidate *best) {
    ccl_segment seg = w->obstacles.segments[index];
    ccl_vec2 axis, rel;
    const double cross = ccl_segment_cross(seg.a, seg.b, p, &axis, &rel);
    double length = ccl_length(axis);
    ccl_vec2 back = ccl_neg(b->velocity);
    ccl_consider(best, ccl_growing_entry(ccl_sub(seg.a, p), back, r, s, best->u), CCL_EVENT_SEGMENT,
                 code, 0);
    if (!(length > 0.0)) {
        return;
    }
    ccl_consider(best, ccl_growing_entry(ccl_sub(seg.b, p), back, r, s, best->u), CCL_EVENT_SEGMENT,
                 code, 0);
    ccl_vec2 dir = ccl_v2(axis.x / length, axis.y / length);
    ccl_vec2 n = ccl_perp(dir);
    double d0 = cross / length, d1 = ccl_dot(n, b->velocity);
    double side = d0 > 0.0 ? 1.0 : (d0 < 0.0 ? -1.0 : (d1 > 0.0 ? -1.0 : 1.0));
    double u = ccl_first_fall(side * d0 - r, side * d1 - s, 0.0, best->u);
    if (u < best->u) {
        double along = ccl_dot(dir, rel) + ccl_dot(dir, b->velocity) * u;
        if (along >= 0.0 && along <= length) {
            ccl_consider(best, u, CCL_EVENT_SEGMENT, code, 0);
        }
    }
}

/* The segments and points listed for circle b's cell, every image. */
static void ccl_growing_obstacles(const ccl_world *w, const ccl_body_slot *b, double r, double s,
                                  ccl_candidate *best) {
    if (w->grid.obstacle_start == NULL) {
        return;
    }
    const int32_t *item, *end;
    ccl_grid_obstacles_in(&w->grid, b->link.cell, &item, &end);
    for (; item < end; ++item) {
        const int32_t code = *item;
        const ccl_obstacle_ref ob = ccl_obstacle_decode(code);
        ccl_vec2 p = ccl_box_from_image(&w->box, b->position, ob.image);
        if (!ob.point) {
            ccl_growing_segment(w, b, p, r, s, ob.index, code, best);
        } else {
            double u = ccl_growing_entry(ccl_sub(w->obstacles.points[ob.index], p),
                                         ccl_neg(b->velocity), r, s, best->u);
            ccl_consider(best, u, CCL_EVENT_POINT, code, 0);
        }
    }
}

/* The circles of the nine cells around circle i (each cell's periodic shift), their contact
 * distance now the sum of the radii grown by factor, growing at the sum times the relative rate. */
static void ccl_growing_neighbours(const ccl_world *w, int32_t i, double factor,
                                   ccl_candidate *best) {
    const ccl_body_slot *b = &w->bodies[i];
    ccl_cell_ring ring = ccl_ring_of(w, b);
    for (int row = 0; row < ring.nrows; ++row) {
        for (int col = 0; col < ring.ncols; ++col) {
            for (int32_t k = ccl_grid_first(&w->grid, ring.rows[row] * w->grid.nx + ring.cols[col]);
                 k >= 0; k = w->bodies[k].link.next) {
                const ccl_body_slot *o = &w->bodies[k];
                if (k == i || (b->immovable && o->immovable) ||
                    (b->separating && o->separating && ccl_pair_is_separating(w, i, k))) {
                    continue;
                }
                ccl_vec2 op, ov;
                ccl_body_state_at(w, o, w->time, &op, &ov);
                op.x += ring.shift_x[col];
                op.y += ring.shift_y[row];
                double sum = b->radius + o->radius;
                double u = ccl_growing_entry(ccl_sub(op, b->position), ccl_sub(ov, b->velocity),
                                             sum * factor, sum * w->growth.relative, best->u);
                ccl_consider(best, u, CCL_EVENT_CIRCLE, k, o->course);
            }
        }
    }
}

void ccl_predict_growing(const ccl_world *w, int32_t i, ccl_candidate *best) {
    const ccl_body_slot *b = &w->bodies[i];
    double factor = ccl_growth_factor(w, w->time);
    if (!b->immovable) {
        double r = b->radius * factor, s = b->radius * w->growth.relative;
        if (!w->box.periodic) {
            ccl_growing_box(w, b, r, s, best);
        }
        ccl_growing_obstacles(w, b, r, s, best);
    }
    ccl_growing_neighbours(w, i, factor, best);
}
