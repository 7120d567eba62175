/* Gravity with linear damping in the world, against closed forms and long-double oracles: a ball
 * falling in air follows v(t) = g / gamma + (v0 - g / gamma) e^(-gamma t) and its integral and
 * reaches the terminal velocity g / gamma; a ball bouncing on the floor meets it at the times a
 * long-double bisection of its height gives, bounce after bounce, and after a fall of a thousand
 * time units at the terminal velocity; a ball thrown at a fixed point
 * meets it when a long-double search of the distance says; random scenes of circles, segments and
 * points under gravity in any direction, with damping and restitution, never overlap and never
 * gain mechanical energy (kinetic plus potential only falls: damping and restitution take it);
 * definitions with a bad damping are refused with CCL_ERR_INVALID_ARGUMENT. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_main.h"
#include "world_fixture.h"

#include <circol/world.h>

#include "world_common.h"

/* One coordinate under gravity g and damping gamma, t after (x0, v0), in long double. */
static long double l_position(long double x0, long double v0, long double g, long double gamma,
                              long double t) {
    long double s = -expm1l(-gamma * t) / gamma;
    return x0 + (g / gamma) * t + (v0 - g / gamma) * s;
}

static long double l_velocity(long double v0, long double g, long double gamma, long double t) {
    return g / gamma + (v0 - g / gamma) * expl(-gamma * t);
}

/* A world from the origin to hi, under gravity (0, g) and damping gamma with elastic walls, holding
 * one ball of radius 1 and mass 1 at p0 moving at v0; its id is written to id unless id is NULL. */
static ccl_world *ball_in_a_box(double g, double gamma, ccl_vec2 hi, ccl_vec2 p0, ccl_vec2 v0,
                                ccl_circle_id *id) {
    ccl_world *w = wt_gravity_world(ccl_v2(0.0, g), gamma, 1.0, ccl_v2(0.0, 0.0), hi);
    ccl_circle_id ball;
    assert_int_equal(wt_add(w, p0, v0, 1.0, 1.0, &ball), CCL_OK);
    if (id != NULL) {
        *id = ball;
    }
    return w;
}

/* Advances w by dt and returns the time of its first contact event, which is with the box (the
 * floor); the number of contact events is written to n. */
static double first_floor_contact(ccl_world *w, double dt, size_t *n) {
    assert_int_equal(ccl_world_advance(w, dt), CCL_OK);
    const ccl_contact_event *ev = ccl_world_contact_events(w, n);
    assert_true(*n >= 1);
    assert_int_equal(ev[0].kind, CCL_CONTACT_BOX);
    return ev[0].time;
}

static void ball_in_air_reaches_terminal_velocity(void **state) {
    (void)state;
    const double gamma = 2.0, g = -10.0;
    const ccl_vec2 p0 = {50.0, 5000.0}, v0 = {3.0, 7.0};
    ccl_circle_id id;
    ccl_world *w = ball_in_a_box(g, gamma, ccl_v2(100.0, 1e4), p0, v0, &id);
    double worst = 0.0;
    for (int k = 1; k <= 400; ++k) {
        double t = 0.05 * k;
        assert_int_equal(ccl_world_advance(w, t - ccl_world_time(w)), CCL_OK);
        ccl_circle_state s;
        assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_OK);
        long double y = l_position(p0.y, v0.y, g, gamma, t),
                    x = l_position(p0.x, v0.x, 0, gamma, t);
        long double vy = l_velocity(v0.y, g, gamma, t), vx = v0.x * expl(-gamma * t);
        worst = fmax(worst, (double)fabsl(s.position.y - y) / p0.y);
        worst = fmax(worst, (double)fabsl(s.position.x - x) / p0.x);
        worst = fmax(worst, (double)(fabsl(s.velocity.y - vy) + fabsl(s.velocity.x - vx)) * gamma /
                                fabs(g));
    }
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_OK);
    printf("falling in air: worst relative error %.3g, velocity at t = 20: (%.17g, %.17g)\n", worst,
           s.velocity.x, s.velocity.y);
    assert_true(worst < 1e-13);
    assert_true(fabs(s.velocity.y - g / gamma) < 1e-14 * fabs(g / gamma)); /* terminal velocity */
    assert_true(fabs(s.velocity.x) < 1e-15);
    ccl_world_destroy(w);
}

/* A gap along a path, t after its start, with what defines the path in ctx: above 0 before the
 * contact, 0 or below from it on. */
typedef long double (*l_gap)(const void *ctx, long double t);

/* Bisection of (lo, hi], lo before the contact and hi after it, halved steps times: the end after
 * the contact. */
static long double l_bisect(l_gap gap, const void *ctx, long double lo, long double hi, int steps) {
    for (int k = 0; k < steps; ++k) {
        long double mid = 0.5L * (lo + hi);
        if (gap(ctx, mid) > 0.0L) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return hi;
}

/* A ball of radius r falling from height y0 at velocity v0 under gravity g and damping gamma. */
typedef struct l_fall {
    long double y0, v0, g, gamma, r;
} l_fall;

/* The height above the floor of the ball in ctx (an l_fall), y - r. */
static long double l_floor_gap(const void *ctx, long double t) {
    const l_fall *f = ctx;
    return l_position(f->y0, f->v0, f->g, f->gamma, t) - f->r;
}

/* The first t in (0, hi] where the height above the floor, y - r, reaches 0, by bisection. */
static long double l_floor_time(long double y0, long double v0, long double g, long double gamma,
                                long double r, long double hi) {
    const l_fall fall = {y0, v0, g, gamma, r};
    return l_bisect(l_floor_gap, &fall, 0.0L, hi, 200);
}

static void bouncing_ball_meets_the_floor_at_the_oracle_times(void **state) {
    (void)state;
    const double gamma = 0.3, g = -9.81, r = 1.0;
    ccl_world *w =
        ball_in_a_box(g, gamma, ccl_v2(100.0, 100.0), ccl_v2(50.0, 40.0), ccl_v2(0.0, 0.0), NULL);
    long double y = 40.0L, v = 0.0L, t0 = 0.0L;
    int bounces = 0;
    double worst = 0.0;
    while (bounces < 6) {
        /* the ball is above the floor and falls back within 40 time units */
        long double tau = l_floor_time(y, v, g, gamma, r, 40.0L);
        long double hit = t0 + tau;
        size_t n = 0;
        double at = first_floor_contact(w, (double)hit + 1e-6 - ccl_world_time(w), &n);
        assert_int_equal(n, 1);
        worst = fmax(worst, (double)fabsl(at - hit) / (double)hit);
        /* the oracle goes on from the bounce: up at the speed it arrived with */
        v = -l_velocity(v, g, gamma, tau);
        y = r;
        t0 = hit;
        bounces++;
    }
    printf("bouncing in air: %d bounces, worst relative time error %.3g\n", bounces, worst);
    assert_true(worst < 1e-12);
    ccl_world_destroy(w);
}

/* A ball dropped from 5000 units up falls at its terminal velocity for about 1000 time units:
 * the floor is met where s has long stopped moving in double (gamma t about 2000). */
static void long_fall_meets_the_floor_at_the_oracle_time(void **state) {
    (void)state;
    const double gamma = 2.0, g = -10.0, r = 1.0;
    ccl_world *w =
        ball_in_a_box(g, gamma, ccl_v2(10.0, 1e4), ccl_v2(5.0, 5000.0), ccl_v2(0.0, 3.0), NULL);
    long double hit = l_floor_time(5000.0L, 3.0L, g, gamma, r, 4000.0L);
    size_t n = 0;
    double at = first_floor_contact(w, (double)hit + 1.0, &n);
    double err = (double)fabsl(at - hit) / (double)hit;
    printf("long fall: floor at t = %.17g, relative error %.3g\n", at, err);
    assert_true(err < 1e-13);
    ccl_world_destroy(w);
}

/* The squared distance from the point, less r^2, t after the throw. */
static long double l_point_gap(ccl_vec2 p0, ccl_vec2 v0, ccl_vec2 g, double gamma, ccl_vec2 q,
                               double r, long double t) {
    long double dx = l_position(p0.x, v0.x, g.x, gamma, t) - q.x;
    long double dy = l_position(p0.y, v0.y, g.y, gamma, t) - q.y;
    return dx * dx + dy * dy - (long double)r * r;
}

/* A ball of radius r thrown from p0 at v0 under gravity g and damping gamma toward the point q. */
typedef struct l_throw {
    ccl_vec2 p0, v0, g;
    double gamma;
    ccl_vec2 q;
    double r;
} l_throw;

/* l_point_gap for the throw in ctx (an l_throw). */
static long double l_throw_gap(const void *ctx, long double t) {
    const l_throw *k = ctx;
    return l_point_gap(k->p0, k->v0, k->g, k->gamma, k->q, k->r, t);
}

/* The first contact with q before hi: dense samples, then bisection; -1 for none. */
static long double l_point_time(ccl_vec2 p0, ccl_vec2 v0, ccl_vec2 g, double gamma, ccl_vec2 q,
                                double r, long double hi) {
    const l_throw path = {p0, v0, g, gamma, q, r};
    const int samples = 20000;
    for (int i = 1; i <= samples; ++i) {
        long double b = hi * i / samples;
        if (l_throw_gap(&path, b) <= 0.0L) {
            return l_bisect(l_throw_gap, &path, hi * (i - 1) / samples, b, 100);
        }
    }
    return -1.0L;
}

/* The throws that met their point, and the worst time error over the flight. */
typedef struct throw_tally {
    int met;
    double worst;
} throw_tally;

/* A ball thrown at a fixed point (which the path meets well inside the disc, not at a graze): the
 * world's contact against the oracle's time, unless the ball starts too near the point. */
static void throw_at_a_point(wt_rng *rng, throw_tally *t) {
    double gamma = wt_range(rng, 0.05, 3.0), angle = wt_range(rng, 0.0, 6.2831853);
    ccl_vec2 g = {4.0 * cos(angle), 4.0 * sin(angle)};
    ccl_vec2 p0 = {wt_range(rng, 30.0, 70.0), wt_range(rng, 30.0, 70.0)};
    ccl_vec2 v0 = {wt_range(rng, -8.0, 8.0), wt_range(rng, -8.0, 8.0)};
    long double t_aim = wt_range(rng, 0.5, 4.0);
    /* the point: on the path at t_aim, moved off it by less than the radius */
    ccl_vec2 q = {(double)l_position(p0.x, v0.x, g.x, gamma, t_aim) + wt_range(rng, -0.3, 0.3),
                  (double)l_position(p0.y, v0.y, g.y, gamma, t_aim) + wt_range(rng, -0.3, 0.3)};
    if (l_point_gap(p0, v0, g, gamma, q, 1.0, 0.0L) <= 1.0L) {
        return;
    }
    ccl_world *w = wt_gravity_world(g, gamma, 1.0, ccl_v2(-1e3, -1e3), ccl_v2(1e3, 1e3));
    ccl_circle_id id;
    assert_int_equal(wt_add(w, p0, v0, 1.0, 1.0, &id), CCL_OK);
    int index;
    assert_int_equal(ccl_world_add_point(w, q, &index), CCL_OK);
    long double hit = l_point_time(p0, v0, g, gamma, q, 1.0, t_aim);
    assert_true(hit > 0.0L);
    assert_int_equal(ccl_world_advance(w, (double)t_aim), CCL_OK);
    size_t count = 0;
    const ccl_contact_event *ev = ccl_world_contact_events(w, &count);
    assert_true(count >= 1);
    assert_int_equal(ev[0].kind, CCL_CONTACT_POINT);
    t->worst = fmax(t->worst, (double)fabsl(ev[0].time - hit) / (double)t_aim);
    t->met++;
    ccl_world_destroy(w);
}

static void thrown_ball_meets_a_point_at_the_oracle_time(void **state) {
    (void)state;
    wt_rng rng = {21};
    throw_tally t = {0, 0.0};
    for (int n = 0; n < 100; ++n) {
        throw_at_a_point(&rng, &t);
    }
    printf("thrown at a point: %d met, worst time error %.3g of the flight\n", t.met, t.worst);
    assert_true(t.met > 50);
    assert_true(t.worst < 1e-12);
}

/* Kinetic plus potential energy (-m g . p) of the movable circles. */
static long double mechanical_energy(const ccl_circle_state *s, int n, ccl_vec2 g) {
    long double e = wt_kinetic(s, n);
    for (int i = 0; i < n; ++i) {
        if (s[i].mass > 0.0) {
            e -= (long double)s[i].mass *
                 ((long double)g.x * s[i].position.x + (long double)g.y * s[i].position.y);
        }
    }
    return e;
}

/* One random scene: circles, two segments and two points in a 40 x 40 box. */
static ccl_world *random_scene(wt_rng *rng, ccl_vec2 *g, wt_scene *sc, ccl_segment seg[2],
                               ccl_vec2 pts[2]) {
    double angle = wt_range(rng, 0.0, 6.2831853), gamma = wt_range(rng, 0.01, 2.0);
    *g = ccl_v2(10.0 * cos(angle), 10.0 * sin(angle));
    double e = wt_next(rng) % 2 ? 1.0 : wt_range(rng, 0.3, 1.0);
    ccl_world *w = wt_gravity_world(*g, gamma, e, ccl_v2(0.0, 0.0), ccl_v2(40.0, 40.0));
    seg[0] = (ccl_segment){{5.0, 12.0}, {18.0, 8.0}};
    seg[1] = (ccl_segment){{24.0, 30.0}, {34.0, 34.0}};
    pts[0] = ccl_v2(30.0, 12.0);
    pts[1] = ccl_v2(10.0, 28.0);
    int index;
    for (int k = 0; k < 2; ++k) {
        assert_int_equal(ccl_world_add_segment(w, seg[k], &index), CCL_OK);
        assert_int_equal(ccl_world_add_point(w, pts[k], &index), CCL_OK);
    }
    for (int tries = 0; tries < 200; ++tries) {
        ccl_vec2 p = {wt_range(rng, 2.0, 38.0), wt_range(rng, 2.0, 38.0)};
        ccl_vec2 v = {wt_range(rng, -5.0, 5.0), wt_range(rng, -5.0, 5.0)};
        ccl_circle_id id;
        (void)wt_add(w, p, v, wt_range(rng, 0.3, 1.2), wt_range(rng, 0.5, 2.0), &id);
    }
    *sc = (wt_scene){ccl_v2(0.0, 0.0), ccl_v2(40.0, 40.0), 0, seg, 2, pts, 2};
    return w;
}

static void random_scenes_never_overlap_nor_gain_energy(void **state) {
    (void)state;
    wt_rng rng = {31};
    long collisions = 0;
    double worst_overlap = 0.0, worst_gain = 0.0;
    for (int scene = 0; scene < 6; ++scene) {
        ccl_vec2 g;
        wt_scene sc;
        ccl_segment seg[2];
        ccl_vec2 pts[2];
        ccl_world *w = random_scene(&rng, &g, &sc, seg, pts);
        int n;
        ccl_circle_state *s = wt_export(w, &n);
        long double energy = mechanical_energy(s, n, g), scale = fabsl(energy) + 1.0L;
        free(s);
        for (int step = 0; step < 50; ++step) {
            assert_int_equal(ccl_world_advance(w, 0.05), CCL_OK);
            s = wt_export(w, &n);
            wt_overlap o = wt_brute_overlap(&sc, s, n);
            worst_overlap = fmax(worst_overlap, o.worst);
            long double now = mechanical_energy(s, n, g);
            worst_gain = fmax(worst_gain, (double)((now - energy) / scale));
            energy = now;
            free(s);
        }
        collisions += (long)ccl_world_get_stats(w).collisions;
        ccl_world_destroy(w);
    }
    printf(
        "random scenes: %ld collisions, worst overlap %.3g of a radius, worst energy gain %.3g\n",
        collisions, worst_overlap, worst_gain);
    assert_true(collisions > 1000);
    assert_true(worst_overlap < 1e-9);
    assert_true(worst_gain < 1e-9);
}

static void bad_damping_is_refused(void **state) {
    (void)state;
    const double bad[] = {-1.0, -1e-300, NAN, INFINITY};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        ccl_world_def d = ccl_world_default_def();
        d.gravity = ccl_v2(0.0, -9.81);
        d.damping = bad[k];
        ccl_world *w = (ccl_world *)&d;
        assert_int_equal(ccl_world_create(&d, &w), CCL_ERR_INVALID_ARGUMENT);
        assert_null(w);
    }
}

CCL_TEST_MAIN(cmocka_unit_test(ball_in_air_reaches_terminal_velocity),
              cmocka_unit_test(bouncing_ball_meets_the_floor_at_the_oracle_times),
              cmocka_unit_test(long_fall_meets_the_floor_at_the_oracle_time),
              cmocka_unit_test(thrown_ball_meets_a_point_at_the_oracle_time),
              cmocka_unit_test(random_scenes_never_overlap_nor_gain_energy),
              cmocka_unit_test(bad_damping_is_refused))
