/* The narrow phase as the other layers see it: the private calls of the narrow phase that the
 * world, the response and the tests use, and the exact geometry they share (quadratic.h). The
 * public narrow-phase calls are in include/circol/collision.h and collision3d.h. */
#ifndef CIRCOL_NARROW_NARROW_H
#define CIRCOL_NARROW_NARROW_H

#include <stdbool.h>

#include "circol/collision.h"
#include "core/exact.h"
#include "narrow/quadratic.h"

/// The contact interval of two points at relative position dp and velocity dv that touch at
/// distance R, over all real t; rescales extreme magnitudes exactly. False when never in contact.
bool ccl_relative_contact_interval(ccl_vec2 dp, ccl_vec2 dv, double R, double *t_enter,
                                   double *t_exit);

/// The same with relative position dp + dp_lo and velocity dv + dv_lo, where the lo parts are the
/// exact rounding errors of the differences that gave dp and dv (see quadratic.h).
bool ccl_relative_contact_interval_compensated(ccl_vec2 dp, ccl_vec2 dp_lo, ccl_vec2 dv,
                                               ccl_vec2 dv_lo, double R, double *t_enter,
                                               double *t_exit);

/// True for t_max in [0, INFINITY]; false for NaN and negative values.
bool ccl_valid_t_max(double t_max);

/// The point of segment s closest to p.
ccl_vec2 ccl_closest_on_segment(ccl_segment s, ccl_vec2 p);

/// First contact of two points under constant relative acceleration, for the world.
///
/// The relative position is d(t) = dp + dv t + da t^2 / 2 and the pair is in contact while
/// |d(t)| <= R. The squared gap f(t) = |d(t)|^2 - R^2 is a quartic in t; its monotone pieces are
/// found from the roots of f' (a cubic, itself split at the roots of f'', a quadratic), so a
/// grazing contact is never stepped over. See docs/EXTENSIONS.md for the method and its limits.
///
/// The first t in [0, t_max] at which the pair is in contact (|d(t)| <= R) and approaching
/// (|d| decreasing just after t): an entry from outside, t = 0 when within R at t = 0 and
/// approaching (to any order: velocity first, then acceleration), or, for a pair within R that is
/// separating, the first later entry (or the moment it turns back while still within R).
/// dp, dv, da: the second body's position, velocity and acceleration relative to the first.
/// False when there is none, and for non-finite input, R < 0 or t_max NaN or negative.
bool ccl_first_contact_accel(ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R, double t_max,
                             double *t);

#endif
