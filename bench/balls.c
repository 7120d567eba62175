/* The balls in a box: equal balls in a walled box, circol against the stepping engines Chipmunk2D
 * and Box2D at 60 Hz, with the overlaps and pass-throughs seen between frames. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "circol/circol.h"
#include "peers.h"

static const double bench_pi = 3.141592653589793;

/* ---- frame analysis, the same for every engine ----
 *
 * Frames are sampled every dt. A pair of balls "passed through" each other between frames k and
 * k+1 when it is not in contact (centre distance > 2r) in either frame, yet along the balls' actual
 * paths between the frames their centres came closer than 2r (less a relative 1e-9 for
 * rounding). The actual paths: a stepping engine moves each ball straight from one frame to the
 * next (position += velocity dt), so for it the path is the segment between the frames, and the
 * test is exactly "the order of the centres along their relative motion reversed
 * (d(k) . D < 0 < d(k+1) . D, D = d(k+1) - d(k)) and the relative path came within 2r". circol's
 * balls move straight between their collisions, whose times and places the world reports
 * (record_contacts), so its paths are piecewise straight through those waypoints. "Deep" counts
 * the pass-throughs whose centres came within r (the balls overlapped by more than a radius). */

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
            g->side = 0;
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
    long deep_pass_throughs; /* those whose centres came within r */
    long escaped;            /* balls outside the box at the last frame */
} frame_stats;

/* One ball's path between two frames: the frame positions and its waypoints in between. */
typedef struct ball_path {
    int count; /* points, 2 + waypoints */
    const double *t, *x, *y;
    double t0, x0, y0, t1, x1, y1;
} ball_path;

static double path_t(const ball_path *p, int k) {
    return k == 0 ? p->t0 : (k == p->count - 1 ? p->t1 : p->t[k - 1]);
}

/* The position on the path at time tau (straight between points). */
static void path_at(const ball_path *p, double tau, double *x, double *y) {
    int k = 0;
    while (k + 2 < p->count && path_t(p, k + 1) <= tau) {
        ++k;
    }
    double ta = path_t(p, k), tb = path_t(p, k + 1);
    double xa = k == 0 ? p->x0 : p->x[k - 1], ya = k == 0 ? p->y0 : p->y[k - 1];
    double xb = k + 1 == p->count - 1 ? p->x1 : p->x[k],
           yb = k + 1 == p->count - 1 ? p->y1 : p->y[k];
    double s = tb > ta ? (tau - ta) / (tb - ta) : 1.0;
    s = s < 0.0 ? 0.0 : (s > 1.0 ? 1.0 : s);
    *x = xa + s * (xb - xa);
    *y = ya + s * (yb - ya);
}

/* The closest approach of the centres of two balls moving along their paths. */
static double closest_approach(const ball_path *a, const ball_path *b) {
    /* the breakpoints of both paths, merged; both move straight in between */
    double times[64];
    int n = 0;
    times[n++] = a->t0;
    for (int ia = 1, ib = 1; ia < a->count - 1 || ib < b->count - 1;) {
        double ta = ia < a->count - 1 ? path_t(a, ia) : INFINITY;
        double tb = ib < b->count - 1 ? path_t(b, ib) : INFINITY;
        if (n < 62) {
            times[n++] = ta <= tb ? ta : tb;
        }
        ia += ta <= tb;
        ib += tb < ta;
    }
    times[n++] = a->t1;
    double best = INFINITY;
    for (int k = 0; k + 1 < n; ++k) {
        double ax0, ay0, ax1, ay1, bx0, by0, bx1, by1;
        path_at(a, times[k], &ax0, &ay0);
        path_at(a, times[k + 1], &ax1, &ay1);
        path_at(b, times[k], &bx0, &by0);
        path_at(b, times[k + 1], &bx1, &by1);
        double dx = bx0 - ax0, dy = by0 - ay0;
        double Dx = (bx1 - ax1) - dx, Dy = (by1 - ay1) - dy;
        double DD = Dx * Dx + Dy * Dy;
        double s = DD > 0.0 ? -(dx * Dx + dy * Dy) / DD : 0.0;
        s = s < 0.0 ? 0.0 : (s > 1.0 ? 1.0 : s);
        best = fmin(best, hypot(dx + s * Dx, dy + s * Dy));
    }
    return best;
}

static ball_path path_of(const bench_waypoints *wp, int i, double dt, const double *x0,
                         const double *y0, const double *x1, const double *y1) {
    ball_path p = {2, NULL, NULL, NULL, 0.0, x0[i], y0[i], dt, x1[i], y1[i]};
    if (wp != NULL) {
        int first = wp->start[i], last = wp->start[i + 1];
        p.count = 2 + (last - first);
        p.t = wp->t + first;
        p.x = wp->x + first;
        p.y = wp->y + first;
    }
    return p;
}

/* Updates s with frame (x1, y1), and with the paths from frame (x0, y0) to it. */
static void analyse_frames(frame_grid *g, int n, double L, double r, double dt,
                           const bench_waypoints *wp, const double *x0, const double *y0,
                           const double *x1, const double *y1, frame_stats *s) {
    double max_path = 0.0;
    for (int i = 0; i < n; ++i) {
        ball_path p = path_of(wp, i, dt, x0, y0, x1, y1);
        double length = 0.0, px = p.x0, py = p.y0;
        for (int k = 1; k < p.count; ++k) {
            double qx = k == p.count - 1 ? p.x1 : p.x[k - 1];
            double qy = k == p.count - 1 ? p.y1 : p.y[k - 1];
            length += hypot(qx - px, qy - py);
            px = qx;
            py = qy;
        }
        max_path = fmax(max_path, length);
        double wall = fmax(fmax(r - x1[i], x1[i] + r - L), fmax(r - y1[i], y1[i] + r - L));
        s->max_wall_overlap = fmax(s->max_wall_overlap, wall);
    }
    /* pairs that can meet during the interval start within 2r + 2 max_path; paths are capped at
     * 4 lengths per frame (240 per second at 60 Hz, beyond every speed used here) so that one
     * runaway ball cannot make the grid a single cell */
    double reach = 2.0 * r + 2.0 * fmin(max_path, 4.0);
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
                            double dist1 = hypot(x1[j] - x1[i], y1[j] - y1[i]);
                            s->max_overlap = fmax(s->max_overlap, contact - dist1);
                            double dist0 = hypot(x0[j] - x0[i], y0[j] - y0[i]);
                            if (dist0 <= contact || dist1 <= contact) {
                                continue; /* seen in contact */
                            }
                            ball_path a = path_of(wp, i, dt, x0, y0, x1, y1);
                            ball_path b = path_of(wp, j, dt, x0, y0, x1, y1);
                            double closest = closest_approach(&a, &b);
                            s->pass_throughs += closest < contact * (1.0 - 1e-9) ? 1 : 0;
                            s->deep_pass_throughs += closest < r ? 1 : 0;
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
    double dt, step_start, radius;
    /* waypoints of the last step: every collision's centre, per ball (CSR) */
    int *start, *fill;
    double *wt, *wx, *wy;
    size_t wcap;
    bench_waypoints waypoints;
} circol_balls;

static void circol_destroy(void *engine) {
    circol_balls *e = engine;
    if (e != NULL) {
        ccl_world_destroy(e->world);
        free(e->states);
        free(e->slot_to_ball);
        free(e->start);
        free(e->fill);
        free(e->wt);
        free(e->wx);
        free(e->wy);
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
    e->radius = s->radius;
    ccl_world_def def = ccl_world_default_def();
    def.box_min = ccl_v2(0.0, 0.0);
    def.box_max = ccl_v2(s->box, s->box);
    def.boundary = CCL_BOUNDARY_WALLS;
    def.capacity = s->n;
    def.record_contacts = true; /* for the exact paths between frames */
    e->states = malloc((size_t)s->n * sizeof *e->states);
    e->slot_to_ball = malloc((size_t)s->n * sizeof(int));
    e->start = calloc((size_t)s->n + 1, sizeof(int));
    e->fill = calloc((size_t)s->n, sizeof(int));
    if (e->states == NULL || e->slot_to_ball == NULL || e->start == NULL || e->fill == NULL ||
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
    e->step_start = ccl_world_time(e->world);
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

/* Each ball's collisions during the last step, as centres at the collision times. */
static const bench_waypoints *circol_waypoints(void *engine) {
    circol_balls *e = engine;
    size_t count = 0;
    const ccl_contact_event *ev = ccl_world_contact_events(e->world, &count);
    size_t needed = 2 * count;
    if (needed > e->wcap) {
        free(e->wt);
        free(e->wx);
        free(e->wy);
        e->wcap = 2 * needed;
        e->wt = malloc(e->wcap * sizeof(double));
        e->wx = malloc(e->wcap * sizeof(double));
        e->wy = malloc(e->wcap * sizeof(double));
        if (e->wt == NULL || e->wx == NULL || e->wy == NULL) {
            e->wcap = 0;
            return NULL;
        }
    }
    memset(e->start, 0, ((size_t)e->n + 1) * sizeof(int));
    for (size_t k = 0; k < count; ++k) {
        e->start[e->slot_to_ball[ev[k].a.index] + 1]++;
        if (ev[k].kind == CCL_CONTACT_CIRCLE) {
            e->start[e->slot_to_ball[ev[k].b.index] + 1]++;
        }
    }
    for (int i = 0; i < e->n; ++i) {
        e->start[i + 1] += e->start[i];
        e->fill[i] = e->start[i];
    }
    /* events come in time order, so each ball's waypoints do too; the contact point lies on the
     * line of centres at distance r from each centre (equal radii here) */
    for (size_t k = 0; k < count; ++k) {
        double r = e->radius;
        double tau = ev[k].time - e->step_start;
        int i = e->slot_to_ball[ev[k].a.index];
        int at = e->fill[i]++;
        e->wt[at] = tau;
        e->wx[at] = ev[k].point.x - r * ev[k].normal.x;
        e->wy[at] = ev[k].point.y - r * ev[k].normal.y;
        if (ev[k].kind == CCL_CONTACT_CIRCLE) {
            int j = e->slot_to_ball[ev[k].b.index];
            at = e->fill[j]++;
            e->wt[at] = tau;
            e->wx[at] = ev[k].point.x + r * ev[k].normal.x;
            e->wy[at] = ev[k].point.y + r * ev[k].normal.y;
        }
    }
    e->waypoints.start = e->start;
    e->waypoints.t = e->wt;
    e->waypoints.x = e->wx;
    e->waypoints.y = e->wy;
    return &e->waypoints;
}

static const bench_stepper circol_stepper = {"circol",         circol_create,  circol_step,
                                             circol_positions, circol_destroy, circol_waypoints};
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
            const bench_waypoints *wp = engine->waypoints ? engine->waypoints(e) : NULL;
            analyse_frames(&grid, n, setup->box, setup->radius, setup->dt, wp, x0, y0, x1, y1,
                           &out.stats);
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
        !bench_lattice_start(n, L, r, sigma, 99, init, init + n, init + 2 * n, init + 3 * n)) {
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
    /* N = 10^4 (the reference scene's size) only with --big: Box2D needs minutes for it */
    int n = opt->quick ? 1000 : (opt->big ? 10000 : 2000);
    balls_case(opt, n, 10.0);
    if (opt->big) {
        /* fast balls: Box2D spends most of its time in b2World::SolveTOI here (minutes) */
        balls_case(opt, 2000, 40.0);
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
