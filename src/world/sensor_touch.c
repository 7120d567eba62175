/* The touches of sensors going on: a short array, searched linearly (games have few). */
#include "world/sensor_touch.h"

#include "world/world.h"

int32_t ccl_touch_find(const ccl_world *w, int32_t s, int32_t o) {
    for (int32_t m = 0; m < w->touch_count; ++m) {
        if (w->touches[m].sensor == s && w->touches[m].other == o) {
            return m;
        }
    }
    return -1;
}

void ccl_touch_remove(ccl_world *w, int32_t m) {
    w->touches[m] = w->touches[--w->touch_count];
}

ccl_status ccl_touch_add(ccl_world *w, int32_t s, int32_t o) {
    if ((size_t)w->touch_count == w->touch_capacity) {
        size_t cap = w->touch_capacity > 0 ? 2 * w->touch_capacity : 16;
        ccl_sensor_touch *t = ccl_memory_alloc(&w->memory, cap * sizeof(ccl_sensor_touch));
        if (t == NULL) {
            return CCL_ERR_OUT_OF_MEMORY;
        }
        for (int32_t m = 0; m < w->touch_count; ++m) {
            t[m] = w->touches[m];
        }
        ccl_memory_free(&w->memory, w->touches, w->touch_capacity * sizeof(ccl_sensor_touch));
        w->touches = t;
        w->touch_capacity = cap;
    }
    w->touches[w->touch_count++] = (ccl_sensor_touch){s, o};
    return CCL_OK;
}

void ccl_touch_drop(ccl_world *w, int32_t i) {
    for (int32_t m = 0; m < w->touch_count;) {
        if (w->touches[m].sensor == i || w->touches[m].other == i) {
            ccl_touch_remove(w, m);
        } else {
            ++m;
        }
    }
}
