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

/// Where an advance that stopped at internal time `time` lands. A re-basing during the run shifts
/// by an event time, so base + time can end an ulp away from the caller's sum of steps, world_end;
/// when it does, the advance lands on the caller's value exactly.
static inline double ccl_clock_landing(double base, double time, double world_end) {
    double landing = world_end - base;
    if (landing != time && fabs(landing - time) <= 2.0 * DBL_EPSILON * fabs(world_end)) {
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

#endif
