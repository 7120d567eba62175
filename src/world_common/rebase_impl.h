/* The re-basing of time, written once for the world of circles (world/run.c) and the world of
 * spheres (world3d/run3d.c): each of those files defines the names below and includes this
 * header. Both worlds make (about) the present time the origin the same way: where the queue's
 * keys lose the shift exactly (ccl_queue_shift_exactly), a body whose time is at least half the
 * shift keeps its position and loses the shift exactly too, so the re-basing changes no value but
 * the last collision times (nothing is re-inserted, and the few bodies not heard of since are
 * moved to the new origin); otherwise every body is moved to the present time and the queue is
 * rebuilt. What differs is when the exact shift is tried and the layout of a body, which the
 * includer names with hooks.
 *
 * The includer defines:
 *   CCL_WORLD_T                  ccl_world or ccl_world3d
 *   CCL_WORLD_REBASE             the name of the re-basing (static), which returns the shift
 *   CCL_WORLD_EXACT_SHIFT(w)     the shift the queue's keys lose exactly, 0 where none
 *   CCL_WORLD_BODY_T, CCL_WORLD_BODY(w, i)   how the loop holds the body in slot i (the slot
 *                                record in 2D, the slot index in 3D) and its type
 *   CCL_WORLD_ALIVE(w, b)        true for a live body
 *   CCL_WORLD_BODY_TIME(w, b)    its time (an lvalue)
 *   CCL_WORLD_MOVE_TO(w, b, t)   moves it to time t along its path
 *   CCL_WORLD_LAST_COLLISION(w, b)   its last collision time (an lvalue)
 *   CCL_WORLD_SHIFT_CLOCKS(w, shift, exact)   shifts the world's other clocks (the origin of its
 *                                time, the statistics' start, the growth's epoch and horizon)
 * Every one of the names is undefined at the end. */
#include "broad/queue.h"

static double CCL_WORLD_REBASE(CCL_WORLD_T *w) {
    double shift = CCL_WORLD_EXACT_SHIFT(w);
    bool exact = shift > 0.0;
    if (!exact) {
        shift = w->time;
        if (shift == 0.0) {
            return 0.0;
        }
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        CCL_WORLD_BODY_T b = CCL_WORLD_BODY(w, i);
        if (!CCL_WORLD_ALIVE(w, b)) {
            continue;
        }
        /* exact: the time lies in [shift / 2, 2 shift] (the present is below shift + its unit) */
        if (exact && CCL_WORLD_BODY_TIME(w, b) >= 0.5 * shift) {
            CCL_WORLD_BODY_TIME(w, b) -= shift;
        } else {
            CCL_WORLD_MOVE_TO(w, b, shift);
            CCL_WORLD_BODY_TIME(w, b) = 0.0;
        }
        CCL_WORLD_LAST_COLLISION(w, b) -= shift;
    }
    CCL_WORLD_SHIFT_CLOCKS(w, shift, exact);
    w->time -= shift;
    if (!exact) {
        ccl_queue_shift(&w->queue, shift);
    }
    w->events_since_rebase = 0;
    return shift;
}

#undef CCL_WORLD_T
#undef CCL_WORLD_REBASE
#undef CCL_WORLD_EXACT_SHIFT
#undef CCL_WORLD_BODY_T
#undef CCL_WORLD_BODY
#undef CCL_WORLD_ALIVE
#undef CCL_WORLD_BODY_TIME
#undef CCL_WORLD_MOVE_TO
#undef CCL_WORLD_LAST_COLLISION
#undef CCL_WORLD_SHIFT_CLOCKS
