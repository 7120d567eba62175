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

/* As CCL_RESPONSE_SMALL in response.c: the fallback size, 2^-3 of the velocities. */
#define CCL_RESPONSE_SMALL3 0.125

/* As ccl_bodies_respond in response.c: valid and not both immovable; *e = sqrt(ea eb). */
static bool ccl_bodies_respond3(const ccl_body3 *a, const ccl_body3 *b, ccl_vec3 normal,
                                double *e) {
    if (a == NULL || b == NULL || !ccl_body3_is_finite(a) || !ccl_body3_is_finite(b) ||
        !ccl_vec3_is_finite(normal) || a->inv_mass < 0.0 || b->inv_mass < 0.0) {
        return false;
    }
    if (a->inv_mass == 0.0 && b->inv_mass == 0.0) {
        return false;
    }
    *e = sqrt(ccl_clamp_unit3(a->restitution) * ccl_clamp_unit3(b->restitution));
    return true;
}

/* (va - vb) . normal at the given size of the velocities. */
static double ccl_approach3(const ccl_body3 *a, const ccl_body3 *b, ccl_vec3 normal, double size) {
    return ccl_dot3(ccl_sub3(ccl_scale3(a->velocity, size), ccl_scale3(b->velocity, size)), normal);
}

double ccl_impulse3(const ccl_body3 *a, const ccl_body3 *b, ccl_vec3 normal) {
    double e;
    if (!ccl_bodies_respond3(a, b, normal, &e)) {
        return 0.0;
    }
    double sum = a->inv_mass + b->inv_mass, half = 1.0;
    if (!isfinite(sum)) {
        half = 0.5;
        sum = 0.5 * a->inv_mass + 0.5 * b->inv_mass;
    }
    /* at full size, and where an intermediate overflows at the small size, scaled back */
    for (double size = 1.0;; size = CCL_RESPONSE_SMALL3) {
        double approach = ccl_approach3(a, b, normal, size);
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

/* w / (w + w_other), at half size if the sum overflows (as ccl_share in response.c). */
static double ccl_share3(double w, double w_other) {
    double sum = w + w_other;
    if (!isfinite(sum)) {
        return (0.5 * w) / (0.5 * w + 0.5 * w_other);
    }
    return w / sum;
}

void ccl_collide3(ccl_body3 *a, ccl_body3 *b, ccl_vec3 normal) {
    double e;
    if (!ccl_bodies_respond3(a, b, normal, &e)) {
        return;
    }
    double share_a = ccl_share3(a->inv_mass, b->inv_mass);
    double share_b = ccl_share3(b->inv_mass, a->inv_mass);
    for (double size = 1.0;; size = CCL_RESPONSE_SMALL3) {
        double approach = ccl_approach3(a, b, normal, size);
        if (isfinite(approach)) {
            if (!(approach > 0.0)) {
                return;
            }
            double change = (1.0 + e) * approach;
            ccl_vec3 va = ccl_mul_add3(ccl_scale3(a->velocity, size), -change * share_a, normal);
            ccl_vec3 vb = ccl_mul_add3(ccl_scale3(b->velocity, size), change * share_b, normal);
            va = ccl_scale3(va, 1.0 / size);
            vb = ccl_scale3(vb, 1.0 / size);
            if (ccl_vec3_is_finite(va) && ccl_vec3_is_finite(vb)) {
                a->velocity = va;
                b->velocity = vb;
                return;
            }
        }
        if (size != 1.0) {
            return;
        }
    }
}

ccl_vec3 ccl_reflect3(ccl_vec3 v, ccl_vec3 normal, double restitution) {
    if (!ccl_vec3_is_finite(v) || !ccl_vec3_is_finite(normal) || !isfinite(restitution)) {
        return v;
    }
    double factor = -(1.0 + ccl_clamp_unit3(restitution));
    double along = ccl_dot3(v, normal);
    if (along == 0.0) {
        return v; /* no normal part: nothing to reverse (and no sign of zero to differ in 3D) */
    }
    ccl_vec3 r = ccl_mul_add3(v, factor * along, normal);
    if (!ccl_vec3_is_finite(r)) {
        ccl_vec3 small = ccl_scale3(v, CCL_RESPONSE_SMALL3);
        r = ccl_scale3(ccl_mul_add3(small, factor * ccl_dot3(small, normal), normal),
                       1.0 / CCL_RESPONSE_SMALL3);
        if (!ccl_vec3_is_finite(r)) {
            return v;
        }
    }
    return r;
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
