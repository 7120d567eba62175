/* Private: kinematic circles, teleports, and the events of pairs that are not two ordinary
 * circles colliding (a kinematic circle or a sensor in it). */
#ifndef CIRCOL_WORLD_KINEMATIC_H
#define CIRCOL_WORLD_KINEMATIC_H

#include "world/world.h"

/// Whether the event of circles i and k is not an ordinary collision: either is kinematic or a
/// sensor (ccl_world_collide_special).
static inline bool ccl_pair_is_special(const ccl_world *w, int32_t i, int32_t k) {
    const ccl_body_slot *a = &w->bodies[i], *b = &w->bodies[k];
    return a->kinematic | a->sensor | b->kinematic | b->sensor;
}

/// The event of circles i and k, one of them kinematic or a sensor: a touch of a sensor, or a
/// bounce off a kinematic circle.
ccl_status ccl_world_collide_special(ccl_world *w, int32_t i, int32_t k);

/// Kinematic circle i met a box wall, segment or point: it stops.
ccl_status ccl_world_stop_kinematic(ccl_world *w, int32_t i);

/// Gives the immovable circle i a velocity: it becomes kinematic.
ccl_status ccl_world_set_kinematic_velocity(ccl_world *w, int32_t i, ccl_vec2 velocity);

#endif
