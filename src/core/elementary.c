/* exp, expm1 and log1p from correctly rounded IEEE operations (+, -, *, /) and exact ones
 * (floor, frexp, ldexp of a power of two), so that a damped world gives the same bits on every
 * platform: C libraries round their own exp in the last bit differently.
 *
 * exp: x = k ln2 + r with |r| <= ln2 / 2 (ln2 split in two parts so that k ln2_hi is exact), a
 * Taylor polynomial for e^r - 1, then e^r scaled by 2^k. log1p: u = 1 + x rounded, its rounding
 * error c kept exactly, log(1 + x) = log(u) + c / u, and log(u) = k ln2 + log(m) for
 * u = m 2^k, m in [sqrt(1/2), sqrt(2)), from the atanh series of (m - 1) / (m + 1). The series
 * are cut where the next term is below 2^-60 of the sum; tests/test_elementary_oracle.c measures
 * the error against quadruple-precision references. */
#include "core/elementary.h"

#include <float.h>
#include <math.h>

/* ln 2 = LN2_HI + LN2_LO; LN2_HI has 32 significant bits, so k LN2_HI is exact for |k| < 2^21. */
static const double LN2_HI = 6.93147180369123816490e-01;
static const double LN2_LO = 1.90821492927058770002e-10;
static const double INV_LN2 = 1.44269504088896338700e+00;

/* e^r - 1 for |r| <= 0.35: Taylor terms to r^14 / 14! (next term below 2^-60 relative),
 * summed by Horner from the smallest. */
static double ccl_expm1_small(double r) {
    double p = 1.0 / 87178291200.0; /* 1/14! */
    p = 1.0 / 6227020800.0 + r * p;
    p = 1.0 / 479001600.0 + r * p;
    p = 1.0 / 39916800.0 + r * p;
    p = 1.0 / 3628800.0 + r * p;
    p = 1.0 / 362880.0 + r * p;
    p = 1.0 / 40320.0 + r * p;
    p = 1.0 / 5040.0 + r * p;
    p = 1.0 / 720.0 + r * p;
    p = 1.0 / 120.0 + r * p;
    p = 1.0 / 24.0 + r * p;
    p = 1.0 / 6.0 + r * p;
    p = 0.5 + r * p;
    return r + r * r * p;
}

/* y 2^k for any k with y in [0.5, 2]: two exact scalings, one rounding (for subnormal results). */
static double ccl_scale_pow2(double y, int k) {
    if (k > 1000) {
        return y * ldexp(1.0, k - 1000) * ldexp(1.0, 1000);
    }
    if (k < -1000) {
        return y * ldexp(1.0, k + 1000) * ldexp(1.0, -1000);
    }
    return y * ldexp(1.0, k);
}

/* x = k ln2 + r; returns k and sets *r. Requires |x| <= 746. */
static int ccl_reduce_ln2(double x, double *r) {
    double k = floor(x * INV_LN2 + 0.5);
    *r = (x - k * LN2_HI) - k * LN2_LO;
    return (int)k;
}

double ccl_exp(double x) {
    if (isnan(x)) {
        return x;
    }
    if (x > 709.8) {
        return INFINITY;
    }
    if (x < -745.2) {
        return 0.0;
    }
    double r;
    int k = ccl_reduce_ln2(x, &r);
    return ccl_scale_pow2(1.0 + ccl_expm1_small(r), k);
}

double ccl_expm1(double x) {
    if (isnan(x) || x == 0.0) {
        return x; /* NaN, and zero with its sign */
    }
    if (fabs(x) <= 0.34) {
        return ccl_expm1_small(x);
    }
    if (x < -40.0) {
        return -1.0; /* e^x < 2^-57: -1 is the nearest double */
    }
    double r;
    int k = ccl_reduce_ln2(fmin(x, 710.0), &r);
    if (k > 53) {
        return ccl_exp(x); /* 1 is below half an ulp of e^x */
    }
    /* e^x - 1 = 2^k (e^r - 1) + (2^k - 1): both parts exact but for e^r - 1, one rounding */
    double two_k = ldexp(1.0, k);
    return two_k * ccl_expm1_small(r) + (two_k - 1.0);
}

/* log(u) + c for finite u > 0 and a correction c below an ulp of log(u)'s scale (log1p passes
 * the rounding error of 1 + x, divided by u). log(1 + f) = f - s (f - 2 S) with s = f / (2 + f),
 * S = s^2/3 + s^4/5 + ...: the leading f = m - 1 is exact, the rest a small correction. */
static double ccl_log_corrected(double u, double c) {
    int k;
    double m = frexp(u, &k); /* u = m 2^k, m in [0.5, 1) */
    if (m < 0.70710678118654752440) {
        m *= 2.0;
        k -= 1;
    }
    double f = m - 1.0; /* exact, |f| <= 0.415 */
    double s = f / (2.0 + f);
    double z = s * s; /* <= 0.0295 */
    double p = 1.0 / 25.0;
    p = 1.0 / 23.0 + z * p;
    p = 1.0 / 21.0 + z * p;
    p = 1.0 / 19.0 + z * p;
    p = 1.0 / 17.0 + z * p;
    p = 1.0 / 15.0 + z * p;
    p = 1.0 / 13.0 + z * p;
    p = 1.0 / 11.0 + z * p;
    p = 1.0 / 9.0 + z * p;
    p = 1.0 / 7.0 + z * p;
    p = 1.0 / 5.0 + z * p;
    p = 1.0 / 3.0 + z * p;
    double lo = c - s * (f - 2.0 * (z * p));
    if (k == 0) {
        return f + lo;
    }
    return (double)k * LN2_HI + (f + (lo + (double)k * LN2_LO));
}

double ccl_log1p(double x) {
    if (isnan(x) || x < -1.0) {
        return NAN;
    }
    if (x == -1.0) {
        return -INFINITY;
    }
    if (isinf(x)) {
        return x;
    }
    double u = 1.0 + x;
    if (u == 1.0) {
        return x; /* |x| below half an ulp of 1: log1p(x) = x to double precision */
    }
    /* c = (1 + x) - u exactly (Sterbenz: u - 1 is exact for u <= 2, u - x for x >= 1) */
    double c = x < 1.0 ? x - (u - 1.0) : 1.0 - (u - x);
    return ccl_log_corrected(u, c / u);
}
