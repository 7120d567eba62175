/* circol CLI: what the parts of `circol run` share: the state of a run. */
#ifndef CIRCOL_CLI_RUN_INTERNAL_H
#define CIRCOL_CLI_RUN_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <circol/circol.h>

#include "options.h"
#include "progress.h"
#include "scene.h"
#include "trail.h"

/// Everything a run holds.
typedef struct ccl_cli_run {
    ccl_cli_run_options options;
    ccl_cli_scene scene;
    const char *scene_name;
    char scene_label[256]; ///< The scene file's name as messages write it (escaped).
    ccl_world *world;
    int *index_of_slot; ///< Scene index of each world slot (-1: none).
    uint32_t slot_count;
    ccl_circle_id *ids;
    FILE *trace;
    bool trace_failed;
    int trace_errno;            ///< Why the first failed trace write failed.
    ccl_contact_event *pending; ///< Collisions not yet in the trace (during an advance call).
    size_t pending_count, pending_capacity;
    double advance_seconds; ///< Wall time inside ccl_world_advance: the simulation's.
    FILE *svg;              ///< Opened before the run, so a bad path fails early.
    FILE *xyz;              ///< --xyz: the trajectory, or NULL.
    ccl_cli_trails trails;
    bool tracing_trails;
    ccl_cli_progress progress; ///< The progress bar, cleared before a log message.
    int frame_count;           ///< Frames written (--frames, --xyz, --checkpoint).
    double next_frame;         ///< The world time of the next frame.
    double start;              ///< The world time the run started at (before any resume).
    double initial_energy;     ///< The kinetic energy then.
    bool resumed;              ///< Loaded from a checkpoint (`circol resume`).
} ccl_cli_run;

/// The world's definition apart from what the scene sets: the run's callbacks and limits.
ccl_world_def ccl_cli_run_world_def(ccl_cli_run *run);

/// Writes the trace lines of the collisions held since the last call, and forgets them.
void ccl_cli_run_write_trace(ccl_cli_run *run);

/// Runs to start + until with the outputs the options ask for, once the world is there (from a
/// scene, or a checkpoint); input_path is the file read (NULL: standard input), which no output
/// may overwrite, unless builtin (nothing was read). Returns an exit status.
int ccl_cli_run_go(ccl_cli_run *run, double until, const char *input_path, bool builtin);

/// Frees everything a run holds.
void ccl_cli_run_free(ccl_cli_run *run);

/// Writes the checkpoint (--checkpoint) of the run now: to a new file beside it, flushed to disk,
/// then renamed over it, so that a run killed meanwhile keeps the previous one. False on failure
/// (said on standard error).
bool ccl_cli_checkpoint_write(ccl_cli_run *run);

/// Reads the checkpoint at path into run (the world, the scene's box, obstacles and circles, the
/// run's start, length and frames). Returns an exit status: CCL_CLI_EXIT_USAGE with a message
/// naming the file and what is wrong for a file that is not a whole, unchanged checkpoint.
int ccl_cli_checkpoint_read(ccl_cli_run *run, const char *path, double *until);

/// Prints the summary (or the JSON object) of a run to until that started with
/// initial_energy and spent seconds simulating. False on a write error or out of memory.
bool ccl_cli_run_report(const ccl_cli_run *run, double until, double initial_energy, double seconds,
                        bool interrupted);

#endif
