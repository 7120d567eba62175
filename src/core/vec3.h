/* 3D vector helpers. Each one, given z = 0, performs exactly the arithmetic of its 2D
 * counterpart in math.h, so 3D results with all z = 0 equal the 2D results bit for bit. */
#ifndef CIRCOL_CORE_VEC3_H
#define CIRCOL_CORE_VEC3_H

#include <float.h>
#include <math.h>

#include "circol/math.h"

/// -v in 3D.
static inline ccl_vec3 ccl_neg3(ccl_vec3 v) {
    return ccl_v3(-v.x, -v.y, -v.z);
}

/// |v|^2 in 3D, summed x, y, z.
static inline double ccl_length_sq3(ccl_vec3 v) {
    return v.x * v.x + v.y * v.y + v.z * v.z;
}

/// |v| without overflow or underflow, as ccl_length does it: with z = 0 the sum gains an exact
/// +0 and the largest component is the same, so the result equals ccl_length(x, y) bit for bit.
static inline double ccl_length3(ccl_vec3 v) {
    double ax = fabs(v.x), ay = fabs(v.y), az = fabs(v.z);
    if (!(ax <= DBL_MAX && ay <= DBL_MAX && az <= DBL_MAX)) {
        return (isinf(v.x) || isinf(v.y) || isinf(v.z)) ? INFINITY : NAN;
    }
    double m = ax > ay ? ax : ay;
    m = m > az ? m : az;
    double unscale;
    double scale = ccl_length_scale(m, &unscale); /* the powers of two of ccl_length */
    double x = v.x * scale, y = v.y * scale, z = v.z * scale;
    return sqrt(x * x + y * y + z * z) * unscale;
}

/// a x b.
static inline ccl_vec3 ccl_cross3(ccl_vec3 a, ccl_vec3 b) {
    return ccl_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

/// v / |v| (the components divided by the length at ccl_length's scale, so that a subnormal or
/// huge vector keeps its direction); the zero vector and any non-finite vector give (1, 0, 0), like
/// ccl_normalize.
static inline ccl_vec3 ccl_normalize3(ccl_vec3 v) {
    double ax = fabs(v.x), ay = fabs(v.y), az = fabs(v.z);
    double m = ax > ay ? ax : ay;
    m = m > az ? m : az;
    if (!(ax <= DBL_MAX && ay <= DBL_MAX && az <= DBL_MAX) || !(m > 0.0)) {
        return ccl_v3(1.0, 0.0, 0.0);
    }
    double unscale;
    double scale = ccl_length_scale(m, &unscale);
    double x = v.x * scale, y = v.y * scale, z = v.z * scale;
    double len = sqrt(x * x + y * y + z * z);
    return ccl_v3(x / len, y / len, z / len);
}

/// The largest absolute component.
static inline double ccl_max_abs3(ccl_vec3 v) {
    return fmax(fmax(fabs(v.x), fabs(v.y)), fabs(v.z));
}

/// A 2D vector as a 3D vector with z = 0.
static inline ccl_vec3 ccl_lift3(ccl_vec2 v) {
    return ccl_v3(v.x, v.y, 0.0);
}

/// The x and y components of a 3D vector.
static inline ccl_vec2 ccl_drop3(ccl_vec3 v) {
    return ccl_v2(v.x, v.y);
}

#endif
