/* Private: contact events (recorded and passed to the callback), the log, and statistics. */
#ifndef CIRCOL_WORLD_EVENTS_H
#define CIRCOL_WORLD_EVENTS_H

#include "world/world.h"

/// Passes message to the world's log hook, if any.
void ccl_log(const ccl_world *w, const char *message);

/// ccl_world_reserve_contact's growth (the recording is full).
ccl_status ccl_world_grow_contacts(ccl_world *w);

/// Room for one more recorded contact, asked before an event is processed, so that running out
/// of memory stops the advance before the event instead of losing its record.
static inline ccl_status ccl_world_reserve_contact(ccl_world *w) {
    if (!w->def.record_contacts || w->contact_count < w->contact_capacity) {
        return CCL_OK;
    }
    return ccl_world_grow_contacts(w);
}

/// Whether anybody takes contact events (a recording or a callback): the event is built only then
/// (its ids read the generation array, a cache miss in a large world).
static inline bool ccl_world_reports(const ccl_world *w) {
    return w->def.record_contacts || w->def.on_contact != NULL;
}

/// Records a contact event and passes it to the callback (with the world locked).
ccl_status ccl_world_record(ccl_world *w, const ccl_contact_event *event);

/// Records the event of circle i meeting circle k now (kind CCL_CONTACT_CIRCLE for a collision), at
/// point, with the normal from i toward k and the impulse exchanged.
ccl_status ccl_world_record_pair(ccl_world *w, ccl_contact_kind kind, int32_t i, int32_t k,
                                 ccl_vec2 point, ccl_vec2 normal, double impulse);

#endif
