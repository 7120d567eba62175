/* The consistency of a loaded world's lists: the grid's cell lists, the free slots, the event
 * queue's front and lists. Each index is checked against its array before it is followed, and
 * each slot may be met once, so a crafted file can neither crash nor hang the world later. */
#include <string.h>

#include "world/checkpoint.h"

/* Marks slot i as met (by `mark`); false when it is out of range or was met already. */
static bool ccl_meet(unsigned char *met, int32_t n, int32_t i, unsigned char mark) {
    if (i < 0 || i >= n || met[i] != 0) {
        return false;
    }
    met[i] = mark;
    return true;
}

/* The cell lists hold each live circle once, in its own cell; the free list each dead slot. */
static const char *ccl_check_slots(const ccl_world *w, unsigned char *met) {
    int32_t n = w->slot_count, alive = 0;
    int32_t cells = w->grid.cell_head != NULL ? w->grid.nx * w->grid.ny : 0;
    for (int32_t c = 0; c < cells; ++c) {
        for (int32_t i = w->grid.cell_head[c]; i != -1; i = w->bodies[i].link.next) {
            if (!ccl_meet(met, n, i, 1) || !w->bodies[i].alive || w->bodies[i].link.cell != c) {
                return "a grid cell's list is broken";
            }
        }
    }
    for (int32_t i = 0; i < n; ++i) {
        const ccl_body_slot *b = &w->bodies[i];
        alive += b->alive;
        if (b->alive && (met[i] != 0) != (b->link.cell >= 0)) {
            return "a circle is not in the list of its grid cell";
        }
    }
    if (alive != w->live_count) {
        return "the count of live circles is wrong";
    }
    int32_t dead = 0;
    for (int32_t i = w->free_head; i != -1; i = w->bodies[i].link.next) {
        if (!ccl_meet(met, n, i, 2) || w->bodies[i].alive) {
            return "the list of free slots is broken";
        }
        dead++;
    }
    return dead == n - alive ? NULL : "the list of free slots is broken";
}

/* The front and every list of the queue hold each present circle once, and nothing else. */
static const char *ccl_check_queue(const ccl_world *w, unsigned char *met) {
    const ccl_queue *q = &w->queue;
    int32_t n = w->slot_count, present = 0, infinite = 0;
    for (int32_t pos = 0; pos < q->front_count; ++pos) {
        int32_t i = q->front[pos];
        if (!ccl_meet(met, n, i, 1) || q->nodes[i].prev != CCL_QUEUE_IN_FRONT ||
            q->nodes[i].next != pos || !(q->nodes[i].key < (double)INFINITY)) {
            return "the event queue's front is broken";
        }
        present++;
    }
    int32_t lists = q->heads != NULL ? q->bucket_capacity + 2 : 0;
    for (int32_t list = 0; list < lists; ++list) {
        int32_t before = CCL_QUEUE_HEAD - list;
        for (int32_t i = q->heads[list]; i != -1; before = i, i = q->nodes[i].next) {
            bool finite = q->nodes[i >= 0 && i < n ? i : 0].key < (double)INFINITY;
            if (!ccl_meet(met, n, i, 1) || q->nodes[i].prev != before ||
                finite != (list != q->bucket_capacity + 1)) {
                return "an event queue list is broken";
            }
            present++;
            infinite += !finite;
        }
    }
    for (int32_t i = 0; i < n; ++i) {
        if ((q->nodes[i].prev != CCL_QUEUE_ABSENT) != (met[i] != 0) ||
            (met[i] != 0 && !w->bodies[i].alive)) {
            return "the event queue holds a circle twice, a removed one, or one in no list";
        }
    }
    if (present != q->count || present - infinite != q->finite_count) {
        return "the event queue's counts are wrong";
    }
    return NULL;
}

const char *ccl_checkpoint_check(ccl_world *w, ccl_status *status) {
    size_t n = w->slot_count > 0 ? (size_t)w->slot_count : 1;
    unsigned char *met = ccl_memory_alloc(&w->memory, n);
    if (met == NULL) {
        *status = CCL_ERR_OUT_OF_MEMORY;
        return NULL;
    }
    memset(met, 0, n);
    const char *problem = ccl_check_slots(w, met);
    if (problem == NULL) {
        memset(met, 0, n);
        problem = ccl_check_queue(w, met);
    }
    ccl_memory_free(&w->memory, met, n);
    return problem;
}
