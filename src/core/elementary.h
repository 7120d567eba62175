/* exp, expm1 and log1p that give the same bits on every platform (elementary.c), and a
 * rounding to an integer that needs no call. */
#ifndef CIRCOL_CORE_ELEMENTARY_H
#define CIRCOL_CORE_ELEMENTARY_H

/// e^x; within 1 ulp (tests/test_elementary_oracle.c); 0 below -745.2, infinity above 709.8.
double ccl_exp(double x);

/// e^x - 1, accurate also for tiny |x|; within 2 ulp.
double ccl_expm1(double x);

/// log(1 + x), accurate also for tiny |x|; within 1.5 ulp. NaN below -1, -infinity at -1.
double ccl_log1p(double x);

#include <float.h>
#include <math.h>

/// nearbyint(x) in the default rounding mode (to nearest, ties to even), the same bits including
/// the sign of a zero, NaN and infinities, without the call into the C library that x86-64's
/// baseline instruction set needs for it: below 2^52 in magnitude, adding and subtracting 2^52
/// leaves |x| rounded to an integer; from there on every double is an integer already. (Sums
/// evaluated in double only; -ffast-math, which may reassociate them, is not a supported flag.)
static inline double ccl_round_to_integer(double x) {
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
    double a = fabs(x);
    double r = (a + 0x1p52) - 0x1p52;
    return a < 0x1p52 ? copysign(r, x) : x;
#else
    return nearbyint(x); /* extra precision in the sums (x87) would break the trick */
#endif
}

#endif
