/* The contact-events getter and the statistics, written once for the world of circles
 * (world/events.c) and the world of spheres (world3d/query3d.c): each of those files defines the
 * names below and includes this header. Both worlds keep the same counters and sum the same
 * kinetic energy and momentum over their live, movable bodies, so the getters are one algorithm;
 * what differs is the layout of a body (a slot record in 2D; links, slots and a cold record in
 * 3D), which the includer names with small hooks.
 *
 * The includer defines:
 *   CCL_WORLD_FN(name)        the public function name: ccl_world_<name> or ccl_world3d_<name>
 *   CCL_WORLD_T               ccl_world or ccl_world3d
 *   CCL_WORLD_STATS_T         ccl_world_stats or ccl_world3d_stats
 *   CCL_WORLD_EVENT_T         ccl_contact_event or ccl_contact_event3
 *   CCL_WORLD_VEC             ccl_vec2 or ccl_vec3
 *   CCL_WORLD_LENGTH_SQ, CCL_WORLD_MUL_ADD   the vector helpers of the dimension
 *   CCL_WORLD_LIVE_COUNT      the stats field counting live bodies (circle_count, sphere_count)
 *   CCL_WORLD_LOOK_T, CCL_WORLD_LOOK(w, i)   what the loop reads first of the body in slot i (the
 *                             slot record in 2D, the inverse mass in 3D) and its type
 *   CCL_WORLD_MOVES(w, i, look)      true for a live body that moves (finite mass)
 *   CCL_WORLD_VELOCITY(w, i, look)   its velocity now
 *   CCL_WORLD_INV_MASS(w, look)      its inverse mass
 * Every one of the names is undefined at the end. */
#include <string.h>

const CCL_WORLD_EVENT_T *CCL_WORLD_FN(contact_events)(const CCL_WORLD_T *w, size_t *count) {
    if (count != NULL) {
        *count = w != NULL ? w->contact_count : 0;
    }
    return w != NULL ? w->contacts : NULL;
}

CCL_WORLD_STATS_T CCL_WORLD_FN(get_stats)(const CCL_WORLD_T *w) {
    CCL_WORLD_STATS_T s;
    memset(&s, 0, sizeof s);
    if (w == NULL) {
        return s;
    }
    s.time = w->time_base + w->time;
    s.collisions = w->collisions;
    s.wall_collisions = w->wall_collisions;
    s.events = w->events;
    s.CCL_WORLD_LIVE_COUNT = w->live_count;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        CCL_WORLD_LOOK_T look = CCL_WORLD_LOOK(w, i);
        if (CCL_WORLD_MOVES(w, i, look)) {
            CCL_WORLD_VEC v = CCL_WORLD_VELOCITY(w, i, look);
            double m = 1.0 / CCL_WORLD_INV_MASS(w, look);
            s.kinetic_energy += 0.5 * m * CCL_WORLD_LENGTH_SQ(v);
            s.momentum = CCL_WORLD_MUL_ADD(s.momentum, m, v);
        }
    }
    s.virial = w->virial;
    s.virial_time = w->time - w->stats_since;
    s.memory_bytes = w->memory.bytes;
    s.guard_collisions = w->guard_collisions;
    return s;
}

#undef CCL_WORLD_FN
#undef CCL_WORLD_T
#undef CCL_WORLD_STATS_T
#undef CCL_WORLD_EVENT_T
#undef CCL_WORLD_VEC
#undef CCL_WORLD_LENGTH_SQ
#undef CCL_WORLD_MUL_ADD
#undef CCL_WORLD_LIVE_COUNT
#undef CCL_WORLD_LOOK_T
#undef CCL_WORLD_LOOK
#undef CCL_WORLD_MOVES
#undef CCL_WORLD_VELOCITY
#undef CCL_WORLD_INV_MASS
