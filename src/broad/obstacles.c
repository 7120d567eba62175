/* The store of segments and points. */
#include "broad/obstacles.h"

ccl_status ccl_obstacles_push(ccl_obstacles *o, ccl_memory *m, ccl_segment s, bool point,
                              int32_t *index) {
    if (point) {
        ccl_status status =
            ccl_array_reserve(m, (void **)&o->points, &o->point_capacity, (size_t)o->point_count,
                              (size_t)o->point_count + 1, sizeof(ccl_vec2), 8);
        if (status != CCL_OK) {
            return status;
        }
        *index = o->point_count;
        o->points[o->point_count++] = s.a;
        return CCL_OK;
    }
    ccl_status status =
        ccl_array_reserve(m, (void **)&o->segments, &o->segment_capacity, (size_t)o->segment_count,
                          (size_t)o->segment_count + 1, sizeof(ccl_segment), 8);
    if (status != CCL_OK) {
        return status;
    }
    *index = o->segment_count;
    o->segments[o->segment_count++] = s;
    return CCL_OK;
}
