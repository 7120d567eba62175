/* circol CLI: what `circol jam` holds, shared by its run (jam.c), its contacts and picture
 * (jam_contacts.c) and its spheres (jam3d.c, --dim 3). */
#ifndef CIRCOL_CLI_JAM_INTERNAL_H
#define CIRCOL_CLI_JAM_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <circol/circol.h>

#include "lattice.h"
#include "lattice3d.h"
#include "options.h"
#include "jam_step.h"
#include "progress.h"

/// Pi (M_PI is not C17).
#define CCL_CLI_JAM_PI 3.14159265358979323846
/// The larger diameter of --bidisperse (the smaller is 1).
#define CCL_CLI_JAM_LARGE 1.4
/// Two disks are in contact when their gap is below this fraction of the sum of their radii.
#define CCL_CLI_JAM_CONTACT_GAP 1e-4
/// Contact numbers told apart by colour in the picture; more share the last colour.
#define CCL_CLI_JAM_COLOURS 8

/// Everything a jam run holds.
typedef struct ccl_cli_jam {
    ccl_cli_jam_options options;
    ccl_cli_lattice lattice;   ///< its side is the box's, in 3D too
    ccl_world *world;          ///< the disks (2D), else NULL
    ccl_circle_state *states;  ///< the disks, as last exported
    ccl_world3d *world3;       ///< the spheres (--dim 3), else NULL
    ccl_sphere_state *spheres; ///< the spheres, as last exported
    int *contacts;             ///< each disk's contacts with disks that are not rattlers
    double phi, pressure;      ///< the packing fraction now; the reduced pressure of the last round
    uint64_t collisions, rescales, rounds;
    const char *stop; ///< why the compression stopped: "pressure", "stalled" or "interrupted"
    double seconds;   ///< wall time inside the library's advances
    ccl_cli_progress progress;
    int rattlers;         ///< with fewer than dim + 1 contacts, found again and again
    double mean_contacts; ///< over the other disks
} ccl_cli_jam;

/// Builds the spheres' gas (--dim 3) at packing fraction eta, its radii growing. Returns an exit
/// status.
int ccl_cli_jam3_build(ccl_cli_jam *jam, double eta);

/// The spheres' packing fraction now (exported into jam->spheres).
double ccl_cli_jam3_phi(ccl_cli_jam *jam);

/// Runs `collisions` sphere collisions from reset statistics.
ccl_cli_jam_step ccl_cli_jam3_advance(ccl_cli_jam *jam, uint64_t collisions);

/// Each sphere's contacts (jam->spheres as exported last), the rattlers (fewer than 4 contacts)
/// and the mean contact number, by every pair. False when out of memory.
bool ccl_cli_jam3_contacts(ccl_cli_jam *jam);

/// Appends neighbour to the contact list (*used of *capacity), doubling it when full. False when
/// out of memory (the list is kept as it was).
bool ccl_cli_jam_list_push(int **list, int *used, int *capacity, int neighbour);

/// Removes rattlers (fewer than `least` contacts with non-rattlers) again and again, given each
/// body's neighbours lists[start[i] .. start[i + 1]); fills jam->contacts, jam->rattlers and
/// jam->mean_contacts. False when out of memory.
bool ccl_cli_jam_rattlers(ccl_cli_jam *jam, const int *start, const int *list, int least);

/// Counts each disk's contacts (jam->states as exported last), finds the rattlers and the mean
/// contact number. False when out of memory.
bool ccl_cli_jam_contacts(ccl_cli_jam *jam);

/// Writes the packing coloured by contact number to --svg. False on an error (reported).
bool ccl_cli_jam_svg(const ccl_cli_jam *jam);

#endif
