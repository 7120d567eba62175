/* Private: walks over what lies near a position: the circles of the nine cells around it, and the
 * segments and points a circle there could overlap. */
#ifndef CIRCOL_WORLD_NEIGHBOURS_H
#define CIRCOL_WORLD_NEIGHBOURS_H

#include "world/world.h"

/// Called for circle k with its offset from the position walked around (minimum image).
typedef void ccl_neighbour_fn(const ccl_world *w, int32_t k, ccl_vec2 offset, void *ctx);

/// Calls fn for every circle in the 9 cells around position p, at the world's time.
void ccl_world_each_neighbour(const ccl_world *w, ccl_vec2 p, ccl_neighbour_fn *fn, void *ctx);

/// Called with the point of an obstacle (its nearest image) nearest to the position walked
/// around; returns false to stop the walk.
typedef bool ccl_obstacle_fn(ccl_vec2 nearest, void *ctx);

/// Calls fn for the segments and points a circle at p might touch: with from_table, those the
/// obstacle tables list for p's cell (the caller knows the tables cover it), else every one.
void ccl_world_each_obstacle_near(const ccl_world *w, ccl_vec2 p, bool from_table,
                                  ccl_obstacle_fn *fn, void *ctx);

#endif
