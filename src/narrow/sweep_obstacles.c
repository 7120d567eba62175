/* Swept (continuous) tests of a moving circle against fixed obstacles: seed 004 (a line and a
 * segment). */
#include "circol/collision.h"

#include <float.h>
#include <math.h>

#include "core/exact.h"
#include "narrow/interval.h"
#include "narrow/narrow.h"
#include "narrow/range.h"

/* Fills a hit at time t for a circle whose closest point on the obstacle at t is `closest`.
 * fallback_normal is used when the centre lies on the obstacle. */
static void ccl_fill_hit(ccl_circle c, ccl_vec2 v, double t, double t_exit, ccl_vec2 closest,
                         ccl_vec2 fallback_normal, ccl_hit *hit) {
    ccl_vec2 center = ccl_mul_add(c.center, t, v);
    ccl_vec2 toward = ccl_sub(closest, center);
    ccl_vec2 normal = (toward.x != 0.0 || toward.y != 0.0) && ccl_vec2_is_finite(toward)
                          ? ccl_unit_direction(toward)
                          : ccl_v2(fallback_normal.x + 0.0, fallback_normal.y + 0.0); /* no -0 */
    hit->t = t;
    hit->t_exit = t_exit + 0.0; /* +0, not -0: the sign fmax gives a zero is the compiler's */
    hit->normal = normal;
    hit->point = closest;
    if (!ccl_vec2_is_finite(closest)) {
        hit->point = ccl_saturate(center); /* beyond DBL_MAX: the centre, saturated */
    }
}

/* The signed distance of p from the line through a with normal n (finite, not zero): that of
 * ccl_sweep_sphere_plane's plane z = 0, bit for bit. */
static double ccl_line_distance(ccl_vec2 n, ccl_vec2 a, ccl_vec2 p) {
    return ccl_plane_distance3(ccl_v3(n.x, n.y, 0.0), ccl_v3(a.x, a.y, 0.0), ccl_v3(p.x, p.y, 0.0));
}

bool ccl_sweep_circle_line(ccl_circle c, ccl_vec2 v, ccl_vec2 line_point, ccl_vec2 line_normal,
                           double t_max, ccl_hit *hit) {
    if (!ccl_valid_circle(c) || !ccl_vec2_is_finite(v) || !ccl_vec2_is_finite(line_point) ||
        !ccl_vec2_is_finite(line_normal) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (ccl_is_huge(c.center) || ccl_is_huge(v) || ccl_is_huge(line_point) ||
        c.radius >= CCL_HUGE) {
        ccl_circle qc = {ccl_scale(c.center, 0.25), 0.25 * c.radius};
        return ccl_unquartered(ccl_sweep_circle_line(qc, ccl_scale(v, 0.25),
                                                     ccl_scale(line_point, 0.25), line_normal,
                                                     t_max, hit),
                               hit);
    }
    if (line_normal.x == 0.0 && line_normal.y == 0.0) {
        return false;
    }
    ccl_vec2 n = ccl_unit_direction(line_normal);
    /* the centre's signed distance, right to ulps of itself (n . (c - p) errs by ulps of
     * |c - p|: from an anchor far along the line, more than the radius) */
    double d0 = ccl_line_distance(line_normal, line_point, c.center);
    double rate = ccl_dot(n, v);
    double t, t_exit;
    if (!ccl_band_contact(d0, rate, c.radius, t_max, &t, &t_exit)) {
        return false;
    }
    if (hit != NULL) {
        ccl_vec2 center = ccl_mul_add(c.center, t, v);
        double d = ccl_line_distance(line_normal, line_point, center);
        ccl_vec2 toward_line = ccl_scale(n, ccl_toward_band(d, rate));
        ccl_vec2 closest = ccl_mul_add(center, -d, n);
        ccl_fill_hit(c, v, t, t_exit, closest, toward_line, hit);
        hit->normal = toward_line;
    }
    return true;
}

/* Joins to [*t_enter, *t_exit] the times circle c (velocity v) touches the end caps of s. */
static void ccl_segment_caps(ccl_circle c, ccl_vec2 v, ccl_segment s, double *t_enter,
                             double *t_exit) {
    ccl_vec2 ends[2] = {s.a, s.b};
    for (int i = 0; i < 2; ++i) {
        double e0, e1;
        ccl_vec2 dp_lo;
        ccl_vec2 dp = ccl_sub_exact(ends[i], c.center, &dp_lo);
        ccl_vec2 dv_lo = {0.0, 0.0};
        if (ccl_vec2_is_finite(dp) && ccl_relative_contact_interval_compensated(
                                          dp, dp_lo, ccl_neg(v), dv_lo, c.radius, &e0, &e1)) {
            ccl_interval_join(t_enter, t_exit, e0, e1);
        }
    }
}

/* Joins to [*t_enter, *t_exit] the times circle c (velocity v) touches the strip beside the
 * interior of s, whose axis b - a has the finite non-zero length given. */
static void ccl_segment_strip(ccl_circle c, ccl_vec2 v, ccl_segment s, ccl_vec2 axis, double length,
                              double *t_enter, double *t_exit) {
    ccl_vec2 dir = ccl_v2(axis.x / length, axis.y / length);
    ccl_vec2 n = ccl_perp(dir);
    ccl_vec2 rel = ccl_sub(c.center, s.a);
    /* the centre's distance across the line, from the compensated cross product where it
     * fits (n . rel errs by ulps of |rel|: beside a long segment, more than the radius) */
    double d0 = ccl_segment_cross_fits(axis, rel)
                    ? ccl_segment_cross(s.a, s.b, c.center, &axis, &rel) / length
                    : ccl_dot(n, rel);
    double d_rate = ccl_dot(n, v);
    double u0 = ccl_dot(dir, rel), u_rate = ccl_dot(dir, v);
    double s0, s1, w0, w1;
    if (ccl_linear_interval(d0, d_rate, -c.radius, c.radius, &s0, &s1) &&
        ccl_linear_interval(u0, u_rate, 0.0, length, &w0, &w1)) {
        ccl_interval_join_common(t_enter, t_exit, s0, s1, w0, w1);
    }
}

/* The normal of a hit whose centre lies on the segment: the segment's normal against the motion
 * v, or -v's direction for a segment of no (or no finite) length. */
static ccl_vec2 ccl_segment_fallback_normal(ccl_vec2 v, ccl_vec2 axis, double length) {
    if (length > 0.0 && isfinite(length)) {
        ccl_vec2 n = ccl_perp(ccl_unit_direction(axis)); /* rescaled: unit for subnormals */
        return ccl_dot(n, v) > 0.0 ? n : ccl_neg(n);
    }
    return ccl_unit_direction(ccl_neg(v));
}

bool ccl_sweep_circle_segment(ccl_circle c, ccl_vec2 v, ccl_segment s, double t_max, ccl_hit *hit) {
    if (!ccl_valid_circle(c) || !ccl_vec2_is_finite(v) || !ccl_vec2_is_finite(s.a) ||
        !ccl_vec2_is_finite(s.b) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (ccl_is_huge(c.center) || ccl_is_huge(v) || ccl_is_huge(s.a) || ccl_is_huge(s.b) ||
        c.radius >= CCL_HUGE) {
        ccl_circle qc = {ccl_scale(c.center, 0.25), 0.25 * c.radius};
        ccl_segment qs = {ccl_scale(s.a, 0.25), ccl_scale(s.b, 0.25)};
        return ccl_unquartered(ccl_sweep_circle_segment(qc, ccl_scale(v, 0.25), qs, t_max, hit),
                               hit);
    }
    /* The set of times the circle touches the segment is one interval (the capsule around the
     * segment is convex and the centre moves on a line): the union of the intervals for the two
     * end caps and for the strip beside the interior. */
    double t_enter = INFINITY, t_exit = -INFINITY;
    ccl_segment_caps(c, v, s, &t_enter, &t_exit);
    ccl_vec2 axis = ccl_sub(s.b, s.a);
    double length = ccl_length(axis);
    if (length > 0.0 && isfinite(length)) {
        ccl_segment_strip(c, v, s, axis, length, &t_enter, &t_exit);
    }
    if (!(t_enter <= t_exit) || !ccl_interval_in_window(t_enter, t_exit, t_max)) {
        return false;
    }
    if (ccl_interval_may_have_overflowed(t_enter, t_exit) &&
        !ccl_circle_segment_contact(c, s, NULL)) {
        return false; /* an overflowed time, not a circle at rest on the segment */
    }
    double t = ccl_interval_start(t_enter);
    if (hit != NULL) {
        ccl_vec2 center = ccl_mul_add(c.center, t, v);
        ccl_vec2 closest = ccl_closest_on_segment(s, center);
        ccl_fill_hit(c, v, t, t_exit, closest, ccl_segment_fallback_normal(v, axis, length), hit);
    }
    return true;
}
