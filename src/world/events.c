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

const ccl_contact_event *ccl_world_contact_events(const ccl_world *w, size_t *count) {
    if (count != NULL) {
        *count = w != NULL ? w->contact_count : 0;
    }
    return w != NULL ? w->contacts : NULL;
}

ccl_world_stats ccl_world_get_stats(const ccl_world *w) {
    ccl_world_stats s;
    memset(&s, 0, sizeof s);
    if (w == NULL) {
        return s;
    }
    s.time = w->time_base + w->time;
    s.collisions = w->collisions;
    s.wall_collisions = w->wall_collisions;
    s.events = w->events;
    s.circle_count = w->live_count;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        const ccl_body_slot *b = &w->bodies[i];
        if (b->alive && !b->immovable) {
            ccl_vec2 p, v;
            ccl_body_state_at(w, b, w->time, &p, &v);
            double m = 1.0 / ccl_body_cold_of(w, b)->inv_mass;
            s.kinetic_energy += 0.5 * m * ccl_length_sq(v);
            s.momentum = ccl_mul_add(s.momentum, m, v);
        }
    }
    s.virial = w->virial;
    s.virial_time = w->time - w->stats_since;
    s.memory_bytes = w->memory.bytes;
    s.guard_collisions = w->guard_collisions;
    return s;
}

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
