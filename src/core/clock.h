/* Private: a world's clock, an origin (moved forward by re-basing) and the internal time since it,
 * and the ends of its advances: the same rules for the 2D and the 3D world. */
#ifndef CIRCOL_CORE_CLOCK_H
#define CIRCOL_CORE_CLOCK_H

#include <float.h>
#include <math.h>
#include <stdbool.h>

/// The world time of the end of an advance by dt from internal time `time` on origin `base`, in
/// *world_end; false when dt is negative, NaN or infinite, or the time would overflow (the advance
/// is then refused and nothing changes).
static inline bool ccl_clock_advance_end(double base, double time, double dt, double *world_end) {
    if (!(dt >= 0.0) || !isfinite(dt)) {
        return false;
    }
    *world_end = (base + time) + dt;
    return isfinite(*world_end) && isfinite(time + dt);
}

/// Where an advance by dt that stopped at internal time `time` lands. A re-basing during the run
/// shifts by an event time, so base + time can end an ulp away from the caller's sum of steps,
/// world_end; when it does, the advance lands on the caller's value exactly. Not where that ulp is
/// more than 2^-20 of the step (a step near or below the world time's resolution, as at 1e300):
/// moving the internal time by a good part of the step, back over events processed or forward
/// past events not yet processed, would move circles through walls.
static inline double ccl_clock_landing(double base, double time, double world_end, double dt) {
    double landing = world_end - base, gap = fabs(landing - time);
    if (landing != time && gap <= 2.0 * DBL_EPSILON * fabs(world_end) && gap <= 0x1p-20 * dt) {
        return landing;
    }
    return time;
}

/// The internal end of an advance by at most max_dt (>= 0): INFINITY, no end, where that would
/// pass the largest double (max_dt = INFINITY, or a sum that overflows).
static inline double ccl_clock_limit(double base, double time, double max_dt) {
    double t_end = time + max_dt;
    return isfinite(t_end) && isfinite((base + time) + max_dt) ? t_end : (double)INFINITY;
}

/// The internal time up to which a run to internal end t_end processes events: t_end, or with no
/// end (INFINITY) the internal time of the largest double, past which no event comes (its world
/// time would be infinite).
static inline double ccl_clock_stop(double base, double t_end) {
    return t_end < INFINITY ? t_end : DBL_MAX - base;
}

#endif
