/* Private: when things first touch while radii grow (world/growth.h). Paths are straight lines
 * in time, and a contact distance grows at a constant rate from now, so every contact time is a
 * root of a quadratic (circles, fixed points) or of a line (walls, a segment's line). */
#ifndef CIRCOL_WORLD_TOUCH_GROWTH_H
#define CIRCOL_WORLD_TOUCH_GROWTH_H

#include <math.h>

#include "circol/math.h"
#include "core/growing.h"

/* The first u >= 0 at which |dp + dv u| falls to the contact distance R0 + s u (s >= 0, the rate
 * at which the contact distance grows); INFINITY when never, or after u_max (core/growing.h). */
static inline double ccl_growing_entry(ccl_vec2 dp, ccl_vec2 dv, double R0, double s,
                                       double u_max) {
    double A = ccl_dot(dv, dv) - s * s;
    double B = ccl_dot(dv, dp) - R0 * s;
    double C = ccl_dot(dp, dp) - R0 * R0;
    double u;
    if (ccl_growing_decided(A, B, C, &u)) {
        return u;
    }
    ccl_vec2 w = ccl_sub(ccl_scale(dv, R0), ccl_scale(dp, s));
    double k = ccl_cross(dv, dp);
    return ccl_growing_root(A, B, C, ccl_dot(w, w) - k * k, u_max);
}

#endif
