/* The swept test of two moving bodies, written once for circles (sweep_circles.c) and spheres
 * (sweep_spheres.c): each of those files defines the names below and includes this header. The
 * two dimensions share the algorithm operation for operation (with every z = 0 the sphere results
 * are the circle results bit for bit), so it is written once here: the rescaled contact interval,
 * the relative position at a time, the normal where the centres coincide, the hit and the test
 * for any input. What differs stays in the including file: the contact interval itself (the cross
 * product is a scalar in 2D, a vector in 3D), the approach test, the hit normal, the first look,
 * and the 2D fast path for input of moderate size.
 *
 * The includer defines, besides CCL_DIM_N and CCL_DIM_SUFFIX (narrow/dim.h):
 *   CCL_DIM_BODY, CCL_DIM_VALID_BODY   ccl_circle and ccl_valid_circle, or the sphere's
 *   CCL_DIM_MAX_ABS, CCL_DIM_LARGER    the largest absolute component; the larger of two
 *   CCL_DIM_NONZERO(v), CCL_DIM_PLUS_ZERO(v)   a component not 0; v + 0
 *   CCL_DIM_OFFSET_AT(dp, dp_lo, dv, t)   ccl_offset_at of each component
 *   CCL_DIM_CONTACT_INTERVAL           the contact interval with its parts, unscaled
 *   CCL_DIM_RELATIVE_INTERVAL, CCL_DIM_INTERVAL_LINKAGE   the rescaled one's name and linkage
 *   CCL_DIM_FILL_HIT, CCL_DIM_FILL_INLINE   the hit's name and its inlining
 *   CCL_DIM_SWEEP                      the public test
 *   CCL_DIM_SWEEP_GENERAL, CCL_DIM_GENERAL_LINKAGE   the test for any input: its name and
 *                                      linkage (the public test itself in 3D, static in 2D)
 *   CCL_DIM_FIRST_LOOK(a, va, b, vb, t_max)   where the test for any input is the public one
 *                                      (3D): its first look, true for a certain miss
 * and defines, after including, CCL_DIM(ccl_hit_normal) (declared here) and before including
 * CCL_DIM(ccl_approaching). Every one of the names is undefined at the end. */
#include "narrow/dim.h"

/* The unit normal of a hit at time t (from the first centre to the second) for relative position
 * dp + dp_lo and relative velocity dv, whose contact interval gave parts. */
static CCL_DIM_VEC CCL_DIM(ccl_hit_normal)(CCL_DIM_VEC dp, CCL_DIM_VEC dp_lo, CCL_DIM_VEC dv,
                                           double t, const CCL_DIM(ccl_contact_parts) * parts);

/* The contact interval of relative position dp + dp_lo and velocity dv + dv_lo at distance R,
 * with the parts of the discriminant (those of the rescaled problem where it was rescaled: a
 * normal's direction does not change with the scale). */
CCL_DIM_INTERVAL_LINKAGE bool CCL_DIM_RELATIVE_INTERVAL(CCL_DIM_VEC dp, CCL_DIM_VEC dp_lo,
                                                        CCL_DIM_VEC dv, CCL_DIM_VEC dv_lo, double R,
                                                        double *t_enter, double *t_exit,
                                                        CCL_DIM(ccl_contact_parts) * parts) {
    double length = CCL_DIM_LARGER(CCL_DIM_MAX_ABS(dp), R);
    double speed = CCL_DIM_MAX_ABS(dv);
    if (ccl_is_moderate(length) && ccl_is_moderate(speed)) {
        return CCL_DIM_CONTACT_INTERVAL(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit, parts);
    }
    /* Scale lengths by sl and velocities by sv; times then scale by sl / sv. */
    int kl, kv;
    ccl_rescale_exponents(length, speed, &kl, &kv);
    double sl = ldexp(1.0, kl), sv = ldexp(1.0, kv);
    double t0, t1;
    if (!CCL_DIM_CONTACT_INTERVAL(CCL_DIM(ccl_scale)(dp, sl), CCL_DIM(ccl_scale)(dp_lo, sl),
                                  CCL_DIM(ccl_scale)(dv, sv), CCL_DIM(ccl_scale)(dv_lo, sv), R * sl,
                                  &t0, &t1, parts)) {
        return false;
    }
    *t_enter = ccl_time_unscaled(t0, kv - kl);
    *t_exit = ccl_time_unscaled(t1, kv - kl);
    return true;
}

/* (dp + dp_lo) + t dv with one rounding at the end of each component: the relative position at
 * time t, accurate to an ulp of itself even when it is small beside dp and t dv (at contact of a
 * far-apart pair). Moderate magnitudes only; falls back to the plain form otherwise. */
static CCL_DIM_VEC CCL_DIM(ccl_relative_at)(CCL_DIM_VEC dp, CCL_DIM_VEC dp_lo, CCL_DIM_VEC dv,
                                            double t) {
    if (!(ccl_is_moderate(CCL_DIM_MAX_ABS(dp)) && ccl_is_moderate(CCL_DIM_MAX_ABS(dv)) &&
          ccl_is_moderate(t))) {
        return CCL_DIM(ccl_mul_add)(dp, t, dv);
    }
    return CCL_DIM_OFFSET_AT(dp, dp_lo, dv, t);
}

/* The unit normal from the first centre to the second at relative position dp; when the centres
 * coincide (only possible for zero total radius or at overlap), the direction of approach -dv,
 * and the x axis when that is zero too; +0 for a zero component either way. */
static CCL_DIM_VEC CCL_DIM(ccl_contact_normal)(CCL_DIM_VEC dp, CCL_DIM_VEC dv) {
    if (CCL_DIM_NONZERO(dp)) {
        return CCL_DIM(ccl_unit_direction)(dp);
    }
    CCL_DIM_VEC n = CCL_DIM(ccl_unit_direction)(CCL_DIM(ccl_neg)(dv));
    return CCL_DIM_PLUS_ZERO(n); /* +0 for a zero component, as for dp */
}

/* The hit of body a (velocity va) at time t, leaving at t_exit, with the given unit normal. */
static CCL_DIM_FILL_INLINE void CCL_DIM_FILL_HIT(CCL_DIM(ccl_hit) * hit, CCL_DIM_BODY a,
                                                 CCL_DIM_VEC va, double t, double t_exit,
                                                 CCL_DIM_VEC normal) {
    CCL_DIM_VEC pa = CCL_DIM(ccl_mul_add)(a.center, t, va);
    hit->t = t;
    hit->t_exit = t_exit;
    hit->normal = normal;
    hit->point = CCL_DIM(ccl_mul_add)(pa, a.radius, normal);
    if (!CCL_DIM_IS_FINITE(hit->point)) {
        hit->point = CCL_DIM(ccl_saturate)(pa); /* beyond DBL_MAX: the centre, saturated */
    }
}

/* The swept test of two bodies for any input: in 3D the public test, after its first look; in
 * 2D the path the first look and the fast path leave the rest of the input to. */
CCL_DIM_GENERAL_LINKAGE bool CCL_DIM_SWEEP_GENERAL(CCL_DIM_BODY a, CCL_DIM_VEC va, CCL_DIM_BODY b,
                                                   CCL_DIM_VEC vb, double t_max,
                                                   CCL_DIM(ccl_hit) * hit) {
#ifdef CCL_DIM_FIRST_LOOK
    /* a pair the first look settles is a miss for the full test too */
    if (CCL_DIM_FIRST_LOOK(a, va, b, vb, t_max)) {
        return false;
    }
#endif
    if (!CCL_DIM_VALID_BODY(a) || !CCL_DIM_VALID_BODY(b) || !CCL_DIM_IS_FINITE(va) ||
        !CCL_DIM_IS_FINITE(vb) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (CCL_DIM(ccl_is_huge)(a.center) || CCL_DIM(ccl_is_huge)(b.center) ||
        CCL_DIM(ccl_is_huge)(va) || CCL_DIM(ccl_is_huge)(vb) || a.radius >= CCL_HUGE ||
        b.radius >= CCL_HUGE) {
        CCL_DIM_BODY qa = {CCL_DIM(ccl_scale)(a.center, 0.25), 0.25 * a.radius};
        CCL_DIM_BODY qb = {CCL_DIM(ccl_scale)(b.center, 0.25), 0.25 * b.radius};
        return CCL_DIM(ccl_unquartered)(CCL_DIM_SWEEP(qa, CCL_DIM(ccl_scale)(va, 0.25), qb,
                                                      CCL_DIM(ccl_scale)(vb, 0.25), t_max, hit),
                                        hit);
    }
    CCL_DIM_VEC dp_lo, dv_lo;
    CCL_DIM_VEC dp = CCL_DIM(ccl_sub_exact)(b.center, a.center, &dp_lo);
    CCL_DIM_VEC dv = CCL_DIM(ccl_sub_exact)(vb, va, &dv_lo);
    double R = a.radius + b.radius;
    if (!CCL_DIM_IS_FINITE(dp) || !CCL_DIM_IS_FINITE(dv) || !isfinite(R)) {
        return false; /* differences of finite values beyond DBL_MAX: nothing sensible to say */
    }
    double t_enter, t_exit;
    CCL_DIM(ccl_contact_parts) parts;
    if (!CCL_DIM_RELATIVE_INTERVAL(dp, dp_lo, dv, dv_lo, R, &t_enter, &t_exit, &parts)) {
        return false;
    }
    if (!ccl_interval_in_window(t_enter, t_exit, t_max)) {
        return false; /* the contact is in the past, beyond the interval or beyond DBL_MAX */
    }
    double t = ccl_interval_start(t_enter);
    if (t > 0.0 && !CCL_DIM(ccl_approaching)(dp, dv)) {
        return false; /* a future entry needs approach now (guards rounding at grazing) */
    }
    if (hit != NULL) {
        CCL_DIM_FILL_HIT(hit, a, va, t, t_exit, CCL_DIM(ccl_hit_normal)(dp, dp_lo, dv, t, &parts));
    }
    return true;
}

#undef CCL_DIM_MAX_ABS
#undef CCL_DIM_LARGER
#undef CCL_DIM_NONZERO
#undef CCL_DIM_PLUS_ZERO
#undef CCL_DIM_OFFSET_AT
#undef CCL_DIM_CONTACT_INTERVAL
#undef CCL_DIM_RELATIVE_INTERVAL
#undef CCL_DIM_INTERVAL_LINKAGE
#undef CCL_DIM_FILL_HIT
#undef CCL_DIM_FILL_INLINE
#undef CCL_DIM_SWEEP
#undef CCL_DIM_SWEEP_GENERAL
#undef CCL_DIM_GENERAL_LINKAGE
#undef CCL_DIM_FIRST_LOOK
#undef CCL_DIM_N
#undef CCL_DIM_SUFFIX
#undef CCL_DIM_BODY
#undef CCL_DIM_VALID_BODY
