/* The batch narrow phase gives the scalar functions' results bit for bit: on random pairs, on
 * touching and grazing pairs, on extreme magnitudes (the scalar code rescales those), on
 * non-finite and invalid input, for every batch length, and for every kind of t_max. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_main.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "circol/collision.h"
#include "world_common.h"

/* Structure-of-arrays storage for a batch of pairs. */
typedef struct pair_arrays {
    size_t count;
    double *ax, *ay, *avx, *avy, *ar, *bx, *by, *bvx, *bvy, *br;
} pair_arrays;

static pair_arrays pairs_alloc(size_t count) {
    pair_arrays p;
    p.count = count;
    double **fields[] = {&p.ax, &p.ay, &p.avx, &p.avy, &p.ar, &p.bx, &p.by, &p.bvx, &p.bvy, &p.br};
    for (size_t f = 0; f < 10; ++f) {
        *fields[f] = calloc(count > 0 ? count : 1, sizeof(double));
        assert_non_null(*fields[f]);
    }
    return p;
}

static void pairs_free(pair_arrays *p) {
    double *fields[] = {p->ax, p->ay, p->avx, p->avy, p->ar, p->bx, p->by, p->bvx, p->bvy, p->br};
    for (size_t f = 0; f < 10; ++f) {
        free(fields[f]);
    }
}

static ccl_sweep_batch pairs_view(const pair_arrays *p, size_t offset) {
    ccl_sweep_batch b = {p->ax + offset,  p->ay + offset, p->avx + offset, p->avy + offset,
                         p->ar + offset,  p->bx + offset, p->by + offset,  p->bvx + offset,
                         p->bvy + offset, p->br + offset};
    return b;
}

static void pairs_set(pair_arrays *p, size_t i, const double v[10]) {
    p->ax[i] = v[0];
    p->ay[i] = v[1];
    p->avx[i] = v[2];
    p->avy[i] = v[3];
    p->ar[i] = v[4];
    p->bx[i] = v[5];
    p->by[i] = v[6];
    p->bvx[i] = v[7];
    p->bvy[i] = v[8];
    p->br[i] = v[9];
}

/* splitmix64 (world_common.h), so a failure can be replayed. */
static wt_rng rng = {0x9e3779b97f4a7c15u};

/* A value of random sign and a random binary exponent in [-lo_exp, hi_exp]. */
static double rng_magnitude(int lo_exp, int hi_exp) {
    int e = -lo_exp + (int)(wt_next(&rng) % (uint64_t)(hi_exp + lo_exp + 1));
    double v = ldexp(1.0 + wt_uniform(&rng), e);
    return (wt_next(&rng) & 1) ? -v : v;
}

/* The scalar reference: the time of impact, INFINITY for no hit. */
static double scalar_time(const pair_arrays *p, size_t i, double t_max) {
    ccl_circle a = {{p->ax[i], p->ay[i]}, p->ar[i]};
    ccl_circle b = {{p->bx[i], p->by[i]}, p->br[i]};
    ccl_hit hit;
    bool found = ccl_sweep_circles(a, ccl_v2(p->avx[i], p->avy[i]), b, ccl_v2(p->bvx[i], p->bvy[i]),
                                   t_max, &hit);
    return found ? hit.t : INFINITY;
}

static bool same_bits(double x, double y) {
    return memcmp(&x, &y, sizeof x) == 0;
}

/* Checks every pair of p (batch from offset 0) against the scalar call; returns the number of
 * hits, so the caller can check that a family really exercises hits and misses. */
static size_t check_sweep_equal(const pair_arrays *p, double t_max) {
    double *t = malloc((p->count > 0 ? p->count : 1) * sizeof(double));
    assert_non_null(t);
    ccl_sweep_batch view = pairs_view(p, 0);
    ccl_sweep_circles_batch(&view, p->count, t_max, t);
    size_t hits = 0;
    for (size_t i = 0; i < p->count; ++i) {
        double expected = scalar_time(p, i, t_max);
        if (!same_bits(t[i], expected)) {
            fail_msg("pair %zu: batch %a, scalar %a (a = (%a, %a) r %a v (%a, %a); b = (%a, %a) "
                     "r %a v (%a, %a); t_max %a)",
                     i, t[i], expected, p->ax[i], p->ay[i], p->ar[i], p->avx[i], p->avy[i],
                     p->bx[i], p->by[i], p->br[i], p->bvx[i], p->bvy[i], t_max);
        }
        hits += isfinite(t[i]) ? 1 : 0;
    }
    free(t);
    return hits;
}

static size_t check_overlap_equal(const pair_arrays *p) {
    unsigned char *o = malloc(p->count > 0 ? p->count : 1);
    assert_non_null(o);
    ccl_sweep_batch view = pairs_view(p, 0);
    ccl_circles_overlap_batch(&view, p->count, o);
    size_t overlaps = 0;
    for (size_t i = 0; i < p->count; ++i) {
        ccl_circle a = {{p->ax[i], p->ay[i]}, p->ar[i]};
        ccl_circle b = {{p->bx[i], p->by[i]}, p->br[i]};
        unsigned char expected = ccl_circles_overlap(a, b) ? 1 : 0;
        if (o[i] != expected) {
            fail_msg("pair %zu: batch overlap %d, scalar %d", i, o[i], expected);
        }
        overlaps += o[i];
    }
    free(o);
    return overlaps;
}

static void fill_random_ordinary(pair_arrays *p) {
    /* ranges of positions, velocities and radii; drawn one at a time, in order */
    const double lo[10] = {-10, -10, -5, -5, 0, -10, -10, -5, -5, 0};
    const double hi[10] = {10, 10, 5, 5, 2, 10, 10, 5, 5, 2};
    for (size_t i = 0; i < p->count; ++i) {
        double v[10];
        for (int f = 0; f < 10; ++f) {
            v[f] = wt_range(&rng, lo[f], hi[f]);
        }
        pairs_set(p, i, v);
    }
}

static void batch_sweep_equals_scalar_on_random_pairs(void **state) {
    (void)state;
    pair_arrays p = pairs_alloc(120000);
    fill_random_ordinary(&p);
    size_t hits = check_sweep_equal(&p, 1.0);
    assert_true(hits > p.count / 20 && hits < p.count - p.count / 20); /* both outcomes seen */
    assert_true(check_sweep_equal(&p, INFINITY) > hits);
    pairs_free(&p);
}

static void batch_overlap_equals_scalar_on_random_pairs(void **state) {
    (void)state;
    pair_arrays p = pairs_alloc(120000);
    fill_random_ordinary(&p);
    size_t overlaps = check_overlap_equal(&p);
    assert_true(overlaps > 1000 && overlaps < p.count - 1000);
    pairs_free(&p);
}

/* A family of pairs: count pairs, filled with ordinary values first or not, then edit applied to
 * every step-th pair; the batch is checked against the scalar call for each t_max in limits. */
typedef struct pair_family {
    size_t count;
    bool ordinary;
    size_t step;
    void (*edit)(pair_arrays *p, size_t i);
    double limits[3];
    size_t n_limits;
} pair_family;

/* Builds the family's pairs, checks the sweep for every t_max of it and the overlap test; returns
 * the number of hits for its first t_max. */
static size_t check_family(const pair_family *f) {
    pair_arrays p = pairs_alloc(f->count);
    if (f->ordinary) {
        fill_random_ordinary(&p);
    }
    for (size_t i = 0; i < p.count; i += f->step) {
        f->edit(&p, i);
    }
    size_t hits = check_sweep_equal(&p, f->limits[0]);
    for (size_t k = 1; k < f->n_limits; ++k) {
        check_sweep_equal(&p, f->limits[k]);
    }
    check_overlap_equal(&p);
    pairs_free(&p);
    return hits;
}

/* Touching at t = 0 (a 3-4-5 triangle scaled by a power of two: |dp| == R exactly), and grazing
 * later (relative motion along x, perpendicular offset exactly R, so the closest approach is a
 * touch), at every scale from 2^-250 to 2^250, across the rescaling bounds. */
static void touching_or_grazing_pair(pair_arrays *p, size_t i) {
    int e = (int)(wt_next(&rng) % 501) - 250;
    int ev = (int)(wt_next(&rng) % 41) - 20;
    double s = ldexp(1.0, e), sv = ldexp(1.0, e + ev);
    double ox = wt_range(&rng, -4, 4) * s, oy = wt_range(&rng, -4, 4) * s;
    double split = floor(wt_range(&rng, 0, 5)); /* R = 5 s split into two exact radii */
    double ra = split * s, rb = (5.0 - split) * s;
    double v[10];
    switch (wt_next(&rng) % 5) {
        case 0: /* touching now, moving apart, together or at rest */
        {
            double sx = (wt_next(&rng) & 1) ? 3.0 : -3.0, sy = (wt_next(&rng) & 1) ? 4.0 : -4.0;
            double k = (double)(wt_next(&rng) % 3) - 1.0;
            double w[10] = {ox,          oy,          0,           0,           ra,
                            ox + sx * s, oy + sy * s, k * sx * sv, k * sy * sv, rb};
            memcpy(v, w, sizeof v);
            break;
        }
        case 1: /* grazing: passes at a closest distance of exactly R */
        {
            double d = (wt_next(&rng) & 1) ? 5.0 : -5.0;
            double w[10] = {ox, oy, 0, 0, ra, ox + 20.0 * s, oy + d * s, -sv, 0, rb};
            memcpy(v, w, sizeof v);
            break;
        }
        case 2: /* nearly grazing from far away (up to 2^24 R): offset within 1e-12 of R */
        {
            double far = ldexp(20.0, (int)(wt_next(&rng) % 24));
            double d = 5.0 * (1.0 + wt_range(&rng, -1e-12, 1e-12));
            double w[10] = {ox,           oy,         wt_range(&rng, -1, 1) * sv,   0, ra,
                            ox + far * s, oy + d * s, -sv * wt_range(&rng, 0.5, 2), 0, rb};
            memcpy(v, w, sizeof v);
            break;
        }
        case 3: /* nearly grazing: offset one unit in the last place either way */
        {
            double d = nextafter(5.0, (wt_next(&rng) & 1) ? 6.0 : 4.0);
            double w[10] = {
                ox, oy, wt_range(&rng, -1, 1) * sv, 0, ra, ox + 20.0 * s, oy + d * s, -sv, 0, rb};
            memcpy(v, w, sizeof v);
            break;
        }
        default: /* head-on from far away, or coincident centres */
        {
            double gap = (wt_next(&rng) & 1) ? 0.0 : wt_range(&rng, 5, 1000);
            double w[10] = {ox, oy, sv, 0, ra, ox + gap * s, oy, -sv, 0, rb};
            memcpy(v, w, sizeof v);
            break;
        }
    }
    pairs_set(p, i, v);
}

static void batch_sweep_equals_scalar_on_touching_and_grazing_pairs(void **state) {
    (void)state;
    const pair_family f = {100000, false, 1, touching_or_grazing_pair, {1e300, 0.0, INFINITY}, 3};
    assert_true(check_family(&f) > f.count / 4);
}

/* Each field's binary exponent drawn from [-330, 330]: tiny, ordinary, huge and subnormal values,
 * so many pairs go through the scalar call's rescaling and its overflow guards. */
static void extreme_pair(pair_arrays *p, size_t i) {
    int lo = (int)(wt_next(&rng) % 331), hi = (int)(wt_next(&rng) % 331);
    double v[10];
    for (int f = 0; f < 10; ++f) {
        v[f] = rng_magnitude(lo, hi > 1023 ? 1023 : hi);
    }
    v[4] = fabs(v[4]);
    v[9] = fabs(v[9]);
    if (wt_next(&rng) & 1) { /* a near pair at the same scale, so some hit */
        v[5] = v[0] + v[5] * 0x1p-4;
        v[6] = v[1] + v[6] * 0x1p-4;
    }
    pairs_set(p, i, v);
}

static void batch_sweep_equals_scalar_on_extreme_magnitudes(void **state) {
    (void)state;
    const pair_family f = {100000, false, 1, extreme_pair, {INFINITY, 1.0, 0x1p-300}, 3};
    assert_true(check_family(&f) > 100);
}

/* Fields replaced at random by NaN, infinities, DBL_MAX, subnormals, signed zeros, the
 * rescaling bounds and negative radii; everything else ordinary. */
static void special_values_in(pair_arrays *p, size_t i) {
    const double specials[] = {NAN,
                               -NAN,
                               INFINITY,
                               -INFINITY,
                               DBL_MAX,
                               -DBL_MAX,
                               DBL_MIN,
                               DBL_TRUE_MIN,
                               -DBL_TRUE_MIN,
                               0.0,
                               -0.0,
                               0x1p200,
                               -0x1p200,
                               0x1p-200,
                               nextafter(0x1p200, 0),
                               0x1p-200 * 1.5,
                               -1.0,
                               0x1p511,
                               0x1p-537,
                               1e308};
    const size_t n_specials = sizeof specials / sizeof specials[0];
    double *fields[] = {p->ax, p->ay, p->avx, p->avy, p->ar, p->bx, p->by, p->bvx, p->bvy, p->br};
    int replaced = 1 + (int)(wt_next(&rng) % 3);
    for (int r = 0; r < replaced; ++r) {
        fields[wt_next(&rng) % 10][i] = specials[wt_next(&rng) % n_specials];
    }
}

static void batch_sweep_equals_scalar_on_special_values(void **state) {
    (void)state;
    const pair_family f = {100000, true, 1, special_values_in, {1.0, INFINITY}, 2};
    check_family(&f);
}

/* A magnitude at the top of the double range: [1, 2) times 2^1021 to 2^1023. */
static double top_magnitude(void) {
    return ldexp(wt_range(&rng, 1.0, 2.0), 1021 + (int)(wt_next(&rng) % 3));
}

/* Centres and velocities at the top of the double range (where the scalar call quarters its
 * input first) whose differences are zero or moderate, next to ordinary pairs (every other). */
static void top_of_the_range_pair(pair_arrays *p, size_t i) {
    double big = top_magnitude();
    double sign = (wt_next(&rng) & 1) ? 1.0 : -1.0;
    p->ax[i] = p->bx[i] = sign * big;
    if (wt_next(&rng) & 1) {
        p->avx[i] = p->bvx[i] = -sign * big; /* equal huge velocities: at rest relative */
    }
    p->ar[i] = (wt_next(&rng) & 1) ? ldexp(1.0, 1021) : p->ar[i];
}

static void batch_sweep_equals_scalar_near_the_top_of_the_range(void **state) {
    (void)state;
    const pair_family f = {20000, true, 2, top_of_the_range_pair, {1.0, INFINITY}, 2};
    check_family(&f);
}

/* A huge centre beside tiny values: the scalar call quarters every input of such a pair, which
 * rounds the values below 2^-1020 (found by fuzz_narrow: a subnormal velocity across a head-on
 * pair at y = DBL_MAX, where the batch had answered for the unrounded input). */
static void huge_and_subnormal_pair(pair_arrays *p, size_t i) {
    double big = top_magnitude();
    big = big < DBL_MAX ? big : DBL_MAX;
    p->ay[i] = p->by[i] = (wt_next(&rng) & 1) ? big : -big; /* a y offset of 0: head-on in x */
    double *tiny[] = {&p->avy[i], &p->bvy[i], &p->ax[i], &p->bvx[i], &p->ar[i], &p->br[i]};
    int replaced = 1 + (int)(wt_next(&rng) % 3);
    for (int r = 0; r < replaced; ++r) {
        double v = (double)(1 + wt_next(&rng) % 8) * DBL_TRUE_MIN;
        double *field = tiny[wt_next(&rng) % 6];
        *field = (field == &p->ar[i] || field == &p->br[i] || (wt_next(&rng) & 1)) ? v : -v;
    }
    if (wt_next(&rng) & 1) {
        p->ar[i] = p->br[i] = 0.0; /* points: a miss by a subnormal distance is still a miss */
    }
}

static void batch_sweep_equals_scalar_when_huge_and_subnormal_values_meet(void **state) {
    (void)state;
    const pair_family f = {20000, true, 1, huge_and_subnormal_pair, {INFINITY, 1.0}, 2};
    assert_true(check_family(&f) > 100);
}

/* A NaN or negative t_max gives no hit for every pair; 0 and INFINITY are valid. */
static void batch_sweep_equals_scalar_for_every_kind_of_t_max(void **state) {
    (void)state;
    pair_arrays p = pairs_alloc(4096);
    fill_random_ordinary(&p);
    const double limits[] = {NAN, -1.0, -0.0, 0.0, DBL_TRUE_MIN, 0.5, 1e300, INFINITY};
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; ++k) {
        check_sweep_equal(&p, limits[k]);
    }
    pairs_free(&p);
}

/* Every length from 0 to past two blocks, from every starting offset modulo the vector width:
 * the tail and the unaligned head are the scalar call's too, and nothing past count is written. */
static void batch_writes_exactly_count_results(void **state) {
    (void)state;
    pair_arrays p = pairs_alloc(1200);
    fill_random_ordinary(&p);
    p.ar[7] = NAN; /* one fallback lane inside the range */
    double *t = malloc(1201 * sizeof(double));
    unsigned char *o = malloc(1201);
    assert_non_null(t);
    assert_non_null(o);
    for (size_t count = 0; count <= 1100; count += (count < 40 ? 1 : 37)) {
        for (size_t offset = 0; offset < 5; ++offset) {
            t[count] = -7.0;
            o[count] = 9;
            ccl_sweep_batch view = pairs_view(&p, offset);
            ccl_sweep_circles_batch(&view, count, 1.0, t);
            ccl_circles_overlap_batch(&view, count, o);
            assert_true(t[count] == -7.0);
            assert_int_equal(o[count], 9);
            for (size_t i = 0; i < count; ++i) {
                assert_true(same_bits(t[i], scalar_time(&p, offset + i, 1.0)));
                ccl_circle a = {{p.ax[offset + i], p.ay[offset + i]}, p.ar[offset + i]};
                ccl_circle b = {{p.bx[offset + i], p.by[offset + i]}, p.br[offset + i]};
                assert_int_equal(o[i], ccl_circles_overlap(a, b) ? 1 : 0);
            }
        }
    }
    free(t);
    free(o);
    pairs_free(&p);
}

CCL_TEST_MAIN(cmocka_unit_test(batch_sweep_equals_scalar_on_random_pairs),
              cmocka_unit_test(batch_overlap_equals_scalar_on_random_pairs),
              cmocka_unit_test(batch_sweep_equals_scalar_on_touching_and_grazing_pairs),
              cmocka_unit_test(batch_sweep_equals_scalar_on_extreme_magnitudes),
              cmocka_unit_test(batch_sweep_equals_scalar_on_special_values),
              cmocka_unit_test(batch_sweep_equals_scalar_near_the_top_of_the_range),
              cmocka_unit_test(batch_sweep_equals_scalar_when_huge_and_subnormal_values_meet),
              cmocka_unit_test(batch_sweep_equals_scalar_for_every_kind_of_t_max),
              cmocka_unit_test(batch_writes_exactly_count_results))
