/* Collision response (seeds 000 and 003): impulse exchange, reflection, and the whole step. The
 * arithmetic is response/impulse.h's, on the velocities' components; the step is
 * response/step_impl.h's, shared with the spheres. */
#include "circol/response.h"

#include <math.h>

#include "response/impulse.h"

static bool ccl_body_is_finite(const ccl_body *b) {
    return ccl_vec2_is_finite(b->position) && ccl_vec2_is_finite(b->velocity) &&
           ccl_body_scalars_finite(b->radius, b->inv_mass, b->restitution);
}

/* True when a and b are valid and respond at all (ccl_pair_responds); then *e gets their
 * restitution. */
static bool ccl_bodies_respond(const ccl_body *a, const ccl_body *b, ccl_vec2 normal, double *e) {
    return a != NULL && b != NULL && ccl_body_is_finite(a) && ccl_body_is_finite(b) &&
           ccl_vec2_is_finite(normal) &&
           ccl_pair_responds(a->inv_mass, b->inv_mass, a->restitution, b->restitution, e);
}

double ccl_impulse(const ccl_body *a, const ccl_body *b, ccl_vec2 normal) {
    double e;
    if (!ccl_bodies_respond(a, b, normal, &e)) {
        return 0.0;
    }
    double va[2] = {a->velocity.x, a->velocity.y}, vb[2] = {b->velocity.x, b->velocity.y};
    double n[2] = {normal.x, normal.y};
    return ccl_impulse_n(va, vb, n, 2, a->inv_mass, b->inv_mass, e);
}

void ccl_collide(ccl_body *a, ccl_body *b, ccl_vec2 normal) {
    double e;
    if (!ccl_bodies_respond(a, b, normal, &e)) {
        return;
    }
    double va[2] = {a->velocity.x, a->velocity.y}, vb[2] = {b->velocity.x, b->velocity.y};
    double n[2] = {normal.x, normal.y};
    ccl_collide_n(va, vb, n, 2, a->inv_mass, b->inv_mass, e);
    a->velocity = ccl_v2(va[0], va[1]);
    b->velocity = ccl_v2(vb[0], vb[1]);
}

ccl_vec2 ccl_reflect(ccl_vec2 v, ccl_vec2 normal, double restitution) {
    if (!ccl_vec2_is_finite(v) || !ccl_vec2_is_finite(normal) || !isfinite(restitution)) {
        return v;
    }
    double in[2] = {v.x, v.y}, n[2] = {normal.x, normal.y}, out[2];
    return ccl_reflect_n(in, n, 2, restitution, out) ? ccl_v2(out[0], out[1]) : v;
}

/* The step, with the 2D types and sweep (step_impl.h). */
#define CCL_DIM_N 2
#define CCL_DIM_SUFFIX
#define CCL_DIM_SHAPE          ccl_circle
#define CCL_DIM_SWEEP          ccl_sweep_circles
#define CCL_DIM_BODY_IS_FINITE ccl_body_is_finite
#include "response/step_impl.h"
