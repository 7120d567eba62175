/* Moving every key of the queue back at once, exactly, without re-inserting any (the world's
 * re-basing of time on straight lines). */
#include "broad/queue.h"
#include "core/exact.h"

double ccl_queue_shift_exactly(ccl_queue *q, double now) {
    if (!(now > 0.0) || !(now < (double)INFINITY) || q->nodes == NULL || q->finite_count == 0) {
        return 0.0;
    }
    double top = now, bottom = now;
    for (int32_t i = 0; i < q->capacity; ++i) {
        double key = q->nodes[i].key; /* INFINITY for a circle absent or without event */
        if (key < (double)INFINITY) {
            top = key > top ? key : top;
            bottom = key < bottom ? key : bottom;
        }
    }
    /* A key k in [s / 2, 2 s] loses s exactly (Sterbenz); a larger one is a multiple of its own
     * unit, which divides the top's, of which s is a multiple: k - s is too, and below k. */
    int exponent;
    frexp(top, &exponent);
    double unit = ldexp(1.0, exponent - 53);
    if (!(unit > 0.0)) {
        return 0.0;
    }
    double shift = floor(now / unit) * unit;
    double origin_error; /* the bucket origin must lose the shift exactly too */
    ccl_two_sum(q->base, -shift, &origin_error);
    if (!(shift > 0.0) || !(bottom >= 0.5 * shift) || origin_error != 0.0) {
        return 0.0;
    }
    for (int32_t i = 0; i < q->capacity; ++i) {
        if (q->nodes[i].key < (double)INFINITY) {
            q->nodes[i].key -= shift;
        }
    }
    q->base -= shift;
    return shift;
}
