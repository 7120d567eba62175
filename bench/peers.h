/* The peer engines behind a small C interface: Box2D 2.4 (C++) and Chipmunk2D 7 (C). */
#ifndef CIRCOL_BENCH_PEERS_H
#define CIRCOL_BENCH_PEERS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Box2D's time of impact on circle pairs ---- */

/// Prepared b2TimeOfImpact inputs (single precision, as Box2D stores them).
typedef struct bench_b2_toi bench_b2_toi;

/// One pair: centres, velocities and radii in double; converted to float inside.
typedef struct bench_pair {
    double ax, ay, avx, avy, ar;
    double bx, by, bvx, bvy, br;
} bench_pair;

/// Converts count pairs moving for 0 <= t <= t_max into Box2D sweeps; NULL when out of memory.
bench_b2_toi *bench_b2_toi_create(const bench_pair *pairs, size_t count, double t_max);

/// Runs b2TimeOfImpact on every pair: t_out[i] = time (scaled back to t_max), INFINITY for no
/// hit; state_out (may be NULL) gets Box2D's b2TOIOutput::State.
void bench_b2_toi_run(const bench_b2_toi *toi, double *t_out, int *state_out);

/// The single-precision inputs Box2D saw for pair i: start centres and end centres (at t_max).
void bench_b2_toi_inputs(const bench_b2_toi *toi, size_t i, float out[8], float *radius_sum);

/// Box2D's linear slop (length units).
double bench_b2_linear_slop(void);

/// The distance between centres at which Box2D 2.4 reports time of impact:
/// max(slop, ra + rb - 3 slop), with tolerance slop / 4 (b2_time_of_impact.cpp).
float bench_b2_toi_target(float radius_sum);

void bench_b2_toi_destroy(bench_b2_toi *toi);

/* ---- stepping engines: equal balls in a walled box ---- */

/// A balls-in-a-box scene: n balls of one radius and unit mass in [0, box]^2, elastic, no
/// friction, no gravity.
typedef struct bench_balls_setup {
    int n;
    double box, radius, dt;
    const double *x, *y, *vx, *vy;
} bench_balls_setup;

/// Where balls were between two frames, for engines whose balls do not move straight from one
/// frame to the next: ball i passed through (x[k], y[k]) at time t[k] after the earlier frame,
/// for k in [start[i], start[i + 1]), in time order. Straight in between.
typedef struct bench_waypoints {
    const int *start;
    const double *t, *x, *y;
} bench_waypoints;

/// An engine behind function pointers.
typedef struct bench_stepper {
    const char *name;
    void *(*create)(const bench_balls_setup *setup);
    void (*step)(void *engine);
    void (*positions)(void *engine, double *x, double *y);
    void (*destroy)(void *engine);
    /// The waypoints of the last step, or NULL (then the balls moved straight, as they do in a
    /// stepping engine: position += velocity * dt).
    const bench_waypoints *(*waypoints)(void *engine);
} bench_stepper;

/// Box2D 2.4: b2World, 8 velocity and 3 position iterations, restitution threshold 0.
extern const bench_stepper bench_box2d_stepper;

/// Chipmunk2D 7: cpSpace with a spatial hash, default iterations and collision slop.
extern const bench_stepper bench_chipmunk_stepper;

#ifdef __cplusplus
}
#endif

#endif
