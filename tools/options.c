/* circol CLI: option parsing. Accepts `--name value` and `--name=value`. */
#include "options.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The argument cursor and the error buffer.
typedef struct ccl_cli_args {
    int argc;
    char **argv;
    int at;
    char *error;
    size_t error_size;
} ccl_cli_args;

/// Whether argv[at] is option name (alone, or `name=...`).
static bool ccl_cli_args_is(const ccl_cli_args *args, const char *name) {
    const char *arg = args->argv[args->at];
    size_t length = strlen(name);
    return strncmp(arg, name, length) == 0 && (arg[length] == '\0' || arg[length] == '=');
}

/// The value of the option at the cursor (after '=' or the next argument), moving past it.
static const char *ccl_cli_args_value(ccl_cli_args *args, const char *name) {
    const char *arg = args->argv[args->at];
    const char *equals = strchr(arg, '=');
    if (equals != NULL) {
        return equals + 1;
    }
    if (args->at + 1 >= args->argc) {
        snprintf(args->error, args->error_size, "%s: missing value", name);
        return NULL;
    }
    return args->argv[++args->at];
}

/// Reads a finite number >= min for option name.
static bool ccl_cli_args_number(ccl_cli_args *args, const char *name, double min, bool exclusive,
                                double *out) {
    const char *text = ccl_cli_args_value(args, name);
    if (text == NULL) {
        return false;
    }
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(value) || value < min ||
        (exclusive && value == min)) {
        snprintf(args->error, args->error_size, "%s: expected a number %s %g, got '%s'", name,
                 exclusive ? ">" : ">=", min, text);
        return false;
    }
    *out = value;
    return true;
}

/// Reads a whole number in [min, max] for option name.
static bool ccl_cli_args_integer(ccl_cli_args *args, const char *name, uint64_t min, uint64_t max,
                                 uint64_t *out) {
    const char *text = ccl_cli_args_value(args, name);
    if (text == NULL) {
        return false;
    }
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || text[0] == '-' || value < min || value > max) {
        snprintf(args->error, args->error_size,
                 "%s: expected a whole number from %llu to %llu, got '%s'", name,
                 (unsigned long long)min, (unsigned long long)max, text);
        return false;
    }
    *out = value;
    return true;
}

/// Reads a file name for option name.
static bool ccl_cli_args_file(ccl_cli_args *args, const char *name, const char **out) {
    const char *text = ccl_cli_args_value(args, name);
    if (text == NULL) {
        return false;
    }
    if (text[0] == '\0') {
        snprintf(args->error, args->error_size, "%s: expected a file name", name);
        return false;
    }
    *out = text;
    return true;
}

/// Refuses `--flag=value` for an option that takes no value.
static bool ccl_cli_args_flag(ccl_cli_args *args, const char *name, bool *out) {
    if (strchr(args->argv[args->at], '=') != NULL) {
        snprintf(args->error, args->error_size, "%s: takes no value", name);
        return false;
    }
    *out = true;
    return true;
}

/// Names an unknown option or an unexpected argument.
static bool ccl_cli_args_unknown(ccl_cli_args *args) {
    const char *arg = args->argv[args->at];
    snprintf(args->error, args->error_size, "%s: %s", arg,
             arg[0] == '-' && arg[1] != '\0' ? "unknown option" : "unexpected argument");
    return false;
}

bool ccl_cli_parse_run_options(int argc, char **argv, ccl_cli_run_options *options, char *error,
                               size_t error_size) {
    memset(options, 0, sizeof *options);
    ccl_cli_args args = {argc, argv, 0, error, error_size};
    for (; args.at < argc; args.at++) {
        const char *arg = argv[args.at];
        bool ok;
        if (ccl_cli_args_is(&args, "--until")) {
            ok = ccl_cli_args_number(&args, "--until", 0.0, false, &options->until);
            options->has_until = true;
        } else if (ccl_cli_args_is(&args, "--json")) {
            ok = ccl_cli_args_flag(&args, "--json", &options->json);
        } else if (ccl_cli_args_is(&args, "--state")) {
            ok = ccl_cli_args_flag(&args, "--state", &options->state);
        } else if (ccl_cli_args_is(&args, "--svg")) {
            ok = ccl_cli_args_file(&args, "--svg", &options->svg_path);
        } else if (ccl_cli_args_is(&args, "--trace")) {
            ok = ccl_cli_args_file(&args, "--trace", &options->trace_path);
        } else if (ccl_cli_args_is(&args, "--help") || strcmp(arg, "-h") == 0) {
            options->help = true;
            ok = true;
        } else if ((arg[0] != '-' || strcmp(arg, "-") == 0) && options->scene_path == NULL) {
            options->scene_path = arg;
            ok = true;
        } else {
            ok = ccl_cli_args_unknown(&args);
        }
        if (!ok) {
            return false;
        }
    }
    return true;
}

bool ccl_cli_parse_gas_options(int argc, char **argv, ccl_cli_gas_options *options, char *error,
                               size_t error_size) {
    memset(options, 0, sizeof *options);
    options->n = 4096;
    options->eta = 0.3;
    options->equilibrate = 10.0;
    options->blocks = 20;
    options->seed = 1;
    bool has_collisions = false;
    ccl_cli_args args = {argc, argv, 0, error, error_size};
    for (; args.at < argc; args.at++) {
        const char *arg = argv[args.at];
        bool ok;
        uint64_t value = 0;
        if (ccl_cli_args_is(&args, "--n")) {
            ok = ccl_cli_args_integer(&args, "--n", 2, 1u << 24, &value);
            options->n = (int)value;
        } else if (ccl_cli_args_is(&args, "--eta")) {
            ok = ccl_cli_args_number(&args, "--eta", 0.0, true, &options->eta);
        } else if (ccl_cli_args_is(&args, "--collisions")) {
            ok = ccl_cli_args_integer(&args, "--collisions", 1, UINT64_C(1) << 50,
                                      &options->collisions);
            has_collisions = true;
        } else if (ccl_cli_args_is(&args, "--equilibrate")) {
            ok = ccl_cli_args_number(&args, "--equilibrate", 0.0, false, &options->equilibrate);
        } else if (ccl_cli_args_is(&args, "--blocks")) {
            ok = ccl_cli_args_integer(&args, "--blocks", 2, 1000, &value);
            options->blocks = (int)value;
        } else if (ccl_cli_args_is(&args, "--seed")) {
            ok = ccl_cli_args_integer(&args, "--seed", 0, UINT64_MAX, &options->seed);
        } else if (ccl_cli_args_is(&args, "--cell-size")) {
            ok = ccl_cli_args_number(&args, "--cell-size", 0.0, false, &options->cell_size);
        } else if (ccl_cli_args_is(&args, "--json")) {
            ok = ccl_cli_args_flag(&args, "--json", &options->json);
        } else if (ccl_cli_args_is(&args, "--svg")) {
            ok = ccl_cli_args_file(&args, "--svg", &options->svg_path);
        } else if (ccl_cli_args_is(&args, "--help") || strcmp(arg, "-h") == 0) {
            options->help = true;
            ok = true;
        } else {
            ok = ccl_cli_args_unknown(&args);
        }
        if (!ok) {
            return false;
        }
    }
    if (!has_collisions) {
        options->collisions = 100 * (uint64_t)options->n;
    }
    if (options->collisions < (uint64_t)options->blocks) {
        snprintf(error, error_size, "--collisions: need at least one per block (--blocks %d)",
                 options->blocks);
        return false;
    }
    if (options->equilibrate > 1e6) {
        snprintf(error, error_size, "--equilibrate: at most 1e6 collisions per disk, got %g",
                 options->equilibrate);
        return false;
    }
    return true;
}
