/* Sweeps under constant acceleration: position p + v t + a t^2 / 2. The squared gap of a pair is
 * a quartic in t; its real roots are isolated on monotone pieces and refined by safeguarded
 * Newton steps (accel_solver.c).
 *
 * Method (one routine for 2D and 3D; 2D is 3D with z = 0, which changes no bit):
 * 1. Rescale by powers of two (exact): lengths so that max(|dp|, R) ~ 1, time so that
 *    max(|dv|, sqrt|da|) ~ 1. Every intermediate then stays far from overflow and underflow.
 * 2. f(t) = |d(t)|^2 - R^2 with d(t) = dp + t (dv + t da / 2), evaluated from the geometry (not
 *    from expanded coefficients, which cancel for distant pairs). Beyond the horizon T*, the root
 *    of |da| t^2 / 2 - |dv| t - |dp| - R, f is positive, so all roots lie in [0, T*].
 * 3. h = f' / 2 = d . d' is a cubic; its derivative h' = |d'|^2 + d . da is a quadratic whose
 *    roots (found without cancellation) split [0, T*] into pieces where h is monotone. A sign
 *    change of h on such a piece brackets one root of h: a critical point of f.
 * 4. The critical points split [0, T*] into pieces where f is monotone. f is evaluated at the
 *    piece ends; a sign change brackets exactly one root, refined to adjacent doubles.
 * A grazing contact is decided by the value of f at its critical point, which is accurate even
 * when the critical point is not (f is flat there): it is never stepped over.
 */
#ifndef CIRCOL_NARROW_ACCEL_H
#define CIRCOL_NARROW_ACCEL_H

#include <stdbool.h>

#include "circol/math.h"

/* The relative motion in scaled units: d(t) = p + t (v + t ah) + lo(t), ah = a / 2, where
 * lo(t) = p_lo + t (v_lo + t ah_lo) carries the exact rounding errors of the differences of the
 * two bodies' positions, velocities and accelerations (zero when the caller gives differences). */
typedef struct ccl_accel_motion {
    ccl_vec3 p, v, a, ah;
    ccl_vec3 p_lo, v_lo, a_lo, ah_lo;
    bool has_lo;
    bool compensated; /* evaluate d(t) with exact products and sums (the public sweeps) */
    double R;
} ccl_accel_motion;

/// Step 1: the relative motion dp, dv, da (with the exact rounding errors of the differences in
/// lo[0..2], or zeros) and contact distance R in scaled units, lengths times 2^kl and times
/// t = t' 2^kt (*kt), so that no intermediate overflows. False when the scaled acceleration
/// vanishes (below the double range beside the velocity): the motion is then linear.
bool ccl_accel_prepare(ccl_vec3 dp, ccl_vec3 dv, ccl_vec3 da, const ccl_vec3 lo[3], double R,
                       ccl_accel_motion *m, int *kt);

/// Steps 2 to 4 for the sweeps: the first contact time in [0, t_max] and the exit after it, in
/// the scaled units of m; false when there is none.
bool ccl_accel_first_entry(const ccl_accel_motion *m, double t_max, double *t_enter,
                           double *t_exit);

/// The relative position d(t) of m at scaled time t.
ccl_vec3 ccl_accel_position(const ccl_accel_motion *m, double t);

/// The relative velocity d'(t) of m at scaled time t.
ccl_vec3 ccl_accel_velocity(const ccl_accel_motion *m, double t);

#endif
