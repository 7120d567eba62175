/* circol CLI: gas set-up on a shifted rectangular lattice (hexagonal when the box allows). */
#include "lattice.h"

#include <math.h>
#include <stdio.h>

#include "periodic.h"

/// Pi, spelled out (M_PI is not C17).
#define CCL_CLI_PI 3.14159265358979323846

/// Smallest centre distance between the sites of a lattice with column spacing ax and row
/// spacing ay (rows even), periodic images included: along a row (or to the own image when there
/// is one column) ax, to the shifted next row, and two rows up (or the own image when there are
/// two rows) 2 ay.
static double ccl_cli_lattice_spacing(double ax, double ay) {
    return fmin(fmin(ax, sqrt(0.25 * ax * ax + ay * ay)), 2.0 * ay);
}

/// The side of the square box in which n disks whose squared diameters average mean_square fill
/// the fraction eta.
static double ccl_cli_lattice_side(int n, double eta, double mean_square) {
    return sqrt((double)n * CCL_CLI_PI * mean_square / (4.0 * eta));
}

bool ccl_cli_lattice_choose(int n, double eta, ccl_cli_lattice *lattice, char *error,
                            size_t error_size) {
    return ccl_cli_lattice_choose_sizes(n, eta, 1.0, 1.0, lattice, error, error_size);
}

bool ccl_cli_lattice_choose_sizes(int n, double eta, double mean_square, double largest,
                                  ccl_cli_lattice *lattice, char *error, size_t error_size) {
    if (n < 2) {
        snprintf(error, error_size, "--n: need at least 2 disks, got %d", n);
        return false;
    }
    if (!(eta > 0.0 && eta < CCL_CLI_ETA_CLOSE_PACKED)) {
        snprintf(error, error_size, "--eta: need 0 < eta < %.4f (close packing), got %g",
                 CCL_CLI_ETA_CLOSE_PACKED, eta);
        return false;
    }
    double side = ccl_cli_lattice_side(n, eta, mean_square);
    if (!ccl_cli_periodic_fits(0.5 * largest, side)) {
        int fewest = n;
        while (
            !ccl_cli_periodic_fits(0.5 * largest, ccl_cli_lattice_side(fewest, eta, mean_square))) {
            fewest++; /* at most 11 at close packing of equal disks */
        }
        /* the densest eta for n disks, rounded down to 4 decimals */
        double min_side = ccl_cli_periodic_min_side(0.5 * largest);
        double densest =
            floor(1e4 * n * CCL_CLI_PI * mean_square / (4.0 * min_side * min_side)) / 1e4;
        snprintf(error, error_size,
                 "--n: %d disks at --eta %g need a periodic box %.10g wide, but a disk needs the "
                 "box at least 3 diameters wide: use --n %d or more, or --eta %.4f or less",
                 n, eta, side, fewest, densest);
        return false;
    }
    ccl_cli_lattice best = {side, 0, 0, 0.0};
    for (int rows = 2; rows <= 2 * n; rows += 2) {
        int columns = (n + rows - 1) / rows;
        double d = ccl_cli_lattice_spacing(side / columns, side / rows);
        if (d > best.min_distance) {
            best = (ccl_cli_lattice){side, columns, rows, d};
        }
        if (columns == 1) {
            break;
        }
    }
    /* a margin so that the world, which counts touching as contact, sees no overlap */
    if (!(best.min_distance > largest * (1.0 + 1e-9))) {
        snprintf(error, error_size,
                 "--eta: %g is too dense to place %d disks on a lattice in a square box "
                 "(closest sites %.6f apart, diameter %g); lower it or change --n",
                 eta, n, best.min_distance, largest);
        return false;
    }
    *lattice = best;
    return true;
}

uint64_t ccl_cli_random_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/// A uniform number in (0, 1].
static double ccl_cli_random_unit(uint64_t *state) {
    return (double)((ccl_cli_random_next(state) >> 11) + 1) * 0x1.0p-53;
}

double ccl_cli_random_normal(uint64_t *state) {
    double u = ccl_cli_random_unit(state), v = ccl_cli_random_unit(state);
    return sqrt(-2.0 * log(u)) * cos(2.0 * CCL_CLI_PI * v);
}

void ccl_cli_lattice_fill(const ccl_cli_lattice *lattice, int n, uint64_t seed, ccl_vec2 *positions,
                          ccl_vec2 *velocities) {
    int sites = lattice->columns * lattice->rows;
    double ax = lattice->side / lattice->columns, ay = lattice->side / lattice->rows;
    for (int k = 0; k < n; k++) {
        /* spread the n disks evenly over the sites when some stay empty */
        int site = (int)((int64_t)k * sites / n);
        int row = site / lattice->columns, column = site % lattice->columns;
        double shift = (row % 2) ? 0.5 * ax : 0.0;
        positions[k] = ccl_v2((column + 0.25) * ax + shift, (row + 0.5) * ay);
        if (positions[k].x >= lattice->side) {
            positions[k].x -= lattice->side;
        }
    }
    uint64_t state = seed;
    ccl_vec2 mean = {0.0, 0.0};
    for (int k = 0; k < n; k++) {
        velocities[k] = ccl_v2(ccl_cli_random_normal(&state), ccl_cli_random_normal(&state));
        mean = ccl_add(mean, velocities[k]);
    }
    mean = ccl_scale(mean, 1.0 / n);
    double kinetic = 0.0;
    for (int k = 0; k < n; k++) {
        velocities[k] = ccl_sub(velocities[k], mean);
        kinetic += 0.5 * ccl_dot(velocities[k], velocities[k]);
    }
    double factor = sqrt((double)n / kinetic); /* kinetic energy n kT with kT = 1 */
    for (int k = 0; k < n; k++) {
        velocities[k] = ccl_scale(velocities[k], factor);
    }
}

double ccl_cli_maxwell_density(double v, void *user) {
    double kT = *(const double *)user;
    return v / kT * exp(-v * v / (2.0 * kT));
}

double ccl_cli_maxwell_mass(double a, double b, double kT) {
    return exp(-a * a / (2.0 * kT)) - (isinf(b) ? 0.0 : exp(-b * b / (2.0 * kT)));
}
