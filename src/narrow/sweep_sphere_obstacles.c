/* Swept tests of a moving sphere against a fixed plane and segment: the 3D form of
 * sweep_obstacles.c, with the same bits when every z is 0. */
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

/* Fills a hit at time t for a sphere whose closest point on the obstacle at t is `closest`
 * (ccl_fill_hit in 3D); fallback_normal is used when the centre lies on the obstacle. */
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
        s.radius >= CCL_HUGE) {
        ccl_sphere qs = {ccl_scale3(s.center, 0.25), 0.25 * s.radius};
        return ccl_unquartered3(ccl_sweep_sphere_plane(qs, ccl_scale3(v, 0.25),
                                                       ccl_scale3(plane_point, 0.25), plane_normal,
                                                       t_max, hit),
                                hit);
    }
    if (plane_normal.x == 0.0 && plane_normal.y == 0.0 && plane_normal.z == 0.0) {
        return false;
    }
    ccl_vec3 n = ccl_unit_direction3(plane_normal);
    /* the centre's signed distance, right to ulps of itself (ccl_sweep_circle_line) */
    double d0 = ccl_plane_distance3(plane_normal, plane_point, s.center);
    double rate = ccl_dot3(n, v);
    double t, t_exit;
    if (!ccl_band_contact(d0, rate, s.radius, t_max, &t, &t_exit)) {
        return false;
    }
    if (hit != NULL) {
        ccl_vec3 center = ccl_mul_add3(s.center, t, v);
        double d = ccl_plane_distance3(plane_normal, plane_point, center);
        ccl_vec3 toward_plane = ccl_scale3(n, ccl_toward_band(d, rate));
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

/* Joins to [*t_enter, *t_exit] the times sphere s (velocity v) touches the end caps of seg. */
static void ccl_sphere_caps(ccl_sphere s, ccl_vec3 v, ccl_segment3 seg, double *t_enter,
                            double *t_exit) {
    ccl_vec3 ends[2] = {seg.a, seg.b};
    for (int i = 0; i < 2; ++i) {
        double e0, e1;
        ccl_vec3 dp_lo;
        ccl_vec3 dp = ccl_sub_exact3(ends[i], s.center, &dp_lo);
        ccl_vec3 dv_lo = {0.0, 0.0, 0.0};
        ccl_contact_parts3 parts;
        if (ccl_vec3_is_finite(dp) &&
            ccl_relative_interval3(dp, dp_lo, ccl_neg3(v), dv_lo, s.radius, &e0, &e1, &parts)) {
            ccl_interval_join(t_enter, t_exit, e0, e1);
        }
    }
}

/* The coordinates (*d0, *z0) in the frame (n1, n2) of the centre's offset rel from the segment's
 * first end, right to ulps of the distance from the axis however long the segment. */
static void ccl_offset_across(ccl_sphere s, ccl_segment3 seg, ccl_vec3 axis, double length,
                              ccl_vec3 rel, ccl_vec3 n1, ccl_vec3 n2, double *d0, double *z0) {
    *d0 = ccl_dot3(n1, rel);
    *z0 = ccl_dot3(n2, rel);
    ccl_vec2 axis2 = ccl_v2(axis.x, axis.y), rel2 = ccl_v2(rel.x, rel.y);
    ccl_vec3 across;
    if (axis.z == 0.0 && rel.z == 0.0) {
        if (ccl_segment_cross_fits(axis2, rel2)) {
            /* in a plane z = const: the distance across the line as ccl_sweep_circle_segment
             * has it (n1 is the 2D normal there), from the compensated cross product; the plain
             * forms where it has them */
            *d0 = ccl_segment_cross(ccl_v2(seg.a.x, seg.a.y), ccl_v2(seg.b.x, seg.b.y),
                                    ccl_v2(s.center.x, s.center.y), &axis2, &rel2) /
                  length;
        }
    } else if (ccl_across_axis3(seg.a, seg.b, s.center, &across)) {
        /* slanted: the frame's coordinates of the part across the axis (n1 and n2 are
         * perpendicular to it only to rounding, which along a long segment is too much) */
        *d0 = ccl_dot3(n1, across);
        *z0 = ccl_dot3(n2, across);
    }
}

/* The frame of a segment and the velocity's components in it. */
typedef struct ccl_segment_motion {
    ccl_vec3 n1, n2;
    double e1_rate, e2_rate;
} ccl_segment_motion;

/* Joins to [*t_enter, *t_exit] the times sphere s (velocity v) touches the cylinder beside the
 * interior of seg, whose axis has the finite non-zero length given; *m gets the frame. */
static void ccl_sphere_cylinder(ccl_sphere s, ccl_vec3 v, ccl_segment3 seg, ccl_vec3 axis,
                                double length, ccl_segment_motion *m, double *t_enter,
                                double *t_exit) {
    ccl_vec3 dir = ccl_v3(axis.x / length, axis.y / length, axis.z / length);
    ccl_segment_frame(dir, &m->n1, &m->n2);
    ccl_vec3 rel = ccl_sub3(s.center, seg.a);
    double d0, z0;
    ccl_offset_across(s, seg, axis, length, rel, m->n1, m->n2, &d0, &z0);
    m->e1_rate = ccl_dot3(m->n1, v);
    m->e2_rate = ccl_dot3(m->n2, v);
    double u0 = ccl_dot3(dir, rel), u_rate = ccl_dot3(dir, v);
    double s0, s1, w0, w1;
    bool side;
    if (z0 == 0.0 && m->e2_rate == 0.0) {
        /* the centre moves in the plane of the axis and n1: the distance is linear in t */
        side = ccl_linear_interval(d0, m->e1_rate, -s.radius, s.radius, &s0, &s1);
    } else {
        /* distance from the axis: a quadratic in the (n1, n2) plane */
        side = ccl_relative_contact_interval(ccl_v2(d0, z0), ccl_v2(m->e1_rate, m->e2_rate),
                                             s.radius, &s0, &s1);
    }
    if (side && ccl_linear_interval(u0, u_rate, 0.0, length, &w0, &w1)) {
        ccl_interval_join_common(t_enter, t_exit, s0, s1, w0, w1);
    }
}

/* The normal of a hit whose centre lies on the segment: across the segment against the motion v
 * (as in 2D), or -v's direction for a segment of no (or no finite) length. */
static ccl_vec3 ccl_sphere_segment_fallback(ccl_vec3 v, ccl_vec3 axis, bool has_axis,
                                            const ccl_segment_motion *m) {
    if (!has_axis) {
        return ccl_unit_direction3(ccl_neg3(v));
    }
    if (m->e2_rate == 0.0) {
        /* the frame of the unit direction, rescaled (unit for subnormals, as in 2D) */
        ccl_vec3 u1, u2;
        ccl_segment_frame(ccl_unit_direction3(axis), &u1, &u2);
        return ccl_dot3(u1, v) > 0.0 ? u1 : ccl_neg3(u1);
    }
    /* the direction in which the centre crosses the axis */
    return ccl_normalize3(ccl_mul_add3(ccl_scale3(m->n1, m->e1_rate), m->e2_rate, m->n2));
}

bool ccl_sweep_sphere_segment(ccl_sphere s, ccl_vec3 v, ccl_segment3 seg, double t_max,
                              ccl_hit3 *hit) {
    if (!ccl_valid_sphere(s) || !ccl_vec3_is_finite(v) || !ccl_vec3_is_finite(seg.a) ||
        !ccl_vec3_is_finite(seg.b) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (ccl_is_huge3(s.center) || ccl_is_huge3(v) || ccl_is_huge3(seg.a) || ccl_is_huge3(seg.b) ||
        s.radius >= CCL_HUGE) {
        ccl_sphere qs = {ccl_scale3(s.center, 0.25), 0.25 * s.radius};
        ccl_segment3 qseg = {ccl_scale3(seg.a, 0.25), ccl_scale3(seg.b, 0.25)};
        return ccl_unquartered3(ccl_sweep_sphere_segment(qs, ccl_scale3(v, 0.25), qseg, t_max, hit),
                                hit);
    }
    /* The capsule around the segment is convex and the centre moves on a line, so the contact
     * times form one interval: the union of the end caps' and the cylinder's intervals. */
    double t_enter = INFINITY, t_exit = -INFINITY;
    ccl_sphere_caps(s, v, seg, &t_enter, &t_exit);
    ccl_vec3 axis = ccl_sub3(seg.b, seg.a);
    double length = ccl_length3(axis);
    bool has_axis = length > 0.0 && isfinite(length);
    ccl_segment_motion m = {ccl_v3(0.0, 1.0, 0.0), ccl_v3(0.0, 0.0, 1.0), 0.0, 0.0};
    if (has_axis) {
        ccl_sphere_cylinder(s, v, seg, axis, length, &m, &t_enter, &t_exit);
    }
    if (!(t_enter <= t_exit) || !ccl_interval_in_window(t_enter, t_exit, t_max)) {
        return false;
    }
    if (ccl_interval_may_have_overflowed(t_enter, t_exit) &&
        !ccl_sphere_segment_contact(s, seg, NULL)) {
        return false; /* an overflowed time, not a sphere at rest on the segment */
    }
    double t = ccl_interval_start(t_enter);
    if (hit != NULL) {
        ccl_vec3 center = ccl_mul_add3(s.center, t, v);
        ccl_vec3 closest = ccl_closest_on_segment3(seg, center);
        ccl_fill_hit3(s, v, t, t_exit, closest, ccl_sphere_segment_fallback(v, axis, has_axis, &m),
                      hit);
    }
    return true;
}
