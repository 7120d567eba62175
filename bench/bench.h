/* circol benchmarks: shared timer, random numbers, options and the result table. */
#ifndef CIRCOL_BENCH_H
#define CIRCOL_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Options shared by every scene.
typedef struct bench_options {
    int repeat; ///< Repeats per measurement; the median is reported. Default 5.
    bool big;   ///< Also run the slow sizes (N = 10^6 gas, 16M-pair batches). Default false.
    bool quick; ///< Smaller sizes for a smoke run. Default false.
    int only_n; ///< With --n N: the gas scene runs this N only (any N >= 100). Default 0 (all).
} bench_options;

/// Seconds on a monotonic clock.
double bench_now(void);

/// The median of n values (n >= 1); reorders xs.
double bench_median(double *xs, int n);

/// Records one figure: scene, metric name, value and unit; printed in the table and the JSON.
void bench_record(const char *scene, const char *metric, double value, const char *unit);

/// The value recorded for scene and metric in this run, if any.
bool bench_value(const char *scene, const char *metric, double *value);

/// Draws the run's main figures (narrow phase, gas, balls) as an SVG picture with the subtitle
/// at its foot. Returns 0, or 1 when the file cannot be written.
int bench_write_svg(const char *path, const char *subtitle);

/// Records a note (free text) for a scene, printed under the table and written to the JSON.
void bench_note(const char *scene, const char *text);

/// Prints the notes recorded so far, one line each.
void bench_print_notes(void);

/// Writes the recorded figures and notes as JSON to path, with the machine, the clock's name,
/// the repeats and the command line. Returns 0, or 1 when the file cannot be written.
int bench_write_json(const char *path, int repeat, const char *clock, const char *command_line);

/// Frees the recorded figures and notes.
void bench_results_free(void);

/// splitmix64 state and step: deterministic random numbers for reproducible inputs.
typedef struct bench_rng {
    uint64_t state;
} bench_rng;

/// The next 64 random bits.
uint64_t bench_rng_next(bench_rng *rng);

/// Uniform in [lo, hi).
double bench_rng_range(bench_rng *rng, double lo, double hi);

/// Standard normal (Box-Muller).
double bench_rng_normal(bench_rng *rng);

/// Keeps a value alive so the optimiser cannot drop the work that made it.
void bench_consume(double value);

/// n equal disks of radius r on a square lattice filling [0, L)^2, with Gaussian velocity
/// components of standard deviation sigma and zero total momentum. False if they do not fit.
bool bench_lattice_start(int n, double L, double r, double sigma, uint64_t seed, double *x,
                         double *y, double *vx, double *vy);

/* Scenes: each runs its own measurements and records them. */

/// ccl_sweep_circles against Box2D's b2TimeOfImpact and the textbook root: time and accuracy.
void bench_scene_sweep_scalar(const bench_options *opt);

/// ccl_sweep_circles_batch and ccl_circles_overlap_batch, in cache and from memory.
void bench_scene_sweep_batch(const bench_options *opt);

/// Periodic hard-disk gas: collisions per second and memory per circle.
void bench_scene_gas(const bench_options *opt);
void bench_scene_gas3d(const bench_options *opt);

/// Balls in a walled box: circol against Chipmunk2D and Box2D at 60 Hz.
void bench_scene_balls(const bench_options *opt);

/// The gas with and without growing radii: collisions per second, side by side.
void bench_scene_growth(const bench_options *opt);

/// The game kit: the balls in a box with and without collision filters, ray casts and region
/// queries at 10^4 circles.
void bench_scene_game(const bench_options *opt);

/// Loading a world of many segments and circles: the time of the adds, in either order.
void bench_scene_load(const bench_options *opt);

/// The command-line tool's scene file loader at 10^5 and 10^6 circles (10^7 with big).
void bench_scene_scene_file(const bench_options *opt);

#ifdef __cplusplus
}
#endif

#endif
