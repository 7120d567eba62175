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

/// A periodic gas of side^3 spheres of diameter 1 at packing fraction eta, restitution e, on the
/// lattice with velocities from seed (aborts when the world refuses it).
static inline ccl_world3d *w3_gas_world(int side, double eta, double restitution, uint64_t seed) {
    int n = side * side * side;
    double box = w3_side(n, eta);
    ccl_world3d_def d = w3_periodic_def(box);
    d.restitution = restitution;
    d.max_events_per_advance = 20000000;
    ccl_world3d *w = NULL;
    if (ccl_world3d_create(&d, &w) != CCL_OK) {
        abort();
    }
    wt_rng rng = {seed};
    w3_fill_lattice(w, box, side, &rng);
    return w;
}

/// What a run of collisions kept: the relative change of the kinetic energy and the size of the
/// total momentum (the sum of its components' magnitudes) after it.
typedef struct w3_kept {
    double energy_change, momentum;
} w3_kept;

/// Runs `collisions` more collisions and says what was kept.
static inline w3_kept w3_run_collisions(ccl_world3d *w, uint64_t collisions) {
    double e0 = ccl_world3d_get_stats(w).kinetic_energy;
    if (ccl_world3d_advance_collisions(w, collisions, INFINITY) != CCL_OK) {
        abort();
    }
    ccl_world3d_stats s = ccl_world3d_get_stats(w);
    w3_kept k = {fabs(s.kinetic_energy - e0) / e0,
                 fabs(s.momentum.x) + fabs(s.momentum.y) + fabs(s.momentum.z)};
    return k;
}

#endif
