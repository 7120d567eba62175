/* The world against a brute-force reference: a plain O(N^2) event-driven simulator written here
 * in long double, sharing no code with the library. Every circle is moved to each event time;
 * every pair (and every periodic image) and every wall is checked at every step. The first few
 * hundred events must agree: the same pairs or walls, in the same order, at the same times.
 * Hard-disk dynamics is chaotic: a difference of one rounding grows by orders of magnitude at
 * every near-grazing collision, so the comparison covers the first few collisions per circle
 * (2 N events, about four per circle); run with CIRCOL_REFERENCE_TRACE=1 to watch it grow. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <circol/circol.h>

#define MAX_CIRCLES 100
#define MAX_EVENTS  400

/* Events compared over the whole program. */
static int compared_events;

typedef long double real;

typedef struct ref_scene {
    int n;
    real x[MAX_CIRCLES], y[MAX_CIRCLES], vx[MAX_CIRCLES], vy[MAX_CIRCLES];
    real r[MAX_CIRCLES], inv_m[MAX_CIRCLES];
    real width, height, gx, gy, restitution;
    bool periodic;
    bool filtered; /* category and mask bits given to the world (circol/game.h) */
    uint32_t category[MAX_CIRCLES], mask[MAX_CIRCLES];
} ref_scene;

/* Whether circles i and j collide: each one's category in the other's mask (all do unfiltered). */
static bool interacts(const ref_scene *s, int i, int j) {
    return !s->filtered ||
           ((s->category[i] & s->mask[j]) != 0 && (s->category[j] & s->mask[i]) != 0);
}

/* One event as both simulators report it: a circle pair (a < b) or circle a and box wall. */
typedef struct ref_event {
    double time;
    int a, b; /* b = -1 for a wall */
    int wall; /* 0 left, 1 right, 2 bottom, 3 top; -1 for a pair */
} ref_event;

static uint64_t rng_state;

static double uniform(double lo, double hi) {
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (hi - lo) * (double)(rng_state >> 11) * 0x1p-53;
}

/* Smallest t > t_min where the textbook root of A t^2 + B t + C = 0 is an approach (the value
 * is decreasing there); -1 for none. Long double gives ample margin for these scenes. */
static real first_decreasing_root(real A, real B, real C, real t_min) {
    real best = -1;
    if (A == 0) {
        if (B < 0) {
            real t = -C / B;
            if (t > t_min) {
                best = t;
            }
        }
        return best;
    }
    real D = B * B - 4 * A * C;
    if (D < 0) {
        return -1;
    }
    real s = sqrtl(D);
    real roots[2] = {(-B - s) / (2 * A), (-B + s) / (2 * A)};
    for (int k = 0; k < 2; ++k) {
        real t = roots[k];
        if (t > t_min && 2 * A * t + B < 0 && (best < 0 || t < best)) {
            best = t;
        }
    }
    return best;
}

/* Runs the reference for max_events events; returns how many it recorded. */
static int reference_run(ref_scene s, ref_event *out, int max_events) {
    real now = 0;
    int count = 0;
    const real eps = 1e-13L; /* a contact just processed is not found again */
    while (count < max_events) {
        real best = INFINITY;
        int ba = -1, bb = -1, bwall = -1;
        real bshift_x = 0, bshift_y = 0;
        for (int i = 0; i < s.n; ++i) {
            for (int j = i + 1; j < s.n; ++j) {
                if ((s.inv_m[i] == 0 && s.inv_m[j] == 0) || !interacts(&s, i, j)) {
                    continue;
                }
                int images = s.periodic ? 1 : 0;
                for (int ix = -images; ix <= images; ++ix) {
                    for (int iy = -images; iy <= images; ++iy) {
                        real dx = s.x[j] + ix * s.width - s.x[i];
                        real dy = s.y[j] + iy * s.height - s.y[i];
                        real dvx = s.vx[j] - s.vx[i], dvy = s.vy[j] - s.vy[i];
                        real R = s.r[i] + s.r[j];
                        /* gravity is shared by movable circles; an immovable one feels none */
                        real ax = (s.inv_m[j] > 0 ? s.gx : 0) - (s.inv_m[i] > 0 ? s.gx : 0);
                        real ay = (s.inv_m[j] > 0 ? s.gy : 0) - (s.inv_m[i] > 0 ? s.gy : 0);
                        if (ax != 0 || ay != 0) {
                            continue; /* not in these scenes */
                        }
                        real t =
                            first_decreasing_root(dvx * dvx + dvy * dvy, 2 * (dx * dvx + dy * dvy),
                                                  dx * dx + dy * dy - R * R, eps);
                        if (t > 0 && t < best) {
                            best = t;
                            ba = i;
                            bb = j;
                            bwall = -1;
                            bshift_x = ix * s.width;
                            bshift_y = iy * s.height;
                        }
                    }
                }
            }
        }
        if (!s.periodic) {
            for (int i = 0; i < s.n; ++i) {
                if (s.inv_m[i] == 0) {
                    continue;
                }
                /* gap to each wall as a quadratic in t */
                real gaps[4][3] = {
                    {s.gx / 2, s.vx[i], s.x[i] - s.r[i]},
                    {-s.gx / 2, -s.vx[i], s.width - s.x[i] - s.r[i]},
                    {s.gy / 2, s.vy[i], s.y[i] - s.r[i]},
                    {-s.gy / 2, -s.vy[i], s.height - s.y[i] - s.r[i]},
                };
                for (int k = 0; k < 4; ++k) {
                    real t = first_decreasing_root(gaps[k][0], gaps[k][1], gaps[k][2], eps);
                    if (t > 0 && t < best) {
                        best = t;
                        ba = i;
                        bb = -1;
                        bwall = k;
                    }
                }
            }
        }
        if (ba < 0) {
            break;
        }
        /* move everybody to the event */
        for (int i = 0; i < s.n; ++i) {
            if (s.inv_m[i] == 0) {
                continue;
            }
            s.x[i] += s.vx[i] * best + s.gx * best * best / 2;
            s.y[i] += s.vy[i] * best + s.gy * best * best / 2;
            s.vx[i] += s.gx * best;
            s.vy[i] += s.gy * best;
            if (s.periodic) {
                s.x[i] -= s.width * floorl(s.x[i] / s.width);
                s.y[i] -= s.height * floorl(s.y[i] / s.height);
            }
        }
        now += best;
        if (bb >= 0) {
            real nx = s.x[bb] + bshift_x - s.x[ba], ny = s.y[bb] + bshift_y - s.y[ba];
            if (s.periodic) { /* positions were wrapped: use the nearest image again */
                nx -= s.width * roundl(nx / s.width);
                ny -= s.height * roundl(ny / s.height);
            }
            real len = sqrtl(nx * nx + ny * ny);
            nx /= len;
            ny /= len;
            real vn = (s.vx[ba] - s.vx[bb]) * nx + (s.vy[ba] - s.vy[bb]) * ny;
            real j = (1 + s.restitution) * vn / (s.inv_m[ba] + s.inv_m[bb]);
            s.vx[ba] -= j * s.inv_m[ba] * nx;
            s.vy[ba] -= j * s.inv_m[ba] * ny;
            s.vx[bb] += j * s.inv_m[bb] * nx;
            s.vy[bb] += j * s.inv_m[bb] * ny;
        } else if (bwall <= 1) {
            s.vx[ba] = -s.restitution * s.vx[ba];
        } else {
            s.vy[ba] = -s.restitution * s.vy[ba];
        }
        ref_event e = {(double)now, ba, bb, bwall};
        out[count++] = e;
    }
    return count;
}

/* Random non-overlapping scene. */
static ref_scene make_scene(uint64_t seed, int n, bool periodic, double gravity, bool immovable) {
    ref_scene s;
    memset(&s, 0, sizeof s);
    rng_state = seed;
    s.n = n;
    s.width = 6.0L * sqrtl((real)n); /* packing fraction about 0.1: free paths of a few radii */
    s.height = s.width * 0.8L;
    s.periodic = periodic;
    s.gy = -gravity;
    s.restitution = 1;
    for (int i = 0; i < n; ++i) {
        for (int attempt = 0;; ++attempt) {
            double r = uniform(0.5, 1.5);
            double x = uniform(r, (double)s.width - r), y = uniform(r, (double)s.height - r);
            bool clear = true;
            for (int k = 0; k < i && clear; ++k) {
                double dx = x - (double)s.x[k], dy = y - (double)s.y[k];
                if (periodic) {
                    dx -= (double)s.width * nearbyint(dx / (double)s.width);
                    dy -= (double)s.height * nearbyint(dy / (double)s.height);
                }
                clear = sqrt(dx * dx + dy * dy) > r + (double)s.r[k] + 0.01;
            }
            if (clear) {
                s.x[i] = x;
                s.y[i] = y;
                s.r[i] = r;
                break;
            }
            assert_true(attempt < 100000);
        }
        bool fixed = immovable && i % 10 == 3;
        s.inv_m[i] = fixed ? 0 : 1.0 / uniform(0.5, 2.0);
        s.vx[i] = fixed ? 0 : uniform(-5.0, 5.0);
        s.vy[i] = fixed ? 0 : uniform(-5.0, 5.0);
    }
    return s;
}

/* Runs the same scene in the world; returns the number of recorded events. */
static int world_run(const ref_scene *s, ref_event *out, int max_events, double horizon) {
    ccl_world_def def = ccl_world_default_def();
    def.box_min = ccl_v2(0, 0);
    def.box_max = ccl_v2((double)s->width, (double)s->height);
    def.boundary = s->periodic ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
    def.gravity = ccl_v2((double)s->gx, (double)s->gy);
    def.restitution = (double)s->restitution;
    def.collapse_time = 1e-300; /* the reference has no collapse guard */
    def.rest_speed = 1e-300;    /* nor resting contacts */
    def.record_contacts = true;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    for (int i = 0; i < s->n; ++i) {
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2((double)s->x[i], (double)s->y[i]);
        c.velocity = ccl_v2((double)s->vx[i], (double)s->vy[i]);
        c.radius = (double)s->r[i];
        c.mass = s->inv_m[i] == 0 ? 0.0 : (double)(1 / s->inv_m[i]);
        ccl_circle_id id;
        assert_int_equal(ccl_world_add_circle(w, &c, &id), CCL_OK);
        assert_int_equal(id.index, (uint32_t)i);
        if (s->filtered) {
            assert_int_equal(ccl_world_set_filter(w, id, s->category[i], s->mask[i]), CCL_OK);
        }
    }
    int count = 0;
    double step = horizon / 64;
    for (int k = 0; k < 64 * 64 && count < max_events; ++k) {
        assert_int_equal(ccl_world_advance(w, step), CCL_OK);
        size_t n = 0;
        const ccl_contact_event *events = ccl_world_contact_events(w, &n);
        for (size_t m = 0; m < n && count < max_events; ++m) {
            ref_event e;
            e.time = events[m].time;
            if (events[m].kind == CCL_CONTACT_CIRCLE) {
                int a = (int)events[m].a.index, b = (int)events[m].b.index;
                e.a = a < b ? a : b;
                e.b = a < b ? b : a;
                e.wall = -1;
            } else {
                assert_int_equal(events[m].kind, CCL_CONTACT_BOX);
                e.a = (int)events[m].a.index;
                e.b = -1;
                e.wall = events[m].wall;
            }
            out[count++] = e;
        }
    }
    assert_true(ccl_world_max_overlap(w) < 1e-9);
    ccl_world_destroy(w);
    return count;
}

static bool same_event(const ref_event *x, const ref_event *y, double tolerance) {
    return x->a == y->a && x->b == y->b && x->wall == y->wall &&
           fabs(x->time - y->time) <= tolerance;
}

/* The number of leading events on which two runs agree (same parties, times within tolerance);
 * two events closer in time than that may come in either order. Swaps `got` into the reference's
 * order where it does. */
static int agreeing_prefix(const ref_event *ref, ref_event *got, int n, double tolerance) {
    for (int k = 0; k < n; ++k) {
        if (same_event(&ref[k], &got[k], tolerance)) {
            continue;
        }
        if (k + 1 < n && fabs(ref[k].time - ref[k + 1].time) <= tolerance &&
            same_event(&ref[k], &got[k + 1], tolerance) &&
            same_event(&ref[k + 1], &got[k], tolerance)) {
            ref_event t = got[k];
            got[k] = got[k + 1];
            got[k + 1] = t;
            continue;
        }
        return k;
    }
    return n;
}

/* Compares the world with the reference over the scene's predictable events. The reference is
 * run twice, the second time from positions moved by one double rounding. Where those two runs
 * part by 1e-11 of the time scale, a single rounding has been amplified 1e5-fold; a double
 * precision simulator, which rounds at every event, can then be 1e-9 off, so the comparison
 * stops there. Up to that horizon (or `wanted` events) the world must agree to 1e-9. */
static void compare_runs(const ref_scene *s, int wanted, double horizon) {
    static ref_event ref[MAX_EVENTS], nudged[MAX_EVENTS], got[MAX_EVENTS];
    int n_ref = reference_run(*s, ref, wanted);
    assert_int_equal(n_ref, wanted);
    ref_scene t = *s;
    for (int i = 0; i < t.n; ++i) {
        t.x[i] *= 1 + 0x1p-53L;
        t.y[i] *= 1 - 0x1p-53L;
    }
    int n_nudged = reference_run(t, nudged, wanted);
    double scale = fmax(1.0, ref[wanted - 1].time);
    int predictable =
        agreeing_prefix(ref, nudged, n_nudged < wanted ? n_nudged : wanted, 1e-11 * scale);
    int n_got = world_run(s, got, wanted, horizon);
    assert_true(n_got >= predictable);
    int agree = agreeing_prefix(ref, got, predictable, 1e-9 * scale);
    double worst = 0;
    for (int k = 0; k < agree; ++k) {
        worst = fmax(worst, fabs(ref[k].time - got[k].time) / scale);
        if (getenv("CIRCOL_REFERENCE_TRACE") != NULL) {
            printf("  event %3d t=%.6f rel.diff %.3g\n", k, ref[k].time,
                   fabs(ref[k].time - got[k].time) / scale);
        }
    }
    if (agree < predictable) {
        fail_msg("event %d differs: reference t=%.17g (%d,%d,wall %d), world t=%.17g "
                 "(%d,%d,wall %d)",
                 agree, ref[agree].time, ref[agree].a, ref[agree].b, ref[agree].wall,
                 got[agree].time, got[agree].a, got[agree].b, got[agree].wall);
    }
    printf("  %d of %d events predictable and all agree; worst relative time difference %.3g\n",
           predictable, wanted, worst);
    compared_events += predictable;
}

/// Scenes compared with the reference (make_scene): seeds first to last of n circles.
typedef struct ref_case {
    const char *name;
    uint64_t first, last;
    int n;
    bool periodic;
    double gravity;
    bool immovable;
} ref_case;

static const ref_case ref_cases[] = {
    {"walled box", 1, 4, 40, false, 0.0, false},
    {"periodic", 11, 14, 60, true, 0.0, false},
    {"under gravity", 21, 24, 60, false, 9.81, false},
    {"periodic under gravity", 31, 31, 60, true, 3.0, false},
    {"with immovable circles", 41, 43, 60, false, 0.0, true},
};

/// Every scene of ref_cases makes the same collisions as the reference over 2 n collisions.
static void same_collisions_as_reference_in_every_case(void **state) {
    (void)state;
    for (size_t k = 0; k < sizeof ref_cases / sizeof ref_cases[0]; ++k) {
        const ref_case *c = &ref_cases[k];
        printf("  %s\n", c->name);
        for (uint64_t seed = c->first; seed <= c->last; ++seed) {
            ref_scene s = make_scene(seed, c->n, c->periodic, c->gravity, c->immovable);
            compare_runs(&s, 2 * s.n, 40.0);
        }
    }
}

static void same_collisions_as_reference_hundred_inelastic(void **state) {
    (void)state;
    int before = compared_events;
    ref_scene s = make_scene(51, 100, false, 0.0, false);
    s.restitution = 0.8L;
    compare_runs(&s, 3 * s.n, 40.0);
    ref_scene p = make_scene(52, 100, true, 0.0, false);
    compare_runs(&p, 3 * p.n, 40.0);
    assert_true(compared_events - before >= 2 * 200); /* at least 200 per scene on average */
}

/* Random filters on three categories: a third of the pairs or so pass through each other. Circles
 * that do not collide may overlap, so the scene is placed without them first and they are given
 * their filters before the world starts (the reference ignores them from the first instant). */
static ref_scene filtered_scene(uint64_t seed, int n, bool periodic) {
    ref_scene s = make_scene(seed, n, periodic, 0.0, false);
    s.filtered = true;
    for (int i = 0; i < n; ++i) {
        s.category[i] = 1u << (int)uniform(0.0, 2.999);
        s.mask[i] = ~0u;
        if (uniform(0.0, 1.0) < 0.6) {
            s.mask[i] &= ~(1u << (int)uniform(0.0, 2.999));
        }
    }
    return s;
}

static void filtered_worlds_are_brute_force_over_the_allowed_pairs(void **state) {
    (void)state;
    for (uint64_t seed = 61; seed <= 64; ++seed) {
        ref_scene s = filtered_scene(seed, 50, seed % 2 == 0);
        compare_runs(&s, 2 * s.n, 40.0);
    }
}

/* Filters that let every pair through (a category other than the default, every mask bit) take
 * the scan's path that looks at each pair, and must give the same events bit for bit. */
static void pass_all_filters_change_no_event(void **state) {
    (void)state;
    static ref_event plain[MAX_EVENTS], open[MAX_EVENTS];
    for (uint64_t seed = 71; seed <= 73; ++seed) {
        ref_scene s = make_scene(seed, 60, seed == 72, 0.0, true);
        int n_plain = world_run(&s, plain, MAX_EVENTS, 40.0);
        s.filtered = true;
        for (int i = 0; i < s.n; ++i) {
            s.category[i] = 2u;
            s.mask[i] = ~0u;
        }
        int n_open = world_run(&s, open, MAX_EVENTS, 40.0);
        assert_int_equal(n_plain, n_open);
        for (int k = 0; k < n_plain; ++k) {
            assert_true(plain[k].time == open[k].time && plain[k].a == open[k].a &&
                        plain[k].b == open[k].b && plain[k].wall == open[k].wall);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_collisions_as_reference_in_every_case),
        cmocka_unit_test(filtered_worlds_are_brute_force_over_the_allowed_pairs),
        cmocka_unit_test(pass_all_filters_change_no_event),
        cmocka_unit_test(same_collisions_as_reference_hundred_inelastic),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    printf("%d events compared in all\n", compared_events);
    return failed;
}
