/* circol: the game kit. Kinematic circles (moved by the caller, never pushed), teleports,
 * collision filters, sensors, and segments and points that can be removed. Every contact is still
 * found in time order, whatever the frame rate. */
#ifndef CIRCOL_GAME_H
#define CIRCOL_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "base.h"
#include "collision.h"
#include "math.h"
#include "world.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Kinematic circles. A circle added with mass 0 is immovable; ccl_world_set_velocity gives it a
 * velocity and makes it kinematic: it moves on a straight line at that velocity (no gravity, no
 * damping) until the velocity is set again, with infinite mass. Circles that meet it bounce off
 * it as off a moving wall (the reflection of their velocity in its frame, with the pair's
 * restitution), and nothing pushes it. It stops (velocity 0) where it meets a box wall, a segment,
 * a point or another circle of mass 0, and where it would crush a circle against something: a
 * circle hit by it less than the collapse time after its previous collision stops with it. Not in
 * a damped world (CCL_ERR_UNSUPPORTED). */

/// Moves a circle to position at the current world time, keeping its velocity (a teleport, not a
/// motion: nothing between the two places is touched). In a periodic world the position is
/// wrapped into the box, and the circle's unwrapped position becomes the position given. A place
/// outside a walled box: CCL_ERR_OUTSIDE_BOX; overlapping a segment or point: CCL_ERR_OVERLAP;
/// overlapping circles: the world's overlap policy (refused with CCL_ERR_OVERLAP, which
/// ccl_world_last_overlap explains, or drifting apart). A refused teleport changes nothing. A
/// sleeping circle wakes. CCL_ERR_INVALID_ARGUMENT for NULL or non-finite input.
ccl_status ccl_world_set_position(ccl_world *world, ccl_circle_id id, ccl_vec2 position);

/* Collision filters. Every circle has a category and a mask (default 1 and all bits): two circles
 * interact (collide, or touch as a sensor and a circle) only when each one's category has a bit
 * in the other's mask. Pairs filtered out are never predicted, pass through each other, and do
 * not count as overlapping for the overlap policy. Box walls, segments and points are not
 * filtered. */

/// The default category and mask.
#define CCL_FILTER_DEFAULT_CATEGORY 1u
#define CCL_FILTER_ALL              0xFFFFFFFFu

/// Sets a circle's category and mask, at any time (the neighbours' events are predicted again at
/// the next advance). A sensor touch the new filter forbids ends without an event.
ccl_status ccl_world_set_filter(ccl_world *world, ccl_circle_id id, uint32_t category,
                                uint32_t mask);

/* Sensors. A sensor circle exchanges no impulse with circles: it reports when a circle begins to
 * touch it (CCL_CONTACT_SENSOR_BEGIN, at the swept test's entry time) and stops touching it
 * (CCL_CONTACT_SENSOR_END, at the exit time), as contact events with a the sensor and b the
 * circle. A circle found overlapping a sensor (added, moved there, or allowed by a filter) begins
 * to touch it at once. It still meets box walls, segments and points as any circle. Two sensors
 * ignore each other, and so do two circles that never move (immovable or asleep). Removing a
 * circle ends its touches without an event. Not in a world with gravity (CCL_ERR_UNSUPPORTED). */

/// Makes a circle a sensor, or an ordinary circle again (its touches then end without an event).
ccl_status ccl_world_set_sensor(ccl_world *world, ccl_circle_id id, bool sensor);

/* Obstacles with ids. ccl_world_add_segment and ccl_world_add_point return an index; the index
 * names the obstacle until it is removed (indices are not reused). */

/// Removes a segment; its index then names nothing (CCL_ERR_STALE_ID).
ccl_status ccl_world_remove_segment(ccl_world *world, int index);

/// Removes a point; its index then names nothing (CCL_ERR_STALE_ID).
ccl_status ccl_world_remove_point(ccl_world *world, int index);

#ifdef __cplusplus
}
#endif

#endif
