/* The public advance wrappers, written once for the world of circles (world/run.c) and the world
 * of spheres (world3d/run3d.c): each of those files defines the names below and includes this
 * header after its run function. Both worlds advance by a time, landing exactly on the clock's end,
 * or by a number of collisions; what differs is the run itself (the event loop, the growth's
 * rescale, the lock), which stays in the including file.
 *
 * The includer defines:
 *   CCL_WORLD_FN(name)   the public function name: ccl_world_<name> or ccl_world3d_<name>
 *   CCL_WORLD_T          ccl_world or ccl_world3d
 *   CCL_WORLD_RUN        its run: (w, t_end, collision_limit) to a status, 0 for no limit
 * Every one of the names is undefined at the end. */
#include "core/clock.h"

ccl_status CCL_WORLD_FN(advance)(CCL_WORLD_T *w, double dt) {
    double world_end;
    if (w == NULL || !ccl_clock_advance_end(w->time_base, w->time, dt, &world_end)) {
        return CCL_ERR_INVALID_ARGUMENT; /* the time would overflow: refused, nothing changes */
    }
    ccl_status status = CCL_WORLD_RUN(w, w->time + dt, 0);
    if (status == CCL_OK) {
        w->time = ccl_clock_landing(w->time_base, w->time, world_end, dt);
    }
    return status;
}

ccl_status CCL_WORLD_FN(advance_collisions)(CCL_WORLD_T *w, uint64_t collisions, double max_dt) {
    if (w == NULL || !(max_dt >= 0.0) || collisions == 0) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    /* no end in time: the run stops at the last collision asked for, or where no event is left */
    return CCL_WORLD_RUN(w, ccl_clock_limit(w->time_base, w->time, max_dt), collisions);
}

#undef CCL_WORLD_FN
#undef CCL_WORLD_T
#undef CCL_WORLD_RUN
