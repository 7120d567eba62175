/* Growing radii (Lubachevsky-Stillinger compression). Oracles: the contact time of a growing
 * pair as the root of its quadratic in long double; closed forms for a circle meeting a wall, a
 * segment and a point; a brute-force event-driven simulator in long double (every pair, every
 * periodic image, at every step) for small compressions; radii r0 (1 + g t); no overlap after any
 * round (brute force over every pair); the hexagonal bound 0.9069 for equal disks; and the jamming
 * fraction of the 50:50 mixture of diameter ratio 1.4, near 0.84 (O'Hern et al., Phys. Rev. E
 * 68, 011306, 2003). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/game.h>
#include <circol/world.h>

#include "growth_common.h"
#include "growth_pairs.h"
#include "world_cases.h"
#include "world_common.h"

static double brute_overlap(const ccl_world *w, double side);

/// A world of one circle pair (or one circle) in a large box, recording its contacts.
static ccl_world *recording_world(bool periodic, double side) {
    ccl_world_def d = periodic ? wt_periodic_def(side, side) : ccl_world_default_def();
    d.box_min = ccl_v2(0.0, 0.0);
    d.box_max = ccl_v2(side, side);
    d.record_contacts = true;
    return wc_create(&d);
}

/// One random pair: b heads about towards a, or at random.
static long double planar_pair_trial(wt_rng *rng, int trial, gp_sizes z, double *found) {
    ccl_world *w = recording_world(true, 1000.0);
    double angle = wt_range(rng, 0.0, 6.283185307179586);
    ccl_vec2 pa = ccl_v2(500.0, 500.0);
    ccl_vec2 pb = ccl_v2(500.0 + z.dist * cos(angle), 500.0 + z.dist * sin(angle));
    ccl_vec2 va = ccl_v2(wt_normal(rng), wt_normal(rng));
    double aim = angle + 3.141592653589793 + wt_range(rng, -0.3, 0.3);
    ccl_vec2 vb = trial % 2 == 0 ? ccl_v2(wt_normal(rng), wt_normal(rng))
                                 : ccl_v2(va.x + 2.0 * cos(aim), va.y + 2.0 * sin(aim));
    ccl_circle_id ia, ib;
    assert_int_equal(wt_add(w, pa, va, z.ra, 1.0, &ia), CCL_OK);
    assert_int_equal(wt_add(w, pb, vb, z.rb, 1.0, &ib), CCL_OK);
    assert_int_equal(ccl_world_set_growth_rate(w, z.g), CCL_OK);
    *found = gp_first_contact(w, 100.0);
    ccl_world_destroy(w);
    return gc_contact_time((long double)pb.x - pa.x, (long double)pb.y - pa.y,
                           (long double)vb.x - va.x, (long double)vb.y - va.y,
                           (long double)z.ra + z.rb, ((long double)z.ra + z.rb) * z.g);
}

/// A circle of radius 1 growing at g meets a wall 49 away at 49 / (v + g), a segment's interior
/// and a point 9 away at 9 / (v + g), and leaves each faster than it grows.
static void a_growing_circle_meets_walls_segments_and_points_on_time(void **state) {
    (void)state;
    const double g = 0.25;
    for (int what = 0; what < 3; ++what) {
        ccl_world *w = recording_world(false, 100.0);
        if (what == 1) {
            assert_int_equal(
                ccl_world_add_segment(w, (ccl_segment){{30.0, 40.0}, {70.0, 40.0}}, NULL), CCL_OK);
        } else if (what == 2) {
            assert_int_equal(ccl_world_add_point(w, ccl_v2(50.0, 40.0), NULL), CCL_OK);
        }
        ccl_circle_id id;
        ccl_vec2 v = what == 0 ? ccl_v2(-1.0, 0.0) : ccl_v2(0.0, -1.0);
        assert_int_equal(wt_add(w, ccl_v2(50.0, 50.0), v, 1.0, 1.0, &id), CCL_OK);
        assert_int_equal(ccl_world_set_growth_rate(w, g), CCL_OK);
        double expected = (what == 0 ? 49.0 : 9.0) / (1.0 + g);
        assert_int_equal(ccl_world_advance(w, expected * (1.0 + 1e-6)), CCL_OK);
        size_t count = 0;
        const ccl_contact_event *e = ccl_world_contact_events(w, &count);
        assert_int_equal(count, 1);
        double t = e[0].time;
        assert_true(fabs(t - expected) <= 1e-13 * expected);
        ccl_circle_state s;
        assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_OK);
        double along = what == 0 ? s.velocity.x : s.velocity.y;
        assert_true(along > g); /* the gap opens: faster than the radius grows */
        assert_true(fabs(s.radius - (1.0 + g * ccl_world_time(w))) <= 1e-13 * s.radius);
        ccl_world_destroy(w);
    }
}

/// The brute-force simulator's state: n disks of mass 1 in a periodic side x side box.
typedef struct bf_world {
    int n;
    long double side, g, time;
    long double x[8], y[8], vx[8], vy[8], r0[8];
} bf_world;

/// The next collision of the brute-force world: every pair, every image; returns its time from
/// now and the pair and image in *i, *k, *sx, *sy.
static long double bf_next(const bf_world *b, int *i, int *k, int *sx, int *sy) {
    long double best = INFINITY;
    for (int p = 0; p < b->n; ++p) {
        for (int q = p + 1; q < b->n; ++q) {
            long double sum = b->r0[p] + b->r0[q];
            /* the nearest image now, then three around it each way: a disk moves a few box sizes
             * before it meets another (the positions are not wrapped) */
            long double ox = b->x[q] - b->x[p], oy = b->y[q] - b->y[p];
            int wx = (int)-roundl(ox / b->side), wy = (int)-roundl(oy / b->side);
            for (int ix = -3; ix <= 3; ++ix) {
                for (int iy = -3; iy <= 3; ++iy) {
                    long double u = gc_contact_time(
                        ox + (ix + wx) * b->side, oy + (iy + wy) * b->side, b->vx[q] - b->vx[p],
                        b->vy[q] - b->vy[p], sum * (1.0L + b->g * b->time), sum * b->g);
                    if (u < best) {
                        best = u;
                        *i = p, *k = q, *sx = ix + wx, *sy = iy + wy;
                    }
                }
            }
        }
    }
    return best;
}

/// Moves the brute-force world by u and collides pair (i, k) at image (sx, sy): the gap's
/// closing rate is turned round.
static void bf_collide(bf_world *b, long double u, int i, int k, int sx, int sy) {
    for (int p = 0; p < b->n; ++p) {
        b->x[p] += b->vx[p] * u;
        b->y[p] += b->vy[p] * u;
    }
    b->time += u;
    long double dx = b->x[k] + sx * b->side - b->x[i], dy = b->y[k] + sy * b->side - b->y[i];
    long double d = sqrtl(dx * dx + dy * dy), nx = dx / d, ny = dy / d;
    long double s = (b->r0[i] + b->r0[k]) * b->g;
    long double closing = s - ((b->vx[k] - b->vx[i]) * nx + (b->vy[k] - b->vy[i]) * ny);
    long double j = closing; /* half of 2 closing each, equal masses */
    b->vx[i] -= j * nx, b->vy[i] -= j * ny;
    b->vx[k] += j * nx, b->vy[k] += j * ny;
}

/// Six disks compressed in a periodic box: the first 15 collisions are those of the brute-force
/// simulator, the same pairs at the same times (1e-9 relative). The gas is chaotic: the two
/// differ by 1e-16 at the first collision and about three times more at each (1e-11 at the
/// 15th), so later collisions part ways whichever is nearer the exact one. Eight seeds.
static void small_compressions_match_a_brute_force_simulator(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        wt_rng rng = {seed * 977};
        bf_world b = {6, 8.0L, 0.05L, 0.0L, {0}, {0}, {0}, {0}, {0}};
        ccl_world *w = recording_world(true, 8.0);
        ccl_circle_id ids[6];
        for (int p = 0; p < b.n; ++p) {
            ccl_vec2 pos = ccl_v2(1.0 + 2.5 * (p % 3) + wt_range(&rng, 0.0, 0.4),
                                  2.0 + 4.0 * (p / 3) + wt_range(&rng, 0.0, 0.4));
            ccl_vec2 vel = ccl_v2(wt_normal(&rng), wt_normal(&rng));
            double r = wt_range(&rng, 0.3, 0.6);
            assert_int_equal(wt_add(w, pos, vel, r, 1.0, &ids[p]), CCL_OK);
            b.x[p] = pos.x, b.y[p] = pos.y, b.vx[p] = vel.x, b.vy[p] = vel.y, b.r0[p] = r;
        }
        assert_int_equal(ccl_world_set_growth_rate(w, (double)b.g), CCL_OK);
        for (int event = 0; event < 15; ++event) {
            int i = -1, k = -1, sx = 0, sy = 0;
            long double u = bf_next(&b, &i, &k, &sx, &sy);
            assert_true(u < INFINITY);
            bf_collide(&b, u, i, k, sx, sy);
            double t = gp_first_contact(w, INFINITY);
            size_t count = 0;
            const ccl_contact_event *e = ccl_world_contact_events(w, &count);
            assert_true(count >= 1);
            uint32_t a = e[0].a.index, c = e[0].b.index;
            assert_true((a == ids[i].index && c == ids[k].index) ||
                        (a == ids[k].index && c == ids[i].index));
            assert_true(fabsl(t - b.time) <= 1e-9L * b.time);
        }
        ccl_world_destroy(w);
    }
}

/// Radii are r0 (1 + g t) after any split of the time into advances, and stop growing at rate 0.
static void radii_grow_linearly_and_stop_at_rate_zero(void **state) {
    (void)state;
    ccl_world *w = gc_gas(40, 30.0, true, 5);
    int n0;
    ccl_circle_state *before = wt_export(w, &n0);
    const double g = 0.02;
    assert_int_equal(ccl_world_set_growth_rate(w, g), CCL_OK);
    assert_true(ccl_world_growth_rate(w) == g);
    double t = 0.0;
    wt_rng rng = {3};
    for (int step = 0; step < 30; ++step) {
        double dt = wt_range(&rng, 0.0, 0.5);
        assert_int_equal(ccl_world_advance(w, dt), CCL_OK);
        t += dt;
    }
    int n1;
    ccl_circle_state *after = wt_export(w, &n1);
    assert_int_equal(n0, n1);
    for (int i = 0; i < n0; ++i) {
        assert_true(fabs(after[i].radius - before[i].radius * (1.0 + g * t)) <=
                    1e-13 * after[i].radius);
    }
    assert_int_equal(ccl_world_set_growth_rate(w, 0.0), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 3.0), CCL_OK);
    ccl_circle_state *still = wt_export(w, &n1);
    for (int i = 0; i < n0; ++i) {
        assert_true(still[i].radius == after[i].radius);
    }
    free(before);
    free(after);
    free(still);
    ccl_world_destroy(w);
}

/// Circles added to a growing gas, one three times the others' size, are met on time as they grow
/// (the cells are kept a diameter of the largest wide): no overlap after any advance.
static void circles_added_while_growing_never_overlap(void **state) {
    (void)state;
    const double side = 40.0;
    ccl_world *w = gc_gas(60, side, false, 9);
    assert_int_equal(ccl_world_set_growth_rate(w, 0.01), CCL_OK);
    wt_rng rng = {17};
    int added = 0;
    for (int step = 0; step < 60; ++step) {
        assert_int_equal(ccl_world_advance(w, 0.5), CCL_OK);
        assert_true(brute_overlap(w, side) <= 1e-12);
        if (step % 10 == 5) {
            double r = added == 0 ? 1.5 : 0.5;
            ccl_circle_def c =
                wt_circle(ccl_v2(wt_range(&rng, 0.0, side), wt_range(&rng, 0.0, side)),
                          ccl_v2(wt_normal(&rng), wt_normal(&rng)), r);
            added += ccl_world_add_circle(w, &c, NULL) == CCL_OK;
        }
    }
    assert_true(added >= 2);
    ccl_world_destroy(w);
}

/// What the contact callback saw: the world, and the status of setting a rate from inside it.
typedef struct locked_probe {
    ccl_world *world;
    ccl_status status;
    int calls;
} locked_probe;

static void set_rate_inside(const ccl_contact_event *event, void *user) {
    (void)event;
    locked_probe *probe = user;
    probe->status = ccl_world_set_growth_rate(probe->world, 0.5);
    probe->calls++;
}

/// From inside a contact callback the rate cannot be set (CCL_ERR_LOCKED), and stays as it was.
static void the_rate_is_locked_during_a_callback(void **state) {
    (void)state;
    locked_probe probe = {NULL, CCL_OK, 0};
    ccl_world_def d = wt_periodic_def(20.0, 20.0);
    d.on_contact = set_rate_inside;
    d.contact_user = &probe;
    assert_int_equal(ccl_world_create(&d, &probe.world), CCL_OK);
    ccl_circle_id a, b;
    assert_int_equal(wt_add(probe.world, ccl_v2(5.0, 10.0), ccl_v2(1.0, 0.0), 1.0, 1.0, &a),
                     CCL_OK);
    assert_int_equal(wt_add(probe.world, ccl_v2(15.0, 10.0), ccl_v2(-1.0, 0.0), 1.0, 1.0, &b),
                     CCL_OK);
    assert_int_equal(ccl_world_set_growth_rate(probe.world, 0.1), CCL_OK);
    assert_int_equal(ccl_world_advance(probe.world, 6.0), CCL_OK);
    assert_true(probe.calls >= 1);
    assert_int_equal(probe.status, CCL_ERR_LOCKED);
    assert_true(ccl_world_growth_rate(probe.world) == 0.1);
    ccl_world_destroy(probe.world);
}

/// Bad input is refused with a status: NULL, negative, NaN and infinite rates, and growth under
/// gravity or damping; a circle that would outgrow its periodic box stops the advance with
/// CCL_ERR_UNSUPPORTED (no hang, no overlap with its own image).
static void bad_growth_is_refused(void **state) {
    (void)state;
    assert_int_equal(ccl_world_set_growth_rate(NULL, 1.0), CCL_ERR_INVALID_ARGUMENT);
    ccl_world *w = gc_gas(1, 10.0, false, 1);
    assert_int_equal(ccl_world_set_growth_rate(w, -1.0), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_set_growth_rate(w, NAN), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_set_growth_rate(w, INFINITY), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_set_growth_rate(w, 1.0), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 100.0), CCL_ERR_UNSUPPORTED);
    ccl_circle_state s;
    int count;
    assert_int_equal(ccl_world_export(w, &s, 1, &count), CCL_OK);
    assert_true(2.0 * s.radius <= 10.0);
    ccl_world_destroy(w);
    ccl_world_def d = ccl_world_default_def();
    d.gravity = ccl_v2(0.0, -9.81);
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    assert_int_equal(ccl_world_set_growth_rate(w, 1.0), CCL_ERR_UNSUPPORTED);
    ccl_world_destroy(w);
    d = ccl_world_default_def();
    d.damping = 0.5;
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    assert_int_equal(ccl_world_set_growth_rate(w, 1.0), CCL_ERR_UNSUPPORTED);
    ccl_world_destroy(w);
}

/* Growth keeps to free circles that all collide: a growing world refuses kinematic circles,
 * sensors and filters that forbid pairs, and a world with any of them refuses to grow. */
static void growth_refuses_the_game_kit(void **state) {
    (void)state;
    ccl_world *w = recording_world(false, 20.0);
    ccl_circle_id still, free_one;
    assert_int_equal(wt_add(w, ccl_v2(5.0, 5.0), ccl_v2(0.0, 0.0), 1.0, 0.0, &still), CCL_OK);
    assert_int_equal(wt_add(w, ccl_v2(12.0, 5.0), ccl_v2(1.0, 0.0), 1.0, 1.0, &free_one), CCL_OK);
    assert_int_equal(ccl_world_set_growth_rate(w, 0.01), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, still, ccl_v2(1.0, 0.0)), CCL_ERR_UNSUPPORTED);
    assert_int_equal(ccl_world_set_sensor(w, free_one, true), CCL_ERR_UNSUPPORTED);
    assert_int_equal(ccl_world_set_filter(w, free_one, 2u, 2u), CCL_ERR_UNSUPPORTED);
    assert_int_equal(ccl_world_set_filter(w, free_one, 1u, 0xffffffffu), CCL_OK);
    assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
    assert_int_equal(ccl_world_set_growth_rate(w, 0.0), CCL_OK);
    assert_int_equal(ccl_world_set_velocity(w, still, ccl_v2(1.0, 0.0)), CCL_OK);
    assert_int_equal(ccl_world_set_growth_rate(w, 0.01), CCL_ERR_UNSUPPORTED);
    assert_int_equal(ccl_world_set_velocity(w, still, ccl_v2(0.0, 0.0)), CCL_OK);
    assert_int_equal(ccl_world_set_sensor(w, free_one, true), CCL_OK);
    assert_int_equal(ccl_world_set_growth_rate(w, 0.01), CCL_ERR_UNSUPPORTED);
    ccl_world_destroy(w);
}

/// The largest overlap over every pair (brute force, minimum image), relative to the radii.
static double brute_overlap(const ccl_world *w, double side) {
    int count;
    ccl_circle_state *s = wt_export(w, &count);
    wt_scene sc = {{0.0, 0.0}, {side, side}, 1, NULL, 0, NULL, 0};
    wt_overlap o = wt_brute_overlap(&sc, s, count);
    free(s);
    return o.worst;
}

/// How a gas is compressed: the growth rate, the collisions per disk in a round, the rounds at
/// most, the reduced pressure that ends it, and whether every round is checked for an overlap and
/// for a packing fraction below phi_max.
typedef struct compression {
    double rate;
    int per_disk, rounds;
    double pressure;
    bool check_each_round;
    double phi_max;
} compression;

/// Compresses w, n disks of mass 1 in a periodic side x side box, as c says; returns the last
/// round.
static gc_round compress(ccl_world *w, int n, double side, compression c) {
    assert_int_equal(ccl_world_set_growth_rate(w, c.rate), CCL_OK);
    gc_round r = {CCL_OK, 0.0, 0.0};
    for (int round = 0; round < c.rounds && r.pressure < c.pressure; ++round) {
        r = gc_compress_round(w, n, c.per_disk, side * side);
        assert_int_equal(r.status, CCL_OK);
        if (c.check_each_round) {
            assert_true(brute_overlap(w, side) <= 1e-12);
            assert_true(r.phi < c.phi_max);
        }
    }
    return r;
}

/// Equal disks compressed slowly never overlap (after every round) and never pass the densest
/// packing, the hexagonal pi / (2 sqrt 3) = 0.9069; the pressure diverges on the way.
static void equal_disks_never_overlap_nor_pass_the_hexagonal_packing(void **state) {
    (void)state;
    const int n = 64;
    const double side = 16.0, hexagonal = 3.14159265358979323846 / (2.0 * sqrt(3.0));
    ccl_world *w = gc_gas(n, side, false, 7);
    gc_round r = compress(w, n, side, (compression){0.002, 5, 4000, 1e5, true, hexagonal});
    assert_true(r.pressure >= 1e5);
    assert_true(r.phi > 0.8);
    ccl_world_destroy(w);
}

/// The 50:50 mixture of diameters 1 and 1.4 jams near phi_J = 0.84 (O'Hern et al. 2003): three
/// gases of 128 disks compressed until the reduced pressure passes 1e6, never overlapping.
static void the_bidisperse_mixture_jams_near_phi_j(void **state) {
    (void)state;
    const int n = 128;
    const double side = 24.0;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        ccl_world *w = gc_gas(n, side, true, seed);
        gc_round r = compress(w, n, side, (compression){0.01, 10, 20000, 1e6, false, 0.0});
        assert_true(brute_overlap(w, side) <= 1e-12);
        assert_true(r.pressure >= 1e6);
        assert_true(r.phi > 0.80 && r.phi < 0.86);
        ccl_world_destroy(w);
    }
}

/// 2000 pairs from seed 11, over 500 of them touching.
static gp_pairs planar_pairs = {11, 2000, planar_pair_trial, 500};

CCL_TEST_MAIN(cmocka_unit_test_prestate(growing_pairs_touch_at_the_root_of_their_quadratic,
                                        &planar_pairs),
              cmocka_unit_test(a_growing_circle_meets_walls_segments_and_points_on_time),
              cmocka_unit_test(small_compressions_match_a_brute_force_simulator),
              cmocka_unit_test(radii_grow_linearly_and_stop_at_rate_zero),
              cmocka_unit_test(circles_added_while_growing_never_overlap),
              cmocka_unit_test(bad_growth_is_refused),
              cmocka_unit_test(growth_refuses_the_game_kit),
              cmocka_unit_test(the_rate_is_locked_during_a_callback),
              cmocka_unit_test(equal_disks_never_overlap_nor_pass_the_hexagonal_packing),
              cmocka_unit_test(the_bidisperse_mixture_jams_near_phi_j))
