/* The static contact tests of two bodies and of a body and a segment, written once for circles
 * (overlap.c) and spheres (sphere_overlap.c): each of those files defines the names below and
 * includes this header, which defines its public functions. The two dimensions share the
 * algorithm operation for operation (with every z = 0 the sphere results are the circle
 * results bit for bit), so it is written once; what differs stays in the including file.
 *
 * The includer defines, besides CCL_DIM_N and CCL_DIM_SUFFIX (narrow/dim.h):
 *   CCL_DIM_BODY, CCL_DIM_VALID_BODY   ccl_circle and ccl_valid_circle, or the sphere's
 *   CCL_DIM_MAX_ABS(v)                 the largest absolute component of v (fmax)
 *   CCL_DIM_DIVIDED(v, s)              v with each component divided by s
 *   CCL_DIM_UNIT_X                     (1, 0) or (1, 0, 0)
 *   CCL_DIM_OVERLAP, CCL_DIM_CONTACT, CCL_DIM_SEGMENT_CONTACT   the public names
 *   CCL_DIM_AXIS_NORMAL(axis, normal)  sets normal to a unit normal of a segment's axis
 * Every one of them is undefined at the end. */
#include "narrow/dim.h"

/* d / |d| for a non-zero finite d of length dist, exact to rounding also when d is subnormal
 * (it is then scaled up by a power of two first). */
static CCL_DIM_VEC CCL_DIM(ccl_unit_of)(CCL_DIM_VEC d, double dist) {
    double m = CCL_DIM_MAX_ABS(d);
    if (m < CCL_UNDERFLOW_NEAR) {
        d = CCL_DIM(ccl_scale)(d, ccl_unit_scale(m));
        dist = CCL_DIM(ccl_length)(d);
    }
    return CCL_DIM_DIVIDED(d, dist);
}

/* The offset b - a and the contact distance ra + rb, both multiplied by the same power of two so
 * that neither overflows nor is subnormal; *scale gets that power. Exact except for the lowest
 * subnormal bits of values that sit beside values near DBL_MAX. */
static void CCL_DIM(ccl_scaled_offset)(CCL_DIM_BODY a, CCL_DIM_BODY b, CCL_DIM_VEC *d, double *R) {
    double big =
        fmax(fmax(CCL_DIM_MAX_ABS(a.center), CCL_DIM_MAX_ABS(b.center)), fmax(a.radius, b.radius));
    double pre = ccl_offset_size(big);
    *d = CCL_DIM(ccl_sub)(CCL_DIM(ccl_scale)(b.center, pre), CCL_DIM(ccl_scale)(a.center, pre));
    *R = a.radius * pre + b.radius * pre;
    double m = fmax(CCL_DIM_MAX_ABS(*d), *R);
    if (m > 0.0) {
        double s = ccl_unit_scale(m); /* exact */
        *d = CCL_DIM(ccl_scale)(*d, s);
        *R *= s;
    }
}

bool CCL_DIM_OVERLAP(CCL_DIM_BODY a, CCL_DIM_BODY b) {
    if (!CCL_DIM_VALID_BODY(a) || !CCL_DIM_VALID_BODY(b)) {
        return false;
    }
    CCL_DIM_VEC d = CCL_DIM(ccl_sub)(b.center, a.center);
    double R = a.radius + b.radius;
    double dist_sq = CCL_DIM(ccl_length_sq)(d);
    double reach_sq = R * R;
    if (ccl_squares_comparable(dist_sq, reach_sq)) {
        return dist_sq <= reach_sq;
    }
    /* squares overflowed or underflowed: compare them at a scale near 1 */
    CCL_DIM(ccl_scaled_offset)(a, b, &d, &R);
    return CCL_DIM(ccl_length_sq)(d) <= R * R;
}

bool CCL_DIM_CONTACT(CCL_DIM_BODY a, CCL_DIM_BODY b, CCL_DIM(ccl_contact) * out) {
    if (!CCL_DIM_OVERLAP(a, b)) {
        return false;
    }
    if (out != NULL) {
        CCL_DIM_VEC d = CCL_DIM(ccl_sub)(b.center, a.center);
        double R = a.radius + b.radius;
        double unscale = 1.0;
        if (!CCL_DIM_IS_FINITE(d) || !isfinite(R)) {
            /* near DBL_MAX: work at a quarter of the size, where nothing overflows */
            d = CCL_DIM(ccl_sub)(CCL_DIM(ccl_scale)(b.center, 0.25),
                                 CCL_DIM(ccl_scale)(a.center, 0.25));
            R = a.radius * 0.25 + b.radius * 0.25;
            unscale = 4.0;
        }
        double dist = CCL_DIM(ccl_length)(d);
        CCL_DIM_VEC normal = dist > 0.0 ? CCL_DIM(ccl_unit_of)(d, dist) : CCL_DIM_UNIT_X;
        double depth = ccl_contact_depth(R, dist, unscale);
        out->normal = normal;
        out->depth = depth;
        /* midway between a's surface point and b's surface point along the normal */
        out->point = CCL_DIM(ccl_mul_add)(a.center, a.radius - 0.5 * depth, normal);
        if (!CCL_DIM_IS_FINITE(out->point)) {
            out->point = a.center; /* beyond DBL_MAX: the centre is the best finite answer */
        }
    }
    return true;
}

bool CCL_DIM_SEGMENT_CONTACT(CCL_DIM_BODY c, CCL_DIM(ccl_segment) s, CCL_DIM(ccl_contact) * out) {
    if (!CCL_DIM_VALID_BODY(c) || !CCL_DIM_IS_FINITE(s.a) || !CCL_DIM_IS_FINITE(s.b)) {
        return false;
    }
    CCL_DIM_VEC closest = CCL_DIM(ccl_closest_on_segment)(s, c.center);
    CCL_DIM_VEC d = CCL_DIM(ccl_sub)(closest, c.center);
    double r = c.radius;
    double unscale = 1.0;
    if (!CCL_DIM_IS_FINITE(d)) {
        /* near DBL_MAX: a quarter of the size, where the offset cannot overflow */
        d = CCL_DIM(ccl_sub)(CCL_DIM(ccl_scale)(closest, 0.25), CCL_DIM(ccl_scale)(c.center, 0.25));
        r *= 0.25;
        unscale = 4.0;
    }
    double dist_sq = CCL_DIM(ccl_length_sq)(d);
    double r_sq = r * r;
    bool touching;
    if (ccl_squares_comparable(dist_sq, r_sq)) {
        touching = dist_sq <= r_sq;
    } else {
        double m = fmax(CCL_DIM_MAX_ABS(d), r);
        double sc = m > 0.0 ? ccl_unit_scale(m) : 1.0; /* exact power of two */
        touching = CCL_DIM(ccl_length_sq)(CCL_DIM(ccl_scale)(d, sc)) <= (r * sc) * (r * sc);
    }
    if (!touching) {
        return false;
    }
    if (out != NULL) {
        double dist = CCL_DIM(ccl_length)(d);
        CCL_DIM_VEC normal;
        if (dist > 0.0) {
            normal = CCL_DIM(ccl_unit_of)(d, dist);
        } else {
            /* centre on the segment: a normal of its axis */
            CCL_DIM_VEC axis = CCL_DIM(ccl_sub)(s.b, s.a);
            if (!CCL_DIM_IS_FINITE(axis)) {
                axis =
                    CCL_DIM(ccl_sub)(CCL_DIM(ccl_scale)(s.b, 0.25), CCL_DIM(ccl_scale)(s.a, 0.25));
            }
            CCL_DIM_AXIS_NORMAL(axis, normal);
        }
        out->normal = normal;
        out->depth = ccl_contact_depth(r, dist, unscale);
        out->point = CCL_DIM(ccl_mul_add)(closest, 0.5 * out->depth, normal);
        if (!CCL_DIM_IS_FINITE(out->point)) {
            out->point = closest;
        }
    }
    return true;
}

#undef CCL_DIM_N
#undef CCL_DIM_SUFFIX
#undef CCL_DIM_BODY
#undef CCL_DIM_VALID_BODY
#undef CCL_DIM_MAX_ABS
#undef CCL_DIM_DIVIDED
#undef CCL_DIM_UNIT_X
#undef CCL_DIM_OVERLAP
#undef CCL_DIM_CONTACT
#undef CCL_DIM_SEGMENT_CONTACT
#undef CCL_DIM_AXIS_NORMAL
