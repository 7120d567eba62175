/* circol CLI: `circol jam`: compression of a periodic hard-disk gas to jamming by growing radii. */
#ifndef CIRCOL_CLI_JAM_H
#define CIRCOL_CLI_JAM_H

/// Runs `circol jam` with the arguments after the command; returns the exit status.
int ccl_cli_jam_main(int argc, char **argv);

/// Prints the usage of `circol jam` on out (a FILE *).
void ccl_cli_jam_usage(void *out);

#endif
