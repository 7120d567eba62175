/* Private: growing radii in the 3D world, as in the 2D one (world/growth.h): every radius grows
 * as r(t) = r(t0) (1 + g (t - t0)) from the call of ccl_world3d_set_growth_rate at t0. The slots
 * hold the radii at the epoch (core/growing.h), brought up to date at the end of each advance, at
 * every re-gridding and when the rate is set, so that outside an advance they are the present
 * ones. Paths stay straight; contact times are the roots of core/growing.h's quadratic on three
 * components, collisions part every pair faster than its contact distance grows, and the grid is
 * rebuilt with headroom before its cells stop holding the largest sphere. */
#ifndef CIRCOL_WORLD3D_GROWTH3D_H
#define CIRCOL_WORLD3D_GROWTH3D_H

#include "core/growing.h"
#include "core/vec3.h"
#include "world3d/world3d.h"

/// True when the world's radii grow.
static inline bool ccl_world3d_growing(const ccl_world3d *w) {
    return w->growth.rate > 0.0;
}

/// The first u >= 0 at which |dp + dv u| falls to R0 + s u (core/growing.h), on three components.
static inline double ccl_growing_entry3(ccl_vec3 dp, ccl_vec3 dv, double R0, double s,
                                        double u_max) {
    double A = ccl_length_sq3(dv) - s * s;
    double B = (dv.x * dp.x + dv.y * dp.y + dv.z * dp.z) - R0 * s;
    double C = ccl_length_sq3(dp) - R0 * R0;
    double u;
    if (ccl_growing_decided(A, B, C, &u)) {
        return u;
    }
    ccl_vec3 w = ccl_v3(R0 * dv.x - s * dp.x, R0 * dv.y - s * dp.y, R0 * dv.z - s * dp.z);
    return ccl_growing_root(A, B, C, ccl_length_sq3(w) - ccl_length_sq3(ccl_cross3(dv, dp)), u_max);
}

/// Brings every radius up to the present, which becomes the epoch.
void ccl_growth3_rescale(ccl_world3d *w);

/// At the start of an advance: when the largest sphere outgrows the present cells.
void ccl_growth3_prepare(ccl_world3d *w);

/// Before an event after growth.until: moves the time there, brings the radii up to date and
/// rebuilds the grid for spheres larger by CCL_GROWTH_HEADROOM (the caller predicts every sphere
/// again). CCL_ERR_UNSUPPORTED where the largest sphere would no longer fit the box;
/// CCL_ERR_OUT_OF_MEMORY.
ccl_status ccl_growth3_regrid(ccl_world3d *w);

/// The earliest meeting of sphere i (at p, present radius r growing at s) with a wall of a walled
/// box, into *u and *wall (2 axis + 1 for the upper one) when before *u.
void ccl_growth3_walls(const ccl_world3d *w, ccl_vec3 p, ccl_vec3 v, double r, double s, double *u,
                       int *wall);

/// Collides spheres i and k now, parting them faster than their contact distance grows
/// (collide_growth3d.c).
ccl_status ccl_growth3_collide(ccl_world3d *w, int32_t i, int32_t k);

/// Bounces sphere i off the wall of its event likewise.
ccl_status ccl_growth3_bounce(ccl_world3d *w, int32_t i);

#endif
