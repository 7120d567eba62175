/* An inelastic pile settles: 1000 circles with restitution 0.5 under gravity in a walled box,
 * started compactly on a lattice a little above the floor with small random velocities. Every
 * advance returns, every circle comes to rest (velocity exactly zero: asleep, world.h's
 * rest_speed) within a bounded world time, and then nothing happens for another second. Nothing
 * overlaps more than a tiny fraction of a radius (checked by the world and by brute force), the
 * pile lies on the floor, and every circle at rest is held by what touches it (a brute-force
 * check of its contacts against straight down, sharing no code with the world): none was left
 * hanging when a neighbour it leaned on moved away. Under the long label (TIMEOUT 900). */
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

#define PILE_COUNT    1000
#define PILE_STEP     0.05 /* advance per step */
#define PILE_MAX_TIME 20.0
#define PILE_PI       3.14159265358979323846 /* give up (fail) after this much world time */

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
    double peak = ccl_world_get_stats(w).kinetic_energy, worst_overlap = 0.0;
    int moving = PILE_COUNT;
    while (moving > 0 && ccl_world_time(w) < PILE_MAX_TIME) {
        assert_int_equal(ccl_world_advance(w, PILE_STEP), CCL_OK);
        peak = fmax(peak, ccl_world_get_stats(w).kinetic_energy);
        worst_overlap = fmax(worst_overlap, ccl_world_max_overlap(w));
        moving = wt_moving(w);
    }
    double seconds = wt_seconds() - start;
    ccl_world_stats st = ccl_world_get_stats(w);
    /* at rest stays at rest: another second of world time with nothing happening */
    assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
    ccl_world_stats after = ccl_world_get_stats(w);
    int count = 0;
    ccl_circle_state *s = wt_export(w, &count);
    wt_scene geometry = {d.box_min, d.box_max, 0, NULL, 0, NULL, 0};
    wt_overlap o = wt_brute_overlap(&geometry, s, count);
    double top = 0.0;
    int unheld = 0;
    for (int i = 0; i < count; ++i) {
        top = fmax(top, s[i].position.y);
        unheld += !wt_is_held(&geometry, s, count, i);
    }
    /* take 20 circles out of the middle of the pile: what they held up falls and rests again */
    wt_rng pick = {78};
    int removed = 0;
    while (removed < 20) {
        const ccl_circle_state *c = &s[(int)(wt_uniform(&pick) * count)];
        if (c->position.y > 5.0 && c->position.y < 15.0 && ccl_world_is_valid(w, c->id)) {
            assert_int_equal(ccl_world_remove_circle(w, c->id), CCL_OK);
            removed++;
        }
    }
    free(s);
    double again = ccl_world_time(w);
    int moving_again = 1;
    while (moving_again > 0 && ccl_world_time(w) < again + PILE_MAX_TIME) {
        assert_int_equal(ccl_world_advance(w, PILE_STEP), CCL_OK);
        worst_overlap = fmax(worst_overlap, ccl_world_max_overlap(w));
        moving_again = wt_moving(w);
    }
    ccl_world_stats refill = ccl_world_get_stats(w);
    s = wt_export(w, &count);
    int unheld_again = 0;
    for (int i = 0; i < count; ++i) {
        unheld_again += !wt_is_held(&geometry, s, count, i);
    }
    wt_overlap o_again = wt_brute_overlap(&geometry, s, count);
    free(s);
    print_message("    pile: at rest at t = %.2f (kinetic energy peaked at %.3g); %llu collisions "
                  "(%llu made elastic by the guard); worst overlap %.2g (brute force at the end "
                  "%.2g radii); top centre at %.2f; %d circles not held by their contacts; "
                  "%.1f s\n",
                  st.time, peak, (unsigned long long)st.collisions,
                  (unsigned long long)st.guard_collisions, worst_overlap, o.worst, top, unheld,
                  seconds);
    print_message("    20 circles taken out: at rest again after %.2f, %llu collisions; %d circles "
                  "not held; brute-force overlap %.2g radii\n",
                  refill.time - again, (unsigned long long)(refill.collisions - after.collisions),
                  unheld_again, o_again.worst);
    assert_int_equal(moving, 0);
    assert_int_equal(moving_again, 0);
    assert_int_equal(unheld_again, 0);
    assert_true(o_again.worst < 1e-6);
    assert_true(refill.collisions > after.collisions); /* the holes were filled */
    assert_true(after.collisions == st.collisions && after.kinetic_energy == 0.0);
    assert_true(worst_overlap < 1e-6 * r);
    assert_true(o.worst < 1e-6);
    assert_int_equal(unheld, 0);
    assert_true(top < 27.0); /* 1000 circles, 36 a row in hexagonal order: 28 rows */
    ccl_world_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(inelastic_pile_settles))
