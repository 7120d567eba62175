/* Private: event prediction, each circle's one earliest event from the world's current time (a
 * collision with a neighbour, a wall, a segment or point, or a cell crossing), filed in the
 * queue. */
#ifndef CIRCOL_WORLD_PREDICT_H
#define CIRCOL_WORLD_PREDICT_H

#include "world/world.h"

/// Recomputes circle i's next event from the world's current time and updates the queue.
void ccl_predict(ccl_world *w, int32_t i);

/// ccl_predict(w, i) then ccl_predict(w, k) (the same events), with the two overlapped.
void ccl_predict_pair(ccl_world *w, int32_t i, int32_t k);

/// ccl_predict_pair, each circle's prediction passing over a meeting with the other at the present
/// time (a later one still counts): after a collision of the two that changed neither velocity
/// (an approach below their rounding), which would otherwise be found again at once, and again,
/// without end.
void ccl_predict_pair_passing_over(ccl_world *w, int32_t i, int32_t k);

/// Whether circle i's next event, in a world with gravity or damping, would be meeting circle k at
/// the present time (i is moved to it; nothing is filed).
bool ccl_predict_meets_at_once(ccl_world *w, int32_t i, int32_t k);

/// ccl_predict(w, i) passing over a contact at the present time with the image of a segment (or
/// point) that code names, and with every other image of it off which a bounce would change
/// nothing too: after a bounce off that image that changed nothing (see
/// ccl_predict_pair_passing_over).
void ccl_predict_obstacle_passing_over(ccl_world *w, int32_t i, int32_t code);

#endif
