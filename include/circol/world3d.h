/* circol: the event-driven world of hard spheres in 3D. Spheres move on straight lines,
 * p(t) = p0 + v0 t, from one collision to the next; collisions are processed in time order, so no
 * sphere passes through another or a wall. The same shape of API as the 2D world (world.h): a
 * default definition, ids, add and remove, advance, export, statistics, contact events, overlap
 * policy and statuses. Immovable spheres (mass 0) never move.
 */
#ifndef CIRCOL_WORLD3D_H
#define CIRCOL_WORLD3D_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "collision3d.h"
#include "math.h"
#include "world.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ccl_world3d ccl_world3d;

/// A sphere's handle: slot index plus generation. A removed sphere's id is refused
/// (CCL_ERR_STALE_ID), also after its slot is reused. The zero id is never valid.
typedef struct ccl_sphere_id {
    uint32_t index;
    uint32_t generation;
} ccl_sphere_id;

/// One collision, as it happened. kind is CCL_CONTACT_CIRCLE for another sphere (b) and
/// CCL_CONTACT_BOX for a box wall (wall: 0 x min, 1 x max, 2 y min, 3 y max, 4 z min, 5 z max).
typedef struct ccl_contact_event3 {
    double time;           ///< World time of the impact.
    ccl_contact_kind kind; ///< What a hit.
    ccl_sphere_id a;       ///< The sphere.
    ccl_sphere_id b;       ///< The other sphere (kind CIRCLE), else the zero id.
    int wall;              ///< The box wall; -1 for spheres.
    ccl_vec3 point;        ///< Contact point.
    ccl_vec3 normal;       ///< Unit normal from a toward the other party.
    double impulse;        ///< Impulse magnitude exchanged along normal (mass x velocity).
} ccl_contact_event3;

/// Called for each collision during ccl_world3d_advance. The world is locked meanwhile: calls
/// that change it return CCL_ERR_LOCKED; queries work.
typedef void ccl_contact3_fn(const ccl_contact_event3 *event, void *user);

/// How to build a world of spheres. Get one from ccl_world3d_default_def().
typedef struct ccl_world3d_def {
    ccl_vec3 box_min;           ///< Lowest corner of the domain. Default (0, 0, 0).
    ccl_vec3 box_max;           ///< Highest corner. Default (100, 100, 100).
    ccl_boundary boundary;      ///< Default CCL_BOUNDARY_WALLS (six walls).
    double restitution;         ///< Restitution of box walls, and of spheres added with
                                ///< restitution < 0. In [0, 1]. Default 1.
    double collapse_time;       ///< TC model: a collision of a sphere that collided less than this
                                ///< long ago is elastic, so inelastic collapse cannot stall the
                                ///< world. Default 0: 1e-6 of the time to cross the largest
                                ///< diameter at the rms speed, set by the first advance with
                                ///< moving spheres.
    double cell_size;           ///< Grid cell edge; 0 (default) picks it from the sphere count.
                                ///< Raised to a diameter (plus a margin) and to at most four cells
                                ///< per sphere.
    ccl_overlap_policy overlap; ///< Default CCL_OVERLAP_REJECT; CCL_OVERLAP_SEPARATE is not
                                ///< simulated in 3D (CCL_ERR_UNSUPPORTED).
    int capacity;               ///< Expected number of spheres (a hint). Default 0.
    int max_spheres;            ///< Hard limit; add beyond it gives CCL_ERR_FULL. Default 1<<26.
    uint64_t max_events_per_advance; ///< 0 (default) for no limit; see CCL_ERR_EVENT_LIMIT.
    bool record_contacts;            ///< Keep every contact of an advance for
                                     ///< ccl_world3d_contact_events. Default false.
    ccl_contact3_fn *on_contact;     ///< Optional callback per collision. Default NULL.
    void *contact_user;              ///< Passed to on_contact.
    ccl_allocator allocator;         ///< Default: malloc/free (all fields NULL).
    ccl_log_fn *log;                 ///< Optional warnings.
    void *log_user;                  ///< Passed to log.
} ccl_world3d_def;

/// How to add a sphere. Get one from ccl_sphere_default_def(). The ranges are the 2D world's
/// (CCL_MAX_LENGTH, CCL_MAX_SPEED, CCL_MIN_MASS, CCL_MAX_MASS in world.h).
typedef struct ccl_sphere_def {
    ccl_vec3 position;  ///< Centre at the current world time.
    ccl_vec3 velocity;  ///< Each component at most CCL_MAX_SPEED in magnitude. Default 0.
    double radius;      ///< > 0 and at most CCL_MAX_LENGTH. Default 1.
    double mass;        ///< In [CCL_MIN_MASS, CCL_MAX_MASS], or 0 for immovable. Default 1.
    double restitution; ///< In [0, 1], or finite and < 0 (default -1) for the world's.
    void *user_data;    ///< Yours. Default NULL.
} ccl_sphere_def;

/// A sphere's state at the current world time.
typedef struct ccl_sphere_state {
    ccl_sphere_id id;
    ccl_vec3 position, velocity;
    double radius, mass, restitution;
    void *user_data;
} ccl_sphere_state;

/// Statistics since the world was created (or since ccl_world3d_reset_stats).
typedef struct ccl_world3d_stats {
    double time;               ///< Current world time.
    uint64_t collisions;       ///< Sphere-sphere collisions.
    uint64_t wall_collisions;  ///< Collisions with box walls.
    uint64_t events;           ///< All processed events (collisions, cell crossings, ...).
    int sphere_count;          ///< Live spheres.
    double kinetic_energy;     ///< Sum of m v^2 / 2 over movable spheres, now.
    ccl_vec3 momentum;         ///< Sum of m v over movable spheres, now.
    double virial;             ///< Sum over sphere-sphere collisions of r_ab . J_b: in 3D,
                               ///< P V = N kT + virial / (3 t).
    double virial_time;        ///< Time over which virial was accumulated.
    size_t memory_bytes;       ///< Bytes held from the allocator.
    uint64_t guard_collisions; ///< Collisions made elastic by the collapse guard.
} ccl_world3d_stats;

/// A definition with every default filled in.
ccl_world3d_def ccl_world3d_default_def(void);

/// A sphere definition with every default filled in.
ccl_sphere_def ccl_sphere_default_def(void);

/// Creates a world; *out is NULL on failure. A box whose corners are not finite, not ordered or
/// beyond CCL_MAX_LENGTH, or a restitution outside [0, 1]: CCL_ERR_INVALID_ARGUMENT.
ccl_status ccl_world3d_create(const ccl_world3d_def *def, ccl_world3d **out);

/// Destroys a world and everything in it. NULL is allowed.
void ccl_world3d_destroy(ccl_world3d *world);

/// Adds a sphere at the current world time; id (may be NULL) receives its handle. A sphere that
/// crosses a wall, or one at least as wide as a walled box, or wider than a third of a periodic
/// box: CCL_ERR_OUTSIDE_BOX. One overlapping another by more than touching: CCL_ERR_OVERLAP.
ccl_status ccl_world3d_add_sphere(ccl_world3d *world, const ccl_sphere_def *def, ccl_sphere_id *id);

/// Removes a sphere; its id becomes stale.
ccl_status ccl_world3d_remove_sphere(ccl_world3d *world, ccl_sphere_id id);

/// Advances the world by dt >= 0, processing every event in time order. A dt that would take the
/// world's time past the largest double is refused (CCL_ERR_INVALID_ARGUMENT).
ccl_status ccl_world3d_advance(ccl_world3d *world, double dt);

/// Advances until `collisions` more sphere-sphere collisions happened (the time is then that of
/// the last one), or until max_dt passed (INFINITY: no end in time), whichever comes first.
ccl_status ccl_world3d_advance_collisions(ccl_world3d *world, uint64_t collisions, double max_dt);

/// The current world time.
double ccl_world3d_time(const ccl_world3d *world);

/// Number of live spheres.
int ccl_world3d_sphere_count(const ccl_world3d *world);

/// True if id names a live sphere.
bool ccl_world3d_is_valid(const ccl_world3d *world, ccl_sphere_id id);

/// One sphere's state at the current world time.
ccl_status ccl_world3d_get_sphere(const ccl_world3d *world, ccl_sphere_id id,
                                  ccl_sphere_state *out);

/// Sets a sphere's velocity at the current world time. An immovable sphere keeps its rest:
/// CCL_ERR_INVALID_ARGUMENT.
ccl_status ccl_world3d_set_velocity(ccl_world3d *world, ccl_sphere_id id, ccl_vec3 velocity);

/// Writes up to capacity sphere states (in slot order) and sets *count to the number written.
ccl_status ccl_world3d_export(const ccl_world3d *world, ccl_sphere_state *out, int capacity,
                              int *count);

/// The contacts of the last advance when def.record_contacts is set (else none). The pointer
/// stays valid until the next call that changes the world.
const ccl_contact_event3 *ccl_world3d_contact_events(const ccl_world3d *world, size_t *count);

/// Statistics (energy and momentum computed now).
ccl_world3d_stats ccl_world3d_get_stats(const ccl_world3d *world);

/// Zeroes the counters and the virial (for measuring after equilibration).
void ccl_world3d_reset_stats(ccl_world3d *world);

/// Scales all movable spheres' velocities by factor. Changes nothing and returns
/// CCL_ERR_INVALID_ARGUMENT when a component would exceed CCL_MAX_SPEED.
ccl_status ccl_world3d_scale_velocities(ccl_world3d *world, double factor);

/// The largest overlap now, 0 when none: over every pair of spheres (sum of radii minus
/// distance) and every sphere against a box wall. O(N) with the grid.
double ccl_world3d_max_overlap(const ccl_world3d *world);

#ifdef __cplusplus
}
#endif

#endif
