/* Uniform gravity g: p + v tau + a tau^2 / 2 with a = g less the normal part of each box wall the
 * body rests on. */
#include "world/motion.h"

static ccl_vec2 ccl_gravity_acceleration(const ccl_world *w, const ccl_body_slot *b) {
    ccl_vec2 g = w->def.gravity;
    if (b->support & ((1u << CCL_WALL_LEFT) | (1u << CCL_WALL_RIGHT))) {
        g.x = 0.0; /* resting on a side wall: no normal acceleration */
    }
    if (b->support & ((1u << CCL_WALL_BOTTOM) | (1u << CCL_WALL_TOP))) {
        g.y = 0.0; /* resting on the floor or the ceiling; both in a corner */
    }
    return g;
}

static double ccl_gravity_u(const ccl_world *w, double t) {
    (void)w;
    return t;
}

static void ccl_gravity_state_after(const ccl_world *w, const ccl_body_slot *b, double tau,
                                    ccl_vec2 *position, ccl_vec2 *velocity) {
    ccl_vec2 acc = ccl_gravity_acceleration(w, b);
    ccl_vec2 start = ccl_mul_add(b->position, tau, b->velocity);
    *position = ccl_add_acceleration_term(start, 0.5 * tau * tau, acc);
    *velocity = ccl_mul_add(b->velocity, tau, acc);
}

const ccl_motion_law ccl_motion_gravity = {false, ccl_gravity_acceleration, ccl_gravity_u,
                                           ccl_gravity_u, ccl_gravity_state_after};
