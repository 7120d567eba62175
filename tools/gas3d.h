/* circol CLI: `circol gas --dim 3`: the periodic hard-sphere gas, its equation of state and its
 * speeds. */
#ifndef CIRCOL_CLI_GAS3D_H
#define CIRCOL_CLI_GAS3D_H

#include "options.h"

/// Runs the gas of spheres with the options of `circol gas`; returns the exit status.
int ccl_cli_gas3d_main(const ccl_cli_gas_options *options);

#endif
