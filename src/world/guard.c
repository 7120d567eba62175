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

/* Where gravity pulls, sets the collapse time from its speed scale over the largest radius. */
static inline bool ccl_world_gravity_collapse(ccl_world *w, double radius) {
    double g = ccl_length(w->def.gravity);
    if (g > 0.0) {
        w->collapse_time = 1e-2 * sqrt(radius / g);
        return true;
    }
    return false;
}

/* The collapse time (world_common/collapse_impl.h). The automatic rule takes gravity's speed scale
 * where there is gravity, else the rms speed; it runs only once there is a circle, so that the
 * circles' size and the unit of length set it, never a radius assumed for an empty world. */
#define CCL_WORLD_T                       ccl_world
#define CCL_WORLD_COLLAPSE_TIME           ccl_world_collapse_time
#define CCL_WORLD_RADIUS_FIRST            1
#define CCL_WORLD_LAW_COLLAPSE(w, radius) ccl_world_gravity_collapse(w, radius)
#define CCL_WORLD_MOVES(w, i)             ((w)->bodies[i].alive && !(w)->bodies[i].immovable)
#define CCL_WORLD_SPEED_SQ(w, i)          ccl_length_sq((w)->bodies[i].velocity)
#include "world_common/collapse_impl.h"

void ccl_world_count_guarded(ccl_world *w) {
    if (w->guard_collisions++ == 0) {
        ccl_log(w, "circol: collapse guard engaged (a collision made elastic, TC model)");
    }
}
