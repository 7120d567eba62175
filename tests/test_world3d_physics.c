/* The hard-sphere fluid of the 3D world against the literature, in seconds: the compressibility
 * factor Z = PV/(NkT) from the collision virial against Kolafa's equation of state
 *     Z = (1 + eta + eta^2 - 2/3 eta^3 (1 + eta)) / (1 - eta)^3
 * (J. Kolafa, S. Labik and A. Malijevsky, Phys. Chem. Chem. Phys. 6, 2335 (2004)), within its
 * error bars (three standard errors from block averages) and 0.5%; the exact kinetic identity
 * between the collision rate and Z, omega sigma sqrt(m / kT) = 6 (Z - 1) / sqrt(pi) (both sides
 * are fixed by the contact value of g(r)); and the Maxwell-Boltzmann speed distribution (chi2).
 * test_long_world3d_eos.c holds the runs that reach 0.2%. */
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

static void check_gas(double eta, int side, double measure) {
    w3_gas_result r = w3_gas(side, eta, 30.0, measure, (uint64_t)(eta * 1000));
    double zk = w3_kolafa(eta);
    printf("eta %.2f: Z %.5f +- %.5f (Kolafa %.5f), from the collision rate %.5f, chi2 %.1f / %d\n",
           eta, r.z, r.z_stderr, zk, r.z_from_rate, r.chi2, r.dof);
    assert_true(r.z_stderr > 0.0 && r.z_stderr < 0.005 * zk);
    assert_true(fabs(r.z - zk) <= 3.0 * r.z_stderr + 0.001 * zk);
    assert_true(fabs(r.z - zk) <= 0.005 * zk);
    /* the identity holds for the run's own averages: both differ by their common noise only */
    assert_true(fabs(r.z_from_rate - r.z) <= 3.0 * r.z_stderr);
    /* chi2 for dof degrees of freedom: mean dof, deviation sqrt(2 dof); five deviations */
    assert_true(r.dof > 20 && r.chi2 < r.dof + 5.0 * sqrt(2.0 * r.dof));
}

static void a_dilute_fluid_matches_kolafa(void **state) {
    (void)state;
    check_gas(0.2, 10, 200.0);
}

static void a_dense_fluid_matches_kolafa(void **state) {
    (void)state;
    check_gas(0.4, 10, 200.0);
}

CCL_TEST_MAIN(cmocka_unit_test(a_dilute_fluid_matches_kolafa),
              cmocka_unit_test(a_dense_fluid_matches_kolafa))
