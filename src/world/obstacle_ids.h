/* Private: segments and points that can be removed. The obstacles are stored packed (a removal
 * moves the last one into the gap), and each keeps the id it was added with: while none was
 * removed the id is the place, after that a table beside the store says it. */
#ifndef CIRCOL_WORLD_OBSTACLE_IDS_H
#define CIRCOL_WORLD_OBSTACLE_IDS_H

#include "world/world.h"

/// The id of the segment (or point) stored at index.
static inline int ccl_obstacle_id(const ccl_world *w, int32_t index, bool point) {
    const ccl_obstacle_ids *t = point ? &w->point_ids : &w->segment_ids;
    return t->ids != NULL ? t->ids[index] : index;
}

/// Gives the segment (or point) just stored at index its id (*id). On CCL_ERR_OUT_OF_MEMORY
/// nothing changes.
ccl_status ccl_obstacle_id_assign(ccl_world *w, bool point, int32_t index, int *id);

#endif
