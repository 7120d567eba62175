/* The gas set-up: disks never overlap (checked pair by pair with periodic images), the box has
 * the asked packing fraction, momentum is zero and kT = 1. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/circol.h>

#include "lattice.h"

/// Smallest distance between two of the n disks, nearest periodic image, by brute force.
static double brute_force_min_distance(const ccl_vec2 *p, int n, double side) {
    double best = INFINITY;
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            for (int sx = -1; sx <= 1; sx++) {
                for (int sy = -1; sy <= 1; sy++) {
                    double dx = p[j].x + sx * side - p[i].x, dy = p[j].y + sy * side - p[i].y;
                    best = fmin(best, sqrt(dx * dx + dy * dy));
                }
            }
        }
    }
    return best;
}

static void disks_never_overlap_and_fill_the_asked_fraction(void **state) {
    (void)state;
    const int sizes[] = {2, 3, 7, 50, 97, 256, 400, 1000};
    const double etas[] = {0.01, 0.1, 0.3, 0.5, 0.6, 0.7};
    for (size_t a = 0; a < sizeof sizes / sizeof sizes[0]; a++) {
        for (size_t b = 0; b < sizeof etas / sizeof etas[0]; b++) {
            int n = sizes[a];
            ccl_cli_lattice lattice;
            char error[256];
            bool ok = ccl_cli_lattice_choose(n, etas[b], &lattice, error, sizeof error);
            if (!ok) {
                /* small n cannot always make a good lattice at high density: only then */
                if (n >= 50) {
                    fail_msg("n %d eta %g refused: %s", n, etas[b], error);
                }
                continue;
            }
            ccl_vec2 *p = malloc((size_t)n * sizeof *p), *v = malloc((size_t)n * sizeof *v);
            assert_non_null(p);
            assert_non_null(v);
            ccl_cli_lattice_fill(&lattice, n, 7, p, v);
            double pi = 3.14159265358979323846;
            assert_true(fabs(n * pi / 4.0 / (lattice.side * lattice.side) - etas[b]) < 1e-12);
            for (int i = 0; i < n; i++) {
                assert_true(p[i].x >= 0.0 && p[i].x < lattice.side);
                assert_true(p[i].y >= 0.0 && p[i].y < lattice.side);
            }
            double d = brute_force_min_distance(p, n, lattice.side);
            if (!(d > 1.0)) {
                fail_msg("n %d eta %g: disks %.17g apart", n, etas[b], d);
            }
            assert_true(d >= lattice.min_distance * (1.0 - 1e-12));
            free(p);
            free(v);
        }
    }
}

static void velocities_have_zero_momentum_and_unit_temperature(void **state) {
    (void)state;
    int n = 5000;
    ccl_cli_lattice lattice;
    char error[256];
    assert_true(ccl_cli_lattice_choose(n, 0.3, &lattice, error, sizeof error));
    ccl_vec2 *p = malloc((size_t)n * sizeof *p), *v = malloc((size_t)n * sizeof *v);
    assert_non_null(p);
    assert_non_null(v);
    ccl_cli_lattice_fill(&lattice, n, 2024, p, v);
    long double px = 0, py = 0, kinetic = 0, fourth = 0;
    for (int i = 0; i < n; i++) {
        px += v[i].x;
        py += v[i].y;
        long double s2 = (long double)v[i].x * v[i].x + (long double)v[i].y * v[i].y;
        kinetic += 0.5L * s2;
        fourth += s2 * s2;
    }
    assert_true(fabsl(px) < 1e-10L && fabsl(py) < 1e-10L);
    assert_true(fabsl(kinetic / n - 1.0L) < 1e-12L); /* kT = KE per disk = 1 */
    /* Gaussian components: <|v|^4> = 8 (kT/m)^2 in 2D; 5000 samples give about 3% */
    assert_true(fabsl(fourth / n - 8.0L) < 1.0L);
    free(p);
    free(v);
}

static void the_same_seed_gives_the_same_gas(void **state) {
    (void)state;
    ccl_cli_lattice lattice;
    char error[256];
    assert_true(ccl_cli_lattice_choose(100, 0.4, &lattice, error, sizeof error));
    ccl_vec2 p1[100], v1[100], p2[100], v2[100];
    ccl_cli_lattice_fill(&lattice, 100, 9, p1, v1);
    ccl_cli_lattice_fill(&lattice, 100, 9, p2, v2);
    assert_memory_equal(v1, v2, sizeof v1);
    ccl_cli_lattice_fill(&lattice, 100, 10, p2, v2);
    assert_true(v1[0].x != v2[0].x);
}

static void impossible_densities_are_refused(void **state) {
    (void)state;
    ccl_cli_lattice lattice;
    char error[256];
    assert_false(ccl_cli_lattice_choose(100, 0.95, &lattice, error, sizeof error));
    assert_false(ccl_cli_lattice_choose(100, 0.0, &lattice, error, sizeof error));
    assert_false(ccl_cli_lattice_choose(100, NAN, &lattice, error, sizeof error));
    assert_false(ccl_cli_lattice_choose(1, 0.3, &lattice, error, sizeof error));
    /* close to close packing a square box cannot hold a lattice of 100 disks */
    assert_false(ccl_cli_lattice_choose(100, 0.9, &lattice, error, sizeof error));
}

/// Whether the library takes the gas: a periodic world of the lattice's side with n disks of
/// diameter 1 where the lattice puts them.
static bool library_accepts(const ccl_cli_lattice *lattice, int n) {
    ccl_vec2 *p = malloc((size_t)n * sizeof *p), *v = malloc((size_t)n * sizeof *v);
    assert_non_null(p);
    assert_non_null(v);
    ccl_cli_lattice_fill(lattice, n, 1, p, v);
    ccl_world_def def = ccl_world_default_def();
    def.box_min = ccl_v2(0.0, 0.0);
    def.box_max = ccl_v2(lattice->side, lattice->side);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    ccl_world *world = NULL;
    ccl_status status = ccl_world_create(&def, &world);
    for (int i = 0; i < n && status == CCL_OK; i++) {
        ccl_circle_def disk = ccl_circle_default_def();
        disk.position = p[i];
        disk.velocity = v[i];
        disk.radius = 0.5;
        status = ccl_world_add_circle(world, &disk, NULL);
    }
    ccl_world_destroy(world);
    free(p);
    free(v);
    return status == CCL_OK;
}

static void every_gas_the_tool_accepts_the_library_accepts(void **state) {
    (void)state;
    for (int n = 2; n <= 16; n++) {
        for (double eta = 0.02; eta < 0.9; eta += 0.01) {
            ccl_cli_lattice lattice;
            char error[256] = "";
            if (ccl_cli_lattice_choose(n, eta, &lattice, error, sizeof error)) {
                if (!library_accepts(&lattice, n)) {
                    fail_msg("n %d eta %g: accepted here, refused by the library", n, eta);
                }
                continue;
            }
            if (strncmp(error, "--n: ", 5) != 0 && strncmp(error, "--eta: ", 7) != 0) {
                fail_msg("n %d eta %g: the message names no option: %s", n, eta, error);
            }
            /* too few disks for the box: the message gives the smallest n that fits, and it
             * does (its box is at least three diameters wide) */
            const char *hint = strstr(error, "use --n ");
            if (strncmp(error, "--n: ", 5) == 0) {
                int fewest = 0;
                if (hint == NULL || sscanf(hint, "use --n %d", &fewest) != 1 || fewest <= n) {
                    fail_msg("n %d eta %g: no smallest --n in: %s", n, eta, error);
                }
                char again[256] = "";
                if (!ccl_cli_lattice_choose(fewest, eta, &lattice, again, sizeof again) &&
                    strncmp(again, "--n: ", 5) == 0) {
                    fail_msg("n %d eta %g: the suggested --n %d is refused too: %s", n, eta, fewest,
                             again);
                }
                if (fewest > n + 1) {
                    assert_false(
                        ccl_cli_lattice_choose(fewest - 1, eta, &lattice, again, sizeof again));
                }
            }
        }
    }
}

static void too_few_disks_for_a_periodic_box_are_refused_naming_n(void **state) {
    (void)state;
    ccl_cli_lattice lattice;
    char error[256] = "";
    /* at the default eta 0.3: 2 and 3 disks make a box under 3 diameters wide, 4 do not */
    for (int n = 2; n <= 3; n++) {
        assert_false(ccl_cli_lattice_choose(n, 0.3, &lattice, error, sizeof error));
        assert_non_null(strstr(error, "--n: "));
        assert_non_null(strstr(error, "use --n 4 or more"));
    }
    assert_true(ccl_cli_lattice_choose(4, 0.3, &lattice, error, sizeof error));
    assert_true(library_accepts(&lattice, 4));
    /* two disks fit when dilute enough: the message says how dilute */
    assert_false(ccl_cli_lattice_choose(2, 0.3, &lattice, error, sizeof error));
    assert_non_null(strstr(error, "--eta 0.1745 or less"));
    assert_true(ccl_cli_lattice_choose(2, 0.1745, &lattice, error, sizeof error));
    assert_true(library_accepts(&lattice, 2));
}

CCL_TEST_MAIN(cmocka_unit_test(disks_never_overlap_and_fill_the_asked_fraction),
              cmocka_unit_test(velocities_have_zero_momentum_and_unit_temperature),
              cmocka_unit_test(the_same_seed_gives_the_same_gas),
              cmocka_unit_test(impossible_densities_are_refused),
              cmocka_unit_test(every_gas_the_tool_accepts_the_library_accepts),
              cmocka_unit_test(too_few_disks_for_a_periodic_box_are_refused_naming_n))
