/* The swept tests against an independent quad-precision oracle on random cases.
 *
 * The oracle never uses the library's formulas. Hit or miss is decided geometrically: the least
 * distance between the moving centre's path over [0, t_max] and the other shape, computed in
 * __float128 from the exact inputs, against the contact distance. The time of impact is the
 * textbook root (-b - sqrt(b^2 - a c)) / a in quad (fine at 113 bits), and for segments the
 * least entry time over the two end caps and the strip beside the interior.
 *
 * Acceptance: the decision agrees wherever the oracle's margin |distance - R| / R exceeds 1e-12;
 * t agrees to 1e-12 of (t + T * kappa), with T the time to cross one contact distance and kappa
 * the condition number of the root (1 away from grazing; 1 / sqrt(1 - (miss / R)^2) near it,
 * where any rounding of the input, even of t itself, moves the root that much).
 * The worst errors seen are printed. */
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

#include "oracle_common.h"

#define MARGIN     1e-12 /* oracle margin above which the decision must agree */
#define T_TOL      1e-12 /* time error, normalised as described above */
#define GEOM_TOL   1e-12 /* contact point and residual, relative to the lengths involved */
#define UNIT_TOL   4e-16 /* | |normal| - 1 | */
#define NORMAL_TOL 16 * DBL_EPSILON /* circles: normal error over the root's condition */
#define PER_FAMILY 12500            /* random cases per family: 8 families, 10^5 per function */

/// The oracle's verdict for one case.
typedef struct oracle_result {
    bool hit;        ///< the least distance over [0, t_max] is at most the contact distance
    quad margin;     ///< |least distance - R| / R
    quad t, t_exit;  ///< entry time clamped at 0, and exit time (when hit)
    quad time_scale; ///< T * kappa: contact distance / speed, times the root's condition
} oracle_result;

/// Worst errors seen for one function, over all its families.
typedef struct sweep_stats {
    const char *name;
    long cases, hits, decided, undecided;
    double worst_t;        ///< normalised time error
    double worst_residual; ///< | distance at the library's t - R | / (R + distance travelled)
    double worst_point;    ///< contact point off the surfaces, relative to the lengths involved
    double worst_unit;     ///< | |normal| - 1 |
    double worst_normal;   ///< |normal - exact normal| (circles: over the root's condition)
} sweep_stats;

static sweep_stats circle_stats = {"ccl_sweep_circles", 0, 0, 0, 0, 0, 0, 0, 0, 0};
static sweep_stats point_stats = {"ccl_sweep_circle_point", 0, 0, 0, 0, 0, 0, 0, 0, 0};
static sweep_stats segment_stats = {"ccl_sweep_circle_segment", 0, 0, 0, 0, 0, 0, 0, 0, 0};
static sweep_stats line_stats = {"ccl_sweep_circle_line", 0, 0, 0, 0, 0, 0, 0, 0, 0};

static void note_worst(double *worst, quad value) {
    if ((double)value > *worst) {
        *worst = (double)value;
    }
}

static void print_stats(const sweep_stats *s) {
    printf("%-26s cases %7ld hits %7ld decided %7ld within-margin %5ld | worst: t %.3g, residual "
           "%.3g, point %.3g, |n|-1 %.3g, normal %.3g\n",
           s->name, s->cases, s->hits, s->decided, s->undecided, s->worst_t, s->worst_residual,
           s->worst_point, s->worst_unit, s->worst_normal);
}

/* Checks every output field that does not need the oracle. */
static void check_hit_fields(const ccl_hit *hit, double t_max, sweep_stats *st) {
    if (isnan(hit->t) || isnan(hit->t_exit) || !ccl_vec2_is_finite(hit->normal) ||
        isnan(hit->point.x) || isnan(hit->point.y)) {
        fail_msg("%s: NaN or infinity in the hit", st->name);
    }
    if (!(hit->t >= 0.0 && hit->t <= t_max && hit->t_exit >= hit->t)) {
        fail_msg("%s: t %.17g t_exit %.17g t_max %.17g out of order", st->name, hit->t, hit->t_exit,
                 t_max);
    }
    quad unit = fabsq(qlen(qv(hit->normal)) - 1);
    note_worst(&st->worst_unit, unit);
    if (unit > UNIT_TOL) {
        fail_msg("%s: normal length off by %g", st->name, (double)unit);
    }
}

/* Compares the library's time of impact with the oracle's. */
static void check_time(const ccl_hit *hit, const oracle_result *o, sweep_stats *st) {
    quad err = fabsq((quad)hit->t - o->t) / (o->t + o->time_scale);
    note_worst(&st->worst_t, err);
    if (!(err <= T_TOL)) {
        fail_msg("%s: t %.17g, oracle %.17g (normalised error %g)", st->name, hit->t, (double)o->t,
                 (double)err);
    }
}

/* Checks the decision; returns true when both say hit (so the hit can be compared further). */
static bool check_decision(bool got, const oracle_result *o, sweep_stats *st, const char *family,
                           long index) {
    st->cases++;
    st->hits += got;
    if (o->margin > MARGIN) {
        st->decided++;
        if (got != o->hit) {
            fail_msg("%s, %s case %ld: library %s, oracle %s with margin %g", st->name, family,
                     index, got ? "hit" : "miss", o->hit ? "hit" : "miss", (double)o->margin);
        }
    } else {
        st->undecided++;
    }
    return got && o->hit;
}

/* Checks the decision, the hit's fields when the library hits and its time when both do; returns
 * true when both say hit (so the geometry can be compared further). */
static bool check_verdict(bool got, const ccl_hit *hit, const oracle_result *o, double t_max,
                          sweep_stats *st, const char *family, long index) {
    bool both = check_decision(got, o, st, family, index);
    if (got) {
        check_hit_fields(hit, t_max, st);
    }
    if (both) {
        check_time(hit, o, st);
    }
    return both;
}

/* ---------------------------------------------------------------------------------------------
 * Two circles (and a circle against a point, the same with rb = 0 and vb = 0)
 * ------------------------------------------------------------------------------------------- */

/// One random circle-circle case.
typedef struct circle_case {
    ccl_circle a, b;
    ccl_vec2 va, vb;
    double t_max;
} circle_case;

/* |least - R| relative to R; when the least distance is reached at the end of the path (t_max),
 * relative to the distance travelled too, since one ulp of t_max moves that end by so much. */
static quad relative_margin(quad least, quad R, quad t_least, quad t_max, quad speed) {
    quad scale = R;
    if (t_least == t_max && !isinfq(t_max)) {
        scale += speed * t_max;
    }
    if (scale == 0) {
        return least > 0 ? 1 : 0;
    }
    return fabsq(least - R) / scale;
}

static oracle_result oracle_circles(const circle_case *k) {
    qvec dp = qsub(qv(k->b.center), qv(k->a.center));
    qvec dv = qsub(qv(k->vb), qv(k->va));
    quad R = (quad)k->a.radius + (quad)k->b.radius;
    quad a = qdot(dv, dv), b = qdot(dv, dp), c = qdot(dp, dp) - R * R;
    quad t_max = (quad)k->t_max;
    quad closest = 0;
    if (a > 0) {
        closest = -b / a;
        closest = closest < 0 ? 0 : (closest > t_max ? t_max : closest);
    }
    quad least = qlen(qadd(dp, qscale(dv, closest)));
    oracle_result o = {least <= R, relative_margin(least, R, closest, t_max, qlen(dv)), 0, 0, 0};
    if (!o.hit) {
        return o;
    }
    quad D = b * b - a * c;
    D = D < 0 ? 0 : D;
    if (a == 0) {
        o.t = 0;
        o.t_exit = INFINITY;
        o.time_scale = 1;
        return o;
    }
    o.t = c <= 0 ? 0 : (-b - sqrtq(D)) / a;
    o.t_exit = (-b + sqrtq(D)) / a;
    /* T = R / |dv|; kappa = |dv| R / sqrt(D), the root's sensitivity to its inputs */
    quad kappa = D > 0 ? sqrtq(a) * R / sqrtq(D) : (quad)1e30;
    kappa = kappa < 1 ? 1 : kappa;
    o.time_scale = c <= 0 ? R / sqrtq(a) : R / sqrtq(a) * kappa;
    return o;
}

/* The double-precision forms the library improves on, as in the source documents: the textbook
 * discriminant b^2 - a c with root (-b - sqrt(D)) / a, or (`lagrange`) Lagrange's form
 * |dv|^2 R^2 - (dv x dp)^2 with root c / (-b + sqrt(D)), without compensating the cross product or
 * the subtraction that gives dp: better than the textbook, still short of exact. */
static bool double_sweep_circles(const circle_case *k, bool lagrange) {
    double dpx = k->b.center.x - k->a.center.x, dpy = k->b.center.y - k->a.center.y;
    double dvx = k->vb.x - k->va.x, dvy = k->vb.y - k->va.y;
    double R = k->a.radius + k->b.radius;
    double c = dpx * dpx + dpy * dpy - R * R;
    if (c <= 0.0) {
        return true;
    }
    double a = dvx * dvx + dvy * dvy;
    double b = dvx * dpx + dvy * dpy;
    if (a == 0.0 || b >= 0.0) {
        return false;
    }
    double w = sqrt(a) * R, cross = fabs(dvx * dpy - dvy * dpx);
    double d = lagrange ? (w - cross) * (w + cross) : b * b - a * c;
    if (d < 0.0) {
        return false;
    }
    return (lagrange ? c / (-b + sqrt(d)) : (-b - sqrt(d)) / a) <= k->t_max;
}

static void check_circle_case(const circle_case *k, bool as_point, const char *family, long index) {
    sweep_stats *st = as_point ? &point_stats : &circle_stats;
    ccl_hit hit;
    memset(&hit, 0, sizeof hit);
    bool got = as_point ? ccl_sweep_circle_point(k->a, k->va, k->b.center, k->t_max, &hit)
                        : ccl_sweep_circles(k->a, k->va, k->b, k->vb, k->t_max, &hit);
    bool got_no_output = as_point ? ccl_sweep_circle_point(k->a, k->va, k->b.center, k->t_max, NULL)
                                  : ccl_sweep_circles(k->a, k->va, k->b, k->vb, k->t_max, NULL);
    if (got != got_no_output) {
        fail_msg("%s: answer depends on whether hit is NULL", st->name);
    }
    oracle_result o = oracle_circles(k);
    if (!check_verdict(got, &hit, &o, k->t_max, st, family, index)) {
        return;
    }
    /* the exact geometry at the library's own t */
    quad t = (quad)hit.t;
    qvec ca = qadd(qv(k->a.center), qscale(qv(k->va), t));
    qvec cb = qadd(qv(k->b.center), qscale(qv(k->vb), t));
    qvec rel = qsub(cb, ca);
    quad R = (quad)k->a.radius + (quad)k->b.radius;
    quad dist = qlen(rel);
    quad travel = qlen(qsub(qv(k->vb), qv(k->va))) * t;
    quad lengths = R + travel + qlen(qsub(qv(k->b.center), qv(k->a.center)));
    if (hit.t > 0.0) {
        quad residual = fabsq(dist - R) / (R + travel);
        note_worst(&st->worst_residual, residual);
        if (!(residual <= GEOM_TOL)) {
            fail_msg("%s: distance at t is %.17g, contact distance %.17g", st->name, (double)dist,
                     (double)R);
        }
        /* the normal is the direction of the line of centres at the exact contact (the oracle's
         * t), to a few ulps times the root's condition kappa, however far apart the circles
         * started: the direction at the library's t would carry t's rounding times |dv| t / R */
        qvec dv = qsub(qv(k->vb), qv(k->va));
        qvec exact_rel = qadd(qsub(qv(k->b.center), qv(k->a.center)), qscale(dv, o.t));
        qvec exact_normal = qscale(exact_rel, 1 / qlen(exact_rel));
        quad kappa = o.time_scale * qlen(dv) / R;
        kappa = kappa > 1 ? kappa : 1;
        quad normal_err = qlen(qsub(qv(hit.normal), exact_normal)) / kappa;
        note_worst(&st->worst_normal, normal_err);
        if (!(normal_err <= NORMAL_TOL)) {
            fail_msg("%s: normal off by %g (kappa %g)", st->name, (double)(normal_err * kappa),
                     (double)kappa);
        }
    }
    /* the point lies on both surfaces (up to the rounding of the positions themselves) */
    quad positions = qlen(ca) + qlen(cb);
    quad point_tol = GEOM_TOL * lengths + 4 * DBL_EPSILON * positions;
    quad off_a = fabsq(qlen(qsub(qv(hit.point), ca)) - (quad)k->a.radius);
    quad off_b = fabsq(qlen(qsub(qv(hit.point), cb)) - (quad)k->b.radius);
    if (hit.t == 0.0 && o.t == 0) {
        off_b = 0; /* overlapping at the start: the point is on a's surface, inside b */
    }
    quad off = off_a > off_b ? off_a : off_b;
    note_worst(&st->worst_point, off / (lengths + 4 * DBL_EPSILON / GEOM_TOL * positions));
    if (!(off <= point_tol)) {
        fail_msg("%s: contact point %g off the surfaces (tolerance %g)", st->name, (double)off,
                 (double)point_tol);
    }
}

/// The kinds of random circle cases.
typedef enum circle_family {
    CF_GENERIC,
    CF_GRAZING,
    CF_SLOW,
    CF_TINY,
    CF_HUGE,
    CF_FAR_COORDINATES,
    CF_EXTREME_SCALES,
    CF_FAR_GRAZING,
    CF_COUNT
} circle_family;

static const char *const circle_family_names[CF_COUNT] = {
    "generic", "grazing",         "slow",           "tiny radii",
    "huge",    "coordinates 1e8", "scales 1e+-150", "far grazing",
};

/* A pair whose relative path passes the contact distance R at miss distance R (1 + delta), having
 * started `before` contact distances away along the path, at relative speed `speed`. */
static circle_case aimed_pair(ccl_vec2 origin, double ra, double rb, double delta, double before,
                              double speed, bool as_point) {
    double R = ra + rb;
    ccl_vec2 u = rng_direction();
    ccl_vec2 side = ccl_perp(u);
    ccl_vec2 dp = ccl_add(ccl_scale(u, before * R), ccl_scale(side, R * (1.0 + delta)));
    ccl_vec2 va = ccl_scale(u, speed);
    ccl_vec2 vb = as_point ? ccl_v2(0, 0) : ccl_scale(u, -rng_uniform(0, 1) * speed);
    circle_case k = {{origin, ra}, {ccl_add(origin, dp), rb}, va, vb, 0};
    if (as_point) {
        k.a.radius = R;
        k.b.radius = 0;
    }
    return k;
}

static circle_case random_circle_case(circle_family family, bool as_point) {
    circle_case k;
    double scale = 1.0, speed_scale = 1.0;
    ccl_vec2 offset = {0, 0};
    switch (family) {
        case CF_GRAZING: {
            double delta = rng_sign() * rng_decades(-13, -9);
            k = aimed_pair(rng_box(10), rng_uniform(0.1, 3), rng_uniform(0.1, 3), delta,
                           rng_uniform(1, 20), rng_uniform(0.1, 10), as_point);
            k.t_max = rng_uniform(0, 1) < 0.8 ? INFINITY : rng_uniform(0, 30);
            return k;
        }
        case CF_FAR_GRAZING:
            return aimed_pair(ccl_v2(0, 0), 0, 0, 0, 0, 0, as_point); /* built by its own test */
        case CF_TINY:
            if (rng_uniform(0, 1) < 0.5) {
                double r = rng_decades(-12, -6);
                k = aimed_pair(rng_box(1), r, r * rng_uniform(0, 1), rng_uniform(-2, 1),
                               rng_uniform(1, 1e6), rng_uniform(0.1, 10), as_point);
                k.t_max = INFINITY;
                return k;
            }
            break;
        case CF_HUGE:
            scale = rng_decades(6, 12);
            speed_scale = rng_decades(-3, 12);
            break;
        case CF_FAR_COORDINATES:
            offset = rng_box(1e8);
            break;
        case CF_EXTREME_SCALES:
            scale = rng_decades(-150, 150);
            speed_scale = rng_decades(-150, 150);
            break;
        default:
            break;
    }
    k.a = ccl_make_circle(ccl_add(offset, ccl_scale(rng_box(10), scale)),
                          rng_uniform(0.1, 3) * scale);
    k.b = ccl_make_circle(ccl_add(offset, ccl_scale(rng_box(10), scale)),
                          rng_uniform(0.1, 3) * scale);
    k.va = ccl_scale(rng_box(10), speed_scale);
    k.vb = ccl_scale(rng_box(10), speed_scale);
    k.t_max = rng_uniform(0, 3) * scale / speed_scale;
    if (family == CF_TINY) {
        k.a.radius = rng_decades(-12, -6);
        k.b.radius = rng_decades(-12, -6);
    }
    if (family == CF_SLOW) {
        /* relative speed 1e-15 .. 1e-5 of the speeds themselves, sometimes exactly zero */
        double slow = rng_uniform(0, 1) < 0.1 ? 0.0 : rng_decades(-15, -5);
        k.vb = ccl_add(k.va, ccl_scale(rng_box(1), slow));
        k.t_max = rng_uniform(0, 1) < 0.5 ? INFINITY : rng_decades(0, 18);
    }
    if (as_point) {
        k.a.radius += k.b.radius;
        k.b.radius = 0;
        k.vb = ccl_v2(0, 0);
    }
    return k;
}

static void run_circle_families(bool as_point) {
    rng_seed(as_point ? 2 : 1);
    for (int family = 0; family < CF_COUNT; ++family) {
        if (family == CF_FAR_GRAZING) {
            continue;
        }
        for (long i = 0; i < PER_FAMILY; ++i) {
            circle_case k = random_circle_case((circle_family)family, as_point);
            check_circle_case(&k, as_point, circle_family_names[family], i);
        }
    }
}

/* Far apart (10^3 to 10^7 contact distances) and nearly grazing (margin 1e-11 to 1e-5, either
 * side): b^2 - a c in double cancels here, the library's discriminant does not. */
static long run_far_grazing(bool as_point, long count, long *naive_wrong, long *lagrange_wrong) {
    long library_wrong = 0;
    *naive_wrong = 0;
    *lagrange_wrong = 0;
    for (long i = 0; i < count; ++i) {
        double ra = rng_uniform(0.5, 2), rb = rng_uniform(0.5, 2);
        double before = rng_decades(3, 7);
        double delta = rng_sign() * rng_decades(-11, -5);
        ccl_vec2 origin = (i & 1) ? rng_box(1e3) : ccl_v2(0, 0);
        circle_case k = aimed_pair(origin, ra, rb, delta, before, rng_uniform(0.5, 10), as_point);
        k.t_max = INFINITY;
        oracle_result o = oracle_circles(&k);
        ccl_hit hit;
        bool got = as_point ? ccl_sweep_circle_point(k.a, k.va, k.b.center, k.t_max, &hit)
                            : ccl_sweep_circles(k.a, k.va, k.b, k.vb, k.t_max, &hit);
        if (o.margin > MARGIN) {
            library_wrong += got != o.hit;
            *naive_wrong += double_sweep_circles(&k, false) != o.hit;
            *lagrange_wrong += double_sweep_circles(&k, true) != o.hit;
        }
        check_circle_case(&k, as_point, "far grazing", i);
    }
    return library_wrong;
}

static void sweep_circles_agrees_with_quad_oracle(void **state) {
    (void)state;
    run_circle_families(false);
}

static void sweep_circle_point_agrees_with_quad_oracle(void **state) {
    (void)state;
    run_circle_families(true);
}

/* Contact distances below 1e-160 at about unit distance, relative speeds down to 1e-300: the
 * discriminant's factors |dv| R and |dv x dp| are then so small that their product underflows,
 * and a pair passing wide by far more than R once read as a grazing contact. The motion is along
 * an axis and the offset across it is exact, so the least distance is exactly that offset (the
 * quad oracle above cannot resolve 1e-200 beside 1). Circles, a circle against a point, and against
 * a degenerate segment (a point, through the segment code). */
static void tiny_contact_distances_keep_the_right_verdict(void **state) {
    (void)state;
    rng_seed(11);
    long misses = 0, hits = 0;
    for (long i = 0; i < 30000; ++i) {
        double ra = rng_decades(-300, -160), rb = ra * rng_uniform(0, 1);
        double R = ra + rb;
        bool miss = rng_uniform(0, 1) < 0.5;
        double offset = miss ? R * (1.0 + rng_decades(-6, 6)) : R * rng_uniform(0.01, 0.99);
        /* |dv| R at least 2^-960, so that |dv| R and |dv x dp| keep full precision: below that
         * they are subnormal and the verdict is not resolved (a documented limit) */
        double along = rng_uniform(0.5, 2);
        double speed = rng_decades(fmax(-300.0, log10(0x1p-960 / R)), 1);
        /* b ahead along +x (or a mirrored or swapped axis), a closing in on it */
        double sx = rng_sign(), sy = rng_sign();
        bool swap = rng_uniform(0, 1) < 0.5;
        ccl_vec2 pb = swap ? ccl_v2(sy * offset, sx * along) : ccl_v2(sx * along, sy * offset);
        ccl_vec2 va = swap ? ccl_v2(0, sx * speed) : ccl_v2(sx * speed, 0);
        ccl_circle a = ccl_make_circle(ccl_v2(0, 0), ra), b = ccl_make_circle(pb, rb);
        ccl_hit hit;
        bool got = ccl_sweep_circles(a, va, b, ccl_v2(0, 0), INFINITY, &hit);
        bool got_point =
            ccl_sweep_circle_point(ccl_make_circle(a.center, R), va, pb, INFINITY, &hit);
        bool got_segment = ccl_sweep_circle_segment(ccl_make_circle(a.center, R), va,
                                                    ccl_make_segment(pb, pb), INFINITY, &hit);
        if (got == miss || got_point == miss || got_segment == miss) {
            fail_msg("case %ld: R %g, offset %g, speed %g: circles %d, point %d, segment %d, "
                     "exact %s",
                     i, R, offset, speed, got, got_point, got_segment, miss ? "miss" : "hit");
        }
        misses += miss;
        hits += !miss;
    }
    assert_true(misses > 10000 && hits > 10000);
}

static void
far_nearly_grazing_pairs_defeat_the_textbook_discriminant_not_the_library(void **state) {
    (void)state;
    rng_seed(3);
    long naive_circles, naive_points, lagrange_circles, lagrange_points;
    long wrong_circles = run_far_grazing(false, PER_FAMILY, &naive_circles, &lagrange_circles);
    long wrong_points = run_far_grazing(true, PER_FAMILY, &naive_points, &lagrange_points);
    printf("far grazing, %d cases: wrong decisions (margin > 1e-12): textbook double b^2 - ac "
           "%ld + %ld, plain-double Lagrange form %ld + %ld, library %ld + %ld\n",
           2 * PER_FAMILY, naive_circles, naive_points, lagrange_circles, lagrange_points,
           wrong_circles, wrong_points);
    assert_true(naive_circles > 0 && naive_points > 0);
    assert_int_equal(wrong_circles, 0);
    assert_int_equal(wrong_points, 0);
}

/* Pythagorean triples: touching exactly at t = 0 is a hit at t = 0, whichever way they move. */
static void circles_touching_at_start_hit_at_zero(void **state) {
    (void)state;
    static const double triples[][3] = {{3, 4, 5},   {5, 12, 13},  {8, 15, 17},
                                        {7, 24, 25}, {20, 21, 29}, {0, 1, 1}};
    rng_seed(4);
    for (int i = 0; i < 6000; ++i) {
        const double *p = triples[i % 6];
        double s = ldexp(1.0, (int)rng_uniform(-40, 40));
        double ra = p[2] * s * (double)(rng_u64() % 8) / 8.0; /* exact split of 5s */
        ccl_vec2 dp = ccl_v2(rng_sign() * p[0] * s, rng_sign() * p[1] * s);
        ccl_vec2 origin = ccl_v2(ldexp((double)(rng_u64() % 1024), 20) * s, 0);
        circle_case k = {{origin, ra},
                         {ccl_add(origin, dp), p[2] * s - ra},
                         ccl_scale(rng_box(5), s),
                         ccl_scale(rng_box(5), s),
                         rng_uniform(0, 2)};
        ccl_hit hit;
        assert_true(ccl_sweep_circles(k.a, k.va, k.b, k.vb, k.t_max, &hit));
        assert_true(hit.t == 0.0);
        assert_true(hit.t_exit >= 0.0);
        assert_true(ccl_sweep_circle_point(ccl_make_circle(k.a.center, p[2] * s), k.va, k.b.center,
                                           k.t_max, &hit));
        assert_true(hit.t == 0.0);
        check_circle_case(&k, false, "touching", i);
    }
}

/* Head-on approach along a Pythagorean direction with an exactly representable time of impact:
 * t_max equal to it is a hit at exactly t_max; one ulp less is a miss. The normal is the
 * direction of approach to an ulp or two, and along an axis exactly, with +0 across it. */
static void circles_hit_exactly_at_t_max(void **state) {
    (void)state;
    static const double triples[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {1, 0, 1}, {0, 1, 1}};
    rng_seed(5);
    for (int i = 0; i < 5000; ++i) {
        const double *p = triples[i % 5];
        double gap = (double)(1 + rng_u64() % 1000); /* in units of the triple's hypotenuse */
        double R = (double)(1 + rng_u64() % 100);
        double speed = ldexp(1.0, (int)(rng_u64() % 8)); /* a power of two: exact quotient */
        double ra = floor(R * rng_uniform(0, 1));
        ccl_vec2 dir = ccl_v2(rng_sign() * p[0], rng_sign() * p[1]);
        ccl_circle a = ccl_make_circle(ccl_v2(0, 0), ra * p[2]);
        ccl_circle b = ccl_make_circle(ccl_scale(dir, gap + R), (R - ra) * p[2]);
        ccl_vec2 va = ccl_scale(dir, speed);
        double t = gap / speed;
        ccl_hit hit;
        assert_true(ccl_sweep_circles(a, va, b, ccl_v2(0, 0), t, &hit));
        assert_true(hit.t == t);
        ccl_vec2 unit = ccl_v2(dir.x / p[2], dir.y / p[2]);
        assert_true(fabs(hit.normal.x - unit.x) <= 2 * DBL_EPSILON &&
                    fabs(hit.normal.y - unit.y) <= 2 * DBL_EPSILON);
        if (p[0] == 0.0 || p[1] == 0.0) {
            assert_true(hit.normal.x == unit.x && hit.normal.y == unit.y);
            assert_false(signbit(p[0] == 0.0 ? hit.normal.x : hit.normal.y));
        }
        assert_false(ccl_sweep_circles(a, va, b, ccl_v2(0, 0), nextafter(t, 0.0), &hit));
        assert_true(
            ccl_sweep_circle_point(ccl_make_circle(a.center, R * p[2]), va, b.center, t, &hit));
        assert_true(hit.t == t);
    }
}

/* Pairs 2^40 to 2^120 contact distances apart whose difference of positions has a low part (the
 * first circle's centre sits an ulp-sized step off the axis), passing at a planned miss distance
 * R (1 +- delta), half of them at extreme scales. Beyond about 2^50 a cross product that rounds its
 * hi-lo products has an error above an ulp of |dv| R; with every product exact
 * (ccl_cross_compensated_far) the verdict, the time and the normal keep their accuracy. The oracle
 * is exact in quad here: every product of two doubles is, and the differences cancel exactly
 * (Sterbenz). */
/* What the far pairs saw: the cases whose verdict the oracle decides, the hits among all, and the
 * worst normal error over the root's condition. */
typedef struct far_tally {
    long hits, decided;
    double worst_normal;
} far_tally;

/* Far pair i (every other one at an extreme scale) against the exact oracle. */
static void far_pair_case(int i, far_tally *tally) {
    /* every other case at scales that the library rescales: lengths and speeds by powers of
     * two up to 2^+-250 (exact, so the oracle stays exact) */
    int length_exp = i % 2 ? (int)rng_uniform(-250, 250) : 0;
    int speed_exp = i % 2 ? (int)rng_uniform(-250, 250) : 0;
    double R = ldexp(rng_uniform(1, 2), (int)rng_uniform(-20, 20) + length_exp);
    double X = R * ldexp(rng_uniform(1, 2), (int)rng_uniform(40, 120));
    double speed = ldexp(rng_uniform(1, 2), (int)rng_uniform(-30, 30) + speed_exp);
    double vx = -speed * rng_uniform(0.5, 1), vy = speed * rng_uniform(-1, 1);
    double delta = ldexp(1.0, (int)rng_uniform(-30, -1)) * rng_sign();
    double miss = R * (1 + delta) * rng_sign();
    /* dp.y such that vx dp.y - vy X = miss |v|, split into a double and its remainder */
    quad v_len = sqrtq((quad)vx * vx + (quad)vy * vy);
    quad target = ((quad)miss * v_len + (quad)vy * X) / vx;
    double by = (double)target;
    double ay = (double)((quad)by - target);
    ccl_circle a = {{0.0, ay}, R * 0.25}, b = {{X, by}, R - R * 0.25};
    ccl_vec2 vb = ccl_v2(vx, vy);
    /* the oracle, from the exact inputs */
    quad Rq = (quad)a.radius + (quad)b.radius;
    quad dpx = X, dpy = (quad)by - (quad)ay;
    quad cross = ((quad)vx * by - (quad)vy * X) - (quad)vx * ay;
    quad w = v_len * Rq;
    quad margin = fabsq(fabsq(cross) - w) / w;
    bool exact_hit = fabsq(cross) <= w; /* approaching: vx < 0, the pair starts at x = X > 0 */
    ccl_hit hit;
    bool got = ccl_sweep_circles(a, ccl_v2(0.0, 0.0), b, vb, INFINITY, &hit);
    if (margin > 1e-9) {
        tally->decided++;
        if (got != exact_hit) {
            fail_msg("case %d (%.3g apart, margin %g): library %s, oracle %s", i, X / R,
                     (double)margin, got ? "hit" : "miss", exact_hit ? "hit" : "miss");
        }
    }
    if (!got || !exact_hit) {
        return;
    }
    tally->hits++;
    quad D = (w - fabsq(cross)) * (w + fabsq(cross));
    quad root = sqrtq(D);
    quad bq = (quad)vx * dpx + (quad)vy * dpy;
    quad c = dpx * dpx + dpy * dpy - Rq * Rq;
    quad t = c / (-bq + root);
    quad kappa = root > 0 ? w / root : (quad)1e30;
    kappa = kappa > 1 ? kappa : 1;
    if (!(fabsq((quad)hit.t - t) <= 1e-12 * kappa * t)) {
        fail_msg("case %d: t %.17g, oracle %.17g", i, hit.t, (double)t);
    }
    qvec n = {-root * vx - cross * vy, -root * vy + cross * vx};
    n = qscale(n, 1 / qlen(n));
    quad err = qlen(qsub(qv(hit.normal), n)) / kappa;
    tally->worst_normal = fmax(tally->worst_normal, (double)err);
    if (!(err <= NORMAL_TOL)) {
        fail_msg("case %d (%.3g apart): normal off by %g (kappa %g)", i, X / R,
                 (double)(err * kappa), (double)kappa);
    }
}

static void pairs_up_to_2_120_apart_keep_verdict_time_and_normal(void **state) {
    (void)state;
    rng_seed(41);
    far_tally t = {0, 0, 0.0};
    for (int i = 0; i < 20000; ++i) {
        far_pair_case(i, &t);
    }
    printf("pairs 2^40..2^120 apart: %ld decided, %ld hits, worst normal %.3g eps kappa\n",
           t.decided, t.hits, t.worst_normal / DBL_EPSILON);
    assert_true(t.hits > 1000 && t.decided > 15000); /* the families are not empty */
}

/* ---------------------------------------------------------------------------------------------
 * A circle against a segment
 * ------------------------------------------------------------------------------------------- */

/// One random circle-segment case.
typedef struct segment_case {
    ccl_circle c;
    ccl_vec2 v;
    ccl_segment s;
    double t_max;
} segment_case;

/* Entry and exit times of the moving centre into the disk of radius r around e, in quad. */
static bool quad_cap_interval(qvec dp, qvec v, quad r, quad *t0, quad *t1) {
    quad a = qdot(v, v), b = qdot(v, dp), c = qdot(dp, dp) - r * r;
    if (a == 0) {
        if (c <= 0) {
            *t0 = -INFINITY;
            *t1 = INFINITY;
            return true;
        }
        return false;
    }
    quad D = b * b - a * c;
    if (D < 0) {
        return false;
    }
    *t0 = (-b - sqrtq(D)) / a;
    *t1 = (-b + sqrtq(D)) / a;
    return true;
}

/* Times where d0 + rate t lies in [lo, hi], in quad. */
static bool quad_linear_interval(quad d0, quad rate, quad lo, quad hi, quad *t0, quad *t1) {
    if (rate == 0) {
        *t0 = -INFINITY;
        *t1 = INFINITY;
        return d0 >= lo && d0 <= hi;
    }
    quad ta = (lo - d0) / rate, tb = (hi - d0) / rate;
    *t0 = ta < tb ? ta : tb;
    *t1 = ta < tb ? tb : ta;
    return true;
}

static oracle_result oracle_segment(const segment_case *k) {
    qvec c = qv(k->c.center), v = qv(k->v), a = qv(k->s.a), b = qv(k->s.b);
    quad r = (quad)k->c.radius;
    quad t_max = (quad)k->t_max;
    if (isinfq(t_max)) {
        /* past every part of the segment: the path's far end only needs to clear it */
        quad speed = qlen(v);
        quad reach = qlen(qsub(c, a)) + qlen(qsub(b, a)) + r;
        t_max = speed > 0 ? 4 * reach / speed + 1 : 0;
    }
    qvec end = qadd(c, qscale(v, t_max));
    quad least = qdist_segment_segment(c, end, a, b);
    quad at_end = qdist_point_segment(end, a, b);
    oracle_result o = {least <= r,
                       relative_margin(least, r, at_end == least ? t_max : 0, t_max, qlen(v)), 0, 0,
                       0};
    if (!o.hit) {
        return o;
    }
    /* entry time: the least over the end caps and the strip, with the root's conditioning */
    quad enter = INFINITY, leave = -INFINITY, t0, t1, kappa = 1;
    qvec ends[2] = {a, b};
    for (int i = 0; i < 2; ++i) {
        qvec dp = qsub(c, ends[i]);
        if (quad_cap_interval(dp, v, r, &t0, &t1)) {
            if (t0 < enter) {
                enter = t0;
                quad miss = fabsq(qcross(v, dp)) / qlen(v);
                quad slack = 1 - (miss / r) * (miss / r);
                kappa = slack > 0 ? 1 / sqrtq(slack) : (quad)1e30;
            }
            leave = t1 > leave ? t1 : leave;
        }
    }
    qvec axis = qsub(b, a);
    quad length = qlen(axis);
    if (length > 0) {
        qvec dir = qscale(axis, 1 / length);
        qvec n = {-dir.y, dir.x};
        quad s0, s1, w0, w1;
        if (quad_linear_interval(qdot(n, qsub(c, a)), qdot(n, v), -r, r, &s0, &s1) &&
            quad_linear_interval(qdot(dir, qsub(c, a)), qdot(dir, v), 0, length, &w0, &w1)) {
            quad lo = s0 > w0 ? s0 : w0, hi = s1 < w1 ? s1 : w1;
            if (lo <= hi) {
                if (lo < enter) {
                    enter = lo;
                    /* entering the strip across its side: conditioned by the angle of approach */
                    quad normal_speed = fabsq(qdot(n, v)) / qlen(v);
                    kappa = normal_speed > 0 ? 1 / normal_speed : (quad)1e30;
                }
                leave = hi > leave ? hi : leave;
            }
        }
    }
    o.t = enter > 0 ? enter : 0;
    o.t_exit = leave;
    quad speed = qlen(v);
    quad extent = r + length;
    o.time_scale = speed > 0 ? (enter > 0 ? kappa : 1) * extent / speed : 1;
    return o;
}

static void check_segment_case(const segment_case *k, const char *family, long index) {
    sweep_stats *st = &segment_stats;
    ccl_hit hit;
    memset(&hit, 0, sizeof hit);
    bool got = ccl_sweep_circle_segment(k->c, k->v, k->s, k->t_max, &hit);
    oracle_result o = oracle_segment(k);
    if (!check_verdict(got, &hit, &o, k->t_max, st, family, index)) {
        return;
    }
    quad t = (quad)hit.t;
    qvec centre = qadd(qv(k->c.center), qscale(qv(k->v), t));
    quad r = (quad)k->c.radius;
    quad travel = qlen(qv(k->v)) * t;
    quad lengths =
        r + travel + qlen(qsub(qv(k->s.b), qv(k->s.a))) + qlen(qsub(qv(k->c.center), qv(k->s.a)));
    quad positions = qlen(centre) + qlen(qv(k->s.a)) + qlen(qv(k->s.b));
    /* the point is on the segment, and (when t > 0) on the circle */
    quad on_segment = qdist_point_segment(qv(hit.point), qv(k->s.a), qv(k->s.b));
    quad on_circle = hit.t > 0.0 ? fabsq(qlen(qsub(qv(hit.point), centre)) - r) : 0;
    quad off = on_segment > on_circle ? on_segment : on_circle;
    quad tol = GEOM_TOL * lengths + 4 * DBL_EPSILON * positions;
    note_worst(&st->worst_point, off / (lengths + 4 * DBL_EPSILON / GEOM_TOL * positions));
    if (!(off <= tol)) {
        fail_msg("%s %s case %ld: point off the surfaces by %g (tolerance %g)", st->name, family,
                 index, (double)off, (double)tol);
    }
    if (hit.t > 0.0) {
        quad dist = qdist_point_segment(centre, qv(k->s.a), qv(k->s.b));
        quad residual = fabsq(dist - r) / (r + travel);
        note_worst(&st->worst_residual, residual);
        /* the normal points from the centre to the contact point */
        qvec toward = qsub(qv(hit.point), centre);
        quad err = qlen(qsub(qv(hit.normal), qscale(toward, 1 / qlen(toward))));
        note_worst(&st->worst_normal, err);
        if (!(residual <= GEOM_TOL + 4 * DBL_EPSILON * positions / (r + travel)) ||
            !(err <= GEOM_TOL + 8 * DBL_EPSILON * positions / r)) {
            fail_msg("%s %s case %ld: residual %g, normal off by %g", st->name, family, index,
                     (double)residual, (double)err);
        }
    }
}

/// The kinds of random segment cases.
typedef enum segment_family {
    SF_GENERIC,
    SF_GRAZING_SIDE,
    SF_GRAZING_CAP,
    SF_SLOW,
    SF_TINY,
    SF_HUGE,
    SF_FAR_COORDINATES,
    SF_ZERO_LENGTH,
    SF_COUNT
} segment_family;

static const char *const segment_family_names[SF_COUNT] = {
    "generic",    "grazing side", "grazing cap",     "slow",
    "tiny radii", "huge",         "coordinates 1e8", "zero length",
};

/// The scales of a random case against a fixed shape: lengths times `scale` about `offset`,
/// speeds times `speed_scale`.
typedef struct case_scales {
    double scale, speed_scale;
    ccl_vec2 offset;
} case_scales;

static case_scales random_scales(bool huge, bool far) {
    case_scales m = {1, 1, {0, 0}};
    if (huge) {
        m.scale = rng_decades(6, 12);
        m.speed_scale = rng_decades(-3, 12);
    }
    if (far) {
        m.offset = rng_box(1e8);
    }
    return m;
}

/// A random point of the case's region.
static ccl_vec2 random_place(const case_scales *m) {
    return ccl_add(m->offset, ccl_scale(rng_box(10), m->scale));
}

/// The moving circle and its velocity at the case's scales.
static void random_mover(const case_scales *m, ccl_circle *c, ccl_vec2 *v) {
    *c = ccl_make_circle(random_place(m), rng_uniform(0.1, 3) * m->scale);
    *v = ccl_scale(rng_box(10), m->speed_scale);
}

/// The families every fixed shape shares: a slow mover (speed 1e-15 .. 1e-5, sometimes zero, over
/// a long or endless interval) and tiny radii.
static void apply_shared_family(bool slow, bool tiny, ccl_circle *c, ccl_vec2 *v, double *t_max) {
    if (slow) {
        *v = ccl_scale(rng_box(1), rng_uniform(0, 1) < 0.1 ? 0.0 : rng_decades(-15, -5));
        *t_max = rng_uniform(0, 1) < 0.5 ? INFINITY : rng_decades(0, 18);
    }
    if (tiny) {
        c->radius = rng_decades(-12, -6);
    }
}

static segment_case random_segment_case(segment_family family) {
    segment_case k;
    case_scales m = random_scales(family == SF_HUGE, family == SF_FAR_COORDINATES);
    random_mover(&m, &k.c, &k.v);
    k.s.a = random_place(&m);
    k.s.b = random_place(&m);
    k.t_max = rng_uniform(0, 3) * m.scale / m.speed_scale;
    apply_shared_family(family == SF_SLOW, family == SF_TINY, &k.c, &k.v, &k.t_max);
    switch (family) {
        case SF_GRAZING_SIDE: {
            /* moving parallel to the segment at distance r (1 + delta) beside it */
            ccl_vec2 dir = rng_direction();
            double length = rng_uniform(0.1, 20);
            double delta = rng_sign() * rng_decades(-13, -9);
            k.s.b = ccl_mul_add(k.s.a, length, dir);
            ccl_vec2 beside = ccl_mul_add(k.s.a, rng_uniform(-10, 10), dir);
            k.c.center = ccl_mul_add(beside, rng_sign() * k.c.radius * (1 + delta), ccl_perp(dir));
            k.v = ccl_scale(dir, rng_uniform(-10, 10));
            k.t_max = rng_uniform(0, 1) < 0.5 ? INFINITY : rng_uniform(0, 5);
            break;
        }
        case SF_GRAZING_CAP: {
            /* passing the end a at miss distance r (1 + delta), the segment pointing away */
            ccl_vec2 u = rng_direction();
            double delta = rng_sign() * rng_decades(-13, -9);
            double before = rng_uniform(1, 50) * k.c.radius;
            ccl_vec2 side = ccl_scale(ccl_perp(u), rng_sign());
            k.c.center = ccl_add(
                k.s.a, ccl_add(ccl_scale(u, -before), ccl_scale(side, k.c.radius * (1 + delta))));
            k.s.b = ccl_mul_add(k.s.a, -rng_uniform(0.1, 20), side);
            k.v = ccl_scale(u, rng_uniform(0.1, 10));
            k.t_max = INFINITY;
            break;
        }
        case SF_ZERO_LENGTH:
            k.s.b = k.s.a;
            break;
        default:
            break;
    }
    return k;
}

/// A fixed shape's random families: the seed, how many families, and one case's check.
typedef struct random_shape {
    uint64_t seed;
    int families;
    void (*check_one)(int family, long index);
} random_shape;

/* PER_FAMILY random cases of each family of the shape in *state against the oracle. */
static void random_cases_agree_with_quad_oracle(void **state) {
    const random_shape *shape = *state;
    rng_seed(shape->seed);
    for (int family = 0; family < shape->families; ++family) {
        for (long i = 0; i < PER_FAMILY; ++i) {
            shape->check_one(family, i);
        }
    }
}

static void check_random_segment(int family, long index) {
    segment_case k = random_segment_case((segment_family)family);
    check_segment_case(&k, segment_family_names[family], index);
}

static random_shape segments = {6, SF_COUNT, check_random_segment};

/* Touching at t = 0 (centre exactly r from the segment's interior or an end) and a hit exactly at
 * t_max (axis-aligned, exactly representable), with one ulp less a miss. */
static void segment_touching_at_start_and_exactly_at_t_max(void **state) {
    (void)state;
    rng_seed(7);
    for (int i = 0; i < 4000; ++i) {
        double r = (double)(1 + rng_u64() % 64);
        double half = (double)(1 + rng_u64() % 64);
        ccl_segment s = {{-half, 0}, {half, 0}};
        ccl_vec2 v = ccl_scale(rng_box(4), 1);
        ccl_hit hit;
        /* beside the interior */
        ccl_circle c = ccl_make_circle(ccl_v2(floor(rng_uniform(-half, half)), rng_sign() * r), r);
        assert_true(ccl_sweep_circle_segment(c, v, s, 1.0, &hit));
        assert_true(hit.t == 0.0);
        /* off an end, along a 3-4-5 direction */
        c = ccl_make_circle(ccl_v2(half + 3 * r, 4 * r), 5 * r);
        assert_true(ccl_sweep_circle_segment(c, v, s, 1.0, &hit));
        assert_true(hit.t == 0.0);
        /* straight down onto the interior: t = gap / speed exactly */
        double gap = (double)(1 + rng_u64() % 1000);
        double speed = ldexp(1.0, (int)(rng_u64() % 6));
        c = ccl_make_circle(ccl_v2(floor(rng_uniform(-half, half)), r + gap), r);
        double t = gap / speed;
        assert_true(ccl_sweep_circle_segment(c, ccl_v2(0, -speed), s, t, &hit));
        assert_true(hit.t == t);
        assert_false(ccl_sweep_circle_segment(c, ccl_v2(0, -speed), s, nextafter(t, 0), &hit));
        /* and onto the line through it */
        assert_true(ccl_sweep_circle_line(c, ccl_v2(0, -speed), s.a, ccl_v2(0, 3), t, &hit));
        assert_true(hit.t == t);
        assert_false(
            ccl_sweep_circle_line(c, ccl_v2(0, -speed), s.a, ccl_v2(0, 3), nextafter(t, 0), &hit));
    }
}

/* ---------------------------------------------------------------------------------------------
 * A circle against an infinite line
 * ------------------------------------------------------------------------------------------- */

/// One random circle-line case.
typedef struct line_case {
    ccl_circle c;
    ccl_vec2 v, point, normal;
    double t_max;
} line_case;

static oracle_result oracle_line(const line_case *k) {
    qvec n = qv(k->normal);
    n = qscale(n, 1 / qlen(n));
    quad r = (quad)k->c.radius;
    quad d0 = qdot(n, qsub(qv(k->c.center), qv(k->point)));
    quad rate = qdot(n, qv(k->v));
    quad t_max = (quad)k->t_max;
    quad d1 = isinfq(t_max) ? (rate == 0 ? d0 : (rate > 0 ? (quad)INFINITY : -(quad)INFINITY))
                            : d0 + rate * t_max;
    quad least = (d0 <= 0 && d1 >= 0) || (d0 >= 0 && d1 <= 0)
                     ? 0
                     : (fabsq(d0) < fabsq(d1) ? fabsq(d0) : fabsq(d1));
    bool least_at_end = least > 0 && fabsq(d1) < fabsq(d0);
    oracle_result o = {least <= r,
                       relative_margin(least, r, least_at_end ? t_max : 0, t_max, qlen(qv(k->v))),
                       0, 0, 0};
    if (!o.hit) {
        return o;
    }
    if (fabsq(d0) <= r) {
        o.t = 0;
    } else {
        o.t = (fabsq(d0) - r) / (d0 > 0 ? -rate : rate);
    }
    o.t_exit = rate == 0 ? (quad)INFINITY : (fabsq(d0) + r) / fabsq(rate);
    quad speed = qlen(qv(k->v));
    /* entering across the line at normal speed |rate|: conditioned by speed / |rate| */
    quad kappa = rate != 0 ? speed / fabsq(rate) : 1;
    o.time_scale = speed > 0 ? kappa * r / speed : 1;
    return o;
}

static void check_line_case(const line_case *k, const char *family, long index) {
    sweep_stats *st = &line_stats;
    ccl_hit hit;
    memset(&hit, 0, sizeof hit);
    bool got = ccl_sweep_circle_line(k->c, k->v, k->point, k->normal, k->t_max, &hit);
    oracle_result o = oracle_line(k);
    if (!check_verdict(got, &hit, &o, k->t_max, st, family, index)) {
        return;
    }
    qvec n = qv(k->normal);
    n = qscale(n, 1 / qlen(n));
    quad t = (quad)hit.t;
    qvec centre = qadd(qv(k->c.center), qscale(qv(k->v), t));
    quad r = (quad)k->c.radius;
    quad lengths = r + qlen(qv(k->v)) * t + qlen(qsub(qv(k->c.center), qv(k->point)));
    quad positions = qlen(centre) + qlen(qv(k->point));
    quad on_line = fabsq(qdot(n, qsub(qv(hit.point), qv(k->point))));
    quad on_circle = hit.t > 0.0 ? fabsq(qlen(qsub(qv(hit.point), centre)) - r) : 0;
    quad off = on_line > on_circle ? on_line : on_circle;
    quad tol = GEOM_TOL * lengths + 4 * DBL_EPSILON * positions;
    note_worst(&st->worst_point, off / (lengths + 4 * DBL_EPSILON / GEOM_TOL * positions));
    if (!(off <= tol)) {
        fail_msg("%s %s case %ld: point off by %g (tolerance %g)", st->name, family, index,
                 (double)off, (double)tol);
    }
    /* the normal is the line's unit normal, pointing from the centre toward the line */
    quad side = qdot(n, qsub(centre, qv(k->point)));
    qvec toward = side > 0 ? qscale(n, -1) : n;
    quad err = qlen(qsub(qv(hit.normal), toward));
    if (side == 0) {
        err = fabsq(fabsq(qdot(qv(hit.normal), n)) - 1);
    }
    note_worst(&st->worst_normal, err);
    if (!(err <= 1e-15)) {
        fail_msg("%s %s case %ld: normal off by %g", st->name, family, index, (double)err);
    }
    if (hit.t > 0.0) {
        quad residual = fabsq(fabsq(side) - r) / (r + qlen(qv(k->v)) * t);
        note_worst(&st->worst_residual, residual);
        if (!(residual <= GEOM_TOL + 4 * DBL_EPSILON * positions / (r + qlen(qv(k->v)) * t))) {
            fail_msg("%s %s case %ld: residual %g", st->name, family, index, (double)residual);
        }
    }
}

/// The kinds of random line cases.
typedef enum line_family {
    LF_GENERIC,
    LF_GRAZING_PARALLEL,
    LF_NEAR_T_MAX,
    LF_SLOW,
    LF_TINY,
    LF_HUGE,
    LF_FAR_COORDINATES,
    LF_UNNORMALISED,
    LF_COUNT
} line_family;

static const char *const line_family_names[LF_COUNT] = {
    "generic", "grazing parallel", "near t_max",          "slow", "tiny radii",
    "huge",    "coordinates 1e8",  "unnormalised normal",
};

static line_case random_line_case(line_family family) {
    line_case k;
    case_scales m = random_scales(family == LF_HUGE, family == LF_FAR_COORDINATES);
    random_mover(&m, &k.c, &k.v);
    k.point = random_place(&m);
    k.normal = rng_direction();
    k.t_max = rng_uniform(0, 3) * m.scale / m.speed_scale;
    apply_shared_family(family == LF_SLOW, family == LF_TINY, &k.c, &k.v, &k.t_max);
    switch (family) {
        case LF_GRAZING_PARALLEL: {
            double delta = rng_sign() * rng_decades(-13, -9);
            ccl_vec2 along = ccl_perp(k.normal);
            k.c.center = ccl_add(ccl_mul_add(k.point, rng_uniform(-10, 10), along),
                                 ccl_scale(k.normal, rng_sign() * k.c.radius * (1 + delta)));
            k.v = ccl_scale(along, rng_uniform(-10, 10));
            k.t_max = rng_uniform(0, 50);
            break;
        }
        case LF_NEAR_T_MAX: {
            /* the centre reaches distance r (1 + delta) from the line at t_max */
            double d0 = ccl_dot(k.normal, ccl_sub(k.c.center, k.point));
            double rate = ccl_dot(k.normal, k.v);
            double target =
                (d0 > 0 ? 1 : -1) * k.c.radius * (1 + rng_sign() * rng_decades(-13, -9));
            double t = (target - d0) / rate;
            k.t_max = t > 0 ? t : -t;
            if (!(t > 0)) {
                k.v = ccl_neg(k.v);
            }
            break;
        }
        case LF_UNNORMALISED:
            k.normal = ccl_scale(k.normal, rng_decades(-100, 100));
            break;
        default:
            break;
    }
    return k;
}

static void check_random_line(int family, long index) {
    line_case k = random_line_case((line_family)family);
    check_line_case(&k, line_family_names[family], index);
}

static random_shape lines = {8, LF_COUNT, check_random_line};

/* Prints the worst errors and checks each function saw at least 10^5 random cases. */
static void report_worst_errors(void **state) {
    (void)state;
    print_stats(&circle_stats);
    print_stats(&point_stats);
    print_stats(&segment_stats);
    print_stats(&line_stats);
    assert_true(circle_stats.cases >= 100000);
    assert_true(point_stats.cases >= 100000);
    assert_true(segment_stats.cases >= 100000);
    assert_true(line_stats.cases >= 100000);
}

/* A circle near the origin heading across the line through the origin with the exact direction
 * (p, q), from 3 to 6 away on a random side, with a drift along the line; the oracle (in quad, from
 * the doubles as given) takes its distance across the line and the rate at which that closes from
 * the exact direction, and the time it touches the line. */
typedef struct approach {
    ccl_vec2 centre, v;
    double r;
    qvec d;       ///< the line's exact direction
    quad sgn;     ///< the side of the line the centre starts on
    quad rate, t; ///< the distance's rate of change, and the time of touching
} approach;

static approach approach_the_line(double p, double q) {
    approach a;
    double len = hypot(p, q), side = rng_sign();
    ccl_vec2 n = ccl_v2(-q / len, p / len), dir = ccl_v2(p / len, q / len);
    double off = rng_uniform(3.0, 6.0), slide = rng_uniform(-3.0, 3.0);
    a.centre = ccl_v2(side * off * n.x + slide * dir.x, side * off * n.y + slide * dir.y);
    double speed = rng_uniform(0.5, 2.0), drift = rng_uniform(-2.0, 2.0);
    a.v = ccl_v2(-side * speed * n.x + drift * dir.x, -side * speed * n.y + drift * dir.y);
    a.r = rng_uniform(0.5, 2.0);
    a.d = (qvec){(quad)p, (quad)q};
    quad across = qcross(a.d, qv(a.centre)) / qlen(a.d);
    a.rate = qcross(a.d, qv(a.v)) / qlen(a.d);
    a.sgn = across > 0 ? 1 : -1;
    a.t = (fabsq(across) - a.r) / (-a.sgn * a.rate);
    return a;
}

/* A circle swept toward the middle of a segment 2^10 to 2^140 times its radius long, from -2^e
 * (p, q) to 2^e (p, q) for integers p and q (exact ends, the line through the origin): the oracle
 * takes the distance across the line and its rate from the exact direction (p, q), with no long
 * offset to an end. Every pair hits, at the time the oracle gives to a few ulps of the time's
 * scale, with the line's normal to a few ulps of the coordinates over the radius. From the plain
 * n . (c - a) the time erred by ulps of the segment's length over the speed. */
static void long_segments_keep_time_and_normal(void **state) {
    (void)state;
    rng_seed(72);
    quad worst_t = 0, worst_n = 0;
    for (long i = 0; i < 40000; ++i) {
        double p, q;
        ccl_segment s = long_segment_through_origin(10 + (int)(i % 131), &p, &q);
        approach a = approach_the_line(p, q);
        ccl_vec2 centre = a.centre, v = a.v;
        double r = a.r;
        qvec d = a.d;
        quad sgn = a.sgn, t = a.t, rate = a.rate;
        ccl_hit hit;
        bool got = ccl_sweep_circle_segment(ccl_make_circle(centre, r), v, s, 100.0, &hit);
        if (!got) {
            fail_msg("case %ld: no hit, the oracle's time %.17g", i, (double)t);
        }
        quad scale = t + (qlen(qv(centre)) + r) / fabsq(rate);
        quad err_t = fabsq((quad)hit.t - t) / scale;
        if (err_t > worst_t) {
            worst_t = err_t;
        }
        assert_true(err_t <= 8 * DBL_EPSILON);
        qvec normal = {-sgn * -d.y / qlen(d), -sgn * d.x / qlen(d)}; /* toward the line */
        quad err_n = qlen(qsub(qv(hit.normal), normal));
        if (err_n > worst_n) {
            worst_n = err_n;
        }
        /* the normal comes from the closest point, a position: ulps of the coordinates over r */
        assert_true(err_n <= 8 * DBL_EPSILON * (1 + qlen(qv(centre)) + t * qlen(qv(v))) / r);
    }
    printf("long segments: worst time %.3g of its scale, worst normal %.3g\n", (double)worst_t,
           (double)worst_n);
}

/* A line through a tiny anchor, met by a circle 2^503 along it: the offset's exact low part (the
 * anchor itself) decides the verdict, and must survive the scaling that keeps the big product in
 * range. The distance, 0x1.c9f25c5bfedd9p-482 exactly rounded, exceeds the radius 2^-482. */
static void a_far_circle_keeps_the_low_part_of_its_offset(void **state) {
    (void)state;
    ccl_circle c = {ccl_v2(0x1p503, 0x1p504), 0x1p-482};
    ccl_vec2 point = ccl_v2(0x1.8p-480, 0x1p-478), normal = ccl_v2(0x1p1, -0x1p0);
    ccl_hit hit;
    assert_false(ccl_sweep_circle_line(c, ccl_v2(0.0, 0.0), point, normal, 0.0, &hit));
    assert_false(ccl_sweep_circle_line(c, normal, point, normal, INFINITY, &hit)); /* away */
    /* the same problem 2^8 smaller needs no scaling and was always right */
    ccl_circle c8 = {ccl_v2(0x1p495, 0x1p496), 0x1p-490};
    assert_false(ccl_sweep_circle_line(c8, ccl_v2(0.0, 0.0), ccl_v2(0x1.8p-488, 0x1p-486), normal,
                                       0.0, &hit));
    /* and a circle of radius just above the distance touches */
    c.radius = 0x1.ca0p-482;
    assert_true(ccl_sweep_circle_line(c, ccl_v2(0.0, 0.0), point, normal, 0.0, &hit));
}

/* A circle near the origin swept toward a line through an anchor 2^10 to 2^140 times the radius
 * away along it: the anchor 2^e (p, q) or its opposite for integers p and q (exact), the normal
 * (-q, p) times a power of two from 2^-60 to 2^60 (exact, not unit). A third of the cases are
 * scaled, lengths and speeds alike, by a power of two from 2^-560 to 2^560, so that the anchor's
 * offset reaches from 2^-550 to 2^700. The oracle takes the distance across the line from the
 * exact direction (p, q), with no offset to the anchor. Every case hits, at the oracle's time to
 * a few ulps of the time's scale, with the line's unit normal, and with a contact point on the
 * line to ulps of the centre's coordinates. From the plain n . (c - anchor), the normal rounded to
 * unit length first, the time and the point erred by ulps of the anchor's distance. */
static void lines_through_far_anchors_keep_time_and_point(void **state) {
    (void)state;
    rng_seed(73);
    quad worst_t = 0, worst_p = 0;
    for (long i = 0; i < 40000; ++i) {
        double p, q;
        ccl_segment s = long_segment_through_origin(10 + (int)(i % 131), &p, &q);
        ccl_vec2 anchor = (i & 1) ? s.a : s.b;
        int k = (int)floor(rng_uniform(-60.0, 61.0));
        ccl_vec2 normal = ccl_v2(ldexp(-q, k), ldexp(p, k));
        approach a = approach_the_line(p, q);
        /* lengths and speeds scaled alike: the same times, every value exact */
        double S = i % 3 == 0 ? ldexp(1.0, (int)floor(rng_uniform(-560.0, 561.0))) : 1.0;
        anchor = ccl_v2(anchor.x * S, anchor.y * S);
        ccl_vec2 centre = ccl_v2(a.centre.x * S, a.centre.y * S), v = ccl_v2(a.v.x * S, a.v.y * S);
        double r = a.r * S;
        qvec d = a.d;
        quad sgn = a.sgn, t = a.t, rate = a.rate * S;
        ccl_hit hit;
        if (!ccl_sweep_circle_line(ccl_make_circle(centre, r), v, anchor, normal, 100.0, &hit)) {
            fail_msg("case %ld: no hit, the oracle's time %.17g", i, (double)t);
        }
        quad scale = t + (qlen(qv(centre)) + r) / fabsq(rate);
        quad err_t = fabsq((quad)hit.t - t) / scale;
        worst_t = err_t > worst_t ? err_t : worst_t;
        assert_true(err_t <= 8 * DBL_EPSILON);
        qvec unit = {-sgn * -d.y / qlen(d), -sgn * d.x / qlen(d)}; /* toward the line */
        assert_true(qlen(qsub(qv(hit.normal), unit)) <= 4 * DBL_EPSILON);
        quad off_line = fabsq(qcross(d, qv(hit.point))) / qlen(d);
        quad point_scale = S + qlen(qv(centre)) + t * qlen(qv(v));
        worst_p = off_line / point_scale > worst_p ? off_line / point_scale : worst_p;
        assert_true(off_line <= 8 * DBL_EPSILON * point_scale);
    }
    printf("lines through far anchors: worst time %.3g of its scale, worst point %.3g off the line "
           "per unit of the coordinates\n",
           (double)worst_t, (double)worst_p);
}

CCL_TEST_MAIN(
    cmocka_unit_test(sweep_circles_agrees_with_quad_oracle),
    cmocka_unit_test(sweep_circle_point_agrees_with_quad_oracle),
    cmocka_unit_test(tiny_contact_distances_keep_the_right_verdict),
    cmocka_unit_test(far_nearly_grazing_pairs_defeat_the_textbook_discriminant_not_the_library),
    cmocka_unit_test(circles_touching_at_start_hit_at_zero),
    cmocka_unit_test(circles_hit_exactly_at_t_max),
    cmocka_unit_test(pairs_up_to_2_120_apart_keep_verdict_time_and_normal),
    cmocka_unit_test_prestate(random_cases_agree_with_quad_oracle, &segments),
    cmocka_unit_test(segment_touching_at_start_and_exactly_at_t_max),
    cmocka_unit_test(long_segments_keep_time_and_normal),
    cmocka_unit_test_prestate(random_cases_agree_with_quad_oracle, &lines),
    cmocka_unit_test(lines_through_far_anchors_keep_time_and_point),
    cmocka_unit_test(a_far_circle_keeps_the_low_part_of_its_offset),
    cmocka_unit_test(report_worst_errors))
