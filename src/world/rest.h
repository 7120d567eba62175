/* Private: circles resting on box walls, and circles wedged under gravity. */
#ifndef CIRCOL_WORLD_REST_H
#define CIRCOL_WORLD_REST_H

#include "world/world.h"

/// A circle resting on a box wall whose velocity now points into that wall bounces off it at
/// once (counted as a wall collision); one whose velocity points away leaves the wall.
void ccl_world_settle_support(ccl_world *w, int32_t i);

/// Counts a collision of b and returns true when b is wedged: pressed by gravity between fixed
/// things, each bounce sends it into the other after no time or ever less time. Call before
/// last_collision is updated.
bool ccl_world_note_quick_collision(ccl_world *w, ccl_body_slot *b);

/// Stops a wedged circle where it is (asleep, or awake but still where fixed things hold it
/// against its motion); against_wall: the run ended against a wall or an obstacle.
void ccl_world_stop_wedged(ccl_world *w, int32_t i, bool against_wall);

#endif
