/* circol CLI: `circol run` on a scene file with "dim": 3, a world of spheres. */
#ifndef CIRCOL_CLI_RUN3D_H
#define CIRCOL_CLI_RUN3D_H

#include <stdbool.h>

#include "options.h"

/// True when the scene file at path (NULL: the bundled scene, which is 2D) says "dim": 3 near its
/// start (the first 4096 bytes hold its top-level "dim" key).
bool ccl_cli_run3d_wanted(const char *path);

/// Runs the 3D scene of options->scene_path; returns the exit status. The options that draw
/// (frames, pictures, trails, XYZ) are for 2D scenes only.
int ccl_cli_run3d_main(const ccl_cli_run_options *options);

#endif
