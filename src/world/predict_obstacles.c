/* Prediction of contacts with segments and points. */

#include "core/inline.h"
#include "narrow/narrow.h"
#include "world/motion.h"
#include "world/predict_gravity_damped.h"
#include "world/predict_parts.h"
#include "world/touch.h"
#include "world/world.h"

/* A touch of a segment's line at u counts when the centre is then beside the interior: its
 * position along the axis, along0 + along1 u + along2 u^2 / 2, lies in [0, length]. */
static void ccl_consider_strip(double mixed_gamma, ccl_candidate *best, double u, double along0,
                               double along1, double along2, double length, int32_t other) {
    if (u < best->u) {
        double along = ccl_curved_at(mixed_gamma, along0, along1, along2, u);
        if (along >= 0.0 && along <= length) {
            ccl_consider(best, u, CCL_EVENT_SEGMENT, other, 0);
        }
    }
}

/* Circle b, at position p in the obstacle's frame (shifted to meet a periodic image). other:
 * the event's partner, the obstacle code of the image (ccl_predict_obstacles). */
static CCL_ALWAYS_INLINE void ccl_predict_segment(const ccl_world *w, double mixed_gamma,
                                                  const ccl_body_slot *b, ccl_vec2 p, ccl_vec2 acc,
                                                  int32_t index, int32_t other, bool later_only,
                                                  ccl_candidate *best) {
    ccl_segment s = w->obstacles.segments[index];
    ccl_vec2 axis, rel;
    /* (b - a) x (p - a); the world's coordinates (within CCL_MAX_LENGTH) keep it from overflow */
    const double cross = ccl_segment_cross(s.a, s.b, p, &axis, &rel);
    double length = ccl_length(axis);
    ccl_vec2 neg_acc = ccl_neg(acc);
    /* end caps: the ends are fixed points */
    double ua = ccl_curved_pair_entry(mixed_gamma, ccl_sub(s.a, p), ccl_neg(b->velocity), neg_acc,
                                      b->radius, best->u);
    if (!(later_only && ccl_at_once(w, ua))) {
        ccl_consider(best, ua, CCL_EVENT_SEGMENT, other, 0);
    }
    if (!(length > 0.0)) {
        return;
    }
    double ub = ccl_curved_pair_entry(mixed_gamma, ccl_sub(s.b, p), ccl_neg(b->velocity), neg_acc,
                                      b->radius, best->u);
    if (!(later_only && ccl_at_once(w, ub))) {
        ccl_consider(best, ub, CCL_EVENT_SEGMENT, other, 0);
    }
    /* the strip beside the interior: signed distance to the line, on the circle's side, from the
     * compensated cross product: n . (p - a) in plain arithmetic errs by ulps of |p - a|, which
     * beside a segment far longer than the circle exceeds its radius */
    ccl_vec2 dir = ccl_v2(axis.x / length, axis.y / length); /* no 1 / length: it overflows */
    ccl_vec2 n = ccl_perp(dir);
    double d0 = cross / length, d1 = ccl_dot(n, b->velocity), d2 = ccl_dot(n, acc);
    double side = d0 > 0.0 ? 1.0 : (d0 < 0.0 ? -1.0 : (d1 > 0.0 ? -1.0 : 1.0));
    double along0 = ccl_dot(dir, rel), along1 = ccl_dot(dir, b->velocity);
    double along2 = ccl_dot(dir, acc);
    double u = ccl_curved_touch(mixed_gamma, side * d0 - b->radius, side * d1, side * d2, best->u);
    if (!(later_only && ccl_at_once(w, u))) {
        ccl_consider_strip(mixed_gamma, best, u, along0, along1, along2, length, other);
    }
    /* A curved path can pass beyond an end, cross the line and come back at the interior from
     * the other side: the other side's distance (negative now) must rise above the radius and
     * fall back to it. Moving away from that side for good, it never can. */
    double g0 = -side * d0 - b->radius, g1 = -side * d1, g2 = -side * d2;
    if (g2 != 0.0 && !(g0 <= 0.0 && (g1 < 0.0 || (g1 == 0.0 && g2 <= 0.0)))) {
        double u2 = ccl_curved_fall(mixed_gamma, g0, g1, g2, best->u);
        if (!(later_only && ccl_at_once(w, u2))) {
            ccl_consider_strip(mixed_gamma, best, u2, along0, along1, along2, length, other);
        }
    }
}

/* Whether a bounce of circle b off an image of obstacle s (ccl_world_image_shift), at the present
 * time, would change nothing: with ccl_world_hit_wall's normal (from the centre to the nearest
 * point of that image) and its least impulse, vn along it (restitution 0). */
static bool ccl_bounce_changes_nothing(const ccl_world *w, const ccl_body_slot *b, ccl_segment s,
                                       int image) {
    ccl_vec2 point = ccl_box_nearest_on_image(&w->box, s, image, b->position);
    ccl_vec2 toward = ccl_sub(point, b->position);
    ccl_vec2 n =
        (toward.x != 0.0 || toward.y != 0.0) ? ccl_normalize(toward) : ccl_normalize(b->velocity);
    double vn = ccl_dot(b->velocity, n);
    if (!(vn > 0.0)) {
        return true;
    }
    ccl_vec2 after = ccl_mul_add(b->velocity, -vn, n);
    return after.x == b->velocity.x && after.y == b->velocity.y;
}

/* ccl_predict_obstacles for mixed_gamma = ccl_curved_gamma(w), inlined once for each law. */
static CCL_ALWAYS_INLINE void ccl_predict_obstacles_as(const ccl_world *w, double mixed_gamma,
                                                       const ccl_body_slot *b, ccl_vec2 acc,
                                                       int32_t skip, ccl_candidate *best) {
    const int32_t *item, *end;
    ccl_grid_obstacles_in(&w->grid, b->link.cell, &item, &end);
    for (; item < end; ++item) {
        const int32_t code = *item;
        const ccl_obstacle_ref ob = ccl_obstacle_decode(code);
        bool later_only = false;
        if (skip >= 0 && ccl_obstacle_codes_same_obstacle(skip, code)) {
            later_only = code == skip ||
                         ccl_bounce_changes_nothing(
                             w, b, ccl_obstacle_shape(&w->obstacles, ob.index, ob.point), ob.image);
        }
        ccl_vec2 p = ccl_box_from_image(&w->box, b->position, ob.image);
        if (!ob.point) {
            ccl_predict_segment(w, mixed_gamma, b, p, acc, ob.index, code, later_only, best);
        } else {
            double u =
                ccl_curved_pair_entry(mixed_gamma, ccl_sub(w->obstacles.points[ob.index], p),
                                      ccl_neg(b->velocity), ccl_neg(acc), b->radius, best->u);
            if (!(later_only && ccl_at_once(w, u))) {
                ccl_consider(best, u, CCL_EVENT_POINT, code, 0);
            }
        }
    }
}

void ccl_predict_obstacles(const ccl_world *w, const ccl_body_slot *b, ccl_vec2 acc, int32_t skip,
                           ccl_candidate *best) {
    if (w->grid.obstacle_start == NULL) {
        return;
    }
    double mixed_gamma = ccl_curved_gamma(w);
    if (mixed_gamma != 0.0) {
        ccl_predict_obstacles_as(w, mixed_gamma, b, acc, skip, best);
    } else {
        ccl_predict_obstacles_as(w, 0.0, b, acc, skip, best);
    }
}
