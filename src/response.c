/* Collision response (seeds 000 and 003): impulse exchange, reflection, and the whole step. */
#include "circol/response.h"

#include <math.h>

static bool body_is_finite(const ccl_body *b) {
    return ccl_vec2_is_finite(b->position) && ccl_vec2_is_finite(b->velocity) &&
           isfinite(b->radius) && isfinite(b->inv_mass) && isfinite(b->restitution);
}

static double clamp_unit(double x) {
    return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
}

double ccl_impulse(const ccl_body *a, const ccl_body *b, ccl_vec2 normal) {
    if (a == NULL || b == NULL || !body_is_finite(a) || !body_is_finite(b) ||
        !ccl_vec2_is_finite(normal) || a->inv_mass < 0.0 || b->inv_mass < 0.0) {
        return 0.0;
    }
    double inv_mass_sum = a->inv_mass + b->inv_mass;
    if (!(inv_mass_sum > 0.0)) {
        return 0.0; /* two immovable bodies */
    }
    double approach_speed = ccl_dot(ccl_sub(a->velocity, b->velocity), normal);
    if (!(approach_speed > 0.0)) {
        return 0.0; /* separating or sliding: no impulse */
    }
    double e = sqrt(clamp_unit(a->restitution) * clamp_unit(b->restitution));
    double j = (1.0 + e) * approach_speed / inv_mass_sum;
    return isfinite(j) ? j : 0.0;
}

void ccl_collide(ccl_body *a, ccl_body *b, ccl_vec2 normal) {
    double j = ccl_impulse(a, b, normal);
    if (j == 0.0) {
        return;
    }
    a->velocity = ccl_mul_add(a->velocity, -j * a->inv_mass, normal);
    b->velocity = ccl_mul_add(b->velocity, j * b->inv_mass, normal);
}

ccl_vec2 ccl_reflect(ccl_vec2 v, ccl_vec2 normal, double restitution) {
    if (!ccl_vec2_is_finite(v) || !ccl_vec2_is_finite(normal) || !isfinite(restitution)) {
        return v;
    }
    double vn = ccl_dot(v, normal);
    return ccl_mul_add(v, -(1.0 + clamp_unit(restitution)) * vn, normal);
}

bool ccl_step_pair(ccl_body *a, ccl_body *b, double dt, ccl_hit *hit) {
    if (a == NULL || b == NULL || !body_is_finite(a) || !body_is_finite(b) || !(dt >= 0.0) ||
        !isfinite(dt)) {
        return false;
    }
    ccl_circle ca = {a->position, a->radius};
    ccl_circle cb = {b->position, b->radius};
    ccl_hit contact;
    if (!ccl_sweep_circles(ca, a->velocity, cb, b->velocity, dt, &contact)) {
        a->position = ccl_mul_add(a->position, dt, a->velocity);
        b->position = ccl_mul_add(b->position, dt, b->velocity);
        return false;
    }
    /* move to the time of impact, react, and move on for the rest of the interval */
    a->position = ccl_mul_add(a->position, contact.t, a->velocity);
    b->position = ccl_mul_add(b->position, contact.t, b->velocity);
    ccl_collide(a, b, contact.normal);
    double rest = dt - contact.t;
    a->position = ccl_mul_add(a->position, rest, a->velocity);
    b->position = ccl_mul_add(b->position, rest, b->velocity);
    if (hit != NULL) {
        *hit = contact;
    }
    return true;
}
