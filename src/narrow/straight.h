/* Private: the entry time of two points moving on straight lines into contact at distance R, on
 * scalars (b = dv . dp, c = dp . dp - R^2, a = dv . dv and the cross product's square), so that
 * the 2D and the 3D worlds' neighbour scans compute it with the same operations: with every z = 0
 * the 3D scan's scalars are the 2D ones bit for bit. Branch-free, for vectorised loops. */
#ifndef CIRCOL_NARROW_STRAIGHT_H
#define CIRCOL_NARROW_STRAIGHT_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/constants.h"

/* min(x, y) for y > 0 and x >= 0, +infinity or +NaN (a +NaN x gives y, like x < y ? x : y), taken
 * on the bit patterns, which order such doubles as their values. Written as a select of doubles,
 * GCC turned c / (y + min) into two divisions, one for each arm, in the vectorised scan. */
static inline double ccl_min_positive(double x, double y) {
    int64_t ix, iy;
    memcpy(&ix, &x, sizeof ix);
    memcpy(&iy, &y, sizeof iy);
    int64_t im = ix < iy ? ix : iy;
    double m;
    memcpy(&m, &im, sizeof m);
    return m;
}

/* The entry u of a pair that approaches (b = dv . dp < 0) and is apart (c = dp . dp - R^2 > 0),
 * with a = dv . dv and cross = dv x dp: INFINITY when their lines pass wide of each other.
 * Lagrange's identity keeps the discriminant accurate for far, nearly grazing pairs: D = a R^2 -
 * cross^2, whose rounding error is a few ulps of a R^2 whatever the separation. Branch-free (both
 * the scalar entry below and the vectorised neighbour scan use it). */
static inline double ccl_straight_root_of(double b, double c, double D) {
    double root = sqrt(D < 0.0 ? 0.0 : D); /* a NaN D gives a NaN root, maybe with its sign set */
    /* root clamped to -b: u >= c / (-2 b). Only b < 0 is ever used; there -b > 0, and fabs takes
     * a negative NaN to a positive one, so this is root < -b ? root : -b. */
    double u = c / (-b + ccl_min_positive(fabs(root), -b));
    return D < 0.0 ? INFINITY : u;
}

/* The discriminant as the two squares' difference, a * (R * R) - cross * cross: one square root
 * fewer than the factored form below, and as accurate (both err by a few ulps of a R^2), as long
 * as neither square overflows and a R^2 is far from underflow. */

/* True when the squares' form is safe for a pair: when a R^2 (aRR) lies in [2^-900, DBL_MAX].
 * There an underflowed cross^2 errs by far less than an ulp of a R^2, and an overflowed one means
 * a miss (cross^2 > a R^2), which the difference, -infinity, says. NaN makes it false. (Written
 * with & rather than &&, which GCC turned into a tangle of masks in the vectorised scan.) */
static inline bool ccl_squares_safe(double aRR) {
    return (aRR >= CCL_SQUARES_LOW) & (aRR <= DBL_MAX);
}

/* ccl_straight_root from the squares (for pairs where ccl_squares_safe holds). */
static inline double ccl_straight_root_squares(double b, double c, double aRR, double kk) {
    return ccl_straight_root_of(b, c, aRR - kk);
}

/* ccl_straight_root from the factored difference (|dv| R - k)(|dv| R + k), for pairs of any
 * magnitude: the verdict is the exact comparison of k with |dv| R, and the root of the discriminant
 * the product of the factors' roots, which neither overflows nor underflows where the
 * discriminant itself would (a contact distance of 2^-530 at unit speed, or 2^300 at 2^300). */
static inline double ccl_straight_root_factored(double b, double c, double a, double cross,
                                                double R) {
    double wr = sqrt(a) * R;
    double k = fabs(cross);
    if (k > wr) {
        return INFINITY;
    }
    double root = sqrt(wr - k) * sqrt(wr + k); /* NaN for NaN input, maybe with its sign set */
    return c / (-b + ccl_min_positive(fabs(root), -b));
}

static inline double ccl_straight_root(double b, double c, double a, double cross, double R) {
    double aRR = a * (R * R), kk = cross * cross;
    return ccl_squares_safe(aRR) ? ccl_straight_root_squares(b, c, aRR, kk)
                                 : ccl_straight_root_factored(b, c, a, cross, R);
}

#endif
