/* circol CLI: what a round of `circol jam` measured, for disks and spheres alike. */
#ifndef CIRCOL_CLI_JAM_STEP_H
#define CIRCOL_CLI_JAM_STEP_H

#include <stdint.h>

#include <circol/circol.h>

/// What a round of the compression measured.
typedef struct ccl_cli_jam_step {
    ccl_status status;
    uint64_t collisions;
    double kinetic_energy, virial, virial_time;
} ccl_cli_jam_step;

/// The step of a round from the status of its advance and the world's statistics after it, stats
/// (a ccl_world_stats or ccl_world3d_stats variable: the fields of the same names).
#define CCL_CLI_JAM_STEP(status_, stats_)                                                          \
    ((ccl_cli_jam_step){.status = (status_),                                                       \
                        .collisions = (stats_).collisions,                                         \
                        .kinetic_energy = (stats_).kinetic_energy,                                 \
                        .virial = (stats_).virial,                                                 \
                        .virial_time = (stats_).virial_time})

#endif
