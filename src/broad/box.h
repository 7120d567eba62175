/* Private: the box a world lives in and its periodic geometry: images, minimum-image offsets,
 * wrapping. Walled boxes have one image (the box itself); periodic ones nine that matter. */
#ifndef CIRCOL_BROAD_BOX_H
#define CIRCOL_BROAD_BOX_H

#include <math.h>
#include <stdbool.h>

#include "circol/collision.h"
#include "core/elementary.h"
#include "narrow/narrow.h"

/// The box [min, max] (size = max - min) and whether it wraps around.
typedef struct ccl_box {
    ccl_vec2 min, max, size;
    bool periodic;
} ccl_box;

/// Periodic images 0..8 are shifted by ((image % 3) - 1, (image / 3) - 1) box sizes; image 4 is
/// the thing itself (the only one in a walled box).
#define CCL_OWN_IMAGE 4

/// The shift of periodic image `image` (0..8).
static inline ccl_vec2 ccl_box_image_shift(const ccl_box *box, int image) {
    return ccl_v2((double)(image % 3 - 1) * box->size.x, (double)(image / 3 - 1) * box->size.y);
}

/// Where p stands from the obstacle itself when it meets the obstacle's image `image`: meeting the
/// image shifted by s is meeting the obstacle from p - s.
static inline ccl_vec2 ccl_box_from_image(const ccl_box *box, ccl_vec2 p, int image) {
    return image != CCL_OWN_IMAGE ? ccl_sub(p, ccl_box_image_shift(box, image)) : p;
}

/// Whether image `image` counts in this box: every image when periodic, the own one only else.
static inline bool ccl_box_has_image(const ccl_box *box, int image) {
    return box->periodic || image == CCL_OWN_IMAGE;
}

/* d less the nearest multiple of size: d - size * round(d / size). Within a quarter of the size
 * the multiple is 0 and the result d itself (a -0 becoming +0, as the subtraction of a zero
 * product makes it), without the division: neighbours are nearly always that close. */
static inline double ccl_box_wrap_offset(double d, double size) {
    if (fabs(d) <= 0.25 * size) {
        return d + 0.0;
    }
    return d - size * ccl_round_to_integer(d / size);
}

/// to - from, the minimum image of it when periodic.
static inline ccl_vec2 ccl_box_separation(const ccl_box *box, ccl_vec2 from, ccl_vec2 to) {
    ccl_vec2 d = ccl_sub(to, from);
    if (box->periodic) {
        d.x = ccl_box_wrap_offset(d.x, box->size.x);
        d.y = ccl_box_wrap_offset(d.y, box->size.y);
    }
    return d;
}

/// True when p lies in the closed box.
static inline bool ccl_box_contains(const ccl_box *box, ccl_vec2 p) {
    return p.x >= box->min.x && p.x <= box->max.x && p.y >= box->min.y && p.y <= box->max.y;
}

/// The largest magnitude of the box's coordinates along x (0) or y (1).
static inline double ccl_box_extent(const ccl_box *box, int axis) {
    return axis == 0 ? fmax(fabs(box->min.x), fabs(box->max.x))
                     : fmax(fabs(box->min.y), fabs(box->max.y));
}

/// p wrapped into the periodic box (NaN where p - min overflows).
ccl_vec2 ccl_box_wrap(const ccl_box *box, ccl_vec2 p);

/// The point of segment s (s.a == s.b for a point) nearest to p among its periodic images, in p's
/// frame: exactly the segment's own closest point in a walled box.
ccl_vec2 ccl_box_nearest_on(const ccl_box *box, ccl_segment s, ccl_vec2 p);

/// The point of image `image` of segment s nearest to p, in p's frame.
static inline ccl_vec2 ccl_box_nearest_on_image(const ccl_box *box, ccl_segment s, int image,
                                                ccl_vec2 p) {
    if (image == CCL_OWN_IMAGE) {
        return ccl_closest_on_segment(s, p);
    }
    ccl_vec2 shift = ccl_box_image_shift(box, image);
    return ccl_add(ccl_closest_on_segment(s, ccl_sub(p, shift)), shift);
}

#endif
