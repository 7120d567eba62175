/* Fuzz target: the world. Bytes are decoded as a world definition and then a sequence of
 * operations (add, remove, advance, set velocity, query, obstacles, scaling, advancing by
 * collisions). After every operation: no overlap beyond roundoff (reject policy), every live id
 * valid and every removed id refused with CCL_ERR_STALE_ID, statistics consistent with the export
 * (count, finite energy), conservation of energy (elastic, no gravity or damping) and of momentum
 * (periodic, nothing immovable), contact events well formed, and a locked world inside the
 * contact callback. */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <circol/world.h>

#define FUZZ_NAME "fuzz_world"
#include "fuzz_input.h"
#include "fuzz_trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// Most ids remembered (live or removed) and most operations per input.
#define MAX_TRACKED 96
#define MAX_OPS     48
/// Events one advance may process before CCL_ERR_EVENT_LIMIT (keeps each input fast).
#define EVENT_LIMIT 20000

#include "fuzz_ids.h"

/// What the harness knows independently of the world.
typedef struct harness {
    ccl_world *world;
    ccl_world_def def;
    fuzz_ids known; /* the ids given, which are live */
    bool any_immovable, any_obstacle, any_separate_overlap, any_inelastic, any_kinematic;
    double max_radius;
    int in_callback, callback_calls;
} harness;

/* Inside the callback: changes are refused with CCL_ERR_LOCKED, queries work. */
static void on_contact(const ccl_contact_event *event, void *user) {
    harness *h = user;
    h->callback_calls++;
    FUZZ_CHECK(ccl_world_remove_circle(h->world, event->a) == CCL_ERR_LOCKED,
               "remove in a callback is locked");
    ccl_circle_def def = ccl_circle_default_def();
    FUZZ_CHECK(ccl_world_add_circle(h->world, &def, NULL) == CCL_ERR_LOCKED,
               "add in a callback is locked");
    FUZZ_CHECK(ccl_world_advance(h->world, 0.0) == CCL_ERR_LOCKED,
               "advance in a callback is locked");
    ccl_circle_state state;
    FUZZ_CHECK(ccl_world_get_circle(h->world, event->a, &state) == CCL_OK,
               "queries work in a callback");
}

/* A small coordinate inside [lo, hi] from one byte, sometimes exactly on the edges. */
static double coordinate(fuzz_input *in, double lo, double hi) {
    return lo + (hi - lo) * (double)fuzz_byte(in) / 255.0;
}

/* A velocity component: signed byte, scaled. */
static double speed(fuzz_input *in) {
    return (double)(int8_t)fuzz_byte(in) / 4.0;
}

static void check_invariants(harness *h) {
    ccl_world *w = h->world;
    int count = ccl_world_circle_count(w);
    FUZZ_CHECK(count == h->known.live, "circle count equals the harness's count");
    for (int k = 0; k < h->known.tracked; ++k) {
        ccl_circle_state s;
        ccl_status status = ccl_world_get_circle(w, h->known.ids[k], &s);
        FUZZ_CHECK(ccl_world_is_valid(w, h->known.ids[k]) == h->known.alive[k],
                   "validity of every id");
        FUZZ_CHECK(status == (h->known.alive[k] ? CCL_OK : CCL_ERR_STALE_ID), "get_circle status");
        if (h->known.alive[k]) {
            FUZZ_CHECK(isfinite(s.position.x) && isfinite(s.position.y), "finite position");
            FUZZ_CHECK(isfinite(s.velocity.x) && isfinite(s.velocity.y), "finite velocity");
            FUZZ_CHECK(s.id.index == h->known.ids[k].index &&
                           s.id.generation == h->known.ids[k].generation,
                       "state carries its id");
        }
    }
    ccl_circle_state states[MAX_TRACKED];
    int exported = -1;
    FUZZ_CHECK(ccl_world_export(w, states, MAX_TRACKED, &exported) == CCL_OK, "export");
    ccl_world_stats stats = ccl_world_get_stats(w);
    FUZZ_CHECK(exported == count && stats.circle_count == count, "stats and export agree");
    FUZZ_CHECK(isfinite(stats.kinetic_energy) && stats.kinetic_energy >= 0.0, "finite energy");
    FUZZ_CHECK(isfinite(stats.momentum.x) && isfinite(stats.momentum.y), "finite momentum");
    FUZZ_CHECK(stats.time == ccl_world_time(w), "stats time");
    double energy = 0.0;
    for (int k = 0; k < exported; ++k) {
        FUZZ_CHECK(ccl_world_is_valid(w, states[k].id), "exported ids are live");
        if (states[k].mass > 0.0) {
            energy += 0.5 * states[k].mass *
                      (states[k].velocity.x * states[k].velocity.x +
                       states[k].velocity.y * states[k].velocity.y);
        }
    }
    FUZZ_CHECK(fabs(energy - stats.kinetic_energy) <= 1e-9 * (energy + 1e-300),
               "energy equals the sum over exported states");
    if (!h->any_separate_overlap) {
        double extent =
            fmax(h->def.box_max.x - h->def.box_min.x, h->def.box_max.y - h->def.box_min.y);
        double overlap = ccl_world_max_overlap(w);
        FUZZ_CHECK(!isnan(overlap) && overlap <= 1e-9 * (extent + h->max_radius),
                   "no overlap beyond roundoff");
    }
}

static void op_add(harness *h, fuzz_input *in) {
    ccl_circle_def def = ccl_circle_default_def();
    uint8_t form = fuzz_byte(in);
    def.radius = 0.25 + (double)(fuzz_byte(in) % 32) / 8.0;
    /* one byte after another: the order in which a call's arguments are evaluated is the
     * compiler's choice (GCC and clang differ), so the input would mean another world */
    double x = coordinate(in, h->def.box_min.x, h->def.box_max.x);
    double y = coordinate(in, h->def.box_min.y, h->def.box_max.y);
    def.position = ccl_v2(x, y);
    double vx = speed(in);
    def.velocity = ccl_v2(vx, speed(in));
    uint8_t m = fuzz_byte(in);
    def.mass = m < 24 ? 0.0 : (double)(m % 8 + 1) / 2.0;
    uint8_t e = fuzz_byte(in);
    def.restitution = e < 128 ? -1.0 : (double)(e - 128) / 127.0;
    if (form < 28) { /* hostile: one field becomes any double at all */
        double any = fuzz_double(in);
        double *fields[7] = {&def.position.x, &def.position.y, &def.velocity.x, &def.velocity.y,
                             &def.radius,     &def.mass,       &def.restitution};
        *fields[form % 7] = any;
        if ((form % 7 == 2 || form % 7 == 3) && fabs(any) > 1e3) {
            return; /* a valid but huge speed overflows the energy: not this harness's business */
        }
    }
    bool valid = isfinite(def.position.x) && isfinite(def.position.y) &&
                 fabs(def.velocity.x) <= 1e150 && fabs(def.velocity.y) <= 1e150 &&
                 def.radius > 0.0 && def.radius <= 1e150 &&
                 (def.mass == 0.0 || (def.mass >= 1e-100 && def.mass <= 1e100)) &&
                 isfinite(def.restitution) && def.restitution <= 1.0;
    int before = ccl_world_circle_count(h->world);
    ccl_circle_id id = {0, 0};
    ccl_status status = ccl_world_add_circle(h->world, &def, &id);
    TRACE("add p=(%.17g, %.17g) v=(%.17g, %.17g) r=%.17g m=%.17g e=%.17g -> %s id %u/%u\n",
          def.position.x, def.position.y, def.velocity.x, def.velocity.y, def.radius, def.mass,
          def.restitution, ccl_status_string(status), id.index, id.generation);
    if (!valid) {
        FUZZ_CHECK(status == CCL_ERR_INVALID_ARGUMENT, "invalid circle refused");
    }
    FUZZ_CHECK(status == CCL_OK || status == CCL_ERR_INVALID_ARGUMENT ||
                   status == CCL_ERR_OUTSIDE_BOX || status == CCL_ERR_OVERLAP ||
                   status == CCL_ERR_FULL,
               "add status is one of the documented ones");
    if (status != CCL_OK) {
        FUZZ_CHECK(ccl_world_circle_count(h->world) == before, "a refused add changes nothing");
        return;
    }
    FUZZ_CHECK(id.generation != 0, "the zero id is never issued");
    for (int k = 0; k < h->known.tracked; ++k) {
        FUZZ_CHECK(!(h->known.alive[k] && h->known.ids[k].index == id.index),
                   "a live slot is not reissued");
        FUZZ_CHECK(
            !(h->known.ids[k].index == id.index && h->known.ids[k].generation == id.generation),
            "a removed id is never issued again");
    }
    h->max_radius = fmax(h->max_radius, def.radius);
    h->any_immovable = h->any_immovable || def.mass == 0.0;
    double own = def.restitution < 0.0 ? h->def.restitution : def.restitution;
    h->any_inelastic = h->any_inelastic || own < 1.0;
    if (h->def.overlap == CCL_OVERLAP_SEPARATE) {
        h->any_separate_overlap = true; /* may have been accepted overlapping */
    }
    fuzz_ids_add(&h->known, id);
}

static void op_remove(harness *h, fuzz_input *in) {
    int k = fuzz_ids_pick(&h->known, in);
    if (k < 0) {
        ccl_circle_id zero = {0, 0};
        FUZZ_CHECK(ccl_world_remove_circle(h->world, zero) == CCL_ERR_STALE_ID,
                   "the zero id is stale");
        return;
    }
    ccl_status status = ccl_world_remove_circle(h->world, h->known.ids[k]);
    TRACE("remove %u/%u -> %s\n", h->known.ids[k].index, h->known.ids[k].generation,
          ccl_status_string(status));
    FUZZ_CHECK(status == (h->known.alive[k] ? CCL_OK : CCL_ERR_STALE_ID), "remove status");
    fuzz_ids_remove(&h->known, k);
}

/* Energy and momentum before and after an advance, where the harness knows they are kept. */
static void op_advance(harness *h, fuzz_input *in, bool by_collisions) {
    ccl_world_stats before = ccl_world_get_stats(h->world);
    double t0 = ccl_world_time(h->world);
    double dt = (double)fuzz_byte(in) / 32.0;
    ccl_status status;
    if (by_collisions) {
        status = ccl_world_advance_collisions(h->world, 1 + fuzz_byte(in) % 64, dt);
    } else {
        status = ccl_world_advance(h->world, dt);
    }
    TRACE("advance%s dt=%.17g -> %s, time %.17g\n", by_collisions ? "_collisions" : "", dt,
          ccl_status_string(status), ccl_world_time(h->world));
    FUZZ_CHECK(status == CCL_OK || status == CCL_ERR_EVENT_LIMIT, "advance status");
    double t1 = ccl_world_time(h->world);
    FUZZ_CHECK(t1 >= t0 && t1 <= t0 + dt + 1e-9 * (1.0 + fabs(t0)), "time moves forward by dt");
    if (status == CCL_OK && !by_collisions) {
        FUZZ_CHECK(fabs(t1 - (t0 + dt)) <= 1e-9 * (1.0 + fabs(t0 + dt)), "advance reaches t+dt");
    }
    ccl_world_stats after = ccl_world_get_stats(h->world);
    bool conservative = h->def.gravity.x == 0.0 && h->def.gravity.y == 0.0 &&
                        h->def.damping == 0.0 && !h->any_inelastic && !h->any_separate_overlap &&
                        !h->any_kinematic; /* a moving paddle gives and takes energy */
    if (conservative) {
        FUZZ_CHECK(fabs(after.kinetic_energy - before.kinetic_energy) <=
                       1e-9 * (before.kinetic_energy + 1e-300),
                   "elastic world keeps its kinetic energy");
    }
    if (conservative && h->def.boundary == CCL_BOUNDARY_PERIODIC && !h->any_immovable &&
        !h->any_obstacle) {
        double scale =
            sqrt(2.0 * before.kinetic_energy * (double)(h->known.live + 1) * 8.0) + 1e-300;
        FUZZ_CHECK(fabs(after.momentum.x - before.momentum.x) <= 1e-9 * scale &&
                       fabs(after.momentum.y - before.momentum.y) <= 1e-9 * scale,
                   "periodic world keeps its momentum");
    }
    FUZZ_CHECK(after.collisions >= before.collisions && after.events >= before.events,
               "counters only grow");
    if (h->def.record_contacts) {
        size_t n = 0;
        const ccl_contact_event *events = ccl_world_contact_events(h->world, &n);
        FUZZ_CHECK(n == 0 || events != NULL, "events array");
        double slack = 1e-9 * (1.0 + fabs(t1));
        for (size_t k = 0; k < n; ++k) {
            const ccl_contact_event *e = &events[k];
            FUZZ_CHECK(e->time >= t0 - slack && e->time <= t1 + slack, "event inside the advance");
            FUZZ_CHECK(k == 0 || e->time >= events[k - 1].time, "events in time order");
            FUZZ_CHECK(fabs(hypot(e->normal.x, e->normal.y) - 1.0) <= 1e-12, "unit normal");
            FUZZ_CHECK(isfinite(e->impulse) && e->impulse >= 0.0, "finite impulse");
            FUZZ_CHECK(ccl_world_is_valid(h->world, e->a), "event's circle is live");
            FUZZ_CHECK(e->kind != CCL_CONTACT_CIRCLE || ccl_world_is_valid(h->world, e->b),
                       "event's partner is live");
        }
    }
}

static void op_set_velocity(harness *h, fuzz_input *in) {
    int k = fuzz_ids_pick(&h->known, in);
    if (k < 0) {
        return;
    }
    double vx = speed(in);
    ccl_vec2 v = ccl_v2(vx, speed(in));
    ccl_circle_state s;
    bool movable = h->known.alive[k] &&
                   ccl_world_get_circle(h->world, h->known.ids[k], &s) == CCL_OK && s.mass > 0.0;
    ccl_status status = ccl_world_set_velocity(h->world, h->known.ids[k], v);
    TRACE("set_velocity %u/%u (%.17g, %.17g) -> %s\n", h->known.ids[k].index,
          h->known.ids[k].generation, v.x, v.y, ccl_status_string(status));
    if (!h->known.alive[k]) {
        FUZZ_CHECK(status == CCL_ERR_STALE_ID, "set_velocity on a removed id is stale");
    } else if (movable) {
        FUZZ_CHECK(status == CCL_OK, "set_velocity on a movable circle");
        FUZZ_CHECK(ccl_world_get_circle(h->world, h->known.ids[k], &s) == CCL_OK &&
                       s.velocity.x == v.x && s.velocity.y == v.y,
                   "the velocity set is the velocity read");
    } else if (h->def.damping > 0.0) {
        FUZZ_CHECK(status == CCL_ERR_UNSUPPORTED, "a damped world keeps immovable circles still");
    } else {
        /* an immovable circle given a velocity becomes kinematic: it moves at it, never pushed */
        FUZZ_CHECK(status == CCL_OK, "set_velocity makes an immovable circle kinematic");
        FUZZ_CHECK(ccl_world_get_circle(h->world, h->known.ids[k], &s) == CCL_OK && s.kinematic &&
                       s.velocity.x == v.x && s.velocity.y == v.y,
                   "a kinematic circle moves at the velocity set");
        h->any_kinematic = true;
    }
    /* a velocity change may make a conservative world's energy differ: that is the caller's */
}

static void op_obstacle(harness *h, fuzz_input *in) {
    /* anywhere in the closed box, edges included: a periodic world sees obstacles across them */
    double x0 = h->def.box_min.x, x1 = h->def.box_max.x;
    double y0 = h->def.box_min.y, y1 = h->def.box_max.y;
    double ax = coordinate(in, x0, x1);
    ccl_vec2 a = ccl_v2(ax, coordinate(in, y0, y1));
    double bx = coordinate(in, x0, x1);
    ccl_vec2 b = ccl_v2(bx, coordinate(in, y0, y1));
    bool point = fuzz_byte(in) & 1;
    int index = -1;
    ccl_status status = point ? ccl_world_add_point(h->world, a, &index)
                              : ccl_world_add_segment(h->world, ccl_make_segment(a, b), &index);
    TRACE("%s (%.17g, %.17g)-(%.17g, %.17g) -> %s\n", point ? "point" : "segment", a.x, a.y, b.x,
          b.y, ccl_status_string(status));
    FUZZ_CHECK(status == CCL_OK || status == CCL_ERR_OVERLAP, "obstacle status");
    if (status == CCL_OK) {
        FUZZ_CHECK(index >= 0, "obstacle index");
        h->any_obstacle = true;
    }
}

static void op_query(harness *h, fuzz_input *in) {
    /* an id that was never issued: an index beyond every slot, or a wrong generation */
    ccl_circle_id bogus = {fuzz_byte(in) + 1000u, 1u};
    ccl_circle_state s;
    FUZZ_CHECK(ccl_world_get_circle(h->world, bogus, &s) == CCL_ERR_STALE_ID, "bogus id");
    int k = fuzz_ids_pick(&h->known, in);
    if (k >= 0) {
        ccl_circle_id wrong = h->known.ids[k];
        wrong.generation += 1000u;
        FUZZ_CHECK(ccl_world_get_circle(h->world, wrong, &s) == CCL_ERR_STALE_ID,
                   "wrong generation is stale");
    }
    int count = -1;
    FUZZ_CHECK(ccl_world_export(h->world, &s, 1, &count) == CCL_OK && count <= 1, "export one");
    FUZZ_CHECK(ccl_world_export(h->world, NULL, 0, &count) == CCL_OK && count == 0, "export none");
}

static void op_scale(harness *h, fuzz_input *in) {
    double factor = (double)fuzz_byte(in) / 128.0;
    TRACE("scale %.17g\n", factor);
    ccl_status status = ccl_world_scale_velocities(h->world, factor);
    /* refused only when a speed would pass CCL_MAX_SPEED (many scalings by nearly 2) */
    FUZZ_CHECK(status == CCL_OK || status == CCL_ERR_INVALID_ARGUMENT, "scale velocities");
    FUZZ_CHECK(ccl_world_scale_velocities(h->world, NAN) == CCL_ERR_INVALID_ARGUMENT,
               "NaN factor refused");
}

static void configure(harness *h, fuzz_input *in) {
    ccl_world_def def = ccl_world_default_def();
    uint8_t flags = fuzz_byte(in);
    double width = 8.0 + (double)fuzz_byte(in);
    double height = 8.0 + (double)fuzz_byte(in);
    double x0 = (double)(int8_t)fuzz_byte(in);
    def.box_min = ccl_v2(x0, (double)(int8_t)fuzz_byte(in));
    def.box_max = ccl_v2(def.box_min.x + width, def.box_min.y + height);
    def.boundary = (flags & 1) ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
    if (flags & 2) {
        double gx = speed(in);
        def.gravity = ccl_v2(gx, speed(in));
    }
    if (flags & 4) { /* with gravity too */
        def.damping = (double)fuzz_byte(in) / 64.0;
    }
    def.overlap = (flags & 8) ? CCL_OVERLAP_SEPARATE : CCL_OVERLAP_REJECT;
    def.record_contacts = (flags & 16) != 0;
    def.on_contact = (flags & 32) ? on_contact : NULL;
    def.contact_user = h;
    def.restitution = (flags & 64) ? (double)fuzz_byte(in) / 255.0 : 1.0;
    def.max_circles = 1 + fuzz_byte(in) % 80;
    def.max_events_per_advance = EVENT_LIMIT;
    h->def = def;
    TRACE("world box (%g, %g)-(%g, %g) %s gravity (%g, %g) damping %g %s contacts %d callback %d "
          "restitution %.17g max_circles %d\n",
          def.box_min.x, def.box_min.y, def.box_max.x, def.box_max.y,
          def.boundary == CCL_BOUNDARY_PERIODIC ? "periodic" : "walls", def.gravity.x,
          def.gravity.y, def.damping, def.overlap == CCL_OVERLAP_SEPARATE ? "separate" : "reject",
          def.record_contacts, def.on_contact != NULL, def.restitution, def.max_circles);
    h->any_inelastic = def.restitution < 1.0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    fuzz_trace_from_env();
    return 0;
}

static void op_advance_by_time(harness *h, fuzz_input *in) {
    op_advance(h, in, false);
}

static void op_advance_by_collisions(harness *h, fuzz_input *in) {
    op_advance(h, in, true);
}

/* What an input byte asks for: adds twice as often as the rest. */
static void (*const ops[])(harness *h, fuzz_input *in) = {
    op_add,   op_add,      op_remove, op_advance_by_time,       op_set_velocity,
    op_query, op_obstacle, op_scale,  op_advance_by_collisions,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size, 0};
    harness h;
    memset(&h, 0, sizeof h);
    configure(&h, &in);
    ccl_status status = ccl_world_create(&h.def, &h.world);
    FUZZ_CHECK(status == CCL_OK && h.world != NULL, "a valid definition makes a world");
    for (int op = 0; op < MAX_OPS && !fuzz_done(&in); ++op) {
        ops[fuzz_byte(&in) % (sizeof ops / sizeof ops[0])](&h, &in);
        check_invariants(&h);
    }
    ccl_world_destroy(h.world);
    return 0;
}
