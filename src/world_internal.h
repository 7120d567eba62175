/* Private: the world's layout, shared by world.c (API and event loop), grid.c (cells) and
 * predict.c (event prediction). */
#ifndef CIRCOL_WORLD_INTERNAL_H
#define CIRCOL_WORLD_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "circol/world.h"
#include "core/memory.h"
#include "queue.h"

/// What a circle's next event is.
typedef enum ccl_event_kind {
    CCL_EVENT_NONE = 0,
    CCL_EVENT_CIRCLE,  ///< event_other: partner slot; event_other_count: its count then
    CCL_EVENT_BOX,     ///< event_other: box wall 0 left, 1 right, 2 bottom, 3 top
    CCL_EVENT_SEGMENT, ///< event_other: 9 segment index + image met (ccl_world_image_shift)
    CCL_EVENT_POINT,   ///< event_other: 9 point index + image met
    CCL_EVENT_CELL,    ///< event_other: 0 -x, 1 +x, 2 -y, 3 +y
} ccl_event_kind;

/// One circle's hot state: what a neighbour scan reads of it, in 64 bytes (one cache line, as the
/// slots are allocated on 64-byte boundaries). Position and velocity are those at its own time.
typedef struct ccl_body_slot {
    ccl_vec2 position, velocity;
    double time; ///< the circle's local time (internal time base)
    double radius;
    int32_t cell;   ///< grid cell, -1 when not binned
    int32_t next;   ///< cell list link (doubles as the free-list link)
    uint32_t count; ///< bumped whenever its trajectory changes; invalidates partners
    uint8_t event_kind;
    uint8_t support; ///< box walls it rests on under gravity: bit k for wall k; 0 for none
    uint8_t jam;     ///< collisions in a row at one instant (a circle wedged under gravity)
    uint8_t alive : 1;
    uint8_t separating : 1; ///< in at least one pair of the overlap list
    uint8_t asleep : 1;     ///< at rest on a support: fixed until an awake circle hits it
    uint8_t immovable : 1;  ///< its inverse mass is 0
} ccl_body_slot;
_Static_assert(sizeof(ccl_body_slot) == 64, "a hot slot is one cache line");

/// The rest of a circle's state, read when it collides or its event comes up (32 bytes, in an
/// array beside the slots: ccl_body_cold).
typedef struct ccl_body_cold {
    double inv_mass; ///< 0 for immovable
    double restitution;
    double last_collision; ///< internal time of its last collision (collapse guard)
    int32_t event_other;   ///< see ccl_event_kind
    uint32_t event_other_count;
} ccl_body_cold;
_Static_assert(sizeof(ccl_body_cold) == 32, "two cold halves share a cache line, none straddles");

/// A pair added overlapping under CCL_OVERLAP_SEPARATE, drifting apart.
typedef struct ccl_overlap_pair {
    int32_t a, b;
    uint32_t generation_a, generation_b;
} ccl_overlap_pair;

struct ccl_world {
    ccl_world_def def;
    double time;      ///< internal time; world time is time_base + time
    double time_base; ///< moved forward by re-basing
    ccl_vec2 box_min, box_max, box_size;
    bool periodic;
    bool linear;          ///< no gravity and no damping: every trajectory is p + v t
    bool edge_walls_only; ///< walled: only from a cell by the box's edge can a straight path meet
                          ///< a wall before leaving its cell (ccl_grid_rebuild)
    double collapse_time; ///< resolved TC parameter (0: not yet resolved and automatic)

    ccl_body_slot *bodies;
    ccl_body_cold *cold; ///< beside bodies: cold[i] is circle i's
    uint32_t *generation;
    void **user_data;
    int32_t slot_capacity, slot_count, live_count, free_head;
    int32_t fetched; ///< the look-ahead circle of the step before last (-1: none; a hint only)

    int32_t nx, ny; ///< grid cells per axis
    double cell_w, cell_h;
    int32_t *cell_head; ///< first circle in each cell, -1 for none
    int32_t cell_capacity;
    int32_t *obstacle_start; ///< per cell: range into obstacle_items (nx * ny + 1 entries)
    int32_t *obstacle_items; ///< 2 * (9 * index + image) + (0 segment, 1 point)
    int32_t obstacle_item_count;
    int64_t obstacle_items_waiting; ///< entries the obstacles added since the tables were built
                                    ///< will take in the present cells (ccl_grid_obstacle_entries)
    double max_radius;
    int32_t
        grid_live; ///< circles when the grid was last built (rebuilds for density wait for growth)
    bool dirty;    ///< grid and every prediction must be rebuilt before the next event
    bool obstacles_stale; ///< obstacles added since the obstacle tables were built: the grid is
                          ///< rebuilt, tables and all, before the next event

    ccl_queue queue;

    ccl_segment *segments;
    int32_t segment_count;
    size_t segment_capacity;
    ccl_vec2 *points;
    int32_t point_count;
    size_t point_capacity;

    ccl_overlap_pair *overlaps;
    int32_t overlap_count;
    size_t overlap_capacity;

    ccl_contact_event *contacts;
    size_t contact_count, contact_capacity;

    bool locked;
    bool wedge_logged; ///< the wedge message was logged (once per world)
    uint64_t collisions, wall_collisions, events, guard_collisions;
    double virial, stats_since;
    uint64_t events_since_rebase;
    ccl_memory memory;        ///< the allocator hooks and the bytes held
    size_t cache_bytes;       ///< the core's second-level cache (ccl_world_cache_bytes)
    size_t fetch_ahead_bytes; ///< the look-ahead runs from this much memory_bytes on (world.c)
};

/// The cold half of the circle whose hot slot is b.
static inline ccl_body_cold *ccl_body_cold_of(const ccl_world *w, const ccl_body_slot *b) {
    return &w->cold[b - w->bodies];
}

/* ---- motion (predict.c) ---- */

/// The acceleration circle i feels: gravity, less the normal part while resting on a wall; 0 for
/// immovable circles and in damped worlds.
ccl_vec2 ccl_body_acceleration(const ccl_world *w, const ccl_body_slot *b);

/// Position and velocity of circle b at internal time t (b is not changed).
void ccl_body_state_at(const ccl_world *w, const ccl_body_slot *b, double t, ccl_vec2 *position,
                       ccl_vec2 *velocity);

/// ccl_body_move_to for a world with gravity or damping.
void ccl_body_move_to_curved(const ccl_world *w, ccl_body_slot *b, double t);

/// Moves circle b's own state to internal time t. Inline for straight-line worlds, where it is
/// ccl_body_state_at's p + v tau written out (called a few times per event).
static inline void ccl_body_move_to(const ccl_world *w, ccl_body_slot *b, double t) {
    if (!w->linear) {
        ccl_body_move_to_curved(w, b, t);
        return;
    }
    double tau = t - b->time;
    if (tau != 0.0 && !b->immovable && !b->asleep) {
        b->position = ccl_mul_add(b->position, tau, b->velocity);
    }
    b->time = t;
}

/// Recomputes circle i's next event from the world's current time and updates the queue.
void ccl_predict(ccl_world *w, int32_t i);

/// ccl_predict(w, i) then ccl_predict(w, k) (the same events), with the two overlapped.
void ccl_predict_pair(ccl_world *w, int32_t i, int32_t k);

/// ccl_predict_pair, each circle's prediction passing over a meeting with the other at the present
/// time (a later one still counts): after a collision of the two that changed neither velocity
/// (an approach below their rounding), which would otherwise be found again at once, and again,
/// without end.
void ccl_predict_pair_apart(ccl_world *w, int32_t i, int32_t k);

/// Whether circle i's next event, in a world with gravity or damping, would be meeting circle k at
/// the present time (i is moved to it; nothing is filed).
bool ccl_predict_meets_at_once(ccl_world *w, int32_t i, int32_t k);

/// ccl_predict(w, i) passing over a contact at the present time with the image of a segment (or
/// point) that other (9 index + image) names, and with every other image of it off which a bounce
/// would change nothing too: after a bounce off that image that changed nothing (see
/// ccl_predict_pair_apart).
void ccl_predict_obstacle_apart(ccl_world *w, int32_t i, int32_t other, bool point);

/// Collapse-guard time for the world (resolves the automatic value on first use).
double ccl_world_collapse_time(ccl_world *w);

/* ---- grid (grid.c) ---- */

/// Rebuilds cells, re-bins every circle and obstacle. CCL_ERR_OUT_OF_MEMORY leaves the old grid.
ccl_status ccl_grid_rebuild(ccl_world *w);

/// Builds the obstacle tables again for the grid as it is (the cells unchanged), as after
/// obstacles were added. On CCL_ERR_OUT_OF_MEMORY the old tables stay.
ccl_status ccl_grid_bin_obstacles_again(ccl_world *w);

/// The entries segment s (a point: both ends alike) takes in the obstacle tables of the present
/// cells, every periodic image's.
int64_t ccl_grid_obstacle_entries(const ccl_world *w, ccl_segment s);

/// True when obstacle tables of that many entries are allowed (they are indexed by int32_t).
bool ccl_grid_entries_allowed(int64_t entries);
/// Sets edge_walls_only for the present cells and box.
void ccl_grid_set_edge_walls(ccl_world *w);

/// The grid a rebuild would make for `live` circles of radius at most max_radius: nx by ny cells.
void ccl_grid_plan(const ccl_world *w, double max_radius, int32_t live, int32_t *nx, int32_t *ny);

/// The cells within one cell's size of the bounding box of segment s moved by shift (a periodic
/// image's): columns [*x0, *x1], rows [*y0, *y1]. False when that box is nowhere near the grid.
/// Every circle within its radius of the segment has its centre in them.
bool ccl_grid_cells_near(const ccl_world *w, ccl_segment s, ccl_vec2 shift, int32_t *x0,
                         int32_t *x1, int32_t *y0, int32_t *y1);

/// The cell of a position (clamped into the grid).
int32_t ccl_grid_cell_of(const ccl_world *w, ccl_vec2 p);

/// Links circle i into cell c.
void ccl_grid_insert(ccl_world *w, int32_t i, int32_t c);

/// Unlinks circle i from its cell.
void ccl_grid_remove(ccl_world *w, int32_t i);

/// True when a grid of this world can hold a circle of this radius without a rebuild.
bool ccl_grid_fits(const ccl_world *w, double radius);

/// Periodic images of obstacles: image 0..8 is shifted by ((image % 3) - 1, (image / 3) - 1)
/// box sizes; image 4 is the obstacle itself (the only one in a walled world).
#define CCL_OWN_IMAGE 4

/// Most segments (and most points) a world holds: obstacle codes must fit in an int32_t.
#define CCL_MAX_OBSTACLES (1 << 26)
ccl_vec2 ccl_world_image_shift(const ccl_world *w, int image);

/// The point of a segment (s.a == s.b for a point) nearest to p, among its periodic images,
/// in p's frame: exactly the segment's own closest point in a walled world.
ccl_vec2 ccl_world_nearest_on(const ccl_world *w, ccl_segment s, ccl_vec2 p);

/// The smallest cell edge circles of radius r need (a little over one diameter).
double ccl_grid_min_cell(double radius);

#endif
