/* Resting on box walls, and wedges under gravity. */

#include "core/constants.h"
#include "world/guard.h"
#include "world/ledger.h"
#include "world/rest.h"
#include "world/sleep.h"
#include "response/mix.h"
#include "world/world.h"

void ccl_world_settle_support(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    for (int k = 0; k < 4 && b->support != 0; ++k) {
        uint8_t bit = (uint8_t)(1u << k);
        if (!(b->support & bit)) {
            continue;
        }
        ccl_vec2 n = ccl_box_normal(k);
        double vn = ccl_dot(b->velocity, n);
        if (vn < 0.0) {
            b->support &= (uint8_t)~bit;
        } else if (vn > 0.0) {
            double e = ccl_restitution_mix(w->def.restitution, ccl_body_cold_of(w, b)->restitution);
            w->wall_collisions++;
            ccl_world_count_collision(w, &w->ledger.wall_loss, w->cold[i].inv_mass, vn, e, e);
            if (e * vn < ccl_rest_speed(w, b)) {
                ccl_vec2 before = b->velocity;
                b->velocity = ccl_mul_add(before, -(1.0 + e) * vn, n); /* as bounced */
                ccl_world_take_velocity(w, i, ccl_mul_add(before, -vn, n), CCL_DEVICE_REST);
            } else {
                b->velocity = ccl_mul_add(b->velocity, -(1.0 + e) * vn, n);
                b->support &= (uint8_t)~bit;
            }
        }
    }
}

bool ccl_world_note_quick_collision(ccl_world *w, ccl_body_slot *b) {
    if (!(w->time - ccl_body_cold_of(w, b)->last_collision <= CCL_JAM_WINDOW * w->collapse_time)) {
        b->quick_collisions = 0;
        return false;
    }
    if (b->quick_collisions < UINT8_MAX) {
        b->quick_collisions++;
    }
    return !w->straight && !b->immovable && b->quick_collisions >= CCL_JAM_COLLISIONS;
}

void ccl_world_stop_wedged(ccl_world *w, int32_t i, bool against_wall) {
    ccl_body_slot *b = &w->bodies[i];
    b->quick_collisions = 0;
    if (!against_wall && !ccl_world_is_held(w, i)) {
        if (ccl_world_blocks_motion(w, i)) {
            ccl_world_take_velocity(w, i, ccl_v2(0.0, 0.0), CCL_DEVICE_WEDGE);
        }
        return; /* it stops, and gravity takes it on from there */
    }
    if (!against_wall && !ccl_world_may_stop(w, i)) {
        return; /* held, among movable circles: put to sleep only slow, keeping momentum */
    }
    ccl_world_take_velocity(w, i, ccl_v2(0.0, 0.0), CCL_DEVICE_WEDGE);
    b->asleep = 1;
    if (w->def.log != NULL && !w->wedge_logged) { /* once per world, like the guard's message */
        w->wedge_logged = true;
        w->def.log("circol: a circle wedged under gravity was put to rest (said once per world)",
                   w->def.log_user);
    }
}
