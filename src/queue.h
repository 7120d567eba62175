/* Private: an indexed binary min-heap of circles keyed by their next event time. Ties are broken
 * by circle index, so the order of events is deterministic. */
#ifndef CIRCOL_QUEUE_H
#define CIRCOL_QUEUE_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/// One heap entry: the key is stored beside the circle so that sifting reads one array only.
typedef struct ccl_queue_entry {
    double key;
    int32_t index;
} ccl_queue_entry;

/// The heap. A circle's event time is held only in its entry; where[i] is its heap position or
/// -1.
typedef struct ccl_queue {
    ccl_queue_entry *heap; ///< heap-ordered entries
    int32_t *where;        ///< position of each circle in heap, -1 when absent
    int32_t count;
} ccl_queue;

/// Inserts circle i (must be absent) with event time key.
void ccl_queue_push(ccl_queue *q, int32_t i, double key);

/// Gives circle i (must be present) the event time key.
void ccl_queue_update(ccl_queue *q, int32_t i, double key);

/// Subtracts shift from every key and restores the heap (subtraction may round keys together).
void ccl_queue_shift(ccl_queue *q, double shift);

/// Removes circle i if present.
void ccl_queue_remove(ccl_queue *q, int32_t i);

/// Circle i's event time; INFINITY when it is absent.
static inline double ccl_queue_key(const ccl_queue *q, int32_t i) {
    return q->where[i] >= 0 ? q->heap[q->where[i]].key : (double)INFINITY;
}

/// The circle with the earliest event, or -1 when empty.
static inline int32_t ccl_queue_top(const ccl_queue *q) {
    return q->count > 0 ? q->heap[0].index : -1;
}

#endif
