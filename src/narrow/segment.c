/* The point of a segment closest to a point, in 2D and 3D: for the static tests, the swept tests'
 * contact points and the world. The fraction along the segment comes from copies scaled by a
 * common power of two (exact), so it is the same at every scale down to segments shorter than
 * 2^-480; the offset across a long segment from exact differences and compensated products. */
#include "narrow/segment.h"

#include <float.h>
#include <math.h>

#include "core/constants.h"
#include "core/exact.h"
#include "narrow/narrow.h"
#include "narrow/range.h"

/* The fraction along a segment from its axis and p's offset, both scaled near 1 by a common power
 * of two (len_sq_u the axis's squared length, along_u their dot product): the same at every
 * scale, down to segments shorter than 2^-480. False where those squares cannot be trusted (very
 * long or very short segment, or p very far). */
static bool ccl_segment_fraction(double len_sq_u, double along_u, double *u) {
    if (!(len_sq_u >= CCL_SQUARE_LOW && len_sq_u <= DBL_MAX && isfinite(along_u))) {
        return false;
    }
    *u = along_u / len_sq_u;
    return true;
}

/* Where on a segment the point closest to p lies, from the axis b - a and p's offset p - a, both
 * scaled near 1 by a common power of two: at a (also for a segment of zero length), at b, between
 * them at the fraction *u, or unknown where the scaled squares cannot be trusted. The 2D function
 * passes z = 0, which adds exact zeros to the sums and changes no result. */
typedef enum ccl_nearest {
    CCL_NEAREST_UNKNOWN,
    CCL_NEAREST_A,
    CCL_NEAREST_B,
    CCL_NEAREST_BETWEEN,
} ccl_nearest;

static inline ccl_nearest ccl_segment_nearest(ccl_vec3 axis, ccl_vec3 rel, double *u) {
    if (axis.x == 0.0 && axis.y == 0.0 && axis.z == 0.0) {
        return CCL_NEAREST_A;
    }
    double unit = ccl_unit_scale(fmax(ccl_max_abs3(axis), ccl_max_abs3(rel)));
    ccl_vec3 axis_u = ccl_scale3(axis, unit), rel_u = ccl_scale3(rel, unit);
    if (!ccl_segment_fraction(ccl_length_sq3(axis_u), ccl_dot3(axis_u, rel_u), u)) {
        return CCL_NEAREST_UNKNOWN;
    }
    return *u <= 0.0 ? CCL_NEAREST_A : (*u >= 1.0 ? CCL_NEAREST_B : CCL_NEAREST_BETWEEN);
}

ccl_vec2 ccl_closest_on_segment(ccl_segment s, ccl_vec2 p) {
    ccl_vec2 axis = ccl_sub(s.b, s.a), rel = ccl_sub(p, s.a);
    double u;
    ccl_nearest nearest =
        ccl_segment_nearest(ccl_v3(axis.x, axis.y, 0.0), ccl_v3(rel.x, rel.y, 0.0), &u);
    if (nearest == CCL_NEAREST_A || nearest == CCL_NEAREST_B) {
        return nearest == CCL_NEAREST_A ? s.a : s.b;
    }
    if (nearest == CCL_NEAREST_BETWEEN) {
        if (ccl_segment_cross_fits(axis, rel)) {
            /* p less its offset across the line, (b - a) x (p - a) / |b - a|^2 times
             * perp(b - a): right to ulps of p's distance from the line, where a + u (b - a) errs
             * by ulps of the segment's length (the normal beside a long segment turned) */
            double len_sq = ccl_length_sq(axis);
            double k = ccl_segment_cross(s.a, s.b, p, &axis, &rel) / len_sq;
            return ccl_v2(p.x + k * axis.y, p.y - k * axis.x);
        }
        return ccl_mul_add(s.a, u, axis);
    }
    /* very long or very short segment, or p very far: project on the unit axis, whose length
     * neither overflows nor underflows; at a quarter of the size when a difference overflows */
    double big = fmax(ccl_max_abs2(axis), ccl_max_abs2(rel)); /* inf when a difference is */
    double scale = big < CCL_SEGMENT_QUARTER ? 1.0 : 0.25;
    axis = ccl_sub(ccl_scale(s.b, scale), ccl_scale(s.a, scale));
    rel = ccl_sub(ccl_scale(p, scale), ccl_scale(s.a, scale));
    double len = ccl_length(axis);
    ccl_vec2 dir = ccl_v2(axis.x / len, axis.y / len);
    u = ccl_dot(dir, rel);
    u = u > 0.0 ? (u < len ? u : len) : 0.0;
    if (u >= len) {
        return s.b;
    }
    ccl_vec2 point = ccl_mul_add(ccl_scale(s.a, scale), u, dir); /* at the working size */
    point = ccl_scale(point, 1.0 / scale);
    /* The closest point lies in the segment's bounding box; rounding may put it a little outside,
     * and near DBL_MAX scaling back could overflow (a contact normal came out NaN): keep it in. */
    point.x = fmin(fmax(point.x, fmin(s.a.x, s.b.x)), fmax(s.a.x, s.b.x));
    point.y = fmin(fmax(point.y, fmin(s.a.y, s.b.y)), fmax(s.a.y, s.b.y));
    return point;
}

/* The part of p - a across the axis b - a, ((b - a) x (p - a)) x (b - a) / |b - a|^2, from the
 * exact offsets and the compensated cross product: right to ulps of itself however long the
 * segment, where p - a less its part along the axis errs by ulps of |p - a| (the 3D form of
 * ccl_segment_cross). Both offsets are first scaled by powers of two to near 1 (exact, and the
 * result is of degree 0 in the axis and 1 in the offset), so the double cross product, of degree
 * 2 in the axis, neither overflows for long segments nor loses its products' errors to underflow
 * for short ones. False, with *across unset, when either offset is zero or not finite. */
bool ccl_across_axis3(ccl_vec3 a, ccl_vec3 b, ccl_vec3 p, ccl_vec3 *across) {
    ccl_vec3 axis_lo, rel_lo;
    ccl_vec3 axis = ccl_sub_exact3(b, a, &axis_lo);
    ccl_vec3 rel = ccl_sub_exact3(p, a, &rel_lo);
    double ma = ccl_max_abs3(axis), mr = ccl_max_abs3(rel);
    if (!(ma > 0.0 && ma <= DBL_MAX && mr > 0.0 && mr <= DBL_MAX)) {
        return false;
    }
    double ua = ccl_unit_scale(ma);
    int er = ccl_unit_exponent(mr);
    double ur = ldexp(1.0, er);
    axis = ccl_scale3(axis, ua);
    axis_lo = ccl_scale3(axis_lo, ua);
    rel = ccl_scale3(rel, ur);
    rel_lo = ccl_scale3(rel_lo, ur);
    double len_sq = ccl_length_sq3(axis);
    ccl_vec3 w = ccl_cross3(ccl_cross_compensated3(axis, axis_lo, rel, rel_lo, true), axis);
    /* back to the offset's size by the exponent, not a reciprocal (2^1024 is not a double) */
    ccl_vec3 result =
        ccl_v3(ldexp(w.x / len_sq, -er), ldexp(w.y / len_sq, -er), ldexp(w.z / len_sq, -er));
    if (!ccl_vec3_is_finite(result)) {
        return false; /* rounding put it beyond DBL_MAX: the caller's plain form */
    }
    *across = result;
    return true;
}

/* As ccl_closest_on_segment. */
ccl_vec3 ccl_closest_on_segment3(ccl_segment3 s, ccl_vec3 p) {
    ccl_vec3 axis = ccl_sub3(s.b, s.a), rel = ccl_sub3(p, s.a);
    double u;
    ccl_nearest nearest = ccl_segment_nearest(axis, rel, &u);
    if (nearest == CCL_NEAREST_A || nearest == CCL_NEAREST_B) {
        return nearest == CCL_NEAREST_A ? s.a : s.b;
    }
    if (nearest == CCL_NEAREST_BETWEEN) {
        ccl_vec2 axis2 = ccl_v2(axis.x, axis.y), rel2 = ccl_v2(rel.x, rel.y);
        ccl_vec3 across;
        if (axis.z == 0.0 && rel.z == 0.0) {
            if (ccl_segment_cross_fits(axis2, rel2)) {
                /* in a plane z = const: as ccl_closest_on_segment, from the compensated cross
                 * product (the same bits as the 2D function, plain forms where it has them) */
                double len_sq = ccl_length_sq3(axis);
                double k = ccl_segment_cross(ccl_v2(s.a.x, s.a.y), ccl_v2(s.b.x, s.b.y),
                                             ccl_v2(p.x, p.y), &axis2, &rel2) /
                           len_sq;
                return ccl_v3(p.x + k * axis2.y, p.y - k * axis2.x, s.a.z + u * axis.z);
            }
        } else if (ccl_across_axis3(s.a, s.b, p, &across)) {
            return ccl_sub3(p, across); /* a slanted segment: p less its part across */
        }
        return ccl_mul_add3(s.a, u, axis);
    }
    double big = fmax(ccl_max_abs3(axis), ccl_max_abs3(rel));
    double scale = big < CCL_SEGMENT_QUARTER ? 1.0 : 0.25;
    axis = ccl_sub3(ccl_scale3(s.b, scale), ccl_scale3(s.a, scale));
    rel = ccl_sub3(ccl_scale3(p, scale), ccl_scale3(s.a, scale));
    double len = ccl_length3(axis);
    ccl_vec3 dir = ccl_v3(axis.x / len, axis.y / len, axis.z / len);
    u = ccl_dot3(dir, rel);
    u = u > 0.0 ? (u < len ? u : len) : 0.0;
    if (u >= len) {
        return s.b;
    }
    ccl_vec3 point = ccl_scale3(ccl_mul_add3(ccl_scale3(s.a, scale), u, dir), 1.0 / scale);
    /* in the segment's bounding box, as in 2D: rounding may put it a little outside, and near
     * DBL_MAX scaling back could overflow */
    point.x = fmin(fmax(point.x, fmin(s.a.x, s.b.x)), fmax(s.a.x, s.b.x));
    point.y = fmin(fmax(point.y, fmin(s.a.y, s.b.y)), fmax(s.a.y, s.b.y));
    point.z = fmin(fmax(point.z, fmin(s.a.z, s.b.z)), fmax(s.a.z, s.b.z));
    return point;
}
