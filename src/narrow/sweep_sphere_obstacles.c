/* Swept tests of a moving sphere against a fixed plane and segment: the 3D form of
 * sweep_obstacles.c, with the same bits when every z is 0. The algorithm is
 * sweep_obstacle_impl.h's; this file names its 3D helpers and has the cylinder beside the segment
 * and the normal of a centre on it. */
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

#define CCL_DIM_N              3
#define CCL_DIM_SUFFIX         3
#define CCL_DIM_NONZERO(v)     ((v).x != 0.0 || (v).y != 0.0 || (v).z != 0.0)
#define CCL_DIM_BODY           ccl_sphere
#define CCL_DIM_PLUS_ZERO(v)   ccl_v3((v).x + 0.0, (v).y + 0.0, (v).z + 0.0)
#define CCL_DIM_VALID_BODY     ccl_valid_sphere
#define CCL_DIM_ZERO           ccl_v3(0.0, 0.0, 0.0)
#define CCL_DIM_PLANE_DISTANCE ccl_plane_distance3
#define CCL_DIM_CAP_PARTS      ccl_contact_parts3
#define CCL_DIM_CAP_INTERVAL(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit, parts)                      \
    ccl_relative_interval3(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit, parts)
#define CCL_DIM_SEGMENT_CONTACT ccl_sphere_segment_contact
#define CCL_DIM_FRAME           ccl_segment_motion
#define CCL_DIM_FRAME_NONE                                                                         \
    { ccl_v3(0.0, 1.0, 0.0), ccl_v3(0.0, 0.0, 1.0), 0.0, 0.0 }
#define CCL_DIM_SIDE(c, v, s, axis, length, frame, t_enter, t_exit)                                \
    ccl_sphere_cylinder(c, v, s, axis, length, frame, t_enter, t_exit)
#define CCL_DIM_FALLBACK_NORMAL(v, axis, length, has_axis, frame)                                  \
    ccl_sphere_segment_fallback(v, axis, has_axis, frame)
#define CCL_DIM_SWEEP_PLANE   ccl_sweep_sphere_plane
#define CCL_DIM_SWEEP_SEGMENT ccl_sweep_sphere_segment
#include "narrow/sweep_obstacle_impl.h"
