/* The hard-disk equation of state: 4096 equal disks (diameter 1, mass 1) at packing fraction
 * 0.5 on a torus, started on a square lattice with random velocities, zero total momentum and
 * kT = 1. After equilibration the pressure from the collision virial,
 *     Z = P A / (N kT) = 1 + virial / (2 N kT t)        (world.h, ccl_world_stats),
 * must be within 0.5% of the literature value, with a statistical error (from block averages)
 * well below that; and the collision rate must satisfy the exact kinetic-theory identity
 *     rate sqrt(m / kT) sigma = 4 (Z - 1) / sqrt(pi),   rate = 2 collisions / (N t),
 * which holds because both sides are fixed by the contact value g(sigma) of the pair function.
 *
 * Reference value Z(0.5) = 4.1063. The virial series with the coefficients B2..B10 of hard
 * disks (N. Clisby and B. M. McCoy, J. Stat. Phys. 122, 15 (2006), Table 1: B_n / B2^(n-1) =
 * 0.782004, 0.53223180, 0.33355604, 0.1988425, 0.1148728, 0.0649930, 0.0362193, 0.0199537) at
 * B2 rho = 2 eta = 1 sums to 4.0827; the missing terms, extrapolated geometrically with the
 * ratio of the last two coefficients (0.551), add 0.0245, giving 4.107. Simulation-based
 * equations of state of the hard-disk fluid (J. Kolafa and M. Rottner, Mol. Phys. 104, 3435
 * (2006)) agree with this to about 0.1%, well inside the 0.5% asserted here. */
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

#define EOS_SIDE                 64     /* square lattice side: 4096 disks */
#define EOS_PACKING              0.5    /* area fraction N pi sigma^2 / (4 A) */
#define EOS_REFERENCE            4.1063 /* Z at packing fraction 0.5 (see above) */
#define EOS_EQUILIBRATE_PER_DISK 50     /* collisions per disk before measuring */
#define EOS_BLOCKS               40     /* block averages for the statistical error */
#define EOS_BLOCK_PER_DISK       20     /* collisions per disk in each block */

static void hard_disk_pressure_matches_the_equation_of_state(void **state) {
    (void)state;
    const int n = EOS_SIDE * EOS_SIDE;
    const double sigma = 1.0, pi = 3.14159265358979323846;
    const double side = sqrt(n * pi * sigma * sigma / (4.0 * EOS_PACKING));
    ccl_world_def d = wt_periodic_def(side, side);
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    wt_rng rng = {4096};
    ccl_vec2 *v = malloc(sizeof *v * (size_t)n);
    double px = 0.0, py = 0.0;
    for (int i = 0; i < n; ++i) {
        v[i] = ccl_v2(wt_normal(&rng), wt_normal(&rng));
        px += v[i].x;
        py += v[i].y;
    }
    double spacing = side / EOS_SIDE;
    assert_true(spacing > sigma);
    for (int i = 0; i < n; ++i) {
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2((i % EOS_SIDE + 0.5) * spacing, (i / EOS_SIDE + 0.5) * spacing);
        c.velocity = ccl_v2(v[i].x - px / n, v[i].y - py / n);
        c.radius = 0.5 * sigma;
        c.mass = 1.0;
        assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
    }
    free(v);
    /* kT = kinetic energy per disk (two degrees of freedom, k = 1) */
    ccl_world_stats s = ccl_world_get_stats(w);
    assert_int_equal(ccl_world_scale_velocities(w, sqrt(n / s.kinetic_energy)), CCL_OK);
    s = ccl_world_get_stats(w);
    assert_true(fabs(s.kinetic_energy / n - 1.0) < 1e-12);
    assert_true(hypot(s.momentum.x, s.momentum.y) < 1e-9);

    double start = wt_seconds();
    uint64_t equilibrate = (uint64_t)EOS_EQUILIBRATE_PER_DISK * (uint64_t)n / 2u;
    assert_int_equal(ccl_world_advance_collisions(w, equilibrate, INFINITY), CCL_OK);
    ccl_world_reset_stats(w);

    double z_block[EOS_BLOCKS];
    double last_virial = 0.0, last_time = 0.0;
    uint64_t block = (uint64_t)EOS_BLOCK_PER_DISK * (uint64_t)n / 2u;
    for (int b = 0; b < EOS_BLOCKS; ++b) {
        assert_int_equal(ccl_world_advance_collisions(w, block, INFINITY), CCL_OK);
        s = ccl_world_get_stats(w);
        double kT = s.kinetic_energy / n;
        double dt = s.virial_time - last_time, dv = s.virial - last_virial;
        z_block[b] = 1.0 + dv / (2.0 * n * kT * dt);
        last_virial = s.virial;
        last_time = s.virial_time;
    }
    double seconds = wt_seconds() - start;
    s = ccl_world_get_stats(w);
    assert_true(s.collisions == (uint64_t)EOS_BLOCKS * block);
    double kT = s.kinetic_energy / n;
    assert_true(fabs(kT - 1.0) < 1e-9);
    double z = 1.0 + s.virial / (2.0 * n * kT * s.virial_time);
    double mean = 0.0, var = 0.0;
    for (int b = 0; b < EOS_BLOCKS; ++b) {
        mean += z_block[b] / EOS_BLOCKS;
    }
    for (int b = 0; b < EOS_BLOCKS; ++b) {
        var += (z_block[b] - mean) * (z_block[b] - mean) / (EOS_BLOCKS - 1);
    }
    double error = sqrt(var / EOS_BLOCKS);
    double rate = 2.0 * (double)s.collisions / (n * s.virial_time);
    double lhs = rate * sqrt(1.0 / kT) * sigma, rhs = 4.0 * (z - 1.0) / sqrt(pi);
    print_message("    Z = %.5f +- %.5f (reference %.4f, %+.3f%%); rate identity %.5f vs %.5f "
                  "(%+.3f%%); %llu collisions measured in %.1f s total\n",
                  z, error, EOS_REFERENCE, 100.0 * (z / EOS_REFERENCE - 1.0), lhs, rhs,
                  100.0 * (lhs / rhs - 1.0), (unsigned long long)s.collisions, seconds);
    assert_true(error < 0.0015 * EOS_REFERENCE); /* well below the 0.5% tolerance */
    assert_true(fabs(z / EOS_REFERENCE - 1.0) < 0.005);
    assert_true(fabs(lhs / rhs - 1.0) < 0.005);
    assert_true(ccl_world_max_overlap(w) < 1e-9);
    ccl_world_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(hard_disk_pressure_matches_the_equation_of_state))
