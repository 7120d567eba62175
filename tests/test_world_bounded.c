/* Advances always return and leave finite states:
 *
 * - ccl_world_advance_collisions with no end in time (max_dt = INFINITY), without
 *   max_events_per_advance: circles that move but never meet stop it with CCL_ERR_EVENT_LIMIT
 *   after the documented number of events without a circle-circle collision (world.h), at a
 *   finite time, with the states the exact motion gives; a call again goes on to the collision.
 * - A circle resting on walls under gravity (with damping and without), advanced by steps up to
 *   1e300, stays where it rests: its position is finite and unchanged.
 *
 * An alarm ends the program if a call hangs. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include <cmocka.h>

#include <circol/world.h>
#include "test_main.h"
#include "world_cases.h"
#include "world_common.h"

/* The bound the header documents: 2^20 events plus 1024 a live circle. */
static uint64_t idle_bound(int circles) {
    return (UINT64_C(1) << 20) + UINT64_C(1024) * (uint64_t)circles;
}

static void watchdog(void) {
    signal(SIGALRM, SIG_DFL);
    alarm(120u);
}

static ccl_world *make_world(ccl_boundary boundary, ccl_vec2 gravity, double side) {
    ccl_world_def d = wc_square_def(side, boundary);
    d.gravity = gravity;
    return wc_create(&d);
}

/// The default world definition, walled, with the box from the origin to box_max.
static ccl_world_def walled_def(ccl_vec2 box_max) {
    ccl_world_def d = ccl_world_default_def();
    d.box_max = box_max;
    return d;
}

static ccl_circle_id add(ccl_world *w, ccl_vec2 p, ccl_vec2 v, double r) {
    ccl_circle_def c = wt_circle(p, v, r);
    ccl_circle_id id;
    assert_int_equal(ccl_world_add_circle(w, &c, &id), CCL_OK);
    return id;
}

/* One circle in a periodic box crosses cells and never meets anything: each endless advance
 * returns CCL_ERR_EVENT_LIMIT after the bound's events, the time moves on and stays finite, and
 * the circle is where straight motion puts it (the unwrapped position against p0 + v t). */
static void a_lone_circle_in_a_periodic_box_stops_at_the_bound(void **state) {
    (void)state;
    watchdog();
    ccl_world *w = make_world(CCL_BOUNDARY_PERIODIC, ccl_v2(0.0, 0.0), 40.0);
    assert_int_equal(ccl_world_track_unwrapped(w), CCL_OK);
    ccl_vec2 p0 = ccl_v2(3.0, 5.0), v = ccl_v2(7.25, -3.5);
    ccl_circle_id id = add(w, p0, v, 0.5);
    double last = 0.0;
    for (int call = 0; call < 2; ++call) {
        uint64_t before = ccl_world_get_stats(w).events;
        assert_int_equal(ccl_world_advance_collisions(w, 1, INFINITY), CCL_ERR_EVENT_LIMIT);
        uint64_t events = ccl_world_get_stats(w).events - before;
        assert_true(events == idle_bound(1));
        double t = ccl_world_time(w);
        assert_true(isfinite(t) && t > last);
        last = t;
        ccl_vec2 u;
        assert_int_equal(ccl_world_get_unwrapped_position(w, id, &u), CCL_OK);
        double scale = 40.0 + fabs(v.x * t) + fabs(v.y * t);
        assert_true(fabs(u.x - (p0.x + v.x * t)) <= 1e-9 * scale);
        assert_true(fabs(u.y - (p0.y + v.y * t)) <= 1e-9 * scale);
    }
    assert_int_equal(ccl_world_get_stats(w).collisions, 0);
    ccl_world_destroy(w);
}

/* A ball bouncing alone between walls (elastic, under gravity and without): stopped at the bound,
 * with its energy (kinetic plus potential) as it started. */
static void a_ball_bouncing_alone_stops_at_the_bound(void **state) {
    (void)state;
    watchdog();
    for (int gravity = 0; gravity < 2; ++gravity) {
        ccl_vec2 g = ccl_v2(0.0, gravity ? -10.0 : 0.0);
        ccl_world *w = make_world(CCL_BOUNDARY_WALLS, g, 10.0);
        ccl_vec2 p0 = ccl_v2(5.0, 6.0), v0 = ccl_v2(30.0, 11.0);
        ccl_circle_id id = add(w, p0, v0, 1.0);
        double e0 = 0.5 * (v0.x * v0.x + v0.y * v0.y) - g.y * p0.y;
        assert_int_equal(ccl_world_advance_collisions(w, 3, INFINITY), CCL_ERR_EVENT_LIMIT);
        ccl_world_stats stats = ccl_world_get_stats(w);
        assert_true(stats.events == idle_bound(1));
        assert_true(isfinite(stats.time) && stats.time > 0.0);
        ccl_circle_state s;
        assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_OK);
        double e1 =
            0.5 * (s.velocity.x * s.velocity.x + s.velocity.y * s.velocity.y) - g.y * s.position.y;
        assert_true(fabs(e1 - e0) <= 1e-6 * e0);
        ccl_world_destroy(w);
    }
}

/* A circle of radius 0.05 bouncing along a walled box 10 wide at 2e4, and a circle of radius 4.9
 * 890 above it coming down at 1: they meet after about 1.78 million wall bounces, more
 * than the bound. The first endless advance stops at the bound (CCL_ERR_EVENT_LIMIT, no
 * collision); the next reaches the collision (CCL_OK), at the time the straight paths give: the
 * gap of the centres' heights closes to 4.95 at t = 885.05, and the fast circle then passes under
 * the other's centre within 5e-4. */
static void circles_that_meet_after_the_bound_meet_on_the_next_call(void **state) {
    (void)state;
    watchdog();
    ccl_world_def d = walled_def(ccl_v2(10.0, 1000.0));
    ccl_world *w = wc_create(&d);
    add(w, ccl_v2(5.0, 5.0), ccl_v2(2e4, 0.0), 0.05);
    add(w, ccl_v2(5.0, 895.0), ccl_v2(0.0, -1.0), 4.9);
    assert_int_equal(ccl_world_advance_collisions(w, 1, INFINITY), CCL_ERR_EVENT_LIMIT);
    ccl_world_stats stats = ccl_world_get_stats(w);
    assert_true(stats.collisions == 0 && stats.events == idle_bound(2));
    assert_true(ccl_world_time(w) < 885.05);
    assert_int_equal(ccl_world_advance_collisions(w, 1, INFINITY), CCL_OK);
    stats = ccl_world_get_stats(w);
    assert_true(stats.collisions == 1 && stats.events > idle_bound(2));
    double t = ccl_world_time(w);
    assert_true(t >= 885.05 - 1e-9 && t <= 885.05 + 5e-4);
    ccl_world_destroy(w);
}

/* Nothing moves: no event is left, the advance returns CCL_OK at once and the time stays. */
static void a_world_at_rest_returns_at_once(void **state) {
    (void)state;
    watchdog();
    ccl_world *w = make_world(CCL_BOUNDARY_PERIODIC, ccl_v2(0.0, 0.0), 40.0);
    add(w, ccl_v2(3.0, 5.0), ccl_v2(0.0, 0.0), 0.5);
    assert_int_equal(ccl_world_advance(w, 2.0), CCL_OK);
    assert_int_equal(ccl_world_advance_collisions(w, 1, INFINITY), CCL_OK);
    assert_true(ccl_world_time(w) == 2.0);
    ccl_world_destroy(w);
}

/* A circle resting against walls under gravity (into a corner, down, or along one axis with a
 * residue of rounding in the other, as gravity built from an angle has; the widest circle the box
 * takes, elastic or not, with damping and without), advanced by 40, then by 1e200 and 1e300: every
 * position and velocity stays finite and inside the box, and the last step leaves the circle where
 * the one before left it (at rest by then). */
static void circles_at_rest_stay_finite_over_huge_steps(void **state) {
    (void)state;
    watchdog();
    const ccl_vec2 gravities[3] = {{10.0, 2.4492935982947065e-15}, {-7.0, -7.0}, {0.0, -10.0}};
    for (int k = 0; k < 12; ++k) {
        ccl_world_def d = walled_def(ccl_v2(14.0, 14.0));
        d.gravity = gravities[k % 3];
        d.damping = k % 6 < 3 ? 0.0 : 0.5;
        d.restitution = k < 6 ? 0.0 : 1.0;
        d.max_events_per_advance = 100000;
        ccl_world *w = wc_create(&d);
        double radius = nextafter(nextafter(nextafter(7.0, 0.0), 0.0), 0.0);
        ccl_circle_id id = add(w, ccl_v2(7.0, 7.0), ccl_v2(0.03125, 0.0), radius);
        const double steps[3] = {40.0, 1e200, 1e300};
        ccl_circle_state now;
        for (int s = 0; s < 3; ++s) {
            ccl_circle_state before;
            assert_int_equal(ccl_world_get_circle(w, id, &before), CCL_OK);
            assert_int_equal(ccl_world_advance(w, steps[s]), CCL_OK);
            assert_int_equal(ccl_world_get_circle(w, id, &now), CCL_OK);
            assert_true(isfinite(ccl_world_time(w)));
            assert_true(isfinite(now.velocity.x) && isfinite(now.velocity.y));
            assert_true(now.position.x >= radius && now.position.x <= 14.0 - radius + 1e-14);
            assert_true(now.position.y >= radius && now.position.y <= 14.0 - radius + 1e-14);
            if (s == 2) {
                assert_true(now.position.x == before.position.x);
                assert_true(now.position.y == before.position.y);
            }
        }
        ccl_world_destroy(w);
    }
}

/* An advance by collisions with max_dt DBL_MAX on an empty world takes the time to the largest
 * double; a moving circle added then and steps of 1e200 (which the rounding leaves there) keep it
 * finite: a re-basing at the end of the time line must not round its origin up past the largest
 * double. A step that would pass it is refused and changes nothing. */
static void the_time_stays_finite_at_the_largest_double(void **state) {
    (void)state;
    watchdog();
    ccl_world_def d = walled_def(ccl_v2(24.0, 19.0));
    d.max_events_per_advance = 2000;
    ccl_world *w = wc_create(&d);
    assert_int_equal(ccl_world_advance_collisions(w, 59, DBL_MAX), CCL_OK);
    assert_true(ccl_world_time(w) == DBL_MAX);
    add(w, ccl_v2(9.97, 6.78), ccl_v2(0.0, 0.125), 0.3625);
    for (int k = 0; k < 4; ++k) {
        double before = ccl_world_time(w);
        ccl_status status = ccl_world_advance(w, 1e200);
        assert_true(status == CCL_OK || status == CCL_ERR_EVENT_LIMIT);
        assert_true(ccl_world_time(w) >= before && isfinite(ccl_world_time(w)));
    }
    double before = ccl_world_time(w);
    assert_int_equal(ccl_world_advance(w, 1e300), CCL_ERR_INVALID_ARGUMENT);
    assert_true(ccl_world_time(w) == before);
    ccl_world_destroy(w);
}

/* At world time 1e300 a step of 2.5 is below the time's resolution (about 1e284): the world goes
 * on in its internal time, and the circle stays inside the box after every step (the step's end
 * is not put back on the caller's sum, which would move the internal time back by the whole step
 * and the circle, extrapolated back over its bounces, out through a wall). */
static void steps_below_the_time_resolution_keep_circles_in_the_box(void **state) {
    (void)state;
    watchdog();
    ccl_world_def d = walled_def(ccl_v2(14.0, 5.0));
    d.gravity = ccl_v2(10.0, 2.4492935982947065e-15);
    d.restitution = 0.5;
    d.max_events_per_advance = 2000;
    ccl_world *w = wc_create(&d);
    assert_int_equal(ccl_world_advance(w, 1e300), CCL_OK);
    ccl_circle_id id =
        add(w, ccl_v2(1.6470588235294117, 1.1764705882352942), ccl_v2(12.5, 2.0), 0.05);
    for (int k = 0; k < 8; ++k) {
        assert_int_equal(ccl_world_advance(w, k == 0 ? 1e-12 : 2.5), CCL_OK);
        ccl_circle_state s;
        assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_OK);
        assert_true(s.position.x >= 0.05 - 1e-12 && s.position.x <= 14.0 - 0.05 + 1e-12);
        assert_true(s.position.y >= 0.05 - 1e-12 && s.position.y <= 5.0 - 0.05 + 1e-12);
        assert_true(ccl_world_time(w) == 1e300);
    }
    ccl_world_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(a_lone_circle_in_a_periodic_box_stops_at_the_bound),
              cmocka_unit_test(a_ball_bouncing_alone_stops_at_the_bound),
              cmocka_unit_test(circles_that_meet_after_the_bound_meet_on_the_next_call),
              cmocka_unit_test(a_world_at_rest_returns_at_once),
              cmocka_unit_test(circles_at_rest_stay_finite_over_huge_steps),
              cmocka_unit_test(the_time_stays_finite_at_the_largest_double),
              cmocka_unit_test(steps_below_the_time_resolution_keep_circles_in_the_box))
