/* The swept tests under constant acceleration against an independent oracle in quad precision.
 *
 * The oracle works on the exact double inputs in __float128 (113 bits). It expands the squared
 * gap f(t) = |dp + dv t + da t^2 / 2|^2 - R^2 into its quartic coefficients and finds the first
 * root by branch and bound: on each interval the Taylor expansion about the midpoint gives an
 * enclosure of f and of f'; an interval whose enclosure excludes 0 has no root, one where f' keeps
 * its sign has at most one, and everything else is halved. No derivative roots are solved, so it
 * shares neither arithmetic nor method with the library's monotone-piece isolation.
 *
 * Decision margin: a case counts when the oracle's decision is the same with R replaced by
 * R (1 +- 1e-12 S / R), S = |dp| + |dv| t_max + |da| t_max^2 / 2 + R the case's length scale.
 */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/circol.h>

#include "narrow/narrow.h"
#include "oracle_common.h"

__extension__ typedef __float128 ccl_quad;

#define CASES_PER_DIMENSION 100000
#define MARGIN              1e-12
#define TIME_TOLERANCE      1e-10

static ccl_vec3 random_vec(double h, int dim) {
    return ccl_v3(rng_uniform(-h, h), rng_uniform(-h, h), dim == 3 ? rng_uniform(-h, h) : 0.0);
}

static ccl_vec3 random_unit_perp(ccl_vec3 w, int dim) {
    /* a unit vector perpendicular to w (in the plane when dim == 2) */
    for (;;) {
        ccl_vec3 u = random_vec(1.0, dim);
        double ww = ccl_dot3(w, w);
        if (ww > 0.0) {
            u = ccl_mul_add3(u, -ccl_dot3(u, w) / ww, w);
        }
        double len = sqrt(ccl_dot3(u, u));
        if (len > 1e-3) {
            return ccl_scale3(u, 1.0 / len);
        }
    }
}

/* ---- the oracle ---- */

typedef struct oracle_case {
    ccl_quad c[5]; /* f(t) = sum c[k] t^k */
} oracle_case;

static ccl_quad qabs(ccl_quad x) {
    return x < 0 ? -x : x;
}

static ccl_quad qdot3(const ccl_quad *a, const ccl_quad *b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Coefficients from the exact inputs: positions, velocities, accelerations of both bodies. */
static oracle_case oracle_make(ccl_vec3 pa, ccl_vec3 va, ccl_vec3 aa, ccl_vec3 pb, ccl_vec3 vb,
                               ccl_vec3 ab, double R) {
    ccl_quad p[3] = {(ccl_quad)pb.x - pa.x, (ccl_quad)pb.y - pa.y, (ccl_quad)pb.z - pa.z};
    ccl_quad v[3] = {(ccl_quad)vb.x - va.x, (ccl_quad)vb.y - va.y, (ccl_quad)vb.z - va.z};
    ccl_quad a[3] = {(ccl_quad)ab.x - aa.x, (ccl_quad)ab.y - aa.y, (ccl_quad)ab.z - aa.z};
    oracle_case o;
    o.c[4] = qdot3(a, a) / 4;
    o.c[3] = qdot3(v, a);
    o.c[2] = qdot3(v, v) + qdot3(p, a);
    o.c[1] = 2 * qdot3(p, v);
    o.c[0] = qdot3(p, p) - (ccl_quad)R * R;
    return o;
}

static ccl_quad poly(const ccl_quad *c, int degree, ccl_quad t) {
    ccl_quad s = c[degree];
    for (int k = degree - 1; k >= 0; --k) {
        s = s * t + c[k];
    }
    return s;
}

/* The polynomial with coefficients c (degree <= 4), times sign, searched on [a, b] for its first
 * point <= 0, given sign * p(a) > 0. On success [*lo, *hi] brackets it: sign * p(lo) > 0 and
 * sign * p(hi) <= 0 (or a degenerate interval of width 1e-30 b). want_refine = false stops at the
 * first monotone bracket. */
static bool oracle_search(const ccl_quad *c, const long double *cl, int degree, int sign,
                          ccl_quad a, ccl_quad b, bool want_refine, int depth, ccl_quad *lo,
                          ccl_quad *hi) {
    /* The enclosures are computed in 80-bit long double for speed, padded by far more than
     * their rounding error (1e-16 of the magnitudes against 64-bit rounding); every sign that
     * decides a root is then taken in quad precision. */
    ccl_quad mq = (a + b) / 2;
    long double m = (long double)mq;
    long double r = (long double)((b - a) / 2) * (1.0L + 1e-18L) + fabsl((long double)(mq - m));
    long double g[5] = {0, 0, 0, 0, 0}, size[5] = {0, 0, 0, 0, 0};
    for (int k = 0; k <= degree; ++k) {
        g[k] = sign * cl[k];
        size[k] = fabsl(g[k]);
    }
    long double reach = fabsl(m) + r;
    for (int i = 0; i < degree; ++i) { /* Taylor shift to m */
        for (int j = degree - 1; j >= i; --j) {
            g[j] += m * g[j + 1];
            size[j] += reach * size[j + 1];
        }
    }
    long double spread = 0, dspread = 0, rk = 1, pad = 1e-16L * size[0], dpad = 1e-16L * size[1];
    for (int k = 1; k <= degree; ++k) {
        spread += fabsl(g[k]) * rk * r;
        if (k >= 2) {
            dspread += k * fabsl(g[k]) * rk;
        }
        rk *= r;
    }
    if (g[0] - spread > pad) {
        return false;
    }
    bool monotone = fabsl(g[1]) > dspread + dpad;
    if (monotone || depth > 50) { /* 2^-50 of the interval: a degenerate cluster */
        if (sign * poly(c, degree, b) > 0) {
            return false;
        }
        ccl_quad x0 = a, x1 = b, x = (a + b) / 2;
        for (int iter = 0; want_refine && iter < 200; ++iter) {
            ccl_quad px = sign * poly(c, degree, x);
            if (px > 0) {
                x0 = x;
            } else {
                x1 = x;
            }
            ccl_quad dx = 0;
            for (int k = degree; k >= 1; --k) {
                dx = dx * x + k * c[k];
            }
            dx *= sign;
            ccl_quad next = dx != 0 ? x - px / dx : (x0 + x1) / 2;
            if (!(next > x0 && next < x1)) {
                next = (x0 + x1) / 2; /* Newton left the bracket: bisect */
            }
            if (qabs(next - x) <= (ccl_quad)1e-31 * qabs(x) || !(next > x0 && next < x1)) {
                x0 = x1 = next; /* converged far below double resolution */
                break;
            }
            x = next;
        }
        *lo = x0;
        *hi = x1;
        return true;
    }
    if (oracle_search(c, cl, degree, sign, a, mq, want_refine, depth + 1, lo, hi)) {
        return true;
    }
    if (sign * poly(c, degree, mq) <= 0) {
        *lo = *hi = mq;
        return true;
    }
    return oracle_search(c, cl, degree, sign, mq, b, want_refine, depth + 1, lo, hi);
}

/* The search from the top: the coefficients also in long double, once. */
static bool oracle_first(const ccl_quad *c, int degree, int sign, ccl_quad a, ccl_quad b,
                         bool want_refine, int depth, ccl_quad *lo, ccl_quad *hi) {
    long double cl[5] = {0, 0, 0, 0, 0};
    for (int k = 0; k <= degree; ++k) {
        cl[k] = (long double)c[k];
    }
    return oracle_search(c, cl, degree, sign, a, b, want_refine, depth, lo, hi);
}

/* A bound beyond which f > 0 (Fujiwara's bound on the roots, with a little room). */
static ccl_quad oracle_horizon(const oracle_case *o) {
    /* in long double: with times scaled far from 1 the ratios leave the range of a double */
    long double bound = 0.0L;
    for (int k = 0; k < 4; ++k) {
        long double ratio = (long double)qabs(o->c[k] / o->c[4]) / (k == 0 ? 2.0L : 1.0L);
        bound = fmaxl(bound, powl(ratio, 1.0L / (4 - k)));
    }
    return (ccl_quad)(2.0L * bound * 1.01L + LDBL_MIN);
}

/* The sweep: entry time (0 when f(0) <= 0) within [0, t_max] and the exit after it. */
static bool oracle_sweep(const oracle_case *o, double t_max, bool refine, ccl_quad *t_enter,
                         ccl_quad *t_exit) {
    ccl_quad lo, hi;
    ccl_quad start;
    if (o->c[0] <= 0) {
        *t_enter = 0;
        start = 0;
    } else {
        if (!oracle_first(o->c, 4, 1, 0, t_max, refine, 0, &lo, &hi)) {
            return false;
        }
        *t_enter = hi;
        /* just past the (converged) entry, where f < 0 unless the contact is a graze */
        start = hi + (qabs(hi) + (ccl_quad)t_max) * (ccl_quad)1e-26;
    }
    if (t_exit != NULL) {
        /* first point after the entry where f > 0 */
        if (poly(o->c, 4, start) > 0) {
            *t_exit = *t_enter;
        } else if (oracle_first(o->c, 4, -1, start, oracle_horizon(o), true, 0, &lo, &hi)) {
            *t_exit = lo;
        } else {
            *t_exit = start;
        }
    }
    return true;
}

/* ---- the cases ---- */

typedef struct test_case {
    ccl_vec3 pa, va, aa, pb, vb, ab;
    double ra, rb, t_max;
    int dim;
} test_case;

/* |v| without overflow or underflow in the squares (times far from 1 make them extreme). */
static double norm3(ccl_vec3 v) {
    double m = fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
    if (!(m > 0.0) || !isfinite(m)) {
        return m;
    }
    int e;
    frexp(m, &e);
    ccl_vec3 u = ccl_scale3(v, ldexp(1.0, -e));
    return ldexp(sqrt(ccl_dot3(u, u)), e);
}

static double case_scale(const test_case *tc) {
    ccl_vec3 dp = ccl_sub3(tc->pb, tc->pa), dv = ccl_sub3(tc->vb, tc->va);
    ccl_vec3 da = ccl_sub3(tc->ab, tc->aa);
    double t = tc->t_max;
    return norm3(dp) + norm3(dv) * t + 0.5 * norm3(da) * t * t + tc->ra + tc->rb;
}

static oracle_case case_oracle(const test_case *tc, double R) {
    return oracle_make(tc->pa, tc->va, tc->aa, tc->pb, tc->vb, tc->ab, R);
}

/* A relative motion with a critical point of f at t_g where the distance is R (1 + eps): a
 * grazing contact (eps near 0), a near double root (eps slightly negative) or a near miss. */
static void make_grazing(test_case *tc, double eps) {
    double R = tc->ra + tc->rb;
    double tg = rng_uniform(0.0, tc->t_max);
    ccl_vec3 w = random_vec(3.0, tc->dim);
    ccl_vec3 u = random_unit_perp(w, tc->dim);
    ccl_vec3 dg = ccl_scale3(u, R * (1.0 + eps));
    ccl_vec3 da = random_vec(3.0, tc->dim);
    if (ccl_dot3(w, w) + ccl_dot3(dg, da) <= 0.0) { /* make it a minimum: f''(tg) > 0 */
        da = ccl_mul_add3(da, -2.0 * ccl_dot3(da, u), u);
    }
    /* d(t) = dg + w (t - tg) + da (t - tg)^2 / 2 */
    ccl_vec3 dp = ccl_mul_add3(ccl_mul_add3(dg, -tg, w), 0.5 * tg * tg, da);
    ccl_vec3 dv = ccl_mul_add3(w, -tg, da);
    tc->pb = ccl_add3(tc->pa, dp);
    tc->vb = ccl_add3(tc->va, dv);
    tc->ab = ccl_add3(tc->aa, da);
}

static void make_case(test_case *tc, int dim) {
    memset(tc, 0, sizeof *tc);
    tc->dim = dim;
    tc->pa = random_vec(10.0, dim);
    tc->va = random_vec(5.0, dim);
    tc->aa = random_vec(5.0, dim);
    tc->ra = rng_uniform(0.05, 2.0);
    tc->rb = (rng_u64() & 7) == 0 ? 0.0 : rng_uniform(0.05, 2.0);
    tc->t_max = rng_uniform(0.1, 6.0);
    int kind = (int)(rng_u64() % 6);
    if (kind <= 1) { /* generic */
        tc->pb = random_vec(10.0, dim);
        tc->vb = random_vec(5.0, dim);
        tc->ab = random_vec(5.0, dim);
    } else if (kind <= 3) { /* grazing and near double roots */
        double eps = pow(10.0, rng_uniform(-15.0, -2.0)) * ((rng_u64() & 1) ? 1.0 : -1.0);
        make_grazing(tc, eps);
    } else if (kind == 4) { /* starting near contact, either side */
        double R = tc->ra + tc->rb;
        ccl_vec3 u = random_unit_perp(ccl_v3(0, 0, 0), dim);
        double eps = pow(10.0, rng_uniform(-14.0, -1.0)) * ((rng_u64() & 1) ? 1.0 : -1.0);
        tc->pb = ccl_mul_add3(tc->pa, R * (1.0 + eps), u);
        tc->vb = random_vec(5.0, dim);
        tc->ab = random_vec(5.0, dim);
    } else { /* a long interval: several roots of the quartic */
        tc->pb = random_vec(10.0, dim);
        tc->vb = random_vec(5.0, dim);
        tc->ab = random_vec(5.0, dim);
        tc->t_max = rng_uniform(5.0, 40.0);
    }
    if ((rng_u64() & 7) == 0) {
        /* a common motion far larger than the relative one: positions offset by up to 1e9,
         * velocities and accelerations by up to 1e6 (the differences then round) */
        ccl_vec3 offset = ccl_scale3(random_vec(1.0, dim), pow(10.0, rng_uniform(0.0, 9.0)));
        ccl_vec3 drift = ccl_scale3(random_vec(1.0, dim), pow(10.0, rng_uniform(0.0, 6.0)));
        ccl_vec3 fall = ccl_scale3(random_vec(1.0, dim), pow(10.0, rng_uniform(0.0, 6.0)));
        tc->pa = ccl_add3(tc->pa, offset);
        tc->pb = ccl_add3(tc->pb, offset);
        tc->va = ccl_add3(tc->va, drift);
        tc->vb = ccl_add3(tc->vb, drift);
        tc->aa = ccl_add3(tc->aa, fall);
        tc->ab = ccl_add3(tc->ab, fall);
    }
    if ((rng_u64() & 3) == 0) { /* other scales: lengths by 2^k, times by 2^j, exactly */
        int k = (int)(rng_u64() % 61) - 30, j = (int)(rng_u64() % 41) - 20;
        if (rng_u64() & 1) { /* far time scales: accelerations reach 2^+-900 */
            j = (int)(rng_u64() % 801) - 400;
        }
        double L = ldexp(1.0, k), T = ldexp(1.0, j);
        tc->pa = ccl_scale3(tc->pa, L);
        tc->pb = ccl_scale3(tc->pb, L);
        tc->va = ccl_scale3(tc->va, L / T);
        tc->vb = ccl_scale3(tc->vb, L / T);
        tc->aa = ccl_scale3(tc->aa, L / (T * T));
        tc->ab = ccl_scale3(tc->ab, L / (T * T));
        tc->ra *= L;
        tc->rb *= L;
        tc->t_max *= T;
    }
}

/* The library's answer for a case, in 2D or 3D. */
static bool library_sweep(const test_case *tc, ccl_hit3 *hit) {
    if (tc->dim == 2) {
        ccl_hit h;
        ccl_circle a = {ccl_v2(tc->pa.x, tc->pa.y), tc->ra};
        ccl_circle b = {ccl_v2(tc->pb.x, tc->pb.y), tc->rb};
        bool found = ccl_sweep_circles_accel(
            a, ccl_v2(tc->va.x, tc->va.y), ccl_v2(tc->aa.x, tc->aa.y), b,
            ccl_v2(tc->vb.x, tc->vb.y), ccl_v2(tc->ab.x, tc->ab.y), tc->t_max, &h);
        if (found) {
            hit->t = h.t;
            hit->t_exit = h.t_exit;
            hit->normal = ccl_v3(h.normal.x, h.normal.y, 0.0);
            hit->point = ccl_v3(h.point.x, h.point.y, 0.0);
        }
        return found;
    }
    ccl_sphere a = {tc->pa, tc->ra}, b = {tc->pb, tc->rb};
    return ccl_sweep_spheres_accel(a, tc->va, tc->aa, b, tc->vb, tc->ab, tc->t_max, hit);
}

typedef struct tally {
    long cases, robust, hits, decided_wrong, time_checked, exit_checked;
    double worst_t, worst_exit, worst_normal;
} tally;

/* How steep the crossing is: |f'(t)| T / S^2; near 0 for a near-tangent (double) root. */
static double steepness(const oracle_case *o, ccl_quad t, double S, double T) {
    ccl_quad d = 0;
    for (int k = 4; k >= 1; --k) {
        d = d * t + k * o->c[k];
    }
    return (double)qabs(d) * T / (S * S);
}

static void run_sweep_oracle(int dim, uint64_t seed, tally *out) {
    rng_seed(seed);
    tally s;
    memset(&s, 0, sizeof s);
    for (long n = 0; n < CASES_PER_DIMENSION; ++n) {
        test_case tc;
        make_case(&tc, dim);
        double R = tc.ra + tc.rb;
        double S = case_scale(&tc);
        oracle_case o = case_oracle(&tc, R);
        ccl_quad te = 0, tx = 0;
        bool truth = oracle_sweep(&o, tc.t_max, true, &te, &tx);
        oracle_case o_lo = case_oracle(&tc, R - MARGIN * S);
        oracle_case o_hi = case_oracle(&tc, R + MARGIN * S);
        ccl_quad te_lo = 0, tx_lo = 0, te_hi = 0, tx_hi = 0;
        bool hit_hi = oracle_sweep(&o_hi, tc.t_max, truth, &te_hi, truth ? &tx_hi : NULL);
        bool hit_lo = hit_hi && oracle_sweep(&o_lo, tc.t_max, true, &te_lo, &tx_lo);
        bool robust = hit_lo == hit_hi;
        /* the times are well defined when a change of R by the margin moves them continuously:
         * no grazing contact appears or vanishes before them */
        double T0 = fmax(tc.t_max, (double)tx);
        bool entry_stable = robust && hit_lo && (double)qabs(te_hi - te_lo) < 1e-6 * T0;
        bool exit_stable = entry_stable && (double)qabs(tx_hi - tx_lo) < 1e-6 * T0;
        ccl_hit3 hit;
        bool got = library_sweep(&tc, &hit);
        s.cases++;
        if (got) {
            assert_true(isfinite(hit.t) && isfinite(hit.t_exit));
            assert_true(ccl_vec3_is_finite(hit.normal) && ccl_vec3_is_finite(hit.point));
            assert_true(hit.t >= 0.0 && hit.t <= tc.t_max && hit.t_exit >= hit.t);
        }
        if (!robust) {
            continue;
        }
        s.robust++;
        if (got != truth) {
            s.decided_wrong++;
            print_error("dim %d case %ld: library %d, oracle %d (t_oracle %.17g)\n", dim, n, got,
                        truth, (double)te);
            continue;
        }
        if (!got) {
            continue;
        }
        s.hits++;
        double T = fmax(tc.t_max, (double)tx);
        if (entry_stable && (te == 0 || steepness(&o, te, S, T) > 1e-5)) {
            double err = fabs(hit.t - (double)te) / fmax((double)te, tc.t_max);
            s.time_checked++;
            if (err > TIME_TOLERANCE && s.decided_wrong < 5) {
                s.decided_wrong += 0;
                print_error("dim %d case %ld: t %.17g oracle %.17g exit %.17g oracle %.17g "
                            "t_max %.17g f0 %g f(t_lib)/S^2 %g\n",
                            dim, n, hit.t, (double)te, hit.t_exit, (double)tx, tc.t_max,
                            (double)o.c[0], (double)poly(o.c, 4, hit.t) / (S * S));
            }
            if (err > s.worst_t) {
                s.worst_t = err;
            }
            /* the normal: the unit relative position at the oracle's time */
            if (te > 0 && steepness(&o, te, S, T) > 1e-3) {
                ccl_vec3 dp = ccl_sub3(tc.pb, tc.pa), dv = ccl_sub3(tc.vb, tc.va);
                ccl_vec3 da = ccl_sub3(tc.ab, tc.aa);
                double t = (double)te;
                ccl_vec3 d = ccl_mul_add3(ccl_mul_add3(dp, t, dv), 0.5 * t * t, da);
                double len = sqrt(ccl_dot3(d, d));
                ccl_vec3 nrm = ccl_scale3(d, 1.0 / len);
                double nerr = sqrt(ccl_dot3(ccl_sub3(nrm, hit.normal), ccl_sub3(nrm, hit.normal)));
                /* normal error ~ time error x |d'| / R plus the error of dp itself */
                nerr /= fmax(1.0, S / R);
                if (nerr > s.worst_normal) {
                    s.worst_normal = nerr;
                }
            }
        }
        if (exit_stable && steepness(&o, tx, S, T) > 1e-5) {
            double err = fabs(hit.t_exit - (double)tx) / T;
            s.exit_checked++;
            if (err > s.worst_exit) {
                s.worst_exit = err;
            }
        }
    }
    *out = s;
}

static void report(const char *name, const tally *s) {
    printf("%s: %ld cases, %ld robust, %ld hits, %ld wrong decisions; times checked %ld, worst "
           "relative error %.3g; exits checked %ld, worst %.3g; worst normal %.3g\n",
           name, s->cases, s->robust, s->hits, s->decided_wrong, s->time_checked, s->worst_t,
           s->exit_checked, s->worst_exit, s->worst_normal);
}

/* Runs the quad-precision oracle in dim dimensions and checks its verdicts, times and normals. */
static void check_against_quad_oracle(int dim, uint64_t seed, const char *name) {
    tally s;
    run_sweep_oracle(dim, seed, &s);
    report(name, &s);
    assert_true(s.decided_wrong == 0);
    assert_true(s.robust > CASES_PER_DIMENSION * 8 / 10);
    assert_true(s.hits > CASES_PER_DIMENSION / 5);
    assert_true(s.worst_t <= TIME_TOLERANCE);
    assert_true(s.worst_exit <= TIME_TOLERANCE);
    assert_true(s.worst_normal <= 1e-8);
}

static void sweep_circles_accel_agrees_with_quad_oracle(void **state) {
    (void)state;
    check_against_quad_oracle(2, 0x5eed2d, "2D");
}

static void sweep_spheres_accel_agrees_with_quad_oracle(void **state) {
    (void)state;
    check_against_quad_oracle(3, 0x5eed3d, "3D");
}

/* A pair far apart (100 to 10^9 radii) that nearly grazes: decided to a fraction of the radius,
 * not of the separation (the gap is evaluated with exact products and sums). */
static void distant_grazes_are_decided_to_a_fraction_of_the_radius(void **state) {
    (void)state;
    rng_seed(0xd157);
    long robust = 0, hits = 0, wrong = 0;
    for (int n = 0; n < 20000; ++n) {
        int dim = (n & 1) ? 3 : 2;
        test_case tc;
        memset(&tc, 0, sizeof tc);
        tc.dim = dim;
        tc.pa = random_vec(10.0, dim);
        tc.va = random_vec(5.0, dim);
        tc.aa = random_vec(5.0, dim);
        tc.ra = pow(10.0, rng_uniform(-8.0, -1.0));
        tc.rb = tc.ra * rng_uniform(0.0, 1.0);
        tc.t_max = rng_uniform(1.0, 6.0);
        double eps = pow(10.0, rng_uniform(-12.0, -3.0)) * ((rng_u64() & 1) ? 1.0 : -1.0);
        make_grazing(&tc, eps);
        double R = tc.ra + tc.rb;
        oracle_case o = case_oracle(&tc, R);
        oracle_case o_lo = case_oracle(&tc, R * (1.0 - 1e-10));
        oracle_case o_hi = case_oracle(&tc, R * (1.0 + 1e-10));
        ccl_quad te, tx;
        bool truth = oracle_sweep(&o, tc.t_max, false, &te, NULL);
        if (oracle_sweep(&o_lo, tc.t_max, false, &te, NULL) !=
            oracle_sweep(&o_hi, tc.t_max, false, &tx, NULL)) {
            continue;
        }
        robust++;
        ccl_hit3 hit;
        bool got = library_sweep(&tc, &hit);
        hits += got;
        if (got != truth) {
            wrong++;
            print_error("distant graze %d (R %g, eps %g): library %d, oracle %d\n", n, R, eps, got,
                        truth);
        }
    }
    printf("distant grazes: %ld robust at 1e-10 R, %ld hits, %ld wrong\n", robust, hits, wrong);
    assert_true(wrong == 0);
    assert_true(robust > 15000 && hits > 5000);
}

/* ---- equal accelerations: the quadratic test, bit for bit ---- */

static bool same_bits(double a, double b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

static void equal_accelerations_give_the_quadratic_answer_bit_for_bit(void **state) {
    (void)state;
    rng_seed(0xe9a1);
    long hits = 0;
    for (int n = 0; n < 20000; ++n) {
        test_case tc;
        make_case(&tc, 2);
        ccl_vec2 acc = ccl_v2(tc.aa.x, tc.aa.y);
        ccl_circle a = {ccl_v2(tc.pa.x, tc.pa.y), tc.ra}, b = {ccl_v2(tc.pb.x, tc.pb.y), tc.rb};
        ccl_vec2 va = ccl_v2(tc.va.x, tc.va.y), vb = ccl_v2(tc.vb.x, tc.vb.y);
        ccl_hit q, h;
        bool fq = ccl_sweep_circles(a, va, b, vb, tc.t_max, &q);
        bool fh = ccl_sweep_circles_accel(a, va, acc, b, vb, acc, tc.t_max, &h);
        assert_int_equal(fq, fh);
        ccl_sphere sa = {tc.pa, tc.ra}, sb = {tc.pb, tc.rb};
        ccl_hit3 q3, h3;
        bool fq3 = ccl_sweep_spheres(sa, tc.va, sb, tc.vb, tc.t_max, &q3);
        bool fh3 = ccl_sweep_spheres_accel(sa, tc.va, tc.aa, sb, tc.vb, tc.aa, tc.t_max, &h3);
        assert_int_equal(fq3, fh3);
        if (!fq) {
            continue;
        }
        hits++;
        assert_true(same_bits(q.t, h.t) && same_bits(q.t_exit, h.t_exit));
        assert_true(same_bits(q.normal.x, h.normal.x) && same_bits(q.normal.y, h.normal.y));
        ccl_vec2 moved = ccl_mul_add(q.point, 0.5 * q.t * q.t, acc);
        assert_true(moved.x == h.point.x && moved.y == h.point.y); /* the common motion added */
        if (fq3) {
            assert_true(same_bits(q3.t, h3.t) && same_bits(q3.t_exit, h3.t_exit));
            assert_true(same_bits(q3.normal.z, h3.normal.z));
        }
    }
    assert_true(hits > 1000);
}

/* A relative acceleration 1e-9 of the others moves the quartic's answer continuously away from
 * the quadratic's: the two solvers agree where they should. */
static void quartic_tends_to_the_quadratic_as_acceleration_vanishes(void **state) {
    (void)state;
    rng_seed(0x7e4d);
    long compared = 0;
    double worst = 0.0;
    for (int n = 0; n < 20000; ++n) {
        test_case tc;
        make_case(&tc, 2);
        ccl_circle a = {ccl_v2(tc.pa.x, tc.pa.y), tc.ra}, b = {ccl_v2(tc.pb.x, tc.pb.y), tc.rb};
        ccl_vec2 va = ccl_v2(tc.va.x, tc.va.y), vb = ccl_v2(tc.vb.x, tc.vb.y);
        double small = 1e-9 * case_scale(&tc) / (tc.t_max * tc.t_max);
        ccl_vec2 tiny = ccl_v2(rng_uniform(-small, small), rng_uniform(-small, small));
        ccl_hit q, h;
        bool fq = ccl_sweep_circles(a, va, b, vb, tc.t_max, &q);
        bool fh = ccl_sweep_circles_accel(a, va, ccl_v2(0, 0), b, vb, tiny, tc.t_max, &h);
        if (!fq || !fh) {
            continue;
        }
        /* well-conditioned entries only: approach speed at contact not small */
        ccl_vec2 dp = ccl_sub(b.center, a.center), dv = ccl_sub(vb, va);
        ccl_vec2 d = ccl_mul_add(dp, q.t, dv);
        double approach = -ccl_dot(d, dv) / (ccl_length(d) * ccl_length(dv));
        if (q.t == 0.0 || !(approach > 0.1)) {
            continue;
        }
        compared++;
        double err = fabs(q.t - h.t) / fmax(q.t, tc.t_max);
        worst = fmax(worst, err);
    }
    printf("quartic vs quadratic, relative acceleration 1e-9: %ld compared, worst %.3g\n", compared,
           worst);
    assert_true(compared > 1000);
    assert_true(worst < 1e-7);
}

/* ---- bad input ---- */

static void bad_input_is_no_hit_and_writes_nothing(void **state) {
    (void)state;
    const double bad[] = {NAN, INFINITY, -INFINITY};
    ccl_circle a = {ccl_v2(0, 0), 1}, b = {ccl_v2(3, 0), 1};
    ccl_vec2 v0 = ccl_v2(0, 0), vb = ccl_v2(-1, 0), g = ccl_v2(0, -1);
    for (int i = 0; i < 3; ++i) {
        for (int field = 0; field < 8; ++field) {
            ccl_circle aa = a, bb = b;
            ccl_vec2 va = v0, vv = vb, ga = g, gb = v0;
            double t_max = 10.0;
            /* the field made bad, by index: t_max takes -1 for +infinity (which is valid there),
             * and the last is a negative radius */
            double *fields[] = {&aa.center.x, &bb.radius, &va.y,  &vv.x,
                                &ga.x,        &gb.y,      &t_max, &aa.radius};
            bool negative = field == 7 || (field == 6 && bad[i] == INFINITY);
            *fields[field] = negative ? -1.0 : bad[i];
            ccl_hit hit = {-7.0, -7.0, {-7.0, -7.0}, {-7.0, -7.0}};
            assert_false(ccl_sweep_circles_accel(aa, va, ga, bb, vv, gb, t_max, &hit));
            assert_true(hit.t == -7.0 && hit.t_exit == -7.0 && hit.normal.x == -7.0);
            ccl_sphere sa = {ccl_v3(aa.center.x, aa.center.y, 0), aa.radius};
            ccl_sphere sb = {ccl_v3(bb.center.x, bb.center.y, 0), bb.radius};
            ccl_hit3 h3 = {-7.0, -7.0, {-7.0, -7.0, -7.0}, {-7.0, -7.0, -7.0}};
            assert_false(ccl_sweep_spheres_accel(sa, ccl_v3(va.x, va.y, 0), ccl_v3(ga.x, ga.y, 0),
                                                 sb, ccl_v3(vv.x, vv.y, 0), ccl_v3(gb.x, gb.y, 0),
                                                 t_max, &h3));
            assert_true(h3.t == -7.0 && h3.point.z == -7.0);
            double t = -7.0;
            ccl_vec2 dp = ccl_sub(bb.center, aa.center), dv = ccl_sub(vv, va);
            ccl_vec2 da = ccl_sub(gb, ga);
            if (field != 1) {
                assert_false(ccl_first_contact_accel(dp, dv, da, aa.radius + bb.radius, t_max, &t));
                assert_true(t == -7.0);
            }
        }
    }
    /* extreme but finite magnitudes: an answer or none, never NaN */
    rng_seed(0xbad);
    for (int n = 0; n < 20000; ++n) {
        ccl_vec2 p = ccl_v2(ldexp(rng_uniform(-1, 1), (int)(rng_u64() % 2040) - 1020),
                            ldexp(rng_uniform(-1, 1), (int)(rng_u64() % 2040) - 1020));
        ccl_vec2 v = ccl_v2(ldexp(rng_uniform(-1, 1), (int)(rng_u64() % 2040) - 1020),
                            ldexp(rng_uniform(-1, 1), (int)(rng_u64() % 2040) - 1020));
        ccl_vec2 acc = ccl_v2(ldexp(rng_uniform(-1, 1), (int)(rng_u64() % 2040) - 1020),
                              ldexp(rng_uniform(-1, 1), (int)(rng_u64() % 2040) - 1020));
        double r = ldexp(rng_uniform(0, 1), (int)(rng_u64() % 2040) - 1020);
        double t_max =
            (rng_u64() & 1) ? INFINITY : ldexp(rng_uniform(0, 1), (int)(rng_u64() % 200) - 100);
        ccl_hit hit;
        ccl_circle ca = {ccl_v2(0, 0), r}, cb = {p, 0.0};
        if (ccl_sweep_circles_accel(ca, ccl_v2(0, 0), ccl_v2(0, 0), cb, v, acc, t_max, &hit)) {
            assert_true(hit.t >= 0.0 && hit.t <= t_max && !isnan(hit.t_exit));
            assert_true(ccl_vec2_is_finite(hit.normal) && ccl_vec2_is_finite(hit.point));
            assert_true(hit.t_exit >= hit.t);
        }
        double t;
        if (ccl_first_contact_accel(p, v, acc, r, t_max, &t)) {
            assert_true(t >= 0.0 && t <= t_max);
        }
    }
}

/* ---- the world's first contact ---- */

/* A circle of radius r dropped from rest at height h above a fixed point falls for
 * sqrt(2 (h - r) / g); elastic, it bounces back up and returns after 2 v / g each time. */
static void point_under_gravity_drop_and_bounces(void **state) {
    (void)state;
    const double g = 9.81, r = 0.5, h = 3.0;
    /* relative to the ball: the point is at (0, -h) and accelerates upward at g */
    double t;
    assert_true(ccl_first_contact_accel(ccl_v2(0, -h), ccl_v2(0, 0), ccl_v2(0, g), r, 10.0, &t));
    double fall = sqrt(2.0 * (h - r) / g);
    assert_true(fabs(t - fall) <= 1e-15 * fall * 4);
    /* at contact the ball moves down at g t; elastic bounce reverses it */
    double speed = g * fall;
    for (int bounce = 0; bounce < 5; ++bounce) {
        /* touching, ball moving up: the point moves down relative to the ball */
        assert_true(ccl_first_contact_accel(ccl_v2(0, -r), ccl_v2(0, -speed), ccl_v2(0, g), r,
                                            INFINITY, &t));
        assert_true(fabs(t - 2.0 * speed / g) <= 1e-14 * t);
    }
    /* an oblique bounce off the point's side: flight time from the quadratic in y */
    ccl_vec2 n = ccl_v2(0.6, -0.8);  /* from ball to point */
    ccl_vec2 dv = ccl_v2(0.1, -2.0); /* moving apart */
    assert_true(ccl_first_contact_accel(ccl_scale(n, r), dv, ccl_v2(0, g), r, 100.0, &t));
    /* |r n + dv t + g t^2 / 2|^2 = r^2 has the root t = 0 and the cubic's one positive root */
    ccl_vec2 d = ccl_mul_add(ccl_mul_add(ccl_scale(n, r), t, dv), 0.5 * t * t, ccl_v2(0, g));
    assert_true(t > 0.0 && fabs(ccl_length(d) - r) <= 1e-13);
    assert_true(ccl_dot(d, ccl_mul_add(dv, t, ccl_v2(0, g))) < 0.0); /* entering */
    /* at rest on the point, gravity pressing: contact now */
    assert_true(ccl_first_contact_accel(ccl_v2(0, -r), ccl_v2(0, 0), ccl_v2(0, g), r, 1.0, &t));
    assert_true(t == 0.0);
    /* at rest on the point, gravity pulling away: no contact */
    assert_false(ccl_first_contact_accel(ccl_v2(0, -r), ccl_v2(0, 0), ccl_v2(0, -g), r, 1e9, &t));
    /* overlapping, moving apart too slowly to leave: it turns back at v / g, still inside */
    assert_true(
        ccl_first_contact_accel(ccl_v2(0, -0.4), ccl_v2(0, -0.1), ccl_v2(0, g), r, 1.0, &t));
    assert_true(fabs(t - 0.1 / g) <= 1e-15);
    /* beyond t_max: none */
    assert_false(ccl_first_contact_accel(ccl_v2(0, -h), ccl_v2(0, 0), ccl_v2(0, g), r,
                                         fall * (1.0 - 1e-12), &t));
    /* no acceleration: the linear rule (approaching only) */
    assert_true(ccl_first_contact_accel(ccl_v2(3, 0), ccl_v2(-1, 0), ccl_v2(0, 0), 1, 5, &t));
    assert_true(t == 2.0);
    assert_false(ccl_first_contact_accel(ccl_v2(0.5, 0), ccl_v2(1, 0), ccl_v2(0, 0), 1, 5, &t));
}

/* The world's rule in the oracle: contact and approaching (see narrow/narrow.h). */
static bool oracle_world(const oracle_case *o, double t_max, bool refine, ccl_quad *t) {
    ccl_quad lo, hi;
    if (o->c[0] > 0) {
        if (!oracle_first(o->c, 4, 1, 0, t_max, refine, 0, &lo, &hi)) {
            return false;
        }
        *t = hi;
        return true;
    }
    for (int k = 1; k <= 4; ++k) {
        if (o->c[k] != 0) {
            if (o->c[k] < 0) {
                *t = 0;
                return true;
            }
            break;
        }
    }
    /* separating from within: the first turn back (f' <= 0) or the first exit */
    ccl_quad deriv[4] = {o->c[1], 2 * o->c[2], 3 * o->c[3], 4 * o->c[4]};
    ccl_quad horizon = oracle_horizon(o);
    ccl_quad turn = horizon, exit_lo = 0, exit_hi = 0;
    if (deriv[0] > 0 && oracle_first(deriv, 3, 1, 0, horizon, true, 0, &lo, &hi)) {
        turn = hi;
    }
    if (o->c[0] < 0 && oracle_first(o->c, 4, -1, 0, horizon, true, 0, &exit_lo, &exit_hi)) {
        if (turn <= exit_lo) {
            *t = turn;
            return turn <= t_max;
        }
        ccl_quad start = exit_hi + (qabs(exit_hi) + (ccl_quad)t_max) * (ccl_quad)1e-26;
        if (!(start < t_max) || poly(o->c, 4, start) <= 0 ||
            !oracle_first(o->c, 4, 1, start, t_max, refine, 0, &lo, &hi)) {
            return false;
        }
        *t = hi;
        return true;
    }
    return false;
}

static void first_contact_agrees_with_quad_oracle(void **state) {
    (void)state;
    rng_seed(0xf1257);
    long robust = 0, hits = 0, wrong = 0, checked = 0, inside = 0;
    double worst = 0.0;
    for (int n = 0; n < 30000; ++n) {
        test_case tc;
        make_case(&tc, 2);
        if ((n & 3) == 0) { /* inside, moving apart: a bounce */
            ccl_vec3 dp = ccl_sub3(tc.pb, tc.pa);
            double len = sqrt(ccl_dot3(dp, dp)), R = tc.ra + tc.rb;
            if (len > 0.0 && R > 0.0) {
                tc.pb = ccl_mul_add3(tc.pa, R * rng_uniform(0.5, 1.0) / len, dp);
                dp = ccl_sub3(tc.pb, tc.pa);
                ccl_vec3 dv = ccl_sub3(tc.vb, tc.va);
                if (ccl_dot3(dp, dv) < 0.0) {
                    tc.vb = ccl_sub3(tc.va, dv);
                }
            }
        }
        double R = tc.ra + tc.rb, S = case_scale(&tc);
        oracle_case o = case_oracle(&tc, R);
        if (o.c[1] == 0) {
            continue;
        }
        ccl_vec2 dp = ccl_v2(tc.pb.x - tc.pa.x, tc.pb.y - tc.pa.y);
        ccl_vec2 dv = ccl_v2(tc.vb.x - tc.va.x, tc.vb.y - tc.va.y);
        ccl_vec2 da = ccl_v2(tc.ab.x - tc.aa.x, tc.ab.y - tc.aa.y);
        if (!ccl_vec2_is_finite(dp)) {
            continue;
        }
        /* the library receives rounded differences: the oracle takes the same ones */
        tc.pa = tc.va = tc.aa = ccl_v3(0, 0, 0);
        tc.pb = ccl_v3(dp.x, dp.y, 0);
        tc.vb = ccl_v3(dv.x, dv.y, 0);
        tc.ab = ccl_v3(da.x, da.y, 0);
        o = case_oracle(&tc, R);
        ccl_quad t_or = 0, t_lo = 0, t_hi = 0;
        bool truth = oracle_world(&o, tc.t_max, true, &t_or);
        oracle_case o_lo = case_oracle(&tc, R - MARGIN * S),
                    o_hi = case_oracle(&tc, R + MARGIN * S);
        bool hit_hi = oracle_world(&o_hi, tc.t_max, true, &t_hi);
        bool hit_lo = oracle_world(&o_lo, tc.t_max, true, &t_lo);
        double t;
        bool got = ccl_first_contact_accel(dp, dv, da, R, tc.t_max, &t);
        if (hit_lo != hit_hi || (o.c[0] <= 0) != (o_hi.c[0] <= 0) ||
            (o.c[0] <= 0) != (o_lo.c[0] <= 0)) {
            continue;
        }
        robust++;
        inside += o.c[0] <= 0;
        if (got != truth) {
            wrong++;
            print_error("first contact case %d: library %d (t %.17g), oracle %d (t %.17g)\n", n,
                        got, got ? t : -1.0, truth, (double)t_or);
            continue;
        }
        if (!got) {
            continue;
        }
        hits++;
        if ((double)qabs(t_hi - t_lo) < 1e-6 * tc.t_max &&
            (t_or == 0 || steepness(&o, t_or, S, tc.t_max) > 1e-5 || o.c[0] <= 0)) {
            checked++;
            worst = fmax(worst, fabs(t - (double)t_or) / tc.t_max);
        }
    }
    printf("first contact: %ld robust (%ld inside at t = 0), %ld hits, %ld wrong, %ld times "
           "checked, worst relative error %.3g\n",
           robust, inside, hits, wrong, checked, worst);
    assert_true(wrong == 0);
    assert_true(hits > 3000 && inside > 2000);
    assert_true(worst <= TIME_TOLERANCE);
}

/* Not a check: prints what a call costs in the world's typical use (a circle under gravity
 * against a fixed point, anywhere in a box 100 wide; t_max infinite, then 0.05). */
static void first_contact_cost_is_reported(void **state) {
    (void)state;
    enum { N = 4096, REPEAT = 50 };
    static ccl_vec2 dp[N], dv[N];
    rng_seed(0xc057);
    for (int i = 0; i < N; ++i) {
        dp[i] = ccl_v2(rng_uniform(-50, 50), rng_uniform(-50, 50));
        dv[i] = ccl_v2(rng_uniform(-10, 10), rng_uniform(-10, 10));
    }
    const double t_maxes[2] = {INFINITY, 0.05};
    for (int k = 0; k < 2; ++k) {
        long found = 0;
        clock_t t0 = clock(); /* processor time: not inflated by other processes */
        for (int r = 0; r < REPEAT; ++r) {
            for (int i = 0; i < N; ++i) {
                double t;
                found +=
                    ccl_first_contact_accel(dp[i], dv[i], ccl_v2(0, 9.81), 1.0, t_maxes[k], &t);
            }
        }
        double ns = (double)(clock() - t0) / CLOCKS_PER_SEC * 1e9 / (double)(N * REPEAT);
        printf("ccl_first_contact_accel, t_max %g: %.0f ns per call (%ld contacts found)\n",
               t_maxes[k], ns, found);
    }
}

/* Speeds scaled by s and accelerations by s^2 leave the geometry as it was, so t s is the same
 * for every power of two s: also for time scales far beyond 2^+-131, where the scaled speed and
 * acceleration once overflowed or underflowed (an underflowed acceleration was dropped). */
static void far_time_scales_keep_the_answer(void **state) {
    (void)state;
    ccl_circle a = {ccl_v2(0.0, 0.0), 0.5}, b = {ccl_v2(3.0, 0.0), 0.5};
    ccl_sphere sa = {ccl_v3(0.0, 0.0, 0.0), 0.5}, sb = {ccl_v3(3.0, 0.0, 0.0), 0.5};
    ccl_vec2 zero = ccl_v2(0.0, 0.0);
    ccl_hit base;
    assert_true(ccl_sweep_circles_accel(a, ccl_v2(1.0, 0.0), ccl_v2(0.0, 1e-3), b, zero, zero,
                                        INFINITY, &base));
    assert_true(base.normal.y < -1e-3); /* the acceleration turned it */
    for (int j = -480; j <= 480; j += 12) {
        double s = ldexp(1.0, j);
        ccl_hit h;
        assert_true(ccl_sweep_circles_accel(a, ccl_v2(s, 0.0), ccl_v2(0.0, 1e-3 * s * s), b, zero,
                                            zero, INFINITY, &h));
        assert_true(same_bits(h.t, ldexp(base.t, -j)));
        assert_true(same_bits(h.normal.x, base.normal.x) && same_bits(h.normal.y, base.normal.y));
        ccl_hit3 h3;
        assert_true(ccl_sweep_spheres_accel(sa, ccl_v3(s, 0.0, 0.0), ccl_v3(0.0, 1e-3 * s * s, 0.0),
                                            sb, ccl_v3(0.0, 0.0, 0.0), ccl_v3(0.0, 0.0, 0.0),
                                            INFINITY, &h3));
        assert_true(same_bits(h3.t, h.t));
    }
}

/* A gap whose slope touches 0 without changing sign (a stationary inflection: d . d' = 0 and
 * |d'|^2 + d . a = 0 at t = 1) decreases through it, and no knot splits the piece there. With
 * t_max = 2 that point is the piece's middle, where the slope is 0: the contact before it must
 * still be found. */
static void a_stationary_inflection_in_the_middle_of_a_piece_hides_no_contact(void **state) {
    (void)state;
    const ccl_vec2 da = ccl_v2(-1.0, -0.5); /* d(1) = (0, 2), d'(1) = (1, 0) */
    const ccl_vec2 dv = ccl_v2(2.0, 0.5), dp = ccl_v2(-1.5, 1.75);
    const double radii[] = {2.0, 2.0 + 1e-9, 2.0 + 1e-6, 2.0 + 1e-3, 2.01};
    const double t_maxes[] = {2.0, 1.9, 10.0};
    for (int i = 0; i < 5; ++i) {
        double first = -1.0;
        for (int j = 0; j < 3; ++j) {
            double t = -1.0;
            assert_true(ccl_first_contact_accel(dp, dv, da, radii[i], t_maxes[j], &t));
            assert_true(t > 0.6 && t < 1.0);
            if (j == 0) {
                first = t;
            }
            assert_true(fabs(t - first) < 1e-4); /* a cube root of the rounding at R = 2 */
        }
    }
}

CCL_TEST_MAIN(cmocka_unit_test(sweep_circles_accel_agrees_with_quad_oracle),
              cmocka_unit_test(sweep_spheres_accel_agrees_with_quad_oracle),
              cmocka_unit_test(distant_grazes_are_decided_to_a_fraction_of_the_radius),
              cmocka_unit_test(equal_accelerations_give_the_quadratic_answer_bit_for_bit),
              cmocka_unit_test(quartic_tends_to_the_quadratic_as_acceleration_vanishes),
              cmocka_unit_test(bad_input_is_no_hit_and_writes_nothing),
              cmocka_unit_test(point_under_gravity_drop_and_bounces),
              cmocka_unit_test(first_contact_agrees_with_quad_oracle),
              cmocka_unit_test(first_contact_cost_is_reported),
              cmocka_unit_test(far_time_scales_keep_the_answer),
              cmocka_unit_test(a_stationary_inflection_in_the_middle_of_a_piece_hides_no_contact))
