/* The swept tests of a moving body against a fixed line or plane and against a segment, written
 * once for circles (sweep_obstacles.c) and spheres (sweep_sphere_obstacles.c): each of those files
 * defines the names below and includes this header, which defines its public functions. The two
 * dimensions share the algorithm operation for operation (with every z = 0 the sphere results are
 * the circle results bit for bit), so it is written once; the test beside the segment's interior
 * (a strip in 2D, a cylinder in 3D) and the normal of a centre on the segment differ, and stay in
 * the including file.
 *
 * The includer defines, besides CCL_DIM_N and CCL_DIM_SUFFIX (narrow/dim.h):
 *   CCL_DIM_BODY, CCL_DIM_VALID_BODY    ccl_circle and ccl_valid_circle, or the sphere's
 *   CCL_DIM_NONZERO(v), CCL_DIM_PLUS_ZERO(v), CCL_DIM_ZERO   a component not 0; v + 0; 0
 *   CCL_DIM_PLANE_DISTANCE(n, a, p)     the signed distance of p from the plane (a, n)
 *   CCL_DIM_CAP_INTERVAL(dp, dp_lo, dv, dv_lo, R, t_enter, t_exit, parts)   the compensated
 *                                       contact interval of an end cap
 *   CCL_DIM_SEGMENT_CONTACT             the static body-segment test (overlap_impl.h)
 *   CCL_DIM_SIDE(c, v, s, axis, length, frame, t_enter, t_exit)   joins the times the body
 *                                       touches the segment beside its interior
 *   CCL_DIM_FALLBACK_NORMAL(v, axis, length, has_axis, frame)   the normal of a hit whose centre
 *                                       lies on the segment
 *   CCL_DIM_SWEEP_PLANE, CCL_DIM_SWEEP_SEGMENT   the public names
 * and, where the side test leaves a frame for the fallback normal (3D), CCL_DIM_FRAME and its
 * initial value CCL_DIM_FRAME_NONE, and where the cap interval fills the parts of its
 * discriminant (3D), their type CCL_DIM_CAP_PARTS. The hooks pass on what their dimension's
 * functions take.
 * Every one of the names is undefined at the end. */
#include "narrow/dim.h"

/* Fills a hit at time t for a body whose closest point on the obstacle at t is `closest`.
 * fallback_normal is used when the centre lies on the obstacle. */
static void CCL_DIM(ccl_fill_hit)(CCL_DIM_BODY c, CCL_DIM_VEC v, double t, double t_exit,
                                  CCL_DIM_VEC closest, CCL_DIM_VEC fallback_normal,
                                  CCL_DIM(ccl_hit) * hit) {
    CCL_DIM_VEC center = CCL_DIM(ccl_mul_add)(c.center, t, v);
    CCL_DIM_VEC toward = CCL_DIM(ccl_sub)(closest, center);
    CCL_DIM_VEC normal = CCL_DIM_NONZERO(toward) && CCL_DIM_IS_FINITE(toward)
                             ? CCL_DIM(ccl_unit_direction)(toward)
                             : CCL_DIM_PLUS_ZERO(fallback_normal); /* no -0 */
    hit->t = t;
    hit->t_exit = t_exit + 0.0; /* +0, not -0: the sign fmax gives a zero is the compiler's */
    hit->normal = normal;
    hit->point = closest;
    if (!CCL_DIM_IS_FINITE(closest)) {
        hit->point = CCL_DIM(ccl_saturate)(center); /* beyond DBL_MAX: the centre, saturated */
    }
}

bool CCL_DIM_SWEEP_PLANE(CCL_DIM_BODY c, CCL_DIM_VEC v, CCL_DIM_VEC plane_point,
                         CCL_DIM_VEC plane_normal, double t_max, CCL_DIM(ccl_hit) * hit) {
    if (!CCL_DIM_VALID_BODY(c) || !CCL_DIM_IS_FINITE(v) || !CCL_DIM_IS_FINITE(plane_point) ||
        !CCL_DIM_IS_FINITE(plane_normal) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (CCL_DIM(ccl_is_huge)(c.center) || CCL_DIM(ccl_is_huge)(v) ||
        CCL_DIM(ccl_is_huge)(plane_point) || c.radius >= CCL_HUGE) {
        CCL_DIM_BODY qc = {CCL_DIM(ccl_scale)(c.center, 0.25), 0.25 * c.radius};
        return CCL_DIM(ccl_unquartered)(CCL_DIM_SWEEP_PLANE(qc, CCL_DIM(ccl_scale)(v, 0.25),
                                                            CCL_DIM(ccl_scale)(plane_point, 0.25),
                                                            plane_normal, t_max, hit),
                                        hit);
    }
    if (!CCL_DIM_NONZERO(plane_normal)) {
        return false;
    }
    CCL_DIM_VEC n = CCL_DIM(ccl_unit_direction)(plane_normal);
    /* the centre's signed distance, right to ulps of itself (n . (c - p) errs by ulps of
     * |c - p|: from an anchor far along the line, more than the radius) */
    double d0 = CCL_DIM_PLANE_DISTANCE(plane_normal, plane_point, c.center);
    double rate = CCL_DIM(ccl_dot)(n, v);
    double t, t_exit;
    if (!ccl_band_contact(d0, rate, c.radius, t_max, &t, &t_exit)) {
        return false;
    }
    if (hit != NULL) {
        CCL_DIM_VEC center = CCL_DIM(ccl_mul_add)(c.center, t, v);
        double d = CCL_DIM_PLANE_DISTANCE(plane_normal, plane_point, center);
        CCL_DIM_VEC toward_plane = CCL_DIM(ccl_scale)(n, ccl_toward_band(d, rate));
        CCL_DIM_VEC closest = CCL_DIM(ccl_mul_add)(center, -d, n);
        CCL_DIM(ccl_fill_hit)(c, v, t, t_exit, closest, toward_plane, hit);
        hit->normal = toward_plane;
    }
    return true;
}

/* Joins to [*t_enter, *t_exit] the times body c (velocity v) touches the end caps of s. */
static void CCL_DIM(ccl_segment_caps)(CCL_DIM_BODY c, CCL_DIM_VEC v, CCL_DIM(ccl_segment) s,
                                      double *t_enter, double *t_exit) {
    CCL_DIM_VEC ends[2] = {s.a, s.b};
    for (int i = 0; i < 2; ++i) {
        double e0, e1;
        CCL_DIM_VEC dp_lo;
        CCL_DIM_VEC dp = CCL_DIM(ccl_sub_exact)(ends[i], c.center, &dp_lo);
        CCL_DIM_VEC dv_lo = CCL_DIM_ZERO;
#ifdef CCL_DIM_CAP_PARTS
        CCL_DIM_CAP_PARTS parts;
#endif
        if (CCL_DIM_IS_FINITE(dp) && CCL_DIM_CAP_INTERVAL(dp, dp_lo, CCL_DIM(ccl_neg)(v), dv_lo,
                                                          c.radius, &e0, &e1, &parts)) {
            ccl_interval_join(t_enter, t_exit, e0, e1);
        }
    }
}

bool CCL_DIM_SWEEP_SEGMENT(CCL_DIM_BODY c, CCL_DIM_VEC v, CCL_DIM(ccl_segment) s, double t_max,
                           CCL_DIM(ccl_hit) * hit) {
    if (!CCL_DIM_VALID_BODY(c) || !CCL_DIM_IS_FINITE(v) || !CCL_DIM_IS_FINITE(s.a) ||
        !CCL_DIM_IS_FINITE(s.b) || !ccl_valid_t_max(t_max)) {
        return false;
    }
    if (CCL_DIM(ccl_is_huge)(c.center) || CCL_DIM(ccl_is_huge)(v) || CCL_DIM(ccl_is_huge)(s.a) ||
        CCL_DIM(ccl_is_huge)(s.b) || c.radius >= CCL_HUGE) {
        CCL_DIM_BODY qc = {CCL_DIM(ccl_scale)(c.center, 0.25), 0.25 * c.radius};
        CCL_DIM(ccl_segment) qs = {CCL_DIM(ccl_scale)(s.a, 0.25), CCL_DIM(ccl_scale)(s.b, 0.25)};
        return CCL_DIM(ccl_unquartered)(
            CCL_DIM_SWEEP_SEGMENT(qc, CCL_DIM(ccl_scale)(v, 0.25), qs, t_max, hit), hit);
    }
    /* The set of times the body touches the segment is one interval (the capsule around the
     * segment is convex and the centre moves on a line): the union of the intervals for the two
     * end caps and for the part beside the interior. */
    double t_enter = INFINITY, t_exit = -INFINITY;
    CCL_DIM(ccl_segment_caps)(c, v, s, &t_enter, &t_exit);
    CCL_DIM_VEC axis = CCL_DIM(ccl_sub)(s.b, s.a);
    double length = CCL_DIM(ccl_length)(axis);
    bool has_axis = length > 0.0 && isfinite(length);
#ifdef CCL_DIM_FRAME
    CCL_DIM_FRAME frame = CCL_DIM_FRAME_NONE;
#endif
    if (has_axis) {
        CCL_DIM_SIDE(c, v, s, axis, length, &frame, &t_enter, &t_exit);
    }
    if (!(t_enter <= t_exit) || !ccl_interval_in_window(t_enter, t_exit, t_max)) {
        return false;
    }
    if (ccl_interval_may_have_overflowed(t_enter, t_exit) && !CCL_DIM_SEGMENT_CONTACT(c, s, NULL)) {
        return false; /* an overflowed time, not a body at rest on the segment */
    }
    double t = ccl_interval_start(t_enter);
    if (hit != NULL) {
        CCL_DIM_VEC center = CCL_DIM(ccl_mul_add)(c.center, t, v);
        CCL_DIM_VEC closest = CCL_DIM(ccl_closest_on_segment)(s, center);
        CCL_DIM(ccl_fill_hit)
        (c, v, t, t_exit, closest, CCL_DIM_FALLBACK_NORMAL(v, axis, length, has_axis, &frame), hit);
    }
    return true;
}

#undef CCL_DIM_N
#undef CCL_DIM_SUFFIX
#undef CCL_DIM_BODY
#undef CCL_DIM_VALID_BODY
#undef CCL_DIM_NONZERO
#undef CCL_DIM_PLUS_ZERO
#undef CCL_DIM_ZERO
#undef CCL_DIM_PLANE_DISTANCE
#undef CCL_DIM_CAP_INTERVAL
#undef CCL_DIM_CAP_PARTS
#undef CCL_DIM_SEGMENT_CONTACT
#undef CCL_DIM_FRAME
#undef CCL_DIM_FRAME_NONE
#undef CCL_DIM_SIDE
#undef CCL_DIM_FALLBACK_NORMAL
#undef CCL_DIM_SWEEP_PLANE
#undef CCL_DIM_SWEEP_SEGMENT
