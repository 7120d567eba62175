/* Static contact tests (seed 003; seed 002's overlap check): squared distances, touching counts.
 * The algorithm is overlap_impl.h's, shared with the spheres; this file names its 2D helpers. */
#include "circol/collision.h"

#include <float.h>
#include <math.h>

#include "core/constants.h"
#include "narrow/narrow.h"
#include "narrow/range.h"

/* Sets normal to the left-hand normal of a segment's finite axis, or to (1, 0) for a segment
 * that is a point: the normal of a circle whose centre lies on the segment. The axis is scaled
 * near 1 first (exact), so that a subnormal axis still gives a unit normal. */
#define CCL_DIM_AXIS_NORMAL(axis, normal)                                                          \
    do {                                                                                           \
        double m = fmax(fabs((axis).x), fabs((axis).y));                                           \
        (normal) = m > 0.0 ? ccl_normalize(ccl_perp(ccl_scale(axis, ccl_unit_scale(m))))           \
                           : ccl_v2(1.0, 0.0);                                                     \
    } while (0)

#define CCL_DIM_N 2
#define CCL_DIM_SUFFIX
#define CCL_DIM_MAX_ABS(v)      fmax(fabs((v).x), fabs((v).y))
#define CCL_DIM_BODY            ccl_circle
#define CCL_DIM_DIVIDED(v, s)   ccl_v2((v).x / (s), (v).y / (s))
#define CCL_DIM_VALID_BODY      ccl_valid_circle
#define CCL_DIM_UNIT_X          ccl_v2(1.0, 0.0)
#define CCL_DIM_OVERLAP         ccl_circles_overlap
#define CCL_DIM_CONTACT         ccl_circles_contact
#define CCL_DIM_SEGMENT_CONTACT ccl_circle_segment_contact
#include "narrow/overlap_impl.h"
