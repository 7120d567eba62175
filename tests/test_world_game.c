/* The game kit (circol/game.h): kinematic circles against ccl_reflect in their own frame and the
 * contact quadratic in long double, teleports and the overlap policy, sensors' touches against
 * ccl_sweep_circles and brute force, and the state's flags. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/circol.h>

#include "world_common.h"

/* A walled world [0, size]^2 that records its contacts. */
static ccl_world *game_world(double size, ccl_overlap_policy overlap) {
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(size, size);
    def.record_contacts = true;
    def.overlap = overlap;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    return w;
}

/* The first contact time of two circles moving apart by dp + dv t from distance R, in long double
 * (the smaller root of the contact quadratic); -1 when none. */
static long double first_contact(ccl_vec2 dp, ccl_vec2 dv, double R) {
    long double a = (long double)dv.x * dv.x + (long double)dv.y * dv.y;
    long double b = (long double)dp.x * dv.x + (long double)dp.y * dv.y;
    long double c = (long double)dp.x * dp.x + (long double)dp.y * dp.y - (long double)R * R;
    long double D = b * b - a * c;
    if (a == 0 || D < 0 || b >= 0) {
        return -1;
    }
    return (-b - sqrtl(D)) / a;
}

/* A kinematic paddle and a ball aimed at it: the contact comes at the time of the contact
 * quadratic, the paddle goes on as sent, and the ball is reflected in the paddle's frame. */
static bool paddle_bounce_trial(ccl_world *w, wt_rng *rng, int trial) {
    double e = trial % 3 == 0 ? 1.0 : wt_range(rng, 0.0, 1.0);
    ccl_vec2 pk = ccl_v2(500.0, 500.0), vk = ccl_v2(wt_normal(rng), wt_normal(rng));
    double rk = wt_range(rng, 1.0, 8.0), rb = wt_range(rng, 0.2, 3.0);
    double angle = wt_range(rng, 0.0, 6.283185307179586);
    double dist = rk + rb + wt_range(rng, 1.0, 40.0);
    ccl_vec2 pb = ccl_add(pk, ccl_v2(dist * cos(angle), dist * sin(angle)));
    /* aimed at the paddle, off centre by up to its radius */
    ccl_vec2 aim = ccl_add(pk, ccl_v2(wt_range(rng, -rk, rk), wt_range(rng, -rk, rk)));
    ccl_vec2 vb = ccl_scale(ccl_normalize(ccl_sub(aim, pb)), wt_range(rng, 1.0, 30.0));
    ccl_circle_def c = wt_circle(pk, ccl_v2(0, 0), rk);
    c.mass = 0.0;
    c.restitution = e;
    ccl_circle_id paddle, ball;
    assert_int_equal(ccl_world_add_circle(w, &c, &paddle), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, paddle, vk), CCL_OK);
    c = wt_circle(pb, vb, rb);
    c.restitution = e;
    assert_int_equal(ccl_world_add_circle(w, &c, &ball), CCL_OK);
    long double t = first_contact(ccl_sub(pb, pk), ccl_sub(vb, vk), rk + rb);
    if (t < 0 || t > 100) {
        return false;
    }
    /* advance in frames to just past the contact */
    size_t n = 0;
    const ccl_contact_event *ev = NULL;
    for (int frame = 0; frame < 100000 && n == 0; ++frame) {
        assert_int_equal(ccl_world_advance(w, 1.0 / 60.0), CCL_OK);
        ev = ccl_world_contact_events(w, &n);
    }
    assert_int_equal(n, 1);
    assert_int_equal(ev->kind, CCL_CONTACT_CIRCLE);
    assert_true(fabsl((long double)ev->time - t) <= 1e-12L * (1 + t));
    double tc = ev->time;
    ccl_vec2 n_pb = ev->a.index == paddle.index ? ev->normal : ccl_neg(ev->normal);
    ccl_circle_state sk, sb;
    assert_int_equal(ccl_world_get_circle(w, paddle, &sk), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, ball, &sb), CCL_OK);
    /* the paddle is never pushed: same velocity, where it was sent */
    assert_true(sk.kinematic && sk.mass == 0.0);
    assert_true(sk.velocity.x == vk.x && sk.velocity.y == vk.y);
    double now = ccl_world_time(w);
    assert_true(fabs(sk.position.x - (pk.x + vk.x * now)) <= 1e-12 * 1000);
    assert_true(fabs(sk.position.y - (pk.y + vk.y * now)) <= 1e-12 * 1000);
    /* the ball: reflected in the paddle's frame, the normal at the contact */
    ccl_vec2 pk_t = ccl_mul_add(pk, tc, vk), pb_t = ccl_mul_add(pb, tc, vb);
    ccl_vec2 normal = ccl_normalize(ccl_sub(pb_t, pk_t));
    assert_true(ccl_length(ccl_sub(normal, n_pb)) <= 1e-9);
    ccl_vec2 expected = ccl_add(vk, ccl_reflect(ccl_sub(vb, vk), normal, e));
    double scale = ccl_length(vb) + ccl_length(vk);
    assert_true(ccl_length(ccl_sub(sb.velocity, expected)) <= 1e-9 * scale);
    assert_true(ccl_world_max_overlap(w) <= 1e-9);
    return true;
}

static void kinematic_circles_are_never_pushed_and_nothing_passes_them(void **state) {
    (void)state;
    wt_rng rng = {99};
    ccl_world *w = game_world(200.0, CCL_OVERLAP_REJECT);
    ccl_circle_def c = wt_circle(ccl_v2(40.0, 100.0), ccl_v2(0, 0), 6.0);
    c.mass = 0.0;
    ccl_circle_id paddle;
    assert_int_equal(ccl_world_add_circle(w, &c, &paddle), CCL_OK);
    for (int k = 0; k < 300; ++k) {
        ccl_circle_def b = wt_circle(ccl_v2(wt_range(&rng, 70, 195), wt_range(&rng, 5, 195)),
                                     ccl_v2(wt_normal(&rng) * 5, wt_normal(&rng) * 5), 1.0);
        ccl_world_add_circle(w, &b, NULL);
    }
    ccl_vec2 v = ccl_v2(6.0, 0.5), from = ccl_v2(40.0, 100.0);
    double since = 0.0;
    assert_int_equal(ccl_world_set_velocity(w, paddle, v), CCL_OK);
    int steered = 0;
    for (int frame = 0; frame < 600; ++frame) {
        assert_int_equal(ccl_world_advance(w, 1.0 / 60.0), CCL_OK);
        ccl_circle_state s;
        assert_int_equal(ccl_world_get_circle(w, paddle, &s), CCL_OK);
        if (s.velocity.x == 0.0 && s.velocity.y == 0.0) {
            break; /* stopped: crushing a circle, or at a wall */
        }
        double t = ccl_world_time(w) - since;
        assert_true(fabs(s.position.x - (from.x + v.x * t)) <= 1e-10);
        assert_true(fabs(s.position.y - (from.y + v.y * t)) <= 1e-10);
        assert_true(ccl_world_max_overlap(w) <= 1e-9);
        if (frame % 60 == 59) { /* steered at any time, it goes on from where it is */
            v = ccl_v2(wt_normal(&rng) * 4, wt_normal(&rng) * 4);
            assert_int_equal(ccl_world_set_velocity(w, paddle, v), CCL_OK);
            from = s.position;
            since = ccl_world_time(w);
            steered++;
        }
    }
    assert_true(steered >= 2);
    ccl_world_destroy(w);
}

static void kinematic_circles_stop_at_walls_and_immovable_circles(void **state) {
    (void)state;
    ccl_world *w = game_world(100.0, CCL_OVERLAP_REJECT);
    ccl_circle_id a, b, wall_bound;
    assert_int_equal(wt_add(w, ccl_v2(20, 50), ccl_v2(0, 0), 5.0, 0.0, &a), CCL_OK);
    assert_int_equal(wt_add(w, ccl_v2(60, 50), ccl_v2(0, 0), 5.0, 0.0, &b), CCL_OK);
    assert_int_equal(wt_add(w, ccl_v2(50, 80), ccl_v2(0, 0), 4.0, 0.0, &wall_bound), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, a, ccl_v2(10, 0)), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, wall_bound, ccl_v2(0, 7)), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 10.0), CCL_OK);
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, a, &s), CCL_OK);
    assert_true(fabs(s.position.x - 50.0) <= 1e-9 && s.velocity.x == 0.0); /* touching b */
    assert_int_equal(ccl_world_get_circle(w, b, &s), CCL_OK);
    assert_true(s.position.x == 60.0 && !s.kinematic);
    assert_int_equal(ccl_world_get_circle(w, wall_bound, &s), CCL_OK);
    assert_true(fabs(s.position.y - 96.0) <= 1e-9 && s.velocity.y == 0.0);
    assert_true(ccl_world_max_overlap(w) <= 1e-9);
    ccl_world_destroy(w);
    /* not in a damped world */
    ccl_world_def def = ccl_world_default_def();
    def.damping = 0.5;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    assert_int_equal(wt_add(w, ccl_v2(50, 50), ccl_v2(0, 0), 1.0, 0.0, &a), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, a, ccl_v2(1, 0)), CCL_ERR_UNSUPPORTED);
    ccl_world_destroy(w);
}

static void a_crushed_circle_stops_the_kinematic_one(void **state) {
    (void)state;
    ccl_world *w = game_world(100.0, CCL_OVERLAP_REJECT);
    ccl_circle_id paddle, ball;
    assert_int_equal(wt_add(w, ccl_v2(50, 50), ccl_v2(0, 0), 5.0, 0.0, &paddle), CCL_OK);
    assert_int_equal(wt_add(w, ccl_v2(90, 50), ccl_v2(1, 0), 1.0, 1.0, &ball), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, paddle, ccl_v2(5, 0)), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 20.0), CCL_OK);
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, paddle, &s), CCL_OK);
    assert_true(s.velocity.x == 0.0 && s.position.x < 94.0);
    assert_true(ccl_world_max_overlap(w) <= 1e-9);
    ccl_world_destroy(w);
}

/* Under gravity, inelastic balls fall onto a kinematic paddle that moves to and fro, and onto a
 * still one: every advance returns within the event limit and nothing sinks into anything. */
static void kinematic_paddles_under_gravity_hold_inelastic_balls(void **state) {
    (void)state;
    wt_rng rng = {31};
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(60.0, 40.0);
    def.gravity = ccl_v2(0.0, -9.81);
    def.restitution = 0.5;
    def.max_events_per_advance = 2000000;
    def.record_contacts = true;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    ccl_circle_id moving, still;
    assert_int_equal(wt_add(w, ccl_v2(20, 8), ccl_v2(0, 0), 5.0, 0.0, &moving), CCL_OK);
    assert_int_equal(wt_add(w, ccl_v2(45, 8), ccl_v2(0, 0), 5.0, 0.0, &still), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, still, ccl_v2(0, 0)), CCL_OK);
    for (int k = 0; k < 40; ++k) {
        double above = k % 2 == 0 ? 20.0 : 45.0; /* over either paddle */
        ccl_circle_def c = wt_circle(ccl_v2(above + wt_range(&rng, -4, 4), wt_range(&rng, 16, 38)),
                                     ccl_v2(wt_normal(&rng), 0), 0.8);
        c.restitution = 0.5;
        ccl_world_add_circle(w, &c, NULL);
    }
    int on_paddles = 0;
    for (int frame = 0; frame < 300; ++frame) {
        double vx = (frame / 60) % 2 == 0 ? 4.0 : -4.0;
        assert_int_equal(ccl_world_set_velocity(w, moving, ccl_v2(vx, 0.0)), CCL_OK);
        assert_int_equal(ccl_world_advance(w, 1.0 / 60.0), CCL_OK);
        assert_true(ccl_world_max_overlap(w) <= 1e-9);
        size_t n = 0;
        const ccl_contact_event *ev = ccl_world_contact_events(w, &n);
        for (size_t m = 0; m < n; ++m) {
            on_paddles += ev[m].kind == CCL_CONTACT_CIRCLE &&
                          (ev[m].a.index <= still.index || ev[m].b.index <= still.index);
        }
    }
    printf("  %d contacts with the paddles\n", on_paddles);
    assert_true(on_paddles > 100);
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, still, &s), CCL_OK);
    assert_true(s.position.x == 45.0 && s.position.y == 8.0);
    ccl_world_destroy(w);
}

static void teleports_follow_the_overlap_policy(void **state) {
    (void)state;
    ccl_world *w = game_world(100.0, CCL_OVERLAP_REJECT);
    ccl_circle_id a, b;
    assert_int_equal(wt_add(w, ccl_v2(20, 20), ccl_v2(1, 0), 2.0, 1.0, &a), CCL_OK);
    assert_int_equal(wt_add(w, ccl_v2(60, 60), ccl_v2(0, 1), 2.0, 1.0, &b), CCL_OK);
    int seg;
    assert_int_equal(
        ccl_world_add_segment(w, ccl_make_segment(ccl_v2(80, 10), ccl_v2(80, 30)), &seg), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
    ccl_circle_state before, after;
    assert_int_equal(ccl_world_get_circle(w, a, &before), CCL_OK);
    /* into b: refused, and the partner named */
    assert_int_equal(ccl_world_set_position(w, a, ccl_v2(61, 62)), CCL_ERR_OVERLAP);
    ccl_overlap_partner partner;
    assert_int_equal(ccl_world_last_overlap(w, &partner), CCL_OK);
    assert_int_equal(partner.kind, CCL_CONTACT_CIRCLE);
    assert_int_equal(partner.circle.index, b.index);
    /* onto the segment, out of the box */
    assert_int_equal(ccl_world_set_position(w, a, ccl_v2(81, 20)), CCL_ERR_OVERLAP);
    assert_int_equal(ccl_world_last_overlap(w, &partner), CCL_OK);
    assert_int_equal(partner.kind, CCL_CONTACT_SEGMENT);
    assert_int_equal(partner.obstacle, seg);
    assert_int_equal(ccl_world_set_position(w, a, ccl_v2(99, 50)), CCL_ERR_OUTSIDE_BOX);
    assert_int_equal(ccl_world_set_position(w, a, ccl_v2(NAN, 50)), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_get_circle(w, a, &after), CCL_OK);
    assert_true(after.position.x == before.position.x && after.position.y == before.position.y);
    /* somewhere free: moved, velocity kept, and on its way from there */
    assert_int_equal(ccl_world_set_position(w, a, ccl_v2(30, 70)), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, a, &after), CCL_OK);
    assert_true(after.position.x == 30.0 && after.position.y == 70.0 && after.velocity.x == 1.0);
    assert_int_equal(ccl_world_advance(w, 2.0), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, a, &after), CCL_OK);
    assert_true(fabs(after.position.x - 32.0) <= 1e-12 && after.position.y == 70.0);
    ccl_world_destroy(w);

    /* under CCL_OVERLAP_SEPARATE the pair drifts apart */
    w = game_world(100.0, CCL_OVERLAP_SEPARATE);
    assert_int_equal(wt_add(w, ccl_v2(20, 20), ccl_v2(0, 0), 2.0, 1.0, &a), CCL_OK);
    assert_int_equal(wt_add(w, ccl_v2(60, 60), ccl_v2(0, 0), 2.0, 1.0, &b), CCL_OK);
    assert_int_equal(ccl_world_set_position(w, a, ccl_v2(61, 62)), CCL_OK);
    assert_true(ccl_world_max_overlap(w) > 1.0);
    assert_int_equal(ccl_world_advance(w, 10.0), CCL_OK);
    assert_true(ccl_world_max_overlap(w) <= 1e-9);
    ccl_world_destroy(w);
}

static void a_teleport_sets_the_unwrapped_position(void **state) {
    (void)state;
    ccl_world_def def = wt_periodic_def(20.0, 20.0);
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    assert_int_equal(ccl_world_track_unwrapped(w), CCL_OK);
    ccl_circle_id a;
    assert_int_equal(wt_add(w, ccl_v2(5, 5), ccl_v2(7, -3), 1.0, 1.0, &a), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 10.0), CCL_OK); /* several box crossings */
    ccl_vec2 target = ccl_v2(-47.0, 63.0);
    assert_int_equal(ccl_world_set_position(w, a, target), CCL_OK);
    ccl_vec2 u;
    assert_int_equal(ccl_world_get_unwrapped_position(w, a, &u), CCL_OK);
    assert_true(fabs(u.x - target.x) <= 1e-12 && fabs(u.y - target.y) <= 1e-12);
    assert_int_equal(ccl_world_advance(w, 5.0), CCL_OK);
    assert_int_equal(ccl_world_get_unwrapped_position(w, a, &u), CCL_OK);
    assert_true(fabs(u.x - (target.x + 35.0)) <= 1e-9 && fabs(u.y - (target.y - 15.0)) <= 1e-9);
    ccl_world_destroy(w);
}

/* The sensor's touches with one circle, from the recorded events. */
static bool sensor_touch_trial(ccl_world *w, wt_rng *rng, int trial) {
    double rs = wt_range(rng, 1.0, 10.0), rb = wt_range(rng, 0.2, 3.0);
    ccl_vec2 ps = ccl_v2(500, 500);
    ccl_vec2 vs = trial % 2 ? ccl_v2(wt_normal(rng), wt_normal(rng)) : ccl_v2(0, 0);
    double angle = wt_range(rng, 0.0, 6.283185307179586);
    double dist = rs + rb + wt_range(rng, 0.5, 30.0);
    ccl_vec2 pb = ccl_add(ps, ccl_v2(dist * cos(angle), dist * sin(angle)));
    ccl_vec2 aim = ccl_add(ps, ccl_v2(wt_range(rng, -rs, rs), wt_range(rng, -rs, rs)));
    ccl_vec2 vb = ccl_scale(ccl_normalize(ccl_sub(aim, pb)), wt_range(rng, 1.0, 20.0));
    ccl_circle_id sensor, ball;
    assert_int_equal(wt_add(w, ps, vs, rs, trial % 4 < 2 ? 1.0 : 0.0, &sensor), CCL_OK);
    if (trial % 4 >= 2) {
        assert_int_equal(ccl_world_set_velocity(w, sensor, vs), CCL_OK); /* kinematic */
    }
    assert_int_equal(ccl_world_set_sensor(w, sensor, true), CCL_OK);
    assert_int_equal(wt_add(w, pb, vb, rb, 1.0, &ball), CCL_OK);
    ccl_hit hit;
    ccl_circle cs = {ps, rs}, cb = {pb, rb};
    if (!ccl_sweep_circles(cs, vs, cb, vb, 100.0, &hit) || hit.t_exit > 100.0) {
        return false;
    }
    double begin = -1, end = -1;
    for (int frame = 0; frame < 6000 && end < 0; ++frame) {
        assert_int_equal(ccl_world_advance(w, 1.0 / 60.0), CCL_OK);
        size_t n = 0;
        const ccl_contact_event *ev = ccl_world_contact_events(w, &n);
        for (size_t m = 0; m < n; ++m) {
            assert_int_equal(ev[m].a.index, sensor.index);
            assert_int_equal(ev[m].b.index, ball.index);
            assert_true(ev[m].impulse == 0.0);
            if (ev[m].kind == CCL_CONTACT_SENSOR_BEGIN) {
                assert_true(begin < 0);
                begin = ev[m].time;
            } else {
                assert_int_equal(ev[m].kind, CCL_CONTACT_SENSOR_END);
                assert_true(begin >= 0 && end < 0);
                end = ev[m].time;
            }
        }
    }
    double scale = 1.0 + hit.t_exit;
    assert_true(fabs(begin - hit.t) <= 1e-12 * scale);
    assert_true(fabs(end - hit.t_exit) <= 1e-12 * scale);
    /* no impulse: the ball went straight through */
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, ball, &s), CCL_OK);
    assert_true(s.velocity.x == vb.x && s.velocity.y == vb.y);
    return true;
}

/* A sensor in a gas: after every frame, the touches the events say are going on are the circles
 * that overlap the sensor by brute force (pairs within rounding of touching aside). */
static void sensor_touches_equal_brute_force_overlaps(void **state) {
    (void)state;
    wt_rng rng = {5};
    ccl_world_def def = wt_periodic_def(60.0, 60.0);
    def.record_contacts = true;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    ccl_circle_id sensor;
    assert_int_equal(wt_add(w, ccl_v2(30, 30), ccl_v2(1.5, -0.5), 8.0, 1.0, &sensor), CCL_OK);
    assert_int_equal(ccl_world_set_sensor(w, sensor, true), CCL_OK);
    for (int k = 0; k < 400; ++k) {
        ccl_circle_def c = wt_circle(ccl_v2(wt_range(&rng, 0, 60), wt_range(&rng, 0, 60)),
                                     ccl_v2(wt_normal(&rng) * 3, wt_normal(&rng) * 3), 0.7);
        ccl_world_add_circle(w, &c, NULL); /* inside the sensor too: they begin at once */
    }
    static bool touching[1024];
    int begins = 0, ends = 0;
    for (int frame = 0; frame < 600; ++frame) {
        assert_int_equal(ccl_world_advance(w, 1.0 / 30.0), CCL_OK);
        size_t n = 0;
        const ccl_contact_event *ev = ccl_world_contact_events(w, &n);
        for (size_t m = 0; m < n; ++m) {
            if (ev[m].kind == CCL_CONTACT_SENSOR_BEGIN) {
                assert_false(touching[ev[m].b.index]);
                touching[ev[m].b.index] = true;
                begins++;
            } else if (ev[m].kind == CCL_CONTACT_SENSOR_END) {
                assert_true(touching[ev[m].b.index]);
                touching[ev[m].b.index] = false;
                ends++;
            } else {
                assert_true(ev[m].a.index != sensor.index && ev[m].b.index != sensor.index);
            }
        }
        int count = 0;
        ccl_circle_state *s = wt_export(w, &count);
        ccl_circle_state sn;
        assert_int_equal(ccl_world_get_circle(w, sensor, &sn), CCL_OK);
        for (int k = 0; k < count; ++k) {
            if (s[k].id.index == sensor.index) {
                continue;
            }
            double dx = s[k].position.x - sn.position.x, dy = s[k].position.y - sn.position.y;
            dx -= 60.0 * nearbyint(dx / 60.0);
            dy -= 60.0 * nearbyint(dy / 60.0);
            double gap = sqrt(dx * dx + dy * dy) - (sn.radius + s[k].radius);
            if (fabs(gap) > 1e-9) {
                assert_true(touching[s[k].id.index] == (gap < 0));
            }
        }
        free(s);
    }
    printf("  %d touches began, %d ended\n", begins, ends);
    assert_true(begins > 80 && ends > 60);
    ccl_world_destroy(w);
}

/* In a damped world a ball's path is straight in u = (1 - exp(-gamma t)) / gamma: the sensor's
 * touch begins and ends at the swept test's entry and exit in u, turned into times. */
static void sensor_touches_in_a_damped_world(void **state) {
    (void)state;
    const double gamma = 0.3;
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(200, 200);
    def.damping = gamma;
    def.record_contacts = true;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    ccl_circle_id sensor, ball;
    ccl_vec2 ps = ccl_v2(100, 100), pb = ccl_v2(70, 97), vb = ccl_v2(20, 0.5);
    assert_int_equal(wt_add(w, ps, ccl_v2(0, 0), 5.0, 0.0, &sensor), CCL_OK);
    assert_int_equal(ccl_world_set_sensor(w, sensor, true), CCL_OK);
    assert_int_equal(wt_add(w, pb, vb, 1.0, 1.0, &ball), CCL_OK);
    ccl_hit hit;
    ccl_circle cs = {ps, 5.0}, cb = {pb, 1.0};
    assert_true(ccl_sweep_circles(cs, ccl_v2(0, 0), cb, vb, 1.0 / gamma, &hit));
    double begin = -log1p(-gamma * hit.t) / gamma, end = -log1p(-gamma * hit.t_exit) / gamma;
    double seen[2] = {-1, -1};
    for (int frame = 0; frame < 600; ++frame) {
        assert_int_equal(ccl_world_advance(w, 1.0 / 60.0), CCL_OK);
        size_t n = 0;
        const ccl_contact_event *ev = ccl_world_contact_events(w, &n);
        for (size_t m = 0; m < n; ++m) {
            seen[ev[m].kind == CCL_CONTACT_SENSOR_END] = ev[m].time;
        }
    }
    assert_true(fabs(seen[0] - begin) <= 1e-9 && fabs(seen[1] - end) <= 1e-9);
    ccl_world_destroy(w);
}

static void sensors_are_refused_under_gravity(void **state) {
    (void)state;
    ccl_world_def def = ccl_world_default_def();
    def.gravity = ccl_v2(0, -9.81);
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    ccl_circle_id a;
    assert_int_equal(wt_add(w, ccl_v2(50, 50), ccl_v2(0, 0), 1.0, 0.0, &a), CCL_OK);
    assert_int_equal(ccl_world_set_sensor(w, a, true), CCL_ERR_UNSUPPORTED);
    assert_int_equal(ccl_world_set_sensor(NULL, a, true), CCL_ERR_INVALID_ARGUMENT);
    ccl_circle_id stale = {a.index, a.generation + 1};
    assert_int_equal(ccl_world_set_filter(w, stale, 1, 1), CCL_ERR_STALE_ID);
    ccl_world_destroy(w);
}

static void the_state_says_what_a_circle_is(void **state) {
    (void)state;
    ccl_world_def def = ccl_world_default_def();
    def.gravity = ccl_v2(0, -9.81);
    def.restitution = 0.0;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    ccl_circle_id ball, paddle;
    assert_int_equal(wt_add(w, ccl_v2(50, 1.5), ccl_v2(0, 0), 1.0, 1.0, &ball), CCL_OK);
    assert_int_equal(wt_add(w, ccl_v2(20, 20), ccl_v2(0, 0), 1.0, 0.0, &paddle), CCL_OK);
    assert_int_equal(ccl_world_set_filter(w, paddle, 4, 6), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 3.0), CCL_OK);
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, ball, &s), CCL_OK);
    assert_true(s.asleep && !s.kinematic && !s.sensor);
    assert_true(s.category == CCL_FILTER_DEFAULT_CATEGORY && s.mask == CCL_FILTER_ALL);
    assert_int_equal(ccl_world_get_circle(w, paddle, &s), CCL_OK);
    assert_true(!s.asleep && !s.kinematic && s.category == 4 && s.mask == 6);
    assert_int_equal(ccl_world_set_velocity(w, paddle, ccl_v2(1, 0)), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, paddle, &s), CCL_OK);
    assert_true(s.kinematic && s.mass == 0.0);
    ccl_world_destroy(w);
}

/* The id of the first contact with a segment or point in the last advance, or -1. */
static int first_obstacle_hit(const ccl_world *w, ccl_contact_kind kind) {
    size_t n = 0;
    const ccl_contact_event *ev = ccl_world_contact_events(w, &n);
    for (size_t m = 0; m < n; ++m) {
        if (ev[m].kind == kind) {
            return ev[m].wall;
        }
    }
    return -1;
}

static void obstacles_keep_their_ids_and_can_be_removed(void **state) {
    (void)state;
    ccl_world *w = game_world(100.0, CCL_OVERLAP_REJECT);
    int seg[3], pt[2];
    for (int k = 0; k < 3; ++k) { /* vertical segments at x = 20, 40, 60 */
        double x = 20.0 * (k + 1);
        assert_int_equal(
            ccl_world_add_segment(w, ccl_make_segment(ccl_v2(x, 10), ccl_v2(x, 90)), &seg[k]),
            CCL_OK);
        assert_int_equal(seg[k], k);
    }
    assert_int_equal(ccl_world_add_point(w, ccl_v2(80, 50), &pt[0]), CCL_OK);
    assert_int_equal(ccl_world_add_point(w, ccl_v2(80, 70), &pt[1]), CCL_OK);
    ccl_circle_id ball;
    assert_int_equal(wt_add(w, ccl_v2(10, 50), ccl_v2(10, 0), 1.0, 1.0, &ball), CCL_OK);
    /* the first two segments go: the ball meets the third, by its id */
    assert_int_equal(ccl_world_remove_segment(w, seg[0]), CCL_OK);
    assert_int_equal(ccl_world_remove_segment(w, seg[1]), CCL_OK);
    assert_int_equal(ccl_world_remove_segment(w, seg[1]), CCL_ERR_STALE_ID);
    assert_int_equal(ccl_world_remove_segment(w, 7), CCL_ERR_STALE_ID);
    assert_int_equal(ccl_world_advance(w, 5.5), CCL_OK);
    assert_int_equal(first_obstacle_hit(w, CCL_CONTACT_SEGMENT), seg[2]);
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, ball, &s), CCL_OK);
    assert_true(s.velocity.x < 0.0); /* bounced off x = 60, not 20 or 40 */
    /* a ray finds the segment that is left, by id; a new one gets a new id */
    ccl_ray_hit hit;
    assert_int_equal(ccl_world_ray_cast(w, ccl_v2(1, 20), ccl_v2(98, 0), &hit), CCL_OK);
    assert_true(hit.hit && hit.kind == CCL_CONTACT_SEGMENT && hit.index == seg[2]);
    int fresh;
    assert_int_equal(
        ccl_world_add_segment(w, ccl_make_segment(ccl_v2(5, 60), ccl_v2(5, 90)), &fresh), CCL_OK);
    assert_int_equal(fresh, 3);
    /* the point at (80, 50) goes: the ball, sent right, meets the wall; the other point stays */
    assert_int_equal(ccl_world_remove_point(w, pt[0]), CCL_OK);
    assert_int_equal(ccl_world_set_position(w, ball, ccl_v2(70, 50)), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, ball, ccl_v2(10, 0)), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 3.5), CCL_OK);
    assert_int_equal(first_obstacle_hit(w, CCL_CONTACT_POINT), -1);
    assert_int_equal(first_obstacle_hit(w, CCL_CONTACT_BOX), 1);
    assert_int_equal(ccl_world_set_position(w, ball, ccl_v2(80, 70.5)), CCL_ERR_OVERLAP);
    ccl_overlap_partner partner;
    assert_int_equal(ccl_world_last_overlap(w, &partner), CCL_OK);
    assert_true(partner.kind == CCL_CONTACT_POINT && partner.obstacle == pt[1]);
    assert_true(ccl_world_max_overlap(w) <= 1e-9);
    ccl_world_destroy(w);
}

/// A test of random trials: the seed, how many trials, the trial, and the fewest of them that
/// must be checked (a trial whose circles never meet is not).
typedef struct random_trials {
    uint64_t seed;
    int trials;
    bool (*trial)(ccl_world *w, wt_rng *rng, int trial);
    int min_checked;
} random_trials;

/// Runs the trials of *state (a random_trials), each in a walled world of side 1000 that records
/// its contacts.
static void run_random_trials(void **state) {
    const random_trials *r = *state;
    wt_rng rng = {r->seed};
    int checked = 0;
    for (int trial = 0; trial < r->trials; ++trial) {
        ccl_world *w = game_world(1000.0, CCL_OVERLAP_REJECT);
        checked += r->trial(w, &rng, trial);
        ccl_world_destroy(w);
    }
    assert_true(checked >= r->min_checked);
}

static random_trials paddle_bounces = {1234, 300, paddle_bounce_trial, 200};
static random_trials sensor_touches = {77, 300, sensor_touch_trial, 100};

/// A test listed under its own name that runs run_random_trials on trials.
#define RANDOM_TRIALS_TEST(name, trials)                                                           \
    { #name, run_random_trials, NULL, NULL, &(trials) }

CCL_TEST_MAIN(RANDOM_TRIALS_TEST(kinematic_bounces_match_reflect_in_its_frame, paddle_bounces),
              cmocka_unit_test(kinematic_circles_are_never_pushed_and_nothing_passes_them),
              cmocka_unit_test(kinematic_circles_stop_at_walls_and_immovable_circles),
              cmocka_unit_test(a_crushed_circle_stops_the_kinematic_one),
              cmocka_unit_test(kinematic_paddles_under_gravity_hold_inelastic_balls),
              cmocka_unit_test(teleports_follow_the_overlap_policy),
              cmocka_unit_test(a_teleport_sets_the_unwrapped_position),
              RANDOM_TRIALS_TEST(sensor_touches_match_the_swept_test, sensor_touches),
              cmocka_unit_test(sensor_touches_equal_brute_force_overlaps),
              cmocka_unit_test(sensor_touches_in_a_damped_world),
              cmocka_unit_test(sensors_are_refused_under_gravity),
              cmocka_unit_test(the_state_says_what_a_circle_is),
              cmocka_unit_test(obstacles_keep_their_ids_and_can_be_removed))
