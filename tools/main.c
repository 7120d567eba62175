/* circol: the command-line tool. `circol run` runs a scene, `circol gas` the hard-disk gas,
 * `circol jam` compresses it to jamming.
 * Exit status: 0 success, 1 simulation error, 2 bad usage or bad input, 130 after Ctrl-C. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gas.h"
#include "jam.h"
#include "report.h"
#include "resume.h"
#include "run.h"

/// Prints the overall usage on out.
static void ccl_cli_usage(FILE *out) {
    fputs("usage: circol run [SCENE.json] [--until T] [--json] [--state] [--svg FILE]\n"
          "                  [--trace FILE.csv] [--colour speed|species]\n"
          "                  [--trails last|all|none] [--frames DIR --every DT]\n"
          "                  [--xyz FILE --every DT] [--checkpoint FILE --every DT]\n"
          "       circol resume FILE [--until T] [the outputs of run]\n"
          "       circol gas [--n N] [--eta ETA] [--collisions K] [--seed S] [--json]\n"
          "                  [--svg FILE] [--equilibrate C] [--blocks B] [--cell-size S]\n"
          "                  [--bidisperse] [--gr FILE] [--xyz FILE --every DT]\n"
          "                  [--dim 3]\n"
          "       circol jam [--n N] [--bidisperse] [--growth G] [--max-pressure P]\n"
          "                  [--seed S] [--json] [--svg FILE]\n"
          "       circol help [run|resume|gas|jam]\n"
          "       circol --version\n"
          "Exact collisions of moving circles. Without a command, circol runs (circol\n"
          "--svg out.svg is circol run --svg out.svg). Exit status: 0 success, 1 simulation\n"
          "error, 2 bad usage or bad input, 130 interrupted by Ctrl-C (summary printed).\n",
          out);
}

/// Runs `circol help [TOPIC]` (args: the arguments after it). Returns an exit status.
static int ccl_cli_help(int argc, char **argv) {
    if (argc == 0) {
        ccl_cli_usage(stdout);
    } else if (argc > 1) {
        fprintf(stderr, "circol help: %s: unexpected argument (expected one command)\n", argv[1]);
        return CCL_CLI_EXIT_USAGE;
    } else if (strcmp(argv[0], "run") == 0) {
        ccl_cli_run_usage(stdout);
    } else if (strcmp(argv[0], "gas") == 0) {
        ccl_cli_gas_usage(stdout);
    } else if (strcmp(argv[0], "jam") == 0) {
        ccl_cli_jam_usage(stdout);
    } else if (strcmp(argv[0], "resume") == 0) {
        ccl_cli_resume_usage(stdout);
    } else {
        fprintf(stderr,
                "circol help: %s: unknown command (commands: run, resume, gas, jam, help)\n",
                argv[0]);
        return CCL_CLI_EXIT_USAGE;
    }
    return CCL_CLI_EXIT_OK;
}

/// Runs the command argv names. Returns an exit status.
static int ccl_cli_dispatch(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "gas") == 0) {
        return ccl_cli_gas_main(argc - 2, argv + 2);
    }
    if (argc >= 2 && strcmp(argv[1], "jam") == 0) {
        return ccl_cli_jam_main(argc - 2, argv + 2);
    }
    if (argc >= 2 && strcmp(argv[1], "run") == 0) {
        return ccl_cli_run_main(argc - 2, argv + 2);
    }
    if (argc >= 2 && strcmp(argv[1], "resume") == 0) {
        return ccl_cli_resume_main(argc - 2, argv + 2);
    }
    if (argc >= 2 && (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 ||
                      strcmp(argv[1], "-h") == 0)) {
        return ccl_cli_help(argc - 2, argv + 2);
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        if (argc > 2) {
            fprintf(stderr, "circol --version: %s: unexpected argument (it takes none)\n", argv[2]);
            return CCL_CLI_EXIT_USAGE;
        }
        puts("circol " CIRCOL_CLI_VERSION);
        return CCL_CLI_EXIT_OK;
    }
    /* no command: a scene file or options mean `run` */
    if (argc < 2 || argv[1][0] == '-' || strstr(argv[1], ".json") != NULL) {
        return ccl_cli_run_main(argc - 1, argv + 1);
    }
    /* a scene file whose name lacks ".json" is not taken for one: say how to run it */
    if (access(argv[1], F_OK) == 0) {
        fprintf(stderr,
                "circol: %s: unknown command (expected run, resume, gas or jam); to run it as a "
                "scene file: "
                "circol run %s\n",
                argv[1], argv[1]);
        return CCL_CLI_EXIT_USAGE;
    }
    fprintf(stderr,
            "circol: %s: unknown command (expected run, resume, gas or jam; see circol --help)\n",
            argv[1]);
    return CCL_CLI_EXIT_USAGE;
}

int main(int argc, char **argv) {
    int code = ccl_cli_dispatch(argc, argv);
    /* every command: output that could not be written is an error, also for help and --version */
    if (!ccl_cli_finish_stdout() && code == CCL_CLI_EXIT_OK) {
        code = CCL_CLI_EXIT_SIMULATION;
    }
    return code;
}
