/* Batches of swept circle pairs, structure of arrays. Each result equals the scalar call's. */
#include "circol/collision.h"

#include <math.h>

void ccl_sweep_circles_batch(const ccl_sweep_batch *pairs, size_t count, double t_max,
                             double *t_out) {
    for (size_t i = 0; i < count; ++i) {
        ccl_circle a = {{pairs->ax[i], pairs->ay[i]}, pairs->ar[i]};
        ccl_circle b = {{pairs->bx[i], pairs->by[i]}, pairs->br[i]};
        ccl_hit hit;
        bool found = ccl_sweep_circles(a, ccl_v2(pairs->avx[i], pairs->avy[i]), b,
                                       ccl_v2(pairs->bvx[i], pairs->bvy[i]), t_max, &hit);
        t_out[i] = found ? hit.t : INFINITY;
    }
}

void ccl_circles_overlap_batch(const ccl_sweep_batch *pairs, size_t count,
                               unsigned char *overlap_out) {
    for (size_t i = 0; i < count; ++i) {
        ccl_circle a = {{pairs->ax[i], pairs->ay[i]}, pairs->ar[i]};
        ccl_circle b = {{pairs->bx[i], pairs->by[i]}, pairs->br[i]};
        overlap_out[i] = ccl_circles_overlap(a, b) ? 1 : 0;
    }
}
