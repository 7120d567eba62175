/* circol CLI: `circol jam --dim 3`: the spheres' part of the compression (jam.c runs the rounds
 * and reports). N spheres of mass 1 (diameter 1, or half of them 1.4 with --bidisperse) start on
 * a face-centred cubic lattice (lattice3d.h) in a periodic cube at the starting packing fraction,
 * kT = 1, and every radius grows (ccl_world3d_set_growth_rate). The reduced pressure of a round is
 *   P V / (N kT) = 1 + virial / (3 N kT t)   (3D virial theorem, kT = 2/3 of the mean kinetic
 * energy). Contacts are pairs whose gap is below CCL_CLI_JAM_CONTACT_GAP of the sum of their
 * radii, found by every pair (the world has no region query); rattlers are the spheres left with
 * fewer than 4 contacts (d + 1) after removing such spheres again and again. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "jam_internal.h"
#include "report.h"

int ccl_cli_jam3_build(ccl_cli_jam *jam, double eta) {
    int n = jam->options.n;
    double large = jam->options.bidisperse ? CCL_CLI_JAM_LARGE : 1.0;
    double mean_cube = jam->options.bidisperse ? (1.0 + large * large * large) / 2.0 : 1.0;
    char error[256];
    ccl_cli_lattice3 lattice;
    /* the lattice of spheres of diameter 1 at eta / mean_cube has the box of the mixture at eta */
    if (!ccl_cli_lattice3_choose(n, eta / mean_cube, &lattice, error, sizeof error) ||
        !(lattice.side / lattice.cells / sqrt(2.0) > large)) {
        fprintf(stderr,
                "circol jam: --n %d: the spheres do not fit the face-centred cubic start at phi %g "
                "(too few to fill its cells)\n",
                n, eta);
        return CCL_CLI_EXIT_USAGE;
    }
    jam->lattice.side = lattice.side;
    ccl_vec3 *positions = malloc((size_t)n * sizeof *positions);
    ccl_vec3 *velocities = malloc((size_t)n * sizeof *velocities);
    jam->spheres = malloc((size_t)n * sizeof *jam->spheres);
    jam->contacts = calloc((size_t)n, sizeof *jam->contacts);
    if (positions == NULL || velocities == NULL || jam->spheres == NULL || jam->contacts == NULL) {
        free(positions);
        free(velocities);
        fputs("circol jam: out of memory\n", stderr);
        return CCL_CLI_EXIT_SIMULATION;
    }
    ccl_cli_lattice3_fill(&lattice, n, jam->options.seed, positions, velocities);
    ccl_world3d_def def = ccl_world3d_default_def();
    def.box_max = ccl_v3(lattice.side, lattice.side, lattice.side);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    def.capacity = n;
    ccl_status status = ccl_world3d_create(&def, &jam->world3);
    for (int i = 0; i < n && status == CCL_OK; i++) {
        ccl_sphere_def sphere = ccl_sphere_default_def();
        sphere.position = positions[i];
        sphere.velocity = velocities[i];
        sphere.radius = 0.5 * (jam->options.bidisperse && i % 2 == 1 ? large : 1.0);
        status = ccl_world3d_add_sphere(jam->world3, &sphere, NULL);
    }
    free(positions);
    free(velocities);
    if (status == CCL_OK) {
        status = ccl_world3d_set_growth_rate(jam->world3, jam->options.growth);
    }
    return ccl_cli_gas_built("jam", status);
}

double ccl_cli_jam3_phi(ccl_cli_jam *jam) {
    int count = 0;
    ccl_world3d_export(jam->world3, jam->spheres, jam->options.n, &count);
    double volume = 0.0;
    for (int i = 0; i < count; i++) {
        double r = jam->spheres[i].radius;
        volume += 4.0 / 3.0 * CCL_CLI_JAM_PI * r * r * r;
    }
    double side = jam->lattice.side;
    return volume / (side * side * side);
}

ccl_cli_jam_step ccl_cli_jam3_advance(ccl_cli_jam *jam, uint64_t collisions) {
    ccl_world3d_reset_stats(jam->world3);
    ccl_status status = ccl_world3d_advance_collisions(jam->world3, collisions, INFINITY);
    ccl_world3d_stats stats = ccl_world3d_get_stats(jam->world3);
    return CCL_CLI_JAM_STEP(status, stats);
}

/* Whether spheres i and k are within the contact gap (minimum image). */
static bool ccl_cli_jam3_touch(const ccl_cli_jam *jam, int i, int k) {
    const ccl_sphere_state *a = &jam->spheres[i], *b = &jam->spheres[k];
    double side = jam->lattice.side;
    double d[3] = {b->position.x - a->position.x, b->position.y - a->position.y,
                   b->position.z - a->position.z};
    for (int axis = 0; axis < 3; axis++) {
        d[axis] -= side * nearbyint(d[axis] / side);
    }
    double sum = a->radius + b->radius;
    return sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) - sum <= CCL_CLI_JAM_CONTACT_GAP * sum;
}

bool ccl_cli_jam3_contacts(ccl_cli_jam *jam) {
    int n = jam->options.n, capacity = 8 * n + 64, used = 0;
    int *start = malloc(((size_t)n + 1) * sizeof *start);
    int *list = malloc((size_t)capacity * sizeof *list);
    bool ok = start != NULL && list != NULL;
    for (int i = 0; ok && i < n; i++) {
        start[i] = used;
        for (int k = 0; ok && k < n; k++) {
            if (k == i || !ccl_cli_jam3_touch(jam, i, k)) {
                continue;
            }
            ok = ccl_cli_jam_list_push(&list, &used, &capacity, k);
        }
    }
    if (ok) {
        start[n] = used;
        ok = ccl_cli_jam_rattlers(jam, start, list, 4);
    }
    free(start);
    free(list);
    return ok;
}
