/* Collision response (seeds 000 and 003): impulse exchange, reflection, and the whole step. */
#include "circol/response.h"

#include <math.h>

static bool ccl_body_is_finite(const ccl_body *b) {
    return ccl_vec2_is_finite(b->position) && ccl_vec2_is_finite(b->velocity) &&
           isfinite(b->radius) && isfinite(b->inv_mass) && isfinite(b->restitution);
}

static double ccl_clamp_unit(double x) {
    return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
}

/* True when a and b are valid, not both immovable and approach along normal; then *approach gets
 * (va - vb) . normal and *e the combined restitution sqrt(ea eb) (each clamped to [0, 1]). */
static bool ccl_collision_applies(const ccl_body *a, const ccl_body *b, ccl_vec2 normal,
                                  double *approach, double *e) {
    if (a == NULL || b == NULL || !ccl_body_is_finite(a) || !ccl_body_is_finite(b) ||
        !ccl_vec2_is_finite(normal) || a->inv_mass < 0.0 || b->inv_mass < 0.0) {
        return false;
    }
    if (a->inv_mass == 0.0 && b->inv_mass == 0.0) {
        return false; /* two immovable bodies */
    }
    *approach = ccl_dot(ccl_sub(a->velocity, b->velocity), normal);
    if (!(*approach > 0.0) || !isfinite(*approach)) {
        return false; /* separating or sliding: no impulse (or speeds beyond DBL_MAX) */
    }
    *e = sqrt(ccl_clamp_unit(a->restitution) * ccl_clamp_unit(b->restitution));
    return true;
}

double ccl_impulse(const ccl_body *a, const ccl_body *b, ccl_vec2 normal) {
    double approach, e;
    if (!ccl_collision_applies(a, b, normal, &approach, &e)) {
        return 0.0;
    }
    double j = (1.0 + e) * approach / (a->inv_mass + b->inv_mass);
    return isfinite(j) ? j : 0.0;
}

/* The part of an impulse's velocity change that falls on the body with inverse mass w when the
 * other has w_other: w / (w + w_other), computed at half size if the sum overflows. */
static double ccl_share(double w, double w_other) {
    double sum = w + w_other;
    if (!isfinite(sum)) {
        return (0.5 * w) / (0.5 * w + 0.5 * w_other);
    }
    return w / sum;
}

void ccl_collide(ccl_body *a, ccl_body *b, ccl_vec2 normal) {
    double approach, e;
    if (!ccl_collision_applies(a, b, normal, &approach, &e)) {
        return;
    }
    /* Each velocity changes by (1 + e) vn times the body's share of the inverse mass: the same as
     * j * inv_mass, but finite for any masses (j overflows for two bodies of mass 1e300). */
    double change = (1.0 + e) * approach;
    ccl_vec2 va = ccl_mul_add(a->velocity, -change * ccl_share(a->inv_mass, b->inv_mass), normal);
    ccl_vec2 vb = ccl_mul_add(b->velocity, change * ccl_share(b->inv_mass, a->inv_mass), normal);
    if (ccl_vec2_is_finite(va) && ccl_vec2_is_finite(vb)) {
        a->velocity = va; /* else the result is beyond DBL_MAX: left unchanged, never inf */
        b->velocity = vb;
    }
}

ccl_vec2 ccl_reflect(ccl_vec2 v, ccl_vec2 normal, double restitution) {
    if (!ccl_vec2_is_finite(v) || !ccl_vec2_is_finite(normal) || !isfinite(restitution)) {
        return v;
    }
    double factor = -(1.0 + ccl_clamp_unit(restitution));
    ccl_vec2 r = ccl_mul_add(v, factor * ccl_dot(v, normal), normal);
    if (!ccl_vec2_is_finite(r)) {
        /* an intermediate beyond DBL_MAX: the same at half size (exact), then doubled */
        ccl_vec2 half = ccl_scale(v, 0.5);
        r = ccl_scale(ccl_mul_add(half, factor * ccl_dot(half, normal), normal), 2.0);
    }
    return r;
}

bool ccl_step_pair(ccl_body *a, ccl_body *b, double dt, ccl_hit *hit) {
    if (a == NULL || b == NULL || !ccl_body_is_finite(a) || !ccl_body_is_finite(b) ||
        !(dt >= 0.0) || !isfinite(dt)) {
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
