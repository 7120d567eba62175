/* Ray casts. Circles are found through the grid: the ray's cells are visited in order along it
 * (a digital differential analyser over unwrapped cell coordinates, a periodic world's cells
 * beyond the grid being shifted images of its own), and in each the circles of the 3 x 3 cells
 * around it. A circle hit at a point of cell V has its centre in a cell next to V (cells are a
 * diameter wide), so it is tested when V is visited; the walk stops at the first cell entered
 * after the nearest hit so far. Segments, points and box walls are tested one by one. */

#include <stdint.h>

#include "circol/query.h"
#include "world/body.h"
#include "world/motion.h"
#include "world/obstacle_ids.h"
#include "world/world.h"

/* A ray, and its nearest hit so far. */
typedef struct ccl_ray {
    ccl_vec2 o, d;
    ccl_ray_hit best;
} ccl_ray;

static void ccl_ray_keep(ccl_ray *r, double t, ccl_vec2 normal, ccl_contact_kind kind,
                         ccl_circle_id id, int index) {
    if (r->best.hit && !(t < r->best.fraction)) {
        return;
    }
    ccl_ray_hit h = {true, kind, id, index, t, ccl_mul_add(r->o, t, r->d), normal};
    r->best = h;
}

/* The ray against a circle at c with radius rad: the first root of |o + d t - c| = rad in [0, 1]
 * (0 when o is inside), from the narrow phase's circle-point sweep. */
static void ccl_ray_circle(ccl_ray *r, ccl_vec2 c, double rad, ccl_circle_id id) {
    ccl_hit h;
    if (ccl_length_sq(ccl_sub(r->o, c)) <= rad * rad) {
        ccl_vec2 n = ccl_length_sq(r->d) > 0.0 ? ccl_scale(r->d, -1.0 / ccl_length(r->d))
                                               : ccl_v2(-1.0, 0.0);
        ccl_ray_keep(r, 0.0, n, CCL_CONTACT_CIRCLE, id, -1);
    } else if (ccl_sweep_circle_point(ccl_make_circle(r->o, rad), r->d, c, 1.0, &h)) {
        ccl_ray_keep(r, h.t, ccl_scale(h.normal, -1.0), CCL_CONTACT_CIRCLE, id, -1);
    }
}

/* The ray against segment [a, b] (a point when a == b), moved by shift. */
static void ccl_ray_segment(ccl_ray *r, ccl_segment s, ccl_vec2 shift, ccl_contact_kind kind,
                            int index) {
    ccl_vec2 a = ccl_sub(ccl_add(s.a, shift), r->o), e = ccl_sub(s.b, s.a);
    double den = ccl_cross(r->d, e);
    double dd = ccl_length_sq(r->d);
    ccl_circle_id none = {0, 0};
    if (den != 0.0) {
        double t = ccl_cross(a, e) / den, u = ccl_cross(a, r->d) / den;
        if (t >= 0.0 && t <= 1.0 && u >= 0.0 && u <= 1.0) {
            ccl_vec2 n = ccl_scale(ccl_perp(e), 1.0 / ccl_length(e));
            ccl_ray_keep(r, t, ccl_dot(n, r->d) > 0.0 ? ccl_scale(n, -1.0) : n, kind, none, index);
        }
        return;
    }
    if (ccl_cross(a, r->d) != 0.0) {
        return;
    }
    /* on the ray's line: it enters at the nearer end */
    double ta = ccl_dot(a, r->d) / dd, tb = ccl_dot(ccl_add(a, e), r->d) / dd;
    double t = fmax(0.0, fmin(ta, tb));
    if (fmax(ta, tb) >= 0.0 && t <= 1.0) {
        ccl_ray_keep(r, t, ccl_scale(r->d, -1.0 / sqrt(dd)), kind, none, index);
    }
}

/* The images of a shape spanning [lo, hi] that the ray's bounding box grown by reach can meet,
 * along one axis: shifts k size for k in [*k0, *k1] (only k = 0 in a walled box). */
static void ccl_ray_images(const ccl_world *w, const ccl_ray *r, int axis, double lo, double hi,
                           double reach, int64_t *k0, int64_t *k1) {
    *k0 = *k1 = 0;
    if (!w->box.periodic) {
        return;
    }
    double o = axis == 0 ? r->o.x : r->o.y, d = axis == 0 ? r->d.x : r->d.y;
    double size = axis == 0 ? w->box.size.x : w->box.size.y;
    *k0 = (int64_t)floor((fmin(o, o + d) - reach - hi) / size);
    *k1 = (int64_t)ceil((fmax(o, o + d) + reach - lo) / size);
}

/* Every segment and point, every periodic image the ray can meet. */
static void ccl_ray_obstacles(const ccl_world *w, ccl_ray *r) {
    int32_t n = ccl_obstacle_count(&w->obstacles);
    for (int32_t k = 0; k < n; ++k) {
        bool point = k >= w->obstacles.segment_count;
        int32_t index = point ? k - w->obstacles.segment_count : k;
        ccl_segment s = ccl_obstacle_shape(&w->obstacles, index, point);
        int64_t x0, x1, y0, y1;
        ccl_ray_images(w, r, 0, fmin(s.a.x, s.b.x), fmax(s.a.x, s.b.x), 0.0, &x0, &x1);
        ccl_ray_images(w, r, 1, fmin(s.a.y, s.b.y), fmax(s.a.y, s.b.y), 0.0, &y0, &y1);
        for (int64_t ky = y0; ky <= y1; ++ky) {
            for (int64_t kx = x0; kx <= x1; ++kx) {
                ccl_vec2 shift = ccl_v2((double)kx * w->box.size.x, (double)ky * w->box.size.y);
                ccl_ray_segment(r, s, shift, point ? CCL_CONTACT_POINT : CCL_CONTACT_SEGMENT,
                                ccl_obstacle_id(w, index, point));
            }
        }
    }
}

/* The walls of a walled box, met from inside (a ray from outside meets them too). */
static void ccl_ray_walls(const ccl_world *w, ccl_ray *r) {
    ccl_vec2 lo = w->box.min, hi = w->box.max;
    ccl_segment walls[4] = {
        {lo, {lo.x, hi.y}}, {{hi.x, lo.y}, hi}, {lo, {hi.x, lo.y}}, {{lo.x, hi.y}, hi}};
    for (int k = 0; k < 4; ++k) {
        ccl_ray_segment(r, walls[k], ccl_v2(0.0, 0.0), CCL_CONTACT_BOX, k);
    }
}

/* The floor of a / n for integers, n > 0. */
static int64_t ccl_ray_floor_div(int64_t a, int64_t n) {
    return a >= 0 ? a / n : -((-a + n - 1) / n);
}

/* The circles of the unwrapped cells [x0, x1] x [y0, y1]. */
static void ccl_ray_cells(const ccl_world *w, ccl_ray *r, int64_t x0, int64_t x1, int64_t y0,
                          int64_t y1) {
    for (int64_t y = y0; y <= y1; ++y) {
        for (int64_t x = x0; x <= x1; ++x) {
            int64_t kx = ccl_ray_floor_div(x, w->grid.nx), ky = ccl_ray_floor_div(y, w->grid.ny);
            if (!w->box.periodic && (kx != 0 || ky != 0)) {
                continue;
            }
            int32_t c = (int32_t)((y - ky * w->grid.ny) * w->grid.nx + (x - kx * w->grid.nx));
            ccl_vec2 shift = ccl_v2((double)kx * w->box.size.x, (double)ky * w->box.size.y);
            for (int32_t k = ccl_grid_first(&w->grid, c); k >= 0; k = w->bodies[k].link.next) {
                ccl_vec2 q, v;
                ccl_body_state_at(w, &w->bodies[k], w->time, &q, &v);
                ccl_ray_circle(r, ccl_add(q, shift), w->bodies[k].radius, ccl_world_id_of(w, k));
            }
        }
    }
}

/* One axis of the walk: the cell of the start, the step, the fraction of the next cell edge and
 * the fraction per cell. */
typedef struct ccl_ray_axis {
    int64_t cell, step;
    double next, delta;
} ccl_ray_axis;

static ccl_ray_axis ccl_ray_axis_of(double o, double d, double min, double cell) {
    double f = (o - min) / cell;
    ccl_ray_axis a = {(int64_t)floor(f), d > 0.0 ? 1 : -1, INFINITY, INFINITY};
    if (d != 0.0) {
        a.delta = cell / fabs(d);
        double edge = d > 0.0 ? floor(f) + 1.0 : floor(f);
        a.next = (edge - f) * cell / d;
    }
    return a;
}

/* In a walled box, the fraction at which the ray enters the box grown by a cell (*entry, 0 when
 * it starts there); false when it never does. */
static bool ccl_ray_enters_grid(const ccl_world *w, const ccl_ray *r, double *entry) {
    double t0 = 0.0, t1 = 1.0;
    for (int axis = 0; axis < 2; ++axis) {
        double o = axis == 0 ? r->o.x : r->o.y, d = axis == 0 ? r->d.x : r->d.y;
        double cell = axis == 0 ? w->grid.cell_w : w->grid.cell_h;
        double lo = (axis == 0 ? w->box.min.x : w->box.min.y) - cell;
        double hi = (axis == 0 ? w->box.max.x : w->box.max.y) + cell;
        if (d == 0.0) {
            if (o < lo || o > hi) {
                return false;
            }
            continue;
        }
        double ta = (lo - o) / d, tb = (hi - o) / d;
        t0 = fmax(t0, fmin(ta, tb));
        t1 = fmin(t1, fmax(ta, tb));
    }
    *entry = t0;
    return t0 <= t1;
}

/* The circles of the 3 x 3 cells around the walk's cell (ax, ay) that the block around the cell
 * before it (moved along axis `moved`: 0 x, 1 y; -1 for none) did not hold. A cell stays in the
 * block over one run of steps (the walk is monotone along each axis), so each is visited once. */
static void ccl_ray_block(const ccl_world *w, ccl_ray *r, const ccl_ray_axis *ax,
                          const ccl_ray_axis *ay, int moved) {
    int64_t x0 = ax->cell - 1, x1 = ax->cell + 1, y0 = ay->cell - 1, y1 = ay->cell + 1;
    if (moved == 0) {
        x0 = x1 = ax->cell + ax->step;
    } else if (moved == 1) {
        y0 = y1 = ay->cell + ay->step;
    }
    ccl_ray_cells(w, r, x0, x1, y0, y1);
}

/* Walks the cells along the ray, from fraction 0, until the best hit lies before the next cell. */
static void ccl_ray_walk(const ccl_world *w, ccl_ray *r) {
    if (w->grid.cell_head == NULL || w->live_count == 0) {
        return;
    }
    double entry = 0.0;
    if (!w->box.periodic && !ccl_ray_enters_grid(w, r, &entry)) {
        return;
    }
    ccl_vec2 start = ccl_mul_add(r->o, entry, r->d);
    ccl_ray_axis ax = ccl_ray_axis_of(start.x, r->d.x, w->box.min.x, w->grid.cell_w);
    ccl_ray_axis ay = ccl_ray_axis_of(start.y, r->d.y, w->box.min.y, w->grid.cell_h);
    ax.next += entry;
    ay.next += entry;
    int64_t limit = 4 + 2 * (int64_t)(w->grid.nx + w->grid.ny) * 65;
    int moved = -1;
    for (int64_t steps = 0; steps < limit && entry <= 1.0; ++steps) {
        if (r->best.hit && r->best.fraction < entry) {
            return;
        }
        bool outside = ax.cell < -1 || ax.cell > w->grid.nx || ay.cell < -1 || ay.cell > w->grid.ny;
        if (!w->box.periodic && outside) {
            if ((ax.cell < -1 && ax.step < 0) || (ax.cell > w->grid.nx && ax.step > 0) ||
                (ay.cell < -1 && ay.step < 0) || (ay.cell > w->grid.ny && ay.step > 0)) {
                return; /* leaving the grid for good */
            }
        } else {
            ccl_ray_block(w, r, &ax, &ay, moved);
            moved = -2;
        }
        ccl_ray_axis *a = ax.next < ay.next ? &ax : &ay;
        moved = moved == -2 ? (a == &ax ? 0 : 1) : -1;
        entry = a->next;
        a->cell += a->step;
        a->next += a->delta;
    }
}

ccl_status ccl_world_ray_cast(const ccl_world *w, ccl_vec2 origin, ccl_vec2 translation,
                              ccl_ray_hit *hit) {
    if (w == NULL || hit == NULL || !ccl_vec2_within(origin, CCL_MAX_LENGTH) ||
        !ccl_vec2_within(translation, CCL_MAX_LENGTH) ||
        (translation.x == 0.0 && translation.y == 0.0)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->box.periodic && (fabs(translation.x) > 64.0 * w->box.size.x ||
                            fabs(translation.y) > 64.0 * w->box.size.y)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    ccl_ray r = {origin, translation, {false, CCL_CONTACT_CIRCLE, {0, 0}, -1, 0.0, {0, 0}, {0, 0}}};
    ccl_ray_obstacles(w, &r);
    if (!w->box.periodic) {
        ccl_ray_walls(w, &r);
    }
    ccl_ray_walk(w, &r);
    *hit = r.best;
    return CCL_OK;
}
