/* World benchmarks: the periodic hard-disk gas (collisions per second, memory per circle) and
 * equal balls in a walled box, circol against the stepping engines Chipmunk2D and Box2D. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "circol/circol.h"
#include "peers.h"

static const double bench_pi = 3.141592653589793;

/* n equal disks of radius r on a square lattice filling [0, L)^2, with Gaussian velocity
 * components of standard deviation sigma and zero total momentum. False if they do not fit. */
static bool lattice_start(int n, double L, double r, double sigma, uint64_t seed, double *x,
                          double *y, double *vx, double *vy) {
    int m = (int)ceil(sqrt((double)n));
    double spacing = L / m;
    if (spacing <= 2.0 * r) {
        return false;
    }
    bench_rng rng = {seed};
    double jitter = 0.45 * (spacing - 2.0 * r);
    double px = 0.0, py = 0.0;
    for (int i = 0; i < n; ++i) {
        x[i] = (i % m + 0.5) * spacing + bench_rng_range(&rng, -jitter, jitter);
        y[i] = (i / m + 0.5) * spacing + bench_rng_range(&rng, -jitter, jitter);
        vx[i] = sigma * bench_rng_normal(&rng);
        vy[i] = sigma * bench_rng_normal(&rng);
        px += vx[i];
        py += vy[i];
    }
    for (int i = 0; i < n; ++i) {
        vx[i] -= px / n;
        vy[i] -= py / n;
    }
    return true;
}

/* ---- frame analysis, the same for every engine ----
 *
 * Frames are sampled every dt. For the frame pair (k, k+1) a pair of balls "passed through" each
 * other when (1) they are not in contact in either frame (centre distance > 2r), (2) the order of
 * their centres along their relative motion reversed: with d the centre-to-centre vector and
 * D = d(k+1) - d(k), d(k) . D < 0 < d(k+1) . D, and (3) the straight segment from d(k) to d(k+1)
 * comes closer than 2r to the origin. In words: moving straight from one frame to the next they
 * would have overlapped, yet no frame saw them touch, and they ended up on the other side. A
 * single elastic bounce between frames can never satisfy this (both frames lie on the outer side
 * of the tangent line at the contact, so the segment misses the contact disk). */

typedef struct frame_grid {
    int side;
    double cell;
    int *head, *next;
} frame_grid;

static bool grid_init(frame_grid *g, int n) {
    g->head = NULL;
    g->next = malloc((size_t)n * sizeof(int));
    g->side = 0;
    return g->next != NULL;
}

static bool grid_build(frame_grid *g, int n, const double *x, const double *y, double L,
                       double cell) {
    int side = (int)(L / cell);
    side = side < 1 ? 1 : (side > 4096 ? 4096 : side);
    if (side != g->side) {
        free(g->head);
        g->head = malloc((size_t)side * (size_t)side * sizeof(int));
        if (g->head == NULL) {
            return false;
        }
        g->side = side;
    }
    g->cell = L / side;
    for (int c = 0; c < side * side; ++c) {
        g->head[c] = -1;
    }
    for (int i = 0; i < n; ++i) {
        int cx = (int)(x[i] / g->cell), cy = (int)(y[i] / g->cell);
        cx = cx < 0 ? 0 : (cx >= side ? side - 1 : cx);
        cy = cy < 0 ? 0 : (cy >= side ? side - 1 : cy);
        int c = cy * side + cx;
        g->next[i] = g->head[c];
        g->head[c] = i;
    }
    return true;
}

static void grid_free(frame_grid *g) {
    free(g->head);
    free(g->next);
}

typedef struct frame_stats {
    double max_overlap;      /* largest 2r - distance over all frames and pairs; 0 when none */
    double max_wall_overlap; /* largest r - distance to a wall */
    long pass_throughs;      /* pairs that passed through each other (definition above) */
    long deep_pass_throughs; /* those whose straight path came within r (half of 2r) */
    long escaped;            /* balls outside the box at the last frame */
} frame_stats;

/* Updates s with frame (x1, y1), and with the interval from frame (x0, y0). */
static void analyse_frames(frame_grid *g, int n, double L, double r, const double *x0,
                           const double *y0, const double *x1, const double *y1, frame_stats *s) {
    double max_step = 0.0;
    for (int i = 0; i < n; ++i) {
        max_step = fmax(max_step, hypot(x1[i] - x0[i], y1[i] - y0[i]));
        double wall = fmax(fmax(r - x1[i], x1[i] + r - L), fmax(r - y1[i], y1[i] + r - L));
        s->max_wall_overlap = fmax(s->max_wall_overlap, wall);
    }
    /* pairs that can meet during the interval start within 2r + 2 max_step; steps are capped at
     * 4 lengths per frame (240 per second at 60 Hz, beyond every speed used here) so that one
     * runaway ball cannot make the grid a single cell */
    double reach = 2.0 * r + 2.0 * fmin(max_step, 4.0);
    if (!grid_build(g, n, x0, y0, L, reach)) {
        return;
    }
    double contact = 2.0 * r;
    for (int cy = 0; cy < g->side; ++cy) {
        for (int cx = 0; cx < g->side; ++cx) {
            for (int i = g->head[cy * g->side + cx]; i >= 0; i = g->next[i]) {
                for (int ny = cy - 1; ny <= cy + 1; ++ny) {
                    for (int nx = cx - 1; nx <= cx + 1; ++nx) {
                        if (nx < 0 || ny < 0 || nx >= g->side || ny >= g->side) {
                            continue;
                        }
                        for (int j = g->head[ny * g->side + nx]; j >= 0; j = g->next[j]) {
                            if (j <= i) {
                                continue;
                            }
                            double d0x = x0[j] - x0[i], d0y = y0[j] - y0[i];
                            double d1x = x1[j] - x1[i], d1y = y1[j] - y1[i];
                            double dist1 = hypot(d1x, d1y);
                            s->max_overlap = fmax(s->max_overlap, contact - dist1);
                            double dist0 = hypot(d0x, d0y);
                            if (dist0 <= contact || dist1 <= contact) {
                                continue; /* seen in contact */
                            }
                            double Dx = d1x - d0x, Dy = d1y - d0y;
                            double D = hypot(Dx, Dy);
                            if (!(d0x * Dx + d0y * Dy < 0.0 && d1x * Dx + d1y * Dy > 0.0)) {
                                continue; /* no reversal along the relative motion */
                            }
                            double miss = fabs(d0x * Dy - d0y * Dx) / D;
                            s->pass_throughs += miss < contact ? 1 : 0;
                            s->deep_pass_throughs += miss < r ? 1 : 0;
                        }
                    }
                }
            }
        }
    }
}

/* ---- circol as an engine of the same shape as the peers ---- */

#if CIRCOL_BENCH_HAVE_WORLD
typedef struct circol_balls {
    ccl_world *world;
    ccl_circle_state *states;
    int *slot_to_ball;
    int n;
    double dt;
} circol_balls;

static void circol_destroy(void *engine) {
    circol_balls *e = engine;
    if (e != NULL) {
        ccl_world_destroy(e->world);
        free(e->states);
        free(e->slot_to_ball);
        free(e);
    }
}

static void *circol_create(const bench_balls_setup *s) {
    circol_balls *e = calloc(1, sizeof *e);
    if (e == NULL) {
        return NULL;
    }
    e->n = s->n;
    e->dt = s->dt;
    ccl_world_def def = ccl_world_default_def();
    def.box_min = ccl_v2(0.0, 0.0);
    def.box_max = ccl_v2(s->box, s->box);
    def.boundary = CCL_BOUNDARY_WALLS;
    def.capacity = s->n;
    e->states = malloc((size_t)s->n * sizeof *e->states);
    e->slot_to_ball = malloc((size_t)s->n * sizeof(int));
    if (e->states == NULL || e->slot_to_ball == NULL ||
        ccl_world_create(&def, &e->world) != CCL_OK) {
        circol_destroy(e);
        return NULL;
    }
    for (int i = 0; i < s->n; ++i) {
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2(s->x[i], s->y[i]);
        c.velocity = ccl_v2(s->vx[i], s->vy[i]);
        c.radius = s->radius;
        c.mass = 1.0;
        ccl_circle_id id;
        ccl_status st = ccl_world_add_circle(e->world, &c, &id);
        if (st != CCL_OK || id.index >= (uint32_t)s->n) {
            fprintf(stderr, "circol_bench: add_circle: %s\n", ccl_status_string(st));
            circol_destroy(e);
            return NULL;
        }
        e->slot_to_ball[id.index] = i;
    }
    return e;
}

static void circol_step(void *engine) {
    circol_balls *e = engine;
    ccl_status st = ccl_world_advance(e->world, e->dt);
    if (st != CCL_OK) {
        fprintf(stderr, "circol_bench: advance: %s\n", ccl_status_string(st));
    }
}

static void circol_positions(void *engine, double *x, double *y) {
    circol_balls *e = engine;
    int count = 0;
    ccl_world_export(e->world, e->states, e->n, &count);
    for (int k = 0; k < count; ++k) {
        int i = e->slot_to_ball[e->states[k].id.index];
        x[i] = e->states[k].position.x;
        y[i] = e->states[k].position.y;
    }
}

static const bench_stepper circol_stepper = {"circol", circol_create, circol_step, circol_positions,
                                             circol_destroy};
#endif

/* ---- balls in a box ---- */

typedef struct balls_run {
    double wall_seconds; /* stepping and reading positions, not the analysis (bench_now clock) */
    frame_stats stats;
    bool ok;
} balls_run;

static balls_run run_balls(const bench_stepper *engine, const bench_balls_setup *setup, int frames,
                           bool analyse) {
    balls_run out = {0.0, {0.0, 0.0, 0, 0, 0}, false};
    int n = setup->n;
    double *buf = malloc(4 * (size_t)n * sizeof(double));
    frame_grid grid;
    if (buf == NULL || !grid_init(&grid, n)) {
        free(buf);
        return out;
    }
    double *x0 = buf, *y0 = buf + n, *x1 = buf + 2 * n, *y1 = buf + 3 * n;
    memcpy(x0, setup->x, (size_t)n * sizeof(double));
    memcpy(y0, setup->y, (size_t)n * sizeof(double));
    double start = bench_now();
    void *e = engine->create(setup);
    if (e == NULL) {
        free(buf);
        grid_free(&grid);
        return out;
    }
    double analysis = 0.0;
    for (int f = 0; f < frames; ++f) {
        engine->step(e);
        engine->positions(e, x1, y1);
        if (analyse) {
            double a0 = bench_now();
            analyse_frames(&grid, n, setup->box, setup->radius, x0, y0, x1, y1, &out.stats);
            analysis += bench_now() - a0;
        }
        double *t = x0;
        x0 = x1;
        x1 = t;
        t = y0;
        y0 = y1;
        y1 = t;
    }
    out.wall_seconds = bench_now() - start - analysis;
    for (int i = 0; i < n; ++i) {
        out.stats.escaped += (x0[i] < 0 || x0[i] > setup->box || y0[i] < 0 || y0[i] > setup->box);
    }
    engine->destroy(e);
    free(buf);
    grid_free(&grid);
    out.ok = true;
    return out;
}

static void balls_case(const bench_options *opt, int n, double sigma) {
    const char *scene = "balls";
    const double r = 0.5, eta = 0.3, dt = 1.0 / 60.0, seconds = 10.0;
    double L = sqrt(n * bench_pi * r * r / eta);
    double *init = malloc(4 * (size_t)n * sizeof(double));
    if (init == NULL ||
        !lattice_start(n, L, r, sigma, 99, init, init + n, init + 2 * n, init + 3 * n)) {
        fprintf(stderr, "circol_bench: cannot set up balls\n");
        free(init);
        return;
    }
    bench_balls_setup setup = {n, L, r, dt, init, init + n, init + 2 * n, init + 3 * n};
    const bench_stepper *engines[3];
    int engine_count = 0;
#if CIRCOL_BENCH_HAVE_WORLD
    engines[engine_count++] = &circol_stepper;
#endif
    engines[engine_count++] = &bench_chipmunk_stepper;
    engines[engine_count++] = &bench_box2d_stepper;
    int frames = (int)lround(seconds / dt);
    /* the peers take seconds per run (Box2D about 90 s at N = 10^4 on the reference machine) */
    int repeat = opt->big ? 1 : (opt->repeat < 3 ? opt->repeat : 3);
    double times[3][16];
    char prefix[64], metric[128];
    snprintf(prefix, sizeof prefix, "N=%d, v_sigma=%g", n, sigma);
    for (int r_i = 0; r_i < repeat; ++r_i) {
        for (int k = 0; k < engine_count; ++k) {
            balls_run run = run_balls(engines[k], &setup, frames, r_i == 0);
            times[k][r_i] = run.ok ? run.wall_seconds : NAN;
            if (r_i == 0) {
                snprintf(metric, sizeof metric, "%s: %s largest ball overlap", prefix,
                         engines[k]->name);
                bench_record(scene, metric, run.stats.max_overlap > 0 ? run.stats.max_overlap : 0,
                             "length");
                snprintf(metric, sizeof metric, "%s: %s largest wall overlap", prefix,
                         engines[k]->name);
                bench_record(scene, metric,
                             run.stats.max_wall_overlap > 0 ? run.stats.max_wall_overlap : 0,
                             "length");
                snprintf(metric, sizeof metric, "%s: %s pass-throughs", prefix, engines[k]->name);
                bench_record(scene, metric, (double)run.stats.pass_throughs, "pairs");
                snprintf(metric, sizeof metric, "%s: %s pass-throughs within r (deep)", prefix,
                         engines[k]->name);
                bench_record(scene, metric, (double)run.stats.deep_pass_throughs, "pairs");
                snprintf(metric, sizeof metric, "%s: %s balls outside the box", prefix,
                         engines[k]->name);
                bench_record(scene, metric, (double)run.stats.escaped, "balls");
            }
        }
    }
    double median[3];
    for (int k = 0; k < engine_count; ++k) {
        median[k] = bench_median(times[k], repeat);
        snprintf(metric, sizeof metric, "%s: %s time for 10 s at 60 Hz", prefix, engines[k]->name);
        bench_record(scene, metric, median[k], "s");
    }
#if CIRCOL_BENCH_HAVE_WORLD
    for (int k = 1; k < engine_count; ++k) {
        snprintf(metric, sizeof metric, "%s: ratio %s / circol", prefix, engines[k]->name);
        bench_record(scene, metric, median[k] / median[0], "x");
    }
#endif
    free(init);
}

void bench_scene_balls(const bench_options *opt) {
    /* N = 10^4 (the size) only with --big: Box2D needs minutes for it */
    int n = opt->quick ? 1000 : (opt->big ? 10000 : 2000);
    balls_case(opt, n, 10.0);
    if (!opt->quick) {
        balls_case(opt, n, 40.0);
    }
    bench_note("balls", "Equal balls r = 0.5, unit mass, packing fraction 0.3 in a walled square "
                        "box, Gaussian velocity components (v_sigma), elastic, no friction; 600 "
                        "frames of 1/60. The time includes creating the world and reading "
                        "positions every frame, not the overlap and pass-through analysis. "
                        "Pass-through: a pair not in "
                        "contact in two consecutive frames whose centre order along their "
                        "relative motion reversed while the straight path between the frames "
                        "came within 2r (deep: within r).");
#if !CIRCOL_BENCH_HAVE_WORLD
    bench_note("balls", "circol's world is not built in this tree: peers only.");
#endif
}

/* ---- periodic hard-disk gas ---- */

void bench_scene_gas(const bench_options *opt) {
#if CIRCOL_BENCH_HAVE_WORLD
    const char *scene = "gas";
    const double etas[] = {0.2, 0.5, 0.7};
    int sizes[4] = {1000, 10000, 100000, 1000000};
    int size_count = opt->big ? 4 : 3;
    if (opt->quick) {
        size_count = 2;
    }
    for (int si = 0; si < size_count; ++si) {
        int n = sizes[si];
        for (int ei = 0; ei < 3; ++ei) {
            double eta = etas[ei];
            double L = sqrt(n * bench_pi * 0.25 / eta); /* diameter 1 */
            double *init = malloc(4 * (size_t)n * sizeof(double));
            if (init == NULL || !lattice_start(n, L, 0.5, 1.0, 7 + (uint64_t)n, init, init + n,
                                               init + 2 * n, init + 3 * n)) {
                fprintf(stderr, "circol_bench: gas N=%d eta=%g does not fit a lattice\n", n, eta);
                free(init);
                continue;
            }
            ccl_world_def def = ccl_world_default_def();
            def.box_min = ccl_v2(0.0, 0.0);
            def.box_max = ccl_v2(L, L);
            def.boundary = CCL_BOUNDARY_PERIODIC;
            def.capacity = n;
            ccl_world *w = NULL;
            double setup_start = bench_now();
            ccl_status st = ccl_world_create(&def, &w);
            for (int i = 0; i < n && st == CCL_OK; ++i) {
                ccl_circle_def c = ccl_circle_default_def();
                c.position = ccl_v2(init[i], init[n + i]);
                c.velocity = ccl_v2(init[2 * n + i], init[3 * n + i]);
                c.radius = 0.5;
                c.mass = 1.0;
                st = ccl_world_add_circle(w, &c, NULL);
            }
            free(init);
            if (st != CCL_OK) {
                fprintf(stderr, "circol_bench: gas setup: %s\n", ccl_status_string(st));
                ccl_world_destroy(w);
                continue;
            }
            double setup_seconds = bench_now() - setup_start;
            /* equilibrate: about two collisions per disk, at least 2e5 */
            uint64_t warm = (uint64_t)(2 * n > 200000 ? 2 * n : 200000);
            uint64_t measure = opt->quick ? 50000 : (n >= 1000000 ? 2000000 : 200000);
            st = ccl_world_advance_collisions(w, warm, 1e12);
            double rates[16];
            int repeat = opt->repeat < 3 ? opt->repeat : 3;
            for (int r = 0; r < repeat && st == CCL_OK; ++r) {
                ccl_world_stats before = ccl_world_get_stats(w);
                double t0 = bench_now();
                st = ccl_world_advance_collisions(w, measure, 1e12);
                double elapsed = bench_now() - t0;
                ccl_world_stats after = ccl_world_get_stats(w);
                rates[r] = (double)(after.collisions - before.collisions) / elapsed;
            }
            if (st != CCL_OK) {
                fprintf(stderr, "circol_bench: gas advance: %s\n", ccl_status_string(st));
                ccl_world_destroy(w);
                continue;
            }
            ccl_world_stats stats = ccl_world_get_stats(w);
            char metric[128];
            snprintf(metric, sizeof metric, "N=%d eta=%.1f: collisions per second", n, eta);
            bench_record(scene, metric, 1e-6 * bench_median(rates, repeat), "M/s");
            snprintf(metric, sizeof metric, "N=%d eta=%.1f: events per collision", n, eta);
            bench_record(scene, metric, (double)stats.events / (double)stats.collisions, "1");
            snprintf(metric, sizeof metric, "N=%d eta=%.1f: memory per circle", n, eta);
            bench_record(scene, metric, (double)stats.memory_bytes / n, "bytes");
            snprintf(metric, sizeof metric, "N=%d eta=%.1f: largest overlap at the end", n, eta);
            bench_record(scene, metric, ccl_world_max_overlap(w), "diameter");
            if (n >= 100000) {
                snprintf(metric, sizeof metric, "N=%d eta=%.1f: set-up time", n, eta);
                bench_record(scene, metric, setup_seconds, "s");
            }
            ccl_world_destroy(w);
        }
    }
    bench_note("gas", "Periodic square box, disks of diameter 1 and mass 1, kT = 1, started on a "
                      "square lattice, equilibrated for max(2N, 2e5) collisions, then timed over "
                      "2e5 collisions per repeat (2e6 at N = 1e6, --big only), median of up to 3 "
                      "repeats.");
#else
    (void)opt;
    bench_note("gas", "circol's world is not built in this tree: no gas figures.");
#endif
}
