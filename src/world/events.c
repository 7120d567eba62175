/* Contact events, the log, and the statistics. */
#include <string.h>

#include "world/body.h"
#include "world/events.h"
#include "world/motion.h"
#include "world/world.h"

void ccl_log(const ccl_world *w, const char *message) {
    if (w->def.log != NULL) {
        w->def.log(message, w->def.log_user);
    }
}

ccl_status ccl_world_grow_contacts(ccl_world *w) {
    return ccl_array_reserve(&w->memory, (void **)&w->contacts, &w->contact_capacity,
                             w->contact_count, w->contact_count + 1, sizeof(ccl_contact_event),
                             256);
}

ccl_status ccl_world_record(ccl_world *w, const ccl_contact_event *event) {
    if (w->def.record_contacts) {
        ccl_status status = ccl_world_reserve_contact(w);
        if (status != CCL_OK) {
            return status;
        }
        w->contacts[w->contact_count++] = *event;
    }
    if (w->def.on_contact != NULL) {
        w->locked = true;
        w->def.on_contact(event, w->def.contact_user);
        w->locked = false;
    }
    return CCL_OK;
}

ccl_status ccl_world_record_pair(ccl_world *w, ccl_contact_kind kind, int32_t i, int32_t k,
                                 ccl_vec2 point, ccl_vec2 normal, double impulse) {
    ccl_contact_event event = {w->time_base + w->time,
                               kind,
                               ccl_world_id_of(w, i),
                               ccl_world_id_of(w, k),
                               -1,
                               point,
                               normal,
                               impulse};
    return ccl_world_record(w, &event);
}

/* The velocity now of body b (it changes between events under gravity or damping). */
static inline ccl_vec2 ccl_world_velocity_now(const ccl_world *w, const ccl_body_slot *b) {
    ccl_vec2 p, v;
    ccl_body_state_at(w, b, w->time, &p, &v);
    return v;
}

#define CCL_WORLD_FN(name)          ccl_world_##name
#define CCL_WORLD_T                 ccl_world
#define CCL_WORLD_STATS_T           ccl_world_stats
#define CCL_WORLD_EVENT_T           ccl_contact_event
#define CCL_WORLD_VEC               ccl_vec2
#define CCL_WORLD_LENGTH_SQ         ccl_length_sq
#define CCL_WORLD_MUL_ADD           ccl_mul_add
#define CCL_WORLD_LIVE_COUNT        circle_count
#define CCL_WORLD_LOOK_T            const ccl_body_slot *
#define CCL_WORLD_LOOK(w, i)        (&(w)->bodies[i])
#define CCL_WORLD_MOVES(w, i, b)    ((b)->alive && !(b)->immovable)
#define CCL_WORLD_VELOCITY(w, i, b) ccl_world_velocity_now(w, b)
#define CCL_WORLD_INV_MASS(w, b)    ccl_body_cold_of(w, b)->inv_mass
#include "world_common/stats_impl.h"

ccl_status ccl_world_energy_ledger(const ccl_world *w, ccl_world_ledger *out) {
    if (w == NULL || out == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    *out = w->ledger;
    return CCL_OK;
}

void ccl_world_reset_stats(ccl_world *w) {
    if (w == NULL) {
        return;
    }
    w->collisions = w->wall_collisions = w->events = w->guard_collisions = 0;
    w->virial = 0.0;
    memset(&w->ledger, 0, sizeof w->ledger);
    w->stats_since = w->time;
}
