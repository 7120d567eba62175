/* Private: the 3D world's layout, which every file of src/world3d/ shares. Like the 2D world it
 * owns a broad phase (its grid, broad/grid3d.h, and the event queue, broad/queue.h) and the
 * spheres' slots; every sphere moves on a straight line, so there is one motion law and no
 * obstacles, resting or sleep (docs/ARCHITECTURE.md). */
#ifndef CIRCOL_WORLD3D_WORLD3D_H
#define CIRCOL_WORLD3D_WORLD3D_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "broad/grid3d.h"
#include "broad/queue.h"
#include "circol/world3d.h"
#include "core/body_cold.h"
#include "core/growing.h"
#include "core/memory.h"

/// What a sphere's next event is.
typedef enum ccl_event3_kind {
    CCL_EVENT3_NONE = 0,
    CCL_EVENT3_SPHERE, ///< event_partner: its slot; event_partner_course: its course then
    CCL_EVENT3_WALL,   ///< event_partner: the wall, 2 axis + (1 for the upper one)
    CCL_EVENT3_CELL, ///< event_partner: the cell face it leaves by, 2 axis + (1 for the upper one)
} ccl_event3_kind;

/// What a neighbour scan reads of a sphere, in one cache line (64 bytes; the array is allocated
/// on 64-byte boundaries). Position and velocity are those at its own time.
typedef struct ccl_sphere_slot {
    ccl_vec3 position, velocity;
    double time; ///< the sphere's local time (internal time base)
    double radius;
} ccl_sphere_slot;
_Static_assert(sizeof(ccl_sphere_slot) == 64, "a hot slot is one cache line");

/// A sphere's place in the grid and its flags (16 bytes, four to a cache line): what a walk over a
/// cell's list reads, beside the slot.
typedef struct ccl_sphere_link {
    ccl_grid_link link; ///< its cell and the next sphere there (next: also the free-list link)
    uint32_t course;    ///< bumped whenever its trajectory changes
    uint8_t event_kind;
    uint8_t alive;
    uint8_t immovable;
    uint8_t spare;
} ccl_sphere_link;
_Static_assert(sizeof(ccl_sphere_link) == 16, "four links share a cache line");

/// The net number of times a sphere crossed a periodic box's edges along each axis (its image):
/// its unwrapped position is its position in the box plus image times the box size.
typedef struct ccl_image_count3 {
    int64_t axis[3];
} ccl_image_count3;

struct ccl_world3d {
    ccl_world3d_def def;
    double time;          ///< internal time; world time is time_base + time
    double time_base;     ///< moved forward by re-basing
    double collapse_time; ///< resolved TC parameter (0: not yet resolved)

    ccl_sphere_slot *slots;
    ccl_sphere_link *links;
    ccl_body_cold *cold;
    uint32_t *generation;
    void **user_data;         ///< NULL until a sphere carries user data
    ccl_image_count3 *images; ///< NULL until ccl_world3d_track_unwrapped in a periodic box
    int32_t capacity, slot_count, live_count, free_head;

    ccl_grid3 grid;
    bool repredict_pending; ///< spheres must be binned and predicted again before the next event
    ccl_queue queue;
    int32_t fetch_trail; ///< the look-ahead's sphere of one step before (-1: none; a hint only)
    size_t fetch_bytes;  ///< the world memory from which the look-ahead runs
    size_t cache_bytes;  ///< the core's second-level cache

    ccl_contact_event3 *contacts;
    size_t contact_count, contact_capacity;

    bool locked;
    uint64_t collisions, wall_collisions, events, guard_collisions;
    double virial, stats_since;
    uint64_t events_since_rebase;
    ccl_growth growth; ///< growing radii (world3d/growth3d.h); rate 0 when none
    ccl_memory memory;
};

/// Where the spheres' grid links are.
static inline ccl_grid_links ccl_world3d_grid_links(ccl_world3d *w) {
    ccl_grid_links links = {(char *)&w->links[0].link, sizeof(ccl_sphere_link)};
    return links;
}

/// Sphere i's position at internal time t.
static inline ccl_vec3 ccl_sphere_position_at(const ccl_world3d *w, int32_t i, double t) {
    const ccl_sphere_slot *s = &w->slots[i];
    double tau = t - s->time;
    if (tau == 0.0) {
        return s->position;
    }
    return ccl_v3(s->position.x + s->velocity.x * tau, s->position.y + s->velocity.y * tau,
                  s->position.z + s->velocity.z * tau);
}

/// Moves sphere i to internal time t.
static inline void ccl_sphere_move_to(ccl_world3d *w, int32_t i, double t) {
    w->slots[i].position = ccl_sphere_position_at(w, i, t);
    w->slots[i].time = t;
}

/// Grows every per-sphere array, the queue last, to hold `needed` spheres. On
/// CCL_ERR_OUT_OF_MEMORY nothing changes.
ccl_status ccl_world3d_reserve(ccl_world3d *w, int32_t needed);

/// Makes *items, a per-sphere array of row bytes that exists only once asked for, present: zeroed
/// rows for every slot, grown with the others from then on. On CCL_ERR_OUT_OF_MEMORY nothing
/// changes.
ccl_status ccl_world3d_attach(ccl_world3d *w, void **items, size_t row);

/// b - a, the minimum image of it when periodic.
ccl_vec3 ccl_world3d_separation(const ccl_world3d *w, ccl_vec3 a, ccl_vec3 b);

/// Moves spheres i and k to the present (internal time w->time) and gives the separation of their
/// positions there (ccl_world3d_separation, i's first): where a collision of the pair starts.
static inline ccl_vec3 ccl_world3d_pair_now(ccl_world3d *w, int32_t i, int32_t k) {
    ccl_sphere_move_to(w, i, w->time);
    ccl_sphere_move_to(w, k, w->time);
    return ccl_world3d_separation(w, w->slots[i].position, w->slots[k].position);
}

/// Predicts sphere i's next event from the present (its state is at w->time) and files it; a
/// meeting with sphere `exclude` at the present instant is passed over (-1: none).
void ccl_world3d_predict(ccl_world3d *w, int32_t i, int32_t exclude);

/// Builds the grid again for the present spheres (moved to the present) and bins them. On
/// CCL_ERR_OUT_OF_MEMORY nothing changes.
ccl_status ccl_world3d_rebuild_grid(ccl_world3d *w, double max_radius);

/// The resolved collapse time (0 while it cannot be resolved yet).
double ccl_world3d_collapse_time(ccl_world3d *w);

/// The live sphere slot named by id, or -1.
int32_t ccl_world3d_slot_of(const ccl_world3d *w, ccl_sphere_id id);

/// The collision of spheres i and k, due now.
ccl_status ccl_world3d_collide(ccl_world3d *w, int32_t i, int32_t k);

/// Sphere i's bounce off the wall of its event, due now.
ccl_status ccl_world3d_bounce(ccl_world3d *w, int32_t i);

/// Sphere i's id.
ccl_sphere_id ccl_world3d_id_of(const ccl_world3d *w, int32_t i);

/// Records a contact event (room was reserved before it) and calls the callback, locked.
void ccl_world3d_report(ccl_world3d *w, const ccl_contact_event3 *event);

/// Room for one more contact record (when they are recorded).
ccl_status ccl_world3d_reserve_contact(ccl_world3d *w);

#endif
