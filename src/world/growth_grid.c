/* Growing radii: the grid kept ahead of the largest circle, rebuilt for grown circles before its
 * cells stop holding it (world/growth.h). */

#include "core/constants.h"
#include "world/growth.h"
#include "world/place.h"
#include "world/world.h"

/* The largest radius now (the slots' radii being the present ones). */
static double ccl_growth_max_radius(const ccl_world *w) {
    double max_radius = 0.0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && w->bodies[i].radius > max_radius) {
            max_radius = w->bodies[i].radius;
        }
    }
    return max_radius;
}

/* The internal time at which the largest circle, of radius max_radius now, outgrows the cells
 * (a little before, for the rounding of the times). */
static double ccl_growth_horizon(const ccl_world *w, double max_radius) {
    double cell = fmin(w->grid.cell_w, w->grid.cell_h);
    return ccl_growing_horizon(&w->growth, cell, ccl_grid_min_cell(1.0), max_radius);
}

void ccl_growth_prepare(ccl_world *w) {
    if (w->growth.until != -INFINITY) {
        w->growth.until = ccl_growth_horizon(w, ccl_growth_max_radius(w));
    }
}

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
