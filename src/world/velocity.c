/* Changing velocities from outside. */

#include "core/status.h"
#include "world/body.h"
#include "world/kinematic.h"
#include "world/motion.h"
#include "world/predict.h"
#include "world/sleep.h"
#include "world/world.h"

ccl_status ccl_world_set_velocity(ccl_world *w, ccl_circle_id id, ccl_vec2 velocity) {
    int32_t i;
    ccl_status status = ccl_world_slot_to_change(w, id, &i);
    if (status == CCL_OK && !ccl_vec2_within(velocity, CCL_MAX_SPEED)) {
        status = CCL_ERR_INVALID_ARGUMENT;
    }
    if (status != CCL_OK) {
        return status;
    }
    ccl_body_slot *b = &w->bodies[i];
    if (b->immovable) {
        return ccl_world_set_kinematic_velocity(w, i, velocity); /* kinematic.c */
    }
    ccl_body_move_to(w, b, w->time);
    b->velocity = velocity;
    b->support = 0;
    b->asleep = 0;
    b->course++;
    if (!w->repredict_pending) {
        ccl_predict(w, i);
    }
    ccl_world_wake_dependents(w, i); /* what it held up may fall */
    return CCL_OK;
}

ccl_status ccl_world_scale_velocities(ccl_world *w, double factor) {
    ccl_status status = ccl_change_status(w != NULL && isfinite(factor), w != NULL && w->locked);
    if (status != CCL_OK) {
        return status;
    }
    for (int32_t i = 0; i < w->slot_count; ++i) { /* all or nothing */
        const ccl_body_slot *b = &w->bodies[i];
        if (b->alive && !b->immovable) {
            ccl_vec2 position, velocity; /* the velocity now (under gravity, not the stored one) */
            ccl_body_state_at(w, b, w->time, &position, &velocity);
            if (!ccl_vec2_within(ccl_scale(velocity, factor), CCL_MAX_SPEED)) {
                return CCL_ERR_INVALID_ARGUMENT;
            }
        }
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        ccl_body_slot *b = &w->bodies[i];
        if (b->alive && !b->immovable) {
            ccl_body_move_to(w, b, w->time);
            b->velocity = ccl_scale(b->velocity, factor);
            b->support = 0;
            b->course++;
        }
    }
    w->repredict_pending = true;
    return CCL_OK;
}
