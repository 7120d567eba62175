/* Private: the event queue, one entry per circle keyed by its next event time. A calendar queue
 * (M. Paul, "A complexity O(1) priority queue for event driven molecular dynamics simulations",
 * J. Comput. Phys. 221 (2007)): keys fall into time buckets of an adaptive width; the buckets
 * ahead are unsorted doubly-linked lists (insert and delete in O(1)), the current bucket and
 * anything earlier sit in a short "front" ordered exactly by (key, circle index), and keys past
 * the ring of buckets wait in an overflow list that is redistributed when the ring wraps. The top
 * is always the present circle with the smallest (key, index), so the order of events is
 * deterministic and independent of the bucket layout. */
#ifndef CIRCOL_BROAD_QUEUE_H
#define CIRCOL_BROAD_QUEUE_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "circol/base.h"
#include "core/exact.h"
#include "core/memory.h"

/// node.prev of a circle that is not in the queue.
#define CCL_QUEUE_ABSENT (-1)
/// node.prev of a circle in the front (node.next is then its position in front[]).
#define CCL_QUEUE_IN_FRONT (-2)
/// node.prev of the first circle of list L is CCL_QUEUE_HEAD - L (L: bucket, overflow, infinite).
#define CCL_QUEUE_HEAD (-3)

/// One circle's entry: 16 bytes, the key beside the links so that an update touches one line.
typedef struct ccl_queue_node {
    double key;   ///< next event time; INFINITY when absent or without event (NaN is stored so)
    int32_t next; ///< next circle in its list (-1 at the end), or its position in the front
    int32_t prev; ///< previous circle in its list, or CCL_QUEUE_ABSENT / IN_FRONT / HEAD - list
} ccl_queue_node;

/// The queue. A finite key's bucket position is (key - base) * inv_width: below front_end the
/// circle is in the front, below ring_end in bucket floor(position) mod bucket_count, else in
/// overflow (whose positions are all at least epoch_end). Every array is sized by
/// ccl_queue_reserve (16 + 4 bytes per circle, and at most 4/3 for the buckets), so no other call
/// allocates or fails.
typedef struct ccl_queue {
    ccl_queue_node *nodes; ///< per circle, capacity entries
    int32_t *front;        ///< the front's circles (capacity entries; scratch in rebuilds)
    int32_t *heads;        ///< first circle of each list, -1 for none: buckets, overflow, infinite
    int32_t capacity;      ///< circles the arrays hold
    int32_t bucket_capacity; ///< buckets allocated (a power of two, capacity / 6 to / 3, >= 4)
    int32_t bucket_count;    ///< buckets in use (a power of two, at most bucket_capacity)
    int32_t front_count;     ///< circles in the front
    bool front_is_heap;   ///< false: front sorted latest first (top last); true: a binary min-heap
    int32_t count;        ///< circles present, with finite or infinite keys
    int32_t finite_count; ///< present circles with a key below INFINITY (front, buckets, overflow)
    double base;          ///< the key at bucket position 0 (finite)
    double inv_width;     ///< buckets per unit of key; 0 puts every finite key in the front
    double front_end;     ///< current + 1 as a double: positions below are in the front
    double ring_end;      ///< current + bucket_count as a double: positions from here overflow
    int64_t current;      ///< the current bucket, whose circles are all in the front
    int64_t epoch_end;    ///< the next wrap: a multiple of bucket_count in current + 1 .. ring_end
    int64_t work;         ///< placements and scans since the last rebuild (pays for the next)
    int64_t entered;      ///< circles that entered the front since the last calibration
    int64_t mark;         ///< the bucket after current at the last calibration
    int32_t ahead; ///< a circle of the next bucket's list, fetched ahead (-1: none; a hint only)
    bool wide;     ///< buckets twice as wide (ccl_queue_set_wide; speed only)
    ccl_memory *memory; ///< where the arrays come from
} ccl_queue;

/// An empty queue of capacity 0 whose arrays will come from memory.
void ccl_queue_init(ccl_queue *q, ccl_memory *memory);

/// Grows the arrays to hold circles 0..capacity-1 (kept circles keep their keys). On
/// CCL_ERR_OUT_OF_MEMORY nothing changes. A smaller capacity than now does nothing.
ccl_status ccl_queue_reserve(ccl_queue *q, int32_t capacity);

/// Makes the buckets twice as wide (fewer bucket heads for longer lists): for queues whose heads
/// would not stay in the cache. Changes speed only, never the order of the circles.
static inline void ccl_queue_set_wide(ccl_queue *q, bool wide) {
    q->wide = wide;
}

/// Frees the arrays; the queue is then empty with capacity 0.
void ccl_queue_release(ccl_queue *q);

/// Removes every circle (the bucket width is kept for the keys that come next).
void ccl_queue_clear(ccl_queue *q);

/// Inserts circle i (0 <= i < capacity) with event time key; INFINITY or NaN: present, no event.
/// A circle already present just gets the new key.
void ccl_queue_push(ccl_queue *q, int32_t i, double key);

/// Gives circle i the event time key (inserting it when absent); INFINITY or NaN: no event.
void ccl_queue_update(ccl_queue *q, int32_t i, double key);

/// Removes circle i if present.
void ccl_queue_remove(ccl_queue *q, int32_t i);

/// Subtracts shift from every key and re-inserts everything (subtraction may round keys together).
void ccl_queue_shift(ccl_queue *q, double shift);

/// Moves every key back by the largest s <= now that each finite key, and the bucket origin, lose
/// exactly (a multiple of the largest finite key's unit in the last place), in place: every
/// difference of keys, so every bucket position and the order, stays the same bit for bit, and
/// nothing is re-inserted. Every finite key must be at least now. Returns s, or 0 when there is no
/// such shift (then nothing changed).
double ccl_queue_shift_exactly(ccl_queue *q, double now);

/// The time origin after a re-basing moved it forward by shift from base: their sum, rounded up
/// where an exact shift (ccl_queue_shift_exactly) rounds it down, so that no time reported after
/// the re-basing (origin plus time) falls below one reported before it.
static inline double ccl_queue_rebased_origin(double base, double shift, bool exact) {
    double error;
    double origin = ccl_two_sum(base, shift, &error);
    /* never past the largest double: at the end of the time line the origin keeps the rounding */
    return exact && error > 0.0 && origin < DBL_MAX ? nextafter(origin, INFINITY) : origin;
}

/// For ccl_queue_top with an empty front: moves on to the next bucket that holds a circle and
/// returns the top; -1 when no finite key is left.
int32_t ccl_queue_advance(ccl_queue *q);

/// Starts fetching the head of the bucket a key would be filed in now (a hint only: nothing
/// changes, and a key for the front, the overflow or no event fetches nothing).
static inline void ccl_queue_prefetch_key(const ccl_queue *q, double key) {
    double position = (key - q->base) * q->inv_width;
    if (position >= q->front_end && position < q->ring_end) {
        __builtin_prefetch(&q->heads[(int64_t)position & (q->bucket_count - 1)]);
    }
}

/// Circle i's event time; INFINITY when it is absent or has no event.
static inline double ccl_queue_key(const ccl_queue *q, int32_t i) {
    return q->nodes[i].key;
}

/// Whether circle i is present (with a finite or an infinite key).
static inline bool ccl_queue_contains(const ccl_queue *q, int32_t i) {
    return q->nodes[i].prev != CCL_QUEUE_ABSENT;
}

/// The present circle with the smallest (key, index); -1 when none has a finite key (circles
/// whose key is INFINITY are never the top). May advance the current bucket.
static inline int32_t ccl_queue_top(ccl_queue *q) {
    int32_t count = q->front_count;
    if (count == 0) {
        return ccl_queue_advance(q);
    }
    return q->front[q->front_is_heap ? 0 : count - 1];
}

/// Steps the look-ahead one circle down the next bucket's list and starts fetching that circle's
/// entry into the cache; returns it (-1 at the list's end). Called once or twice per event, it
/// walks the list the next drain will walk while the present bucket's events are being handled, so
/// that the drain finds its entries in the cache instead of waiting on each link in turn (one miss
/// after another, at a million circles). A hint only: the circle may have moved to another list or
/// the front since, but every next is then still a circle index, a front position or -1.
static inline int32_t ccl_queue_look_ahead(ccl_queue *q) {
    int32_t i = q->ahead;
    if (i < 0) {
        return -1;
    }
    int32_t next = q->nodes[i].next;
    q->ahead = next;
    if (next >= 0) {
        __builtin_prefetch(&q->nodes[next]);
    }
    return next;
}

/// The circle the look-ahead stands on (-1: none); a hint only, as ccl_queue_look_ahead says.
static inline int32_t ccl_queue_ahead(const ccl_queue *q) {
    return q->ahead;
}

/// Starts fetching circle i's entry into the cache (0 <= i < capacity).
static inline void ccl_queue_prefetch_entry(const ccl_queue *q, int32_t i) {
    __builtin_prefetch(&q->nodes[i]);
}

/// The top's key; INFINITY when ccl_queue_top is -1.
static inline double ccl_queue_top_key(ccl_queue *q) {
    int32_t i = ccl_queue_top(q);
    return i >= 0 ? q->nodes[i].key : (double)INFINITY;
}

#endif
