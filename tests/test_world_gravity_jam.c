/* Under gravity, a circle resting on a box wall, met by another circle at one instant again and
 * again: the impulse pushed it into the wall, the wall's resting rule took that back, and nothing
 * changed. Such a meeting is parted (docs/ARCHITECTURE.md). Checked through the
 * public API only: gravity built from an angle, (10 cos(-pi/2), -10), has an x part of +6e-16 that
 * lays a circle on the right wall; two heavier circles placed a relative 1e-13 short of touching
 * it: every advance returns, time moves on, no overlap, and kinetic plus potential energy never
 * grows. The scene of the report, then random ones like it (its geometry, the gravity's angle
 * within ulps). */
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include <circol/world.h>

#include "world_common.h"
#include "test_main.h"

/* Seconds any one test may take before the alarm ends the program (a hang is a failure). */
#define WATCHDOG_SECONDS 120u

/* Events any one advance may process: a jam at one instant reaches it. */
#define EVENT_CAP 200000u

static void watchdog(void) {
    signal(SIGALRM, SIG_DFL);
    alarm(WATCHDOG_SECONDS);
}

/* Kinetic plus potential energy (potential -m g . p), in long double. */
static long double total_energy(const ccl_world *w, ccl_vec2 g) {
    int n = 0;
    ccl_circle_state *s = wt_export(w, &n);
    long double e = wt_kinetic(s, n);
    for (int i = 0; i < n; ++i) {
        e -= (long double)s[i].mass *
             ((long double)g.x * s[i].position.x + (long double)g.y * s[i].position.y);
    }
    free(s);
    return e;
}

/* The worst overlap in a walled box from (0, 0) to box_max, in radii. */
static double worst_overlap(const ccl_world *w, ccl_vec2 box_max) {
    int n = 0;
    ccl_circle_state *s = wt_export(w, &n);
    wt_scene sc = {ccl_v2(0.0, 0.0), box_max, 0, NULL, 0, NULL, 0};
    double worst = wt_brute_overlap(&sc, s, n).worst;
    free(s);
    return worst;
}

/* The scene of the report: in a 10 x 10 box, a circle of mass 0.1 and radius r0 on the right wall
 * at height y0 moving at (0, v0), and two of mass 1 (radii 0.1 and 1.5) at angles a1 and a2 from
 * it, a relative `gap` short of touching it, at (0.3, -0.4) and (0.3, -0.1). */
typedef struct angle_scene {
    ccl_vec2 gravity;
    double restitution, r0, y0, v0, a1, a2, gap;
} angle_scene;

static ccl_world *build_angle_scene(const angle_scene *sc) {
    ccl_world_def d = ccl_world_default_def();
    d.box_max = ccl_v2(10.0, 10.0);
    d.gravity = sc->gravity;
    d.restitution = sc->restitution;
    d.max_events_per_advance = EVENT_CAP;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    ccl_vec2 c = ccl_v2(10.0 - sc->r0, sc->y0);
    ccl_circle_id id;
    assert_int_equal(wt_add(w, c, ccl_v2(0.0, sc->v0), sc->r0, 0.1, &id), CCL_OK);
    double radius[2] = {0.1, 1.5}, angle[2] = {sc->a1, sc->a2};
    ccl_vec2 velocity[2] = {{0.3, -0.4}, {0.3, -0.1}};
    for (int k = 0; k < 2; ++k) {
        double dist = (sc->r0 + radius[k]) * (1.0 + sc->gap);
        ccl_vec2 p = ccl_v2(c.x + dist * cos(angle[k]), c.y + dist * sin(angle[k]));
        assert_int_equal(wt_add(w, p, velocity[k], radius[k], 1.0, &id), CCL_OK);
    }
    return w;
}

/* Runs the scene to t = 3 in steps of 1: each returns CCL_OK (no jam reaches the event cap),
 * time reaches its end, no overlap beyond 1e-9 radii, energy never gained beyond rounding, at most
 * 5000 collisions per time unit. */
static void run_angle_scene(const angle_scene *sc) {
    ccl_world *w = build_angle_scene(sc);
    long double before = total_energy(w, sc->gravity);
    for (int step = 1; step <= 3; ++step) {
        ccl_status status = ccl_world_advance(w, 1.0);
        if (status != CCL_OK) {
            fail_msg("status %d at t = %.17g (g.x %.3g, e %.3g, r0 %.3g)", (int)status,
                     ccl_world_time(w), sc->gravity.x, sc->restitution, sc->r0);
        }
        assert_true(ccl_world_time(w) == (double)step);
        double overlap = worst_overlap(w, ccl_v2(10.0, 10.0));
        if (overlap > 1e-9) {
            fail_msg("overlap %.3g radii at t = %d", overlap, step);
        }
        long double now = total_energy(w, sc->gravity);
        if (now > before + 1e-9L * fabsl(before) + 1e-12L) {
            fail_msg("energy grew from %.17Lg to %.17Lg", before, now);
        }
    }
    /* bounded collisions per unit time: no run of them at one instant (the jam took millions) */
    uint64_t collisions = ccl_world_get_stats(w).collisions;
    if (collisions > 5000u * 3u) {
        fail_msg("%llu collisions in 3 time units", (unsigned long long)collisions);
    }
    ccl_world_destroy(w);
}

static void the_angle_built_gravity_scene_finishes(void **state) {
    (void)state;
    watchdog();
    const double pi = 3.141592653589793;
    angle_scene report = {
        ccl_v2(10.0 * cos(-pi / 2.0), -10.0), 0.2, 1.0, 5.0, -0.27, 3.53, 2.28, 1e-13};
    run_angle_scene(&report);
    wt_rng rng = {0x6a6d};
    for (int run = 0; run < 40; ++run) {
        /* gravity from an angle within a few ulps of straight down, either side; the report's
         * geometry, with its speeds and gap varied */
        double angle = -pi / 2.0 + wt_range(&rng, -4.0, 4.0) * 0x1p-52;
        angle_scene sc = {ccl_v2(10.0 * cos(angle), 10.0 * sin(angle)),
                          wt_range(&rng, 0.0, 0.6),
                          1.0,
                          5.0,
                          wt_range(&rng, -0.5, 0.0),
                          3.53,
                          2.28,
                          wt_range(&rng, 1e-14, 1e-12)};
        run_angle_scene(&sc);
    }
}

CCL_TEST_MAIN(cmocka_unit_test(the_angle_built_gravity_scene_finishes))
