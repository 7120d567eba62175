/* circol CLI: `circol run`: loads a scene, advances the world, prints the summary. */
#ifndef CIRCOL_CLI_RUN_H
#define CIRCOL_CLI_RUN_H

/// Runs `circol run` with the arguments after the command; returns the exit status.
int ccl_cli_run_main(int argc, char **argv);

/// Prints the usage of `circol run` on out (a FILE *).
void ccl_cli_run_usage(void *out);

#endif
