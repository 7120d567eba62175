/* Narrow-phase benchmarks: ccl_sweep_circles against Box2D's b2TimeOfImpact and the textbook
 * root, on the same random circle pairs, with a quad-precision check of every answer; and the
 * batch functions in cache and from memory. */
#include <float.h>
#include <math.h>
#include <quadmath.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "circol/collision.h"
#include "peers.h"

/* Random pairs in Box2D's comfortable range (lengths ~ 1 m): centres in [-5, 5]^2, velocities in
 * [-10, 10]^2 per unit time, radii in [0.25, 1]; about half of them meet within t <= 1. */
static void make_pairs(bench_pair *pairs, size_t count, uint64_t seed) {
    bench_rng rng = {seed};
    for (size_t i = 0; i < count; ++i) {
        bench_pair *p = &pairs[i];
        p->ax = bench_rng_range(&rng, -5, 5);
        p->ay = bench_rng_range(&rng, -5, 5);
        p->avx = bench_rng_range(&rng, -10, 10);
        p->avy = bench_rng_range(&rng, -10, 10);
        p->ar = bench_rng_range(&rng, 0.25, 1);
        p->bx = bench_rng_range(&rng, -5, 5);
        p->by = bench_rng_range(&rng, -5, 5);
        p->bvx = bench_rng_range(&rng, -10, 10);
        p->bvy = bench_rng_range(&rng, -10, 10);
        p->br = bench_rng_range(&rng, 0.25, 1);
    }
}

static double circol_time(const bench_pair *p, double t_max) {
    ccl_circle a = {{p->ax, p->ay}, p->ar};
    ccl_circle b = {{p->bx, p->by}, p->br};
    ccl_hit hit;
    return ccl_sweep_circles(a, ccl_v2(p->avx, p->avy), b, ccl_v2(p->bvx, p->bvy), t_max, &hit)
               ? hit.t
               : INFINITY;
}

/* The first time at which points at relative position (dpx, dpy), moving with relative velocity
 * (dvx, dvy), come within distance R, from a t^2 + 2 b t + c = 0: 0 when already within,
 * INFINITY when never in [0, t_max]. Written once for each precision T, whose square root is
 * SQRT: ROOT(a, b, c, s) is the smaller root, with s = SQRT(b^2 - a c). */
#define FIRST_CONTACT_TIME(name, T, SQRT, ROOT)                                                    \
    static T name(T dpx, T dpy, T dvx, T dvy, T R, T t_max) {                                      \
        T a = dvx * dvx + dvy * dvy;                                                               \
        T b = dvx * dpx + dvy * dpy;                                                               \
        T c = dpx * dpx + dpy * dpy - R * R;                                                       \
        if (c <= 0) {                                                                              \
            return 0;                                                                              \
        }                                                                                          \
        T disc = b * b - a * c;                                                                    \
        if (b >= 0 || disc < 0 || a == 0) {                                                        \
            return INFINITY;                                                                       \
        }                                                                                          \
        T t = ROOT(a, b, c, SQRT(disc));                                                           \
        return t <= t_max ? t : (T)INFINITY;                                                       \
    }

/* The textbook root, (-b - sqrt(disc)) / a, as often written; it loses digits when a c is small
 * against b^2. */
#define TEXTBOOK_ROOT(a, b, c, root) ((-(b) - (root)) / (a))
/* The same root as c / (-b + sqrt(disc)), which adds numbers of one sign only. */
#define STABLE_ROOT(a, b, c, root) ((c) / (-(b) + (root)))

/* The textbook solution in double. */
FIRST_CONTACT_TIME(textbook_time, double, sqrt, TEXTBOOK_ROOT)

/* The exact first time (in quad precision). */
FIRST_CONTACT_TIME(exact_time, __float128, sqrtq, STABLE_ROOT)

/* The textbook solution, in double, as often written. */
static double naive_time(const bench_pair *p, double t_max) {
    return textbook_time(p->bx - p->ax, p->by - p->ay, p->bvx - p->avx, p->bvy - p->avy,
                         p->ar + p->br, t_max);
}

static __float128 exact_time_of_pair(const bench_pair *p, double t_max) {
    return exact_time((__float128)p->bx - p->ax, (__float128)p->by - p->ay,
                      (__float128)p->bvx - p->avx, (__float128)p->bvy - p->avy,
                      (__float128)p->ar + p->br, t_max);
}

/* Errors of one method against the exact answer. */
typedef struct error_stats {
    size_t disagree;  /* hit in one, miss in the other */
    double max_error; /* largest |t - t_exact| where both hit */
    double max_rel;   /* largest |t - t_exact| / t_exact where both hit and t_exact > 0 */
} error_stats;

static void error_add(error_stats *s, double t, __float128 exact) {
    bool hit = isfinite(t), exact_hit = !isinfq(exact);
    if (hit != exact_hit) {
        ++s->disagree;
        return;
    }
    if (hit) {
        double e = (double)fabsq((__float128)t - exact);
        s->max_error = fmax(s->max_error, e);
        if (exact > 0) {
            s->max_rel = fmax(s->max_rel, (double)((__float128)e / exact));
        }
    }
}

typedef double time_fn(const bench_pair *p, double t_max);

/* Seconds per pair for fn over all pairs, repeated passes times. */
static double time_scalar(time_fn *fn, const bench_pair *pairs, size_t count, int passes,
                          double t_max) {
    double sum = 0.0;
    double start = bench_now();
    for (int k = 0; k < passes; ++k) {
        for (size_t i = 0; i < count; ++i) {
            double t = fn(&pairs[i], t_max);
            sum += isfinite(t) ? t : 0.0;
        }
    }
    double elapsed = bench_now() - start;
    bench_consume(sum);
    return elapsed / ((double)passes * (double)count);
}

static double time_box2d(const bench_b2_toi *toi, double *t_out, size_t count, int passes) {
    double start = bench_now();
    for (int k = 0; k < passes; ++k) {
        bench_b2_toi_run(toi, t_out, NULL);
        bench_consume(t_out[k % count]);
    }
    return (bench_now() - start) / ((double)passes * (double)count);
}

/* Box2D's answers against their own definition (centre distance = target within slop / 4) and
 * against circol's (centre distance = ra + rb), in quad precision. */
static void box2d_accuracy(const char *scene, const bench_pair *pairs, const bench_b2_toi *toi,
                           size_t count, double t_max) {
    double *t_b2 = malloc(count * sizeof(double));
    int *state = malloc(count * sizeof(int));
    if (t_b2 == NULL || state == NULL) {
        free(t_b2);
        free(state);
        return;
    }
    bench_b2_toi_run(toi, t_b2, state);
    size_t hit_ccl_miss_b2 = 0, hit_b2_miss_ccl = 0, both = 0, differ = 0, failed = 0;
    double max_dt = 0.0, sum_dt = 0.0, max_target_err = 0.0, max_depth = 0.0, sum_depth = 0.0;
    for (size_t i = 0; i < count; ++i) {
        double t_c = circol_time(&pairs[i], t_max);
        failed += state[i] == 1 ? 1 : 0; /* e_failed */
        bool hc = isfinite(t_c), hb = isfinite(t_b2[i]);
        hit_ccl_miss_b2 += hc && !hb;
        hit_b2_miss_ccl += hb && !hc;
        if (!(hc && hb)) {
            differ += hc != hb;
            continue;
        }
        ++both;
        double dt = fabs(t_b2[i] - t_c);
        max_dt = fmax(max_dt, dt);
        sum_dt += dt;
        differ += dt > 1e-9 * t_max;
        /* Box2D's own inputs (floats) and its separation at its answer, exactly. */
        float in[8], radius_sum;
        bench_b2_toi_inputs(toi, i, in, &radius_sum);
        __float128 s = (__float128)t_b2[i] / t_max; /* sweep parameter in [0, 1] */
        __float128 ax = in[0] + s * ((__float128)in[2] - in[0]);
        __float128 ay = in[1] + s * ((__float128)in[3] - in[1]);
        __float128 bx = in[4] + s * ((__float128)in[6] - in[4]);
        __float128 by = in[5] + s * ((__float128)in[7] - in[5]);
        __float128 dist = sqrtq((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
        if (t_b2[i] > 0.0) { /* a hit at 0 means "started within target": no distance claim */
            double target = (double)bench_b2_toi_target(radius_sum);
            max_target_err = fmax(max_target_err, (double)fabsq(dist - target));
            /* the penetration Box2D accepts, against the exact circles (double radii) */
            double depth = (double)((__float128)pairs[i].ar + pairs[i].br - dist);
            max_depth = fmax(max_depth, depth);
            sum_depth += depth;
        }
    }
    char metric[96];
    bench_record(scene, "box2d: pairs where the answer differs from circol (>1e-9 t_max)",
                 100.0 * (double)differ / (double)count, "%");
    bench_record(scene, "box2d: circol hits, Box2D misses", (double)hit_ccl_miss_b2, "pairs");
    bench_record(scene, "box2d: Box2D hits, circol misses", (double)hit_b2_miss_ccl, "pairs");
    bench_record(scene, "box2d: b2TOIOutput::e_failed", (double)failed, "pairs");
    bench_record(scene, "box2d: mean |t_box2d - t_circol| (both hit)",
                 both ? sum_dt / (double)both : 0.0, "t_max");
    bench_record(scene, "box2d: max |t_box2d - t_circol| (both hit)", max_dt, "t_max");
    bench_record(scene, "box2d: mean penetration at Box2D's t (exact)",
                 both ? sum_depth / (double)both : 0.0, "length");
    bench_record(scene, "box2d: max penetration at Box2D's t (exact)", max_depth, "length");
    snprintf(metric, sizeof metric, "box2d: max |distance - own target| (tolerance %.4g)",
             0.25 * bench_b2_linear_slop());
    bench_record(scene, metric, max_target_err, "length");
    free(t_b2);
    free(state);
}

void bench_scene_sweep_scalar(const bench_options *opt) {
    const char *scene = "sweep_scalar";
    const double t_max = 1.0;
    size_t count = opt->quick ? 1024 : 4096;
    int passes = opt->quick ? 5 : 40;
    bench_pair *pairs = malloc(count * sizeof *pairs);
    double *t_out = malloc(count * sizeof(double));
    bench_b2_toi *toi =
        pairs ? (make_pairs(pairs, count, 42), bench_b2_toi_create(pairs, count, t_max)) : NULL;
    if (pairs == NULL || t_out == NULL || toi == NULL) {
        fprintf(stderr, "circol_bench: out of memory\n");
        exit(1);
    }
    double *ccl = malloc((size_t)opt->repeat * sizeof(double));
    double *b2 = malloc((size_t)opt->repeat * sizeof(double));
    double *naive = malloc((size_t)opt->repeat * sizeof(double));
    double *r_b2 = malloc((size_t)opt->repeat * sizeof(double));
    double *r_naive = malloc((size_t)opt->repeat * sizeof(double));
    for (int r = 0; r < opt->repeat; ++r) {
        /* interleaved pass by pass, so that load from other processes hits all three alike */
        ccl[r] = b2[r] = naive[r] = 0.0;
        for (int k = 0; k < passes; ++k) {
            ccl[r] += time_scalar(circol_time, pairs, count, 1, t_max) / passes;
            b2[r] += time_box2d(toi, t_out, count, 1) / passes;
            naive[r] += time_scalar(naive_time, pairs, count, 4, t_max) / passes;
        }
        r_b2[r] = b2[r] / ccl[r];
        r_naive[r] = naive[r] / ccl[r];
    }
    bench_record(scene, "circol ccl_sweep_circles, time per pair",
                 1e9 * bench_median(ccl, opt->repeat), "ns");
    bench_record(scene, "Box2D b2TimeOfImpact, time per pair", 1e9 * bench_median(b2, opt->repeat),
                 "ns");
    bench_record(scene, "textbook root in double, time per pair",
                 1e9 * bench_median(naive, opt->repeat), "ns");
    bench_record(scene, "ratio Box2D / circol (target >= 20)", bench_median(r_b2, opt->repeat),
                 "x");
    bench_record(scene, "ratio textbook / circol", bench_median(r_naive, opt->repeat), "x");

    /* accuracy against quad precision: circol and the textbook root solve the same problem */
    error_stats e_ccl = {0, 0, 0}, e_naive = {0, 0, 0};
    size_t hits = 0;
    for (size_t i = 0; i < count; ++i) {
        __float128 exact = exact_time_of_pair(&pairs[i], t_max);
        hits += !isinfq(exact);
        error_add(&e_ccl, circol_time(&pairs[i], t_max), exact);
        error_add(&e_naive, naive_time(&pairs[i], t_max), exact);
    }
    bench_record(scene, "pairs (exact hits within t_max)", (double)count, "pairs");
    bench_record(scene, "exact hits within t_max", (double)hits, "pairs");
    bench_record(scene, "circol: max |t - t_exact| (quad precision)", e_ccl.max_error, "t_max");
    bench_record(scene, "circol: max relative error of t", e_ccl.max_rel, "1");
    bench_record(scene, "circol: hit/miss differs from exact", (double)e_ccl.disagree, "pairs");
    bench_record(scene, "textbook: max |t - t_exact|", e_naive.max_error, "t_max");
    bench_record(scene, "textbook: max relative error of t", e_naive.max_rel, "1");
    bench_record(scene, "textbook: hit/miss differs from exact", (double)e_naive.disagree, "pairs");
    box2d_accuracy(scene, pairs, toi, count, t_max);
    bench_note(scene, "Box2D 2.4 stops at centre distance max(slop, ra + rb - 3 slop) +- slop/4 "
                      "(slop 0.005) in single precision, by design (it leaves room for the "
                      "solver); circol returns the exact contact at ra + rb. The penetration and "
                      "own-target rows are Box2D's answers checked in quad precision against its "
                      "own float inputs.");
    free(ccl);
    free(b2);
    free(naive);
    free(r_b2);
    free(r_naive);
    bench_b2_toi_destroy(toi);
    free(pairs);
    free(t_out);
}

/* ---- batches ---- */

typedef struct soa_pairs {
    double *f[10]; /* ax, ay, avx, avy, ar, bx, by, bvx, bvy, br */
    ccl_sweep_batch view;
} soa_pairs;

static bool soa_alloc(soa_pairs *s, const bench_pair *pairs, size_t count, uint64_t seed) {
    for (int k = 0; k < 10; ++k) {
        s->f[k] = malloc(count * sizeof(double));
        if (s->f[k] == NULL) {
            return false;
        }
    }
    bench_rng rng = {seed};
    for (size_t i = 0; i < count; ++i) {
        bench_pair p;
        if (pairs != NULL) {
            p = pairs[i];
        } else {
            make_pairs(&p, 1, bench_rng_next(&rng));
        }
        double v[10] = {p.ax, p.ay, p.avx, p.avy, p.ar, p.bx, p.by, p.bvx, p.bvy, p.br};
        for (int k = 0; k < 10; ++k) {
            s->f[k][i] = v[k];
        }
    }
    ccl_sweep_batch view = {s->f[0], s->f[1], s->f[2], s->f[3], s->f[4],
                            s->f[5], s->f[6], s->f[7], s->f[8], s->f[9]};
    s->view = view;
    return true;
}

static void soa_free(soa_pairs *s) {
    for (int k = 0; k < 10; ++k) {
        free(s->f[k]);
    }
}

/* The scalar calls on the same arrays, as a batch would be done without the batch API. */
static void scalar_loop(const ccl_sweep_batch *p, size_t count, double t_max, double *t_out) {
    for (size_t i = 0; i < count; ++i) {
        ccl_circle a = {{p->ax[i], p->ay[i]}, p->ar[i]};
        ccl_circle b = {{p->bx[i], p->by[i]}, p->br[i]};
        ccl_hit hit;
        t_out[i] = ccl_sweep_circles(a, ccl_v2(p->avx[i], p->avy[i]), b,
                                     ccl_v2(p->bvx[i], p->bvy[i]), t_max, &hit)
                       ? hit.t
                       : INFINITY;
    }
}

static void scalar_overlap_loop(const ccl_sweep_batch *p, size_t count, unsigned char *out) {
    for (size_t i = 0; i < count; ++i) {
        ccl_circle a = {{p->ax[i], p->ay[i]}, p->ar[i]};
        ccl_circle b = {{p->bx[i], p->by[i]}, p->br[i]};
        out[i] = ccl_circles_overlap(a, b) ? 1 : 0;
    }
}

typedef enum batch_kind { BATCH_SWEEP, SCALAR_SWEEP, BATCH_OVERLAP, SCALAR_OVERLAP } batch_kind;

/* Seconds per pair. */
static double time_batch(batch_kind kind, const ccl_sweep_batch *p, size_t count, int passes,
                         double *t_out, unsigned char *o_out) {
    double start = bench_now();
    for (int k = 0; k < passes; ++k) {
        switch (kind) {
            case BATCH_SWEEP:
                ccl_sweep_circles_batch(p, count, 1.0, t_out);
                break;
            case SCALAR_SWEEP:
                scalar_loop(p, count, 1.0, t_out);
                break;
            case BATCH_OVERLAP:
                ccl_circles_overlap_batch(p, count, o_out);
                break;
            case SCALAR_OVERLAP:
                scalar_overlap_loop(p, count, o_out);
                break;
        }
        bench_consume(kind <= SCALAR_SWEEP ? t_out[(size_t)k % count] : o_out[(size_t)k % count]);
    }
    return (bench_now() - start) / ((double)passes * (double)count);
}

/* Records scene's figure "label: what", the median of xs (n repeats, reordered): millions of
 * pairs per second when xs are seconds per pair (rate), else the ratio itself. */
static void record_median(const char *scene, const char *label, const char *what, double *xs, int n,
                          bool rate) {
    char metric[96];
    snprintf(metric, sizeof metric, "%s: %s", label, what);
    double median = bench_median(xs, n);
    bench_record(scene, metric, rate ? 1e-6 / median : median, rate ? "M pairs/s" : "x");
}

static void batch_size(const bench_options *opt, size_t count, int rounds, const char *label,
                       bool with_box2d) {
    const char *scene = "sweep_batch";
    /* the array of structs is needed only for Box2D's inputs */
    bench_pair *pairs = malloc((with_box2d ? count : 1) * sizeof *pairs);
    double *t_out = malloc(count * sizeof(double));
    unsigned char *o_out = malloc(count);
    soa_pairs soa;
    if (pairs == NULL || t_out == NULL || o_out == NULL) {
        fprintf(stderr, "circol_bench: out of memory for %zu pairs\n", count);
        exit(1);
    }
    make_pairs(pairs, with_box2d ? count : 1, 7);
    if (!soa_alloc(&soa, with_box2d ? pairs : NULL, count, 7)) {
        fprintf(stderr, "circol_bench: out of memory for %zu pairs\n", count);
        exit(1);
    }
    bench_b2_toi *toi = with_box2d ? bench_b2_toi_create(pairs, count, 1.0) : NULL;
    free(pairs);
    int n = opt->repeat;
    double *b2_out = malloc(count * sizeof(double));
    double *sb = malloc((size_t)n * sizeof(double) * 7);
    double *ss = sb + n, *ob = sb + 2 * n, *os = sb + 3 * n, *b2 = sb + 4 * n, *r1 = sb + 5 * n,
           *r2 = sb + 6 * n;
    for (int r = 0; r < n; ++r) {
        /* interleaved round by round (Box2D every 8th round), so that load from other processes
         * hits every method alike; in cache, each timed chunk repeats the fast methods so that it
         * lasts long enough for the clock */
        sb[r] = ss[r] = ob[r] = os[r] = b2[r] = 0.0;
        int b2_rounds = 0;
        int in_cache = rounds > 1;
        for (int k = 0; k < rounds; ++k) {
            sb[r] += time_batch(BATCH_SWEEP, &soa.view, count, in_cache ? 8 : 1, t_out, o_out);
            ss[r] += time_batch(SCALAR_SWEEP, &soa.view, count, 1, t_out, o_out);
            ob[r] += time_batch(BATCH_OVERLAP, &soa.view, count, in_cache ? 64 : 1, t_out, o_out);
            os[r] += time_batch(SCALAR_OVERLAP, &soa.view, count, in_cache ? 16 : 1, t_out, o_out);
            if (toi != NULL && k % 8 == 0) {
                b2[r] += time_box2d(toi, b2_out, count, 1);
                ++b2_rounds;
            }
        }
        sb[r] /= rounds;
        ss[r] /= rounds;
        ob[r] /= rounds;
        os[r] /= rounds;
        r1[r] = ss[r] / sb[r];
        if (toi != NULL) {
            b2[r] /= b2_rounds;
            r2[r] = b2[r] / sb[r];
        }
    }
    record_median(scene, label, "ccl_sweep_circles_batch", sb, n, true);
    record_median(scene, label, "scalar ccl_sweep_circles loop", ss, n, true);
    record_median(scene, label, "ratio batch / scalar loop (sweep)", r1, n, false);
    if (toi != NULL) {
        record_median(scene, label, "Box2D b2TimeOfImpact", b2, n, true);
        record_median(scene, label, "ratio batch / Box2D (target >= 150)", r2, n, false);
    }
    for (int r = 0; r < n; ++r) {
        r1[r] = os[r] / ob[r];
    }
    record_median(scene, label, "ccl_circles_overlap_batch", ob, n, true);
    record_median(scene, label, "scalar ccl_circles_overlap loop", os, n, true);
    record_median(scene, label, "ratio batch / scalar loop (overlap)", r1, n, false);
    free(sb);
    free(b2_out);
    if (toi != NULL) {
        bench_b2_toi_destroy(toi);
    }
    soa_free(&soa);
    free(t_out);
    free(o_out);
}

void bench_scene_sweep_batch(const bench_options *opt) {
    batch_size(opt, 1024, opt->quick ? 50 : 800, "1024 pairs (in cache)", true);
    size_t big = opt->quick ? (size_t)1 << 20 : (size_t)1 << 24;
    batch_size(opt, big, 1, opt->quick ? "1M pairs (memory)" : "16M pairs (memory)", false);
    bench_note("sweep_batch",
               "Batch results equal the scalar call bit for bit (tests/test_batch.c). "
               "Memory rows stream 80 bytes of input per pair.");
}
