/* Checkpoint and restart (include/circol/checkpoint.h): a world saved and loaded at any time goes
 * on with the same events, bit for bit, as the world that was never interrupted (the oracle is
 * that world itself: every contact event's bits, the final state, the counters); a save of the
 * loaded world gives the very bytes loaded; a truncated or altered file is refused with a reason,
 * and a file altered with a valid checksum never crashes the load or the run after it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/checkpoint.h>
#include <circol/game.h>
#include <circol/world.h>

#include "determinism_scene.h"
#include "world/checkpoint.h"
#include "byte_sink.h"
#include "world_common.h"

/// Sensor events reported (begin and end), in every run of the test.
static uint64_t sensor_events;

/// FNV-1a over every contact event's bits, as the world reports them.
static void hash_contact(const ccl_contact_event *e, void *user) {
    uint64_t *h = user;
    sensor_events += e->kind == CCL_CONTACT_SENSOR_BEGIN || e->kind == CCL_CONTACT_SENSOR_END;
    *h = scene_fnv(*h, &e->time, sizeof e->time);
    *h = scene_fnv(*h, &e->kind, sizeof e->kind);
    *h = scene_fnv(*h, &e->a, sizeof e->a);
    *h = scene_fnv(*h, &e->b, sizeof e->b);
    *h = scene_fnv(*h, &e->wall, sizeof e->wall);
    *h = scene_fnv(*h, &e->point, sizeof e->point);
    *h = scene_fnv(*h, &e->normal, sizeof e->normal);
    *h = scene_fnv(*h, &e->impulse, sizeof e->impulse);
}

#define SCENES 9

/// The paddle of scene 8: a kinematic circle whose velocity each step sets.
static ccl_circle_id paddle;

/// Scene 8's game kit: a kinematic paddle, a sensor touched by circles added over it, filters
/// (circles of category 2 pass through each other, those of category 4 through the sensor), and
/// the first segment and point removed (the others keep their ids).
static void add_game_kit(ccl_world *w) {
    ccl_world_add_segment(w, ccl_make_segment(ccl_v2(5.0, 20.0), ccl_v2(30.0, 24.0)), NULL);
    ccl_world_add_segment(w, ccl_make_segment(ccl_v2(60.0, 80.0), ccl_v2(90.0, 70.0)), NULL);
    ccl_world_add_point(w, ccl_v2(32.0, 8.0), NULL);
    ccl_world_add_point(w, ccl_v2(80.0, 30.0), NULL);
    assert_int_equal(ccl_world_remove_segment(w, 0), CCL_OK);
    assert_int_equal(ccl_world_remove_point(w, 0), CCL_OK);
    ccl_circle_def c = ccl_circle_default_def();
    c.radius = 4.0;
    c.mass = 0.0;
    c.position = ccl_v2(50.0, 8.0);
    assert_int_equal(ccl_world_add_circle(w, &c, &paddle), CCL_OK);
    ccl_circle_id sensor;
    c.radius = 12.0;
    c.position = ccl_v2(50.0, 55.0);
    assert_int_equal(ccl_world_add_circle(w, &c, &sensor), CCL_OK);
    assert_int_equal(ccl_world_set_sensor(w, sensor, true), CCL_OK);
    assert_int_equal(ccl_world_set_filter(w, sensor, 1u, ~4u), CCL_OK);
}

/// Scene which: 0 walls, obstacles and an immovable post, inelastic; 1 a periodic gas counting
/// box crossings; 2 gravity; 3 damping; 4 a periodic gas started on a lattice (ties in time);
/// 5 circles added overlapping (CCL_OVERLAP_SEPARATE) in a periodic box with a segment; 6 gravity
/// with damping; 7 a periodic gas compressed by growing radii; 8 the game kit (add_game_kit).
static ccl_world *build_scene(int which, uint64_t *hash) {
    ccl_world_def def = ccl_world_default_def();
    def.on_contact = hash_contact;
    def.contact_user = hash;
    def.restitution = which == 0 ? 0.9 : which == 2 || which == 6 ? 0.8 : 1.0;
    bool periodic = which == 1 || which == 4 || which == 5 || which == 7;
    def.boundary = periodic ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
    def.box_max = periodic ? ccl_v2(40.0, 40.0) : ccl_v2(100.0, 100.0);
    def.gravity = which == 2 || which == 6 ? ccl_v2(0.3, -9.81) : ccl_v2(0.0, 0.0);
    def.damping = which == 3 || which == 6 ? 0.05 : 0.0;
    def.overlap = which == 5 ? CCL_OVERLAP_SEPARATE : CCL_OVERLAP_REJECT;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&def, &w), CCL_OK);
    if (which == 0 || which == 5) {
        ccl_world_add_segment(w, ccl_make_segment(ccl_v2(5.0, 20.0), ccl_v2(30.0, 24.0)), NULL);
        ccl_world_add_point(w, ccl_v2(32.0, 8.0), NULL);
    }
    if (which == 8) {
        add_game_kit(w);
    }
    if (which == 1 || which == 4) {
        assert_int_equal(ccl_world_track_unwrapped(w), CCL_OK);
    }
    uint64_t rng = 777u + (uint64_t)which;
    for (int k = 0; k < 400; ++k) {
        ccl_circle_def c = ccl_circle_default_def();
        if (which == 4) {
            c.radius = 0.8;
            c.position = ccl_v2(1.0 + 2.0 * (k % 20), 1.0 + 2.0 * (k / 20));
        } else {
            c.radius = which == 7 ? 0.5 : scene_range(&rng, 0.4, 1.2);
            c.position = ccl_v2(scene_range(&rng, def.box_min.x + 1.2, def.box_max.x - 1.2),
                                scene_range(&rng, def.box_min.y + 1.2, def.box_max.y - 1.2));
            c.mass = k == 7 && which == 0 ? 0.0 : scene_range(&rng, 0.5, 2.0);
        }
        c.velocity = ccl_v2(scene_range(&rng, -4.0, 4.0), scene_range(&rng, -4.0, 4.0));
        ccl_circle_id id;
        if (ccl_world_add_circle(w, &c, &id) == CCL_OK && which == 8 && k % 3 != 0) {
            /* refused ones are refused in every run alike */
            assert_int_equal(ccl_world_set_filter(w, id, k % 3 == 1 ? 2u : 4u, ~2u), CCL_OK);
        }
    }
    if (which == 7) {
        assert_int_equal(ccl_world_set_growth_rate(w, 0.04), CCL_OK);
    }
    return w;
}

/// What the caller does before step s of scene which: the paddle of scene 8 changes direction.
static void before_step(ccl_world *w, int which, int s) {
    if (which == 8) {
        ccl_vec2 v = ccl_v2(s % 2 == 0 ? 9.0 : -7.0, s % 3 == 0 ? 1.0 : -1.0);
        assert_int_equal(ccl_world_set_velocity(w, paddle, v), CCL_OK);
    }
}

/// A schedule of advance steps: random lengths, the same for every run of a scene.
#define STEPS 24
static void schedule(int which, double dt[STEPS]) {
    uint64_t rng = 99u + (uint64_t)which;
    for (int s = 0; s < STEPS; ++s) {
        dt[s] = scene_range(&rng, 0.05, which == 2 || which == 6 ? 0.2 : 0.6);
    }
}

/// What a finished run is compared by.
typedef struct outcome {
    uint64_t events, state, radii; ///< radii: every circle's radius bits and kind, hashed
    ccl_world_stats stats;
    ccl_vec2 unwrapped_sum;
} outcome;

static outcome finish(const ccl_world *w, uint64_t events) {
    outcome o = {events, scene_hash(w), 0xcbf29ce484222325u, ccl_world_get_stats(w), {0.0, 0.0}};
    int n = ccl_world_circle_count(w), got = 0;
    ccl_circle_state *states = malloc(sizeof *states * (size_t)(n > 0 ? n : 1));
    assert_non_null(states);
    assert_int_equal(ccl_world_export(w, states, n, &got), CCL_OK);
    for (int k = 0; k < got; ++k) {
        unsigned char kind = (unsigned char)(states[k].kinematic | states[k].sensor << 1);
        o.radii = scene_fnv(o.radii, &states[k].radius, sizeof states[k].radius);
        o.radii = scene_fnv(o.radii, &kind, 1);
    }
    free(states);
    ccl_vec2 *u = malloc(sizeof *u * (size_t)(n > 0 ? n : 1));
    assert_non_null(u);
    assert_int_equal(ccl_world_export_unwrapped(w, u, n, &got), CCL_OK);
    for (int k = 0; k < got; ++k) {
        o.unwrapped_sum.x += u[k].x * (double)(k + 1);
        o.unwrapped_sum.y += u[k].y * (double)(k + 1);
    }
    free(u);
    return o;
}

/// Saves w (destroying it) and loads it again with the callback hashing into hash.
static ccl_world *save_and_load(ccl_world *w, uint64_t *hash) {
    byte_sink b = {0};
    assert_int_equal(ccl_world_save(w, "run", 3, byte_sink_write, &b), CCL_OK);
    ccl_world_destroy(w);
    ccl_world_def hooks = ccl_world_default_def();
    hooks.on_contact = hash_contact;
    hooks.contact_user = hash;
    ccl_load_info info;
    ccl_world *loaded = NULL;
    assert_int_equal(ccl_world_load(b.data, b.size, &hooks, &loaded, &info), CCL_OK);
    assert_null(info.problem);
    assert_int_equal(info.extra_size, 3);
    assert_memory_equal(info.extra, "run", 3);
    free(b.data);
    return loaded;
}

/// Saves made while a sensor touch was going on.
static int saves_touching;

/// Runs scene which through the schedule, saved and loaded after each step whose bit in cuts is
/// set.
static outcome run_scene(int which, uint64_t cuts) {
    double dt[STEPS];
    schedule(which, dt);
    uint64_t hash = 0xcbf29ce484222325u;
    ccl_world *w = build_scene(which, &hash);
    for (int s = 0; s < STEPS; ++s) {
        before_step(w, which, s);
        assert_int_equal(ccl_world_advance(w, dt[s]), CCL_OK);
        if (cuts >> s & 1u) {
            saves_touching += w->touch_count > 0;
            w = save_and_load(w, &hash);
        }
    }
    outcome o = finish(w, hash);
    ccl_world_destroy(w);
    return o;
}

static void assert_same_outcome(const outcome *a, const outcome *b) {
    assert_int_equal(a->events, b->events);
    assert_int_equal(a->state, b->state);
    assert_int_equal(a->radii, b->radii);
    assert_int_equal(a->stats.collisions, b->stats.collisions);
    assert_int_equal(a->stats.wall_collisions, b->stats.wall_collisions);
    assert_int_equal(a->stats.events, b->stats.events);
    assert_int_equal(a->stats.guard_collisions, b->stats.guard_collisions);
    assert_memory_equal(&a->stats.virial, &b->stats.virial, sizeof(double));
    assert_memory_equal(&a->stats.virial_time, &b->stats.virial_time, sizeof(double));
    assert_memory_equal(&a->stats.time, &b->stats.time, sizeof(double));
    assert_memory_equal(&a->unwrapped_sum, &b->unwrapped_sum, sizeof(ccl_vec2));
}

static void restarted_runs_give_the_same_events_bit_for_bit(void **state) {
    (void)state;
    uint64_t rng = 2024u;
    for (int which = 0; which < SCENES; ++which) {
        sensor_events = 0;
        saves_touching = 0;
        outcome reference = run_scene(which, 0);
        assert_true(reference.stats.collisions > 100u); /* the scene does something */
        assert_true(which != 8 || sensor_events > 20u);
        for (int trial = 0; trial < 4; ++trial) {
            /* one cut, then several: at random steps */
            uint64_t cuts = trial == 0 ? 1u << (scene_rng(&rng) % STEPS)
                                       : scene_rng(&rng) & ((1u << STEPS) - 1u);
            outcome restarted = run_scene(which, cuts);
            assert_same_outcome(&reference, &restarted);
        }
        assert_true(which != 8 || saves_touching > 0); /* saved with touches going on */
    }
}

/// The bytes of scene which after a few steps.
static byte_sink saved_scene(int which, int steps) {
    uint64_t hash = 0;
    ccl_world *w = build_scene(which, &hash);
    for (int s = 0; s < steps; ++s) {
        before_step(w, which, s);
        assert_int_equal(ccl_world_advance(w, 0.37), CCL_OK);
    }
    byte_sink b = {0};
    assert_int_equal(ccl_world_save(w, "x", 1, byte_sink_write, &b), CCL_OK);
    ccl_world_destroy(w);
    return b;
}

static void a_loaded_world_saves_the_bytes_it_was_loaded_from(void **state) {
    (void)state;
    for (int which = 0; which < SCENES; ++which) {
        for (int steps = 0; steps < 3; steps += 2) {
            byte_sink b = saved_scene(which, steps);
            ccl_world *w = NULL;
            assert_int_equal(ccl_world_load(b.data, b.size, NULL, &w, NULL), CCL_OK);
            byte_sink again = {0};
            assert_int_equal(ccl_world_save(w, "x", 1, byte_sink_write, &again), CCL_OK);
            assert_int_equal(again.size, b.size);
            assert_memory_equal(again.data, b.data, b.size);
            ccl_world_destroy(w);
            free(b.data);
            free(again.data);
        }
    }
}

/// The CRC-32 of zlib: the library's against a bitwise computation of the same polynomial, and
/// the check value of the standard ("123456789" gives 0xCBF43926).
static void the_checksum_is_crc32(void **state) {
    (void)state;
    ccl_crc32 c;
    ccl_crc32_init(&c);
    ccl_crc32_add(&c, (const unsigned char *)"123456789", 9);
    assert_int_equal(ccl_crc32_final(&c), 0xCBF43926u);
    byte_sink b = saved_scene(0, 1);
    uint32_t x = 0xFFFFFFFFu;
    for (size_t k = 0; k + 4 < b.size; ++k) {
        x ^= b.data[k];
        for (int bit = 0; bit < 8; ++bit) {
            x = (x >> 1) ^ (0xEDB88320u & (0u - (x & 1u)));
        }
    }
    x ^= 0xFFFFFFFFu;
    const unsigned char *t = b.data + b.size - 4;
    assert_int_equal(x, (uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 |
                            (uint32_t)t[3] << 24);
    free(b.data);
}

static void expect_refused(const unsigned char *data, size_t size) {
    ccl_world *w = (ccl_world *)&w;
    ccl_load_info info;
    assert_int_equal(ccl_world_load(data, size, NULL, &w, &info), CCL_ERR_INVALID_ARGUMENT);
    assert_null(w);
    assert_non_null(info.problem);
    assert_null(info.extra);
}

static void truncated_and_flipped_files_are_refused(void **state) {
    (void)state;
    byte_sink b = saved_scene(5, 1);
    for (size_t cut = 0; cut < b.size; ++cut) {
        expect_refused(b.data, cut);
    }
    wt_rng rng = {31};
    for (int k = 0; k < 4000; ++k) {
        size_t at = (size_t)(wt_next(&rng) % b.size);
        unsigned char bit = (unsigned char)(1u << (wt_next(&rng) % 8));
        b.data[at] ^= bit;
        expect_refused(b.data, b.size);
        b.data[at] ^= bit;
    }
    byte_sink longer = {0};
    byte_sink_write(b.data, b.size, &longer);
    byte_sink_write("", 1, &longer);
    expect_refused(longer.data, longer.size);
    free(longer.data);
    free(b.data);
}

/// Rewrites the checksum of b after a change, as a crafted file would.
static void reseal(byte_sink *b) {
    ccl_crc32 c;
    ccl_crc32_init(&c);
    ccl_crc32_add(&c, b->data, b->size - 4);
    uint32_t x = ccl_crc32_final(&c);
    for (int k = 0; k < 4; ++k) {
        b->data[b->size - 4 + (size_t)k] = (unsigned char)(x >> (8 * k));
    }
}

/// Files altered with a valid checksum load or are refused, and a loaded one runs: never a crash
/// or a hang (the run has an event limit; AddressSanitizer watches the memory).
static void altered_files_with_valid_checksums_never_crash(void **state) {
    (void)state;
    wt_rng rng = {77};
    static const int scenes[] = {0, 5, 7, 8};
    for (int m = 0; m < 4; ++m) {
        byte_sink b = saved_scene(scenes[m], 1);
        int loaded = 0;
        for (int k = 0; k < 3000; ++k) {
            size_t at = CCL_CHECKPOINT_HEADER + (size_t)(wt_next(&rng) % (b.size - 28));
            unsigned char old = b.data[at];
            b.data[at] = (unsigned char)wt_next(&rng);
            reseal(&b);
            ccl_world_def hooks = ccl_world_default_def();
            hooks.max_events_per_advance = 20000;
            ccl_world *w = NULL;
            ccl_load_info info;
            ccl_status status = ccl_world_load(b.data, b.size, &hooks, &w, &info);
            if (status == CCL_OK) {
                loaded++;
                ccl_world_advance(w, 0.5);
                ccl_world_destroy(w);
            } else {
                assert_non_null(info.problem);
            }
            b.data[at] = old;
        }
        assert_true(loaded > 0); /* most positions are numbers, which load */
        free(b.data);
    }
}

/// Where the contents of section tag begin in b (its length in *length); fails when absent.
static size_t find_section(const byte_sink *b, uint32_t tag, uint64_t *length) {
    size_t at = CCL_CHECKPOINT_HEADER;
    while (at + CCL_CHECKPOINT_SECTION_HEAD <= b->size - 4) {
        uint32_t found = 0;
        uint64_t n = 0;
        memcpy(&found, b->data + at, 4); /* little-endian, as the machines the tests run on */
        memcpy(&n, b->data + at + 8, 8);
        if (found == tag) {
            *length = n;
            return at + CCL_CHECKPOINT_SECTION_HEAD;
        }
        at += CCL_CHECKPOINT_SECTION_HEAD + (size_t)n;
    }
    fail_msg("no section %08x", (unsigned)tag);
    return 0;
}

/// Puts a little-endian 32-bit value at offset at of b.
static void put_u32(byte_sink *b, size_t at, uint32_t x) {
    for (int k = 0; k < 4; ++k) {
        b->data[at + (size_t)k] = (unsigned char)(x >> (8 * k));
    }
}

/// A file of version 1 (no growth, game kit or obstacle id sections) loads as a world without
/// them, and goes on as the saved world: the same events and state as the uninterrupted run.
static void a_version_1_file_loads(void **state) {
    (void)state;
    double dt[STEPS];
    schedule(1, dt);
    uint64_t hash = 0xcbf29ce484222325u;
    ccl_world *w = build_scene(1, &hash);
    for (int s = 0; s < STEPS / 2; ++s) {
        assert_int_equal(ccl_world_advance(w, dt[s]), CCL_OK);
    }
    byte_sink b = {0};
    assert_int_equal(ccl_world_save(w, NULL, 0, byte_sink_write, &b), CCL_OK);
    uint64_t n = 0;
    size_t kit = find_section(&b, CCL_SECTION_GROWTH, &n) - CCL_CHECKPOINT_SECTION_HEAD;
    size_t user = find_section(&b, CCL_SECTION_EXTRA, &n) - CCL_CHECKPOINT_SECTION_HEAD;
    memmove(b.data + kit, b.data + user, b.size - user);
    b.size -= user - kit;
    put_u32(&b, 8, 1u);
    put_u32(&b, 16, (uint32_t)b.size);
    reseal(&b);
    ccl_world_def hooks = ccl_world_default_def();
    uint64_t loaded_hash = hash;
    hooks.on_contact = hash_contact;
    hooks.contact_user = &loaded_hash;
    ccl_world *loaded = NULL;
    ccl_load_info info;
    assert_int_equal(ccl_world_load(b.data, b.size, &hooks, &loaded, &info), CCL_OK);
    assert_int_equal(info.version, 1u);
    for (int s = STEPS / 2; s < STEPS; ++s) {
        assert_int_equal(ccl_world_advance(w, dt[s]), CCL_OK);
        assert_int_equal(ccl_world_advance(loaded, dt[s]), CCL_OK);
    }
    outcome a = finish(w, hash), c = finish(loaded, loaded_hash);
    assert_same_outcome(&a, &c);
    ccl_world_destroy(w);
    ccl_world_destroy(loaded);
    free(b.data);
}

/// Sets the 32-bit value at offset `at` of a copy of b, seals it, and expects it refused.
static void expect_field_refused(const byte_sink *b, size_t at, uint32_t value) {
    byte_sink c = {0};
    byte_sink_write(b->data, b->size, &c);
    put_u32(&c, at, value);
    reseal(&c);
    expect_refused(c.data, c.size);
    free(c.data);
}

/// Crafted values of the growth, game kit and obstacle id sections are refused: a negative rate,
/// flags beyond kinematic and sensor, a filter count past the slots, a touch naming no circle or
/// one that is no sensor, a touch listed twice, an id past the next one, the same id twice.
static void crafted_kit_sections_are_refused(void **state) {
    (void)state;
    uint64_t n = 0;
    byte_sink grow = saved_scene(7, 1);
    size_t g = find_section(&grow, CCL_SECTION_GROWTH, &n);
    expect_field_refused(&grow, g + 4, 0xBFF00000u);  /* rate -1 */
    expect_field_refused(&grow, g + 28, 0x7FF80000u); /* relative NaN */
    free(grow.data);
    byte_sink b = saved_scene(8, 3);
    size_t at = find_section(&b, CCL_SECTION_GAME, &n);
    uint32_t slots = 0, filters = 0, touches = 0;
    memcpy(&slots, b.data + at, 4);
    size_t f = at + 4 + slots;
    memcpy(&filters, b.data + f, 4);
    size_t t = f + 4 + 8 * (size_t)filters;
    memcpy(&touches, b.data + t, 4);
    assert_true(touches >= 2u);                    /* the sensor touches circles */
    expect_field_refused(&b, at + 4, 0x04040404u); /* a flag beyond the two */
    expect_field_refused(&b, f, slots + 1000u);    /* more filters than slots */
    expect_field_refused(&b, t + 4, slots);        /* a sensor past the slots */
    expect_field_refused(&b, t + 8, (uint32_t)-1); /* a circle of no slot */
    uint32_t other = 0;
    memcpy(&other, b.data + t + 8, 4);
    expect_field_refused(&b, t + 4, other); /* a sensor that is none */
    memcpy(&other, b.data + t + 16, 4);
    expect_field_refused(&b, t + 8, other); /* the same touch twice */
    size_t ids = find_section(&b, CCL_SECTION_OBSTACLE_IDS, &n);
    assert_true(n == 16 + 4 + 4);          /* one segment and one point left, their tables kept */
    expect_field_refused(&b, ids + 8, 2u); /* segment id 2, the next one */
    expect_field_refused(&b, ids + 12 + 4, 0u); /* point tables: next 0 */
    expect_field_refused(&b, ids, 2u);          /* kept: neither 0 nor 1 */
    free(b.data);
}

static void bad_arguments(void **state) {
    (void)state;
    byte_sink b = saved_scene(1, 0);
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_load(b.data, b.size, NULL, NULL, NULL), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_load(NULL, 10, NULL, &w, NULL), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_load(b.data, b.size, NULL, &w, NULL), CCL_OK);
    assert_int_equal(ccl_world_save(NULL, NULL, 0, byte_sink_write, &b), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_save(w, NULL, 0, NULL, NULL), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world_save(w, NULL, 5, byte_sink_write, &b), CCL_ERR_INVALID_ARGUMENT);
    ccl_world_destroy(w);
    b.data[9] ^= 0x40; /* the version: from a newer circol */
    ccl_load_info info;
    assert_int_equal(ccl_world_load(b.data, b.size, NULL, &w, &info), CCL_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(info.problem, "version"));
    free(b.data);
}

static bool refuse_write(const void *data, size_t size, void *user) {
    (void)data;
    (void)size;
    (void)user;
    return false;
}

static void a_failing_writer_is_reported(void **state) {
    (void)state;
    uint64_t hash = 0;
    ccl_world *w = build_scene(1, &hash);
    assert_int_equal(ccl_world_save(w, NULL, 0, refuse_write, NULL), CCL_ERR_OUT_OF_MEMORY);
    ccl_world_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(restarted_runs_give_the_same_events_bit_for_bit),
              cmocka_unit_test(a_loaded_world_saves_the_bytes_it_was_loaded_from),
              cmocka_unit_test(the_checksum_is_crc32),
              cmocka_unit_test(truncated_and_flipped_files_are_refused),
              cmocka_unit_test(altered_files_with_valid_checksums_never_crash),
              cmocka_unit_test(a_version_1_file_loads),
              cmocka_unit_test(crafted_kit_sections_are_refused), cmocka_unit_test(bad_arguments),
              cmocka_unit_test(a_failing_writer_is_reported))
