/* Swept (continuous) tests: seeds 000/001 (two moving circles), 002 (intercept check) and 004
 * (moving circle against a static circle, a vertex, a line and a segment). */
#include "circol/collision.h"

#include <float.h>
#include <math.h>

#include "core/inline.h"
#include "narrow/narrow.h"

/* Extreme input is rescaled by powers of two (exact) so that squares neither overflow nor
 * underflow. Inside [2^-200, 2^200] the direct computation is safe: squares stay inside
 * [2^-400, 2^400] and products of four such terms inside the double range. */
#define CCL_SAFE_HIGH 0x1p200
#define CCL_SAFE_LOW  0x1p-200

/* fmax(x, y) without the libm call that GCC keeps for fmax: a NaN argument gives the other. */
static double ccl_larger(double x, double y) {
    return x > y || y != y ? x : y;
}

static double ccl_max_abs2(ccl_vec2 v) {
    return ccl_larger(fabs(v.x), fabs(v.y));
}

static bool ccl_is_moderate(double magnitude) {
    return magnitude == 0.0 || (magnitude < CCL_SAFE_HIGH && magnitude > CCL_SAFE_LOW);
}

/* The exponent k such that magnitude * 2^k lies near 1, for a positive magnitude; at most 1023
 * so that 2^k itself is finite (the smallest subnormals then land near 2^-51, still moderate). */
static int ccl_unit_exponent(double magnitude) {
    int exponent;
    frexp(magnitude, &exponent);
    return -exponent > 1023 ? 1023 : -exponent;
}

/* 2^ccl_unit_exponent(magnitude): the power of two that brings a positive magnitude near 1. */
static double ccl_unit_scale(double magnitude) {
    return ldexp(1.0, ccl_unit_exponent(magnitude));
}

/* v / |v| for any finite non-zero v, scaled by a power of two first so that |v| neither
 * overflows nor loses bits to underflow; (1, 0) for the zero vector. */
static ccl_vec2 ccl_unit_direction(ccl_vec2 v) {
    double m = ccl_max_abs2(v);
    if (!(m > 0.0) || !isfinite(m)) {
        return ccl_v2(1.0, 0.0);
    }
    if (ccl_is_moderate(m)) {
        /* the scaling below is by a power of four in the square: the same bits, except that a
         * subnormal component is now rounded once instead of twice */
        double len = ccl_length(v);
        return ccl_v2(v.x / len, v.y / len);
    }
    ccl_vec2 w = ccl_scale(v, ccl_unit_scale(m));
    double len = ccl_length(w);
    return ccl_v2(w.x / len, w.y / len);
}

/* True when dv . dp < 0 (closing in), computed on copies scaled near 1 so that the products
 * cannot overflow into inf - inf = NaN. */
static bool ccl_approaching_with(ccl_vec2 dp, ccl_vec2 dv, double mp, double mv) {
    if (!(mp > 0.0) || !(mv > 0.0)) {
        return false;
    }
    if (ccl_is_moderate(mp) && ccl_is_moderate(mv)) {
        /* no product can overflow; one lost to underflow cannot flip a sum this far from 0 */
        double direct = ccl_dot(dv, dp);
        if (fabs(direct) >= 0x1p-900) {
            return direct < 0.0;
        }
    }
    return ccl_dot(ccl_scale(dv, ccl_unit_scale(mv)), ccl_scale(dp, ccl_unit_scale(mp))) < 0.0;
}

/* ccl_approaching_with for magnitudes not yet known. */
static bool ccl_approaching(ccl_vec2 dp, ccl_vec2 dv) {
    return ccl_approaching_with(dp, dv, ccl_max_abs2(dp), ccl_max_abs2(dv));
}

/* Magnitudes from here up are quartered before use, so that differences and sums of two of them
 * stay finite (times are unchanged when lengths and velocities are scaled alike). */
#define CCL_HUGE 0x1p1021

/* True when a component of v is CCL_HUGE or more. */
static bool ccl_is_huge(ccl_vec2 v) {
    return ccl_max_abs2(v) >= CCL_HUGE;
}

/* v with each component clamped to [-DBL_MAX, DBL_MAX] (v never NaN here). */
static ccl_vec2 ccl_saturate(ccl_vec2 v) {
    return ccl_v2(fmax(fmin(v.x, DBL_MAX), -DBL_MAX), fmax(fmin(v.y, DBL_MAX), -DBL_MAX));
}

/* v * 4, with components beyond DBL_MAX saturated (the contact point of a quartered problem). */
static ccl_vec2 ccl_unquarter(ccl_vec2 v) {
    return ccl_saturate(ccl_scale(v, 4.0));
}

/* ccl_relative_contact_interval_compensated, with the parts of the discriminant (those of the
 * rescaled problem where it was rescaled: a normal's direction does not change with the scale). */
static bool ccl_relative_interval_parts(ccl_vec2 dp, ccl_vec2 dp_lo, ccl_vec2 dv, ccl_vec2 dv_lo,
                                        double R, double *t_enter, double *t_exit,
                                        ccl_contact_parts *parts) {
    double length = ccl_larger(ccl_max_abs2(dp), R);
    double speed = ccl_max_abs2(dv);
    if (ccl_is_moderate(length) && ccl_is_moderate(speed)) {
        return ccl_contact_interval_parts(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit, parts);
    }
    /* Scale lengths by sl and velocities by sv; times then scale by sl / sv. */
    int kl = length > 0.0 ? ccl_unit_exponent(length) : 0;
    int kv = speed > 0.0 ? ccl_unit_exponent(speed) : 0;
    double sl = ldexp(1.0, kl), sv = ldexp(1.0, kv);
    double t0, t1;
    if (!ccl_contact_interval_parts(ccl_scale(dp, sl), ccl_scale(dp_lo, sl), ccl_scale(dv, sv),
                                    ccl_scale(dv_lo, sv), R * sl, &t0, &t1, parts)) {
        return false;
    }
    /* t = t' 2^(kv - kl), by ldexp: exact, or rounded once where it underflows, or infinite where
     * it overflows (never NaN, even for t' = 0) */
    *t_enter = ldexp(t0, kv - kl);
    *t_exit = ldexp(t1, kv - kl);
    /* keep the sign of times that underflow: a contact just after 0 is still after t_max = 0 */
    *t_enter = *t_enter == 0.0 && t0 != 0.0 ? copysign(DBL_TRUE_MIN, t0) : *t_enter;
    *t_exit = *t_exit == 0.0 && t1 != 0.0 ? copysign(DBL_TRUE_MIN, t1) : *t_exit;
    return true;
}

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

/* to - from, and in *lo the exact rounding error of each component (to - from == hi + lo). */
static ccl_vec2 ccl_sub_exact(ccl_vec2 to, ccl_vec2 from, ccl_vec2 *lo) {
    ccl_vec2 hi;
    hi.x = ccl_two_sum(to.x, -from.x, &lo->x);
    hi.y = ccl_two_sum(to.y, -from.y, &lo->y);
    return hi;
}

/* (dp + dp_lo) + t dv with one rounding at the end of each component: the relative position at
 * time t, accurate to an ulp of itself even when it is small beside dp and t dv (at contact of a
 * far-apart pair). Moderate magnitudes only; falls back to the plain form otherwise. */
static ccl_vec2 ccl_relative_at_if(ccl_vec2 dp, ccl_vec2 dp_lo, ccl_vec2 dv, double t,
                                   bool moderate) {
    if (!moderate) {
        return ccl_mul_add(dp, t, dv);
    }
    double ex, ey, sx, sy;
    double px = ccl_two_product(t, dv.x, &ex);
    double py = ccl_two_product(t, dv.y, &ey);
    double hx = ccl_two_sum(dp.x, px, &sx);
    double hy = ccl_two_sum(dp.y, py, &sy);
    return ccl_v2(hx + ((sx + ex) + dp_lo.x), hy + ((sy + ey) + dp_lo.y));
}

static ccl_vec2 ccl_relative_at(ccl_vec2 dp, ccl_vec2 dp_lo, ccl_vec2 dv, double t) {
    bool moderate = ccl_is_moderate(ccl_max_abs2(dp)) && ccl_is_moderate(ccl_max_abs2(dv)) &&
                    ccl_is_moderate(t);
    return ccl_relative_at_if(dp, dp_lo, dv, t, moderate);
}

/* The unit normal from the first centre to the second at relative position dp; when the centres
 * coincide (only possible for zero total radius or at overlap), the direction of approach -dv,
 * and (1, 0) when that is zero too; +0 for a zero component either way. */
static ccl_vec2 ccl_contact_normal(ccl_vec2 dp, ccl_vec2 dv) {
    if (dp.x != 0.0 || dp.y != 0.0) {
        return ccl_unit_direction(dp);
    }
    ccl_vec2 n = ccl_unit_direction(ccl_neg(dv));
    return ccl_v2(n.x + 0.0, n.y + 0.0); /* +0 for a zero component, as for dp */
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
    return ccl_v2(y == 0.0 ? copysign(1.0, x) : x * f + 0.0,
                  x == 0.0 ? copysign(1.0, y) : y * f + 0.0);
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
    bool entry = t > 0.0 && parts->apart && parts->R >= 0x1p-500;
    return ccl_hit_normal_rare(dp, dp_lo, dv, t, entry, parts->root, parts->cross, parts->dv);
}

bool ccl_valid_t_max(double t_max) {
    return t_max >= 0.0; /* false for NaN; INFINITY is allowed */
}

static bool ccl_valid_circle(ccl_circle c) {
    return ccl_vec2_is_finite(c.center) && isfinite(c.radius) && c.radius >= 0.0;
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

static bool ccl_sweep_circles_general(ccl_circle a, ccl_vec2 va, ccl_circle b, ccl_vec2 vb,
                                      double t_max, ccl_hit *hit);

/* The hit of circle a (velocity va) at time t, leaving at t_exit, with the given unit normal. */
static void ccl_fill_circles_hit(ccl_hit *hit, ccl_circle a, ccl_vec2 va, double t, double t_exit,
                                 ccl_vec2 normal) {
    ccl_vec2 pa = ccl_mul_add(a.center, t, va);
    hit->t = t;
    hit->t_exit = t_exit;
    hit->normal = normal;
    hit->point = ccl_mul_add(pa, a.radius, normal);
    if (!ccl_vec2_is_finite(hit->point)) {
        hit->point = ccl_saturate(pa); /* beyond DBL_MAX: the centre, saturated */
    }
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
    if (t_exit < 0.0 || t_enter > t_max || t_enter == INFINITY) {
        return false;
    }
    double t = t_enter > 0.0 ? t_enter : 0.0;
    /* ccl_approaching_with, which a product this far below 0 decides at once (the same dot
     * product as the interval's b, which the compiler computes once) */
    if (t > 0.0 && !(ccl_dot(dv, dp) <= -0x1p-900) && !ccl_approaching_with(dp, dv, mp, mv)) {
        return false;
    }
    if (hit != NULL) {
        ccl_fill_circles_hit(hit, a, va, t, t_exit, ccl_hit_normal(dp, dp_lo, dv, t, &parts));
    }
    return true;
}

/* ccl_sweep_circles_full for any input. */
static bool ccl_sweep_circles_general(ccl_circle a, ccl_vec2 va, ccl_circle b, ccl_vec2 vb,
                                      double t_max, ccl_hit *hit) {
    if (!ccl_valid_circle(a) || !ccl_valid_circle(b) || !ccl_vec2_is_finite(va) ||
        !ccl_vec2_is_finite(vb) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (ccl_is_huge(a.center) || ccl_is_huge(b.center) || ccl_is_huge(va) || ccl_is_huge(vb) ||
        a.radius >= CCL_HUGE || b.radius >= CCL_HUGE) {
        ccl_circle qa = {ccl_scale(a.center, 0.25), 0.25 * a.radius};
        ccl_circle qb = {ccl_scale(b.center, 0.25), 0.25 * b.radius};
        bool found =
            ccl_sweep_circles(qa, ccl_scale(va, 0.25), qb, ccl_scale(vb, 0.25), t_max, hit);
        if (found && hit != NULL) {
            hit->point = ccl_unquarter(hit->point);
        }
        return found;
    }
    ccl_vec2 dp_lo, dv_lo;
    ccl_vec2 dp = ccl_sub_exact(b.center, a.center, &dp_lo);
    ccl_vec2 dv = ccl_sub_exact(vb, va, &dv_lo);
    double R = a.radius + b.radius;
    if (!ccl_vec2_is_finite(dp) || !ccl_vec2_is_finite(dv) || !isfinite(R)) {
        return false; /* differences of finite values beyond DBL_MAX: nothing sensible to say */
    }
    double t_enter, t_exit;
    ccl_contact_parts parts;
    if (!ccl_relative_interval_parts(dp, dp_lo, dv, dv_lo, R, &t_enter, &t_exit, &parts)) {
        return false;
    }
    if (t_exit < 0.0 || t_enter > t_max || t_enter == INFINITY) {
        return false; /* the contact is in the past, beyond the interval or beyond DBL_MAX */
    }
    double t = t_enter > 0.0 ? t_enter : 0.0;
    if (t > 0.0 && !ccl_approaching(dp, dv)) {
        return false; /* a future entry needs approach now (guards rounding at grazing) */
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

/* The interval of t where d0 + rate t lies in [lo, hi]; false when empty. */
static bool ccl_linear_interval(double d0, double rate, double lo, double hi, double *t0,
                                double *t1) {
    if (rate == 0.0) {
        if (d0 >= lo && d0 <= hi) {
            *t0 = -INFINITY;
            *t1 = INFINITY;
            return true;
        }
        return false;
    }
    double ta = (lo - d0) / rate;
    double tb = (hi - d0) / rate;
    /* a quotient that underflows keeps its sign (a zero would mean "now") */
    ta = ta == 0.0 && lo != d0 ? copysign(DBL_TRUE_MIN, ta) : ta;
    tb = tb == 0.0 && hi != d0 ? copysign(DBL_TRUE_MIN, tb) : tb;
    *t0 = fmin(ta, tb);
    *t1 = fmax(ta, tb);
    return !isnan(*t0) && !isnan(*t1);
}

/* Fills a hit at time t for a circle whose closest point on the obstacle at t is `closest`.
 * fallback_normal is used when the centre lies on the obstacle. */
static void ccl_fill_hit(ccl_circle c, ccl_vec2 v, double t, double t_exit, ccl_vec2 closest,
                         ccl_vec2 fallback_normal, ccl_hit *hit) {
    ccl_vec2 center = ccl_mul_add(c.center, t, v);
    ccl_vec2 toward = ccl_sub(closest, center);
    ccl_vec2 normal = (toward.x != 0.0 || toward.y != 0.0) && ccl_vec2_is_finite(toward)
                          ? ccl_unit_direction(toward)
                          : ccl_v2(fallback_normal.x + 0.0, fallback_normal.y + 0.0); /* no -0 */
    hit->t = t;
    hit->t_exit = t_exit + 0.0; /* +0, not -0: the sign fmax gives a zero is the compiler's */
    hit->normal = normal;
    hit->point = closest;
    if (!ccl_vec2_is_finite(closest)) {
        hit->point = ccl_saturate(center); /* beyond DBL_MAX: the centre, saturated */
    }
}

/* The signed distance of p from the line through a with normal n (finite, not zero): that of
 * ccl_sweep_sphere_plane's plane z = 0, bit for bit. */
static double ccl_line_distance(ccl_vec2 n, ccl_vec2 a, ccl_vec2 p) {
    return ccl_plane_distance3(ccl_v3(n.x, n.y, 0.0), ccl_v3(a.x, a.y, 0.0), ccl_v3(p.x, p.y, 0.0));
}

bool ccl_sweep_circle_line(ccl_circle c, ccl_vec2 v, ccl_vec2 line_point, ccl_vec2 line_normal,
                           double t_max, ccl_hit *hit) {
    if (!ccl_valid_circle(c) || !ccl_vec2_is_finite(v) || !ccl_vec2_is_finite(line_point) ||
        !ccl_vec2_is_finite(line_normal) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (ccl_is_huge(c.center) || ccl_is_huge(v) || ccl_is_huge(line_point) ||
        c.radius >= CCL_HUGE) {
        ccl_circle qc = {ccl_scale(c.center, 0.25), 0.25 * c.radius};
        bool found = ccl_sweep_circle_line(qc, ccl_scale(v, 0.25), ccl_scale(line_point, 0.25),
                                           line_normal, t_max, hit);
        if (found && hit != NULL) {
            hit->point = ccl_unquarter(hit->point);
        }
        return found;
    }
    if (line_normal.x == 0.0 && line_normal.y == 0.0) {
        return false;
    }
    ccl_vec2 n = ccl_unit_direction(line_normal);
    /* the centre's signed distance, right to ulps of itself (n . (c - p) errs by ulps of
     * |c - p|: from an anchor far along the line, more than the radius) */
    double d0 = ccl_line_distance(line_normal, line_point, c.center);
    double rate = ccl_dot(n, v);
    if (!isfinite(d0) || !isfinite(rate)) {
        return false;
    }
    double t_enter, t_exit;
    if (!ccl_linear_interval(d0, rate, -c.radius, c.radius, &t_enter, &t_exit)) {
        return false;
    }
    if (t_exit < 0.0 || t_enter > t_max || t_enter == INFINITY) {
        return false;
    }
    double t = t_enter > 0.0 ? t_enter : 0.0;
    if (hit != NULL) {
        ccl_vec2 center = ccl_mul_add(c.center, t, v);
        double d = ccl_line_distance(line_normal, line_point, center);
        ccl_vec2 toward_line =
            d > 0.0 ? ccl_neg(n) : (d < 0.0 ? n : ccl_scale(n, rate > 0.0 ? 1.0 : -1.0));
        ccl_vec2 closest = ccl_mul_add(center, -d, n);
        ccl_fill_hit(c, v, t, t_exit, closest, toward_line, hit);
        hit->normal = toward_line;
    }
    return true;
}

bool ccl_sweep_circle_segment(ccl_circle c, ccl_vec2 v, ccl_segment s, double t_max, ccl_hit *hit) {
    if (!ccl_valid_circle(c) || !ccl_vec2_is_finite(v) || !ccl_vec2_is_finite(s.a) ||
        !ccl_vec2_is_finite(s.b) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (ccl_is_huge(c.center) || ccl_is_huge(v) || ccl_is_huge(s.a) || ccl_is_huge(s.b) ||
        c.radius >= CCL_HUGE) {
        ccl_circle qc = {ccl_scale(c.center, 0.25), 0.25 * c.radius};
        ccl_segment qs = {ccl_scale(s.a, 0.25), ccl_scale(s.b, 0.25)};
        bool found = ccl_sweep_circle_segment(qc, ccl_scale(v, 0.25), qs, t_max, hit);
        if (found && hit != NULL) {
            hit->point = ccl_unquarter(hit->point);
        }
        return found;
    }
    /* The set of times the circle touches the segment is one interval (the capsule around the
     * segment is convex and the centre moves on a line): the union of the intervals for the two
     * end caps and for the strip beside the interior. */
    double t_enter = INFINITY, t_exit = -INFINITY;
    double e0, e1;
    ccl_vec2 ends[2] = {s.a, s.b};
    for (int i = 0; i < 2; ++i) {
        ccl_vec2 dp_lo;
        ccl_vec2 dp = ccl_sub_exact(ends[i], c.center, &dp_lo);
        ccl_vec2 dv_lo = {0.0, 0.0};
        if (ccl_vec2_is_finite(dp) && ccl_relative_contact_interval_compensated(
                                          dp, dp_lo, ccl_neg(v), dv_lo, c.radius, &e0, &e1)) {
            t_enter = fmin(t_enter, e0);
            t_exit = fmax(t_exit, e1);
        }
    }
    ccl_vec2 axis = ccl_sub(s.b, s.a);
    double length = ccl_length(axis);
    if (length > 0.0 && isfinite(length)) {
        ccl_vec2 dir = ccl_v2(axis.x / length, axis.y / length);
        ccl_vec2 n = ccl_perp(dir);
        ccl_vec2 rel = ccl_sub(c.center, s.a);
        /* the centre's distance across the line, from the compensated cross product where it
         * fits (n . rel errs by ulps of |rel|: beside a long segment, more than the radius) */
        double d0 = ccl_segment_cross_fits(axis, rel)
                        ? ccl_segment_cross(s.a, s.b, c.center, &axis, &rel) / length
                        : ccl_dot(n, rel);
        double d_rate = ccl_dot(n, v);
        double u0 = ccl_dot(dir, rel), u_rate = ccl_dot(dir, v);
        double s0, s1, w0, w1;
        if (ccl_linear_interval(d0, d_rate, -c.radius, c.radius, &s0, &s1) &&
            ccl_linear_interval(u0, u_rate, 0.0, length, &w0, &w1)) {
            double lo = fmax(s0, w0), hi = fmin(s1, w1);
            if (lo <= hi) {
                t_enter = fmin(t_enter, lo);
                t_exit = fmax(t_exit, hi);
            }
        }
    }
    if (!(t_enter <= t_exit) || t_exit < 0.0 || t_enter > t_max || t_enter == INFINITY) {
        return false;
    }
    if (t_enter <= 0.0 && (isinf(t_enter) || isinf(t_exit)) &&
        !ccl_circle_segment_contact(c, s, NULL)) {
        /* An infinite end is exact only for a circle at rest on the segment; otherwise it is a
         * time beyond DBL_MAX that overflowed, and the union of the pieces may then wrongly span
         * t = 0: the contact at t = 0 must be real. */
        return false;
    }
    double t = t_enter > 0.0 ? t_enter : 0.0;
    if (hit != NULL) {
        ccl_vec2 center = ccl_mul_add(c.center, t, v);
        ccl_vec2 closest = ccl_closest_on_segment(s, center);
        ccl_vec2 fallback = ccl_unit_direction(ccl_neg(v));
        if (length > 0.0 && isfinite(length)) {
            ccl_vec2 n = ccl_perp(ccl_unit_direction(axis)); /* rescaled: unit for subnormals */
            fallback = ccl_dot(n, v) > 0.0 ? n : ccl_neg(n);
        }
        ccl_fill_hit(c, v, t, t_exit, closest, fallback, hit);
    }
    return true;
}

ccl_vec2 ccl_closest_on_segment(ccl_segment s, ccl_vec2 p) {
    ccl_vec2 axis = ccl_sub(s.b, s.a);
    if (axis.x == 0.0 && axis.y == 0.0) {
        return s.a;
    }
    ccl_vec2 rel = ccl_sub(p, s.a);
    /* the fraction along from copies scaled by a common power of two (exact): the same at every
     * scale, down to segments shorter than 2^-480 */
    double unit = ccl_unit_scale(fmax(ccl_max_abs2(axis), ccl_max_abs2(rel)));
    ccl_vec2 axis_u = ccl_scale(axis, unit), rel_u = ccl_scale(rel, unit);
    double len_sq_u = ccl_length_sq(axis_u);
    double along_u = ccl_dot(axis_u, rel_u);
    if (len_sq_u >= 0x1p-960 && len_sq_u <= DBL_MAX && isfinite(along_u)) {
        double u = along_u / len_sq_u;
        if (u <= 0.0) {
            return s.a;
        }
        if (u >= 1.0) {
            return s.b;
        }
        if (ccl_segment_cross_fits(axis, rel)) {
            /* p less its offset across the line, (b - a) x (p - a) / |b - a|^2 times
             * perp(b - a): right to ulps of p's distance from the line, where a + u (b - a) errs
             * by ulps of the segment's length (the normal beside a long segment turned) */
            double len_sq = ccl_length_sq(axis);
            double k = ccl_segment_cross(s.a, s.b, p, &axis, &rel) / len_sq;
            return ccl_v2(p.x + k * axis.y, p.y - k * axis.x);
        }
        return ccl_mul_add(s.a, u, axis);
    }
    /* very long or very short segment, or p very far: project on the unit axis, whose length
     * neither overflows nor underflows; at a quarter of the size when a difference overflows */
    double big = fmax(ccl_max_abs2(axis), ccl_max_abs2(rel)); /* inf when a difference is */
    double scale = big < 0x1p1020 ? 1.0 : 0.25;
    axis = ccl_sub(ccl_scale(s.b, scale), ccl_scale(s.a, scale));
    rel = ccl_sub(ccl_scale(p, scale), ccl_scale(s.a, scale));
    double len = ccl_length(axis);
    ccl_vec2 dir = ccl_v2(axis.x / len, axis.y / len);
    double u = ccl_dot(dir, rel);
    u = u > 0.0 ? (u < len ? u : len) : 0.0;
    if (u >= len) {
        return s.b;
    }
    ccl_vec2 point = ccl_mul_add(ccl_scale(s.a, scale), u, dir); /* at the working size */
    point = ccl_scale(point, 1.0 / scale);
    /* The closest point lies in the segment's bounding box; rounding may put it a little outside,
     * and near DBL_MAX scaling back could overflow (a contact normal came out NaN): keep it in. */
    point.x = fmin(fmax(point.x, fmin(s.a.x, s.b.x)), fmax(s.a.x, s.b.x));
    point.y = fmin(fmax(point.y, fmin(s.a.y, s.b.y)), fmax(s.a.y, s.b.y));
    return point;
}
