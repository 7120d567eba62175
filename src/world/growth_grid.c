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
#include "world_common/growth_impl.h"

ccl_status ccl_growth_regrid(ccl_world *w) {
    w->time = ccl_growing_regrid_time(&w->growth, w->time);
    ccl_growth_rescale(w);
    double max_radius = ccl_growth_max_radius(w);
    double fits = fmin(w->box.size.x, w->box.size.y) / ccl_grid_min_cell(1.0);
    double ahead;
    if (!ccl_growing_ahead(max_radius, fits, CCL_GROWTH_HEADROOM, &ahead)) {
        return CCL_ERR_UNSUPPORTED; /* the largest circle would outgrow the box */
    }
    ccl_status status = ccl_world_rebuild_grid_for(w, ahead);
    if (status != CCL_OK) {
        return status;
    }
    bool ahead_of_growth =
        ccl_growing_regridded(&w->growth, ccl_growth_horizon(w, max_radius), w->time);
    return ahead_of_growth ? CCL_OK : CCL_ERR_UNSUPPORTED;
}
