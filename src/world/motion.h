/* Private: the motion law, the one place that says how a free body moves between events.
 *
 * Every law here moves a body on p + v u + a u^2 / 2 in a parameter u of the elapsed time tau:
 * u = tau for straight motion (a = 0) and under gravity, u = (1 - exp(-gamma tau)) / gamma under
 * linear damping gamma (a = 0: a damped path is a straight line in u). Two bodies under the same
 * acceleration then move on a straight line relative to each other, and every contact time is a
 * root of a quadratic in u, or of a quartic where the accelerations differ (world/touch.h answers
 * "when do two bodies first touch" and "when does a body touch a wall, segment or point" for every
 * law of this form). Gravity with damping is the one law of another form: p + v s + a W in the
 * elapsed time, whose contact times are world/predict_gravity_damped.h's (the curved prediction
 * asks its ccl_curved_* calls, which keep touch.h's forms for every other law). A law says how u
 * maps to time, which acceleration a body feels, and where a
 * body is and how fast it goes after tau. To add one, write world/motion_<name>.c defining a
 * ccl_motion_law and choose it in ccl_motion_law_of (world/motion.c). */
#ifndef CIRCOL_WORLD_MOTION_H
#define CIRCOL_WORLD_MOTION_H

#include "world/world.h"

struct ccl_motion_law {
    /// p + v tau with no acceleration: the straight fast paths (exact re-basing, the vectorised
    /// neighbour scan, no resting or wedging) apply.
    bool straight;
    /// The acceleration a free, awake, movable body b feels (gravity, less the part its
    /// supports take).
    ccl_vec2 (*acceleration)(const ccl_world *w, const ccl_body_slot *b);
    /// u for an elapsed time tau.
    double (*u_of_tau)(const ccl_world *w, double tau);
    /// The elapsed time for u (INFINITY where the body never gets that far).
    double (*tau_of_u)(const ccl_world *w, double u);
    /// Position and velocity of free, awake, movable body b tau after its own time (tau != 0).
    void (*state_after)(const ccl_world *w, const ccl_body_slot *b, double tau, ccl_vec2 *position,
                        ccl_vec2 *velocity);
};

extern const ccl_motion_law ccl_motion_straight; ///< p + v tau
extern const ccl_motion_law ccl_motion_damped;   ///< p + v (1 - exp(-gamma tau)) / gamma
extern const ccl_motion_law ccl_motion_gravity;  ///< p + v tau + g tau^2 / 2, less supports
extern const ccl_motion_law ccl_motion_growth;   ///< p + v tau, radii growing (world/growth.h)
/// p + v s + g W(s) in the damped law's s, less supports (world/predict_gravity_damped.h)
extern const ccl_motion_law ccl_motion_gravity_damped;

/// start + k acc, where k >= 0 may be infinite (a body at rest advanced by a huge step): a
/// component without acceleration adds its zero, as it would for a finite k, not infinity times
/// zero, which would make the position NaN. The same bits as ccl_mul_add for a finite k.
static inline ccl_vec2 ccl_add_acceleration_term(ccl_vec2 start, double k, ccl_vec2 acc) {
    return ccl_v2(start.x + (acc.x == 0.0 ? acc.x : k * acc.x),
                  start.y + (acc.y == 0.0 ? acc.y : k * acc.y));
}

/// The law a world of this definition moves its bodies by (a valid definition).
const ccl_motion_law *ccl_motion_law_of(const ccl_world_def *def);

/// The acceleration body b feels: 0 for immovable (kinematic too) and sleeping bodies.
static inline ccl_vec2 ccl_body_acceleration(const ccl_world *w, const ccl_body_slot *b) {
    if (b->immovable || b->asleep) {
        return ccl_v2(0.0, 0.0);
    }
    return w->law->acceleration(w, b);
}

/// The elapsed time for a motion parameter u.
static inline double ccl_tau_of_u(const ccl_world *w, double u) {
    return w->straight ? u : w->law->tau_of_u(w, u);
}

/// Whether an event u after now falls on now itself (u = 0, or too small to move the time).
static inline bool ccl_at_once(const ccl_world *w, double u) {
    return !(w->time + ccl_tau_of_u(w, u) > w->time);
}

/// Position and velocity of body b at internal time t (b is not changed).
static inline void ccl_body_state_at(const ccl_world *w, const ccl_body_slot *b, double t,
                                     ccl_vec2 *position, ccl_vec2 *velocity) {
    double tau = t - b->time;
    if (tau == 0.0 || b->immovable || b->asleep) {
        /* a kinematic circle moves on a straight line, under any law */
        bool moves = tau != 0.0 && b->kinematic && !b->asleep;
        *position = moves ? ccl_mul_add(b->position, tau, b->velocity) : b->position;
        *velocity = b->velocity;
        return;
    }
    if (w->straight) {
        *position = ccl_mul_add(b->position, tau, b->velocity);
        *velocity = b->velocity;
        return;
    }
    w->law->state_after(w, b, tau, position, velocity);
}

/// Moves body b's own state to internal time t. Written out for straight motion, where it is
/// ccl_body_state_at's p + v tau (called a few times per event).
static inline void ccl_body_move_to(const ccl_world *w, ccl_body_slot *b, double t) {
    if (!w->straight) {
        ccl_body_state_at(w, b, t, &b->position, &b->velocity);
        b->time = t;
        return;
    }
    double tau = t - b->time;
    if (tau != 0.0 && (!b->immovable || b->kinematic) && !b->asleep) {
        b->position = ccl_mul_add(b->position, tau, b->velocity);
    }
    b->time = t;
}

#endif
