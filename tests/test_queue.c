/* The event queue against a plain oracle: after every push, key change and removal, the top is
 * the circle with the smallest (key, index) found by scanning all present circles, and after
 * every shift of all keys (the world's re-basing) too; the heap
 * order holds at every position, and where[] points back at each entry. Keys are drawn from a
 * few values so that ties (broken by index) are common, with INFINITY among them. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "queue.h"

#define QT_CAPACITY 300

static uint64_t qt_next(uint64_t *state) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return *state >> 33;
}

static bool qt_before(double ka, int32_t a, double kb, int32_t b) {
    return ka < kb || (ka == kb && a < b);
}

/* The heap is consistent and its top is the brute-force minimum over the present circles. */
static void qt_check(const ccl_queue *q, const double *keys, const bool *present) {
    int32_t expected = -1, count = 0;
    for (int32_t i = 0; i < QT_CAPACITY; ++i) {
        if (present[i]) {
            count++;
            if (expected < 0 || qt_before(keys[i], i, keys[expected], expected)) {
                expected = i;
            }
            assert_true(ccl_queue_key(q, i) == keys[i]);
        } else {
            assert_int_equal(q->where[i], -1);
            assert_true(ccl_queue_key(q, i) == INFINITY);
        }
    }
    assert_int_equal(q->count, count);
    assert_int_equal(ccl_queue_top(q), expected);
    for (int32_t pos = 0; pos < q->count; ++pos) {
        ccl_queue_entry e = q->heap[pos];
        assert_true(present[e.index]);
        assert_int_equal(q->where[e.index], pos);
        assert_true(e.key == keys[e.index]);
        if (pos > 0) {
            ccl_queue_entry parent = q->heap[(pos - 1) / 2];
            assert_false(qt_before(e.key, e.index, parent.key, parent.index));
        }
    }
}

static void queue_matches_a_scan_under_random_operations(void **state) {
    (void)state;
    static const double values[] = {0.0, 0.25, 0.5, 0.5, 1.0, 2.0, 3.5, INFINITY};
    ccl_queue_entry heap[QT_CAPACITY];
    int32_t where[QT_CAPACITY];
    double keys[QT_CAPACITY];
    bool present[QT_CAPACITY];
    uint64_t rng = 12345;
    int pops = 0, shifts = 0;
    for (int round = 0; round < 40; ++round) {
        for (int32_t i = 0; i < QT_CAPACITY; ++i) {
            where[i] = -1;
            present[i] = false;
            keys[i] = 0.0;
        }
        ccl_queue q = {heap, where, 0};
        int32_t span = 1 + (int32_t)(qt_next(&rng) % QT_CAPACITY); /* small and large heaps */
        for (int step = 0; step < 2000; ++step) {
            int32_t i = (int32_t)(qt_next(&rng) % (uint64_t)span);
            uint64_t op = qt_next(&rng) % 10;
            /* half the keys from a few values (ties), half continuous */
            double key = (qt_next(&rng) & 1) ? values[qt_next(&rng) % 8]
                                             : (double)(qt_next(&rng) % 1000000) / 1000.0;
            if (op == 9 && qt_next(&rng) % 20 == 0) {
                /* the world's re-basing: every key moves down by one amount */
                double shift = (double)(qt_next(&rng) % 1000) / 7.0;
                ccl_queue_shift(&q, shift);
                for (int32_t k = 0; k < QT_CAPACITY; ++k) {
                    if (present[k]) {
                        keys[k] -= shift;
                    }
                }
                shifts++;
            } else if (op < 2) {
                ccl_queue_remove(&q, i);
                present[i] = false;
            } else if (op < 3 && q.count > 0) {
                /* the event loop's step: the top's key moves later, as after its event */
                int32_t top = ccl_queue_top(&q);
                keys[top] += (double)(qt_next(&rng) % 1000) / 100.0;
                ccl_queue_update(&q, top, keys[top]);
                pops++;
            } else {
                keys[i] = key;
                if (present[i]) {
                    ccl_queue_update(&q, i, keys[i]);
                } else {
                    ccl_queue_push(&q, i, keys[i]);
                    present[i] = true;
                }
            }
            qt_check(&q, keys, present);
        }
    }
    assert_true(pops > 1000 && shifts > 100);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(queue_matches_a_scan_under_random_operations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
