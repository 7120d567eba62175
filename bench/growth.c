/* The cost of growing radii: the periodic hard-disk gas with and without growth, measured side by
 * side in one run, and a Lubachevsky-Stillinger compression toward jamming. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "circol/circol.h"

#if CIRCOL_BENCH_HAVE_WORLD
/* A gas of n disks of diameter 1 and mass 1 at packing fraction eta in a periodic square box,
 * kT about 1, on a jittered square lattice; NULL when it does not fit or is refused. */
static ccl_world *growth_gas(int n, double eta, uint64_t seed) {
    double side = sqrt(n * 3.141592653589793 * 0.25 / eta);
    int m = (int)ceil(sqrt((double)n));
    double spacing = side / m;
    if (spacing <= 1.0) {
        return NULL;
    }
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(side, side);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    def.capacity = n;
    ccl_world *w = NULL;
    ccl_status st = ccl_world_create(&def, &w);
    bench_rng rng = {seed};
    double jitter = 0.45 * (spacing - 1.0);
    for (int i = 0; i < n && st == CCL_OK; ++i) {
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2((i % m + 0.5) * spacing + bench_rng_range(&rng, -jitter, jitter),
                            (i / m + 0.5) * spacing + bench_rng_range(&rng, -jitter, jitter));
        c.velocity = ccl_v2(bench_rng_normal(&rng), bench_rng_normal(&rng));
        c.radius = 0.5;
        c.mass = 1.0;
        st = ccl_world_add_circle(w, &c, NULL);
    }
    if (st != CCL_OK) {
        ccl_world_destroy(w);
        return NULL;
    }
    return w;
}

/* Collisions per second over `measure` collisions after `warm`, growing at rate (0: none). */
static double growth_rate_of(int n, double eta, double rate, uint64_t warm, uint64_t measure) {
    ccl_world *w = growth_gas(n, eta, 7 + (uint64_t)n);
    if (w == NULL) {
        return NAN;
    }
    ccl_status st = ccl_world_advance_collisions(w, warm, 1e12);
    if (st == CCL_OK && rate > 0.0) {
        st = ccl_world_set_growth_rate(w, rate);
    }
    double t0 = bench_now();
    if (st == CCL_OK) {
        st = ccl_world_advance_collisions(w, measure, 1e12);
    }
    double elapsed = bench_now() - t0;
    ccl_world_destroy(w);
    return st == CCL_OK ? (double)measure / elapsed : NAN;
}
#endif

void bench_scene_growth(const bench_options *opt) {
#if CIRCOL_BENCH_HAVE_WORLD
    const int sizes[2] = {1000, 10000};
    const double rates[3] = {0.0, 1e-5, 1e-2};
    const char *names[3] = {"no growth", "growth 1e-5", "growth 1e-2"};
    uint64_t measure = opt->quick ? 50000 : 400000;
    int repeat = opt->repeat < 5 ? opt->repeat : 5;
    for (int si = 0; si < 2; ++si) {
        double median[3];
        for (int k = 0; k < 3; ++k) {
            double runs[5];
            for (int r = 0; r < repeat; ++r) { /* the three interleaved would share the cache */
                runs[r] = growth_rate_of(sizes[si], 0.5, rates[k], 200000, measure);
            }
            median[k] = bench_median(runs, repeat);
            char metric[128];
            snprintf(metric, sizeof metric, "N=%d eta=0.5, %s: collisions per second", sizes[si],
                     names[k]);
            bench_record("growth", metric, 1e-6 * median[k], "M/s");
        }
        for (int k = 1; k < 3; ++k) {
            char metric[128];
            snprintf(metric, sizeof metric, "N=%d eta=0.5, %s: time per collision / no growth",
                     sizes[si], names[k]);
            bench_record("growth", metric, median[0] / median[k], "x");
        }
    }
    bench_note("growth", "The gas scene's start (diameter 1, mass 1, kT = 1, eta = 0.5, a "
                         "jittered lattice), equilibrated for 2e5 collisions, then 4e5 collisions "
                         "timed with the radii fixed or growing at rate G (r = r0 (1 + G t), "
                         "ccl_world_set_growth_rate; at 1e-5 eta moves by less than 1e-3 over the "
                         "measurement, at 1e-2 it compresses), median of up to 5 repeats.");
#else
    (void)opt;
    bench_note("growth", "circol's world is not built in this tree: no growth figures.");
#endif
}
