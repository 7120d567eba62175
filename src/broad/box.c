/* The box's periodic geometry that is not inline: wrapping and the nearest image. */
#include "broad/box.h"

ccl_vec2 ccl_box_wrap(const ccl_box *box, ccl_vec2 p) {
    ccl_vec2 rel = ccl_sub(p, box->min);
    /* fmod is exact, also for positions far outside the box (floor(rel / size) * size is not,
     * and overflows to infinity near DBL_MAX); an infinite rel gives NaN, refused by the caller */
    rel.x = fmod(rel.x, box->size.x);
    rel.y = fmod(rel.y, box->size.y);
    rel.x += rel.x < 0.0 ? box->size.x : 0.0;
    rel.y += rel.y < 0.0 ? box->size.y : 0.0;
    if (rel.x >= box->size.x) {
        rel.x = 0.0;
    }
    if (rel.y >= box->size.y) {
        rel.y = 0.0;
    }
    return ccl_add(box->min, rel);
}

ccl_vec2 ccl_box_nearest_on(const ccl_box *box, ccl_segment s, ccl_vec2 p) {
    ccl_vec2 best = ccl_closest_on_segment(s, p);
    if (!box->periodic) {
        return best;
    }
    double best_d2 = ccl_length_sq(ccl_sub(best, p));
    for (int image = 0; image < 9; ++image) {
        if (image == CCL_OWN_IMAGE) {
            continue;
        }
        ccl_vec2 shift = ccl_box_image_shift(box, image);
        ccl_vec2 q = ccl_add(ccl_closest_on_segment(s, ccl_sub(p, shift)), shift);
        double d2 = ccl_length_sq(ccl_sub(q, p));
        if (d2 < best_d2) {
            best = q;
            best_d2 = d2;
        }
    }
    return best;
}
