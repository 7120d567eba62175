/* 3D collision response (the readers' extension of seeds 000 and 003). Mirrors response.c
 * operation for operation, so that with all z = 0 the results equal the 2D ones bit for bit. */
#include "circol/collision3d.h"

#include <math.h>
#include <stddef.h>

static bool ccl_body3_is_finite(const ccl_body3 *b) {
    return ccl_vec3_is_finite(b->position) && ccl_vec3_is_finite(b->velocity) &&
           isfinite(b->radius) && isfinite(b->inv_mass) && isfinite(b->restitution);
}

static double ccl_clamp_unit3(double x) {
    return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
}

double ccl_impulse3(const ccl_body3 *a, const ccl_body3 *b, ccl_vec3 normal) {
    if (a == NULL || b == NULL || !ccl_body3_is_finite(a) || !ccl_body3_is_finite(b) ||
        !ccl_vec3_is_finite(normal) || a->inv_mass < 0.0 || b->inv_mass < 0.0) {
        return 0.0;
    }
    double inv_mass_sum = a->inv_mass + b->inv_mass;
    if (!(inv_mass_sum > 0.0)) {
        return 0.0;
    }
    double approach_speed = ccl_dot3(ccl_sub3(a->velocity, b->velocity), normal);
    if (!(approach_speed > 0.0)) {
        return 0.0;
    }
    double e = sqrt(ccl_clamp_unit3(a->restitution) * ccl_clamp_unit3(b->restitution));
    double j = (1.0 + e) * approach_speed / inv_mass_sum;
    return isfinite(j) ? j : 0.0;
}

void ccl_collide3(ccl_body3 *a, ccl_body3 *b, ccl_vec3 normal) {
    double j = ccl_impulse3(a, b, normal);
    if (j == 0.0) {
        return;
    }
    a->velocity = ccl_mul_add3(a->velocity, -j * a->inv_mass, normal);
    b->velocity = ccl_mul_add3(b->velocity, j * b->inv_mass, normal);
}

ccl_vec3 ccl_reflect3(ccl_vec3 v, ccl_vec3 normal, double restitution) {
    if (!ccl_vec3_is_finite(v) || !ccl_vec3_is_finite(normal) || !isfinite(restitution)) {
        return v;
    }
    double vn = ccl_dot3(v, normal);
    return ccl_mul_add3(v, -(1.0 + ccl_clamp_unit3(restitution)) * vn, normal);
}

bool ccl_step_pair3(ccl_body3 *a, ccl_body3 *b, double dt, ccl_hit3 *hit) {
    if (a == NULL || b == NULL || !ccl_body3_is_finite(a) || !ccl_body3_is_finite(b) ||
        !(dt >= 0.0) || !isfinite(dt)) {
        return false;
    }
    ccl_sphere sa = {a->position, a->radius};
    ccl_sphere sb = {b->position, b->radius};
    ccl_hit3 contact;
    if (!ccl_sweep_spheres(sa, a->velocity, sb, b->velocity, dt, &contact)) {
        a->position = ccl_mul_add3(a->position, dt, a->velocity);
        b->position = ccl_mul_add3(b->position, dt, b->velocity);
        return false;
    }
    a->position = ccl_mul_add3(a->position, contact.t, a->velocity);
    b->position = ccl_mul_add3(b->position, contact.t, b->velocity);
    ccl_collide3(a, b, contact.normal);
    double rest = dt - contact.t;
    a->position = ccl_mul_add3(a->position, rest, a->velocity);
    b->position = ccl_mul_add3(b->position, rest, b->velocity);
    if (hit != NULL) {
        *hit = contact;
    }
    return true;
}
