/* Static contact tests (seed 003; seed 002's overlap check): squared distances, touching counts. */
#include "circol/collision.h"

#include <float.h>
#include <math.h>

#include "core/constants.h"
#include "narrow/narrow.h"
#include "narrow/range.h"

/* d / |d| for a non-zero finite d of length dist, exact to rounding also when d is subnormal
 * (it is then scaled up by a power of two first). */
static ccl_vec2 ccl_unit_of(ccl_vec2 d, double dist) {
    double m = fmax(fabs(d.x), fabs(d.y));
    if (m < CCL_UNDERFLOW_NEAR) {
        d = ccl_scale(d, ccl_unit_scale(m));
        dist = ccl_length(d);
    }
    return ccl_v2(d.x / dist, d.y / dist);
}

/* The offset b - a and the contact distance ra + rb, both multiplied by the same power of two so
 * that neither overflows nor is subnormal; *scale gets that power. Exact except for the lowest
 * subnormal bits of values that sit beside values near DBL_MAX. */
static void ccl_scaled_offset(ccl_circle a, ccl_circle b, ccl_vec2 *d, double *R) {
    double big = fmax(
        fmax(fmax(fabs(a.center.x), fabs(a.center.y)), fmax(fabs(b.center.x), fabs(b.center.y))),
        fmax(a.radius, b.radius));
    double pre = ccl_offset_size(big);
    *d = ccl_sub(ccl_scale(b.center, pre), ccl_scale(a.center, pre));
    *R = a.radius * pre + b.radius * pre;
    double m = fmax(fmax(fabs(d->x), fabs(d->y)), *R);
    if (m > 0.0) {
        double s = ccl_unit_scale(m); /* exact */
        *d = ccl_scale(*d, s);
        *R *= s;
    }
}

bool ccl_circles_overlap(ccl_circle a, ccl_circle b) {
    if (!ccl_valid_circle(a) || !ccl_valid_circle(b)) {
        return false;
    }
    ccl_vec2 d = ccl_sub(b.center, a.center);
    double R = a.radius + b.radius;
    double dist_sq = ccl_length_sq(d);
    double reach_sq = R * R;
    if (ccl_squares_comparable(dist_sq, reach_sq)) {
        return dist_sq <= reach_sq;
    }
    /* squares overflowed or underflowed: compare them at a scale near 1 */
    ccl_scaled_offset(a, b, &d, &R);
    return ccl_length_sq(d) <= R * R;
}

bool ccl_circles_contact(ccl_circle a, ccl_circle b, ccl_contact *out) {
    if (!ccl_circles_overlap(a, b)) {
        return false;
    }
    if (out != NULL) {
        ccl_vec2 d = ccl_sub(b.center, a.center);
        double R = a.radius + b.radius;
        double unscale = 1.0;
        if (!ccl_vec2_is_finite(d) || !isfinite(R)) {
            /* near DBL_MAX: work at a quarter of the size, where nothing overflows */
            d = ccl_sub(ccl_scale(b.center, 0.25), ccl_scale(a.center, 0.25));
            R = a.radius * 0.25 + b.radius * 0.25;
            unscale = 4.0;
        }
        double dist = ccl_length(d);
        ccl_vec2 normal = dist > 0.0 ? ccl_unit_of(d, dist) : ccl_v2(1.0, 0.0);
        double depth = ccl_contact_depth(R, dist, unscale);
        out->normal = normal;
        out->depth = depth;
        /* midway between a's surface point and b's surface point along the normal */
        out->point = ccl_mul_add(a.center, a.radius - 0.5 * depth, normal);
        if (!ccl_vec2_is_finite(out->point)) {
            out->point = a.center; /* beyond DBL_MAX: the centre is the best finite answer */
        }
    }
    return true;
}

bool ccl_circle_segment_contact(ccl_circle c, ccl_segment s, ccl_contact *out) {
    if (!ccl_valid_circle(c) || !ccl_vec2_is_finite(s.a) || !ccl_vec2_is_finite(s.b)) {
        return false;
    }
    ccl_vec2 closest = ccl_closest_on_segment(s, c.center);
    ccl_vec2 d = ccl_sub(closest, c.center);
    double r = c.radius;
    double unscale = 1.0;
    if (!ccl_vec2_is_finite(d)) {
        /* near DBL_MAX: a quarter of the size, where the offset cannot overflow */
        d = ccl_sub(ccl_scale(closest, 0.25), ccl_scale(c.center, 0.25));
        r *= 0.25;
        unscale = 4.0;
    }
    double dist_sq = ccl_length_sq(d);
    double r_sq = r * r;
    bool touching;
    if (ccl_squares_comparable(dist_sq, r_sq)) {
        touching = dist_sq <= r_sq;
    } else {
        double m = fmax(fmax(fabs(d.x), fabs(d.y)), r);
        double sc = m > 0.0 ? ccl_unit_scale(m) : 1.0; /* exact power of two */
        touching = ccl_length_sq(ccl_scale(d, sc)) <= (r * sc) * (r * sc);
    }
    if (!touching) {
        return false;
    }
    if (out != NULL) {
        double dist = ccl_length(d);
        ccl_vec2 normal;
        if (dist > 0.0) {
            normal = ccl_unit_of(d, dist);
        } else {
            /* centre on the segment: the segment's left-hand normal, or (1, 0) for a point */
            ccl_vec2 axis = ccl_sub(s.b, s.a);
            if (!ccl_vec2_is_finite(axis)) {
                axis = ccl_sub(ccl_scale(s.b, 0.25), ccl_scale(s.a, 0.25));
            }
            /* scaled near 1 first (exact), so a subnormal axis still gives a unit normal */
            double m = fmax(fabs(axis.x), fabs(axis.y));
            normal = m > 0.0 ? ccl_normalize(ccl_perp(ccl_scale(axis, ccl_unit_scale(m))))
                             : ccl_v2(1.0, 0.0);
        }
        out->normal = normal;
        out->depth = ccl_contact_depth(r, dist, unscale);
        out->point = ccl_mul_add(closest, 0.5 * out->depth, normal);
        if (!ccl_vec2_is_finite(out->point)) {
            out->point = closest;
        }
    }
    return true;
}
