/* Swept (continuous) tests of two moving circles and of a circle against a fixed point: seeds
 * 000/001 (two moving circles), 002 (intercept check) and 004 (a vertex). What the spheres share
 * is sweep_pair_impl.h's; this file has the 2D parts: the approach test, the hit normal from the
 * parts of the discriminant, the first look and the path for input of moderate size. */
#include "circol/collision.h"

#include <float.h>
#include <math.h>

#include "core/constants.h"
#include "core/exact.h"
#include "core/inline.h"
#include "narrow/interval.h"
#include "narrow/narrow.h"
#include "narrow/range.h"

/* True when dv . dp < 0 (closing in), computed on copies scaled near 1 so that the products
 * cannot overflow into inf - inf = NaN. */
static bool ccl_approaching_with(ccl_vec2 dp, ccl_vec2 dv, double mp, double mv) {
    if (!(mp > 0.0) || !(mv > 0.0)) {
        return false;
    }
    if (ccl_is_moderate(mp) && ccl_is_moderate(mv)) {
        /* no product can overflow; one lost to underflow cannot flip a sum this far from 0 */
        double direct = ccl_dot(dv, dp);
        if (fabs(direct) >= CCL_UNDERFLOW_NEAR) {
            return direct < 0.0;
        }
    }
    return ccl_dot(ccl_scale(dv, ccl_unit_scale(mv)), ccl_scale(dp, ccl_unit_scale(mp))) < 0.0;
}

/* ccl_approaching_with for magnitudes not yet known. */
static bool ccl_approaching(ccl_vec2 dp, ccl_vec2 dv) {
    return ccl_approaching_with(dp, dv, ccl_max_abs2(dp), ccl_max_abs2(dv));
}

#define CCL_DIM_N 2
#define CCL_DIM_SUFFIX
#define CCL_DIM_BODY         ccl_circle
#define CCL_DIM_MAX_ABS      ccl_max_abs2
#define CCL_DIM_VALID_BODY   ccl_valid_circle
#define CCL_DIM_LARGER       ccl_larger
#define CCL_DIM_NONZERO(v)   ((v).x != 0.0 || (v).y != 0.0)
#define CCL_DIM_PLUS_ZERO(v) ccl_v2((v).x + 0.0, (v).y + 0.0)
#define CCL_DIM_OFFSET_AT(dp, dp_lo, dv, t)                                                        \
    ccl_v2(ccl_offset_at((dp).x, (dp_lo).x, (dv).x, t), ccl_offset_at((dp).y, (dp_lo).y, (dv).y, t))
#define CCL_DIM_CONTACT_INTERVAL  ccl_contact_interval_parts
#define CCL_DIM_RELATIVE_INTERVAL ccl_relative_interval_parts
#define CCL_DIM_INTERVAL_LINKAGE  static
#define CCL_DIM_FILL_HIT          ccl_fill_circles_hit
#define CCL_DIM_FILL_INLINE       CCL_ALWAYS_INLINE
#define CCL_DIM_SWEEP             ccl_sweep_circles
#define CCL_DIM_SWEEP_GENERAL     ccl_sweep_circles_general
#define CCL_DIM_GENERAL_LINKAGE   static
#include "narrow/sweep_pair_impl.h"

bool ccl_relative_contact_interval_compensated(ccl_vec2 dp, ccl_vec2 dp_lo, ccl_vec2 dv,
                                               ccl_vec2 dv_lo, double R, double *t_enter,
                                               double *t_exit) {
    ccl_contact_parts parts;
    return ccl_relative_interval_parts(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit, &parts);
}

bool ccl_relative_contact_interval(ccl_vec2 dp, ccl_vec2 dv, double R, double *t_enter,
                                   double *t_exit) {
    ccl_vec2 zero = {0.0, 0.0};
    return ccl_relative_contact_interval_compensated(dp, zero, dv, zero, R, t_enter, t_exit);
}

/* The relative position at the entry times a: -root dv + cross perp(dv) (quadratic.h). */
static ccl_vec2 ccl_entry_vector(ccl_vec2 dv, double root, double cross) {
    return ccl_v2(-root * dv.x - cross * dv.y, -root * dv.y + cross * dv.x);
}

/* The unit normal at the entry of a pair whose contact interval gave parts (apart: a pair that
 * enters at a time after 0). The relative position there is (-root dv + cross perp(dv)) / a
 * (quadratic.h): made of the discriminant's root and the cross product, whose errors are a few
 * ulps of R, and not of t, so the normal neither waits for t nor carries t's rounding, which |dv| t
 * magnifies for far-apart pairs. */
static ccl_vec2 ccl_entry_normal(ccl_vec2 dv, double R, const ccl_contact_parts *parts) {
    /* The relative position times a: its length is within a few ulps of |dv| w = a R (the root
     * and the cross product are the legs of a right triangle with hypotenuse w = |dv| R). Divided
     * by a R, computed while the root is, it is a unit vector to a few ulps; one Newton step for
     * 1 / sqrt(x^2 + y^2) near 1 brings it within about an ulp, without the square root and the
     * division that would follow the root. */
    double scale = 1.0 / (ccl_dot(dv, dv) * R);
    ccl_vec2 v = ccl_entry_vector(dv, parts->root, parts->cross);
    double x = v.x * scale, y = v.y * scale;
    double f = 1.5 - 0.5 * (x * x + y * y);
    /* Along an axis the normal is exact, as the direction of dp + dv t gave it: (1, 0) for a
     * head-on pair along x, not (0.9999999999999999, -0) (+ 0.0 turns -0 into +0). */
    return ccl_v2(ccl_unit_component(x, y == 0.0, f), ccl_unit_component(y, x == 0.0, f));
}

/* ccl_hit_normal's rarer cases: a contact distance far below the separation (1 / (a R) could
 * overflow, so the vector is normalised at its own scale, no component below 2^-900 but zeros),
 * and the direction of dp + dv t where the parts cannot serve. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static ccl_vec2
ccl_hit_normal_rare(ccl_vec2 dp, ccl_vec2 dp_lo, ccl_vec2 dv, double t, bool entry, double root,
                    double cross, ccl_vec2 w) {
    if (entry) {
        ccl_vec2 n = ccl_unit_direction(ccl_entry_vector(w, root, cross));
        return ccl_v2(n.x + 0.0, n.y + 0.0);
    }
    return ccl_contact_normal(ccl_relative_at(dp, dp_lo, dv, t), dv);
}

/* The unit normal of a hit at time t (from the first centre to the second) for relative position
 * dp + dp_lo and relative velocity dv, whose contact interval gave parts. */
static CCL_ALWAYS_INLINE ccl_vec2 ccl_hit_normal(ccl_vec2 dp, ccl_vec2 dp_lo, ccl_vec2 dv, double t,
                                                 const ccl_contact_parts *parts) {
    if (t > 0.0 && parts->apart && parts->R > CCL_SAFE_LOW) {
        return ccl_entry_normal(parts->dv, parts->R, parts);
    }
    double mp = ccl_max_abs2(dp);
    if (t == 0.0 && mp > CCL_SAFE_LOW && mp < CCL_SAFE_HIGH) {
        /* in contact now: the relative position is dp itself (dp + dp_lo rounds to dp), which
         * needs no rescaling; + 0.0 turns a -0 (from b.x = -0 and a.x = +0, say) into +0 */
        double len = sqrt(dp.x * dp.x + dp.y * dp.y);
        return ccl_v2(dp.x / len + 0.0, dp.y / len + 0.0);
    }
    bool entry = t > 0.0 && parts->apart && parts->R >= CCL_ENTRY_NORMAL_MIN_R;
    return ccl_hit_normal_rare(dp, dp_lo, dv, t, entry, parts->root, parts->cross, parts->dv);
}

bool ccl_valid_t_max(double t_max) {
    return t_max >= 0.0; /* false for NaN; INFINITY is allowed */
}

static bool ccl_sweep_circles_full(ccl_circle a, ccl_vec2 va, ccl_circle b, ccl_vec2 vb,
                                   double t_max, ccl_hit *hit);

bool ccl_sweep_circles(ccl_circle a, ccl_vec2 va, ccl_circle b, ccl_vec2 vb, double t_max,
                       ccl_hit *hit) {
    /* Most pairs a broad phase hands over miss, and a first look in plain arithmetic settles
     * them (quadratic.h). It never gives a verdict on NaN or infinite input, and a pair it calls a
     * miss is one for every input check of the full test too (false, hit untouched). The full
     * test is a function of its own, so that a settled pair does not pay for its stack frame. */
    if (ccl_certainly_apart(b.center.x - a.center.x, b.center.y - a.center.y, vb.x - va.x,
                            vb.y - va.y, a.radius + b.radius, t_max)) {
        return false;
    }
    return ccl_sweep_circles_full(a, va, b, vb, t_max, hit);
}

/* ccl_sweep_circles without the first look. Input of moderate size (the magnitudes of the
 * coordinates, velocity components and radii summing to less than 2^200, radii not negative, t_max
 * not NaN or negative, and a relative motion whose magnitudes need no rescaling) takes a path that
 * knows it: the same arithmetic as the general one, without the checks whose outcome is then
 * certain, each magnitude found once. */
CCL_NOINLINE static bool ccl_sweep_circles_full(ccl_circle a, ccl_vec2 va, ccl_circle b,
                                                ccl_vec2 vb, double t_max, ccl_hit *hit) {
    /* One sum bounds them all: rounding is monotone, so each difference and sum of two of the
     * terms below (dp, dv, R) is at most the sum, and no branch is spent on each term. A NaN or
     * infinite input makes the sum NaN or infinite, and the test false. */
    double sum = ((fabs(a.center.x) + fabs(a.center.y)) + (fabs(b.center.x) + fabs(b.center.y))) +
                 ((fabs(va.x) + fabs(va.y)) + (fabs(vb.x) + fabs(vb.y))) +
                 (fabs(a.radius) + fabs(b.radius));
    bool small = (sum < CCL_SAFE_HIGH) & (a.radius >= 0.0) & (b.radius >= 0.0) & (t_max >= 0.0);
    /* no overflow from here when small: the differences and the sum stay below 2^200 */
    ccl_vec2 dp_lo, dv_lo;
    ccl_vec2 dp = ccl_sub_exact(b.center, a.center, &dp_lo);
    ccl_vec2 dv = ccl_sub_exact(vb, va, &dv_lo);
    double R = a.radius + b.radius;
    /* ccl_max_abs2 without its care for NaN, which only input that is not small can give */
    double mp = fabs(dp.x) > fabs(dp.y) ? fabs(dp.x) : fabs(dp.y);
    double mv = fabs(dv.x) > fabs(dv.y) ? fabs(dv.x) : fabs(dv.y);
    double length = mp > R ? mp : R;
    /* below 2^200 already: only the lower end of ccl_is_moderate is left to look at */
    bool moderate =
        ((length > CCL_SAFE_LOW) | (length == 0.0)) & ((mv > CCL_SAFE_LOW) | (mv == 0.0));
    if (!(small & moderate)) {
        return ccl_sweep_circles_general(a, va, b, vb, t_max, hit); /* rescaled there */
    }
    double t_enter, t_exit;
    ccl_contact_parts parts;
    if (!ccl_contact_interval_far(dp, dp_lo, dv, dv_lo, R, &t_enter, &t_exit, &parts,
                                  mp > CCL_FAR_APART * R)) {
        return false;
    }
    if (!ccl_interval_in_window(t_enter, t_exit, t_max)) {
        return false;
    }
    double t = ccl_interval_start(t_enter);
    /* ccl_approaching_with, which a product this far below 0 decides at once (the same dot
     * product as the interval's b, which the compiler computes once) */
    if (t > 0.0 && !(ccl_dot(dv, dp) <= -CCL_UNDERFLOW_NEAR) &&
        !ccl_approaching_with(dp, dv, mp, mv)) {
        return false;
    }
    if (hit != NULL) {
        ccl_fill_circles_hit(hit, a, va, t, t_exit, ccl_hit_normal(dp, dp_lo, dv, t, &parts));
    }
    return true;
}

bool ccl_sweep_circle_point(ccl_circle c, ccl_vec2 v, ccl_vec2 p, double t_max, ccl_hit *hit) {
    ccl_circle vertex = {p, 0.0};
    ccl_vec2 still = {0.0, 0.0};
    return ccl_sweep_circles(c, v, vertex, still, t_max, hit);
}
