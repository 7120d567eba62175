/* circol CLI: wall clock, Ctrl-C, and the progress bar on standard error. */
#ifndef CIRCOL_CLI_PROGRESS_H
#define CIRCOL_CLI_PROGRESS_H

#include <stdbool.h>

/// Seconds on a monotonic clock.
double ccl_cli_seconds(void);

/// Installs the Ctrl-C handler: the first Ctrl-C asks the run to stop, a second one kills.
void ccl_cli_interrupt_install(void);

/// Whether Ctrl-C was pressed.
bool ccl_cli_interrupted(void);

/// A progress bar, drawn on standard error when it is a terminal (or CIRCOL_PROGRESS=1; 0
/// disables it) once the run has taken more than a second.
typedef struct ccl_cli_progress {
    double start;     ///< When the run started (ccl_cli_seconds).
    double last_draw; ///< When the bar was last drawn.
    bool enabled;     ///< Whether to draw at all.
    bool drawn;       ///< Whether a bar is on screen.
} ccl_cli_progress;

/// Starts timing a run.
void ccl_cli_progress_start(ccl_cli_progress *progress);

/// Shows fraction (0 to 1) done and a short detail, at most ten times a second.
void ccl_cli_progress_show(ccl_cli_progress *progress, double fraction, const char *detail);

/// Clears the bar.
void ccl_cli_progress_finish(ccl_cli_progress *progress);

#endif
