/* Private to the prediction files: a circle's candidate events, the block of neighbours whose
 * entry times are computed together, and the parts a prediction is made of. */
#ifndef CIRCOL_WORLD_PREDICT_PARTS_H
#define CIRCOL_WORLD_PREDICT_PARTS_H

#include "core/constants.h"
#include "world/world.h"

/* Candidate bookkeeping while predicting one circle. */
typedef struct ccl_candidate {
    double u;
    uint8_t kind;
    int32_t other;
    uint32_t partner_course;
} ccl_candidate;

static inline void ccl_consider(ccl_candidate *best, double u, uint8_t kind, int32_t other,
                                uint32_t partner_course) {
    if (u < best->u) {
        best->u = u;
        best->kind = kind;
        best->other = other;
        best->partner_course = partner_course;
    }
}

/* The cells around circle b's cell, with their periodic shifts. */
static inline ccl_cell_ring ccl_ring_of(const ccl_world *w, const ccl_body_slot *b) {
    return ccl_grid_ring(&w->grid, &w->box, b->link.cell % w->grid.nx, b->link.cell / w->grid.nx);
}

/* Whether circles i and k are a pair added overlapping that still drifts apart (both flagged
 * separating: the overlap list is searched only then). */
static inline bool ccl_pair_is_separating(const ccl_world *w, int32_t i, int32_t k) {
    for (int32_t m = 0; m < w->overlap_count; ++m) {
        const ccl_overlap_pair *o = &w->overlaps[m];
        if ((o->a == i && o->b == k) || (o->a == k && o->b == i)) {
            return true;
        }
    }
    return false;
}

/* Each array has room for three entries of padding after a full block. */
#define CCL_SCAN_ROOM (CCL_SCAN_BLOCK + 3)

typedef struct ccl_scan_block {
    double dpx[CCL_SCAN_ROOM], dpy[CCL_SCAN_ROOM]; ///< relative position (neighbour - circle)
    double dvx[CCL_SCAN_ROOM], dvy[CCL_SCAN_ROOM]; ///< relative velocity
    double reach[CCL_SCAN_ROOM];                   ///< sum of the radii
    double u[CCL_SCAN_ROOM];                       ///< entry time (out)
    int32_t who[CCL_SCAN_BLOCK];                   ///< the neighbour's slot
    int count;
    int32_t exclude; ///< a neighbour not to meet at once (-1: none): ccl_scan_exclude
} ccl_scan_block;

/* A prediction in two halves: ccl_predict_begin finds every candidate but leaves the last block
 * of neighbours' entry times in flight, ccl_predict_end picks among them and files the event. */
typedef struct ccl_prediction {
    ccl_candidate best;
    ccl_scan_block scan; ///< neighbours whose times are computed but not yet looked at
} ccl_prediction;

/// The earliest contact of circle b (its cell's obstacles) with a segment or point, skip aside
/// (the code of an image not to meet at once, or -1): see predict_obstacles.c.
void ccl_predict_obstacles(const ccl_world *w, const ccl_body_slot *b, ccl_vec2 acc, int32_t skip,
                           ccl_candidate *best);

/// Circle i's next collision with a neighbour in a world with gravity or damping (curved paths in
/// time). exclude: a neighbour not to meet at once (-1: none).
void ccl_predict_neighbours(const ccl_world *w, int32_t i, ccl_vec2 acc, int32_t exclude,
                            ccl_candidate *best);

/// ccl_predict_neighbours for straight motion, circle i in cell (cx, cy): gathers the neighbours
/// into s and computes their entry times, leaving the last block's to ccl_scan_pick.
void ccl_predict_neighbours_straight(const ccl_world *w, int32_t i, int32_t cx, int32_t cy,
                                     ccl_candidate *best, ccl_scan_block *s);

/// Gives the excluded neighbour of the block's computed times (if it is there) no entry at once.
void ccl_scan_exclude(const ccl_world *w, ccl_scan_block *s);

/// Keeps the first smallest of the block's computed entry times in *best and empties the block.
void ccl_scan_pick(const ccl_world *w, ccl_scan_block *s, ccl_candidate *best);

#endif
