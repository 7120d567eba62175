/* The swept test's first look (ccl_certainly_apart, narrow/quadratic.h) against a quad-precision
 * oracle: every pair it calls a certain miss stays farther apart than the contact distance over
 * all of [0, t_max], by the oracle's exact arithmetic on the same double inputs. The cases sit on
 * the edges of each of its verdicts: paths that graze the contact distance, entries just before and
 * just after t_max, pairs that recede while nearly touching, and extreme magnitudes. A first look
 * that settled nothing would pass that check, so the test also asserts that it settles most
 * random pairs and many of each edge family. */
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
#include "narrow/narrow.h"

#define FL_CASES 200000 /* cases per family */

typedef struct fl_case {
    ccl_circle a, b;
    ccl_vec2 va, vb;
    double t_max;
} fl_case;

/* The least centre distance over [0, t_max] minus the contact distance, in quad precision from
 * the exact double inputs: > 0 exactly when the pair misses. */
static quad fl_clearance(const fl_case *k) {
    qvec dp = qsub(qv(k->b.center), qv(k->a.center));
    qvec dv = qsub(qv(k->vb), qv(k->va));
    quad R = (quad)k->a.radius + (quad)k->b.radius;
    quad a = qdot(dv, dv), b = qdot(dv, dp);
    quad t = 0;
    if (a > 0) {
        t = -b / a;
        t = t < 0 ? 0 : (t > (quad)k->t_max ? (quad)k->t_max : t);
    }
    return qlen(qadd(dp, qscale(dv, t))) - R;
}

/* The first look as ccl_sweep_circles calls it. */
static bool fl_first_look(const fl_case *k) {
    return ccl_certainly_apart(k->b.center.x - k->a.center.x, k->b.center.y - k->a.center.y,
                               k->vb.x - k->va.x, k->vb.y - k->va.y, k->a.radius + k->b.radius,
                               k->t_max);
}

/* Checks one case; returns whether the first look settled it. */
static bool fl_check(const fl_case *k, const char *family, long index) {
    if (!fl_first_look(k)) {
        return false;
    }
    quad clearance = fl_clearance(k);
    if (!(clearance > 0)) {
        fail_msg("%s case %ld: the first look calls a miss, the oracle finds a contact "
                 "(clearance %g)",
                 family, index, (double)clearance);
    }
    ccl_hit hit;
    assert_false(ccl_sweep_circles(k->a, k->va, k->b, k->vb, k->t_max, &hit));
    return true;
}

/* A pair whose relative path passes at distance R (1 + delta) from contact, starting `before`
 * contact distances back along the path; the whole picture scaled by `scale` in length and
 * `speed` in velocity, placed at `origin`. */
static fl_case fl_aimed(ccl_vec2 origin, double scale, double speed, double delta, double before) {
    double ra = rng_uniform(0.1, 3) * scale, rb = rng_uniform(0.1, 3) * scale;
    double R = ra + rb;
    ccl_vec2 u = rng_direction();
    ccl_vec2 dp = ccl_add(ccl_scale(u, -before * R), ccl_scale(ccl_perp(u), R * (1.0 + delta)));
    ccl_vec2 va = ccl_scale(rng_box(1), speed);
    ccl_vec2 vb = ccl_add(va, ccl_scale(u, speed * rng_uniform(0.1, 10)));
    fl_case k = {{origin, ra}, {ccl_add(origin, dp), rb}, va, vb, INFINITY};
    return k;
}

/* The entry time of a pair that meets, in quad precision; with `bound`, the first look's lower
 * bound on it, c / (2 |b|), instead. */
static quad fl_entry(const fl_case *k, bool bound) {
    qvec dp = qsub(qv(k->b.center), qv(k->a.center));
    qvec dv = qsub(qv(k->vb), qv(k->va));
    quad R = (quad)k->a.radius + (quad)k->b.radius;
    quad a = qdot(dv, dv), b = qdot(dv, dp), c = qdot(dp, dp) - R * R;
    quad D = b * b - a * c;
    return bound ? c / (-2 * b) : (-b - sqrtq(D < 0 ? 0 : D)) / a;
}

static void first_look_never_calls_a_contact_a_miss(void **state) {
    (void)state;
    rng_seed(7);
    long settled[5] = {0};
    static const char *const names[5] = {"random", "grazing", "entry near t_max",
                                         "receding while touching", "extreme magnitudes"};
    for (long i = 0; i < FL_CASES; ++i) {
        /* random pairs, as a broad phase might hand them over */
        fl_case k = {{rng_box(5), rng_uniform(0.25, 1)},
                     {rng_box(5), rng_uniform(0.25, 1)},
                     rng_box(10),
                     rng_box(10),
                     rng_uniform(0, 1) < 0.1 ? INFINITY : rng_uniform(0, 2)};
        settled[0] += fl_check(&k, names[0], i);

        /* paths that pass the contact distance by a relative 1e-16 to 1e-2, either side */
        k = fl_aimed(rng_box(100), 1.0, rng_uniform(0.1, 10), rng_sign() * rng_decades(-16, -2),
                     rng_decades(0, 7));
        k.t_max = rng_uniform(0, 1) < 0.5 ? INFINITY : rng_decades(-3, 9);
        settled[1] += fl_check(&k, names[1], i);

        /* clear hits and near misses whose entry, or the first look's lower bound on it, is
         * within a relative 1e-16 to 1e-1 of t_max, either side */
        k = fl_aimed(rng_box(10), 1.0, rng_uniform(0.1, 10), rng_uniform(-0.9, 0.01),
                     rng_decades(0, 4));
        quad entry = fl_entry(&k, i % 2 == 0);
        k.t_max = (double)(entry * (1 + (quad)(rng_sign() * rng_decades(-16, -1))));
        settled[2] += fl_check(&k, names[2], i);

        /* just apart and moving apart (or barely closing) */
        double R = rng_uniform(0.2, 4);
        ccl_vec2 u = rng_direction();
        ccl_vec2 dp = ccl_scale(u, R * (1.0 + rng_decades(-16, -1)));
        ccl_vec2 dv = ccl_add(ccl_scale(u, rng_sign() * rng_decades(-16, 1)),
                              ccl_scale(ccl_perp(u), rng_uniform(-5, 5)));
        ccl_vec2 origin = rng_box(1e3);
        k = (fl_case){{origin, R * 0.25},
                      {ccl_add(origin, dp), R * 0.75},
                      ccl_v2(0, 0),
                      dv,
                      rng_uniform(0, 1) < 0.3 ? INFINITY : rng_decades(-6, 6)};
        settled[3] += fl_check(&k, names[3], i);

        /* magnitudes from 1e-300 to 1e300, where products underflow or overflow */
        double scale = rng_decades(-300, 300), speed = rng_decades(-300, 300);
        k = fl_aimed(ccl_scale(rng_box(10), scale), scale, speed, rng_sign() * rng_decades(-12, 0),
                     rng_decades(0, 3));
        k.t_max = rng_uniform(0, 1) < 0.5 ? INFINITY : scale / speed * rng_decades(-2, 2);
        settled[4] += fl_check(&k, names[4], i);
    }
    for (int f = 0; f < 5; ++f) {
        printf("first look, %s: settled %ld of %d cases\n", names[f], settled[f], FL_CASES);
    }
    /* it must do its job: most random pairs, and a share of every edge family */
    assert_true(settled[0] > FL_CASES / 2);
    for (int f = 1; f < 5; ++f) {
        assert_true(settled[f] > FL_CASES / 20);
    }
}

/* Non-finite input never gets a verdict (the full checks refuse it with their own reasons). */
static void first_look_gives_no_verdict_on_nan_or_infinity(void **state) {
    (void)state;
    const double bad[] = {NAN, INFINITY, -INFINITY};
    for (int m = 0; m < 3; ++m) {
        for (int slot = 0; slot < 5; ++slot) {
            double v[5] = {100.0, 0.0, 1.0, 0.0, 1.0}; /* apart and receding: a verdict */
            assert_true(ccl_certainly_apart(v[0], v[1], v[2], v[3], v[4], 1.0));
            v[slot] = bad[m];
            assert_false(ccl_certainly_apart(v[0], v[1], v[2], v[3], v[4], 1.0));
        }
    }
    /* a huge separation whose square overflows: no verdict, although the pair is far apart */
    assert_false(ccl_certainly_apart(0x1p600, 0.0, 1.0, 0.0, 1.0, 1.0));
}

CCL_TEST_MAIN(cmocka_unit_test(first_look_never_calls_a_contact_a_miss),
              cmocka_unit_test(first_look_gives_no_verdict_on_nan_or_infinity))
