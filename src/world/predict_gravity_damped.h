/* Private: contact times under gravity with linear damping (world/motion_gravity_damped.c), and
 * the curved prediction's touch functions for whichever law a world has.
 *
 * Under gravity a with damping gamma a body moves on p + v s + a W(s), in the damped law's
 * parameter s = (1 - exp(-gamma tau)) / gamma, with W(s) = (tau - s) / gamma (W = s^2 / 2 + gamma
 * s^3 / 3 + ..., s^2 / 2 without damping). Bodies under the same acceleration move on straight
 * lines in s relative to each other (the damped law's quadratic); a body against a wall, a cell
 * edge or a segment's line meets f0 + f1 s + f2 W(s) = 0, and a body against a fixed point or a
 * body under another acceleration |dp + dv s + da W(s)|^2 = R^2. Both are solved on monotone
 * pieces found through derivatives whose turning points have closed forms
 * (predict_gravity_damped.c, docs/NUMERICS.md), never by stepping. */
#ifndef CIRCOL_WORLD_PREDICT_GRAVITY_DAMPED_H
#define CIRCOL_WORLD_PREDICT_GRAVITY_DAMPED_H

#include "world/touch.h"
#include "world/world.h"

/// W(s) = (tau - s) / gamma for the s of an elapsed time tau (gamma > 0, 0 <= gamma s <= 1):
/// s^2 psi(gamma s), accurate for any gamma s, with no division by gamma (INFINITY at gamma s = 1).
double ccl_damped_w(double gamma, double s);

/// ccl_first_fall for f0 + f1 s + f2 W(s) (damping gamma > 0): the first s in [0, u_max] where it
/// falls to 0 or below while decreasing; INFINITY when none.
double ccl_mixed_first_fall(double gamma, double f0, double f1, double f2, double u_max);

/// ccl_first_touch for f0 + f1 s + f2 W(s): ccl_mixed_first_fall, and for a gap at or below 0 that
/// rises but never gets back above 0, the apex.
double ccl_mixed_first_touch(double gamma, double f0, double f1, double f2, double u_max);

/// The first entry s in [0, u_max] of dp + dv s + da W(s) into the disc of radius R (damping gamma
/// > 0); INFINITY when none. An overlapping pair that approaches meets at once.
double ccl_mixed_pair_entry(double gamma, ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R,
                            double u_max);

/* The curved prediction asks these: under gravity with damping, a gap that accelerates takes the
 * mixed forms above; every other law (and an axis or a pair without relative acceleration, which
 * moves on a straight line in s) keeps the quadratic forms of world/touch.h, bit for bit. */

static inline bool ccl_curved_is_mixed(const ccl_world *w, double f2) {
    return w->def.damping > 0.0 && f2 != 0.0;
}

static inline double ccl_curved_fall(const ccl_world *w, double f0, double f1, double f2,
                                     double u_max) {
    return ccl_curved_is_mixed(w, f2) ? ccl_mixed_first_fall(w->def.damping, f0, f1, f2, u_max)
                                      : ccl_first_fall(f0, f1, f2, u_max);
}

static inline double ccl_curved_touch(const ccl_world *w, double f0, double f1, double f2,
                                      double u_max) {
    return ccl_curved_is_mixed(w, f2) ? ccl_mixed_first_touch(w->def.damping, f0, f1, f2, u_max)
                                      : ccl_first_touch(f0, f1, f2, u_max);
}

/// The value at u of f0 + f1 u + f2 u^2 / 2, or of f0 + f1 u + f2 W(u) under damping.
static inline double ccl_curved_at(const ccl_world *w, double f0, double f1, double f2, double u) {
    return ccl_curved_is_mixed(w, f2) ? f0 + f1 * u + f2 * ccl_damped_w(w->def.damping, u)
                                      : f0 + f1 * u + 0.5 * f2 * u * u;
}

static inline double ccl_curved_pair_entry(const ccl_world *w, ccl_vec2 dp, ccl_vec2 dv,
                                           ccl_vec2 da, double R, double u_max) {
    return ccl_curved_is_mixed(w, (da.x != 0.0 || da.y != 0.0) ? 1.0 : 0.0)
               ? ccl_mixed_pair_entry(w->def.damping, dp, dv, da, R, u_max)
               : ccl_pair_entry(dp, dv, da, R, u_max);
}

#endif
