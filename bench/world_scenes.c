/* World benchmarks: the periodic hard-disk gas (collisions per second, memory per circle) and
 * the time of loading many obstacles, and the lattice start the gas scenes share. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "circol/circol.h"

/* bench.h */
bool bench_lattice_start(int n, double L, double r, double sigma, uint64_t seed, double *x,
                         double *y, double *vx, double *vy) {
    int m = (int)ceil(sqrt((double)n));
    double spacing = L / m;
    if (spacing <= 2.0 * r) {
        return false;
    }
    bench_rng rng = {seed};
    double jitter = 0.45 * (spacing - 2.0 * r);
    double px = 0.0, py = 0.0;
    for (int i = 0; i < n; ++i) {
        x[i] = (i % m + 0.5) * spacing + bench_rng_range(&rng, -jitter, jitter);
        y[i] = (i / m + 0.5) * spacing + bench_rng_range(&rng, -jitter, jitter);
        vx[i] = sigma * bench_rng_normal(&rng);
        vy[i] = sigma * bench_rng_normal(&rng);
        px += vx[i];
        py += vy[i];
    }
    for (int i = 0; i < n; ++i) {
        vx[i] -= px / n;
        vy[i] -= py / n;
    }
    return true;
}

/* ---- periodic hard-disk gas ---- */

#if CIRCOL_BENCH_HAVE_WORLD
static const double bench_pi = 3.141592653589793;

/* A periodic gas of n disks (diameter 1, mass 1, kT = 1) at packing fraction eta, started on a
 * lattice; NULL when it does not fit or the library refuses it. *setup_seconds: the time of the
 * creation and the adds. */
static ccl_world *gas_build(int n, double eta, double *setup_seconds) {
    double L = sqrt(n * bench_pi * 0.25 / eta); /* diameter 1 */
    double *init = malloc(4 * (size_t)n * sizeof(double));
    if (init == NULL || !bench_lattice_start(n, L, 0.5, 1.0, 7 + (uint64_t)n, init, init + n,
                                             init + 2 * n, init + 3 * n)) {
        fprintf(stderr, "circol_bench: gas N=%d eta=%g does not fit a lattice\n", n, eta);
        free(init);
        return NULL;
    }
    ccl_world_def def = ccl_world_default_def();
    def.box_min = ccl_v2(0.0, 0.0);
    def.box_max = ccl_v2(L, L);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    def.capacity = n;
    ccl_world *w = NULL;
    double setup_start = bench_now();
    ccl_status st = ccl_world_create(&def, &w);
    for (int i = 0; i < n && st == CCL_OK; ++i) {
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2(init[i], init[n + i]);
        c.velocity = ccl_v2(init[2 * n + i], init[3 * n + i]);
        c.radius = 0.5;
        c.mass = 1.0;
        st = ccl_world_add_circle(w, &c, NULL);
    }
    free(init);
    if (st != CCL_OK) {
        fprintf(stderr, "circol_bench: gas setup: %s\n", ccl_status_string(st));
        ccl_world_destroy(w);
        return NULL;
    }
    *setup_seconds = bench_now() - setup_start;
    return w;
}

/* Times one gas: the median rate of up to three repeats after equilibration, and its figures. */
static void gas_case(const bench_options *opt, int n, double eta) {
    double setup_seconds = 0.0;
    ccl_world *w = gas_build(n, eta, &setup_seconds);
    if (w == NULL) {
        return;
    }
    /* equilibrate: about two collisions per disk, at least 2e5 */
    uint64_t warm = (uint64_t)(2 * n > 200000 ? 2 * n : 200000);
    uint64_t measure = opt->quick ? 50000 : (n >= 1000000 ? 2000000 : 200000);
    ccl_status st = ccl_world_advance_collisions(w, warm, 1e12);
    double rates[16];
    int repeat = opt->repeat < 3 ? opt->repeat : 3;
    if (n >= 1000000) {
        repeat = 1; /* 2e6 collisions: long enough to time, short enough for make bench */
    }
    for (int r = 0; r < repeat && st == CCL_OK; ++r) {
        ccl_world_stats before = ccl_world_get_stats(w);
        double t0 = bench_now();
        st = ccl_world_advance_collisions(w, measure, 1e12);
        double elapsed = bench_now() - t0;
        ccl_world_stats after = ccl_world_get_stats(w);
        rates[r] = (double)(after.collisions - before.collisions) / elapsed;
    }
    if (st != CCL_OK) {
        fprintf(stderr, "circol_bench: gas advance: %s\n", ccl_status_string(st));
        ccl_world_destroy(w);
        return;
    }
    const char *scene = "gas";
    ccl_world_stats stats = ccl_world_get_stats(w);
    char metric[128];
    snprintf(metric, sizeof metric, "N=%d eta=%.1f: collisions per second", n, eta);
    bench_record(scene, metric, 1e-6 * bench_median(rates, repeat), "M/s");
    snprintf(metric, sizeof metric, "N=%d eta=%.1f: events per collision", n, eta);
    bench_record(scene, metric, (double)stats.events / (double)stats.collisions, "1");
    snprintf(metric, sizeof metric, "N=%d eta=%.1f: memory per circle", n, eta);
    bench_record(scene, metric, (double)stats.memory_bytes / n, "bytes");
    snprintf(metric, sizeof metric, "N=%d eta=%.1f: largest overlap at the end", n, eta);
    bench_record(scene, metric, ccl_world_max_overlap(w), "diameter");
    if (n >= 100000) {
        snprintf(metric, sizeof metric, "N=%d eta=%.1f: set-up time", n, eta);
        bench_record(scene, metric, setup_seconds, "s");
    }
    ccl_world_destroy(w);
}
#endif

void bench_scene_gas(const bench_options *opt) {
#if CIRCOL_BENCH_HAVE_WORLD
    const double etas[] = {0.2, 0.5, 0.7};
    int sizes[4] = {1000, 10000, 100000, 1000000};
    int size_count = 4; /* the four reference sizes; 10^6 takes about a minute */
    if (opt->quick) {
        size_count = 2;
    }
    if (opt->only_n > 0) {
        sizes[0] = opt->only_n;
        size_count = 1;
    }
    for (int si = 0; si < size_count; ++si) {
        for (int ei = 0; ei < 3; ++ei) {
            gas_case(opt, sizes[si], etas[ei]);
        }
    }
    bench_note("gas", "Periodic square box, disks of diameter 1 and mass 1, kT = 1, started on a "
                      "square lattice, equilibrated for max(2N, 2e5) collisions, then timed over "
                      "2e5 collisions per repeat, median of up to 3 repeats (at N = 1e6 one "
                      "repeat of 2e6 collisions).");
#else
    (void)opt;
    bench_note("gas", "circol's world is not built in this tree: no gas figures.");
#endif
}

/* ---- loading a world with many obstacles ---- */

/* Builds a world of n short segments and n circles on a grid of sites 2 apart (each circle beside
 * its segment, none touching), obstacles first or circles first, and returns the seconds the adds
 * took (the world's creation and destruction left out), or -1 if an add failed. */
static double load_world(int n, bool obstacles_first) {
    int columns = (int)ceil(sqrt((double)n));
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(2.0 * columns + 2.0, 2.0 * columns + 2.0);
    ccl_world *w = NULL;
    if (ccl_world_create(&def, &w) != CCL_OK) {
        return -1.0;
    }
    bool ok = true;
    double start = bench_now();
    for (int pass = 0; pass < 2 && ok; ++pass) {
        bool segments = (pass == 0) == obstacles_first;
        for (int i = 0; i < n && ok; ++i) {
            double x = 2.0 * (i % columns), y = 2.0 * (i / columns);
            if (segments) {
                ccl_segment s = {ccl_v2(x + 2.0, y + 2.5), ccl_v2(x + 2.5, y + 2.5)};
                ok = ccl_world_add_segment(w, s, NULL) == CCL_OK;
            } else {
                ccl_circle_def c = ccl_circle_default_def();
                c.radius = 0.4;
                c.position = ccl_v2(x + 1.0, y + 1.0);
                c.velocity = ccl_v2(0.1, 0.0);
                ok = ccl_world_add_circle(w, &c, NULL) == CCL_OK;
            }
        }
    }
    double elapsed = bench_now() - start;
    ccl_world_destroy(w);
    return ok ? elapsed : -1.0;
}

void bench_scene_load(const bench_options *opt) {
#if CIRCOL_BENCH_HAVE_WORLD
    const char *scene = "load";
    const int sizes[2] = {5000, 20000};
    double per_add[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
    for (int order = 0; order < 2; ++order) {
        for (int si = 0; si < 2; ++si) {
            double times[16];
            int repeat = opt->repeat < 16 ? opt->repeat : 16;
            for (int r = 0; r < repeat; ++r) {
                times[r] = load_world(sizes[si], order == 0);
                if (times[r] < 0.0) {
                    fprintf(stderr, "circol_bench: load: an add failed\n");
                    return;
                }
            }
            double t = bench_median(times, repeat);
            per_add[order][si] = t / (2.0 * sizes[si]);
            char metric[128];
            snprintf(metric, sizeof metric, "%d segments and %d circles, %s first: time", sizes[si],
                     sizes[si], order == 0 ? "segments" : "circles");
            bench_record(scene, metric, t, "s");
        }
        char metric[128];
        snprintf(metric, sizeof metric, "%s first: time per add at %d / at %d (1 if linear)",
                 order == 0 ? "segments" : "circles", sizes[1], sizes[0]);
        bench_record(scene, metric, per_add[order][1] / per_add[order][0], "x");
    }
    bench_note("load", "Adding n short segments and n circles (radius 0.4, each beside a "
                       "segment) on sites 2 apart in a walled box, in either order; the world's "
                       "creation and destruction are not timed. An add checks for overlaps "
                       "near the newcomer only, and the obstacle tables are built once for a run "
                       "of adds, so the time per add stays flat as n grows.");
#else
    (void)opt;
    bench_note("load", "circol's world is not built in this tree: no load figures.");
#endif
}
