/* Private: sensors (circol/game.h): their events, and a sensor removed. */
#ifndef CIRCOL_WORLD_SENSOR_H
#define CIRCOL_WORLD_SENSOR_H

#include "world/world.h"

/// The event of a sensor pair has come: the touch begins or ends (events reported), and both are
/// predicted again.
ccl_status ccl_world_sensor_event(ccl_world *w, int32_t i, int32_t k);

/// Ends circle i's touches without an event, and makes it no sensor (it is removed).
void ccl_sensor_forget(ccl_world *w, int32_t i);

#endif
