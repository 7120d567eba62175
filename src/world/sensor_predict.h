/* Private: when a sensor pair's next event comes (its entry, or its exit while it touches), for
 * the neighbour scans. */
#ifndef CIRCOL_WORLD_SENSOR_PREDICT_H
#define CIRCOL_WORLD_SENSOR_PREDICT_H

#include "world/filter.h"
#include "world/predict_parts.h"
#include "world/world.h"

/// The exit u of a pair listed as touching (relative position dp, velocity dv, contact distance
/// R): the later root of |dp + dv u| = R, 0 where the pair is apart and not approaching or only
/// grazes, INFINITY where it never parts.
double ccl_sensor_exit(ccl_vec2 dp, ccl_vec2 dv, double R);

/// The relative motion of circle k (shifted by shift) seen from circle i, now.
void ccl_sensor_relative(const ccl_world *w, int32_t i, int32_t k, ccl_vec2 shift, ccl_vec2 *dp,
                         ccl_vec2 *dv);

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

#endif
