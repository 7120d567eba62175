/* Determinism: the same scene gives the same final state, bit for bit (hash of every position
 * and velocity), across repeated runs in one process and whatever allocator the world uses; and
 * the hash does see a one-bit change of the input. tests/determinism_builds.sh checks the same
 * hashes across optimisation levels and the static and shared libraries. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_hooks.h"
#include "test_main.h"
#include "determinism_scene.h"

static void *plain_alloc(size_t size, size_t align, void *user) {
    (void)user;
    size_t rounded = (size + align - 1) / align * align;
    return aligned_alloc(align, rounded > 0 ? rounded : align);
}

static void same_scene_gives_the_same_hash_on_every_run(void **state) {
    (void)state;
    ccl_allocator none;
    memset(&none, 0, sizeof none);
    for (int k = 0; k < SCENE_COUNT; ++k) {
        uint64_t first = scene_run(k, none);
        assert_true(first != 0);
        for (int run = 0; run < 2; ++run) {
            assert_true(scene_run(k, none) == first);
        }
    }
}

static void hash_does_not_depend_on_the_allocator(void **state) {
    (void)state;
    ccl_allocator none, hook = {plain_alloc, wt_free, NULL};
    memset(&none, 0, sizeof none);
    for (int k = 0; k < SCENE_COUNT; ++k) {
        assert_true(scene_run(k, none) == scene_run(k, hook));
    }
}

static void scenes_differ_and_hash_sees_one_bit(void **state) {
    (void)state;
    ccl_allocator none;
    memset(&none, 0, sizeof none);
    uint64_t hashes[SCENE_COUNT];
    for (int k = 0; k < SCENE_COUNT; ++k) {
        hashes[k] = scene_run(k, none);
        for (int m = 0; m < k; ++m) {
            assert_true(hashes[k] != hashes[m]);
        }
    }
    /* one circle whose velocity differs in its last bit: the final hash changes */
    ccl_world_def def = ccl_world_default_def();
    uint64_t h[2];
    for (int variant = 0; variant < 2; ++variant) {
        ccl_world *w = NULL;
        assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
        for (int k = 0; k < 50; ++k) {
            ccl_circle_def c = ccl_circle_default_def();
            c.position = ccl_v2(5.0 + 9.0 * (k % 10), 5.0 + 9.0 * (k / 10));
            c.velocity = ccl_v2(3.0 + 0.1 * k, -2.0 + 0.05 * k);
            if (k == 7 && variant == 1) {
                c.velocity.x = nextafter(c.velocity.x, 10.0);
            }
            assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
        }
        assert_int_equal(ccl_world_advance(w, 10.0), CCL_OK);
        h[variant] = scene_hash(w);
        ccl_world_destroy(w);
    }
    assert_true(h[0] != h[1]);
}

CCL_TEST_MAIN(cmocka_unit_test(same_scene_gives_the_same_hash_on_every_run),
              cmocka_unit_test(hash_does_not_depend_on_the_allocator),
              cmocka_unit_test(scenes_differ_and_hash_sees_one_bit))
