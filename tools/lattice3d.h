/* circol CLI: the initial state of the hard-sphere gas: spheres of diameter 1 on a face-centred
 * cubic lattice in a periodic cube at a given packing fraction, random velocities at kT = 1. */
#ifndef CIRCOL_CLI_LATTICE3D_H
#define CIRCOL_CLI_LATTICE3D_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <circol/math.h>

/// A gas's lattice: cells^3 cubic cells of four sites each.
typedef struct ccl_cli_lattice3 {
    double side; ///< Box side: the n spheres fill the fraction eta of side^3.
    int cells;   ///< Cubic cells per axis.
} ccl_cli_lattice3;

/// Chooses the lattice for n spheres of diameter 1 at packing fraction eta. False (with a message
/// in error) when its sites would not keep the spheres apart.
bool ccl_cli_lattice3_choose(int n, double eta, ccl_cli_lattice3 *lattice, char *error,
                             size_t error_size);

/// Writes n positions in [0, side)^3 spread over the sites, and n velocities with zero total
/// momentum and sum |v|^2 / 2 = 3 n kT / 2 (mass 1, kT = 1), drawn from seed.
void ccl_cli_lattice3_fill(const ccl_cli_lattice3 *lattice, int n, uint64_t seed,
                           ccl_vec3 *positions, ccl_vec3 *velocities);

#endif
