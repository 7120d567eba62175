/* The periodic hard-sphere gas of the 3D world: collisions per second, events per collision and
 * bytes per sphere at N = 10^3 to 10^5 (10^6 with --big, or any N with --n) and packing fractions
 * 0.2, 0.45 and 0.5. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#if CIRCOL_BENCH_HAVE_SCENE_FILE
#include <circol/world3d.h>

#include "lattice3d.h"

/* A gas of n spheres (diameter 1, mass 1, kT = 1) on the tool's lattice; NULL when it does not
 * fit or the library refuses it. */
static ccl_world3d *gas3d_build(int n, double eta) {
    ccl_cli_lattice3 lattice;
    char error[256];
    if (!ccl_cli_lattice3_choose(n, eta, &lattice, error, sizeof error)) {
        fprintf(stderr, "circol_bench: gas3d: %s\n", error);
        return NULL;
    }
    ccl_vec3 *p = malloc(2 * (size_t)n * sizeof *p);
    ccl_world3d_def def = ccl_world3d_default_def();
    def.box_max = ccl_v3(lattice.side, lattice.side, lattice.side);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    def.capacity = n;
    ccl_world3d *w = NULL;
    ccl_status st = p != NULL ? ccl_world3d_create(&def, &w) : CCL_ERR_OUT_OF_MEMORY;
    if (st == CCL_OK) {
        ccl_cli_lattice3_fill(&lattice, n, 7 + (uint64_t)n, p, p + n);
    }
    for (int i = 0; i < n && st == CCL_OK; ++i) {
        ccl_sphere_def s = ccl_sphere_default_def();
        s.position = p[i];
        s.velocity = p[n + i];
        s.radius = 0.5;
        st = ccl_world3d_add_sphere(w, &s, NULL);
    }
    free(p);
    if (st != CCL_OK) {
        fprintf(stderr, "circol_bench: gas3d setup: %s\n", ccl_status_string(st));
        ccl_world3d_destroy(w);
        return NULL;
    }
    return w;
}

/* Times one gas: the median rate of up to three repeats after equilibration, and its figures. */
static void gas3d_case(const bench_options *opt, int n, double eta) {
    ccl_world3d *w = gas3d_build(n, eta);
    if (w == NULL) {
        return;
    }
    uint64_t warm = (uint64_t)(5 * n > 200000 ? 5 * n : 200000);
    uint64_t measure = opt->quick ? 50000 : (n >= 1000000 ? 2000000 : 200000);
    ccl_status st = ccl_world3d_advance_collisions(w, warm, 1e12);
    double rates[3];
    int repeat = opt->repeat < 3 ? opt->repeat : 3;
    repeat = n >= 1000000 ? 1 : repeat;
    for (int r = 0; r < repeat && st == CCL_OK; ++r) {
        uint64_t before = ccl_world3d_get_stats(w).collisions;
        double t0 = bench_now();
        st = ccl_world3d_advance_collisions(w, measure, 1e12);
        rates[r] = (double)(ccl_world3d_get_stats(w).collisions - before) / (bench_now() - t0);
    }
    if (st == CCL_OK) {
        ccl_world3d_stats s = ccl_world3d_get_stats(w);
        char metric[128];
        snprintf(metric, sizeof metric, "N=%d eta=%.2f: collisions per second", n, eta);
        bench_record("gas3d", metric, 1e-6 * bench_median(rates, repeat), "M/s");
        snprintf(metric, sizeof metric, "N=%d eta=%.2f: events per collision", n, eta);
        bench_record("gas3d", metric, (double)s.events / (double)s.collisions, "1");
        snprintf(metric, sizeof metric, "N=%d eta=%.2f: memory per sphere", n, eta);
        bench_record("gas3d", metric, (double)s.memory_bytes / n, "bytes");
        snprintf(metric, sizeof metric, "N=%d eta=%.2f: largest overlap at the end", n, eta);
        bench_record("gas3d", metric, ccl_world3d_max_overlap(w), "diameter");
    } else {
        fprintf(stderr, "circol_bench: gas3d advance: %s\n", ccl_status_string(st));
    }
    ccl_world3d_destroy(w);
}

void bench_scene_gas3d(const bench_options *opt) {
    const double etas[] = {0.2, 0.45, 0.5};
    int sizes[4] = {1000, 10000, 100000, 1000000};
    int size_count = opt->quick ? 2 : (opt->big ? 4 : 3);
    if (opt->only_n > 0) {
        sizes[0] = opt->only_n;
        size_count = 1;
    }
    for (int si = 0; si < size_count; ++si) {
        for (int ei = 0; ei < 3; ++ei) {
            gas3d_case(opt, sizes[si], etas[ei]);
        }
    }
    bench_note("gas3d",
               "Periodic cube, spheres of diameter 1 and mass 1, kT = 1, started on a "
               "face-centred cubic lattice, equilibrated for max(5N, 2e5) collisions, then "
               "timed over 2e5 collisions per repeat, median of up to 3 repeats (at "
               "N = 1e6, --big, one repeat of 2e6 collisions).");
}
#else
void bench_scene_gas3d(const bench_options *opt) {
    (void)opt;
    bench_note("gas3d", "the command-line tool's lattice is not built in this tree: no figures.");
}
#endif
