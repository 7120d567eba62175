/* Swept tests of two moving spheres and of a sphere against a fixed point: the 3D form of
 * sweep_circles.c. Each function does the arithmetic of its 2D counterpart operation for
 * operation, so that with all z = 0 the results are equal bit for bit: a z term adds an exact
 * zero, and |(x, y, 0)| is computed exactly as |(x, y)| (core/vec3.h). What the circles share is
 * sweep_pair_impl.h's; this file has the 3D parts. */
#include "circol/collision3d.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

#include "core/constants.h"
#include "core/exact.h"
#include "core/vec3.h"
#include "narrow/interval.h"
#include "narrow/narrow.h"
#include "narrow/range.h"
#include "narrow/segment.h"
#include "narrow/spheres.h"

/* dv . dp < 0 on copies scaled near 1. */
static bool ccl_approaching3(ccl_vec3 dp, ccl_vec3 dv) {
    double mp = ccl_max_abs3(dp), mv = ccl_max_abs3(dv);
    if (!(mp > 0.0) || !(mv > 0.0)) {
        return false;
    }
    return ccl_dot3(ccl_scale3(dv, ccl_unit_scale(mv)), ccl_scale3(dp, ccl_unit_scale(mp))) < 0.0;
}

/* As ccl_contact_interval_far (quadratic.h), with |dv x dp| for the cross product. */
static bool ccl_contact_interval3(ccl_vec3 dp, ccl_vec3 dp_lo, ccl_vec3 dv, ccl_vec3 dv_lo,
                                  double R, double *t_enter, double *t_exit,
                                  ccl_contact_parts3 *parts) {
    double a = ccl_dot3(dv, dv);
    double b = ccl_dot3(dv, dp);
    double c = ccl_dot3(dp, dp) - R * R;
    bool apart = a != 0.0 && !(c <= 0.0);
    ccl_vec3 cross = ccl_v3(0.0, 0.0, 0.0);
    double k = 0.0;
    if (apart) {
        /* as ccl_cross_is_far, over the three components */
        bool far = ccl_max_abs3(dp) > CCL_FAR_APART * R;
        cross = ccl_cross_compensated3(dv, dv_lo, dp, dp_lo, far);
        k = ccl_length3(cross);
    }
    *parts = (ccl_contact_parts3){apart, 0.0, cross, dv, R};
    return ccl_contact_roots(a, b, c, R, k, &parts->root, t_enter, t_exit);
}

/* ccl_certainly_apart (quadratic.h) in three dimensions: the same bounds, each sum with a z term
 * added last (an exact zero when every z is 0, so that the verdicts are the 2D ones), and for the
 * closest approach the largest of the cross product's components less its error, a lower bound on
 * its length (at z = 0 the one component the 2D test takes). */
static bool ccl_certainly_apart3(ccl_vec3 dp, ccl_vec3 dv, double R, double t_max) {
    double px = dv.x * dp.x, py = dv.y * dp.y, pz = dv.z * dp.z;
    double zx = dv.x * dp.y, zy = dv.y * dp.x; /* z component of dv x dp, as the 2D k */
    double xy = dv.y * dp.z, xz = dv.z * dp.y;
    double yz = dv.z * dp.x, yx = dv.x * dp.z;
    double k = fmax(ccl_first_look_cross_low(zx, zy),
                    fmax(ccl_first_look_cross_low(xy, xz), ccl_first_look_cross_low(yz, yx)));
    return ccl_first_look_verdict((px + py) + pz, (fabs(px) + fabs(py)) + fabs(pz),
                                  (dp.x * dp.x + dp.y * dp.y) + dp.z * dp.z,
                                  (dv.x * dv.x + dv.y * dv.y) + dv.z * dv.z, k, R, t_max);
}

#define CCL_DIM_N            3
#define CCL_DIM_SUFFIX       3
#define CCL_DIM_BODY         ccl_sphere
#define CCL_DIM_MAX_ABS      ccl_max_abs3
#define CCL_DIM_VALID_BODY   ccl_valid_sphere
#define CCL_DIM_LARGER       fmax
#define CCL_DIM_NONZERO(v)   ((v).x != 0.0 || (v).y != 0.0 || (v).z != 0.0)
#define CCL_DIM_PLUS_ZERO(v) ccl_v3((v).x + 0.0, (v).y + 0.0, (v).z + 0.0)
#define CCL_DIM_OFFSET_AT(dp, dp_lo, dv, t)                                                        \
    ccl_v3(ccl_offset_at((dp).x, (dp_lo).x, (dv).x, t),                                            \
           ccl_offset_at((dp).y, (dp_lo).y, (dv).y, t),                                            \
           ccl_offset_at((dp).z, (dp_lo).z, (dv).z, t))
#define CCL_DIM_CONTACT_INTERVAL  ccl_contact_interval3
#define CCL_DIM_RELATIVE_INTERVAL ccl_relative_interval3
#define CCL_DIM_INTERVAL_LINKAGE
#define CCL_DIM_FILL_HIT ccl_fill_spheres_hit
#define CCL_DIM_FILL_INLINE
#define CCL_DIM_SWEEP         ccl_sweep_spheres
#define CCL_DIM_SWEEP_GENERAL ccl_sweep_spheres
#define CCL_DIM_GENERAL_LINKAGE
#define CCL_DIM_FIRST_LOOK(a, va, b, vb, t_max)                                                    \
    ccl_certainly_apart3(ccl_sub3((b).center, (a).center), ccl_sub3(vb, va),                       \
                         (a).radius + (b).radius, t_max)
#include "narrow/sweep_pair_impl.h"

/* The relative position at the entry times a, as in sweep_circles.c: -root dv + cross x dv. The
 * terms that vanish when every z is 0 are left out then, so that the result has the 2D function's
 * bits, signs of zero included. */
static ccl_vec3 ccl_entry_vector3(ccl_vec3 dv, const ccl_contact_parts3 *parts) {
    ccl_vec3 c = parts->cross;
    double x = -parts->root * dv.x - c.z * dv.y;
    double y = -parts->root * dv.y + c.z * dv.x;
    double z = 0.0;
    if (dv.z != 0.0 || c.x != 0.0 || c.y != 0.0) {
        x += c.y * dv.z;
        y -= c.x * dv.z;
        z = -parts->root * dv.z + (c.x * dv.y - c.y * dv.x);
    }
    return ccl_v3(x, y, z);
}

/* The unit normal at the entry, as ccl_entry_normal in sweep_circles.c. */
static ccl_vec3 ccl_entry_normal3(ccl_vec3 dv, double R, const ccl_contact_parts3 *parts) {
    double scale = 1.0 / ((dv.x * dv.x + dv.y * dv.y + dv.z * dv.z) * R);
    ccl_vec3 v = ccl_entry_vector3(dv, parts);
    double x = v.x * scale, y = v.y * scale, z = v.z * scale;
    double f = 1.5 - 0.5 * (x * x + y * y + z * z);
    return ccl_v3(ccl_unit_component(x, y == 0.0 && z == 0.0, f),
                  ccl_unit_component(y, x == 0.0 && z == 0.0, f),
                  ccl_unit_component(z, x == 0.0 && y == 0.0, f));
}

/* The unit normal of a hit at time t (from the first centre to the second) for relative position
 * dp + dp_lo and relative velocity dv, whose contact interval gave parts: as in 2D. */
static ccl_vec3 ccl_hit_normal3(ccl_vec3 dp, ccl_vec3 dp_lo, ccl_vec3 dv, double t,
                                const ccl_contact_parts3 *parts) {
    double mp = ccl_max_abs3(dp);
    if (t > 0.0 && parts->apart && parts->R > CCL_SAFE_LOW) {
        return ccl_entry_normal3(parts->dv, parts->R, parts);
    }
    if (t > 0.0 && parts->apart && parts->R >= CCL_ENTRY_NORMAL_MIN_R) {
        /* as in 2D: normalised at its own scale */
        ccl_vec3 n = ccl_unit_direction3(ccl_entry_vector3(parts->dv, parts));
        return ccl_v3(n.x + 0.0, n.y + 0.0, n.z + 0.0);
    }
    if (t == 0.0 && mp > CCL_SAFE_LOW && mp < CCL_SAFE_HIGH) {
        /* in contact now: the direction of dp, as in 2D (the same bits when every z is 0) */
        double len = sqrt(dp.x * dp.x + dp.y * dp.y + dp.z * dp.z);
        return ccl_v3(dp.x / len + 0.0, dp.y / len + 0.0, dp.z / len + 0.0);
    }
    return ccl_contact_normal3(ccl_relative_at3(dp, dp_lo, dv, t), dv);
}

bool ccl_sweep_sphere_point(ccl_sphere s, ccl_vec3 v, ccl_vec3 p, double t_max, ccl_hit3 *hit) {
    ccl_sphere vertex = {p, 0.0};
    ccl_vec3 still = {0.0, 0.0, 0.0};
    return ccl_sweep_spheres(s, v, vertex, still, t_max, hit);
}
