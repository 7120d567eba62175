/* Private: the circles' slots and their ids (index and generation). */
#ifndef CIRCOL_WORLD_BODY_H
#define CIRCOL_WORLD_BODY_H

#include "world/world.h"

/// Frees the per-slot arrays.
void ccl_world_free_slots(ccl_world *w);

/// Grows the per-slot arrays (and the queue) to hold at least `needed` slots; on
/// CCL_ERR_OUT_OF_MEMORY nothing changes.
ccl_status ccl_world_reserve(ccl_world *w, int32_t needed);

/// Makes the per-slot user data pointers, all NULL (on the first circle that carries one).
ccl_status ccl_world_keep_user_data(ccl_world *w);

/// The slot of a live circle's id; -1 for a stale or foreign id (or a NULL world).
int32_t ccl_world_slot_of(const ccl_world *w, ccl_circle_id id);

/// For a call that changes circle id: CCL_ERR_LOCKED inside a contact callback, CCL_ERR_STALE_ID
/// for an id that names no live circle, else CCL_OK with its slot in *slot.
ccl_status ccl_world_slot_to_change(const ccl_world *w, ccl_circle_id id, int32_t *slot);

/// The id of the circle in slot i.
/// Writes one live circle's item (slot i) at out.
typedef void ccl_slot_item_fn(const ccl_world *w, int32_t i, void *out);

/// Writes the item of live circle `id` at out; CCL_ERR_STALE_ID for a stale or foreign id. The
/// single-circle getters' one body.
ccl_status ccl_world_get_item(const ccl_world *w, ccl_circle_id id, void *out,
                              ccl_slot_item_fn *item);

/// Writes item(w, slot, ...) for the live circles in slot order into out, items of item_size
/// bytes, at most capacity of them; *count gets how many. The export calls' one loop.
ccl_status ccl_world_export_items(const ccl_world *w, void *out, size_t item_size, int capacity,
                                  int *count, ccl_slot_item_fn *item);

static inline ccl_circle_id ccl_world_id_of(const ccl_world *w, int32_t i) {
    ccl_circle_id id = {(uint32_t)i, w->generation[i]};
    return id;
}

#endif
