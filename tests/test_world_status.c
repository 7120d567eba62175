/* Every status the world's calls can return, and the promise in base.h that a failed call leaves
 * the world as it was: bad definitions, bad circles, a full world, stale ids (removed, reused
 * slot, never issued, zero), changes from inside the contact callback, the event limit, an
 * allocator that runs dry, and the status names. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/world.h>

#include "world_cases.h"
#include "world_common.h"

/* Creates a world from def, failing the test if it does not succeed. */
static ccl_world *make_world(const ccl_world_def *def) {
    ccl_world *w = wc_create(def);
    assert_non_null(w);
    return w;
}

/* Adds a circle and returns its id, failing the test on error. */
static ccl_circle_id add(ccl_world *w, double x, double y, double vx, double vy, double r,
                         double m) {
    ccl_circle_id id;
    assert_int_equal(wt_add(w, ccl_v2(x, y), ccl_v2(vx, vy), r, m, &id), CCL_OK);
    return id;
}

/* A random dilute gas of n unit circles in a 60 x 60 walled box. */
static ccl_world *make_gas(ccl_world_def def, int n, uint64_t seed) {
    ccl_world *w = make_world(&def);
    wt_rng rng = {seed};
    int placed = 0;
    while (placed < n) {
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2(wt_range(&rng, def.box_min.x + 1.0, def.box_max.x - 1.0),
                            wt_range(&rng, def.box_min.y + 1.0, def.box_max.y - 1.0));
        c.velocity = ccl_v2(wt_normal(&rng), wt_normal(&rng));
        ccl_status s = ccl_world_add_circle(w, &c, NULL);
        if (s == CCL_OK) {
            placed++;
        } else {
            assert_int_equal(s, CCL_ERR_OVERLAP);
        }
    }
    return w;
}

/* A snapshot of everything a caller can see of a world. */
typedef struct snapshot {
    ccl_circle_state *states;
    int count;
    ccl_world_stats stats;
    double time;
} snapshot;

static snapshot take(const ccl_world *w) {
    snapshot s;
    s.states = wt_export(w, &s.count);
    s.stats = ccl_world_get_stats(w);
    s.time = ccl_world_time(w);
    return s;
}

/* Both snapshots are identical bit for bit (memory accounting aside). */
static void assert_same(const snapshot *a, const snapshot *b) {
    assert_int_equal(a->count, b->count);
    for (int i = 0; i < a->count; ++i) {
        const ccl_circle_state *x = &a->states[i], *y = &b->states[i];
        assert_int_equal(x->id.index, y->id.index);
        assert_int_equal(x->id.generation, y->id.generation);
        assert_memory_equal(&x->position, &y->position, sizeof x->position);
        assert_memory_equal(&x->velocity, &y->velocity, sizeof x->velocity);
        assert_true(x->radius == y->radius && x->mass == y->mass);
        assert_true(x->restitution == y->restitution && x->user_data == y->user_data);
    }
    assert_true(a->time == b->time);
    assert_true(a->stats.collisions == b->stats.collisions);
    assert_true(a->stats.wall_collisions == b->stats.wall_collisions);
    assert_true(a->stats.events == b->stats.events);
    assert_true(a->stats.circle_count == b->stats.circle_count);
    assert_true(a->stats.kinetic_energy == b->stats.kinetic_energy);
    assert_true(a->stats.virial == b->stats.virial);
}

static void drop(snapshot *s) {
    free(s->states);
    s->states = NULL;
}

static void create_refuses_bad_definitions(void **state) {
    (void)state;
    ccl_world *w = (ccl_world *)&w; /* must be set to NULL on failure */
    ccl_world_def base = ccl_world_default_def();
    ccl_world_def d;
#define EXPECT_BAD(edit, expected)                                                                 \
    do {                                                                                           \
        d = base;                                                                                  \
        edit;                                                                                      \
        w = (ccl_world *)&w;                                                                       \
        assert_int_equal(ccl_world_create(&d, &w), expected);                                      \
        assert_null(w);                                                                            \
    } while (0)
    EXPECT_BAD(d.box_min.x = NAN, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.box_max.y = INFINITY, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD((d.box_min.x = 10.0, d.box_max.x = 5.0), CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.box_max.y = d.box_min.y, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD((d.box_min.x = -1e308, d.box_max.x = 1e308), CCL_ERR_INVALID_ARGUMENT);
    /* beyond the world's lengths: a side, or a corner, larger than CCL_MAX_LENGTH */
    EXPECT_BAD((d.box_min.x = -1e150, d.box_max.x = 1e150), CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.box_max.y = nextafter(CCL_MAX_LENGTH, INFINITY), CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD((d.box_min.x = -2e150, d.box_max.x = -1.5e150), CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.boundary = (ccl_boundary)7, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.overlap = (ccl_overlap_policy)-1, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.gravity.y = NAN, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.damping = -0.1, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.damping = NAN, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.damping = INFINITY, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.restitution = 1.5, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.restitution = -0.5, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.restitution = NAN, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.collapse_time = -1.0, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.rest_speed = NAN, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.cell_size = -2.0, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.separation_speed = -1.0, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.capacity = -5, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.max_circles = 0, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_BAD(d.allocator.alloc = (void *(*)(size_t, size_t, void *))1, CCL_ERR_INVALID_ARGUMENT);
#undef EXPECT_BAD
    assert_int_equal(ccl_world_create(NULL, &w), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_create(&base, NULL), CCL_ERR_INVALID_ARGUMENT);
    /* the good ones next to them are accepted */
    d = base;
    d.box_max = ccl_v2(CCL_MAX_LENGTH, CCL_MAX_LENGTH);
    w = make_world(&d);
    ccl_world_destroy(w);
    d = base;
    d.damping = 0.5;
    w = make_world(&d);
    ccl_world_destroy(w);
    d.gravity = ccl_v2(0.0, -9.81); /* gravity with damping */
    w = make_world(&d);
    ccl_world_destroy(w);
    d.gravity = ccl_v2(1e-300, 0.0);
    d.damping = 1e-300;
    w = make_world(&d);
    ccl_world_destroy(w);
    d = base;
    d.gravity = ccl_v2(0.0, -9.81);
    w = make_world(&d);
    ccl_world_destroy(w);
    ccl_world_destroy(NULL);
}

static void add_refuses_bad_circles(void **state) {
    (void)state;
    ccl_world_def d = ccl_world_default_def();
    ccl_world *w = make_world(&d);
    ccl_circle_id keep = add(w, 50.0, 50.0, 1.0, 0.0, 2.0, 1.0);
    int seg = -1;
    assert_int_equal(
        ccl_world_add_segment(w, ccl_make_segment(ccl_v2(10.0, 10.0), ccl_v2(20.0, 10.0)), &seg),
        CCL_OK);
    assert_int_equal(seg, 0);
    int pt = -1;
    assert_int_equal(ccl_world_add_point(w, ccl_v2(80.0, 80.0), &pt), CCL_OK);
    assert_int_equal(pt, 0);
    snapshot before = take(w);
    ccl_circle_def good = ccl_circle_default_def();
    good.position = ccl_v2(30.0, 30.0);
    ccl_circle_def c;
    ccl_circle_id id = {77, 77};
#define EXPECT_ADD(edit, expected)                                                                 \
    do {                                                                                           \
        c = good;                                                                                  \
        edit;                                                                                      \
        assert_int_equal(ccl_world_add_circle(w, &c, &id), expected);                              \
        assert_int_equal(id.index, 77);                                                            \
    } while (0)
    EXPECT_ADD(c.position.x = NAN, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.position.y = -INFINITY, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.velocity.x = NAN, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.velocity.y = INFINITY, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.radius = -1.0, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.radius = 0.0, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.radius = NAN, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.radius = INFINITY, CCL_ERR_INVALID_ARGUMENT);
    /* beyond the world's lengths and speeds (CCL_MAX_LENGTH, CCL_MAX_SPEED) */
    EXPECT_ADD(c.radius = nextafter(CCL_MAX_LENGTH, INFINITY), CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.velocity.x = nextafter(CCL_MAX_SPEED, INFINITY), CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.velocity.y = -2e150, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.mass = -1.0, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.mass = NAN, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.mass = INFINITY, CCL_ERR_INVALID_ARGUMENT);
    /* finite masses whose impulses, momenta or energies could overflow (1 / DBL_MAX is subnormal,
     * 1 / 1e-320 is infinite) */
    EXPECT_ADD(c.mass = DBL_MAX, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.mass = nextafter(CCL_MAX_MASS, INFINITY), CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.mass = nextafter(CCL_MIN_MASS, 0.0), CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.mass = 1e-320, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.restitution = 1.01, CCL_ERR_INVALID_ARGUMENT);
    EXPECT_ADD(c.restitution = NAN, CCL_ERR_INVALID_ARGUMENT);
    /* below 0 means "the world's", but an infinite one is refused like every other infinity */
    EXPECT_ADD(c.restitution = -INFINITY, CCL_ERR_INVALID_ARGUMENT);
    /* outside the walled box, or poking through a wall */
    EXPECT_ADD(c.position = ccl_v2(-5.0, 50.0), CCL_ERR_OUTSIDE_BOX);
    EXPECT_ADD(c.position = ccl_v2(0.5, 50.0), CCL_ERR_OUTSIDE_BOX);
    EXPECT_ADD(c.position = ccl_v2(50.0, 99.5), CCL_ERR_OUTSIDE_BOX);
    EXPECT_ADD((c.radius = 60.0, c.position = ccl_v2(50.0, 50.0)), CCL_ERR_OUTSIDE_BOX);
    /* overlapping a circle, a segment, a point (reject policy) */
    EXPECT_ADD(c.position = ccl_v2(52.5, 50.0), CCL_ERR_OVERLAP);
    EXPECT_ADD((c.position = ccl_v2(50.0, 50.0), c.radius = 0.1), CCL_ERR_OVERLAP);
    EXPECT_ADD(c.position = ccl_v2(15.0, 10.5), CCL_ERR_OVERLAP);
    EXPECT_ADD(c.position = ccl_v2(20.5, 10.2), CCL_ERR_OVERLAP);
    EXPECT_ADD(c.position = ccl_v2(80.3, 79.6), CCL_ERR_OVERLAP);
    /* NULL arguments */
    assert_int_equal(ccl_world_add_circle(w, NULL, &id), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_add_circle(NULL, &good, &id), CCL_ERR_INVALID_ARGUMENT);
    /* obstacles: NaN, or through an existing circle */
    assert_int_equal(
        ccl_world_add_segment(w, ccl_make_segment(ccl_v2(NAN, 1.0), ccl_v2(2.0, 2.0)), NULL),
        CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_add_point(w, ccl_v2(1.0, INFINITY), NULL), CCL_ERR_INVALID_ARGUMENT);
    /* beyond the world's lengths (CCL_MAX_LENGTH) */
    assert_int_equal(
        ccl_world_add_segment(w, ccl_make_segment(ccl_v2(-2e150, 1.0), ccl_v2(2.0, 2.0)), NULL),
        CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_add_point(w, ccl_v2(1.0, nextafter(CCL_MAX_LENGTH, INFINITY)), NULL),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(
        ccl_world_add_segment(w, ccl_make_segment(ccl_v2(40.0, 51.0), ccl_v2(60.0, 51.0)), NULL),
        CCL_ERR_OVERLAP);
    assert_int_equal(ccl_world_add_point(w, ccl_v2(51.0, 50.5), NULL), CCL_ERR_OVERLAP);
#undef EXPECT_ADD
    snapshot after = take(w);
    assert_same(&before, &after);
    /* touching counts as contact but not as overlap: a circle exactly touching is accepted */
    c = good;
    c.position = ccl_v2(54.0, 50.0);
    assert_int_equal(ccl_world_add_circle(w, &c, &id), CCL_OK);
    assert_true(ccl_world_is_valid(w, id));
    assert_true(ccl_world_is_valid(w, keep));
    assert_int_equal(ccl_world_circle_count(w), 2);
    drop(&before);
    drop(&after);
    ccl_world_destroy(w);
}

static void periodic_add_refuses_circles_too_big_for_the_torus(void **state) {
    (void)state;
    ccl_world_def d = wc_square_def(10.0, CCL_BOUNDARY_PERIODIC);
    ccl_world *w = make_world(&d);
    ccl_circle_def c = ccl_circle_default_def();
    c.position = ccl_v2(5.0, 5.0);
    c.radius = 3.0;
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_ERR_OUTSIDE_BOX);
    /* outside the periodic box is fine: the position wraps */
    c.radius = 1.0;
    c.position = ccl_v2(-3.0, 25.0);
    ccl_circle_id id;
    assert_int_equal(ccl_world_add_circle(w, &c, &id), CCL_OK);
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_OK);
    assert_true(fabs(s.position.x - 7.0) < 1e-12 && fabs(s.position.y - 5.0) < 1e-12);
    /* and overlap is found across the seam, in x and in y */
    c.position = ccl_v2(9.5, 5.0);
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
    c.position = ccl_v2(0.8, 5.0);
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_ERR_OVERLAP);
    c.position = ccl_v2(7.0, 9.6);
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
    c.position = ccl_v2(7.0, 0.5);
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_ERR_OVERLAP);
    assert_int_equal(ccl_world_circle_count(w), 3);
    ccl_world_destroy(w);
}

static void full_world_refuses_one_more_circle(void **state) {
    (void)state;
    ccl_world_def d = ccl_world_default_def();
    d.max_circles = 3;
    ccl_world *w = make_world(&d);
    ccl_circle_id ids[3];
    for (int i = 0; i < 3; ++i) {
        ids[i] = add(w, 10.0 + 10.0 * i, 10.0, 0.0, 0.0, 1.0, 1.0);
    }
    snapshot before = take(w);
    ccl_circle_def c = ccl_circle_default_def();
    c.position = ccl_v2(70.0, 70.0);
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_ERR_FULL);
    snapshot after = take(w);
    assert_same(&before, &after);
    assert_int_equal(ccl_world_remove_circle(w, ids[1]), CCL_OK);
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_ERR_FULL);
    assert_int_equal(ccl_world_circle_count(w), 3);
    drop(&before);
    drop(&after);
    ccl_world_destroy(w);
}

/* Every call taking an id refuses this one with CCL_ERR_STALE_ID. */
static void assert_stale(ccl_world *w, ccl_circle_id id) {
    ccl_circle_state s;
    assert_false(ccl_world_is_valid(w, id));
    assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_ERR_STALE_ID);
    assert_int_equal(ccl_world_set_velocity(w, id, ccl_v2(1.0, 0.0)), CCL_ERR_STALE_ID);
    assert_int_equal(ccl_world_remove_circle(w, id), CCL_ERR_STALE_ID);
}

static void stale_ids_are_refused_in_every_call(void **state) {
    (void)state;
    ccl_world_def d = ccl_world_default_def();
    ccl_world *w = make_world(&d);
    ccl_circle_id a = add(w, 10.0, 10.0, 1.0, 0.0, 1.0, 1.0);
    ccl_circle_id b = add(w, 30.0, 10.0, 0.0, 1.0, 1.0, 1.0);
    ccl_circle_id c = add(w, 50.0, 10.0, 0.0, 0.0, 1.0, 1.0);
    ccl_circle_id zero = {0, 0};
    assert_true(ccl_world_is_valid(w, a));
    /* the zero id, even though slot 0 is alive */
    assert_stale(w, zero);
    /* never issued: beyond the slots, or a generation that was never handed out */
    ccl_circle_id far = {1000, 1};
    assert_stale(w, far);
    ccl_circle_id future = {b.index, b.generation + 5};
    assert_stale(w, future);
    ccl_circle_id huge = {UINT32_MAX, UINT32_MAX};
    assert_stale(w, huge);
    /* removed */
    assert_int_equal(ccl_world_remove_circle(w, b), CCL_OK);
    assert_stale(w, b);
    assert_int_equal(ccl_world_advance(w, 1.0), CCL_OK);
    assert_stale(w, b);
    /* its slot reused by a new circle: the old id stays stale, the new one works */
    ccl_circle_id b2 = add(w, 70.0, 70.0, 0.0, 0.0, 1.0, 1.0);
    assert_int_equal(b2.index, b.index);
    assert_true(b2.generation != b.generation);
    assert_stale(w, b);
    assert_true(ccl_world_is_valid(w, b2));
    ccl_circle_state s;
    assert_int_equal(ccl_world_get_circle(w, b2, &s), CCL_OK);
    assert_true(s.position.x == 70.0 && s.position.y == 70.0);
    /* many reuses of one slot: every old id stays stale */
    ccl_circle_id old[20];
    for (int k = 0; k < 20; ++k) {
        old[k] = add(w, 90.0, 90.0, 0.0, 0.0, 1.0, 1.0);
        assert_int_equal(ccl_world_remove_circle(w, old[k]), CCL_OK);
    }
    for (int k = 0; k < 20; ++k) {
        assert_stale(w, old[k]);
    }
    assert_true(ccl_world_is_valid(w, a) && ccl_world_is_valid(w, c));
    assert_int_equal(ccl_world_circle_count(w), 3);
    /* queries on a NULL world */
    assert_false(ccl_world_is_valid(NULL, a));
    assert_int_equal(ccl_world_get_circle(NULL, a, &s), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_get_circle(w, a, NULL), CCL_ERR_INVALID_ARGUMENT);
    ccl_world_destroy(w);
}

/* What the callback saw and got. */
typedef struct lock_probe {
    ccl_world *world;
    ccl_circle_id some;
    int calls;
    int locked_ok;  ///< calls where every change was refused with CCL_ERR_LOCKED
    int queries_ok; ///< calls where every query worked
} lock_probe;

static void try_changes(const ccl_contact_event *event, void *user) {
    lock_probe *p = user;
    ccl_world *w = p->world;
    p->calls++;
    ccl_circle_def c = ccl_circle_default_def();
    c.position = ccl_v2(95.0, 95.0);
    int refused = 0, tries = 0;
#define REFUSED(call)                                                                              \
    do {                                                                                           \
        tries++;                                                                                   \
        refused += (call) == CCL_ERR_LOCKED;                                                       \
    } while (0)
    REFUSED(ccl_world_add_circle(w, &c, NULL));
    REFUSED(ccl_world_remove_circle(w, event->a));
    REFUSED(ccl_world_set_velocity(w, event->a, ccl_v2(0.0, 0.0)));
    REFUSED(ccl_world_add_segment(w, ccl_make_segment(ccl_v2(99.0, 1.0), ccl_v2(99.0, 2.0)), NULL));
    REFUSED(ccl_world_add_point(w, ccl_v2(99.5, 99.5), NULL));
    REFUSED(ccl_world_advance(w, 1.0));
    REFUSED(ccl_world_advance_collisions(w, 5, 1.0));
    REFUSED(ccl_world_scale_velocities(w, 2.0));
#undef REFUSED
    if (refused == tries) {
        p->locked_ok++;
    }
    ccl_circle_state s;
    int n = ccl_world_circle_count(w);
    ccl_circle_state all[8];
    int got = -1;
    ccl_world_stats st = ccl_world_get_stats(w);
    bool ok = ccl_world_get_circle(w, event->a, &s) == CCL_OK && ccl_world_is_valid(w, p->some) &&
              n == 3 && ccl_world_export(w, all, 8, &got) == CCL_OK && got == 3 &&
              ccl_world_time(w) == event->time && st.circle_count == 3 &&
              ccl_world_max_overlap(w) < 1e-9;
    if (ok) {
        p->queries_ok++;
    }
}

static void callback_changes_are_locked_while_queries_work(void **state) {
    (void)state;
    lock_probe probe = {NULL, {0, 0}, 0, 0, 0};
    ccl_world_def d = ccl_world_default_def();
    d.on_contact = try_changes;
    d.contact_user = &probe;
    ccl_world *w = make_world(&d);
    probe.world = w;
    probe.some = add(w, 20.0, 50.0, 10.0, 0.0, 1.0, 1.0);
    add(w, 80.0, 50.0, -10.0, 0.0, 1.0, 1.0);
    add(w, 50.0, 20.0, 0.0, 7.0, 1.0, 1.0);
    assert_int_equal(ccl_world_advance(w, 20.0), CCL_OK);
    assert_true(probe.calls > 5);
    assert_int_equal(probe.locked_ok, probe.calls);
    assert_int_equal(probe.queries_ok, probe.calls);
    /* nothing the callback tried took effect, and the world is unlocked afterwards */
    assert_int_equal(ccl_world_circle_count(w), 3);
    ccl_world_stats st = ccl_world_get_stats(w);
    assert_true(fabs(st.kinetic_energy - 0.5 * (100.0 + 100.0 + 49.0)) < 1e-9);
    assert_true(ccl_world_time(w) == 20.0);
    ccl_circle_def c = ccl_circle_default_def();
    c.position = ccl_v2(95.0, 95.0);
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
    ccl_world_destroy(w);
}

static void event_limit_stops_early_and_the_world_goes_on(void **state) {
    (void)state;
    ccl_world_def d = wc_square_def(60.0, CCL_BOUNDARY_WALLS);
    d.max_events_per_advance = 50;
    ccl_world *w = make_gas(d, 200, 11);
    ccl_world_stats s0 = ccl_world_get_stats(w);
    double target = 30.0;
    int limited = 0, calls = 0;
    double last = 0.0;
    while (ccl_world_time(w) < target) {
        ccl_status st = ccl_world_advance(w, target - ccl_world_time(w));
        calls++;
        double now = ccl_world_time(w);
        assert_true(now >= last);
        last = now;
        if (st == CCL_ERR_EVENT_LIMIT) {
            limited++;
            assert_true(now < target);
            ccl_world_stats s = ccl_world_get_stats(w);
            assert_true(s.events <= (uint64_t)calls * 50u);
        } else {
            assert_int_equal(st, CCL_OK);
        }
        assert_true(ccl_world_max_overlap(w) < 1e-9);
        assert_true(calls < 100000);
    }
    assert_true(limited > 10);
    assert_true(ccl_world_time(w) == target);
    ccl_world_stats s1 = ccl_world_get_stats(w);
    assert_true(fabs(s1.kinetic_energy - s0.kinetic_energy) <= 1e-12 * s0.kinetic_energy);
    assert_true(s1.collisions > 100);
    /* advance_collisions obeys the same limit */
    assert_int_equal(ccl_world_advance_collisions(w, 1000000, INFINITY), CCL_ERR_EVENT_LIMIT);
    ccl_world_destroy(w);
}

/* Twin worlds give the same results when a limited one resumes: the limit loses no event. */
static void event_limit_loses_no_event(void **state) {
    (void)state;
    ccl_world_def d = wc_square_def(60.0, CCL_BOUNDARY_WALLS);
    ccl_world *free_run = make_gas(d, 100, 12);
    d.max_events_per_advance = 7;
    ccl_world *limited = make_gas(d, 100, 12);
    assert_int_equal(ccl_world_advance(free_run, 5.0), CCL_OK);
    while (ccl_world_time(limited) < 5.0) {
        ccl_status st = ccl_world_advance(limited, 5.0 - ccl_world_time(limited));
        assert_true(st == CCL_OK || st == CCL_ERR_EVENT_LIMIT);
    }
    ccl_world_stats a = ccl_world_get_stats(free_run), b = ccl_world_get_stats(limited);
    assert_true(a.collisions == b.collisions);
    assert_true(a.wall_collisions == b.wall_collisions);
    int na = 0, nb = 0;
    ccl_circle_state *sa = wt_export(free_run, &na), *sb = wt_export(limited, &nb);
    assert_int_equal(na, nb);
    for (int i = 0; i < na; ++i) {
        assert_true(fabs(sa[i].position.x - sb[i].position.x) < 1e-9);
        assert_true(fabs(sa[i].position.y - sb[i].position.y) < 1e-9);
    }
    free(sa);
    free(sb);
    ccl_world_destroy(free_run);
    ccl_world_destroy(limited);
}

static void status_strings_name_every_status(void **state) {
    (void)state;
    const char *names[CCL_STATUS_COUNT];
    for (int s = 0; s < CCL_STATUS_COUNT; ++s) {
        names[s] = ccl_status_string((ccl_status)s);
        assert_non_null(names[s]);
        assert_true(strlen(names[s]) > 0);
        for (int k = 0; k < s; ++k) {
            assert_string_not_equal(names[s], names[k]);
        }
    }
    assert_string_equal(ccl_status_string(CCL_OK), "ok");
    assert_non_null(ccl_status_string(CCL_STATUS_COUNT));
    assert_non_null(ccl_status_string((ccl_status)-3));
    assert_non_null(ccl_status_string((ccl_status)1000));
}

static void failed_calls_leave_the_world_as_it_was(void **state) {
    (void)state;
    ccl_world_def d = wc_square_def(60.0, CCL_BOUNDARY_WALLS);
    d.max_circles = 80;
    ccl_world *w = make_gas(d, 80, 13);
    ccl_world *twin = make_gas(d, 80, 13);
    assert_int_equal(ccl_world_advance(w, 2.5), CCL_OK);
    assert_int_equal(ccl_world_advance(twin, 2.5), CCL_OK);
    snapshot before = take(w);
    ccl_circle_id live = before.states[3].id, gone = before.states[5].id;
    ccl_circle_id stale = {gone.index, gone.generation + 1};
    ccl_circle_def c = ccl_circle_default_def();
    c.position = before.states[0].position; /* right on top of a circle */
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_ERR_FULL);
    c.position.x = NAN;
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_remove_circle(w, stale), CCL_ERR_STALE_ID);
    assert_int_equal(ccl_world_set_velocity(w, stale, ccl_v2(1.0, 1.0)), CCL_ERR_STALE_ID);
    assert_int_equal(ccl_world_set_velocity(w, live, ccl_v2(NAN, 1.0)), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_set_velocity(w, live, ccl_v2(1.0, -2.0 * CCL_MAX_SPEED)),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_advance(w, -1.0), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_advance(w, NAN), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_advance(w, INFINITY), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_advance_collisions(w, 0, 1.0), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_advance_collisions(w, 5, -1.0), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_scale_velocities(w, NAN), CCL_ERR_INVALID_ARGUMENT);
    /* every speed pushed past CCL_MAX_SPEED: refused before any is changed */
    assert_int_equal(ccl_world_scale_velocities(w, 1e160), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_add_segment(
                         w,
                         ccl_make_segment(ccl_sub(before.states[1].position, ccl_v2(1.0, 0.0)),
                                          ccl_add(before.states[1].position, ccl_v2(1.0, 0.0))),
                         NULL),
                     CCL_ERR_OVERLAP);
    assert_int_equal(ccl_world_add_point(w, before.states[2].position, NULL), CCL_ERR_OVERLAP);
    int count = -1;
    assert_int_equal(ccl_world_export(w, NULL, 5, &count), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_export(w, before.states, -1, &count), CCL_ERR_INVALID_ARGUMENT);
    snapshot after = take(w);
    assert_same(&before, &after);
    /* a full world that frees a slot refuses the overlapping add without taking the slot */
    assert_int_equal(ccl_world_remove_circle(w, gone), CCL_OK);
    assert_int_equal(ccl_world_remove_circle(twin, gone), CCL_OK);
    c.position = before.states[0].position;
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_ERR_OVERLAP);
    c.position = ccl_v2(-10.0, 5.0);
    assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_ERR_OUTSIDE_BOX);
    snapshot w_now = take(w), twin_now = take(twin);
    assert_same(&w_now, &twin_now);
    /* and it goes on like its twin that saw no failed call */
    assert_int_equal(ccl_world_advance(w, 3.0), CCL_OK);
    assert_int_equal(ccl_world_advance(twin, 3.0), CCL_OK);
    drop(&w_now);
    drop(&twin_now);
    w_now = take(w);
    twin_now = take(twin);
    assert_int_equal(w_now.count, twin_now.count);
    assert_true(w_now.stats.collisions == twin_now.stats.collisions);
    for (int i = 0; i < w_now.count; ++i) {
        assert_true(fabs(w_now.states[i].position.x - twin_now.states[i].position.x) < 1e-9);
        assert_true(fabs(w_now.states[i].position.y - twin_now.states[i].position.y) < 1e-9);
    }
    drop(&w_now);
    drop(&twin_now);
    drop(&before);
    drop(&after);
    ccl_world_destroy(w);
    ccl_world_destroy(twin);
}

/* An allocator that fails once its budget of allocations is spent. */
typedef struct budget {
    long left;
    long live;
} budget;

static void *budget_alloc(size_t size, size_t align, void *user) {
    budget *b = user;
    (void)align;
    if (b->left <= 0) {
        return NULL;
    }
    b->left--;
    b->live++;
    return malloc(size);
}

static void budget_free(void *ptr, size_t size, void *user) {
    budget *b = user;
    (void)size;
    b->live--;
    free(ptr);
}

static void allocation_failure_is_a_status_and_changes_nothing(void **state) {
    (void)state;
    budget b = {0, 0};
    ccl_world_def d = ccl_world_default_def();
    d.allocator.alloc = budget_alloc;
    d.allocator.free = budget_free;
    d.allocator.user = &b;
    ccl_world *w = (ccl_world *)&b;
    assert_int_equal(ccl_world_create(&d, &w), CCL_ERR_OUT_OF_MEMORY);
    assert_null(w);
    /* every budget from 1 up: each call either succeeds or says out of memory and changes
     * nothing; the world stays usable and frees all it took */
    int oom_seen = 0;
    for (long allowance = 1; allowance < 60; ++allowance) {
        b.left = allowance;
        b.live = 0;
        w = NULL;
        if (ccl_world_create(&d, &w) != CCL_OK) {
            continue;
        }
        wt_rng rng = {(uint64_t)allowance};
        for (int k = 0; k < 150; ++k) {
            snapshot before = take(w);
            ccl_status st;
            if (k % 50 == 25) {
                double x = wt_range(&rng, 5.0, 95.0);
                st = ccl_world_add_segment(
                    w, ccl_make_segment(ccl_v2(x, 2.0), ccl_v2(x + 0.01, 2.0)), NULL);
            } else {
                ccl_circle_def c = ccl_circle_default_def();
                c.position = ccl_v2(wt_range(&rng, 5.0, 95.0), wt_range(&rng, 5.0, 95.0));
                c.velocity = ccl_v2(wt_normal(&rng), wt_normal(&rng));
                st = ccl_world_add_circle(w, &c, NULL);
            }
            if (st == CCL_ERR_OUT_OF_MEMORY) {
                oom_seen++;
                snapshot after = take(w);
                assert_same(&before, &after);
                drop(&after);
            } else {
                assert_true(st == CCL_OK || st == CCL_ERR_OVERLAP);
            }
            drop(&before);
        }
        ccl_status st = ccl_world_advance(w, 1.0);
        assert_true(st == CCL_OK || st == CCL_ERR_OUT_OF_MEMORY);
        assert_true(ccl_world_max_overlap(w) < 1e-9);
        ccl_world_destroy(w);
        assert_int_equal(b.live, 0);
    }
    assert_true(oom_seen > 10);
}

CCL_TEST_MAIN(cmocka_unit_test(create_refuses_bad_definitions),
              cmocka_unit_test(add_refuses_bad_circles),
              cmocka_unit_test(periodic_add_refuses_circles_too_big_for_the_torus),
              cmocka_unit_test(full_world_refuses_one_more_circle),
              cmocka_unit_test(stale_ids_are_refused_in_every_call),
              cmocka_unit_test(callback_changes_are_locked_while_queries_work),
              cmocka_unit_test(event_limit_stops_early_and_the_world_goes_on),
              cmocka_unit_test(event_limit_loses_no_event),
              cmocka_unit_test(status_strings_name_every_status),
              cmocka_unit_test(failed_calls_leave_the_world_as_it_was),
              cmocka_unit_test(allocation_failure_is_a_status_and_changes_nothing))
