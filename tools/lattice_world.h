/* circol CLI: a world of disks set out on a gas's lattice (lattice.h), for gas and jam. */
#ifndef CIRCOL_CLI_LATTICE_WORLD_H
#define CIRCOL_CLI_LATTICE_WORLD_H

#include <stdbool.h>
#include <stdint.h>

#include <circol/circol.h>

#include "lattice.h"

/// The radius of disk i; user is what the caller passed along.
typedef double ccl_cli_disk_radius_fn(int i, const void *user);

/// Adds n disks of mass 1 to world at the positions and velocities that ccl_cli_lattice_fill
/// draws from seed, disk i of radius radius(i, user), while *status is CCL_OK (then *status is
/// the first refusal). False when out of memory for the lattice's positions, said on standard
/// error as `circol command: out of memory`.
bool ccl_cli_lattice_add_disks(ccl_world *world, const ccl_cli_lattice *lattice, int n,
                               uint64_t seed, ccl_cli_disk_radius_fn *radius, const void *user,
                               const char *command, ccl_status *status);

#endif
