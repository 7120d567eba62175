/* Private: the world's layout, which every file of src/world/ shares. The world owns its broad
 * phase (box, grid, obstacles, queue: src/broad/) and the circles' slots; each concern of the
 * world is a file of its own (docs/ARCHITECTURE.md). */
#ifndef CIRCOL_WORLD_WORLD_H
#define CIRCOL_WORLD_WORLD_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "broad/box.h"
#include "broad/grid.h"
#include "broad/obstacles.h"
#include "broad/queue.h"
#include "circol/world.h"
#include "core/memory.h"

typedef struct ccl_motion_law ccl_motion_law;

/// What a circle's next event is.
typedef enum ccl_event_kind {
    CCL_EVENT_NONE = 0,
    CCL_EVENT_CIRCLE,  ///< event_other: partner slot; event_other_count: its count then
    CCL_EVENT_BOX,     ///< event_other: box wall 0 left, 1 right, 2 bottom, 3 top
    CCL_EVENT_SEGMENT, ///< event_other: the obstacle code of the image met (broad/obstacles.h)
    CCL_EVENT_POINT,   ///< event_other: the obstacle code of the image met
    CCL_EVENT_CELL,    ///< event_other: 0 -x, 1 +x, 2 -y, 3 +y
} ccl_event_kind;

/// One circle's hot state: what a neighbour scan reads of it, in 64 bytes (one cache line, as the
/// slots are allocated on 64-byte boundaries). Position and velocity are those at its own time.
typedef struct ccl_body_slot {
    ccl_vec2 position, velocity;
    double time; ///< the circle's local time (internal time base)
    double radius;
    ccl_grid_link link; ///< its cell and the next circle there (next: also the free-list link)
    uint32_t count;     ///< bumped whenever its trajectory changes; invalidates partners
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
    ccl_box box;
    const ccl_motion_law *law; ///< how bodies move between events (world/motion.h)
    bool linear;               ///< law->straight: every trajectory is p + v t
    double collapse_time;      ///< resolved TC parameter (0: not yet resolved and automatic)

    ccl_body_slot *bodies;
    ccl_body_cold *cold; ///< beside bodies: cold[i] is circle i's
    uint32_t *generation;
    void **user_data;
    int32_t slot_capacity, slot_count, live_count, free_head;
    int32_t fetched; ///< the look-ahead circle of the step before last (-1: none; a hint only)

    ccl_grid grid;
    bool dirty; ///< grid and every prediction must be rebuilt before the next event

    ccl_queue queue;

    ccl_obstacles obstacles;

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

/// Where the circles' grid links are (in their hot slots).
static inline ccl_grid_links ccl_world_links(ccl_world *w) {
    ccl_grid_links links = {(char *)&w->bodies[0].link, sizeof(ccl_body_slot)};
    return links;
}

/// True when |x| <= limit (false for NaN).
static inline bool ccl_within(double x, double limit) {
    return fabs(x) <= limit;
}

/// True when both components of v are at most limit in magnitude (false for NaN).
static inline bool ccl_vec2_within(ccl_vec2 v, double limit) {
    return ccl_within(v.x, limit) && ccl_within(v.y, limit);
}

#endif
