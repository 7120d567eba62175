/* circol CLI: the library's rule for the size of a periodic box, checked by the tool before it
 * asks the library, so that a refusal comes with the file's line and column (scenes) or names the
 * option (the gas). */
#ifndef CIRCOL_CLI_PERIODIC_H
#define CIRCOL_CLI_PERIODIC_H

#include <stdbool.h>

/// The library's grid cells are this much (relative) wider than the largest diameter.
#define CCL_CLI_CELL_MARGIN 1e-9

/// Whether a circle of radius fits a periodic box side of length side, as the library decides
/// it: the side must hold three grid cells of one diameter times 1 + CCL_CLI_CELL_MARGIN.
static inline bool ccl_cli_periodic_fits(double radius, double side) {
    /* the library's expression, operation for operation, so that the rounding agrees */
    return !(3.0 * (2.0 * radius * (1.0 + CCL_CLI_CELL_MARGIN)) > side);
}

/// The smallest periodic box side that the library accepts for a circle of radius: it fits
/// exactly when the side is at least this.
static inline double ccl_cli_periodic_min_side(double radius) {
    return 3.0 * (2.0 * radius * (1.0 + CCL_CLI_CELL_MARGIN));
}

#endif
