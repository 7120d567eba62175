/* Private: placing circles in the grid. */
#ifndef CIRCOL_WORLD_PLACE_H
#define CIRCOL_WORLD_PLACE_H

#include "world/world.h"

/// Rebuilds the grid for the circles there are and re-bins every one (moved to the present).
/// CCL_ERR_OUT_OF_MEMORY leaves the old grid.
ccl_status ccl_world_rebuild_grid(ccl_world *w);

/// Where a circle of radius r asked at p goes in the box (*placed: p, wrapped into a periodic
/// box), or why it cannot (CCL_ERR_OUTSIDE_BOX).
ccl_status ccl_world_position_in_box(const ccl_world *w, ccl_vec2 p, double r, ccl_vec2 *placed);

/// True when a circle at p (in the box) with radius r strictly overlaps a segment or point.
bool ccl_circle_hits_obstacle(const ccl_world *w, ccl_vec2 p, double r);

/// Circle i, binned where it is, overlapping others (filtered pairs and sensors aside): refused
/// (CCL_OVERLAP_REJECT: CCL_ERR_OVERLAP, the refusal noted), or recorded in the overlap list to
/// drift apart (CCL_OVERLAP_SEPARATE).
ccl_status ccl_world_apply_overlap_policy(ccl_world *w, int32_t i);

/// Takes circle i out of the overlap list (it is removed, or moved).
void ccl_world_forget_overlaps(ccl_world *w, int32_t i);

#endif
