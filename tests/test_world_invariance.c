/* Metamorphic properties of the world: a scene and its transformed copy must evolve as the
 * transformation says, whatever the scene's events are. No result is hard-coded; the oracle is
 * the untransformed run. Scenes are random (fixed seeds): periodic and walled gases, segments and
 * points, gravity with restitution 0.7, a pile coming to rest on pegs, damping, circles added
 * overlapping.
 *
 * Exact (bit for bit, every event and every final state):
 * - lengths scaled by 2^a and time by 2^b (velocities by 2^(a-b), gravity by 2^(a-2b), damping by
 *   2^-b, separation speed by 2^(a-b)) and masses by 2^c: every event has the same kind and
 *   parties, its time is 2^b times, its point 2^a times, its normal the same, its impulse
 *   2^(c+a-b) times; every final state is scaled alike. Multiplying by a power of two is exact,
 *   and every constant of the world is relative (the automatic collapse time, rest speed and
 *   cells follow the scene), within the range where the arithmetic keeps one form;
 * - swapping x and y: the grid, the walls and every formula treat the two axes alike;
 * - the order circles are added in: the same events with the ids mapped;
 * these two up to the first instant with two events, which the world takes in an order of its own.
 *
 * To rounding only:
 * - negating x or y in a box symmetric about 0 (cell edges and wall gaps do not round as their
 *   mirror images do), checked after chaos has amplified the ulps;
 * - time reversal of an elastic world (negate every velocity after T, run T more): back to the
 *   start within a tolerance that grows with the collisions, which amplify every rounding.
 *
 * Conservation of energy and momentum is checked elsewhere (test_world_api.c, test_long_gas.c). */
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

#include <circol/world.h>

#include "world_common.h"

#define INV_MAX_CIRCLES  96
#define INV_MAX_OBSTACLE 16

/// A scene: a world definition and what is added to it, in order, and how long it runs.
typedef struct inv_scene {
    const char *name;
    ccl_world_def def;
    ccl_circle_def circles[INV_MAX_CIRCLES];
    int circle_count;
    ccl_segment segments[INV_MAX_OBSTACLE];
    int segment_count;
    ccl_vec2 points[INV_MAX_OBSTACLE];
    int point_count;
    double step;     ///< ccl_world_advance(step) ...
    int steps;       ///< ... this many times
    int empty_steps; ///< steps taken before the circles are added (after the obstacles)
} inv_scene;

/// A transformation of a scene: lengths by 2^length_exp, times by 2^time_exp, masses by
/// 2^mass_exp, then a mirror (x negated, y negated, x and y swapped), and circles added in the
/// order order[0], order[1], ... (NULL: as given).
typedef struct inv_map {
    int length_exp, time_exp, mass_exp;
    bool negate_x, negate_y, swap_xy;
    const int *order;
} inv_map;

/// What a run produced: every contact event and the final states in the scene's circle order.
typedef struct inv_run {
    ccl_contact_event *events;
    size_t count, capacity;
    bool failed; ///< an add or an advance returned an error
    ccl_circle_state states[INV_MAX_CIRCLES];
} inv_run;

static void inv_record(const ccl_contact_event *event, void *user) {
    inv_run *run = user;
    if (run->count == run->capacity) {
        size_t grown = run->capacity > 0 ? 2 * run->capacity : 1024;
        ccl_contact_event *events = realloc(run->events, grown * sizeof *events);
        if (events == NULL) {
            run->failed = true;
            return;
        }
        run->events = events;
        run->capacity = grown;
    }
    run->events[run->count++] = *event;
}

/// The mirror part of a map applied to a direction.
static ccl_vec2 inv_mirror(const inv_map *m, ccl_vec2 v) {
    if (m->negate_x) {
        v.x = -v.x;
    }
    if (m->negate_y) {
        v.y = -v.y;
    }
    if (m->swap_xy) {
        double t = v.x;
        v.x = v.y;
        v.y = t;
    }
    return v;
}

/// A quantity of dimension length^l time^t mass^u under the map.
static double inv_scale(const inv_map *m, double x, int l, int t, int u) {
    return ldexp(x, l * m->length_exp + t * m->time_exp + u * m->mass_exp);
}

/// A vector of dimension length^l time^t under the map: mirrored, then scaled.
static ccl_vec2 inv_vec(const inv_map *m, ccl_vec2 v, int l, int t) {
    v = inv_mirror(m, v);
    return ccl_v2(inv_scale(m, v.x, l, t, 0), inv_scale(m, v.y, l, t, 0));
}

/// The box wall index under the mirror: 0 left, 1 right, 2 bottom, 3 top.
static int inv_box_wall(const inv_map *m, int wall) {
    if ((wall < 2 && m->negate_x) || (wall >= 2 && m->negate_y)) {
        wall ^= 1;
    }
    return m->swap_xy ? wall ^ 2 : wall;
}

/// Runs the scene under the map, recording events and the final states (in the scene's order).
static void inv_play(const inv_scene *sc, const inv_map *m, inv_run *run) {
    memset(run, 0, sizeof *run);
    ccl_world_def def = sc->def;
    ccl_vec2 lo = inv_vec(m, def.box_min, 1, 0), hi = inv_vec(m, def.box_max, 1, 0);
    def.box_min = ccl_v2(fmin(lo.x, hi.x), fmin(lo.y, hi.y));
    def.box_max = ccl_v2(fmax(lo.x, hi.x), fmax(lo.y, hi.y));
    def.gravity = inv_vec(m, def.gravity, 1, -2);
    def.damping = inv_scale(m, def.damping, 0, -1, 0);
    def.collapse_time = inv_scale(m, def.collapse_time, 0, 1, 0);
    def.rest_speed = inv_scale(m, def.rest_speed, 1, -1, 0);
    def.cell_size = inv_scale(m, def.cell_size, 1, 0, 0);
    def.separation_speed = inv_scale(m, def.separation_speed, 1, -1, 0);
    def.on_contact = inv_record;
    def.contact_user = run;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    for (int k = 0; k < sc->segment_count; ++k) {
        ccl_segment s = {inv_vec(m, sc->segments[k].a, 1, 0), inv_vec(m, sc->segments[k].b, 1, 0)};
        run->failed |= ccl_world_add_segment(w, s, NULL) != CCL_OK;
    }
    for (int k = 0; k < sc->point_count; ++k) {
        run->failed |= ccl_world_add_point(w, inv_vec(m, sc->points[k], 1, 0), NULL) != CCL_OK;
    }
    double dt = inv_scale(m, sc->step, 0, 1, 0);
    for (int s = 0; s < sc->empty_steps && !run->failed; ++s) {
        run->failed |= ccl_world_advance(w, dt) != CCL_OK;
    }
    ccl_circle_id ids[INV_MAX_CIRCLES];
    for (int k = 0; k < sc->circle_count; ++k) {
        int i = m->order != NULL ? m->order[k] : k;
        ccl_circle_def c = sc->circles[i];
        c.position = inv_vec(m, c.position, 1, 0);
        c.velocity = inv_vec(m, c.velocity, 1, -1);
        c.radius = inv_scale(m, c.radius, 1, 0, 0);
        c.mass = inv_scale(m, c.mass, 0, 0, 1);
        c.user_data = (void *)(intptr_t)(i + 1);
        run->failed |= ccl_world_add_circle(w, &c, &ids[i]) != CCL_OK;
    }
    for (int s = 0; s < sc->steps && !run->failed; ++s) {
        run->failed |= ccl_world_advance(w, dt) != CCL_OK;
    }
    for (int i = 0; i < sc->circle_count && !run->failed; ++i) {
        run->failed |= ccl_world_get_circle(w, ids[i], &run->states[i]) != CCL_OK;
    }
    /* name circles in events by their index in the scene, through the user data */
    for (size_t e = 0; e < run->count && !run->failed; ++e) {
        ccl_circle_state s;
        run->failed |= ccl_world_get_circle(w, run->events[e].a, &s) != CCL_OK;
        run->events[e].a.index = (uint32_t)((intptr_t)s.user_data - 1);
        if (run->events[e].kind == CCL_CONTACT_CIRCLE) {
            run->failed |= ccl_world_get_circle(w, run->events[e].b, &s) != CCL_OK;
            run->events[e].b.index = (uint32_t)((intptr_t)s.user_data - 1);
        }
    }
    ccl_world_destroy(w);
}

static void inv_free(inv_run *run) {
    free(run->events);
    run->events = NULL;
}

static bool inv_same(double a, double b) {
    return memcmp(&a, &b, sizeof a) == 0 || (a == 0.0 && b == 0.0);
}

static bool inv_same_vec(ccl_vec2 a, ccl_vec2 b) {
    return inv_same(a.x, b.x) && inv_same(a.y, b.y);
}

/// Whether event g of the mapped run is event e of the original under the map. Circle pairs may
/// come in either order (the circle whose event came up first names the pair).
static bool inv_event_maps(const inv_scene *sc, const inv_map *m, const ccl_contact_event *e,
                           const ccl_contact_event *g) {
    double radius_a = inv_scale(m, sc->circles[e->a.index].radius, 1, 0, 0);
    double radius_b =
        e->kind == CCL_CONTACT_CIRCLE ? inv_scale(m, sc->circles[e->b.index].radius, 1, 0, 0) : 0.0;
    ccl_vec2 point = inv_vec(m, e->point, 1, 0);
    if (e->kind != g->kind || !inv_same(inv_scale(m, e->time, 0, 1, 0), g->time) ||
        !inv_same(inv_scale(m, e->impulse, 1, -1, 1), g->impulse)) {
        return false;
    }
    ccl_vec2 n = inv_mirror(m, e->normal);
    if (e->kind == CCL_CONTACT_CIRCLE && e->a.index == g->b.index && e->b.index == g->a.index) {
        /* named from the other side: the point is b's centre minus its radius along the normal
         * instead of a's plus a's, which rounds differently (by a few ulps of the larger of the
         * coordinates and the radii), and may lie in another periodic image */
        double size = fmax(fmax(fabs(point.x), fabs(point.y)), fmax(radius_a, radius_b));
        double dx = point.x - g->point.x, dy = point.y - g->point.y;
        if (sc->def.boundary == CCL_BOUNDARY_PERIODIC) { /* b may be an image across an edge */
            double lx = inv_scale(m, sc->def.box_max.x - sc->def.box_min.x, 1, 0, 0);
            double ly = inv_scale(m, sc->def.box_max.y - sc->def.box_min.y, 1, 0, 0);
            dx -= lx * nearbyint(dx / lx);
            dy -= ly * nearbyint(dy / ly);
        }
        /* a pair added overlapping may still overlap: each names the point on its own surface */
        double slack =
            0x1p-50 * size + (sc->def.overlap == CCL_OVERLAP_SEPARATE ? radius_a + radius_b : 0.0);
        return inv_same_vec(ccl_v2(-n.x, -n.y), g->normal) && fabs(dx) <= slack &&
               fabs(dy) <= slack;
    }
    if (!inv_same_vec(point, g->point)) {
        return false;
    }
    if (e->kind == CCL_CONTACT_CIRCLE) {
        return e->a.index == g->a.index && e->b.index == g->b.index && inv_same_vec(n, g->normal);
    }
    int wall = e->kind == CCL_CONTACT_BOX ? inv_box_wall(m, e->wall) : e->wall;
    return e->a.index == g->a.index && wall == g->wall && inv_same_vec(n, g->normal);
}

/// The index of the first event at an instant with two or more events (count when none).
static size_t inv_first_tie(const inv_run *run) {
    for (size_t k = 1; k < run->count; ++k) {
        if (run->events[k].time == run->events[k - 1].time) {
            return k - 1;
        }
    }
    return run->count;
}

/// Compares the mapped run with the original; prints and returns the first difference. With
/// until_tie, only the events before the first instant with two events are compared.
static bool inv_agree(const inv_scene *sc, const inv_map *m, const inv_run *ref, const inv_run *got,
                      bool until_tie, bool quiet) {
    const char *why = NULL;
    size_t at = 0, limit = until_tie ? inv_first_tie(ref) : ref->count;
    if (ref->failed || got->failed) {
        why = "a call failed";
    }
    for (; why == NULL && at < limit && at < got->count; ++at) {
        const ccl_contact_event *e = &ref->events[at];
        /* a tie at one instant may be taken in another order: look among the events then */
        bool found = false;
        for (size_t k = at;
             k < got->count && got->events[k].time == inv_scale(m, e->time, 0, 1, 0) && !found;
             ++k) {
            found = inv_event_maps(sc, m, e, &got->events[k]);
        }
        for (size_t k = at;
             k-- > 0 && !found && got->events[k].time == inv_scale(m, e->time, 0, 1, 0);) {
            found = inv_event_maps(sc, m, e, &got->events[k]);
        }
        if (!found) {
            why = "event";
        }
    }
    if (why == NULL && limit < ref->count) {
        return true; /* the rest may differ */
    }
    if (why == NULL && ref->count != got->count) {
        why = "event count";
    }
    int i = 0;
    for (; why == NULL && i < sc->circle_count; ++i) {
        const ccl_circle_state *a = &ref->states[i], *b = &got->states[i];
        if (!inv_same_vec(inv_vec(m, a->position, 1, 0), b->position) ||
            !inv_same_vec(inv_vec(m, a->velocity, 1, -1), b->velocity)) {
            why = "final state";
        }
    }
    if (why != NULL && !quiet) {
        printf("  %s: length 2^%d time 2^%d mass 2^%d%s%s%s%s: %s differs (event %zu of %zu/%zu, "
               "circle %d)\n",
               sc->name, m->length_exp, m->time_exp, m->mass_exp, m->negate_x ? " -x" : "",
               m->negate_y ? " -y" : "", m->swap_xy ? " x<->y" : "",
               m->order != NULL ? " reordered" : "", why, at, ref->count, got->count, i);
        if (at > 0 && at <= ref->count && at <= got->count && !strcmp(why, "event")) {
            const ccl_contact_event *e = &ref->events[at - 1], *g = &got->events[at - 1];
            printf("    ref  kind %d t %.17g a %u b %u wall %d n (%.17g %.17g) j %.17g\n", e->kind,
                   inv_scale(m, e->time, 0, 1, 0), e->a.index, e->b.index, e->wall, e->normal.x,
                   e->normal.y, e->impulse);
            printf("    got  kind %d t %.17g a %u b %u wall %d n (%.17g %.17g) j %.17g\n", g->kind,
                   g->time, g->a.index, g->b.index, g->wall, g->normal.x, g->normal.y, g->impulse);
        }
    }
    return why == NULL;
}

/* ---- scenes ---- */

/// Random circles in the scene's box (radii in [r_lo, r_hi], masses 0.5 to 2, some immovable
/// when immovable_share > 0), refused where they overlap what is there; speed sets the velocity
/// scale.
static void inv_fill(inv_scene *sc, wt_rng *rng, int n, double r_lo, double r_hi, double speed,
                     double immovable_share) {
    ccl_world_def def = sc->def;
    def.overlap = CCL_OVERLAP_REJECT;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    for (int k = 0; k < sc->segment_count; ++k) {
        assert_int_equal(ccl_world_add_segment(w, sc->segments[k], NULL), CCL_OK);
    }
    for (int k = 0; k < sc->point_count; ++k) {
        assert_int_equal(ccl_world_add_point(w, sc->points[k], NULL), CCL_OK);
    }
    ccl_vec2 lo = sc->def.box_min, hi = sc->def.box_max;
    for (int tries = 0; sc->circle_count < n && tries < 100000; ++tries) {
        ccl_circle_def c = ccl_circle_default_def();
        c.radius = wt_range(rng, r_lo, r_hi);
        c.mass = wt_uniform(rng) < immovable_share ? 0.0 : wt_range(rng, 0.5, 2.0);
        c.position = ccl_v2(wt_range(rng, lo.x + c.radius, hi.x - c.radius),
                            wt_range(rng, lo.y + c.radius, hi.y - c.radius));
        c.velocity = ccl_v2(speed * wt_normal(rng), speed * wt_normal(rng));
        if (ccl_world_add_circle(w, &c, NULL) == CCL_OK) {
            sc->circles[sc->circle_count++] = c;
        }
    }
    assert_int_equal(sc->circle_count, n);
    ccl_world_destroy(w);
}

/// Random segments and points inside the box, away from its edge.
static void inv_obstacles(inv_scene *sc, wt_rng *rng, int segments, int points) {
    ccl_vec2 lo = sc->def.box_min, hi = sc->def.box_max;
    double margin = 0.1 * (hi.x - lo.x);
    for (int k = 0; k < segments; ++k) {
        ccl_vec2 a = ccl_v2(wt_range(rng, lo.x + margin, hi.x - margin),
                            wt_range(rng, lo.y + margin, hi.y - margin));
        double angle = wt_range(rng, 0.0, 6.283185307179586), len = wt_range(rng, 1.0, margin);
        ccl_vec2 b = ccl_v2(a.x + len * cos(angle), a.y + len * sin(angle));
        sc->segments[sc->segment_count++] = (ccl_segment){a, b};
    }
    for (int k = 0; k < points; ++k) {
        sc->points[sc->point_count++] = ccl_v2(wt_range(rng, lo.x + margin, hi.x - margin),
                                               wt_range(rng, lo.y + margin, hi.y - margin));
    }
}

/// The scenes, by kind and seed; every box is symmetric about 0 so that mirrors apply.
enum {
    INV_GAS,
    INV_WALLED,
    INV_OBSTACLES,
    INV_GRAVITY,
    INV_PILE,
    INV_DAMPED,
    INV_SEPARATE,
    INV_KINDS
};

static void inv_make(inv_scene *sc, int kind, uint64_t seed) {
    memset(sc, 0, sizeof *sc);
    wt_rng rng = {seed * 0x9E3779B97F4A7C15ull + (uint64_t)kind};
    sc->def = ccl_world_default_def();
    double half = 12.0; /* a box of 24 by 20 */
    sc->def.box_min = ccl_v2(-half, -10.0);
    sc->def.box_max = ccl_v2(half, 10.0);
    sc->step = 0.25;
    sc->steps = 8;
    sc->def.max_events_per_advance = 20000; /* a run gone wrong fails rather than runs away */
    switch (kind) {
        case INV_GAS:
            sc->name = "periodic gas";
            sc->def.boundary = CCL_BOUNDARY_PERIODIC;
            inv_fill(sc, &rng, 80, 0.3, 1.0, 2.0, 0.0);
            break;
        case INV_WALLED:
            sc->name = "walled gas";
            sc->def.restitution = 0.9;
            inv_fill(sc, &rng, 60, 0.3, 1.2, 2.0, 0.1);
            for (int i = 0; i < sc->circle_count; i += 3) {
                sc->circles[i].restitution = 0.8;
            }
            break;
        case INV_OBSTACLES:
            sc->name = "segments and points";
            sc->def.boundary = seed % 2 ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
            inv_obstacles(sc, &rng, 5, 5);
            inv_fill(sc, &rng, 40, 0.3, 0.8, 2.0, 0.05);
            break;
        case INV_GRAVITY:
            sc->name = "gravity, restitution 0.7";
            sc->def.gravity = ccl_v2(0.0, -10.0);
            sc->def.restitution = 0.7;
            inv_obstacles(sc, &rng, 3, 3);
            inv_fill(sc, &rng, 12, 0.5, 1.0, 3.0, 0.0);
            sc->steps = 16;
            sc->empty_steps = (int)(seed % 2); /* the world runs a while before its circles come */
            break;
        case INV_PILE:
            /* circles fall onto pegs and come to rest: resting, sleeping and the collapse guard,
             * with the definition's constants given (the other scenes take the automatic ones) */
            sc->name = "pile";
            sc->def.gravity = ccl_v2(0.3, -10.0);
            sc->def.restitution = 0.5;
            sc->def.collapse_time = 2e-3;
            sc->def.rest_speed = 0.02;
            sc->def.cell_size = 2.5;
            for (int k = 0; k < 5; ++k) {
                sc->points[sc->point_count++] =
                    ccl_v2(-8.0 + 4.0 * k + wt_range(&rng, -0.5, 0.5), -6.0);
            }
            sc->segments[sc->segment_count++] =
                (ccl_segment){ccl_v2(-12.0, -2.0), ccl_v2(-4.0, -4.0)};
            inv_fill(sc, &rng, 20, 0.4, 0.9, 1.0, 0.0);
            sc->steps = 14;
            break;
        case INV_DAMPED:
            sc->name = "damped gas";
            sc->def.damping = 0.3;
            inv_obstacles(sc, &rng, 2, 2);
            inv_fill(sc, &rng, 40, 0.3, 1.0, 3.0, 0.0);
            break;
        case INV_SEPARATE:
            sc->name = "overlapping insertion";
            sc->def.overlap = CCL_OVERLAP_SEPARATE;
            sc->def.separation_speed = 0.5;
            inv_fill(sc, &rng, 40, 0.3, 1.0, 2.0, 0.0);
            /* a few circles on top of one other each, which drift apart. Not on two: a circle
             * overlapping several drifts from one pair to the next in the order the pairs were
             * recorded, which follows the order of adding and the grid's walk, so that its path
             * changes with either (world.h) */
            for (int k = 0; k < 8; ++k) {
                ccl_circle_def c = sc->circles[k];
                c.position.x += c.radius * wt_range(&rng, -0.8, 0.8);
                c.position.y += c.radius * wt_range(&rng, -0.8, 0.8);
                c.radius *= 0.6;
                int overlapped = 0;
                for (int i = 0; i < sc->circle_count; ++i) {
                    ccl_vec2 o = sc->circles[i].position;
                    overlapped += hypot(c.position.x - o.x, c.position.y - o.y) <
                                  c.radius + sc->circles[i].radius;
                }
                if (overlapped == 1 && fabs(c.position.x) + c.radius < half &&
                    fabs(c.position.y) + c.radius < 10.0) {
                    sc->circles[sc->circle_count++] = c;
                }
            }
            break;
        default:
            break;
    }
}

/* ---- the properties ---- */

enum { INV_SEEDS = 2 };

static int inv_imax(int a, int b) {
    return a > b ? a : b;
}

static int inv_imin(int a, int b) {
    return a < b ? a : b;
}

/// Counts the maps under which a scene does not evolve as the original does (printing the first).
typedef struct inv_tally {
    int checked, failed;
    int cut; ///< runs compared only up to an instant with two events
} inv_tally;

static void inv_expect(inv_tally *t, const inv_scene *sc, const inv_run *ref, inv_map m,
                       bool until_tie) {
    inv_run got;
    inv_play(sc, &m, &got);
    t->checked++;
    t->cut += until_tie && inv_first_tie(ref) < ref->count;
    t->failed += !inv_agree(sc, &m, ref, &got, until_tie, t->failed > 4);
    inv_free(&got);
}

/// Prints how many runs (scaled, swapped, ...) were compared and fails the test if any differed.
static void inv_report(const inv_tally *t, const char *runs) {
    printf("%d %s runs (%d up to a tie), %d differ\n", t->checked, runs, t->cut, t->failed);
    assert_int_equal(t->failed, 0);
}

/// What a test checks of one scene against its reference run, drawing from the test's rng.
typedef void inv_check(inv_tally *t, const inv_scene *sc, const inv_run *ref, int kind,
                       wt_rng *rng);

/// What a test does with one scene (its kind and seed) and the scene's reference run; ctx is the
/// test's own.
typedef void inv_visit(const inv_scene *sc, const inv_run *ref, int kind, int seed, void *ctx);

/* Plays every kind of scene with seeds 1 to seeds as it is (the reference run) and hands each
 * scene with its run to visit. */
static void inv_each_reference(int seeds, inv_visit *visit, void *ctx) {
    for (int kind = 0; kind < INV_KINDS; ++kind) {
        for (int seed = 1; seed <= seeds; ++seed) {
            static inv_scene sc;
            inv_make(&sc, kind, (uint64_t)seed);
            inv_run ref;
            inv_play(&sc, &(inv_map){0}, &ref);
            visit(&sc, &ref, kind, seed, ctx);
            inv_free(&ref);
        }
    }
}

/// A check run over every scene: the check, its tally and the rng it draws from.
typedef struct inv_checking {
    inv_check *check;
    inv_tally tally;
    wt_rng rng;
} inv_checking;

static void inv_visit_check(const inv_scene *sc, const inv_run *ref, int kind, int seed,
                            void *ctx) {
    (void)seed;
    inv_checking *c = ctx;
    c->check(&c->tally, sc, ref, kind, &c->rng);
}

/* Checks every kind of scene with seeds 1 to seeds against its reference run (the scene as it
 * is), rng starting at rng_seed, then reports the runs (scaled, ...) as inv_report does. */
static void inv_each_scene(inv_check *check, int seeds, uint64_t rng_seed, const char *runs) {
    inv_checking c = {check, {0, 0, 0}, {rng_seed}};
    inv_each_reference(seeds, inv_visit_check, &c);
    inv_report(&c.tally, runs);
}

/* Lengths, times and masses scaled by powers of two: every event and final state is the
 * original's, scaled, bit for bit. The scenes add their segments and points before their circles:
 * the grid that the first obstacle makes in a world without circles took its cells from an
 * absolute radius of 0.5, so that a box below about 4 (and circles below 0.5) got other cells
 * than the same scene at a larger scale, and the roundings at cell crossings differed (lengths
 * scaled by 2^-3 and below failed). The gravity scene of odd seeds advances once before its
 * circles come: the automatic collapse time, fixed by the first advance, took a radius of 1 in a
 * world without circles, so that every scaled copy differed (ten circles dropped in a box, with
 * lengths and gravity scaled by 2^20, collided 540 times as often). Exact where the
 * squared relative speed times the squared contact distance, a R^2, lies in [2^-900, DBL_MAX]
 * (`docs/NUMERICS.md`, CCL_SQUARES_LOW): the scenes' speeds and radii keep it there for lengths
 * 2^-200 to 2^220 at fixed times, and scaling both by 2^a and velocities by 2^(a-b) scales it by
 * 2^(4a - 2b). */
static void inv_check_scaled(inv_tally *t, const inv_scene *sc, const inv_run *ref, int kind,
                             wt_rng *rng) {
    assert_false(ref->failed);
    assert_true(ref->count > 20);
    /* every power alone (a sample of them for the pile, which has thousands of events),
     * then random combinations of all three */
    int stride = kind == INV_PILE ? 16 : 1;
    for (int e = -200; e <= 220; e += stride) {
        inv_expect(t, sc, ref, (inv_map){.length_exp = e}, false);
    }
    for (int e = -400; e <= 400; e += 2 * stride) {
        inv_expect(t, sc, ref, (inv_map){.time_exp = e}, false);
    }
    for (int e = -320; e <= 320; e += 8 * stride) {
        inv_expect(t, sc, ref, (inv_map){.mass_exp = e}, false);
    }
    for (int k = 0; k < 48 / stride + 4; ++k) {
        int a = -200 + (int)(wt_next(rng) % 421);
        /* speeds by 2^(a - b), a R^2 by 2^(4a - 2b), gravity by 2^(a - 2b) */
        int lo = inv_imax(inv_imax(a - 440, (4 * a - 880) / 2), (a - 800) / 2);
        int hi = inv_imin(inv_imin(a + 440, (4 * a + 780) / 2), (a + 800) / 2);
        int b = lo + (int)(wt_next(rng) % (uint64_t)(hi - lo + 1));
        int c = -300 + (int)(wt_next(rng) % 601);
        bool swap = wt_next(rng) % 2 == 0;
        inv_map m = {.length_exp = a, .time_exp = b, .mass_exp = c, .swap_xy = swap};
        inv_expect(t, sc, ref, m, swap);
    }
}

static void powers_of_two_scale_every_event_exactly(void **state) {
    (void)state;
    inv_each_scene(inv_check_scaled, INV_SEEDS, 2026, "scaled");
}

/* Outside [2^-900, DBL_MAX] the neighbour scan takes the discriminant in factored form
 * (`docs/NUMERICS.md`), whose bits differ from the plain form's; within that range too, scaling
 * by powers of two changes no bit. (Against segments and points the narrow phase switches forms
 * again below offsets of 2^-400, hence the lower end.) */
static void powers_of_two_scale_exactly_beyond_the_plain_discriminant(void **state) {
    (void)state;
    inv_tally t = {0, 0, 0};
    const int base[2] = {-330, 300}, shift[2][3] = {{-60, -25, 20}, {-30, 45, 140}};
    for (int kind = 0; kind < INV_KINDS; ++kind) {
        static inv_scene sc;
        inv_make(&sc, kind, 3);
        for (int end = 0; end < 2; ++end) {
            inv_run ref;
            inv_play(&sc, &(inv_map){.length_exp = base[end]}, &ref);
            assert_false(ref.failed);
            for (int k = 0; k < 3; ++k) {
                inv_map m = {.length_exp = base[end] + shift[end][k]};
                inv_run got;
                inv_play(&sc, &m, &got);
                inv_map relative = {.length_exp = shift[end][k]};
                t.checked++;
                t.failed += !inv_agree(&sc, &relative, &ref, &got, false, t.failed > 4);
                inv_free(&got);
            }
            inv_free(&ref);
        }
    }
    inv_report(&t, "scaled");
}

/* Swapping x and y (a box of 24 by 20 becomes one of 20 by 24) mirrors every event exactly: the
 * grid, the walls and every formula treat the two axes alike. Up to the first instant with two
 * events: there the world takes them by slot index, and a circle's candidates that tie (an x and
 * a y wall or cell edge at once) by kind and axis, x first, so that the swapped world may take
 * them in the other order. Only scenes where circles touch have such instants (circles resting
 * under gravity, pairs the drift apart left touching: a hit on one of them is passed on at once),
 * tens to hundreds of events in; from there their events differ by roundings. */
static void inv_check_swapped(inv_tally *t, const inv_scene *sc, const inv_run *ref, int kind,
                              wt_rng *rng) {
    (void)kind;
    (void)rng;
    inv_expect(t, sc, ref, (inv_map){.swap_xy = true}, true);
}

static void swapping_x_and_y_mirrors_every_event_exactly(void **state) {
    (void)state;
    inv_each_scene(inv_check_swapped, 3, 0, "swapped");
}

/* The order in which circles are added changes no event: the same times, parties, normals and
 * impulses bit for bit. Only which circle of a colliding pair names the event may change (the one
 * whose slot comes first), and with it the contact point's rounding. Up to the first instant with
 * two events (see above), which the world takes in slot order: from there the order of adding
 * changes the order of the collisions, and their results. */
static void inv_check_reordered(inv_tally *t, const inv_scene *sc, const inv_run *ref, int kind,
                                wt_rng *rng) {
    (void)kind;
    int order[INV_MAX_CIRCLES];
    for (int i = 0; i < sc->circle_count; ++i) {
        order[i] = sc->circle_count - 1 - i;
    }
    for (int k = 0; k < 6; ++k) {
        inv_expect(t, sc, ref, (inv_map){.order = order}, true);
        for (int i = sc->circle_count - 1; i > 0; --i) { /* Fisher-Yates */
            int j = (int)(wt_next(rng) % (uint64_t)(i + 1)), x = order[i];
            order[i] = order[j];
            order[j] = x;
        }
    }
}

static void the_order_of_adding_circles_changes_no_event(void **state) {
    (void)state;
    inv_each_scene(inv_check_reordered, INV_SEEDS, 77, "reordered");
}

/* The largest difference between a mirrored run and the original, relative to the box (points,
 * positions) and to the run's length (times), over the events before the first instant with two
 * events (and the final states when there is none); -1 when the events do not name the same
 * parties in the same order, up to events less than 1e-9 of the run apart, which rounding may
 * swap. */
static double inv_mirror_distance(const inv_scene *sc, const inv_map *m, const inv_run *ref,
                                  const inv_run *got) {
    double size = sc->def.box_max.x - sc->def.box_min.x, span = sc->step * sc->steps;
    size_t limit = inv_first_tie(ref);
    if (ref->failed || got->failed || got->count < limit) {
        return -1.0;
    }
    double worst = 0.0;
    for (size_t k = 0; k < limit; ++k) {
        const ccl_contact_event *e = &ref->events[k];
        double best = INFINITY;
        for (size_t j = k > 4 ? k - 4 : 0; j < got->count && j <= k + 4; ++j) {
            const ccl_contact_event *g = &got->events[j];
            int wall = e->kind == CCL_CONTACT_BOX ? inv_box_wall(m, e->wall) : e->wall;
            bool named_alike = e->a.index == g->a.index && e->b.index == g->b.index;
            bool swapped = e->kind == CCL_CONTACT_CIRCLE && e->a.index == g->b.index &&
                           e->b.index == g->a.index;
            if (e->kind != g->kind || wall != g->wall || !(named_alike || swapped) ||
                (j != k && fabs(e->time - g->time) > 1e-9 * span)) {
                continue;
            }
            ccl_vec2 p = inv_mirror(m, e->point), n = inv_mirror(m, e->normal);
            double sign = named_alike ? 1.0 : -1.0;
            double d = fabs(e->time - g->time) / span;
            d = fmax(d, fabs(e->impulse - g->impulse) / fmax(e->impulse, 1.0));
            d = fmax(d, fmax(fabs(sign * n.x - g->normal.x), fabs(sign * n.y - g->normal.y)));
            if (named_alike) {
                d = fmax(d, fmax(fabs(p.x - g->point.x), fabs(p.y - g->point.y)) / size);
            }
            best = fmin(best, d);
        }
        if (best == INFINITY) {
            return -1.0;
        }
        worst = fmax(worst, best);
    }
    for (int i = 0; i < sc->circle_count && limit == ref->count; ++i) {
        ccl_vec2 p = inv_mirror(m, ref->states[i].position);
        double dx = p.x - got->states[i].position.x, dy = p.y - got->states[i].position.y;
        if (sc->def.boundary == CCL_BOUNDARY_PERIODIC) {
            dx -= size * nearbyint(dx / size);
            dy -= size * nearbyint(dy / size);
        }
        worst = fmax(worst, fmax(fabs(dx), fabs(dy)) / size);
    }
    return worst;
}

/// The mirrored runs so far: how many, how many exact, and the largest difference.
typedef struct inv_mirrors {
    double worst;
    int runs, exact;
} inv_mirrors;

/* Runs the scene with x negated and with y negated and compares each with its reference run. */
static void inv_mirror_each_axis(const inv_scene *sc, const inv_run *ref, int kind, int seed,
                                 void *ctx) {
    (void)kind;
    inv_mirrors *mirrors = ctx;
    for (int axis = 0; axis < 2; ++axis) {
        inv_map m = {.negate_x = axis == 0, .negate_y = axis == 1};
        inv_run got;
        inv_play(sc, &m, &got);
        double d = inv_mirror_distance(sc, &m, ref, &got);
        if (d < 0.0 || d > 1e-8) {
            printf("  %s seed %d, %c negated: difference %g\n", sc->name, seed,
                   axis == 0 ? 'x' : 'y', d);
        }
        mirrors->worst = d < 0.0 ? INFINITY : fmax(mirrors->worst, d);
        mirrors->runs++;
        mirrors->exact += inv_agree(sc, &m, ref, &got, false, true);
        inv_free(&got);
    }
}

/* Negating x (or y) in a box symmetric about 0 mirrors the events, but only to rounding: a circle's
 * state is moved to the present at each cell crossing, whose time depends on where the cell edges
 * (box_min + i cell) lie, and those do not round as their mirror images do; nor does the gap to a
 * wall, (p - r) - box_min against (box_max - p) - r. The differences are ulps, which the collisions
 * then amplify; over these short runs (up to the first instant with two events, whose order a
 * rounding can decide) the mirrored events name the same parties in the same order and differ by
 * less than 1e-8 (of the box, the run, the normal and the impulse; 4.4e-10 measured, with the
 * gravity scenes the worst, and a relative 1e-9 in one initial velocity makes it 1.4e-6). */
static void negating_a_coordinate_mirrors_the_events_to_rounding(void **state) {
    (void)state;
    inv_mirrors mirrors = {0.0, 0, 0};
    inv_each_reference(INV_SEEDS, inv_mirror_each_axis, &mirrors);
    printf("%d mirrored runs (%d exact), largest difference %.3g\n", mirrors.runs, mirrors.exact,
           mirrors.worst);
    assert_true(mirrors.worst <= 1e-8);
}

/* An elastic world run for a time T, then with every velocity negated for T again, comes back to
 * where it started, through the same collisions in reverse order. Not exactly: each collision
 * amplifies the roundings of the one before (the gas is chaotic), so the runs are short, a few
 * collisions per circle, and the tolerance is 1e-9 of the box. */
static void an_elastic_world_run_backwards_returns_to_its_start(void **state) {
    (void)state;
    double worst = 0.0;
    for (int kind = 0; kind < 3; ++kind) {
        for (int seed = 1; seed <= 3; ++seed) {
            static inv_scene sc;
            /* a periodic gas; segments, points and immovable circles, periodic or walled */
            inv_make(&sc, kind == 0 ? INV_GAS : INV_OBSTACLES, (uint64_t)(2 * seed + kind));
            inv_run run;
            memset(&run, 0, sizeof run);
            ccl_world_def def = sc.def;
            def.record_contacts = true;
            ccl_world *w = NULL;
            assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
            for (int k = 0; k < sc.segment_count; ++k) {
                assert_int_equal(ccl_world_add_segment(w, sc.segments[k], NULL), CCL_OK);
            }
            for (int k = 0; k < sc.point_count; ++k) {
                assert_int_equal(ccl_world_add_point(w, sc.points[k], NULL), CCL_OK);
            }
            ccl_circle_id ids[INV_MAX_CIRCLES];
            for (int i = 0; i < sc.circle_count; ++i) {
                assert_int_equal(ccl_world_add_circle(w, &sc.circles[i], &ids[i]), CCL_OK);
            }
            double span = sc.step * sc.steps;
            /* forward, then back: the contacts of each leg */
            ccl_contact_event *legs[2];
            size_t counts[2];
            for (int leg = 0; leg < 2; ++leg) {
                if (leg == 1) {
                    assert_int_equal(ccl_world_scale_velocities(w, -1.0), CCL_OK);
                }
                assert_int_equal(ccl_world_advance(w, span), CCL_OK);
                const ccl_contact_event *events = ccl_world_contact_events(w, &counts[leg]);
                legs[leg] = malloc(sizeof *legs[leg] * (counts[leg] + 1));
                memcpy(legs[leg], events, sizeof *events * counts[leg]);
            }
            double size = sc.def.box_max.x - sc.def.box_min.x, d = 0.0;
            assert_int_equal(counts[0], counts[1]);
            int collisions = 0;
            for (size_t k = 0; k < counts[0]; ++k) {
                const ccl_contact_event *e = &legs[0][k], *g = &legs[1][counts[0] - 1 - k];
                collisions += e->kind == CCL_CONTACT_CIRCLE ? 2 : 1;
                bool named_alike = e->a.index == g->a.index && e->b.index == g->b.index;
                bool swapped = e->kind == CCL_CONTACT_CIRCLE && e->a.index == g->b.index &&
                               e->b.index == g->a.index;
                assert_int_equal(e->kind, g->kind);
                assert_int_equal(e->wall, g->wall);
                assert_true(named_alike || swapped);
                d = fmax(d, fabs(2.0 * span - e->time - g->time) / span);
                d = fmax(d, fabs(e->impulse - g->impulse) / fmax(e->impulse, 1.0));
            }
            for (int i = 0; i < sc.circle_count; ++i) {
                ccl_circle_state s;
                assert_int_equal(ccl_world_get_circle(w, ids[i], &s), CCL_OK);
                double dx = s.position.x - sc.circles[i].position.x;
                double dy = s.position.y - sc.circles[i].position.y;
                if (sc.def.boundary == CCL_BOUNDARY_PERIODIC) {
                    dx -= size * nearbyint(dx / size);
                    dy -= size * nearbyint(dy / size);
                }
                d = fmax(d, fmax(fabs(dx), fabs(dy)) / size);
                if (sc.circles[i].mass > 0.0) { /* and every velocity is the start's, negated */
                    d = fmax(d, fabs(s.velocity.x + sc.circles[i].velocity.x) / 2.0);
                    d = fmax(d, fabs(s.velocity.y + sc.circles[i].velocity.y) / 2.0);
                }
            }
            printf("  %s (%s) seed %d: %zu contacts, %.2f per circle, back to %.3g\n", sc.name,
                   sc.def.boundary == CCL_BOUNDARY_PERIODIC ? "periodic" : "walled", seed,
                   counts[0], (double)collisions / sc.circle_count, d);
            worst = fmax(worst, d);
            free(legs[0]);
            free(legs[1]);
            ccl_world_destroy(w);
        }
    }
    printf("largest difference from the start: %.3g\n", worst);
    assert_true(worst <= 1e-9);
}

CCL_TEST_MAIN(cmocka_unit_test(powers_of_two_scale_every_event_exactly),
              cmocka_unit_test(powers_of_two_scale_exactly_beyond_the_plain_discriminant),
              cmocka_unit_test(swapping_x_and_y_mirrors_every_event_exactly),
              cmocka_unit_test(the_order_of_adding_circles_changes_no_event),
              cmocka_unit_test(negating_a_coordinate_mirrors_the_events_to_rounding),
              cmocka_unit_test(an_elastic_world_run_backwards_returns_to_its_start))
