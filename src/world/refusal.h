/* Private: what the last CCL_ERR_OVERLAP refused, noted where it is refused. */
#ifndef CIRCOL_WORLD_REFUSAL_H
#define CIRCOL_WORLD_REFUSAL_H

#include "world/world.h"

/// Notes a circle at p with radius r refused for an overlap.
static inline void ccl_world_note_refused_circle(ccl_world *w, ccl_vec2 p, double r) {
    w->refusal.what = 1;
    w->refusal.shape.a = p;
    w->refusal.shape.b = p;
    w->refusal.radius = r;
}

/// Notes a segment or point (s.a == s.b) refused for cutting a circle.
static inline void ccl_world_note_refused_obstacle(ccl_world *w, ccl_segment s) {
    w->refusal.what = 2;
    w->refusal.shape = s;
    w->refusal.radius = 0.0;
}

#endif
