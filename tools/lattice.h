/* circol CLI: the initial state of the hard-disk gas: disks of diameter 1 on a lattice in a
 * periodic square box at a given packing fraction, random velocities at kT = 1. */
#ifndef CIRCOL_CLI_LATTICE_H
#define CIRCOL_CLI_LATTICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <circol/math.h>

/// The largest packing fraction of equal disks (hexagonal close packing), pi / sqrt(12).
#define CCL_CLI_ETA_CLOSE_PACKED 0.90689968211710892

/// A gas's lattice: nx columns by ny rows, odd rows shifted by half a column.
typedef struct ccl_cli_lattice {
    double side;         ///< Box side: the n disks fill the fraction eta of side^2.
    int columns, rows;   ///< Lattice shape (rows even, so the shift is periodic).
    double min_distance; ///< Smallest centre distance between sites, periodic images included.
} ccl_cli_lattice;

/// Chooses the lattice for n disks of diameter 1 at packing fraction eta in (0, 0.9069) whose
/// sites lie farthest apart. False (with a message in error) when none keeps disks apart.
bool ccl_cli_lattice_choose(int n, double eta, ccl_cli_lattice *lattice, char *error,
                            size_t error_size);

/// The same for disks whose squared diameters average mean_square and whose largest diameter is
/// largest: the box holds them at packing fraction eta, and the sites lie at least largest apart.
bool ccl_cli_lattice_choose_sizes(int n, double eta, double mean_square, double largest,
                                  ccl_cli_lattice *lattice, char *error, size_t error_size);

/// Writes n positions in [0, side)^2 spread over the sites, and n velocities with zero total
/// momentum and sum |v|^2 / 2 = n kT (mass 1, kT = 1), drawn from seed.
void ccl_cli_lattice_fill(const ccl_cli_lattice *lattice, int n, uint64_t seed, ccl_vec2 *positions,
                          ccl_vec2 *velocities);

/// The next number of a splitmix64 stream.
uint64_t ccl_cli_random_next(uint64_t *state);

/// A standard normal number from the stream (Box-Muller).
double ccl_cli_random_normal(uint64_t *state);

/// The 2D Maxwell-Boltzmann speed density for mass 1, kT in *user (the velocities drawn here).
double ccl_cli_maxwell_density(double v, void *user);

/// Probability of a speed in [a, b) under the 2D Maxwell-Boltzmann law (b may be INFINITY).
double ccl_cli_maxwell_mass(double a, double b, double kT);

#endif
