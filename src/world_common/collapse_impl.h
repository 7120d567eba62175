/* The collapse time of the TC model, written once for the world of circles (world/guard.c) and
 * the world of spheres (world3d/world3d.c): each of those files defines the names below and
 * includes this header. Both worlds keep the time once found, take the definition's where it sets
 * one, and otherwise derive it from the largest radius and a speed scale: 1e-6 of the time to
 * cross the largest diameter at the rms speed of the live bodies that move. What differs is when
 * the rule may run and the 2D world's gravity, which sets the scale where there is any, and the
 * layout of a body, which the includer names with hooks.
 *
 * The includer defines:
 *   CCL_WORLD_T                  ccl_world or ccl_world3d
 *   CCL_WORLD_COLLAPSE_TIME      the name of the collapse time
 *   CCL_WORLD_RADIUS_FIRST       1 where no rule runs before there is a body (the largest radius
 *                                is positive), 0 where the rms rule asks it after the speeds
 *   CCL_WORLD_LAW_COLLAPSE(w, radius)   where CCL_WORLD_RADIUS_FIRST is 1: true where the motion
 *                                law set the collapse time itself from the largest radius
 *   CCL_WORLD_MOVES(w, i)        true for a live body in slot i that moves
 *   CCL_WORLD_SPEED_SQ(w, i)     the square of its speed
 * Every one of the names is undefined at the end. */
#include <math.h>

double CCL_WORLD_COLLAPSE_TIME(CCL_WORLD_T *w) {
    if (w->collapse_time > 0.0) {
        return w->collapse_time;
    }
    if (w->def.collapse_time > 0.0) {
        w->collapse_time = w->def.collapse_time;
        return w->collapse_time;
    }
#if CCL_WORLD_RADIUS_FIRST
    if (!(w->grid.max_radius > 0.0)) {
        return 0.0;
    }
    double radius = w->grid.max_radius;
    if (CCL_WORLD_LAW_COLLAPSE(w, radius)) {
        return w->collapse_time;
    }
#endif
    double sum = 0.0;
    int32_t n = 0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (CCL_WORLD_MOVES(w, i)) {
            sum += CCL_WORLD_SPEED_SQ(w, i);
            n++;
        }
    }
    double rms = n > 0 ? sqrt(sum / n) : 0.0;
#if CCL_WORLD_RADIUS_FIRST
    if (rms > 0.0) {
        w->collapse_time = 1e-6 * 2.0 * radius / rms;
    }
#else
    if (rms > 0.0 && w->grid.max_radius > 0.0) {
        w->collapse_time = 1e-6 * 2.0 * w->grid.max_radius / rms;
    }
#endif
    return w->collapse_time;
}

#undef CCL_WORLD_T
#undef CCL_WORLD_COLLAPSE_TIME
#undef CCL_WORLD_RADIUS_FIRST
#undef CCL_WORLD_LAW_COLLAPSE
#undef CCL_WORLD_MOVES
#undef CCL_WORLD_SPEED_SQ
