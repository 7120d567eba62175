/* The 3D narrow phase (the readers' extension of seed 000): static and swept sphere tests.
 * Each function mirrors the arithmetic of its 2D counterpart (overlap.c, sweep.c, quadratic.h)
 * operation for operation, so that with all z = 0 the results are equal bit for bit. */
#include "circol/collision3d.h"

#include <math.h>
#include <stddef.h>

#include "sweep_internal.h"
#include "vec3_internal.h"

/* The same exact rescaling bounds as the 2D sweep (see sweep.c). */
#define CCL_SAFE_HIGH3 0x1p200
#define CCL_SAFE_LOW3  0x1p-200

static bool ccl_is_moderate3(double magnitude) {
    return magnitude == 0.0 || (magnitude < CCL_SAFE_HIGH3 && magnitude > CCL_SAFE_LOW3);
}

static double ccl_unit_scale3(double magnitude) {
    int exponent;
    frexp(magnitude, &exponent);
    return ldexp(1.0, -exponent);
}

static bool ccl_valid_sphere(ccl_sphere s) {
    return ccl_vec3_is_finite(s.center) && isfinite(s.radius) && s.radius >= 0.0;
}

/* The contact quadratic |dp + dv t|^2 = R^2 in 3D, as ccl_contact_interval (quadratic.h):
 * Lagrange's identity with the cross product's length |dv x dp| for distant pairs. */
static bool ccl_contact_interval3(ccl_vec3 dp, ccl_vec3 dv, double R, double *t_enter,
                                  double *t_exit) {
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
        double k = ccl_length3(ccl_cross3(dv, dp));
        discriminant = (w - k) * (w + k);
    }
    if (discriminant < 0.0) {
        return false;
    }
    double root = sqrt(discriminant);
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

/* As ccl_relative_contact_interval: exact power-of-two rescaling of extreme magnitudes. */
static bool ccl_relative_contact_interval3(ccl_vec3 dp, ccl_vec3 dv, double R, double *t_enter,
                                           double *t_exit) {
    double length = fmax(ccl_max_abs3(dp), R);
    double speed = ccl_max_abs3(dv);
    if (ccl_is_moderate3(length) && ccl_is_moderate3(speed)) {
        return ccl_contact_interval3(dp, dv, R, t_enter, t_exit);
    }
    double sl = length > 0.0 ? ccl_unit_scale3(length) : 1.0;
    double sv = speed > 0.0 ? ccl_unit_scale3(speed) : 1.0;
    double t0, t1;
    if (!ccl_contact_interval3(ccl_scale3(dp, sl), ccl_scale3(dv, sv), R * sl, &t0, &t1)) {
        return false;
    }
    double factor = sv / sl;
    *t_enter = t0 * factor;
    *t_exit = t1 * factor;
    return true;
}

static ccl_vec3 ccl_contact_normal3(ccl_vec3 dp, ccl_vec3 dv) {
    if (dp.x != 0.0 || dp.y != 0.0 || dp.z != 0.0) {
        return ccl_normalize3(dp);
    }
    return ccl_normalize3(ccl_neg3(dv));
}

/* A vector perpendicular to v in the xy-plane, (-v.y, v.x, 0): the 2D ccl_perp; (1, 0, 0) when
 * v is parallel to z. */
static ccl_vec3 ccl_perp_xy(ccl_vec3 v) {
    if (v.x == 0.0 && v.y == 0.0) {
        return ccl_v3(1.0, 0.0, 0.0);
    }
    return ccl_v3(-v.y, v.x, 0.0);
}

/* The point of segment s closest to p, as ccl_closest_on_segment. */
static ccl_vec3 ccl_closest_on_segment3(ccl_segment3 s, ccl_vec3 p) {
    ccl_vec3 axis = ccl_sub3(s.b, s.a);
    double len_sq = ccl_length_sq3(axis);
    if (!(len_sq > 0.0) || !isfinite(len_sq)) {
        if (!(len_sq > 0.0)) {
            return s.a;
        }
        ccl_vec3 dir = ccl_normalize3(axis);
        double u = ccl_dot3(dir, ccl_sub3(p, s.a));
        double len = ccl_length3(axis);
        u = u < 0.0 ? 0.0 : (u > len ? len : u);
        return ccl_mul_add3(s.a, u, dir);
    }
    double u = ccl_dot3(axis, ccl_sub3(p, s.a)) / len_sq;
    if (u <= 0.0) {
        return s.a;
    }
    if (u >= 1.0) {
        return s.b;
    }
    return ccl_mul_add3(s.a, u, axis);
}

/* ---- Static tests (overlap.c) ---- */

bool ccl_spheres_overlap(ccl_sphere a, ccl_sphere b) {
    if (!ccl_valid_sphere(a) || !ccl_valid_sphere(b)) {
        return false;
    }
    ccl_vec3 d = ccl_sub3(b.center, a.center);
    double R = a.radius + b.radius;
    double dist_sq = ccl_length_sq3(d);
    double reach_sq = R * R;
    if (isfinite(dist_sq) && isfinite(reach_sq)) {
        return dist_sq <= reach_sq;
    }
    return ccl_length3(d) <= R;
}

bool ccl_spheres_contact(ccl_sphere a, ccl_sphere b, ccl_contact3 *out) {
    if (!ccl_spheres_overlap(a, b)) {
        return false;
    }
    if (out != NULL) {
        ccl_vec3 d = ccl_sub3(b.center, a.center);
        double dist = ccl_length3(d);
        ccl_vec3 normal = dist > 0.0 ? ccl_scale3(d, 1.0 / dist) : ccl_v3(1.0, 0.0, 0.0);
        double depth = (a.radius + b.radius) - dist;
        out->normal = normal;
        out->depth = depth > 0.0 ? depth : 0.0;
        out->point = ccl_mul_add3(a.center, a.radius - 0.5 * out->depth, normal);
    }
    return true;
}

bool ccl_sphere_segment_contact(ccl_sphere s, ccl_segment3 seg, ccl_contact3 *out) {
    if (!ccl_valid_sphere(s) || !ccl_vec3_is_finite(seg.a) || !ccl_vec3_is_finite(seg.b)) {
        return false;
    }
    ccl_vec3 closest = ccl_closest_on_segment3(seg, s.center);
    ccl_vec3 d = ccl_sub3(closest, s.center);
    double dist_sq = ccl_length_sq3(d);
    double r_sq = s.radius * s.radius;
    bool touching =
        (isfinite(dist_sq) && isfinite(r_sq)) ? dist_sq <= r_sq : ccl_length3(d) <= s.radius;
    if (!touching) {
        return false;
    }
    if (out != NULL) {
        double dist = ccl_length3(d);
        ccl_vec3 normal;
        if (dist > 0.0) {
            normal = ccl_scale3(d, 1.0 / dist);
        } else {
            ccl_vec3 axis = ccl_sub3(seg.b, seg.a);
            normal = (axis.x != 0.0 || axis.y != 0.0 || axis.z != 0.0)
                         ? ccl_normalize3(ccl_perp_xy(axis))
                         : ccl_v3(1.0, 0.0, 0.0);
        }
        double depth = s.radius - dist;
        out->normal = normal;
        out->depth = depth > 0.0 ? depth : 0.0;
        out->point = ccl_mul_add3(closest, 0.5 * out->depth, normal);
    }
    return true;
}

/* ---- Swept tests (sweep.c) ---- */

bool ccl_sweep_spheres(ccl_sphere a, ccl_vec3 va, ccl_sphere b, ccl_vec3 vb, double t_max,
                       ccl_hit3 *hit) {
    if (!ccl_valid_sphere(a) || !ccl_valid_sphere(b) || !ccl_vec3_is_finite(va) ||
        !ccl_vec3_is_finite(vb) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    ccl_vec3 dp = ccl_sub3(b.center, a.center);
    ccl_vec3 dv = ccl_sub3(vb, va);
    double R = a.radius + b.radius;
    if (!ccl_vec3_is_finite(dp) || !ccl_vec3_is_finite(dv) || !isfinite(R)) {
        return false;
    }
    double t_enter, t_exit;
    if (!ccl_relative_contact_interval3(dp, dv, R, &t_enter, &t_exit)) {
        return false;
    }
    if (t_exit < 0.0 || t_enter > t_max) {
        return false;
    }
    double t = t_enter > 0.0 ? t_enter : 0.0;
    if (t > 0.0 && !(ccl_dot3(dv, dp) < 0.0)) {
        return false;
    }
    if (!isfinite(t)) {
        return false; /* a contact beyond the largest double (t_max infinite) */
    }
    if (hit != NULL) {
        ccl_vec3 pa = ccl_mul_add3(a.center, t, va);
        ccl_vec3 rel = ccl_mul_add3(dp, t, dv);
        ccl_vec3 normal = ccl_contact_normal3(rel, dv);
        hit->t = t;
        hit->t_exit = t_exit;
        hit->normal = normal;
        hit->point = ccl_mul_add3(pa, a.radius, normal);
        if (!ccl_vec3_is_finite(hit->point)) {
            hit->point = pa;
        }
    }
    return true;
}

bool ccl_sweep_sphere_point(ccl_sphere s, ccl_vec3 v, ccl_vec3 p, double t_max, ccl_hit3 *hit) {
    ccl_sphere vertex = {p, 0.0};
    ccl_vec3 still = {0.0, 0.0, 0.0};
    return ccl_sweep_spheres(s, v, vertex, still, t_max, hit);
}

/* The interval of t where d0 + rate t lies in [lo, hi]; false when empty. */
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
            ? ccl_normalize3(toward)
            : fallback_normal;
    hit->t = t;
    hit->t_exit = t_exit;
    hit->normal = normal;
    hit->point = closest;
}

bool ccl_sweep_sphere_plane(ccl_sphere s, ccl_vec3 v, ccl_vec3 plane_point, ccl_vec3 plane_normal,
                            double t_max, ccl_hit3 *hit) {
    if (!ccl_valid_sphere(s) || !ccl_vec3_is_finite(v) || !ccl_vec3_is_finite(plane_point) ||
        !ccl_vec3_is_finite(plane_normal) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (plane_normal.x == 0.0 && plane_normal.y == 0.0 && plane_normal.z == 0.0) {
        return false;
    }
    ccl_vec3 n = ccl_normalize3(plane_normal);
    double d0 = ccl_dot3(n, ccl_sub3(s.center, plane_point));
    double rate = ccl_dot3(n, v);
    if (!isfinite(d0) || !isfinite(rate)) {
        return false;
    }
    double t_enter, t_exit;
    if (!ccl_linear_interval3(d0, rate, -s.radius, s.radius, &t_enter, &t_exit)) {
        return false;
    }
    if (t_exit < 0.0 || t_enter > t_max) {
        return false;
    }
    double t = t_enter > 0.0 ? t_enter : 0.0;
    if (hit != NULL) {
        ccl_vec3 center = ccl_mul_add3(s.center, t, v);
        double d = ccl_dot3(n, ccl_sub3(center, plane_point));
        ccl_vec3 toward_plane =
            d > 0.0 ? ccl_neg3(n) : (d < 0.0 ? n : ccl_scale3(n, rate > 0.0 ? 1.0 : -1.0));
        ccl_vec3 closest = ccl_mul_add3(center, -d, n);
        ccl_fill_hit3(s, v, t, t_exit, closest, toward_plane, hit);
        hit->normal = toward_plane;
    }
    return true;
}

bool ccl_sweep_sphere_segment(ccl_sphere s, ccl_vec3 v, ccl_segment3 seg, double t_max,
                              ccl_hit3 *hit) {
    if (!ccl_valid_sphere(s) || !ccl_vec3_is_finite(v) || !ccl_vec3_is_finite(seg.a) ||
        !ccl_vec3_is_finite(seg.b) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    /* The capsule around the segment is convex and the centre moves on a line, so the contact
     * times form one interval: the union of the end caps' and the cylinder's intervals. */
    double t_enter = INFINITY, t_exit = -INFINITY;
    double e0, e1;
    ccl_vec3 ends[2] = {seg.a, seg.b};
    for (int i = 0; i < 2; ++i) {
        ccl_vec3 dp = ccl_sub3(ends[i], s.center);
        if (ccl_relative_contact_interval3(dp, ccl_neg3(v), s.radius, &e0, &e1)) {
            t_enter = fmin(t_enter, e0);
            t_exit = fmax(t_exit, e1);
        }
    }
    ccl_vec3 axis = ccl_sub3(seg.b, seg.a);
    double length = ccl_length3(axis);
    /* An orthonormal frame (dir, n1, n2); for a segment in the z = 0 plane n1 is the 2D normal
     * perp(dir), and n2 = (0, 0, 1) contributes exact zeros for motion in that plane. */
    ccl_vec3 dir = ccl_v3(1.0, 0.0, 0.0), n1 = ccl_v3(0.0, 1.0, 0.0), n2 = ccl_v3(0.0, 0.0, 1.0);
    double e1_rate = 0.0, e2_rate = 0.0;
    bool has_axis = length > 0.0 && isfinite(length);
    if (has_axis) {
        dir = ccl_scale3(axis, 1.0 / length);
        n1 = ccl_perp_xy(dir);
        if (dir.z != 0.0) {
            n1 = ccl_normalize3(n1);
        }
        n2 = ccl_cross3(dir, n1);
        ccl_vec3 rel = ccl_sub3(s.center, seg.a);
        double d0 = ccl_dot3(n1, rel);
        e1_rate = ccl_dot3(n1, v);
        double z0 = ccl_dot3(n2, rel);
        e2_rate = ccl_dot3(n2, v);
        double u0 = ccl_dot3(dir, rel), u_rate = ccl_dot3(dir, v);
        double s0, s1, w0, w1;
        bool side;
        if (z0 == 0.0 && e2_rate == 0.0) {
            /* motion in the plane of the segment and n1: the distance is linear in t */
            side = ccl_linear_interval3(d0, e1_rate, -s.radius, s.radius, &s0, &s1);
        } else {
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
    if (!(t_enter <= t_exit) || t_exit < 0.0 || t_enter > t_max) {
        return false;
    }
    double t = t_enter > 0.0 ? t_enter : 0.0;
    if (hit != NULL) {
        ccl_vec3 center = ccl_mul_add3(s.center, t, v);
        ccl_vec3 closest = ccl_closest_on_segment3(seg, center);
        ccl_vec3 fallback = ccl_normalize3(ccl_neg3(v));
        if (has_axis) {
            if (e2_rate == 0.0) {
                fallback = e1_rate > 0.0 ? n1 : ccl_neg3(n1);
            } else {
                /* the direction in which the centre moves across the axis */
                fallback = ccl_normalize3(ccl_mul_add3(ccl_scale3(n1, e1_rate), e2_rate, n2));
            }
        }
        ccl_fill_hit3(s, v, t, t_exit, closest, fallback, hit);
    }
    return true;
}
