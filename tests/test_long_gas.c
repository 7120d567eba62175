/* An elastic gas on a torus keeps its energy and momentum: 2000 disks of two sizes and masses,
 * 10^7 collisions. Conservation is the oracle: the kinetic energy drifts by less than 1e-10 of
 * itself, the total momentum by less than 1e-12 of the sum of |m v|. advance_collisions stops
 * after exactly the number of collisions asked for, and nothing overlaps at the end. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/world.h>

#include "world_common.h"

#define GAS_SIDE   45         /* lattice sites per row: 2025 disks */
#define GAS_CHUNKS 10         /* advance_collisions calls */
#define GAS_CHUNK  1000000ull /* collisions per call: 10^7 in all */

/* Total momentum and the sum of |m v| over exported states, in long double. */
static void momentum_of(const ccl_world *w, long double p[2], long double *scale) {
    int n = 0;
    ccl_circle_state *s = wt_export(w, &n);
    p[0] = p[1] = 0.0L;
    *scale = 0.0L;
    for (int i = 0; i < n; ++i) {
        p[0] += (long double)s[i].mass * s[i].velocity.x;
        p[1] += (long double)s[i].mass * s[i].velocity.y;
        *scale += (long double)s[i].mass * hypot(s[i].velocity.x, s[i].velocity.y);
    }
    free(s);
}

static void elastic_gas_conserves_energy_and_momentum_over_ten_million_collisions(void **state) {
    (void)state;
    const double L = 90.0;
    ccl_world_def d = wt_periodic_def(L, L);
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    wt_rng rng = {2024};
    const int n = GAS_SIDE * GAS_SIDE;
    double spacing = L / GAS_SIDE;
    ccl_vec2 *v = malloc(sizeof *v * (size_t)n);
    double *m = malloc(sizeof *m * (size_t)n);
    double px = 0.0, py = 0.0, mass = 0.0;
    for (int i = 0; i < n; ++i) {
        m[i] = (i % 3 == 0) ? 2.5 : 1.0;
        v[i] = ccl_v2(wt_normal(&rng), wt_normal(&rng));
        px += m[i] * v[i].x;
        py += m[i] * v[i].y;
        mass += m[i];
    }
    for (int i = 0; i < n; ++i) {
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2((i % GAS_SIDE + 0.5) * spacing, (i / GAS_SIDE + 0.5) * spacing);
        c.velocity = ccl_v2(v[i].x - px / mass, v[i].y - py / mass);
        c.mass = m[i];
        c.radius = (i % 3 == 0) ? 0.7 : 0.45;
        assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
    }
    free(v);
    free(m);
    ccl_world_stats s0 = ccl_world_get_stats(w);
    long double p0[2], scale0;
    momentum_of(w, p0, &scale0);
    double start = wt_seconds();
    double worst_energy = 0.0, worst_momentum = 0.0;
    for (int chunk = 1; chunk <= GAS_CHUNKS; ++chunk) {
        assert_int_equal(ccl_world_advance_collisions(w, GAS_CHUNK, INFINITY), CCL_OK);
        ccl_world_stats s = ccl_world_get_stats(w);
        assert_true(s.collisions == (uint64_t)chunk * GAS_CHUNK);
        double drift = fabs(s.kinetic_energy - s0.kinetic_energy) / s0.kinetic_energy;
        long double p[2], scale;
        momentum_of(w, p, &scale);
        double dp = (double)(fabsl(p[0] - p0[0]) + fabsl(p[1] - p0[1])) / (double)scale;
        worst_energy = fmax(worst_energy, drift);
        worst_momentum = fmax(worst_momentum, dp);
        assert_true(drift < 1e-10);
        assert_true(dp < 1e-12);
    }
    double seconds = wt_seconds() - start;
    ccl_world_stats s = ccl_world_get_stats(w);
    assert_true(ccl_world_max_overlap(w) < 1e-9);
    print_message("    %d disks, %llu collisions in %.1f s (%.2g per s), time %.4g; "
                  "energy drift %.2e, momentum drift %.2e\n",
                  n, (unsigned long long)s.collisions, seconds, (double)s.collisions / seconds,
                  s.time, worst_energy, worst_momentum);
    ccl_world_destroy(w);
}

CCL_TEST_MAIN(
    cmocka_unit_test(elastic_gas_conserves_energy_and_momentum_over_ten_million_collisions))
