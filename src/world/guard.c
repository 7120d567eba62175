/* The collapse time (TC model), rest speeds, the box's resolution, and the guard's count. */

#include "core/constants.h"
#include "world/guard.h"
#include "world/events.h"
#include "world/world.h"

double ccl_world_resolution(const ccl_world *w) {
    double extent = fmax(fmax(fabs(w->box.min.x), fabs(w->box.max.x)),
                         fmax(fabs(w->box.min.y), fabs(w->box.max.y)));
    return CCL_REST_HEIGHT_OF_BOX * extent;
}

double ccl_rest_speed(const ccl_world *w, const ccl_body_slot *b) {
    if (w->def.rest_speed > 0.0) {
        return w->def.rest_speed;
    }
    double height = fmax(CCL_REST_HEIGHT_FRACTION * b->radius, ccl_world_resolution(w));
    return sqrt(2.0 * ccl_length(w->def.gravity) * height);
}

double ccl_guard_speed(const ccl_world *w, const ccl_body_slot *b) {
    if (w->def.gravity.x == 0.0 && w->def.gravity.y == 0.0) {
        return INFINITY;
    }
    return CCL_GUARD_REST_SPEEDS * ccl_rest_speed(w, b);
}

double ccl_world_collapse_time(ccl_world *w) {
    if (w->collapse_time > 0.0) {
        return w->collapse_time;
    }
    if (w->def.collapse_time > 0.0) {
        w->collapse_time = w->def.collapse_time;
        return w->collapse_time;
    }
    /* automatic: from the largest radius and a speed scale (gravity's, else the rms speed). Not
     * before there is a circle, so that the circles' size and the unit of length set it, never a
     * radius assumed for an empty world */
    if (!(w->grid.max_radius > 0.0)) {
        return 0.0;
    }
    double radius = w->grid.max_radius;
    double g = ccl_length(w->def.gravity);
    if (g > 0.0) {
        w->collapse_time = 1e-2 * sqrt(radius / g);
        return w->collapse_time;
    }
    double sum = 0.0;
    int32_t n = 0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && !w->bodies[i].immovable) {
            sum += ccl_length_sq(w->bodies[i].velocity);
            n++;
        }
    }
    double rms = n > 0 ? sqrt(sum / n) : 0.0;
    if (rms > 0.0) {
        w->collapse_time = 1e-6 * 2.0 * radius / rms;
    }
    return w->collapse_time;
}

void ccl_world_count_guarded(ccl_world *w) {
    if (w->guard_collisions++ == 0) {
        ccl_log(w, "circol: collapse guard engaged (a collision made elastic, TC model)");
    }
}
