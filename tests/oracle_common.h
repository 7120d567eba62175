/* Shared helpers for the oracle tests: a seeded random generator and __float128 vector arithmetic.
 * Every oracle computes from the double inputs converted exactly to quad precision (113 bits), so
 * it shares no rounding with the library. */
#ifndef CIRCOL_TESTS_ORACLE_COMMON_H
#define CIRCOL_TESTS_ORACLE_COMMON_H

#include <math.h>
#include <quadmath.h>
#include <stdint.h>

#include <circol/collision.h>
#include <circol/math.h>

/// A 113-bit binary floating-point number.
__extension__ typedef __float128 quad;

/// A 2D vector in quad precision.
typedef struct qvec {
    quad x, y;
} qvec;

/// The state of the test's random generator (splitmix64), reset per test for reproducibility.
static uint64_t oracle_rng_state = 0x2545f4914f6cdd1dULL;

/// Restarts the generator at a fixed seed.
static inline void rng_seed(uint64_t seed) {
    oracle_rng_state = seed;
}

/// 64 random bits.
static inline uint64_t rng_u64(void) {
    uint64_t z = (oracle_rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/// Uniform in [lo, hi).
static inline double rng_uniform(double lo, double hi) {
    double u = (double)(rng_u64() >> 11) * 0x1p-53;
    return lo + (hi - lo) * u;
}

/// 10^U(lo_exp, hi_exp): magnitudes spread evenly over decades.
static inline double rng_decades(double lo_exp, double hi_exp) {
    return pow(10.0, rng_uniform(lo_exp, hi_exp));
}

/// +1 or -1.
static inline double rng_sign(void) {
    return (rng_u64() & 1) ? 1.0 : -1.0;
}

/// A random unit vector (rounded: only nearly unit).
static inline ccl_vec2 rng_direction(void) {
    double angle = rng_uniform(0.0, 6.283185307179586);
    return ccl_v2(cos(angle), sin(angle));
}

/// A random vector with both components in [-h, h).
static inline ccl_vec2 rng_box(double h) {
    return ccl_v2(rng_uniform(-h, h), rng_uniform(-h, h));
}

/// A double vector, exactly, in quad.
static inline qvec qv(ccl_vec2 v) {
    qvec r = {(quad)v.x, (quad)v.y};
    return r;
}

/// a + b in quad.
static inline qvec qadd(qvec a, qvec b) {
    qvec r = {a.x + b.x, a.y + b.y};
    return r;
}

/// a - b in quad.
static inline qvec qsub(qvec a, qvec b) {
    qvec r = {a.x - b.x, a.y - b.y};
    return r;
}

/// s * v in quad.
static inline qvec qscale(qvec v, quad s) {
    qvec r = {s * v.x, s * v.y};
    return r;
}

/// a . b in quad.
static inline quad qdot(qvec a, qvec b) {
    return a.x * b.x + a.y * b.y;
}

/// a x b in quad.
static inline quad qcross(qvec a, qvec b) {
    return a.x * b.y - a.y * b.x;
}

/// |v| in quad.
static inline quad qlen(qvec v) {
    return sqrtq(qdot(v, v));
}

/// The distance from point p to the segment a-b (a point when a == b), in quad.
static inline quad qdist_point_segment(qvec p, qvec a, qvec b) {
    qvec axis = qsub(b, a);
    quad len_sq = qdot(axis, axis);
    if (len_sq == 0) {
        return qlen(qsub(p, a));
    }
    quad u = qdot(qsub(p, a), axis) / len_sq;
    if (u <= 0) {
        return qlen(qsub(p, a));
    }
    if (u >= 1) {
        return qlen(qsub(p, b));
    }
    return fabsq(qcross(axis, qsub(p, a))) / sqrtq(len_sq);
}

/// The distance between segments p0-p1 and s0-s1 in quad: 0 when they cross, else the least of
/// the four endpoint-to-segment distances.
static inline quad qdist_segment_segment(qvec p0, qvec p1, qvec s0, qvec s1) {
    quad o1 = qcross(qsub(p1, p0), qsub(s0, p0));
    quad o2 = qcross(qsub(p1, p0), qsub(s1, p0));
    quad o3 = qcross(qsub(s1, s0), qsub(p0, s0));
    quad o4 = qcross(qsub(s1, s0), qsub(p1, s0));
    if (((o1 < 0 && o2 > 0) || (o1 > 0 && o2 < 0)) && ((o3 < 0 && o4 > 0) || (o3 > 0 && o4 < 0))) {
        return 0;
    }
    quad d = qdist_point_segment(p0, s0, s1);
    quad d1 = qdist_point_segment(p1, s0, s1);
    quad d2 = qdist_point_segment(s0, p0, p1);
    quad d3 = qdist_point_segment(s1, p0, p1);
    d = d1 < d ? d1 : d;
    d = d2 < d ? d2 : d;
    return d3 < d ? d3 : d;
}
/* A segment from -2^e (p, q) to 2^e (p, q) for random integers p and q below 2^20 (not both 0),
 * about 2^(lengths) long: its ends are exact and its line passes through the origin with the
 * exact direction (p, q), which *p and *q get, so an oracle needs no long offset to an end. */
static inline ccl_segment long_segment_through_origin(int lengths, double *p, double *q) {
    *p = floor(rng_uniform(-1048576.0, 1048576.0));
    *q = floor(rng_uniform(-1048576.0, 1048576.0));
    if (*p == 0.0 && *q == 0.0) {
        *p = 1.0;
    }
    double e = ldexp(1.0, lengths) / hypot(*p, *q);
    e = ldexp(1.0, ilogb(e) + 1); /* a power of two: exact ends */
    ccl_segment s = {{-e * *p, -e * *q}, {e * *p, e * *q}};
    return s;
}

#endif
