/* The whole step of two bodies, written once for circles (response.c) and spheres (response3d.c):
 * each of those files defines the names below and includes this header at its end. The two
 * dimensions share the step operation for operation (sweep, move to the time of impact, collide,
 * move on), so that with every z = 0 the sphere results are the circle results bit for bit; what
 * differs is only the types and the sweep, which the includer names. The dimension's helpers are
 * named with narrow/dim.h's CCL_DIM (ccl_step_pair, ccl_step_pair3).
 *
 * The includer defines, besides CCL_DIM_N and CCL_DIM_SUFFIX (narrow/dim.h), and after defining
 * CCL_DIM(ccl_collide) and its body's finiteness test:
 *   CCL_DIM_SHAPE             ccl_circle or ccl_sphere: a body's position and radius
 *   CCL_DIM_SWEEP             ccl_sweep_circles or ccl_sweep_spheres
 *   CCL_DIM_BODY_IS_FINITE    the test that a body's vectors and scalars are all finite
 * Every one of the names is undefined at the end. */
#include "narrow/dim.h"

/* Moves a and b along their velocities for time dt. */
static void CCL_DIM(ccl_move_pair)(CCL_DIM(ccl_body) * a, CCL_DIM(ccl_body) * b, double dt) {
    a->position = CCL_DIM(ccl_mul_add)(a->position, dt, a->velocity);
    b->position = CCL_DIM(ccl_mul_add)(b->position, dt, b->velocity);
}

bool CCL_DIM(ccl_step_pair)(CCL_DIM(ccl_body) * a, CCL_DIM(ccl_body) * b, double dt,
                            CCL_DIM(ccl_hit) * hit) {
    if (a == NULL || b == NULL || !CCL_DIM_BODY_IS_FINITE(a) || !CCL_DIM_BODY_IS_FINITE(b) ||
        !(dt >= 0.0) || !isfinite(dt)) {
        return false;
    }
    CCL_DIM_SHAPE shape_a = {a->position, a->radius};
    CCL_DIM_SHAPE shape_b = {b->position, b->radius};
    CCL_DIM(ccl_hit) contact;
    if (!CCL_DIM_SWEEP(shape_a, a->velocity, shape_b, b->velocity, dt, &contact)) {
        CCL_DIM(ccl_move_pair)(a, b, dt);
        return false;
    }
    /* move to the time of impact, react, and move on for the rest of the interval */
    CCL_DIM(ccl_move_pair)(a, b, contact.t);
    CCL_DIM(ccl_collide)(a, b, contact.normal);
    CCL_DIM(ccl_move_pair)(a, b, dt - contact.t);
    if (hit != NULL) {
        *hit = contact;
    }
    return true;
}

#undef CCL_DIM_SHAPE
#undef CCL_DIM_SWEEP
#undef CCL_DIM_BODY_IS_FINITE
#undef CCL_DIM_N
#undef CCL_DIM_SUFFIX
