/* Growing radii in the 3D world (world3d/growth3d.h): the public calls, bringing radii up to
 * date, the grid rebuilt for grown spheres and the walls' contact times; collisions are
 * world3d/collide_growth3d.c's. */
#include "core/constants.h"
#include "core/status.h"
#include "world3d/growth3d.h"

ccl_status ccl_world3d_set_growth_rate(ccl_world3d *w, double rate) {
    ccl_status status =
        ccl_change_status(w != NULL && rate >= 0.0 && isfinite(rate), w != NULL && w->locked);
    if (status != CCL_OK) {
        return status;
    }
    if (ccl_world3d_growing(w)) {
        ccl_growth3_rescale(w); /* the radii grown so far are kept */
    }
    ccl_growing_set_rate(&w->growth, rate, ccl_world3d_time(w), w->time);
    w->repredict_pending = true;
    return CCL_OK;
}

double ccl_world3d_growth_rate(const ccl_world3d *w) {
    return w != NULL ? w->growth.rate : 0.0;
}

void ccl_growth3_rescale(ccl_world3d *w) {
    double factor = ccl_growing_factor(&w->growth, w->time);
    if (factor != 1.0) {
        for (int32_t i = 0; i < w->slot_count; ++i) {
            if (w->links[i].alive) {
                w->slots[i].radius *= factor;
            }
        }
    }
    ccl_growing_restart(&w->growth, w->time, ccl_world3d_time(w));
}

#define CCL_WORLD_T            ccl_world3d
#define CCL_WORLD_ALIVE(w, i)  ((w)->links[i].alive)
#define CCL_WORLD_RADIUS(w, i) ((w)->slots[i].radius)
#define CCL_WORLD_SMALLEST_CELL(w)                                                                 \
    fmin((w)->grid.cell[0], fmin((w)->grid.cell[1], (w)->grid.cell[2]))
#define CCL_WORLD_MAX_RADIUS     ccl_growth3_max_radius
#define CCL_WORLD_HORIZON        ccl_growth3_horizon
#define CCL_WORLD_GROWTH_PREPARE ccl_growth3_prepare
#define CCL_WORLD_GROWTH_REGRID  ccl_growth3_regrid
#define CCL_WORLD_GROWTH_RESCALE ccl_growth3_rescale
/* a periodic box keeps three cells per axis, so that no sphere meets its own image */
#define CCL_WORLD_FITS(w)                                                                          \
    (fmin((w)->grid.size.x, fmin((w)->grid.size.y, (w)->grid.size.z)) /                            \
     ((w)->grid.periodic ? 3.0 : 1.0) / ccl_grid_min_cell(1.0))
#define CCL_WORLD_REBUILD_GRID ccl_world3d_rebuild_grid
#include "world_common/growth_impl.h"

void ccl_growth3_walls(const ccl_world3d *w, ccl_vec3 p, ccl_vec3 v, double r, double s, double *u,
                       int *wall) {
    const ccl_grid3 *g = &w->grid;
    double c[3] = {p.x, p.y, p.z}, vc[3] = {v.x, v.y, v.z};
    double lo[3] = {g->min.x, g->min.y, g->min.z}, hi[3] = {g->max.x, g->max.y, g->max.z};
    for (int k = 0; k < 6; ++k) {
        int axis = k / 2;
        bool up = k & 1;
        double gap = up ? hi[axis] - c[axis] - r : c[axis] - r - lo[axis];
        double closing = (up ? vc[axis] : -vc[axis]) + s;
        double t = !(closing > 0.0) ? INFINITY : (gap > 0.0 ? gap / closing : 0.0);
        if (t < *u) {
            *u = t;
            *wall = k;
        }
    }
}
