/* ccl_world_max_overlap looks, for each circle, only at the segments and points listed in its
 * grid cell where the per-cell obstacle tables cover it (ccl_obstacle_table_covers), and at every
 * segment and point otherwise. It must agree with an oracle that works out every distance itself
 * (its own closest point on a segment, in long double; in a periodic box the nearest of the nine
 * images) over every pair of circles, every box wall and every segment and point: random walled
 * and periodic scenes with segments and points (on the box's edges too, and outside a walled
 * box), after an advance, with circles then nudged onto their nearest obstacle within their own
 * cell so that obstacle overlaps decide the maximum.
 *
 * How the scenes meet each condition of ccl_obstacle_table_covers:
 * - stale tables: segments and points added after the circles, with no advance since, and
 *   circles then nudged onto those new obstacles (which the tables do not list yet), so that one
 *   of them decides the maximum. (The nudge is needed: the public API refuses a segment or point
 *   that overlaps a circle, and moves circles only in an advance, which bins the obstacles
 *   first.)
 * - a circle wider than the cells: a walled box exactly as wide (or as tall) as a circle's
 *   diameter, whose grid then has one cell across, narrower than ccl_grid_min_cell of that
 *   radius. (A chosen cell_size smaller than a diameter does not get there: the grid never makes
 *   cells narrower than ccl_grid_min_cell of the largest radius but for a box narrower than
 *   that. And a circle added larger than the cells has the grid rebuilt for it.) The tables list
 *   every obstacle within a whole cell of each cell, so they still hold what such a circle can
 *   touch: the condition is conservative, and the scene checks the answer, not which path gave
 *   it.
 * - a centre outside the box: the public API never gets there (add_circle refuses a circle
 *   leaving a walled box and wraps a periodic one; walls, wrapping at the box's edges and the
 *   clamping of overlap separation keep it so), and the oracle checks that every centre it sees
 *   is in the box. */
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

#include "world_common.h"
#include "world/motion.h"
#include "world/world.h"

/* ---- the oracle: its own geometry, in long double ---- */

/* Squared distance from (px, py) to segment [a, b] (a point when a == b); its closest point in
 * (*qx, *qy). */
static long double oracle_segment_dist2(long double px, long double py, ccl_vec2 a, ccl_vec2 b,
                                        long double *qx, long double *qy) {
    long double ax = a.x, ay = a.y;
    long double dx = (long double)b.x - ax, dy = (long double)b.y - ay;
    long double len2 = dx * dx + dy * dy;
    long double t = 0.0L;
    if (len2 > 0.0L) {
        t = ((px - ax) * dx + (py - ay) * dy) / len2;
        t = t < 0.0L ? 0.0L : (t > 1.0L ? 1.0L : t);
    }
    *qx = ax + t * dx;
    *qy = ay + t * dy;
    long double ex = px - *qx, ey = py - *qy;
    return ex * ex + ey * ey;
}

/* Squared distance from p to segment [a, b]: in a periodic box to the nearest of its nine images
 * (the segment shifted by -1, 0 or 1 box sizes along each axis). The nearest point in *q. */
static long double oracle_obstacle_dist2(const ccl_world *w, ccl_vec2 p, ccl_vec2 a, ccl_vec2 b,
                                         ccl_vec2 *q) {
    long double lx = (long double)w->box.max.x - w->box.min.x;
    long double ly = (long double)w->box.max.y - w->box.min.y;
    int reach = w->box.periodic ? 1 : 0;
    long double best = INFINITY;
    for (int sy = -reach; sy <= reach; ++sy) {
        for (int sx = -reach; sx <= reach; ++sx) {
            long double shift_x = sx * lx, shift_y = sy * ly, qx, qy;
            /* the image a + shift seen from p is the segment seen from p - shift */
            long double d2 = oracle_segment_dist2(p.x - shift_x, p.y - shift_y, a, b, &qx, &qy);
            if (d2 < best) {
                best = d2;
                if (q != NULL) {
                    *q = ccl_v2((double)(qx + shift_x), (double)(qy + shift_y));
                }
            }
        }
    }
    return best;
}

/* d or d -+ size, whichever is the shortest: the nearest image along one axis (of the nine
 * shifts, each axis picks its own). */
static long double oracle_fold(long double d, long double size) {
    long double best = d;
    if (fabsl(d - size) < fabsl(best)) {
        best = d - size;
    }
    if (fabsl(d + size) < fabsl(best)) {
        best = d + size;
    }
    return best;
}

typedef struct oracle_result {
    long double worst; /* the largest overlap (0 when none) */
    long double newer; /* the largest over the obstacles added since seg_from and pt_from */
    long double rest;  /* the largest over everything else */
    int outside;       /* circles whose centre lies outside the box */
} oracle_result;

/* The largest overlap now over every circle pair, box wall, segment and point, O(N^2 + N M),
 * from the exported states: the segments and points from index seg_from and pt_from on counted
 * apart in newer. */
static oracle_result oracle_max_overlap(const ccl_world *w, int seg_from, int pt_from) {
    oracle_result o = {0.0L, 0.0L, 0.0L, 0};
    int n = 0;
    ccl_circle_state *s = wt_export(w, &n);
    assert_non_null(s);
    assert_true(n >= 0);
    long double lx = (long double)w->box.max.x - w->box.min.x;
    long double ly = (long double)w->box.max.y - w->box.min.y;
    for (int i = 0; i < n; ++i) {
        ccl_vec2 p = s[i].position;
        long double r = s[i].radius;
        if (!(p.x >= w->box.min.x && p.x <= w->box.max.x && p.y >= w->box.min.y &&
              p.y <= w->box.max.y)) {
            o.outside++;
        }
        for (int k = i + 1; k < n; ++k) {
            long double dx = (long double)s[k].position.x - p.x;
            long double dy = (long double)s[k].position.y - p.y;
            if (w->box.periodic) {
                dx = oracle_fold(dx, lx);
                dy = oracle_fold(dy, ly);
            }
            long double sum = r + s[k].radius, d2 = dx * dx + dy * dy;
            if (d2 < sum * sum) {
                o.rest = fmaxl(o.rest, sum - sqrtl(d2));
            }
        }
        if (!w->box.periodic) {
            long double lo_x = (long double)w->box.min.x - (p.x - r);
            long double hi_x = (p.x + r) - (long double)w->box.max.x;
            long double lo_y = (long double)w->box.min.y - (p.y - r);
            long double hi_y = (p.y + r) - (long double)w->box.max.y;
            o.rest = fmaxl(o.rest, fmaxl(fmaxl(lo_x, hi_x), fmaxl(lo_y, hi_y)));
        }
        long double old_d2 = INFINITY, new_d2 = INFINITY;
        for (int k = 0; k < w->obstacles.segment_count; ++k) {
            long double d2 = oracle_obstacle_dist2(w, p, w->obstacles.segments[k].a,
                                                   w->obstacles.segments[k].b, NULL);
            if (k >= seg_from) {
                new_d2 = fminl(new_d2, d2);
            } else {
                old_d2 = fminl(old_d2, d2);
            }
        }
        for (int k = 0; k < w->obstacles.point_count; ++k) {
            long double d2 =
                oracle_obstacle_dist2(w, p, w->obstacles.points[k], w->obstacles.points[k], NULL);
            if (k >= pt_from) {
                new_d2 = fminl(new_d2, d2);
            } else {
                old_d2 = fminl(old_d2, d2);
            }
        }
        if (old_d2 < r * r) {
            o.rest = fmaxl(o.rest, r - sqrtl(old_d2));
        }
        if (new_d2 < r * r) {
            o.newer = fmaxl(o.newer, r - sqrtl(new_d2));
        }
    }
    free(s);
    o.worst = fmaxl(o.rest, o.newer);
    return o;
}

/* ccl_world_max_overlap against the oracle, to well within the rounding of a double geometry
 * (every missed overlap in these scenes is orders of magnitude larger). Returns the oracle's
 * answer. */
static oracle_result check_max_overlap(const ccl_world *w, int seg_from, int pt_from) {
    double got = ccl_world_max_overlap(w);
    oracle_result o = oracle_max_overlap(w, seg_from, pt_from);
    double scale = fmax(fmax(fabs(w->box.min.x), fabs(w->box.max.x)),
                        fmax(fabs(w->box.min.y), fabs(w->box.max.y)));
    long double tolerance = 1e-12L * (1.0L + scale);
    if (!(fabsl((long double)got - o.worst) <= tolerance)) {
        fail_msg("max_overlap %.17g, oracle %.17Lg (newer obstacles %.17Lg, the rest %.17Lg)", got,
                 o.worst, o.newer, o.rest);
    }
    assert_int_equal(o.outside, 0); /* no centre outside the box through the public API */
    return o;
}

static oracle_result check_all(const ccl_world *w) {
    return check_max_overlap(w, w->obstacles.segment_count, w->obstacles.point_count);
}

/* ---- scenes ---- */

static ccl_vec2 random_point(wt_rng *rng, const ccl_world *w, double outside) {
    return ccl_v2(wt_range(rng, w->box.min.x - outside, w->box.max.x + outside),
                  wt_range(rng, w->box.min.y - outside, w->box.max.y + outside));
}

/* Random obstacles: long and short segments and points, some on the box's edges; in a walled
 * box some lie partly or wholly outside it. */
static void add_obstacles(wt_rng *rng, ccl_world *w, int segments, int points) {
    double outside = w->box.periodic ? 0.0 : 3.0;
    for (int k = 0; k < segments; ++k) {
        ccl_vec2 a = random_point(rng, w, outside);
        double len = wt_uniform(rng) < 0.2 ? 0.5 * w->box.size.x : wt_range(rng, 0.0, 4.0);
        double angle = wt_range(rng, 0.0, 6.283185307179586);
        ccl_vec2 b = ccl_v2(a.x + len * cos(angle), a.y + len * sin(angle));
        if (w->box.periodic) {
            b.x = fmin(fmax(b.x, w->box.min.x), w->box.max.x);
            b.y = fmin(fmax(b.y, w->box.min.y), w->box.max.y);
        }
        if (wt_uniform(rng) < 0.15) {
            a.x = b.x = wt_uniform(rng) < 0.5 ? w->box.min.x : w->box.max.x; /* on an edge */
        }
        (void)ccl_world_add_segment(w, ccl_make_segment(a, b), NULL);
    }
    for (int k = 0; k < points; ++k) {
        ccl_vec2 p = random_point(rng, w, outside);
        if (wt_uniform(rng) < 0.15) {
            p.y = wt_uniform(rng) < 0.5 ? w->box.min.y : w->box.max.y;
        }
        (void)ccl_world_add_point(w, p, NULL);
    }
}

/* Random circles in the box; in a periodic box some given a whole number of box sizes away,
 * which add_circle wraps back in. */
static void add_circles(wt_rng *rng, ccl_world *w, int n, double r_min, double r_max) {
    for (int tries = 0; tries < 20 * n && ccl_world_circle_count(w) < n; ++tries) {
        ccl_circle_def c = ccl_circle_default_def();
        c.radius = wt_range(rng, r_min, r_max);
        c.position = random_point(rng, w, -c.radius);
        if (w->box.periodic && wt_uniform(rng) < 0.3) {
            c.position.x += (double)((int)(wt_next(rng) % 5) - 2) * w->box.size.x;
            c.position.y += (double)((int)(wt_next(rng) % 5) - 2) * w->box.size.y;
        }
        c.velocity = ccl_v2(wt_normal(rng), wt_normal(rng));
        (void)ccl_world_add_circle(w, &c, NULL);
    }
}

/* Moves circle i part of the way onto its nearest segment or point among those from index
 * seg_from and pt_from on (an overlap of depth_lo to depth_hi of its radius), where it is
 * within 3 radii of one and the move keeps it in its own cell and in the box, so that the
 * world's cell lists still hold. True when it moved. */
static bool nudge_circle(wt_rng *rng, ccl_world *w, int32_t i, int seg_from, int pt_from,
                         double depth_lo, double depth_hi) {
    ccl_body_slot *b = &w->bodies[i];
    if (!b->alive || b->link.cell < 0) {
        return false;
    }
    ccl_vec2 p, v;
    ccl_body_state_at(w, b, w->time, &p, &v);
    ccl_vec2 nearest = p;
    long double best2 = INFINITY;
    for (int k = seg_from; k < w->obstacles.segment_count + w->obstacles.point_count; ++k) {
        bool point = k >= w->obstacles.segment_count;
        if (point && k - w->obstacles.segment_count < pt_from) {
            continue;
        }
        ccl_segment s = point
                            ? ccl_make_segment(w->obstacles.points[k - w->obstacles.segment_count],
                                               w->obstacles.points[k - w->obstacles.segment_count])
                            : w->obstacles.segments[k];
        ccl_vec2 q = p;
        long double d2 = oracle_obstacle_dist2(w, p, s.a, s.b, &q);
        if (d2 < best2) {
            best2 = d2;
            nearest = q;
        }
    }
    double best = (double)sqrtl(best2);
    if (!(best > 0.0) || best > 3.0 * b->radius) {
        return false;
    }
    double depth = wt_range(rng, depth_lo, depth_hi) * b->radius;
    ccl_vec2 shift = ccl_scale(ccl_sub(nearest, p), (best - b->radius + depth) / best);
    ccl_vec2 saved = b->position;
    b->position = ccl_add(b->position, shift);
    ccl_vec2 moved_to;
    ccl_body_state_at(w, b, w->time, &moved_to, &v);
    bool in_box = moved_to.x >= w->box.min.x && moved_to.x <= w->box.max.x &&
                  moved_to.y >= w->box.min.y && moved_to.y <= w->box.max.y;
    if (!in_box || ccl_grid_cell_of(&w->grid, moved_to) != b->link.cell ||
        ccl_grid_cell_of(&w->grid, p) != b->link.cell) {
        b->position = saved;
        return false;
    }
    return true;
}

/* Nudges up to count random circles onto their nearest obstacle (up to half a radius deep).
 * Returns how many moved. */
static int nudge_onto_obstacles(wt_rng *rng, ccl_world *w, int count) {
    int moved = 0;
    for (int tries = 0; tries < 8 * count && moved < count; ++tries) {
        int32_t i = (int32_t)(wt_next(rng) % (uint64_t)w->slot_count);
        moved += nudge_circle(rng, w, i, 0, 0, 0.0, 0.5);
    }
    return moved;
}

/* Adds up to count points and short segments, each just clear of a random circle (the public
 * API refuses any that overlaps a circle), then nudges those circles deep onto the new
 * obstacles. Returns how many moved. */
static int add_obstacles_beside_circles(wt_rng *rng, ccl_world *w, int count) {
    int seg_from = w->obstacles.segment_count, pt_from = w->obstacles.point_count;
    int32_t beside[64];
    int placed = 0;
    for (int tries = 0; tries < 8 * count && placed < count && placed < 64; ++tries) {
        int32_t i = (int32_t)(wt_next(rng) % (uint64_t)w->slot_count);
        if (!w->bodies[i].alive) {
            continue;
        }
        ccl_vec2 p, v;
        ccl_body_state_at(w, &w->bodies[i], w->time, &p, &v);
        double r = w->bodies[i].radius;
        double angle = wt_range(rng, 0.0, 6.283185307179586);
        ccl_vec2 u = ccl_v2(cos(angle), sin(angle));
        ccl_vec2 q = ccl_add(p, ccl_scale(u, r * wt_range(rng, 1.02, 1.2)));
        ccl_status status;
        if (wt_uniform(rng) < 0.5) {
            status = ccl_world_add_point(w, q, NULL);
        } else {
            ccl_vec2 along = ccl_scale(ccl_v2(-u.y, u.x), r * wt_range(rng, 0.1, 1.5));
            status = ccl_world_add_segment(
                w, ccl_make_segment(ccl_sub(q, along), ccl_add(q, along)), NULL);
        }
        if (status == CCL_OK) {
            beside[placed++] = i;
        }
    }
    int moved = 0;
    for (int k = 0; k < placed; ++k) {
        moved += nudge_circle(rng, w, beside[k], seg_from, pt_from, 0.5, 0.9);
    }
    return moved;
}

static ccl_world *random_world(wt_rng *rng, bool periodic, bool gravity) {
    ccl_world_def d = ccl_world_default_def();
    double size = wt_range(rng, 30.0, 80.0);
    d.box_min = ccl_v2(-0.5 * size, wt_range(rng, -10.0, 10.0));
    d.box_max = ccl_v2(0.5 * size, d.box_min.y + wt_range(rng, 0.6, 1.4) * size);
    d.boundary = periodic ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
    if (gravity) {
        d.gravity = ccl_v2(0.0, -9.81);
        d.restitution = 0.8;
    }
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    return w;
}

static void max_overlap_equals_the_brute_force_oracle(void **state) {
    (void)state;
    wt_rng rng = {0x6d61786f7665726cull};
    int nudged = 0, table_checks = 0, stale_nudged = 0, stale_decided = 0;
    for (int scene = 0; scene < 48; ++scene) {
        bool periodic = scene % 2 == 1;
        bool gravity = !periodic && scene % 4 == 2;
        ccl_world *w = random_world(&rng, periodic, gravity);
        /* obstacles before and after the circles */
        add_obstacles(&rng, w, 10 + (int)(wt_next(&rng) % 30), 10 + (int)(wt_next(&rng) % 60));
        add_circles(&rng, w, 100 + (int)(wt_next(&rng) % 300), 0.2, 1.0);
        add_obstacles(&rng, w, 5, 20);
        check_all(w);

        assert_int_equal(ccl_world_advance(w, wt_range(&rng, 0.05, 1.0)), CCL_OK);
        assert_non_null(w->grid.obstacle_start);
        assert_false(w->grid.obstacles_stale);
        assert_true(ccl_grid_min_cell(w->grid.max_radius) <= fmin(w->grid.cell_w, w->grid.cell_h));
        check_all(w);
        for (int round = 0; round < 4; ++round) {
            nudged += nudge_onto_obstacles(&rng, w, 1 + round * 3);
            table_checks += check_all(w).worst > 0.0L;
        }

        /* obstacles added since the tables were built (no advance since), and circles nudged
         * onto them: only a look at every obstacle finds those overlaps */
        int seg_from = w->obstacles.segment_count, pt_from = w->obstacles.point_count;
        add_obstacles(&rng, w, 3, 10);
        stale_nudged += add_obstacles_beside_circles(&rng, w, 12);
        assert_true(w->grid.obstacles_stale);
        assert_true(w->obstacles.segment_count + w->obstacles.point_count > seg_from + pt_from);
        oracle_result o = check_max_overlap(w, seg_from, pt_from);
        stale_decided += o.newer > o.rest + 1e-3L;
        ccl_world_destroy(w);
    }
    /* the nudges did put circles onto obstacles, and those overlaps were the maximum; in most
     * scenes an obstacle the stale tables miss decided it */
    assert_true(nudged > 200);
    assert_true(table_checks > 100);
    assert_true(stale_nudged > 200);
    assert_true(stale_decided >= 30);
}

/* A walled box exactly as wide (or as tall) as an immovable circle's diameter: its grid has one
 * cell across, narrower than ccl_grid_min_cell of that radius, so the tables do not cover that
 * circle, while they do the small ones. */
static void circle_as_wide_as_the_box(void **state) {
    (void)state;
    wt_rng rng = {0x7769646563697263ull};
    int big_decided = 0;
    for (int scene = 0; scene < 16; ++scene) {
        bool across_x = scene % 2 == 0;
        double span = (double)(4 + (int)(wt_next(&rng) % 9)); /* whole: the fit is exact */
        double other = span * wt_range(&rng, 3.0, 8.0);
        ccl_world_def d = ccl_world_default_def();
        d.box_min = ccl_v2((double)((int)(wt_next(&rng) % 41) - 20),
                           (double)((int)(wt_next(&rng) % 41) - 20));
        d.box_max = ccl_add(d.box_min, across_x ? ccl_v2(span, other) : ccl_v2(other, span));
        d.cell_size = scene % 4 < 2 ? 0.0 : 0.25 * span; /* a chosen cell_size changes nothing */
        ccl_world *w = NULL;
        assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
        ccl_circle_def big = ccl_circle_default_def();
        big.radius = 0.5 * span;
        big.mass = 0.0; /* wedged between two walls: immovable */
        double along = wt_range(&rng, 0.5 * span, other - 0.5 * span);
        big.position = across_x ? ccl_v2(d.box_min.x + big.radius, d.box_min.y + along)
                                : ccl_v2(d.box_min.x + along, d.box_min.y + big.radius);
        ccl_circle_id id = {0, 0};
        assert_int_equal(ccl_world_add_circle(w, &big, &id), CCL_OK);
        add_obstacles(&rng, w, 4 + (int)(wt_next(&rng) % 6), 6 + (int)(wt_next(&rng) % 10));
        add_circles(&rng, w, 6 + (int)(wt_next(&rng) % 15), 0.05 * span, 0.15 * span);
        /* the tables do not cover the big circle: its diameter does not fit a cell */
        assert_true(ccl_grid_min_cell(big.radius) > (across_x ? w->grid.cell_w : w->grid.cell_h));
        check_all(w);

        /* segments and points just clear of the big circle, ahead of it or behind it along the
         * box (not beyond a wall, where the wall's overlap would exceed theirs), then the big
         * circle nudged onto them, and some of the others onto theirs */
        for (int k = 0; k < 6; ++k) {
            double angle = (across_x ? 1.5707963267948966 : 0.0) +
                           (k % 4 < 2 ? 0.0 : 3.141592653589793) + wt_range(&rng, -0.4, 0.4);
            ccl_vec2 u = ccl_v2(cos(angle), sin(angle));
            ccl_vec2 q =
                ccl_add(big.position, ccl_scale(u, big.radius * wt_range(&rng, 1.01, 1.1)));
            if (k % 2 == 0) {
                (void)ccl_world_add_point(w, q, NULL);
            } else {
                ccl_vec2 along = ccl_scale(ccl_v2(-u.y, u.x), wt_range(&rng, 0.1, 2.0));
                (void)ccl_world_add_segment(
                    w, ccl_make_segment(ccl_sub(q, along), ccl_add(q, along)), NULL);
            }
        }
        assert_int_equal(ccl_world_advance(w, wt_range(&rng, 0.05, 0.5)), CCL_OK);
        assert_false(w->grid.obstacles_stale);
        assert_true(ccl_grid_min_cell(big.radius) > (across_x ? w->grid.cell_w : w->grid.cell_h));
        check_all(w);
        nudge_onto_obstacles(&rng, w, 6);
        bool moved = false;
        for (int tries = 0; tries < 20 && !moved; ++tries) {
            moved = nudge_circle(&rng, w, (int32_t)id.index, 0, 0, 0.3, 0.6);
        }
        oracle_result o = check_all(w);
        if (moved) {
            /* the big circle's overlap with an obstacle is the maximum when it beats the rest */
            ccl_circle_state s;
            assert_int_equal(ccl_world_get_circle(w, id, &s), CCL_OK);
            long double d2 = INFINITY;
            for (int k = 0; k < w->obstacles.segment_count; ++k) {
                d2 = fminl(d2, oracle_obstacle_dist2(w, s.position, w->obstacles.segments[k].a,
                                                     w->obstacles.segments[k].b, NULL));
            }
            for (int k = 0; k < w->obstacles.point_count; ++k) {
                d2 = fminl(d2, oracle_obstacle_dist2(w, s.position, w->obstacles.points[k],
                                                     w->obstacles.points[k], NULL));
            }
            big_decided += d2 < s.radius * s.radius && s.radius - sqrtl(d2) == o.worst;
        }
        ccl_world_destroy(w);
    }
    assert_true(big_decided >= 8);
}

/* A circle resting on a segment under gravity: the overlap with the segment is what is left
 * of roundoff, and the same either way. */
static void circle_resting_on_a_segment(void **state) {
    (void)state;
    ccl_world_def d = ccl_world_default_def();
    d.box_max = ccl_v2(40.0, 40.0);
    d.gravity = ccl_v2(0.0, -9.81);
    d.restitution = 0.3;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    assert_int_equal(
        ccl_world_add_segment(w, ccl_make_segment(ccl_v2(5.0, 10.0), ccl_v2(35.0, 12.0)), NULL),
        CCL_OK);
    assert_int_equal(ccl_world_add_point(w, ccl_v2(20.0, 30.0), NULL), CCL_OK);
    for (int i = 0; i < 12; ++i) {
        ccl_circle_def c = ccl_circle_default_def();
        c.position = ccl_v2(7.0 + 2.3 * i, 20.0 + 0.7 * (i % 3));
        c.radius = 0.9;
        assert_int_equal(ccl_world_add_circle(w, &c, NULL), CCL_OK);
    }
    for (int step = 0; step < 20; ++step) {
        assert_int_equal(ccl_world_advance(w, 0.25), CCL_OK);
        check_all(w);
        assert_true(ccl_world_max_overlap(w) < 1e-9);
    }
    ccl_world_destroy(w);
}

CCL_TEST_MAIN(cmocka_unit_test(max_overlap_equals_the_brute_force_oracle),
              cmocka_unit_test(circle_as_wide_as_the_box),
              cmocka_unit_test(circle_resting_on_a_segment))
