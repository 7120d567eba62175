/* Under gravity, the devices that let piles come to rest (resting on walls, sleep, wedge stops)
 * must not change what physics decides, and no call may hang or make the world's time or state
 * infinite or NaN. Checked through the public API only:
 *
 * - A row of circles resting (and asleep) on a frictionless floor, hit along it by another at
 *   random speeds, masses and restitutions: the horizontal momentum is the hitter's at every
 *   collision, to 1e-12 relative (the floor takes no horizontal impulse), and every circle leaves
 *   with the horizontal velocity it gets in the same row hit in mid-air, where nothing rests or
 *   sleeps (gravity is vertical, so it cannot change the horizontal motion).
 * - A pile of 40 circles settled on the floor, hit from the side: the first impulse is that of two
 *   circles, and the horizontal momentum, counting what the energy ledger says the devices took,
 *   is the hitter's at every collision.
 * - The energy ledger closes the balance of kinetic and potential energy in random inelastic
 *   scenes.
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

#include "test_main.h"

#include <circol/world.h>

#include "world_common.h"
#include "world_fixture.h"

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
    ccl_world_def d = wt_gravity_def(gravity, 0.0, restitution, ccl_v2(0.0, 0.0), box_max);
    d.rest_speed = chosen_rest_speed;
    d.on_contact = on_contact;
    d.contact_user = user;
    d.max_events_per_advance = EVENT_CAP;
    return wc_create(&d);
}

static ccl_circle_id add(ccl_world *w, ccl_vec2 p, ccl_vec2 v, double r, double m, double e) {
    ccl_circle_def c = wt_circle(p, v, r);
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
    bool side_wall;    ///< a side wall was met: the momentum is no longer kept from then on
    bool finite;       ///< every state seen was finite
    bool with_ledger;  ///< add the momentum the ledger says the devices took
    double first_kick; ///< the impulse of the first collision between circles
} momentum_watch;

static void watch_momentum(const ccl_contact_event *event, void *user) {
    momentum_watch *m = user;
    if (event->kind == CCL_CONTACT_BOX && (event->wall == 0 || event->wall == 1)) {
        m->side_wall = true;
    }
    m->finite = m->finite && isfinite(event->time) && isfinite(event->impulse);
    if (event->kind == CCL_CONTACT_CIRCLE && m->collisions++ == 0) {
        m->first_kick = event->impulse;
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
    if (m->with_ledger) {
        ccl_world_ledger ledger;
        assert_int_equal(ccl_world_energy_ledger(watched_world, &ledger), CCL_OK);
        p += (long double)ledger.momentum_taken.x;
    }
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

/* Adds a triangular pile of 40 circles of radius 1 standing on the floor from x0: rows of 9, 8,
 * 7, 6, 5 and 4 (39) and one on top, each resting in the pocket of the two below. */
static void add_pile(ccl_world *w, double x0, double mass, double restitution) {
    const double r = 1.0, rise = sqrt(3.0) * r;
    const int first[7] = {0, 0, 0, 0, 0, 0, 1}, last[7] = {9, 8, 7, 6, 5, 4, 2};
    int added = 0;
    for (int row = 0; row < 7; ++row) {
        for (int k = first[row]; k < last[row]; ++k, ++added) {
            double x = x0 + (double)row * r + 2.0 * r * (double)k;
            /* a whisker apart, so that no two start overlapping by rounding */
            double y = r + (double)row * (rise + 1e-9);
            add(w, ccl_v2(x, y), ccl_v2(0.0, 0.0), r, mass, restitution);
        }
    }
    assert_int_equal(added, 40);
}

/* The issue's pile: 40 circles at rest, asleep, hit along the floor at 6.28 by one of the same
 * mass and restitution 0.5 (and at random speeds, masses and restitutions). The hitter's first
 * collision is with a circle of the pile's mass and restitution, never a wall: its impulse is
 * (1 + e) m M / (m + M) times the speed (to 1e-12). The floor is frictionless: at every collision
 * until a circle meets a side wall, the horizontal momentum of the circles plus what the ledger
 * says the devices took (sleeping circles pushed gently down, sleep, rest, wedge stops) is the
 * hitter's to 1e-12 (how much they took is printed). */
static void a_pile_hit_from_the_side_keeps_its_horizontal_momentum(void **state) {
    (void)state;
    watchdog();
    wt_rng rng = {4040u};
    double worst_taken = 0.0;
    for (int scene = 0; scene < 8; ++scene) {
        double speed = scene == 0 ? 6.28 : wt_range(&rng, 1.0, 30.0);
        double mass = scene == 0 ? 1.0 : exp(wt_range(&rng, log(0.2), log(5.0)));
        double e = scene == 0 ? 0.5 : wt_range(&rng, 0.0, 0.9);
        momentum_watch m;
        memset(&m, 0, sizeof m);
        m.finite = true;
        ccl_world *w =
            make_world(ccl_v2(400.0, 100.0), ccl_v2(0.0, -10.0), e, watch_momentum_in_world, &m);
        add_pile(w, 200.0, 1.0, e);
        assert_int_equal(ccl_world_advance(w, 20.0), CCL_OK);
        assert_int_equal(wt_moving(w), 0);
        ccl_world_reset_stats(w);
        add(w, ccl_v2(190.0, 1.0), ccl_v2(speed, 0.0), 1.0, mass, e);
        memset(&m, 0, sizeof m);
        m.finite = true;
        m.with_ledger = true;
        m.expected = (long double)mass * (long double)speed;
        m.reference = m.expected;
        watched_world = w;
        /* the hitter meets the pile 8 time units / speed from now; 0.1 after that */
        ccl_status status = ccl_world_advance(w, 8.0 / speed + 0.1);
        watched_world = NULL;
        assert_int_equal(status, CCL_OK);
        assert_true(m.finite);
        assert_true(m.collisions > 0);
        double kick = (1.0 + e) * mass / (mass + 1.0) * speed;
        if (!(fabs(m.first_kick - kick) <= 1e-12 * kick) || !(m.worst <= 1e-12L)) {
            fail_msg("pile %d (speed %g, mass %g, restitution %g): first impulse %.17g for %.17g; "
                     "horizontal momentum off by %Lg of the hitter's",
                     scene, speed, mass, e, m.first_kick, kick, m.worst);
        }
        ccl_world_ledger ledger;
        assert_int_equal(ccl_world_energy_ledger(w, &ledger), CCL_OK);
        double p = (double)m.expected;
        worst_taken = fmax(worst_taken, fabs(ledger.momentum_taken.x) / p);
        assert_false(m.side_wall);
        ccl_world_destroy(w);
    }
    print_message("piles: the devices took up to %.3g of the hitter's momentum\n", worst_taken);
}

/* Kinetic plus potential energy of every movable circle (gravity g, potential 0 at y = 0), and
 * the sum of their magnitudes (its scale). */
static double total_energy(const ccl_world *w, double g, double *scale) {
    int n = 0;
    ccl_circle_state *s = wt_export(w, &n);
    double sum = 0.0, size = 0.0;
    for (int i = 0; i < n; ++i) {
        double kinetic = 0.5 * s[i].mass *
                         (s[i].velocity.x * s[i].velocity.x + s[i].velocity.y * s[i].velocity.y);
        double potential = s[i].mass * g * s[i].position.y;
        sum += kinetic + potential;
        size += kinetic + fabs(potential);
    }
    free(s);
    *scale = size;
    return sum;
}

/* The ledger closes the energy balance: in random inelastic scenes, with gravity and without,
 * the kinetic plus potential energy lost equals what the ledger says the collisions dissipated
 * and the devices took, less what the parting push added, to 1e-9 of the energy; the guard's
 * share is never negative. */
static void the_energy_ledger_closes_the_balance(void **state) {
    (void)state;
    watchdog();
    wt_rng rng = {777u};
    for (int scene = 0; scene < 12; ++scene) {
        double g = scene % 3 == 0 ? 0.0 : 10.0;
        double e = scene % 4 == 0 ? 0.0 : wt_range(&rng, 0.0, 0.95);
        ccl_world *w = make_world(ccl_v2(30.0, 30.0), ccl_v2(0.0, -g), e, NULL, NULL);
        for (int k = 0; k < 40; ++k) {
            ccl_circle_def c = ccl_circle_default_def();
            c.position = ccl_v2(wt_range(&rng, 1.0, 29.0), wt_range(&rng, 1.0, 29.0));
            c.velocity = ccl_v2(wt_range(&rng, -5.0, 5.0), wt_range(&rng, -5.0, 5.0));
            c.radius = wt_range(&rng, 0.3, 1.0);
            c.mass = exp(wt_range(&rng, log(0.2), log(5.0)));
            c.restitution = wt_uniform(&rng) < 0.5 ? -1.0 : wt_uniform(&rng);
            (void)ccl_world_add_circle(w, &c, NULL); /* an overlapping one is left out */
        }
        double scale = 0.0;
        double before = total_energy(w, g, &scale);
        /* masses spread over 25 may still jam at one instant (docs/RELIABILITY.md): the balance
         * must close wherever the advance stopped */
        ccl_status status = ccl_world_advance(w, 5.0);
        assert_true(status == CCL_OK || status == CCL_ERR_EVENT_LIMIT);
        double scale_after = 0.0;
        double after = total_energy(w, g, &scale_after);
        ccl_world_ledger l;
        assert_int_equal(ccl_world_energy_ledger(w, &l), CCL_OK);
        double counted = l.collision_loss + l.wall_loss + l.rest_taken + l.wedge_taken +
                         l.sleep_taken - l.push_added;
        if (!(fabs((before - after) - counted) <= 1e-9 * fmax(scale, scale_after))) {
            fail_msg("scene %d (g %g, e %g): energy lost %.17g, counted %.17g", scene, g, e,
                     before - after, counted);
        }
        assert_true(l.guard_kept >= 0.0 && l.collision_loss >= 0.0 && l.wall_loss >= 0.0);
        ccl_world_reset_stats(w);
        assert_int_equal(ccl_world_energy_ledger(w, &l), CCL_OK);
        assert_true(l.collision_loss == 0.0 && l.sleeps == 0);
        assert_int_equal(ccl_world_energy_ledger(NULL, &l), CCL_ERR_INVALID_ARGUMENT);
        assert_int_equal(ccl_world_energy_ledger(w, NULL), CCL_ERR_INVALID_ARGUMENT);
        ccl_world_destroy(w);
    }
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

/* A 100 x 100 world, with gravity -10 or none, whose only circle lies still on the floor, one unit
 * of time in. */
static ccl_world *world_at_rest(bool gravity) {
    ccl_world *w =
        make_world(ccl_v2(100.0, 100.0), ccl_v2(0.0, gravity ? -10.0 : 0.0), 0.5, NULL, NULL);
    add(w, ccl_v2(50.0, 1.0), ccl_v2(0.0, 0.0), 1.0, 1.0, -1.0);
    assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
    return w;
}

/* A world whose only circle rests: an advance by one collision with no end in time finds none,
 * and must leave the time finite, so that a circle added afterwards moves on finite numbers. */
static void an_endless_advance_on_a_world_at_rest_keeps_time_finite(void **state) {
    (void)state;
    watchdog();
    for (int gravity = 0; gravity < 2; ++gravity) {
        ccl_world *w = world_at_rest(gravity);
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
        ccl_world *w = world_at_rest(gravity);
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

CCL_TEST_MAIN(cmocka_unit_test(a_row_hit_on_a_frictionless_floor_keeps_momentum_and_ignores_sleep),
              cmocka_unit_test(a_pile_hit_from_the_side_keeps_its_horizontal_momentum),
              cmocka_unit_test(the_energy_ledger_closes_the_balance),
              cmocka_unit_test(an_endless_advance_on_a_world_at_rest_keeps_time_finite),
              cmocka_unit_test(advances_that_would_overflow_the_time_keep_it_finite),
              cmocka_unit_test(a_circle_as_wide_as_the_box_is_refused_or_moves))
