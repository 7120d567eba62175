/* circol: the event-driven world. Circles move on exact trajectories from one collision to the
 * next; collisions are processed in time order, so no circle passes through another or a wall.
 *
 * Trajectories: without damping, p(t) = p0 + v0 t + g t^2 / 2. With linear damping gamma,
 * v(t) = g / gamma + (v0 - g / gamma) exp(-gamma t) and p(t) = p0 + (g / gamma) t + (v0 - g /
 * gamma) s(t), s = (1 - exp(-gamma t)) / gamma (without gravity, v0 exp(-gamma t) and p0 + v0 s).
 * Immovable circles (mass 0) never move and feel no gravity.
 */
#ifndef CIRCOL_WORLD_H
#define CIRCOL_WORLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "collision.h"
#include "math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ccl_world ccl_world;

/// A circle's handle: slot index plus generation. A removed circle's id is refused
/// (CCL_ERR_STALE_ID) in every build, also after its slot is reused. The zero id is never valid.
typedef struct ccl_circle_id {
    uint32_t index;
    uint32_t generation;
} ccl_circle_id;

/// What the domain's edge does.
typedef enum ccl_boundary {
    CCL_BOUNDARY_WALLS = 0, ///< Four fixed walls along the box edges.
    CCL_BOUNDARY_PERIODIC,  ///< Opposite edges are identified (a torus).
} ccl_boundary;

/// What ccl_world_add_circle does with a circle that overlaps other circles. It concerns circles
/// only: under either policy a circle that crosses a box wall is refused with
/// CCL_ERR_OUTSIDE_BOX, and one that overlaps a segment or point with CCL_ERR_OVERLAP.
typedef enum ccl_overlap_policy {
    CCL_OVERLAP_REJECT = 0, ///< Refuse it with CCL_ERR_OVERLAP.
    CCL_OVERLAP_SEPARATE,   ///< Accept it; overlapping pairs drift apart at separation_speed,
                            ///< then collide normally. No energy is added to the circles. The
                            ///< drift stops where either circle would meet a segment or point
                            ///< (the pair then stays overlapping until their motion parts them).
                            ///< A circle overlapping several drifts from one pair to the next in
                            ///< the order they were found, so its path depends on the order the
                            ///< circles were added in.
                            ///< One overlapping more than 64 circles is refused (CCL_ERR_OVERLAP).
} ccl_overlap_policy;

/// What a contact event's other party is.
typedef enum ccl_contact_kind {
    CCL_CONTACT_CIRCLE = 0,   ///< Another circle (event.b).
    CCL_CONTACT_SEGMENT,      ///< A static segment (event.wall is its index).
    CCL_CONTACT_POINT,        ///< A static point (event.wall is its index).
    CCL_CONTACT_BOX,          ///< A box wall (event.wall: 0 left, 1 right, 2 bottom, 3 top).
    CCL_CONTACT_SENSOR_BEGIN, ///< Sensor a began to touch circle b (impulse 0; circol/game.h).
    CCL_CONTACT_SENSOR_END,   ///< Sensor a stopped touching circle b (impulse 0).
} ccl_contact_kind;

/// One collision, as it happened.
typedef struct ccl_contact_event {
    double time;           ///< World time of the impact.
    ccl_contact_kind kind; ///< What a hit.
    ccl_circle_id a;       ///< The circle.
    ccl_circle_id b;       ///< The other circle (kind CIRCLE), else the zero id.
    int wall;              ///< Index of the segment, point or box wall; -1 for circles.
    ccl_vec2 point;        ///< Contact point.
    ccl_vec2 normal;       ///< Unit normal from a toward the other party.
    double impulse;        ///< Impulse magnitude exchanged along normal (mass x velocity).
} ccl_contact_event;

/// Called for each collision during ccl_world_advance. The world is locked meanwhile: calls that
/// change it return CCL_ERR_LOCKED; queries work.
typedef void ccl_contact_fn(const ccl_contact_event *event, void *user);

/// How to build a world. Get one from ccl_world_default_def() and change what you need.
typedef struct ccl_world_def {
    ccl_vec2 box_min;           ///< Lower-left corner of the domain. Default (0, 0).
    ccl_vec2 box_max;           ///< Upper-right corner. Default (100, 100).
    ccl_boundary boundary;      ///< Default CCL_BOUNDARY_WALLS.
    ccl_vec2 gravity;           ///< Uniform acceleration, length/time^2. Default (0, 0).
    double damping;             ///< Linear damping rate gamma >= 0, 1/time. Default 0.
                                ///< With gravity too, circles fall towards g / gamma.
    double restitution;         ///< Restitution of box walls, segments and points, and of
                                ///< circles added with restitution < 0. In [0, 1]. Default 1.
    double collapse_time;       ///< TC model (Luding and McNamara): a collision between circles
                                ///< that collided less than this long ago is fully elastic, so
                                ///< inelastic collapse cannot stall the world (under gravity,
                                ///< only approaches slower than 2 rest_speed). Time; default 0
                                ///< means automatic: 1e-2 sqrt(r_max / |g|) under gravity, else
                                ///< 1e-6 of the time to cross a diameter at the rms speed, set
                                ///< once, by the first advance with circles (moving ones, without
                                ///< gravity).
    double rest_speed;          ///< Under gravity, a circle leaving a wall slower than this
                                ///< rests on it, and an inelastic circle left slower than 8 of
                                ///< these by a collision (1 by a wall bounce) whose fixed contacts
                                ///< hold it falls asleep: velocity exactly 0, fixed (up to 1e-3
                                ///< radii off its contacts) until what holds it goes, or it is
                                ///< hit across gravity or up (it then answers with its own mass
                                ///< and restitution), or down faster than 8 of these and not
                                ///< into its supports. A circle whose velocity across gravity
                                ///< is at least this, and not into a wall, segment, point or
                                ///< immovable circle, stays awake (a floor is frictionless).
                                ///< Length/time; default 0 means automatic (from gravity, the
                                ///< radii and the box's coordinates).
    double cell_size;           ///< Grid cell edge; 0 (default) picks it from the circle count.
                                ///< A chosen edge is raised to a diameter (plus a margin) and
                                ///< to at most four cells per circle; much larger cells than
                                ///< the circles' spacing make every add and prediction scan
                                ///< many circles.
    ccl_overlap_policy overlap; ///< Default CCL_OVERLAP_REJECT.
    double separation_speed;    ///< For CCL_OVERLAP_SEPARATE: length/time. Default 1.
    int capacity;               ///< Expected number of circles (a hint). Default 0.
    int max_circles;            ///< Hard limit; add beyond it gives CCL_ERR_FULL. Default 1<<26.
    uint64_t max_events_per_advance; ///< 0 (default) for no limit; see CCL_ERR_EVENT_LIMIT.
    bool record_contacts;            ///< Keep every contact of an advance for
                                     ///< ccl_world_contact_events. Default false.
    ccl_contact_fn *on_contact;      ///< Optional callback per collision. Default NULL.
    void *contact_user;              ///< Passed to on_contact.
    ccl_allocator allocator;         ///< Default: malloc/free (all fields NULL).
    ccl_log_fn *log;                 ///< Optional warnings (e.g. collapse guard engaged).
    void *log_user;                  ///< Passed to log.
} ccl_world_def;

/// The range of a movable circle's mass. Beyond it an impulse, a momentum or a kinetic energy
/// could overflow (1 / 1e308 is subnormal); circol refuses such a circle with
/// CCL_ERR_INVALID_ARGUMENT rather than compute garbage. Choose units that keep masses near 1:
/// within the ranges a kinetic energy can still pass DBL_MAX (a mass near CCL_MAX_MASS at a
/// speed near CCL_MAX_SPEED), and ccl_world_get_stats then gives an infinite kinetic_energy.
#define CCL_MIN_MASS 1e-100
#define CCL_MAX_MASS 1e100

/// The range of lengths and speeds. The world predicts its events in plain double arithmetic, from
/// squared distances and squared speeds, which overflow beyond this range: two circles could then
/// pass through each other unseen (the narrow phase's functions rescale and have no such limit).
/// circol refuses a box whose corners or sides exceed CCL_MAX_LENGTH in magnitude, a segment or
/// point with a coordinate beyond it, a radius above it and a velocity component above
/// CCL_MAX_SPEED in magnitude, with CCL_ERR_INVALID_ARGUMENT.
/// At the other end, two circles whose radii add up to less than about 1e-154 have a squared
/// contact distance below the normal numbers, and a pair of them can be found touching when they
/// pass wide of each other (a single tiny circle against walls, segments and points is exact).
/// Choose units that keep lengths and speeds near 1.
#define CCL_MAX_LENGTH 1e150
#define CCL_MAX_SPEED  1e150

/// How to add a circle. Get one from ccl_circle_default_def().
typedef struct ccl_circle_def {
    ccl_vec2 position; ///< Centre at the current world time.
    ccl_vec2 velocity; ///< Each component at most CCL_MAX_SPEED in magnitude. Default (0, 0).
    double radius;     ///< > 0 and at most CCL_MAX_LENGTH. Default 1.
    double mass; ///< In [CCL_MIN_MASS, CCL_MAX_MASS], or 0 for immovable (which stays at rest:
                 ///< its velocity is ignored). Default 1.
    double restitution; ///< In [0, 1], or finite and < 0 (default -1) for the world's restitution.
    void *user_data;    ///< Yours. Default NULL.
} ccl_circle_def;

/// A circle's state at the current world time.
typedef struct ccl_circle_state {
    ccl_circle_id id;
    ccl_vec2 position, velocity;
    double radius, mass, restitution;
    void *user_data;
    bool asleep;       ///< At rest under gravity until something wakes it (velocity 0).
    bool kinematic;    ///< Mass 0 and moving at the velocity last set (circol/game.h).
    bool sensor;       ///< Reports touches, exchanges no impulse (circol/game.h).
    uint32_t category; ///< Collision filter (circol/game.h).
    uint32_t mask;
} ccl_circle_state;

/// Statistics since the world was created (or since ccl_world_reset_stats).
typedef struct ccl_world_stats {
    double time;               ///< Current world time.
    uint64_t collisions;       ///< Circle-circle collisions.
    uint64_t wall_collisions;  ///< Collisions with box walls, segments and points.
    uint64_t events;           ///< All processed events (collisions, cell crossings, ...).
    int circle_count;          ///< Live circles.
    double kinetic_energy;     ///< Sum of m v^2 / 2 over movable circles, now.
    ccl_vec2 momentum;         ///< Sum of m v over movable circles, now.
    double virial;             ///< Sum over circle-circle collisions of r_ab . J_b (centre
                               ///< distance times impulse): in 2D, P A = N kT + virial / (2 t).
    double virial_time;        ///< Time over which virial was accumulated.
    size_t memory_bytes;       ///< Bytes held from the allocator.
    uint64_t guard_collisions; ///< Collisions made elastic by the collapse guard.
} ccl_world_stats;

/// Where kinetic energy went, since the world was created (or since ccl_world_reset_stats): what
/// the collisions dissipated, and what each device that lets piles come to rest took or kept
/// against what the set restitutions alone would have done. Energies; the devices act only under
/// gravity, except the collapse guard.
typedef struct ccl_world_ledger {
    double collision_loss;   ///< Dissipated by circle-circle collisions, restitution as applied.
    double wall_loss;        ///< Dissipated by bounces off walls, segments and points, as applied.
    double guard_kept;       ///< Kept by the collapse guard: what the set restitutions would have
                             ///< dissipated in the collisions it made elastic.
    double push_added;       ///< Added by the least parting speed that keeps a pair pushed together
                             ///< by unequal accelerations from meeting again at one instant.
    double rest_taken;       ///< Taken by resting on walls (a bounce slower than rest_speed).
    double wedge_taken;      ///< Taken by wedge stops (circles stopped after quick collisions).
    double sleep_taken;      ///< Taken by falling asleep (velocity set to 0).
    ccl_vec2 momentum_taken; ///< Momentum that resting, wedge stops and sleep took (sum of m dv);
                             ///< each takes across gravity at most rest_speed per circle.
    uint64_t rest_stops, wedge_stops, sleeps; ///< How often each device acted.
} ccl_world_ledger;

/// A definition with every default filled in.
ccl_world_def ccl_world_default_def(void);

/// A circle definition with every default filled in.
ccl_circle_def ccl_circle_default_def(void);

/// Creates a world; *out is NULL on failure.
ccl_status ccl_world_create(const ccl_world_def *def, ccl_world **out);

/// Destroys a world and everything in it. NULL is allowed.
void ccl_world_destroy(ccl_world *world);

/// Adds a circle at the current world time. id (may be NULL) receives its handle. A movable circle
/// at least as wide or as high as a walled box could not move without touching both opposite
/// walls: CCL_ERR_OUTSIDE_BOX.
ccl_status ccl_world_add_circle(ccl_world *world, const ccl_circle_def *def, ccl_circle_id *id);

/// Removes a circle; its id becomes stale.
ccl_status ccl_world_remove_circle(ccl_world *world, ccl_circle_id id);

/// Adds a static two-sided segment wall; index (may be NULL) receives its index. In a periodic
/// world circles meet it across the box's edges too (its periodic images): it may lie on an edge,
/// and its ends must lie in the (closed) box, else CCL_ERR_OUTSIDE_BOX. CCL_ERR_OVERLAP if it cuts
/// a circle, CCL_ERR_FULL beyond 2^26 segments.
ccl_status ccl_world_add_segment(ccl_world *world, ccl_segment segment, int *index);

/// Adds a static point obstacle (a vertex); index (may be NULL) receives its index. The same rules
/// as for segments (periodic images, CCL_ERR_OUTSIDE_BOX, CCL_ERR_OVERLAP, CCL_ERR_FULL).
ccl_status ccl_world_add_point(ccl_world *world, ccl_vec2 point, int *index);

/// Advances the world by dt >= 0, processing every event in time order. A dt that would take the
/// world's time past the largest double is refused (CCL_ERR_INVALID_ARGUMENT, nothing changes):
/// the time stays finite.
ccl_status ccl_world_advance(ccl_world *world, double dt);

/// Advances until `collisions` more circle-circle collisions happened (the world time is then
/// that of the last one), or until max_dt passed, whichever comes first. A max_dt of INFINITY (or
/// one that would take the time past the largest double) sets no end in time: where no event is
/// left before it (a world at rest) the time stays at the last event processed; and after
/// 2^20 events plus 1024 a live circle in a row without a circle-circle collision (circles that
/// move but never meet: one circle in a periodic box, a ball bouncing alone) the advance returns
/// CCL_ERR_EVENT_LIMIT at the last event processed, so that it always returns; a call again goes
/// on. max_events_per_advance bounds the events of either kind of advance.
ccl_status ccl_world_advance_collisions(ccl_world *world, uint64_t collisions, double max_dt);

/// The current world time.
double ccl_world_time(const ccl_world *world);

/// Number of live circles.
int ccl_world_circle_count(const ccl_world *world);

/// True if id names a live circle.
bool ccl_world_is_valid(const ccl_world *world, ccl_circle_id id);

/// One circle's state at the current world time.
ccl_status ccl_world_get_circle(const ccl_world *world, ccl_circle_id id, ccl_circle_state *out);

/// Sets a circle's velocity at the current world time (each component at most CCL_MAX_SPEED in
/// magnitude). An immovable circle (mass 0) becomes kinematic: it moves at this velocity, with
/// infinite mass, until the next call (circol/game.h); in a damped world CCL_ERR_UNSUPPORTED.
ccl_status ccl_world_set_velocity(ccl_world *world, ccl_circle_id id, ccl_vec2 velocity);

/// Writes up to capacity circle states (in slot order) and sets *count to the number written.
/// Call with capacity ccl_world_circle_count(world) to get all.
ccl_status ccl_world_export(const ccl_world *world, ccl_circle_state *out, int capacity,
                            int *count);

/// The contacts of the last advance when def.record_contacts is set (else none). The pointer
/// stays valid until the next call that changes the world.
const ccl_contact_event *ccl_world_contact_events(const ccl_world *world, size_t *count);

/// Statistics (energy and momentum computed now).
ccl_world_stats ccl_world_get_stats(const ccl_world *world);

/// Writes the energy ledger (ccl_world_ledger) to *out. CCL_ERR_INVALID_ARGUMENT for NULL.
ccl_status ccl_world_energy_ledger(const ccl_world *world, ccl_world_ledger *out);

/// Zeroes the counters, the virial and the ledger (for measuring after equilibration).
void ccl_world_reset_stats(ccl_world *world);

/// Scales all movable circles' velocities by factor (e.g. to set a temperature). Changes nothing
/// and returns CCL_ERR_INVALID_ARGUMENT when a component would exceed CCL_MAX_SPEED.
ccl_status ccl_world_scale_velocities(ccl_world *world, double factor);

/// Makes every radius grow in time from now (Lubachevsky-Stillinger compression): a circle of
/// radius r0 at this call has radius r0 (1 + rate t) a time t later, immovable circles too. rate
/// >= 0 in 1/time; 0 stops the growth, the radii keeping the size they reached; a later call
/// starts again from the radii it finds. Contact times stay exact (a quadratic, as on straight
/// lines). A collision is elastic in the frame of the growing gap: the speed at which the gap
/// closed is turned round, so every pair parts faster than its contact distance grows, and the
/// kinetic energy grows with each collision (keep the temperature with
/// ccl_world_scale_velocities); restitution does not apply while radii grow. The grid is rebuilt
/// as the circles outgrow its cells. Radii are brought up to date at the end of each advance
/// (queries between advances read the present radii; inside a contact callback, those of the
/// last such update), so splitting an advance in two changes the radii in their last bits.
/// CCL_ERR_UNSUPPORTED under gravity or damping, or while a kinematic circle, a sensor or a filter
/// that forbids a pair is in the world (circol/game.h: those calls likewise refuse while radii
/// grow); an advance returns it where the largest circle would outgrow the box (wider than its
/// smaller side). CCL_ERR_INVALID_ARGUMENT for a negative, infinite or NaN rate; CCL_ERR_LOCKED
/// from a contact callback.
ccl_status ccl_world_set_growth_rate(ccl_world *world, double rate);

/// The growth rate last set (0 when radii do not grow).
double ccl_world_growth_rate(const ccl_world *world);

/// The largest overlap now, 0 when none: over every pair of circles (sum of radii minus distance)
/// and every circle against a box wall, segment or point (radius minus distance). O(N) with the
/// grid: each circle is checked against the circles in its neighbouring cells and the segments and
/// points listed in its own cell (right after obstacles were added and before the next advance,
/// against every segment and point).
double ccl_world_max_overlap(const ccl_world *world);

/// Starts counting, in a periodic box, each circle's box crossings for unwrapped positions (16
/// bytes a circle, which a world that never asks does not spend). Call it before the run: crossings
/// are counted from this call on. CCL_OK at once in a walled box; CCL_ERR_OUT_OF_MEMORY leaves the
/// world as it was.
ccl_status ccl_world_track_unwrapped(ccl_world *world);

/// A circle's unwrapped position now: in a periodic box, its position plus the box sizes it
/// crossed since ccl_world_track_unwrapped or since it was added, whichever came later (so that a
/// circle that travelled 25 box widths is 25 widths away); without that call, and in a walled box,
/// its position.
ccl_status ccl_world_get_unwrapped_position(const ccl_world *world, ccl_circle_id id,
                                            ccl_vec2 *out);

/// Writes up to capacity unwrapped positions in the order of ccl_world_export (slot order) and
/// sets *count to the number written.
ccl_status ccl_world_export_unwrapped(const ccl_world *world, ccl_vec2 *out, int capacity,
                                      int *count);

#ifdef __cplusplus
}
#endif

#endif
