/* circol CLI: output helpers shared by the commands: the JSON object on standard output, files
 * for pictures and traces, and the exit statuses. */
#ifndef CIRCOL_CLI_REPORT_H
#define CIRCOL_CLI_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include <circol/base.h>
#include <circol/math.h>

/// Exit statuses (the contract): success, simulation error, bad usage or input; and Ctrl-C.
enum {
    CCL_CLI_EXIT_OK = 0,
    CCL_CLI_EXIT_SIMULATION = 1,
    CCL_CLI_EXIT_USAGE = 2,
    CCL_CLI_EXIT_INTERRUPTED = 130,
};

/// one when count is exactly 1, else many: `1 point`, `0 points`, `2 points`, `0.5 points`.
const char *ccl_cli_plural(double count, const char *one, const char *many);

/// Writes value in the shortest of 15, 16 or 17 significant digits that reads back as the same
/// double ("null" when not finite) into buffer (at least 32 bytes).
void ccl_cli_format_number(double value, char *buffer);

/// A JSON number item that reads back as exactly value (null when not finite), or NULL.
cJSON *ccl_cli_json_number(double value);

/// The exit status of setting up the gas of `circol command` (gas or jam), which ended in
/// status: CCL_CLI_EXIT_OK, or CCL_CLI_EXIT_SIMULATION, said on standard error.
int ccl_cli_gas_built(const char *command, ccl_status status);

/// The exit status of a command at its end: ok whether every output was written, interrupted
/// whether Ctrl-C stopped it early (said on standard error).
int ccl_cli_exit_status(bool ok, bool interrupted);

/// Adds value under name, exactly (see ccl_cli_json_number). False when out of memory.
bool ccl_cli_json_add_number(cJSON *object, const char *name, double value);

/// A JSON object of count numbers, values[k] under names[k], each exactly (see
/// ccl_cli_json_number). NULL when out of memory.
cJSON *ccl_cli_json_numbers(const char *const *names, const double *values, size_t count);

/// Adds [v.x, v.y] under name, exactly. False when out of memory.
bool ccl_cli_json_add_vec2(cJSON *object, const char *name, ccl_vec2 v);

/// Prints object on standard output as one JSON document and frees it. False when out of
/// memory or on a write error.
bool ccl_cli_json_print(cJSON *object);

/// Flushes standard output, remembering the reason of its first write error for
/// ccl_cli_finish_stdout. False when a write on standard output has failed.
bool ccl_cli_flush_stdout(void);

/// Flushes and closes standard output before exit. On a write error (now or earlier) prints
/// `circol: error writing standard output: <reason>` on standard error and returns false.
bool ccl_cli_finish_stdout(void);

/// Opens path for writing for option (named in the message on failure). NULL on failure.
FILE *ccl_cli_open_output(const char *path, const char *option);

/// True when path names an existing regular file that other also names (NULL: the file open as
/// standard input). A device such as /dev/null is never the same file.
bool ccl_cli_is_same_file(const char *path, const char *other);

/// Opens path for writing as ccl_cli_open_output does and closes it again, so that a command
/// fails early, before it simulates, on a path it cannot write. True for a NULL path.
bool ccl_cli_probe_output(const char *path, const char *option);

/// Closes a file from ccl_cli_open_output, reporting a write error as `circol: OPTION: error
/// writing 'PATH': REASON` (earlier: the errno of a write that failed before, or 0). False on
/// error.
bool ccl_cli_close_output(FILE *file, const char *path, const char *option, int earlier);

#endif
