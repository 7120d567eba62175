/* Private: placing circles in the grid. */
#ifndef CIRCOL_WORLD_PLACE_H
#define CIRCOL_WORLD_PLACE_H

#include "world/world.h"

/// Rebuilds the grid for the circles there are and re-bins every one (moved to the present).
/// CCL_ERR_OUT_OF_MEMORY leaves the old grid.
ccl_status ccl_world_rebuild_grid(ccl_world *w);

#endif
