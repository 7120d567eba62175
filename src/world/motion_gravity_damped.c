/* Gravity g with linear damping gamma: velocity g / gamma + (v - g / gamma) exp(-gamma tau), which
 * is v (1 - gamma s) + a s, and position p + (g / gamma) tau + (v - g / gamma) s, which is
 * p + v s + a W(s), in the damped law's parameter s = (1 - exp(-gamma tau)) / gamma with
 * W(s) = (tau - s) / gamma. a is gravity less the normal part of each box wall the body rests on,
 * as under gravity alone. Contact times: world/predict_gravity_damped.c. */
#include "core/elementary.h"
#include "world/motion.h"
#include "world/predict_gravity_damped.h"

/* Below this gamma s, psi is summed as its series (the direct form loses log2(2 / x) bits). */
#define CCL_PSI_SERIES_BELOW 0.125
/* Terms of the series: the first left out, x^20 / 22 at x = 1/8, is 2^-63 of psi. */
#define CCL_PSI_TERMS 20

/* psi(x) = (-log1p(-x) - x) / x^2 = sum over k >= 2 of x^(k - 2) / k, for 0 <= x <= 1. */
static double ccl_psi(double x) {
    if (x < CCL_PSI_SERIES_BELOW) {
        double sum = 0.0;
        for (int k = CCL_PSI_TERMS + 1; k >= 2; --k) {
            sum = 1.0 / k + x * sum;
        }
        return sum;
    }
    return (-ccl_log1p(-x) - x) / (x * x);
}

double ccl_damped_w(double gamma, double s) {
    return s * s * ccl_psi(gamma * s);
}

static ccl_vec2 ccl_gravity_damped_acceleration(const ccl_world *w, const ccl_body_slot *b) {
    return ccl_motion_gravity.acceleration(w, b);
}

static double ccl_gravity_damped_u_of_tau(const ccl_world *w, double tau) {
    return ccl_motion_damped.u_of_tau(w, tau);
}

static double ccl_gravity_damped_tau_of_u(const ccl_world *w, double u) {
    return ccl_motion_damped.tau_of_u(w, u);
}

static void ccl_gravity_damped_state_after(const ccl_world *w, const ccl_body_slot *b, double tau,
                                           ccl_vec2 *position, ccl_vec2 *velocity) {
    double gamma = w->def.damping;
    double s = ccl_gravity_damped_u_of_tau(w, tau);
    ccl_vec2 acc = ccl_gravity_damped_acceleration(w, b);
    *position = ccl_mul_add(ccl_mul_add(b->position, s, b->velocity), ccl_damped_w(gamma, s), acc);
    *velocity = ccl_mul_add(ccl_scale(b->velocity, ccl_exp(-gamma * tau)), s, acc);
}

const ccl_motion_law ccl_motion_gravity_damped = {
    false, ccl_gravity_damped_acceleration, ccl_gravity_damped_u_of_tau,
    ccl_gravity_damped_tau_of_u, ccl_gravity_damped_state_after};
