/* circol CLI: what `circol jam` holds, shared by its run (jam.c) and its contacts and picture
 * (jam_contacts.c). */
#ifndef CIRCOL_CLI_JAM_INTERNAL_H
#define CIRCOL_CLI_JAM_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <circol/circol.h>

#include "lattice.h"
#include "options.h"
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
    ccl_cli_lattice lattice;
    ccl_world *world;
    ccl_circle_state *states; ///< the disks, as last exported
    int *contacts;            ///< each disk's contacts with disks that are not rattlers
    double phi, pressure;     ///< the packing fraction now; the reduced pressure of the last round
    uint64_t collisions, rescales, rounds;
    const char *stop; ///< why the compression stopped: "pressure", "stalled" or "interrupted"
    double seconds;   ///< wall time inside the library's advances
    ccl_cli_progress progress;
    int rattlers;         ///< disks with fewer than 3 contacts, found again and again
    double mean_contacts; ///< over the other disks
} ccl_cli_jam;

/// Counts each disk's contacts (jam->states as exported last), finds the rattlers and the mean
/// contact number. False when out of memory.
bool ccl_cli_jam_contacts(ccl_cli_jam *jam);

/// Writes the packing coloured by contact number to --svg. False on an error (reported).
bool ccl_cli_jam_svg(const ccl_cli_jam *jam);

#endif
