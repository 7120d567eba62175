/* Static contact tests (seed 003; seed 002's overlap check): squared distances, touching counts. */
#include "circol/collision.h"

#include <math.h>

#include "sweep_internal.h"

static bool valid_circle(ccl_circle c) {
    return ccl_vec2_is_finite(c.center) && isfinite(c.radius) && c.radius >= 0.0;
}

bool ccl_circles_overlap(ccl_circle a, ccl_circle b) {
    if (!valid_circle(a) || !valid_circle(b)) {
        return false;
    }
    ccl_vec2 d = ccl_sub(b.center, a.center);
    double R = a.radius + b.radius;
    double dist_sq = ccl_length_sq(d);
    double reach_sq = R * R;
    if (isfinite(dist_sq) && isfinite(reach_sq)) {
        return dist_sq <= reach_sq;
    }
    /* squares overflowed: compare the (overflow-free) distance itself */
    return ccl_length(d) <= R;
}

bool ccl_circles_contact(ccl_circle a, ccl_circle b, ccl_contact *out) {
    if (!ccl_circles_overlap(a, b)) {
        return false;
    }
    if (out != NULL) {
        ccl_vec2 d = ccl_sub(b.center, a.center);
        double dist = ccl_length(d);
        ccl_vec2 normal = dist > 0.0 ? ccl_scale(d, 1.0 / dist) : ccl_v2(1.0, 0.0);
        double depth = (a.radius + b.radius) - dist;
        out->normal = normal;
        out->depth = depth > 0.0 ? depth : 0.0;
        /* midway between a's surface point and b's surface point along the normal */
        out->point = ccl_mul_add(a.center, a.radius - 0.5 * out->depth, normal);
    }
    return true;
}

bool ccl_circle_segment_contact(ccl_circle c, ccl_segment s, ccl_contact *out) {
    if (!valid_circle(c) || !ccl_vec2_is_finite(s.a) || !ccl_vec2_is_finite(s.b)) {
        return false;
    }
    ccl_vec2 closest = ccl_closest_on_segment(s, c.center);
    ccl_vec2 d = ccl_sub(closest, c.center);
    double dist_sq = ccl_length_sq(d);
    double r_sq = c.radius * c.radius;
    bool touching =
        (isfinite(dist_sq) && isfinite(r_sq)) ? dist_sq <= r_sq : ccl_length(d) <= c.radius;
    if (!touching) {
        return false;
    }
    if (out != NULL) {
        double dist = ccl_length(d);
        ccl_vec2 normal;
        if (dist > 0.0) {
            normal = ccl_scale(d, 1.0 / dist);
        } else {
            /* centre on the segment: the segment's left-hand normal, or (1, 0) for a point */
            ccl_vec2 axis = ccl_sub(s.b, s.a);
            normal =
                (axis.x != 0.0 || axis.y != 0.0) ? ccl_normalize(ccl_perp(axis)) : ccl_v2(1.0, 0.0);
        }
        double depth = c.radius - dist;
        out->normal = normal;
        out->depth = depth > 0.0 ? depth : 0.0;
        out->point = ccl_mul_add(closest, 0.5 * out->depth, normal);
    }
    return true;
}
