/* ccl_world_max_overlap looks, for each circle, only at the segments and points listed in its
 * grid cell. It must give the same double, bit for bit, as an oracle that looks at every pair of
 * circles, every box wall and every segment and point: random walled and periodic scenes with
 * segments and points (on the box's edges too, and outside a walled box), after an advance, with
 * circles then nudged onto their nearest obstacle within their own cell so that obstacle
 * overlaps decide the maximum, with obstacles added since the tables were built, and with a
 * circle too large for the cells. */
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

#include <circol/world.h>

#include "elementary.h"
#include "world_common.h"
#include "world_internal.h"

/* d less the nearest multiple of size, as the world's minimum image takes it. */
static double oracle_wrap(double d, double size) {
    if (fabs(d) <= 0.25 * size) {
        return d + 0.0;
    }
    return d - size * ccl_round_to_integer(d / size);
}

/* The largest overlap now over every circle pair, box wall, segment and point: O(N^2 + N M). */
static double oracle_max_overlap(const ccl_world *w) {
    double worst = 0.0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        const ccl_body_slot *b = &w->bodies[i];
        if (!b->alive) {
            continue;
        }
        ccl_vec2 p, v;
        ccl_body_state_at(w, b, w->time, &p, &v);
        for (int32_t k = i + 1; k < w->slot_count; ++k) {
            if (!w->bodies[k].alive) {
                continue;
            }
            ccl_vec2 q;
            ccl_body_state_at(w, &w->bodies[k], w->time, &q, &v);
            ccl_vec2 d = ccl_sub(q, p);
            if (w->periodic) {
                d.x = oracle_wrap(d.x, w->box_size.x);
                d.y = oracle_wrap(d.y, w->box_size.y);
            }
            worst = fmax(worst, b->radius + w->bodies[k].radius - ccl_length(d));
        }
        double r = b->radius;
        if (!w->periodic) {
            worst = fmax(worst, fmax(fmax(w->box_min.x - (p.x - r), (p.x + r) - w->box_max.x),
                                     fmax(w->box_min.y - (p.y - r), (p.y + r) - w->box_max.y)));
        }
        for (int32_t k = 0; k < w->segment_count + w->point_count; ++k) {
            ccl_segment s = k < w->segment_count
                                ? w->segments[k]
                                : ccl_make_segment(w->points[k - w->segment_count],
                                                   w->points[k - w->segment_count]);
            worst = fmax(worst, r - ccl_length(ccl_sub(ccl_world_nearest_on(w, s, p), p)));
        }
    }
    return worst;
}

static void assert_same_bits(double got, double want) {
    uint64_t a, b;
    memcpy(&a, &got, sizeof a);
    memcpy(&b, &want, sizeof b);
    if (a != b) {
        fail_msg("max_overlap %.17g, oracle %.17g", got, want);
    }
}

static ccl_vec2 random_point(wt_rng *rng, const ccl_world *w, double outside) {
    return ccl_v2(wt_range(rng, w->box_min.x - outside, w->box_max.x + outside),
                  wt_range(rng, w->box_min.y - outside, w->box_max.y + outside));
}

/* Random obstacles: long and short segments and points, some on the box's edges; in a walled
 * box some lie partly or wholly outside it. */
static void add_obstacles(wt_rng *rng, ccl_world *w, int segments, int points) {
    double outside = w->periodic ? 0.0 : 3.0;
    for (int k = 0; k < segments; ++k) {
        ccl_vec2 a = random_point(rng, w, outside);
        double len = wt_uniform(rng) < 0.2 ? 0.5 * w->box_size.x : wt_range(rng, 0.0, 4.0);
        double angle = wt_range(rng, 0.0, 6.283185307179586);
        ccl_vec2 b = ccl_v2(a.x + len * cos(angle), a.y + len * sin(angle));
        if (w->periodic) {
            b.x = fmin(fmax(b.x, w->box_min.x), w->box_max.x);
            b.y = fmin(fmax(b.y, w->box_min.y), w->box_max.y);
        }
        if (wt_uniform(rng) < 0.15) {
            a.x = b.x = wt_uniform(rng) < 0.5 ? w->box_min.x : w->box_max.x; /* on an edge */
        }
        (void)ccl_world_add_segment(w, ccl_make_segment(a, b), NULL);
    }
    for (int k = 0; k < points; ++k) {
        ccl_vec2 p = random_point(rng, w, outside);
        if (wt_uniform(rng) < 0.15) {
            p.y = wt_uniform(rng) < 0.5 ? w->box_min.y : w->box_max.y;
        }
        (void)ccl_world_add_point(w, p, NULL);
    }
}

static void add_circles(wt_rng *rng, ccl_world *w, int n, double r_min, double r_max) {
    for (int tries = 0; tries < 20 * n && ccl_world_circle_count(w) < n; ++tries) {
        ccl_circle_def c = ccl_circle_default_def();
        c.radius = wt_range(rng, r_min, r_max);
        c.position = random_point(rng, w, -c.radius);
        c.velocity = ccl_v2(wt_normal(rng), wt_normal(rng));
        (void)ccl_world_add_circle(w, &c, NULL);
    }
}

/* Moves some circles part of the way onto their nearest obstacle (by up to half a radius), each
 * only where it stays in its own cell and in the box, so that the world's cell lists still hold.
 * Returns how many moved. */
static int nudge_onto_obstacles(wt_rng *rng, ccl_world *w, int count) {
    int moved = 0;
    for (int tries = 0; tries < 8 * count && moved < count; ++tries) {
        int32_t i = (int32_t)(wt_next(rng) % (uint64_t)w->slot_count);
        ccl_body_slot *b = &w->bodies[i];
        if (!b->alive || b->cell < 0) {
            continue;
        }
        ccl_vec2 p, v;
        ccl_body_state_at(w, b, w->time, &p, &v);
        ccl_vec2 nearest = p;
        double best = INFINITY;
        for (int32_t k = 0; k < w->segment_count + w->point_count; ++k) {
            ccl_segment s = k < w->segment_count
                                ? w->segments[k]
                                : ccl_make_segment(w->points[k - w->segment_count],
                                                   w->points[k - w->segment_count]);
            ccl_vec2 q = ccl_world_nearest_on(w, s, p);
            double d = ccl_length(ccl_sub(q, p));
            if (d < best) {
                best = d;
                nearest = q;
            }
        }
        if (!(best > 0.0) || best > 3.0 * b->radius) {
            continue;
        }
        double depth = wt_range(rng, 0.0, 0.5) * b->radius;
        ccl_vec2 shift = ccl_scale(ccl_sub(nearest, p), (best - b->radius + depth) / best);
        ccl_vec2 saved = b->position;
        b->position = ccl_add(b->position, shift);
        ccl_vec2 moved_to;
        ccl_body_state_at(w, b, w->time, &moved_to, &v);
        bool in_box = moved_to.x >= w->box_min.x && moved_to.x <= w->box_max.x &&
                      moved_to.y >= w->box_min.y && moved_to.y <= w->box_max.y;
        if (!in_box || ccl_grid_cell_of(w, moved_to) != b->cell ||
            ccl_grid_cell_of(w, p) != b->cell) {
            b->position = saved;
            continue;
        }
        moved++;
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
    int nudged = 0, table_checks = 0;
    for (int scene = 0; scene < 48; ++scene) {
        bool periodic = scene % 2 == 1;
        bool gravity = !periodic && scene % 4 == 2;
        ccl_world *w = random_world(&rng, periodic, gravity);
        /* obstacles before and after the circles */
        add_obstacles(&rng, w, 10 + (int)(wt_next(&rng) % 30), 10 + (int)(wt_next(&rng) % 60));
        add_circles(&rng, w, 100 + (int)(wt_next(&rng) % 300), 0.2, 1.0);
        add_obstacles(&rng, w, 5, 20);
        assert_same_bits(ccl_world_max_overlap(w), oracle_max_overlap(w));

        assert_int_equal(ccl_world_advance(w, wt_range(&rng, 0.05, 1.0)), CCL_OK);
        assert_non_null(w->obstacle_start);
        assert_false(w->obstacles_stale);
        assert_true(ccl_grid_min_cell(w->max_radius) <= fmin(w->cell_w, w->cell_h));
        assert_same_bits(ccl_world_max_overlap(w), oracle_max_overlap(w));
        for (int round = 0; round < 4; ++round) {
            nudged += nudge_onto_obstacles(&rng, w, 1 + round * 3);
            double got = ccl_world_max_overlap(w);
            assert_same_bits(got, oracle_max_overlap(w));
            table_checks += got > 0.0;
        }

        /* obstacles added since the tables were built, then a circle larger than the cells */
        add_obstacles(&rng, w, 3, 10);
        assert_same_bits(ccl_world_max_overlap(w), oracle_max_overlap(w));
        ccl_circle_def big = ccl_circle_default_def();
        big.radius = 1.5 * fmax(w->cell_w, w->cell_h);
        for (int tries = 0; tries < 50; ++tries) {
            big.position = random_point(&rng, w, -big.radius);
            if (ccl_world_add_circle(w, &big, NULL) == CCL_OK) {
                break;
            }
        }
        assert_same_bits(ccl_world_max_overlap(w), oracle_max_overlap(w));
        ccl_world_destroy(w);
    }
    /* the nudges did put circles onto obstacles, and those overlaps were the maximum */
    assert_true(nudged > 200);
    assert_true(table_checks > 100);
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
        double got = ccl_world_max_overlap(w);
        assert_same_bits(got, oracle_max_overlap(w));
        assert_true(got < 1e-9);
    }
    ccl_world_destroy(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(max_overlap_equals_the_brute_force_oracle),
        cmocka_unit_test(circle_resting_on_a_segment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
