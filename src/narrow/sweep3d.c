/* The 3D narrow phase (the readers' extension of seed 000): static and swept sphere tests.
 * Each function mirrors the arithmetic of its 2D counterpart (overlap.c, sweep.c, quadratic.h)
 * operation for operation, so that with all z = 0 the results are equal bit for bit: a z term
 * adds an exact zero, and |(x, y, 0)| is computed exactly as |(x, y)| (vec3_internal.h). */
#include "circol/collision3d.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

#include "core/vec3.h"
#include "narrow/narrow.h"

/* The same bounds as sweep.c: inside [2^-200, 2^200] squares and their products are safe. */
#define CCL_SAFE_HIGH3 0x1p200
#define CCL_SAFE_LOW3  0x1p-200
/* Magnitudes from here up are quartered before use (as in sweep.c). */
#define CCL_HUGE3 0x1p1021
/* Squares below this may have lost bits to underflow (as in overlap.c). */
#define CCL_SQUARE_LOW3 0x1p-960

static bool ccl_is_moderate3(double magnitude) {
    return magnitude == 0.0 || (magnitude < CCL_SAFE_HIGH3 && magnitude > CCL_SAFE_LOW3);
}

/* The exponent k with magnitude 2^k near 1, at most 1023. */
static int ccl_unit_exponent3(double magnitude) {
    int exponent;
    frexp(magnitude, &exponent);
    return -exponent > 1023 ? 1023 : -exponent;
}

static double ccl_unit_scale3(double magnitude) {
    return ldexp(1.0, ccl_unit_exponent3(magnitude));
}

/* v / |v| for finite non-zero v, scaled near 1 first unless moderate, as ccl_unit_direction in
 * sweep.c (so that a subnormal component is rounded as there, the same bits at z = 0); (1, 0, 0)
 * for zero. */
static ccl_vec3 ccl_unit_direction3(ccl_vec3 v) {
    double m = ccl_max_abs3(v);
    if (!(m > 0.0) || !isfinite(m)) {
        return ccl_v3(1.0, 0.0, 0.0);
    }
    if (ccl_is_moderate3(m)) {
        double len = ccl_length3(v);
        return ccl_v3(v.x / len, v.y / len, v.z / len);
    }
    ccl_vec3 w = ccl_scale3(v, ccl_unit_scale3(m));
    double len = ccl_length3(w);
    return ccl_v3(w.x / len, w.y / len, w.z / len);
}

/* dv . dp < 0 on copies scaled near 1. */
static bool ccl_approaching3(ccl_vec3 dp, ccl_vec3 dv) {
    double mp = ccl_max_abs3(dp), mv = ccl_max_abs3(dv);
    if (!(mp > 0.0) || !(mv > 0.0)) {
        return false;
    }
    return ccl_dot3(ccl_scale3(dv, ccl_unit_scale3(mv)), ccl_scale3(dp, ccl_unit_scale3(mp))) < 0.0;
}

static bool ccl_is_huge3(ccl_vec3 v) {
    return ccl_max_abs3(v) >= CCL_HUGE3;
}

static double ccl_saturate1(double x) {
    return fmax(fmin(x, DBL_MAX), -DBL_MAX);
}

static ccl_vec3 ccl_saturate3(ccl_vec3 v) {
    return ccl_v3(ccl_saturate1(v.x), ccl_saturate1(v.y), ccl_saturate1(v.z));
}

static ccl_vec3 ccl_unquarter3(ccl_vec3 v) {
    return ccl_saturate3(ccl_scale3(v, 4.0));
}

static bool ccl_valid_sphere(ccl_sphere s) {
    return ccl_vec3_is_finite(s.center) && isfinite(s.radius) && s.radius >= 0.0;
}

/* (u + u_lo) x (v + v_lo) component by component, each compensated as in quadratic.h; the z
 * component is the 2D cross product. */
static double ccl_cross2(ccl_vec2 u, ccl_vec2 u_lo, ccl_vec2 v, ccl_vec2 v_lo, bool far) {
    return far ? ccl_cross_compensated_far(u, u_lo, v, v_lo)
               : ccl_cross_compensated(u, u_lo, v, v_lo);
}

/* far: the pair starts beyond 2^40 contact distances apart (ccl_cross_is_far). */
static ccl_vec3 ccl_cross_compensated3(ccl_vec3 u, ccl_vec3 u_lo, ccl_vec3 v, ccl_vec3 v_lo,
                                       bool far) {
    double x = ccl_cross2(ccl_v2(u.y, u.z), ccl_v2(u_lo.y, u_lo.z), ccl_v2(v.y, v.z),
                          ccl_v2(v_lo.y, v_lo.z), far);
    double y = ccl_cross2(ccl_v2(u.z, u.x), ccl_v2(u_lo.z, u_lo.x), ccl_v2(v.z, v.x),
                          ccl_v2(v_lo.z, v_lo.x), far);
    double z = ccl_cross2(ccl_v2(u.x, u.y), ccl_v2(u_lo.x, u_lo.y), ccl_v2(v.x, v.y),
                          ccl_v2(v_lo.x, v_lo.y), far);
    return ccl_v3(x, y, z);
}

/* ccl_contact_parts in three dimensions: the cross product is a vector. */
typedef struct ccl_contact_parts3 {
    bool apart;
    double root;
    ccl_vec3 cross;
    ccl_vec3 dv; ///< the relative velocity they belong to (a power-of-two copy where rescaled)
    double R;    ///< the contact distance likewise
} ccl_contact_parts3;

/* As ccl_contact_interval_parts (quadratic.h), with |dv x dp| for the cross product. */
static bool ccl_contact_interval3(ccl_vec3 dp, ccl_vec3 dp_lo, ccl_vec3 dv, ccl_vec3 dv_lo,
                                  double R, double *t_enter, double *t_exit,
                                  ccl_contact_parts3 *parts) {
    parts->apart = false;
    parts->root = 0.0;
    parts->cross = ccl_v3(0.0, 0.0, 0.0);
    parts->dv = dv;
    parts->R = R;
    double a = ccl_dot3(dv, dv);
    double b = ccl_dot3(dv, dp);
    double c = ccl_dot3(dp, dp) - R * R;
    if (a == 0.0) {
        if (c <= 0.0) {
            *t_enter = -INFINITY;
            *t_exit = INFINITY;
            return true;
        }
        return false;
    }
    double discriminant;
    if (c <= 0.0) {
        discriminant = b * b - a * c;
    } else {
        double w = sqrt(a) * R;
        /* as ccl_cross_is_far, over the three components */
        bool far = ccl_max_abs3(dp) > CCL_FAR_APART * R;
        ccl_vec3 cross = ccl_cross_compensated3(dv, dv_lo, dp, dp_lo, far);
        double k = ccl_length3(cross);
        discriminant = k > w ? -1.0 : (w - k) * (w + k); /* the product could underflow to -0 */
        parts->apart = true;
        parts->cross = cross;
    }
    if (discriminant < 0.0) {
        return false;
    }
    double root = sqrt(discriminant);
    parts->root = root;
    double q = b < 0.0 ? -b + root : -b - root;
    if (q == 0.0) {
        *t_enter = 0.0;
        *t_exit = 0.0;
        return true;
    }
    double t1 = c / q;
    double t2 = q / a;
    if (t1 <= t2) {
        *t_enter = t1;
        *t_exit = t2;
    } else {
        *t_enter = t2;
        *t_exit = t1;
    }
    return true;
}

/* As ccl_relative_contact_interval_compensated: exact power-of-two rescaling of extremes. */
static bool ccl_relative_interval3(ccl_vec3 dp, ccl_vec3 dp_lo, ccl_vec3 dv, ccl_vec3 dv_lo,
                                   double R, double *t_enter, double *t_exit,
                                   ccl_contact_parts3 *parts) {
    double length = fmax(ccl_max_abs3(dp), R);
    double speed = ccl_max_abs3(dv);
    if (ccl_is_moderate3(length) && ccl_is_moderate3(speed)) {
        return ccl_contact_interval3(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit, parts);
    }
    int kl = length > 0.0 ? ccl_unit_exponent3(length) : 0;
    int kv = speed > 0.0 ? ccl_unit_exponent3(speed) : 0;
    double sl = ldexp(1.0, kl), sv = ldexp(1.0, kv);
    double t0, t1;
    if (!ccl_contact_interval3(ccl_scale3(dp, sl), ccl_scale3(dp_lo, sl), ccl_scale3(dv, sv),
                               ccl_scale3(dv_lo, sv), R * sl, &t0, &t1, parts)) {
        return false;
    }

    *t_enter = ldexp(t0, kv - kl);
    *t_exit = ldexp(t1, kv - kl);
    *t_enter = *t_enter == 0.0 && t0 != 0.0 ? copysign(DBL_TRUE_MIN, t0) : *t_enter;
    *t_exit = *t_exit == 0.0 && t1 != 0.0 ? copysign(DBL_TRUE_MIN, t1) : *t_exit;
    return true;
}

/* to - from with the exact rounding error of each component in *lo (TwoSum). */
static ccl_vec3 ccl_sub_exact3(ccl_vec3 to, ccl_vec3 from, ccl_vec3 *lo) {
    ccl_vec3 hi;
    hi.x = ccl_two_sum(to.x, -from.x, &lo->x);
    hi.y = ccl_two_sum(to.y, -from.y, &lo->y);
    hi.z = ccl_two_sum(to.z, -from.z, &lo->z);
    return hi;
}

/* One component of (p + p_lo) + t v, rounded once at the end (as ccl_relative_at). */
static double ccl_relative_at1(double p, double p_lo, double v, double t) {
    double e, s;
    double product = ccl_two_product(t, v, &e);
    double h = ccl_two_sum(p, product, &s);
    return h + ((s + e) + p_lo);
}

/* The relative position at time t, accurate to an ulp of itself (as ccl_relative_at). */
static ccl_vec3 ccl_relative_at3(ccl_vec3 dp, ccl_vec3 dp_lo, ccl_vec3 dv, double t) {
    if (!(ccl_is_moderate3(ccl_max_abs3(dp)) && ccl_is_moderate3(ccl_max_abs3(dv)) &&
          ccl_is_moderate3(t))) {
        return ccl_mul_add3(dp, t, dv);
    }
    return ccl_v3(ccl_relative_at1(dp.x, dp_lo.x, dv.x, t),
                  ccl_relative_at1(dp.y, dp_lo.y, dv.y, t),
                  ccl_relative_at1(dp.z, dp_lo.z, dv.z, t));
}

static ccl_vec3 ccl_contact_normal3(ccl_vec3 dp, ccl_vec3 dv) {
    if (dp.x != 0.0 || dp.y != 0.0 || dp.z != 0.0) {
        return ccl_unit_direction3(dp);
    }
    ccl_vec3 n = ccl_unit_direction3(ccl_neg3(dv));
    return ccl_v3(n.x + 0.0, n.y + 0.0, n.z + 0.0); /* +0 for a zero component, as for dp */
}

/* The relative position at the entry times a, as in sweep.c: -root dv + cross x dv. The terms
 * that vanish when every z is 0 are left out then, so that the result has the 2D function's bits,
 * signs of zero included. */
static ccl_vec3 ccl_entry_vector3(ccl_vec3 dv, const ccl_contact_parts3 *parts) {
    ccl_vec3 c = parts->cross;
    double x = -parts->root * dv.x - c.z * dv.y;
    double y = -parts->root * dv.y + c.z * dv.x;
    double z = 0.0;
    if (dv.z != 0.0 || c.x != 0.0 || c.y != 0.0) {
        x += c.y * dv.z;
        y -= c.x * dv.z;
        z = -parts->root * dv.z + (c.x * dv.y - c.y * dv.x);
    }
    return ccl_v3(x, y, z);
}

/* The unit normal at the entry, as ccl_entry_normal in sweep.c. */
static ccl_vec3 ccl_entry_normal3(ccl_vec3 dv, double R, const ccl_contact_parts3 *parts) {
    double scale = 1.0 / ((dv.x * dv.x + dv.y * dv.y + dv.z * dv.z) * R);
    ccl_vec3 v = ccl_entry_vector3(dv, parts);
    double x = v.x * scale, y = v.y * scale, z = v.z * scale;
    double f = 1.5 - 0.5 * (x * x + y * y + z * z);
    /* exact along an axis, and +0 for a zero component (as in 2D) */
    return ccl_v3(y == 0.0 && z == 0.0 ? copysign(1.0, x) : x * f + 0.0,
                  x == 0.0 && z == 0.0 ? copysign(1.0, y) : y * f + 0.0,
                  x == 0.0 && y == 0.0 ? copysign(1.0, z) : z * f + 0.0);
}

/* (-v.y, v.x, 0), the 2D ccl_perp, perpendicular to v; (1, 0, 0) when v is parallel to z. */
static ccl_vec3 ccl_perp_xy(ccl_vec3 v) {
    if (v.x == 0.0 && v.y == 0.0) {
        return ccl_v3(1.0, 0.0, 0.0);
    }
    return ccl_v3(-v.y, v.x, 0.0);
}

/* The part of p - a across the axis b - a, ((b - a) x (p - a)) x (b - a) / |b - a|^2, from the
 * exact offsets and the compensated cross product: right to ulps of itself however long the
 * segment, where p - a less its part along the axis errs by ulps of |p - a| (the 3D form of
 * ccl_segment_cross). Both offsets are first scaled by powers of two to near 1 (exact, and the
 * result is of degree 0 in the axis and 1 in the offset), so the double cross product, of degree
 * 2 in the axis, neither overflows for long segments nor loses its products' errors to underflow
 * for short ones. False, with *across unset, when either offset is zero or not finite. */
static bool ccl_across_axis3(ccl_vec3 a, ccl_vec3 b, ccl_vec3 p, ccl_vec3 *across) {
    ccl_vec3 axis_lo, rel_lo;
    ccl_vec3 axis = ccl_sub_exact3(b, a, &axis_lo);
    ccl_vec3 rel = ccl_sub_exact3(p, a, &rel_lo);
    double ma = ccl_max_abs3(axis), mr = ccl_max_abs3(rel);
    if (!(ma > 0.0 && ma <= DBL_MAX && mr > 0.0 && mr <= DBL_MAX)) {
        return false;
    }
    double ua = ccl_unit_scale3(ma);
    int er = ccl_unit_exponent3(mr);
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

/* The point of segment s closest to p (as ccl_closest_on_segment). */
static ccl_vec3 ccl_closest_on_segment3(ccl_segment3 s, ccl_vec3 p) {
    ccl_vec3 axis = ccl_sub3(s.b, s.a);
    if (axis.x == 0.0 && axis.y == 0.0 && axis.z == 0.0) {
        return s.a;
    }
    ccl_vec3 rel = ccl_sub3(p, s.a);
    /* the fraction along from copies scaled by a common power of two (exact): the same at every
     * scale, down to segments shorter than 2^-480 */
    double unit = ccl_unit_scale3(fmax(ccl_max_abs3(axis), ccl_max_abs3(rel)));
    ccl_vec3 axis_u = ccl_scale3(axis, unit), rel_u = ccl_scale3(rel, unit);
    double len_sq_u = ccl_length_sq3(axis_u);
    double along_u = ccl_dot3(axis_u, rel_u);
    if (len_sq_u >= 0x1p-960 && len_sq_u <= DBL_MAX && isfinite(along_u)) {
        double u = along_u / len_sq_u;
        if (u <= 0.0) {
            return s.a;
        }
        if (u >= 1.0) {
            return s.b;
        }
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
    double scale = big < 0x1p1020 ? 1.0 : 0.25;
    axis = ccl_sub3(ccl_scale3(s.b, scale), ccl_scale3(s.a, scale));
    rel = ccl_sub3(ccl_scale3(p, scale), ccl_scale3(s.a, scale));
    double len = ccl_length3(axis);
    ccl_vec3 dir = ccl_v3(axis.x / len, axis.y / len, axis.z / len);
    double u = ccl_dot3(dir, rel);
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

/* ---- Static tests (overlap.c) ---- */

static double ccl_power_near_one3(double m) {
    int exponent;
    frexp(m, &exponent);
    return ldexp(1.0, -exponent > 1023 ? 1023 : -exponent);
}

static ccl_vec3 ccl_unit_of3(ccl_vec3 d, double dist) {
    double m = ccl_max_abs3(d);
    if (m < 0x1p-900) {
        d = ccl_scale3(d, ccl_power_near_one3(m));
        dist = ccl_length3(d);
    }
    return ccl_v3(d.x / dist, d.y / dist, d.z / dist);
}

static void ccl_scaled_offset3(ccl_sphere a, ccl_sphere b, ccl_vec3 *d, double *R) {
    double big =
        fmax(fmax(ccl_max_abs3(a.center), ccl_max_abs3(b.center)), fmax(a.radius, b.radius));
    double pre = big > 0x1p1000 ? 0.25 : 1.0;
    *d = ccl_sub3(ccl_scale3(b.center, pre), ccl_scale3(a.center, pre));
    *R = a.radius * pre + b.radius * pre;
    double m = fmax(ccl_max_abs3(*d), *R);
    if (m > 0.0) {
        double s = ccl_power_near_one3(m);
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
    if (dist_sq <= DBL_MAX && reach_sq <= DBL_MAX &&
        (dist_sq >= CCL_SQUARE_LOW3 || reach_sq >= CCL_SQUARE_LOW3)) {
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
        double depth = R - dist;
        depth = depth > 0.0 ? fmin(depth * unscale, DBL_MAX) : 0.0;
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
    if (dist_sq <= DBL_MAX && r_sq <= DBL_MAX &&
        (dist_sq >= CCL_SQUARE_LOW3 || r_sq >= CCL_SQUARE_LOW3)) {
        touching = dist_sq <= r_sq;
    } else {
        double m = fmax(ccl_max_abs3(d), r);
        double sc = m > 0.0 ? ccl_power_near_one3(m) : 1.0;
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
        double depth = r - dist;
        out->normal = normal;
        out->depth = depth > 0.0 ? fmin(depth * unscale, DBL_MAX) : 0.0;
        out->point = ccl_mul_add3(closest, 0.5 * out->depth, normal);
        if (!ccl_vec3_is_finite(out->point)) {
            out->point = closest;
        }
    }
    return true;
}

/* ---- Swept tests (sweep.c) ---- */

/* ccl_certainly_apart (quadratic.h) in three dimensions: the same bounds, each sum with a z term
 * added last (an exact zero when every z is 0, so that the verdicts are the 2D ones), and for the
 * closest approach the largest of the cross product's components less its error, a lower bound on
 * its length (at z = 0 the one component the 2D test takes). */
static bool ccl_certainly_apart3(ccl_vec3 dp, ccl_vec3 dv, double R, double t_max) {
    const double rel = CCL_FIRST_LOOK_RELATIVE, tiny = CCL_FIRST_LOOK_ABSOLUTE;
    double px = dv.x * dp.x, py = dv.y * dp.y, pz = dv.z * dp.z;
    double b = (px + py) + pz;
    double b_err = rel * ((fabs(px) + fabs(py)) + fabs(pz)) + tiny;
    double dd = (dp.x * dp.x + dp.y * dp.y) + dp.z * dp.z, rr = R * R;
    double c = dd - rr;
    double c_err = rel * (dd + rr) + tiny;
    bool apart = c - c_err > c_err;
    bool receding = b > b_err;
    bool late = c - c_err > t_max * (2.0 * (fabs(b) + b_err)) * (1.0 + rel);
    double zx = dv.x * dp.y, zy = dv.y * dp.x; /* z component of dv x dp, as the 2D k */
    double xy = dv.y * dp.z, xz = dv.z * dp.y;
    double yz = dv.z * dp.x, yx = dv.x * dp.z;
    double kz = fabs(zx - zy) - (rel * (fabs(zx) + fabs(zy)) + tiny);
    double kx = fabs(xy - xz) - (rel * (fabs(xy) + fabs(xz)) + tiny);
    double ky = fabs(yz - yx) - (rel * (fabs(yz) + fabs(yx)) + tiny);
    double k = fmax(kz, fmax(kx, ky));
    double a = (dv.x * dv.x + dv.y * dv.y) + dv.z * dv.z;
    double wide_of = sqrt(a) * R * (1.0 + rel) + tiny;
    bool wide = (k > wide_of) & (a >= 0x1p-900);
    return apart & (receding | late | wide);
}

bool ccl_sweep_spheres(ccl_sphere a, ccl_vec3 va, ccl_sphere b, ccl_vec3 vb, double t_max,
                       ccl_hit3 *hit) {
    /* the first look of ccl_sweep_circles: a pair it settles is a miss for the full test too */
    if (ccl_certainly_apart3(ccl_sub3(b.center, a.center), ccl_sub3(vb, va), a.radius + b.radius,
                             t_max)) {
        return false;
    }
    if (!ccl_valid_sphere(a) || !ccl_valid_sphere(b) || !ccl_vec3_is_finite(va) ||
        !ccl_vec3_is_finite(vb) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (ccl_is_huge3(a.center) || ccl_is_huge3(b.center) || ccl_is_huge3(va) || ccl_is_huge3(vb) ||
        a.radius >= CCL_HUGE3 || b.radius >= CCL_HUGE3) {
        ccl_sphere qa = {ccl_scale3(a.center, 0.25), 0.25 * a.radius};
        ccl_sphere qb = {ccl_scale3(b.center, 0.25), 0.25 * b.radius};
        bool found =
            ccl_sweep_spheres(qa, ccl_scale3(va, 0.25), qb, ccl_scale3(vb, 0.25), t_max, hit);
        if (found && hit != NULL) {
            hit->point = ccl_unquarter3(hit->point);
        }
        return found;
    }
    ccl_vec3 dp_lo, dv_lo;
    ccl_vec3 dp = ccl_sub_exact3(b.center, a.center, &dp_lo);
    ccl_vec3 dv = ccl_sub_exact3(vb, va, &dv_lo);
    double R = a.radius + b.radius;
    if (!ccl_vec3_is_finite(dp) || !ccl_vec3_is_finite(dv) || !isfinite(R)) {
        return false;
    }
    double t_enter, t_exit;
    ccl_contact_parts3 parts;
    if (!ccl_relative_interval3(dp, dp_lo, dv, dv_lo, R, &t_enter, &t_exit, &parts)) {
        return false;
    }
    if (t_exit < 0.0 || t_enter > t_max || t_enter == INFINITY) {
        return false;
    }
    double t = t_enter > 0.0 ? t_enter : 0.0;
    if (t > 0.0 && !ccl_approaching3(dp, dv)) {
        return false;
    }
    if (hit != NULL) {
        ccl_vec3 pa = ccl_mul_add3(a.center, t, va);
        ccl_vec3 normal;
        double mp = ccl_max_abs3(dp);
        if (t > 0.0 && parts.apart && parts.R > CCL_SAFE_LOW3) {
            normal = ccl_entry_normal3(parts.dv, parts.R, &parts);
        } else if (t > 0.0 && parts.apart && parts.R >= 0x1p-500) {
            /* as in 2D: normalised at its own scale */
            ccl_vec3 n = ccl_unit_direction3(ccl_entry_vector3(parts.dv, &parts));
            normal = ccl_v3(n.x + 0.0, n.y + 0.0, n.z + 0.0);
        } else if (t == 0.0 && mp > CCL_SAFE_LOW3 && mp < CCL_SAFE_HIGH3) {
            /* in contact now: the direction of dp, as in 2D (the same bits when every z is 0) */
            double len = sqrt(dp.x * dp.x + dp.y * dp.y + dp.z * dp.z);
            normal = ccl_v3(dp.x / len + 0.0, dp.y / len + 0.0, dp.z / len + 0.0);
        } else {
            normal = ccl_contact_normal3(ccl_relative_at3(dp, dp_lo, dv, t), dv);
        }
        hit->t = t;
        hit->t_exit = t_exit;
        hit->normal = normal;
        hit->point = ccl_mul_add3(pa, a.radius, normal);
        if (!ccl_vec3_is_finite(hit->point)) {
            hit->point = ccl_saturate3(pa);
        }
    }
    return true;
}

bool ccl_sweep_sphere_point(ccl_sphere s, ccl_vec3 v, ccl_vec3 p, double t_max, ccl_hit3 *hit) {
    ccl_sphere vertex = {p, 0.0};
    ccl_vec3 still = {0.0, 0.0, 0.0};
    return ccl_sweep_spheres(s, v, vertex, still, t_max, hit);
}

/* The interval of t where d0 + rate t lies in [lo, hi]; false when empty (as in sweep.c). */
static bool ccl_linear_interval3(double d0, double rate, double lo, double hi, double *t0,
                                 double *t1) {
    if (rate == 0.0) {
        if (d0 >= lo && d0 <= hi) {
            *t0 = -INFINITY;
            *t1 = INFINITY;
            return true;
        }
        return false;
    }
    double ta = (lo - d0) / rate;
    double tb = (hi - d0) / rate;
    ta = ta == 0.0 && lo != d0 ? copysign(DBL_TRUE_MIN, ta) : ta;
    tb = tb == 0.0 && hi != d0 ? copysign(DBL_TRUE_MIN, tb) : tb;
    *t0 = fmin(ta, tb);
    *t1 = fmax(ta, tb);
    return !isnan(*t0) && !isnan(*t1);
}

static void ccl_fill_hit3(ccl_sphere s, ccl_vec3 v, double t, double t_exit, ccl_vec3 closest,
                          ccl_vec3 fallback_normal, ccl_hit3 *hit) {
    ccl_vec3 center = ccl_mul_add3(s.center, t, v);
    ccl_vec3 toward = ccl_sub3(closest, center);
    ccl_vec3 normal =
        (toward.x != 0.0 || toward.y != 0.0 || toward.z != 0.0) && ccl_vec3_is_finite(toward)
            ? ccl_unit_direction3(toward)
            : ccl_v3(fallback_normal.x + 0.0, fallback_normal.y + 0.0,
                     fallback_normal.z + 0.0); /* no -0 */
    hit->t = t;
    hit->t_exit = t_exit + 0.0; /* as ccl_fill_hit */
    hit->normal = normal;
    hit->point = closest;
    if (!ccl_vec3_is_finite(closest)) {
        hit->point = ccl_saturate3(center);
    }
}

bool ccl_sweep_sphere_plane(ccl_sphere s, ccl_vec3 v, ccl_vec3 plane_point, ccl_vec3 plane_normal,
                            double t_max, ccl_hit3 *hit) {
    if (!ccl_valid_sphere(s) || !ccl_vec3_is_finite(v) || !ccl_vec3_is_finite(plane_point) ||
        !ccl_vec3_is_finite(plane_normal) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (ccl_is_huge3(s.center) || ccl_is_huge3(v) || ccl_is_huge3(plane_point) ||
        s.radius >= CCL_HUGE3) {
        ccl_sphere qs = {ccl_scale3(s.center, 0.25), 0.25 * s.radius};
        bool found = ccl_sweep_sphere_plane(qs, ccl_scale3(v, 0.25), ccl_scale3(plane_point, 0.25),
                                            plane_normal, t_max, hit);
        if (found && hit != NULL) {
            hit->point = ccl_unquarter3(hit->point);
        }
        return found;
    }
    if (plane_normal.x == 0.0 && plane_normal.y == 0.0 && plane_normal.z == 0.0) {
        return false;
    }
    ccl_vec3 n = ccl_unit_direction3(plane_normal);
    /* the centre's signed distance, right to ulps of itself (ccl_sweep_circle_line) */
    double d0 = ccl_plane_distance3(plane_normal, plane_point, s.center);
    double rate = ccl_dot3(n, v);
    if (!isfinite(d0) || !isfinite(rate)) {
        return false;
    }
    double t_enter, t_exit;
    if (!ccl_linear_interval3(d0, rate, -s.radius, s.radius, &t_enter, &t_exit)) {
        return false;
    }
    if (t_exit < 0.0 || t_enter > t_max || t_enter == INFINITY) {
        return false;
    }
    double t = t_enter > 0.0 ? t_enter : 0.0;
    if (hit != NULL) {
        ccl_vec3 center = ccl_mul_add3(s.center, t, v);
        double d = ccl_plane_distance3(plane_normal, plane_point, center);
        ccl_vec3 toward_plane =
            d > 0.0 ? ccl_neg3(n) : (d < 0.0 ? n : ccl_scale3(n, rate > 0.0 ? 1.0 : -1.0));
        ccl_vec3 closest = ccl_mul_add3(center, -d, n);
        ccl_fill_hit3(s, v, t, t_exit, closest, toward_plane, hit);
        hit->normal = toward_plane;
    }
    return true;
}

/* The segment's frame: n1 and n2 unit vectors perpendicular to the unit axis dir and to each
 * other. For dir in the z = 0 plane n1 is exactly the 2D normal perp(dir) and n2 = (0, 0, ~1),
 * whose products with in-plane vectors are exact zeros. */
static void ccl_segment_frame(ccl_vec3 dir, ccl_vec3 *n1, ccl_vec3 *n2) {
    *n1 = ccl_perp_xy(dir);
    if (dir.z != 0.0) {
        *n1 = ccl_normalize3(*n1);
    }
    *n2 = ccl_cross3(dir, *n1);
}

bool ccl_sweep_sphere_segment(ccl_sphere s, ccl_vec3 v, ccl_segment3 seg, double t_max,
                              ccl_hit3 *hit) {
    if (!ccl_valid_sphere(s) || !ccl_vec3_is_finite(v) || !ccl_vec3_is_finite(seg.a) ||
        !ccl_vec3_is_finite(seg.b) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (ccl_is_huge3(s.center) || ccl_is_huge3(v) || ccl_is_huge3(seg.a) || ccl_is_huge3(seg.b) ||
        s.radius >= CCL_HUGE3) {
        ccl_sphere qs = {ccl_scale3(s.center, 0.25), 0.25 * s.radius};
        ccl_segment3 qseg = {ccl_scale3(seg.a, 0.25), ccl_scale3(seg.b, 0.25)};
        bool found = ccl_sweep_sphere_segment(qs, ccl_scale3(v, 0.25), qseg, t_max, hit);
        if (found && hit != NULL) {
            hit->point = ccl_unquarter3(hit->point);
        }
        return found;
    }
    /* The capsule around the segment is convex and the centre moves on a line, so the contact
     * times form one interval: the union of the end caps' and the cylinder's intervals. */
    double t_enter = INFINITY, t_exit = -INFINITY;
    double e0, e1;
    ccl_vec3 ends[2] = {seg.a, seg.b};
    for (int i = 0; i < 2; ++i) {
        ccl_vec3 dp_lo;
        ccl_vec3 dp = ccl_sub_exact3(ends[i], s.center, &dp_lo);
        ccl_vec3 dv_lo = {0.0, 0.0, 0.0};
        ccl_contact_parts3 parts;
        if (ccl_vec3_is_finite(dp) &&
            ccl_relative_interval3(dp, dp_lo, ccl_neg3(v), dv_lo, s.radius, &e0, &e1, &parts)) {
            t_enter = fmin(t_enter, e0);
            t_exit = fmax(t_exit, e1);
        }
    }
    ccl_vec3 axis = ccl_sub3(seg.b, seg.a);
    double length = ccl_length3(axis);
    bool has_axis = length > 0.0 && isfinite(length);
    ccl_vec3 n1 = ccl_v3(0.0, 1.0, 0.0), n2 = ccl_v3(0.0, 0.0, 1.0);
    double e1_rate = 0.0, e2_rate = 0.0;
    if (has_axis) {
        ccl_vec3 dir = ccl_v3(axis.x / length, axis.y / length, axis.z / length);
        ccl_segment_frame(dir, &n1, &n2);
        ccl_vec3 rel = ccl_sub3(s.center, seg.a);
        double d0 = ccl_dot3(n1, rel), z0 = ccl_dot3(n2, rel);
        ccl_vec2 axis2 = ccl_v2(axis.x, axis.y), rel2 = ccl_v2(rel.x, rel.y);
        ccl_vec3 across;
        if (axis.z == 0.0 && rel.z == 0.0) {
            if (ccl_segment_cross_fits(axis2, rel2)) {
                /* in a plane z = const: the distance across the line as ccl_sweep_circle_segment
                 * has it (n1 is the 2D normal there), from the compensated cross product; the
                 * plain forms where it has them */
                d0 = ccl_segment_cross(ccl_v2(seg.a.x, seg.a.y), ccl_v2(seg.b.x, seg.b.y),
                                       ccl_v2(s.center.x, s.center.y), &axis2, &rel2) /
                     length;
            }
        } else if (ccl_across_axis3(seg.a, seg.b, s.center, &across)) {
            /* slanted: the frame's coordinates of the part across the axis (n1 and n2 are
             * perpendicular to it only to rounding, which along a long segment is too much) */
            d0 = ccl_dot3(n1, across);
            z0 = ccl_dot3(n2, across);
        }
        e1_rate = ccl_dot3(n1, v);
        e2_rate = ccl_dot3(n2, v);
        double u0 = ccl_dot3(dir, rel), u_rate = ccl_dot3(dir, v);
        double s0, s1, w0, w1;
        bool side;
        if (z0 == 0.0 && e2_rate == 0.0) {
            /* the centre moves in the plane of the axis and n1: the distance is linear in t */
            side = ccl_linear_interval3(d0, e1_rate, -s.radius, s.radius, &s0, &s1);
        } else {
            /* distance from the axis: a quadratic in the (n1, n2) plane */
            side = ccl_relative_contact_interval(ccl_v2(d0, z0), ccl_v2(e1_rate, e2_rate), s.radius,
                                                 &s0, &s1);
        }
        if (side && ccl_linear_interval3(u0, u_rate, 0.0, length, &w0, &w1)) {
            double lo = fmax(s0, w0), hi = fmin(s1, w1);
            if (lo <= hi) {
                t_enter = fmin(t_enter, lo);
                t_exit = fmax(t_exit, hi);
            }
        }
    }
    if (!(t_enter <= t_exit) || t_exit < 0.0 || t_enter > t_max || t_enter == INFINITY) {
        return false;
    }
    if (t_enter <= 0.0 && (isinf(t_enter) || isinf(t_exit)) &&
        !ccl_sphere_segment_contact(s, seg, NULL)) {
        return false; /* an overflowed time, not a sphere at rest on the segment (see sweep.c) */
    }
    double t = t_enter > 0.0 ? t_enter : 0.0;
    if (hit != NULL) {
        ccl_vec3 center = ccl_mul_add3(s.center, t, v);
        ccl_vec3 closest = ccl_closest_on_segment3(seg, center);
        ccl_vec3 fallback = ccl_unit_direction3(ccl_neg3(v));
        if (has_axis) {
            if (e2_rate == 0.0) {
                /* the frame of the unit direction, rescaled (unit for subnormals, as in 2D) */
                ccl_vec3 u1, u2;
                ccl_segment_frame(ccl_unit_direction3(axis), &u1, &u2);
                fallback = ccl_dot3(u1, v) > 0.0 ? u1 : ccl_neg3(u1);
            } else {
                /* the direction in which the centre crosses the axis */
                fallback = ccl_normalize3(ccl_mul_add3(ccl_scale3(n1, e1_rate), e2_rate, n2));
            }
        }
        ccl_fill_hit3(s, v, t, t_exit, closest, fallback, hit);
    }
    return true;
}
