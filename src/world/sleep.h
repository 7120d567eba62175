/* Private: sleep under gravity: circles at rest in a pocket of fixed things stop moving until an
 * awake circle wakes them. */
#ifndef CIRCOL_WORLD_SLEEP_H
#define CIRCOL_WORLD_SLEEP_H

#include "world/world.h"

/// Wakes a sleeping circle (its trajectory changes, so its partners' events become stale).
void ccl_world_wake(ccl_world *w, int32_t i);

/// True when the fixed things touching circle i hold it against gravity (always, without it).
bool ccl_world_is_held(const ccl_world *w, int32_t i);

/// True when the fixed things touching circle i hold it against its own motion.
bool ccl_world_blocks_motion(const ccl_world *w, int32_t i);

/// Whether the wedge rule may put circle i, held among movable circles, to sleep: where that keeps
/// the momentum physics keeps, its velocity across gravity being slower than CCL_SLEEP_SLIDE rest
/// speeds or pointing into walls, obstacles or immovable circles. A run of quick collisions in a
/// row hit along a frictionless floor is no wedge: put to sleep, a circle took the row's
/// horizontal momentum with it.
bool ccl_world_may_stop(const ccl_world *w, int32_t i);

/// Puts circle i to sleep when it is slower than `factor` rest speeds and the fixed things
/// touching it hold it against gravity; slow circles that hold each other up fall asleep together.
/// What sleep takes goes into the ledger.
void ccl_world_try_sleep(ccl_world *w, int32_t i, double factor);

/// Circle i has just woken (or is leaving): each sleeping circle touching it that its remaining
/// fixed things no longer hold against gravity wakes too, and so on from there.
void ccl_world_wake_dependents(ccl_world *w, int32_t i);

/// ccl_world_keeps_sleeping for a sleeping circle.
bool ccl_world_keeps_sleeping_hit(ccl_world *w, int32_t i, double approach, ccl_vec2 d);

/// Whether circle i, if asleep, hit with the given approach speed and pushed along unit direction
/// d, stays asleep and takes the hit as if immovable: only when pushed down (d has a part along
/// gravity) into its supports (sleeping circles among them), or down slower than CCL_WAKE_FACTOR
/// rest speeds, where what holds it takes the hit; a hit with no approach leaves it asleep. The
/// impulse such a circle takes goes into the ledger's momentum_taken. A push across gravity or up
/// wakes it, and it answers with its own mass and restitution as an awake circle would: taking
/// such a hit as if immovable bounced a circle off a row resting on a frictionless floor as off a
/// wall. Counting only walls, segments, points and immovable circles as supports here left a
/// pouring into a funnel (tests/test_world_gravity.c) running for minutes without settling.
/// False for an awake circle.
static inline bool ccl_world_keeps_sleeping(ccl_world *w, int32_t i, double approach, ccl_vec2 d) {
    return w->bodies[i].asleep && ccl_world_keeps_sleeping_hit(w, i, approach, d);
}

#endif
