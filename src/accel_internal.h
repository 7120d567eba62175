/* Private: first contact of two points under constant relative acceleration, for the world.
 *
 * The relative position is d(t) = dp + dv t + da t^2 / 2 and the pair is in contact while
 * |d(t)| <= R. The squared gap f(t) = |d(t)|^2 - R^2 is a quartic in t; its monotone pieces are
 * found from the roots of f' (a cubic, itself split at the roots of f'', a quadratic), so a
 * grazing contact is never stepped over. See docs/EXTENSIONS.md for the method and its limits.
 */
#ifndef CIRCOL_ACCEL_INTERNAL_H
#define CIRCOL_ACCEL_INTERNAL_H

#include <stdbool.h>

#include "circol/math.h"

/// The first t in [0, t_max] at which the pair is in contact (|d(t)| <= R) and approaching
/// (|d| decreasing just after t): an entry from outside, t = 0 when within R at t = 0 and
/// approaching (to any order: velocity first, then acceleration), or, for a pair within R that is
/// separating, the first later entry (or the moment it turns back while still within R).
/// dp, dv, da: the second body's position, velocity and acceleration relative to the first.
/// False when there is none, and for non-finite input, R < 0 or t_max NaN or negative.
bool ccl_first_contact_accel(ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R, double t_max,
                             double *t);

#endif
