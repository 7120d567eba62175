/* Static contact tests of spheres: the 3D form of overlap.c, with the same bits when every z
 * is 0. The algorithm is overlap_impl.h's; this file names its 3D helpers. */
#include "circol/collision3d.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

#include "core/constants.h"
#include "core/exact.h"
#include "core/vec3.h"
#include "narrow/interval.h"
#include "narrow/narrow.h"
#include "narrow/range.h"
#include "narrow/segment.h"
#include "narrow/spheres.h"

/* Sets normal to a normal of a segment's finite axis, or to (1, 0, 0) for a segment that is a
 * point: the normal of a sphere whose centre lies on the segment (the 2D left-hand normal for a
 * segment in the z = 0 plane). */
#define CCL_DIM_AXIS_NORMAL(axis, normal)                                                          \
    (normal) = ((axis).x != 0.0 || (axis).y != 0.0 || (axis).z != 0.0)                             \
                   ? ccl_normalize3(ccl_perp_xy(axis))                                             \
                   : ccl_v3(1.0, 0.0, 0.0)

#define CCL_DIM_N               3
#define CCL_DIM_SUFFIX          3
#define CCL_DIM_MAX_ABS         ccl_max_abs3
#define CCL_DIM_BODY            ccl_sphere
#define CCL_DIM_DIVIDED(v, s)   ccl_v3((v).x / (s), (v).y / (s), (v).z / (s))
#define CCL_DIM_VALID_BODY      ccl_valid_sphere
#define CCL_DIM_UNIT_X          ccl_v3(1.0, 0.0, 0.0)
#define CCL_DIM_OVERLAP         ccl_spheres_overlap
#define CCL_DIM_CONTACT         ccl_spheres_contact
#define CCL_DIM_SEGMENT_CONTACT ccl_sphere_segment_contact
#include "narrow/overlap_impl.h"
