/* circol CLI: `circol gas`: the periodic hard-disk gas, its equation of state and its speeds. */
#ifndef CIRCOL_CLI_GAS_H
#define CIRCOL_CLI_GAS_H

/// Runs `circol gas` with the arguments after the command; returns the exit status.
int ccl_cli_gas_main(int argc, char **argv);

/// Prints the usage of `circol gas` on out (a FILE *).
void ccl_cli_gas_usage(void *out);

#endif
