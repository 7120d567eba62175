/* Swept (continuous) tests of a moving circle against fixed obstacles: seed 004 (a line and a
 * segment). The algorithm is sweep_obstacle_impl.h's, shared with the spheres; this file names
 * its 2D helpers and has the strip beside the segment and the normal of a centre on it. */
#include "circol/collision.h"

#include <float.h>
#include <math.h>

#include "core/exact.h"
#include "narrow/interval.h"
#include "narrow/narrow.h"
#include "narrow/range.h"

/* The signed distance of p from the line through a with normal n (finite, not zero): that of
 * ccl_sweep_sphere_plane's plane z = 0, bit for bit. */
static double ccl_line_distance(ccl_vec2 n, ccl_vec2 a, ccl_vec2 p) {
    return ccl_plane_distance3(ccl_v3(n.x, n.y, 0.0), ccl_v3(a.x, a.y, 0.0), ccl_v3(p.x, p.y, 0.0));
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

#define CCL_DIM_N 2
#define CCL_DIM_SUFFIX
#define CCL_DIM_NONZERO(v)     ((v).x != 0.0 || (v).y != 0.0)
#define CCL_DIM_BODY           ccl_circle
#define CCL_DIM_PLUS_ZERO(v)   ccl_v2((v).x + 0.0, (v).y + 0.0)
#define CCL_DIM_VALID_BODY     ccl_valid_circle
#define CCL_DIM_ZERO           ccl_v2(0.0, 0.0)
#define CCL_DIM_PLANE_DISTANCE ccl_line_distance
#define CCL_DIM_CAP_INTERVAL(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit, parts)                      \
    ccl_relative_contact_interval_compensated(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit)
#define CCL_DIM_SEGMENT_CONTACT ccl_circle_segment_contact
#define CCL_DIM_SIDE(c, v, s, axis, length, frame, t_enter, t_exit)                                \
    ccl_segment_strip(c, v, s, axis, length, t_enter, t_exit)
#define CCL_DIM_FALLBACK_NORMAL(v, axis, length, has_axis, frame)                                  \
    ccl_segment_fallback_normal(v, axis, length)
#define CCL_DIM_SWEEP_PLANE   ccl_sweep_circle_line
#define CCL_DIM_SWEEP_SEGMENT ccl_sweep_circle_segment
#include "narrow/sweep_obstacle_impl.h"
