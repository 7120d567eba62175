/* Unwrapped positions of spheres in a periodic box. Oracles: a lone sphere's straight path
 * p0 + v t; the centre of mass of equal spheres with zero momentum, which collisions cannot move
 * (the wrapped positions jump by a box size at every crossing); the energy, which bounds every
 * sphere's speed and so how far it can move between samples; the wrapped position, which is the
 * unwrapped one less whole box sizes; and the same world run without counting, whose events the
 * counting must not change. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/world3d.h>

#include "world3d_common.h"

/// The components of a vector, to loop over.
static void unwrap_parts(ccl_vec3 v, double out[3]) {
    out[0] = v.x;
    out[1] = v.y;
    out[2] = v.z;
}

/// A world made from def holding the one sphere s, whose id goes to id.
static ccl_world3d *unwrap_one_sphere(ccl_world3d_def def, const ccl_sphere_def *s,
                                      ccl_sphere_id *id) {
    ccl_world3d *w = NULL;
    assert_int_equal(ccl_world3d_create(&def, &w), CCL_OK);
    assert_int_equal(ccl_world3d_add_sphere(w, s, id), CCL_OK);
    return w;
}

/// A sphere that flies 20 box sizes along x (and some along y and z) ends that far away.
static void a_lone_sphere_crosses_many_boxes(void **state) {
    (void)state;
    ccl_sphere_def s = ccl_sphere_default_def();
    s.position = ccl_v3(3.0, 4.0, 5.0);
    s.velocity = ccl_v3(2.5, -0.7, 1.3);
    s.radius = 0.5;
    ccl_sphere_id id;
    ccl_world3d *w = unwrap_one_sphere(w3_periodic_def(10.0), &s, &id);
    assert_int_equal(ccl_world3d_track_unwrapped(w), CCL_OK);
    double p0[3], v[3];
    unwrap_parts(s.position, p0);
    unwrap_parts(s.velocity, v);
    for (int step = 1; step <= 80; ++step) {
        assert_int_equal(ccl_world3d_advance(w, 1.0), CCL_OK);
        ccl_vec3 u;
        ccl_sphere_state now;
        assert_int_equal(ccl_world3d_get_unwrapped_position(w, id, &u), CCL_OK);
        assert_int_equal(ccl_world3d_get_sphere(w, id, &now), CCL_OK);
        double got[3], wrapped[3];
        unwrap_parts(u, got);
        unwrap_parts(now.position, wrapped);
        for (int k = 0; k < 3; ++k) {
            assert_true(fabs(got[k] - (p0[k] + v[k] * step)) <= 1e-12 * 300.0);
            assert_true(wrapped[k] >= 0.0 && wrapped[k] <= 10.0);
        }
    }
    ccl_world3d_destroy(w);
}

/// A gas of spheres added after the counting began (so the counts grow with the other arrays):
/// the centre of mass of the unwrapped positions stays put, no sphere jumps between samples, and
/// each position is its unwrapped one less whole box sizes.
static void a_gas_keeps_its_unwrapped_centre(void **state) {
    (void)state;
    const int side = 6, n = side * side * side;
    double box = w3_side(n, 0.2);
    ccl_world3d_def def = w3_periodic_def(box);
    ccl_world3d *w = NULL;
    assert_int_equal(ccl_world3d_create(&def, &w), CCL_OK);
    assert_int_equal(ccl_world3d_track_unwrapped(w), CCL_OK);
    wt_rng rng = {11};
    w3_fill_lattice(w, box, side, &rng);
    ccl_vec3 *before = malloc(sizeof *before * (size_t)n), *u = malloc(sizeof *u * (size_t)n);
    ccl_sphere_state *states = malloc(sizeof *states * (size_t)n);
    int count = 0;
    assert_int_equal(ccl_world3d_export_unwrapped(w, before, n, &count), CCL_OK);
    assert_int_equal(count, n);
    double centre0[3] = {0.0, 0.0, 0.0};
    for (int i = 0; i < n; ++i) {
        double p[3];
        unwrap_parts(before[i], p);
        for (int k = 0; k < 3; ++k) {
            centre0[k] += p[k] / n;
        }
    }
    const double dt = 0.05;
    /* no sphere is faster than all the kinetic energy would make it (mass 1) */
    double fastest = sqrt(2.0 * ccl_world3d_get_stats(w).kinetic_energy);
    for (int step = 0; step < 600; ++step) {
        assert_int_equal(ccl_world3d_advance(w, dt), CCL_OK);
        assert_int_equal(ccl_world3d_export_unwrapped(w, u, n, &count), CCL_OK);
        assert_int_equal(ccl_world3d_export(w, states, n, &count), CCL_OK);
        double centre[3] = {0.0, 0.0, 0.0};
        for (int i = 0; i < n; ++i) {
            double a[3], b[3], wrapped[3], square = 0.0;
            unwrap_parts(u[i], a);
            unwrap_parts(before[i], b);
            unwrap_parts(states[i].position, wrapped);
            for (int k = 0; k < 3; ++k) {
                centre[k] += a[k] / n;
                square += (a[k] - b[k]) * (a[k] - b[k]);
                double images = (a[k] - wrapped[k]) / box;
                assert_true(fabs(images - nearbyint(images)) <= 1e-9);
            }
            assert_true(sqrt(square) <= fastest * dt * (1.0 + 1e-9));
            before[i] = u[i];
        }
        for (int k = 0; k < 3; ++k) {
            assert_true(fabs(centre[k] - centre0[k]) <= 1e-9 * box);
        }
    }
    assert_int_equal(ccl_world3d_export_unwrapped(w, u, n, &count), CCL_OK);
    double travelled = 0.0;
    for (int i = 0; i < n; ++i) {
        double a[3], wrapped[3];
        unwrap_parts(u[i], a);
        unwrap_parts(states[i].position, wrapped);
        for (int k = 0; k < 3; ++k) {
            travelled = fmax(travelled, fabs(a[k] - wrapped[k]));
        }
    }
    assert_true(travelled >= 0.5 * box); /* crossings happened: the counts were exercised */
    free(before);
    free(u);
    free(states);
    ccl_world3d_destroy(w);
}

/// Counting costs 24 bytes a sphere only in the world that asks, and changes no event: the same
/// gas run with and without it ends in the same state, bit for bit.
static void counting_costs_nothing_elsewhere(void **state) {
    (void)state;
    ccl_world3d *plain = w3_gas_world(5, 0.3, 1.0, 3), *counted = w3_gas_world(5, 0.3, 1.0, 3);
    size_t bytes = ccl_world3d_get_stats(counted).memory_bytes;
    assert_int_equal(ccl_world3d_track_unwrapped(counted), CCL_OK);
    size_t extra = ccl_world3d_get_stats(counted).memory_bytes - bytes;
    assert_true(extra >= 24 * 125 && extra % 24 == 0);
    assert_int_equal(ccl_world3d_track_unwrapped(counted), CCL_OK); /* a second call: no more */
    assert_true(ccl_world3d_get_stats(counted).memory_bytes == bytes + extra);
    assert_int_equal(ccl_world3d_advance_collisions(plain, 20000, INFINITY), CCL_OK);
    assert_int_equal(ccl_world3d_advance_collisions(counted, 20000, INFINITY), CCL_OK);
    ccl_sphere_state a[125], b[125];
    int na = 0, nb = 0;
    assert_int_equal(ccl_world3d_export(plain, a, 125, &na), CCL_OK);
    assert_int_equal(ccl_world3d_export(counted, b, 125, &nb), CCL_OK);
    assert_int_equal(na, nb);
    assert_true(ccl_world3d_time(plain) == ccl_world3d_time(counted));
    assert_memory_equal(a, b, sizeof(ccl_sphere_state) * (size_t)na);
    ccl_world3d_destroy(plain);
    ccl_world3d_destroy(counted);
}

/// In a walled box the unwrapped position is the position, and nothing is allocated for it.
static void walls_need_no_counts(void **state) {
    (void)state;
    ccl_world3d_def def = ccl_world3d_default_def();
    def.box_max = ccl_v3(80.0, 60.0, 40.0);
    ccl_sphere_def s = ccl_sphere_default_def();
    s.position = ccl_v3(50.0, 40.0, 30.0);
    s.velocity = ccl_v3(30.0, 11.0, -17.0);
    ccl_sphere_id id;
    ccl_world3d *w = unwrap_one_sphere(def, &s, &id);
    size_t bytes = ccl_world3d_get_stats(w).memory_bytes;
    assert_int_equal(ccl_world3d_track_unwrapped(w), CCL_OK);
    assert_true(ccl_world3d_get_stats(w).memory_bytes == bytes);
    for (int step = 0; step < 10; ++step) {
        assert_int_equal(ccl_world3d_advance(w, 1.0), CCL_OK);
        ccl_vec3 u;
        ccl_sphere_state now;
        assert_int_equal(ccl_world3d_get_unwrapped_position(w, id, &u), CCL_OK);
        assert_int_equal(ccl_world3d_get_sphere(w, id, &now), CCL_OK);
        assert_memory_equal(&u, &now.position, sizeof u);
    }
    assert_true(ccl_world3d_get_stats(w).wall_collisions > 0);
    ccl_world3d_destroy(w);
}

/// Bad arguments and stale ids get a status, never a crash.
static void bad_arguments_get_a_status(void **state) {
    (void)state;
    ccl_world3d *w = w3_gas_world(3, 0.1, 1.0, 5);
    assert_int_equal(ccl_world3d_track_unwrapped(NULL), CCL_ERR_INVALID_ARGUMENT);
    ccl_vec3 u[27];
    int count = -1;
    assert_int_equal(ccl_world3d_export_unwrapped(NULL, u, 1, &count), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_export_unwrapped(w, NULL, 1, &count), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_export_unwrapped(w, u, -1, &count), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_export_unwrapped(w, u, 27, NULL), CCL_ERR_INVALID_ARGUMENT);
    ccl_sphere_state first;
    assert_int_equal(ccl_world3d_export(w, &first, 1, &count), CCL_OK);
    assert_int_equal(ccl_world3d_get_unwrapped_position(w, first.id, NULL),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_get_unwrapped_position(NULL, first.id, u),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_remove_sphere(w, first.id), CCL_OK);
    assert_int_equal(ccl_world3d_get_unwrapped_position(w, first.id, u), CCL_ERR_STALE_ID);
    assert_int_equal(ccl_world3d_export_unwrapped(w, u, 27, &count), CCL_OK);
    assert_int_equal(count, 26);
    ccl_world3d_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(a_lone_sphere_crosses_many_boxes),
              cmocka_unit_test(a_gas_keeps_its_unwrapped_centre),
              cmocka_unit_test(counting_costs_nothing_elsewhere),
              cmocka_unit_test(walls_need_no_counts), cmocka_unit_test(bad_arguments_get_a_status))
