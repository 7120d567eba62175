/* Private: collision filters (category and mask bits, circol/game.h), kept beside the slots only
 * once a circle's filter differs from the default. */
#ifndef CIRCOL_WORLD_FILTER_H
#define CIRCOL_WORLD_FILTER_H

#include "circol/game.h"
#include "world/world.h"

/// Circle i's filter.
static inline ccl_filter ccl_filter_of(const ccl_world *w, int32_t i) {
    if (i < w->filter_capacity) {
        return w->filters[i];
    }
    ccl_filter none = {CCL_FILTER_DEFAULT_CATEGORY, CCL_FILTER_ALL};
    return none;
}

/// Whether circles i and k may interact: each one's category has a bit in the other's mask.
static inline bool ccl_filter_pass(const ccl_world *w, int32_t i, int32_t k) {
    if (w->filters == NULL) {
        return true;
    }
    ccl_filter a = ccl_filter_of(w, i), b = ccl_filter_of(w, k);
    return (a.category & b.mask) != 0 && (b.category & a.mask) != 0;
}

/// Whether circles i and k collide: the filter lets them, and neither is a sensor.
static inline bool ccl_pair_interacts(const ccl_world *w, int32_t i, int32_t k) {
    return ccl_filter_pass(w, i, k) && !w->bodies[i].sensor && !w->bodies[k].sensor;
}

/// Gives slot i the default filter (a removed circle's slot, for the next one).
void ccl_filter_reset(ccl_world *w, int32_t i);

/// Whether a filter may forbid a pair: its mask lacks a bit, or it has no category. Where no
/// circle's may, every pair passes and the neighbour scans need not look.
static inline bool ccl_filter_narrow(ccl_filter f) {
    return f.mask != CCL_FILTER_ALL || f.category == 0;
}

/// Sets w->pair_checks from the counts of narrow filters and sensors.
static inline void ccl_world_count_checks(ccl_world *w) {
    w->pair_checks = w->narrow_filters > 0 || w->sensor_count > 0;
}

#endif
