/* Collision filters: each circle's category and mask (world/filter.h). */
#include "world/filter.h"

#include <string.h>

#include "world/body.h"
#include "world/growth.h"
#include "world/sensor_touch.h"
#include "world/world.h"

/* Makes room for the filters of every slot there is, the new ones default. */
static ccl_status ccl_filter_reserve(ccl_world *w) {
    int32_t n = w->slot_capacity;
    if (n <= w->filter_capacity) {
        return CCL_OK;
    }
    ccl_filter *filters = ccl_memory_alloc(&w->memory, (size_t)n * sizeof(ccl_filter));
    if (filters == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    size_t old = (size_t)w->filter_capacity;
    if (old > 0) {
        memcpy(filters, w->filters, old * sizeof(ccl_filter));
    }
    for (size_t i = old; i < (size_t)n; ++i) {
        filters[i] = (ccl_filter){CCL_FILTER_DEFAULT_CATEGORY, CCL_FILTER_ALL};
    }
    ccl_memory_free(&w->memory, w->filters, old * sizeof(ccl_filter));
    w->filters = filters;
    w->filter_capacity = n;
    return CCL_OK;
}

void ccl_filter_reset(ccl_world *w, int32_t i) {
    if (i < w->filter_capacity) {
        w->narrow_filters -= ccl_filter_narrow(w->filters[i]);
        w->filters[i] = (ccl_filter){CCL_FILTER_DEFAULT_CATEGORY, CCL_FILTER_ALL};
        ccl_world_count_checks(w);
    }
}

/* Ends circle i's touches that its filter forbids now, without an event. */
static void ccl_filter_drop_touches(ccl_world *w, int32_t i) {
    for (int32_t m = 0; m < w->touch_count;) {
        const ccl_sensor_touch *t = &w->touches[m];
        if ((t->sensor == i || t->other == i) && !ccl_filter_pass(w, t->sensor, t->other)) {
            ccl_touch_remove(w, m);
        } else {
            ++m;
        }
    }
}

ccl_status ccl_world_set_filter(ccl_world *w, ccl_circle_id id, uint32_t category, uint32_t mask) {
    if (w == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    int32_t i;
    ccl_status status = ccl_world_slot_to_change(w, id, &i);
    if (status != CCL_OK) {
        return status;
    }
    bool is_default = category == CCL_FILTER_DEFAULT_CATEGORY && mask == CCL_FILTER_ALL;
    if (is_default && i >= w->filter_capacity) {
        return CCL_OK; /* nothing to keep */
    }
    if (ccl_filter_narrow((ccl_filter){category, mask}) && ccl_world_growing(w)) {
        return CCL_ERR_UNSUPPORTED; /* growing radii keep to pairs that all collide */
    }
    status = ccl_filter_reserve(w);
    if (status != CCL_OK) {
        return status;
    }
    ccl_filter filter = {category, mask};
    w->narrow_filters +=
        (int32_t)ccl_filter_narrow(filter) - (int32_t)ccl_filter_narrow(w->filters[i]);
    w->filters[i] = filter;
    ccl_world_count_checks(w);
    ccl_filter_drop_touches(w, i);
    /* pairs it forbids are left by its neighbours' next predictions, pairs it allows are found by
     * them: every circle is predicted again */
    w->bodies[i].course++;
    w->repredict_pending = true;
    return CCL_OK;
}
