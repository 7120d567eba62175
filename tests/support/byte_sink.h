/* Growable bytes that a checkpoint save writes into, for the tests, the fuzz targets and the
 * benchmarks that read a save back from memory. */
#ifndef CIRCOL_TESTS_SUPPORT_BYTE_SINK_H
#define CIRCOL_TESTS_SUPPORT_BYTE_SINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/// The bytes written so far (data, size) in a block of capacity bytes; zero-initialise to start,
/// set size to 0 to write again into the same block, free(data) when done.
typedef struct byte_sink {
    unsigned char *data;
    size_t size, capacity;
} byte_sink;

/// A ccl_write_fn: appends size bytes to the byte_sink user, doubling its block (from 4 KiB) as it
/// fills; false when the memory runs out.
static inline bool byte_sink_write(const void *data, size_t size, void *user) {
    byte_sink *b = user;
    if (b->size + size > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (capacity < b->size + size) {
            capacity *= 2;
        }
        unsigned char *grown = realloc(b->data, capacity);
        if (grown == NULL) {
            return false;
        }
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->size, data, size);
    b->size += size;
    return true;
}

#endif
