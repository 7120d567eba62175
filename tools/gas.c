/* circol CLI: `circol gas`. N disks of diameter 1 and mass 1 at packing fraction eta in a
 * periodic square box, kT = 1. After equilibration the world's statistics are reset and K
 * collisions are measured in blocks:
 *   Z = P A / (N kT) = 1 + virial / (2 N kT t)   (2D virial theorem, hard disks)
 * with kT the kinetic energy per disk; the standard error of Z comes from the block values.
 * Speeds are sampled at the end of each block and compared with the 2D Maxwell-Boltzmann law
 * f(v) = (v / kT) exp(-v^2 / (2 kT)). */
#include "gas.h"
#include "gas3d.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <circol/circol.h>

#include "gas_xyz.h"
#include "lattice.h"
#include "lattice_world.h"
#include "observe.h"
#include "options.h"
#include "progress.h"
#include "report.h"
#include "svg.h"

/// Pi (M_PI is not C17).
#define CCL_CLI_GAS_PI 3.14159265358979323846
/// Speed histogram: bins of this width from 0; the last bin is open-ended.
#define CCL_CLI_GAS_BIN_WIDTH 0.1
/// Number of speed bins (to 5 sqrt(kT)).
#define CCL_CLI_GAS_BINS 50
/// The larger diameter of --bidisperse (the smaller is 1): the usual glass-forming mixture.
#define CCL_CLI_GAS_LARGE_DIAMETER 1.4
/// Events per advance call at most, so Ctrl-C and the progress bar respond quickly: this many, or
/// two per disk in larger gases, so that the statistics read after each call (a pass over every
/// disk) stay a small share of the run (they took 7% of it at 10^6 disks with the fixed count).
#define CCL_CLI_GAS_EVENTS_PER_CALL 200000

/// Everything a gas run holds.
typedef struct ccl_cli_gas {
    ccl_cli_gas_options options;
    ccl_cli_lattice lattice;
    ccl_world *world;
    ccl_circle_state *states;
    double *block_z;
    int blocks_done;
    uint64_t histogram[CCL_CLI_GAS_BINS];
    uint64_t samples;
    double speed_sum;
    ccl_cli_progress progress;
    double work_total, work_before;
    double setup_seconds;
    double advance_seconds;    ///< wall time inside ccl_world_advance_collisions (the simulation)
    ccl_cli_observe observe;   ///< the mean-square displacement and g(r), sampled at block ends
    ccl_cli_gas_frames frames; ///< --xyz: the trajectory
} ccl_cli_gas;

void ccl_cli_gas_usage(void *out) {
    fputs("usage: circol gas [--n N] [--eta ETA] [--collisions K] [--seed S] [--json]\n"
          "                  [--svg FILE] [--equilibrate C] [--blocks B] [--cell-size S]\n"
          "                  [--bidisperse] [--gr FILE] [--xyz FILE --every DT] [--dim 3]\n"
          "Hard-disk gas: N disks (diameter 1, mass 1, kT = 1) at packing fraction ETA in a\n"
          "periodic square box. Reports the compressibility factor Z = PA/(NkT) from the\n"
          "collision virial with its standard error, the collision rate and the speed\n"
          "distribution against the 2D Maxwell-Boltzmann law.\n"
          "  --n N            disks (default 4096), at least 36 ETA / pi so that the box is\n"
          "                   3 diameters wide (4 at ETA 0.3)\n"
          "  --eta ETA        packing fraction N pi / (4 A), below 0.9069 (default 0.3)\n"
          "  --collisions K   collisions measured (default 100 N)\n"
          "  --equilibrate C  collisions per disk before measuring (default 10)\n"
          "  --blocks B       blocks for the standard error (default 20)\n"
          "  --cell-size S    the world's grid cell edge (default 0: chosen from N)\n"
          "  --bidisperse     a 50:50 mixture of diameters 1 and 1.4 (ETA counts both)\n"
          "  --seed S         random seed of the velocities (default 1)\n"
          "  --dim D          2 (default): disks; 3: spheres (Kolafa's equation of state)\n"
          "  --json           print one JSON object instead of the summary\n"
          "  --svg FILE       draw the speed histogram against the theoretical curve\n"
          "  --gr FILE        write the pair correlation g(r) near contact as CSV (r,g)\n"
          "  --xyz FILE       with --every DT: extended XYZ frames (as run --xyz) at simulated\n"
          "                   times 0, DT, 2 DT, ... through equilibration and measurement\n",
          (FILE *)out);
}

/// Runs until count more circle-circle collisions happened. Returns an exit status.
static int ccl_cli_gas_collide(ccl_cli_gas *gas, uint64_t count, bool *interrupted) {
    uint64_t start = ccl_world_get_stats(gas->world).collisions;
    uint64_t target = start + count;
    uint64_t done = start;
    int idle_calls = 0;
    for (;;) {
        ccl_cli_progress_show(&gas->progress,
                              (gas->work_before + (double)(done - start)) / gas->work_total,
                              "collisions");
        if (done >= target) {
            return CCL_CLI_EXIT_OK;
        }
        if (ccl_cli_interrupted()) {
            *interrupted = true;
            return CCL_CLI_EXIT_OK;
        }
        double advance_start = ccl_cli_seconds();
        double horizon = ccl_cli_gas_frames_horizon(&gas->frames, gas->world);
        ccl_status status = ccl_world_advance_collisions(gas->world, target - done, horizon);
        gas->advance_seconds += ccl_cli_seconds() - advance_start;
        if (status != CCL_OK && status != CCL_ERR_EVENT_LIMIT) {
            ccl_cli_progress_finish(&gas->progress);
            fprintf(stderr, "circol: simulation error at time %.17g: %s\n",
                    ccl_world_time(gas->world), ccl_status_string(status));
            return CCL_CLI_EXIT_SIMULATION;
        }
        uint64_t now = ccl_world_get_stats(gas->world).collisions; /* one pass over the disks */
        /* stopped short of the collisions by the horizon: the next frame's time has come */
        bool framed = gas->frames.file != NULL && status == CCL_OK && now < target;
        if (framed && !ccl_cli_gas_frames_write(&gas->frames, gas->world)) {
            return CCL_CLI_EXIT_SIMULATION;
        }
        idle_calls = now == done && !framed ? idle_calls + 1 : 0;
        done = now;
        if (idle_calls > 1000) {
            ccl_cli_progress_finish(&gas->progress);
            fprintf(stderr, "circol: the disks stopped colliding at time %.17g\n",
                    ccl_world_time(gas->world));
            return CCL_CLI_EXIT_SIMULATION;
        }
    }
}

/// Adds every disk's speed now to the histogram.
static bool ccl_cli_gas_sample_speeds(ccl_cli_gas *gas) {
    int count = 0;
    if (ccl_world_export(gas->world, gas->states, gas->options.n, &count) != CCL_OK) {
        return false;
    }
    for (int i = 0; i < count; i++) {
        double speed = ccl_length(gas->states[i].velocity);
        int bin = (int)(speed / CCL_CLI_GAS_BIN_WIDTH);
        gas->histogram[bin < CCL_CLI_GAS_BINS ? bin : CCL_CLI_GAS_BINS - 1]++;
        gas->speed_sum += speed;
    }
    gas->samples += (uint64_t)count;
    return true;
}

/// Disk k's diameter: with --bidisperse every second disk is the large one.
static double ccl_cli_gas_diameter(const ccl_cli_gas_options *options, int k) {
    return options->bidisperse && k % 2 == 1 ? CCL_CLI_GAS_LARGE_DIAMETER : 1.0;
}

/// The mean of the disks' squared diameters.
static double ccl_cli_gas_mean_square_diameter(const ccl_cli_gas_options *options) {
    int large = options->bidisperse ? options->n / 2 : 0;
    double d = CCL_CLI_GAS_LARGE_DIAMETER;
    return ((double)(options->n - large) + d * d * large) / options->n;
}

/// The radius of disk i of the gas of options (a ccl_cli_gas_options).
static double ccl_cli_gas_radius(int i, const void *options) {
    return 0.5 * ccl_cli_gas_diameter(options, i);
}

/// Builds the world with the disks on the lattice. Returns an exit status.
static int ccl_cli_gas_build(ccl_cli_gas *gas) {
    int n = gas->options.n;
    char error[256];
    double largest = gas->options.bidisperse ? CCL_CLI_GAS_LARGE_DIAMETER : 1.0;
    if (!ccl_cli_lattice_choose_sizes(n, gas->options.eta,
                                      ccl_cli_gas_mean_square_diameter(&gas->options), largest,
                                      &gas->lattice, error, sizeof error)) {
        fprintf(stderr, "circol gas: %s\n", error);
        return CCL_CLI_EXIT_USAGE;
    }
    gas->states = malloc((size_t)n * sizeof *gas->states);
    gas->block_z = calloc((size_t)gas->options.blocks, sizeof *gas->block_z);
    if (gas->states == NULL || gas->block_z == NULL) {
        fputs("circol gas: out of memory\n", stderr);
        return CCL_CLI_EXIT_SIMULATION;
    }
    ccl_world_def def = ccl_world_default_def();
    def.box_min = ccl_v2(0.0, 0.0);
    def.box_max = ccl_v2(gas->lattice.side, gas->lattice.side);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    def.restitution = 1.0;
    def.capacity = n;
    def.cell_size = gas->options.cell_size;
    def.max_events_per_advance = (uint64_t)n * 2 > CCL_CLI_GAS_EVENTS_PER_CALL
                                     ? (uint64_t)n * 2
                                     : CCL_CLI_GAS_EVENTS_PER_CALL;
    ccl_status status = ccl_world_create(&def, &gas->world);
    if (status == CCL_OK) {
        status = ccl_world_track_unwrapped(gas->world); /* for the mean-square displacement */
    }
    if (!ccl_cli_lattice_add_disks(gas->world, &gas->lattice, n, gas->options.seed,
                                   ccl_cli_gas_radius, &gas->options, "gas", &status)) {
        return CCL_CLI_EXIT_SIMULATION;
    }
    return ccl_cli_gas_built("gas", status);
}

/// Measures the options' collisions in blocks. Returns an exit status.
static int ccl_cli_gas_measure(ccl_cli_gas *gas, bool *interrupted) {
    int n = gas->options.n, blocks = gas->options.blocks;
    uint64_t total = gas->options.collisions;
    double virial_before = 0.0, time_before = 0.0;
    double sigma = gas->options.bidisperse ? 0.0 : 1.0; /* g(r) of one diameter only */
    if (!ccl_cli_observe_init(&gas->observe, 2, n, gas->lattice.side, sigma, blocks + 1) ||
        !ccl_cli_observe_sample(&gas->observe, gas->world)) {
        fputs("circol gas: out of memory\n", stderr);
        return CCL_CLI_EXIT_SIMULATION;
    }
    for (int b = 0; b < blocks; b++) {
        uint64_t count = total / (uint64_t)blocks + ((uint64_t)b < total % (uint64_t)blocks);
        int code = ccl_cli_gas_collide(gas, count, interrupted);
        if (code != CCL_CLI_EXIT_OK || *interrupted) {
            return code;
        }
        gas->work_before += (double)count;
        ccl_world_stats stats = ccl_world_get_stats(gas->world);
        double kT = stats.kinetic_energy / n;
        double dt = stats.virial_time - time_before;
        gas->block_z[b] = 1.0 + (stats.virial - virial_before) / (2.0 * n * kT * dt);
        gas->blocks_done = b + 1;
        virial_before = stats.virial;
        time_before = stats.virial_time;
        if (!ccl_cli_gas_sample_speeds(gas) || !ccl_cli_observe_sample(&gas->observe, gas->world)) {
            fputs("circol gas: cannot export the disks\n", stderr);
            return CCL_CLI_EXIT_SIMULATION;
        }
    }
    return CCL_CLI_EXIT_OK;
}

/// The results, computed from the world's statistics and the blocks.
typedef struct ccl_cli_gas_result {
    uint64_t collisions;
    double time, kT, z, z_stderr, rate, z_from_rate, z_henderson;
    double mean_speed, mean_speed_theory, chi2;
    ccl_cli_observed observed; ///< g(sigma) and the diffusion coefficient
    int dof;
    double density[CCL_CLI_GAS_BINS], expected[CCL_CLI_GAS_BINS];
} ccl_cli_gas_result;

/// Henderson's equation of state Z(eta) for equal disks; for the mixture, its extension by Santos,
/// Yuste and Lopez de Haro (1999): Z = 1 / (1 - eta) + (Z_1(eta) - 1 / (1 - eta)) <d>^2 / <d^2>.
static double ccl_cli_gas_henderson(const ccl_cli_gas_options *options, double eta) {
    double one = (1.0 + eta * eta / 8.0) / ((1.0 - eta) * (1.0 - eta));
    if (!options->bidisperse) {
        return one;
    }
    double mean = 0.0;
    for (int k = 0; k < 2; k++) { /* disk 0 is small, disk 1 large; n/2 of each kind, rounded */
        int count = k == 0 ? options->n - options->n / 2 : options->n / 2;
        mean += ccl_cli_gas_diameter(options, k) * count / options->n;
    }
    double ideal = 1.0 / (1.0 - eta);
    return ideal + (one - ideal) * mean * mean / ccl_cli_gas_mean_square_diameter(options);
}

/// Computes the results.
static void ccl_cli_gas_results(const ccl_cli_gas *gas, ccl_cli_gas_result *r) {
    int n = gas->options.n;
    double eta = gas->options.eta;
    ccl_world_stats stats = ccl_world_get_stats(gas->world);
    r->collisions = stats.collisions;
    r->time = stats.virial_time;
    r->kT = stats.kinetic_energy / n;
    r->z = 1.0 + stats.virial / (2.0 * n * r->kT * r->time);
    r->z_stderr = NAN;
    int b = gas->blocks_done;
    if (b >= 2) {
        double mean = 0.0, square = 0.0;
        for (int k = 0; k < b; k++) {
            mean += gas->block_z[k] / b;
        }
        for (int k = 0; k < b; k++) {
            square += (gas->block_z[k] - mean) * (gas->block_z[k] - mean);
        }
        r->z_stderr = sqrt(square / ((double)b * (b - 1)));
    }
    r->rate = 2.0 * (double)stats.collisions / (n * r->time);
    /* Each collision's virial is sigma times the normal approach speed, whose collision-weighted
     * mean is sqrt(pi kT / m): Z - 1 = (sigma / 4) sqrt(pi m / kT) x rate, an independent check
     * (for one diameter only: a mixture would need the collision-weighted mean contact distance) */
    r->z_from_rate =
        gas->options.bidisperse ? NAN : 1.0 + 0.25 * sqrt(CCL_CLI_GAS_PI / r->kT) * r->rate;
    r->z_henderson = ccl_cli_gas_henderson(&gas->options, eta);
    double rho = n / (gas->lattice.side * gas->lattice.side); /* Enskog's: one diameter only */
    ccl_cli_observe_results(&gas->observe, eta, gas->options.bidisperse ? NAN : rho, r->kT, r->z,
                            &r->observed);
    r->mean_speed = gas->samples ? gas->speed_sum / (double)gas->samples : NAN;
    r->mean_speed_theory = sqrt(CCL_CLI_GAS_PI * r->kT / 2.0);
    r->chi2 = 0.0;
    r->dof = -1;
    for (int k = 0; k < CCL_CLI_GAS_BINS; k++) {
        double a = k * CCL_CLI_GAS_BIN_WIDTH;
        double bound = k + 1 < CCL_CLI_GAS_BINS ? a + CCL_CLI_GAS_BIN_WIDTH : INFINITY;
        double expected = (double)gas->samples * ccl_cli_maxwell_mass(a, bound, r->kT);
        double observed = (double)gas->histogram[k];
        r->expected[k] = expected;
        r->density[k] =
            gas->samples ? observed / ((double)gas->samples * CCL_CLI_GAS_BIN_WIDTH) : 0.0;
        if (expected >= 5.0) {
            r->chi2 += (observed - expected) * (observed - expected) / expected;
            r->dof++;
        }
    }
    if (r->dof < 1) { /* fewer than two bins expected to hold five: no test to speak of */
        r->chi2 = NAN;
        r->dof = 0;
    }
}

/// Prints the JSON report. False on an output error.
static bool ccl_cli_gas_json(const ccl_cli_gas *gas, const ccl_cli_gas_result *r, double seconds,
                             bool interrupted) {
    cJSON *report = cJSON_CreateObject();
    bool ok = report != NULL;
    ok = ok && ccl_cli_json_add_number(report, "n", gas->options.n);
    ok = ok && ccl_cli_json_add_number(report, "eta", gas->options.eta);
    if (gas->options.bidisperse) { /* absent otherwise, so that the one-size report is as it was */
        ok = ok && cJSON_AddBoolToObject(report, "bidisperse", true) != NULL;
    }
    ok = ok && ccl_cli_json_add_number(report, "box", gas->lattice.side);
    ok = ok && ccl_cli_json_add_number(report, "seed", (double)gas->options.seed);
    ok = ok && ccl_cli_json_add_number(report, "collisions", (double)r->collisions);
    ok = ok && ccl_cli_json_add_number(report, "time", r->time);
    ok = ok && ccl_cli_json_add_number(report, "kT", r->kT);
    ok = ok && ccl_cli_json_add_number(report, "Z", r->z);
    ok = ok && ccl_cli_json_add_number(report, "Z_stderr", r->z_stderr);
    ok = ok && ccl_cli_json_add_number(report, "blocks", gas->blocks_done);
    ok = ok && ccl_cli_json_add_number(report, "collision_rate", r->rate);
    ok = ok && ccl_cli_json_add_number(report, "Z_from_collision_rate", r->z_from_rate);
    ok = ok && ccl_cli_json_add_number(report, "Z_henderson", r->z_henderson);
    ok = ok && ccl_cli_json_add_number(report, "wall_seconds", seconds);
    ok = ok && ccl_cli_json_add_number(report, "setup_seconds", gas->setup_seconds);
    ok = ok && ccl_cli_json_add_number(report, "collisions_per_second",
                                       seconds > 0.0 ? (double)r->collisions / seconds : NAN);
    ok = ok && cJSON_AddBoolToObject(report, "interrupted", interrupted) != NULL;
    ok = ok && ccl_cli_observe_json(report, &gas->observe, &r->observed);
    cJSON *speeds = ok ? cJSON_AddObjectToObject(report, "speed_distribution") : NULL;
    ok = speeds != NULL;
    ok = ok && ccl_cli_json_add_number(speeds, "samples", (double)gas->samples);
    ok = ok && ccl_cli_json_add_number(speeds, "bin_width", CCL_CLI_GAS_BIN_WIDTH);
    ok = ok && ccl_cli_json_add_number(speeds, "mean_speed", r->mean_speed);
    ok = ok && ccl_cli_json_add_number(speeds, "mean_speed_theory", r->mean_speed_theory);
    ok = ok && ccl_cli_json_add_number(speeds, "chi2", r->chi2);
    ok = ok && ccl_cli_json_add_number(speeds, "dof", r->dof);
    cJSON *observed = ok ? cJSON_AddArrayToObject(speeds, "observed") : NULL;
    cJSON *expected = observed ? cJSON_AddArrayToObject(speeds, "expected") : NULL;
    ok = expected != NULL;
    for (int k = 0; ok && k < CCL_CLI_GAS_BINS; k++) {
        cJSON *o = cJSON_CreateNumber((double)gas->histogram[k]);
        cJSON *e = ccl_cli_json_number(r->expected[k]);
        ok = o != NULL && e != NULL;
        if (ok) {
            cJSON_AddItemToArray(observed, o);
            cJSON_AddItemToArray(expected, e);
        } else {
            cJSON_Delete(o);
            cJSON_Delete(e);
        }
    }
    if (!ok) {
        cJSON_Delete(report);
        fputs("circol: out of memory writing JSON\n", stderr);
        return false;
    }
    return ccl_cli_json_print(report);
}

/// Prints the human summary. False on an output error.
static bool ccl_cli_gas_summary(const ccl_cli_gas *gas, const ccl_cli_gas_result *r, double seconds,
                                bool interrupted) {
    printf("circol gas: %d disks%s, eta %g, periodic box %.6g x %.6g, seed %llu\n", gas->options.n,
           gas->options.bidisperse ? " (half of diameter 1, half of 1.4)" : "", gas->options.eta,
           gas->lattice.side, gas->lattice.side, (unsigned long long)gas->options.seed);
    printf("  equilibration    %g %s per disk, %.3f s\n", gas->options.equilibrate,
           ccl_cli_plural(gas->options.equilibrate, "collision", "collisions"), gas->setup_seconds);
    printf("  measured         %llu %s over time %.6g, kT %.6g%s\n",
           (unsigned long long)r->collisions,
           ccl_cli_plural((double)r->collisions, "collision", "collisions"), r->time, r->kT,
           interrupted ? " (interrupted)" : "");
    if (!(r->time > 0.0)) {
        printf("  Z = PA/(NkT)     not measured (no time passed after equilibration)\n");
    } else if (gas->blocks_done < 2) {
        printf("  Z = PA/(NkT)     %.6f, no error bar: %d %s done, two needed  (Henderson's "
               "equation of state: %.4f)\n",
               r->z, gas->blocks_done, ccl_cli_plural(gas->blocks_done, "block", "blocks"),
               r->z_henderson);
    } else {
        printf("  Z = PA/(NkT)     %.6f +- %.6f  (%d blocks; Henderson's equation of state: "
               "%.4f)\n",
               r->z, r->z_stderr, gas->blocks_done, r->z_henderson);
    }
    if (r->time > 0.0 && !isnan(r->z_from_rate)) {
        printf("  collision rate   %.6f per disk per unit time  (Z from it: %.6f)\n", r->rate,
               r->z_from_rate);
    } else if (r->time > 0.0) {
        printf("  collision rate   %.6f per disk per unit time\n", r->rate);
    }
    ccl_cli_observe_print(&gas->observe, &r->observed);
    if (r->dof > 0) {
        printf("  speeds           mean %.5f (theory %.5f), chi2 %.1f for %d %s of freedom\n",
               r->mean_speed, r->mean_speed_theory, r->chi2, r->dof,
               ccl_cli_plural(r->dof, "degree", "degrees"));
    } else {
        printf("  speeds           too few samples for a chi2 test (one per disk per block)\n");
    }
    if (r->dof > 0) {
        printf("                   against 2D Maxwell-Boltzmann, %llu samples\n",
               (unsigned long long)gas->samples);
    }
    printf("  wall time        %.3f s, %.4g collisions/s\n", seconds,
           seconds > 0.0 ? (double)r->collisions / seconds : 0.0);
    return ccl_cli_flush_stdout();
}

/// Writes the speed histogram against the theoretical curve.
static bool ccl_cli_gas_svg(const ccl_cli_gas *gas, const ccl_cli_gas_result *r) {
    double kT = r->kT;
    char title[160];
    snprintf(title, sizeof title, "Speeds of %d hard disks at eta = %g (%llu samples)",
             gas->options.n, gas->options.eta, (unsigned long long)gas->samples);
    char note[160];
    char error_bar[48] = " (too few blocks for an error bar)",
         chi2[48] = "too few samples for chi2";
    if (gas->blocks_done >= 2) {
        snprintf(error_bar, sizeof error_bar, " +- %.4f", r->z_stderr);
    }
    if (r->dof > 0) {
        snprintf(chi2, sizeof chi2, "chi2 %.1f for %d degrees of freedom", r->chi2, r->dof);
    }
    snprintf(note, sizeof note, "Z = PA/(NkT) = %.4f%s; Henderson's equation: %.4f; %s", r->z,
             error_bar, r->z_henderson, chi2);
    ccl_cli_svg_histogram histogram = {r->density,
                                       CCL_CLI_GAS_BINS,
                                       CCL_CLI_GAS_BIN_WIDTH,
                                       ccl_cli_maxwell_density,
                                       &kT,
                                       title,
                                       "speed v (kT = 1, mass 1); the last bin holds v >= 4.9",
                                       "probability density of the speed",
                                       "2D Maxwell-Boltzmann law",
                                       note};
    FILE *file = ccl_cli_open_output(gas->options.svg_path, "--svg");
    if (file == NULL) {
        return false;
    }
    ccl_cli_svg_write_histogram(file, &histogram);
    return ccl_cli_close_output(file, gas->options.svg_path, "--svg", 0);
}

/// The gas run once the options are known. Returns an exit status.
static int ccl_cli_gas_execute(ccl_cli_gas *gas) {
    double start = ccl_cli_seconds();
    int code = ccl_cli_gas_build(gas);
    if (code != CCL_CLI_EXIT_OK) {
        return code;
    }
    if (!ccl_cli_probe_output(gas->options.svg_path, "--svg")) {
        return CCL_CLI_EXIT_USAGE;
    }
    if (gas->options.xyz_path != NULL &&
        !ccl_cli_gas_frames_open(&gas->frames, gas->world, gas->options.xyz_path,
                                 gas->options.every, gas->lattice.side)) {
        return CCL_CLI_EXIT_USAGE;
    }
    uint64_t equilibrate = (uint64_t)ceil(gas->options.equilibrate * gas->options.n / 2.0);
    gas->work_total = (double)equilibrate + (double)gas->options.collisions;
    ccl_cli_progress_start(&gas->progress);
    bool interrupted = false;
    code = ccl_cli_gas_collide(gas, equilibrate, &interrupted);
    gas->work_before = (double)equilibrate;
    ccl_world_reset_stats(gas->world);
    double measure_start = ccl_cli_seconds();
    gas->setup_seconds = measure_start - start;
    gas->advance_seconds = 0.0;
    if (code == CCL_CLI_EXIT_OK && !interrupted) {
        code = ccl_cli_gas_measure(gas, &interrupted);
    }
    /* the simulation's time only: the statistics and speed samples between blocks (a pass over
     * every disk each) are the tool's, and at 10^6 disks took a sixth of the measurement */
    double seconds = gas->advance_seconds;
    ccl_cli_progress_finish(&gas->progress);
    if (code != CCL_CLI_EXIT_OK) {
        return code;
    }
    ccl_cli_gas_result result;
    ccl_cli_gas_results(gas, &result);
    bool ok = gas->options.json ? ccl_cli_gas_json(gas, &result, seconds, interrupted)
                                : ccl_cli_gas_summary(gas, &result, seconds, interrupted);
    if (gas->options.svg_path != NULL) {
        ok = ccl_cli_gas_svg(gas, &result) && ok;
    }
    if (gas->options.gr_path != NULL) {
        ok = ccl_cli_observe_write_gr(&gas->observe, gas->options.gr_path) && ok;
    }
    ok = ccl_cli_gas_frames_close(&gas->frames) && ok;
    return ccl_cli_exit_status(ok, interrupted);
}

int ccl_cli_gas_main(int argc, char **argv) {
    ccl_cli_gas gas;
    memset(&gas, 0, sizeof gas);
    char error[256];
    bool parsed = ccl_cli_parse_gas_options(argc, argv, &gas.options, error, sizeof error);
    int code;
    if (!ccl_cli_options_begin(parsed, error, gas.options.help, "gas", ccl_cli_gas_usage, &code)) {
        return code;
    }
    if (gas.options.dim == 3) {
        return ccl_cli_gas3d_main(&gas.options);
    }
    ccl_cli_interrupt_install();
    code = ccl_cli_gas_execute(&gas);
    ccl_world_destroy(gas.world);
    free(gas.states);
    free(gas.block_z);
    ccl_cli_observe_free(&gas.observe);
    ccl_cli_gas_frames_close(&gas.frames);
    return code;
}
