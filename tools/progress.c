/* circol CLI: progress bar and Ctrl-C. */
#include "progress.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/// Seconds in a year: longer estimates of the time left are not printed as numbers.
#define CCL_CLI_PROGRESS_YEAR (365.25 * 24.0 * 3600.0)

/// Set by the SIGINT handler.
static volatile sig_atomic_t ccl_cli_interrupt_flag = 0;

/// The SIGINT handler: note the request; the default action is back for a second Ctrl-C.
static void ccl_cli_on_interrupt(int signal_number) {
    (void)signal_number;
    ccl_cli_interrupt_flag = 1;
}

double ccl_cli_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

void ccl_cli_interrupt_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = ccl_cli_on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &action, NULL);
}

bool ccl_cli_interrupted(void) {
    return ccl_cli_interrupt_flag != 0;
}

void ccl_cli_progress_start(ccl_cli_progress *progress) {
    memset(progress, 0, sizeof *progress);
    progress->start = ccl_cli_seconds();
    const char *force = getenv("CIRCOL_PROGRESS");
    if (force != NULL && force[0] != '\0') {
        progress->enabled = strcmp(force, "0") != 0;
    } else {
        progress->enabled = isatty(STDERR_FILENO) != 0;
    }
}

/// Writes the estimate of the time left after elapsed seconds for fraction done, bounded in
/// length: a huge target (until 1e300) would otherwise print hundreds of digits.
static void ccl_cli_progress_left(double elapsed, double fraction, char *text, size_t size) {
    double left = fraction > 0.0 ? elapsed * (1.0 - fraction) / fraction : INFINITY;
    if (!(left <= CCL_CLI_PROGRESS_YEAR)) {
        snprintf(text, size, "more than a year left");
    } else {
        snprintf(text, size, "about %.0f s left", left);
    }
}

void ccl_cli_progress_show(ccl_cli_progress *progress, double fraction, const char *detail) {
    if (!progress->enabled) {
        return;
    }
    double now = ccl_cli_seconds();
    if (now - progress->start < 1.0 || now - progress->last_draw < 0.1) {
        return;
    }
    progress->last_draw = now;
    fraction = fraction < 0.0 ? 0.0 : fraction > 1.0 ? 1.0 : fraction;
    enum { width = 30 };
    char bar[width + 1];
    int filled = (int)(fraction * width);
    for (int k = 0; k < width; k++) {
        bar[k] = k < filled ? '#' : '-';
    }
    bar[width] = '\0';
    double elapsed = now - progress->start;
    char left[48];
    ccl_cli_progress_left(elapsed, fraction, left, sizeof left);
    fprintf(stderr, "\r[%s] %5.1f%%  %s  %.0f s, %s  \033[K", bar, 100.0 * fraction,
            detail != NULL ? detail : "", elapsed, left);
    fflush(stderr);
    progress->drawn = true;
}

void ccl_cli_progress_finish(ccl_cli_progress *progress) {
    if (progress->drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        progress->drawn = false;
    }
}
