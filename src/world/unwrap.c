/* Unwrapped positions in a periodic box: the position at the present time plus the box crossings
 * counted so far (world/unwrap.h), times the box size. */
#include "world/unwrap.h"

#include <string.h>

#include "world/body.h"
#include "world/motion.h"
#include "world/world.h"

/// Circle i's unwrapped position now.
static ccl_vec2 ccl_world_unwrapped_of(const ccl_world *w, int32_t i) {
    ccl_vec2 p, v;
    ccl_body_state_at(w, &w->bodies[i], w->time, &p, &v);
    if (w->images != NULL) {
        p.x += (double)w->images[i].x * w->box.size.x;
        p.y += (double)w->images[i].y * w->box.size.y;
    }
    return p;
}

ccl_status ccl_world_track_unwrapped(ccl_world *w) {
    if (w == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (!w->box.periodic || w->track_images) {
        return CCL_OK; /* a walled box needs no counts; counting already */
    }
    size_t n = (size_t)w->slot_capacity;
    ccl_image_count *images = NULL;
    if (n > 0) {
        images = ccl_memory_alloc(&w->memory, n * sizeof(ccl_image_count));
        if (images == NULL) {
            return CCL_ERR_OUT_OF_MEMORY;
        }
        memset(images, 0, n * sizeof(ccl_image_count));
    }
    w->images = images;
    w->track_images = true;
    return CCL_OK;
}

static void ccl_world_unwrapped_item(const ccl_world *w, int32_t i, void *out) {
    *(ccl_vec2 *)out = ccl_world_unwrapped_of(w, i);
}

ccl_status ccl_world_get_unwrapped_position(const ccl_world *w, ccl_circle_id id, ccl_vec2 *out) {
    return ccl_world_get_item(w, id, out, ccl_world_unwrapped_item);
}

ccl_status ccl_world_export_unwrapped(const ccl_world *w, ccl_vec2 *out, int capacity, int *count) {
    return ccl_world_export_items(w, out, sizeof *out, capacity, count, ccl_world_unwrapped_item);
}
