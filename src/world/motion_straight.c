/* Straight motion: p + v tau, no acceleration. Two laws move bodies so: the straight law, and the
 * law of growing radii, whose paths are the same lines but whose contact distances grow, so the
 * straight fast paths (which take every radius as fixed) do not apply: its prediction and
 * collisions go through world/growth.h. */
#include "world/motion.h"

static ccl_vec2 ccl_straight_acceleration(const ccl_world *w, const ccl_body_slot *b) {
    (void)w;
    (void)b;
    return ccl_v2(0.0, 0.0);
}

static double ccl_straight_u(const ccl_world *w, double t) {
    (void)w;
    return t;
}

static void ccl_straight_state_after(const ccl_world *w, const ccl_body_slot *b, double tau,
                                     ccl_vec2 *position, ccl_vec2 *velocity) {
    (void)w;
    *position = ccl_mul_add(b->position, tau, b->velocity);
    *velocity = b->velocity;
}

const ccl_motion_law ccl_motion_straight = {true, ccl_straight_acceleration, ccl_straight_u,
                                            ccl_straight_u, ccl_straight_state_after};

const ccl_motion_law ccl_motion_growth = {false, ccl_straight_acceleration, ccl_straight_u,
                                          ccl_straight_u, ccl_straight_state_after};
