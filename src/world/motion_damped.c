/* Linear damping gamma: velocity v exp(-gamma tau), position p + v u with
 * u = (1 - exp(-gamma tau)) / gamma, a straight line in u that ends at u = 1 / gamma. */
#include "core/elementary.h"
#include "world/motion.h"

static ccl_vec2 ccl_damped_acceleration(const ccl_world *w, const ccl_body_slot *b) {
    (void)w;
    (void)b;
    return ccl_v2(0.0, 0.0);
}

static double ccl_damped_u_of_tau(const ccl_world *w, double tau) {
    double gamma = w->def.damping;
    return -ccl_expm1(-gamma * tau) / gamma;
}

static double ccl_damped_tau_of_u(const ccl_world *w, double u) {
    double gamma = w->def.damping;
    double x = gamma * u;
    if (!(x < 1.0)) {
        return INFINITY; /* a damped circle never travels that far */
    }
    return -ccl_log1p(-x) / gamma;
}

static void ccl_damped_state_after(const ccl_world *w, const ccl_body_slot *b, double tau,
                                   ccl_vec2 *position, ccl_vec2 *velocity) {
    double u = ccl_damped_u_of_tau(w, tau);
    *position = ccl_mul_add(b->position, u, b->velocity);
    *velocity = ccl_scale(b->velocity, ccl_exp(-w->def.damping * tau));
}

const ccl_motion_law ccl_motion_damped = {false, ccl_damped_acceleration, ccl_damped_u_of_tau,
                                          ccl_damped_tau_of_u, ccl_damped_state_after};
