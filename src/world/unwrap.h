/* Private: the net number of times each circle crossed a periodic box's edges (its image), from
 * which its unwrapped position follows: the position in the box plus image times the box size. */
#ifndef CIRCOL_WORLD_UNWRAP_H
#define CIRCOL_WORLD_UNWRAP_H

#include "world/world.h"

/// A new circle in slot i starts in image (0, 0): its unwrapped position is where it was placed.
static inline void ccl_world_image_reset(ccl_world *w, int32_t i) {
    if (w->images != NULL) {
        w->images[i] = (ccl_image_count){0, 0};
    }
}

/// Circle i was moved by (dx, dy) box sizes to wrap it into the box (each -1, 0 or 1 from a cell
/// crossing): its image moves the other way, so that its unwrapped position does not jump.
static inline void ccl_world_image_shift(ccl_world *w, int32_t i, int64_t dx, int64_t dy) {
    if (w->images != NULL) {
        w->images[i].x -= dx;
        w->images[i].y -= dy;
    }
}

#endif
