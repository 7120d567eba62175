/* Closest points on segments and the 3D cross products behind them, shared by the narrow phase's
 * 3D static and swept tests (the 2D closest point is in narrow.h, for the world too). */
#ifndef CIRCOL_NARROW_SEGMENT_H
#define CIRCOL_NARROW_SEGMENT_H

#include <stdbool.h>

#include "circol/collision3d.h"
#include "narrow/quadratic.h"

/// (u + u_lo) x (v + v_lo) for 2D vectors, compensated: ccl_cross_compensated, or
/// ccl_cross_compensated_far for a pair beyond CCL_FAR_APART contact distances apart (far).
static inline double ccl_cross2(ccl_vec2 u, ccl_vec2 u_lo, ccl_vec2 v, ccl_vec2 v_lo, bool far) {
    return far ? ccl_cross_compensated_far(u, u_lo, v, v_lo)
               : ccl_cross_compensated(u, u_lo, v, v_lo);
}

/// (u + u_lo) x (v + v_lo) in 3D, component by component with ccl_cross2; the z component is
/// the 2D cross product.
static inline ccl_vec3 ccl_cross_compensated3(ccl_vec3 u, ccl_vec3 u_lo, ccl_vec3 v, ccl_vec3 v_lo,
                                              bool far) {
    double x = ccl_cross2(ccl_v2(u.y, u.z), ccl_v2(u_lo.y, u_lo.z), ccl_v2(v.y, v.z),
                          ccl_v2(v_lo.y, v_lo.z), far);
    double y = ccl_cross2(ccl_v2(u.z, u.x), ccl_v2(u_lo.z, u_lo.x), ccl_v2(v.z, v.x),
                          ccl_v2(v_lo.z, v_lo.x), far);
    double z = ccl_cross2(ccl_v2(u.x, u.y), ccl_v2(u_lo.x, u_lo.y), ccl_v2(v.x, v.y),
                          ccl_v2(v_lo.x, v_lo.y), far);
    return ccl_v3(x, y, z);
}

/// (-v.y, v.x, 0), the 2D ccl_perp, perpendicular to v; (1, 0, 0) when v is parallel to z.
static inline ccl_vec3 ccl_perp_xy(ccl_vec3 v) {
    if (v.x == 0.0 && v.y == 0.0) {
        return ccl_v3(1.0, 0.0, 0.0);
    }
    return ccl_v3(-v.y, v.x, 0.0);
}

/// The part of p - a across the axis b - a (see segment.c); false, *across unset, when either
/// offset is zero or not finite, or the result would be.
bool ccl_across_axis3(ccl_vec3 a, ccl_vec3 b, ccl_vec3 p, ccl_vec3 *across);

/// The point of segment s closest to p, in 3D: with every z equal, ccl_closest_on_segment's bits.
ccl_vec3 ccl_closest_on_segment3(ccl_segment3 s, ccl_vec3 p);

#endif
