/* circol CLI: the library's rule for the size of a periodic box, found by asking the library, so
 * that the gas can name the option and the smallest size it would accept. */
#ifndef CIRCOL_CLI_PERIODIC_H
#define CIRCOL_CLI_PERIODIC_H

#include <stdbool.h>

/// Whether the library accepts a circle of radius in a square periodic box of side side (it
/// wants three grid cells of at least one diameter, plus its margin, across each side).
bool ccl_cli_periodic_fits(double radius, double side);

/// The smallest periodic box side that the library accepts for a circle of radius (> 0): it
/// fits exactly when the side is at least this.
double ccl_cli_periodic_min_side(double radius);

#endif
