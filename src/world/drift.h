/* Private: the overlap drift: circles added overlapping under CCL_OVERLAP_SEPARATE are moved
 * apart at the separation speed, without touching their velocities. */
#ifndef CIRCOL_WORLD_DRIFT_H
#define CIRCOL_WORLD_DRIFT_H

#include "world/world.h"

/// Room for `more` overlap pairs past those recorded, so that recording them cannot fail halfway.
ccl_status ccl_world_reserve_overlaps(ccl_world *w, int32_t more);

/// Records a pair added overlapping (room reserved by ccl_world_reserve_overlaps).
void ccl_world_push_overlap(ccl_world *w, int32_t a, int32_t b);

/// Sets each circle's separating flag from the overlap list.
void ccl_world_refresh_separating_flags(ccl_world *w);

/// Moves pairs added overlapping apart by at most separation_speed * dt, and drops pairs that no
/// longer overlap. A move stops where either circle would meet a segment or point (the box's
/// walls clamp it).
void ccl_world_separate_overlaps(ccl_world *w, double dt);

#endif
