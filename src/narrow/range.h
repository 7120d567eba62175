/* The range of the narrow phase's input: which magnitudes the direct computation takes as they
 * are, the exact powers of two that bring the others near 1, the checks that refuse what has no
 * answer, and unit directions at any scale. The 3D forms do the 2D arithmetic plus an exact zero
 * term when z = 0, so that they give the same bits there. */
#ifndef CIRCOL_NARROW_RANGE_H
#define CIRCOL_NARROW_RANGE_H

#include <float.h>
#include <math.h>
#include <stdbool.h>

#include "circol/collision.h"
#include "circol/collision3d.h"
#include "core/constants.h"
#include "core/vec3.h"

/// fmax(x, y) without the libm call that GCC keeps for fmax: a NaN argument gives the other.
static inline double ccl_larger(double x, double y) {
    return x > y || y != y ? x : y;
}

/// The largest absolute component of v.
static inline double ccl_max_abs2(ccl_vec2 v) {
    return ccl_larger(fabs(v.x), fabs(v.y));
}

/// True for a magnitude the direct computation takes as it is: 0, or inside the safe range.
static inline bool ccl_is_moderate(double magnitude) {
    return magnitude == 0.0 || (magnitude < CCL_SAFE_HIGH && magnitude > CCL_SAFE_LOW);
}

/// The exponent k such that magnitude * 2^k lies near 1, for a positive magnitude; at most 1023
/// so that 2^k itself is finite (the smallest subnormals then land near 2^-51, still moderate).
static inline int ccl_unit_exponent(double magnitude) {
    int exponent;
    frexp(magnitude, &exponent);
    return -exponent > 1023 ? 1023 : -exponent;
}

/// 2^ccl_unit_exponent(magnitude): the power of two that brings a positive magnitude near 1
/// (into [1/2, 1) where it is finite).
static inline double ccl_unit_scale(double magnitude) {
    return ldexp(1.0, ccl_unit_exponent(magnitude));
}

/// The exponents kl and kv that bring a problem's largest length (R included) and its largest
/// speed near 1 (ccl_unit_exponent; 0 for a zero magnitude). Its times scale by 2^(kv - kl).
static inline void ccl_rescale_exponents(double length, double speed, int *kl, int *kv) {
    *kl = length > 0.0 ? ccl_unit_exponent(length) : 0;
    *kv = speed > 0.0 ? ccl_unit_exponent(speed) : 0;
}

/// True when a component of v is CCL_HUGE or more: the input is quartered first.
static inline bool ccl_is_huge(ccl_vec2 v) {
    return ccl_max_abs2(v) >= CCL_HUGE;
}

/// ccl_is_huge in 3D.
static inline bool ccl_is_huge3(ccl_vec3 v) {
    return ccl_max_abs3(v) >= CCL_HUGE;
}

/// x clamped to [-DBL_MAX, DBL_MAX] (x never NaN here).
static inline double ccl_saturate1(double x) {
    return fmax(fmin(x, DBL_MAX), -DBL_MAX);
}

/// v with each component clamped to [-DBL_MAX, DBL_MAX].
static inline ccl_vec2 ccl_saturate(ccl_vec2 v) {
    return ccl_v2(ccl_saturate1(v.x), ccl_saturate1(v.y));
}

/// ccl_saturate in 3D.
static inline ccl_vec3 ccl_saturate3(ccl_vec3 v) {
    return ccl_v3(ccl_saturate1(v.x), ccl_saturate1(v.y), ccl_saturate1(v.z));
}

/// v * 4, with components beyond DBL_MAX saturated (the contact point of a quartered problem).
static inline ccl_vec2 ccl_unquarter(ccl_vec2 v) {
    return ccl_saturate(ccl_scale(v, 4.0));
}

/// ccl_unquarter in 3D.
static inline ccl_vec3 ccl_unquarter3(ccl_vec3 v) {
    return ccl_saturate3(ccl_scale3(v, 4.0));
}

/// found, with the point of the hit of a quartered problem scaled back where there is one.
static inline bool ccl_unquartered(bool found, ccl_hit *hit) {
    if (found && hit != NULL) {
        hit->point = ccl_unquarter(hit->point);
    }
    return found;
}

/// ccl_unquartered in 3D.
static inline bool ccl_unquartered3(bool found, ccl_hit3 *hit) {
    if (found && hit != NULL) {
        hit->point = ccl_unquarter3(hit->point);
    }
    return found;
}

/// A circle that the narrow phase accepts: finite centre, finite radius >= 0.
static inline bool ccl_valid_circle(ccl_circle c) {
    return ccl_vec2_is_finite(c.center) && isfinite(c.radius) && c.radius >= 0.0;
}

/// ccl_valid_circle in 3D.
static inline bool ccl_valid_sphere(ccl_sphere s) {
    return ccl_vec3_is_finite(s.center) && isfinite(s.radius) && s.radius >= 0.0;
}

/// True when squares dist_sq and reach_sq can be compared as they are: both finite, and one at
/// least CCL_SQUARE_LOW (then neither has lost bits to underflow that could decide the comparison).
static inline bool ccl_squares_comparable(double dist_sq, double reach_sq) {
    return dist_sq <= DBL_MAX && reach_sq <= DBL_MAX &&
           (dist_sq >= CCL_SQUARE_LOW || reach_sq >= CCL_SQUARE_LOW);
}

/// The depth of a static contact at reach R and distance dist of a problem scaled by 1 / unscale:
/// R - dist scaled back, saturated at DBL_MAX (never inf), 0 for a touch.
static inline double ccl_contact_depth(double R, double dist, double unscale) {
    double depth = R - dist;
    return depth > 0.0 ? fmin(depth * unscale, DBL_MAX) : 0.0;
}

/// The factor by which the static tests take an offset: 1, or a quarter from CCL_OFFSET_QUARTER
/// up, where differences and sums of the input cannot overflow.
static inline double ccl_offset_size(double big) {
    return big > CCL_OFFSET_QUARTER ? 0.25 : 1.0;
}

/// One component x of a unit vector from a vector of length near 1 and its Newton factor f:
/// x f, or exactly +-1 when x is the only non-zero component (on_axis); + 0.0 turns -0 into +0.
static inline double ccl_unit_component(double x, bool on_axis, double f) {
    return on_axis ? copysign(1.0, x) : x * f + 0.0;
}

/// v / |v| for any finite non-zero v, scaled by a power of two first so that |v| neither
/// overflows nor loses bits to underflow; (1, 0) for the zero vector.
static inline ccl_vec2 ccl_unit_direction(ccl_vec2 v) {
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

/// ccl_unit_direction in 3D; (1, 0, 0) for the zero vector.
static inline ccl_vec3 ccl_unit_direction3(ccl_vec3 v) {
    double m = ccl_max_abs3(v);
    if (!(m > 0.0) || !isfinite(m)) {
        return ccl_v3(1.0, 0.0, 0.0);
    }
    if (ccl_is_moderate(m)) {
        double len = ccl_length3(v);
        return ccl_v3(v.x / len, v.y / len, v.z / len);
    }
    ccl_vec3 w = ccl_scale3(v, ccl_unit_scale(m));
    double len = ccl_length3(w);
    return ccl_v3(w.x / len, w.y / len, w.z / len);
}

#endif
