/* Allocation failure injection through the world's allocator hook. A scenario (create, add
 * circles, segments and points, advance with recorded contacts, remove, add again past the first
 * growth of every array) is replayed with the k-th allocation failing, for every k until a run
 * sees no failure. Each failure must come back as CCL_ERR_OUT_OF_MEMORY; a failed add or removal
 * leaves the world exactly as it was (same exported states, bit for bit); a failed advance leaves
 * it consistent at an earlier time (energy of an elastic world kept, no overlap, every id valid);
 * the scenario then goes on to the end. The test allocator checks that nothing leaks, that every
 * free names a live block with the size it was allocated with, that alignment is honoured, and
 * that the world's memory statistic equals the bytes it holds. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/world.h>

/// Most blocks alive at once in the test allocator.
#define MAX_BLOCKS 4096

/// One live allocation.
typedef struct block {
    void *ptr;
    size_t size;
} block;

/// The test allocator: fails allocation number fail_at (1-based; 0 never), tracks every block.
typedef struct test_allocator {
    uint64_t calls, fail_at, failures;
    size_t allocated, freed;
    block blocks[MAX_BLOCKS];
    int block_count;
    int bad_frees;
} test_allocator;

static void *counting_alloc(size_t size, size_t align, void *user) {
    test_allocator *t = user;
    t->calls++;
    if (t->calls == t->fail_at) {
        t->failures++;
        return NULL;
    }
    assert_true(align > 0 && (align & (align - 1)) == 0 && align <= 64);
    assert_true(t->block_count < MAX_BLOCKS);
    size_t rounded = (size + align - 1) / align * align;
    void *p = aligned_alloc(align, rounded > 0 ? rounded : align);
    assert_non_null(p);
    t->blocks[t->block_count++] = (block){p, size};
    t->allocated += size;
    return p;
}

static void counting_free(void *ptr, size_t size, void *user) {
    test_allocator *t = user;
    for (int k = 0; k < t->block_count; ++k) {
        if (t->blocks[k].ptr == ptr) {
            if (t->blocks[k].size != size) {
                t->bad_frees++;
            }
            t->freed += t->blocks[k].size;
            t->blocks[k] = t->blocks[--t->block_count];
            free(ptr);
            return;
        }
    }
    t->bad_frees++; /* not a live block: double free or foreign pointer */
}

static size_t live_bytes(const test_allocator *t) {
    size_t n = 0;
    for (int k = 0; k < t->block_count; ++k) {
        n += t->blocks[k].size;
    }
    return n;
}

/// The circles the scenario believes alive.
typedef struct scenario {
    ccl_world *world;
    test_allocator *alloc;
    ccl_circle_id ids[256];
    bool alive[256];
    int count, live;
    uint64_t oom_seen;
    double energy; ///< kinetic energy, kept by every step of this elastic scenario
} scenario;

/* The exported states, for comparing a world before and after a failed call. */
static int snapshot(ccl_world *w, ccl_circle_state *out, int capacity) {
    int n = -1;
    assert_int_equal(ccl_world_export(w, out, capacity, &n), CCL_OK);
    return n;
}

static void check_world(scenario *s) {
    ccl_world *w = s->world;
    assert_int_equal(ccl_world_circle_count(w), s->live);
    for (int k = 0; k < s->count; ++k) {
        assert_int_equal(ccl_world_is_valid(w, s->ids[k]), s->alive[k]);
    }
    ccl_world_stats stats = ccl_world_get_stats(w);
    assert_int_equal(stats.circle_count, s->live);
    assert_int_equal(stats.memory_bytes, live_bytes(s->alloc));
    assert_true(isfinite(stats.kinetic_energy));
    assert_true(fabs(stats.kinetic_energy - s->energy) <= 1e-9 * s->energy + 1e-12);
    assert_true(ccl_world_max_overlap(w) <= 1e-9);
    assert_int_equal(s->alloc->bad_frees, 0);
}

/* Checks a call's status: OK, or a refusal (the injected failure) with the world unchanged. */
static void expect_ok_or_unchanged(scenario *s, ccl_status status, const ccl_circle_state *before,
                                   int before_count) {
    if (status == CCL_OK) {
        return;
    }
    if (status != CCL_ERR_OVERLAP) { /* a refill circle may land on a moving one: refused too */
        assert_int_equal(status, CCL_ERR_OUT_OF_MEMORY);
        s->oom_seen++;
    }
    static ccl_circle_state after[256];
    int n = snapshot(s->world, after, 256);
    assert_int_equal(n, before_count);
    assert_memory_equal(after, before, sizeof(ccl_circle_state) * (size_t)n);
}

static void add_circle(scenario *s, double x, double y, double vx, double vy, double r) {
    static ccl_circle_state before[256];
    int n = snapshot(s->world, before, 256);
    ccl_circle_def def = ccl_circle_default_def();
    def.position = ccl_v2(x, y);
    def.velocity = ccl_v2(vx, vy);
    def.radius = r;
    ccl_circle_id id;
    ccl_status status = ccl_world_add_circle(s->world, &def, &id);
    expect_ok_or_unchanged(s, status, before, n);
    if (status == CCL_OK) {
        s->ids[s->count] = id;
        s->alive[s->count++] = true;
        s->live++;
        s->energy += 0.5 * (vx * vx + vy * vy);
    }
    check_world(s);
}

static void remove_circle(scenario *s, int k) {
    if (!s->alive[k]) {
        return;
    }
    ccl_circle_state st;
    assert_int_equal(ccl_world_get_circle(s->world, s->ids[k], &st), CCL_OK);
    assert_int_equal(ccl_world_remove_circle(s->world, s->ids[k]), CCL_OK);
    s->alive[k] = false;
    s->live--;
    s->energy -= 0.5 * (st.velocity.x * st.velocity.x + st.velocity.y * st.velocity.y);
    assert_int_equal(ccl_world_remove_circle(s->world, s->ids[k]), CCL_ERR_STALE_ID);
    check_world(s);
}

static void add_obstacle(scenario *s, ccl_segment seg, bool point) {
    static ccl_circle_state before[256];
    int n = snapshot(s->world, before, 256);
    int index = -1;
    ccl_status status = point ? ccl_world_add_point(s->world, seg.a, &index)
                              : ccl_world_add_segment(s->world, seg, &index);
    expect_ok_or_unchanged(s, status, before, n);
    check_world(s);
}

/* Advances to time target, retrying after an injected failure (which must stop early). */
static void advance_to(scenario *s, double target) {
    for (int tries = 0; tries < 3; ++tries) {
        double t0 = ccl_world_time(s->world);
        ccl_status status = ccl_world_advance(s->world, target - t0);
        double t1 = ccl_world_time(s->world);
        if (status == CCL_OK) {
            assert_true(fabs(t1 - target) <= 1e-9 * target);
            size_t n = 0;
            const ccl_contact_event *events = ccl_world_contact_events(s->world, &n);
            assert_true(n == 0 || events != NULL);
            for (size_t k = 0; k < n; ++k) {
                assert_true(events[k].time >= t0 - 1e-9 && events[k].time <= t1 + 1e-9);
            }
            check_world(s);
            return;
        }
        assert_int_equal(status, CCL_ERR_OUT_OF_MEMORY);
        s->oom_seen++;
        assert_true(t1 >= t0 && t1 <= target);
        check_world(s);
    }
    fail_msg("advance kept failing after the injected failure");
}

/* The scenario, in a world from def, with the k-th allocation failing. Returns the number of
 * allocations made (the run saw no failure when that is below fail_at). */
static uint64_t run_scenario(ccl_world_def def, uint64_t fail_at) {
    static test_allocator alloc;
    memset(&alloc, 0, sizeof alloc);
    alloc.fail_at = fail_at;
    def.allocator.alloc = counting_alloc;
    def.allocator.free = counting_free;
    def.allocator.user = &alloc;
    def.record_contacts = true;
    static scenario s;
    memset(&s, 0, sizeof s);
    s.alloc = &alloc;
    ccl_status status = ccl_world_create(&def, &s.world);
    if (status != CCL_OK) {
        assert_int_equal(status, CCL_ERR_OUT_OF_MEMORY);
        assert_null(s.world);
        assert_int_equal(alloc.block_count, 0);
        return alloc.calls;
    }
    /* a lattice of 70 moving circles: past the first growth of the slot arrays (64) */
    for (int k = 0; k < 70; ++k) {
        double x = 5.0 + 9.0 * (k % 10), y = 5.0 + 9.0 * (k / 10);
        add_circle(&s, x, y, cos(1.3 * k) * 10.0, sin(0.7 * k + 1.0) * 10.0, 1.0 + 0.05 * (k % 7));
    }
    add_obstacle(&s, ccl_make_segment(ccl_v2(50.0, 95.0), ccl_v2(80.0, 98.0)), false);
    add_obstacle(&s, ccl_make_segment(ccl_v2(91.0, 20.0), ccl_v2(98.0, 40.0)), false);
    add_obstacle(&s, ccl_make_segment(ccl_v2(91.0, 60.0), ccl_v2(91.0, 60.0)), true);
    advance_to(&s, 2.0);
    for (int k = 0; k < 70; k += 3) {
        remove_circle(&s, k);
    }
    advance_to(&s, 4.0);
    /* refill the freed slots and grow past 128 slots, with larger circles (a grid rebuild) */
    for (int k = 0; k < 80 && s.count < 256; ++k) {
        add_circle(&s, 3.0 + 1.1 * (k % 80), 93.0 - 0.0 * k, 1.0, -1.0, 0.5);
    }
    add_circle(&s, 96.0, 96.0, -3.0, -2.0, 3.5);
    advance_to(&s, 6.0);
    ccl_world_destroy(s.world);
    assert_int_equal(alloc.block_count, 0);
    assert_int_equal(alloc.allocated, alloc.freed);
    assert_int_equal(alloc.bad_frees, 0);
    if (fail_at > 0 && fail_at <= alloc.calls) {
        assert_int_equal(alloc.failures, 1);
        assert_int_equal(s.oom_seen, 1); /* the one failure was reported, once */
    }
    return alloc.calls;
}

/* Every allocation of the scenario fails once, in turn. */
static void run_every_failure(ccl_world_def def) {
    uint64_t total = run_scenario(def, 0);
    assert_true(total > 10);
    uint64_t k = 1;
    for (; k <= total + 1; ++k) {
        uint64_t calls = run_scenario(def, k);
        if (calls < k) {
            break; /* this run saw no failure: every allocation has been failed once */
        }
    }
    assert_true(k > total);
    print_message("%llu allocations, each failed once in turn\n", (unsigned long long)total);
}

static void each_failed_allocation_is_reported_and_leaks_nothing_walls(void **state) {
    (void)state;
    run_every_failure(ccl_world_default_def());
}

static void each_failed_allocation_is_reported_and_leaks_nothing_periodic(void **state) {
    (void)state;
    ccl_world_def def = ccl_world_default_def();
    def.boundary = CCL_BOUNDARY_PERIODIC;
    run_every_failure(def);
}

CCL_TEST_MAIN(cmocka_unit_test(each_failed_allocation_is_reported_and_leaks_nothing_walls),
              cmocka_unit_test(each_failed_allocation_is_reported_and_leaks_nothing_periodic))
