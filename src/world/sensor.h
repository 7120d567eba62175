/* Private: sensors (circol/game.h). A sensor and a circle meet at the entry and the exit of their
 * swept test; the touches going on are listed in the world (ccl_sensor_touch). */
#ifndef CIRCOL_WORLD_SENSOR_H
#define CIRCOL_WORLD_SENSOR_H

#include "world/filter.h"
#include "world/predict_parts.h"
#include "world/world.h"

/// Considers the next event of the pair (i, k), one of them a sensor (ccl_pair_checked).
void ccl_sensor_consider(const ccl_world *w, int32_t i, int32_t k, ccl_vec2 shift, int32_t exclude,
                         ccl_candidate *best);

/// For a neighbour scan that looks at each pair (w->pair_checks): true when circle i's prediction
/// must not compute the pair (i, k) as a collision: filtered out (nothing to predict), or a sensor
/// pair, whose entry or exit time this call considers itself (shift: k's periodic shift; exclude:
/// a neighbour not to meet at once, -1 for none).
static inline bool ccl_pair_checked(const ccl_world *w, int32_t i, int32_t k, ccl_vec2 shift,
                                    int32_t exclude, ccl_candidate *best) {
    if (!ccl_filter_pass(w, i, k)) {
        return true;
    }
    if (!(w->bodies[i].sensor | w->bodies[k].sensor)) {
        return false;
    }
    ccl_sensor_consider(w, i, k, shift, exclude, best);
    return true;
}

/// The event of a sensor pair has come: the touch begins or ends (events reported), and both are
/// predicted again.
ccl_status ccl_world_sensor_event(ccl_world *w, int32_t i, int32_t k);

/// Ends circle i's touches without an event, and makes it no sensor (it is removed).
void ccl_sensor_forget(ccl_world *w, int32_t i);

/// Ends circle i's touches that its filter forbids now, without an event.
void ccl_sensor_drop_filtered(ccl_world *w, int32_t i);

#endif
