/* circol: the library's version, and questions asked of a world at its current time: which
 * circle a refusal met, what a ray hits first, which circles overlap a region. */
#ifndef CIRCOL_QUERY_H
#define CIRCOL_QUERY_H

#include <stdbool.h>

#include "base.h"
#include "collision.h"
#include "math.h"
#include "world.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The version of these headers; ccl_version() gives the library's, which matches when the
/// headers and the library come from one build.
#define CIRCOL_VERSION_MAJOR 0
#define CIRCOL_VERSION_MINOR 1
#define CIRCOL_VERSION_PATCH 0

/// The library's version as "MAJOR.MINOR.PATCH". Never NULL.
const char *ccl_version(void);

/// The library's version as MAJOR * 10000 + MINOR * 100 + PATCH.
int ccl_version_number(void);

/// What the last CCL_ERR_OVERLAP of a world met.
typedef struct ccl_overlap_partner {
    ccl_contact_kind kind; ///< CIRCLE, SEGMENT or POINT.
    ccl_circle_id circle;  ///< The circle (kind CIRCLE), else the zero id.
    int obstacle;          ///< Index of the segment or point, else -1.
} ccl_overlap_partner;

/// What the world's last refusal with CCL_ERR_OVERLAP (adding a circle, segment or point) met.
/// It is looked up at this call, in the world as it is now (O(N) with the circles and
/// obstacles): ask before changing the world. The circle or obstacle found first is given: for a
/// refused circle, a segment (lowest index), else a point, else a circle; for a refused segment
/// or point, a circle. CCL_ERR_INVALID_ARGUMENT for a NULL argument; CCL_ERR_STALE_ID when no
/// refusal was recorded or nothing overlaps the refused shape any more.
ccl_status ccl_world_last_overlap(const ccl_world *world, ccl_overlap_partner *out);

/// The first thing a ray meets.
typedef struct ccl_ray_hit {
    bool hit;              ///< False when the ray meets nothing (the other fields are then unset).
    ccl_contact_kind kind; ///< A circle, segment, point or box wall.
    ccl_circle_id circle;  ///< The circle (kind CIRCLE), else the zero id.
    int index;             ///< Segment, point or box wall (0 left, 1 right, 2 bottom, 3 top);
                           ///< -1 for circles.
    double fraction;       ///< Where along the ray: the hit point is origin + fraction translation.
    ccl_vec2 point;        ///< The hit point, in the ray's frame (not wrapped into the box).
    ccl_vec2 normal;       ///< Unit normal of the surface hit, against the ray (n . d <= 0).
} ccl_ray_hit;

/// The first circle, segment, point or box wall that the segment from origin to origin +
/// translation meets, at the world's current time. A ray starting inside a circle, or on a
/// segment, point or wall, hits it at fraction 0. In a periodic world the ray crosses the box's
/// edges and meets the periodic images (it may be at most 64 box sizes long). Circles are found
/// through the grid (the cells along the ray and their neighbours, nearest first), segments and
/// points by looking at each. CCL_ERR_INVALID_ARGUMENT for NULL, non-finite or too long input.
ccl_status ccl_world_ray_cast(const ccl_world *world, ccl_vec2 origin, ccl_vec2 translation,
                              ccl_ray_hit *hit);

/// The circles that overlap the circle at centre with this radius (>= 0), at the world's current
/// time: closer than the sum of the radii (touching does not count). Writes up to capacity ids
/// to out and sets *count to how many there are (which may exceed capacity: call again with
/// more room). In a periodic world a circle counts once if any periodic image overlaps, and the
/// query region must fit in the box (radius at most half its smaller side). Found through the
/// grid. CCL_ERR_INVALID_ARGUMENT for NULL, non-finite or negative input.
ccl_status ccl_world_query_circle(const ccl_world *world, ccl_vec2 centre, double radius,
                                  ccl_circle_id *out, int capacity, int *count);

/// The circles that overlap the box [lo, hi] (lo <= hi componentwise): their centre closer than
/// their radius to it. As ccl_world_query_circle otherwise (in a periodic world the box must be
/// no larger than the world's box).
ccl_status ccl_world_query_aabb(const ccl_world *world, ccl_vec2 lo, ccl_vec2 hi,
                                ccl_circle_id *out, int capacity, int *count);

/// The circles that contain point p (closer to their centre than their radius). As
/// ccl_world_query_circle with radius 0.
ccl_status ccl_world_query_point(const ccl_world *world, ccl_vec2 p, ccl_circle_id *out,
                                 int capacity, int *count);

#ifdef __cplusplus
}
#endif

#endif
