/* The hard-sphere fluid of the 3D world against Kolafa's equation of state within 0.2% and its
 * error bars at packing fractions 0.3 and 0.45 (4096 spheres), and energy and momentum over 10^7
 * collisions (see test_world3d_physics.c for the quick runs and the references). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "test_main.h"
#include "world3d_physics.h"

static void check_eos(double eta) {
    w3_gas_result r = w3_gas(16, eta, 200.0, 1500.0, (uint64_t)(eta * 1000));
    double zk = w3_kolafa(eta);
    printf("eta %.2f: Z %.5f +- %.5f (Kolafa %.5f), from the collision rate %.5f, chi2 %.1f / %d\n",
           eta, r.z, r.z_stderr, zk, r.z_from_rate, r.chi2, r.dof);
    assert_true(r.z_stderr < 0.001 * zk);
    assert_true(fabs(r.z - zk) <= 0.002 * zk);
    assert_true(fabs(r.z - zk) <= 3.0 * r.z_stderr + 0.0005 * zk);
    assert_true(fabs(r.z_from_rate - r.z) <= 3.0 * r.z_stderr);
    assert_true(r.dof > 20 && r.chi2 < r.dof + 5.0 * sqrt(2.0 * r.dof));
}

static void the_fluid_at_0_3_matches_kolafa(void **state) {
    (void)state;
    check_eos(0.3);
}

static void the_fluid_at_0_45_matches_kolafa(void **state) {
    (void)state;
    check_eos(0.45);
}

static void ten_million_collisions_keep_energy_and_momentum(void **state) {
    (void)state;
    const int side = 16, n = side * side * side;
    ccl_world3d *w = w3_gas_world(side, 0.45, 1.0, 10);
    w3_kept kept = w3_run_collisions(w, 10000000u);
    assert_true(kept.energy_change <= 1e-11 && kept.momentum <= 1e-10 * n);
    assert_true(ccl_world3d_max_overlap(w) <= 1e-12);
    ccl_world3d_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(the_fluid_at_0_3_matches_kolafa),
              cmocka_unit_test(the_fluid_at_0_45_matches_kolafa),
              cmocka_unit_test(ten_million_collisions_keep_energy_and_momentum))
