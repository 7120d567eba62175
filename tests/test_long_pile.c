/* An inelastic pile settles: 1000 circles with restitution 0.5 under gravity in a walled box,
 * started compactly on a lattice a little above the floor with small random velocities. The
 * advances return (the collapse guard, world.h's collapse_time, keeps inelastic collapse from
 * stalling the world), the kinetic energy falls below 1e-3 of its peak, nothing overlaps more
 * than a tiny fraction of a radius (checked by the world and by brute force), and the pile lies
 * on the floor.
 *
 * Not registered yet (the name does not match tests/test_*.c): with the current world this scene
 * needs millions of collisions, nearly all made elastic by the collapse guard, and it did not
 * settle within ten minutes. Rename it to test_long_pile.c once the pile settles in seconds. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <circol/world.h>

#include "world_common.h"

#define PILE_COUNT    1000
#define PILE_STEP     0.05 /* advance per step */
#define PILE_MAX_TIME 20.0 /* give up (fail) after this much world time */

static void inelastic_pile_settles(void **state) {
    (void)state;
    const double r = 0.5, width = 40.0, height = 80.0;
    ccl_world_def d = ccl_world_default_def();
    d.gravity = ccl_v2(0.0, -10.0);
    d.restitution = 0.5;
    d.box_max = ccl_v2(width, height);
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    /* a hexagonal lattice with a gap of 2% of a diameter between neighbours */
    wt_rng rng = {77};
    const double spacing = 1.02 * 2.0 * r, row_height = spacing * sqrt(0.75);
    int n = 0;
    for (int row = 0; n < PILE_COUNT; ++row) {
        for (int col = 0; col < 36 && n < PILE_COUNT; ++col) {
            ccl_circle_def c = ccl_circle_default_def();
            c.position = ccl_v2(2.0 * r + col * spacing + (row % 2) * 0.5 * spacing,
                                1.04 * r + row * row_height);
            c.velocity = ccl_v2(0.5 * wt_normal(&rng), 0.5 * wt_normal(&rng));
            c.radius = r;
            assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
            n++;
        }
    }
    double start = wt_seconds();
    double peak = ccl_world_get_stats(w).kinetic_energy, ke = peak, worst_overlap = 0.0;
    while (ke >= 1e-3 * peak && ccl_world_time(w) < PILE_MAX_TIME) {
        assert_int_equal(ccl_world_advance(w, PILE_STEP), CCL_OK);
        ke = ccl_world_get_stats(w).kinetic_energy;
        peak = fmax(peak, ke);
        worst_overlap = fmax(worst_overlap, ccl_world_max_overlap(w));
    }
    double seconds = wt_seconds() - start;
    ccl_world_stats st = ccl_world_get_stats(w);
    int count = 0;
    ccl_circle_state *s = wt_export(w, &count);
    wt_scene geometry = {d.box_min, d.box_max, 0, NULL, 0, NULL, 0};
    wt_overlap o = wt_brute_overlap(&geometry, s, count);
    double top = 0.0;
    for (int i = 0; i < count; ++i) {
        top = fmax(top, s[i].position.y);
    }
    free(s);
    print_message("    pile: kinetic energy %.2g of its peak %.3g at t = %.2f; %llu collisions "
                  "(%llu made elastic by the guard); worst overlap %.2g (brute force at the end "
                  "%.2g radii); top centre at %.2f; %.1f s\n",
                  ke / peak, peak, st.time, (unsigned long long)st.collisions,
                  (unsigned long long)st.guard_collisions, worst_overlap, o.worst, top, seconds);
    assert_true(ke < 1e-3 * peak);
    assert_true(worst_overlap < 1e-6 * r);
    assert_true(o.worst < 1e-6);
    assert_true(top < 27.0); /* 1000 circles, 36 a row in hexagonal order: 28 rows */
    ccl_world_destroy(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(inelastic_pile_settles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
