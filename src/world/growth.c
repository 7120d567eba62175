/* Growing radii: the public calls and bringing radii up to date (world/growth.h); the grid rebuilt
 * for grown circles is world/growth_grid.c's. */

#include "core/status.h"
#include "world/growth.h"
#include "world/motion.h"
#include "world/world.h"

/* Whether a live circle is kinematic. */
static bool ccl_world_has_kinematic(const ccl_world *w) {
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && w->bodies[i].kinematic) {
            return true;
        }
    }
    return false;
}

ccl_status ccl_world_set_growth_rate(ccl_world *w, double rate) {
    ccl_status status =
        ccl_change_status(w != NULL && rate >= 0.0 && isfinite(rate), w != NULL && w->locked);
    if (status != CCL_OK) {
        return status;
    }
    if (rate > 0.0 &&
        (w->def.damping > 0.0 || w->def.gravity.x != 0.0 || w->def.gravity.y != 0.0)) {
        return CCL_ERR_UNSUPPORTED; /* growth on curved paths: not simulated */
    }
    if (rate > 0.0 && (w->pair_checks || ccl_world_has_kinematic(w))) {
        return CCL_ERR_UNSUPPORTED; /* filters, sensors and kinematic circles: not while growing */
    }
    if (ccl_world_growing(w)) {
        ccl_growth_rescale(w); /* the radii grown so far are kept */
    }
    ccl_growing_set_rate(&w->growth, rate, ccl_world_time(w), w->time);
    w->law = rate > 0.0 ? &ccl_motion_growth : ccl_motion_law_of(&w->def);
    w->straight = w->law->straight;
    w->repredict_pending = true;
    return CCL_OK;
}

double ccl_world_growth_rate(const ccl_world *w) {
    return w != NULL ? w->growth.rate : 0.0;
}

void ccl_growth_rescale(ccl_world *w) {
    double factor = ccl_growth_factor(w, w->time);
    if (factor != 1.0) {
        for (int32_t i = 0; i < w->slot_count; ++i) {
            if (w->bodies[i].alive) {
                w->bodies[i].radius *= factor;
            }
        }
    }
    ccl_growing_restart(&w->growth, w->time, ccl_world_time(w));
}
