/* Private: the contact quadratic of two points at relative position dp, relative velocity dv and
 * contact distance R:  |dp + dv t|^2 = R^2,  i.e.  a t^2 + 2 b t + c = 0  with
 * a = dv . dv, b = dv . dp, c = dp . dp - R^2.
 *
 * Accuracy. The textbook discriminant b^2 - a c cancels catastrophically for pairs that start far
 * apart and nearly graze (both terms ~ |dv|^2 |dp|^2, their difference ~ |dv|^2 R^2). By
 * Lagrange's identity (dv . dp)^2 + (dv x dp)^2 = |dv|^2 |dp|^2, so
 *     b^2 - a c = |dv|^2 R^2 - (dv x dp)^2 = (|dv| R - |dv x dp|) (|dv| R + |dv x dp|),
 * whose rounding error is relative to |dv|^2 R^2, not to |dv|^2 |dp|^2. The roots are taken as
 * q = -(b + sign(b) sqrt(D)), t = q / a and t = c / q, so neither subtracts nearly equal numbers.
 */
#ifndef CIRCOL_QUADRATIC_H
#define CIRCOL_QUADRATIC_H

#include <math.h>
#include <stdbool.h>

#include "circol/math.h"

/// The contact interval [*t_enter, *t_exit] (over all real t) of two points that must come within
/// R of each other. Returns false when they never do. A pair at rest relative to each other and
/// within R gets (-INFINITY, INFINITY). Never divides by zero; finite, moderate input only (the
/// public functions rescale extreme input first).
static inline bool ccl_contact_interval(ccl_vec2 dp, ccl_vec2 dv, double R, double *t_enter,
                                        double *t_exit) {
    double a = ccl_dot(dv, dv);
    double b = ccl_dot(dv, dp);
    double c = ccl_dot(dp, dp) - R * R;
    if (a == 0.0) {
        if (c <= 0.0) {
            *t_enter = -INFINITY;
            *t_exit = INFINITY;
            return true;
        }
        return false;
    }
    double discriminant;
    if (c <= 0.0) {
        discriminant = b * b - a * c; /* a sum of non-negative terms: no cancellation */
    } else {
        double w = sqrt(a) * R;
        double k = fabs(ccl_cross(dv, dp));
        discriminant = (w - k) * (w + k);
    }
    if (discriminant < 0.0) {
        return false;
    }
    double root = sqrt(discriminant);
    double q = b < 0.0 ? -b + root : -b - root;
    if (q == 0.0) {
        /* b == 0 and D == 0, hence c == 0: a single grazing contact at t = 0. */
        *t_enter = 0.0;
        *t_exit = 0.0;
        return true;
    }
    double t1 = c / q;
    double t2 = q / a;
    if (t1 <= t2) {
        *t_enter = t1;
        *t_exit = t2;
    } else {
        *t_enter = t2;
        *t_exit = t1;
    }
    return true;
}

#endif
