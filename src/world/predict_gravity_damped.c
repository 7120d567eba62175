/* Contact times under gravity with linear damping: the roots of f0 + f1 s + f2 W and of
 * |dp + dv s + da W|^2 - R^2 in the elapsed time tau (world/predict_gravity_damped.h), isolated on
 * monotone pieces and refined to adjacent doubles.
 *
 * s increases with tau, so pieces and roots are those of the same functions of s, where W is
 * convex (dW/ds = s / (1 - gamma s), d2W/ds2 = 1 / (1 - gamma s)^2): f = f0 + f1 s + f2 W has at
 * most one turning point, where f1 + f2 dW/ds = 0, at s = -f1 / (f2 - gamma f1), a closed form
 * (no Lambert W is needed). For the squared distance H = |r|^2 - R^2, r = dp + dv s + da W, the
 * third derivative in s is 2 d2W/ds2 K / (1 - gamma s) with
 *   K = 3 u . da + 2 gamma r . da
 *     = (3 dv.da + 2 gamma dp.da) + (3 |da|^2 - gamma dv.da) s + 2 gamma |da|^2 W,
 * where u = dv e + da s (e = exp(-gamma tau)) is the relative velocity in time: a function of the
 * first form, with at most two roots. Between them H'' (in s) is monotone; it has the sign of
 * C = |u|^2 + r . da, so C has at most one root there. Between the roots of C, H' (in s) is
 * monotone, and it has the sign of B = r . u; between the roots of B, H is monotone. Without
 * damping the chain is the quartic's (K linear). Each root is bracketed by a change of sign on
 * such a piece and refined by safeguarded Newton steps in tau with bisections of the bit
 * patterns, which end within 64 halvings. */
#include <string.h>

#include "core/constants.h"
#include "core/elementary.h"
#include "core/onset.h"
#include "world/predict_gravity_damped.h"

/* f(ctx, tau) and its slope in tau. */
typedef double (*ccl_mixed_fn)(const void *ctx, double tau, double *slope);

/* The middle of [a, b] for 0 <= a < b: the mean of the bit patterns, which halves the number of
 * doubles between them, so that a bracket closes within 64 halvings whatever its scale. */
static double ccl_mixed_middle(double a, double b) {
    uint64_t ia, ib;
    memcpy(&ia, &a, sizeof ia);
    memcpy(&ib, &b, sizeof ib);
    uint64_t im = ia + (ib - ia) / 2;
    double m;
    memcpy(&m, &im, sizeof m);
    return m > a && m < b ? m : b;
}

/* The root of f, monotone on [*lo, *hi] (0 <= *lo < *hi) with f > 0 at one end only: narrows the
 * bracket to adjacent doubles, *lo the last point of lo's class (> 0 or not) and *hi the first of
 * the other. A Newton step is taken where it stays inside and is less than half the step before
 * last; otherwise the bracket is halved. A step within a few ulps is followed by the point a few
 * ulps beyond it, so that the bracket closes around a converged root at once. */
static void ccl_mixed_refine(ccl_mixed_fn f, const void *ctx, double *lo, double *hi) {
    double a = *lo, b = *hi, slope;
    bool lo_positive = f(ctx, a, &slope) > 0.0;
    double t = ccl_mixed_middle(a, b), step = b - a, step_before = b - a;
    for (int iter = 0; iter < CCL_MIXED_MAX_STEPS && t > a && t < b; ++iter) {
        double value = f(ctx, t, &slope);
        bool below = (value > 0.0) == lo_positive; /* the root is above t */
        if (below) {
            a = t;
        } else {
            b = t;
        }
        double next = t - value / slope;
        double ulps = 4.0 * DBL_EPSILON * fmax(t, DBL_MIN);
        if (fabs(next - t) <= ulps) {
            next = below ? fmax(next, t) + ulps : fmin(next, t) - ulps;
        } else if (!(fabs(next - t) < 0.5 * step_before)) {
            next = NAN;
        }
        step_before = step;
        step = fabs(next - t);
        t = next > a && next < b ? next : ccl_mixed_middle(a, b);
    }
    *lo = a;
    *hi = b;
}

/* Sign of v: -1, 0 or 1 (0 for NaN). */
static int ccl_mixed_sign(double v) {
    return (v > 0.0) - (v < 0.0);
}

/* Given knots x[0] < ... < x[n-1] between which f is monotone, writes to out the knots between
 * which it keeps its sign: x[0], each root of f strictly inside, x[n-1]; returns their count. A
 * zero at a knot between two opposite signs is the root itself. */
static int ccl_mixed_split(ccl_mixed_fn f, const void *ctx, const double *x, int n, double *out) {
    int count = 0;
    out[count++] = x[0];
    int prev = -1, prev_sign = 0;
    for (int i = 0; i < n; ++i) {
        double slope;
        int sign = ccl_mixed_sign(f(ctx, x[i], &slope));
        if (sign == 0) {
            continue;
        }
        if (prev >= 0 && prev_sign != sign) {
            double lo, hi;
            if (!ccl_root_at_knot(x, prev, i, &lo, &hi)) {
                ccl_mixed_refine(f, ctx, &lo, &hi);
            }
            double root = sign > 0 ? lo : hi;
            if (root > out[count - 1] && root < x[n - 1]) {
                out[count++] = root;
            }
        }
        prev = i;
        prev_sign = sign;
    }
    out[count++] = x[n - 1];
    return count;
}

/* The time of s (INFINITY where gamma s >= 1: never). */
static double ccl_mixed_time_of(double gamma, double s) {
    double x = gamma * s;
    return x < 1.0 ? -ccl_log1p(-x) / gamma : INFINITY;
}

/* The pieces' bound: from this tau on, |f2| W exceeds |f0| + |f1| s (W >= (tau - 1 / gamma) /
 * gamma, s <= 1 / gamma), so f keeps f2's sign; t_max if that is earlier. */
static double ccl_mixed_horizon(double gamma, double fixed, double growth, double t_max) {
    double h = (1.0 + 0x1p-20) * (1.0 / gamma + gamma * fixed / growth) + DBL_MIN;
    return fmin(t_max, fmin(h, DBL_MAX));
}

/* f0 + f1 s + f2 W. */
typedef struct ccl_mixed_line {
    double gamma, f0, f1, f2;
} ccl_mixed_line;

static double ccl_mixed_line_at(const void *ctx, double tau, double *slope) {
    const ccl_mixed_line *f = ctx;
    double s, w;
    ccl_damped_sw(f->gamma, tau, &s, &w);
    *slope = f->f1 * (1.0 - f->gamma * s) + f->f2 * s; /* only a Newton step's: e = 1 - gamma s */
    return f->f0 + f->f1 * s + f->f2 * w;
}

/* The knots of a line's monotone pieces over [0, hi]: 0, its turning point if inside, hi. */
static int ccl_mixed_line_knots(const ccl_mixed_line *f, double hi, double x[3]) {
    int n = 0;
    x[n++] = 0.0;
    double turn = ccl_mixed_time_of(f->gamma, -f->f1 / (f->f2 - f->gamma * f->f1));
    if (turn > 0.0 && turn < hi) {
        x[n++] = turn;
    }
    x[n++] = hi;
    return n;
}

/* The first fall of f from above 0 to 0 or below over its knots x; INFINITY if none. */
static double ccl_mixed_line_fall(const ccl_mixed_line *f, const double *x, int n) {
    double value = f->f0, slope;
    for (int j = 1; j < n; ++j) {
        double next = ccl_mixed_line_at(f, x[j], &slope);
        if (value > 0.0 && !(next > 0.0)) {
            double lo = x[j - 1], up = x[j];
            ccl_mixed_refine(ccl_mixed_line_at, f, &lo, &up);
            return up;
        }
        value = next;
    }
    return INFINITY;
}

double ccl_mixed_first_fall(double gamma, double f0, double f1, double f2, double t_max) {
    if (f0 <= 0.0 && (f1 < 0.0 || (f1 == 0.0 && f2 < 0.0))) {
        return 0.0;
    }
    if (f2 == 0.0) { /* a straight line in s */
        double t = ccl_mixed_time_of(gamma, ccl_first_fall(f0, f1, 0.0, INFINITY));
        return t <= t_max ? t : INFINITY;
    }
    double hi = ccl_mixed_horizon(gamma, fabs(f0) + fabs(f1) / gamma, fabs(f2), t_max);
    if (!(hi > 0.0)) {
        return INFINITY;
    }
    /* the gap cannot close by hi: s <= tau and W <= tau^2 / 2 bound it with no exponential */
    if (f0 > (fabs(f1) + 0.5 * fabs(f2) * hi) * hi * (1.0 + 0x1p-20)) {
        return INFINITY;
    }
    ccl_mixed_line f = {gamma, f0, f1, f2};
    double x[3];
    int n = ccl_mixed_line_knots(&f, hi, x);
    double t = ccl_mixed_line_fall(&f, x, n);
    return t <= t_max ? t : INFINITY;
}

double ccl_mixed_first_touch(double gamma, double f0, double f1, double f2, double t_max) {
    if (f0 <= 0.0 && f1 > 0.0 && f2 < 0.0) {
        ccl_mixed_line f = {gamma, f0, f1, f2};
        double apex = ccl_mixed_time_of(gamma, -f1 / (f2 - gamma * f1)), slope;
        if (!(ccl_mixed_line_at(&f, apex, &slope) > 0.0)) {
            return apex <= t_max ? apex : INFINITY; /* see ccl_first_touch */
        }
    }
    return ccl_mixed_first_fall(gamma, f0, f1, f2, t_max);
}

/* The relative motion r = p + v s + a W of a pair (a != 0), and the contact distance. */
typedef struct ccl_mixed_pair {
    double gamma, R;
    ccl_vec2 p, v, a;
} ccl_mixed_pair;

/* r and u = dr / dtau = v e + a s at tau. */
static void ccl_mixed_motion(const ccl_mixed_pair *m, double tau, ccl_vec2 *r, ccl_vec2 *u) {
    double s, w;
    ccl_damped_sw(m->gamma, tau, &s, &w);
    double e = ccl_exp(-m->gamma * tau);
    *r = ccl_v2(m->p.x + m->v.x * s + m->a.x * w, m->p.y + m->v.y * s + m->a.y * w);
    *u = ccl_v2(m->v.x * e + m->a.x * s, m->v.y * e + m->a.y * s);
}

/* H = |r|^2 - R^2, slope 2 r . u. */
static double ccl_mixed_gap(const void *ctx, double tau, double *slope) {
    const ccl_mixed_pair *m = ctx;
    ccl_vec2 r, u;
    ccl_mixed_motion(m, tau, &r, &u);
    *slope = 2.0 * ccl_dot(r, u);
    return ccl_dot(r, r) - m->R * m->R;
}

/* B = r . u, slope |u|^2 + r . (a - gamma u). */
static double ccl_mixed_gap_slope(const void *ctx, double tau, double *slope) {
    const ccl_mixed_pair *m = ctx;
    ccl_vec2 r, u;
    ccl_mixed_motion(m, tau, &r, &u);
    double b = ccl_dot(r, u);
    *slope = ccl_dot(u, u) + ccl_dot(r, m->a) - m->gamma * b;
    return b;
}

/* C = |u|^2 + r . a, slope 3 u . a - 2 gamma |u|^2. */
static double ccl_mixed_gap_curvature(const void *ctx, double tau, double *slope) {
    const ccl_mixed_pair *m = ctx;
    ccl_vec2 r, u;
    ccl_mixed_motion(m, tau, &r, &u);
    double uu = ccl_dot(u, u);
    *slope = 3.0 * ccl_dot(u, m->a) - 2.0 * m->gamma * uu;
    return uu + ccl_dot(r, m->a);
}

/* True when H decreases just after 0: the first nonzero of B, C and K there is negative. */
static bool ccl_mixed_approaching_at_zero(const ccl_mixed_pair *m) {
    double pa = ccl_dot(m->p, m->a);
    return ccl_decreases_after(ccl_dot(m->p, m->v), ccl_dot(m->v, m->v) + pa,
                               3.0 * ccl_dot(m->v, m->a) + 2.0 * m->gamma * pa);
}

/* The knots 0 = x[0] < ... < hi between which H is monotone (at most 6): through the roots of K,
 * of C and of B. */
static int ccl_mixed_pair_knots(const ccl_mixed_pair *m, double hi, double *x) {
    double gamma = m->gamma, va = ccl_dot(m->v, m->a), aa = ccl_dot(m->a, m->a);
    ccl_mixed_line k = {gamma, 3.0 * va + 2.0 * gamma * ccl_dot(m->p, m->a), 3.0 * aa - gamma * va,
                        2.0 * gamma * aa};
    double k_knots[3], curvature_knots[4], slope_knots[5];
    int n = ccl_mixed_line_knots(&k, hi, k_knots);
    n = ccl_mixed_split(ccl_mixed_line_at, &k, k_knots, n, curvature_knots);
    n = ccl_mixed_split(ccl_mixed_gap_curvature, m, curvature_knots, n, slope_knots);
    return ccl_mixed_split(ccl_mixed_gap_slope, m, slope_knots, n, x);
}

/* Whether the pair stays farther than R apart until hi: the distance it can close by then is at
 * most |v|_1 s + |a|_1 W (both grow with tau), with the margin of ccl_pair_out_of_reach. */
static bool ccl_mixed_out_of_reach(const ccl_mixed_pair *m, double hi) {
    double s, w;
    ccl_damped_sw(m->gamma, hi, &s, &w);
    double reach = m->R + (fabs(m->v.x) + fabs(m->v.y)) * s + (fabs(m->a.x) + fabs(m->a.y)) * w;
    return reach >= 0x1p-500 && ccl_dot(m->p, m->p) > reach * reach * (1.0 + 0x1p-20);
}

/* The first fall of H from above 0 to 0 or below over its knots x; INFINITY if none. */
static double ccl_mixed_pair_fall(const ccl_mixed_pair *m, const double *x, int n) {
    double slope, value = ccl_mixed_gap(m, x[0], &slope);
    for (int j = 1; j < n; ++j) {
        double next = ccl_mixed_gap(m, x[j], &slope);
        if (next < value) { /* a falling piece: an entry if it starts apart and ends in contact */
            if (!(value > 0.0)) {
                return x[j - 1]; /* turns back while still in contact */
            }
            if (!(next > 0.0)) {
                double lo = x[j - 1], up = x[j];
                ccl_mixed_refine(ccl_mixed_gap, m, &lo, &up);
                return up;
            }
        }
        value = next;
    }
    return INFINITY;
}

double ccl_mixed_pair_entry(double gamma, ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R,
                            double t_max) {
    if (ccl_pair_out_of_reach(dp, dv, da, R, t_max)) {
        return INFINITY; /* s <= tau and W <= tau^2 / 2: the undamped reach bounds the damped */
    }
    if (da.x == 0.0 && da.y == 0.0) { /* a straight line in s */
        double s_max = t_max < INFINITY ? ccl_damped_s(gamma, t_max) : 1.0 / gamma;
        double s = ccl_pair_entry(dp, dv, da, R, s_max);
        double t = s == 0.0 ? 0.0 : ccl_mixed_time_of(gamma, s);
        return t <= t_max ? t : INFINITY;
    }
    ccl_mixed_pair m = {gamma, R, dp, dv, da};
    double fixed = ccl_length(dp) + R + ccl_length(dv) / gamma;
    double hi = ccl_mixed_horizon(gamma, fixed, ccl_length(da), t_max), slope;
    if (!(hi >= 0.0) || ccl_mixed_out_of_reach(&m, hi)) {
        return INFINITY;
    }
    if (!(ccl_mixed_gap(&m, 0.0, &slope) > 0.0) && ccl_mixed_approaching_at_zero(&m)) {
        return 0.0;
    }
    double x[6];
    int n = ccl_mixed_pair_knots(&m, hi, x);
    double t = ccl_mixed_pair_fall(&m, x, n);
    return t <= t_max ? t : INFINITY;
}
