/* Swept tests under constant acceleration (the readers' extension of seed 000), for circles and
 * spheres: the relative motion goes to the solver (accel.h); equal accelerations, and ones too
 * small to matter beside the velocity, leave a linear motion, which the quadratic test answers. */
#include "circol/collision.h"
#include "circol/collision3d.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

#include "core/exact.h"
#include "core/vec3.h"
#include "narrow/accel.h"
#include "narrow/range.h"

/* p + s acc, each component saturated to the finite range (never NaN: a zero component of acc
 * leaves p's component alone, whatever s). */
static ccl_vec3 ccl_accel_shift(ccl_vec3 p, double s, ccl_vec3 acc) {
    double c[3] = {p.x, p.y, p.z};
    const double k[3] = {acc.x, acc.y, acc.z};
    for (int i = 0; i < 3; ++i) {
        if (k[i] != 0.0) {
            double moved = c[i] + s * k[i];
            c[i] = isnan(moved) ? c[i] : fmax(fmin(moved, DBL_MAX), -DBL_MAX);
        }
    }
    return ccl_v3(c[0], c[1], c[2]);
}

bool ccl_sweep_spheres_accel(ccl_sphere a, ccl_vec3 va, ccl_vec3 aa, ccl_sphere b, ccl_vec3 vb,
                             ccl_vec3 ab, double t_max, ccl_hit3 *hit) {
    if (!ccl_valid_sphere(a) || !ccl_valid_sphere(b) || !ccl_vec3_is_finite(va) ||
        !ccl_vec3_is_finite(vb) || !ccl_vec3_is_finite(aa) || !ccl_vec3_is_finite(ab) ||
        !(t_max >= 0.0)) {
        return false;
    }
    ccl_vec3 lo[3];
    ccl_vec3 dp = ccl_sub_exact3(b.center, a.center, &lo[0]);
    ccl_vec3 dv = ccl_sub_exact3(vb, va, &lo[1]);
    ccl_vec3 da = ccl_sub_exact3(ab, aa, &lo[2]);
    double R = a.radius + b.radius;
    if (!ccl_vec3_is_finite(dp) || !ccl_vec3_is_finite(dv) || !ccl_vec3_is_finite(da) ||
        !isfinite(R) || !ccl_vec3_is_finite(lo[0]) || !ccl_vec3_is_finite(lo[1]) ||
        !ccl_vec3_is_finite(lo[2])) {
        return false;
    }
    if (da.x == 0.0 && da.y == 0.0 && da.z == 0.0) {
        /* Equal accelerations: the relative motion is linear, and so is the answer. */
        if (!ccl_sweep_spheres(a, va, b, vb, t_max, hit)) {
            return false;
        }
        if (hit != NULL) {
            hit->point = ccl_accel_shift(hit->point, 0.5 * hit->t * hit->t, aa);
        }
        return true;
    }
    ccl_accel_motion m;
    int kt;
    if (!ccl_accel_prepare(dp, dv, da, lo, R, &m, &kt)) {
        /* The acceleration is below the resolution of the scaled problem: drop it. */
        return ccl_sweep_spheres(a, va, b, vb, t_max, hit);
    }
    m.compensated = true;
    double t_enter, t_exit;
    if (!ccl_accel_first_entry(&m, ldexp(t_max, -kt), &t_enter, &t_exit)) {
        return false;
    }
    double t = ldexp(t_enter, kt);
    if (t > t_max || !isfinite(t)) {
        return false; /* t_max rounded up when scaled, or a contact beyond the largest double */
    }
    if (hit != NULL) {
        ccl_vec3 rel = ccl_accel_position(&m, t_enter);
        ccl_vec3 normal;
        if (rel.x != 0.0 || rel.y != 0.0 || rel.z != 0.0) {
            normal = ccl_normalize3(rel);
        } else {
            normal = ccl_normalize3(ccl_neg3(ccl_accel_velocity(&m, t_enter)));
        }
        ccl_vec3 pa = ccl_mul_add3(a.center, t, ccl_mul_add3(va, 0.5 * t, aa));
        hit->t = t;
        hit->t_exit = ldexp(t_exit, kt);
        hit->normal = normal;
        hit->point = ccl_mul_add3(pa, a.radius, normal);
        if (!ccl_vec3_is_finite(hit->point)) {
            hit->point = ccl_vec3_is_finite(pa) ? pa : a.center;
        }
    }
    return true;
}

bool ccl_sweep_circles_accel(ccl_circle a, ccl_vec2 va, ccl_vec2 aa, ccl_circle b, ccl_vec2 vb,
                             ccl_vec2 ab, double t_max, ccl_hit *hit) {
    if (!(aa.x != ab.x || aa.y != ab.y)) {
        /* Equal (or NaN) accelerations: the quadratic test, shifted by the common motion. */
        if (!ccl_vec2_is_finite(aa) || !ccl_sweep_circles(a, va, b, vb, t_max, hit)) {
            return false;
        }
        if (hit != NULL) {
            hit->point = ccl_drop3(
                ccl_accel_shift(ccl_lift3(hit->point), 0.5 * hit->t * hit->t, ccl_lift3(aa)));
        }
        return true;
    }
    ccl_sphere sa = {ccl_lift3(a.center), a.radius};
    ccl_sphere sb = {ccl_lift3(b.center), b.radius};
    ccl_hit3 h3;
    if (!ccl_sweep_spheres_accel(sa, ccl_lift3(va), ccl_lift3(aa), sb, ccl_lift3(vb), ccl_lift3(ab),
                                 t_max, &h3)) {
        return false;
    }
    if (hit != NULL) {
        hit->t = h3.t;
        hit->t_exit = h3.t_exit;
        hit->normal = ccl_drop3(h3.normal);
        hit->point = ccl_drop3(h3.point);
    }
    return true;
}
