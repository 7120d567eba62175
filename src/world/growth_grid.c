/* Growing radii: the grid kept ahead of the largest circle, rebuilt for grown circles before its
 * cells stop holding it (world/growth.h). */

#include "core/constants.h"
#include "world/growth.h"
#include "world/place.h"
#include "world/world.h"

#define CCL_WORLD_T                ccl_world
#define CCL_WORLD_ALIVE(w, i)      ((w)->bodies[i].alive)
#define CCL_WORLD_RADIUS(w, i)     ((w)->bodies[i].radius)
#define CCL_WORLD_SMALLEST_CELL(w) fmin((w)->grid.cell_w, (w)->grid.cell_h)
#define CCL_WORLD_MAX_RADIUS       ccl_growth_max_radius
#define CCL_WORLD_HORIZON          ccl_growth_horizon
#define CCL_WORLD_GROWTH_PREPARE   ccl_growth_prepare
#define CCL_WORLD_GROWTH_REGRID    ccl_growth_regrid
#define CCL_WORLD_GROWTH_RESCALE   ccl_growth_rescale
#define CCL_WORLD_FITS(w)          (fmin((w)->box.size.x, (w)->box.size.y) / ccl_grid_min_cell(1.0))
#define CCL_WORLD_REBUILD_GRID     ccl_world_rebuild_grid_for
#include "world_common/growth_impl.h"
