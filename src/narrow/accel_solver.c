/* The accelerated sweeps' solver (accel.h): the relative motion rescaled, its squared gap cut into
 * monotone pieces, and the roots refined; ccl_first_contact_accel, the world's call, is here too,
 * beside the steps it calls. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/constants.h"
#include "core/exact.h"
#include "core/onset.h"
#include "core/vec3.h"
#include "narrow/accel.h"
#include "narrow/narrow.h"

/* Knots: 0, the critical points of f inside (0, horizon), and the horizon; f at each. */
typedef struct ccl_accel_knots {
    double t[5];
    double f[5];
    int count;
} ccl_accel_knots;

/* One component of p + t v + t^2 ah + lo with the products and sums carried exactly (TwoProduct,
 * TwoSum) and rounded once at the end: an ulp of the result plus ~2^-100 of the terms, even when
 * the terms nearly cancel (a distant pair at contact). Moderate magnitudes only. */
static double ccl_accel_offset1(double p, double v, double ah, double lo, double t) {
    double e1, e2, e3, e4, e5;
    double tv = ccl_two_product(t, v, &e1);
    double tt = ccl_two_product(t, t, &e2);
    double q = ccl_two_product(tt, ah, &e3);
    double s1 = ccl_two_sum(p, tv, &e4);
    double s2 = ccl_two_sum(s1, q, &e5);
    return s2 + ((((e1 + e3) + e2 * ah) + (e4 + e5)) + lo);
}

static ccl_vec3 ccl_accel_offset(const ccl_accel_motion *m, double t) {
    if (m->compensated && fabs(t) < CCL_SAFE_HIGH) {
        ccl_vec3 lo = ccl_mul_add3(m->p_lo, t, ccl_mul_add3(m->v_lo, t, m->ah_lo));
        return ccl_v3(ccl_accel_offset1(m->p.x, m->v.x, m->ah.x, lo.x, t),
                      ccl_accel_offset1(m->p.y, m->v.y, m->ah.y, lo.y, t),
                      ccl_accel_offset1(m->p.z, m->v.z, m->ah.z, lo.z, t));
    }
    ccl_vec3 inner = ccl_mul_add3(m->v, t, m->ah);
    ccl_vec3 d = ccl_mul_add3(m->p, t, inner);
    if (!m->has_lo) {
        return d;
    }
    return ccl_add3(d, ccl_mul_add3(m->p_lo, t, ccl_mul_add3(m->v_lo, t, m->ah_lo)));
}

static ccl_vec3 ccl_accel_rate(const ccl_accel_motion *m, double t) {
    ccl_vec3 r = ccl_mul_add3(m->v, t, m->a);
    if (!m->has_lo) {
        return r;
    }
    return ccl_add3(r, ccl_mul_add3(m->v_lo, t, m->a_lo));
}

/* f(t) = |d|^2 - R^2; non-finite values (only far beyond any contact) count as far apart. */
static double ccl_accel_gap(const ccl_accel_motion *m, double t) {
    ccl_vec3 d = ccl_accel_offset(m, t);
    double f = ccl_dot3(d, d) - m->R * m->R;
    return isnan(f) ? INFINITY : f;
}

/* h(t) = d . d' = f'(t) / 2. */
static double ccl_accel_slope(const ccl_accel_motion *m, double t) {
    ccl_vec3 d = ccl_accel_offset(m, t);
    double h = ccl_dot3(d, ccl_accel_rate(m, t));
    return isnan(h) ? INFINITY : h;
}

/* h'(t) = |d'|^2 + d . a = f''(t) / 2. */
static double ccl_accel_curvature(const ccl_accel_motion *m, double t) {
    ccl_vec3 d = ccl_accel_offset(m, t);
    ccl_vec3 r = ccl_accel_rate(m, t);
    double k = ccl_dot3(r, r) + ccl_dot3(d, m->a);
    return isnan(k) ? INFINITY : k;
}

/* Which function a root is sought for: the gap f (derivative 2h) or the slope h (derivative h'). */
typedef enum ccl_accel_target { CCL_ACCEL_GAP, CCL_ACCEL_SLOPE } ccl_accel_target;

static void ccl_accel_eval(const ccl_accel_motion *m, ccl_accel_target target, double t, double *g,
                           double *dg) {
    if (target == CCL_ACCEL_GAP) {
        *g = ccl_accel_gap(m, t);
        *dg = 2.0 * ccl_accel_slope(m, t);
    } else {
        *g = ccl_accel_slope(m, t);
        *dg = ccl_accel_curvature(m, t);
    }
}

/* "Positive" class of a value: f > 0 is apart; f <= 0 is in contact. For the slope the same
 * split is used; a root is where the class changes. */
static bool ccl_accel_positive(double g) {
    return g > 0.0;
}

/* The root of a function that is monotone on [lo, hi] and changes class there
 * (class(g(lo)) != class(g(hi))). Refines the bracket to adjacent doubles (or a few ulps) and
 * returns, through *lo and *hi, the last point of lo's class and the first point of hi's class.
 * Safeguarded Newton: the first guess is the secant through the ends; a Newton step that leaves
 * the bracket, or is not half the step before last, gives a bisection instead; a converged step is
 * followed by probes a few ulps either side, which close the bracket. */
static void ccl_accel_refine(const ccl_accel_motion *m, ccl_accel_target target, double *lo,
                             double *hi) {
    double a = *lo, b = *hi;
    double ga, gb, dga, dgb;
    ccl_accel_eval(m, target, a, &ga, &dga);
    ccl_accel_eval(m, target, b, &gb, &dgb);
    bool lo_class = ccl_accel_positive(ga);
    double t = a - ga * ((b - a) / (gb - ga)); /* the secant: NaN or outside when ill-defined */
    if (!(t > a && t < b)) {
        t = a + 0.5 * (b - a);
    }
    double step = b - a, step_before = b - a;
    for (int iter = 0; iter < CCL_ACCEL_MAX_STEPS; ++iter) {
        double g, dg;
        ccl_accel_eval(m, target, t, &g, &dg);
        if (ccl_accel_positive(g) == lo_class) {
            a = t;
        } else {
            b = t;
        }
        double width = b - a;
        double next = t - g / dg;
        double ulp = CCL_ACCEL_PROBE_ULPS * DBL_EPSILON * fmax(fabs(t), DBL_MIN);
        if (fabs(next - t) < ulp || !(fabs(g / dg) >= 0.0) || g == 0.0) {
            /* converged (or a flat spot): close the bracket a few ulps either side of next */
            double centre = next > a && next < b ? next : t;
            double probes[2] = {centre - ulp, centre + ulp};
            for (int k = 0; k < 2; ++k) {
                if (probes[k] > a && probes[k] < b) {
                    double gp, dgp;
                    ccl_accel_eval(m, target, probes[k], &gp, &dgp);
                    if (ccl_accel_positive(gp) == lo_class) {
                        a = probes[k];
                    } else {
                        b = probes[k];
                    }
                }
            }
            next = a + 0.5 * (b - a);
        } else if (next > a && next < b && fabs(next - t) <= 0.5 * step_before) {
            step_before = step;
            step = fabs(next - t);
        } else {
            step_before = step;
            step = 0.5 * width;
            next = a + step;
        }
        if (!(next > a && next < b)) {
            break; /* a and b are adjacent doubles */
        }
        t = next;
    }
    *lo = a;
    *hi = b;
}

/* The roots in (lo, hi) of a t^2 + b t + c with a > 0, sorted; returns how many (0 to 2). */
static int ccl_accel_quadratic_roots(double a, double b, double c, double lo, double hi,
                                     double out[2]) {
    double disc = b * b - 4.0 * a * c;
    if (!(disc >= 0.0)) {
        return 0;
    }
    double root = sqrt(disc);
    double q = b < 0.0 ? -0.5 * (b - root) : -0.5 * (b + root);
    double r1, r2;
    if (q == 0.0) {
        r1 = r2 = 0.0;
    } else {
        r1 = q / a;
        r2 = c / q;
    }
    double first = fmin(r1, r2), second = fmax(r1, r2);
    int n = 0;
    if (first > lo && first < hi) {
        out[n++] = first;
    }
    if (second > lo && second < hi && second != first) {
        out[n++] = second;
    }
    return n;
}

/* Sign of v: -1, 0 or 1. */
static int ccl_accel_sign(double v) {
    return (v > 0.0) - (v < 0.0);
}

/* The monotone pieces of f on [0, horizon]: knots 0 < c1 < ... < horizon and f at each. */
static void ccl_accel_pieces(const ccl_accel_motion *m, double horizon, ccl_accel_knots *k) {
    /* Inflection points: roots of h'(t) = A t^2 + B t + C. */
    double A = 1.5 * ccl_dot3(m->a, m->a);
    double B = 3.0 * ccl_dot3(m->v, m->a);
    double C = ccl_dot3(m->v, m->v) + ccl_dot3(m->p, m->a);
    double inflect[2];
    int n_inflect = ccl_accel_quadratic_roots(A, B, C, 0.0, horizon, inflect);
    double x[4];
    int n = 0;
    x[n++] = 0.0;
    for (int i = 0; i < n_inflect; ++i) {
        x[n++] = inflect[i];
    }
    x[n++] = horizon;
    double h[4];
    for (int i = 0; i < n; ++i) {
        h[i] = ccl_accel_slope(m, x[i]);
    }
    k->count = 0;
    k->t[k->count++] = 0.0;
    /* Roots of h: consecutive nonzero signs that differ. A zero at an inflection knot between
     * them is the root itself (h crosses there). */
    int prev = -1;
    for (int i = 0; i < n; ++i) {
        int s = ccl_accel_sign(h[i]);
        if (s == 0) {
            continue;
        }
        if (prev >= 0 && ccl_accel_sign(h[prev]) != s) {
            double lo, hi;
            if (!ccl_root_at_knot(x, prev, i, &lo, &hi)) {
                ccl_accel_refine(m, CCL_ACCEL_SLOPE, &lo, &hi);
            }
            double root = s > 0 ? lo : hi; /* where h <= 0 ends (a minimum) or begins (a maximum) */
            if (root > k->t[k->count - 1] && root < horizon) {
                k->t[k->count++] = root;
            }
        }
        prev = i;
    }
    k->t[k->count++] = horizon;
    for (int i = 0; i < k->count; ++i) {
        k->f[i] = ccl_accel_gap(m, k->t[i]);
    }
}

/* The horizon T*: beyond it |d(t)| >= |ah| t^2 - |v| t - |p| > R. a must be nonzero. */
static double ccl_accel_horizon(const ccl_accel_motion *m) {
    double P = sqrt(ccl_dot3(m->p, m->p));
    double V = sqrt(ccl_dot3(m->v, m->v));
    double H = sqrt(ccl_dot3(m->ah, m->ah));
    double reach = P + m->R;
    double T = (V + sqrt(V * V + 4.0 * H * reach)) / (2.0 * H);
    return T * (1.0 + CCL_ACCEL_HORIZON_SLACK) + CCL_ACCEL_HORIZON_SLACK * (V / H) + DBL_MIN;
}

/* The binary exponent e of a positive finite x (x = f 2^e, f in [0.5, 1)). */
static int ccl_accel_exponent(double x) {
    int e;
    frexp(x, &e);
    return e;
}

/* v 2^k for each component: a multiplication by 2^k when that is a normal double (exact but
 * for parts that underflow, which are negligible beside the group's largest, scaled near 1),
 * else ldexp. */
static ccl_vec3 ccl_accel_ldexp3(ccl_vec3 v, int k) {
    if (k >= -1022 && k <= 1023) {
        double f;
        uint64_t bits = (uint64_t)(k + 1023) << 52;
        memcpy(&f, &bits, sizeof f);
        return ccl_scale3(v, f);
    }
    return ccl_v3(ldexp(v.x, k), ldexp(v.y, k), ldexp(v.z, k));
}

/* The largest absolute component (finite input). */
static double ccl_accel_max_abs(ccl_vec3 v) {
    double x = fabs(v.x), y = fabs(v.y), z = fabs(v.z);
    double m = x > y ? x : y;
    return m > z ? m : z;
}

/* Step 1: lengths times 2^kl, times t = t' 2^kt (*kt), with kl and kt from the exponents alone,
 * so no intermediate overflows. The lo parts are scaled alike. False when the scaled
 * acceleration vanishes (below the double range beside the velocity). */
static bool ccl_accel_scale(ccl_vec3 dp, ccl_vec3 dv, ccl_vec3 da, const ccl_vec3 lo[3], double R,
                            ccl_accel_motion *m, int *kt) {
    double length = ccl_accel_max_abs(dp);
    length = length > R ? length : R;
    double speed = ccl_accel_max_abs(dv), accel = ccl_accel_max_abs(da);
    int kl = length > 0.0 ? -ccl_accel_exponent(length) : 0;
    /* the time unit that brings max(speed, sqrt(accel)) (in scaled lengths) near 1 */
    int rate = INT_MIN;
    if (speed > 0.0) {
        rate = ccl_accel_exponent(speed) + kl;
    }
    if (accel > 0.0) {
        int half = (ccl_accel_exponent(accel) + kl + 1) / 2;
        rate = half > rate ? half : rate;
    }
    /* t = t' 2^k: a speed of 2^rate (scaled lengths per unit time) is 1 per unit of t' */
    int k = rate == INT_MIN ? 0 : -rate;
    m->p = ccl_accel_ldexp3(dp, kl);
    m->v = ccl_accel_ldexp3(dv, kl + k);
    m->a = ccl_accel_ldexp3(da, kl + 2 * k);
    m->ah = ccl_scale3(m->a, 0.5);
    m->p_lo = ccl_accel_ldexp3(lo[0], kl);
    m->v_lo = ccl_accel_ldexp3(lo[1], kl + k);
    m->a_lo = ccl_accel_ldexp3(lo[2], kl + 2 * k);
    m->ah_lo = ccl_scale3(m->a_lo, 0.5);
    m->has_lo = ccl_accel_max_abs(lo[0]) > 0.0 || ccl_accel_max_abs(lo[1]) > 0.0 ||
                ccl_accel_max_abs(lo[2]) > 0.0;
    m->R = ldexp(R, kl);
    m->compensated = false;
    *kt = k;
    return m->a.x != 0.0 || m->a.y != 0.0 || m->a.z != 0.0;
}

/* Step 4 for the sweeps: the first contact time in [0, t_max] and the exit after it, in scaled
 * units, given the pieces over [0, T*]. */
static bool ccl_accel_first_interval(const ccl_accel_motion *m, const ccl_accel_knots *k,
                                     double t_max, double *t_enter, double *t_exit) {
    int j; /* index of the piece [t[j-1], t[j]] holding the entry, or 0 for t = 0 */
    if (!ccl_accel_positive(k->f[0])) {
        *t_enter = 0.0;
        j = 0;
    } else {
        j = 1;
        while (j < k->count && ccl_accel_positive(k->f[j])) {
            if (k->t[j] >= t_max) {
                return false;
            }
            ++j;
        }
        if (j == k->count || k->t[j - 1] > t_max) {
            return false;
        }
        if (k->t[j] > t_max && ccl_accel_positive(ccl_accel_gap(m, t_max))) {
            return false;
        }
        double lo = k->t[j - 1], hi = k->t[j];
        ccl_accel_refine(m, CCL_ACCEL_GAP, &lo, &hi);
        if (hi > t_max) {
            return false;
        }
        *t_enter = hi;
    }
    /* The exit: the first knot after the entry where they are apart. */
    int i = j + 1;
    while (i < k->count && !ccl_accel_positive(k->f[i])) {
        ++i;
    }
    if (i == k->count) {
        *t_exit = k->t[k->count - 1]; /* only if rounding hides the gap at the horizon */
        return true;
    }
    double lo = k->t[i - 1], hi = k->t[i];
    if (lo < *t_enter) {
        lo = *t_enter;
    }
    ccl_accel_refine(m, CCL_ACCEL_GAP, &lo, &hi);
    *t_exit = lo;
    return true;
}

bool ccl_accel_prepare(ccl_vec3 dp, ccl_vec3 dv, ccl_vec3 da, const ccl_vec3 lo[3], double R,
                       ccl_accel_motion *m, int *kt) {
    return ccl_accel_scale(dp, dv, da, lo, R, m, kt);
}

bool ccl_accel_first_entry(const ccl_accel_motion *m, double t_max, double *t_enter,
                           double *t_exit) {
    double horizon = ccl_accel_horizon(m);
    ccl_accel_knots k;
    ccl_accel_pieces(m, horizon, &k);
    return ccl_accel_first_interval(m, &k, t_max, t_enter, t_exit);
}

ccl_vec3 ccl_accel_position(const ccl_accel_motion *m, double t) {
    return ccl_accel_offset(m, t);
}

ccl_vec3 ccl_accel_velocity(const ccl_accel_motion *m, double t) {
    return ccl_accel_rate(m, t);
}

/* True when f decreases just after t = 0: the first nonzero derivative of f at 0 is negative. */
static bool ccl_accel_approaching_at_zero(const ccl_accel_motion *m) {
    /* h = f' / 2 = p . v, h' = |v|^2 + p . a, h'' = 3 v . a (its sign); if all are 0,
     * h''' = 3 |a|^2 > 0: separating */
    return ccl_decreases_after(ccl_dot3(m->p, m->v), ccl_dot3(m->v, m->v) + ccl_dot3(m->p, m->a),
                               ccl_dot3(m->v, m->a));
}

/* The linear case of ccl_first_contact_accel (da == 0). */
static bool ccl_first_contact_linear(ccl_vec2 dp, ccl_vec2 dv, double R, double t_max, double *t) {
    double t0, t1;
    if (!ccl_relative_contact_interval(dp, dv, R, &t0, &t1) || t1 < 0.0 || t0 > t_max) {
        return false;
    }
    if (!(ccl_dot(dv, dp) < 0.0)) {
        return false; /* separating or at rest: a linear motion never turns back */
    }
    *t = t0 > 0.0 ? t0 : 0.0;
    return true;
}

bool ccl_first_contact_accel(ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R, double t_max,
                             double *t) {
    if (!ccl_vec2_is_finite(dp) || !ccl_vec2_is_finite(dv) || !ccl_vec2_is_finite(da) ||
        !isfinite(R) || !(R >= 0.0) || !(t_max >= 0.0)) {
        return false;
    }
    if (da.x == 0.0 && da.y == 0.0) {
        return ccl_first_contact_linear(dp, dv, R, t_max, t);
    }
    ccl_accel_motion m;
    int kt;
    const ccl_vec3 exact[3] = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
    if (!ccl_accel_scale(ccl_lift3(dp), ccl_lift3(dv), ccl_lift3(da), exact, R, &m, &kt)) {
        return ccl_first_contact_linear(dp, dv, R, t_max, t);
    }
    double limit = ldexp(t_max, -kt);
    double f0 = ccl_accel_gap(&m, 0.0);
    if (!ccl_accel_positive(f0) && ccl_accel_approaching_at_zero(&m)) {
        *t = 0.0;
        return true;
    }
    double horizon = ccl_accel_horizon(&m);
    if (limit < horizon) {
        /* Cheap rejection: the gap cannot close within the interval. */
        double P = sqrt(ccl_dot3(m.p, m.p));
        double V = sqrt(ccl_dot3(m.v, m.v));
        double H = sqrt(ccl_dot3(m.ah, m.ah));
        if (P - m.R > (V + H * limit) * limit * (1.0 + CCL_ACCEL_HORIZON_SLACK)) {
            return false;
        }
        horizon = limit;
    }
    ccl_accel_knots k;
    ccl_accel_pieces(&m, horizon, &k);
    for (int j = 1; j < k.count; ++j) {
        double f_lo = k.f[j - 1], f_hi = k.f[j];
        /* An increasing piece: nothing enters here. Over a piece much shorter than the gap's
         * rounding (a horizon cut short by an event due at once, say), the ends' difference is
         * noise: the slope inside the piece says which way it goes. A drop far beyond the
         * rounding is no noise: the slope at the middle may be 0 there (a stationary inflection,
         * where the slope touches 0 without changing sign, and no knot splits the piece). */
        if (!(f_hi < f_lo) || (!(ccl_accel_slope(&m, 0.5 * (k.t[j - 1] + k.t[j])) < 0.0) &&
                               !(f_lo - f_hi > CCL_ACCEL_GAP_NOISE * (fabs(f_lo) + m.R * m.R)))) {
            continue;
        }
        double found;
        if (!ccl_accel_positive(f_lo)) {
            found = k.t[j - 1]; /* turns back while still in contact */
        } else if (!ccl_accel_positive(f_hi)) {
            double lo = k.t[j - 1], hi = k.t[j];
            ccl_accel_refine(&m, CCL_ACCEL_GAP, &lo, &hi);
            found = hi;
        } else {
            continue;
        }
        if (found > limit) {
            return false;
        }
        double time = ldexp(found, kt);
        if (time > t_max || !isfinite(time)) {
            return false;
        }
        *t = time;
        return true;
    }
    return false;
}
