/* Private: a smooth function between its knots: which way it starts to move from a point, from its
 * derivatives there, and where a root between two knots of opposite sign lies. */
#ifndef CIRCOL_CORE_ONSET_H
#define CIRCOL_CORE_ONSET_H

#include <stdbool.h>

/// True when a function whose first three derivatives at a point are d1, d2 and d3 decreases just
/// after it: the first nonzero of them is negative (with all three zero, it does not decrease).
static inline bool ccl_decreases_after(double d1, double d2, double d3) {
    if (d1 != 0.0) {
        return d1 < 0.0;
    }
    if (d2 != 0.0) {
        return d2 < 0.0;
    }
    return d3 < 0.0;
}

/// The bracket of a root of a function whose nonzero signs at knots x[prev] < x[i] differ: where a
/// knot lies between them (the function is zero there, so it is the root itself), that knot as both
/// *lo and *hi, and true; else x[prev] and x[i], and false, for the caller to narrow down.
static inline bool ccl_root_at_knot(const double *x, int prev, int i, double *lo, double *hi) {
    bool between = i - prev > 1;
    *lo = between ? x[prev + 1] : x[prev];
    *hi = between ? x[prev + 1] : x[i];
    return between;
}

#endif
