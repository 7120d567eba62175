/* The hard-sphere gas measured as the literature does: the equation of state from the collision
 * virial with block error bars, the collision rate and the speed distribution, for the tests of
 * the 3D world's physics (short and long). */
#ifndef CIRCOL_TESTS_WORLD3D_PHYSICS_H
#define CIRCOL_TESTS_WORLD3D_PHYSICS_H

#include <math.h>
#include <stdlib.h>

#include "world3d_common.h"

#define W3_PI     3.14159265358979323846
#define W3_BINS   40
#define W3_BLOCKS 20

/// What a gas run measured.
typedef struct w3_gas_result {
    double z, z_stderr, z_from_rate, chi2;
    int dof;
} w3_gas_result;

/// Kolafa's equation of state of the hard-sphere fluid.
static inline double w3_kolafa(double eta) {
    double e = 1.0 - eta;
    return (1.0 + eta + eta * eta - 2.0 / 3.0 * eta * eta * eta * (1.0 + eta)) / (e * e * e);
}

/// The probability of a speed below v under the 3D Maxwell-Boltzmann law at kT (mass 1).
static inline double w3_below(double v, double kT) {
    double x = v / sqrt(kT);
    return isinf(v) ? 1.0 : erf(x / sqrt(2.0)) - sqrt(2.0 / W3_PI) * x * exp(-0.5 * x * x);
}

/// Pearson's chi2 of the speed histogram (bins of 0.1, the last open) against the law.
static inline double w3_chi2(const double *hist, double samples, double kT, int *dof) {
    double chi2 = 0.0;
    *dof = -1;
    for (int k = 0; k < W3_BINS; ++k) {
        double b = k + 1 < W3_BINS ? 0.1 * (k + 1) : INFINITY;
        double e = samples * (w3_below(b, kT) - w3_below(0.1 * k, kT));
        if (e >= 5.0) {
            chi2 += (hist[k] - e) * (hist[k] - e) / e;
            (*dof)++;
        }
    }
    return chi2;
}

/// A gas of side^3 spheres at packing fraction eta: `equilibrate` then `measure` collisions per
/// sphere, in W3_BLOCKS blocks; speeds sampled at each block's end.
static inline w3_gas_result w3_gas(int side, double eta, double equilibrate, double measure,
                                   uint64_t seed) {
    int n = side * side * side;
    ccl_world3d *w = w3_gas_world(side, eta, 1.0, seed);
    ccl_world3d_advance_collisions(w, (uint64_t)(equilibrate * n), INFINITY);
    ccl_world3d_reset_stats(w);
    double block_z[W3_BLOCKS], hist[W3_BINS] = {0}, virial = 0.0, time = 0.0, samples = 0.0;
    ccl_sphere_state *states = malloc(sizeof *states * (size_t)n);
    for (int b = 0; b < W3_BLOCKS; ++b) {
        ccl_world3d_advance_collisions(w, (uint64_t)(measure * n / W3_BLOCKS), INFINITY);
        ccl_world3d_stats s = ccl_world3d_get_stats(w);
        double kT = 2.0 * s.kinetic_energy / (3.0 * n);
        block_z[b] = 1.0 + (s.virial - virial) / (3.0 * n * kT * (s.virial_time - time));
        virial = s.virial;
        time = s.virial_time;
        int count;
        ccl_world3d_export(w, states, n, &count);
        for (int i = 0; i < count; ++i) {
            ccl_vec3 v = states[i].velocity;
            int bin = (int)(sqrt(v.x * v.x + v.y * v.y + v.z * v.z) / 0.1);
            hist[bin < W3_BINS ? bin : W3_BINS - 1] += 1.0;
        }
        samples += count;
    }
    ccl_world3d_stats s = ccl_world3d_get_stats(w);
    double kT = 2.0 * s.kinetic_energy / (3.0 * n), rate = 2.0 * (double)s.collisions / (n * time);
    w3_gas_result r;
    r.z = 1.0 + s.virial / (3.0 * n * kT * time);
    double square = 0.0, mean = 0.0;
    for (int b = 0; b < W3_BLOCKS; ++b) {
        mean += block_z[b] / W3_BLOCKS;
    }
    for (int b = 0; b < W3_BLOCKS; ++b) {
        square += (block_z[b] - mean) * (block_z[b] - mean);
    }
    r.z_stderr = sqrt(square / (W3_BLOCKS * (W3_BLOCKS - 1.0)));
    r.z_from_rate = 1.0 + rate * sqrt(W3_PI / kT) / 6.0; /* sigma = m = 1 */
    r.chi2 = w3_chi2(hist, samples, kT, &r.dof);
    free(states);
    ccl_world3d_destroy(w);
    return r;
}

#endif
