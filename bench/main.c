/* circol_bench: runs benchmark scenes by name, prints a table and writes JSON.
 *
 *   circol_bench [--scene NAME]... [--repeat N] [--json FILE] [--svg FILE] [--big] [--quick]
 *                [--list]
 *
 * Every comparison with a peer engine runs in this process, on the same inputs, and is reported
 * as a ratio of medians over the repeats. --svg draws the main figures (chart.c).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "bench.h"

/* ---- helpers ---- */

/* The clock: this thread's CPU time by default (the reference machine is shared, and time spent
 * descheduled is not the code's), or the monotonic wall clock with --wall. */
static clockid_t bench_clock = CLOCK_THREAD_CPUTIME_ID;

/* The clock's name in the table, the JSON and the picture. */
static const char *bench_clock_name(void) {
    return bench_clock == CLOCK_MONOTONIC ? "wall clock" : "thread CPU time";
}

double bench_now(void) {
    struct timespec ts;
    clock_gettime(bench_clock, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *xs, int n) {
    qsort(xs, (size_t)n, sizeof *xs, compare_doubles);
    return n % 2 ? xs[n / 2] : 0.5 * (xs[n / 2 - 1] + xs[n / 2]);
}

uint64_t bench_rng_next(bench_rng *rng) {
    uint64_t z = (rng->state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

double bench_rng_range(bench_rng *rng, double lo, double hi) {
    return lo + (hi - lo) * ((double)(bench_rng_next(rng) >> 11) * 0x1p-53);
}

double bench_rng_normal(bench_rng *rng) {
    double u1 = bench_rng_range(rng, 0x1p-53, 1.0);
    double u2 = bench_rng_range(rng, 0.0, 1.0);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

static volatile double bench_sink;

void bench_consume(double value) {
    bench_sink = bench_sink + value;
}

/* ---- scenes ---- */

typedef struct bench_scene {
    const char *name;
    void (*run)(const bench_options *opt);
    const char *what;
} bench_scene;

static const bench_scene scenes[] = {
    {"sweep_scalar", bench_scene_sweep_scalar,
     "ccl_sweep_circles vs Box2D b2TimeOfImpact vs textbook root: time and accuracy"},
    {"sweep_batch", bench_scene_sweep_batch,
     "batch swept test and overlap test, 1024 pairs (in cache) and 16M pairs (memory)"},
    {"gas", bench_scene_gas, "periodic hard-disk gas: collisions per second, bytes per circle"},
    {"gas3d", bench_scene_gas3d,
     "periodic hard-sphere gas: collisions per second, bytes per sphere"},
    {"balls", bench_scene_balls, "balls in a walled box: circol vs Chipmunk2D vs Box2D at 60 Hz"},
    {"game", bench_scene_game,
     "the game kit: balls in a box with and without filters, ray casts, region queries"},
    {"load", bench_scene_load, "loading many segments and circles: time of the adds"},
    {"growth", bench_scene_growth, "the gas with and without growing radii: collisions per second"},
    {"scene_file", bench_scene_scene_file,
     "the tool's scene files of 10^5 and 10^6 circles (10^7 with --big): load time"},
};
static const size_t scene_count = sizeof scenes / sizeof scenes[0];

static void usage(FILE *f) {
    fprintf(f, "usage: circol_bench [--scene NAME]... [--repeat N] [--json FILE] [--svg FILE] "
               "[--big] [--quick] [--wall] [--n N] [--list]\n"
               "  --svg F  also draw the main figures as an SVG picture\n"
               "  --big    also N = 10^4 balls, fast balls and 10^7-circle scene files (long)\n"
               "  --quick  small sizes, for a smoke test\n"
               "  --wall   time with the wall clock instead of this thread's CPU time\n"
               "  --n N    the gas scene runs N circles only\n"
               "scenes:\n");
    for (size_t i = 0; i < scene_count; ++i) {
        fprintf(f, "  %-14s %s\n", scenes[i].name, scenes[i].what);
    }
}

/* What the command line asks for. */
typedef struct bench_request {
    bench_options opt;
    const char *json_path, *svg_path;
    bool chosen[sizeof scenes / sizeof scenes[0]];
    bool any_chosen;
} bench_request;

/* Marks the scene called name as chosen; false (with the usage) when there is none. */
static bool choose_scene(bench_request *req, const char *name) {
    size_t k = 0;
    while (k < scene_count && strcmp(scenes[k].name, name) != 0) {
        ++k;
    }
    if (k == scene_count) {
        fprintf(stderr, "circol_bench: unknown scene '%s'\n", name);
        usage(stderr);
        return false;
    }
    req->chosen[k] = true;
    req->any_chosen = true;
    return true;
}

/* Reads the options into req. Returns -1 to go on, or the exit status (0 after --list). */
static int parse_options(int argc, char **argv, bench_request *req) {
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (strcmp(arg, "--repeat") == 0 && i + 1 < argc) {
            req->opt.repeat = atoi(argv[++i]);
            if (req->opt.repeat < 1) {
                fprintf(stderr, "circol_bench: --repeat needs a positive count\n");
                return 2;
            }
        } else if (strcmp(arg, "--json") == 0 && i + 1 < argc) {
            req->json_path = argv[++i];
        } else if (strcmp(arg, "--svg") == 0 && i + 1 < argc) {
            req->svg_path = argv[++i];
        } else if (strcmp(arg, "--scene") == 0 && i + 1 < argc) {
            if (!choose_scene(req, argv[++i])) {
                return 2;
            }
        } else if (strcmp(arg, "--n") == 0 && i + 1 < argc) {
            req->opt.only_n = atoi(argv[++i]);
            if (req->opt.only_n < 100) {
                fprintf(stderr, "circol_bench: --n needs a count of at least 100\n");
                return 2;
            }
        } else if (strcmp(arg, "--wall") == 0) {
            bench_clock = CLOCK_MONOTONIC;
        } else if (strcmp(arg, "--big") == 0) {
            req->opt.big = true;
        } else if (strcmp(arg, "--quick") == 0) {
            req->opt.quick = true;
        } else if (strcmp(arg, "--list") == 0 || strcmp(arg, "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "circol_bench: bad option '%s'\n", arg);
            usage(stderr);
            return 2;
        }
    }
    return -1;
}

/* An output that cannot be written fails now, not after minutes of measuring. */
static bool outputs_writable(const bench_request *req) {
    const char *outputs[2] = {req->json_path, req->svg_path};
    for (int k = 0; k < 2; ++k) {
        FILE *probe = outputs[k] != NULL ? fopen(outputs[k], "a") : NULL;
        if (outputs[k] != NULL && probe == NULL) {
            fprintf(stderr, "circol_bench: cannot write %s: %s\n", outputs[k], strerror(errno));
            return false;
        }
        if (probe != NULL) {
            fclose(probe);
        }
    }
    return true;
}

/* Writes the JSON and the picture that were asked for; returns the exit status. */
static int write_outputs(const bench_request *req, const char *command_line) {
    int status = req->json_path != NULL ? bench_write_json(req->json_path, req->opt.repeat,
                                                           bench_clock_name(), command_line)
                                        : 0;
    if (req->json_path != NULL && status == 0) {
        printf("circol_bench: wrote %s\n", req->json_path);
    }
    if (req->svg_path != NULL) {
        struct utsname u;
        uname(&u);
        char subtitle[1400];
        snprintf(subtitle, sizeof subtitle, "%s (%s, %s %s); medians of %d repeats", command_line,
                 bench_clock_name(), u.sysname, u.machine, req->opt.repeat);
        int svg_status = bench_write_svg(req->svg_path, subtitle);
        if (svg_status == 0) {
            printf("circol_bench: wrote %s\n", req->svg_path);
        }
        status = status != 0 ? status : svg_status;
    }
    return status;
}

int main(int argc, char **argv) {
    bench_request req = {{5, false, false, 0}, NULL, NULL, {false}, false};
    char command_line[1024] = "circol_bench";
    for (int i = 1; i < argc; ++i) {
        size_t used = strlen(command_line);
        snprintf(command_line + used, sizeof command_line - used, " %s", argv[i]);
    }
    int parsed = parse_options(argc, argv, &req);
    if (parsed >= 0) {
        return parsed;
    }
    if (!outputs_writable(&req)) {
        return 2;
    }
    printf("circol_bench: median of %d repeats, %s; ratios are peer time / circol time, measured "
           "in this run\n",
           req.opt.repeat, bench_clock_name());
    printf("  %-14s %-58s %14s %s\n", "scene", "metric", "value", "unit");
    for (size_t k = 0; k < scene_count; ++k) {
        if (!req.any_chosen || req.chosen[k]) {
            scenes[k].run(&req.opt);
        }
    }
    bench_print_notes();
    int status = write_outputs(&req, command_line);
    bench_results_free();
    return status;
}
