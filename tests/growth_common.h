/* Helpers shared by the tests of growing radii: an independent contact time in long double, and a
 * compression run in rounds with the temperature kept at 1. */
#ifndef CIRCOL_TESTS_GROWTH_COMMON_H
#define CIRCOL_TESTS_GROWTH_COMMON_H

#include <math.h>

#include <circol/world.h>

#include "world_common.h"

/// The first u > 0 at which A u^2 + 2 B u + C falls through zero, in long double from the plain
/// quadratic formula; INFINITY when none.
static inline long double gc_falling_root(long double A, long double B, long double C) {
    if (A == 0.0L) {
        return B < 0.0L ? -C / (2.0L * B) : INFINITY;
    }
    long double D = B * B - A * C;
    if (D < 0.0L) {
        return INFINITY;
    }
    long double u = (-B - sqrtl(D)) / A; /* there A u + B = -sqrt(D): falling */
    return u > 0.0L ? u : INFINITY;
}

/// The first u > 0 at which |dp + dv u| falls to R0 + s u (in the plane), in long double;
/// INFINITY when none.
static inline long double gc_contact_time(long double dpx, long double dpy, long double dvx,
                                          long double dvy, long double R0, long double s) {
    long double A = dvx * dvx + dvy * dvy - s * s;
    long double B = dvx * dpx + dvy * dpy - R0 * s;
    long double C = dpx * dpx + dpy * dpy - R0 * R0;
    return gc_falling_root(A, B, C);
}

/// Whether the first contact t a world found before horizon agrees with the oracle's time: both
/// a miss (t infinite), or equal to 1e-11 relative; *hits counts the contacts.
static inline bool gc_agrees(long double oracle, double t, double horizon, int *hits) {
    if (oracle > horizon) {
        return t == INFINITY;
    }
    ++*hits;
    return fabsl(t - oracle) <= 1e-11L * (1.0L + oracle);
}

/// A compression in rounds of `per_disk` collisions per disk: after each, the reduced pressure
/// of the round and the temperature set back to kT = 1 (equal masses of 1).
typedef struct gc_round {
    ccl_status status;
    double pressure, phi;
} gc_round;

static inline gc_round gc_compress_round(ccl_world *w, int n, int per_disk, double area) {
    gc_round r = {CCL_OK, 0.0, 0.0};
    ccl_world_reset_stats(w);
    r.status = ccl_world_advance_collisions(w, (uint64_t)per_disk * (uint64_t)n, INFINITY);
    ccl_world_stats st = ccl_world_get_stats(w);
    double kT = st.kinetic_energy / n;
    r.pressure = 1.0 + st.virial / (2.0 * st.virial_time * n * kT);
    if (r.status == CCL_OK) {
        r.status = ccl_world_scale_velocities(w, 1.0 / sqrt(kT));
    }
    int count;
    ccl_circle_state *s = wt_export(w, &count);
    double covered = 0.0;
    for (int i = 0; i < count; ++i) {
        covered += 3.14159265358979323846 * s[i].radius * s[i].radius;
    }
    free(s);
    r.phi = covered / area;
    return r;
}

/// A periodic gas of n disks of mass 1 at random (kT about 1, no overlap) in a side x side box:
/// radius 0.5, or half of them 0.7 when bidisperse.
static inline ccl_world *gc_gas(int n, double side, bool bidisperse, uint64_t seed) {
    ccl_world_def d = wt_periodic_def(side, side);
    ccl_world *w = NULL;
    if (ccl_world_create(&d, &w) != CCL_OK) {
        return NULL;
    }
    wt_rng rng = {seed};
    for (int i = 0; i < n;) {
        double r = bidisperse && i % 2 == 1 ? 0.7 : 0.5;
        ccl_circle_def c = wt_circle(ccl_v2(wt_range(&rng, 0.0, side), wt_range(&rng, 0.0, side)),
                                     ccl_v2(wt_normal(&rng), wt_normal(&rng)), r);
        i += ccl_world_add_circle(w, &c, NULL) == CCL_OK;
    }
    return w;
}

#endif
