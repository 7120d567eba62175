/* circol CLI: trajectories as extended XYZ (the format OVITO and ASE read), one frame at a time,
 * so that memory stays bounded however many frames a run writes. */
#ifndef CIRCOL_CLI_XYZ_H
#define CIRCOL_CLI_XYZ_H

#include <stdbool.h>
#include <stdio.h>

#include <circol/world.h>

/// Writes one frame of the circles ids[0..count) (stale ones are left out) at the world's time:
/// the count line, a comment line with Lattice= (the box, a unit third vector), Origin=,
/// Properties=, Time= and pbc=, and one line per circle: species, position (z = 0), radius,
/// velocity (z = 0), unwrapped position (z = 0). False on a write error.
bool ccl_cli_xyz_write_frame(FILE *file, const ccl_world *world, const ccl_circle_id *ids,
                             int count, ccl_vec2 box_min, ccl_vec2 box_max, bool periodic);

#endif
