/* Names for the dimension-generic templates of the narrow phase (overlap_impl.h, sweep_pair_impl.h,
 * sweep_obstacle_impl.h) and the response (response/step_impl.h). A template is included once per
 * dimension; its includer defines CCL_DIM_N (2 or 3) and CCL_DIM_SUFFIX (empty in 2D, 3 in 3D), so
 * that CCL_DIM(ccl_sub) names ccl_sub in 2D and ccl_sub3 in 3D, and CCL_DIM_VEC names ccl_vec2 or
 * ccl_vec3. The template then compiles to the code written out for that dimension, with the same
 * operations in the same order. */
#ifndef CIRCOL_NARROW_DIM_H
#define CIRCOL_NARROW_DIM_H

#define CCL_DIM_PASTE_(name, suffix) name##suffix
#define CCL_DIM_PASTE(name, suffix)  CCL_DIM_PASTE_(name, suffix)

/// The helper or type `name` of the dimension being instantiated (ccl_sub: ccl_sub, ccl_sub3).
#define CCL_DIM(name) CCL_DIM_PASTE(name, CCL_DIM_SUFFIX)
/// ccl_vec2 or ccl_vec3.
#define CCL_DIM_VEC CCL_DIM_PASTE(ccl_vec, CCL_DIM_N)
/// ccl_vec2_is_finite or ccl_vec3_is_finite.
#define CCL_DIM_IS_FINITE CCL_DIM_PASTE(CCL_DIM_VEC, _is_finite)

#endif
