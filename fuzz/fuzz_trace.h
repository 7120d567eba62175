/* Tracing for the world fuzz targets: with CIRCOL_FUZZ_TRACE=1 in the environment, TRACE prints
 * every operation to stderr (for reading a saved crash input). One per target that includes it. */
#ifndef CIRCOL_FUZZ_TRACE_H
#define CIRCOL_FUZZ_TRACE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/// Whether TRACE prints: set by fuzz_trace_from_env.
static bool tracing;

/// Reads CIRCOL_FUZZ_TRACE (from LLVMFuzzerInitialize).
static inline void fuzz_trace_from_env(void) {
    const char *trace = getenv("CIRCOL_FUZZ_TRACE");
    tracing = trace != NULL && trace[0] == '1';
}

#define TRACE(...)                                                                                 \
    do {                                                                                           \
        if (tracing) {                                                                             \
            fprintf(stderr, __VA_ARGS__);                                                          \
        }                                                                                          \
    } while (0)

#endif
