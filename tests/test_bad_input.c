/* Hostile input to the narrow phase and the response: NaN, infinities, negative radii, zero-length
 * segments, zero velocities, a zero line normal, bad t_max, values near DBL_MAX, subnormals.
 * Nothing crashes, nothing returns NaN, and each gets the result the headers document:
 * - non-finite input, a negative radius, a negative or NaN t_max: "no hit" / "no contact", and
 *   nothing is written to the output;
 * - finite input, however large or small: the right answer (checked against quad precision where
 *   it is clear-cut), with finite t and normal, and no NaN anywhere. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/collision.h>
#include <circol/response.h>

#include "oracle_common.h"
#include "narrow/narrow.h"

#define FUZZ_CASES 100000 /* random hostile cases per function */

/// The four swept functions, called through one signature.
typedef enum sweep_kind {
    SWEEP_CIRCLES,
    SWEEP_POINT,
    SWEEP_SEGMENT,
    SWEEP_LINE,
    SWEEP_KINDS
} sweep_kind;

/// Number of double arguments of each kind, t_max last.
static const int field_count[SWEEP_KINDS] = {11, 8, 10, 10};

/// Indices of radius fields (must be >= 0), -1 for none.
static const int radius_fields[SWEEP_KINDS][2] = {{2, 7}, {2, -1}, {2, -1}, {2, -1}};

static const char *const kind_names[SWEEP_KINDS] = {"ccl_sweep_circles", "ccl_sweep_circle_point",
                                                    "ccl_sweep_circle_segment",
                                                    "ccl_sweep_circle_line"};

/* Calls one swept function with its arguments taken from f (layouts in field_count's order:
 * circle (x, y, r), velocity, then the other shape, then t_max). */
static bool call_sweep(sweep_kind kind, const double *f, ccl_hit *hit) {
    ccl_circle c = {{f[0], f[1]}, f[2]};
    ccl_vec2 v = {f[3], f[4]};
    switch (kind) {
        case SWEEP_CIRCLES:
            return ccl_sweep_circles(c, v, ccl_make_circle(ccl_v2(f[5], f[6]), f[7]),
                                     ccl_v2(f[8], f[9]), f[10], hit);
        case SWEEP_POINT:
            return ccl_sweep_circle_point(c, v, ccl_v2(f[5], f[6]), f[7], hit);
        case SWEEP_SEGMENT:
            return ccl_sweep_circle_segment(
                c, v, ccl_make_segment(ccl_v2(f[5], f[6]), ccl_v2(f[7], f[8])), f[9], hit);
        default:
            return ccl_sweep_circle_line(c, v, ccl_v2(f[5], f[6]), ccl_v2(f[7], f[8]), f[9], hit);
    }
}

/* A case of each kind that hits at t = 2 (circle at the origin, radius 1, moving +x at 1). */
static void base_case(sweep_kind kind, double *f) {
    static const double cases[SWEEP_KINDS][11] = {
        {0, 0, 1, 1, 0, 5, 0, 1, -0.5, 0, 10},
        {0, 0, 1, 1, 0, 3, 0, 10},
        {0, 0, 1, 1, 0, 3, -1, 3, 1, 10},
        {0, 0, 1, 1, 0, 3, 7, -2, 0, 10},
    };
    memcpy(f, cases[kind], sizeof cases[kind]);
}

/* Every field in turn set to NaN, +infinity or -infinity (and radii negative, t_max negative or
 * NaN): no hit, and the output untouched. t_max = +infinity is valid and still hits. */
static void non_finite_or_negative_input_is_no_hit_and_writes_nothing(void **state) {
    (void)state;
    const double bad[] = {NAN, -NAN, INFINITY, -INFINITY};
    for (int kind = 0; kind < SWEEP_KINDS; ++kind) {
        double f[11];
        ccl_hit hit;
        base_case((sweep_kind)kind, f);
        assert_true(call_sweep((sweep_kind)kind, f, &hit));
        assert_true(hit.t == 2.0);
        int n = field_count[kind];
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < 4; ++j) {
                base_case((sweep_kind)kind, f);
                f[i] = bad[j];
                if (i == n - 1 && bad[j] == INFINITY) {
                    assert_true(call_sweep((sweep_kind)kind, f, &hit));
                    assert_true(hit.t == 2.0);
                    continue;
                }
                memset(&hit, 0x5a, sizeof hit);
                ccl_hit untouched = hit;
                if (call_sweep((sweep_kind)kind, f, &hit)) {
                    fail_msg("%s: field %d = %g gave a hit", kind_names[kind], i, bad[j]);
                }
                assert_memory_equal(&hit, &untouched, sizeof hit);
                assert_false(call_sweep((sweep_kind)kind, f, NULL));
            }
        }
        const double bad_t_max[] = {-1.0, -DBL_MIN, -INFINITY, NAN};
        for (int j = 0; j < 4; ++j) {
            base_case((sweep_kind)kind, f);
            f[n - 1] = bad_t_max[j];
            memset(&hit, 0x5a, sizeof hit);
            ccl_hit untouched = hit;
            assert_false(call_sweep((sweep_kind)kind, f, &hit));
            assert_memory_equal(&hit, &untouched, sizeof hit);
        }
        for (int r = 0; r < 2; ++r) {
            if (radius_fields[kind][r] < 0) {
                continue;
            }
            base_case((sweep_kind)kind, f);
            f[radius_fields[kind][r]] = -1e-300;
            memset(&hit, 0x5a, sizeof hit);
            ccl_hit untouched = hit;
            assert_false(call_sweep((sweep_kind)kind, f, &hit));
            assert_memory_equal(&hit, &untouched, sizeof hit);
        }
    }
    /* a zero line normal is no line */
    ccl_hit hit;
    assert_false(ccl_sweep_circle_line(ccl_make_circle(ccl_v2(0, 0), 1), ccl_v2(1, 0), ccl_v2(0, 0),
                                       ccl_v2(0, 0), 10, &hit));
    assert_false(ccl_sweep_circle_line(ccl_make_circle(ccl_v2(0, 0), 1), ccl_v2(1, 0), ccl_v2(0, 0),
                                       ccl_v2(-0.0, 0.0), 10, &hit));
}

/* Zero velocity: overlapping shapes hit at t = 0 and never separate; apart, no hit. A zero-length
 * segment is a point. Radius -0.0 counts as 0. */
static void zero_velocity_and_degenerate_shapes(void **state) {
    (void)state;
    ccl_hit hit;
    ccl_circle c = ccl_make_circle(ccl_v2(0, 0), 1);
    ccl_vec2 still = {0, 0};
    assert_true(ccl_sweep_circles(c, still, ccl_make_circle(ccl_v2(1.5, 0), 1), still, 1, &hit));
    assert_true(hit.t == 0.0 && hit.t_exit == INFINITY);
    assert_false(
        ccl_sweep_circles(c, still, ccl_make_circle(ccl_v2(2.5, 0), 0.4), still, 1e300, &hit));
    assert_true(
        ccl_sweep_circle_segment(c, still, ccl_make_segment(ccl_v2(-5, 1), ccl_v2(5, 1)), 0, &hit));
    assert_true(hit.t == 0.0 && hit.t_exit == INFINITY);
    assert_true(ccl_sweep_circle_line(c, still, ccl_v2(0, 1), ccl_v2(0, 1), 0, &hit));
    assert_true(hit.t == 0.0 && hit.t_exit == INFINITY);
    assert_true(hit.normal.x == 0.0 && hit.normal.y == 1.0);
    assert_false(ccl_sweep_circle_line(c, still, ccl_v2(0, 1.5), ccl_v2(0, 1), 1e300, &hit));
    assert_true(ccl_sweep_circles(ccl_make_circle(ccl_v2(0, 0), -0.0), ccl_v2(1, 0),
                                  ccl_make_circle(ccl_v2(3, 0), 1), still, 5, &hit));
    assert_true(hit.t == 2.0);
    /* two points (radius 0) meeting exactly */
    assert_true(ccl_sweep_circles(ccl_make_circle(ccl_v2(0, 0), 0), ccl_v2(1, 1),
                                  ccl_make_circle(ccl_v2(4, 4), 0), still, 5, &hit));
    assert_true(hit.t == 4.0);
    assert_true(ccl_vec2_is_finite(hit.normal));
    assert_true(fabs(ccl_length(hit.normal) - 1.0) <= 2 * DBL_EPSILON);
    /* a zero-length segment behaves as its point */
    rng_seed(31);
    for (int i = 0; i < 20000; ++i) {
        ccl_circle m = ccl_make_circle(rng_box(10), rng_uniform(0.01, 3));
        ccl_vec2 v = rng_box(10), p = rng_box(10);
        double t_max = rng_uniform(0, 3);
        ccl_hit as_segment, as_point;
        bool hit_segment =
            ccl_sweep_circle_segment(m, v, ccl_make_segment(p, p), t_max, &as_segment);
        bool hit_point = ccl_sweep_circle_point(m, v, p, t_max, &as_point);
        assert_true(hit_segment == hit_point);
        if (hit_point) {
            assert_true(fabs(as_segment.t - as_point.t) <= 1e-15 * (1 + as_point.t));
            assert_true(fabs(as_segment.normal.x - as_point.normal.x) <= 1e-12);
            assert_true(fabs(as_segment.normal.y - as_point.normal.y) <= 1e-12);
        }
    }
}

/* A random double from a hostile mix: zeros, subnormals, tiny, ordinary, huge, DBL_MAX. */
static double wild(void) {
    double sign = rng_sign();
    switch (rng_u64() % 8) {
        case 0:
            return sign * 0.0;
        case 1: {
            uint64_t bits = rng_u64() & ((1ULL << 52) - 1);
            double d;
            memcpy(&d, &bits, sizeof d);
            return sign * d; /* subnormal */
        }
        case 2:
            return sign * rng_decades(-307, -250);
        case 3:
        case 4:
            return sign * rng_decades(-3, 3);
        case 5:
            return sign * rng_decades(250, 307);
        case 6:
            return sign * DBL_MAX * rng_uniform(0.5, 1.0);
        default:
            return sign * rng_decades(-20, 20);
    }
}

static bool has_nan(const ccl_hit *hit) {
    return isnan(hit->t) || isnan(hit->t_exit) || isnan(hit->normal.x) || isnan(hit->normal.y) ||
           isnan(hit->point.x) || isnan(hit->point.y);
}

/* Quad-precision least distance of the moving centre's path over [0, t_max] (t_max finite) to
 * the other shape, and the contact distance; false when the kind has no simple path form. */
static void oracle_least(sweep_kind kind, const double *f, quad *least, quad *reach, quad *scale) {
    qvec c = {(quad)f[0], (quad)f[1]}, v = {(quad)f[3], (quad)f[4]};
    quad t_max = (quad)f[field_count[kind] - 1];
    if (kind == SWEEP_CIRCLES) {
        v = qsub(v, (qvec){(quad)f[8], (quad)f[9]});
    }
    qvec end = qadd(c, qscale(v, t_max));
    *reach = (quad)f[2] + (kind == SWEEP_CIRCLES ? (quad)f[7] : 0);
    qvec p = {(quad)f[5], (quad)f[6]};
    if (kind == SWEEP_LINE) {
        qvec n = {(quad)f[7], (quad)f[8]};
        n = qscale(n, 1 / qlen(n));
        quad d0 = qdot(n, qsub(c, p)), d1 = qdot(n, qsub(end, p));
        *least = (d0 <= 0 && d1 >= 0) || (d0 >= 0 && d1 <= 0)
                     ? 0
                     : (fabsq(d0) < fabsq(d1) ? fabsq(d0) : fabsq(d1));
        *scale = *reach + fabsq(d0) + fabsq(d1);
        double small = fmin(fabs(f[7]), fabs(f[8])), large = fmax(fabs(f[7]), fabs(f[8]));
        if (small > 0.0 && small < 0x1p-900 * large) {
            /* the unit normal's small component is below the double range: documented as
             * rounded to the axis, so no clear-cut answer to check */
            *scale = INFINITY;
        }
        return;
    }
    qvec q = kind == SWEEP_SEGMENT ? (qvec){(quad)f[7], (quad)f[8]} : p;
    *least = qdist_segment_segment(c, end, p, q);
    *scale = *reach + qlen(qsub(c, p)) + qlen(qsub(end, p)) + qlen(qsub(q, p));
}

/* 10^5 hostile finite cases per function: no NaN, t in [0, t_max], t_exit >= t, a unit normal,
 * and, where the answer is clear-cut (margin above 1e-6 of the lengths involved), the right
 * decision. */
static void hostile_finite_input_gives_no_nan_and_right_answers(void **state) {
    (void)state;
    rng_seed(32);
    for (int kind = 0; kind < SWEEP_KINDS; ++kind) {
        long hits = 0, checked = 0;
        int n = field_count[kind];
        for (long i = 0; i < FUZZ_CASES; ++i) {
            double f[11];
            for (int j = 0; j < n; ++j) {
                f[j] = wild();
            }
            f[2] = fabs(f[2]);
            if (kind == SWEEP_CIRCLES) {
                f[7] = fabs(f[7]);
            }
            f[n - 1] = (i % 16 == 0) ? INFINITY : fabs(f[n - 1]);
            if (kind == SWEEP_LINE && f[7] == 0.0 && f[8] == 0.0) {
                f[7] = 1.0;
            }
            ccl_hit hit;
            bool got = call_sweep((sweep_kind)kind, f, &hit);
            assert_true(got == call_sweep((sweep_kind)kind, f, NULL));
            if (got) {
                ++hits;
                if (has_nan(&hit) || !isfinite(hit.t) || !(hit.t >= 0.0) || !(hit.t <= f[n - 1]) ||
                    !(hit.t_exit >= hit.t) || !ccl_vec2_is_finite(hit.normal) ||
                    !(fabs(ccl_length(hit.normal) - 1.0) <= 4 * DBL_EPSILON)) {
                    fail_msg("%s case %ld: t %g t_exit %g normal (%g, %g) point (%g, %g)",
                             kind_names[kind], i, hit.t, hit.t_exit, hit.normal.x, hit.normal.y,
                             hit.point.x, hit.point.y);
                }
            }
            if (isinf(f[n - 1])) {
                continue;
            }
            quad least, reach, scale;
            oracle_least((sweep_kind)kind, f, &least, &reach, &scale);
            if (!(fabsq(least - reach) > 1e-6 * scale)) {
                continue;
            }
            ++checked;
            if (got != (least <= reach)) {
                for (int j = 0; j < n; ++j) {
                    printf("f[%d] = %a\n", j, f[j]);
                }
                fail_msg("%s case %ld: library %s, oracle least distance %g vs %g",
                         kind_names[kind], i, got ? "hit" : "miss", (double)least, (double)reach);
            }
        }
        printf("%s: %d hostile cases, %ld hits, %ld decisions checked against quad\n",
               kind_names[kind], FUZZ_CASES, hits, checked);
        assert_true(checked > FUZZ_CASES / 4);
    }
}

/* Regressions for answers that were wrong at the ends of the double range. */
static void extreme_magnitudes_get_the_right_answer(void **state) {
    (void)state;
    ccl_hit hit;
    ccl_contact contact;
    double big = 1e308;
    /* centres 2e308 apart (their difference overflows) closing at 2e308 per unit time */
    assert_true(ccl_sweep_circles(ccl_make_circle(ccl_v2(-big, 0), 1), ccl_v2(big, 0),
                                  ccl_make_circle(ccl_v2(big, 0), 1), ccl_v2(-big, 0), 2, &hit));
    assert_true(fabs(hit.t - 1.0) <= 1e-15 && hit.normal.x == 1.0 && !has_nan(&hit));
    /* a segment longer than DBL_MAX: the strip beside it is still there */
    assert_true(ccl_sweep_circle_segment(ccl_make_circle(ccl_v2(0, 10), 1), ccl_v2(0, -1),
                                         ccl_make_segment(ccl_v2(-big, 0), ccl_v2(big, 0)), 100,
                                         &hit));
    assert_true(hit.t == 9.0 && hit.normal.y == -1.0 && hit.point.y == 0.0);
    /* a line normal whose length overflows: still the direction (1, 1) / sqrt 2 */
    assert_true(ccl_sweep_circle_line(ccl_make_circle(ccl_v2(10, 10), 1), ccl_v2(-1, -1),
                                      ccl_v2(0, 0), ccl_v2(big, big), 100, &hit));
    assert_true(fabs(hit.t - (10.0 - sqrt(0.5))) <= 1e-14);
    /* a line normal that is subnormal */
    assert_true(ccl_sweep_circle_line(ccl_make_circle(ccl_v2(10, 10), 1), ccl_v2(-1, -1),
                                      ccl_v2(0, 0), ccl_v2(5e-324, 5e-324), 100, &hit));
    assert_true(fabs(hit.t - (10.0 - sqrt(0.5))) <= 1e-14);
    /* circles whose squares overflow: 2e308 apart, reach 1.9e308: apart */
    assert_false(ccl_circles_overlap(ccl_make_circle(ccl_v2(-big, 0), big),
                                     ccl_make_circle(ccl_v2(big, 0), 0.9 * big)));
    assert_true(ccl_circles_contact(ccl_make_circle(ccl_v2(-big, 0), 1.5 * big),
                                    ccl_make_circle(ccl_v2(big, 0), big), &contact));
    assert_true(contact.normal.x == 1.0 && contact.normal.y == 0.0);
    assert_true(fabs(contact.depth - 0.5 * big) <= 1e-15 * big);
    assert_true(ccl_vec2_is_finite(contact.point));
    /* subnormal circles whose squares underflow to 0: far apart for their size */
    double tiny = 4.9406564584124654e-324; /* the least subnormal */
    assert_false(ccl_circles_overlap(ccl_make_circle(ccl_v2(0, 0), 2 * tiny),
                                     ccl_make_circle(ccl_v2(1e-310, 0), 2 * tiny)));
    assert_true(ccl_circles_overlap(ccl_make_circle(ccl_v2(0, 0), 3 * tiny),
                                    ccl_make_circle(ccl_v2(5 * tiny, 0), 2 * tiny)));
    assert_false(ccl_circles_overlap(ccl_make_circle(ccl_v2(0, 0), 3 * tiny),
                                     ccl_make_circle(ccl_v2(6 * tiny, 0), 2 * tiny)));
    assert_true(ccl_circles_contact(ccl_make_circle(ccl_v2(0, 0), 3 * tiny),
                                    ccl_make_circle(ccl_v2(0, 4 * tiny), 2 * tiny), &contact));
    assert_true(contact.normal.x == 0.0 && contact.normal.y == 1.0);
    /* a subnormal segment: its far end is the closest point */
    ccl_segment short_segment = {{0, 0}, {2e-320, 0}};
    assert_true(ccl_circle_segment_contact(ccl_make_circle(ccl_v2(2e-320, 1e-321), 2e-321),
                                           short_segment, &contact));
    assert_false(ccl_circle_segment_contact(ccl_make_circle(ccl_v2(3e-320, 0), 5e-321),
                                            short_segment, &contact));
    /* a segment far from a circle whose offset overflows: no contact, no NaN */
    assert_false(ccl_circle_segment_contact(ccl_make_circle(ccl_v2(-big, -big), 1),
                                            ccl_make_segment(ccl_v2(big, big), ccl_v2(big, 0)),
                                            &contact));
    assert_true(ccl_circle_segment_contact(
        ccl_make_circle(ccl_v2(-big, 0), 1.5 * big),
        ccl_make_segment(ccl_v2(big * 0.25, -big), ccl_v2(big * 0.25, big)), &contact));
    assert_true(contact.normal.x == 1.0 && isfinite(contact.depth) && isfinite(contact.point.x));
}

/* Hostile static tests: no NaN, and the decision right where clear-cut. */
static void hostile_static_tests_give_no_nan(void **state) {
    (void)state;
    rng_seed(33);
    for (long i = 0; i < FUZZ_CASES; ++i) {
        ccl_circle a = ccl_make_circle(ccl_v2(wild(), wild()), fabs(wild()));
        ccl_circle b = ccl_make_circle(ccl_v2(wild(), wild()), fabs(wild()));
        ccl_segment s = {{wild(), wild()}, {wild(), wild()}};
        ccl_contact contact;
        bool got = ccl_circles_contact(a, b, &contact);
        assert_true(got == ccl_circles_overlap(a, b));
        quad dist = qlen(qsub(qv(b.center), qv(a.center)));
        quad R = (quad)a.radius + (quad)b.radius;
        if (fabsq(dist - R) > 1e-9 * (dist + R)) {
            assert_true(got == (dist <= R));
        }
        if (got) {
            assert_true(ccl_vec2_is_finite(contact.normal) && isfinite(contact.depth) &&
                        contact.depth >= 0.0 && ccl_vec2_is_finite(contact.point));
            assert_true(fabs(ccl_length(contact.normal) - 1.0) <= 4 * DBL_EPSILON);
        }
        got = ccl_circle_segment_contact(a, s, &contact);
        quad to_segment = qdist_point_segment(qv(a.center), qv(s.a), qv(s.b));
        quad r = (quad)a.radius;
        quad lengths = qlen(qsub(qv(s.b), qv(s.a))) + qlen(qsub(qv(a.center), qv(s.a))) + r;
        if (fabsq(to_segment - r) > 1e-9 * lengths) {
            if (got != (to_segment <= r)) {
                printf("c %a %a r %a s %a %a %a %a\n", a.center.x, a.center.y, a.radius, s.a.x,
                       s.a.y, s.b.x, s.b.y);
                fail_msg("segment case %ld: library %d, distance %g, radius %g", i, got,
                         (double)to_segment, (double)r);
            }
        }
        if (got && !(ccl_vec2_is_finite(contact.normal) && isfinite(contact.depth))) {
            printf("c %a %a r %a s %a %a %a %a\n", a.center.x, a.center.y, a.radius, s.a.x, s.a.y,
                   s.b.x, s.b.y);
        }
        if (got) {
            assert_true(ccl_vec2_is_finite(contact.normal) && isfinite(contact.depth) &&
                        contact.depth >= 0.0 && !isnan(contact.point.x) && !isnan(contact.point.y));
            assert_true(fabs(ccl_length(contact.normal) - 1.0) <= 4 * DBL_EPSILON);
        }
    }
    /* found by fuzz_narrow: a segment reaching DBL_MAX whose closest point, computed at a quarter
     * of the size, overflowed when scaled back, and the contact normal came out NaN */
    {
        ccl_circle c = ccl_make_circle(ccl_v2(DBL_MAX, 0x1p-1022), DBL_MAX);
        ccl_segment s = {{-0x1.0c2c0002cp+1021, DBL_MAX}, {DBL_MAX, 0x1p-500}};
        ccl_contact found;
        assert_true(ccl_circle_segment_contact(c, s, &found));
        assert_true(ccl_vec2_is_finite(found.normal) && isfinite(found.depth) &&
                    found.depth >= 0.0 && ccl_vec2_is_finite(found.point));
        assert_true(fabs(ccl_length(found.normal) - 1.0) <= 4 * DBL_EPSILON);
        ccl_vec2 closest = ccl_closest_on_segment(s, c.center);
        assert_true(ccl_vec2_is_finite(closest));
    }
    /* non-finite and negative radius: no contact, nothing written */
    ccl_contact untouched, contact;
    memset(&untouched, 0x5a, sizeof untouched);
    contact = untouched;
    ccl_circle good = ccl_make_circle(ccl_v2(0, 0), 1);
    assert_false(ccl_circles_contact(good, ccl_make_circle(ccl_v2(NAN, 0), 1), &contact));
    assert_false(ccl_circles_contact(good, ccl_make_circle(ccl_v2(0, 0), -1), &contact));
    assert_false(ccl_circles_contact(ccl_make_circle(ccl_v2(0, 0), INFINITY), good, &contact));
    assert_false(ccl_circle_segment_contact(
        good, ccl_make_segment(ccl_v2(0, 0), ccl_v2(-INFINITY, 0)), &contact));
    assert_false(ccl_circle_segment_contact(ccl_make_circle(ccl_v2(0, 0), -0.5),
                                            ccl_make_segment(ccl_v2(0, 0), ccl_v2(1, 0)),
                                            &contact));
    assert_memory_equal(&contact, &untouched, sizeof contact);
}

/* Response: NULL, NaN, infinities, negative inverse masses leave bodies unchanged; restitution
 * outside [0, 1] is clamped; bodies of enormous mass still collide; no NaN ever. */
static void response_survives_hostile_input(void **state) {
    (void)state;
    ccl_body a = {{0, 0}, {1, 0}, 1, 1, 1}, b = {{2, 0}, {-1, 0}, 1, 1, 1};
    ccl_collide(NULL, &b, ccl_v2(1, 0));
    ccl_collide(&a, NULL, ccl_v2(1, 0));
    assert_true(ccl_impulse(NULL, &b, ccl_v2(1, 0)) == 0.0);
    assert_false(ccl_step_pair(NULL, &b, 1.0, NULL));
    assert_true(b.velocity.x == -1.0);
    const double bad[] = {NAN, INFINITY, -INFINITY};
    for (int field = 0; field < 8; ++field) {
        for (int j = 0; j < 3; ++j) {
            ccl_body x = a, y = b;
            double *slot[8] = {&x.position.x, &x.position.y, &x.velocity.x,  &x.velocity.y,
                               &x.radius,     &x.inv_mass,   &x.restitution, &y.velocity.y};
            *slot[field] = bad[j];
            ccl_body x0 = x, y0 = y;
            ccl_collide(&x, &y, ccl_v2(1, 0));
            assert_memory_equal(&x, &x0, sizeof x);
            assert_memory_equal(&y, &y0, sizeof y);
            assert_true(ccl_impulse(&x, &y, ccl_v2(1, 0)) == 0.0);
            assert_false(ccl_step_pair(&x, &y, 1.0, NULL));
            assert_memory_equal(&x, &x0, sizeof x);
            assert_memory_equal(&y, &y0, sizeof y);
        }
        ccl_body x = a, y = b;
        ccl_collide(&x, &y, ccl_v2(bad[field % 3], 0));
        assert_memory_equal(&x, &a, sizeof x);
    }
    /* negative inverse mass: refused */
    ccl_body neg = a;
    neg.inv_mass = -1.0;
    ccl_body y = b;
    ccl_collide(&neg, &y, ccl_v2(1, 0));
    assert_true(neg.velocity.x == 1.0 && y.velocity.x == -1.0);
    /* restitution 5 acts as 1, -3 as 0 */
    ccl_body hot = a, cold = b;
    hot.restitution = 5.0;
    cold.restitution = 5.0;
    ccl_collide(&hot, &cold, ccl_v2(1, 0));
    assert_true(hot.velocity.x == -1.0 && cold.velocity.x == 1.0);
    hot = a;
    cold = b;
    hot.restitution = -3.0;
    ccl_collide(&hot, &cold, ccl_v2(1, 0));
    assert_true(hot.velocity.x == 0.0 && cold.velocity.x == 0.0);
    /* two bodies of mass 1e300 (j overflows): they still exchange velocities */
    ccl_body heavy_a = a, heavy_b = b;
    heavy_a.inv_mass = 1e-300;
    heavy_b.inv_mass = 1e-300;
    ccl_collide(&heavy_a, &heavy_b, ccl_v2(1, 0));
    assert_true(heavy_a.velocity.x == -1.0 && heavy_b.velocity.x == 1.0);
    /* inverse masses whose sum overflows */
    heavy_a = a;
    heavy_b = b;
    heavy_a.inv_mass = DBL_MAX;
    heavy_b.inv_mass = DBL_MAX;
    ccl_collide(&heavy_a, &heavy_b, ccl_v2(1, 0));
    assert_true(heavy_a.velocity.x == -1.0 && heavy_b.velocity.x == 1.0);
    /* reflect: non-finite input returns v unchanged; e = 1 with huge v keeps it finite */
    ccl_vec2 v = {3, 4};
    ccl_vec2 r = ccl_reflect(v, ccl_v2(NAN, 0), 1.0);
    assert_true(r.x == 3.0 && r.y == 4.0);
    r = ccl_reflect(v, ccl_v2(1, 0), NAN);
    assert_true(r.x == 3.0 && r.y == 4.0);
    r = ccl_reflect(ccl_v2(1e308, 1e308), ccl_v2(1, 0), 1.0);
    assert_true(r.x == -1e308 && r.y == 1e308);
    /* step_pair: dt NaN, negative or infinite is refused, bodies unchanged */
    const double bad_dt[] = {NAN, -1.0, INFINITY};
    for (int j = 0; j < 3; ++j) {
        ccl_body x = a, z = b;
        assert_false(ccl_step_pair(&x, &z, bad_dt[j], NULL));
        assert_memory_equal(&x, &a, sizeof x);
        assert_memory_equal(&z, &b, sizeof z);
    }
    /* hostile finite bodies: no NaN */
    rng_seed(34);
    for (long i = 0; i < FUZZ_CASES; ++i) {
        ccl_body p = {{wild(), wild()}, {wild(), wild()}, fabs(wild()), fabs(wild()), fabs(wild())};
        ccl_body q = {{wild(), wild()}, {wild(), wild()}, fabs(wild()), fabs(wild()), fabs(wild())};
        ccl_hit hit;
        bool collided = ccl_step_pair(&p, &q, fabs(wild()), &hit);
        assert_false(isnan(p.position.x) || isnan(p.position.y) || isnan(q.position.x) ||
                     isnan(q.position.y));
        assert_true(ccl_vec2_is_finite(p.velocity) && ccl_vec2_is_finite(q.velocity));
        if (collided) {
            assert_false(has_nan(&hit));
        }
    }
}

CCL_TEST_MAIN(cmocka_unit_test(non_finite_or_negative_input_is_no_hit_and_writes_nothing),
              cmocka_unit_test(zero_velocity_and_degenerate_shapes),
              cmocka_unit_test(hostile_finite_input_gives_no_nan_and_right_answers),
              cmocka_unit_test(extreme_magnitudes_get_the_right_answer),
              cmocka_unit_test(hostile_static_tests_give_no_nan),
              cmocka_unit_test(response_survives_hostile_input))
