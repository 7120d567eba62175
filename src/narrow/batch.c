/* Batches of swept circle pairs, structure of arrays. Each result equals the scalar call's.
 *
 * The fast loop repeats, operation for operation, the arithmetic of ccl_sweep_circles and of
 * ccl_contact_interval_compensated (quadratic.h, whose branch-free helpers it calls) for pairs
 * whose magnitudes need no rescaling. It computes every branch of the scalar code and selects the
 * result at the end, so it has no branches and the compiler turns it into SIMD code; IEEE addition,
 * multiplication, division and square root are correctly rounded in SIMD registers too, so each
 * lane gives the scalar call's bits. Lanes that the scalar code would treat differently (non-finite
 * input, a negative radius, magnitudes outside [2^-200, 2^200] that sweep_circles.c rescales,
 * inputs that it quarters) are marked with NaN, which the fast loop never produces otherwise, and a
 * second pass over the block calls the scalar function for them.
 */
#include "circol/collision.h"

#include <float.h>
#include <math.h>
#include <stdint.h>

#include "core/constants.h"

/* GCC: the kernels below are compiled without assuming that floating-point exceptions trap, so
 * that the selects stay branch-free, and (CMakeLists.txt) without errno for sqrt, whose argument
 * is never negative where the result is used. Neither option changes any computed value. On
 * x86-64 Linux an AVX-512 (x86-64-v4) and an AVX2 version of each kernel are built too and the
 * best one the processor runs is chosen at load time: the same correctly rounded operations, no
 * contraction (-ffp-contract=off), so the same bits. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-trapping-math")
#if defined(__x86_64__) && defined(__linux__) && !defined(__SANITIZE_ADDRESS__) &&                 \
    !defined(CCL_NO_TARGET_CLONES)
#if __GNUC__ >= 12 /* "arch=x86-64-v4" as a clone target is GCC 12 and later */
#define CCL_BATCH_KERNEL __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define CCL_BATCH_KERNEL __attribute__((target_clones("avx2", "default")))
#endif
#endif
#endif
#ifndef CCL_BATCH_KERNEL
#define CCL_BATCH_KERNEL
#endif

/* Included under the same options, so that its helpers inline into the kernels. */
#include "narrow/quadratic.h"

/* The marker for "ask the scalar function": the fast loop's results are never NaN. */
#define CCL_BATCH_FALLBACK NAN

/* Keeps value where m is 0 or inside (2^-200, 2^200), else gives the fallback marker; m is the
 * largest of the magnitudes m0, m1, m2 >= 0 (NaN gives the marker). This is sweep_circles.c's
 * is_moderate(fmax(...)), written as selects of doubles so that it vectorises. */
static inline double ccl_batch_if_moderate(double value, double m0, double m1, double m2) {
    /* every comparison is made unconditionally: a conditional one would be a branch */
    double above0 = m0 > CCL_SAFE_LOW ? 1.0 : 0.0;
    double above1 = m1 > CCL_SAFE_LOW ? 1.0 : 0.0;
    double above2 = m2 > CCL_SAFE_LOW ? 1.0 : 0.0;
    double zero0 = m0 == 0.0 ? 1.0 : 0.0;
    double zero1 = m1 == 0.0 ? 1.0 : 0.0;
    double zero2 = m2 == 0.0 ? 1.0 : 0.0;
    double low_ok = (above0 + above1 + above2) + zero0 * zero1 * zero2;
    double kept = low_ok > 0.0 ? value : CCL_BATCH_FALLBACK;
    kept = m0 < CCL_SAFE_HIGH ? kept : CCL_BATCH_FALLBACK;
    kept = m1 < CCL_SAFE_HIGH ? kept : CCL_BATCH_FALLBACK;
    return m2 < CCL_SAFE_HIGH ? kept : CCL_BATCH_FALLBACK;
}

/* The larger of x and y (a NaN may be lost: such lanes are marked on other grounds). */
static inline double ccl_batch_larger(double x, double y) {
    return x > y ? x : y;
}

/* Time of impact of pairs [begin, end), or CCL_BATCH_FALLBACK where the scalar call decides.
 * Returns the number of CCL_BATCH_FALLBACK entries. */
CCL_BATCH_KERNEL
static int64_t ccl_sweep_block(const ccl_sweep_batch *pairs, size_t begin, size_t end, double t_max,
                               double *t_out) {
    const double *restrict ax = pairs->ax, *restrict ay = pairs->ay, *restrict ar = pairs->ar;
    const double *restrict avx = pairs->avx, *restrict avy = pairs->avy;
    const double *restrict bx = pairs->bx, *restrict by = pairs->by, *restrict br = pairs->br;
    const double *restrict bvx = pairs->bvx, *restrict bvy = pairs->bvy;
    double *restrict out = t_out;
    int64_t fallbacks = 0;
    for (size_t i = begin; i < end; ++i) {
        /* ccl_sweep_circles: relative motion, with the exact rounding errors of the differences */
        ccl_vec2 dp_lo, dv_lo;
        double dpx = ccl_two_sum(bx[i], -ax[i], &dp_lo.x);
        double dpy = ccl_two_sum(by[i], -ay[i], &dp_lo.y);
        double dvx = ccl_two_sum(bvx[i], -avx[i], &dv_lo.x);
        double dvy = ccl_two_sum(bvy[i], -avy[i], &dv_lo.y);
        double R = ar[i] + br[i];
        /* ccl_contact_interval_compensated, every branch computed */
        double a = dvx * dvx + dvy * dvy;
        double b = dvx * dpx + dvy * dpy;
        double c = (dpx * dpx + dpy * dpy) - R * R;
        double w = sqrt(a) * R;
        double k =
            fabs(ccl_cross_compensated((ccl_vec2){dvx, dvy}, dv_lo, (ccl_vec2){dpx, dpy}, dp_lo));
        double inside = b * b - a * c; /* the form used at overlap, c <= 0 */
        double apart = k > w ? -1.0 : (w - k) * (w + k);
        double discriminant = c <= 0.0 ? inside : apart;
        double root = sqrt(discriminant >= 0.0 ? discriminant : 0.0);
        double q_negative_b = -b + root;
        double q_other = -b - root;
        double q = b < 0.0 ? q_negative_b : q_other;
        double t1 = c / q;
        double t2 = q / a;
        double t_enter = t1 <= t2 ? t1 : t2;
        double t_exit = t1 <= t2 ? t2 : t1;
        t_enter = q == 0.0 ? 0.0 : t_enter;
        t_exit = q == 0.0 ? 0.0 : t_exit;
        /* ccl_sweep_circles: is the contact inside [0, t_max], and approached? */
        double t = t_enter > 0.0 ? t_enter : 0.0;
        double approached = b < 0.0 ? t : INFINITY; /* a future entry needs approach now */
        double general = t == 0.0 ? t : approached;
        general = discriminant >= 0.0 ? general : INFINITY;
        general = t_exit < 0.0 ? INFINITY : general;
        general = t_enter > t_max ? INFINITY : general;
        /* relative rest: in contact for all time (hit at 0) or never */
        double at_rest = c <= 0.0 ? 0.0 : INFINITY;
        double result = a == 0.0 ? at_rest : general;
        /* ccl_relative_contact_interval takes this direct path only for moderate magnitudes;
         * NaN and infinity are never moderate. A negative radius is the scalar call's too. */
        result = ccl_batch_if_moderate(result, fabs(dpx), fabs(dpy), R);
        result = ccl_batch_if_moderate(result, fabs(dvx), fabs(dvy), 0.0);
        /* a pair beyond 2^40 contact distances apart: the scalar call's cross product is
         * ccl_cross_compensated_far there */
        result = ccl_batch_larger(fabs(dpx), fabs(dpy)) > CCL_FAR_APART * R ? CCL_BATCH_FALLBACK
                                                                            : result;
        result = ar[i] >= 0.0 ? result : CCL_BATCH_FALLBACK;
        result = br[i] >= 0.0 ? result : CCL_BATCH_FALLBACK;
        double top = ccl_batch_larger(fabs(ax[i]), fabs(ay[i]));
        top = ccl_batch_larger(top, ccl_batch_larger(fabs(avx[i]), fabs(avy[i])));
        top = ccl_batch_larger(top, ccl_batch_larger(fabs(bx[i]), fabs(by[i])));
        top = ccl_batch_larger(top, ccl_batch_larger(fabs(bvx[i]), fabs(bvy[i])));
        top = ccl_batch_larger(top, ccl_batch_larger(ar[i], br[i]));
        /* from CCL_HUGE up the scalar call quarters every input first, which rounds the ones
         * below 2^-1020 (a subnormal velocity beside a huge position, say): it answers itself */
        result = top < CCL_HUGE ? result : CCL_BATCH_FALLBACK;
        out[i] = result;
        fallbacks += result != result ? 1 : 0;
    }
    return fallbacks;
}

/* The scalar call's first look (quadratic.h) at pairs [begin, end): apart[i - begin] is 1 for a
 * pair that certainly misses, 0 for one the full computation must decide. Eight bytes a verdict:
 * with one byte, a vector of bytes per iteration would hold 64 pairs at once (AVX-512), whose
 * intermediate values do not fit in registers. */
CCL_BATCH_KERNEL
static void ccl_first_look_block(const ccl_sweep_batch *pairs, size_t begin, size_t end,
                                 double t_max, int64_t *apart) {
    const double *restrict ax = pairs->ax, *restrict ay = pairs->ay, *restrict ar = pairs->ar;
    const double *restrict avx = pairs->avx, *restrict avy = pairs->avy;
    const double *restrict bx = pairs->bx, *restrict by = pairs->by, *restrict br = pairs->br;
    const double *restrict bvx = pairs->bvx, *restrict bvy = pairs->bvy;
    int64_t *restrict out = apart;
    for (size_t i = begin; i < end; ++i) {
        out[i - begin] = ccl_certainly_apart(bx[i] - ax[i], by[i] - ay[i], bvx[i] - avx[i],
                                             bvy[i] - avy[i], ar[i] + br[i], t_max);
    }
}

/* The open pairs of a block (apart[k] == 0, for all CCL_BATCH_BLOCK places) as bits, 64 to a
 * word, and INFINITY in the n times of the block, to be overwritten for the open pairs. */
CCL_BATCH_KERNEL
static void ccl_open_bits_block(const int64_t *apart, uint64_t *open, double *t_out, size_t n) {
    for (size_t word = 0; word < CCL_BATCH_BLOCK / 64; ++word) {
        uint64_t bits = 0;
        for (size_t j = 0; j < 64; ++j) {
            bits |= (uint64_t)(apart[word * 64 + j] == 0) << j;
        }
        open[word] = bits;
    }
    for (size_t k = 0; k < n; ++k) {
        t_out[k] = INFINITY;
    }
}

/* Overlap of pairs [begin, end): 1, 0, or 2 where the scalar call decides. Returns the number of
 * 2s. */
CCL_BATCH_KERNEL
static int64_t ccl_overlap_block(const ccl_sweep_batch *pairs, size_t begin, size_t end,
                                 unsigned char *overlap_out) {
    const double *restrict ax = pairs->ax, *restrict ay = pairs->ay, *restrict ar = pairs->ar;
    const double *restrict bx = pairs->bx, *restrict by = pairs->by, *restrict br = pairs->br;
    unsigned char *restrict out = overlap_out;
    int64_t fallbacks = 0;
    for (size_t i = begin; i < end; ++i) {
        double dx = bx[i] - ax[i];
        double dy = by[i] - ay[i];
        double R = ar[i] + br[i];
        double dist_sq = dx * dx + dy * dy;
        double reach_sq = R * R;
        /* finite squares of finite input, not both lost to underflow: the scalar call compares
         * them directly (CCL_SQUARE_LOW) */
        int fast = (fabs(dist_sq) <= DBL_MAX) & (fabs(reach_sq) <= DBL_MAX) & (ar[i] >= 0.0) &
                   (br[i] >= 0.0) & ((dist_sq >= CCL_SQUARE_LOW) | (reach_sq >= CCL_SQUARE_LOW));
        int overlap = dist_sq <= reach_sq;
        out[i] = (unsigned char)(fast ? overlap : 2);
        fallbacks += fast ? 0 : 1;
    }
    return fallbacks;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

/* The index of the lowest set bit of a non-zero word. */
static int ccl_lowest_bit(uint64_t bits) {
#if defined(__GNUC__)
    return __builtin_ctzll(bits);
#else
    int index = 0;
    while ((bits & 1) == 0) {
        bits >>= 1;
        ++index;
    }
    return index;
#endif
}

/* The pairs of one block that the first look leaves, copied side by side. */
typedef struct ccl_sweep_batch_block {
    double ax[CCL_BATCH_BLOCK], ay[CCL_BATCH_BLOCK], ar[CCL_BATCH_BLOCK];
    double avx[CCL_BATCH_BLOCK], avy[CCL_BATCH_BLOCK];
    double bx[CCL_BATCH_BLOCK], by[CCL_BATCH_BLOCK], br[CCL_BATCH_BLOCK];
    double bvx[CCL_BATCH_BLOCK], bvy[CCL_BATCH_BLOCK];
} ccl_sweep_batch_block;

/* Copies pair i of pairs to position m of the block. */
static void ccl_batch_gather(ccl_sweep_batch_block *block, size_t m, const ccl_sweep_batch *pairs,
                             size_t i) {
    block->ax[m] = pairs->ax[i];
    block->ay[m] = pairs->ay[i];
    block->ar[m] = pairs->ar[i];
    block->avx[m] = pairs->avx[i];
    block->avy[m] = pairs->avy[i];
    block->bx[m] = pairs->bx[i];
    block->by[m] = pairs->by[i];
    block->br[m] = pairs->br[i];
    block->bvx[m] = pairs->bvx[i];
    block->bvy[m] = pairs->bvy[i];
}

/* The block's arrays seen as a batch. */
static ccl_sweep_batch ccl_batch_view(const ccl_sweep_batch_block *block) {
    return (ccl_sweep_batch){block->ax, block->ay, block->avx, block->avy, block->ar,
                             block->bx, block->by, block->bvx, block->bvy, block->br};
}

/* The scalar call's time for pair i: its hit time, INFINITY for a miss. */
static double ccl_sweep_scalar_t(const ccl_sweep_batch *pairs, size_t i, double t_max) {
    ccl_circle a = {{pairs->ax[i], pairs->ay[i]}, pairs->ar[i]};
    ccl_circle b = {{pairs->bx[i], pairs->by[i]}, pairs->br[i]};
    ccl_hit hit;
    bool found = ccl_sweep_circles(a, ccl_v2(pairs->avx[i], pairs->avy[i]), b,
                                   ccl_v2(pairs->bvx[i], pairs->bvy[i]), t_max, &hit);
    return found ? hit.t : INFINITY;
}

void ccl_sweep_circles_batch(const ccl_sweep_batch *pairs, size_t count, double t_max,
                             double *t_out) {
    if (!(t_max >= 0.0)) {
        for (size_t i = 0; i < count; ++i) {
            t_out[i] = INFINITY; /* the scalar call refuses a negative or NaN t_max */
        }
        return;
    }
    /* Per block: the first look settles most misses; the pairs it leaves are gathered into a
     * small contiguous batch for the full kernel, and the few that kernel cannot take go to the
     * scalar call. */
    ccl_sweep_batch_block rest;
    /* the arrays' addresses in a local copy, which the copies into rest cannot change: read once,
     * not again after every store */
    const ccl_sweep_batch in = *pairs;
    int64_t apart[CCL_BATCH_BLOCK];
    size_t origin[CCL_BATCH_BLOCK];
    double t_rest[CCL_BATCH_BLOCK];
    for (size_t begin = 0; begin < count; begin += CCL_BATCH_BLOCK) {
        size_t end = count - begin < CCL_BATCH_BLOCK ? count : begin + CCL_BATCH_BLOCK;
        ccl_first_look_block(pairs, begin, end, t_max, apart);
        /* The open pairs as bits, 64 to a word, and the settled pairs' times, both without a
         * branch; then a loop over the set bits, whose branch is taken once per open pair. A branch
         * on each verdict would be mispredicted about as often as a pair is open. */
        for (size_t k = end - begin; k < CCL_BATCH_BLOCK; ++k) {
            apart[k] = 1; /* past the last pair: nothing to open */
        }
        uint64_t open[CCL_BATCH_BLOCK / 64];
        ccl_open_bits_block(apart, open, t_out + begin, end - begin);
        size_t m = 0;
        for (size_t word = 0; word < CCL_BATCH_BLOCK / 64; ++word) {
            for (uint64_t bits = open[word]; bits != 0; bits &= bits - 1) {
                size_t i = begin + word * 64 + (size_t)ccl_lowest_bit(bits);
                ccl_batch_gather(&rest, m, &in, i);
                origin[m++] = i;
            }
        }
        if (m == 0) {
            continue;
        }
        /* copies of the last open pair up to a multiple of eight, so that the kernel runs in
         * whole vectors (their times are not used) */
        size_t padded = (m + 7) & ~(size_t)7;
        for (size_t j = m; j < padded; ++j) {
            ccl_batch_gather(&rest, j, &in, origin[m - 1]);
        }
        ccl_sweep_batch view = ccl_batch_view(&rest);
        if (ccl_sweep_block(&view, 0, padded, t_max, t_rest) > 0) {
            for (size_t j = 0; j < m; ++j) {
                if (isnan(t_rest[j])) {
                    t_rest[j] = ccl_sweep_scalar_t(pairs, origin[j], t_max);
                }
            }
        }
        for (size_t j = 0; j < m; ++j) {
            t_out[origin[j]] = t_rest[j];
        }
    }
}

void ccl_circles_overlap_batch(const ccl_sweep_batch *pairs, size_t count,
                               unsigned char *overlap_out) {
    for (size_t begin = 0; begin < count; begin += CCL_BATCH_BLOCK) {
        size_t end = count - begin < CCL_BATCH_BLOCK ? count : begin + CCL_BATCH_BLOCK;
        if (ccl_overlap_block(pairs, begin, end, overlap_out) == 0) {
            continue; /* the usual case: no byte to look at again */
        }
        for (size_t i = begin; i < end; ++i) {
            if (overlap_out[i] > 1) {
                ccl_circle a = {{pairs->ax[i], pairs->ay[i]}, pairs->ar[i]};
                ccl_circle b = {{pairs->bx[i], pairs->by[i]}, pairs->br[i]};
                overlap_out[i] = ccl_circles_overlap(a, b) ? 1 : 0;
            }
        }
    }
}
