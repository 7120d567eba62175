/* Contact times under gravity with damping, against a quad-precision oracle that shares no method
 * with the library: the oracle samples the gap densely in time in __float128, refines every change
 * of sign by bisection and every sampled minimum by golden-section search (a graze between two
 * samples), and takes the first.
 *
 * Gaps are f0 + f1 s + f2 W (a wall, a cell edge, a segment's line) and |dp + dv s + da W|^2 - R^2
 * (a fixed point, a segment's end, a circle under another acceleration), with s = (1 -
 * exp(-gamma t)) / gamma and W = (t - s) / gamma, over windows from 0.05 / gamma to 100 / gamma
 * (where s no longer moves in double). A verdict is only asked where it is robust: the library's
 * time must lie between the oracle's for the gap moved 1e-12 of the case's scale nearer and
 * farther (a graze may then hit or miss), and where the contact survives that move, within 1e-12
 * of the time scale (the window looked at) of the oracle's own, plus what a rounding of the gap by
 * 1e-15 of its scale moves the contact: a double gap near a graze cannot place it better, whatever
 * the method. Cases: random, and grazing (the gap's least value 1e-16 to 1e-8 of the scale either
 * side of 0); s and W themselves against their closed forms. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "oracle_cases.h"
#include "test_main.h"
#include "oracle_common.h"
#include "world/predict_gravity_damped.h"

#define SAMPLES  400
#define MARGIN   1e-12
#define TIME_TOL 1e-12
#define NOISE    1e-15
#define CASES    250

/* s and W = (t - s) / gamma at time t in quad, W from the series of y + e^-y - 1 where y = gamma t
 * is small. */
static quad q_s(quad gamma, quad t) {
    return -expm1q(-gamma * t) / gamma;
}

static quad q_w(quad gamma, quad t) {
    quad y = gamma * t;
    if (y < 1e-3Q) {
        quad sum = 0, term = y * y / 2;
        for (int k = 2; k < 40; ++k) {
            sum += term;
            term *= -y / (k + 1);
        }
        return sum / (gamma * gamma);
    }
    return (t - q_s(gamma, t)) / gamma;
}

/* A gap as the oracle sees it: the wall form (pair false) or the pair form, shifted by delta. */
typedef struct gap_case {
    bool pair;
    double gamma, f0, f1, f2;
    ccl_vec2 dp, dv, da;
    double R, t_max;
} gap_case;

static quad q_gap(const gap_case *c, quad t, quad delta) {
    quad s = q_s(c->gamma, t), w = q_w(c->gamma, t);
    if (!c->pair) {
        return (quad)c->f0 + (quad)c->f1 * s + (quad)c->f2 * w + delta;
    }
    quad x = (quad)c->dp.x + (quad)c->dv.x * s + (quad)c->da.x * w;
    quad y = (quad)c->dp.y + (quad)c->dv.y * s + (quad)c->da.y * w;
    quad R = (quad)c->R - delta;
    return x * x + y * y - R * R;
}

/* The first t in [0, t_max] where the gap is <= 0, or -1 for none. */
static quad q_first(const gap_case *c, quad delta) {
    quad h = c->t_max / SAMPLES, prev = q_gap(c, 0, delta);
    if (prev <= 0) {
        return 0;
    }
    quad before = INFINITY;
    for (int i = 1; i <= SAMPLES; ++i) {
        quad s = h * i, g = q_gap(c, s, delta);
        quad lo = s - h, hi = s;
        if (g > 0 && g > prev && prev < before) {
            /* a sampled minimum at s - h: search [s - 2h, s] for a graze below 0 */
            quad a = fmaxq(s - 2 * h, 0), b = s;
            for (int k = 0; k < 160; ++k) {
                quad m1 = a + (b - a) * 0.381966011250105151795Q, m2 = b - (b - a) * 0.381966Q;
                if (q_gap(c, m1, delta) < q_gap(c, m2, delta)) {
                    b = m2;
                } else {
                    a = m1;
                }
            }
            if (q_gap(c, a, delta) <= 0) {
                lo = fmaxq(s - 2 * h, 0);
                hi = a;
                g = q_gap(c, a, delta);
            }
        }
        if (g <= 0) {
            for (int k = 0; k < 200; ++k) {
                quad m = 0.5Q * (lo + hi);
                if (q_gap(c, m, delta) > 0) {
                    lo = m;
                } else {
                    hi = m;
                }
            }
            return hi;
        }
        before = prev;
        prev = g;
    }
    return -1;
}

/* The library's answer for the case: the time, or -1 for none. */
static double library_first(const gap_case *c) {
    double t_max = c->t_max;
    double t = c->pair ? ccl_mixed_pair_entry(c->gamma, c->dp, c->dv, c->da, c->R, t_max)
                       : ccl_mixed_first_fall(c->gamma, c->f0, c->f1, c->f2, t_max);
    return t <= t_max ? t : -1.0;
}

/* The case's length scale: what the gap's terms reach over the window. */
static double case_scale(const gap_case *c) {
    double w = (double)q_w(c->gamma, c->t_max), s = (double)q_s(c->gamma, c->t_max);
    if (!c->pair) {
        return fabs(c->f0) + fabs(c->f1) * s + fabs(c->f2) * w;
    }
    return ccl_length(c->dp) + ccl_length(c->dv) * s + ccl_length(c->da) * w + c->R;
}

typedef struct tally {
    long hits, misses, grazes, worst_case;
    double worst;
} tally;

/* Checks one case; returns false (and prints it) when the library is wrong. */
static bool check_case(const gap_case *c, tally *t, int index) {
    double scale = case_scale(c), delta = MARGIN * scale;
    double T = c->t_max;
    quad s_near = q_first(c, -delta), s_far = q_first(c, delta);
    quad s_exact = q_first(c, 0);
    double time = library_first(c);
    bool ok;
    if (time < 0.0) {
        ok = s_far < 0; /* a miss only where the contact moved away by the margin misses */
        t->misses++;
    } else {
        double lo = s_near < 0 ? INFINITY : (double)s_near;
        double hi = s_far < 0 ? INFINITY : (double)s_far;
        ok = time >= lo - TIME_TOL * T && time <= hi + TIME_TOL * T;
        if (s_exact >= 0 && s_far >= 0) {
            /* within TIME_TOL of the window, plus what a rounding of the gap by 1e-15 of the
             * scale moves the contact (the spread of the near and far times says how much) */
            double spread = (hi - lo) / (2.0 * MARGIN);
            double err = fabs(time - (double)s_exact) / T;
            ok = ok && err <= TIME_TOL + NOISE * spread / T;
            if (err > t->worst) {
                t->worst = err;
                t->worst_case = index;
            }
        }
        t->hits++;
    }
    if (s_near >= 0 && s_far < 0) {
        t->grazes++;
    }
    if (!ok) {
        print_error("case %d (%s, gamma %.17g): library %.17g, oracle near %.17g exact %.17g far "
                    "%.17g\n",
                    index, c->pair ? "pair" : "wall", c->gamma, time, (double)s_near,
                    (double)s_exact, (double)s_far);
    }
    return ok;
}

static void random_window(gap_case *c) {
    c->gamma = rng_decades(-3.0, 1.0);
    c->t_max = rng_decades(-1.3, 2.0) / c->gamma; /* to far beyond 1 / gamma */
}

static void random_wall(gap_case *c) {
    random_window(c);
    c->pair = false;
    c->f0 = rng_decades(-3.0, 1.0);
    c->f1 = rng_sign() * rng_decades(-2.0, 2.0);
    c->f2 = rng_sign() * rng_decades(-2.0, 2.0);
}

/* A wall whose gap has its minimum inside the window, eps of the scale above 0. */
static void grazing_wall(gap_case *c, double eps) {
    random_window(c);
    c->pair = false;
    double turn = rng_uniform(0.05, 0.95) * fmin(c->t_max, 5.0 / c->gamma);
    quad s = q_s(c->gamma, turn);
    c->f2 = rng_decades(-2.0, 2.0);
    c->f1 = (double)(-s * c->f2 * expq((quad)c->gamma * turn)); /* f' = f1 e + f2 s = 0 there */
    double low = -(double)((quad)c->f1 * s + (quad)c->f2 * q_w(c->gamma, turn));
    c->f0 = low;
    c->f0 = low + eps * case_scale(c);
}

static void random_pair(gap_case *c) {
    random_window(c);
    c->pair = true;
    c->R = rng_uniform(0.2, 2.0);
    ccl_vec2 d = rng_direction();
    double dist = c->R * (1.0 + rng_decades(-3.0, 1.0));
    c->dp = ccl_v2(d.x * dist, d.y * dist);
    double speed = rng_decades(-1.0, 1.5), acc = rng_decades(-1.0, 2.0);
    ccl_vec2 v = rng_direction(), a = rng_direction();
    c->dv = ccl_v2(v.x * speed, v.y * speed);
    c->da = ccl_v2(a.x * acc, a.y * acc);
}

/* The least distance over the window, in quad (dense samples, then golden-section search). */
static quad q_least_distance(const gap_case *c) {
    gap_case probe = *c;
    probe.R = 0.0;
    quad h = c->t_max / SAMPLES, best = q_gap(&probe, 0, 0), best_s = 0;
    for (int i = 1; i <= SAMPLES; ++i) {
        quad g = q_gap(&probe, h * i, 0);
        if (g < best) {
            best = g;
            best_s = h * i;
        }
    }
    quad a = fmaxq(best_s - h, 0), b = fminq(best_s + h, c->t_max);
    for (int k = 0; k < 160; ++k) {
        quad m1 = a + (b - a) * 0.381966011250105151795Q, m2 = b - (b - a) * 0.381966Q;
        if (q_gap(&probe, m1, 0) < q_gap(&probe, m2, 0)) {
            b = m2;
        } else {
            a = m1;
        }
    }
    return sqrtq(fminq(best, q_gap(&probe, a, 0)));
}

/* A pair whose least distance over the window is R (1 - eps): a graze (or a near miss). */
static void grazing_pair(gap_case *c, double eps) {
    for (;;) {
        random_pair(c);
        quad least = q_least_distance(c);
        if (least > 0.1Q * ccl_length(c->dp) && least < (quad)ccl_length(c->dp) * 0.99Q) {
            c->R = (double)(least * (1 - (quad)eps));
            return;
        }
    }
}

static void run_cases(const char *what, void (*make)(gap_case *, double), double eps_lo,
                      double eps_hi) {
    tally t = {0, 0, 0, 0, 0.0};
    long wrong = 0;
    for (int i = 0; i < CASES; ++i) {
        gap_case c;
        double eps = eps_lo == eps_hi ? eps_lo : rng_sign() * rng_decades(eps_lo, eps_hi);
        make(&c, eps);
        wrong += !check_case(&c, &t, i);
    }
    printf("%s: %ld hits, %ld misses, %ld grazes within the margin, worst time error %.3g of the "
           "window (case %ld), %ld wrong\n",
           what, t.hits, t.misses, t.grazes, t.worst, t.worst_case, wrong);
    assert_int_equal(wrong, 0);
    assert_true(t.hits > 0);
}

static void make_random_wall(gap_case *c, double eps) {
    (void)eps;
    random_wall(c);
}

static void make_random_pair(gap_case *c, double eps) {
    (void)eps;
    random_pair(c);
}

/* A family of cases: the test's name, the seed, the name in the report, how a case is made and the
 * range of the graze's eps (equal ends: eps is that value, else a random sign times 10^[lo, hi]).
 */
typedef struct case_family {
    const char *name;
    uint64_t seed;
    const char *what;
    void (*make)(gap_case *, double);
    double eps_lo, eps_hi;
} case_family;

static case_family families[] = {
    {"wall_contacts_match_the_oracle", 11, "random walls", make_random_wall, 0.0, 0.0},
    {"grazing_wall_contacts_match_the_oracle", 12, "grazing walls", grazing_wall, -16.0, -8.0},
    {"pair_contacts_match_the_oracle", 13, "random pairs", make_random_pair, 0.0, 0.0},
    {"grazing_pair_contacts_match_the_oracle", 14, "grazing pairs", grazing_pair, -16.0, -8.0},
};

/* The family in *state: every case's contact against the quad oracle. */
static void contacts_match_the_oracle(void **state) {
    const case_family *f = *state;
    rng_seed(f->seed);
    run_cases(f->what, f->make, f->eps_lo, f->eps_hi);
}

/* W = (tau - s) / gamma against the quad form, from tiny gamma tau to far beyond 1 / gamma, and s
 * where it is not yet 1 / gamma. */
static void w_matches_its_closed_form(void **state) {
    (void)state;
    rng_seed(15);
    double worst_w = 0.0, worst_s = 0.0;
    for (int i = 0; i < 20000; ++i) {
        double gamma = rng_decades(-8.0, 3.0), y = rng_decades(-12.0, 3.0);
        double tau = y / gamma;
        quad qs = -expm1q(-(quad)gamma * tau) / gamma;
        quad exact = ((quad)tau - qs) / gamma;
        if (y < 1e-3) { /* the cancellation in tau - s: the series of y + e^-y - 1 */
            quad sum = 0, term = (quad)y * y / 2;
            for (int k = 2; k < 40; ++k) {
                sum += term;
                term *= -(quad)y / (k + 1);
            }
            exact = sum / ((quad)gamma * gamma);
        }
        worst_w = fmax(worst_w, (double)fabsq(((quad)ccl_damped_w(gamma, tau) - exact) / exact));
        worst_s = fmax(worst_s, (double)fabsq(((quad)ccl_damped_s(gamma, tau) - qs) / qs));
    }
    printf("W: worst relative error %.3g; s: %.3g\n", worst_w, worst_s);
    assert_true(worst_w < 1e-14 && worst_s < 1e-14);
}

CCL_TEST_MAIN(cmocka_unit_test(w_matches_its_closed_form),
              CCL_TEST_ROW(contacts_match_the_oracle, &families[0]),
              CCL_TEST_ROW(contacts_match_the_oracle, &families[1]),
              CCL_TEST_ROW(contacts_match_the_oracle, &families[2]),
              CCL_TEST_ROW(contacts_match_the_oracle, &families[3]))
