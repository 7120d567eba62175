/* circol CLI: `circol jam`. N disks of mass 1 (diameter 1, or half of 1.4 with --bidisperse) start
 * as a gas at packing fraction 0.3 in a periodic square box, kT = 1, and every radius grows as
 * r(t) = r(0) (1 + G t) (Lubachevsky-Stillinger compression, ccl_world_set_growth_rate). The run
 * goes in rounds of 10 collisions per disk; after each, the reduced pressure of the round is
 *   P A / (N kT) = 1 + virial / (2 N kT t)   (2D virial theorem, kT the mean kinetic energy)
 * and the velocities are scaled back to kT = 1 (collisions of growing disks add energy). It stops
 * when that pressure passes --max-pressure (the packing has jammed), or when a round no longer
 * changes the packing fraction in its 12th digit (the compression has stalled). Contacts: pairs
 * whose gap is below 1e-4 of the sum of their radii (CCL_CLI_JAM_CONTACT_GAP; at P = 1e6 the gaps
 * of touching pairs are about 1e-6 of it, a rattler's about 1e-2); rattlers are the disks left
 * with fewer than 3 contacts after removing such disks again and again, and the mean contact
 * number is over the others. With --dim 3 the same compression runs on spheres (jam3d.c). */
#include "jam.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <circol/circol.h>

#include "jam_internal.h"
#include "lattice.h"
#include "lattice_world.h"
#include "options.h"
#include "progress.h"
#include "report.h"

/// The packing fraction the gas starts from.
#define CCL_CLI_JAM_START_ETA 0.3
/// Collisions per disk in a round.
#define CCL_CLI_JAM_ROUND 10
/// A round that changes the packing fraction by less than this (relative) has stalled.
#define CCL_CLI_JAM_STALL 1e-12

void ccl_cli_jam_usage(void *out) {
    fputs("usage: circol jam [--n N] [--bidisperse] [--growth G] [--max-pressure P]\n"
          "                  [--seed S] [--dim 3] [--json] [--svg FILE]\n"
          "Compresses a periodic hard-disk gas by growing every radius at rate G\n"
          "(Lubachevsky-Stillinger) until the reduced pressure PA/NkT passes P (default 1e6)\n"
          "or the compression stalls, and reports the packing fraction, the pressure, the\n"
          "collisions, the rattlers and the contact numbers. --svg draws the packing coloured\n"
          "by contact number. --dim 3 compresses hard spheres from a face-centred cubic\n"
          "lattice (PV/NkT; rattlers: fewer than 4 contacts; no --svg). Defaults: N 256,\n"
          "G 0.01, seed 1. Progress on standard error.\n",
          (FILE *)out);
}

/// The radius of disk i of the jam of options (a ccl_cli_jam_options): half of the disks, the
/// odd ones, large with --bidisperse.
static double ccl_cli_jam_radius(int i, const void *user) {
    const ccl_cli_jam_options *options = user;
    return 0.5 * (options->bidisperse && i % 2 == 1 ? CCL_CLI_JAM_LARGE : 1.0);
}

/// Builds the gas at the starting packing fraction and sets the radii growing.
static int ccl_cli_jam_build(ccl_cli_jam *jam) {
    int n = jam->options.n;
    double large = jam->options.bidisperse ? CCL_CLI_JAM_LARGE : 1.0;
    double mean_square = jam->options.bidisperse ? (1.0 + large * large) / 2.0 : 1.0;
    char error[256];
    if (!ccl_cli_lattice_choose_sizes(n, CCL_CLI_JAM_START_ETA, mean_square, large, &jam->lattice,
                                      error, sizeof error)) {
        fprintf(stderr, "circol jam: %s\n", error);
        return CCL_CLI_EXIT_USAGE;
    }
    jam->states = malloc((size_t)n * sizeof *jam->states);
    jam->contacts = calloc((size_t)n, sizeof *jam->contacts);
    if (jam->states == NULL || jam->contacts == NULL) {
        fputs("circol jam: out of memory\n", stderr);
        return CCL_CLI_EXIT_SIMULATION;
    }
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(jam->lattice.side, jam->lattice.side);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    def.capacity = n;
    ccl_status status = ccl_world_create(&def, &jam->world);
    if (!ccl_cli_lattice_add_disks(jam->world, &jam->lattice, n, jam->options.seed,
                                   ccl_cli_jam_radius, &jam->options, "jam", &status)) {
        return CCL_CLI_EXIT_SIMULATION;
    }
    if (status == CCL_OK) {
        status = ccl_world_set_growth_rate(jam->world, jam->options.growth);
    }
    return ccl_cli_gas_built("jam", status);
}

/// The packing fraction now (the states exported into jam->states or jam->spheres).
static double ccl_cli_jam_phi(ccl_cli_jam *jam) {
    if (jam->options.dim == 3) {
        return ccl_cli_jam3_phi(jam);
    }
    int count = 0;
    ccl_world_export(jam->world, jam->states, jam->options.n, &count);
    double area = 0.0;
    for (int i = 0; i < count; i++) {
        area += CCL_CLI_JAM_PI * jam->states[i].radius * jam->states[i].radius;
    }
    return area / (jam->lattice.side * jam->lattice.side);
}

/// Runs `collisions` disk collisions from reset statistics.
static ccl_cli_jam_step ccl_cli_jam2_advance(ccl_cli_jam *jam, uint64_t collisions) {
    ccl_world_reset_stats(jam->world);
    ccl_status status = ccl_world_advance_collisions(jam->world, collisions, INFINITY);
    ccl_world_stats stats = ccl_world_get_stats(jam->world);
    return CCL_CLI_JAM_STEP(status, stats);
}

/// One round: its collisions, its pressure, the temperature set back to 1. Returns an exit
/// status.
static int ccl_cli_jam_round(ccl_cli_jam *jam) {
    int n = jam->options.n, dim = jam->options.dim;
    double start = ccl_cli_seconds();
    ccl_cli_jam_step step = dim == 3 ? ccl_cli_jam3_advance(jam, (uint64_t)CCL_CLI_JAM_ROUND * n)
                                     : ccl_cli_jam2_advance(jam, (uint64_t)CCL_CLI_JAM_ROUND * n);
    jam->seconds += ccl_cli_seconds() - start;
    jam->collisions += step.collisions;
    if (step.status == CCL_ERR_UNSUPPORTED) {
        fprintf(stderr,
                "circol jam: --n %d: too few to jam, the largest would outgrow the "
                "periodic box (a third of its side) first\n",
                n);
        return CCL_CLI_EXIT_USAGE;
    }
    if (step.status != CCL_OK) {
        fprintf(stderr, "circol jam: %s\n", ccl_status_string(step.status));
        return CCL_CLI_EXIT_SIMULATION;
    }
    double kT = step.kinetic_energy / (0.5 * dim * n); /* equipartition: dim / 2 kT a body */
    if (step.virial_time > 0.0 && kT > 0.0) {
        jam->pressure = 1.0 + step.virial / (dim * step.virial_time * n * kT);
        ccl_status status = dim == 3 ? ccl_world3d_scale_velocities(jam->world3, 1.0 / sqrt(kT))
                                     : ccl_world_scale_velocities(jam->world, 1.0 / sqrt(kT));
        jam->rescales += status == CCL_OK;
    }
    jam->rounds++;
    return CCL_CLI_EXIT_OK;
}

/// Compresses until the pressure passes the limit, the compression stalls or Ctrl-C. Returns an
/// exit status.
static int ccl_cli_jam_compress(ccl_cli_jam *jam) {
    ccl_cli_progress_start(&jam->progress);
    jam->phi = ccl_cli_jam_phi(jam);
    double top = log(jam->options.max_pressure);
    for (;;) {
        int code = ccl_cli_jam_round(jam);
        if (code != CCL_CLI_EXIT_OK) {
            return code;
        }
        double before = jam->phi;
        jam->phi = ccl_cli_jam_phi(jam);
        char detail[96];
        snprintf(detail, sizeof detail, "phi %.6f, pressure %.3g", jam->phi, jam->pressure);
        ccl_cli_progress_show(&jam->progress, fmax(0.0, log(fmax(jam->pressure, 1.0)) / top),
                              detail);
        if (jam->pressure > jam->options.max_pressure) {
            jam->stop = "pressure";
        } else if (!(jam->phi - before > CCL_CLI_JAM_STALL * jam->phi)) {
            jam->stop = "stalled";
        } else if (ccl_cli_interrupted()) {
            jam->stop = "interrupted";
        }
        if (jam->stop != NULL) {
            break;
        }
    }
    ccl_cli_progress_finish(&jam->progress);
    return CCL_CLI_EXIT_OK;
}

/// Prints the report (JSON or a summary). False on an output error.
static bool ccl_cli_jam_report(const ccl_cli_jam *jam) {
    bool spheres = jam->options.dim == 3;
    double time = spheres ? ccl_world3d_time(jam->world3) : ccl_world_time(jam->world);
    double overlap =
        spheres ? ccl_world3d_max_overlap(jam->world3) : ccl_world_max_overlap(jam->world);
    if (!jam->options.json) {
        printf("circol jam: %d %s%s, growth %g, seed %llu, periodic box of side %.6g\n"
               "phi %.6f  pressure P%s/NkT %.4g (stopped: %s)\n"
               "%llu collisions in %.3g s, %llu temperature rescalings\n"
               "rattlers %d, mean contacts of the others %.4f (isostatic: %d)\n",
               jam->options.n, spheres ? "spheres" : "disks",
               jam->options.bidisperse ? " (half of diameter 1, half of 1.4)" : "",
               jam->options.growth, (unsigned long long)jam->options.seed, jam->lattice.side,
               jam->phi, spheres ? "V" : "A", jam->pressure, jam->stop,
               (unsigned long long)jam->collisions, jam->seconds, (unsigned long long)jam->rescales,
               jam->rattlers, jam->mean_contacts, 2 * jam->options.dim);
        return ccl_cli_flush_stdout();
    }
    cJSON *report = cJSON_CreateObject();
    bool ok = report != NULL;
    ok = ok && ccl_cli_json_add_number(report, "n", jam->options.n);
    ok = ok && ccl_cli_json_add_number(report, "dim", jam->options.dim);
    ok = ok && cJSON_AddBoolToObject(report, "bidisperse", jam->options.bidisperse) != NULL;
    ok = ok && ccl_cli_json_add_number(report, "growth", jam->options.growth);
    ok = ok && ccl_cli_json_add_number(report, "seed", (double)jam->options.seed);
    ok = ok && ccl_cli_json_add_number(report, "box", jam->lattice.side);
    ok = ok && ccl_cli_json_add_number(report, "phi", jam->phi);
    ok = ok && ccl_cli_json_add_number(report, "pressure", jam->pressure);
    ok = ok && cJSON_AddStringToObject(report, "stop", jam->stop) != NULL;
    ok = ok && ccl_cli_json_add_number(report, "collisions", (double)jam->collisions);
    ok = ok && ccl_cli_json_add_number(report, "rescales", (double)jam->rescales);
    ok = ok && ccl_cli_json_add_number(report, "time", time);
    ok = ok && ccl_cli_json_add_number(report, "rattlers", jam->rattlers);
    ok = ok && ccl_cli_json_add_number(report, "mean_contacts", jam->mean_contacts);
    ok = ok && ccl_cli_json_add_number(report, "contact_gap", CCL_CLI_JAM_CONTACT_GAP);
    ok = ok && ccl_cli_json_add_number(report, "max_overlap", overlap);
    ok = ok && ccl_cli_json_add_number(report, "wall_seconds", jam->seconds);
    if (!ok) {
        cJSON_Delete(report);
        fputs("circol: out of memory writing JSON\n", stderr);
        return false;
    }
    return ccl_cli_json_print(report);
}

static int ccl_cli_jam_execute(ccl_cli_jam *jam) {
    int code = jam->options.dim == 3 ? ccl_cli_jam3_build(jam, CCL_CLI_JAM_START_ETA)
                                     : ccl_cli_jam_build(jam);
    if (code != CCL_CLI_EXIT_OK) {
        return code;
    }
    if (!ccl_cli_probe_output(jam->options.svg_path, "--svg")) {
        return CCL_CLI_EXIT_USAGE;
    }
    code = ccl_cli_jam_compress(jam);
    if (code != CCL_CLI_EXIT_OK) {
        return code;
    }
    if (!(jam->options.dim == 3 ? ccl_cli_jam3_contacts(jam) : ccl_cli_jam_contacts(jam))) {
        fputs("circol jam: out of memory\n", stderr);
        return CCL_CLI_EXIT_SIMULATION;
    }
    bool ok = ccl_cli_jam_report(jam);
    if (jam->options.svg_path != NULL) {
        ok = ccl_cli_jam_svg(jam) && ok;
    }
    return ccl_cli_exit_status(ok, strcmp(jam->stop, "interrupted") == 0);
}

int ccl_cli_jam_main(int argc, char **argv) {
    ccl_cli_jam jam;
    memset(&jam, 0, sizeof jam);
    char error[256];
    bool parsed = ccl_cli_parse_jam_options(argc, argv, &jam.options, error, sizeof error);
    int code;
    if (!ccl_cli_options_begin(parsed, error, jam.options.help, "jam", ccl_cli_jam_usage, &code)) {
        return code;
    }
    ccl_cli_interrupt_install();
    code = ccl_cli_jam_execute(&jam);
    ccl_world_destroy(jam.world);
    ccl_world3d_destroy(jam.world3);
    free(jam.states);
    free(jam.spheres);
    free(jam.contacts);
    return code;
}
