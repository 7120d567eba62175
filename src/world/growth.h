/* Private: growing radii (Lubachevsky-Stillinger compression). Every radius grows as
 * r(t) = r(t0) (1 + g (t - t0)) from the call of ccl_world_set_growth_rate at t0. The slots hold
 * the radii at an epoch (internal time growth.epoch), from which they grow as
 * radius (1 + growth.relative (t - epoch)); the epoch moves to the present (every radius brought
 * up to date) at the end of each advance, at every re-gridding and when the rate is set, so that
 * outside an advance the slots' radii are the present ones and every query reads them as they
 * are. Paths are straight (world/motion_straight.c); contact times come from world/touch_growth.h
 * (world/predict_growth.c), collisions part every pair faster than its contact distance grows
 * (world/collide_growth.c), and the grid is rebuilt for larger circles before its cells stop
 * holding the largest one (ccl_growth_regrid, world/growth_grid.c). */
#ifndef CIRCOL_WORLD_GROWTH_H
#define CIRCOL_WORLD_GROWTH_H

#include "world/predict_parts.h"
#include "world/world.h"

/// True when the world's radii grow.
static inline bool ccl_world_growing(const ccl_world *w) {
    return w->growth.rate > 0.0;
}

/// The factor the radii have grown by from the epoch to internal time t.
static inline double ccl_growth_factor(const ccl_world *w, double t) {
    return ccl_growing_factor(&w->growth, t);
}

/// Brings every radius up to the world's present time, which becomes the epoch.
void ccl_growth_rescale(ccl_world *w);

/// At the start of an advance: when the largest circle outgrows the present cells (circles may
/// have been added, and the grid rebuilt for them, since the last advance) (growth_grid.c).
void ccl_growth_prepare(ccl_world *w);

/// Before an event after growth.until: moves the world's time to growth.until (where it lies
/// ahead), brings the radii up to date and rebuilds the grid for circles larger by
/// CCL_GROWTH_HEADROOM; the caller predicts every circle again. CCL_ERR_UNSUPPORTED where the
/// largest circle would no longer fit the box (touching its own periodic image), and
/// CCL_ERR_OUT_OF_MEMORY; either leaves the world as it was at growth.until (growth_grid.c).
ccl_status ccl_growth_regrid(ccl_world *w);

/// Circle i's earliest contact with a box wall, segment, point or neighbour in a growing world,
/// from the present time (predict_growth.c; the cell exit is the caller's).
void ccl_predict_growing(const ccl_world *w, int32_t i, ccl_candidate *best);

/// Collides circles i and k at the present time, parting them faster than their contact distance
/// grows, and predicts both again (collide_growth.c).
ccl_status ccl_growth_collide(ccl_world *w, int32_t i, int32_t k);

/// Bounces circle i off the wall, segment or point of its event likewise, and predicts it again.
ccl_status ccl_growth_hit_wall(ccl_world *w, int32_t i);

#endif
