/* Contact intervals in time, on scalars: what every sweep does once it has reduced its geometry to
 * numbers, in 2D and 3D alike. A contact interval [t_enter, t_exit] is over all real t; a sweep
 * reports the part of it inside [0, t_max]. */
#ifndef CIRCOL_NARROW_INTERVAL_H
#define CIRCOL_NARROW_INTERVAL_H

#include <float.h>
#include <math.h>
#include <stdbool.h>

#include "core/exact.h"

/// The interval of t where d0 + rate t lies in [lo, hi]; false when empty.
static inline bool ccl_linear_interval(double d0, double rate, double lo, double hi, double *t0,
                                       double *t1) {
    if (rate == 0.0) {
        if (d0 >= lo && d0 <= hi) {
            *t0 = -INFINITY;
            *t1 = INFINITY;
            return true;
        }
        return false;
    }
    double ta = (lo - d0) / rate;
    double tb = (hi - d0) / rate;
    /* a quotient that underflows keeps its sign (a zero would mean "now") */
    ta = ta == 0.0 && lo != d0 ? copysign(DBL_TRUE_MIN, ta) : ta;
    tb = tb == 0.0 && hi != d0 ? copysign(DBL_TRUE_MIN, tb) : tb;
    *t0 = fmin(ta, tb);
    *t1 = fmax(ta, tb);
    return !isnan(*t0) && !isnan(*t1);
}

/// True when a contact interval reaches into [0, t_max]: it is not over before 0, does not start
/// after t_max, and does not start beyond DBL_MAX.
static inline bool ccl_interval_in_window(double t_enter, double t_exit, double t_max) {
    return !(t_exit < 0.0 || t_enter > t_max || t_enter == INFINITY);
}

/// The time a contact interval that reaches into [0, t_max] is first met: its start, or 0.
static inline double ccl_interval_start(double t_enter) {
    return t_enter > 0.0 ? t_enter : 0.0;
}

/// Widens [*t_enter, *t_exit] to take in [lo, hi] (their union, for pieces that form one).
static inline void ccl_interval_join(double *t_enter, double *t_exit, double lo, double hi) {
    *t_enter = fmin(*t_enter, lo);
    *t_exit = fmax(*t_exit, hi);
}

/// Widens [*t_enter, *t_exit] to take in the common part of [s0, s1] and [w0, w1], if any.
static inline void ccl_interval_join_common(double *t_enter, double *t_exit, double s0, double s1,
                                            double w0, double w1) {
    double lo = fmax(s0, w0), hi = fmin(s1, w1);
    if (lo <= hi) {
        ccl_interval_join(t_enter, t_exit, lo, hi);
    }
}

/// True when a contact interval joined from pieces could span t = 0 only because a piece's time
/// overflowed: it starts at or before 0 and has an infinite end, which is exact only for a body
/// at rest in contact. The caller then confirms the contact at t = 0 by the static test.
static inline bool ccl_interval_may_have_overflowed(double t_enter, double t_exit) {
    return t_enter <= 0.0 && (isinf(t_enter) || isinf(t_exit));
}

/// The first contact in [0, t_max] (*t) and the exit after it (*t_exit) of a body whose signed
/// distance from a line or plane is d0 + rate t, in contact while that lies in [-r, r]; false
/// when there is none, or when d0 or rate is not finite.
static inline bool ccl_band_contact(double d0, double rate, double r, double t_max, double *t,
                                    double *t_exit) {
    if (!isfinite(d0) || !isfinite(rate)) {
        return false;
    }
    double t_enter;
    if (!ccl_linear_interval(d0, rate, -r, r, &t_enter, t_exit)) {
        return false;
    }
    if (!ccl_interval_in_window(t_enter, *t_exit, t_max)) {
        return false;
    }
    *t = ccl_interval_start(t_enter);
    return true;
}

/// The sign (1 or -1) of the direction along a line's or plane's unit normal from a body at
/// signed distance d toward the line or plane; at d = 0, the way the body moves (rate).
static inline double ccl_toward_band(double d, double rate) {
    return d > 0.0 ? -1.0 : (d < 0.0 ? 1.0 : (rate > 0.0 ? 1.0 : -1.0));
}

/// t 2^k for a time of a problem whose lengths and velocities were scaled by powers of two, by
/// ldexp: exact, or rounded once where it underflows, or infinite where it overflows (never NaN,
/// even for t = 0). A time that underflows keeps its sign: a contact just after 0 is still after
/// t_max = 0.
static inline double ccl_time_unscaled(double t, int k) {
    double back = ldexp(t, k);
    return back == 0.0 && t != 0.0 ? copysign(DBL_TRUE_MIN, t) : back;
}

/// The contact interval of a pair at relative rest (a = |dv|^2 = 0): all time when within the
/// contact distance now (c = |dp|^2 - R^2 <= 0), else none.
static inline bool ccl_rest_interval(double c, double *t_enter, double *t_exit) {
    if (c <= 0.0) {
        *t_enter = -INFINITY;
        *t_exit = INFINITY;
        return true;
    }
    return false;
}

/// The reduced discriminant b^2 - a c of a pair apart now, as (w - k)(w + k) with w = |dv| R and
/// k = |dv x dp| (quadratic.h). The sign of w - k is exact; the product can underflow to -0 for
/// tiny w and k, which would read as a grazing contact of a pair that misses by far more than R.
static inline double ccl_apart_discriminant(double w, double k) {
    return k > w ? -1.0 : (w - k) * (w + k);
}

/// The roots of a t^2 + 2 b t + c = 0 (a > 0) from its reduced discriminant, as the interval
/// [*t_enter, *t_exit]; *root gets sqrt(discriminant). Takes q = -(b + sign(b) sqrt(D)) and the
/// roots c / q and q / a, so neither subtracts nearly equal numbers. False when D < 0.
static inline bool ccl_quadratic_interval(double a, double b, double c, double discriminant,
                                          double *root, double *t_enter, double *t_exit) {
    if (discriminant < 0.0) {
        return false;
    }
    double r = sqrt(discriminant);
    *root = r;
    double q = b < 0.0 ? -b + r : -b - r;
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

/// The contact interval of the quadratic a t^2 + 2 b t + c (a = |dv|^2, b = dv . dp,
/// c = |dp|^2 - R^2) of a pair with contact distance R, given k = |dv x dp| (used only for a pair
/// apart now, c > 0). *root gets the square root of the discriminant where there is one.
static inline bool ccl_contact_roots(double a, double b, double c, double R, double k, double *root,
                                     double *t_enter, double *t_exit) {
    if (a == 0.0) {
        /* dv == 0 (its lo part is then 0 too: the exact difference of equal numbers) */
        return ccl_rest_interval(c, t_enter, t_exit);
    }
    double discriminant;
    if (c <= 0.0) {
        discriminant = b * b - a * c; /* a sum of non-negative terms: no cancellation */
    } else {
        discriminant = ccl_apart_discriminant(sqrt(a) * R, k);
    }
    return ccl_quadratic_interval(a, b, c, discriminant, root, t_enter, t_exit);
}

/// One component of (p + p_lo) + t v, with the product and the sum carried exactly (TwoProduct,
/// TwoSum) and rounded once at the end: an ulp of itself even when it is small beside p and t v.
static inline double ccl_offset_at(double p, double p_lo, double v, double t) {
    double e, s;
    double product = ccl_two_product(t, v, &e);
    double h = ccl_two_sum(p, product, &s);
    return h + ((s + e) + p_lo);
}

#endif
