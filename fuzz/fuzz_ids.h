/* The ids a world fuzz target has been given, known independently of the world: which are live,
 * and how many circles the world should hold. Define MAX_TRACKED (the most ids remembered, live or
 * removed) before including this. */
#ifndef CIRCOL_FUZZ_IDS_H
#define CIRCOL_FUZZ_IDS_H

#include <stdbool.h>

#include <circol/world.h>

#include "fuzz_input.h"

typedef struct fuzz_ids {
    ccl_circle_id ids[MAX_TRACKED];
    bool alive[MAX_TRACKED];
    int tracked; ///< ids remembered (at most MAX_TRACKED)
    int live;    ///< circles added and not removed, remembered or not
} fuzz_ids;

/// A circle added with id: counted live, and remembered while there is room.
static inline void fuzz_ids_add(fuzz_ids *t, ccl_circle_id id) {
    t->live++;
    if (t->tracked < MAX_TRACKED) {
        t->ids[t->tracked] = id;
        t->alive[t->tracked] = true;
        t->tracked++;
    }
}

/// A remembered id picked by the next byte, -1 when none is remembered.
static inline int fuzz_ids_pick(const fuzz_ids *t, fuzz_input *in) {
    return t->tracked > 0 ? fuzz_byte(in) % t->tracked : -1;
}

/// Remembered id k removed: no longer live (once).
static inline void fuzz_ids_remove(fuzz_ids *t, int k) {
    if (t->alive[k]) {
        t->alive[k] = false;
        t->live--;
    }
}

#endif
