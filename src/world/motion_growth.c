/* Growing radii: bodies move on straight lines, p + v tau, but the contact distances grow, so the
 * straight fast paths (which take every radius as fixed) do not apply: prediction and collisions
 * go through world/growth.h. */
#include "world/motion.h"

static ccl_vec2 ccl_growth_acceleration(const ccl_world *w, const ccl_body_slot *b) {
    (void)w;
    (void)b;
    return ccl_v2(0.0, 0.0);
}

static double ccl_growth_u(const ccl_world *w, double t) {
    (void)w;
    return t;
}

static void ccl_growth_state_after(const ccl_world *w, const ccl_body_slot *b, double tau,
                                   ccl_vec2 *position, ccl_vec2 *velocity) {
    (void)w;
    *position = ccl_mul_add(b->position, tau, b->velocity);
    *velocity = b->velocity;
}

const ccl_motion_law ccl_motion_growth = {false, ccl_growth_acceleration, ccl_growth_u,
                                          ccl_growth_u, ccl_growth_state_after};
