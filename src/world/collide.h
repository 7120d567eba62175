/* Private: what happens when an event comes: two circles collide, a circle bounces off a wall, a
 * segment or a point. */
#ifndef CIRCOL_WORLD_COLLIDE_H
#define CIRCOL_WORLD_COLLIDE_H

#include "world/world.h"

/// Collides circles i and k at the present time (their event), and predicts both again.
ccl_status ccl_world_collide_circles(ccl_world *w, int32_t i, int32_t k);

/// Bounces circle i off the wall, segment or point of its event, and predicts it again.
ccl_status ccl_world_hit_wall(ccl_world *w, int32_t i);

#endif
