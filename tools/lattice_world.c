/* circol CLI: a world of disks set out on a gas's lattice. */
#include "lattice_world.h"

#include <stdio.h>
#include <stdlib.h>

bool ccl_cli_lattice_add_disks(ccl_world *world, const ccl_cli_lattice *lattice, int n,
                               uint64_t seed, ccl_cli_disk_radius_fn *radius, const void *user,
                               const char *command, ccl_status *status) {
    ccl_vec2 *positions = malloc((size_t)n * sizeof *positions);
    ccl_vec2 *velocities = malloc((size_t)n * sizeof *velocities);
    if (positions == NULL || velocities == NULL) {
        free(positions);
        free(velocities);
        fprintf(stderr, "circol %s: out of memory\n", command);
        return false;
    }
    ccl_cli_lattice_fill(lattice, n, seed, positions, velocities);
    for (int i = 0; i < n && *status == CCL_OK; i++) {
        ccl_circle_def disk = ccl_circle_default_def();
        disk.position = positions[i];
        disk.velocity = velocities[i];
        disk.radius = radius(i, user);
        disk.mass = 1.0;
        *status = ccl_world_add_circle(world, &disk, NULL);
    }
    free(positions);
    free(velocities);
    return true;
}
