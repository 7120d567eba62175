/* The 3D world: statuses for bad input, the events against a brute-force event-by-event oracle
 * (every pair's next contact by ccl_sweep_spheres, every wall by its plane), conservation of
 * energy and momentum, no overlap beyond rounding, inelastic spheres that do not stall. */
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

#include <circol/world3d.h>

#include "world3d_common.h"

static void bad_definitions_are_refused(void **state) {
    (void)state;
    ccl_world3d *w = NULL;
    ccl_world3d_def d = ccl_world3d_default_def();
    assert_int_equal(ccl_world3d_create(NULL, &w), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_create(&d, NULL), CCL_ERR_INVALID_ARGUMENT);
    const double bad[] = {NAN, INFINITY, -INFINITY, 1e200, -5.0};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        d = ccl_world3d_default_def();
        d.box_max.z = bad[k]; /* -5 lies below the minimum */
        assert_int_equal(ccl_world3d_create(&d, &w), CCL_ERR_INVALID_ARGUMENT);
        assert_null(w);
        d = ccl_world3d_default_def();
        d.restitution = bad[k];
        assert_int_equal(ccl_world3d_create(&d, &w), CCL_ERR_INVALID_ARGUMENT);
        d = ccl_world3d_default_def();
        d.collapse_time = bad[k] == 1e200 ? NAN : bad[k];
        assert_int_equal(ccl_world3d_create(&d, &w), CCL_ERR_INVALID_ARGUMENT);
    }
    d = ccl_world3d_default_def();
    d.box_min.x = -1e150;
    d.box_max.x = 1e150; /* a side of 2e150 */
    assert_int_equal(ccl_world3d_create(&d, &w), CCL_ERR_INVALID_ARGUMENT);
    d = ccl_world3d_default_def();
    d.overlap = CCL_OVERLAP_SEPARATE;
    assert_int_equal(ccl_world3d_create(&d, &w), CCL_ERR_UNSUPPORTED);
    d = ccl_world3d_default_def();
    d.max_spheres = 0;
    assert_int_equal(ccl_world3d_create(&d, &w), CCL_ERR_INVALID_ARGUMENT);
}

static void bad_spheres_are_refused(void **state) {
    (void)state;
    ccl_world3d_def d = ccl_world3d_default_def();
    d.max_spheres = 3;
    ccl_world3d *w = NULL;
    assert_int_equal(ccl_world3d_create(&d, &w), CCL_OK);
    ccl_sphere_def s = ccl_sphere_default_def();
    s.position = ccl_v3(50.0, 50.0, 50.0);
    const double bad[] = {NAN, INFINITY, 1e200, -1.0, 0.0};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        ccl_sphere_def b = s;
        b.radius = bad[k];
        assert_int_equal(ccl_world3d_add_sphere(w, &b, NULL), CCL_ERR_INVALID_ARGUMENT);
        b = s;
        b.mass = bad[k] == 0.0 ? 1e-200 : bad[k];
        assert_int_equal(ccl_world3d_add_sphere(w, &b, NULL), CCL_ERR_INVALID_ARGUMENT);
        if (bad[k] != 0.0 && bad[k] != -1.0) {
            b = s;
            b.position.y = bad[k];
            assert_int_equal(ccl_world3d_add_sphere(w, &b, NULL), CCL_ERR_INVALID_ARGUMENT);
            b = s;
            b.velocity.z = bad[k];
            assert_int_equal(ccl_world3d_add_sphere(w, &b, NULL), CCL_ERR_INVALID_ARGUMENT);
        }
    }
    ccl_sphere_def out = s;
    out.position.x = 99.5; /* crosses the wall */
    assert_int_equal(ccl_world3d_add_sphere(w, &out, NULL), CCL_ERR_OUTSIDE_BOX);
    out = s;
    out.radius = 50.0; /* as wide as the box */
    assert_int_equal(ccl_world3d_add_sphere(w, &out, NULL), CCL_ERR_OUTSIDE_BOX);
    ccl_sphere_id a, b;
    assert_int_equal(ccl_world3d_add_sphere(w, &s, &a), CCL_OK);
    ccl_sphere_def near = s;
    near.position.z += 1.5; /* overlaps a */
    assert_int_equal(ccl_world3d_add_sphere(w, &near, NULL), CCL_ERR_OVERLAP);
    near.position.z = s.position.z + 2.0; /* touches a: accepted */
    assert_int_equal(ccl_world3d_add_sphere(w, &near, &b), CCL_OK);
    near.position.z = s.position.z + 4.0;
    assert_int_equal(ccl_world3d_add_sphere(w, &near, NULL), CCL_OK);
    near.position.z = s.position.z + 6.0;
    assert_int_equal(ccl_world3d_add_sphere(w, &near, NULL), CCL_ERR_FULL);
    assert_int_equal(ccl_world3d_remove_sphere(w, b), CCL_OK);
    assert_int_equal(ccl_world3d_remove_sphere(w, b), CCL_ERR_STALE_ID);
    assert_false(ccl_world3d_is_valid(w, b));
    assert_int_equal(ccl_world3d_set_velocity(w, b, ccl_v3(1, 0, 0)), CCL_ERR_STALE_ID);
    assert_int_equal(ccl_world3d_set_velocity(w, a, ccl_v3(NAN, 0, 0)), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_advance(w, -1.0), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_advance(w, NAN), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_advance(w, 1e308), CCL_OK);
    assert_int_equal(ccl_world3d_advance(w, 1e308), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_advance_collisions(w, 0, 1.0), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_scale_velocities(w, NAN), CCL_ERR_INVALID_ARGUMENT);
    ccl_world3d_destroy(w);
    /* a periodic box must be three diameters wide */
    d = w3_periodic_def(5.0);
    assert_int_equal(ccl_world3d_create(&d, &w), CCL_OK);
    s.position = ccl_v3(2.5, 2.5, 2.5);
    assert_int_equal(ccl_world3d_add_sphere(w, &s, NULL), CCL_ERR_OUTSIDE_BOX);
    s.radius = 0.5;
    s.position = ccl_v3(-2.5, 7.5, 12.5); /* wrapped into the box */
    assert_int_equal(ccl_world3d_add_sphere(w, &s, &a), CCL_OK);
    ccl_sphere_state st;
    assert_int_equal(ccl_world3d_get_sphere(w, a, &st), CCL_OK);
    assert_true(st.position.x == 2.5 && st.position.y == 2.5 && st.position.z == 2.5);
    ccl_world3d_destroy(w);
}

static int locked_calls;

static void try_to_change(const ccl_contact_event3 *event, void *user) {
    ccl_world3d *w = *(ccl_world3d **)user;
    ccl_sphere_def s = ccl_sphere_default_def();
    s.position = ccl_v3(10.0, 10.0, 10.0);
    locked_calls += ccl_world3d_add_sphere(w, &s, NULL) == CCL_ERR_LOCKED;
    locked_calls += ccl_world3d_remove_sphere(w, event->a) == CCL_ERR_LOCKED;
    locked_calls += ccl_world3d_advance(w, 1.0) == CCL_ERR_LOCKED;
}

static void the_world_is_locked_during_the_callback(void **state) {
    (void)state;
    ccl_world3d_def d = ccl_world3d_default_def();
    ccl_world3d *w = NULL;
    d.on_contact = try_to_change;
    d.contact_user = &w; /* the callback finds the world through it */
    assert_int_equal(ccl_world3d_create(&d, &w), CCL_OK);
    ccl_sphere_def s = ccl_sphere_default_def();
    s.position = ccl_v3(50.0, 50.0, 50.0);
    s.velocity = ccl_v3(0.0, 0.0, 10.0);
    assert_int_equal(ccl_world3d_add_sphere(w, &s, NULL), CCL_OK);
    locked_calls = 0;
    assert_int_equal(ccl_world3d_advance(w, 10.0), CCL_OK);
    assert_int_equal(locked_calls, 3 * (int)ccl_world3d_get_stats(w).wall_collisions);
    assert_true(locked_calls > 0);
    ccl_world3d_destroy(w);
}

/* The oracle's spheres. */
typedef struct oracle_sphere {
    ccl_vec3 p, v;
    double r, m;
} oracle_sphere;

typedef struct oracle_event {
    double t;
    int a, b, wall; /* b = -1 for a wall */
} oracle_event;

/// Periodic images the oracle looks at on each side of the box along each axis: a pair of a small
/// box can close several box widths before it meets.
#define ORACLE_IMAGES 3
#define ORACLE_SPAN   (2 * ORACLE_IMAGES + 1)

/* The earliest event of the scene, by brute force: every pair (every periodic image of it, up to
 * ORACLE_IMAGES boxes away) by ccl_sweep_spheres, every sphere against the six walls of a walled
 * box. */
static oracle_event oracle_next(const oracle_sphere *s, int n, double side, bool periodic) {
    oracle_event best = {INFINITY, -1, -1, -1};
    for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
            const int span = ORACLE_SPAN, images = periodic ? span * span * span : 1;
            for (int image = 0; image < images; ++image) {
                ccl_vec3 shift = periodic ? ccl_v3((image % span - ORACLE_IMAGES) * side,
                                                   (image / span % span - ORACLE_IMAGES) * side,
                                                   (image / (span * span) - ORACLE_IMAGES) * side)
                                          : ccl_v3(0, 0, 0);
                ccl_vec3 pb = ccl_v3(s[b].p.x + shift.x, s[b].p.y + shift.y, s[b].p.z + shift.z);
                ccl_vec3 dp = ccl_v3(pb.x - s[a].p.x, pb.y - s[a].p.y, pb.z - s[a].p.z);
                ccl_vec3 dv = ccl_v3(s[b].v.x - s[a].v.x, s[b].v.y - s[a].v.y, s[b].v.z - s[a].v.z);
                if (dp.x * dv.x + dp.y * dv.y + dp.z * dv.z >= 0.0) {
                    continue; /* receding: a pair just collided touches, and leaves */
                }
                ccl_hit3 hit;
                if (ccl_sweep_spheres(ccl_make_sphere(s[a].p, s[a].r), s[a].v,
                                      ccl_make_sphere(pb, s[b].r), s[b].v, best.t, &hit) &&
                    hit.t < best.t) {
                    best = (oracle_event){hit.t, a, b, -1};
                }
            }
        }
        double p[3] = {s[a].p.x, s[a].p.y, s[a].p.z}, v[3] = {s[a].v.x, s[a].v.y, s[a].v.z};
        for (int k = 0; k < 3 && !periodic; ++k) {
            double t = v[k] > 0.0 ? (side - s[a].r - p[k]) / v[k]
                                  : (v[k] < 0.0 ? (s[a].r - p[k]) / v[k] : INFINITY);
            if (t < best.t) {
                best = (oracle_event){t, a, -1, 2 * k + (v[k] > 0.0)};
            }
        }
    }
    return best;
}

/* Moves every sphere by t and handles the event (elastic). */
static void oracle_apply(oracle_sphere *s, int n, oracle_event e, double side, bool periodic) {
    for (int i = 0; i < n; ++i) {
        s[i].p = ccl_mul_add3(s[i].p, e.t, s[i].v);
    }
    if (e.b < 0) {
        double *v = e.wall / 2 == 0 ? &s[e.a].v.x : (e.wall / 2 == 1 ? &s[e.a].v.y : &s[e.a].v.z);
        *v = -*v;
        return;
    }
    ccl_vec3 d = ccl_v3(s[e.b].p.x - s[e.a].p.x, s[e.b].p.y - s[e.a].p.y, s[e.b].p.z - s[e.a].p.z);
    if (periodic) {
        d = ccl_v3(d.x - side * round(d.x / side), d.y - side * round(d.y / side),
                   d.z - side * round(d.z / side));
    }
    double len = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    ccl_body3 a = {s[e.a].p, s[e.a].v, s[e.a].r, 1.0 / s[e.a].m, 1.0};
    ccl_body3 b = {s[e.b].p, s[e.b].v, s[e.b].r, 1.0 / s[e.b].m, 1.0};
    ccl_collide3(&a, &b, ccl_v3(d.x / len, d.y / len, d.z / len));
    s[e.a].v = a.velocity;
    s[e.b].v = b.velocity;
    for (int i = 0; i < n && periodic; ++i) {
        s[i].p = ccl_v3(s[i].p.x - side * floor(s[i].p.x / side),
                        s[i].p.y - side * floor(s[i].p.y / side),
                        s[i].p.z - side * floor(s[i].p.z / side));
    }
}

/* A random scene of n spheres of radii in [0.3, 1] and masses in [0.5, 4], none overlapping. */
static int oracle_scene(wt_rng *rng, int n, double side, oracle_sphere *s) {
    int made = 0;
    for (int tries = 0; made < n && tries < 10000; ++tries) {
        oracle_sphere c = {ccl_v3(0, 0, 0), ccl_v3(wt_normal(rng), wt_normal(rng), wt_normal(rng)),
                           wt_range(rng, 0.3, 1.0), wt_range(rng, 0.5, 4.0)};
        c.p = ccl_v3(wt_range(rng, c.r, side - c.r), wt_range(rng, c.r, side - c.r),
                     wt_range(rng, c.r, side - c.r));
        bool clear = true;
        for (int k = 0; k < made && clear; ++k) {
            double dx = c.p.x - s[k].p.x, dy = c.p.y - s[k].p.y, dz = c.p.z - s[k].p.z;
            clear = sqrt(dx * dx + dy * dy + dz * dz) > c.r + s[k].r + 1e-3;
        }
        if (clear) {
            s[made++] = c;
        }
    }
    return made;
}

/* The oracle's spheres take the world's states now. */
static void sync_oracle(const ccl_world3d *w, oracle_sphere *s, int n) {
    ccl_sphere_state st[32];
    int exported;
    assert_int_equal(ccl_world3d_export(w, st, 32, &exported), CCL_OK);
    assert_int_equal(exported, n);
    for (int i = 0; i < n; ++i) {
        s[i].p = st[i].position;
        s[i].v = st[i].velocity;
    }
}

/* Runs one scene in the world and in the oracle and compares their first events. */
static void compare_with_oracle(wt_rng *rng, int n, double side, bool periodic, int events) {
    oracle_sphere s[32];
    n = oracle_scene(rng, n, side, s);
    ccl_world3d_def d = periodic ? w3_periodic_def(side) : ccl_world3d_default_def();
    d.box_max = ccl_v3(side, side, side);
    d.record_contacts = true;
    ccl_world3d *w = NULL;
    assert_int_equal(ccl_world3d_create(&d, &w), CCL_OK);
    for (int i = 0; i < n; ++i) {
        ccl_sphere_def c = ccl_sphere_default_def();
        c.position = s[i].p;
        c.velocity = s[i].v;
        c.radius = s[i].r;
        c.mass = s[i].m;
        assert_int_equal(ccl_world3d_add_sphere(w, &c, NULL), CCL_OK);
    }
    for (int compared = 0; compared < events; ++compared) {
        /* the oracle starts from the world's state, so that each event is checked on its own
         * (the rounding of earlier ones grows as the scene is chaotic) */
        sync_oracle(w, s, n);
        double now = ccl_world3d_time(w);
        oracle_event e = oracle_next(s, n, side, periodic);
        assert_true(isfinite(e.t));
        /* the world up to just past this event: its one recorded contact must be this one */
        double step = e.t + 1e-9 * (1.0 + e.t);
        assert_int_equal(ccl_world3d_advance(w, step), CCL_OK);
        size_t count;
        const ccl_contact_event3 *got = ccl_world3d_contact_events(w, &count);
        assert_int_equal(count, 1);
        int ga = (int)got[0].a.index;
        int gb = got[0].kind == CCL_CONTACT_CIRCLE ? (int)got[0].b.index : -1;
        assert_true((ga == e.a && gb == e.b) || (ga == e.b && gb == e.a));
        assert_true(e.b >= 0 || got[0].wall == e.wall);
        assert_true(fabs(got[0].time - (now + e.t)) <= 1e-12 * (1.0 + now + e.t));
        /* and the velocities after it are the oracle's */
        oracle_apply(s, n, e, side, periodic);
        ccl_sphere_state st[32];
        int exported;
        assert_int_equal(ccl_world3d_export(w, st, 32, &exported), CCL_OK);
        for (int i = 0; i < n; ++i) {
            double dv = fabs(st[i].velocity.x - s[i].v.x) + fabs(st[i].velocity.y - s[i].v.y) +
                        fabs(st[i].velocity.z - s[i].v.z);
            assert_true(dv <= 1e-12 * (1.0 + fabs(s[i].v.x) + fabs(s[i].v.y) + fabs(s[i].v.z)));
        }
    }
    assert_true(ccl_world3d_max_overlap(w) < 1e-12);
    ccl_world3d_destroy(w);
}

static void events_match_a_brute_force_oracle(void **state) {
    (void)state;
    wt_rng rng = {3003};
    for (int scene = 0; scene < 16; ++scene) {
        compare_with_oracle(&rng, 6 + scene, 8.0 + scene % 3, scene % 2 == 1, 60);
    }
}

/* Energy and momentum of a periodic gas of 1000 spheres over 200 collisions each; no overlap. */
static void a_gas_conserves_energy_and_momentum(void **state) {
    (void)state;
    const int side = 10, n = side * side * side;
    ccl_world3d *w = w3_gas_world(side, 0.45, 1.0, 45);
    w3_kept kept = w3_run_collisions(w, 100u * n);
    ccl_world3d_stats after = ccl_world3d_get_stats(w);
    assert_true(after.collisions == 100u * n);
    assert_true(kept.energy_change <= 1e-12 && kept.momentum <= 1e-11 * n);
    assert_true(ccl_world3d_max_overlap(w) <= 1e-12);
    /* memory: a sphere costs at most 160 bytes */
    assert_true(after.memory_bytes <= 160u * (size_t)n + 4096u);
    ccl_world3d_destroy(w);
}

/* Spheres of many radii and masses in a walled box: the energy is kept, nothing overlaps, and the
 * walls are never crossed. */
static void a_polydisperse_walled_box_conserves_energy(void **state) {
    (void)state;
    ccl_world3d_def d = ccl_world3d_default_def();
    d.box_max = ccl_v3(20.0, 12.0, 16.0);
    ccl_world3d *w = NULL;
    assert_int_equal(ccl_world3d_create(&d, &w), CCL_OK);
    wt_rng rng = {77};
    int added = 0;
    for (int tries = 0; tries < 4000 && added < 400; ++tries) {
        ccl_sphere_def s = ccl_sphere_default_def();
        s.radius = wt_range(&rng, 0.1, 1.2);
        s.mass = wt_range(&rng, 0.1, 10.0);
        s.position = ccl_v3(wt_range(&rng, 0, 20), wt_range(&rng, 0, 12), wt_range(&rng, 0, 16));
        s.velocity = ccl_v3(wt_normal(&rng), wt_normal(&rng), wt_normal(&rng));
        added += ccl_world3d_add_sphere(w, &s, NULL) == CCL_OK;
    }
    assert_true(added > 200);
    double e0 = ccl_world3d_get_stats(w).kinetic_energy;
    for (int step = 0; step < 20; ++step) {
        assert_int_equal(ccl_world3d_advance(w, 1.0), CCL_OK);
        assert_true(ccl_world3d_max_overlap(w) <= 1e-12);
    }
    ccl_world3d_stats s = ccl_world3d_get_stats(w);
    assert_true(s.collisions > 2000 && s.wall_collisions > 1000);
    assert_true(fabs(s.kinetic_energy - e0) <= 1e-12 * e0);
    assert_true(fabs(s.time - 20.0) <= 1e-12);
    ccl_world3d_destroy(w);
}

/* Inelastic spheres cool without stalling (the collapse guard), never overlap, keep momentum. */
static void inelastic_spheres_cool_without_stalling(void **state) {
    (void)state;
    const double restitutions[] = {0.0, 0.5, 0.9};
    for (int k = 0; k < 3; ++k) {
        const int side = 6, n = side * side * side;
        ccl_world3d *w = w3_gas_world(side, 0.3, restitutions[k], (uint64_t)(11 + k));
        double e0 = ccl_world3d_get_stats(w).kinetic_energy;
        assert_int_equal(ccl_world3d_advance(w, 20.0), CCL_OK);
        ccl_world3d_stats s = ccl_world3d_get_stats(w);
        assert_true(s.kinetic_energy < 0.9 * e0);
        double p = fabs(s.momentum.x) + fabs(s.momentum.y) + fabs(s.momentum.z);
        assert_true(p <= 1e-9 * n);
        assert_true(ccl_world3d_max_overlap(w) <= 1e-9);
        assert_true(fabs(ccl_world3d_time(w) - 20.0) <= 1e-12);
        ccl_world3d_destroy(w);
    }
}

/* Exported states, set velocities, removal and immovable spheres. */
static void states_velocities_and_immovable_spheres(void **state) {
    (void)state;
    ccl_world3d_def d = ccl_world3d_default_def();
    d.box_max = ccl_v3(10.0, 10.0, 10.0);
    d.record_contacts = true;
    ccl_world3d *w = NULL;
    assert_int_equal(ccl_world3d_create(&d, &w), CCL_OK);
    ccl_sphere_def wall = ccl_sphere_default_def();
    wall.position = ccl_v3(5.0, 5.0, 8.0);
    wall.mass = 0.0;
    wall.velocity = ccl_v3(3.0, 0.0, 0.0); /* ignored */
    ccl_sphere_id fixed, ball;
    assert_int_equal(ccl_world3d_add_sphere(w, &wall, &fixed), CCL_OK);
    ccl_sphere_def s = ccl_sphere_default_def();
    s.position = ccl_v3(5.0, 5.0, 2.0);
    assert_int_equal(ccl_world3d_add_sphere(w, &s, &ball), CCL_OK);
    assert_int_equal(ccl_world3d_set_velocity(w, fixed, ccl_v3(1, 0, 0)), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_set_velocity(w, ball, ccl_v3(0, 0, 1)), CCL_OK);
    /* the ball meets the fixed sphere at z = 6 (t = 4) and comes back */
    assert_int_equal(ccl_world3d_advance(w, 5.0), CCL_OK);
    size_t count;
    const ccl_contact_event3 *e = ccl_world3d_contact_events(w, &count);
    assert_int_equal(count, 1);
    assert_true(fabs(e[0].time - 4.0) <= 1e-12);
    assert_true(e[0].normal.z == 1.0 || e[0].normal.z == -1.0);
    assert_true(fabs(e[0].impulse - 2.0) <= 1e-12);
    ccl_sphere_state out[2];
    int got;
    assert_int_equal(ccl_world3d_export(w, out, 2, &got), CCL_OK);
    assert_int_equal(got, 2);
    assert_true(out[0].mass == 0.0 && out[0].position.z == 8.0 && out[0].velocity.x == 0.0);
    assert_true(fabs(out[1].position.z - 5.0) <= 1e-12 && out[1].velocity.z == -1.0);
    assert_int_equal(ccl_world3d_remove_sphere(w, fixed), CCL_OK);
    assert_int_equal(ccl_world3d_sphere_count(w), 1);
    assert_int_equal(ccl_world3d_set_velocity(w, ball, ccl_v3(0, 0, 1)), CCL_OK);
    assert_int_equal(ccl_world3d_advance(w, 5.0), CCL_OK); /* to the top wall at z = 9, t = 4 */
    e = ccl_world3d_contact_events(w, &count);
    assert_int_equal(count, 1);
    assert_int_equal(e[0].kind, CCL_CONTACT_BOX);
    assert_int_equal(e[0].wall, 5);
    ccl_world3d_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(bad_definitions_are_refused),
              cmocka_unit_test(bad_spheres_are_refused),
              cmocka_unit_test(the_world_is_locked_during_the_callback),
              cmocka_unit_test(events_match_a_brute_force_oracle),
              cmocka_unit_test(a_gas_conserves_energy_and_momentum),
              cmocka_unit_test(a_polydisperse_walled_box_conserves_energy),
              cmocka_unit_test(inelastic_spheres_cool_without_stalling),
              cmocka_unit_test(states_velocities_and_immovable_spheres))
