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
#include "core/body_cold.h"
#include "core/growing.h"
#include "core/memory.h"

typedef struct ccl_motion_law ccl_motion_law;

/// What a circle's next event is.
typedef enum ccl_event_kind {
    CCL_EVENT_NONE = 0,
    CCL_EVENT_CIRCLE,  ///< event_partner: its slot; event_partner_course: its course then
    CCL_EVENT_BOX,     ///< event_partner: the wall (ccl_box_wall)
    CCL_EVENT_SEGMENT, ///< event_partner: the obstacle code of the image met (broad/obstacles.h)
    CCL_EVENT_POINT,   ///< event_partner: the obstacle code of the image met
    CCL_EVENT_CELL,    ///< event_partner: the edge it leaves its cell by (ccl_cell_edge)
} ccl_event_kind;

/// A box wall; bit k of a circle's supports is wall k.
typedef enum ccl_box_wall {
    CCL_WALL_LEFT = 0,   ///< x = box min
    CCL_WALL_RIGHT = 1,  ///< x = box max
    CCL_WALL_BOTTOM = 2, ///< y = box min
    CCL_WALL_TOP = 3,    ///< y = box max
} ccl_box_wall;

/// The edge a circle leaves its cell by: 2 axis + (1 for the upper edge).
typedef enum ccl_cell_edge {
    CCL_CELL_EDGE_LOW_X = 0,
    CCL_CELL_EDGE_HIGH_X = 1,
    CCL_CELL_EDGE_LOW_Y = 2,
    CCL_CELL_EDGE_HIGH_Y = 3,
} ccl_cell_edge;

/// One circle's hot state: what a neighbour scan reads of it, in 64 bytes (one cache line, as the
/// slots are allocated on 64-byte boundaries). Position and velocity are those at its own time.
typedef struct ccl_body_slot {
    ccl_vec2 position, velocity;
    double time; ///< the circle's local time (internal time base)
    double radius;
    ccl_grid_link link; ///< its cell and the next circle there (next: also the free-list link)
    uint32_t course;    ///< course version: bumped whenever its trajectory changes, which makes
                        ///< the events other circles predicted with it stale
    uint8_t event_kind;
    uint8_t support;          ///< box walls it rests on under gravity: bit k for wall k; 0 for none
    uint8_t quick_collisions; ///< collisions in a row at one instant (wedged under gravity?)
    uint8_t alive : 1;
    uint8_t separating : 1; ///< in at least one pair of the overlap list
    uint8_t asleep : 1;     ///< at rest on a support: fixed until an awake circle hits it
    uint8_t immovable : 1;  ///< its inverse mass is 0
    uint8_t kinematic : 1;  ///< immovable, moving at the velocity the caller set (kinematic.c)
    uint8_t sensor : 1;     ///< reports touches instead of colliding with circles (sensor.c)
} ccl_body_slot;
_Static_assert(sizeof(ccl_body_slot) == 64, "a hot slot is one cache line");

/// A circle's periodic image: the net number of times it crossed the box's edges, in x and in y
/// (world/unwrap.h).
typedef struct ccl_image_count {
    int64_t x, y;
} ccl_image_count;

/// A circle's collision filter (world/filter.h): two circles interact when each one's category
/// has a bit in the other's mask.
typedef struct ccl_filter {
    uint32_t category, mask;
} ccl_filter;

/// A sensor and a circle that touch now (world/sensor.h): their touch ends with an event.
typedef struct ccl_sensor_touch {
    int32_t sensor, other;
} ccl_sensor_touch;

/// The ids of the segments (or the points) once one was removed (world/obstacle_ids.h).
typedef struct ccl_obstacle_ids {
    int32_t *ids; ///< ids[k]: the id of the k-th one stored; NULL while none was removed (id k)
    size_t capacity;
    int32_t next; ///< the id the next one gets (once ids is kept)
} ccl_obstacle_ids;

/// A pair added overlapping under CCL_OVERLAP_SEPARATE, drifting apart.
typedef struct ccl_overlap_pair {
    int32_t a, b;
    uint32_t generation_a, generation_b;
} ccl_overlap_pair;

/// The shape the last CCL_ERR_OVERLAP refused, for ccl_world_last_overlap (world/refusal.h).
typedef struct ccl_refusal {
    uint8_t what;      ///< 0: none; 1: a circle (shape.a its centre); 2: a segment or point
    ccl_segment shape; ///< the refused obstacle, or the circle's centre in shape.a
    double radius;     ///< the refused circle's radius
} ccl_refusal;

struct ccl_world {
    ccl_world_def def;
    double time;      ///< internal time; world time is time_base + time
    double time_base; ///< moved forward by re-basing
    ccl_box box;
    const ccl_motion_law *law; ///< how bodies move between events (world/motion.h)
    bool straight;             ///< law->straight: every trajectory is p + v t
    double collapse_time;      ///< resolved TC parameter (0: not yet resolved and automatic)

    ccl_body_slot *bodies;
    ccl_body_cold *cold; ///< beside bodies: cold[i] is circle i's
    uint32_t *generation;
    void **user_data;
    ccl_image_count *images; ///< each slot's image once asked for (world/unwrap.h); else NULL
    bool track_images;       ///< ccl_world_track_unwrapped was called (periodic worlds only)
    int32_t slot_capacity, slot_count, live_count, free_head;
    int32_t fetch_trail; ///< the look-ahead's circle of the step before last (-1: none; a hint)

    ccl_grid grid;
    bool repredict_pending; ///< circles must be binned and predicted again before the next event

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
    ccl_world_ledger ledger; ///< where kinetic energy went (world/ledger.h)
    uint64_t events_since_rebase;
    ccl_memory memory;        ///< the allocator hooks and the bytes held
    size_t cache_bytes;       ///< the core's second-level cache (ccl_world_cache_bytes)
    size_t fetch_ahead_bytes; ///< the look-ahead runs from this much memory_bytes on (world.c)
    ccl_refusal refusal;      ///< the last CCL_ERR_OVERLAP's refused shape
    ccl_growth growth;        ///< growing radii (world/growth.h); rate 0 when none

    ccl_filter *filters; ///< the first filter_capacity slots' filters (world/filter.h), or NULL
    int32_t filter_capacity;
    bool pair_checks;       ///< a filter may forbid a pair, or a sensor exists: every neighbour
                            ///< scan looks at each pair (world/filter.h)
    int32_t narrow_filters; ///< live circles whose filter may forbid a pair
    int32_t sensor_count;   ///< live sensors
    ccl_obstacle_ids segment_ids, point_ids;
    ccl_sensor_touch *touches; ///< sensor touches going on (world/sensor.h)
    int32_t touch_count;
    size_t touch_capacity;
};

/// The cold half of the circle whose hot slot is b.
static inline ccl_body_cold *ccl_body_cold_of(const ccl_world *w, const ccl_body_slot *b) {
    return &w->cold[b - w->bodies];
}

/// Whether circle b stays where it is between events: immovable and not kinematic, or asleep.
static inline bool ccl_body_fixed(const ccl_body_slot *b) {
    return (b->immovable && !b->kinematic) || b->asleep;
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
