/* When the largest body outgrows the cells and the grid rebuilt ahead of it, written once for the
 * world of circles (world/growth_grid.c) and the world of spheres (world3d/growth3d.c): each of
 * those files defines the names below and includes this header. Both worlds find the largest radius
 * the slots keep, the time at which a body of that radius outgrows the smallest cell side
 * (core/growing.h), and set the growth's horizon there at the start of an advance; at the horizon
 * they bring the radii up to date and rebuild the grid with headroom. What differs is the layout of
 * a body, the cells' sides, how many of the largest body fit across the box and the rebuild itself,
 * which the includer names with hooks.
 *
 * The includer defines:
 *   CCL_WORLD_T                 ccl_world or ccl_world3d
 *   CCL_WORLD_ALIVE(w, i)       true for the live body in slot i
 *   CCL_WORLD_RADIUS(w, i)      the radius the slot i keeps
 *   CCL_WORLD_SMALLEST_CELL(w)  the smallest side of a cell of the grid
 *   CCL_WORLD_MAX_RADIUS, CCL_WORLD_HORIZON   the names of the largest radius and the horizon
 *                               (static)
 *   CCL_WORLD_GROWTH_PREPARE, CCL_WORLD_GROWTH_REGRID   the names of the prepare and the
 *                               re-gridding (declared by the world's growth header)
 *   CCL_WORLD_GROWTH_RESCALE    brings every radius up to the present: (w)
 *   CCL_WORLD_FITS(w)           how many smallest cells for a radius of 1 fit across the box
 *   CCL_WORLD_REBUILD_GRID      rebuilds the grid for a largest radius: (w, r) to a status
 * Every one of the names is undefined at the end. */
#include "core/constants.h"
#include "core/growing.h"

/* The largest radius of a live body (the radii the slots keep). */
static double CCL_WORLD_MAX_RADIUS(const CCL_WORLD_T *w) {
    double max_radius = 0.0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (CCL_WORLD_ALIVE(w, i) && CCL_WORLD_RADIUS(w, i) > max_radius) {
            max_radius = CCL_WORLD_RADIUS(w, i);
        }
    }
    return max_radius;
}

/* The internal time at which the largest body, of radius max_radius in the slots, outgrows the
 * cells (a little before, for the rounding of the times). */
static double CCL_WORLD_HORIZON(const CCL_WORLD_T *w, double max_radius) {
    double cell = CCL_WORLD_SMALLEST_CELL(w);
    return ccl_growing_horizon(&w->growth, cell, ccl_grid_min_cell(1.0), max_radius);
}

void CCL_WORLD_GROWTH_PREPARE(CCL_WORLD_T *w) {
    if (w->growth.until != -INFINITY) {
        w->growth.until = CCL_WORLD_HORIZON(w, CCL_WORLD_MAX_RADIUS(w));
    }
}

ccl_status CCL_WORLD_GROWTH_REGRID(CCL_WORLD_T *w) {
    w->time = ccl_growing_regrid_time(&w->growth, w->time);
    CCL_WORLD_GROWTH_RESCALE(w);
    double max_radius = CCL_WORLD_MAX_RADIUS(w);
    double fits = CCL_WORLD_FITS(w);
    double ahead;
    if (!ccl_growing_ahead(max_radius, fits, CCL_GROWTH_HEADROOM, &ahead)) {
        return CCL_ERR_UNSUPPORTED; /* the largest body would outgrow the box */
    }
    ccl_status status = CCL_WORLD_REBUILD_GRID(w, ahead);
    if (status != CCL_OK) {
        return status;
    }
    bool ahead_of_growth =
        ccl_growing_regridded(&w->growth, CCL_WORLD_HORIZON(w, max_radius), w->time);
    return ahead_of_growth ? CCL_OK : CCL_ERR_UNSUPPORTED;
}

#undef CCL_WORLD_T
#undef CCL_WORLD_ALIVE
#undef CCL_WORLD_RADIUS
#undef CCL_WORLD_SMALLEST_CELL
#undef CCL_WORLD_MAX_RADIUS
#undef CCL_WORLD_HORIZON
#undef CCL_WORLD_GROWTH_PREPARE
#undef CCL_WORLD_GROWTH_REGRID
#undef CCL_WORLD_GROWTH_RESCALE
#undef CCL_WORLD_FITS
#undef CCL_WORLD_REBUILD_GRID
