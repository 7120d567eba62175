/* Unwrapped positions in a periodic box. Oracles: a lone circle's straight path p0 + v t; the
 * centre of mass of equal disks with zero momentum, which collisions cannot move, summed over
 * unwrapped positions (wrapped ones jump by a box size at every crossing); continuity between
 * closely spaced samples; and the wrapped position, which is the unwrapped one less whole box
 * sizes. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/world.h>

#include "world_common.h"

static ccl_world *periodic_world(double side) {
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(side, side);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    assert_int_equal(ccl_world_track_unwrapped(w), CCL_OK);
    return w;
}

/// A circle that travels 25 box widths (and 7 heights back) ends 25 widths away, to rounding.
static void a_lone_circle_travels_many_boxes(void **state) {
    (void)state;
    ccl_world *w = periodic_world(10.0);
    ccl_circle_def c = ccl_circle_default_def();
    c.position = ccl_v2(3.0, 4.0);
    c.velocity = ccl_v2(2.5, -0.7);
    c.radius = 0.5;
    ccl_circle_id id;
    assert_int_equal(ccl_world_add_circle(w, &c, &id), CCL_OK);
    for (int step = 0; step < 100; step++) {
        assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
        ccl_vec2 u;
        assert_int_equal(ccl_world_get_unwrapped_position(w, id, &u), CCL_OK);
        double t = step + 1.0;
        assert_true(fabs(u.x - (3.0 + 2.5 * t)) <= 1e-12 * 300.0);
        assert_true(fabs(u.y - (4.0 - 0.7 * t)) <= 1e-12 * 300.0);
    }
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_OK);
    assert_true(s.position.x >= 0.0 && s.position.x <= 10.0);
    assert_true(fabs(s.position.x - (3.0 + 250.0 - 250.0)) <= 1e-9);
    ccl_world_destroy(w);
}

/// In a gas of equal disks with zero momentum the centre of mass of the unwrapped positions
/// stays where it was, sampled every short interval the unwrapped positions never jump, and each
/// wrapped position is its unwrapped one less whole box sizes.
static void a_gas_keeps_its_unwrapped_centre_of_mass(void **state) {
    (void)state;
    const int side_n = 16, n = side_n * side_n;
    const double side = 24.0;
    ccl_world *w = periodic_world(side);
    wt_rng rng = {42};
    ccl_vec2 sum_v = {0.0, 0.0};
    ccl_vec2 *v = malloc((size_t)n * sizeof *v);
    for (int i = 0; i < n; i++) {
        v[i] = ccl_v2(wt_normal(&rng), wt_normal(&rng));
        sum_v = ccl_add(sum_v, v[i]);
    }
    for (int i = 0; i < n; i++) {
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2((i % side_n + 0.5) * side / side_n, (i / side_n + 0.5) * side / side_n);
        c.velocity = ccl_sub(v[i], ccl_scale(sum_v, 1.0 / n));
        c.radius = 0.5;
        assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
    }
    ccl_vec2 *u0 = malloc((size_t)n * sizeof *u0), *u = malloc((size_t)n * sizeof *u);
    ccl_vec2 *prev = malloc((size_t)n * sizeof *prev);
    ccl_circle_state *states = malloc((size_t)n * sizeof *states);
    int count = 0;
    assert_int_equal(ccl_world_export_unwrapped(w, u0, n, &count), CCL_OK);
    assert_int_equal(count, n);
    ccl_vec2 centre0 = {0.0, 0.0};
    for (int i = 0; i < n; i++) {
        centre0 = ccl_add(centre0, ccl_scale(u0[i], 1.0 / n));
        prev[i] = u0[i];
    }
    const double dt = 0.05;
    double travelled = 0.0;
    for (int step = 0; step < 2000; step++) {
        assert_int_equal(ccl_world_advance(w, dt), CCL_OK);
        assert_int_equal(ccl_world_export_unwrapped(w, u, n, &count), CCL_OK);
        assert_int_equal(ccl_world_export(w, states, n, &count), CCL_OK);
        ccl_vec2 centre = {0.0, 0.0};
        for (int i = 0; i < n; i++) {
            centre = ccl_add(centre, ccl_scale(u[i], 1.0 / n));
            /* no jump: at most the fastest speed times dt (speeds here stay below 10) */
            assert_true(ccl_length(ccl_sub(u[i], prev[i])) <= 10.0 * dt);
            double kx = (u[i].x - states[i].position.x) / side;
            double ky = (u[i].y - states[i].position.y) / side;
            assert_true(fabs(kx - nearbyint(kx)) <= 1e-9 && fabs(ky - nearbyint(ky)) <= 1e-9);
            prev[i] = u[i];
        }
        assert_true(ccl_length(ccl_sub(centre, centre0)) <= 1e-9 * side);
    }
    for (int i = 0; i < n; i++) {
        travelled = fmax(travelled, ccl_length(ccl_sub(u[i], u0[i])));
    }
    assert_true(travelled > side); /* some disk crossed the box: the test saw crossings */
    free(v);
    free(u0);
    free(u);
    free(prev);
    free(states);
    ccl_world_destroy(w);
}

/// In a walled box the unwrapped position is the position; bad arguments get a status.
static void walled_and_bad_arguments(void **state) {
    (void)state;
    ccl_world_def def = ccl_world_default_def();
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    assert_int_equal(ccl_world_track_unwrapped(NULL), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_track_unwrapped(w), CCL_OK);
    ccl_circle_def c = ccl_circle_default_def();
    c.position = ccl_v2(50.0, 50.0);
    c.velocity = ccl_v2(30.0, 11.0);
    ccl_circle_id id;
    assert_int_equal(ccl_world_add_circle(w, &c, &id), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 10.0), CCL_OK);
    ccl_vec2 u;
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_unwrapped_position(w, id, &u), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_OK);
    assert_true(u.x == s.position.x && u.y == s.position.y);
    int count = -1;
    assert_int_equal(ccl_world_export_unwrapped(NULL, &u, 1, &count), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_export_unwrapped(w, NULL, 1, &count), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_get_unwrapped_position(w, id, NULL), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_remove_circle(w, id), CCL_OK);
    assert_int_equal(ccl_world_get_unwrapped_position(w, id, &u), CCL_ERR_STALE_ID);
    ccl_world_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(a_lone_circle_travels_many_boxes),
              cmocka_unit_test(a_gas_keeps_its_unwrapped_centre_of_mass),
              cmocka_unit_test(walled_and_bad_arguments))
