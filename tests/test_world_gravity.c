/* Gravity and damping are simulated exactly: every trajectory and contact time below is checked
 * against its closed form (or, for the quartic of a circle falling onto a point, against a
 * long-double root found by bisection): a ball bouncing on the floor (elastic and with
 * restitution 0.5, coming to rest), a projectile, a bounce off a sloped segment, a fall onto a
 * fixed point, a damped circle, a damped pair's collision time (solved in s = (1 - e^-gt)/g),
 * a damped pair that stops short, and tiny inelastic balls that must never fall through a
 * wall or a segment; a resting circle falls when what holds it up goes. (The inelastic pile
 * is in test_long_pile.c.) */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"
#include "world_fixture.h"

#include <circol/world.h>

#include "world_common.h"

static ccl_circle_id add(ccl_world *w, ccl_vec2 p, ccl_vec2 v, double r, double m) {
    ccl_circle_id id;
    assert_int_equal(wt_add(w, p, v, r, m, &id), CCL_OK);
    return id;
}

/* Advances to absolute world time t and returns the circle's state there, with the contacts of
 * that advance. */
static ccl_circle_state state_at(ccl_world *w, ccl_circle_id id, double t,
                                 const ccl_contact_event **events, size_t *count) {
    assert_true(t >= ccl_world_time(w));
    assert_int_equal(ccl_world_advance(w, t - ccl_world_time(w)), CCL_OK);
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_OK);
    size_t n = 0;
    const ccl_contact_event *e = ccl_world_contact_events(w, &n);
    if (events != NULL) {
        *events = e;
        *count = n;
    }
    return s;
}

static void elastic_ball_bounces_at_the_analytic_times_and_heights(void **state) {
    (void)state;
    const double g = 10.0, h = 20.0, r = 1.0;
    ccl_world *w =
        wt_gravity_world(ccl_v2(0.0, -g), 0.0, 1.0, ccl_v2(0.0, 0.0), ccl_v2(100.0, 100.0));
    ccl_circle_id id = add(w, ccl_v2(50.0, r + h), ccl_v2(0.0, 0.0), r, 1.0);
    const double t0 = sqrt(2.0 * h / g); /* first contact; the period is 2 t0 */
    int bounces = 0;
    double worst = 0.0;
    for (int step = 1; step <= 2000; ++step) {
        double t = 0.0137 * step;
        const ccl_contact_event *ev;
        size_t count;
        ccl_circle_state s = state_at(w, id, t, &ev, &count);
        for (size_t k = 0; k < count; ++k) {
            assert_int_equal(ev[k].kind, CCL_CONTACT_BOX);
            assert_int_equal(ev[k].wall, 2);
            double expected = t0 + 2.0 * t0 * bounces;
            assert_true(fabs(ev[k].time - expected) <= 1e-12 * expected);
            assert_true(fabs(ev[k].impulse - 2.0 * g * t0) <= 1e-9 * g * t0);
            bounces++;
        }
        double phase = fmod(t + t0, 2.0 * t0) - t0; /* time since the last apex, from -t0 */
        double y = r + h - 0.5 * g * phase * phase;
        double vy = -g * phase;
        worst = fmax(worst, fabs(s.position.y - y));
        assert_true(fabs(s.position.y - y) < 1e-9);
        assert_true(fabs(s.velocity.y - vy) < 1e-9);
        assert_true(s.position.x == 50.0 && s.velocity.x == 0.0);
    }
    assert_int_equal(bounces, (int)floor((0.0137 * 2000 + t0) / (2.0 * t0)));
    ccl_world_stats st = ccl_world_get_stats(w);
    assert_true(fabs(st.kinetic_energy +
                     g * (state_at(w, id, ccl_world_time(w), NULL, NULL).position.y) -
                     g * (r + h)) < 1e-9);
    print_message("    %d bounces, worst height error %.2g\n", bounces, worst);
    ccl_world_destroy(w);
}

static void inelastic_ball_bounce_times_shrink_geometrically_then_it_rests(void **state) {
    (void)state;
    const double g = 10.0, h = 20.0, r = 1.0, e = 0.5;
    ccl_world *w =
        wt_gravity_world(ccl_v2(0.0, -g), 0.0, e, ccl_v2(0.0, 0.0), ccl_v2(100.0, 100.0));
    ccl_circle_id id = add(w, ccl_v2(50.0, r + h), ccl_v2(0.0, 0.0), r, 1.0);
    const double t0 = sqrt(2.0 * h / g);
    /* contact k at t0 (1 + 2 e + ... + 2 e^k); apex k in between at height e^(2k) h */
    double contact = t0;
    for (int k = 1; k <= 8; ++k) {
        double flight = 2.0 * pow(e, k) * t0;
        double apex_time = contact + 0.5 * flight;
        const ccl_contact_event *ev;
        size_t count;
        ccl_circle_state s = state_at(w, id, apex_time, &ev, &count);
        assert_int_equal(count, 1);
        assert_true(fabs(ev[0].time - contact) <= 1e-12 * contact);
        double apex = r + pow(e, 2 * k) * h;
        assert_true(fabs(s.position.y - apex) < 1e-9);
        assert_true(fabs(s.velocity.y) < 1e-9);
        contact += flight;
    }
    /* infinitely many bounces in finite time t0 (1 + 2e / (1 - e)); after it, rest on the floor */
    double rest = t0 * (1.0 + 2.0 * e / (1.0 - e));
    ccl_circle_state s = state_at(w, id, rest + 5.0, NULL, NULL);
    assert_true(fabs(s.position.y - r) < 1e-6);
    assert_true(fabs(s.velocity.y) < 1e-3);
    s = state_at(w, id, rest + 100.0, NULL, NULL);
    assert_true(fabs(s.position.y - r) < 1e-6);
    assert_true(fabs(s.velocity.y) < 1e-3);
    ccl_world_destroy(w);
}

static void projectile_follows_the_parabola(void **state) {
    (void)state;
    const ccl_vec2 g = {0.5, -9.81}, p0 = {-30.0, 0.0}, v0 = {30.0, 40.0};
    ccl_world *w = wt_gravity_world(g, 0.0, 1.0, ccl_v2(-1000.0, -1000.0), ccl_v2(1000.0, 1000.0));
    ccl_circle_id id = add(w, p0, v0, 1.0, 2.0);
    for (int k = 1; k <= 800; ++k) {
        double t = 0.01 * k;
        ccl_circle_state s = state_at(w, id, t, NULL, NULL);
        long double T = t;
        long double x = p0.x + v0.x * T + 0.5L * g.x * T * T;
        long double y = p0.y + v0.y * T + 0.5L * g.y * T * T;
        assert_true(fabsl(s.position.x - x) < 1e-11L);
        assert_true(fabsl(s.position.y - y) < 1e-11L);
        assert_true(fabsl(s.velocity.x - (v0.x + g.x * T)) < 1e-12L);
        assert_true(fabsl(s.velocity.y - (v0.y + g.y * T)) < 1e-12L);
    }
    ccl_world_stats st = ccl_world_get_stats(w);
    assert_true(st.wall_collisions == 0);
    ccl_world_destroy(w);
}

static void ball_bounces_off_a_slope_at_the_analytic_time(void **state) {
    (void)state;
    const double g = 10.0, r = 1.0;
    ccl_world *w =
        wt_gravity_world(ccl_v2(0.0, -g), 0.0, 1.0, ccl_v2(0.0, 0.0), ccl_v2(100.0, 100.0));
    ccl_vec2 a = {20.0, 40.0}, b = {80.0, 10.0};
    assert_int_equal(ccl_world_add_segment(w, ccl_make_segment(a, b), NULL), CCL_OK);
    ccl_vec2 p0 = {50.0, 60.0};
    ccl_circle_id id = add(w, p0, ccl_v2(0.0, 0.0), r, 1.0);
    /* upward unit normal of the slope, distance of the centre above its line */
    long double len = hypotl(b.x - a.x, b.y - a.y);
    long double nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
    long double d0 = nx * (p0.x - a.x) + ny * (p0.y - a.y);
    long double tc = sqrtl(2.0L * (d0 - r) / (g * ny));
    long double vy = -g * tc;
    long double vn = vy * ny; /* normal speed before (negative: into the slope) */
    long double ux = -2.0L * vn * nx, uy = vy - 2.0L * vn * ny;
    const ccl_contact_event *ev;
    size_t count;
    double later = (double)tc + 0.3;
    ccl_circle_state s = state_at(w, id, later, &ev, &count);
    assert_int_equal(count, 1);
    assert_int_equal(ev[0].kind, CCL_CONTACT_SEGMENT);
    assert_true(fabsl(ev[0].time - tc) < 1e-12L * tc);
    assert_true(fabsl(ev[0].normal.x + nx) < 1e-9L && fabsl(ev[0].normal.y + ny) < 1e-9L);
    assert_true(fabsl(ev[0].impulse + 2.0L * vn) < 1e-9L * fabsl(vn));
    long double dt = later - tc;
    long double cy = p0.y - 0.5L * g * tc * tc;
    long double x = p0.x + ux * dt, y = cy + uy * dt - 0.5L * g * dt * dt;
    assert_true(fabsl(s.position.x - x) < 1e-9L);
    assert_true(fabsl(s.position.y - y) < 1e-9L);
    assert_true(fabsl(s.velocity.x - ux) < 1e-9L);
    assert_true(fabsl(s.velocity.y - (uy - g * dt)) < 1e-9L);
    ccl_world_destroy(w);
}

/* f(t) = |p(t) - q|^2 - r^2 for a circle falling from p0 with velocity v0, in long double. */
static long double fall_gap(long double t, ccl_vec2 p0, ccl_vec2 v0, ccl_vec2 g, ccl_vec2 q,
                            double r) {
    long double x = p0.x + v0.x * t + 0.5L * g.x * t * t - q.x;
    long double y = p0.y + v0.y * t + 0.5L * g.y * t * t - q.y;
    return x * x + y * y - (long double)r * r;
}

static void ball_falling_onto_a_point_hits_at_the_quartic_root(void **state) {
    (void)state;
    const ccl_vec2 g = {0.0, -9.81};
    const double r = 1.5;
    const ccl_vec2 cases[4][2] = {
        {{50.4, 50.0}, {0.3, 0.0}},
        {{47.0, 40.0}, {1.9, 6.0}},
        {{51.49, 31.6}, {0.0, 0.0}}, /* nearly grazing the point's side */
        {{50.0, 70.0}, {0.0, -3.0}}, /* head on: the quartic's double structure */
    };
    for (int c = 0; c < 4; ++c) {
        ccl_world *w = wt_gravity_world(g, 0.0, 1.0, ccl_v2(0.0, 0.0), ccl_v2(100.0, 100.0));
        ccl_vec2 q = {50.0, 30.0};
        assert_int_equal(ccl_world_add_point(w, q, NULL), CCL_OK);
        ccl_vec2 p0 = cases[c][0], v0 = cases[c][1];
        ccl_circle_id id = add(w, p0, v0, r, 1.0);
        /* oracle: first sign change of f on a fine grid, then bisection */
        long double lo = 0.0L, hi = -1.0L;
        for (long double t = 0.0L; t < 10.0L; t += 1e-4L) {
            if (fall_gap(t + 1e-4L, p0, v0, g, q, r) <= 0.0L) {
                lo = t;
                hi = t + 1e-4L;
                break;
            }
        }
        assert_true(hi > 0.0L);
        for (int it = 0; it < 200; ++it) {
            long double mid = 0.5L * (lo + hi);
            if (fall_gap(mid, p0, v0, g, q, r) <= 0.0L) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        const ccl_contact_event *ev;
        size_t count;
        ccl_circle_state s = state_at(w, id, (double)hi + 1e-3, &ev, &count);
        assert_int_equal(count, 1);
        assert_int_equal(ev[0].kind, CCL_CONTACT_POINT);
        if (fabsl(ev[0].time - hi) >= 1e-12L * hi) {
            print_error("case %d: contact at %.17g, oracle %.17Lg\n", c, ev[0].time, hi);
        }
        assert_true(fabsl(ev[0].time - hi) < 1e-12L * hi);
        /* elastic reflection about the normal toward the point */
        long double vx = v0.x + g.x * hi, vy = v0.y + g.y * hi;
        long double px = p0.x + v0.x * hi + 0.5L * g.x * hi * hi;
        long double py = p0.y + v0.y * hi + 0.5L * g.y * hi * hi;
        long double nx = (q.x - px) / r, ny = (q.y - py) / r;
        long double vn = vx * nx + vy * ny;
        long double ux = vx - 2.0L * vn * nx, uy = vy - 2.0L * vn * ny;
        assert_true(fabsl(s.velocity.x - (ux + g.x * 1e-3L)) < 1e-6L);
        assert_true(fabsl(s.velocity.y - (uy + g.y * 1e-3L)) < 1e-6L);
        ccl_world_destroy(w);
    }
}

static void damped_circle_follows_the_exponential_law(void **state) {
    (void)state;
    const double gamma = 0.7;
    const ccl_vec2 p0 = {10.0, 90.0}, v0 = {30.0, -45.0};
    ccl_world *w =
        wt_gravity_world(ccl_v2(0.0, 0.0), gamma, 1.0, ccl_v2(0.0, 0.0), ccl_v2(100.0, 100.0));
    ccl_circle_id id = add(w, p0, v0, 1.0, 1.0);
    for (int k = 1; k <= 500; ++k) {
        long double t = 0.02L * k;
        ccl_circle_state s = state_at(w, id, (double)t, NULL, NULL);
        long double sfac = -expm1l(-gamma * t) / gamma, decay = expl(-gamma * t);
        assert_true(fabsl(s.position.x - (p0.x + v0.x * sfac)) < 1e-11L);
        assert_true(fabsl(s.position.y - (p0.y + v0.y * sfac)) < 1e-11L);
        assert_true(fabsl(s.velocity.x - v0.x * decay) < 1e-11L);
        assert_true(fabsl(s.velocity.y - v0.y * decay) < 1e-11L);
    }
    ccl_world_destroy(w);
}

/// The world of the damped pairs: no gravity, damping gamma, elastic, walls 50 from the origin.
static ccl_world *damped_pair_world(double gamma) {
    return wt_gravity_world(ccl_v2(0.0, 0.0), gamma, 1.0, ccl_v2(-50.0, -50.0), ccl_v2(50.0, 50.0));
}

static void damped_pair_collides_at_the_analytic_time(void **state) {
    (void)state;
    const double gamma = 0.2;
    ccl_world *w = damped_pair_world(gamma);
    const ccl_vec2 pa = {-5.0, 0.0}, va = {4.0, 0.5}, pb = {5.0, 0.3}, vb = {-3.0, 0.0};
    const double ra = 1.0, rb = 1.5, ma = 1.0, mb = 3.0;
    ccl_circle_id a = add(w, pa, va, ra, ma);
    add(w, pb, vb, rb, mb);
    /* relative motion is a straight line in s: |dp + dv s| = ra + rb */
    long double dpx = pb.x - pa.x, dpy = pb.y - pa.y, dvx = vb.x - va.x, dvy = vb.y - va.y;
    long double R = ra + rb;
    long double qa = dvx * dvx + dvy * dvy, qb = dpx * dvx + dpy * dvy;
    long double qc = dpx * dpx + dpy * dpy - R * R;
    long double s_hit = (-qb - sqrtl(qb * qb - qa * qc)) / qa;
    assert_true(gamma * s_hit < 1.0L);
    long double t_hit = -log1pl(-gamma * s_hit) / gamma;
    const ccl_contact_event *ev;
    size_t count;
    ccl_circle_state s = state_at(w, a, (double)t_hit + 0.5, &ev, &count);
    (void)s;
    assert_int_equal(count, 1);
    assert_int_equal(ev[0].kind, CCL_CONTACT_CIRCLE);
    assert_true(fabsl(ev[0].time - t_hit) < 1e-12L * t_hit);
    /* momentum is conserved in the collision: total momentum decays as exp(-gamma t) */
    ccl_world_stats st = ccl_world_get_stats(w);
    long double decay = expl(-gamma * ((long double)t_hit + 0.5L));
    long double px = (ma * va.x + mb * vb.x) * decay, py = (ma * va.y + mb * vb.y) * decay;
    assert_true(fabsl(st.momentum.x - px) < 1e-12L && fabsl(st.momentum.y - py) < 1e-12L);
    ccl_world_destroy(w);
}

static void damped_pair_that_stops_short_never_collides(void **state) {
    (void)state;
    /* the same pair with damping 1: the largest s, 1 / gamma, is short of the contact */
    const double gamma = 1.0;
    ccl_world *w = damped_pair_world(gamma);
    ccl_circle_id a = add(w, ccl_v2(-5.0, 0.0), ccl_v2(4.0, 0.0), 1.0, 1.0);
    ccl_circle_id b = add(w, ccl_v2(5.0, 0.0), ccl_v2(-3.0, 0.0), 1.0, 1.0);
    assert_int_equal(ccl_world_advance(w, 200.0), CCL_OK);
    ccl_world_stats st = ccl_world_get_stats(w);
    assert_true(st.collisions == 0);
    ccl_circle_state sa, sb;
    assert_int_equal(ccl_world_get_circle(w, a, &sa), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, b, &sb), CCL_OK);
    assert_true(fabs(sa.position.x - (-5.0 + 4.0)) < 1e-12);
    assert_true(fabs(sb.position.x - (5.0 - 3.0)) < 1e-12);
    ccl_world_destroy(w);
}

/* A curved path can pass beyond a segment's end, cross its line and come back at the interior
 * from the other side. One such case (once missed: overlap 0.073 of a radius 0.11), then 300
 * random single-circle scenes under gravity in any direction, each checked by brute force at 60
 * instants. */
static bool circle_stays_clear(ccl_vec2 g, ccl_segment seg, ccl_vec2 p, ccl_vec2 v, double r,
                               int *segment_hits) {
    ccl_world_def d = ccl_world_default_def();
    d.box_min = ccl_v2(10.0, 0.0);
    d.box_max = ccl_v2(30.0, 12.0);
    d.gravity = g;
    d.record_contacts = true;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    if (ccl_world_add_segment(w, seg, NULL) != CCL_OK) {
        ccl_world_destroy(w);
        return true;
    }
    ccl_circle_def c = wt_circle(p, v, r);
    if (ccl_world_add_circle(w, &c, NULL) != CCL_OK) {
        ccl_world_destroy(w);
        return true; /* outside the box or on the segment: not a scene */
    }
    wt_scene geometry = {d.box_min, d.box_max, 0, &seg, 1, NULL, 0};
    bool clear = true;
    for (int step = 0; step < 60 && clear; ++step) {
        assert_int_equal(ccl_world_advance(w, 0.025), CCL_OK);
        size_t n = 0;
        const ccl_contact_event *e = ccl_world_contact_events(w, &n);
        for (size_t k = 0; k < n; ++k) {
            *segment_hits += e[k].kind == CCL_CONTACT_SEGMENT;
        }
        int count = 0;
        ccl_circle_state *st = wt_export(w, &count);
        clear = wt_brute_overlap(&geometry, st, count).worst < 1e-9;
        free(st);
    }
    ccl_world_destroy(w);
    return clear;
}

static void curved_path_meets_a_segment_from_its_far_side(void **state) {
    (void)state;
    int hits = 0;
    assert_true(circle_stays_clear(ccl_v2(-0.953174, 2.62395),
                                   ccl_make_segment(ccl_v2(19.863, 4.5924), ccl_v2(16.432, 4.5924)),
                                   ccl_v2(20.1768, 5.3366), ccl_v2(0.2168, -2.3066), 0.1098,
                                   &hits));
    assert_true(hits >= 1);
    wt_rng rng = {4242};
    hits = 0;
    for (int k = 0; k < 300; ++k) {
        double angle = wt_range(&rng, 0.0, 6.283185307179586);
        ccl_vec2 g = ccl_v2(3.0 * cos(angle), 3.0 * sin(angle));
        ccl_vec2 a = ccl_v2(wt_range(&rng, 14.0, 26.0), wt_range(&rng, 3.0, 9.0));
        ccl_vec2 b = ccl_add(a, ccl_v2(wt_range(&rng, -4.0, 4.0), wt_range(&rng, -4.0, 4.0)));
        ccl_vec2 p = ccl_add(a, ccl_v2(wt_range(&rng, -1.0, 1.0), wt_range(&rng, -1.0, 1.0)));
        ccl_vec2 v = ccl_v2(wt_range(&rng, -3.0, 3.0), wt_range(&rng, -3.0, 3.0));
        if (!circle_stays_clear(g, ccl_make_segment(a, b), p, v, wt_range(&rng, 0.05, 0.3),
                                &hits)) {
            printf("scene %d overlaps its segment\n", k);
            fail();
        }
    }
    printf("300 curved scenes, %d segment contacts, no overlap\n", hits);
    assert_true(hits > 50);
}

/* Inelastic bounces on a wall or a segment shrink geometrically towards rest; with a radius far
 * below the coordinates' rounding, a bounce can start from a position just past the surface and
 * rise without ever getting back above it. It must still turn back as a contact there, and never
 * fall through. Random radii down to subnormal, gravity in any direction, restitution in [0, 1):
 * the brute-force absolute penetration stays at rounding level. */
static void tiny_inelastic_balls_never_fall_through_walls_or_segments(void **state) {
    (void)state;
    wt_rng rng = {777};
    const double extent = 100.0;
    uint64_t bounces = 0;
    for (int k = 0; k < 120; ++k) {
        double angle = wt_range(&rng, 0.0, 6.283185307179586);
        if (k % 3 == 0) {
            angle = 1.5707963267948966 * (double)(k / 3 % 4); /* straight at a wall */
        }
        double gravity = wt_range(&rng, 1.0, 20.0);
        ccl_world *w =
            wt_gravity_world(ccl_v2(gravity * cos(angle), gravity * sin(angle)), 0.0,
                             wt_range(&rng, 0.0, 0.95), ccl_v2(0.0, 0.0), ccl_v2(extent, extent));
        if (k % 10 == 0) {
            /* no rest speed: the bounces go on until they are below rounding (slow) */
            ccl_world_destroy(w);
            ccl_world_def d = ccl_world_default_def();
            d.gravity = ccl_v2(gravity * cos(angle), gravity * sin(angle));
            d.restitution = wt_range(&rng, 0.0, 0.5);
            d.box_max = ccl_v2(extent, extent);
            d.rest_speed = 1e-300;
            assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
        }
        ccl_segment seg = ccl_make_segment(ccl_v2(20.0, wt_range(&rng, 30.0, 70.0)),
                                           ccl_v2(80.0, wt_range(&rng, 30.0, 70.0)));
        assert_int_equal(ccl_world_add_segment(w, seg, NULL), CCL_OK);
        double r = pow(10.0, wt_range(&rng, -320.0, 0.0));
        ccl_vec2 p = ccl_v2(wt_range(&rng, 5.0, 95.0), wt_range(&rng, 5.0, 95.0));
        ccl_vec2 q = wt_closest(seg.a, seg.b, p);
        if (hypot(p.x - q.x, p.y - q.y) < 2.0) {
            ccl_world_destroy(w);
            continue;
        }
        ccl_circle_id id =
            add(w, p, ccl_v2(wt_range(&rng, -10.0, 10.0), wt_range(&rng, -10.0, 10.0)), r, 1.0);
        for (int step = 0; step < 60; ++step) {
            ccl_circle_state s = state_at(w, id, ccl_world_time(w) + 0.25, NULL, NULL);
            double out = fmax(fmax(-(s.position.x - r), s.position.x + r - extent),
                              fmax(-(s.position.y - r), s.position.y + r - extent));
            q = wt_closest(seg.a, seg.b, s.position);
            double depth = r - hypot(q.x - s.position.x, q.y - s.position.y);
            if (out > 1e-9 * extent || depth > 1e-9 * extent) {
                printf("scene %d (r = %g): %g past a wall, %g into the segment at t = %g\n", k, r,
                       out, depth, ccl_world_time(w));
                fail();
            }
        }
        bounces += ccl_world_get_stats(w).wall_collisions;
        ccl_world_destroy(w);
    }
    printf("tiny inelastic balls: %llu bounces, none through\n", (unsigned long long)bounces);
    assert_true(bounces > 1000);
}

/* Advances w until every circle is at rest (velocity exactly zero), at most `limit` in time;
 * returns the number still moving. */
static int advance_until_rest(ccl_world *w, double limit) {
    double end = ccl_world_time(w) + limit;
    int moving = 1;
    while (moving > 0 && ccl_world_time(w) < end) {
        assert_int_equal(ccl_world_advance(w, 0.05), CCL_OK);
        moving = wt_moving(w);
    }
    return moving;
}

/* Three inelastic circles dropped into a box two diameters wide come to rest as a pyramid, the
 * top one on the two below. Removing a bottom circle makes the top one fall to the floor in its
 * place; kicking a bottom one upwards with set_velocity wakes the top one at once, and all three
 * come to rest again as the same pyramid (the only way three fit). */
static void resting_circles_fall_when_their_support_goes(void **state) {
    (void)state;
    const double pyramid = 1.0 + sqrt(3.0);
    const double near = 2e-3; /* a circle falls asleep up to 1e-3 radii off its supports */
    for (int way = 0; way < 2; ++way) {
        ccl_world *w =
            wt_gravity_world(ccl_v2(0.0, -10.0), 0.0, 0.5, ccl_v2(0.0, 0.0), ccl_v2(4.0, 20.0));
        ccl_circle_id left = add(w, ccl_v2(1.0, 1.01), ccl_v2(0.0, 0.0), 1.0, 1.0);
        ccl_circle_id right = add(w, ccl_v2(3.0, 1.01), ccl_v2(0.0, 0.0), 1.0, 1.0);
        ccl_circle_id top = add(w, ccl_v2(2.1, pyramid + 0.5), ccl_v2(0.0, 0.0), 1.0, 1.0);
        assert_int_equal(advance_until_rest(w, 20.0), 0);
        ccl_circle_state s;
        assert_int_equal(ccl_world_get_circle(w, top, &s), CCL_OK);
        assert_true(fabs(s.position.x - 2.0) < near && fabs(s.position.y - pyramid) < near);
        if (way == 0) {
            assert_int_equal(ccl_world_remove_circle(w, right), CCL_OK);
        } else {
            assert_int_equal(ccl_world_set_velocity(w, left, ccl_v2(0.0, 5.0)), CCL_OK);
        }
        assert_int_equal(ccl_world_advance(w, 0.01), CCL_OK);
        assert_int_equal(ccl_world_get_circle(w, top, &s), CCL_OK);
        assert_true(s.velocity.x != 0.0 || s.velocity.y != 0.0); /* woken at once */
        assert_int_equal(advance_until_rest(w, 60.0), 0);
        assert_int_equal(ccl_world_get_circle(w, top, &s), CCL_OK);
        if (way == 0) {
            assert_true(fabs(s.position.x - 3.0) < near && fabs(s.position.y - 1.0) < near);
        } else {
            assert_true(fabs(s.position.x - 2.0) < near && fabs(s.position.y - pyramid) < near);
        }
        assert_int_equal(ccl_world_get_circle(w, left, &s), CCL_OK);
        assert_true(fabs(s.position.x - 1.0) < near && fabs(s.position.y - 1.0) < near);
        assert_true(ccl_world_max_overlap(w) < 1e-9);
        ccl_world_destroy(w);
    }
}

/* Inelastic circles of mixed sizes poured into a funnel of two segments above a row of pegs (four
 * random pourings) come to rest (velocity exactly zero) within bounded time; nothing overlaps;
 * every circle is held up by what touches it (walls, segments, points, circles: brute force,
 * tests/world_common.h). */
static void poured_circles_rest_in_a_funnel_held_by_what_touches_them(void **state) {
    (void)state;
    static const uint64_t seeds[4] = {2026, 1, 7, 99};
    for (int run = 0; run < 4; ++run) {
        ccl_world *w =
            wt_gravity_world(ccl_v2(0.0, -10.0), 0.0, 0.4, ccl_v2(0.0, 0.0), ccl_v2(20.0, 40.0));
        ccl_segment funnel[2] = {ccl_make_segment(ccl_v2(1.0, 20.0), ccl_v2(9.0, 12.0)),
                                 ccl_make_segment(ccl_v2(11.0, 12.0), ccl_v2(19.0, 20.0))};
        ccl_vec2 pegs[5];
        for (int k = 0; k < 2; ++k) {
            assert_int_equal(ccl_world_add_segment(w, funnel[k], NULL), CCL_OK);
        }
        for (int k = 0; k < 5; ++k) {
            pegs[k] = ccl_v2(4.0 + 3.0 * k, 6.0 + 0.3 * k);
            assert_int_equal(ccl_world_add_point(w, pegs[k], NULL), CCL_OK);
        }
        wt_rng rng = {seeds[run]};
        for (int k = 0; k < 120; ++k) {
            ccl_vec2 p =
                ccl_v2(1.5 + 1.5 * (k % 12) + wt_range(&rng, 0.0, 0.2), 22.0 + 1.5 * (k / 12));
            add(w, p, ccl_v2(wt_range(&rng, -2.0, 2.0), wt_range(&rng, -2.0, 0.0)),
                wt_range(&rng, 0.25, 0.6), 1.0);
        }
        int moving = advance_until_rest(w, 60.0);
        int count = 0;
        ccl_circle_state *s = wt_export(w, &count);
        wt_scene scene = {ccl_v2(0.0, 0.0), ccl_v2(20.0, 40.0), 0, funnel, 2, pegs, 5};
        wt_overlap o = wt_brute_overlap(&scene, s, count);
        int unheld = 0, in_funnel = 0;
        for (int i = 0; i < count; ++i) {
            unheld += !wt_is_held(&scene, s, count, i);
            in_funnel += s[i].position.y > 12.0;
        }
        free(s);
        print_message(
            "    funnel: %d of %d still moving at t = %.1f; %d in the funnel, %d not held; "
            "worst overlap %.2g radii (%s)\n",
            moving, count, ccl_world_time(w), in_funnel, unheld, o.worst, o.what);
        assert_int_equal(moving, 0);
        assert_int_equal(unheld, 0);
        assert_true(o.worst < 1e-9);
        ccl_world_destroy(w);
    }
}

/* A circle of tiny radius (down to 1e-307) slides along the floor under a slanted gravity into a
 * fixed point lying on the floor, and bounces off it almost horizontally: it leaves the floor with
 * a vertical speed of about 1e-292, whose square underflows. The floor's contact must still be
 * found (it fell through the floor before: the root of the gap's quadratic came out at half its
 * value, where the gap had not yet closed). After every step the circle is inside the box and off
 * the point but for rounding, for radii from 1e-307 to 1e-3 and several speeds. */
static void tiny_circle_leaving_the_floor_does_not_fall_through_it(void **state) {
    (void)state;
    int rounds = 0;
    for (int e = -307; e <= -3; e += 38) {
        for (int s = 0; s < 4; ++s) {
            ccl_world_def d = ccl_world_default_def();
            d.box_min = ccl_v2(0.0, 0.0);
            d.box_max = ccl_v2(176.0, 9.0);
            d.gravity = ccl_v2(-20.0, -10.0);
            d.restitution = 0.5;
            d.max_events_per_advance = 1000000;
            ccl_world *w = NULL;
            assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
            double r = 4.280719169470466 * pow(10.0, (double)e);
            ccl_vec2 point = ccl_v2(0.69019607843137254, 0.0);
            assert_int_equal(ccl_world_add_point(w, point, NULL), CCL_OK);
            ccl_circle_def c = ccl_circle_default_def();
            c.position = ccl_v2(88.345098039215685 - 7.0 * s, 9.0 - r);
            c.velocity = ccl_v2(-0.25 * (1 + s), -2.25);
            c.radius = r;
            c.mass = 4.0;
            ccl_circle_id id;
            assert_int_equal(ccl_world_add_circle(w, &c, &id), CCL_OK);
            for (int step = 0; step < 80; ++step) {
                assert_int_equal(ccl_world_advance(w, 0.1), CCL_OK);
                ccl_circle_state st;
                assert_int_equal(ccl_world_get_circle(w, id, &st), CCL_OK);
                double slack = 1e-9 * 176.0;
                assert_true(st.position.y - r >= -slack && st.position.y + r <= 9.0 + slack);
                assert_true(st.position.x - r >= -slack && st.position.x + r <= 176.0 + slack);
                assert_true(hypot(st.position.x - point.x, st.position.y - point.y) >= r - slack);
            }
            rounds++;
            ccl_world_destroy(w);
        }
    }
    assert_int_equal(rounds, 36);
}

/* Inelastic circles dropped into a box: collisions that leave a pair touching at a relative speed
 * of roundoff, side by side or one asleep beside the other, were met again at the same instant
 * without end (ccl_world_advance never returned; here it would stop at the event limit). Each
 * run must reach its end, with no pair sinking into another on the way, for restitution 0 and
 * 0.2, straight down and slanted gravity. */
static void inelastic_circles_dropped_into_a_box_never_stall(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        for (int kind = 0; kind < 2; ++kind) {
            wt_rng rng = {seed};
            ccl_vec2 g = seed % 4 == 0 ? ccl_v2(0.3, -1.0) : ccl_v2(0.0, -1.0);
            ccl_world_def d = ccl_world_default_def();
            d.gravity = g;
            d.restitution = kind == 0 ? 0.0 : 0.2;
            d.box_max = ccl_v2(24.0, 24.0);
            d.max_events_per_advance = 2000000;
            ccl_world *w = NULL;
            assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
            assert_int_equal(wt_add_staggered_lattice(w, &rng, 10), CCL_OK);
            for (int step = 1; step <= 16; ++step) {
                ccl_status status = ccl_world_advance(w, 0.5);
                if (status != CCL_OK) {
                    fail_msg("seed %llu, e = %g: %s at t = %.17g", (unsigned long long)seed,
                             d.restitution, ccl_status_string(status), ccl_world_time(w));
                }
                assert_true(ccl_world_max_overlap(w) < 1e-9);
            }
            assert_true(fabs(ccl_world_time(w) - 8.0) < 1e-9);
            ccl_world_destroy(w);
        }
    }
}

/* A circle falling past an immovable one, or past another falling circle (their relative motion a
 * straight line), with random sizes, velocities and gravity, starting 12 to 24
 * units away, beyond the cells around the fixed circle (400 immovable specks in a far corner make
 * the grid's cells about 5.7 wide), so that only the moving circle's own predictions, one at each
 * cell it crosses and each cut short at that cell's exit, can find the contact: the world's first
 * contact must be the one the swept test under acceleration gives, at its time, and a pair that
 * the swept test says never meets within the run must not meet in the world. Pairs whose verdict
 * changes when the fixed radius moves by 1e-7 are too near a graze to tell and left out. This
 * holds the world's shortcut for neighbours out of reach before the best event so far
 * (src/world/touch.h) to the exact answer. */
static void a_circle_falling_past_a_fixed_one_meets_it_when_the_swept_test_says(void **state) {
    (void)state;
    wt_rng rng = {77};
    int hits = 0, misses = 0;
    const ccl_vec2 zero = ccl_v2(0.0, 0.0);
    const double t_run = 1.0;
    for (int run = 0; run < 600; ++run) {
        double g = wt_range(&rng, 0.5, 10.0), angle = wt_range(&rng, 0.0, 6.283185307179586);
        ccl_vec2 gravity = ccl_v2(g * cos(angle), g * sin(angle));
        double rf = wt_range(&rng, 0.05, 2.0), rm = wt_range(&rng, 0.05, 2.0);
        double away = wt_range(&rng, 12.0, 24.0), side = wt_range(&rng, 0.0, 6.283185307179586);
        ccl_vec2 pf = ccl_v2(wt_range(&rng, -5.0, 5.0), wt_range(&rng, -5.0, 5.0));
        ccl_vec2 pm = ccl_v2(pf.x + away * cos(side), pf.y + away * sin(side));
        ccl_vec2 vm = ccl_v2(wt_range(&rng, -8.0, 8.0), wt_range(&rng, -8.0, 8.0));
        if (run % 2 == 0) { /* aimed at the fixed circle's place in about a time unit */
            double tau = wt_range(&rng, 0.6, 1.2);
            vm = ccl_v2((pf.x - pm.x) / tau - 0.5 * gravity.x * tau + wt_range(&rng, -1.0, 1.0),
                        (pf.y - pm.y) / tau - 0.5 * gravity.y * tau + wt_range(&rng, -1.0, 1.0));
        }
        /* every other run the second circle falls too, at a small speed of its own */
        bool falls = run % 4 >= 2;
        ccl_vec2 vf = falls ? ccl_v2(wt_range(&rng, -2.0, 2.0), wt_range(&rng, -2.0, 2.0)) : zero;
        ccl_vec2 af = falls ? gravity : zero;
        ccl_circle fixed = {pf, rf}, moving = {pm, rm};
        ccl_circle wide = {pf, rf + 1e-7}, narrow = {pf, rf - 1e-7};
        ccl_hit hit;
        bool wider = ccl_sweep_circles_accel(moving, vm, gravity, wide, vf, af, t_run, &hit);
        bool narrower = ccl_sweep_circles_accel(moving, vm, gravity, narrow, vf, af, t_run, &hit);
        if (wider != narrower) {
            continue;
        }
        bool meets = ccl_sweep_circles_accel(moving, vm, gravity, fixed, vf, af, t_run, &hit);
        /* a box that the moving circle cannot reach within the run (it travels at most 60) */
        ccl_world *w =
            wt_gravity_world(gravity, 0.0, 1.0, ccl_v2(-120.0, -120.0), ccl_v2(120.0, 120.0));
        for (int k = 0; k < 400; ++k) {
            add(w, ccl_v2(100.0 + k % 20, 100.0 + k / 20), zero, 0.01, 0.0);
        }
        ccl_circle_id idf = add(w, pf, vf, rf, falls ? 1.0 : 0.0);
        ccl_circle_id idm = add(w, pm, vm, rm, 1.0);
        assert_int_equal(ccl_world_advance(w, t_run), CCL_OK);
        size_t n = 0;
        const ccl_contact_event *e = ccl_world_contact_events(w, &n);
        if (n > 0 && e[0].kind != CCL_CONTACT_CIRCLE) {
            fail_msg("run %d: a wall was reached", run);
        }
        if (!meets) {
            misses++;
            if (n > 0) {
                fail_msg("run %d: met at t = %.17g, the swept test says never", run, e[0].time);
            }
        } else {
            hits++;
            if (n == 0) {
                fail_msg("run %d: never met, the swept test says at t = %.17g", run, hit.t);
            }
            bool pair = (e[0].a.index == idm.index && e[0].b.index == idf.index) ||
                        (e[0].a.index == idf.index && e[0].b.index == idm.index);
            assert_true(pair);
            if (!(fabs(e[0].time - hit.t) <= 1e-9 * (1.0 + hit.t))) {
                fail_msg("run %d: met at t = %.17g, the swept test says %.17g", run, e[0].time,
                         hit.t);
            }
        }
        ccl_world_destroy(w);
    }
    print_message("    %d pairs met, %d never met, each as the swept test says\n", hits, misses);
    assert_true(hits > 150 && misses > 150);
}

/* Inelastic circles poured into a funnel under slanted gravity (eight pourings): in a column of
 * touching circles falling together, the pairs at its ends collided at one instant again and
 * again with no change of velocity, and each such collision made stale the real meeting, a few
 * 1e-15 ahead, of its circle with the next one in the column: time crawled by about 1e-12 per
 * million events (one pouring of these, seed 12, stopped at t = 9.28). Each run must reach
 * t = 15 within the event limit, with no pair sinking into another on the way. */
static void inelastic_circles_poured_into_a_slanted_funnel_never_crawl(void **state) {
    (void)state;
    for (uint64_t seed = 9; seed <= 16; ++seed) {
        wt_rng rng = {seed};
        ccl_world_def d = ccl_world_default_def();
        d.gravity = ccl_v2(0.3, -1.0);
        d.restitution = 0.0;
        d.box_max = ccl_v2(30.0, 40.0);
        d.max_events_per_advance = 2000000;
        ccl_world *w = NULL;
        assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
        ccl_segment funnel[2] = {ccl_make_segment(ccl_v2(0.0, 30.0), ccl_v2(13.5, 12.0)),
                                 ccl_make_segment(ccl_v2(30.0, 30.0), ccl_v2(16.5, 12.0))};
        for (int k = 0; k < 2; ++k) {
            assert_int_equal(ccl_world_add_segment(w, funnel[k], NULL), CCL_OK);
        }
        for (int k = 0; k < 6; ++k) {
            assert_int_equal(ccl_world_add_point(w, ccl_v2(5.0 + 4.0 * k, 6.0 + (k % 2)), NULL),
                             CCL_OK);
        }
        int added = 0;
        for (int k = 0; k < 200; ++k) { /* those that would overlap an earlier one are refused */
            ccl_circle_def c = ccl_circle_default_def();
            c.radius = 0.5;
            c.position = ccl_v2(wt_range(&rng, 0.5, 29.5), wt_range(&rng, 31.5, 39.5));
            c.velocity = ccl_v2(wt_range(&rng, -1.0, 1.0), wt_range(&rng, -1.0, 1.0));
            added += ccl_world_add_circle(w, &c, NULL) == CCL_OK;
        }
        assert_true(added >= 80);
        for (int step = 1; step <= 30; ++step) {
            ccl_status status = ccl_world_advance(w, 0.5);
            if (status != CCL_OK) {
                fail_msg("seed %llu: %s at t = %.17g", (unsigned long long)seed,
                         ccl_status_string(status), ccl_world_time(w));
            }
            assert_true(ccl_world_max_overlap(w) < 1e-9);
        }
        assert_true(fabs(ccl_world_time(w) - 15.0) < 1e-9);
        ccl_world_destroy(w);
    }
}

/// Advances w `steps` times by dt; no overlap beyond 1e-9 after any of them.
static void advance_without_overlap(ccl_world *w, int steps, double dt) {
    for (int step = 1; step <= steps; ++step) {
        assert_int_equal(ccl_world_advance(w, dt), CCL_OK);
        assert_true(ccl_world_max_overlap(w) < 1e-9);
    }
}

/* A collision that leaves a pair touching (restitution 0) is passed over when the two share their
 * acceleration; but the pair's supports and sleep, settled after the response, can leave them
 * approaching fast: a tiny circle sliding along the floor into the gap under a sleeping circle
 * (the floor takes back the impulse's downward part), or a light circle between a heavy one and
 * a circle asleep at the wall, stopped there as wedged while the heavy one comes on. Passed over,
 * the meeting let the tiny circle slide through the large one and the heavy one sink into the
 * light one. */
static void circles_stopped_or_slowed_by_the_settling_are_met_again(void **state) {
    (void)state;
    ccl_world *w =
        wt_gravity_world(ccl_v2(0.0, -1.0), 0.0, 0.0, ccl_v2(0.0, 0.0), ccl_v2(30.0, 30.0));
    add(w, ccl_v2(19.0, 1.76), ccl_v2(0.0, 0.0), 1.75, 1.0);
    ccl_circle_id tiny = add(w, ccl_v2(12.0, 0.0021), ccl_v2(0.6, 0.0), 0.002, 1.0);
    advance_without_overlap(w, 400, 0.05);
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, tiny, &s), CCL_OK);
    assert_true(s.position.x < 19.0); /* it stays in the gap on the near side */
    ccl_world_destroy(w);

    w = wt_gravity_world(ccl_v2(0.4, -1.0), 0.0, 0.0, ccl_v2(0.0, 0.0), ccl_v2(30.0, 30.0));
    add(w, ccl_v2(0.5, 0.51), ccl_v2(0.0, 0.0), 0.5, 0.02);
    add(w, ccl_v2(4.0, 0.5), ccl_v2(-3.0, 0.0), 0.5, 0.14);
    add(w, ccl_v2(5.0, 0.5), ccl_v2(-3.0, 0.0), 0.5, 16.8);
    advance_without_overlap(w, 100, 0.05);
    ccl_world_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(elastic_ball_bounces_at_the_analytic_times_and_heights),
              cmocka_unit_test(inelastic_ball_bounce_times_shrink_geometrically_then_it_rests),
              cmocka_unit_test(projectile_follows_the_parabola),
              cmocka_unit_test(ball_bounces_off_a_slope_at_the_analytic_time),
              cmocka_unit_test(ball_falling_onto_a_point_hits_at_the_quartic_root),
              cmocka_unit_test(damped_circle_follows_the_exponential_law),
              cmocka_unit_test(damped_pair_collides_at_the_analytic_time),
              cmocka_unit_test(damped_pair_that_stops_short_never_collides),
              cmocka_unit_test(tiny_circle_leaving_the_floor_does_not_fall_through_it),
              cmocka_unit_test(curved_path_meets_a_segment_from_its_far_side),
              cmocka_unit_test(tiny_inelastic_balls_never_fall_through_walls_or_segments),
              cmocka_unit_test(resting_circles_fall_when_their_support_goes),
              cmocka_unit_test(poured_circles_rest_in_a_funnel_held_by_what_touches_them),
              cmocka_unit_test(inelastic_circles_dropped_into_a_box_never_stall),
              cmocka_unit_test(circles_stopped_or_slowed_by_the_settling_are_met_again),
              cmocka_unit_test(inelastic_circles_poured_into_a_slanted_funnel_never_crawl),
              cmocka_unit_test(a_circle_falling_past_a_fixed_one_meets_it_when_the_swept_test_says))
