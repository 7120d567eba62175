/* Private: sensors (circol/game.h). A sensor and a circle meet at the entry and the exit of their
 * swept test; the touches going on are listed in the world (ccl_sensor_touch). */
#ifndef CIRCOL_WORLD_SENSOR_H
#define CIRCOL_WORLD_SENSOR_H

#include "world/predict_parts.h"
#include "world/world.h"

/// For a neighbour scan that looks at each pair (w->pair_checks): true when circle i's prediction
/// must not compute the pair (i, k) as a collision: filtered out (nothing to predict), or a sensor
/// pair, whose entry or exit time this call considers itself (shift: k's periodic shift; exclude:
/// a neighbour not to meet at once, -1 for none).
bool ccl_pair_checked(const ccl_world *w, int32_t i, int32_t k, ccl_vec2 shift, int32_t exclude,
                      ccl_candidate *best);

/// The event of a sensor pair has come: the touch begins or ends (events reported), and both are
/// predicted again.
ccl_status ccl_world_sensor_event(ccl_world *w, int32_t i, int32_t k);

/// Ends circle i's touches without an event (it is removed, or no longer a sensor).
void ccl_sensor_drop(ccl_world *w, int32_t i);

/// Ends circle i's touches that its filter forbids now, without an event.
void ccl_sensor_drop_filtered(ccl_world *w, int32_t i);

#endif
