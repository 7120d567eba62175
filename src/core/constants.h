/* Every tuning constant of the library, one line each: what it is, its unit, and what changing it
 * risks. A constant that is part of the public contract lives in include/circol/ instead. */
#ifndef CIRCOL_CORE_CONSTANTS_H
#define CIRCOL_CORE_CONSTANTS_H

/* ---- narrow phase and response ---------------------------------------------------------- */

/* Powers of two are exact scalings: a threshold below moves work between a direct path and a
 * rescaled one, which give the same answer to rounding; moving one can change last bits. */

/// Magnitudes computed directly (else scaled near 1 first); above, squares of 4 terms overflow.
#define CCL_SAFE_HIGH 0x1p200
/// The lower end of the direct range (or exactly 0); below, squares of 4 terms underflow.
#define CCL_SAFE_LOW 0x1p-200
/// Inputs from here up are quartered first so that differences stay finite; lower overflows.
#define CCL_HUGE 0x1p1021
/// Squares compared directly from here up; lower, underflowed squares call every pair touching.
#define CCL_SQUARE_LOW 0x1p-960
/// Below this a product may have lost bits to underflow: the slow path decides; lower errs.
#define CCL_UNDERFLOW_NEAR 0x1p-900
/// Offsets from here up are taken at a quarter of the size (static tests); higher overflows.
#define CCL_OFFSET_QUARTER 0x1p1000
/// Closest points on a segment from here up at a quarter of the size; higher overflows.
#define CCL_SEGMENT_QUARTER 0x1p1020
/// Contact distances apart (unitless) from which every product of the cross is exact; higher
/// lets the cheaper cross product's 2^-100 error reach an ulp of |dv| R (from about 2^50).
#define CCL_FAR_APART 0x1p40
/// ccl_segment_cross suits offsets with components in [this, CCL_CROSS_FIT_HIGH]; lower
/// loses the exact products' errors to underflow.
#define CCL_CROSS_FIT_LOW 0x1p-400
/// The upper end of ccl_segment_cross's range; higher overflows its exact products.
#define CCL_CROSS_FIT_HIGH 0x1p500
/// Contact distances (length) below which a hit's normal comes from dp + dv t, not the
/// discriminant's parts, whose 1 / (|dv|^2 R) could overflow.
#define CCL_ENTRY_NORMAL_MIN_R 0x1p-500
/// The first look's relative error bound per quantity (unitless); lower gives wrong misses,
/// higher sends more pairs to the full test.
#define CCL_FIRST_LOOK_RELATIVE 0x1p-40
/// The first look's absolute error bound, for products lost to underflow; lower gives wrong
/// misses of subnormal pairs.
#define CCL_FIRST_LOOK_ABSOLUTE 0x1p-1000
/// Pairs per block of the batch (count); a block's results must stay in L1 for the fix-ups.
#define CCL_BATCH_BLOCK 256
/// Most Newton or bisection steps of one accelerated root (count); lower can stop short.
#define CCL_ACCEL_MAX_STEPS 200
/// Ulps either side of a converged accelerated root that are probed; lower can miss the sign
/// change, higher widens the bracket.
#define CCL_ACCEL_PROBE_ULPS 4.0
/// Relative slack of the accelerated horizon (unitless); lower can cut off a last root.
#define CCL_ACCEL_HORIZON_SLACK 0x1p-20
/// A drop of the accelerated gap beyond this part of its size is no rounding noise (unitless);
/// higher skips real entries on flat pieces, lower takes noise for an entry.
#define CCL_ACCEL_GAP_NOISE 0x1p-40
/// The response's fallback size, a part of the velocities (unitless, exact): where an
/// intermediate overflows at full size, none can at this one; 1/2 is not enough.
#define CCL_RESPONSE_SMALL 0.125

/* ---- broad phase and world -------------------------------------------------------------- */

#endif
