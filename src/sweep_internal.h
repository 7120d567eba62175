/* Private helpers shared by the narrow-phase sources and the world. */
#ifndef CIRCOL_SWEEP_INTERNAL_H
#define CIRCOL_SWEEP_INTERNAL_H

#include <stdbool.h>

#include "circol/collision.h"

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

#endif
