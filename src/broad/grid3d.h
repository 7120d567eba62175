/* Private: the uniform grid (cell list) of the 3D world. Cells are at least one diameter of the
 * largest sphere wide, so spheres in cells that are not neighbours cannot touch before one of them
 * crosses a cell edge. The lists are those of the 2D grid (ccl_cell_list_insert and _remove in
 * broad/grid.h, linked through the bodies' own ccl_grid_link), as are the cell counts per axis
 * (ccl_grid_axis_cells) and the neighbour lines (ccl_grid_neighbour_lines); this file adds the
 * third axis. The grid knows nothing of the world. */
#ifndef CIRCOL_BROAD_GRID3D_H
#define CIRCOL_BROAD_GRID3D_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "broad/grid.h"
#include "circol/math.h"
#include "core/memory.h"

/// A box [min, min + size] in 3D, periodic or walled, and its cells.
typedef struct ccl_grid3 {
    ccl_vec3 min, max, size;
    bool periodic;
    ccl_memory *memory;   ///< where the heads come from
    double chosen_cell;   ///< a cell edge asked for (0: automatic)
    int32_t n[3];         ///< cells per axis
    double cell[3];       ///< cell edges
    int32_t *head;        ///< first body in each cell, -1 for none (NULL before the first build)
    int32_t capacity;     ///< cells allocated
    double max_radius;    ///< the largest radius the cells were built for
    int32_t planned_live; ///< bodies the last build planned for
    int32_t offsets[27];  ///< the cells around a cell away from the faces, less the cell
} ccl_grid3;

/// A grid over the box, without cells (the first build makes them).
void ccl_grid3_init(ccl_grid3 *g, ccl_vec3 min, ccl_vec3 max, bool periodic, double chosen_cell,
                    ccl_memory *memory);

/// Frees the cells.
void ccl_grid3_release(ccl_grid3 *g);

/// The cells a build would make for `live` bodies of radius at most max_radius.
void ccl_grid3_plan(const ccl_grid3 *g, double max_radius, int32_t live, int32_t n[3]);

/// Makes the cells for `live` bodies of radius at most max_radius, every list empty. On
/// CCL_ERR_OUT_OF_MEMORY the old grid stays, lists and all.
ccl_status ccl_grid3_rebuild(ccl_grid3 *g, double max_radius, int32_t live);

/// Whether the present cells hold bodies of this radius (and a periodic box has three per axis).
bool ccl_grid3_cells_hold(const ccl_grid3 *g, double radius);

/// The cell coordinate of x along axis k (clamped into the grid).
static inline int32_t ccl_grid3_coordinate(const ccl_grid3 *g, int k, double x) {
    double origin = k == 0 ? g->min.x : (k == 1 ? g->min.y : g->min.z);
    double f = floor((x - origin) / g->cell[k]);
    return f < 0.0 ? 0 : (f >= g->n[k] ? g->n[k] - 1 : (int32_t)f);
}

/// The cell of a position (clamped into the grid).
static inline int32_t ccl_grid3_cell_of(const ccl_grid3 *g, ccl_vec3 p) {
    int32_t cx = ccl_grid3_coordinate(g, 0, p.x), cy = ccl_grid3_coordinate(g, 1, p.y);
    int32_t cz = ccl_grid3_coordinate(g, 2, p.z);
    return (cz * g->n[1] + cy) * g->n[0] + cx;
}

/// The coordinates of cell c.
static inline void ccl_grid3_split(const ccl_grid3 *g, int32_t c, int32_t out[3]) {
    out[0] = c % g->n[0];
    out[1] = (c / g->n[0]) % g->n[1];
    out[2] = c / (g->n[0] * g->n[1]);
}

/// The cell at coordinates cx, cy, cz.
static inline int32_t ccl_grid3_cell_at(const ccl_grid3 *g, int32_t cx, int32_t cy, int32_t cz) {
    return (cz * g->n[1] + cy) * g->n[0] + cx;
}

/// The cells around cell c (itself included: 27, fewer by a wall) in *count, and the shift that
/// brings each one's bodies beside c across a periodic edge: returned, written into shift_room,
/// or for a cell away from the box's faces (no shift) a table of zeros.
const ccl_vec3 *ccl_grid3_neighbours(const ccl_grid3 *g, int32_t c, int32_t cells[27],
                                     ccl_vec3 shift_room[27], int *count);

#endif
