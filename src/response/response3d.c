/* 3D collision response (the readers' extension of seeds 000 and 003): the arithmetic of
 * response.c (response/impulse.h) on three components, so that with all z = 0 the results equal
 * the 2D ones bit for bit. The step is response/step_impl.h's, shared with the circles. */
#include "circol/collision3d.h"

#include <math.h>
#include <stddef.h>

#include "response/impulse.h"

static bool ccl_body3_is_finite(const ccl_body3 *b) {
    return ccl_vec3_is_finite(b->position) && ccl_vec3_is_finite(b->velocity) &&
           ccl_body_scalars_finite(b->radius, b->inv_mass, b->restitution);
}

/* As ccl_bodies_respond in response.c. */
static bool ccl_bodies_respond3(const ccl_body3 *a, const ccl_body3 *b, ccl_vec3 normal,
                                double *e) {
    return a != NULL && b != NULL && ccl_body3_is_finite(a) && ccl_body3_is_finite(b) &&
           ccl_vec3_is_finite(normal) &&
           ccl_pair_responds(a->inv_mass, b->inv_mass, a->restitution, b->restitution, e);
}

/* The components of v. */
static void ccl_components3(ccl_vec3 v, double out[3]) {
    out[0] = v.x;
    out[1] = v.y;
    out[2] = v.z;
}

double ccl_impulse3(const ccl_body3 *a, const ccl_body3 *b, ccl_vec3 normal) {
    double e;
    if (!ccl_bodies_respond3(a, b, normal, &e)) {
        return 0.0;
    }
    double va[3], vb[3], n[3];
    ccl_components3(a->velocity, va);
    ccl_components3(b->velocity, vb);
    ccl_components3(normal, n);
    return ccl_impulse_n(va, vb, n, 3, a->inv_mass, b->inv_mass, e);
}

void ccl_collide3(ccl_body3 *a, ccl_body3 *b, ccl_vec3 normal) {
    double e;
    if (!ccl_bodies_respond3(a, b, normal, &e)) {
        return;
    }
    double va[3], vb[3], n[3];
    ccl_components3(a->velocity, va);
    ccl_components3(b->velocity, vb);
    ccl_components3(normal, n);
    ccl_collide_n(va, vb, n, 3, a->inv_mass, b->inv_mass, e);
    a->velocity = ccl_v3(va[0], va[1], va[2]);
    b->velocity = ccl_v3(vb[0], vb[1], vb[2]);
}

ccl_vec3 ccl_reflect3(ccl_vec3 v, ccl_vec3 normal, double restitution) {
    if (!ccl_vec3_is_finite(v) || !ccl_vec3_is_finite(normal) || !isfinite(restitution)) {
        return v;
    }
    double in[3], n[3], out[3];
    ccl_components3(v, in);
    ccl_components3(normal, n);
    return ccl_reflect_n(in, n, 3, restitution, out) ? ccl_v3(out[0], out[1], out[2]) : v;
}

/* The step, with the 3D types and sweep (step_impl.h). */
#define CCL_DIM_N              3
#define CCL_DIM_SUFFIX         3
#define CCL_DIM_SHAPE          ccl_sphere
#define CCL_DIM_SWEEP          ccl_sweep_spheres
#define CCL_DIM_BODY_IS_FINITE ccl_body3_is_finite
#include "response/step_impl.h"
