/* Private: the contact quadratic of two points at relative position dp, relative velocity dv and
 * contact distance R:  |dp + dv t|^2 = R^2,  i.e.  a t^2 + 2 b t + c = 0  with
 * a = dv . dv, b = dv . dp, c = dp . dp - R^2.
 *
 * Accuracy. The textbook discriminant b^2 - a c cancels catastrophically for pairs that start far
 * apart and nearly graze (both terms ~ |dv|^2 |dp|^2, their difference ~ |dv|^2 R^2). By
 * Lagrange's identity (dv . dp)^2 + (dv x dp)^2 = |dv|^2 |dp|^2, so
 *     b^2 - a c = |dv|^2 R^2 - (dv x dp)^2 = (|dv| R - |dv x dp|) (|dv| R + |dv x dp|),
 * whose rounding error is relative to |dv|^2 R^2, not to |dv|^2 |dp|^2. The roots are taken as
 * q = -(b + sign(b) sqrt(D)), t = q / a and t = c / q, so neither subtracts nearly equal numbers.
 *
 * The cross product dv x dp cancels too (two products ~ |dv| |dp| whose difference is ~ |dv| R),
 * and so does dp itself when it is the difference of two far-apart positions. Both are therefore
 * carried as unevaluated sums hi + lo (the exact rounding errors of the subtractions, by TwoSum)
 * and the cross product is evaluated with exact products (Dekker's TwoProduct, plain multiplies and
 * adds, so it vectorises and rounds the same everywhere) and a compensated sum: its error is a few
 * ulps of the result plus about 2^-100 |dv| |dp| (the rounded hi-lo products), and beyond 2^40 R
 * apart, where that term would grow past an ulp of |dv| R, with every product exact
 * (ccl_cross_compensated_far), about 2^-150 |dv| |dp| (the one rounded product, lo times lo). The
 * miss distance is then accurate to a few ulps of R up to about 2^100 R apart (further where the
 * velocities' difference is exact: the tests reach 2^120), and the hit/miss decision to ~1e-15 of
 * R (tests/test_sweep_oracle.c).
 */
#ifndef CIRCOL_NARROW_QUADRATIC_H
#define CIRCOL_NARROW_QUADRATIC_H

#include <float.h>
#include <math.h>
#include <stdbool.h>

#include "circol/math.h"
#include "core/constants.h"
#include "core/exact.h"
#include "narrow/interval.h"

/// (u + u_lo) x (v + v_lo), where the lo parts are far smaller than the hi parts, with an error
/// of a few ulps of the result plus ~2^-100 |u| |v| (compensated: exact products, error terms
/// summed apart). Moderate magnitudes only (see ccl_two_product).
static inline double ccl_cross_compensated(ccl_vec2 u, ccl_vec2 u_lo, ccl_vec2 v, ccl_vec2 v_lo) {
    double e1, e2, e3;
    double p1 = ccl_two_product(u.x, v.y, &e1);
    double p2 = ccl_two_product(u.y, v.x, &e2);
    double s = ccl_two_sum(p1, -p2, &e3);
    double low = (u.x * v_lo.y + u_lo.x * v.y) - (u.y * v_lo.x + u_lo.y * v.x);
    return s + (((e1 - e2) + e3) + low);
}

/// ccl_cross_compensated for vectors whose product is tiny beside |u| |v|, as for a pair that
/// starts more than 2^40 contact distances apart: there the rounding of the hi-lo products alone,
/// about 2^-100 |u| |v|, would reach an ulp of |dv| R. Every product is exact here (TwoProduct, the
/// lo-lo one aside, below 2^-150 |u| |v|), and the terms of the size of an ulp of |u| |v| are
/// summed with their rounding errors kept (a cascade of TwoSum), so the error is a few ulps of the
/// result plus about 2^-150 |u| |v|. Four more TwoProducts: only where the pair is that far apart.
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static double
ccl_cross_compensated_far(ccl_vec2 u, ccl_vec2 u_lo, ccl_vec2 v, ccl_vec2 v_lo) {
    double e1, e2, e3, f1, f2, f3, f4;
    double p1 = ccl_two_product(u.x, v.y, &e1);
    double p2 = ccl_two_product(u.y, v.x, &e2);
    double s = ccl_two_sum(p1, -p2, &e3);
    double l1 = ccl_two_product(u.x, v_lo.y, &f1);
    double l2 = ccl_two_product(u_lo.x, v.y, &f2);
    double l3 = ccl_two_product(u.y, v_lo.x, &f3);
    double l4 = ccl_two_product(u_lo.y, v.x, &f4);
    /* the terms of the size of an ulp of |u| |v|, summed with their rounding errors kept apart */
    double middle[6] = {-e2, e3, l1, l2, -l3, -l4};
    double h = e1, tail = 0.0, g;
    for (int m = 0; m < 6; ++m) {
        h = ccl_two_sum(h, middle[m], &g);
        tail += g;
    }
    tail += ((f1 + f2) - (f3 + f4)) + (u_lo.x * v_lo.y - u_lo.y * v_lo.x);
    double hi = ccl_two_sum(s, h, &g);
    return hi + (g + tail);
}

/// (b - a) x (p - a), with both differences exact (TwoSum) and every product exact
/// (ccl_cross_compensated_far): a few ulps of the result however long the segment [a, b] and
/// however far p lies from a, where the plain product errs by ulps of |b - a| |p - a| (the distance
/// of p across the segment's line is this over |b - a|). Sets *axis and *rel to the rounded b - a
/// and p - a. Needs differences whose components stay below 2^500 in magnitude, so that no product
/// overflows (ccl_segment_cross_fits).
static inline double ccl_segment_cross(ccl_vec2 a, ccl_vec2 b, ccl_vec2 p, ccl_vec2 *axis,
                                       ccl_vec2 *rel) {
    ccl_vec2 axis_lo, rel_lo;
    axis->x = ccl_two_sum(b.x, -a.x, &axis_lo.x);
    axis->y = ccl_two_sum(b.y, -a.y, &axis_lo.y);
    rel->x = ccl_two_sum(p.x, -a.x, &rel_lo.x);
    rel->y = ccl_two_sum(p.y, -a.y, &rel_lo.y);
    return ccl_cross_compensated_far(*axis, axis_lo, *rel, rel_lo);
}

/// True when ccl_segment_cross's differences suit it: every component at most 2^500 in magnitude,
/// and each difference at least 2^-400 somewhere (smaller ones would lose the products' errors to
/// underflow; there the plain product is as good).
static inline bool ccl_segment_cross_fits(ccl_vec2 axis, ccl_vec2 rel) {
    double ma = fmax(fabs(axis.x), fabs(axis.y)), mr = fmax(fabs(rel.x), fabs(rel.y));
    return ma >= CCL_CROSS_FIT_LOW && ma <= CCL_CROSS_FIT_HIGH && mr >= CCL_CROSS_FIT_LOW &&
           mr <= CCL_CROSS_FIT_HIGH;
}

/// w . rel + w_lo . rel_lo (w_lo: w, or w before a power of two moved a product into range) for w
/// and rel whose components are at most 2^600 and 2^500 in magnitude (one of rel's at least 2^-400,
/// or the products' errors underflow), every product exact (TwoProduct, the rel_lo one aside only
/// below 2^-150 |w| |rel|), the big products summed exactly and the terms of the size of an ulp of
/// |w| |rel| summed with their rounding errors kept: a few ulps of the result plus about 2^-150 |w|
/// |rel|, where the plain dot product errs by ulps of |w| |rel| (the distance of a point from a
/// plane through an anchor far along it). Three components: a 2D caller passes zeros for z, whose
/// terms are exact zeros, so that 2D and 3D give the same bits.
static inline double ccl_dot_compensated3(ccl_vec3 w, ccl_vec3 rel, ccl_vec3 w_lo,
                                          ccl_vec3 rel_lo) {
    double e1, e2, e3, g1, g2, f1, f2, f3;
    double p1 = ccl_two_product(w.x, rel.x, &e1);
    double p2 = ccl_two_product(w.y, rel.y, &e2);
    double p3 = ccl_two_product(w.z, rel.z, &e3);
    double s = ccl_two_sum(p1, p2, &g1);
    s = ccl_two_sum(s, p3, &g2);
    double l1 = ccl_two_product(w_lo.x, rel_lo.x, &f1);
    double l2 = ccl_two_product(w_lo.y, rel_lo.y, &f2);
    double l3 = ccl_two_product(w_lo.z, rel_lo.z, &f3);
    double middle[7] = {e2, e3, g1, g2, l1, l2, l3};
    double h = e1, tail = 0.0, g;
    for (int m = 0; m < 7; ++m) {
        h = ccl_two_sum(h, middle[m], &g);
        tail += g;
    }
    tail += (f1 + f2) + f3;
    double hi = ccl_two_sum(s, h, &g);
    return hi + (g + tail);
}

/// The signed distance of p from the plane through a with normal n (finite, not zero, of any
/// length), n . (p - a) / |n|, from the exact difference and ccl_dot_compensated3: a few ulps of
/// the distance, however far p lies from a. Where the exact products cannot be formed as they are,
/// a power of two moves them into range: a component of the offset above 2^500 (whose split would
/// overflow) is scaled down and the normal's matching component up by the same power, which leaves
/// that product and its error as they were (the offset's exact low part keeps the unscaled
/// normal, since scaled down it could underflow); an offset below 2^-400 in every component (whose
/// products' errors would underflow) is scaled up, and the distance back down. A 2D caller passes
/// z = 0 throughout and gets the bits a 3D caller gets in the plane z = 0.
static inline double ccl_plane_distance3(ccl_vec3 n, ccl_vec3 a, ccl_vec3 p) {
    int exponent;
    frexp(fmax(fmax(fabs(n.x), fabs(n.y)), fabs(n.z)), &exponent);
    double scale = ldexp(1.0, -exponent > 1023 ? 1023 : -exponent); /* largest in [1/2, 1) */
    double w[3] = {n.x * scale, n.y * scale, n.z * scale};
    double len = sqrt((w[0] * w[0] + w[1] * w[1]) + w[2] * w[2]);
    double pv[3] = {p.x, p.y, p.z}, av[3] = {a.x, a.y, a.z}, rel[3], lo[3];
    double m = 0.0;
    for (int k = 0; k < 3; ++k) {
        rel[k] = ccl_two_sum(pv[k], -av[k], &lo[k]);
        m = fmax(m, fabs(rel[k]));
    }
    if (!(m > 0.0 && m <= DBL_MAX)) { /* p = a (0), or an infinite or NaN p (passed on) */
        return ((w[0] * rel[0] + w[1] * rel[1]) + w[2] * rel[2]) / len;
    }
    double back = 1.0;
    double wl[3] = {w[0], w[1], w[2]}; /* the low parts' weights: never scaled, so never lost */
    for (int k = 0; k < 3; ++k) {
        if (fabs(rel[k]) > 0x1p500) {
            rel[k] *= 0x1p-600;
            w[k] *= 0x1p600;
        } else if (m < 0x1p-400) {
            rel[k] *= 0x1p600;
            lo[k] *= 0x1p600;
            back = 0x1p-600;
        }
    }
    double d = ccl_dot_compensated3(ccl_v3(w[0], w[1], w[2]), ccl_v3(rel[0], rel[1], rel[2]),
                                    ccl_v3(wl[0], wl[1], wl[2]), ccl_v3(lo[0], lo[1], lo[2]));
    return d / len * back;
}

/// True when a pair at relative position dp with contact distance R starts so far apart (beyond
/// CCL_FAR_APART R) that its cross product needs ccl_cross_compensated_far.
static inline bool ccl_cross_is_far(ccl_vec2 dp, double R) {
    double m = fabs(dp.x) > fabs(dp.y) ? fabs(dp.x) : fabs(dp.y);
    return m > CCL_FAR_APART * R;
}

/// What ccl_contact_interval_parts computed on the way: for a pair apart now (c > 0) whose paths
/// come within R, the square root of the discriminant and the signed cross product dv x dp
/// (compensated). At the entry the relative position is (-root dv + cross perp(dv)) / a: its
/// component along dv is (b + a t) / |dv| = -root / |dv|, its component across is the constant
/// cross / |dv|.
typedef struct ccl_contact_parts {
    bool apart; ///< c > 0 and the fields below are set
    double root, cross;
    ccl_vec2 dv; ///< the relative velocity they belong to (a power-of-two copy where rescaled)
    double R;    ///< the contact distance likewise
} ccl_contact_parts;

/// The contact interval [*t_enter, *t_exit] (over all real t) of two points that must come within
/// R of each other, with relative position dp + dp_lo and relative velocity dv + dv_lo (lo: the
/// exact rounding errors of the differences, or zero). Returns false when they never come within
/// R. A pair at rest relative to each other and within R gets (-INFINITY, INFINITY). Never divides
/// by zero; finite, moderate input only (the public functions rescale extreme input first).
/// *parts gets the square root of the discriminant and the cross product. far: the pair is
/// beyond 2^40 R apart (ccl_cross_is_far), where the cross product needs more care.
static inline bool ccl_contact_interval_far(ccl_vec2 dp, ccl_vec2 dp_lo, ccl_vec2 dv,
                                            ccl_vec2 dv_lo, double R, double *t_enter,
                                            double *t_exit, ccl_contact_parts *parts, bool far) {
    parts->apart = false;
    parts->root = 0.0;
    parts->cross = 0.0;
    parts->dv = dv;
    parts->R = R;
    double a = ccl_dot(dv, dv);
    double b = ccl_dot(dv, dp);
    double c = ccl_dot(dp, dp) - R * R;
    if (a != 0.0 && c > 0.0) {
        /* apart now and moving: the discriminant comes from the cross product */
        parts->cross = far ? ccl_cross_compensated_far(dv, dv_lo, dp, dp_lo)
                           : ccl_cross_compensated(dv, dv_lo, dp, dp_lo);
        parts->apart = true;
    }
    return ccl_contact_roots(a, b, c, R, fabs(parts->cross), &parts->root, t_enter, t_exit);
}

/// ccl_contact_interval_far deciding for itself whether the pair is far apart.
static inline bool ccl_contact_interval_parts(ccl_vec2 dp, ccl_vec2 dp_lo, ccl_vec2 dv,
                                              ccl_vec2 dv_lo, double R, double *t_enter,
                                              double *t_exit, ccl_contact_parts *parts) {
    return ccl_contact_interval_far(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit, parts,
                                    ccl_cross_is_far(dp, R));
}

/// ccl_contact_interval_parts without the parts.
static inline bool ccl_contact_interval_compensated(ccl_vec2 dp, ccl_vec2 dp_lo, ccl_vec2 dv,
                                                    ccl_vec2 dv_lo, double R, double *t_enter,
                                                    double *t_exit) {
    ccl_contact_parts parts;
    return ccl_contact_interval_parts(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit, &parts);
}

/* The first look below allows a relative error of CCL_FIRST_LOOK_RELATIVE (2^-40) for each
 * quantity, some 8000 times the few rounding errors of the few operations behind each, so that the
 * full computation, whose own error is far smaller, reaches the same verdict; and an absolute
 * CCL_FIRST_LOOK_ABSOLUTE for products lost to underflow. */

/// A lower bound on |p - q| for rounded products p and q (a component of a cross product), with
/// the first look's error allowance taken off.
static inline double ccl_first_look_cross_low(double p, double q) {
    return fabs(p - q) - (CCL_FIRST_LOOK_RELATIVE * (fabs(p) + fabs(q)) + CCL_FIRST_LOOK_ABSOLUTE);
}

/// The first look's verdict (ccl_certainly_apart) from its sums, in any dimension: b = dv . dp
/// and b_abs the sum of the magnitudes of its terms, dd = |dp|^2, a = |dv|^2, and k_low a lower
/// bound on |dv x dp| (ccl_first_look_cross_low).
static inline bool ccl_first_look_verdict(double b, double b_abs, double dd, double a, double k_low,
                                          double R, double t_max) {
    const double rel = CCL_FIRST_LOOK_RELATIVE, tiny = CCL_FIRST_LOOK_ABSOLUTE;
    double b_err = rel * b_abs + tiny;
    double rr = R * R;
    double c = dd - rr;
    double c_err = rel * (dd + rr) + tiny;
    /* apart now, by more than the error (NaN or infinity: no verdict) */
    bool apart = c - c_err > c_err;
    /* receding: the distance only grows */
    bool receding = b > b_err;
    /* the entry is no sooner than c / (2 |b|) (the root c / (-b + sqrt(D)) with sqrt(D) <= -b) */
    bool late = c - c_err > t_max * (2.0 * (fabs(b) + b_err)) * (1.0 + rel);
    /* the closest approach |dv x dp| / |dv| is beyond R; only where |dv|^2 is a normal number
     * well clear of underflow, whose error the square root would magnify past any slack */
    double wide_of = sqrt(a) * R * (1.0 + rel) + tiny;
    bool wide = (k_low > wide_of) & (a >= CCL_UNDERFLOW_NEAR);
    return apart & (receding | late | wide);
}

/// True when two points at relative position dp and velocity dv (each the rounded difference of
/// the two circles' values), with contact distance R (the rounded sum of the radii), certainly do
/// not come within R during [0, t_max]: they are apart now and either recede, or cannot close the
/// gap before t_max at their present rate of approach, or pass wide of each other. Plain double
/// arithmetic with every rounding error bounded; false (no verdict) when a bound cannot be trusted
/// (overflow, NaN) or when the pair is close to touching. Branch-free, so that it vectorises.
static inline bool ccl_certainly_apart(double dpx, double dpy, double dvx, double dvy, double R,
                                       double t_max) {
    double px = dvx * dpx, py = dvy * dpy;
    double qx = dvx * dpy, qy = dvy * dpx;
    return ccl_first_look_verdict(px + py, fabs(px) + fabs(py), dpx * dpx + dpy * dpy,
                                  dvx * dvx + dvy * dvy, ccl_first_look_cross_low(qx, qy), R,
                                  t_max);
}

#endif
