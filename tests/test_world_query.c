/* The version, the overlap partner, region queries and ray casts, each against brute force over
 * the exported states of random worlds (walled and periodic, with segments and points). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/circol.h>

#include "world_common.h"

static void version_macros_match_the_library(void **state) {
    (void)state;
    char expected[64];
    snprintf(expected, sizeof expected, "%d.%d.%d", CIRCOL_VERSION_MAJOR, CIRCOL_VERSION_MINOR,
             CIRCOL_VERSION_PATCH);
    assert_string_equal(ccl_version(), expected);
    assert_int_equal(ccl_version_number(), CIRCOL_VERSION_MAJOR * 10000 +
                                               CIRCOL_VERSION_MINOR * 100 + CIRCOL_VERSION_PATCH);
}

/* The segments and points (a == b) the last random world was given. */
static ccl_segment g_obstacles[8];
static int g_obstacle_count;

/* A random world of about n circles (gas), with a few segments and points, advanced a while. */
static ccl_world *random_world(wt_rng *rng, bool periodic, int n) {
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(60.0, 40.0);
    def.boundary = periodic ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    g_obstacle_count = 0;
    for (int k = 0; k < 4; ++k) {
        ccl_vec2 a = ccl_v2(wt_range(rng, 0, 60), wt_range(rng, 0, 40));
        ccl_vec2 b = ccl_add(a, ccl_v2(wt_range(rng, -8, 8), wt_range(rng, -8, 8)));
        if (periodic) {
            b = ccl_v2(fmin(fmax(b.x, 0), 60), fmin(fmax(b.y, 0), 40));
        }
        if (ccl_world_add_segment(w, ccl_make_segment(a, b), NULL) == CCL_OK) {
            g_obstacles[g_obstacle_count++] = ccl_make_segment(a, b);
        }
        ccl_vec2 p = ccl_v2(wt_range(rng, 0, 60), wt_range(rng, 0, 40));
        if (ccl_world_add_point(w, p, NULL) == CCL_OK) {
            g_obstacles[g_obstacle_count++] = ccl_make_segment(p, p);
        }
    }
    for (int k = 0; k < 4 * n && ccl_world_circle_count(w) < n; ++k) {
        ccl_circle_def c = ccl_circle_default_def();
        c.radius = wt_range(rng, 0.2, 1.5);
        c.position = ccl_v2(wt_range(rng, 2, 58), wt_range(rng, 2, 38));
        c.velocity = ccl_v2(wt_normal(rng), wt_normal(rng));
        c.mass = k % 17 == 0 ? 0.0 : 1.0;
        ccl_world_add_circle(w, &c, NULL);
    }
    assert_int_equal(ccl_world_advance(w, wt_range(rng, 0.0, 3.0)), CCL_OK);
    return w;
}

static void overlap_refusal_names_the_partner(void **state) {
    (void)state;
    wt_rng rng = {33};
    for (int run = 0; run < 40; ++run) {
        ccl_world *w = random_world(&rng, run % 2 == 1, 150);
        ccl_overlap_partner p;
        int tries = 0, refused = 0;
        for (; tries < 200; ++tries) {
            ccl_circle_def c = ccl_circle_default_def();
            c.radius = wt_range(&rng, 0.2, 1.5);
            c.position = ccl_v2(wt_range(&rng, 2, 58), wt_range(&rng, 2, 38));
            if (ccl_world_add_circle(w, &c, NULL) != CCL_ERR_OVERLAP) {
                continue;
            }
            refused++;
            assert_int_equal(ccl_world_last_overlap(w, &p), CCL_OK);
            if (p.kind == CCL_CONTACT_CIRCLE) {
                ccl_circle_state s;
                assert_int_equal(ccl_world_get_circle(w, p.circle, &s), CCL_OK);
                ccl_vec2 d = ccl_sub(s.position, c.position);
                if (run % 2 == 1) {
                    d.x -= 60.0 * round(d.x / 60.0);
                    d.y -= 40.0 * round(d.y / 40.0);
                }
                assert_true(ccl_length(d) < s.radius + c.radius);
            } else {
                assert_true(p.obstacle >= 0 && p.obstacle < 4);
            }
        }
        assert_true(refused > 0);
        ccl_world_destroy(w);
    }
    ccl_world *w = random_world(&rng, false, 0);
    assert_int_equal(ccl_world_last_overlap(w, NULL), CCL_ERR_INVALID_ARGUMENT);
    ccl_overlap_partner p;
    assert_int_equal(ccl_world_last_overlap(w, &p), CCL_ERR_STALE_ID);
    ccl_world_destroy(w);
}

/* The nearest image of q to c (periodic) or q itself. */
static ccl_vec2 near_image(bool periodic, ccl_vec2 c, ccl_vec2 q) {
    if (periodic) {
        q.x = c.x + (q.x - c.x) - 60.0 * round((q.x - c.x) / 60.0);
        q.y = c.y + (q.y - c.y) - 40.0 * round((q.y - c.y) / 40.0);
    }
    return q;
}

static bool id_in(ccl_circle_id id, const ccl_circle_id *ids, int n) {
    for (int k = 0; k < n; ++k) {
        if (ids[k].index == id.index && ids[k].generation == id.generation) {
            return true;
        }
    }
    return false;
}

/// One random query (number q) in a random world w of n circles s, checked against brute force;
/// ctx is the test's own.
typedef void query_check(ccl_world *w, wt_rng *rng, bool periodic, const ccl_circle_state *s, int n,
                         int q, void *ctx);

/// 24 random worlds of `circles` circles drawn from seed, walled and periodic in turn, and 300
/// queries checked in each.
static void query_random_worlds(uint64_t seed, int circles, query_check *check, void *ctx) {
    wt_rng rng = {seed};
    for (int run = 0; run < 24; ++run) {
        bool periodic = run % 2 == 1;
        ccl_world *w = random_world(&rng, periodic, circles);
        int n;
        ccl_circle_state *s = wt_export(w, &n);
        for (int q = 0; q < 300; ++q) {
            check(w, &rng, periodic, s, n, q, ctx);
        }
        free(s);
        ccl_world_destroy(w);
    }
}

/* One random query of kind q % 3, 0 (circle), 1 (box), 2 (point), against brute force. */
static void check_one_query(ccl_world *w, wt_rng *rng, bool periodic, const ccl_circle_state *s,
                            int n, int q, void *ctx) {
    (void)ctx;
    int kind = q % 3;
    ccl_vec2 c = ccl_v2(wt_range(rng, -5, 65), wt_range(rng, -5, 45));
    ccl_vec2 half = kind == 1 ? ccl_v2(wt_range(rng, 0, 12), wt_range(rng, 0, 12)) : ccl_v2(0, 0);
    double radius = kind == 0 ? wt_range(rng, 0, 12) : 0.0;
    ccl_circle_id ids[512];
    int count = -1;
    ccl_status st =
        kind == 0   ? ccl_world_query_circle(w, c, radius, ids, 512, &count)
        : kind == 1 ? ccl_world_query_aabb(w, ccl_sub(c, half), ccl_add(c, half), ids, 512, &count)
                    : ccl_world_query_point(w, c, ids, 512, &count);
    assert_int_equal(st, CCL_OK);
    int expected = 0;
    for (int i = 0; i < n; ++i) {
        ccl_vec2 q = near_image(periodic, c, s[i].position);
        ccl_vec2 d = ccl_sub(q, c);
        d.x = fmax(fabs(d.x) - half.x, 0.0);
        d.y = fmax(fabs(d.y) - half.y, 0.0);
        bool in = ccl_length_sq(d) < (radius + s[i].radius) * (radius + s[i].radius);
        expected += in;
        assert_int_equal(in, id_in(s[i].id, ids, count));
    }
    assert_int_equal(count, expected);
}

static void region_queries_match_brute_force(void **state) {
    (void)state;
    query_random_worlds(34, 400, check_one_query, NULL);
}

/* Brute force: the first root in [0, 1] of |o + d t - c| = r, in long double (0 inside). */
static long double ray_circle_oracle(ccl_vec2 o, ccl_vec2 d, ccl_vec2 c, double r) {
    long double px = (long double)o.x - c.x, py = (long double)o.y - c.y;
    long double a = (long double)d.x * d.x + (long double)d.y * d.y;
    long double b = px * d.x + py * d.y, cc = px * px + py * py - (long double)r * r;
    if (cc <= 0) {
        return 0;
    }
    long double disc = b * b - a * cc;
    if (disc < 0 || b >= 0) {
        return INFINITY;
    }
    long double t = (-b - sqrtl(disc)) / a;
    return t <= 1 ? t : INFINITY;
}

/* Brute force: where the ray o + d t, t in [0, 1], first crosses segment [a, b] (long double;
 * a random ray never runs along one, and never meets a point). */
static long double ray_segment_oracle(ccl_vec2 o, ccl_vec2 d, ccl_vec2 a, ccl_vec2 b) {
    long double ex = (long double)b.x - a.x, ey = (long double)b.y - a.y;
    long double ax = (long double)a.x - o.x, ay = (long double)a.y - o.y;
    long double den = (long double)d.x * ey - (long double)d.y * ex;
    if (den == 0) {
        return INFINITY;
    }
    long double t = (ax * ey - ay * ex) / den, u = (ax * d.y - ay * d.x) / den;
    return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : INFINITY;
}

/// How many images of the box a ray of the tests may reach: 7 across and 9 up.
#define RAY_IMAGES 63

/// The shifts of the images of the box a ray may reach (ky from -4 to 4, kx from -3 to 3), all
/// 63 when periodic, only the box itself when walled; returns how many.
static int ray_images(bool periodic, ccl_vec2 shift[RAY_IMAGES]) {
    int images = 0;
    for (int ky = -4; ky <= 4; ++ky) {
        for (int kx = -3; kx <= 3; ++kx) {
            if (periodic || (kx == 0 && ky == 0)) {
                shift[images++] = ccl_v2(60.0 * kx, 40.0 * ky);
            }
        }
    }
    return images;
}

/* The first obstacle (every image) or box wall along the ray. */
static long double ray_obstacles_oracle(bool periodic, ccl_vec2 o, ccl_vec2 d) {
    ccl_vec2 shift[RAY_IMAGES];
    int images = ray_images(periodic, shift);
    long double best = INFINITY;
    for (int k = 0; k < g_obstacle_count; ++k) {
        for (int m = 0; m < images; ++m) {
            long double t = ray_segment_oracle(o, d, ccl_add(g_obstacles[k].a, shift[m]),
                                               ccl_add(g_obstacles[k].b, shift[m]));
            best = t < best ? t : best;
        }
    }
    ccl_vec2 corner[5] = {{0, 0}, {60, 0}, {60, 40}, {0, 40}, {0, 0}};
    for (int k = 0; !periodic && k < 4; ++k) {
        long double t = ray_segment_oracle(o, d, corner[k], corner[k + 1]);
        best = t < best ? t : best;
    }
    return best;
}

/// How many rays of a test met a circle first, and how many an obstacle or a wall.
typedef struct ray_tally {
    int circle_hits, obstacle_hits;
} ray_tally;

/* One random ray cast (ctx a ray_tally) against brute force over every circle's images and the
 * obstacles'. */
static void check_one_ray(ccl_world *w, wt_rng *rng, bool periodic, const ccl_circle_state *s,
                          int n, int q, void *ctx) {
    (void)q;
    ray_tally *tally = ctx;
    ccl_vec2 o = ccl_v2(wt_range(rng, 0, 60), wt_range(rng, 0, 40));
    double len = wt_range(rng, 0.1, periodic ? 150.0 : 80.0), a = wt_range(rng, 0, 7);
    ccl_vec2 d = ccl_v2(len * cos(a), len * sin(a));
    ccl_ray_hit h;
    assert_int_equal(ccl_world_ray_cast(w, o, d, &h), CCL_OK);
    ccl_vec2 shift[RAY_IMAGES];
    int images = ray_images(periodic, shift);
    long double best = INFINITY;
    for (int i = 0; i < n; ++i) {
        for (int m = 0; m < images; ++m) {
            long double t = ray_circle_oracle(o, d, ccl_add(s[i].position, shift[m]), s[i].radius);
            best = t < best ? t : best;
        }
    }
    long double other = ray_obstacles_oracle(periodic, o, d);
    long double first = best < other ? best : other;
    assert_int_equal(h.hit, first != INFINITY);
    if (h.hit) {
        assert_true(fabsl((long double)h.fraction - first) <= 1e-9L);
        assert_true(fabs(ccl_length(h.normal) - 1.0) < 1e-12);
        assert_true(ccl_dot(h.normal, d) <= 0.0);
        bool circle_first = best < other - 1e-9L, other_first = other < best - 1e-9L;
        assert_true(!circle_first || h.kind == CCL_CONTACT_CIRCLE);
        assert_true(!other_first || h.kind != CCL_CONTACT_CIRCLE);
        tally->circle_hits += h.kind == CCL_CONTACT_CIRCLE;
        tally->obstacle_hits += h.kind == CCL_CONTACT_SEGMENT || h.kind == CCL_CONTACT_BOX;
    }
    ccl_vec2 end = ccl_add(o, d);
    bool leaves = end.x < 0 || end.x > 60 || end.y < 0 || end.y > 40;
    assert_true(periodic || !leaves || h.hit); /* walls stop a ray that leaves the box */
}

static void ray_casts_match_brute_force(void **state) {
    (void)state;
    ray_tally tally = {0, 0};
    query_random_worlds(35, 300, check_one_ray, &tally);
    assert_true(tally.circle_hits > 1000 && tally.obstacle_hits > 100);
}

static void bad_queries_get_a_status(void **state) {
    (void)state;
    wt_rng rng = {36};
    ccl_world *w = random_world(&rng, true, 50);
    ccl_ray_hit h;
    int count;
    ccl_circle_id id;
    assert_int_equal(ccl_world_ray_cast(w, ccl_v2(1, 1), ccl_v2(0, 0), &h),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_ray_cast(w, ccl_v2(NAN, 1), ccl_v2(1, 0), &h),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_ray_cast(w, ccl_v2(1, 1), ccl_v2(1e9, 0), &h),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_ray_cast(NULL, ccl_v2(1, 1), ccl_v2(1, 0), &h),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_query_circle(w, ccl_v2(1, 1), -1.0, &id, 1, &count),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_query_circle(w, ccl_v2(1, 1), 25.0, &id, 1, &count),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_query_aabb(w, ccl_v2(2, 2), ccl_v2(1, 1), &id, 1, &count),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_query_point(w, ccl_v2(INFINITY, 1), &id, 1, &count),
                     CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_query_point(w, ccl_v2(1, 1), NULL, 1, &count),
                     CCL_ERR_INVALID_ARGUMENT);
    ccl_world_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(version_macros_match_the_library),
              cmocka_unit_test(overlap_refusal_names_the_partner),
              cmocka_unit_test(region_queries_match_brute_force),
              cmocka_unit_test(ray_casts_match_brute_force),
              cmocka_unit_test(bad_queries_get_a_status))
