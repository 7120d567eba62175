/* Static contact tests of spheres: the 3D form of overlap.c, with the same bits when every z
 * is 0. */
#include "circol/collision3d.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

#include "core/constants.h"
#include "core/exact.h"
#include "core/vec3.h"
#include "narrow/interval.h"
#include "narrow/narrow.h"
#include "narrow/range.h"
#include "narrow/segment.h"
#include "narrow/spheres.h"

/* ccl_unit_of (overlap.c) in 3D. */
static ccl_vec3 ccl_unit_of3(ccl_vec3 d, double dist) {
    double m = ccl_max_abs3(d);
    if (m < CCL_UNDERFLOW_NEAR) {
        d = ccl_scale3(d, ccl_unit_scale(m));
        dist = ccl_length3(d);
    }
    return ccl_v3(d.x / dist, d.y / dist, d.z / dist);
}

/* ccl_scaled_offset (overlap.c) in 3D. */
static void ccl_scaled_offset3(ccl_sphere a, ccl_sphere b, ccl_vec3 *d, double *R) {
    double big =
        fmax(fmax(ccl_max_abs3(a.center), ccl_max_abs3(b.center)), fmax(a.radius, b.radius));
    double pre = ccl_offset_size(big);
    *d = ccl_sub3(ccl_scale3(b.center, pre), ccl_scale3(a.center, pre));
    *R = a.radius * pre + b.radius * pre;
    double m = fmax(ccl_max_abs3(*d), *R);
    if (m > 0.0) {
        double s = ccl_unit_scale(m);
        *d = ccl_scale3(*d, s);
        *R *= s;
    }
}

bool ccl_spheres_overlap(ccl_sphere a, ccl_sphere b) {
    if (!ccl_valid_sphere(a) || !ccl_valid_sphere(b)) {
        return false;
    }
    ccl_vec3 d = ccl_sub3(b.center, a.center);
    double R = a.radius + b.radius;
    double dist_sq = ccl_length_sq3(d);
    double reach_sq = R * R;
    if (ccl_squares_comparable(dist_sq, reach_sq)) {
        return dist_sq <= reach_sq;
    }
    ccl_scaled_offset3(a, b, &d, &R);
    return ccl_length_sq3(d) <= R * R;
}

bool ccl_spheres_contact(ccl_sphere a, ccl_sphere b, ccl_contact3 *out) {
    if (!ccl_spheres_overlap(a, b)) {
        return false;
    }
    if (out != NULL) {
        ccl_vec3 d = ccl_sub3(b.center, a.center);
        double R = a.radius + b.radius;
        double unscale = 1.0;
        if (!ccl_vec3_is_finite(d) || !isfinite(R)) {
            d = ccl_sub3(ccl_scale3(b.center, 0.25), ccl_scale3(a.center, 0.25));
            R = a.radius * 0.25 + b.radius * 0.25;
            unscale = 4.0;
        }
        double dist = ccl_length3(d);
        ccl_vec3 normal = dist > 0.0 ? ccl_unit_of3(d, dist) : ccl_v3(1.0, 0.0, 0.0);
        double depth = ccl_contact_depth(R, dist, unscale);
        out->normal = normal;
        out->depth = depth;
        out->point = ccl_mul_add3(a.center, a.radius - 0.5 * depth, normal);
        if (!ccl_vec3_is_finite(out->point)) {
            out->point = a.center;
        }
    }
    return true;
}

bool ccl_sphere_segment_contact(ccl_sphere s, ccl_segment3 seg, ccl_contact3 *out) {
    if (!ccl_valid_sphere(s) || !ccl_vec3_is_finite(seg.a) || !ccl_vec3_is_finite(seg.b)) {
        return false;
    }
    ccl_vec3 closest = ccl_closest_on_segment3(seg, s.center);
    ccl_vec3 d = ccl_sub3(closest, s.center);
    double r = s.radius;
    double unscale = 1.0;
    if (!ccl_vec3_is_finite(d)) {
        d = ccl_sub3(ccl_scale3(closest, 0.25), ccl_scale3(s.center, 0.25));
        r *= 0.25;
        unscale = 4.0;
    }
    double dist_sq = ccl_length_sq3(d);
    double r_sq = r * r;
    bool touching;
    if (ccl_squares_comparable(dist_sq, r_sq)) {
        touching = dist_sq <= r_sq;
    } else {
        double m = fmax(ccl_max_abs3(d), r);
        double sc = m > 0.0 ? ccl_unit_scale(m) : 1.0;
        touching = ccl_length_sq3(ccl_scale3(d, sc)) <= (r * sc) * (r * sc);
    }
    if (!touching) {
        return false;
    }
    if (out != NULL) {
        double dist = ccl_length3(d);
        ccl_vec3 normal;
        if (dist > 0.0) {
            normal = ccl_unit_of3(d, dist);
        } else {
            /* centre on the segment: a normal perpendicular to it (the 2D left-hand normal for a
             * segment in the z = 0 plane), or (1, 0, 0) for a point */
            ccl_vec3 axis = ccl_sub3(seg.b, seg.a);
            if (!ccl_vec3_is_finite(axis)) {
                axis = ccl_sub3(ccl_scale3(seg.b, 0.25), ccl_scale3(seg.a, 0.25));
            }
            normal = (axis.x != 0.0 || axis.y != 0.0 || axis.z != 0.0)
                         ? ccl_normalize3(ccl_perp_xy(axis))
                         : ccl_v3(1.0, 0.0, 0.0);
        }
        out->normal = normal;
        out->depth = ccl_contact_depth(r, dist, unscale);
        out->point = ccl_mul_add3(closest, 0.5 * out->depth, normal);
        if (!ccl_vec3_is_finite(out->point)) {
            out->point = closest;
        }
    }
    return true;
}
