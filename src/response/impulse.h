/* The response's arithmetic on components, the same for circles and spheres: a velocity is n
 * doubles (n = 2 or 3), and every sum runs over the components in order, x first, so that the 2D
 * calls and the 3D calls with z = 0 do the same operations. Each call first computes at full size;
 * where an intermediate overflows (the relative velocity, the speed of approach, (1 + e) times it)
 * it computes again at CCL_RESPONSE_SMALL (2^-3) of the velocities, exactly, and scales back:
 * there every intermediate of a finite input is below DBL_MAX (the relative velocity's components
 * below DBL_MAX / 4, the approach along a unit normal below DBL_MAX / 2^1.5, and (1 + e) times it
 * below DBL_MAX / 2^0.5). */
#ifndef CIRCOL_RESPONSE_IMPULSE_H
#define CIRCOL_RESPONSE_IMPULSE_H

#include <math.h>
#include <stdbool.h>

#include "core/constants.h"
#include "response/mix.h"

/// x clamped to [0, 1] (a restitution).
static inline double ccl_clamp_unit(double x) {
    return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
}

/// True when all n components of v are finite.
static inline bool ccl_components_finite(const double *v, int n) {
    for (int k = 0; k < n; ++k) {
        if (!isfinite(v[k])) {
            return false;
        }
    }
    return true;
}

/// True when a body's scalars are finite.
static inline bool ccl_body_scalars_finite(double radius, double inv_mass, double restitution) {
    return isfinite(radius) && isfinite(inv_mass) && isfinite(restitution);
}

/// True when a pair of bodies with inverse masses wa, wb (finite) responds at all: neither mass
/// negative and not both immovable; then *e gets the pair's restitution from ea and eb, each
/// clamped to [0, 1].
static inline bool ccl_pair_responds(double wa, double wb, double ea, double eb, double *e) {
    if (wa < 0.0 || wb < 0.0) {
        return false;
    }
    if (wa == 0.0 && wb == 0.0) {
        return false; /* two immovable bodies */
    }
    *e = ccl_restitution_mix(ccl_clamp_unit(ea), ccl_clamp_unit(eb));
    return true;
}

/// u . v over n components.
static inline double ccl_dot_n(const double *u, const double *v, int n) {
    double sum = u[0] * v[0];
    for (int k = 1; k < n; ++k) {
        sum = sum + u[k] * v[k];
    }
    return sum;
}

/// (va - vb) . normal, the speed of approach, at the given size of the velocities.
static inline double ccl_approach_n(const double *va, const double *vb, const double *normal, int n,
                                    double size) {
    double relative[3];
    for (int k = 0; k < n; ++k) {
        relative[k] = size * va[k] - size * vb[k];
    }
    return ccl_dot_n(relative, normal, n);
}

/// The part of an impulse's velocity change that falls on the body with inverse mass w when the
/// other has w_other: w / (w + w_other), computed at half size if the sum overflows.
static inline double ccl_share(double w, double w_other) {
    double sum = w + w_other;
    if (!isfinite(sum)) {
        return (0.5 * w) / (0.5 * w + 0.5 * w_other);
    }
    return w / sum;
}

/// ccl_impulse on components: the pair (velocities va, vb; inverse masses wa, wb; restitution e)
/// responds.
static inline double ccl_impulse_n(const double *va, const double *vb, const double *normal, int n,
                                   double wa, double wb, double e) {
    double sum = wa + wb, half = 1.0;
    if (!isfinite(sum)) {
        half = 0.5;
        sum = 0.5 * wa + 0.5 * wb;
    }
    for (double size = 1.0;; size = CCL_RESPONSE_SMALL) {
        double approach = ccl_approach_n(va, vb, normal, n, size);
        if (isfinite(approach)) {
            if (!(approach > 0.0)) {
                return 0.0; /* separating or sliding: no impulse */
            }
            double j = (1.0 + e) * approach * half / sum / size;
            if (isfinite(j)) {
                return j;
            }
        }
        if (size != 1.0) {
            return 0.0; /* beyond DBL_MAX: none */
        }
    }
}

/// The velocity v + s normal at the given size, scaled back, into out.
static inline void ccl_moved_n(const double *v, double s, const double *normal, int n, double size,
                               double *out) {
    for (int k = 0; k < n; ++k) {
        out[k] = (1.0 / size) * (size * v[k] + s * normal[k]);
    }
}

/// ccl_collide on components: va and vb change in place, or not at all.
static inline void ccl_collide_n(double *va, double *vb, const double *normal, int n, double wa,
                                 double wb, double e) {
    double share_a = ccl_share(wa, wb);
    double share_b = ccl_share(wb, wa);
    for (double size = 1.0;; size = CCL_RESPONSE_SMALL) {
        double approach = ccl_approach_n(va, vb, normal, n, size);
        if (isfinite(approach)) {
            if (!(approach > 0.0)) {
                return; /* separating or sliding: no impulse */
            }
            /* Each velocity changes by (1 + e) vn times the body's share of the inverse mass:
             * the same as j * inv_mass, but finite for any masses (j overflows for two bodies
             * of mass 1e300). */
            double change = (1.0 + e) * approach;
            double new_a[3], new_b[3];
            ccl_moved_n(va, -change * share_a, normal, n, size, new_a);
            ccl_moved_n(vb, change * share_b, normal, n, size, new_b);
            if (ccl_components_finite(new_a, n) && ccl_components_finite(new_b, n)) {
                for (int k = 0; k < n; ++k) {
                    va[k] = new_a[k];
                    vb[k] = new_b[k];
                }
                return;
            }
        }
        if (size != 1.0) {
            return; /* the result is beyond DBL_MAX: left unchanged, never inf */
        }
    }
}

/// ccl_reflect on components (finite v, normal and restitution): true with the reflected
/// velocity in out, false where v is to be returned as it is.
static inline bool ccl_reflect_n(const double *v, const double *normal, int n, double restitution,
                                 double *out) {
    double factor = -(1.0 + ccl_clamp_unit(restitution));
    double along = ccl_dot_n(v, normal, n);
    if (along == 0.0) {
        return false; /* no normal part: nothing to reverse (and no sign of zero to differ in 3D) */
    }
    for (int k = 0; k < n; ++k) {
        out[k] = v[k] + (factor * along) * normal[k];
    }
    if (!ccl_components_finite(out, n)) {
        /* an intermediate beyond DBL_MAX: the same at CCL_RESPONSE_SMALL of the size, scaled back
         */
        double small[3];
        for (int k = 0; k < n; ++k) {
            small[k] = CCL_RESPONSE_SMALL * v[k];
        }
        double small_along = factor * ccl_dot_n(small, normal, n);
        for (int k = 0; k < n; ++k) {
            out[k] = (1.0 / CCL_RESPONSE_SMALL) * (small[k] + small_along * normal[k]);
        }
        return ccl_components_finite(out, n); /* else the result itself is beyond DBL_MAX */
    }
    return true;
}

#endif
