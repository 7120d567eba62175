/* Private: the static obstacles (segments and points) and the code that names one periodic image
 * of one of them: 2 (9 index + image) + kind, kind 0 for a segment and 1 for a point. The grid's
 * obstacle tables list codes, and an obstacle event names the image it meets by its code. */
#ifndef CIRCOL_BROAD_OBSTACLES_H
#define CIRCOL_BROAD_OBSTACLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "circol/collision.h"
#include "core/memory.h"

/// Most segments (and most points) a world holds: obstacle codes must fit in an int32_t.
#define CCL_MAX_OBSTACLES (1 << 26)

/// The segments and the points, each in the order they were added.
typedef struct ccl_obstacles {
    ccl_segment *segments;
    int32_t segment_count;
    size_t segment_capacity;
    ccl_vec2 *points;
    int32_t point_count;
    size_t point_capacity;
} ccl_obstacles;

/// Appends segment s (a point: s.a) to the segments (or the points); *index gets its index. On
/// CCL_ERR_OUT_OF_MEMORY nothing changes.
ccl_status ccl_obstacles_push(ccl_obstacles *o, ccl_memory *m, ccl_segment s, bool point,
                              int32_t *index);

/// Takes back the last segment (or point) pushed.
static inline void ccl_obstacles_pop(ccl_obstacles *o, bool point) {
    if (point) {
        o->point_count--;
    } else {
        o->segment_count--;
    }
}

/// The code of image `image` (0..8) of segment (or point) `index`.
static inline int32_t ccl_obstacle_code(int32_t index, int image, bool point) {
    return 2 * (9 * index + image) + (point ? 1 : 0);
}

/// The index of the segment or point a code names.
static inline int32_t ccl_obstacle_code_index(int32_t code) {
    return (code >> 1) / 9;
}

/// The image a code names (0..8, CCL_OWN_IMAGE for the obstacle itself).
static inline int ccl_obstacle_code_image(int32_t code) {
    return (code >> 1) % 9;
}

/// Whether a code names a point (else a segment).
static inline bool ccl_obstacle_code_is_point(int32_t code) {
    return (code & 1) != 0;
}

/// An obstacle code taken apart: the segment or point, which of them, and the image.
typedef struct ccl_obstacle_ref {
    int32_t index; ///< the segment's or the point's index
    int image;     ///< 0..8, CCL_OWN_IMAGE for the obstacle itself
    bool point;    ///< a point, else a segment
} ccl_obstacle_ref;

/// The obstacle, kind and image a code names.
static inline ccl_obstacle_ref ccl_obstacle_decode(int32_t code) {
    ccl_obstacle_ref r = {ccl_obstacle_code_index(code), ccl_obstacle_code_image(code),
                          ccl_obstacle_code_is_point(code)};
    return r;
}

/// Whether two codes name (images of) the same obstacle.
static inline bool ccl_obstacle_codes_same_obstacle(int32_t a, int32_t b) {
    return ccl_obstacle_code_index(a) == ccl_obstacle_code_index(b) && (a & 1) == (b & 1);
}

/// Segment `index`, or point `index` as a segment of length 0.
static inline ccl_segment ccl_obstacle_shape(const ccl_obstacles *o, int32_t index, bool point) {
    return point ? ccl_make_segment(o->points[index], o->points[index]) : o->segments[index];
}

/// The obstacle a code names (an image's own shape, unshifted).
static inline ccl_segment ccl_obstacle_of_code(const ccl_obstacles *o, int32_t code) {
    return ccl_obstacle_shape(o, ccl_obstacle_code_index(code), ccl_obstacle_code_is_point(code));
}

/// Segments and points together: k < segment_count is segment k, else point k - segment_count.
static inline int32_t ccl_obstacle_count(const ccl_obstacles *o) {
    return o->segment_count + o->point_count;
}

/// The k-th obstacle of ccl_obstacle_count's numbering; *index and *point say which it is.
static inline ccl_segment ccl_obstacle_at(const ccl_obstacles *o, int32_t k, int32_t *index,
                                          bool *point) {
    *point = k >= o->segment_count;
    *index = *point ? k - o->segment_count : k;
    return ccl_obstacle_shape(o, *index, *point);
}

#endif
