/* Private 3D vector helpers. Each one, given z = 0, performs exactly the arithmetic of its 2D
 * counterpart in math.h, so 3D results with all z = 0 equal the 2D results bit for bit. */
#ifndef CIRCOL_VEC3_INTERNAL_H
#define CIRCOL_VEC3_INTERNAL_H

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

/// |v| without overflow or underflow; hypot(hypot(x, y), 0) == hypot(x, y) exactly.
static inline double ccl_length3(ccl_vec3 v) {
    return hypot(hypot(v.x, v.y), v.z);
}

/// a x b.
static inline ccl_vec3 ccl_cross3(ccl_vec3 a, ccl_vec3 b) {
    return ccl_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

/// v / |v|; the zero vector (and any non-finite vector) gives (1, 0, 0), like ccl_normalize.
static inline ccl_vec3 ccl_normalize3(ccl_vec3 v) {
    double len = ccl_length3(v);
    if (!(len > 0.0) || !isfinite(len)) {
        return ccl_v3(1.0, 0.0, 0.0);
    }
    return ccl_v3(v.x / len, v.y / len, v.z / len);
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
