/* Helpers for the tests of the 3D world: a gas of equal spheres on a torus. */
#ifndef CIRCOL_TESTS_WORLD3D_COMMON_H
#define CIRCOL_TESTS_WORLD3D_COMMON_H

#include <math.h>
#include <stdlib.h>

#include <circol/world3d.h>

#include "world_common.h"

/// A periodic cube of side `side` at the origin.
static inline ccl_world3d_def w3_periodic_def(double side) {
    ccl_world3d_def d = ccl_world3d_default_def();
    d.box_max = ccl_v3(side, side, side);
    d.boundary = CCL_BOUNDARY_PERIODIC;
    return d;
}

/// The side of a cube holding n spheres of diameter 1 at packing fraction eta.
static inline double w3_side(int n, double eta) {
    return cbrt(n * 3.14159265358979323846 / (6.0 * eta));
}

/// Fills the world with side^3 spheres of diameter 1 and mass 1 on a simple cubic lattice (the
/// cube's side must leave room), with Gaussian velocities, zero total momentum and kT = 1.
static inline void w3_fill_lattice(ccl_world3d *w, double box, int side, wt_rng *rng) {
    int n = side * side * side;
    ccl_vec3 *v = malloc(sizeof *v * (size_t)n);
    ccl_vec3 sum = ccl_v3(0.0, 0.0, 0.0);
    for (int i = 0; i < n; ++i) {
        v[i] = ccl_v3(wt_normal(rng), wt_normal(rng), wt_normal(rng));
        sum = ccl_v3(sum.x + v[i].x, sum.y + v[i].y, sum.z + v[i].z);
    }
    double kinetic = 0.0;
    for (int i = 0; i < n; ++i) {
        v[i] = ccl_v3(v[i].x - sum.x / n, v[i].y - sum.y / n, v[i].z - sum.z / n);
        kinetic += 0.5 * (v[i].x * v[i].x + v[i].y * v[i].y + v[i].z * v[i].z);
    }
    double scale = sqrt(1.5 * n / kinetic), spacing = box / side;
    for (int i = 0; i < n; ++i) {
        ccl_sphere_def s = ccl_sphere_default_def();
        s.radius = 0.5;
        s.position = ccl_v3((i % side + 0.5) * spacing, (i / side % side + 0.5) * spacing,
                            (i / (side * side) + 0.5) * spacing);
        s.velocity = ccl_v3(v[i].x * scale, v[i].y * scale, v[i].z * scale);
        if (ccl_world3d_add_sphere(w, &s, NULL) != CCL_OK) {
            abort();
        }
    }
    free(v);
}

#endif
