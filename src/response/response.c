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

/* The fallback size of the response functions: at 2^-3 of the velocities (exact at any size
 * where an intermediate overflows) every intermediate of a finite input is below DBL_MAX: the
 * relative velocity's components below DBL_MAX / 4, the approach along a unit normal below
 * DBL_MAX / 2^1.5, and (1 + e) times it below DBL_MAX / 2^0.5. */
#define CCL_RESPONSE_SMALL 0.125

/* True when a and b are valid and not both immovable; then *e gets the combined restitution
 * sqrt(ea eb) (each clamped to [0, 1]). */
static bool ccl_bodies_respond(const ccl_body *a, const ccl_body *b, ccl_vec2 normal, double *e) {
    if (a == NULL || b == NULL || !ccl_body_is_finite(a) || !ccl_body_is_finite(b) ||
        !ccl_vec2_is_finite(normal) || a->inv_mass < 0.0 || b->inv_mass < 0.0) {
        return false;
    }
    if (a->inv_mass == 0.0 && b->inv_mass == 0.0) {
        return false; /* two immovable bodies */
    }
    *e = sqrt(ccl_clamp_unit(a->restitution) * ccl_clamp_unit(b->restitution));
    return true;
}

/* (va - vb) . normal, the speed of approach, at the given size of the velocities. */
static double ccl_approach(const ccl_body *a, const ccl_body *b, ccl_vec2 normal, double size) {
    return ccl_dot(ccl_sub(ccl_scale(a->velocity, size), ccl_scale(b->velocity, size)), normal);
}

double ccl_impulse(const ccl_body *a, const ccl_body *b, ccl_vec2 normal) {
    double e;
    if (!ccl_bodies_respond(a, b, normal, &e)) {
        return 0.0;
    }
    double sum = a->inv_mass + b->inv_mass, half = 1.0;
    if (!isfinite(sum)) {
        half = 0.5;
        sum = 0.5 * a->inv_mass + 0.5 * b->inv_mass;
    }
    /* at full size, and where an intermediate overflows at the small size, scaled back */
    for (double size = 1.0;; size = CCL_RESPONSE_SMALL) {
        double approach = ccl_approach(a, b, normal, size);
        if (isfinite(approach)) {
            if (!(approach > 0.0)) {
                return 0.0; /* separating or sliding: no impulse */
            }
            double j = (1.0 + e) * approach * half / sum / size;
            if (isfinite(j)) {
                return j;
            }
        }
        if (size != 1.0) {
            return 0.0; /* beyond DBL_MAX: none */
        }
    }
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
    double e;
    if (!ccl_bodies_respond(a, b, normal, &e)) {
        return;
    }
    double share_a = ccl_share(a->inv_mass, b->inv_mass);
    double share_b = ccl_share(b->inv_mass, a->inv_mass);
    /* at full size, and where an intermediate overflows at 2^-3 of it (exact), scaled back */
    for (double size = 1.0;; size = CCL_RESPONSE_SMALL) {
        double approach = ccl_approach(a, b, normal, size);
        if (isfinite(approach)) {
            if (!(approach > 0.0)) {
                return; /* separating or sliding: no impulse */
            }
            /* Each velocity changes by (1 + e) vn times the body's share of the inverse mass:
             * the same as j * inv_mass, but finite for any masses (j overflows for two bodies
             * of mass 1e300). */
            double change = (1.0 + e) * approach;
            ccl_vec2 va = ccl_mul_add(ccl_scale(a->velocity, size), -change * share_a, normal);
            ccl_vec2 vb = ccl_mul_add(ccl_scale(b->velocity, size), change * share_b, normal);
            va = ccl_scale(va, 1.0 / size);
            vb = ccl_scale(vb, 1.0 / size);
            if (ccl_vec2_is_finite(va) && ccl_vec2_is_finite(vb)) {
                a->velocity = va;
                b->velocity = vb;
                return;
            }
        }
        if (size != 1.0) {
            return; /* the result is beyond DBL_MAX: left unchanged, never inf */
        }
    }
}

ccl_vec2 ccl_reflect(ccl_vec2 v, ccl_vec2 normal, double restitution) {
    if (!ccl_vec2_is_finite(v) || !ccl_vec2_is_finite(normal) || !isfinite(restitution)) {
        return v;
    }
    double factor = -(1.0 + ccl_clamp_unit(restitution));
    double along = ccl_dot(v, normal);
    if (along == 0.0) {
        return v; /* no normal part: nothing to reverse (and no sign of zero to differ in 3D) */
    }
    ccl_vec2 r = ccl_mul_add(v, factor * along, normal);
    if (!ccl_vec2_is_finite(r)) {
        /* an intermediate beyond DBL_MAX: the same at 2^-3 of the size (exact), scaled back */
        ccl_vec2 small = ccl_scale(v, CCL_RESPONSE_SMALL);
        r = ccl_scale(ccl_mul_add(small, factor * ccl_dot(small, normal), normal),
                      1.0 / CCL_RESPONSE_SMALL);
        if (!ccl_vec2_is_finite(r)) {
            return v; /* the result itself is beyond DBL_MAX */
        }
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
