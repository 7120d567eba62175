/* The event queue: a calendar queue over circles (see queue.h for the layout). The hot paths are
 * placing a key (front, bucket or overflow by its bucket position), unlinking a circle, and the
 * front's sorted insertion; the walk to the next non-empty bucket, the ring's wrap (overflow
 * redistributed, width checked) and the rebuilds (every finite key re-inserted) are paid for by
 * the operations between them. The bucket position (key - base) * inv_width never decreases as
 * the key grows (both roundings are monotone), so every front circle comes before every bucket
 * and overflow circle in (key, index) order: the front's top is the queue's top. */
#include "broad/queue.h"

#include "core/constants.h"
#include "core/inline.h"

/// The list of keys past the ring.
static int32_t ccl_queue_overflow(const ccl_queue *q) {
    return q->bucket_capacity;
}

/// The list of circles without event (key INFINITY).
static int32_t ccl_queue_infinite(const ccl_queue *q) {
    return q->bucket_capacity + 1;
}

/// A key's bucket position: its bucket is the floor. NaN only for a width of 0 (front).
static double ccl_queue_position(const ccl_queue *q, double key) {
    return (key - q->base) * q->inv_width;
}

/// Work a rebuild costs (bucket_count is at most about finite_count), which the operations since
/// the last one must have paid.
static int64_t ccl_queue_rebuild_cost(const ccl_queue *q) {
    return q->finite_count;
}

/// A usable inverse width, or 0 (every finite key in the front) for 0, infinity, NaN, negatives.
static double ccl_queue_sane_inv_width(double inv_width) {
    return inv_width > 0.0 && inv_width < (double)INFINITY ? inv_width : 0.0;
}

/// Buckets to use for n finite keys: a power of two from n / 2, within what is allocated.
static int32_t ccl_queue_buckets_for(const ccl_queue *q, int32_t n) {
    int32_t buckets = CCL_QUEUE_MIN_BUCKETS;
    while (buckets < n / 2 && buckets < q->bucket_capacity) {
        buckets *= 2;
    }
    return buckets < q->bucket_capacity ? buckets : q->bucket_capacity;
}

/// Makes bucket current (and the ring the buckets up to current + bucket_count - 1).
static void ccl_queue_set_current(ccl_queue *q, int64_t current) {
    q->current = current;
    q->front_end = (double)(current + 1);
    q->ring_end = (double)(current + q->bucket_count);
}

/* ---- the front: circle indices ordered by (key, index), keys read through nodes ---- */

/* Written with bitwise operators so that the compiler can select without a branch. */
static bool ccl_queue_before(const ccl_queue_node *nodes, int32_t a, int32_t b) {
    double ka = nodes[a].key, kb = nodes[b].key;
    return (ka < kb) | ((ka == kb) & (a < b));
}

/* Puts circle i at front position pos and tells it so. */
static void ccl_queue_front_set(ccl_queue *q, int32_t pos, int32_t i) {
    q->front[pos] = i;
    q->nodes[i].next = pos;
}

/* Heap mode: puts i at pos or above, but not above position top. */
static void ccl_queue_sift_up(ccl_queue *q, int32_t pos, int32_t i, int32_t top) {
    while (pos > top) {
        int32_t parent = (pos - 1) / 2;
        int32_t p = q->front[parent];
        if (!ccl_queue_before(q->nodes, i, p)) {
            break;
        }
        ccl_queue_front_set(q, pos, p);
        pos = parent;
    }
    ccl_queue_front_set(q, pos, i);
}

/* Heap mode: puts i at pos or below (pos's subtrees are heaps): the hole at pos walks down along
 * the earlier children to a leaf and i rises from there, at most back to pos (Floyd). */
static void ccl_queue_sift_down(ccl_queue *q, int32_t pos, int32_t i) {
    int32_t count = q->front_count, top = pos;
    const int32_t *front = q->front;
    for (int32_t child = 2 * pos + 1; child < count; child = 2 * pos + 1) {
        if (child + 1 < count) {
            child += ccl_queue_before(q->nodes, front[child + 1], front[child]);
        }
        ccl_queue_front_set(q, pos, front[child]);
        pos = child;
    }
    ccl_queue_sift_up(q, pos, i, top);
}

/* Adds circle i (finite key) to the front: by insertion from the end while sorted and short (a
 * reversed sorted array is a heap, so the switch to heap mode costs no comparison). */
static void ccl_queue_front_push(ccl_queue *q, int32_t i) {
    q->nodes[i].prev = CCL_QUEUE_IN_FRONT;
    q->entered++;
    int32_t pos = q->front_count++;
    if (!q->front_is_heap) {
        if (pos < CCL_QUEUE_SORTED_LIMIT) {
            for (; pos > 0; --pos) {
                int32_t p = q->front[pos - 1];
                if (!ccl_queue_before(q->nodes, p, i)) {
                    break;
                }
                ccl_queue_front_set(q, pos, p);
            }
            ccl_queue_front_set(q, pos, i);
            return;
        }
        for (int32_t a = 0, b = pos - 1; a < b; ++a, --b) {
            int32_t i_a = q->front[a], i_b = q->front[b];
            ccl_queue_front_set(q, a, i_b);
            ccl_queue_front_set(q, b, i_a);
        }
        q->front_is_heap = true;
    }
    ccl_queue_sift_up(q, pos, i, 0);
}

/* Takes the circle at front position pos out; an emptied heap is sorted again. */
static void ccl_queue_front_remove(ccl_queue *q, int32_t pos) {
    int32_t count = --q->front_count;
    if (!q->front_is_heap) {
        for (; pos < count; ++pos) {
            ccl_queue_front_set(q, pos, q->front[pos + 1]);
        }
        return;
    }
    int32_t last = q->front[count];
    if (pos == count) {
        q->front_is_heap = count > 0;
    } else if (pos > 0 && ccl_queue_before(q->nodes, last, q->front[(pos - 1) / 2])) {
        ccl_queue_sift_up(q, pos, last, 0);
    } else {
        ccl_queue_sift_down(q, pos, last);
    }
}

/* ---- lists: buckets, overflow and the circles without event ---- */

/* Makes circle i the first of list. */
static void ccl_queue_link(ccl_queue *q, int32_t i, int32_t list) {
    int32_t first = q->heads[list];
    q->nodes[i].next = first;
    q->nodes[i].prev = CCL_QUEUE_HEAD - list;
    if (first >= 0) {
        q->nodes[first].prev = i;
    }
    q->heads[list] = i;
}

/* A list head's prev names its list, and passes that on to the next circle when it leaves. */
static void ccl_queue_unlink(ccl_queue *q, int32_t i) {
    int32_t prev = q->nodes[i].prev, next = q->nodes[i].next;
    if (prev >= 0) {
        q->nodes[prev].next = next;
    } else {
        q->heads[CCL_QUEUE_HEAD - prev] = next;
    }
    if (next >= 0) {
        q->nodes[next].prev = prev;
    }
}

/* Puts circle i (finite key, in no list nor the front) where its bucket position says. Inlined
 * into every caller, as ccl_queue_detach is: both are on every update's path. */
static CCL_ALWAYS_INLINE void ccl_queue_place(ccl_queue *q, int32_t i) {
    double position = ccl_queue_position(q, q->nodes[i].key);
    q->work++;
    if (!(position >= q->front_end)) {
        ccl_queue_front_push(q, i);
    } else if (position < q->ring_end) {
        ccl_queue_link(q, i, (int32_t)((int64_t)position & (q->bucket_count - 1)));
    } else {
        ccl_queue_link(q, i, ccl_queue_overflow(q));
    }
}

/* Takes present circle i out of the front or its list (its key and state stay stale). */
static CCL_ALWAYS_INLINE void ccl_queue_detach(ccl_queue *q, int32_t i) {
    if (q->nodes[i].prev == CCL_QUEUE_IN_FRONT) {
        ccl_queue_front_remove(q, q->nodes[i].next);
    } else {
        ccl_queue_unlink(q, i);
    }
}

/* ---- rebuilds ---- */

/* Moves every list after the front's circles into front[..m), returning m (the finite count),
 * with the front empty and every list but the infinite one empty. */
static int32_t ccl_queue_gather(ccl_queue *q) {
    if (q->heads == NULL) {
        return 0;
    }
    int32_t m = q->front_count;
    int32_t overflow = ccl_queue_overflow(q);
    for (int32_t list = 0; list <= overflow; ++list) {
        if (list == q->bucket_count) {
            list = overflow; /* buckets past bucket_count are unused and empty */
        }
        for (int32_t i = q->heads[list]; i >= 0; i = q->nodes[i].next) {
            q->front[m++] = i;
        }
        q->heads[list] = -1;
    }
    q->front_count = 0;
    q->front_is_heap = false;
    return m;
}

/// Circles per bucket the width aims at.
static double ccl_queue_occupancy(const ccl_queue *q) {
    return q->wide ? 2.0 * CCL_QUEUE_OCCUPANCY : CCL_QUEUE_OCCUPANCY;
}

/* The inverse width that puts about ccl_queue_occupancy keys per bucket near the smallest key
 * (base), from a trimmed mean distance to it: keys far past the bulk are dropped in rounds. */
static double ccl_queue_spread_inv_width(const ccl_queue *q, int32_t m, double base) {
    double limit = INFINITY, mean = 0.0;
    int32_t kept = 0;
    for (int round = 0; round < 3; ++round) {
        double running = 0.0;
        int32_t n = 0;
        for (int32_t k = 0; k < m; ++k) {
            double x = q->nodes[q->front[k]].key - base;
            if (x >= 0.0 && x <= limit && x < (double)INFINITY) {
                n++;
                running += (x - running) / n;
            }
        }
        if (!(running > 0.0)) {
            break;
        }
        mean = running;
        kept = n;
        limit = 4.0 * running;
    }
    return kept > 0 ? ccl_queue_sane_inv_width((double)kept / (ccl_queue_occupancy(q) * mean))
                    : 0.0;
}

/* Places the m finite circles in front[..m) (front empty, lists empty) afresh: bucket 0 starts
 * at their smallest finite key; inv_width < 0 takes the width from their spread. */
static void ccl_queue_replace(ccl_queue *q, int32_t m, double inv_width) {
    double base = INFINITY, reach = 0.0;
    for (int32_t k = 0; k < m; ++k) {
        double key = q->nodes[q->front[k]].key;
        if (key < base && key > -(double)INFINITY) {
            base = key;
        }
        reach = fabs(key) > reach && fabs(key) < (double)INFINITY ? fabs(key) : reach;
    }
    q->base = base < (double)INFINITY ? base : 0.0;
    q->inv_width = inv_width < 0.0 ? ccl_queue_spread_inv_width(q, m, q->base)
                                   : ccl_queue_sane_inv_width(inv_width);
    /* The origin rounded down to a multiple of 2^16 units in the last place of the largest key,
     * when that moves it by less than half a bucket: a later exact shift (ccl_queue_shift_exactly),
     * by a multiple of a unit up to 2^16 times as fine, then takes it exactly too. */
    int exponent;
    frexp(reach, &exponent);
    double grain = ldexp(1.0, exponent - 53 + 16);
    if (grain > 0.0 && grain * q->inv_width < 0.5) {
        q->base = floor(q->base / grain) * grain;
    }
    q->bucket_count = ccl_queue_buckets_for(q, m);
    ccl_queue_set_current(q, 0);
    q->epoch_end = q->bucket_count;
    /* front_count <= k: the front's pushes write only entries already read */
    for (int32_t k = 0; k < m; ++k) {
        ccl_queue_place(q, q->front[k]);
    }
    q->work = 0;
    q->entered = 0;
    q->mark = 0;
}

/* Re-inserts every finite key (after subtracting shift) with a new width; O(count + buckets). */
static void ccl_queue_rebuild(ccl_queue *q, double inv_width, double shift) {
    if (q->heads == NULL) {
        return; /* never reserved: nothing to hold */
    }
    int32_t m = ccl_queue_gather(q);
    if (shift != 0.0) {
        for (int32_t k = 0; k < m; ++k) {
            int32_t i = q->front[k];
            double key = q->nodes[i].key - shift;
            if (!(key < (double)INFINITY)) { /* a NaN or infinite shift: no event any more */
                q->nodes[i].key = INFINITY;
                ccl_queue_link(q, i, ccl_queue_infinite(q));
                q->finite_count--;
                q->front[k--] = q->front[--m];
            } else {
                q->nodes[i].key = key;
            }
        }
    }
    ccl_queue_replace(q, m, inv_width);
}

/* A front past CCL_QUEUE_FRONT_LIMIT means a width far too wide (or none yet): a rebuild takes
 * one from the keys' spread, once the work since the last rebuild pays for it. */
static void ccl_queue_limit_front(ccl_queue *q) {
    if (q->front_count > CCL_QUEUE_FRONT_LIMIT && q->work >= ccl_queue_rebuild_cost(q)) {
        ccl_queue_rebuild(q, -1.0, 0.0);
    }
}

/* ---- the current bucket and the ring ---- */

/* Moves the circles of the current bucket's ring slot into the front, and starts the look-ahead
 * at the next slot's first circle. */
static void ccl_queue_drain(ccl_queue *q) {
    int32_t bucket = (int32_t)(q->current & (q->bucket_count - 1));
    int32_t i = q->heads[bucket];
    q->heads[bucket] = -1;
    int32_t ahead = q->heads[(bucket + 1) & (q->bucket_count - 1)];
    q->ahead = ahead;
    if (ahead >= 0) {
        __builtin_prefetch(&q->nodes[ahead]);
    }
    while (i >= 0) {
        int32_t next = q->nodes[i].next;
        ccl_queue_front_push(q, i);
        i = next;
    }
}

/* The wrap at bucket start (a multiple of bucket_count): start becomes current and the overflow
 * keys before the next wrap move into the front or their buckets; the others stay where they are
 * in the list. Returns how many moved; nearest gets the smallest position left in overflow. */
static int32_t ccl_queue_redistribute(ccl_queue *q, int64_t start, double *nearest) {
    ccl_queue_set_current(q, start);
    q->epoch_end = start + q->bucket_count;
    int32_t moved = 0;
    double left = INFINITY, end = (double)q->epoch_end;
    for (int32_t i = q->heads[ccl_queue_overflow(q)], next; i >= 0; i = next) {
        next = q->nodes[i].next;
        double position = ccl_queue_position(q, q->nodes[i].key);
        q->work++;
        if (position < end) {
            ccl_queue_unlink(q, i);
            ccl_queue_place(q, i);
            moved++;
        } else {
            left = position < left ? position : left;
        }
    }
    *nearest = left;
    return moved;
}

/* At the ring's wrap: measures the circles that entered the front per bucket since the last
 * calibration and rebuilds when the width is off by more than 2 (or the bucket count by 4) and
 * the work since the last rebuild pays for one. Returns whether it rebuilt. */
static bool ccl_queue_calibrate(ccl_queue *q) {
    if (q->entered < CCL_QUEUE_CALIBRATION_ENTRIES || q->entered < q->bucket_count) {
        return false;
    }
    double occupancy = (double)q->entered / (double)(q->current + 1 - q->mark);
    q->entered = 0;
    q->mark = q->current + 1;
    double aim = ccl_queue_occupancy(q);
    bool wrong_width = occupancy > 2.0 * aim || occupancy < 0.5 * aim;
    int32_t buckets = ccl_queue_buckets_for(q, q->finite_count);
    bool wrong_count = buckets >= 4 * q->bucket_count || q->bucket_count >= 4 * buckets;
    if ((!wrong_width && !wrong_count) || q->work < ccl_queue_rebuild_cost(q)) {
        return false;
    }
    double scale = wrong_width ? occupancy / aim : 1.0;
    ccl_queue_rebuild(q, ccl_queue_sane_inv_width(q->inv_width * scale), 0.0);
    return true;
}

/* The next bucket, current + 1, is a multiple of bucket_count: calibrates, or moves the overflow
 * keys of the next lap of the ring in. When the ring is known to be empty (ring_empty) and none
 * moved, jumps to the lap of the nearest overflow key. Rebuilds when the laps run out of exact
 * bucket numbers (keys far past the width). Returns how many keys moved, -1 when it rebuilt. */
static int32_t ccl_queue_wrap(ccl_queue *q, bool ring_empty) {
    if (ccl_queue_calibrate(q)) {
        return -1;
    }
    int64_t start = q->current + 1;
    double nearest = INFINITY;
    if ((double)(start + q->bucket_count) <= CCL_QUEUE_MAX_POSITION) {
        int32_t moved = ccl_queue_redistribute(q, start, &nearest);
        if (moved > 0 || !ring_empty) {
            return moved;
        }
    }
    if (nearest < CCL_QUEUE_MAX_POSITION) {
        start = (int64_t)nearest & ~(int64_t)(q->bucket_count - 1);
        if ((double)(start + q->bucket_count) <= CCL_QUEUE_MAX_POSITION) {
            return ccl_queue_redistribute(q, start, &nearest);
        }
    }
    ccl_queue_rebuild(q, -1.0, 0.0); /* the smallest key lands in bucket 0: progress */
    return -1;
}

int32_t ccl_queue_advance(ccl_queue *q) {
    /* buckets found empty in a row since the ring last got keys: a full lap means it has none */
    int64_t empty = 0;
    while (q->front_count == 0) {
        if (q->finite_count == 0) {
            return -1;
        }
        if (q->current + 1 == q->epoch_end) {
            int32_t moved = ccl_queue_wrap(q, empty >= q->bucket_count);
            if (moved != 0) {
                empty = 0;
                if (moved < 0) {
                    continue;
                }
            }
        } else {
            ccl_queue_set_current(q, q->current + 1);
        }
        q->work++;
        ccl_queue_drain(q);
        empty++;
    }
    return ccl_queue_top(q);
}

/* ---- the API ---- */

/* Gives circle i (present and counted, in no list nor the front, not counted finite) its key and
 * puts it in place. */
static void ccl_queue_insert(ccl_queue *q, int32_t i, double key) {
    if (!(key < (double)INFINITY)) {
        q->nodes[i].key = INFINITY;
        ccl_queue_link(q, i, ccl_queue_infinite(q));
        return;
    }
    q->nodes[i].key = key;
    q->finite_count++;
    ccl_queue_place(q, i);
    if (q->front_count > CCL_QUEUE_FRONT_LIMIT) {
        ccl_queue_limit_front(q);
    }
}

void ccl_queue_push(ccl_queue *q, int32_t i, double key) {
    if (ccl_queue_contains(q, i)) {
        ccl_queue_update(q, i, key);
        return;
    }
    q->count++;
    ccl_queue_insert(q, i, key);
}

void ccl_queue_update(ccl_queue *q, int32_t i, double key) {
    if (!ccl_queue_contains(q, i)) {
        ccl_queue_push(q, i, key);
        return;
    }
    ccl_queue_detach(q, i);
    q->finite_count -= q->nodes[i].key < (double)INFINITY;
    ccl_queue_insert(q, i, key);
}

void ccl_queue_remove(ccl_queue *q, int32_t i) {
    if (!ccl_queue_contains(q, i)) {
        return;
    }
    ccl_queue_detach(q, i);
    q->count--;
    q->finite_count -= q->nodes[i].key < (double)INFINITY;
    q->nodes[i] = (ccl_queue_node){INFINITY, -1, CCL_QUEUE_ABSENT};
}

void ccl_queue_shift(ccl_queue *q, double shift) {
    ccl_queue_rebuild(q, q->inv_width, shift);
}

void ccl_queue_clear(ccl_queue *q) {
    int32_t m = ccl_queue_gather(q);
    for (int32_t k = 0; k < m; ++k) {
        q->nodes[q->front[k]] = (ccl_queue_node){INFINITY, -1, CCL_QUEUE_ABSENT};
    }
    if (q->heads != NULL) {
        int32_t infinite = ccl_queue_infinite(q);
        for (int32_t i = q->heads[infinite], next; i >= 0; i = next) {
            next = q->nodes[i].next;
            q->nodes[i] = (ccl_queue_node){INFINITY, -1, CCL_QUEUE_ABSENT};
        }
        q->heads[infinite] = -1;
    }
    q->count = 0;
    q->finite_count = 0;
}

/* ---- memory ---- */

/* Gives back whichever of the arrays exist (sizes as allocated for these capacities). */
static void ccl_queue_free_arrays(ccl_memory *m, ccl_queue_node *nodes, int32_t *front,
                                  int32_t *heads, int32_t capacity, int32_t bucket_capacity) {
    ccl_memory_free(m, nodes, (size_t)capacity * sizeof(ccl_queue_node));
    ccl_memory_free(m, front, (size_t)capacity * sizeof(int32_t));
    ccl_memory_free(m, heads, (size_t)(bucket_capacity + 2) * sizeof(int32_t));
}

void ccl_queue_init(ccl_queue *q, ccl_memory *memory) {
    *q = (ccl_queue){0};
    q->memory = memory;
    q->ahead = -1; /* no look-ahead before the queue has nodes */
}

ccl_status ccl_queue_reserve(ccl_queue *q, int32_t capacity) {
    if (capacity <= q->capacity) {
        return CCL_OK;
    }
    if ((size_t)capacity > SIZE_MAX / sizeof(ccl_queue_node)) {
        return CCL_ERR_OUT_OF_MEMORY; /* the byte count would wrap (a 32-bit size_t) */
    }
    /* the smallest power of two past capacity / 6, so at most capacity / 3: 4/3 bytes per circle
     * at most, and few enough keys past the ring, in the overflow list that every wrap walks link
     * by link */
    int32_t bucket_capacity = CCL_QUEUE_MIN_BUCKETS;
    while (bucket_capacity <= capacity / 6) {
        bucket_capacity *= 2;
    }
    ccl_memory *memory = q->memory;
    ccl_queue_node *nodes = ccl_memory_alloc(memory, (size_t)capacity * sizeof(ccl_queue_node));
    int32_t *front = ccl_memory_alloc(memory, (size_t)capacity * sizeof(int32_t));
    int32_t *heads = ccl_memory_alloc(memory, (size_t)(bucket_capacity + 2) * sizeof(int32_t));
    if (nodes == NULL || front == NULL || heads == NULL) {
        ccl_queue_free_arrays(memory, nodes, front, heads, capacity, bucket_capacity);
        return CCL_ERR_OUT_OF_MEMORY;
    }
    for (int32_t i = 0; i < capacity; ++i) {
        nodes[i] = (ccl_queue_node){INFINITY, -1, CCL_QUEUE_ABSENT};
    }
    for (int32_t list = 0; list < bucket_capacity + 2; ++list) {
        heads[list] = -1;
    }
    ccl_queue fresh = *q;
    fresh.nodes = nodes;
    fresh.front = front;
    fresh.heads = heads;
    fresh.capacity = capacity;
    fresh.bucket_capacity = bucket_capacity;
    fresh.front_count = 0;
    fresh.front_is_heap = false;
    fresh.ahead = -1;
    int32_t m = 0;
    for (int32_t i = 0; i < q->capacity; ++i) {
        const ccl_queue_node *old = &q->nodes[i];
        if (old->prev == CCL_QUEUE_ABSENT) {
            continue;
        }
        nodes[i].key = old->key;
        if (old->key < (double)INFINITY) {
            front[m++] = i;
        } else {
            ccl_queue_link(&fresh, i, ccl_queue_infinite(&fresh));
        }
    }
    ccl_queue_free_arrays(memory, q->nodes, q->front, q->heads, q->capacity, q->bucket_capacity);
    *q = fresh;
    ccl_queue_replace(q, m, q->inv_width);
    return CCL_OK;
}

void ccl_queue_release(ccl_queue *q) {
    ccl_queue_free_arrays(q->memory, q->nodes, q->front, q->heads, q->capacity, q->bucket_capacity);
    ccl_queue_init(q, q->memory);
}
