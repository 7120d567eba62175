/* Private: contact times under gravity with linear damping (world/motion_gravity_damped.c), and
 * the curved prediction's touch functions for whichever law a world has.
 *
 * Under gravity a with damping gamma a body moves on p + v s + a W, with s = (1 - exp(-gamma tau))
 * / gamma the damped law's parameter and W = (tau - s) / gamma (tau^2 / 2 - gamma tau^3 / 6 + ...,
 * tau^2 / 2 without damping). The world's motion parameter is the elapsed time tau itself: s
 * saturates at 1 / gamma within about 37 / gamma, long before a falling body stops meeting
 * things. Bodies under the same acceleration move on straight lines in s relative to each other
 * (the damped law's quadratic); a body against a wall, a cell edge or a segment's line meets
 * f0 + f1 s + f2 W = 0, and a body against a fixed point or a body under another acceleration
 * |dp + dv s + da W|^2 = R^2. Both are solved on monotone pieces found through derivatives whose
 * turning points have closed forms (predict_gravity_damped.c, docs/NUMERICS.md), never by
 * stepping. */
#ifndef CIRCOL_WORLD_PREDICT_GRAVITY_DAMPED_H
#define CIRCOL_WORLD_PREDICT_GRAVITY_DAMPED_H

#include "world/motion.h"
#include "world/touch.h"
#include "world/world.h"

/// s = (1 - exp(-gamma tau)) / gamma (gamma > 0, tau >= 0).
double ccl_damped_s(double gamma, double tau);

/// W = (tau - s) / gamma: tau^2 chi(gamma tau), accurate for any gamma tau, with no division by
/// gamma.
double ccl_damped_w(double gamma, double tau);

/// s and W at once (one exponential), as ccl_damped_s and ccl_damped_w give them.
void ccl_damped_sw(double gamma, double tau, double *s, double *w);

/// ccl_first_fall for f0 + f1 s + f2 W in the elapsed time (damping gamma > 0): the first tau in
/// [0, t_max] where it falls to 0 or below while decreasing; INFINITY when none.
double ccl_mixed_first_fall(double gamma, double f0, double f1, double f2, double t_max);

/// ccl_first_touch for f0 + f1 s + f2 W: ccl_mixed_first_fall, and for a gap at or below 0 that
/// rises but never gets back above 0, the time of its apex.
double ccl_mixed_first_touch(double gamma, double f0, double f1, double f2, double t_max);

/// The first entry tau in [0, t_max] of dp + dv s + da W into the disc of radius R (damping gamma
/// > 0); INFINITY when none. An overlapping pair that approaches meets at once.
double ccl_mixed_pair_entry(double gamma, ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R,
                            double t_max);

/* The curved prediction asks these with mixed_gamma = ccl_curved_gamma(w): under gravity with
 * damping the mixed forms above, in the elapsed time; under every other law (mixed_gamma 0) the
 * quadratic forms of world/touch.h, bit for bit. The loops over neighbours and obstacles are
 * inlined once for each, so that the quadratic one is the code it was. */

/// The damping of a world under gravity with damping, 0 under every other law.
static inline double ccl_curved_gamma(const ccl_world *w) {
    return w->law == &ccl_motion_gravity_damped ? w->def.damping : 0.0;
}

static inline double ccl_curved_fall(double mixed_gamma, double f0, double f1, double f2,
                                     double u_max) {
    return mixed_gamma != 0.0 ? ccl_mixed_first_fall(mixed_gamma, f0, f1, f2, u_max)
                              : ccl_first_fall(f0, f1, f2, u_max);
}

static inline double ccl_curved_touch(double mixed_gamma, double f0, double f1, double f2,
                                      double u_max) {
    return mixed_gamma != 0.0 ? ccl_mixed_first_touch(mixed_gamma, f0, f1, f2, u_max)
                              : ccl_first_touch(f0, f1, f2, u_max);
}

/// The value at u of f0 + f1 u + f2 u^2 / 2, or under gravity with damping of f0 + f1 s + f2 W.
static inline double ccl_curved_at(double mixed_gamma, double f0, double f1, double f2, double u) {
    if (mixed_gamma != 0.0) {
        double s, w;
        ccl_damped_sw(mixed_gamma, u, &s, &w);
        return f0 + f1 * s + f2 * w;
    }
    return f0 + f1 * u + 0.5 * f2 * u * u;
}

static inline double ccl_curved_pair_entry(double mixed_gamma, ccl_vec2 dp, ccl_vec2 dv,
                                           ccl_vec2 da, double R, double u_max) {
    return mixed_gamma != 0.0 ? ccl_mixed_pair_entry(mixed_gamma, dp, dv, da, R, u_max)
                              : ccl_pair_entry(dp, dv, da, R, u_max);
}

#endif
