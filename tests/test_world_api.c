/* The world's API does what world.h says: circles added overlapping under CCL_OVERLAP_SEPARATE
 * drift apart no faster than separation_speed without gaining energy, then collide normally;
 * recorded contacts equal the callback's; export and get_circle agree; set_velocity sets the
 * trajectory; circles removed during a run take exactly their own energy with them; the world
 * time stays the exact sum of the steps across time re-basing; the statistics agree with the
 * recorded contacts and the exported states. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_hooks.h"
#include "test_main.h"

#include <circol/world.h>

#include "world_cases.h"
#include "world_common.h"

static ccl_circle_id add(ccl_world *w, ccl_vec2 p, ccl_vec2 v, double r, double m) {
    ccl_circle_id id;
    assert_int_equal(wt_add(w, p, v, r, m, &id), CCL_OK);
    return id;
}

/* Fills a world with n random circles (radii 0.4 to 1, masses 0.5 to 2), refusing overlaps. */
static void fill_gas(ccl_world *w, const ccl_world_def *d, int n, uint64_t seed, void *user) {
    wt_rng rng = {seed};
    int placed = 0;
    while (placed < n) {
        ccl_circle_def c = ccl_circle_default_def();
        c.radius = wt_range(&rng, 0.4, 1.0);
        c.mass = wt_range(&rng, 0.5, 2.0);
        c.position = ccl_v2(wt_range(&rng, d->box_min.x + 1.0, d->box_max.x - 1.0),
                            wt_range(&rng, d->box_min.y + 1.0, d->box_max.y - 1.0));
        c.velocity = ccl_v2(3.0 * wt_normal(&rng), 3.0 * wt_normal(&rng));
        c.user_data = user != NULL ? (char *)user + placed : NULL;
        if (ccl_world_add_circle(w, &c, NULL) == CCL_OK) {
            placed++;
        }
    }
}

/* A world from d filled as fill_gas does. */
static ccl_world *gas_world(ccl_world_def d, int n, uint64_t seed, void *user) {
    ccl_world *w = wc_create(&d);
    fill_gas(w, &d, n, seed, user);
    return w;
}

static double distance(ccl_world *w, ccl_circle_id a, ccl_circle_id b) {
    ccl_circle_state sa, sb;
    assert_int_equal(ccl_world_get_circle(w, a, &sa), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, b, &sb), CCL_OK);
    return hypot(sb.position.x - sa.position.x, sb.position.y - sa.position.y);
}

/* Copies of the events the callback saw. */
typedef struct event_log {
    ccl_contact_event events[4096];
    size_t count;
    bool overflow;
} event_log;

static void log_event(const ccl_contact_event *event, void *user) {
    event_log *log = user;
    if (log->count < 4096) {
        log->events[log->count++] = *event;
    } else {
        log->overflow = true;
    }
}

static void overlapping_pair_drifts_apart_slowly_then_collides_normally(void **state) {
    (void)state;
    event_log log;
    memset(&log, 0, sizeof log);
    ccl_world_def d = ccl_world_default_def();
    d.overlap = CCL_OVERLAP_SEPARATE;
    d.separation_speed = 0.5;
    d.on_contact = log_event;
    d.contact_user = &log;
    ccl_world *w = wc_create(&d);
    /* overlapping by one radius, moving up together */
    ccl_circle_id a = add(w, ccl_v2(50.0, 50.0), ccl_v2(0.0, 2.0), 1.0, 1.0);
    ccl_circle_id b = add(w, ccl_v2(51.0, 50.0), ccl_v2(0.0, 2.0), 1.0, 3.0);
    const double energy = 0.5 * (1.0 + 3.0) * 4.0;
    double dist = distance(w, a, b);
    int steps = 0;
    while (dist < 2.0) {
        assert_int_equal(ccl_world_advance(w, 0.1), CCL_OK);
        double next = distance(w, a, b);
        assert_true(next > dist);
        assert_true(next - dist <= 0.5 * 0.1 * (1.0 + 1e-12));
        ccl_world_stats st = ccl_world_get_stats(w);
        assert_true(fabs(st.kinetic_energy - energy) <= 1e-12 * energy);
        assert_true(st.collisions == 0);
        dist = next;
        assert_true(++steps <= 21);
    }
    assert_true(steps >= 20); /* depth 1 at speed 0.5: two time units */
    assert_true(fabs(dist - 2.0) < 1e-12);
    /* the heavier circle moved a quarter of the way, the lighter three quarters */
    ccl_circle_state sa, sb;
    assert_int_equal(ccl_world_get_circle(w, a, &sa), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, b, &sb), CCL_OK);
    assert_true(fabs(sa.position.x - 49.25) < 1e-12 && fabs(sb.position.x - 51.25) < 1e-12);
    assert_int_equal(log.count, 0);
    /* now they collide like any pair: a goes left, bounces off the wall, hits b (1D, elastic) */
    assert_int_equal(ccl_world_set_velocity(w, a, ccl_v2(-1.0, 0.0)), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, b, ccl_v2(0.0, 0.0)), CCL_OK);
    double t0 = ccl_world_time(w);
    double t_wall = t0 + (sa.position.x - 1.0);
    double t_hit = t_wall + (sb.position.x - 2.0 - 1.0);
    assert_int_equal(ccl_world_advance(w, t_hit + 1.0 - t0), CCL_OK);
    assert_int_equal(log.count, 2);
    assert_int_equal(log.events[0].kind, CCL_CONTACT_BOX);
    assert_true(fabs(log.events[0].time - t_wall) < 1e-12 * t_wall);
    assert_int_equal(log.events[1].kind, CCL_CONTACT_CIRCLE);
    assert_true(fabs(log.events[1].time - t_hit) < 1e-12 * t_hit);
    assert_int_equal(ccl_world_get_circle(w, a, &sa), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, b, &sb), CCL_OK);
    assert_true(fabs(sa.velocity.x + 0.5) < 1e-12 && fabs(sb.velocity.x - 0.5) < 1e-12);
    assert_true(fabs(log.events[1].impulse - 1.5) < 1e-12);
    ccl_world_destroy(w);
}

static void separation_never_adds_energy_in_a_crowd(void **state) {
    (void)state;
    ccl_world_def d = ccl_world_default_def();
    d.overlap = CCL_OVERLAP_SEPARATE;
    d.box_max = ccl_v2(30.0, 30.0);
    d.boundary = CCL_BOUNDARY_PERIODIC;
    ccl_world *w = wc_create(&d);
    wt_rng rng = {5};
    for (int i = 0; i < 150; ++i) { /* placed at random, many overlapping */
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2(wt_range(&rng, 0.0, 30.0), wt_range(&rng, 0.0, 30.0));
        c.velocity = ccl_v2(wt_normal(&rng), wt_normal(&rng));
        c.radius = 0.8;
        assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
    }
    ccl_world_stats s0 = ccl_world_get_stats(w);
    assert_true(ccl_world_max_overlap(w) > 0.5);
    for (int k = 0; k < 400; ++k) {
        assert_int_equal(ccl_world_advance(w, 0.05), CCL_OK);
        ccl_world_stats s = ccl_world_get_stats(w);
        assert_true(fabs(s.kinetic_energy - s0.kinetic_energy) <= 1e-10 * s0.kinetic_energy);
    }
    /* separation speed 1, depth at most 1.6: all apart by now, and they stay apart */
    assert_true(ccl_world_max_overlap(w) < 1e-9);
    int n = 0;
    ccl_circle_state *s = wt_export(w, &n);
    wt_scene geometry = {d.box_min, d.box_max, 1, NULL, 0, NULL, 0};
    assert_true(wt_brute_overlap(&geometry, s, n).worst < 1e-9);
    free(s);
    assert_true(ccl_world_get_stats(w).collisions > 100);
    ccl_world_destroy(w);
}

/* A pair added overlapping beside a segment or a point, in a walled box and across a periodic
 * edge (the obstacle's image): the separation moves the circle toward the obstacle until it
 * touches, not into it, whatever the separation speed; the other circle moves its share, and the
 * pair stays recorded (and still overlapping) while the obstacle holds it. Before, the move
 * ignored segments and points and pushed the circle 0.15 into the segment, where it stayed. */
static void separation_stops_at_segments_and_points(void **state) {
    (void)state;
    for (int periodic = 0; periodic < 2; ++periodic) {
        for (int point = 0; point < 2; ++point) {
            ccl_world_def d = ccl_world_default_def();
            d.overlap = CCL_OVERLAP_SEPARATE;
            d.separation_speed = 100.0;
            d.boundary = periodic ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
            ccl_world *w = wc_create(&d);
            /* the obstacle at y = 50, or at y = 0.5 seen across the top edge at 100.5 */
            double y = periodic ? 0.5 : 50.0, seen = periodic ? 100.5 : 50.0;
            if (point) {
                assert_int_equal(ccl_world_add_point(w, ccl_v2(50.0, y), NULL), CCL_OK);
            } else {
                ccl_segment seg = ccl_make_segment(ccl_v2(40.0, y), ccl_v2(60.0, y));
                assert_int_equal(ccl_world_add_segment(w, seg, NULL), CCL_OK);
            }
            /* a is 0.2 from touching it; b overlaps a by 0.7, on the far side */
            double side = periodic ? -1.0 : 1.0;
            ccl_circle_id a = add(w, ccl_v2(50.0, seen + side * 1.2), ccl_v2(0, 0), 1.0, 1.0);
            ccl_circle_id b = add(w, ccl_v2(50.0, seen + side * 2.5), ccl_v2(0, 0), 1.0, 1.0);
            for (int k = 0; k < 10; ++k) {
                assert_int_equal(ccl_world_advance(w, 0.01), CCL_OK);
                ccl_circle_state sa;
                assert_int_equal(ccl_world_get_circle(w, a, &sa), CCL_OK);
                double gap = fabs(sa.position.y -
                                  (periodic ? seen - 100.0 * (sa.position.y < 50.0) : seen)) -
                             1.0;
                assert_true(gap >= -1e-12);
            }
            /* a touches the obstacle; b moved as far as a did (equal masses): 0.3 still overlap */
            ccl_circle_state sa, sb;
            assert_int_equal(ccl_world_get_circle(w, a, &sa), CCL_OK);
            assert_int_equal(ccl_world_get_circle(w, b, &sb), CCL_OK);
            assert_true(fabs(distance(w, a, b) - 1.7) < 1e-9);
            assert_true(ccl_world_max_overlap(w) > 0.29 && ccl_world_max_overlap(w) < 0.31);
            ccl_world_destroy(w);
        }
    }
}

static void recorded_contacts_equal_the_callbacks(void **state) {
    (void)state;
    static event_log log;
    memset(&log, 0, sizeof log);
    ccl_world_def d = wc_square_def(40.0, CCL_BOUNDARY_WALLS);
    d.record_contacts = true;
    d.on_contact = log_event;
    d.contact_user = &log;
    ccl_world *w = wc_create(&d);
    assert_int_equal(
        ccl_world_add_segment(w, ccl_make_segment(ccl_v2(5.0, 20.0), ccl_v2(15.0, 25.0)), NULL),
        CCL_OK);
    assert_int_equal(ccl_world_add_point(w, ccl_v2(30.0, 10.0), NULL), CCL_OK);
    fill_gas(w, &d, 120, 21, NULL);
    int kinds[4] = {0, 0, 0, 0};
    double last = 0.0;
    for (int k = 0; k < 100; ++k) {
        log.count = 0;
        assert_int_equal(ccl_world_advance(w, 0.1), CCL_OK);
        assert_false(log.overflow);
        size_t count = 0;
        const ccl_contact_event *ev = ccl_world_contact_events(w, &count);
        assert_int_equal(count, log.count);
        for (size_t i = 0; i < count; ++i) {
            assert_memory_equal(&ev[i], &log.events[i], sizeof ev[i]);
            assert_true(ev[i].time >= last && ev[i].time <= ccl_world_time(w));
            last = ev[i].time;
            kinds[ev[i].kind]++;
            double len = hypot(ev[i].normal.x, ev[i].normal.y);
            assert_true(fabs(len - 1.0) < 1e-12);
            assert_true(ev[i].impulse >= 0.0);
            if (ev[i].kind == CCL_CONTACT_CIRCLE) {
                assert_int_equal(ev[i].wall, -1);
            } else {
                assert_true(ev[i].b.generation == 0 && ev[i].wall >= 0);
            }
        }
    }
    for (int kind = 0; kind < 4; ++kind) {
        assert_true(kinds[kind] > 0);
    }
    ccl_world_destroy(w);
}

static void export_and_get_circle_agree(void **state) {
    (void)state;
    static char tags[200];
    ccl_world_def d = wc_square_def(50.0, CCL_BOUNDARY_WALLS);
    ccl_world *w = gas_world(d, 200, 31, tags);
    assert_int_equal(ccl_world_advance(w, 3.3), CCL_OK);
    int n = 0;
    ccl_circle_state *s = wt_export(w, &n);
    assert_int_equal(n, 200);
    bool seen[200];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < n; ++i) {
        ccl_circle_state one;
        assert_int_equal(ccl_world_get_circle(w, s[i].id, &one), CCL_OK);
        assert_memory_equal(&one, &s[i], sizeof one);
        ptrdiff_t tag = (char *)s[i].user_data - tags;
        assert_true(tag >= 0 && tag < 200 && !seen[tag]);
        seen[tag] = true;
        assert_true(i == 0 || s[i].id.index > s[i - 1].id.index); /* slot order */
    }
    /* a short capacity writes a prefix */
    ccl_circle_state few[7];
    int count = 0;
    assert_int_equal(ccl_world_export(w, few, 7, &count), CCL_OK);
    assert_int_equal(count, 7);
    assert_memory_equal(few, s, sizeof few);
    assert_int_equal(ccl_world_export(w, NULL, 0, &count), CCL_OK);
    assert_int_equal(count, 0);
    free(s);
    ccl_world_destroy(w);
}

/* A circle added into a removed circle's slot is a new trajectory: an event that another circle
 * predicted with the removed one must not be taken for a collision with the newcomer. (The slot's
 * trajectory counter used to restart at 0 for the newcomer, the value the stale event held.) */
static void a_reused_slot_does_not_inherit_events(void **state) {
    (void)state;
    for (int variant = 0; variant < 2; ++variant) {
        ccl_world_def d =
            wc_square_def(40.0, variant == 0 ? CCL_BOUNDARY_WALLS : CCL_BOUNDARY_PERIODIC);
        ccl_world *w = wc_create(&d);
        ccl_circle_def c = ccl_circle_default_def();
        c.radius = 0.5;
        c.position = ccl_v2(13.0, 10.0); /* at rest: its counter stays at 0 */
        ccl_circle_id target;
        assert_int_equal(ccl_world_add_circle(w, &c, &target), CCL_OK);
        c.position = ccl_v2(10.0, 10.0);
        c.velocity = ccl_v2(1.0, 0.0); /* predicts a collision with it at t = 2 */
        ccl_circle_id mover;
        assert_int_equal(ccl_world_add_circle(w, &c, &mover), CCL_OK);
        assert_int_equal(ccl_world_advance(w, 0.5), CCL_OK);
        assert_int_equal(ccl_world_remove_circle(w, target), CCL_OK);
        c.position = ccl_v2(30.0, 30.0);
        c.velocity = ccl_v2(0.0, 0.0);
        ccl_circle_id newcomer;
        assert_int_equal(ccl_world_add_circle(w, &c, &newcomer), CCL_OK);
        assert_int_equal(newcomer.index, target.index); /* the same slot */
        assert_int_equal(ccl_world_advance(w, 3.0), CCL_OK);
        ccl_circle_state m, n;
        assert_int_equal(ccl_world_get_circle(w, mover, &m), CCL_OK);
        assert_int_equal(ccl_world_get_circle(w, newcomer, &n), CCL_OK);
        assert_true(m.velocity.x == 1.0 && m.velocity.y == 0.0);
        assert_true(n.velocity.x == 0.0 && n.velocity.y == 0.0);
        assert_true(n.position.x == 30.0 && n.position.y == 30.0);
        assert_true(ccl_world_get_stats(w).collisions == 0);
        ccl_world_destroy(w);
    }
}

static void set_velocity_sets_the_trajectory(void **state) {
    (void)state;
    ccl_world_def d = ccl_world_default_def();
    ccl_world *w = wc_create(&d);
    ccl_circle_id a = add(w, ccl_v2(20.0, 20.0), ccl_v2(5.0, 5.0), 1.0, 2.0);
    ccl_circle_id wall = add(w, ccl_v2(80.0, 80.0), ccl_v2(0.0, 0.0), 1.0, 0.0);
    assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, a, ccl_v2(-3.0, 7.0)), CCL_OK);
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, a, &s), CCL_OK);
    assert_true(s.velocity.x == -3.0 && s.velocity.y == 7.0);
    assert_true(s.position.x == 25.0 && s.position.y == 25.0);
    assert_int_equal(ccl_world_advance(w, 2.0), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, a, &s), CCL_OK);
    assert_true(fabs(s.position.x - 19.0) < 1e-12 && fabs(s.position.y - 39.0) < 1e-12);
    ccl_world_stats st = ccl_world_get_stats(w);
    assert_true(fabs(st.kinetic_energy - 0.5 * 2.0 * 58.0) < 1e-12);
    /* an immovable circle given a velocity becomes kinematic; given 0 again, it stays put */
    assert_int_equal(ccl_world_set_velocity(w, wall, ccl_v2(0.0, 0.0)), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, wall, &s), CCL_OK);
    assert_true(s.velocity.x == 0.0 && s.mass == 0.0 && s.kinematic);
    /* aim a at the immovable circle: it bounces straight back at the predicted time */
    assert_int_equal(ccl_world_set_velocity(w, a, ccl_v2(10.0, 0.0)), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 0.0), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, a, ccl_v2(0.0, 0.0)), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, a, &s), CCL_OK);
    ccl_vec2 aim = ccl_sub(ccl_v2(80.0, 80.0), s.position);
    double len = hypot(aim.x, aim.y);
    assert_int_equal(ccl_world_set_velocity(w, a, ccl_scale(aim, 4.0 / len)), CCL_OK);
    assert_int_equal(ccl_world_advance(w, (len - 2.0) / 4.0 + 1.0), CCL_OK);
    assert_int_equal(ccl_world_get_circle(w, a, &s), CCL_OK);
    assert_true(fabs(s.velocity.x + 4.0 * aim.x / len) < 1e-9);
    assert_true(fabs(s.velocity.y + 4.0 * aim.y / len) < 1e-9);
    ccl_world_destroy(w);
}

static void removing_circles_during_a_run_takes_only_their_energy(void **state) {
    (void)state;
    ccl_world_def d = wc_square_def(50.0, CCL_BOUNDARY_PERIODIC);
    ccl_world *w = gas_world(d, 300, 41, NULL);
    wt_rng rng = {42};
    wt_scene geometry = {d.box_min, d.box_max, 1, NULL, 0, NULL, 0};
    for (int k = 0; k < 150; ++k) {
        assert_int_equal(ccl_world_advance(w, 0.05), CCL_OK);
        int n = 0;
        ccl_circle_state *s = wt_export(w, &n);
        assert_int_equal(n, 300 - k);
        assert_true(wt_brute_overlap(&geometry, s, n).worst < 1e-9);
        long double e = wt_kinetic(s, n);
        ccl_world_stats st = ccl_world_get_stats(w);
        assert_true(fabsl(st.kinetic_energy - e) <= 1e-13L * e);
        int victim = (int)(wt_next(&rng) % (uint64_t)n);
        long double gone = 0.5L * s[victim].mass *
                           ((long double)s[victim].velocity.x * s[victim].velocity.x +
                            (long double)s[victim].velocity.y * s[victim].velocity.y);
        assert_int_equal(ccl_world_remove_circle(w, s[victim].id), CCL_OK);
        ccl_world_stats after = ccl_world_get_stats(w);
        assert_true(fabsl(after.kinetic_energy - (e - gone)) <= 1e-12L * e);
        assert_int_equal(after.circle_count, n - 1);
        /* a new circle may be added into the gap it left, even mid-run */
        if (k % 10 == 0) {
            ccl_circle_def c = ccl_circle_default_def();
            c.position = s[victim].position;
            c.radius = s[victim].radius;
            c.velocity = ccl_v2(-s[victim].velocity.x, -s[victim].velocity.y);
            c.mass = s[victim].mass;
            ccl_circle_id id;
            assert_int_equal(ccl_world_add_circle(w, &c, &id), CCL_OK);
            assert_int_equal(id.index, s[victim].id.index);
            assert_int_equal(ccl_world_remove_circle(w, id), CCL_OK);
        }
        free(s);
        long double before = ccl_world_get_stats(w).kinetic_energy;
        assert_int_equal(ccl_world_advance(w, 0.05), CCL_OK);
        assert_true(fabsl(ccl_world_get_stats(w).kinetic_energy - before) <= 1e-12L * before);
    }
    ccl_world_destroy(w);
}

static void world_time_is_the_sum_of_the_steps(void **state) {
    (void)state;
    ccl_world *w = gas_world(wc_square_def(40.0, CCL_BOUNDARY_WALLS), 100, 51, NULL);
    wt_rng rng = {52};
    double sum = 0.0; /* dyadic steps below 2^-4: every partial sum is exact */
    long double exact = 0.0L;
    double worst_ulps = 0.0;
    for (int k = 0; k < 20000; ++k) {
        double dt = (double)(wt_next(&rng) % 256u) * 0x1.0p-12;
        assert_int_equal(ccl_world_advance(w, dt), CCL_OK);
        sum += dt;
        exact += dt;
        /* re-basings happen in between, yet the world lands on the exact sum of the steps */
        double ulps = fabs(ccl_world_time(w) - sum) / (nextafter(sum, INFINITY) - sum);
        worst_ulps = fmax(worst_ulps, ulps);
        if (ulps > 0.0) {
            print_error("step %d: world time %.17g, sum of steps %.17g\n", k, ccl_world_time(w),
                        sum);
        }
        assert_true(ccl_world_time(w) == sum);
    }
    assert_true((long double)sum == exact);
    ccl_world_stats st = ccl_world_get_stats(w);
    assert_true(st.time == ccl_world_time(w));
    /* many re-basings happened (one per 4 N + 1024 events) */
    assert_true(st.events > 20u * (4u * 100u + 1024u));
    assert_true(ccl_world_max_overlap(w) < 1e-9);
    print_message("    time %.17g after %llu events; worst difference from the sum %.0f ulp\n", sum,
                  (unsigned long long)st.events, worst_ulps);
    ccl_world_destroy(w);
}

static void statistics_agree_with_contacts_and_states(void **state) {
    (void)state;
    ccl_world_def d = wc_square_def(40.0, CCL_BOUNDARY_WALLS);
    d.record_contacts = true;
    ccl_world *w = gas_world(d, 150, 61, NULL);
    ccl_world_stats s0 = ccl_world_get_stats(w);
    uint64_t circles = 0, walls = 0;
    long double virial = 0.0L;
    for (int k = 0; k < 200; ++k) {
        assert_int_equal(ccl_world_advance(w, 0.05), CCL_OK);
        size_t count = 0;
        const ccl_contact_event *ev = ccl_world_contact_events(w, &count);
        for (size_t i = 0; i < count; ++i) {
            if (ev[i].kind == CCL_CONTACT_CIRCLE) {
                circles++;
                ccl_circle_state a, b;
                assert_int_equal(ccl_world_get_circle(w, ev[i].a, &a), CCL_OK);
                assert_int_equal(ccl_world_get_circle(w, ev[i].b, &b), CCL_OK);
                virial += (long double)ev[i].impulse * (a.radius + b.radius);
            } else {
                walls++;
            }
        }
        ccl_world_stats st = ccl_world_get_stats(w);
        assert_true(st.collisions == circles);
        assert_true(st.wall_collisions == walls);
        assert_true(st.events >= circles + walls);
        assert_true(fabsl(st.virial - virial) <= 1e-9L * virial);
        assert_true(st.virial_time == ccl_world_time(w));
        int n = 0;
        ccl_circle_state *s = wt_export(w, &n);
        long double e = wt_kinetic(s, n), px = 0.0L, py = 0.0L;
        for (int i = 0; i < n; ++i) {
            px += (long double)s[i].mass * s[i].velocity.x;
            py += (long double)s[i].mass * s[i].velocity.y;
        }
        free(s);
        assert_true(fabsl(st.kinetic_energy - e) <= 1e-13L * e);
        assert_true(fabsl(st.momentum.x - px) < 1e-10L && fabsl(st.momentum.y - py) < 1e-10L);
        assert_true(fabs(st.kinetic_energy - s0.kinetic_energy) <= 1e-12 * s0.kinetic_energy);
        assert_int_equal(st.circle_count, 150);
        assert_true(st.memory_bytes > 0);
    }
    assert_true(circles > 500 && walls > 100);
    /* reset zeroes the counters and the virial, and measures time from now */
    ccl_world_reset_stats(w);
    ccl_world_stats st = ccl_world_get_stats(w);
    assert_true(st.collisions == 0 && st.wall_collisions == 0 && st.events == 0);
    assert_true(st.virial == 0.0 && st.virial_time == 0.0);
    assert_true(st.time == ccl_world_time(w));
    assert_int_equal(ccl_world_advance(w, 0.5), CCL_OK);
    st = ccl_world_get_stats(w);
    assert_true(fabs(st.virial_time - 0.5) < 1e-12);
    ccl_world_destroy(w);
}

/* def.cell_size is honoured: bigger cells mean fewer cell crossings (fewer events per collision),
 * and the physics does not depend on the grid: the same collisions, states within 1e-9. */
static void cell_size_changes_the_grid_not_the_physics(void **state) {
    (void)state;
    ccl_circle_state a[150], b[150];
    uint64_t events[2], collisions[2];
    for (int run = 0; run < 2; ++run) {
        ccl_world_def d = wc_square_def(40.0, CCL_BOUNDARY_PERIODIC);
        d.cell_size = run == 0 ? 0.0 : 8.0;
        ccl_world *w = gas_world(d, 150, 5, NULL);
        assert_int_equal(ccl_world_advance(w, 2.0), CCL_OK);
        ccl_world_stats s = ccl_world_get_stats(w);
        events[run] = s.events;
        collisions[run] = s.collisions;
        int count = 0;
        assert_int_equal(ccl_world_export(w, run == 0 ? a : b, 150, &count), CCL_OK);
        assert_int_equal(count, 150);
        ccl_world_destroy(w);
    }
    printf("%llu collisions; events per collision: %.3f default cells, %.3f with cells of 8\n",
           (unsigned long long)collisions[0], (double)events[0] / (double)collisions[0],
           (double)events[1] / (double)collisions[1]);
    assert_true(collisions[0] > 200);
    assert_true(collisions[0] == collisions[1]);
    assert_true(events[1] < events[0]);
    /* the grid changes when predictions are made, so the last bits differ, and chaos amplifies
     * them by about 10x per time unit here (4e-11 at t = 2, 5e-4 at t = 6): 1e-9 at t = 2 leaves
     * room for that, not for a wrong event */
    double worst = 0.0;
    for (int k = 0; k < 150; ++k) {
        worst = fmax(worst, fmax(fabs(a[k].position.x - b[k].position.x),
                                 fabs(a[k].position.y - b[k].position.y)));
        worst = fmax(worst, fmax(fabs(a[k].velocity.x - b[k].velocity.x),
                                 fabs(a[k].velocity.y - b[k].velocity.y)));
    }
    printf("largest difference in a state: %.3g\n", worst);
    assert_true(worst < 1e-9);
}

/* An allocator that refuses requests of one size (the user data table: capacity pointers). */
typedef struct refusing_allocator {
    size_t refused_size;
    int refusals;
} refusing_allocator;

static void *refusing_alloc(size_t size, size_t align, void *user) {
    (void)align;
    refusing_allocator *r = user;
    if (size == r->refused_size) {
        r->refusals++;
        return NULL;
    }
    return malloc(size);
}

/* The user data table is made only when a circle carries user data: circles without it read NULL
 * before and after, the ones with it read theirs back (through slot reuse after removal, and
 * through growth of the world), and a table that cannot be allocated refuses the add and leaves
 * the world as it was. */
static void user_data_is_kept_only_once_used(void **state) {
    (void)state;
    static char tags[300];
    refusing_allocator refuse = {0, 0};
    ccl_world_def d = wc_square_def(200.0, CCL_BOUNDARY_WALLS);
    d.capacity = 64;
    d.allocator = (ccl_allocator){refusing_alloc, wt_free, &refuse};
    ccl_world *w = wc_create(&d);
    ccl_circle_id plain[40];
    for (int i = 0; i < 40; ++i) {
        plain[i] = add(w, ccl_v2(2.5 + 4.0 * i, 5.0), ccl_v2(1.0, 0.5), 1.0, 1.0);
    }
    size_t before = ccl_world_get_stats(w).memory_bytes;
    /* the table would be 64 pointers: refuse it */
    refuse.refused_size = 64 * sizeof(void *);
    ccl_circle_def c = ccl_circle_default_def();
    c.position = ccl_v2(100.0, 100.0);
    c.user_data = &tags[0];
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_ERR_OUT_OF_MEMORY);
    assert_int_equal(refuse.refusals, 1);
    assert_int_equal(ccl_world_get_stats(w).circle_count, 40);
    assert_int_equal(ccl_world_get_stats(w).memory_bytes, before);
    refuse.refused_size = 0;
    /* now it is made, with the pointers of the earlier circles NULL */
    ccl_circle_id tagged[200];
    for (int i = 0; i < 200; ++i) {
        c.position = ccl_v2(5.0 + 9.0 * (i % 20), 20.0 + 9.0 * (i / 20));
        c.user_data = &tags[i];
        assert_int_equal(ccl_world_add_circle(w, &c, &tagged[i]), CCL_OK);
    }
    assert_int_equal(ccl_world_get_stats(w).memory_bytes > before, true);
    assert_int_equal(ccl_world_remove_circle(w, plain[3]), CCL_OK);
    assert_int_equal(ccl_world_remove_circle(w, tagged[7]), CCL_OK);
    c.position = ccl_v2(190.0, 190.0);
    c.user_data = NULL;
    ccl_circle_id reused;
    assert_int_equal(ccl_world_add_circle(w, &c, &reused), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 2.0), CCL_OK);
    ccl_circle_state st;
    assert_int_equal(ccl_world_get_circle(w, reused, &st), CCL_OK);
    assert_null(st.user_data);
    for (int i = 0; i < 40; ++i) {
        if (i != 3) {
            assert_int_equal(ccl_world_get_circle(w, plain[i], &st), CCL_OK);
            assert_null(st.user_data);
        }
    }
    for (int i = 0; i < 200; ++i) {
        if (i != 7) {
            assert_int_equal(ccl_world_get_circle(w, tagged[i], &st), CCL_OK);
            assert_ptr_equal(st.user_data, &tags[i]);
        }
    }
    ccl_world_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(overlapping_pair_drifts_apart_slowly_then_collides_normally),
              cmocka_unit_test(separation_never_adds_energy_in_a_crowd),
              cmocka_unit_test(separation_stops_at_segments_and_points),
              cmocka_unit_test(recorded_contacts_equal_the_callbacks),
              cmocka_unit_test(export_and_get_circle_agree),
              cmocka_unit_test(user_data_is_kept_only_once_used),
              cmocka_unit_test(set_velocity_sets_the_trajectory),
              cmocka_unit_test(removing_circles_during_a_run_takes_only_their_energy),
              cmocka_unit_test(a_reused_slot_does_not_inherit_events),
              cmocka_unit_test(world_time_is_the_sum_of_the_steps),
              cmocka_unit_test(statistics_agree_with_contacts_and_states),
              cmocka_unit_test(cell_size_changes_the_grid_not_the_physics))
