/* Gravity g with linear damping gamma: velocity g / gamma + (v - g / gamma) exp(-gamma tau), which
 * is v (1 - gamma s) + a s, and position p + (g / gamma) tau + (v - g / gamma) s, which is
 * p + v s + a W(s), in the damped law's parameter s = (1 - exp(-gamma tau)) / gamma with
 * W = (tau - s) / gamma. a is gravity less the normal part of each box wall the body rests on,
 * as under gravity alone. Contact times: world/predict_gravity_damped.c. */
#include <float.h>

#include "core/elementary.h"
#include "world/motion.h"
#include "world/predict_gravity_damped.h"

/* Below this gamma tau, chi is summed as its series (the direct form loses log2(2 / y) bits). */
#define CCL_CHI_SERIES_BELOW 0.125
/* Terms of the series: the first left out, y^14 / 16!, is below 2^-100 of chi at y = 1/8. */
#define CCL_CHI_TERMS 14

/* chi(y) = (y + expm1(-y)) / y^2 = sum over k >= 2 of (-y)^(k - 2) / k!, for y >= 0: nested as
 * (1 - y / 3 (1 - y / 4 (1 - ...))) / 2. */
static double ccl_chi(double y) {
    if (y < CCL_CHI_SERIES_BELOW) {
        double t = 1.0;
        for (int k = CCL_CHI_TERMS + 1; k >= 3; --k) {
            t = 1.0 - y / k * t;
        }
        return 0.5 * t;
    }
    return (y + ccl_expm1(-y)) / (y * y);
}

double ccl_damped_s(double gamma, double tau) {
    return -ccl_expm1(-gamma * tau) / gamma;
}

double ccl_damped_w(double gamma, double tau) {
    double square = tau * tau;
    if (square > DBL_MAX) { /* tau past about 1e154: W from its definition, never NaN */
        return (tau - ccl_damped_s(gamma, tau)) / gamma;
    }
    return square * ccl_chi(gamma * tau);
}

void ccl_damped_sw(double gamma, double tau, double *s, double *w) {
    double y = gamma * tau, em = ccl_expm1(-y);
    *s = -em / gamma;
    *w = tau * tau * (y < CCL_CHI_SERIES_BELOW ? ccl_chi(y) : (y + em) / (y * y));
}

static ccl_vec2 ccl_gravity_damped_acceleration(const ccl_world *w, const ccl_body_slot *b) {
    return ccl_motion_gravity.acceleration(w, b);
}

/* The motion parameter is the elapsed time itself: s saturates at 1 / gamma within about 37 /
 * gamma, where a falling body still has far to go. */
static double ccl_gravity_damped_u(const ccl_world *w, double tau) {
    (void)w;
    return tau;
}

static void ccl_gravity_damped_state_after(const ccl_world *w, const ccl_body_slot *b, double tau,
                                           ccl_vec2 *position, ccl_vec2 *velocity) {
    double gamma = w->def.damping;
    double s = ccl_damped_s(gamma, tau);
    ccl_vec2 acc = ccl_gravity_damped_acceleration(w, b);
    *position = ccl_add_acceleration_term(ccl_mul_add(b->position, s, b->velocity),
                                          ccl_damped_w(gamma, tau), acc);
    *velocity = ccl_mul_add(ccl_scale(b->velocity, ccl_exp(-gamma * tau)), s, acc);
}

const ccl_motion_law ccl_motion_gravity_damped = {false, ccl_gravity_damped_acceleration,
                                                  ccl_gravity_damped_u, ccl_gravity_damped_u,
                                                  ccl_gravity_damped_state_after};
