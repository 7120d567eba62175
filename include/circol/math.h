/* circol: 2D and 3D vectors and their inline helpers. No state, no allocation. */
#ifndef CIRCOL_MATH_H
#define CIRCOL_MATH_H

#include <float.h>
#include <math.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A 2D vector or point, in the caller's length unit.
typedef struct ccl_vec2 {
    double x, y;
} ccl_vec2;

/// A 3D vector or point, in the caller's length unit.
typedef struct ccl_vec3 {
    double x, y, z;
} ccl_vec3;

/// Makes a 2D vector.
static inline ccl_vec2 ccl_v2(double x, double y) {
    ccl_vec2 v = {x, y};
    return v;
}

/// a + b.
static inline ccl_vec2 ccl_add(ccl_vec2 a, ccl_vec2 b) {
    return ccl_v2(a.x + b.x, a.y + b.y);
}

/// a - b.
static inline ccl_vec2 ccl_sub(ccl_vec2 a, ccl_vec2 b) {
    return ccl_v2(a.x - b.x, a.y - b.y);
}

/// s * v.
static inline ccl_vec2 ccl_scale(ccl_vec2 v, double s) {
    return ccl_v2(s * v.x, s * v.y);
}

/// a + s * b, rounded once per operation (no fused multiply-add).
static inline ccl_vec2 ccl_mul_add(ccl_vec2 a, double s, ccl_vec2 b) {
    return ccl_v2(a.x + s * b.x, a.y + s * b.y);
}

/// -v.
static inline ccl_vec2 ccl_neg(ccl_vec2 v) {
    return ccl_v2(-v.x, -v.y);
}

/// The dot product a . b.
static inline double ccl_dot(ccl_vec2 a, ccl_vec2 b) {
    return a.x * b.x + a.y * b.y;
}

/// The z component of the cross product a x b.
static inline double ccl_cross(ccl_vec2 a, ccl_vec2 b) {
    return a.x * b.y - a.y * b.x;
}

/// |v|^2.
static inline double ccl_length_sq(ccl_vec2 v) {
    return v.x * v.x + v.y * v.y;
}

/// The power of two by which ccl_length and ccl_normalize scale a vector whose larger component
/// is m (finite, >= 0), and in *unscale its inverse: 1 for m in [2^-500, 2^500], where the squares
/// of the components neither overflow nor lose the larger one to underflow; otherwise the power
/// that brings m there. Every scaling is exact except where a part too small to matter becomes
/// subnormal.
static inline double ccl_length_scale(double m, double *unscale) {
    /* 2^500, 2^600 and 2^-600 written in decimal (each literal reads back as the exact power) */
    if (m > 3.2733906078961419e+150) {
        *unscale = 4.149515568880993e+180;
        return 2.4099198651028841e-181;
    }
    if (m < 3.0549363634996047e-151) {
        *unscale = 2.4099198651028841e-181;
        return 4.149515568880993e+180;
    }
    *unscale = 1.0;
    return 1.0;
}

/// |v|, without overflow or underflow for any finite v (infinite when |v| exceeds DBL_MAX, like
/// hypot; NaN for a NaN component unless the other is infinite). Computed as
/// sqrt(x^2 + y^2) at a power-of-two scale, from correctly rounded IEEE operations only, so that
/// every platform gives the same bits (libm's hypot differs between C libraries in the last
/// bit). Within 1.5 ulp of the exact length. Being inline, a copy compiled in your own code
/// follows your compiler's flags: fused multiply-adds there (-ffp-contract) can change its last
/// bit; the library's own results do not depend on them.
static inline double ccl_length(ccl_vec2 v) {
    double ax = fabs(v.x), ay = fabs(v.y);
    if (!(ax <= DBL_MAX && ay <= DBL_MAX)) {
        return (isinf(v.x) || isinf(v.y)) ? INFINITY : NAN;
    }
    double unscale;
    double scale = ccl_length_scale(ax > ay ? ax : ay, &unscale);
    double x = v.x * scale, y = v.y * scale;
    return sqrt(x * x + y * y) * unscale;
}

/// v rotated a quarter turn counter-clockwise.
static inline ccl_vec2 ccl_perp(ccl_vec2 v) {
    return ccl_v2(-v.y, v.x);
}

/// v / |v|, a unit vector to within an ulp or two for every finite non-zero v, however small or
/// large (the components are divided by the length at ccl_length's scale, so a subnormal or huge
/// vector keeps its direction); the zero vector and any non-finite vector give (1, 0).
static inline ccl_vec2 ccl_normalize(ccl_vec2 v) {
    double ax = fabs(v.x), ay = fabs(v.y);
    double m = ax > ay ? ax : ay;
    if (!(ax <= DBL_MAX && ay <= DBL_MAX) || !(m > 0.0)) {
        return ccl_v2(1.0, 0.0);
    }
    double unscale;
    double scale = ccl_length_scale(m, &unscale);
    double x = v.x * scale, y = v.y * scale;
    double len = sqrt(x * x + y * y);
    return ccl_v2(x / len, y / len);
}

/// True when both components are finite.
static inline bool ccl_vec2_is_finite(ccl_vec2 v) {
    return isfinite(v.x) && isfinite(v.y);
}

/// Makes a 3D vector.
static inline ccl_vec3 ccl_v3(double x, double y, double z) {
    ccl_vec3 v = {x, y, z};
    return v;
}

/// a + b in 3D.
static inline ccl_vec3 ccl_add3(ccl_vec3 a, ccl_vec3 b) {
    return ccl_v3(a.x + b.x, a.y + b.y, a.z + b.z);
}

/// a - b in 3D.
static inline ccl_vec3 ccl_sub3(ccl_vec3 a, ccl_vec3 b) {
    return ccl_v3(a.x - b.x, a.y - b.y, a.z - b.z);
}

/// s * v in 3D.
static inline ccl_vec3 ccl_scale3(ccl_vec3 v, double s) {
    return ccl_v3(s * v.x, s * v.y, s * v.z);
}

/// a + s * b in 3D, rounded once per operation.
static inline ccl_vec3 ccl_mul_add3(ccl_vec3 a, double s, ccl_vec3 b) {
    return ccl_v3(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}

/// The dot product a . b in 3D. Summed x, then y, then z, so that z = 0 gives the 2D result.
static inline double ccl_dot3(ccl_vec3 a, ccl_vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/// True when all three components are finite.
static inline bool ccl_vec3_is_finite(ccl_vec3 v) {
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

#ifdef __cplusplus
}
#endif

#endif
