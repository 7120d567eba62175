/* Decoding fuzz input bytes into doubles and small integers. A value is either the raw bits of a
 * double (so NaN payloads, infinities, subnormals and the extremes all occur), a special value
 * picked by a tag, or a small number k / 64 (so well-conditioned cases occur often too). */
#ifndef CIRCOL_FUZZ_INPUT_H
#define CIRCOL_FUZZ_INPUT_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// A cursor over the fuzzer's bytes; reads past the end give zeros.
typedef struct fuzz_input {
    const uint8_t *data;
    size_t size, at;
} fuzz_input;

/// The next byte, 0 past the end.
static inline uint8_t fuzz_byte(fuzz_input *in) {
    return in->at < in->size ? in->data[in->at++] : 0;
}

/// The next n bytes (zero-padded) as a little-endian unsigned integer, n <= 8.
static inline uint64_t fuzz_bits(fuzz_input *in, int n) {
    uint64_t v = 0;
    for (int k = 0; k < n; ++k) {
        v |= (uint64_t)fuzz_byte(in) << (8 * k);
    }
    return v;
}

/// True when every byte has been read.
static inline int fuzz_done(const fuzz_input *in) {
    return in->at >= in->size;
}

/// One double: a tag byte chooses raw bits, a special value, or a small multiple of 1/64.
static inline double fuzz_double(fuzz_input *in) {
    uint8_t tag = fuzz_byte(in);
    if (tag < 48) { /* raw bits: anything a double can hold */
        uint64_t bits = fuzz_bits(in, 8);
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    if (tag < 64) {
        static const double specials[16] = {
            0.0,      -0.0,         INFINITY,      -INFINITY, NAN,  DBL_MAX, -DBL_MAX, DBL_MIN,
            -DBL_MIN, DBL_TRUE_MIN, -DBL_TRUE_MIN, 1.0,       -1.0, 0x1p500, 0x1p-500, DBL_EPSILON};
        return specials[tag - 48];
    }
    /* small: a signed 16-bit integer over 64, scaled by a power of two picked by the tag */
    int16_t k = (int16_t)fuzz_bits(in, 2);
    int shift = (tag - 64) % 12 - 6; /* 2^-6 .. 2^5 */
    return ldexp((double)k / 64.0, shift);
}

/// What a target runs before a failed check aborts (fuzz_narrow prints the case's arguments).
#ifndef FUZZ_ON_FAILURE
#define FUZZ_ON_FAILURE() ((void)0)
#endif

/// Stops the run with a message naming the target (FUZZ_NAME, which the target defines before
/// including this header) and the broken invariant; libFuzzer saves the input.
#define FUZZ_CHECK(cond, what)                                                                     \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s: %s (%s) at %s:%d\n", FUZZ_NAME, what, #cond, __FILE__, __LINE__); \
            FUZZ_ON_FAILURE();                                                                     \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#endif
