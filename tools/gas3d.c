/* circol CLI: `circol gas --dim 3`. N spheres of diameter 1 and mass 1 at packing fraction eta in
 * a periodic cube, kT = 1. After equilibration the world's statistics are reset and K collisions
 * are measured in blocks:
 *   Z = P V / (N kT) = 1 + virial / (3 N kT t)   (3D virial theorem, hard spheres)
 * with kT two thirds of the kinetic energy per sphere; the standard error of Z comes from the
 * block values. The same keys as the 2D gas's JSON where they have a meaning for spheres: the
 * collision rate gives Z independently through omega sigma sqrt(m / kT) = 6 (Z - 1) / sqrt(pi),
 * the reference equation of state is Kolafa's, and the speeds are compared with the 3D
 * Maxwell-Boltzmann law f(v) = sqrt(2 / pi) v^2 kT^-3/2 exp(-v^2 / (2 kT)). */
#include "gas3d.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <circol/circol.h>

#include "lattice3d.h"
#include "observe.h"
#include "progress.h"
#include "report.h"

#define CCL_CLI_GAS3_PI 3.14159265358979323846
/// Speed histogram: bins of this width from 0; the last bin is open-ended.
#define CCL_CLI_GAS3_BIN_WIDTH 0.1
#define CCL_CLI_GAS3_BINS      60
/// Events per advance call at most (or two per sphere), so that Ctrl-C is answered quickly.
#define CCL_CLI_GAS3_EVENTS_PER_CALL 200000

typedef struct ccl_cli_gas3 {
    const ccl_cli_gas_options *options;
    ccl_cli_lattice3 lattice;
    ccl_world3d *world;
    ccl_sphere_state *states;
    double *block_z;
    int blocks_done;
    uint64_t histogram[CCL_CLI_GAS3_BINS], samples;
    double speed_sum, setup_seconds, advance_seconds;
    bool interrupted;
    ccl_cli_observe observe; ///< the mean-square displacement and g(r), sampled at block ends
} ccl_cli_gas3;

/// Kolafa's equation of state of the hard-sphere fluid (one diameter).
static double ccl_cli_gas3_kolafa(double eta) {
    double e = 1.0 - eta;
    return (1.0 + eta + eta * eta - 2.0 / 3.0 * eta * eta * eta * (1.0 + eta)) / (e * e * e);
}

/// The probability of a speed below v under the 3D Maxwell-Boltzmann law (mass 1).
static double ccl_cli_gas3_below(double v, double kT) {
    if (isinf(v)) {
        return 1.0;
    }
    double x = v / sqrt(kT);
    return erf(x / sqrt(2.0)) - sqrt(2.0 / CCL_CLI_GAS3_PI) * x * exp(-0.5 * x * x);
}

/// Runs count more sphere collisions. Returns an exit status.
static int ccl_cli_gas3_collide(ccl_cli_gas3 *g, uint64_t count) {
    uint64_t done = 0;
    int idle = 0;
    while (done < count && !g->interrupted) {
        uint64_t before = ccl_world3d_get_stats(g->world).collisions;
        double start = ccl_cli_seconds();
        ccl_status status = ccl_world3d_advance_collisions(g->world, count - done, 1e12);
        g->advance_seconds += ccl_cli_seconds() - start;
        if (status != CCL_OK && status != CCL_ERR_EVENT_LIMIT) {
            fprintf(stderr, "circol: simulation error at time %.17g: %s\n",
                    ccl_world3d_time(g->world), ccl_status_string(status));
            return CCL_CLI_EXIT_SIMULATION;
        }
        uint64_t made = ccl_world3d_get_stats(g->world).collisions - before;
        done += made;
        idle = made == 0 ? idle + 1 : 0;
        if (idle > 1000) {
            fputs("circol: the spheres stopped colliding\n", stderr);
            return CCL_CLI_EXIT_SIMULATION;
        }
        g->interrupted = ccl_cli_interrupted();
    }
    return CCL_CLI_EXIT_OK;
}

/// Builds the world with the spheres on the lattice. Returns an exit status.
static int ccl_cli_gas3_build(ccl_cli_gas3 *g) {
    int n = g->options->n;
    char error[256];
    if (!ccl_cli_lattice3_choose(n, g->options->eta, &g->lattice, error, sizeof error)) {
        fprintf(stderr, "circol gas: %s\n", error);
        return CCL_CLI_EXIT_USAGE;
    }
    ccl_vec3 *positions = malloc((size_t)n * sizeof *positions);
    ccl_vec3 *velocities = malloc((size_t)n * sizeof *velocities);
    g->states = malloc((size_t)n * sizeof *g->states);
    g->block_z = calloc((size_t)g->options->blocks, sizeof *g->block_z);
    ccl_status status = CCL_ERR_OUT_OF_MEMORY;
    if (positions != NULL && velocities != NULL && g->states != NULL && g->block_z != NULL) {
        ccl_cli_lattice3_fill(&g->lattice, n, g->options->seed, positions, velocities);
        ccl_world3d_def def = ccl_world3d_default_def();
        def.box_max = ccl_v3(g->lattice.side, g->lattice.side, g->lattice.side);
        def.boundary = CCL_BOUNDARY_PERIODIC;
        def.capacity = n;
        def.cell_size = g->options->cell_size;
        def.max_events_per_advance = 2 * (uint64_t)n > CCL_CLI_GAS3_EVENTS_PER_CALL
                                         ? 2 * (uint64_t)n
                                         : CCL_CLI_GAS3_EVENTS_PER_CALL;
        status = ccl_world3d_create(&def, &g->world);
        if (status == CCL_OK) {
            status = ccl_world3d_track_unwrapped(g->world); /* for the mean-square displacement */
        }
        for (int i = 0; i < n && status == CCL_OK; i++) {
            ccl_sphere_def s = ccl_sphere_default_def();
            s.position = positions[i];
            s.velocity = velocities[i];
            s.radius = 0.5;
            status = ccl_world3d_add_sphere(g->world, &s, NULL);
        }
    }
    free(positions);
    free(velocities);
    return ccl_cli_gas_built("gas", status);
}

/// Adds every sphere's speed now to the histogram.
static void ccl_cli_gas3_sample_speeds(ccl_cli_gas3 *g) {
    int count = 0;
    ccl_world3d_export(g->world, g->states, g->options->n, &count);
    for (int i = 0; i < count; i++) {
        ccl_vec3 v = g->states[i].velocity;
        double speed = sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
        int bin = (int)(speed / CCL_CLI_GAS3_BIN_WIDTH);
        g->histogram[bin < CCL_CLI_GAS3_BINS ? bin : CCL_CLI_GAS3_BINS - 1]++;
        g->speed_sum += speed;
    }
    g->samples += (uint64_t)count;
}

/// Measures the options' collisions in blocks. Returns an exit status.
static int ccl_cli_gas3_measure(ccl_cli_gas3 *g) {
    int n = g->options->n, blocks = g->options->blocks;
    uint64_t total = g->options->collisions;
    double virial_before = 0.0, time_before = 0.0;
    if (!ccl_cli_observe_init(&g->observe, 3, n, g->lattice.side, 1.0, blocks + 1) ||
        !ccl_cli_observe_sample3(&g->observe, g->world)) {
        fputs("circol gas: out of memory\n", stderr);
        return CCL_CLI_EXIT_SIMULATION;
    }
    for (int b = 0; b < blocks && !g->interrupted; b++) {
        uint64_t count = total / (uint64_t)blocks + ((uint64_t)b < total % (uint64_t)blocks);
        int code = ccl_cli_gas3_collide(g, count);
        if (code != CCL_CLI_EXIT_OK) {
            return code;
        }
        ccl_world3d_stats stats = ccl_world3d_get_stats(g->world);
        double kT = 2.0 * stats.kinetic_energy / (3.0 * n);
        double dt = stats.virial_time - time_before;
        g->block_z[b] = 1.0 + (stats.virial - virial_before) / (3.0 * n * kT * dt);
        g->blocks_done = b + 1;
        virial_before = stats.virial;
        time_before = stats.virial_time;
        ccl_cli_gas3_sample_speeds(g);
        if (!ccl_cli_observe_sample3(&g->observe, g->world)) {
            fputs("circol gas: cannot export the spheres\n", stderr);
            return CCL_CLI_EXIT_SIMULATION;
        }
    }
    return CCL_CLI_EXIT_OK;
}

/// The results, from the world's statistics and the blocks.
typedef struct ccl_cli_gas3_result {
    uint64_t collisions;
    double time, kT, z, z_stderr, rate, z_from_rate, z_kolafa, mean_speed, mean_speed_theory;
    double chi2, expected[CCL_CLI_GAS3_BINS];
    ccl_cli_observed observed; ///< g(sigma) and the diffusion coefficient
    int dof;
} ccl_cli_gas3_result;

/// The standard error of the mean of the first b values.
static double ccl_cli_gas3_stderr(const double *values, int b) {
    if (b < 2) {
        return NAN;
    }
    double mean = 0.0, square = 0.0;
    for (int k = 0; k < b; k++) {
        mean += values[k] / b;
    }
    for (int k = 0; k < b; k++) {
        square += (values[k] - mean) * (values[k] - mean);
    }
    return sqrt(square / ((double)b * (b - 1)));
}

static void ccl_cli_gas3_results(const ccl_cli_gas3 *g, ccl_cli_gas3_result *r) {
    int n = g->options->n;
    ccl_world3d_stats stats = ccl_world3d_get_stats(g->world);
    r->collisions = stats.collisions;
    r->time = stats.virial_time;
    r->kT = 2.0 * stats.kinetic_energy / (3.0 * n);
    r->z = 1.0 + stats.virial / (3.0 * n * r->kT * r->time);
    r->z_stderr = ccl_cli_gas3_stderr(g->block_z, g->blocks_done);
    r->rate = 2.0 * (double)stats.collisions / (n * r->time);
    /* omega sigma sqrt(m / kT) = 6 (Z - 1) / sqrt(pi), sigma = m = 1 */
    r->z_from_rate = 1.0 + r->rate * sqrt(CCL_CLI_GAS3_PI / r->kT) / 6.0;
    r->z_kolafa = ccl_cli_gas3_kolafa(g->options->eta);
    double side = g->lattice.side;
    ccl_cli_observe_results(&g->observe, g->options->eta, n / (side * side * side), r->kT, r->z,
                            &r->observed);
    r->mean_speed = g->samples ? g->speed_sum / (double)g->samples : NAN;
    r->mean_speed_theory = sqrt(8.0 * r->kT / CCL_CLI_GAS3_PI);
    r->chi2 = 0.0;
    r->dof = -1;
    for (int k = 0; k < CCL_CLI_GAS3_BINS; k++) {
        double a = k * CCL_CLI_GAS3_BIN_WIDTH;
        double b = k + 1 < CCL_CLI_GAS3_BINS ? a + CCL_CLI_GAS3_BIN_WIDTH : INFINITY;
        r->expected[k] =
            (double)g->samples * (ccl_cli_gas3_below(b, r->kT) - ccl_cli_gas3_below(a, r->kT));
        double o = (double)g->histogram[k], e = r->expected[k];
        if (e >= 5.0) {
            r->chi2 += (o - e) * (o - e) / e;
            r->dof++;
        }
    }
    if (r->dof < 1) {
        r->chi2 = NAN;
        r->dof = 0;
    }
}

/// The speed histogram and its expectation under JSON object report. False when out of memory.
static bool ccl_cli_gas3_json_speeds(cJSON *report, const ccl_cli_gas3 *g,
                                     const ccl_cli_gas3_result *r) {
    cJSON *speeds = cJSON_AddObjectToObject(report, "speed_distribution");
    bool ok = speeds != NULL && ccl_cli_json_add_number(speeds, "samples", (double)g->samples) &&
              ccl_cli_json_add_number(speeds, "bin_width", CCL_CLI_GAS3_BIN_WIDTH) &&
              ccl_cli_json_add_number(speeds, "mean_speed", r->mean_speed) &&
              ccl_cli_json_add_number(speeds, "mean_speed_theory", r->mean_speed_theory) &&
              ccl_cli_json_add_number(speeds, "chi2", r->chi2) &&
              ccl_cli_json_add_number(speeds, "dof", r->dof);
    cJSON *observed = ok ? cJSON_AddArrayToObject(speeds, "observed") : NULL;
    cJSON *expected = observed != NULL ? cJSON_AddArrayToObject(speeds, "expected") : NULL;
    ok = expected != NULL;
    for (int k = 0; ok && k < CCL_CLI_GAS3_BINS; k++) {
        cJSON *o = cJSON_CreateNumber((double)g->histogram[k]);
        if (o != NULL) {
            cJSON_AddItemToArray(observed, o);
        }
        cJSON *e = ccl_cli_json_number(r->expected[k]);
        if (e != NULL) {
            cJSON_AddItemToArray(expected, e);
        }
        ok = o != NULL && e != NULL;
    }
    return ok;
}

static bool ccl_cli_gas3_json(const ccl_cli_gas3 *g, const ccl_cli_gas3_result *r, double seconds) {
    const char *names[] = {"n",
                           "eta",
                           "dim",
                           "box",
                           "seed",
                           "collisions",
                           "time",
                           "kT",
                           "Z",
                           "Z_stderr",
                           "blocks",
                           "collision_rate",
                           "Z_from_collision_rate",
                           "Z_kolafa",
                           "wall_seconds",
                           "setup_seconds",
                           "collisions_per_second"};
    double values[] = {g->options->n,
                       g->options->eta,
                       3.0,
                       g->lattice.side,
                       (double)g->options->seed,
                       (double)r->collisions,
                       r->time,
                       r->kT,
                       r->z,
                       r->z_stderr,
                       g->blocks_done,
                       r->rate,
                       r->z_from_rate,
                       r->z_kolafa,
                       seconds,
                       g->setup_seconds,
                       seconds > 0.0 ? (double)r->collisions / seconds : NAN};
    cJSON *report = ccl_cli_json_numbers(names, values, sizeof values / sizeof values[0]);
    bool ok = report != NULL;
    ok = ok && cJSON_AddBoolToObject(report, "interrupted", g->interrupted) != NULL;
    ok = ok && ccl_cli_observe_json(report, &g->observe, &r->observed);
    ok = ok && ccl_cli_gas3_json_speeds(report, g, r);
    if (!ok) {
        cJSON_Delete(report);
        fputs("circol: out of memory writing JSON\n", stderr);
        return false;
    }
    return ccl_cli_json_print(report);
}

static bool ccl_cli_gas3_summary(const ccl_cli_gas3 *g, const ccl_cli_gas3_result *r,
                                 double seconds) {
    double side = g->lattice.side;
    printf("circol gas: %d spheres, eta %g, periodic box %.6g x %.6g x %.6g, seed %llu\n",
           g->options->n, g->options->eta, side, side, side, (unsigned long long)g->options->seed);
    printf("  measured         %llu collisions over time %.6g, kT %.6g%s\n",
           (unsigned long long)r->collisions, r->time, r->kT,
           g->interrupted ? " (interrupted)" : "");
    printf("  Z = PV/(NkT)     %.6f +- %.6f  (%d blocks; Kolafa's equation of state: %.5f)\n", r->z,
           r->z_stderr, g->blocks_done, r->z_kolafa);
    printf("  collision rate   %.6f per sphere per unit time  (Z from it: %.6f)\n", r->rate,
           r->z_from_rate);
    ccl_cli_observe_print(&g->observe, &r->observed);
    printf("  speeds           mean %.5f (theory %.5f), chi2 %.1f for %d degrees of freedom\n",
           r->mean_speed, r->mean_speed_theory, r->chi2, r->dof);
    printf("  wall time        %.3f s, %.4g collisions/s\n", seconds,
           seconds > 0.0 ? (double)r->collisions / seconds : 0.0);
    return ccl_cli_flush_stdout();
}

int ccl_cli_gas3d_main(const ccl_cli_gas_options *options) {
    if (options->bidisperse || options->svg_path != NULL) {
        fputs("circol gas: --bidisperse and --svg are for disks only (not with --dim 3)\n", stderr);
        return CCL_CLI_EXIT_USAGE;
    }
    ccl_cli_gas3 g;
    memset(&g, 0, sizeof g);
    g.options = options;
    ccl_cli_interrupt_install();
    double start = ccl_cli_seconds();
    int code = ccl_cli_gas3_build(&g);
    if (code == CCL_CLI_EXIT_OK) {
        code = ccl_cli_gas3_collide(&g, (uint64_t)ceil(options->equilibrate * options->n / 2.0));
    }
    ccl_world3d_reset_stats(g.world);
    g.setup_seconds = ccl_cli_seconds() - start;
    g.advance_seconds = 0.0;
    if (code == CCL_CLI_EXIT_OK) {
        code = ccl_cli_gas3_measure(&g);
    }
    if (code == CCL_CLI_EXIT_OK) {
        ccl_cli_gas3_result r;
        ccl_cli_gas3_results(&g, &r);
        bool ok = options->json ? ccl_cli_gas3_json(&g, &r, g.advance_seconds)
                                : ccl_cli_gas3_summary(&g, &r, g.advance_seconds);
        if (options->gr_path != NULL) {
            ok = ccl_cli_observe_write_gr(&g.observe, options->gr_path) && ok;
        }
        code = !ok ? CCL_CLI_EXIT_SIMULATION
                   : (g.interrupted ? CCL_CLI_EXIT_INTERRUPTED : CCL_CLI_EXIT_OK);
    }
    ccl_world3d_destroy(g.world);
    free(g.states);
    free(g.block_z);
    ccl_cli_observe_free(&g.observe);
    return code;
}
