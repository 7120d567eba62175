/* Private: when things first touch while radii grow (world/growth.h). Paths are straight lines
 * in time, and a contact distance grows at a constant rate from now, so every contact time is a
 * root of a quadratic (circles, fixed points) or of a line (walls, a segment's line). */
#ifndef CIRCOL_WORLD_TOUCH_GROWTH_H
#define CIRCOL_WORLD_TOUCH_GROWTH_H

#include <math.h>

#include "circol/math.h"

/* The first u >= 0 at which |dp + dv u| falls to the contact distance R0 + s u (s >= 0, the rate
 * at which the contact distance grows); INFINITY when never, or after u_max.
 *
 * f(u) = |dp + dv u|^2 - (R0 + s u)^2 = A u^2 + 2 B u + C with A = |dv|^2 - s^2,
 * B = dv . dp - R0 s, C = |dp|^2 - R0^2. The contact is the root at which f falls,
 * u = -(B + sqrt(D)) / A = C / (sqrt(D) - B), each taken where it subtracts nothing: the second
 * for a gap that closes (B < 0) from apart (C > 0), the first otherwise (then A < 0: the gap opens
 * more slowly than the distance grows, and closes again). The discriminant is B^2 - A C =
 * |R0 dv - s dp|^2 - (dv x dp)^2, Lagrange's identity with the growth (for s = 0 it is the
 * straight form a R0^2 - (dv x dp)^2), which keeps its accuracy for far, nearly grazing pairs
 * where B^2 - A C loses every digit. */
static inline double ccl_growing_entry(ccl_vec2 dp, ccl_vec2 dv, double R0, double s,
                                       double u_max) {
    double A = ccl_dot(dv, dv) - s * s;
    double B = ccl_dot(dv, dp) - R0 * s;
    double C = ccl_dot(dp, dp) - R0 * R0;
    if (B < 0.0 && C <= 0.0) {
        return 0.0; /* touching (by rounding) and closing: at once */
    }
    if (!(B < 0.0) && !(A < 0.0)) {
        return INFINITY; /* opening for good (or NaN) */
    }
    ccl_vec2 w = ccl_sub(ccl_scale(dv, R0), ccl_scale(dp, s));
    double k = ccl_cross(dv, dp);
    double D = ccl_dot(w, w) - k * k;
    if (!(D >= 0.0)) {
        if (C > 0.0 || isnan(D)) {
            return INFINITY; /* apart, and the gap never closes */
        }
        /* touching by rounding, opening, and turning back before the gap gets above its rounding:
         * met where it turns (as ccl_first_touch does for a wall) */
        double apex = -B / A;
        return apex <= u_max ? apex : INFINITY;
    }
    double root = sqrt(D);
    double u = C > 0.0 && B < 0.0 ? C / (root - B) : -(B + root) / A;
    return u <= u_max ? u : INFINITY;
}

#endif
