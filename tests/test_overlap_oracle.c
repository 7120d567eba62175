/* The static contact tests against a quad-precision oracle, and their edge rules: touching counts,
 * coincident centres get a defined normal, zero-length segments behave as points. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/collision.h>

#include "oracle_common.h"

#define CASES  200000 /* random cases per function */
#define MARGIN 1e-14  /* |distance - R| / R above which the decision must agree */

static double worst_circle_normal, worst_circle_depth, worst_circle_point;
static double worst_segment_normal, worst_segment_depth, worst_segment_point;

static void note_worst(double *worst, quad value) {
    if ((double)value > *worst) {
        *worst = (double)value;
    }
}

/* A random circle pair: scales from 1e-6 to 1e6, sometimes far from the origin, often near
 * touching (distance within 1e-10 relative of R). */
static void random_pair(ccl_circle *a, ccl_circle *b) {
    double scale = rng_decades(-6, 6);
    ccl_vec2 offset = (rng_u64() & 3) == 0 ? rng_box(1e8) : ccl_v2(0, 0);
    a->center = ccl_add(offset, ccl_scale(rng_box(10), scale));
    a->radius = rng_uniform(0, 3) * scale;
    b->radius = rng_uniform(0, 3) * scale;
    if (rng_u64() & 1) {
        double R = a->radius + b->radius;
        double dist = R * (1 + rng_sign() * rng_decades(-13, -10));
        b->center = ccl_mul_add(a->center, dist, rng_direction());
    } else {
        b->center = ccl_add(offset, ccl_scale(rng_box(10), scale));
    }
}

static void circles_contact_agrees_with_quad_oracle(void **state) {
    (void)state;
    rng_seed(11);
    long decided = 0;
    for (long i = 0; i < CASES; ++i) {
        ccl_circle a, b;
        random_pair(&a, &b);
        qvec dp = qsub(qv(b.center), qv(a.center));
        quad dist = qlen(dp);
        quad R = (quad)a.radius + (quad)b.radius;
        bool want = dist <= R;
        bool got = ccl_circles_overlap(a, b);
        ccl_contact contact;
        bool got_contact = ccl_circles_contact(a, b, &contact);
        assert_true(got == got_contact);
        assert_true(got == ccl_circles_contact(a, b, NULL));
        if (R > 0 && fabsq(dist - R) / R > MARGIN) {
            ++decided;
            if (got != want) {
                fail_msg("case %ld: library %d, oracle %d, distance %.17g R %.17g", i, got, want,
                         (double)dist, (double)R);
            }
        }
        if (!got) {
            continue;
        }
        quad positions = qlen(qv(a.center)) + qlen(qv(b.center));
        quad unit = fabsq(qlen(qv(contact.normal)) - 1);
        assert_true(unit <= 4e-16);
        if (dist > 0) {
            quad normal_err = qlen(qsub(qv(contact.normal), qscale(dp, 1 / dist)));
            note_worst(&worst_circle_normal, normal_err);
            assert_true(normal_err <= 4e-16 + 4 * DBL_EPSILON * positions / dist);
        }
        quad depth = R - dist > 0 ? R - dist : 0;
        quad depth_err = fabsq((quad)contact.depth - depth) / (R + positions * DBL_EPSILON);
        note_worst(&worst_circle_depth, depth_err);
        assert_true(depth_err <= 1e-14);
        assert_true(contact.depth >= 0.0);
        /* the point is midway between a's surface point and b's, along the normal */
        qvec n = qv(contact.normal);
        qvec on_a = qadd(qv(a.center), qscale(n, (quad)a.radius));
        qvec on_b = qsub(qv(b.center), qscale(n, (quad)b.radius));
        qvec mid = qscale(qadd(on_a, on_b), (quad)0.5);
        quad point_err = qlen(qsub(qv(contact.point), mid)) / (R + positions);
        note_worst(&worst_circle_point, point_err);
        assert_true(point_err <= 1e-14);
    }
    printf("circles: %d cases, %ld decided; worst normal %.3g, depth %.3g, point %.3g\n", CASES,
           decided, worst_circle_normal, worst_circle_depth, worst_circle_point);
}

/* Pythagorean triples: exactly touching is contact with depth 0; one ulp less reach is not. */
static void exactly_touching_circles_count_and_one_ulp_apart_do_not(void **state) {
    (void)state;
    static const double triples[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {20, 21, 29}};
    rng_seed(12);
    for (int i = 0; i < 20000; ++i) {
        const double *p = triples[i % 4];
        double s = ldexp(1.0, (int)rng_uniform(-300, 300));
        double share = (double)(rng_u64() % 9) / 8.0;
        ccl_vec2 dp = ccl_v2(rng_sign() * p[0] * s, rng_sign() * p[1] * s);
        ccl_circle a = ccl_make_circle(ccl_v2(0, 0), p[2] * s * share);
        ccl_circle b = ccl_make_circle(dp, p[2] * s - a.radius);
        assert_true(a.radius + b.radius == p[2] * s);
        ccl_contact contact;
        assert_true(ccl_circles_overlap(a, b));
        assert_true(ccl_circles_contact(a, b, &contact));
        assert_true(contact.depth == 0.0);
        assert_true(fabs(contact.normal.x - dp.x / (p[2] * s)) <= DBL_EPSILON);
        assert_true(fabs(contact.normal.y - dp.y / (p[2] * s)) <= DBL_EPSILON);
        /* and swapped: the normal flips */
        ccl_contact back;
        assert_true(ccl_circles_contact(b, a, &back));
        assert_true(back.normal.x == -contact.normal.x && back.normal.y == -contact.normal.y);
        /* one ulp less reach */
        ccl_circle shy = ccl_make_circle(dp, nextafter(p[2] * s, 0.0));
        ccl_circle dot = ccl_make_circle(ccl_v2(0, 0), 0.0);
        assert_true(ccl_circles_overlap(dot, ccl_make_circle(dp, p[2] * s)));
        assert_false(ccl_circles_overlap(dot, shy));
        assert_false(ccl_circles_contact(dot, shy, &contact));
        /* a segment ending exactly r away, and one ulp further */
        ccl_segment seg = {dp, ccl_scale(dp, 2.0)};
        assert_true(
            ccl_circle_segment_contact(ccl_make_circle(ccl_v2(0, 0), p[2] * s), seg, &contact));
        assert_true(contact.depth == 0.0);
        assert_false(
            ccl_circle_segment_contact(ccl_make_circle(ccl_v2(0, 0), shy.radius), seg, NULL));
    }
}

/* Coincident centres: normal (1, 0), depth = R, point on a's surface side of the overlap. */
static void coincident_centres_get_a_defined_normal(void **state) {
    (void)state;
    rng_seed(13);
    for (int i = 0; i < 1000; ++i) {
        ccl_vec2 c = rng_box(1e6);
        ccl_circle a = ccl_make_circle(c, rng_uniform(0, 5));
        ccl_circle b = ccl_make_circle(c, (i % 10) == 0 ? 0.0 : rng_uniform(0, 5));
        if (i == 1) {
            a.radius = 0.0;
            b.radius = 0.0;
        }
        ccl_contact contact;
        assert_true(ccl_circles_contact(a, b, &contact));
        assert_true(contact.normal.x == 1.0 && contact.normal.y == 0.0);
        assert_true(contact.depth == a.radius + b.radius);
        assert_true(ccl_vec2_is_finite(contact.point));
    }
}

static void segment_contact_agrees_with_quad_oracle(void **state) {
    (void)state;
    rng_seed(14);
    long decided = 0;
    for (long i = 0; i < CASES; ++i) {
        double scale = rng_decades(-6, 6);
        ccl_vec2 offset = (rng_u64() & 3) == 0 ? rng_box(1e8) : ccl_v2(0, 0);
        ccl_segment s = {ccl_add(offset, ccl_scale(rng_box(10), scale)),
                         ccl_add(offset, ccl_scale(rng_box(10), scale))};
        if (i % 8 == 0) {
            s.b = s.a; /* zero length */
        }
        ccl_circle c = ccl_make_circle(ccl_add(offset, ccl_scale(rng_box(12), scale)),
                                       rng_uniform(0, 4) * scale);
        if (i % 2 == 1) {
            /* near touching: r within 1e-10 relative of the true distance */
            quad d = qdist_point_segment(qv(c.center), qv(s.a), qv(s.b));
            c.radius = (double)d * (1 + rng_sign() * rng_decades(-13, -10));
        }
        qvec centre = qv(c.center);
        quad dist = qdist_point_segment(centre, qv(s.a), qv(s.b));
        quad r = (quad)c.radius;
        ccl_contact contact;
        bool got = ccl_circle_segment_contact(c, s, &contact);
        assert_true(got == ccl_circle_segment_contact(c, s, NULL));
        quad lengths = r + qlen(qsub(qv(s.b), qv(s.a))) + qlen(qsub(centre, qv(s.a)));
        quad positions = qlen(centre) + qlen(qv(s.a)) + qlen(qv(s.b));
        /* the library projects in double: its closest point is off by ~eps of the lengths */
        quad slack = 8 * DBL_EPSILON * lengths + 4 * DBL_EPSILON * positions;
        if (r > 0 && fabsq(dist - r) > MARGIN * r + slack) {
            ++decided;
            if (got != (dist <= r)) {
                fail_msg("case %ld: library %d, distance %.17g, r %.17g", i, got, (double)dist,
                         (double)r);
            }
        }
        if (!got) {
            continue;
        }
        assert_true(fabsq(qlen(qv(contact.normal)) - 1) <= 4e-16);
        /* the point lies on the normal line through the closest point, midway to the circle */
        qvec closest = qsub(qv(contact.point), qscale(qv(contact.normal), (quad)contact.depth / 2));
        quad on_segment = qdist_point_segment(closest, qv(s.a), qv(s.b));
        note_worst(&worst_segment_point, on_segment / (lengths + positions));
        assert_true(on_segment <= slack + 1e-14 * lengths);
        quad depth = r - dist > 0 ? r - dist : 0;
        quad depth_err = fabsq((quad)contact.depth - depth);
        note_worst(&worst_segment_depth, depth_err / (lengths + positions));
        assert_true(depth_err <= slack + 1e-14 * r);
        if (dist > slack) {
            qvec toward = qsub(closest, centre);
            quad err = qlen(qsub(qv(contact.normal), qscale(toward, 1 / qlen(toward))));
            note_worst(&worst_segment_normal, err * dist / (lengths + positions));
            assert_true(err <= 4e-16 + 2 * slack / dist);
        }
    }
    printf("segments: %d cases, %ld decided; worst normal %.3g, depth %.3g, point %.3g "
           "(relative to the lengths involved)\n",
           CASES, decided, worst_segment_normal, worst_segment_depth, worst_segment_point);
}

/* A centre exactly on the segment: the left-hand normal of a -> b; on a zero-length segment's
 * point: (1, 0). Depth is then the radius. */
static void centre_on_segment_gets_left_hand_normal(void **state) {
    (void)state;
    ccl_segment s = {{-4, 2}, {4, 8}}; /* direction (0.8, 0.6) */
    ccl_contact contact;
    assert_true(ccl_circle_segment_contact(ccl_make_circle(ccl_v2(0, 5), 1.5), s, &contact));
    assert_true(fabs(contact.normal.x + 0.6) <= DBL_EPSILON);
    assert_true(fabs(contact.normal.y - 0.8) <= DBL_EPSILON);
    assert_true(contact.depth == 1.5);
    ccl_segment point = {{3, -7}, {3, -7}};
    assert_true(ccl_circle_segment_contact(ccl_make_circle(ccl_v2(3, -7), 2), point, &contact));
    assert_true(contact.normal.x == 1.0 && contact.normal.y == 0.0);
    assert_true(contact.depth == 2.0);
    /* a zero-length segment is exactly a circle of radius 0 */
    rng_seed(15);
    for (int i = 0; i < 10000; ++i) {
        ccl_circle c = ccl_make_circle(rng_box(10), rng_uniform(0, 5));
        ccl_vec2 p = rng_box(10);
        ccl_segment degenerate = {p, p};
        ccl_contact as_segment, as_circle;
        bool hit = ccl_circle_segment_contact(c, degenerate, &as_segment);
        assert_true(hit == ccl_circles_contact(c, ccl_make_circle(p, 0), &as_circle));
        if (hit) {
            assert_true(fabs(as_segment.depth - as_circle.depth) <= 4 * DBL_EPSILON * 20);
            assert_true(fabs(as_segment.normal.x - as_circle.normal.x) <= 4 * DBL_EPSILON);
            assert_true(fabs(as_segment.normal.y - as_circle.normal.y) <= 4 * DBL_EPSILON);
        }
    }
}

/* Segments 2^10 to 2^140 times the circle's radius long, from -2^e (p, q) to 2^e (p, q) for
 * integers p and q (exact ends, the line through the origin), with the circle near the origin:
 * the oracle takes the distance across the line from the exact direction (p, q), with no long
 * offset to an end. The verdict agrees wherever the margin exceeds 1e-12 of the radius, and the
 * normal and depth are right to a few ulps of the centre's coordinates over its distance, not of
 * the segment's length (from a + u (b - a) the normal was off by 1e-3 beside a segment 2 10^14
 * long). */
static void long_segments_keep_verdict_normal_and_depth(void **state) {
    (void)state;
    rng_seed(71);
    long decided = 0, hits = 0;
    quad worst_normal = 0;
    for (long i = 0; i < 40000; ++i) {
        double p, q;
        ccl_segment s = long_segment_through_origin(10 + (int)(i % 131), &p, &q);
        ccl_circle c = ccl_make_circle(rng_box(3), rng_uniform(0.5, 2.0));
        qvec d = {(quad)p, (quad)q}, centre = qv(c.center);
        quad across = qcross(d, centre) / qlen(d); /* signed distance from the line */
        quad dist = fabsq(across);
        if (i % 2 == 1) { /* near touching */
            c.radius = (double)(dist * (1 + rng_sign() * rng_decades(-12, -9)));
            if (!(c.radius > 0.0)) {
                continue;
            }
        }
        quad r = (quad)c.radius;
        ccl_contact contact;
        bool got = ccl_circle_segment_contact(c, s, &contact);
        if (fabsq(dist - r) > 1e-12 * r) {
            ++decided;
            if (got != (dist <= r)) {
                fail_msg("case %ld: library %d, distance %.17g, r %.17g", i, got, (double)dist,
                         (double)r);
            }
        }
        if (!got || dist < 1e-6) {
            continue;
        }
        ++hits;
        /* from the centre toward the line: -sign(across) perp(d) / |d| */
        quad sign = across > 0 ? -1 : 1;
        qvec n = {sign * -d.y / qlen(d), sign * d.x / qlen(d)};
        quad err = qlen(qsub(qv(contact.normal), n));
        if (err > worst_normal) {
            worst_normal = err;
        }
        /* the closest point is a position: rounded to ulps of the centre's coordinates */
        quad scale = 1 + qlen(centre);
        assert_true(err <= 8 * DBL_EPSILON * scale / dist);
        assert_true(fabsq((quad)contact.depth - (r - dist)) <= 8 * DBL_EPSILON * (r + scale));
    }
    printf("long segments: %ld decided, %ld contacts, worst normal %.3g\n", decided, hits,
           (double)worst_normal);
    assert_true(decided > 30000 && hits > 10000);
}

CCL_TEST_MAIN(cmocka_unit_test(circles_contact_agrees_with_quad_oracle),
              cmocka_unit_test(exactly_touching_circles_count_and_one_ulp_apart_do_not),
              cmocka_unit_test(coincident_centres_get_a_defined_normal),
              cmocka_unit_test(segment_contact_agrees_with_quad_oracle),
              cmocka_unit_test(centre_on_segment_gets_left_hand_normal),
              cmocka_unit_test(long_segments_keep_verdict_normal_and_depth))
