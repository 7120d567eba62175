/* Random growing pairs, in the plane and in space: the sizes every trial draws alike, the loop
 * that compares each first contact with its oracle, and the first contact of an advance. */
#ifndef CIRCOL_TESTS_SUPPORT_GROWTH_PAIRS_H
#define CIRCOL_TESTS_SUPPORT_GROWTH_PAIRS_H

#include <math.h>

#include "test_main.h"

#include <circol/world.h>
#include <circol/world3d.h>

#include "growth_common.h"
#include "world_common.h"

/// A random growing pair's sizes: the radii, the growth rate and the distance of the centres.
typedef struct gp_sizes {
    double ra, rb, g, dist;
} gp_sizes;

/// One trial: places a pair of sizes z (drawing the rest of it from rng) in a world of its own,
/// sets *found to the first contact the world finds before 100 (INFINITY when none) and returns
/// the long double contact time.
typedef long double gp_trial(wt_rng *rng, int trial, gp_sizes z, double *found);

/// Runs `trials` random growing pairs drawn from seed: radii uniform in [0.1, 2), growth rates
/// 10^u with u uniform in [-4, 0), gaps uniform in [0.01, 30); every first contact must agree
/// with its oracle (gc_agrees). Returns how many contacts there were.
static inline int gp_run_pairs(uint64_t seed, int trials, gp_trial *trial) {
    wt_rng rng = {seed};
    int hits = 0;
    for (int k = 0; k < trials; ++k) {
        gp_sizes z;
        z.ra = wt_range(&rng, 0.1, 2.0);
        z.rb = wt_range(&rng, 0.1, 2.0);
        z.g = pow(10.0, wt_range(&rng, -4.0, 0.0));
        z.dist = z.ra + z.rb + wt_range(&rng, 0.01, 30.0);
        double found;
        long double oracle = trial(&rng, k, z, &found);
        assert_true(gc_agrees(oracle, found, 100.0, &hits));
    }
    return hits;
}

/// Random growing pairs: the seed, how many, the trial, and the fewest contacts among them.
typedef struct gp_pairs {
    uint64_t seed;
    int trials;
    gp_trial *trial;
    int min_hits;
} gp_pairs;

/// A cmocka test, its state a gp_pairs: random pairs, approaching, grazing, receding slower than
/// they grow: the first contact agrees with the long double root to 1e-11 relative (and both
/// agree on a miss), and enough of them touch.
static inline void growing_pairs_touch_at_the_root_of_their_quadratic(void **state) {
    const gp_pairs *p = *state;
    assert_true(gp_run_pairs(p->seed, p->trials, p->trial) > p->min_hits);
}

/// The time of the first contact event of the next advance up to dt (INFINITY when none).
static inline double gp_first_contact(ccl_world *w, double dt) {
    assert_int_equal(ccl_world_advance_collisions(w, 1, dt), CCL_OK);
    size_t count = 0;
    const ccl_contact_event *e = ccl_world_contact_events(w, &count);
    return count > 0 ? e[0].time : INFINITY;
}

/// The time of the first contact event of the next 3D advance up to dt (INFINITY when none).
static inline double gp_first_contact3(ccl_world3d *w, double dt) {
    assert_int_equal(ccl_world3d_advance_collisions(w, 1, dt), CCL_OK);
    size_t count = 0;
    const ccl_contact_event3 *e = ccl_world3d_contact_events(w, &count);
    return count > 0 ? e[0].time : INFINITY;
}

#endif
