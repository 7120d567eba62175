/* circol CLI: option parsing. Accepts `--name value` and `--name=value`. */
#include "options.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_locate.h"
#include "report.h"
#include "scene.h"

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

/// Whether text is a plain decimal number: an optional sign, digits with at most one decimal
/// point (at least one digit), and an optional exponent (`e` or `E`, an optional sign, digits).
/// Nothing else: no spaces, no hexadecimal, no `inf` or `nan` (strtod takes all of those).
static bool ccl_cli_is_decimal(const char *text) {
    const char *c = text + (*text == '+' || *text == '-');
    int digits = 0;
    while (*c >= '0' && *c <= '9') {
        c++, digits++;
    }
    if (*c == '.') {
        c++;
        while (*c >= '0' && *c <= '9') {
            c++, digits++;
        }
    }
    if (digits == 0) {
        return false;
    }
    if (*c == 'e' || *c == 'E') {
        c++;
        c += *c == '+' || *c == '-';
        if (!(*c >= '0' && *c <= '9')) {
            return false;
        }
        while (*c >= '0' && *c <= '9') {
            c++;
        }
    }
    return *c == '\0';
}

/// Whether text is a plain whole number: an optional sign and decimal digits, nothing else.
static bool ccl_cli_is_whole(const char *text) {
    const char *c = text + (*text == '+' || *text == '-');
    if (!(*c >= '0' && *c <= '9')) {
        return false;
    }
    while (*c >= '0' && *c <= '9') {
        c++;
    }
    return *c == '\0';
}

/// Writes text escaped for a message, with its length when cut short.
static void ccl_cli_args_quote(const char *text, char *out, size_t out_size) {
    size_t length = strlen(text);
    size_t room = out_size > 64 ? out_size - 32 : out_size; /* and the length after it */
    size_t used = ccl_cli_escape_for_message(text, length, out, room);
    if (used >= 3 && strcmp(out + used - 3, "...") == 0 && room < out_size) {
        snprintf(out + used, out_size - used, " (%zu characters)", length);
    }
}

/// Reads a finite plain decimal number >= min (> min when exclusive) for option name. The
/// message says why: not a decimal number, beyond the doubles (overflow), a nonzero number read
/// as zero (underflow), or below the least.
static bool ccl_cli_args_number(ccl_cli_args *args, const char *name, double min, bool exclusive,
                                double *out) {
    const char *text = ccl_cli_args_value(args, name);
    if (text == NULL) {
        return false;
    }
    bool decimal = ccl_cli_is_decimal(text);
    double value = decimal ? strtod(text, NULL) : NAN;
    /* a digit other than 0 before the exponent: the number is not zero */
    const char *digit = strpbrk(text, "123456789");
    bool nonzero = digit != NULL && digit < text + strcspn(text, "eE");
    bool below = value < min || (exclusive && value == min);
    if (decimal && isfinite(value) && !(value == 0.0 && nonzero) && !below) {
        *out = value;
        return true;
    }
    char quoted[96];
    ccl_cli_args_quote(text, quoted, sizeof quoted);
    if (decimal && !isfinite(value)) {
        snprintf(args->error, args->error_size,
                 "%s: '%s' overflows: a number must be at most about 1.8e308", name, quoted);
    } else if (decimal && value == 0.0 && nonzero) {
        snprintf(args->error, args->error_size,
                 "%s: '%s' underflows to zero: a number nearer zero than about 4.9e-324 reads "
                 "as 0",
                 name, quoted);
    } else {
        snprintf(args->error, args->error_size, "%s: expected a decimal number %s %g, got '%s'",
                 name, exclusive ? ">" : ">=", min, quoted);
    }
    return false;
}

/// Reads a plain whole number in [min, max] for option name.
static bool ccl_cli_args_integer(ccl_cli_args *args, const char *name, uint64_t min, uint64_t max,
                                 uint64_t *out) {
    const char *text = ccl_cli_args_value(args, name);
    if (text == NULL) {
        return false;
    }
    bool ok = ccl_cli_is_whole(text) && text[0] != '-';
    unsigned long long value = 0;
    errno = 0;
    if (ok) {
        errno = 0;
        value = strtoull(text, NULL, 10);
        ok = errno == 0 && value >= min && value <= max;
    }
    if (!ok) {
        char quoted[96];
        ccl_cli_args_quote(text, quoted, sizeof quoted);
        snprintf(args->error, args->error_size,
                 "%s: expected a whole number from %llu to %llu, got '%s'%s", name,
                 (unsigned long long)min, (unsigned long long)max, quoted,
                 errno == ERANGE ? " (too large: overflows)" : "");
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

/// Reads one of the words of choices (a NULL-terminated list) for option name: *out is its
/// index.
static bool ccl_cli_args_choice(ccl_cli_args *args, const char *name, const char *const *choices,
                                int *out) {
    const char *text = ccl_cli_args_value(args, name);
    if (text == NULL) {
        return false;
    }
    char list[128] = "";
    for (int k = 0; choices[k] != NULL; k++) {
        if (strcmp(text, choices[k]) == 0) {
            *out = k;
            return true;
        }
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%s", k ? ", " : "", choices[k]);
    }
    char quoted[96];
    ccl_cli_args_quote(text, quoted, sizeof quoted);
    snprintf(args->error, args->error_size, "%s: expected one of %s, got '%s'", name, list, quoted);
    return false;
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
    char quoted[96];
    ccl_cli_args_quote(arg, quoted, sizeof quoted);
    snprintf(args->error, args->error_size, "%s: %s", quoted,
             arg[0] == '-' && arg[1] != '\0' ? "unknown option" : "unexpected argument");
    return false;
}

/// Reads the option of run at the cursor when it is one that names a file or folder: true, with
/// *ok whether it was read, when it is one of them; false when it is not.
static bool ccl_cli_parse_run_file(ccl_cli_args *args, ccl_cli_run_options *options, bool *ok) {
    const struct {
        const char *name;
        const char **path;
    } files[] = {
        {"--svg", &options->svg_path},
        {"--trace", &options->trace_path},
        {"--frames", &options->frames_dir},
        {"--xyz", &options->xyz_path},
        {"--checkpoint", &options->checkpoint_path},
    };
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        if (ccl_cli_args_is(args, files[k].name)) {
            *ok = ccl_cli_args_file(args, files[k].name, files[k].path);
            return true;
        }
    }
    return false;
}

/// Reads the option of run at the cursor.
static bool ccl_cli_parse_run_option(ccl_cli_args *args, ccl_cli_run_options *options) {
    const char *arg = args->argv[args->at];
    bool ok;
    if (ccl_cli_args_is(args, "--until")) {
        ok = ccl_cli_args_number(args, "--until", 0.0, false, &options->until);
        options->has_until = true;
    } else if (ccl_cli_args_is(args, "--json")) {
        ok = ccl_cli_args_flag(args, "--json", &options->json);
    } else if (ccl_cli_args_is(args, "--state")) {
        ok = ccl_cli_args_flag(args, "--state", &options->state);
    } else if (ccl_cli_parse_run_file(args, options, &ok)) {
        /* read, or refused, by the table of file options */
    } else if (ccl_cli_args_is(args, "--colour")) {
        static const char *const colours[] = {"speed", "species", NULL};
        ok = ccl_cli_args_choice(args, "--colour", colours, &options->colour_by);
    } else if (ccl_cli_args_is(args, "--trails")) {
        static const char *const trails[] = {"last", "all", "none", NULL};
        ok = ccl_cli_args_choice(args, "--trails", trails, &options->trail_mode);
    } else if (ccl_cli_args_is(args, "--every")) {
        ok = ccl_cli_args_number(args, "--every", 0.0, true, &options->every);
        options->has_every = true;
    } else if (ccl_cli_args_is(args, "--help") || strcmp(arg, "-h") == 0) {
        options->help = true;
        ok = true;
    } else if ((arg[0] != '-' || strcmp(arg, "-") == 0) && options->scene_path == NULL) {
        options->scene_path = arg;
        ok = true;
    } else {
        ok = ccl_cli_args_unknown(args);
    }
    return ok;
}

bool ccl_cli_parse_run_options(int argc, char **argv, ccl_cli_run_options *options, char *error,
                               size_t error_size) {
    memset(options, 0, sizeof *options);
    ccl_cli_args args = {argc, argv, 0, error, error_size};
    for (; args.at < argc; args.at++) {
        if (!ccl_cli_parse_run_option(&args, options)) {
            return false;
        }
    }
    bool framed = options->frames_dir != NULL || options->xyz_path != NULL ||
                  options->checkpoint_path != NULL;
    if (options->has_every != framed) {
        snprintf(error, error_size, "%s: needs %s too (output every DT of simulated time)",
                 options->has_every            ? "--every"
                 : options->frames_dir != NULL ? "--frames"
                 : options->xyz_path != NULL   ? "--xyz"
                                               : "--checkpoint",
                 options->has_every ? "--frames DIR, --xyz FILE or --checkpoint FILE"
                                    : "--every DT");
        return false;
    }
    return true;
}

bool ccl_cli_options_begin(bool parsed, const char *error, bool help, const char *command,
                           void (*usage)(void *out), int *code) {
    if (!parsed) {
        fprintf(stderr, "circol %s: %s (see circol %s --help)\n", command, error, command);
        *code = CCL_CLI_EXIT_USAGE;
        return false;
    }
    if (help) {
        usage(stdout);
        *code = CCL_CLI_EXIT_OK;
        return false;
    }
    return true;
}

bool ccl_cli_run_options_begin(int argc, char **argv, const char *command, void (*usage)(void *out),
                               ccl_cli_run_options *options, int *code) {
    char error[CCL_CLI_ERROR_SIZE];
    bool parsed = ccl_cli_parse_run_options(argc, argv, options, error, sizeof error);
    return ccl_cli_options_begin(parsed, error, parsed && options->help, command, usage, code);
}

/// Where the options that gas and jam share go, and the bounds of --n, which differ.
typedef struct ccl_cli_sample_options {
    int *n;
    uint64_t n_min, n_max;
    uint64_t *seed;
    bool *bidisperse;
    int *dim;
    bool *json;
    const char **svg_path;
    bool *help;
} ccl_cli_sample_options;

/// The shared options of o, a ccl_cli_gas_options or ccl_cli_jam_options (both name them alike),
/// with --n between n_min and n_max.
#define CCL_CLI_SAMPLE_OPTIONS(o, n_min, n_max)                                                    \
    {                                                                                              \
        &(o)->n, (n_min), (n_max), &(o)->seed, &(o)->bidisperse, &(o)->dim, &(o)->json,            \
            &(o)->svg_path, &(o)->help                                                             \
    }

/* Parses the argument at args->at when it is one of the options gas and jam share (--n, --seed,
 * --bidisperse, --dim, --json, --svg, --help); *ok as the parsers' steps set it. False when it is
 * none of them. */
static bool ccl_cli_sample_option(ccl_cli_args *args, const ccl_cli_sample_options *o, bool *ok) {
    uint64_t value = 0;
    if (ccl_cli_args_is(args, "--n")) {
        *ok = ccl_cli_args_integer(args, "--n", o->n_min, o->n_max, &value);
        *o->n = (int)value;
    } else if (ccl_cli_args_is(args, "--seed")) {
        *ok = ccl_cli_args_integer(args, "--seed", 0, UINT64_MAX, o->seed);
    } else if (ccl_cli_args_is(args, "--bidisperse")) {
        *ok = ccl_cli_args_flag(args, "--bidisperse", o->bidisperse);
    } else if (ccl_cli_args_is(args, "--dim")) {
        *ok = ccl_cli_args_integer(args, "--dim", 2, 3, &value);
        *o->dim = (int)value;
    } else if (ccl_cli_args_is(args, "--json")) {
        *ok = ccl_cli_args_flag(args, "--json", o->json);
    } else if (ccl_cli_args_is(args, "--svg")) {
        *ok = ccl_cli_args_file(args, "--svg", o->svg_path);
    } else if (ccl_cli_args_is(args, "--help") || strcmp(args->argv[args->at], "-h") == 0) {
        *o->help = true;
        *ok = true;
    } else {
        return false;
    }
    return true;
}

/// Parses the argument at args->at when it is one of a sampler's own options, as
/// ccl_cli_sample_option does for the shared ones.
typedef bool (*ccl_cli_own_option)(ccl_cli_args *args, void *options, bool *ok);

/* Reads every argument as one of the sampler's own options (own) or one of the shared ones,
 * refusing any other; false, with the message in error, at the first that is not read. */
static bool ccl_cli_parse_sample(int argc, char **argv, char *error, size_t error_size,
                                 ccl_cli_own_option own, void *options,
                                 const ccl_cli_sample_options *shared) {
    ccl_cli_args args = {argc, argv, 0, error, error_size};
    for (; args.at < argc; args.at++) {
        bool ok;
        if (!own(&args, options, &ok) && !ccl_cli_sample_option(&args, shared, &ok)) {
            ok = ccl_cli_args_unknown(&args);
        }
        if (!ok) {
            return false;
        }
    }
    return true;
}

/// Reads the options of gas that jam does not share.
static bool ccl_cli_gas_option(ccl_cli_args *args, void *target, bool *ok) {
    ccl_cli_gas_options *options = target;
    uint64_t value = 0;
    if (ccl_cli_args_is(args, "--eta")) {
        *ok = ccl_cli_args_number(args, "--eta", 0.0, true, &options->eta);
    } else if (ccl_cli_args_is(args, "--collisions")) {
        *ok =
            ccl_cli_args_integer(args, "--collisions", 1, UINT64_C(1) << 50, &options->collisions);
    } else if (ccl_cli_args_is(args, "--equilibrate")) {
        *ok = ccl_cli_args_number(args, "--equilibrate", 0.0, false, &options->equilibrate);
    } else if (ccl_cli_args_is(args, "--blocks")) {
        *ok = ccl_cli_args_integer(args, "--blocks", 2, 1000, &value);
        options->blocks = (int)value;
    } else if (ccl_cli_args_is(args, "--cell-size")) {
        *ok = ccl_cli_args_number(args, "--cell-size", 0.0, false, &options->cell_size);
    } else if (ccl_cli_args_is(args, "--gr")) {
        *ok = ccl_cli_args_file(args, "--gr", &options->gr_path);
    } else if (ccl_cli_args_is(args, "--xyz")) {
        *ok = ccl_cli_args_file(args, "--xyz", &options->xyz_path);
    } else if (ccl_cli_args_is(args, "--every")) {
        *ok = ccl_cli_args_number(args, "--every", 0.0, true, &options->every);
        options->has_every = true;
    } else {
        return false;
    }
    return true;
}
/// Reads the options of jam that gas does not share.
static bool ccl_cli_jam_option(ccl_cli_args *args, void *target, bool *ok) {
    ccl_cli_jam_options *options = target;
    if (ccl_cli_args_is(args, "--growth")) {
        *ok = ccl_cli_args_number(args, "--growth", 0.0, true, &options->growth);
    } else if (ccl_cli_args_is(args, "--max-pressure")) {
        *ok = ccl_cli_args_number(args, "--max-pressure", 1.0, true, &options->max_pressure);
    } else {
        return false;
    }
    return true;
}

bool ccl_cli_parse_gas_options(int argc, char **argv, ccl_cli_gas_options *options, char *error,
                               size_t error_size) {
    *options = (ccl_cli_gas_options){
        .n = 4096, .eta = 0.3, .equilibrate = 10.0, .blocks = 20, .seed = 1, .dim = 2};
    ccl_cli_sample_options shared = CCL_CLI_SAMPLE_OPTIONS(options, 2, 1u << 24);
    if (!ccl_cli_parse_sample(argc, argv, error, error_size, ccl_cli_gas_option, options,
                              &shared)) {
        return false;
    }
    if (options->collisions == 0) { /* not given: --collisions is at least 1 */
        options->collisions = 100 * (uint64_t)options->n;
    }
    if (options->collisions < (uint64_t)options->blocks) {
        snprintf(error, error_size, "--collisions: need at least one per block (--blocks %d)",
                 options->blocks);
        return false;
    }
    if (options->has_every != (options->xyz_path != NULL)) {
        snprintf(error, error_size, "%s: needs %s too (frames every DT of simulated time)",
                 options->has_every ? "--every" : "--xyz",
                 options->has_every ? "--xyz FILE" : "--every DT");
        return false;
    }
    if (options->equilibrate > 1e6) {
        snprintf(error, error_size, "--equilibrate: at most 1e6 collisions per disk, got %g",
                 options->equilibrate);
        return false;
    }
    return true;
}

bool ccl_cli_parse_jam_options(int argc, char **argv, ccl_cli_jam_options *options, char *error,
                               size_t error_size) {
    *options =
        (ccl_cli_jam_options){.n = 256, .growth = 0.01, .max_pressure = 1e6, .seed = 1, .dim = 2};
    ccl_cli_sample_options shared = CCL_CLI_SAMPLE_OPTIONS(options, 4, 1u << 20);
    if (!ccl_cli_parse_sample(argc, argv, error, error_size, ccl_cli_jam_option, options,
                              &shared)) {
        return false;
    }
    if (options->growth > 10.0) {
        snprintf(error, error_size, "--growth: at most 10 (the thermal speed is about 1), got %g",
                 options->growth);
        return false;
    }
    if (options->dim == 3 && options->svg_path != NULL) {
        snprintf(error, error_size, "--svg draws disks: not with --dim 3 (spheres)");
        return false;
    }
    return true;
}
