/* The game kit's costs: the balls in a box (the balls scene's set-up, circol alone) with and
 * without collision filters, and ray casts and region queries in a world of 10^4 circles. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#if CIRCOL_BENCH_HAVE_WORLD
#include <circol/circol.h>

static const double game_pi = 3.141592653589793;

/* How the balls are filtered: not at all; category 2 and every mask bit (every pair passes, and
 * the world knows it: no mask lacks a bit); category 1 and every mask bit but bit 31 (every pair
 * still passes, but the neighbour scans look at each pair's filters). */
typedef enum game_filter { FILTER_NONE, FILTER_PASS_ALL, FILTER_NARROW } game_filter;

/* The balls scene's world: n balls r = 0.5 at packing fraction 0.3, velocity sigma, walled, with
 * filters. NULL on failure. */
static ccl_world *game_balls(int n, double sigma, game_filter filter, double *box) {
    const double r = 0.5, eta = 0.3;
    double L = sqrt(n * game_pi * r * r / eta);
    double *init = malloc(4 * (size_t)n * sizeof(double));
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(L, L);
    def.capacity = n;
    def.record_contacts = true; /* as the balls scene: a game reads its contacts */
    ccl_world *w = NULL;
    if (init == NULL ||
        !bench_lattice_start(n, L, r, sigma, 99, init, init + n, init + 2 * n, init + 3 * n) ||
        ccl_world_create(&def, &w) != CCL_OK) {
        free(init);
        return NULL;
    }
    ccl_status st = CCL_OK;
    for (int i = 0; i < n && st == CCL_OK; ++i) {
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2(init[i], init[n + i]);
        c.velocity = ccl_v2(init[2 * n + i], init[3 * n + i]);
        c.radius = r;
        ccl_circle_id id;
        st = ccl_world_add_circle(w, &c, &id);
        if (st == CCL_OK && filter == FILTER_PASS_ALL) {
            st = ccl_world_set_filter(w, id, 2u, CCL_FILTER_ALL);
        } else if (st == CCL_OK && filter == FILTER_NARROW) {
            st = ccl_world_set_filter(w, id, 1u, CCL_FILTER_ALL & ~(1u << 31));
        }
    }
    free(init);
    if (st != CCL_OK) {
        ccl_world_destroy(w);
        return NULL;
    }
    *box = L;
    return w;
}

/* Seconds for 600 frames of 1/60 of the balls world (created outside the timing), or -1. */
static double game_balls_run(int n, game_filter filter) {
    double L;
    ccl_world *w = game_balls(n, 10.0, filter, &L);
    if (w == NULL) {
        return -1.0;
    }
    double t0 = bench_now();
    for (int f = 0; f < 600; ++f) {
        if (ccl_world_advance(w, 1.0 / 60.0) != CCL_OK) {
            ccl_world_destroy(w);
            return -1.0;
        }
    }
    double seconds = bench_now() - t0;
    ccl_world_destroy(w);
    return seconds;
}

/* The filters' cost: runs with and without them alternate, so that all see the same machine. */
static void game_filters(const bench_options *opt, int n) {
    static const char *names[] = {"without filters", "with pass-all filters",
                                  "with narrow filters passing every pair"};
    double times[3][16];
    int repeat = opt->repeat < 16 ? opt->repeat : 16;
    for (int k = 0; k < repeat; ++k) {
        for (int f = FILTER_NONE; f <= FILTER_NARROW; ++f) {
            times[f][k] = game_balls_run(n, (game_filter)f);
            if (times[f][k] < 0.0) {
                fprintf(stderr, "circol_bench: game: the balls world failed\n");
                return;
            }
        }
    }
    char metric[128];
    double median[3];
    for (int f = FILTER_NONE; f <= FILTER_NARROW; ++f) {
        median[f] = bench_median(times[f], repeat);
        snprintf(metric, sizeof metric, "balls N=%d, 600 frames: %s", n, names[f]);
        bench_record("game", metric, median[f], "s");
    }
    snprintf(metric, sizeof metric, "balls N=%d: pass-all filters / none", n);
    bench_record("game", metric, median[FILTER_PASS_ALL] / median[FILTER_NONE], "x");
    snprintf(metric, sizeof metric, "balls N=%d: narrow filters / none", n);
    bench_record("game", metric, median[FILTER_NARROW] / median[FILTER_NONE], "x");
}

/* The kinds of query timed. */
typedef enum game_query { RAY_SHORT, RAY_LONG, QUERY_CIRCLE, QUERY_AABB, QUERY_POINT } game_query;

/* Nanoseconds per query of one kind, over count random queries in the box [0, L]^2. */
static double game_query_time(ccl_world *w, double L, game_query kind, int count) {
    bench_rng rng = {kind + 1u};
    ccl_circle_id ids[256];
    double found = 0.0;
    double t0 = bench_now();
    for (int q = 0; q < count; ++q) {
        ccl_vec2 p = ccl_v2(bench_rng_range(&rng, 0.0, L), bench_rng_range(&rng, 0.0, L));
        double angle = bench_rng_range(&rng, 0.0, 2.0 * game_pi);
        ccl_vec2 d = ccl_v2(cos(angle), sin(angle));
        ccl_ray_hit hit;
        int n = 0;
        if (kind == RAY_SHORT || kind == RAY_LONG) {
            double length = kind == RAY_SHORT ? 10.0 : L;
            ccl_world_ray_cast(w, p, ccl_scale(d, length), &hit);
            found += hit.hit ? hit.fraction : 1.0;
        } else if (kind == QUERY_CIRCLE) {
            ccl_world_query_circle(w, p, 2.0, ids, 256, &n);
        } else if (kind == QUERY_AABB) {
            ccl_world_query_aabb(w, p, ccl_add(p, ccl_v2(4.0, 4.0)), ids, 256, &n);
        } else {
            ccl_world_query_point(w, p, ids, 256, &n);
        }
        found += n;
    }
    double seconds = bench_now() - t0;
    bench_consume(found);
    return 1e9 * seconds / count;
}

/* Ray casts and region queries in the balls world of n circles, after a second of its motion. */
static void game_queries(const bench_options *opt, int n) {
    double L;
    ccl_world *w = game_balls(n, 10.0, FILTER_NONE, &L);
    if (w == NULL || ccl_world_advance(w, 1.0) != CCL_OK) {
        fprintf(stderr, "circol_bench: game: the query world failed\n");
        ccl_world_destroy(w);
        return;
    }
    static const char *names[] = {"ray cast, length 10 (20 diameters)", "ray cast, across the box",
                                  "query_circle, radius 2", "query_aabb, 4 x 4", "query_point"};
    int count = opt->quick ? 20000 : 200000;
    int repeat = opt->repeat < 16 ? opt->repeat : 16;
    for (int kind = RAY_SHORT; kind <= QUERY_POINT; ++kind) {
        double ns[16];
        for (int k = 0; k < repeat; ++k) {
            ns[k] = game_query_time(w, L, (game_query)kind, count);
        }
        char metric[128];
        snprintf(metric, sizeof metric, "N=%d: %s", n, names[kind]);
        bench_record("game", metric, bench_median(ns, repeat), "ns");
    }
    ccl_world_destroy(w);
}

void bench_scene_game(const bench_options *opt) {
    int n = opt->quick ? 1000 : 2000;
    game_filters(opt, n);
    game_queries(opt, opt->quick ? 1000 : 10000);
    bench_note(
        "game",
        "Filters: the balls scene's world (r = 0.5, packing fraction 0.3, walled, "
        "v_sigma 10, 600 frames of 1/60, contacts recorded), circol alone: without "
        "filters; category 2 and every mask bit on every ball (no mask lacks a bit, "
        "so no pair is looked at); category 1 and every mask bit but bit 31 (every "
        "pair still collides, but each neighbour scan looks at each pair's "
        "filters); runs alternate, medians. Queries: random origins and directions in that world "
        "after 1 time unit, median over repeats of the time per query.");
}
#else
void bench_scene_game(const bench_options *opt) {
    (void)opt;
    bench_note("game", "circol's world is not built in this tree: no game figures.");
}
#endif
