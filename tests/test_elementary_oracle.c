/* The library's own length, normalize, exp, expm1 and log1p (math.h, core/vec3.h,
 * elementary.c), computed from IEEE operations so that every platform gives the same bits, checked
 * against quadruple-precision references (libquadmath) over their whole domains: the error in units
 * in the last place of the exact value stays within the documented bound, special values are those
 * of C's functions, and 3D lengths with z = 0 equal the 2D ones bit for bit. */
#include <float.h>
#include <math.h>
#include <quadmath.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <circol/math.h>

#include "core/elementary.h"
#include "core/vec3.h"
#include "oracle_common.h"

#define CASES 200000

/* A value with a random sign, a random binary exponent in [lo, hi] and random mantissa bits. */
static double any_magnitude(int lo, int hi) {
    double m = 1.0 + (double)(rng_u64() >> 11) * 0x1p-53;
    int e = lo + (int)(rng_u64() % (uint64_t)(hi - lo + 1));
    double v = ldexp(m, e);
    return (rng_u64() & 1u) ? -v : v;
}

/* |got - exact| in units of the last place of exact (the spacing of doubles at exact; subnormal
 * spacing below DBL_MIN). */
static double ulps(double got, __float128 exact) {
    __float128 a = exact < 0 ? -exact : exact;
    if (a > (__float128)DBL_MAX) {
        return isinf(got) ? 0.0 : INFINITY;
    }
    int e;
    frexpq(a, &e);
    if (e < -1021) {
        e = -1021;
    }
    __float128 ulp = ldexpq(1.0Q, e - 53);
    __float128 diff = (__float128)got - exact;
    return (double)((diff < 0 ? -diff : diff) / ulp);
}

typedef struct worst {
    double ulps, arg;
} worst;

static void note(worst *w, double err, double arg) {
    if (!(err <= w->ulps)) {
        w->ulps = err;
        w->arg = arg;
    }
}

/* The worst error in ulps of f against its quad-precision form fq over CASES arguments, the i-th
 * drawn by draw(i); printed under name. */
static double worst_ulps(const char *name, double (*f)(double), __float128 (*fq)(__float128),
                         double (*draw)(int)) {
    worst w = {0.0, 0.0};
    for (int i = 0; i < CASES; ++i) {
        double x = draw(i);
        note(&w, ulps(f(x), fq((__float128)x)), x);
    }
    printf("%s: worst %.3f ulp at %.17g over %d arguments\n", name, w.ulps, w.arg, CASES);
    return w.ulps;
}

/* exp's arguments: tiny ones and the whole range where the result is finite and not zero. */
static double exp_argument(int i) {
    return (i % 4 == 0) ? any_magnitude(-60, 3) : rng_uniform(-745.1, 709.7);
}

/* expm1's arguments: every magnitude below 4, and the range where the result is not -1. */
static double expm1_argument(int i) {
    return (i % 2 == 0) ? any_magnitude(-1074, 2) : rng_uniform(-60.0, 20.0);
}

static void exp_within_one_ulp(void **state) {
    (void)state;
    assert_true(worst_ulps("exp", ccl_exp, expq, exp_argument) <= 1.0);
    assert_true(ccl_exp(0.0) == 1.0);
    assert_true(ccl_exp(710.0) == INFINITY && ccl_exp(INFINITY) == INFINITY);
    assert_true(ccl_exp(-746.0) == 0.0 && ccl_exp(-INFINITY) == 0.0);
    assert_true(isnan(ccl_exp(NAN)));
    /* subnormal results: one rounding */
    for (double x = -745.0; x < -708.0; x += 0.37) {
        assert_true(ulps(ccl_exp(x), expq((__float128)x)) <= 1.0);
    }
}

static void expm1_within_two_ulp(void **state) {
    (void)state;
    assert_true(worst_ulps("expm1", ccl_expm1, expm1q, expm1_argument) <= 2.0);
    assert_true(ccl_expm1(0.0) == 0.0 && !signbit(ccl_expm1(0.0)));
    assert_true(ccl_expm1(-0.0) == 0.0 && signbit(ccl_expm1(-0.0)));
    assert_true(ccl_expm1(5e-324) == 5e-324);
    assert_true(ccl_expm1(-1000.0) == -1.0 && ccl_expm1(-INFINITY) == -1.0);
    assert_true(ccl_expm1(1000.0) == INFINITY);
    assert_true(isnan(ccl_expm1(NAN)));
}

static void log1p_within_one_and_a_half_ulp(void **state) {
    (void)state;
    worst w = {0.0, 0.0};
    for (int i = 0; i < CASES; ++i) {
        double x;
        switch (i % 4) {
            case 0:
                x = any_magnitude(-1074, 1023);
                if (x < 0.0) {
                    x = -ldexp(fabs(x), -1100 + (int)(rng_u64() % 1100)); /* in (-1, 0) */
                    x = x > -1.0 ? x : -0.5;
                }
                break;
            case 1:
                x = rng_uniform(-1.0, 0.0); /* the world's domain: log1p(-gamma u) */
                break;
            case 2:
                x = -1.0 + ldexp(1.0, -(int)(rng_u64() % 53)) * rng_uniform(0.5, 1.0);
                break;
            default:
                x = rng_uniform(-0.5, 4.0);
                break;
        }
        if (x <= -1.0) {
            continue;
        }
        note(&w, ulps(ccl_log1p(x), log1pq((__float128)x)), x);
    }
    printf("log1p: worst %.3f ulp at %.17g over %d arguments\n", w.ulps, w.arg, CASES);
    assert_true(w.ulps <= 1.5);
    assert_true(ccl_log1p(0.0) == 0.0);
    assert_true(ccl_log1p(-5e-324) == -5e-324);
    assert_true(ccl_log1p(-1.0) == -INFINITY);
    assert_true(isnan(ccl_log1p(-1.5)) && isnan(ccl_log1p(NAN)));
    assert_true(ccl_log1p(INFINITY) == INFINITY);
    assert_true(ulps(ccl_log1p(DBL_MAX), log1pq((__float128)DBL_MAX)) <= 2.0);
}

static void length_within_one_and_a_half_ulp(void **state) {
    (void)state;
    worst w = {0.0, 0.0};
    for (int i = 0; i < CASES; ++i) {
        double x, y;
        if (i % 2 == 0) { /* anywhere in the double range, subnormals included */
            x = any_magnitude(-1074, 1023);
            y = any_magnitude(-1074, 1023);
        } else { /* comparable components, where both squares count */
            int e = (int)(rng_u64() % 2000) - 1000;
            x = any_magnitude(e - 30, e + 1);
            y = any_magnitude(e - 30, e + 1);
        }
        __float128 qx = x, qy = y;
        double got = ccl_length(ccl_v2(x, y));
        note(&w, ulps(got, sqrtq(qx * qx + qy * qy)), x);
        /* the 3D length with z = 0 (either sign) is the 2D one, bit for bit */
        assert_true(ccl_length3(ccl_v3(x, y, 0.0)) == got);
        assert_true(ccl_length3(ccl_v3(x, y, -0.0)) == got);
        if (i % 8 == 0) {
            double z = any_magnitude(-1074, 1023);
            __float128 qz = z;
            double got3 = ccl_length3(ccl_v3(x, y, z));
            assert_true(ulps(got3, sqrtq(qx * qx + qy * qy + qz * qz)) <= 1.5);
        }
    }
    printf("length: worst %.3f ulp at x = %.17g over %d vectors\n", w.ulps, w.arg, CASES);
    assert_true(w.ulps <= 1.5);
    /* exact cases and hypot's special values */
    assert_true(ccl_length(ccl_v2(3.0, 4.0)) == 5.0);
    assert_true(ccl_length(ccl_v2(-3e300, 4e300)) == ccl_length(ccl_v2(3e300, -4e300)));
    assert_true(ccl_length(ccl_v2(0.0, 0.0)) == 0.0);
    assert_true(ccl_length(ccl_v2(5e-324, 0.0)) == 5e-324);
    assert_true(ccl_length(ccl_v2(DBL_MAX, 0.0)) == DBL_MAX);
    assert_true(ccl_length(ccl_v2(DBL_MAX, DBL_MAX)) == INFINITY);
    assert_true(ccl_length(ccl_v2(INFINITY, NAN)) == INFINITY);
    assert_true(ccl_length(ccl_v2(NAN, -INFINITY)) == INFINITY);
    assert_true(isnan(ccl_length(ccl_v2(NAN, 1.0))) && isnan(ccl_length(ccl_v2(1.0, NAN))));
    assert_true(ccl_length3(ccl_v3(1.0, NAN, INFINITY)) == INFINITY);
    assert_true(isnan(ccl_length3(ccl_v3(1.0, 2.0, NAN))));
}

/* ccl_normalize and ccl_normalize3 over the whole double range, subnormal and huge vectors
 * included: each component within 3 ulps of v / |v| in quad precision (a rounded length, a
 * rounded quotient, measured in the ulps of the quotient's binade), so that the length is 1 to
 * within a few 1e-16; (1, 0) for the zero vector and for non-finite ones. Dividing by the
 * unscaled length failed this for subnormal vectors (lengths off by up to 8e-7 near 1e-318). */
static void normalize_is_unit_at_every_magnitude(void **state) {
    (void)state;
    worst w = {0.0, 0.0};
    for (int i = 0; i < CASES; ++i) {
        int e = (int)(rng_u64() % 2097) - 1074;
        double x = any_magnitude(e - 40, e < 1023 ? e : 1023);
        double y = any_magnitude(e - 40, e < 1023 ? e : 1023);
        double z = (i % 4 == 0) ? any_magnitude(e - 40, e < 1023 ? e : 1023) : 0.0;
        if (x == 0.0 && y == 0.0 && z == 0.0) {
            continue;
        }
        __float128 qx = x, qy = y, qz = z;
        __float128 len = sqrtq(qx * qx + qy * qy + qz * qz);
        if (z == 0.0) {
            ccl_vec2 n = ccl_normalize(ccl_v2(x, y));
            note(&w, ulps(n.x, qx / len), x);
            note(&w, ulps(n.y, qy / len), x);
        }
        ccl_vec3 n3 = ccl_normalize3(ccl_v3(x, y, z));
        note(&w, ulps(n3.x, qx / len), x);
        note(&w, ulps(n3.y, qy / len), x);
        note(&w, ulps(n3.z, qz / len), x);
    }
    printf("normalize: worst %.3f ulp at x = %.17g over %d vectors\n", w.ulps, w.arg, CASES);
    assert_true(w.ulps <= 3.0);
    ccl_vec2 tiny = ccl_normalize(ccl_v2(3e-320, -4e-320));
    assert_true(fabs(tiny.x - 0.6) <= 0x1p-52 && fabs(tiny.y + 0.8) <= 0x1p-52);
    ccl_vec2 huge = ccl_normalize(ccl_v2(DBL_MAX, DBL_MAX)); /* |v| itself overflows */
    assert_true(fabs(huge.x - sqrt(0.5)) <= 0x1p-52 && huge.x == huge.y);
    ccl_vec2 zero = ccl_normalize(ccl_v2(0.0, -0.0));
    ccl_vec2 bad = ccl_normalize(ccl_v2(NAN, 1.0));
    ccl_vec2 inf = ccl_normalize(ccl_v2(1.0, -INFINITY));
    assert_true(zero.x == 1.0 && zero.y == 0.0 && bad.x == 1.0 && bad.y == 0.0);
    assert_true(inf.x == 1.0 && inf.y == 0.0);
    ccl_vec3 zero3 = ccl_normalize3(ccl_v3(0.0, 0.0, 0.0));
    assert_true(zero3.x == 1.0 && zero3.y == 0.0 && zero3.z == 0.0);
}

/* ccl_round_to_integer against the C library's nearbyint (round to nearest, ties to even) at every
 * magnitude, at and beside every tie, and on zeros, infinities and NaN: the same bits. */
static void round_to_integer_is_nearbyint(void **state) {
    (void)state;
    for (int i = 0; i < CASES; ++i) {
        double x;
        switch (i % 4) {
            case 0:
                x = any_magnitude(-1074, 1023);
                break;
            case 1:
                x = any_magnitude(-3, 60);
                break;
            case 2:
                x = (double)(int64_t)(rng_u64() >> 12) * 0.5 * (rng_u64() & 1 ? 1 : -1);
                break;
            default:
                x = nextafter((double)(int64_t)(rng_u64() >> 40) + 0.5,
                              (rng_u64() & 1) ? INFINITY : -INFINITY);
                break;
        }
        double want = nearbyint(x), got = ccl_round_to_integer(x);
        assert_true(memcmp(&want, &got, sizeof want) == 0);
    }
    const double special[] = {
        0.0,     -0.0,     0.5,          -0.5,       1.5,       -1.5,
        2.5,     0x1p52,   0x1p52 - 0.5, 0x1p52 + 1, 0x1p53,    -0x1p52 + 0.5,
        DBL_MAX, -DBL_MAX, DBL_TRUE_MIN, INFINITY,   -INFINITY, 0.49999999999999994};
    for (size_t k = 0; k < sizeof special / sizeof special[0]; ++k) {
        double want = nearbyint(special[k]), got = ccl_round_to_integer(special[k]);
        assert_true(memcmp(&want, &got, sizeof want) == 0);
    }
    assert_true(isnan(ccl_round_to_integer(NAN)));
}

/* The world takes the restitution of a pair with equal restitutions e as e itself instead of
 * sqrt(e * e): the same bits whenever e * e is a normal number (e >= 2^-500 is well inside). Below
 * that the square loses bits and the shortcut would not be exact, hence the guard. */
static void equal_restitutions_are_their_own_mean(void **state) {
    (void)state;
    for (int i = 0; i < CASES; ++i) {
        int e = -(int)(rng_u64() % 501); /* 2^-500 .. 2^0 */
        double x = ldexp(1.0 + (double)(rng_u64() >> 12) * 0x1p-52, e - 1);
        if (x > 1.0 || x < 0x1p-500) {
            continue;
        }
        assert_true(sqrt(x * x) == x);
    }
    assert_true(sqrt(1.0 * 1.0) == 1.0 && sqrt(0x1p-500 * 0x1p-500) == 0x1p-500);
    double tiny = 3e-170; /* its square underflows to 0: the shortcut would be wrong here */
    assert_true(sqrt(tiny * tiny) != tiny);
}

int main(void) {
    rng_seed(0x9e3779b97f4a7c15u); /* the cases are drawn from one stream, test after test */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exp_within_one_ulp),
        cmocka_unit_test(expm1_within_two_ulp),
        cmocka_unit_test(log1p_within_one_and_a_half_ulp),
        cmocka_unit_test(length_within_one_and_a_half_ulp),
        cmocka_unit_test(normalize_is_unit_at_every_magnitude),
        cmocka_unit_test(equal_restitutions_are_their_own_mean),
        cmocka_unit_test(round_to_integer_is_nearbyint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
