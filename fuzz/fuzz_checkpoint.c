/* Fuzz target: loading a checkpoint (ccl_world_load). Any bytes: never a crash, always a verdict.
 * With the first byte odd the input is sealed first (magic, version, length and checksum made
 * right), so that the fuzzer reaches the sections behind the checksum: a crafted file. A refusal
 * names its problem and gives no world; a loaded world advances without a crash and saves the
 * bytes it was loaded from (a file of an older version, as the present one). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <circol/checkpoint.h>
#include <circol/world.h>

#include "byte_sink.h"
#include "world/checkpoint.h"

#define FUZZ_NAME "fuzz_checkpoint"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// The most one allocation may take: a crafted file may ask for a world of 2^26 slots (its
/// definition allows them), which the load then asks of the allocator; refused here, as a
/// machine without the memory would, so that the fuzzer tests that path rather than its limit.
#define FUZZ_MAX_ALLOCATION ((size_t)64 << 20)

static void *fuzz_alloc(size_t size, size_t align, void *user) {
    (void)user;
    if (size > FUZZ_MAX_ALLOCATION) {
        return NULL;
    }
    size_t rounded = (size + align - 1) / align * align;
    return aligned_alloc(align, rounded > 0 ? rounded : align);
}

static void fuzz_free(void *ptr, size_t size, void *user) {
    (void)size;
    (void)user;
    free(ptr);
}

/// Makes the header and the checksum of bytes right (size >= 28).
static void fuzz_seal(unsigned char *bytes, size_t size) {
    memcpy(bytes, CCL_CHECKPOINT_MAGIC, 8);
    uint64_t fields[2] = {CCL_CHECKPOINT_VERSION, size};
    for (int k = 0; k < 4; ++k) {
        bytes[8 + k] = (unsigned char)(fields[0] >> (8 * k));
        bytes[12 + k] = 0;
    }
    for (int k = 0; k < 8; ++k) {
        bytes[16 + k] = (unsigned char)(fields[1] >> (8 * k));
    }
    ccl_crc32 crc;
    ccl_crc32_init(&crc);
    ccl_crc32_add(&crc, bytes, size - 4);
    uint32_t x = ccl_crc32_final(&crc);
    for (int k = 0; k < 4; ++k) {
        bytes[size - 4 + (size_t)k] = (unsigned char)(x >> (8 * k));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) {
        return 0;
    }
    size_t n = size - 1;
    unsigned char *bytes = malloc(n > 0 ? n : 1);
    if (bytes == NULL) {
        return 0;
    }
    memcpy(bytes, data + 1, n);
    if ((data[0] & 1) != 0 && n >= CCL_CHECKPOINT_HEADER + 4) {
        fuzz_seal(bytes, n);
    }
    ccl_world_def hooks = ccl_world_default_def();
    hooks.max_events_per_advance = 5000;
    hooks.allocator.alloc = fuzz_alloc;
    hooks.allocator.free = fuzz_free;
    ccl_world *w = NULL;
    ccl_load_info info;
    ccl_status status = ccl_world_load(bytes, n, &hooks, &w, &info);
    if (status != CCL_OK) {
        FUZZ_CHECK(w == NULL && info.problem != NULL, "a refusal names its problem");
        FUZZ_CHECK(status == CCL_ERR_INVALID_ARGUMENT || status == CCL_ERR_OUT_OF_MEMORY,
                   "a refusal's status");
        free(bytes);
        return 0;
    }
    FUZZ_CHECK(w != NULL && info.problem == NULL, "a load gives a world");
    byte_sink again = {0};
    FUZZ_CHECK(ccl_world_save(w, info.extra, info.extra_size, byte_sink_write, &again) == CCL_OK,
               "a loaded world saves");
    /* an older version's file saves as the present version */
    FUZZ_CHECK(info.version != CCL_CHECKPOINT_VERSION ||
                   (again.size == n && memcmp(again.data, bytes, n) == 0),
               "a loaded world saves the bytes it was loaded from");
    ccl_world_advance(w, 0.25);
    ccl_world_destroy(w);
    free(again.data);
    free(bytes);
    return 0;
}
