/* Private: when things first touch, for every motion law of world/motion.h: the first time in
 * the motion parameter u at which a gap closes (a circle and a wall, a segment's line), and at
 * which two circles, or a circle and a fixed point, come within a contact distance R. Inline: the
 * prediction calls them for every neighbour. */
#ifndef CIRCOL_WORLD_TOUCH_H
#define CIRCOL_WORLD_TOUCH_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "narrow/narrow.h"
#include "narrow/straight.h"
#include "circol/math.h"
#include "core/constants.h"

/* The first u in [0, u_max] where f(u) = f0 + f1 u + f2 u^2 / 2 falls to 0 or below while
 * decreasing; INFINITY when none. A value already <= 0 and still falling gives u = 0. */
static inline double ccl_first_fall(double f0, double f1, double f2, double u_max) {
    if (f0 <= 0.0 && (f1 < 0.0 || (f1 == 0.0 && f2 < 0.0))) {
        return 0.0;
    }
    double best = INFINITY;
    if (f2 == 0.0) {
        if (f1 < 0.0 && f0 > 0.0) {
            best = f0 / -f1;
        }
    } else {
        double A = 0.5 * f2, B = f1, C = f0;
        double D = B * B - 4.0 * A * C;
        if (D >= 0.0) {
            /* at the surface (C = 0) the roots are 0 and -B / A: q = -B, which the formula gives
             * bit for bit, unless B * B underflows (a circle leaving a wall at 1e-292, which must
             * not then fall through it) */
            double q = C == 0.0 ? -B : -0.5 * (B + copysign(sqrt(D), B));
            double roots[2] = {q != 0.0 ? q / A : 0.0, q != 0.0 ? C / q : 0.0};
            for (int k = 0; k < 2; ++k) {
                double u = roots[k];
                if (u >= 0.0 && u < best && f1 + f2 * u < 0.0) {
                    best = u;
                }
            }
        }
    }
    return best <= u_max ? best : INFINITY;
}

/* ccl_first_fall for the gap between a circle and a surface it must not cross (a wall, a
 * segment's line on the circle's side). A gap at or below 0 by rounding that rises but never gets
 * back above 0 is still a contact: it turns back at the apex u = f1 / -f2, and that is its event
 * (else a tiny circle bouncing ever lower under gravity falls through the wall). */
static inline double ccl_first_touch(double f0, double f1, double f2, double u_max) {
    if (f0 <= 0.0 && f1 > 0.0 && f2 < 0.0 && f1 * f1 - 2.0 * f2 * f0 < 0.0) {
        double apex = f1 / -f2;
        return apex <= u_max ? apex : INFINITY;
    }
    return ccl_first_fall(f0, f1, f2, u_max);
}

/* First entry u into contact at distance R for relative position dp and velocity dv on straight
 * lines; INFINITY when none, and (to save the caller a test) possibly a time past u_max. An
 * overlapping pair that approaches collides at once; one that recedes is left alone. */
static inline double ccl_straight_entry(ccl_vec2 dp, ccl_vec2 dv, double R, double u_max) {
    double b = ccl_dot(dv, dp);
    if (!(b < 0.0)) {
        return INFINITY; /* receding or sliding: no entry, whether overlapping or not */
    }
    double c = ccl_dot(dp, dp) - R * R;
    if (c <= 0.0) {
        return 0.0; /* overlapping by rounding and approaching: collide at once */
    }
    /* The root is at least c / (-2 b) (ccl_straight_root): a pair that cannot meet before u_max
     * costs no square root. A NaN c (an overflowed square) falls through to a NaN u: no event. */
    if (c / (-2.0 * b) > u_max) {
        return INFINITY;
    }
    return ccl_straight_root(b, c, ccl_dot(dv, dv), ccl_cross(dv, dp), R);
}

/* Whether the relative motion dp + dv u + da u^2 / 2 stays farther than R apart over [0, u_max]:
 * the distance it can close by u_max is at most s = (|dv| + |da| u_max / 2) u_max (the 1-norms
 * bound the lengths, with no square root), and the pair starts more than R + s apart, with a
 * margin of 2^-20 far beyond the rounding of either side or of the exact entry's. False
 * where the bound is not to be trusted: an infinite or NaN u_max or s (the comparison fails), or
 * R + s so small that its square loses bits (below 2^-500). An |dp|^2 that overflows is farther
 * than any finite R + s. */
static inline bool ccl_pair_out_of_reach(ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R,
                                         double u_max) {
    double speed = fabs(dv.x) + fabs(dv.y), accel = fabs(da.x) + fabs(da.y);
    double reach = R + (speed + 0.5 * accel * u_max) * u_max;
    return reach >= 0x1p-500 && dp.x * dp.x + dp.y * dp.y > reach * reach * (1.0 + 0x1p-20);
}

/* ccl_straight_entry with acceleration da of the other body relative to this one. Under
 * acceleration the first contact takes scalings, square roots and a search over the pieces of
 * the gap, and on a straight line a division and a branch on the direction that no predictor
 * guesses; a neighbour that cannot come within reach before the best event so far (most of them:
 * the circle's cell exit is near) is told apart first, at the cost of a few products. */
static inline double ccl_pair_entry(ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R, double u_max) {
    if (ccl_pair_out_of_reach(dp, dv, da, R, u_max)) {
        return INFINITY;
    }
    if (da.x != 0.0 || da.y != 0.0) {
        double u;
        return ccl_first_contact_accel(dp, dv, da, R, u_max, &u) ? u : INFINITY;
    }
    double u = ccl_straight_entry(dp, dv, R, u_max);
    return u <= u_max ? u : INFINITY;
}

#endif
