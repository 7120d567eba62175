/* Region queries: the circles overlapping a circle, a box or containing a point, found through
 * the grid. A circle's centre lies in (or, by rounding, at the edge of) the cell it is linked in,
 * so every circle overlapping a region has its centre within the largest radius of the region's
 * bounding box: the cells over that box, taken with the periodic shift of each, hold them all. */

#include "circol/query.h"
#include "world/body.h"
#include "world/motion.h"
#include "world/world.h"

/* A region: a circle (lo == hi its centre, radius its radius) or a box [lo, hi] (radius 0). */
typedef struct ccl_region {
    ccl_vec2 lo, hi;
    double radius;
    ccl_circle_id *out;
    int capacity, count;
} ccl_region;

/* True when a circle at q with radius r overlaps the region strictly. */
static bool ccl_region_overlaps(const ccl_region *g, ccl_vec2 q, double r) {
    ccl_vec2 near = ccl_v2(fmin(fmax(q.x, g->lo.x), g->hi.x), fmin(fmax(q.y, g->lo.y), g->hi.y));
    double R = g->radius + r;
    return ccl_length_sq(ccl_sub(q, near)) < R * R;
}

static void ccl_region_take(const ccl_world *w, ccl_region *g, int32_t i) {
    if (g->count < g->capacity) {
        g->out[g->count] = ccl_world_id_of(w, i);
    }
    g->count++;
}

/* The floor of a / n for integers, n > 0. */
static int64_t ccl_floor_div(int64_t a, int64_t n) {
    return a >= 0 ? a / n : -((-a + n - 1) / n);
}

/* Tests the circles of the cell (ux, uy) in unwrapped cell coordinates: a periodic world's cell
 * beyond the grid is a shifted image of one in it. */
static void ccl_region_cell(const ccl_world *w, ccl_region *g, int64_t ux, int64_t uy) {
    int64_t kx = ccl_floor_div(ux, w->grid.nx), ky = ccl_floor_div(uy, w->grid.ny);
    int32_t c = (int32_t)((uy - ky * w->grid.ny) * w->grid.nx + (ux - kx * w->grid.nx));
    ccl_vec2 shift = ccl_v2((double)kx * w->box.size.x, (double)ky * w->box.size.y);
    for (int32_t k = ccl_grid_first(&w->grid, c); k >= 0; k = w->bodies[k].link.next) {
        ccl_vec2 q, v;
        ccl_body_state_at(w, &w->bodies[k], w->time, &q, &v);
        if (ccl_region_overlaps(g, ccl_add(q, shift), w->bodies[k].radius)) {
            ccl_region_take(w, g, k);
        }
    }
}

/* The cells (unwrapped) over [lo, hi] grown by reach along one axis: [*first, *last]. */
static void ccl_region_span(double lo, double hi, double min, double cell, double reach,
                            int64_t *first, int64_t *last) {
    *first = (int64_t)floor((lo - reach - min) / cell) - 1;
    *last = (int64_t)floor((hi + reach - min) / cell) + 1;
}

/* Every circle once: the cells over the region, each periodic image's; where the span would wrap
 * onto itself (a region wider than the box less two cells), every circle with its nearest image. */
static void ccl_region_walk(const ccl_world *w, ccl_region *g) {
    if (w->grid.cell_head == NULL || w->live_count == 0) {
        return;
    }
    double reach = g->radius + w->grid.max_radius;
    int64_t x0, x1, y0, y1;
    ccl_region_span(g->lo.x, g->hi.x, w->box.min.x, w->grid.cell_w, reach, &x0, &x1);
    ccl_region_span(g->lo.y, g->hi.y, w->box.min.y, w->grid.cell_h, reach, &y0, &y1);
    if (!w->box.periodic) {
        x0 = x0 < 0 ? 0 : x0;
        y0 = y0 < 0 ? 0 : y0;
        x1 = x1 >= w->grid.nx ? w->grid.nx - 1 : x1;
        y1 = y1 >= w->grid.ny ? w->grid.ny - 1 : y1;
    } else if (x1 - x0 >= w->grid.nx || y1 - y0 >= w->grid.ny) {
        ccl_vec2 mid = ccl_scale(ccl_add(g->lo, g->hi), 0.5);
        for (int32_t i = 0; i < w->slot_count; ++i) {
            if (w->bodies[i].alive) {
                ccl_vec2 q, v;
                ccl_body_state_at(w, &w->bodies[i], w->time, &q, &v);
                ccl_vec2 image = ccl_add(mid, ccl_box_separation(&w->box, mid, q));
                if (ccl_region_overlaps(g, image, w->bodies[i].radius)) {
                    ccl_region_take(w, g, i);
                }
            }
        }
        return;
    }
    for (int64_t uy = y0; uy <= y1; ++uy) {
        for (int64_t ux = x0; ux <= x1; ++ux) {
            ccl_region_cell(w, g, ux, uy);
        }
    }
}

/* Checks a query's common arguments and the region's extent against a periodic box. */
static ccl_status ccl_region_run(const ccl_world *w, ccl_region *g, int *count) {
    if (w == NULL || count == NULL || g->capacity < 0 || (g->out == NULL && g->capacity > 0) ||
        !ccl_vec2_within(g->lo, CCL_MAX_LENGTH) || !ccl_vec2_within(g->hi, CCL_MAX_LENGTH) ||
        !(g->lo.x <= g->hi.x && g->lo.y <= g->hi.y) ||
        !(g->radius >= 0.0 && g->radius <= CCL_MAX_LENGTH)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->box.periodic && (g->hi.x - g->lo.x + 2.0 * g->radius > w->box.size.x ||
                            g->hi.y - g->lo.y + 2.0 * g->radius > w->box.size.y)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    ccl_region_walk(w, g);
    *count = g->count;
    return CCL_OK;
}

ccl_status ccl_world_query_circle(const ccl_world *w, ccl_vec2 centre, double radius,
                                  ccl_circle_id *out, int capacity, int *count) {
    ccl_region g = {centre, centre, radius, out, capacity, 0};
    return ccl_region_run(w, &g, count);
}

ccl_status ccl_world_query_aabb(const ccl_world *w, ccl_vec2 lo, ccl_vec2 hi, ccl_circle_id *out,
                                int capacity, int *count) {
    ccl_region g = {lo, hi, 0.0, out, capacity, 0};
    return ccl_region_run(w, &g, count);
}

ccl_status ccl_world_query_point(const ccl_world *w, ccl_vec2 p, ccl_circle_id *out, int capacity,
                                 int *count) {
    ccl_region g = {p, p, 0.0, out, capacity, 0};
    return ccl_region_run(w, &g, count);
}
