/* Soak test of the world. Two parts, each with invariant checks along the way:
 * - random operations (add, remove, set velocity, scale, advance, advance by collisions,
 *   obstacles) on worlds of every kind (walls or periodic, gravity, damping, restitution below
 *   1), rebuilt from scratch now and then; after every operation the live count, the validity of
 *   every live and every removed id, the statistics and the overlap bound are checked;
 * - an elastic periodic gas driven through many collisions, checking after each batch that
 *   kinetic energy and momentum are kept and that no two disks overlap beyond roundoff.
 * Default: a short run (seconds) for CTest. --long: 10^6 operations and 10^7 collisions.
 * Options: --ops N, --collisions N, --seed S. Exit status 0 when every check held. */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <circol/world.h>

#include "world_common.h"

/// Most ids remembered per world.
#define SOAK_TRACKED 512
/// Operations on one world before it is destroyed and a new one made.
#define SOAK_OPS_PER_WORLD 5000

static int failures;
/// Advances that stopped at the event limit (a world of many events per unit time).
static uint64_t event_limits;

/// Counts a failed check and reports it (the run goes on, so one report shows every kind).
#define SOAK_CHECK(cond, ...)                                                                      \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            if (failures++ < 20) {                                                                 \
                fprintf(stderr, "soak: check failed at %s:%d: %s: ", __FILE__, __LINE__, #cond);   \
                fprintf(stderr, __VA_ARGS__);                                                      \
                fputc('\n', stderr);                                                               \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/// The soak's random stream (splitmix64, world_common.h), seeded per run.
static wt_rng rng;

/// What the soak knows about one world, independently of it.
typedef struct soak_world {
    ccl_world *world;
    ccl_world_def def;
    ccl_circle_id ids[SOAK_TRACKED];
    bool alive[SOAK_TRACKED];
    int tracked, live;
    double max_radius;
} soak_world;

static void soak_world_make(soak_world *s) {
    memset(s, 0, sizeof *s);
    ccl_world_def def = ccl_world_default_def();
    double w = wt_range(&rng, 20.0, 120.0), h = wt_range(&rng, 20.0, 120.0);
    def.box_min = ccl_v2(wt_range(&rng, -50.0, 50.0), wt_range(&rng, -50.0, 50.0));
    def.box_max = ccl_v2(def.box_min.x + w, def.box_min.y + h);
    uint64_t kind = wt_next(&rng) % 6;
    def.boundary = kind % 2 ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
    if (kind == 2) {
        def.gravity = ccl_v2(wt_range(&rng, -2.0, 2.0), -wt_range(&rng, 1.0, 20.0));
        def.restitution = wt_range(&rng, 0.3, 1.0);
    } else if (kind == 3) {
        def.damping = wt_range(&rng, 0.0, 0.5);
    } else if (kind == 4) {
        def.restitution = wt_range(&rng, 0.5, 1.0);
    }
    def.max_circles = 400;
    def.max_events_per_advance = 2000;
    def.record_contacts = wt_next(&rng) % 2 == 0;
    s->def = def;
    ccl_status status = ccl_world_create(&def, &s->world);
    SOAK_CHECK(status == CCL_OK, "create: %s", ccl_status_string(status));
}

static void soak_check(soak_world *s, bool full) {
    ccl_world *w = s->world;
    SOAK_CHECK(ccl_world_circle_count(w) == s->live, "count %d, expected %d",
               ccl_world_circle_count(w), s->live);
    for (int k = 0; k < s->tracked; ++k) {
        SOAK_CHECK(ccl_world_is_valid(w, s->ids[k]) == s->alive[k], "id %d validity", k);
    }
    ccl_world_stats stats = ccl_world_get_stats(w);
    SOAK_CHECK(stats.circle_count == s->live, "stats count");
    SOAK_CHECK(isfinite(stats.kinetic_energy) && isfinite(stats.momentum.x) &&
                   isfinite(stats.momentum.y),
               "finite energy and momentum");
    if (!full) {
        return;
    }
    static ccl_circle_state states[SOAK_TRACKED];
    int n = -1;
    SOAK_CHECK(ccl_world_export(w, states, SOAK_TRACKED, &n) == CCL_OK && n == s->live, "export");
    for (int k = 0; k < n; ++k) {
        SOAK_CHECK(isfinite(states[k].position.x) && isfinite(states[k].position.y),
                   "finite position");
        SOAK_CHECK(ccl_world_is_valid(w, states[k].id), "exported id valid");
    }
    double extent = fmax(s->def.box_max.x - s->def.box_min.x, s->def.box_max.y - s->def.box_min.y);
    double overlap = ccl_world_max_overlap(w);
    SOAK_CHECK(overlap <= 1e-9 * (extent + s->max_radius),
               "overlap %g at time %.17g (%s, gravity %g, damping %g, restitution %g)", overlap,
               ccl_world_time(w), s->def.boundary == CCL_BOUNDARY_PERIODIC ? "periodic" : "walls",
               s->def.gravity.y, s->def.damping, s->def.restitution);
}

static void soak_operation(soak_world *s) {
    ccl_world *w = s->world;
    uint64_t op = wt_next(&rng) % 100;
    if (op < 35) {
        ccl_circle_def def = ccl_circle_default_def();
        def.radius = wt_range(&rng, 0.2, 2.5);
        def.position = ccl_v2(wt_range(&rng, s->def.box_min.x, s->def.box_max.x),
                              wt_range(&rng, s->def.box_min.y, s->def.box_max.y));
        def.velocity = ccl_v2(wt_range(&rng, -10.0, 10.0), wt_range(&rng, -10.0, 10.0));
        def.mass = wt_next(&rng) % 20 == 0 ? 0.0 : wt_range(&rng, 0.5, 3.0);
        def.restitution = wt_next(&rng) % 2 ? -1.0 : wt_range(&rng, 0.2, 1.0);
        ccl_circle_id id;
        ccl_status status = ccl_world_add_circle(w, &def, &id);
        SOAK_CHECK(status == CCL_OK || status == CCL_ERR_OVERLAP || status == CCL_ERR_OUTSIDE_BOX ||
                       status == CCL_ERR_FULL,
                   "add: %s", ccl_status_string(status));
        if (status == CCL_OK) {
            s->live++;
            s->max_radius = fmax(s->max_radius, def.radius);
            if (s->tracked < SOAK_TRACKED) {
                s->ids[s->tracked] = id;
                s->alive[s->tracked++] = true;
            }
        }
    } else if (op < 50 && s->tracked > 0) {
        int k = (int)(wt_next(&rng) % (uint64_t)s->tracked);
        ccl_status status = ccl_world_remove_circle(w, s->ids[k]);
        SOAK_CHECK(status == (s->alive[k] ? CCL_OK : CCL_ERR_STALE_ID), "remove: %s",
                   ccl_status_string(status));
        if (s->alive[k]) {
            s->alive[k] = false;
            s->live--;
        }
    } else if (op < 60 && s->tracked > 0) {
        int k = (int)(wt_next(&rng) % (uint64_t)s->tracked);
        ccl_vec2 v = ccl_v2(wt_range(&rng, -10.0, 10.0), wt_range(&rng, -10.0, 10.0));
        ccl_status status = ccl_world_set_velocity(w, s->ids[k], v);
        /* an immovable circle becomes kinematic, except in a damped world */
        ccl_circle_state was;
        bool immovable = ccl_world_get_circle(w, s->ids[k], &was) == CCL_OK && was.mass == 0.0;
        SOAK_CHECK(status == CCL_OK || status == CCL_ERR_INVALID_ARGUMENT ||
                       (!s->alive[k] && status == CCL_ERR_STALE_ID) ||
                       (immovable && s->def.damping > 0.0 && status == CCL_ERR_UNSUPPORTED),
                   "set_velocity: %s", ccl_status_string(status));
        SOAK_CHECK(s->alive[k] || status == CCL_ERR_STALE_ID, "stale id accepted");
    } else if (op < 62) {
        SOAK_CHECK(ccl_world_scale_velocities(w, wt_range(&rng, 0.5, 1.5)) == CCL_OK, "scale");
    } else if (op < 63) {
        /* anywhere in the box, edges included (a periodic world sees them across its edges) */
        ccl_vec2 lo = s->def.box_min, hi = s->def.box_max;
        ccl_vec2 a = ccl_v2(wt_range(&rng, lo.x, hi.x), wt_range(&rng, lo.y, hi.y));
        ccl_vec2 b = ccl_v2(fmin(fmax(a.x + wt_range(&rng, -10.0, 10.0), lo.x), hi.x),
                            fmin(fmax(a.y + wt_range(&rng, -10.0, 10.0), lo.y), hi.y));
        ccl_status status = wt_next(&rng) % 2
                                ? ccl_world_add_point(w, a, NULL)
                                : ccl_world_add_segment(w, ccl_make_segment(a, b), NULL);
        SOAK_CHECK(status == CCL_OK || status == CCL_ERR_OVERLAP, "obstacle: %s",
                   ccl_status_string(status));
    } else if (op < 70) {
        ccl_status status = ccl_world_advance_collisions(w, 1 + wt_next(&rng) % 50, 1.0);
        SOAK_CHECK(status == CCL_OK || status == CCL_ERR_EVENT_LIMIT, "advance_collisions: %s",
                   ccl_status_string(status));
        event_limits += status == CCL_ERR_EVENT_LIMIT;
    } else {
        double t0 = ccl_world_time(w), dt = wt_range(&rng, 0.0, 0.3);
        ccl_status status = ccl_world_advance(w, dt);
        SOAK_CHECK(status == CCL_OK || status == CCL_ERR_EVENT_LIMIT, "advance: %s",
                   ccl_status_string(status));
        event_limits += status == CCL_ERR_EVENT_LIMIT;
        SOAK_CHECK(ccl_world_time(w) >= t0, "time went back");
    }
}

/* Part one: random operations; returns the number of collisions they caused. */
static uint64_t soak_operations(uint64_t ops) {
    soak_world s;
    uint64_t collisions = 0;
    s.world = NULL;
    for (uint64_t k = 0; k < ops; ++k) {
        if (k % SOAK_OPS_PER_WORLD == 0) {
            if (s.world != NULL) {
                collisions += ccl_world_get_stats(s.world).collisions;
                ccl_world_destroy(s.world);
            }
            soak_world_make(&s);
        }
        soak_operation(&s);
        soak_check(&s, k % 50 == 0);
    }
    if (s.world != NULL) {
        collisions += ccl_world_get_stats(s.world).collisions;
        ccl_world_destroy(s.world);
    }
    return collisions;
}

/* Part two: an elastic periodic gas of n disks (packing fraction about 0.3) driven through
 * `collisions` collisions in batches; energy and momentum kept, no overlap. */
static double soak_gas(uint64_t collisions, int n, double *worst_overlap) {
    ccl_world_def def = ccl_world_default_def();
    int side = (int)ceil(sqrt((double)n));
    double spacing = 1.6; /* diameter 1 */
    def.box_max = ccl_v2(side * spacing, side * spacing);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    ccl_world *w = NULL;
    SOAK_CHECK(ccl_world_create(&def, &w) == CCL_OK, "gas create");
    if (w == NULL) {
        return INFINITY;
    }
    for (int k = 0; k < n; ++k) {
        ccl_circle_def c = ccl_circle_default_def();
        c.radius = 0.5;
        c.position = ccl_v2((k % side + 0.5) * spacing, (k / side + 0.5) * spacing);
        c.velocity = ccl_v2(wt_range(&rng, -1.0, 1.0), wt_range(&rng, -1.0, 1.0));
        SOAK_CHECK(ccl_world_add_circle(w, &c, NULL) == CCL_OK, "gas add");
    }
    ccl_world_stats start = ccl_world_get_stats(w);
    double p_scale = sqrt(2.0 * start.kinetic_energy * n);
    double worst_drift = 0.0;
    *worst_overlap = 0.0;
    uint64_t done = 0, batch = collisions < 100000 ? collisions : 100000;
    while (done < collisions) {
        ccl_status status = ccl_world_advance_collisions(w, batch, INFINITY);
        SOAK_CHECK(status == CCL_OK, "gas advance: %s", ccl_status_string(status));
        if (status != CCL_OK) {
            break;
        }
        ccl_world_stats s = ccl_world_get_stats(w);
        done = s.collisions;
        double drift = fabs(s.kinetic_energy - start.kinetic_energy) / start.kinetic_energy;
        worst_drift = fmax(worst_drift, drift);
        SOAK_CHECK(drift <= 1e-9, "energy drift %g after %" PRIu64 " collisions", drift, done);
        SOAK_CHECK(fabs(s.momentum.x - start.momentum.x) <= 1e-9 * p_scale &&
                       fabs(s.momentum.y - start.momentum.y) <= 1e-9 * p_scale,
                   "momentum drift after %" PRIu64 " collisions", done);
        double overlap = ccl_world_max_overlap(w);
        *worst_overlap = fmax(*worst_overlap, overlap);
        SOAK_CHECK(overlap <= 1e-9, "gas overlap %g", overlap);
    }
    ccl_world_destroy(w);
    return worst_drift;
}

int main(int argc, char **argv) {
    uint64_t ops = 20000, collisions = 300000, seed = 1;
    for (int k = 1; k < argc; ++k) {
        if (strcmp(argv[k], "--long") == 0) {
            ops = 1000000;
            collisions = 10000000;
        } else if (strcmp(argv[k], "--ops") == 0 && k + 1 < argc) {
            ops = strtoull(argv[++k], NULL, 10);
        } else if (strcmp(argv[k], "--collisions") == 0 && k + 1 < argc) {
            collisions = strtoull(argv[++k], NULL, 10);
        } else if (strcmp(argv[k], "--seed") == 0 && k + 1 < argc) {
            seed = strtoull(argv[++k], NULL, 10);
        } else {
            fprintf(stderr, "usage: soak [--long] [--ops N] [--collisions N] [--seed S]\n");
            return 2;
        }
    }
    rng.state = seed;
    clock_t t0 = clock();
    uint64_t op_collisions = soak_operations(ops);
    clock_t t1 = clock();
    double overlap = 0.0;
    double drift = soak_gas(collisions, 1000, &overlap);
    clock_t t2 = clock();
    printf("soak: %" PRIu64 " operations (%" PRIu64 " collisions, %" PRIu64
           " advances stopped at the event limit) in %.1f s; gas: %" PRIu64
           " collisions in %.1f s, energy drift %.3g, max overlap %.3g\n",
           ops, op_collisions, event_limits, (double)(t1 - t0) / CLOCKS_PER_SEC, collisions,
           (double)(t2 - t1) / CLOCKS_PER_SEC, drift, overlap);
    printf("soak: %d passed, %d failed\n", failures == 0 ? 2 : 0, failures == 0 ? 0 : 2);
    return failures == 0 ? 0 : 1;
}
