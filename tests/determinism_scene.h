/* Scenes for the determinism tests, and the hash of a world's state: FNV-1a over the bits of
 * every circle's id, position and velocity, in slot order. Used by test_determinism.c and by
 * determinism_scene.c (the program that tests/determinism_builds.sh builds several ways). */
#ifndef CIRCOL_TEST_DETERMINISM_SCENE_H
#define CIRCOL_TEST_DETERMINISM_SCENE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <circol/world.h>

/// Number of scenes: walls with obstacles (inelastic), periodic gas, gravity, damping.
#define SCENE_COUNT 4

/// FNV-1a over n bytes, continuing from h.
static inline uint64_t scene_fnv(uint64_t h, const void *data, size_t n) {
    const unsigned char *p = data;
    for (size_t k = 0; k < n; ++k) {
        h = (h ^ p[k]) * 0x100000001b3u;
    }
    return h;
}

/// The hash of every circle's id, position and velocity bits, and of the world time.
static inline uint64_t scene_hash(const ccl_world *w) {
    int n = ccl_world_circle_count(w), got = 0;
    ccl_circle_state *states = malloc(sizeof(ccl_circle_state) * (size_t)(n > 0 ? n : 1));
    if (states == NULL) {
        return 0;
    }
    ccl_world_export(w, states, n, &got);
    uint64_t h = 0xcbf29ce484222325u;
    double t = ccl_world_time(w);
    h = scene_fnv(h, &t, sizeof t);
    for (int k = 0; k < got; ++k) {
        h = scene_fnv(h, &states[k].id, sizeof states[k].id);
        h = scene_fnv(h, &states[k].position, sizeof states[k].position);
        h = scene_fnv(h, &states[k].velocity, sizeof states[k].velocity);
    }
    free(states);
    return h;
}

/// splitmix64 step.
static inline uint64_t scene_rng(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/// Uniform in [lo, hi).
static inline double scene_range(uint64_t *state, double lo, double hi) {
    return lo + (hi - lo) * ((double)(scene_rng(state) >> 11) * 0x1p-53);
}

/// Builds scene `which` (0 .. SCENE_COUNT - 1), with allocator hook alloc (may be zeroed), runs
/// it to its end time and returns the state hash; 0 on failure.
static inline uint64_t scene_run(int which, ccl_allocator alloc) {
    ccl_world_def def = ccl_world_default_def();
    def.allocator = alloc;
    uint64_t rng = 12345u + (uint64_t)which;
    double until = 20.0;
    if (which == 0) {
        def.restitution = 0.9;
    } else if (which == 1) {
        def.boundary = CCL_BOUNDARY_PERIODIC;
        def.box_max = ccl_v2(60.0, 60.0);
    } else if (which == 2) {
        def.gravity = ccl_v2(0.0, -9.81);
        def.restitution = 0.8;
        until = 5.0;
    } else {
        def.damping = 0.05;
    }
    ccl_world *w = NULL;
    if (ccl_world_create(&def, &w) != CCL_OK) {
        return 0;
    }
    if (which == 0) {
        ccl_world_add_segment(w, ccl_make_segment(ccl_v2(20.0, 50.0), ccl_v2(60.0, 58.0)), NULL);
        ccl_world_add_point(w, ccl_v2(80.0, 20.0), NULL);
        ccl_circle_def post = ccl_circle_default_def();
        post.position = ccl_v2(50.0, 25.0);
        post.radius = 4.0;
        post.mass = 0.0;
        ccl_world_add_circle(w, &post, NULL);
    }
    for (int k = 0; k < 400; ++k) {
        ccl_circle_def c = ccl_circle_default_def();
        c.radius = scene_range(&rng, 0.4, 1.2);
        c.position = ccl_v2(scene_range(&rng, def.box_min.x + 1.2, def.box_max.x - 1.2),
                            scene_range(&rng, def.box_min.y + 1.2, def.box_max.y - 1.2));
        c.velocity = ccl_v2(scene_range(&rng, -8.0, 8.0), scene_range(&rng, -8.0, 8.0));
        c.mass = scene_range(&rng, 0.5, 2.0);
        ccl_world_add_circle(w, &c, NULL); /* overlapping ones are refused, the same each run */
    }
    for (int step = 0; step < 10; ++step) {
        if (ccl_world_advance(w, until / 10.0) != CCL_OK) {
            ccl_world_destroy(w);
            return 0;
        }
    }
    uint64_t h = scene_hash(w);
    ccl_world_destroy(w);
    return h;
}

#endif
