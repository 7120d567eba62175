/* circol CLI: `circol resume FILE`: goes on with a run from its checkpoint, with the outputs of
 * `circol run`. The world continues with the same events, bit for bit, as the run that was never
 * interrupted. */
#include "resume.h"

#include <stdio.h>
#include <string.h>

#include "options.h"
#include "progress.h"
#include "report.h"
#include "run_internal.h"
#include "scene.h"

void ccl_cli_resume_usage(void *out) {
    fputs("usage: circol resume FILE [--until T] [--json] [--state] [--svg FILE]\n"
          "                  [--trace FILE.csv] [--colour speed|species]\n"
          "                  [--trails last|all|none] [--frames DIR --every DT]\n"
          "                  [--xyz FILE --every DT] [--checkpoint FILE --every DT]\n"
          "Goes on with the run whose checkpoint FILE is (written by circol run --checkpoint):\n"
          "the same events, bit for bit, as the run that was never interrupted.\n"
          "  --until T         run until T of simulated time from the run's start (default:\n"
          "                    the interrupted run's own end)\n"
          "  --checkpoint FILE with --every DT: go on writing checkpoints (FILE may be the one\n"
          "                    resumed from)\n"
          "  other options     as for circol run (see circol help run); outputs cover the\n"
          "                    resumed part of the run\n",
          (FILE *)out);
}

int ccl_cli_resume_main(int argc, char **argv) {
    ccl_cli_run run = {0};
    int code;
    if (!ccl_cli_run_options_begin(argc, argv, "resume", ccl_cli_resume_usage, &run.options,
                                   &code)) {
        return code;
    }
    const char *path = run.options.scene_path;
    if (path == NULL || strcmp(path, "-") == 0) {
        fprintf(stderr, "circol resume: %s (see circol resume --help)\n",
                path == NULL ? "missing the checkpoint FILE" : "-: a checkpoint must be a file");
        return CCL_CLI_EXIT_USAGE;
    }
    ccl_cli_interrupt_install();
    double until = 0.0;
    code = ccl_cli_checkpoint_read(&run, path, &until);
    if (code == CCL_CLI_EXIT_OK) {
        until = run.options.has_until ? run.options.until : until;
        /* the checkpoint itself may be written again: it has been read whole */
        code = ccl_cli_run_go(&run, until, path, false);
    }
    ccl_cli_run_free(&run);
    return code;
}
