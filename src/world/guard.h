/* Private: the speeds and times that keep inelastic collisions from collapsing: the collapse time
 * (TC model), the rest speed under gravity, and the resolution of the box. */
#ifndef CIRCOL_WORLD_GUARD_H
#define CIRCOL_WORLD_GUARD_H

#include "world/world.h"

/// The smallest distance positions in the box resolve well (some hundreds of units in the last
/// place of its largest coordinate).
double ccl_world_resolution(const ccl_world *w);

/// The speed below which circle b, bouncing under gravity, comes to rest.
double ccl_rest_speed(const ccl_world *w, const ccl_body_slot *b);

/// The approach speed below which the collapse guard may act on circle b (any without gravity).
double ccl_guard_speed(const ccl_world *w, const ccl_body_slot *b);

/// The collapse-guard time of the world (resolves the automatic value on first use; 0 while it
/// cannot be resolved yet).
double ccl_world_collapse_time(ccl_world *w);

/// Counts a collision the collapse guard made elastic (between circles or with a wall); the first
/// one of a world is logged.
void ccl_world_count_guarded(ccl_world *w);

/// Unit normal of box wall k pointing out of the box (into the wall).
static inline ccl_vec2 ccl_box_normal(int k) {
    static const double nx[4] = {-1.0, 1.0, 0.0, 0.0};
    static const double ny[4] = {0.0, 0.0, -1.0, 1.0};
    return ccl_v2(nx[k], ny[k]);
}

#endif
