/* The event queue: an indexed binary min-heap over circles. Entries carry their keys, so a sift
 * touches only the heap array; ties are broken by circle index. */
#include "queue.h"

/* Written with bitwise operators so that the compiler can select without a branch: which child
 * is earlier is a coin toss that no predictor learns. */
static bool ccl_queue_before(ccl_queue_entry a, ccl_queue_entry b) {
    return (a.key < b.key) | ((a.key == b.key) & (a.index < b.index));
}

static void ccl_queue_place(ccl_queue *q, int32_t pos, ccl_queue_entry e) {
    q->heap[pos] = e;
    q->where[e.index] = pos;
}

static void ccl_queue_sift_up(ccl_queue *q, int32_t pos, ccl_queue_entry e) {
    while (pos > 0) {
        int32_t parent = (pos - 1) / 2;
        ccl_queue_entry p = q->heap[parent];
        if (!ccl_queue_before(e, p)) {
            break;
        }
        ccl_queue_place(q, pos, p);
        pos = parent;
    }
    ccl_queue_place(q, pos, e);
}

/* Puts e at pos or below, where it is not earlier than pos's parent. Bottom-up (Floyd): the hole
 * at pos walks down along the earlier children to a leaf, one comparison per level, and e rises
 * from there. A re-predicted event usually belongs near the leaves, so this costs about half
 * the comparisons of the usual descent, which compares e with the earlier child at every level. */
static void ccl_queue_sift_down(ccl_queue *q, int32_t pos, ccl_queue_entry e) {
    int32_t count = q->count;
    ccl_queue_entry *heap = q->heap;
    for (int32_t child = 2 * pos + 1; child < count; child = 2 * pos + 1) {
        if (child + 1 < count) {
            child += ccl_queue_before(heap[child + 1], heap[child]);
        }
        ccl_queue_place(q, pos, heap[child]);
        pos = child;
    }
    ccl_queue_sift_up(q, pos, e);
}

void ccl_queue_push(ccl_queue *q, int32_t i, double key) {
    ccl_queue_entry e = {key, i};
    ccl_queue_sift_up(q, q->count++, e);
}

void ccl_queue_update(ccl_queue *q, int32_t i, double key) {
    int32_t pos = q->where[i];
    ccl_queue_entry e = {key, i};
    if (pos > 0 && ccl_queue_before(e, q->heap[(pos - 1) / 2])) {
        ccl_queue_sift_up(q, pos, e);
    } else {
        ccl_queue_sift_down(q, pos, e);
    }
}

void ccl_queue_remove(ccl_queue *q, int32_t i) {
    int32_t pos = q->where[i];
    if (pos < 0) {
        return;
    }
    q->where[i] = -1;
    ccl_queue_entry last = q->heap[--q->count];
    if (pos == q->count) {
        return;
    }
    if (pos > 0 && ccl_queue_before(last, q->heap[(pos - 1) / 2])) {
        ccl_queue_sift_up(q, pos, last);
    } else {
        ccl_queue_sift_down(q, pos, last);
    }
}

void ccl_queue_shift(ccl_queue *q, double shift) {
    for (int32_t pos = 0; pos < q->count; ++pos) {
        q->heap[pos].key -= shift;
    }
    for (int32_t pos = q->count / 2 - 1; pos >= 0; --pos) {
        ccl_queue_sift_down(q, pos, q->heap[pos]);
    }
}
