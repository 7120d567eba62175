/* What the last CCL_ERR_OVERLAP met, looked up in the world as it is now, by the same strict
 * tests that refused it (world/place.c, world/obstacles.c). */

#include "circol/query.h"
#include "world/body.h"
#include "world/motion.h"
#include "world/obstacle_ids.h"
#include "world/refusal.h"
#include "world/world.h"

/* The id of the first segment (then point) stored that strictly overlaps a circle at p with radius
 * r, or -1. */
static int32_t ccl_first_obstacle_over(const ccl_world *w, ccl_vec2 p, double r, bool point) {
    int32_t n = point ? w->obstacles.point_count : w->obstacles.segment_count;
    for (int32_t k = 0; k < n; ++k) {
        ccl_segment s = ccl_obstacle_shape(&w->obstacles, k, point);
        if (ccl_length_sq(ccl_sub(ccl_box_nearest_on(&w->box, s, p), p)) < r * r) {
            return ccl_obstacle_id(w, k, point);
        }
    }
    return -1;
}

/* True when circle i strictly overlaps the refused shape. */
static bool ccl_circle_meets_refused(const ccl_world *w, int32_t i) {
    ccl_vec2 q, v;
    const ccl_body_slot *b = &w->bodies[i];
    ccl_body_state_at(w, b, w->time, &q, &v);
    const ccl_refusal *f = &w->refusal;
    if (f->what == 1) {
        double R = f->radius + b->radius;
        return ccl_length_sq(ccl_box_separation(&w->box, f->shape.a, q)) < R * R;
    }
    ccl_vec2 near = ccl_box_nearest_on(&w->box, f->shape, q);
    return ccl_length_sq(ccl_sub(near, q)) < b->radius * b->radius;
}

ccl_status ccl_world_last_overlap(const ccl_world *w, ccl_overlap_partner *out) {
    if (w == NULL || out == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    ccl_overlap_partner found = {CCL_CONTACT_CIRCLE, {0, 0}, -1};
    const ccl_refusal *f = &w->refusal;
    if (f->what == 1) {
        for (int kind = 0; kind < 2; ++kind) {
            found.obstacle = ccl_first_obstacle_over(w, f->shape.a, f->radius, kind == 1);
            if (found.obstacle >= 0) {
                found.kind = kind == 1 ? CCL_CONTACT_POINT : CCL_CONTACT_SEGMENT;
                *out = found;
                return CCL_OK;
            }
        }
    }
    for (int32_t i = 0; f->what != 0 && i < w->slot_count; ++i) {
        if (w->bodies[i].alive && ccl_circle_meets_refused(w, i)) {
            found.circle = ccl_world_id_of(w, i);
            *out = found;
            return CCL_OK;
        }
    }
    return CCL_ERR_STALE_ID;
}
