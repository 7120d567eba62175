/* Under gravity, the devices that let piles come to rest (resting on walls, sleep, wedge stops)
 * must not change what physics decides, and no call may hang or make the world's time or state
 * infinite or NaN. Checked through the public API only:
 *
 * - A row of circles resting (and asleep) on a frictionless floor, hit along it by another at
 *   random speeds, masses and restitutions: the horizontal momentum is the hitter's at every
 *   collision, to 1e-12 relative (the floor takes no horizontal impulse), and every circle leaves
 *   with the horizontal velocity it gets in the same row hit in mid-air, where nothing rests or
 *   sleeps (gravity is vertical, so it cannot change the horizontal motion).
 * - An advance with no end in time on a world at rest, advances whose end overflows, and a
 *   circle exactly as wide as the box: each returns (an alarm and an event limit guard the
 *   test), with a finite time and finite states. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <circol/world.h>

#include "world_common.h"

/* Seconds any one test may take before the alarm ends the program (a hang is a failure). */
#define WATCHDOG_SECONDS 120u

/* Events any one advance may process in the tests that could hang. */
#define EVENT_CAP 2000000u

static void watchdog(void) {
    signal(SIGALRM, SIG_DFL);
    alarm(WATCHDOG_SECONDS);
}

/* A world in a walled box from (0, 0) with rest_speed (world.h) 0, the automatic one, unless a
 * test sets this. */
static double chosen_rest_speed;

static ccl_world *make_world(ccl_vec2 box_max, ccl_vec2 gravity, double restitution,
                             ccl_contact_fn *on_contact, void *user) {
    ccl_world_def d = ccl_world_default_def();
    d.rest_speed = chosen_rest_speed;
    d.box_max = box_max;
    d.gravity = gravity;
    d.restitution = restitution;
    d.on_contact = on_contact;
    d.contact_user = user;
    d.max_events_per_advance = EVENT_CAP;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    return w;
}

static ccl_circle_id add(ccl_world *w, ccl_vec2 p, ccl_vec2 v, double r, double m, double e) {
    ccl_circle_def c = ccl_circle_default_def();
    c.position = p;
    c.velocity = v;
    c.radius = r;
    c.mass = m;
    c.restitution = e;
    ccl_circle_id id;
    assert_int_equal(ccl_world_add_circle(w, &c, &id), CCL_OK);
    return id;
}

/* Sum of m v_x over every circle, in long double, and the sum of |m v_x| (its scale). */
static long double horizontal_momentum(const ccl_world *w, long double *scale) {
    int n = 0;
    ccl_circle_state *s = wt_export(w, &n);
    long double p = 0.0L, size = 0.0L;
    for (int i = 0; i < n; ++i) {
        p += (long double)s[i].mass * (long double)s[i].velocity.x;
        size += fabsl((long double)s[i].mass * (long double)s[i].velocity.x);
    }
    free(s);
    if (scale != NULL) {
        *scale = size;
    }
    return p;
}

/* What the contact callback checks: the horizontal momentum after every collision, until a
 * circle meets a side wall. */
typedef struct momentum_watch {
    long double expected, worst; ///< the momentum expected, the worst relative error seen
    long double reference;       ///< what the error is relative to
    uint64_t collisions;
    bool side_wall; ///< a side wall was met: the momentum is no longer kept from then on
    bool finite;    ///< every state seen was finite
} momentum_watch;

static void watch_momentum(const ccl_contact_event *event, void *user) {
    momentum_watch *m = user;
    if (event->kind == CCL_CONTACT_BOX && (event->wall == 0 || event->wall == 1)) {
        m->side_wall = true;
    }
    m->finite = m->finite && isfinite(event->time) && isfinite(event->impulse);
    if (event->kind == CCL_CONTACT_CIRCLE) {
        m->collisions++;
    }
}

/* The world the momentum callback reads (the callback gets only the event). */
static ccl_world *watched_world;

static void watch_momentum_in_world(const ccl_contact_event *event, void *user) {
    momentum_watch *m = user;
    watch_momentum(event, user);
    if (m->side_wall || watched_world == NULL) {
        return;
    }
    long double p = horizontal_momentum(watched_world, NULL);
    long double error = fabsl(p - m->expected) / m->reference;
    if (!(error <= m->worst)) {
        m->worst = isnan(error) ? INFINITY : error;
    }
}

/* One row scene: `count` circles of radius 1 in a row along y = height (touching, or `gap` apart),
 * and a hitter behind them at speed `speed`. */
typedef struct row_scene {
    int count;
    double gap, speed;
    double mass[9], restitution[9]; ///< [0] the hitter's, then the row's
} row_scene;

static row_scene random_row(wt_rng *rng) {
    row_scene s;
    s.count = 2 + (int)(wt_uniform(rng) * 7.0);
    s.gap = wt_uniform(rng) < 0.5 ? 0.0 : wt_range(rng, 0.01, 0.5);
    s.speed = wt_range(rng, 1.0, 60.0);
    for (int i = 0; i <= s.count; ++i) {
        s.mass[i] = exp(wt_range(rng, log(0.1), log(10.0)));
        s.restitution[i] = wt_uniform(rng) < 0.15 ? 0.0 : wt_uniform(rng);
    }
    return s;
}

/* Builds the row at `height` in a box 2000 wide and 1000 high (walls: restitution 0.5) and
 * advances it to time `until`; writes every circle's final horizontal velocity into vx[0..count]
 * (the hitter's first) and fills the watch. With `settle`, the row is left alone for 0.5 time
 * units first (it rests on the floor and falls asleep) before the hitter is added. */
static void run_row(const row_scene *s, double height, bool settle, double until, double *vx,
                    momentum_watch *m) {
    memset(m, 0, sizeof *m); /* the settling calls the callback too */
    m->finite = true;
    ccl_world *w =
        make_world(ccl_v2(2000.0, 1000.0), ccl_v2(0.0, -10.0), 0.5, watch_momentum_in_world, m);
    ccl_circle_id ids[10];
    for (int i = 1; i <= s->count; ++i) {
        double x = 1000.0 + (double)(i - 1) * (2.0 + s->gap);
        ids[i] = add(w, ccl_v2(x, height), ccl_v2(0.0, 0.0), 1.0, s->mass[i], s->restitution[i]);
    }
    if (settle) {
        assert_int_equal(ccl_world_advance(w, 0.5), CCL_OK);
        assert_int_equal(wt_moving(w), 0); /* the row is at rest, asleep */
    }
    /* the hitter meets the row 0.25 time units from now */
    double start = 1000.0 - 2.0 - 0.25 * s->speed;
    ids[0] =
        add(w, ccl_v2(start, height), ccl_v2(s->speed, 0.0), 1.0, s->mass[0], s->restitution[0]);
    memset(m, 0, sizeof *m);
    m->expected = (long double)s->mass[0] * (long double)s->speed;
    m->reference = fabsl(m->expected);
    m->finite = true;
    watched_world = w;
    assert_int_equal(ccl_world_advance(w, until), CCL_OK);
    watched_world = NULL;
    for (int i = 0; i <= s->count; ++i) {
        ccl_circle_state st;
        assert_int_equal(ccl_world_get_circle(w, ids[i], &st), CCL_OK);
        vx[i] = st.velocity.x;
    }
    ccl_world_destroy(w);
}

/* The issue's scene: restitution 0.5, five circles of mass 1 at rest on the floor, hit at 20.
 * Then random rows: on the floor (asleep) and in mid-air (awake), each collision keeping the
 * horizontal momentum, and every circle leaving both with the same horizontal velocity. */
static void a_row_hit_on_a_frictionless_floor_keeps_momentum_and_ignores_sleep(void **state) {
    (void)state;
    watchdog();
    /* A circle left sliding slower than rest_speed may be put to sleep (world.h): that takes its
     * momentum, as documented. Here it is 1e-6, far below every speed the hits leave, so that
     * only what is under test acts: a sleeping row woken by the hit, each circle with its mass. */
    chosen_rest_speed = 1e-6;
    wt_rng rng = {20261127u};
    int scenes = 60;
    double worst_oracle = 0.0;
    for (int scene = 0; scene < scenes; ++scene) {
        const row_scene issue = {5, 0.0, 20.0, {1, 1, 1, 1, 1, 1}, {-1, -1, -1, -1, -1, -1}};
        row_scene s = scene == 0 ? issue : random_row(&rng);
        double on_floor[9], in_air[9];
        momentum_watch floor_watch, air_watch;
        /* in 2 time units nothing reaches a side wall (the fastest circle leaves at under
         * 2 x 60, 1000 from either), and the mid-air row, falling from 900, stays 880 above the
         * floor */
        run_row(&s, 1.0, true, 2.0, on_floor, &floor_watch);
        run_row(&s, 900.0, false, 2.0, in_air, &air_watch);
        assert_false(floor_watch.side_wall);
        assert_true(floor_watch.finite && air_watch.finite);
        assert_true(floor_watch.collisions >= 1);
        if (!(floor_watch.worst <= 1e-12L) || !(air_watch.worst <= 1e-12L)) {
            fail_msg("scene %d (%d circles, gap %g, speed %g): horizontal momentum off by %Lg on "
                     "the floor, %Lg in the air",
                     scene, s.count, s.gap, s.speed, floor_watch.worst, air_watch.worst);
        }
        /* touching rows (the issue's) agree to rounding; rows with gaps, whose collisions come one
         * by one, agree to 1e-6 of the speed (up to 1.5e-8 seen: see docs/RELIABILITY.md) */
        double tolerance = s.gap == 0.0 ? 1e-12 : 1e-6;
        for (int i = 0; i <= s.count; ++i) {
            double error = fabs(on_floor[i] - in_air[i]) / s.speed;
            worst_oracle = fmax(worst_oracle, s.gap == 0.0 ? error : 0.0);
            if (!(error <= tolerance)) {
                fail_msg("scene %d (%d circles, gap %g, speed %g): circle %d leaves at %.17g on "
                         "the floor, %.17g in the air",
                         scene, s.count, s.gap, s.speed, i, on_floor[i], in_air[i]);
            }
        }
    }
    chosen_rest_speed = 0.0;
    print_message("touching rows: worst horizontal velocity off the mid-air row: %.3g of the "
                  "speed\n",
                  worst_oracle);
}

/* Whether every circle's position and velocity is finite, and the world's time too. */
static bool all_finite(const ccl_world *w) {
    int n = 0;
    ccl_circle_state *s = wt_export(w, &n);
    bool ok = n >= 0 && isfinite(ccl_world_time(w));
    for (int i = 0; i < n; ++i) {
        ok = ok && isfinite(s[i].position.x) && isfinite(s[i].position.y) &&
             isfinite(s[i].velocity.x) && isfinite(s[i].velocity.y);
    }
    free(s);
    return ok;
}

/* A world whose only circle rests: an advance by one collision with no end in time finds none,
 * and must leave the time finite, so that a circle added afterwards moves on finite numbers. */
static void an_endless_advance_on_a_world_at_rest_keeps_time_finite(void **state) {
    (void)state;
    watchdog();
    for (int gravity = 0; gravity < 2; ++gravity) {
        ccl_world *w =
            make_world(ccl_v2(100.0, 100.0), ccl_v2(0.0, gravity ? -10.0 : 0.0), 0.5, NULL, NULL);
        add(w, ccl_v2(50.0, 1.0), ccl_v2(0.0, 0.0), 1.0, 1.0, -1.0);
        assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
        ccl_status status = ccl_world_advance_collisions(w, 1, INFINITY);
        assert_true(status == CCL_OK || status == CCL_ERR_INVALID_ARGUMENT);
        assert_true(isfinite(ccl_world_time(w)));
        add(w, ccl_v2(20.0, 50.0), ccl_v2(3.0, 1.0), 1.0, 1.0, -1.0);
        assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
        assert_true(all_finite(w));
        ccl_world_destroy(w);
    }
}

/* Advances of 1e300 and then DBL_MAX: the second would take the time past the largest double.
 * It is refused (and changes nothing), or stops at a finite time; states stay finite. */
static void advances_that_would_overflow_the_time_keep_it_finite(void **state) {
    (void)state;
    watchdog();
    for (int gravity = 0; gravity < 2; ++gravity) {
        ccl_world *w =
            make_world(ccl_v2(100.0, 100.0), ccl_v2(0.0, gravity ? -10.0 : 0.0), 0.5, NULL, NULL);
        add(w, ccl_v2(50.0, 1.0), ccl_v2(0.0, 0.0), 1.0, 1.0, -1.0);
        assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
        ccl_status first = ccl_world_advance(w, 1e300);
        assert_true(first == CCL_OK || first == CCL_ERR_INVALID_ARGUMENT);
        double before = ccl_world_time(w);
        ccl_status second = ccl_world_advance(w, DBL_MAX);
        assert_true(second == CCL_OK || second == CCL_ERR_INVALID_ARGUMENT);
        if (second != CCL_OK) {
            assert_true(ccl_world_time(w) == before); /* a refusal changes nothing */
        }
        assert_true(isfinite(ccl_world_time(w)));
        assert_true(all_finite(w));
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2(20.0, 50.0);
        c.velocity = ccl_v2(0.0, 0.0);
        assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
        ccl_status third = ccl_world_advance(w, 1.0);
        assert_true(third == CCL_OK || third == CCL_ERR_INVALID_ARGUMENT);
        assert_true(all_finite(w));
        ccl_world_destroy(w);
    }
}

/* A circle exactly as wide as the box (radius 50 at the centre of the default 100 x 100 box)
 * cannot move without touching both opposite walls: it is refused, or an advance returns. */
static void a_circle_as_wide_as_the_box_is_refused_or_moves(void **state) {
    (void)state;
    watchdog();
    const ccl_vec2 velocities[] = {{1e-300, 0.0}, {1.0, 0.0}, {0.0, 1.0}, {1.0, 1.0}, {0.0, 0.0}};
    for (int gravity = 0; gravity < 2; ++gravity) {
        for (size_t k = 0; k < sizeof velocities / sizeof velocities[0]; ++k) {
            ccl_world *w = make_world(ccl_v2(100.0, 100.0), ccl_v2(0.0, gravity ? -10.0 : 0.0), 1.0,
                                      NULL, NULL);
            ccl_circle_def c = ccl_circle_default_def();
            c.position = ccl_v2(50.0, 50.0);
            c.velocity = velocities[k];
            c.radius = 50.0;
            ccl_status added = ccl_world_add_circle(w, &c, NULL);
            assert_true(added == CCL_OK || added == CCL_ERR_OUTSIDE_BOX ||
                        added == CCL_ERR_INVALID_ARGUMENT);
            if (added == CCL_OK) {
                assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
                assert_true(all_finite(w));
            }
            ccl_world_destroy(w);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_row_hit_on_a_frictionless_floor_keeps_momentum_and_ignores_sleep),
        cmocka_unit_test(an_endless_advance_on_a_world_at_rest_keeps_time_finite),
        cmocka_unit_test(advances_that_would_overflow_the_time_keep_it_finite),
        cmocka_unit_test(a_circle_as_wide_as_the_box_is_refused_or_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
