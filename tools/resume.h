/* circol CLI: `circol resume`: a run from its checkpoint. */
#ifndef CIRCOL_CLI_RESUME_H
#define CIRCOL_CLI_RESUME_H

/// Runs `circol resume` with the arguments after the command; returns the exit status.
int ccl_cli_resume_main(int argc, char **argv);

/// Prints the usage of `circol resume` on out (a FILE *).
void ccl_cli_resume_usage(void *out);

#endif
