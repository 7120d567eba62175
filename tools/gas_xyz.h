/* circol CLI: the trajectory of `circol gas --xyz FILE --every DT`: extended XYZ frames (the
 * format of run --xyz) at simulated times 0, DT, 2 DT, ... through equilibration and measurement,
 * written as the gas reaches each time, so that memory stays bounded. */
#ifndef CIRCOL_CLI_GAS_XYZ_H
#define CIRCOL_CLI_GAS_XYZ_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <circol/world.h>

/// The frames to write and where.
typedef struct ccl_cli_gas_frames {
    FILE *file;         ///< NULL: no --xyz
    const char *path;   ///< for messages
    ccl_circle_id *ids; ///< the disks, in the order they were added
    int count;          ///< how many
    double every;       ///< DT
    uint64_t written;   ///< frames written: the next is due at written * every
    double side;        ///< the periodic box is [0, side]^2
} ccl_cli_gas_frames;

/// Opens path (--xyz) for frames every `every` of the world's disks in a box [0, side]^2 and
/// writes the frame at the present time. False with a message on failure.
bool ccl_cli_gas_frames_open(ccl_cli_gas_frames *frames, const ccl_world *world, const char *path,
                             double every, double side);

/// The most simulated time an advance may take before the next frame is due (a very long time
/// without frames).
double ccl_cli_gas_frames_horizon(const ccl_cli_gas_frames *frames, const ccl_world *world);

/// Writes the next frame, the world having reached its time (an advance stopped by the horizon).
/// False with a message on a write error.
bool ccl_cli_gas_frames_write(ccl_cli_gas_frames *frames, const ccl_world *world);

/// Closes the file (reporting a write error) and frees the ids. False on error.
bool ccl_cli_gas_frames_close(ccl_cli_gas_frames *frames);

#endif
