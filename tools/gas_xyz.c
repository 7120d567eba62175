/* circol CLI: the gas's trajectory frames. */
#include "gas_xyz.h"

#include <stdlib.h>

#include "report.h"
#include "xyz.h"

/// The advance's limit without frames (as the gas's collision runs have always had).
#define CCL_CLI_GAS_NO_HORIZON 1e12

bool ccl_cli_gas_frames_open(ccl_cli_gas_frames *frames, const ccl_world *world, const char *path,
                             double every, double side) {
    int n = ccl_world_circle_count(world), got = 0;
    ccl_circle_state *states = malloc(sizeof *states * (size_t)(n > 0 ? n : 1));
    frames->ids = malloc(sizeof *frames->ids * (size_t)(n > 0 ? n : 1));
    if (states == NULL || frames->ids == NULL ||
        ccl_world_export(world, states, n, &got) != CCL_OK) {
        free(states);
        fputs("circol gas: --xyz: out of memory\n", stderr);
        return false;
    }
    for (int i = 0; i < got; i++) {
        frames->ids[i] = states[i].id;
    }
    free(states);
    frames->count = got;
    frames->path = path;
    frames->every = every;
    frames->side = side;
    frames->written = 0;
    frames->file = ccl_cli_open_output(path, "--xyz");
    return frames->file != NULL && ccl_cli_gas_frames_write(frames, world);
}

double ccl_cli_gas_frames_horizon(const ccl_cli_gas_frames *frames, const ccl_world *world) {
    if (frames->file == NULL) {
        return CCL_CLI_GAS_NO_HORIZON;
    }
    double dt = (double)frames->written * frames->every - ccl_world_time(world);
    return dt > 0.0 ? dt : 0.0;
}

bool ccl_cli_gas_frames_write(ccl_cli_gas_frames *frames, const ccl_world *world) {
    if (!ccl_cli_xyz_write_frame(frames->file, world, frames->ids, frames->count, ccl_v2(0.0, 0.0),
                                 ccl_v2(frames->side, frames->side), true)) {
        fprintf(stderr, "circol gas: --xyz: error writing '%s'\n", frames->path);
        return false;
    }
    frames->written++;
    return true;
}

bool ccl_cli_gas_frames_close(ccl_cli_gas_frames *frames) {
    bool ok = true;
    if (frames->file != NULL) {
        ok = ccl_cli_close_output(frames->file, frames->path, "--xyz", 0);
    }
    frames->file = NULL;
    free(frames->ids);
    frames->ids = NULL;
    return ok;
}
