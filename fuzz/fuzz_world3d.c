/* libFuzzer target for the world of spheres: a definition and a sequence of operations (add,
 * remove, advance, set a velocity, scale velocities) decoded from the input, with any doubles.
 * Checks: nothing crashes or hangs (an event limit bounds each advance), every refused call returns
 * a status and changes nothing the harness can see, removed ids stay stale, no two spheres and no
 * sphere and wall overlap by more than rounding, an elastic world keeps its kinetic energy, and
 * (when the world counts box crossings) every unwrapped position is its position plus whole box
 * sizes. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <circol/world3d.h>

#define FUZZ_NAME "fuzz_world3d"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// Most ids remembered and most operations per input; events one advance may process.
#define MAX_TRACKED 64
#define MAX_OPS     40
#define EVENT_LIMIT 20000

typedef struct harness {
    ccl_world3d *world;
    ccl_sphere_id ids[MAX_TRACKED];
    bool alive[MAX_TRACKED];
    int tracked;
    bool inelastic, immovable;
    double max_radius, box;
} harness;

/* The world: a cube of a decoded side (clamped to a sane range, so that spheres fit), walled or
 * periodic, with a decoded restitution where it is valid. */
static void configure(harness *h, fuzz_input *in) {
    ccl_world3d_def def = ccl_world3d_default_def();
    double side = fabs(fuzz_double(in));
    h->box = isfinite(side) && side >= 1.0 && side <= 1e6 ? side : 20.0;
    def.box_max = ccl_v3(h->box, h->box, h->box);
    uint8_t shape = fuzz_byte(in);
    def.boundary = shape % 2 ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
    double e = fuzz_double(in);
    def.restitution = e >= 0.0 && e <= 1.0 ? e : 1.0;
    h->inelastic = def.restitution < 1.0;
    def.max_events_per_advance = EVENT_LIMIT;
    FUZZ_CHECK(ccl_world3d_create(&def, &h->world) == CCL_OK, "a valid definition makes a world");
    FUZZ_CHECK(shape / 2 % 2 == 0 || ccl_world3d_track_unwrapped(h->world) == CCL_OK,
               "counting box crossings is granted");
}

/* Every sphere's unwrapped position less its position is a whole number of box sizes (to the
 * rounding of the positions' magnitude). */
static void check_unwrapped(harness *h) {
    for (int k = 0; k < h->tracked; ++k) {
        ccl_sphere_state s;
        ccl_vec3 u;
        if (!h->alive[k] || ccl_world3d_get_sphere(h->world, h->ids[k], &s) != CCL_OK) {
            continue;
        }
        FUZZ_CHECK(ccl_world3d_get_unwrapped_position(h->world, h->ids[k], &u) == CCL_OK,
                   "a live sphere has an unwrapped position");
        double a[3] = {u.x, u.y, u.z}, p[3] = {s.position.x, s.position.y, s.position.z};
        for (int axis = 0; axis < 3; ++axis) {
            double images = (a[axis] - p[axis]) / h->box;
            FUZZ_CHECK(!isfinite(images) || fabs(images - nearbyint(images)) <=
                                                1e-6 * fmax(1.0, fabs(a[axis]) / h->box),
                       "unwrapped positions differ by whole box sizes");
        }
    }
}

static void op_add(harness *h, fuzz_input *in) {
    ccl_sphere_def s = ccl_sphere_default_def();
    s.position = ccl_v3(fuzz_double(in), fuzz_double(in), fuzz_double(in));
    s.velocity = ccl_v3(fuzz_double(in), fuzz_double(in), fuzz_double(in));
    s.radius = fuzz_double(in);
    s.mass = fuzz_byte(in) % 8 == 0 ? 0.0 : 1.0 + fuzz_byte(in) % 4;
    s.restitution = fuzz_byte(in) % 4 == 0 ? 0.5 : -1.0;
    int before = ccl_world3d_sphere_count(h->world);
    ccl_sphere_id id;
    ccl_status status = ccl_world3d_add_sphere(h->world, &s, &id);
    FUZZ_CHECK(ccl_world3d_sphere_count(h->world) == before + (status == CCL_OK),
               "an add changes the count by its status");
    if (status == CCL_OK && h->tracked < MAX_TRACKED) {
        h->ids[h->tracked] = id;
        h->alive[h->tracked++] = true;
        h->inelastic = h->inelastic || s.restitution == 0.5;
        h->immovable = h->immovable || s.mass == 0.0;
        h->max_radius = fmax(h->max_radius, s.radius);
    }
}

static void op_remove(harness *h, fuzz_input *in) {
    if (h->tracked == 0) {
        return;
    }
    int k = fuzz_byte(in) % h->tracked;
    ccl_status status = ccl_world3d_remove_sphere(h->world, h->ids[k]);
    FUZZ_CHECK(status == (h->alive[k] ? CCL_OK : CCL_ERR_STALE_ID), "remove answers by liveness");
    h->alive[k] = false;
    FUZZ_CHECK(!ccl_world3d_is_valid(h->world, h->ids[k]), "a removed id is stale");
}

static void op_velocity(harness *h, fuzz_input *in) {
    if (h->tracked == 0) {
        return;
    }
    int k = fuzz_byte(in) % h->tracked;
    ccl_vec3 v = ccl_v3(fuzz_double(in), fuzz_double(in), fuzz_double(in));
    ccl_status status = ccl_world3d_set_velocity(h->world, h->ids[k], v);
    FUZZ_CHECK(h->alive[k] || status != CCL_OK, "a removed id is refused");
}

/* Advances by a decoded step; checks overlap and, in an elastic world, the energy. */
static void op_advance(harness *h, fuzz_input *in) {
    double dt = fuzz_double(in);
    double e0 = ccl_world3d_get_stats(h->world).kinetic_energy;
    double t0 = ccl_world3d_time(h->world);
    ccl_status status = ccl_world3d_advance(h->world, dt);
    FUZZ_CHECK(status == CCL_OK || status == CCL_ERR_EVENT_LIMIT ||
                   status == CCL_ERR_INVALID_ARGUMENT,
               "advance answers with a status");
    FUZZ_CHECK(isfinite(ccl_world3d_time(h->world)) && ccl_world3d_time(h->world) >= t0,
               "time stays finite and never goes back");
    double overlap = ccl_world3d_max_overlap(h->world);
    FUZZ_CHECK(!(overlap > 1e-9 * fmax(1.0, h->max_radius) + 1e-12 * h->box),
               "no overlap beyond rounding");
    double e1 = ccl_world3d_get_stats(h->world).kinetic_energy;
    FUZZ_CHECK(h->inelastic || !isfinite(e0) || !(e0 < 1e200) ||
                   fabs(e1 - e0) <= 1e-9 * e0 + 1e-300,
               "an elastic world keeps its energy");
    check_unwrapped(h);
}

static void op_scale(harness *h, fuzz_input *in) {
    ccl_world3d_scale_velocities(h->world, fuzz_double(in));
}

/* What an input byte asks for: adds twice as often as the rest. */
static void (*const ops[])(harness *h, fuzz_input *in) = {
    op_add, op_add, op_remove, op_velocity, op_scale, op_advance,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size, 0};
    harness h;
    memset(&h, 0, sizeof h);
    configure(&h, &in);
    for (int op = 0; op < MAX_OPS && !fuzz_done(&in); ++op) {
        ops[fuzz_byte(&in) % (sizeof ops / sizeof ops[0])](&h, &in);
    }
    ccl_world3d_destroy(h.world);
    return 0;
}
