/* The calendar event queue against a plain oracle. After every push, key change, removal, shift
 * of all keys (the world's re-basing), clear and growth, the top is the circle with the smallest
 * (key, index) found by scanning all present circles, and the structure is sound: every present
 * circle is in exactly one place (the front, one bucket, overflow or the list without event),
 * the lists are linked both ways, every bucket holds only its own keys, the front is ordered (a
 * sorted run or a binary heap), and every front circle comes before every bucket and overflow
 * circle. Keys come from a few values (ties broken by index), from wide ranges of magnitudes
 * (1e-300 to 1e300, denormals, NaN, INFINITY), and from an event loop that pops tens of
 * thousands of times so that the ring wraps and recalibrates many times. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "oracle_cases.h"
#include "test_main.h"
#include "broad/queue.h"

#define QT_CAPACITY 300

/// The test allocator: malloc, counting live bytes, failing the call number fail_at (1-based).
typedef struct qt_allocator {
    size_t live;
    int calls, fail_at;
    ccl_memory memory; ///< the queue's view of it (set by qt_make)
} qt_allocator;

static void *qt_alloc(size_t size, size_t align, void *ctx) {
    qt_allocator *a = ctx;
    (void)align; /* the queue asks for 16 bytes at most, which malloc gives */
    if (++a->calls == a->fail_at) {
        return NULL;
    }
    a->live += size;
    return malloc(size);
}

static void qt_release(void *ptr, size_t size, void *ctx) {
    qt_allocator *a = ctx;
    assert_true(a->live >= size);
    a->live -= size;
    free(ptr);
}

/// The oracle: each circle's key (INFINITY for none) and whether it is present.
typedef struct qt_model {
    double keys[QT_CAPACITY * 4];
    bool present[QT_CAPACITY * 4];
    int32_t capacity;
} qt_model;

static uint64_t qt_next(uint64_t *state) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return *state >> 33;
}

static double qt_uniform(uint64_t *state) {
    return (double)qt_next(state) / 2147483648.0;
}

static bool qt_before(double ka, int32_t a, double kb, int32_t b) {
    return ka < kb || (ka == kb && a < b);
}

static ccl_queue qt_make(qt_allocator *a, int32_t capacity) {
    ccl_queue q;
    memset(&q, 0, sizeof q);
    a->memory.hooks = (ccl_allocator){qt_alloc, qt_release, a};
    ccl_queue_init(&q, &a->memory);
    assert_int_equal(ccl_queue_reserve(&q, capacity), CCL_OK);
    return q;
}

static void qt_model_reset(qt_model *m, int32_t capacity) {
    m->capacity = capacity;
    for (int32_t i = 0; i < capacity; ++i) {
        m->keys[i] = INFINITY;
        m->present[i] = false;
    }
}

/* Marks circle i seen at one place; a second place fails. */
static void qt_see(bool *seen, int32_t i, int32_t capacity) {
    assert_true(i >= 0 && i < capacity);
    assert_false(seen[i]);
    seen[i] = true;
}

/* The structural invariants, without calling anything that could move the current bucket. */
static void qt_check_structure(const ccl_queue *q, const qt_model *m) {
    static bool seen[QT_CAPACITY * 4];
    int32_t capacity = q->capacity, present = 0, finite = 0;
    assert_int_equal(capacity, m->capacity);
    memset(seen, 0, sizeof seen);
    /* the front: ordered (sorted latest first, or a min-heap), positions in next, every key
     * before the current bucket's end */
    int32_t front_last = -1; /* the latest front circle in (key, index) order */
    for (int32_t pos = 0; pos < q->front_count; ++pos) {
        int32_t i = q->front[pos];
        qt_see(seen, i, capacity);
        assert_int_equal(q->nodes[i].prev, CCL_QUEUE_IN_FRONT);
        assert_int_equal(q->nodes[i].next, pos);
        double key = q->nodes[i].key;
        assert_true(key < INFINITY);
        assert_false((key - q->base) * q->inv_width >= q->front_end);
        if (pos > 0 && q->front_is_heap) {
            int32_t parent = q->front[(pos - 1) / 2];
            assert_false(qt_before(key, i, q->nodes[parent].key, parent));
        } else if (pos > 0) {
            int32_t later = q->front[pos - 1];
            assert_true(qt_before(key, i, q->nodes[later].key, later));
        }
        if (front_last < 0 || qt_before(q->nodes[front_last].key, front_last, key, i)) {
            front_last = i;
        }
    }
    /* the lists: buckets in use, unused buckets (empty), overflow, no event */
    int32_t overflow = q->bucket_capacity, infinite = q->bucket_capacity + 1;
    int32_t later_first = -1; /* the earliest bucket or overflow circle */
    assert_true(q->bucket_count > 0 && q->bucket_count <= q->bucket_capacity);
    assert_int_equal(q->bucket_count & (q->bucket_count - 1), 0);
    assert_true(q->front_end == (double)(q->current + 1));
    assert_true(q->ring_end == (double)(q->current + q->bucket_count));
    assert_int_equal(q->epoch_end % q->bucket_count, 0);
    assert_true(q->current < q->epoch_end && q->epoch_end <= q->current + q->bucket_count);
    for (int32_t list = 0; list <= infinite; ++list) {
        int32_t prev = CCL_QUEUE_HEAD - list, steps = 0;
        if (list >= q->bucket_count && list < overflow) {
            assert_int_equal(q->heads[list], -1);
        }
        for (int32_t i = q->heads[list]; i >= 0; i = q->nodes[i].next) {
            assert_true(++steps <= capacity);
            qt_see(seen, i, capacity);
            assert_int_equal(q->nodes[i].prev, prev);
            prev = i;
            double key = q->nodes[i].key;
            if (list == infinite) {
                assert_true(key == INFINITY);
                continue;
            }
            double position = (key - q->base) * q->inv_width;
            assert_true(key < INFINITY);
            assert_true(position >= q->front_end);
            if (list == overflow) {
                assert_true(position >= (double)q->epoch_end); /* moved in at the next wrap */
            } else {
                assert_true(position < q->ring_end);
                assert_int_equal((int64_t)position & (q->bucket_count - 1), list);
            }
            if (later_first < 0 || qt_before(key, i, q->nodes[later_first].key, later_first)) {
                later_first = i;
            }
        }
    }
    if (front_last >= 0 && later_first >= 0) {
        assert_true(qt_before(q->nodes[front_last].key, front_last, q->nodes[later_first].key,
                              later_first));
    }
    /* every present circle was seen once; absent ones are marked so */
    for (int32_t i = 0; i < capacity; ++i) {
        assert_int_equal(seen[i], m->present[i]);
        assert_int_equal(ccl_queue_contains(q, i), m->present[i]);
        if (m->present[i]) {
            present++;
            finite += m->keys[i] < INFINITY;
            assert_true(ccl_queue_key(q, i) == m->keys[i]);
        } else {
            assert_int_equal(q->nodes[i].prev, CCL_QUEUE_ABSENT);
            assert_true(ccl_queue_key(q, i) == INFINITY);
        }
    }
    assert_int_equal(q->count, present);
    assert_int_equal(q->finite_count, finite);
}

/* The oracle's top: the present circle with the smallest finite (key, index), or -1. */
static int32_t qt_expected_top(const qt_model *m) {
    int32_t expected = -1;
    for (int32_t i = 0; i < m->capacity; ++i) {
        if (m->present[i] && m->keys[i] < INFINITY &&
            (expected < 0 || qt_before(m->keys[i], i, m->keys[expected], expected))) {
            expected = i;
        }
    }
    return expected;
}

/* Sound before and after asking for the top, and the top is the oracle's. */
static void qt_check(ccl_queue *q, const qt_model *m) {
    qt_check_structure(q, m);
    int32_t expected = qt_expected_top(m);
    assert_int_equal(ccl_queue_top(q), expected);
    assert_true(ccl_queue_top_key(q) == (expected >= 0 ? m->keys[expected] : INFINITY));
    qt_check_structure(q, m);
}

static void qt_set(ccl_queue *q, qt_model *m, int32_t i, double key) {
    if (m->present[i]) {
        ccl_queue_update(q, i, key);
    } else {
        ccl_queue_push(q, i, key);
    }
    m->present[i] = true;
    m->keys[i] = key < INFINITY ? key : INFINITY; /* NaN and INFINITY: no event */
}

static void qt_remove(ccl_queue *q, qt_model *m, int32_t i) {
    ccl_queue_remove(q, i);
    m->present[i] = false;
    m->keys[i] = INFINITY;
}

static void qt_shift(ccl_queue *q, qt_model *m, double shift) {
    ccl_queue_shift(q, shift);
    for (int32_t k = 0; k < m->capacity; ++k) {
        if (m->present[k]) {
            m->keys[k] -= shift;
        }
    }
}

/* The exact difference x - y of two doubles within 2^60 of each other, as a wider type. */
#if defined(__SIZEOF_FLOAT128__)
typedef __float128 qt_wide;
#else
typedef long double qt_wide;
#endif

/* ccl_queue_shift_exactly: when it shifts, by s in (0, now], every key of the model lost s
 * exactly (checked in quad precision), and the structure still holds without re-insertion. */
static double qt_shift_exactly(ccl_queue *q, qt_model *m, double now) {
    double shift = ccl_queue_shift_exactly(q, now);
    if (shift == 0.0) {
        return 0.0;
    }
    assert_true(shift > 0.0 && shift <= now);
    for (int32_t k = 0; k < m->capacity; ++k) {
        if (m->present[k] && m->keys[k] < INFINITY) {
            qt_wide exact = (qt_wide)m->keys[k] - (qt_wide)shift;
            assert_true((qt_wide)ccl_queue_key(q, k) == exact);
            m->keys[k] -= shift;
        }
    }
    return shift;
}

/* A key from one of several families: a few values (ties), continuous, wide magnitudes. */
static double qt_key(uint64_t *rng, int family) {
    static const double values[] = {0.0, 0.25, 0.5, 0.5, 1.0, 2.0, 3.5, INFINITY};
    switch (family) {
        case 0:
            return values[qt_next(rng) % 8];
        case 1:
            return (double)(qt_next(rng) % 1000000) / 1000.0;
        case 2: /* 1e-300 .. 1e300, either sign now and then */
            return ((qt_next(rng) % 16 == 0) ? -1.0 : 1.0) *
                   pow(10.0, (double)((int)(qt_next(rng) % 601) - 300));
        case 3:
            return qt_next(rng) % 50 == 0 ? NAN : 7.0; /* many equal keys */
        default:                                       /* denormals and zeros */
            return ldexp((double)(qt_next(rng) % 16), -1070);
    }
}

static void queue_matches_a_scan_under_random_operations(void **state) {
    (void)state;
    qt_allocator a = {0};
    qt_model m;
    uint64_t rng = 12345;
    int pops = 0, shifts = 0, clears = 0, exact_shifts = 0;
    for (int round = 0; round < 60; ++round) {
        ccl_queue q = qt_make(&a, QT_CAPACITY);
        q.wide = round % 2 == 1; /* the buckets of a large world, twice as wide */
        qt_model_reset(&m, QT_CAPACITY);
        int family = round % 5;
        int32_t span = 1 + (int32_t)(qt_next(&rng) % QT_CAPACITY); /* small and large queues */
        for (int step = 0; step < 2000; ++step) {
            int32_t i = (int32_t)(qt_next(&rng) % (uint64_t)span);
            uint64_t op = qt_next(&rng) % 10;
            /* half the keys from the round's family, half from the few values (ties) */
            double key = qt_key(&rng, (qt_next(&rng) & 1) ? family : 0);
            int32_t top = ccl_queue_top(&q);
            if (op == 8 && qt_next(&rng) % 20 == 0 && top >= 0) {
                /* the world's exact re-basing from the top's time (it may refuse) */
                exact_shifts += qt_shift_exactly(&q, &m, m.keys[top]) > 0.0;
            } else if (op == 9 && qt_next(&rng) % 20 == 0) {
                /* the world's re-basing: every key moves down by one amount */
                qt_shift(&q, &m, (double)(qt_next(&rng) % 1000) / 7.0);
                shifts++;
            } else if (op == 9 && qt_next(&rng) % 50 == 0) {
                ccl_queue_clear(&q);
                qt_model_reset(&m, QT_CAPACITY);
                clears++;
            } else if (op < 2) {
                qt_remove(&q, &m, i);
            } else if (op < 4 && top >= 0) {
                /* the event loop's step: the top's key moves later, as after its event */
                qt_set(&q, &m, top, m.keys[top] + (double)(qt_next(&rng) % 1000) / 100.0);
                pops++;
            } else {
                qt_set(&q, &m, i, key);
            }
            qt_check(&q, &m);
        }
        ccl_queue_release(&q);
        assert_int_equal(a.live, 0);
    }
    assert_true(pops > 10000 && shifts > 100 && clears > 10 && exact_shifts > 20);
}

/* A run of the event loop test: its name, and whether the buckets are a large world's. */
typedef struct qt_buckets {
    const char *name;
    bool wide;
} qt_buckets;

/* An event loop: the top's event happens and it gets a later key, and so does a partner; now
 * and then a key moves earlier, a circle leaves or comes back, or loses its event. The pops come
 * out in the oracle's order, and the ring wraps and recalibrates many times. With the run's wide,
 * the buckets a large world uses, twice as wide. */
static void queue_keeps_order_through_a_long_event_loop(void **state) {
    const qt_buckets *buckets = *state;
    const bool wide = buckets->wide;
    qt_allocator a = {0};
    qt_model m;
    uint64_t rng = 777;
    int32_t n = 4 * QT_CAPACITY;
    ccl_queue q = qt_make(&a, n);
    q.wide = wide;
    qt_model_reset(&m, n);
    for (int32_t i = 0; i < n; ++i) {
        qt_set(&q, &m, i, -log(1.0 - qt_uniform(&rng)) * 50.0);
    }
    int64_t wraps = 0, last_epoch = q.epoch_end;
    int rebuilds = 0, exact_shifts = 0;
    double last_width = q.inv_width, now = 0.0;
    for (int step = 0; step < 150000; ++step) {
        int32_t expected = qt_expected_top(&m);
        int32_t top = ccl_queue_top(&q);
        assert_int_equal(top, expected);
        if (top < 0) {
            break;
        }
        /* the look-ahead (a prefetch hint) names a circle the queue holds room for, or none */
        int32_t ahead = ccl_queue_look_ahead(&q);
        assert_true(ahead >= -1 && ahead < n);
        now = m.keys[top];
        /* the rate of events changes every 10000 steps: the width must follow */
        double scale = ((step / 10000) % 2 == 0) ? 50.0 : 0.5;
        qt_set(&q, &m, top, now + -log(1.0 - qt_uniform(&rng)) * scale);
        int32_t partner = (int32_t)(qt_next(&rng) % (uint64_t)n);
        uint64_t what = qt_next(&rng) % 100;
        if (what < 60) {
            qt_set(&q, &m, partner, now + -log(1.0 - qt_uniform(&rng)) * scale);
        } else if (what < 63) {
            qt_set(&q, &m, partner, now - qt_uniform(&rng)); /* earlier than now */
        } else if (what < 65) {
            qt_remove(&q, &m, partner);
        } else if (what < 67) {
            qt_set(&q, &m, partner, INFINITY);
        } else if (what < 69 && !m.present[partner]) {
            qt_set(&q, &m, partner, now + qt_uniform(&rng) * scale);
        }
        if (step % 5000 == 4999) {
            /* re-basing: times near zero again, in place (exactly) every other time */
            if ((step / 5000) % 2 == 1 && qt_shift_exactly(&q, &m, now) > 0.0) {
                exact_shifts++;
                qt_check(&q, &m);
            } else {
                qt_shift(&q, &m, now);
            }
            now = 0.0;
        }
        if (q.epoch_end != last_epoch) {
            wraps++;
            last_epoch = q.epoch_end;
        }
        if (q.inv_width != last_width) {
            rebuilds++;
            last_width = q.inv_width;
        }
        if (step % 13 == 0 || step < 3000) {
            qt_check(&q, &m);
        }
    }
    assert_true(wraps > 30);
    assert_true(rebuilds > 5);
    assert_true(exact_shifts >= 10);
    ccl_queue_release(&q);
    assert_int_equal(a.live, 0);
}

/* An exact shift in place against an unshifted copy: the keys of moderate spread (a thousandth to
 * a million times the present) all lose the same exact amount, close to the present, and the two
 * queues then pop the same circles in the same order, through every wrap of the ring. Keys spread
 * past the doubles' resolution (a present of 1e-300 beside keys of 1e300) are refused. */
static void queue_shifts_exactly_in_place(void **state) {
    (void)state;
    qt_allocator a = {0};
    uint64_t rng = 4242;
    int shifted = 0;
    for (int round = 0; round < 40; ++round) {
        int32_t n = QT_CAPACITY;
        ccl_queue q = qt_make(&a, n), copy = qt_make(&a, n);
        double now = pow(10.0, (double)((int)(qt_next(&rng) % 21) - 10)) * (1.0 + qt_uniform(&rng));
        double spread = now * pow(10.0, (double)((int)(qt_next(&rng) % 10) - 3));
        for (int32_t i = 0; i < n; ++i) {
            double key = i % 17 == 0 ? INFINITY : now + spread * qt_uniform(&rng);
            ccl_queue_push(&q, i, key);
            ccl_queue_push(&copy, i, key);
        }
        double shift = ccl_queue_shift_exactly(&q, now);
        /* the shift falls short of the present by less than the largest key's unit */
        assert_true(shift > 0.0 && shift <= now && now - shift <= (now + spread) * 0x1p-52);
        shifted++;
        for (int32_t i = 0; i < n; ++i) {
            double key = ccl_queue_key(&copy, i);
            assert_true(key == INFINITY
                            ? ccl_queue_key(&q, i) == INFINITY
                            : (qt_wide)ccl_queue_key(&q, i) == (qt_wide)key - (qt_wide)shift);
        }
        for (;;) {
            int32_t top = ccl_queue_top(&q);
            assert_int_equal(top, ccl_queue_top(&copy));
            if (top < 0) {
                break;
            }
            ccl_queue_remove(&q, top);
            ccl_queue_remove(&copy, top);
        }
        ccl_queue_release(&q);
        ccl_queue_release(&copy);
    }
    assert_int_equal(shifted, 40);
    ccl_queue q = qt_make(&a, 8);
    ccl_queue_push(&q, 0, 1e300);
    ccl_queue_push(&q, 1, 2e-300);
    assert_true(ccl_queue_shift_exactly(&q, 1e-300) == 0.0);
    assert_true(ccl_queue_key(&q, 0) == 1e300 && ccl_queue_key(&q, 1) == 2e-300);
    ccl_queue_release(&q);
    assert_int_equal(a.live, 0);
}

/* Pops every circle in order (no new keys), checking each step; returns how many came out. */
static int32_t qt_drain(ccl_queue *q, qt_model *m) {
    int32_t popped = 0;
    for (;;) {
        qt_check(q, m);
        int32_t top = ccl_queue_top(q);
        if (top < 0) {
            break;
        }
        qt_remove(q, m, top);
        popped++;
    }
    return popped;
}

/* Equal keys, keys from 1e-300 to 1e300, a few keys far in the future, denormal and negative
 * keys, 0 and 1 circles, only keys without event: every pop still comes in order, and none
 * hangs. */
static void queue_survives_degenerate_keys(void **state) {
    (void)state;
    qt_allocator a = {0};
    qt_model m;
    ccl_queue q = qt_make(&a, QT_CAPACITY);
    qt_model_reset(&m, QT_CAPACITY);
    assert_int_equal(qt_drain(&q, &m), 0); /* empty */
    qt_set(&q, &m, 5, 1.0);
    assert_int_equal(qt_drain(&q, &m), 1); /* one */
    for (int32_t i = 0; i < QT_CAPACITY; ++i) {
        qt_set(&q, &m, QT_CAPACITY - 1 - i, 3.0); /* all equal: by index */
    }
    assert_int_equal(qt_drain(&q, &m), QT_CAPACITY);
    for (int32_t i = 0; i < QT_CAPACITY; ++i) {
        qt_set(&q, &m, i, pow(10.0, (double)((i * 7) % 601 - 300)));
    }
    assert_int_equal(qt_drain(&q, &m), QT_CAPACITY);
    for (int32_t i = 0; i < QT_CAPACITY; ++i) {
        qt_set(&q, &m, i, i % 100 == 0 ? 1e300 * (i + 1) : 0.001 * i);
    }
    assert_int_equal(qt_drain(&q, &m), QT_CAPACITY);
    for (int32_t i = 0; i < QT_CAPACITY; ++i) {
        qt_set(&q, &m, i, ldexp((double)(i % 17), -1074) - (i % 3 == 0 ? 1e-300 : 0.0));
    }
    assert_int_equal(qt_drain(&q, &m), QT_CAPACITY);
    for (int32_t i = 0; i < QT_CAPACITY; ++i) {
        qt_set(&q, &m, i, i % 2 ? -DBL_MAX : DBL_MAX); /* their difference overflows */
    }
    assert_int_equal(qt_drain(&q, &m), QT_CAPACITY);
    for (int32_t i = 0; i < 10; ++i) {
        qt_set(&q, &m, i, i % 2 ? INFINITY : NAN);
    }
    assert_int_equal(qt_drain(&q, &m), 0); /* nothing to pop, all present */
    assert_int_equal(q.count, 10);
    /* a few circles far in the future while one steps forward in tiny steps */
    qt_model_reset(&m, QT_CAPACITY);
    ccl_queue_clear(&q);
    qt_set(&q, &m, 1, 1e300);
    qt_set(&q, &m, 2, 1e10);
    qt_set(&q, &m, 0, 0.0);
    for (int step = 0; step < 3000; ++step) {
        assert_int_equal(ccl_queue_top(&q), 0);
        qt_set(&q, &m, 0, m.keys[0] + 1e-3);
        qt_check(&q, &m);
    }
    qt_set(&q, &m, 0, 1e20);
    assert_int_equal(qt_drain(&q, &m), 3);
    /* widths of 0, denormal and infinite from a shift that rounds keys together */
    for (int32_t i = 0; i < QT_CAPACITY; ++i) {
        qt_set(&q, &m, i, 1e17 + (double)(i % 13));
    }
    qt_shift(&q, &m, -1e300);
    assert_int_equal(qt_drain(&q, &m), QT_CAPACITY);
    ccl_queue_release(&q);
    assert_int_equal(a.live, 0);
}

/* Growing keeps every circle and its key; a refused allocation leaves the queue as it was. */
static void queue_grows_and_reports_allocation_failure(void **state) {
    (void)state;
    qt_allocator a = {0};
    qt_model m;
    uint64_t rng = 99;
    ccl_queue q = qt_make(&a, 40);
    qt_model_reset(&m, 40);
    for (int32_t i = 0; i < 40; ++i) {
        qt_set(&q, &m, i, i % 9 == 0 ? INFINITY : qt_uniform(&rng) * 10.0);
    }
    qt_remove(&q, &m, 3);
    qt_check(&q, &m);
    size_t before = a.live;
    for (int fail = 1; fail <= 3; ++fail) {
        a.calls = 0;
        a.fail_at = fail;
        assert_int_equal(ccl_queue_reserve(&q, 4 * QT_CAPACITY), CCL_ERR_OUT_OF_MEMORY);
        assert_int_equal(a.live, before);
        qt_check(&q, &m);
    }
    a.fail_at = 0;
    assert_int_equal(ccl_queue_reserve(&q, 4 * QT_CAPACITY), CCL_OK);
    assert_true(a.live > before);
    /* at most 22 bytes per circle, everything counted */
    assert_true(a.live <= (size_t)22 * 4 * QT_CAPACITY + 64);
    m.capacity = 4 * QT_CAPACITY;
    for (int32_t i = 40; i < m.capacity; ++i) {
        m.present[i] = false;
        m.keys[i] = INFINITY;
    }
    qt_check(&q, &m);
    for (int32_t i = 40; i < m.capacity; ++i) {
        qt_set(&q, &m, i, qt_uniform(&rng) * 10.0);
    }
    assert_int_equal(qt_drain(&q, &m), m.capacity - 1 - 5);
    ccl_queue_release(&q);
    assert_int_equal(a.live, 0);
}

/* The event loop test's bucket widths: a small world's, then a large world's. */
static qt_buckets qt_widths[] = {{"queue_keeps_order_through_a_long_event_loop", false},
                                 {"queue_keeps_order_through_a_long_event_loop_wide", true}};

CCL_TEST_MAIN(cmocka_unit_test(queue_matches_a_scan_under_random_operations),
              CCL_TEST_ROW(queue_keeps_order_through_a_long_event_loop, &qt_widths[0]),
              CCL_TEST_ROW(queue_keeps_order_through_a_long_event_loop, &qt_widths[1]),
              cmocka_unit_test(queue_shifts_exactly_in_place),
              cmocka_unit_test(queue_survives_degenerate_keys),
              cmocka_unit_test(queue_grows_and_reports_allocation_failure))
