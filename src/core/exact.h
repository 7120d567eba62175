/* Exact arithmetic on doubles: the rounding error of a sum or a product, recovered exactly from
 * plain IEEE operations (no fused multiply-add), so that every platform gives the same bits. */
#ifndef CIRCOL_CORE_EXACT_H
#define CIRCOL_CORE_EXACT_H

#include "circol/math.h"

/// s = a + b rounded; *err gets the exact rounding error (a + b == s + *err) for finite a, b
/// whose sum does not overflow (Knuth's TwoSum, branch-free).
static inline double ccl_two_sum(double a, double b, double *err) {
    double s = a + b;
    double bb = s - a;
    *err = (a - (s - bb)) + (b - bb);
    return s;
}

/// Splits a into hi + lo, each with at most 26 significant bits (Veltkamp); needs |a| < 2^995.
static inline double ccl_split_high(double a) {
    double t = 134217729.0 * a; /* 2^27 + 1 */
    return t - (t - a);
}

/// p = a * b rounded; *err gets the exact error (a * b == p + *err) when |a|, |b| < 2^995 and
/// nothing underflows (Dekker's TwoProduct: only multiplies and adds, no fused multiply-add).
static inline double ccl_two_product(double a, double b, double *err) {
    double p = a * b;
    double ah = ccl_split_high(a), bh = ccl_split_high(b);
    double al = a - ah, bl = b - bh;
    *err = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    return p;
}

/// to - from, and in *lo the exact rounding error of each component (to - from == hi + lo).
static inline ccl_vec2 ccl_sub_exact(ccl_vec2 to, ccl_vec2 from, ccl_vec2 *lo) {
    ccl_vec2 hi;
    hi.x = ccl_two_sum(to.x, -from.x, &lo->x);
    hi.y = ccl_two_sum(to.y, -from.y, &lo->y);
    return hi;
}

/// ccl_sub_exact in 3D.
static inline ccl_vec3 ccl_sub_exact3(ccl_vec3 to, ccl_vec3 from, ccl_vec3 *lo) {
    ccl_vec3 hi;
    hi.x = ccl_two_sum(to.x, -from.x, &lo->x);
    hi.y = ccl_two_sum(to.y, -from.y, &lo->y);
    hi.z = ccl_two_sum(to.z, -from.z, &lo->z);
    return hi;
}

#endif
