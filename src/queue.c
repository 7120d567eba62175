/* The event queue: an indexed binary min-heap over circles. */
#include "queue.h"

static bool ccl_queue_before(const ccl_queue *q, int32_t a, int32_t b) {
    double ka = q->keys[a], kb = q->keys[b];
    return ka < kb || (ka == kb && a < b);
}

static void ccl_queue_place(ccl_queue *q, int32_t pos, int32_t i) {
    q->heap[pos] = i;
    q->where[i] = pos;
}

static void ccl_queue_sift_up(ccl_queue *q, int32_t pos) {
    int32_t i = q->heap[pos];
    while (pos > 0) {
        int32_t parent = (pos - 1) / 2;
        int32_t p = q->heap[parent];
        if (!ccl_queue_before(q, i, p)) {
            break;
        }
        ccl_queue_place(q, pos, p);
        pos = parent;
    }
    ccl_queue_place(q, pos, i);
}

static void ccl_queue_sift_down(ccl_queue *q, int32_t pos) {
    int32_t i = q->heap[pos];
    for (;;) {
        int32_t child = 2 * pos + 1;
        if (child >= q->count) {
            break;
        }
        if (child + 1 < q->count && ccl_queue_before(q, q->heap[child + 1], q->heap[child])) {
            child += 1;
        }
        if (!ccl_queue_before(q, q->heap[child], i)) {
            break;
        }
        ccl_queue_place(q, pos, q->heap[child]);
        pos = child;
    }
    ccl_queue_place(q, pos, i);
}

void ccl_queue_push(ccl_queue *q, int32_t i) {
    int32_t pos = q->count++;
    ccl_queue_place(q, pos, i);
    ccl_queue_sift_up(q, pos);
}

void ccl_queue_update(ccl_queue *q, int32_t i) {
    int32_t pos = q->where[i];
    if (pos > 0 && ccl_queue_before(q, i, q->heap[(pos - 1) / 2])) {
        ccl_queue_sift_up(q, pos);
    } else {
        ccl_queue_sift_down(q, pos);
    }
}

void ccl_queue_remove(ccl_queue *q, int32_t i) {
    int32_t pos = q->where[i];
    if (pos < 0) {
        return;
    }
    q->where[i] = -1;
    int32_t last = q->heap[--q->count];
    if (pos == q->count) {
        return;
    }
    ccl_queue_place(q, pos, last);
    ccl_queue_update(q, last);
}
