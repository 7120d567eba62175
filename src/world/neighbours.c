/* Walks over the circles and obstacles near a position. */

#include "world/motion.h"
#include "world/neighbours.h"
#include "world/world.h"

/* The cell index c + o on an axis of n cells, wrapped in a periodic box; false where it lies
 * outside a walled box, or repeats c on a periodic axis of fewer than three cells. */
static inline bool ccl_neighbour_cell(int32_t c, int32_t o, int32_t n, bool periodic,
                                      int32_t *out) {
    int32_t k = c + o;
    if (k < 0 || k >= n) {
        if (!periodic) {
            return false;
        }
        k = (k + n) % n;
    }
    *out = k;
    return !(n < 3 && o != 0 && k == c);
}

void ccl_world_each_neighbour(const ccl_world *w, ccl_vec2 p, ccl_neighbour_fn *fn, void *ctx) {
    int32_t c = ccl_grid_cell_of(&w->grid, p);
    int32_t cx = c % w->grid.nx, cy = c / w->grid.nx;
    for (int32_t oy = -1; oy <= 1; ++oy) {
        int32_t ny;
        if (!ccl_neighbour_cell(cy, oy, w->grid.ny, w->box.periodic, &ny)) {
            continue;
        }
        for (int32_t ox = -1; ox <= 1; ++ox) {
            int32_t nx;
            if (!ccl_neighbour_cell(cx, ox, w->grid.nx, w->box.periodic, &nx)) {
                continue;
            }
            for (int32_t k = ccl_grid_first(&w->grid, ny * w->grid.nx + nx); k >= 0;
                 k = w->bodies[k].link.next) {
                ccl_vec2 q, v;
                ccl_body_state_at(w, &w->bodies[k], w->time, &q, &v);
                fn(w, k, ccl_box_separation(&w->box, p, q), ctx);
            }
        }
    }
}

void ccl_world_each_obstacle_near(const ccl_world *w, ccl_vec2 p, bool from_table,
                                  ccl_obstacle_fn *fn, void *ctx) {
    if (from_table) {
        const int32_t *item, *end;
        ccl_grid_obstacles_in(&w->grid, ccl_grid_cell_of(&w->grid, p), &item, &end);
        for (; item < end; ++item) {
            ccl_segment s = ccl_obstacle_of_code(&w->obstacles, *item);
            if (!fn(ccl_box_nearest_on(&w->box, s, p), ctx)) {
                return;
            }
        }
        return;
    }
    for (int32_t k = 0; k < w->obstacles.segment_count; ++k) {
        if (!fn(ccl_box_nearest_on(&w->box, w->obstacles.segments[k], p), ctx)) {
            return;
        }
    }
    for (int32_t k = 0; k < w->obstacles.point_count; ++k) {
        ccl_segment s = ccl_obstacle_shape(&w->obstacles, k, true);
        if (!fn(ccl_box_nearest_on(&w->box, s, p), ctx)) {
            return;
        }
    }
}
