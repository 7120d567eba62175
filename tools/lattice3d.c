/* circol CLI: the hard-sphere gas's lattice (lattice3d.h). */
#include "lattice3d.h"

#include <math.h>
#include <stdio.h>

#include "lattice.h"

/// Pi (M_PI is not C17).
#define CCL_CLI_LATTICE3_PI 3.14159265358979323846

bool ccl_cli_lattice3_choose(int n, double eta, ccl_cli_lattice3 *lattice, char *error,
                             size_t error_size) {
    if (!(eta > 0.0 && eta < 0.74)) {
        snprintf(error, error_size, "--eta: spheres need a packing fraction in (0, 0.74), got %g",
                 eta);
        return false;
    }
    lattice->side = cbrt(n * CCL_CLI_LATTICE3_PI / (6.0 * eta));
    int cells = 1;
    while (4 * cells * cells * cells < n) {
        cells++;
    }
    lattice->cells = cells;
    /* the nearest sites of a face-centred cubic lattice are a cell's edge over sqrt(2) apart */
    double nearest = lattice->side / cells / sqrt(2.0);
    if (!(nearest > 1.0 + 1e-9)) {
        snprintf(error, error_size,
                 "--eta %g: %d spheres do not fit a face-centred cubic lattice of %d sites apart",
                 eta, n, 4 * cells * cells * cells);
        return false;
    }
    return true;
}

void ccl_cli_lattice3_fill(const ccl_cli_lattice3 *lattice, int n, uint64_t seed,
                           ccl_vec3 *positions, ccl_vec3 *velocities) {
    static const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
    int cells = lattice->cells;
    int64_t sites = 4 * (int64_t)cells * cells * cells;
    double a = lattice->side / cells;
    for (int k = 0; k < n; k++) {
        int64_t site = (int64_t)k * sites / n; /* spread over the sites when some stay empty */
        int cell = (int)(site / 4);
        const double *b = basis[site % 4];
        double x = cell % cells, y = cell / cells % cells, z = cell / (cells * cells);
        positions[k] = ccl_v3((x + b[0] + 0.25) * a, (y + b[1] + 0.25) * a, (z + b[2] + 0.25) * a);
    }
    uint64_t state = seed;
    ccl_vec3 mean = {0.0, 0.0, 0.0};
    for (int k = 0; k < n; k++) {
        double x = ccl_cli_random_normal(&state), y = ccl_cli_random_normal(&state);
        velocities[k] = ccl_v3(x, y, ccl_cli_random_normal(&state));
        mean = ccl_v3(mean.x + velocities[k].x, mean.y + velocities[k].y, mean.z + velocities[k].z);
    }
    double kinetic = 0.0;
    for (int k = 0; k < n; k++) {
        ccl_vec3 *v = &velocities[k];
        *v = ccl_v3(v->x - mean.x / n, v->y - mean.y / n, v->z - mean.z / n);
        kinetic += 0.5 * (v->x * v->x + v->y * v->y + v->z * v->z);
    }
    double factor = sqrt(1.5 * n / kinetic); /* kinetic energy 3 n kT / 2 with kT = 1 */
    for (int k = 0; k < n; k++) {
        velocities[k] =
            ccl_v3(velocities[k].x * factor, velocities[k].y * factor, velocities[k].z * factor);
    }
}
