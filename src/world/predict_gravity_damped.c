/* Contact times under gravity with linear damping: the roots of f0 + f1 s + f2 W(s) and of
 * |dp + dv s + da W(s)|^2 - R^2 in s (world/predict_gravity_damped.h), isolated on monotone
 * pieces and refined to adjacent doubles.
 *
 * W is convex (W' = s / (1 - gamma s), W'' = 1 / (1 - gamma s)^2), so f = f0 + f1 s + f2 W(s) has
 * at most one turning point, where f' = f1 + f2 W'(s) = 0: s = -f1 / (f2 - gamma f1), a closed form
 * (no Lambert W is needed in s). For the squared distance H(s) = |r(s)|^2 - R^2, r = dp + dv s + da
 * W(s), the third derivative is H''' = 2 W'' / (1 - gamma s) K(s) with
 *   K(s) = 3 (r' . da)(1 - gamma s) + 2 gamma (r . da)
 *        = (3 dv.da + 2 gamma dp.da) + (3 |da|^2 - gamma dv.da) s + 2 gamma |da|^2 W(s),
 * a function of the first form: its roots (at most two) split [0, s_max] where H'' is monotone;
 * H'' roots split it where H' is, and H' roots where H is. Without damping the chain is the
 * quartic's (K linear). Each root is bracketed by a change of sign on a monotone piece and refined
 * by safeguarded Newton steps with bisections of the bit patterns, which end within 64 halvings. */
#include <string.h>

#include "core/constants.h"
#include "world/predict_gravity_damped.h"

/* f(ctx, s) and its slope at s. */
typedef double (*ccl_mixed_fn)(const void *ctx, double s, double *slope);

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
 * the other. A Newton step is taken where it stays inside and the bracket halved at the step
 * before; otherwise the bracket is halved. */
static void ccl_mixed_refine(ccl_mixed_fn f, const void *ctx, double *lo, double *hi) {
    double a = *lo, b = *hi, slope;
    bool lo_positive = f(ctx, a, &slope) > 0.0;
    double t = ccl_mixed_middle(a, b), width_before = INFINITY;
    for (int iter = 0; iter < CCL_MIXED_MAX_STEPS && t > a && t < b; ++iter) {
        double value = f(ctx, t, &slope);
        double width = b - a;
        if ((value > 0.0) == lo_positive) {
            a = t;
        } else {
            b = t;
        }
        double next = t - value / slope;
        bool shrunk = b - a <= 0.5 * width || b - a <= 0.5 * width_before;
        width_before = width;
        if (next == t) { /* converged: step one double towards the other class */
            next = (value > 0.0) == lo_positive ? nextafter(t, b) : nextafter(t, a);
        }
        t = shrunk && next > a && next < b ? next : ccl_mixed_middle(a, b);
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
            double root;
            if (i - prev > 1) {
                root = x[prev + 1];
            } else {
                double lo = x[prev], hi = x[i];
                ccl_mixed_refine(f, ctx, &lo, &hi);
                root = sign > 0 ? lo : hi;
            }
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

/* f0 + f1 s + f2 W(s). */
typedef struct ccl_mixed_line {
    double gamma, f0, f1, f2;
} ccl_mixed_line;

static double ccl_mixed_line_at(const void *ctx, double s, double *slope) {
    const ccl_mixed_line *f = ctx;
    *slope = f->f1 + f->f2 * (s / (1.0 - f->gamma * s));
    return f->f0 + f->f1 * s + f->f2 * ccl_damped_w(f->gamma, s);
}

/* The largest s to look at: u_max, short of 1 / gamma (where tau is infinite). */
static double ccl_mixed_horizon(double gamma, double u_max) {
    double end = 1.0 / gamma;
    while (gamma * end >= 1.0) {
        end = nextafter(end, 0.0);
    }
    return fmin(u_max, fmin(end, DBL_MAX));
}

/* The knots of a line's monotone pieces over [0, hi]: 0, its turning point if inside, hi. */
static int ccl_mixed_line_knots(const ccl_mixed_line *f, double hi, double x[3]) {
    int n = 0;
    x[n++] = 0.0;
    double turn = -f->f1 / (f->f2 - f->gamma * f->f1);
    if (turn > 0.0 && turn < hi) {
        x[n++] = turn;
    }
    x[n++] = hi;
    return n;
}

double ccl_mixed_first_fall(double gamma, double f0, double f1, double f2, double u_max) {
    if (f0 <= 0.0 && (f1 < 0.0 || (f1 == 0.0 && f2 < 0.0))) {
        return 0.0;
    }
    double hi = ccl_mixed_horizon(gamma, u_max);
    if (!(hi > 0.0)) {
        return INFINITY;
    }
    ccl_mixed_line f = {gamma, f0, f1, f2};
    double x[3];
    int n = ccl_mixed_line_knots(&f, hi, x);
    double value = f0, slope;
    for (int j = 1; j < n; ++j) {
        double next = ccl_mixed_line_at(&f, x[j], &slope);
        if (value > 0.0 && !(next > 0.0) && next < value) {
            double lo = x[j - 1], up = x[j];
            ccl_mixed_refine(ccl_mixed_line_at, &f, &lo, &up);
            return up;
        }
        value = next;
    }
    return INFINITY;
}

double ccl_mixed_first_touch(double gamma, double f0, double f1, double f2, double u_max) {
    if (f0 <= 0.0 && f1 > 0.0 && f2 < 0.0) {
        ccl_mixed_line f = {gamma, f0, f1, f2};
        double apex = -f1 / (f2 - gamma * f1), slope;
        if (!(ccl_mixed_line_at(&f, apex, &slope) > 0.0)) {
            return apex <= u_max ? apex : INFINITY; /* see ccl_first_touch */
        }
    }
    return ccl_mixed_first_fall(gamma, f0, f1, f2, u_max);
}

/* The relative motion r(s) = p + v s + a W(s) of a pair, a != 0, and the contact distance. */
typedef struct ccl_mixed_pair {
    double gamma, R;
    ccl_vec2 p, v, a;
} ccl_mixed_pair;

static ccl_vec2 ccl_mixed_offset(const ccl_mixed_pair *m, double s) {
    double w = ccl_damped_w(m->gamma, s);
    return ccl_v2(m->p.x + m->v.x * s + m->a.x * w, m->p.y + m->v.y * s + m->a.y * w);
}

static ccl_vec2 ccl_mixed_rate(const ccl_mixed_pair *m, double s) {
    double w1 = s / (1.0 - m->gamma * s);
    return ccl_v2(m->v.x + m->a.x * w1, m->v.y + m->a.y * w1);
}

/* H = |r|^2 - R^2 and its slope 2 r . r'. */
static double ccl_mixed_gap(const void *ctx, double s, double *slope) {
    const ccl_mixed_pair *m = ctx;
    ccl_vec2 r = ccl_mixed_offset(m, s), dr = ccl_mixed_rate(m, s);
    *slope = 2.0 * ccl_dot(r, dr);
    return ccl_dot(r, r) - m->R * m->R;
}

/* H' / 2 = r . r' and its slope |r'|^2 + W''(s) r . a. */
static double ccl_mixed_gap_slope(const void *ctx, double s, double *slope) {
    const ccl_mixed_pair *m = ctx;
    ccl_vec2 r = ccl_mixed_offset(m, s), dr = ccl_mixed_rate(m, s);
    double e = 1.0 - m->gamma * s;
    *slope = ccl_dot(dr, dr) + ccl_dot(r, m->a) / (e * e);
    return ccl_dot(r, dr);
}

/* H'' / 2 = |r'|^2 + W''(s) r . a, with a slope of its sign (H''' / 2 = W'' K / (1 - gamma s)). */
static double ccl_mixed_gap_curvature(const void *ctx, double s, double *slope) {
    const ccl_mixed_pair *m = ctx;
    ccl_vec2 r = ccl_mixed_offset(m, s), dr = ccl_mixed_rate(m, s);
    double e = 1.0 - m->gamma * s;
    double ra = ccl_dot(r, m->a), da = ccl_dot(dr, m->a);
    *slope = (3.0 * da * e + 2.0 * m->gamma * ra) / (e * e * e);
    return ccl_dot(dr, dr) + ra / (e * e);
}

/* True when H decreases just after s = 0: its first nonzero derivative there is negative. */
static bool ccl_mixed_approaching_at_zero(const ccl_mixed_pair *m) {
    double h1 = ccl_dot(m->p, m->v);
    if (h1 != 0.0) {
        return h1 < 0.0;
    }
    double h2 = ccl_dot(m->v, m->v) + ccl_dot(m->p, m->a);
    if (h2 != 0.0) {
        return h2 < 0.0;
    }
    return 3.0 * ccl_dot(m->v, m->a) + 2.0 * m->gamma * ccl_dot(m->p, m->a) < 0.0;
}

/* The knots 0 = x[0] < ... < hi between which H is monotone (at most 6): through the roots of K,
 * of H'' and of H'. */
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
 * most |v|_1 hi + |a|_1 W(hi) (W increases), with the margin of ccl_pair_out_of_reach. */
static bool ccl_mixed_out_of_reach(const ccl_mixed_pair *m, double hi) {
    double reach = m->R + (fabs(m->v.x) + fabs(m->v.y)) * hi +
                   (fabs(m->a.x) + fabs(m->a.y)) * ccl_damped_w(m->gamma, hi);
    return reach >= 0x1p-500 && ccl_dot(m->p, m->p) > reach * reach * (1.0 + 0x1p-20);
}

double ccl_mixed_pair_entry(double gamma, ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R,
                            double u_max) {
    ccl_mixed_pair m = {gamma, R, dp, dv, da};
    double hi = ccl_mixed_horizon(gamma, u_max), slope;
    if (!(hi >= 0.0) || ccl_mixed_out_of_reach(&m, hi)) {
        return INFINITY;
    }
    if (!(ccl_mixed_gap(&m, 0.0, &slope) > 0.0) && ccl_mixed_approaching_at_zero(&m)) {
        return 0.0;
    }
    double x[6];
    int n = ccl_mixed_pair_knots(&m, hi, x);
    double value = ccl_mixed_gap(&m, x[0], &slope);
    for (int j = 1; j < n; ++j) {
        double next = ccl_mixed_gap(&m, x[j], &slope);
        if (next < value) { /* a falling piece: an entry if it starts apart and ends in contact */
            if (!(value > 0.0)) {
                return x[j - 1]; /* turns back while still in contact */
            }
            if (!(next > 0.0)) {
                double lo = x[j - 1], up = x[j];
                ccl_mixed_refine(ccl_mixed_gap, &m, &lo, &up);
                return up;
            }
        }
        value = next;
    }
    return INFINITY;
}
