/* Private: the list of sensor touches going on (ccl_sensor_touch in world/world.h). */
#ifndef CIRCOL_WORLD_SENSOR_TOUCH_H
#define CIRCOL_WORLD_SENSOR_TOUCH_H

#include "world/world.h"

/// Where the touch of sensor s and circle o is listed, or -1.
int32_t ccl_touch_find(const ccl_world *w, int32_t s, int32_t o);

/// Lists the touch of sensor s and circle o (CCL_ERR_OUT_OF_MEMORY: not listed).
ccl_status ccl_touch_add(ccl_world *w, int32_t s, int32_t o);

/// Takes the m-th touch off the list (the last one takes its place).
void ccl_touch_remove(ccl_world *w, int32_t m);

/// Takes every touch of circle i off the list, without an event.
void ccl_touch_drop(ccl_world *w, int32_t i);

#endif
