/* circol CLI: pictures of a running world: its circles as drawn, and numbered PNG frames. */
#ifndef CIRCOL_CLI_FRAMES_H
#define CIRCOL_CLI_FRAMES_H

#include <stdbool.h>

#include <circol/circol.h>

#include "svg.h"

/// Frames one run writes at most.
#define CCL_CLI_MAX_FRAMES 100000

/// Pixels across the longer side of the box in a frame.
#define CCL_CLI_FRAME_SIZE 800

/// The circles ids[0..count) of world as drawn (NULL when out of memory; free it).
ccl_cli_svg_circle *ccl_cli_picture_circles(const ccl_world *world, const ccl_circle_id *ids,
                                            int count);

/// Makes folder dir for frames unless it exists. False with a message on standard error.
bool ccl_cli_frames_prepare(const char *dir);

/// Writes picture as dir/frame-NNNNN.png (index, five digits at least). False with a message on
/// standard error.
bool ccl_cli_frame_write(const char *dir, int index, const ccl_cli_svg_picture *picture);

#endif
