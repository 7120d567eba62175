/* Private: the uniform grid (cell list) and its obstacle tables. Cells are at least one diameter
 * of the largest circle wide, so circles in cells that are not neighbours cannot touch before one
 * of them crosses a cell edge (an event of its own). Each cell heads a singly linked list of
 * circles; the links live in the circles' own slots (ccl_grid_links says where), so that a
 * neighbour scan reads one cache line per circle. The grid knows nothing of the world: it is told
 * the box, the obstacles, the largest radius and how many circles there are. */
#ifndef CIRCOL_BROAD_GRID_H
#define CIRCOL_BROAD_GRID_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "broad/box.h"
#include "broad/obstacles.h"
#include "core/constants.h"
#include "core/memory.h"

/// A circle's place in the grid: its cell (-1 when not binned) and the next circle of that cell's
/// list (-1 at the end).
typedef struct ccl_grid_link {
    int32_t cell;
    int32_t next;
} ccl_grid_link;

/// Where the circles' links are: circle i's at (char *)first + i * stride.
typedef struct ccl_grid_links {
    char *first;
    size_t stride;
} ccl_grid_links;

/// Circle i's link.
static inline ccl_grid_link *ccl_grid_link_of(ccl_grid_links links, int32_t i) {
    return (ccl_grid_link *)(links.first + (size_t)i * links.stride);
}

typedef struct ccl_grid {
    ccl_box box;        ///< the box the cells tile (fixed)
    ccl_memory *memory; ///< where the tables come from
    double chosen_cell; ///< a cell edge asked for (ccl_world_def.cell_size; 0: automatic)
    int32_t nx, ny;     ///< cells per axis
    double cell_w, cell_h;
    int32_t *cell_head; ///< first circle in each cell, -1 for none (NULL before the first build)
    int32_t cell_capacity;
    int32_t *obstacle_start; ///< per cell: range into obstacle_items (nx * ny + 1 entries)
    int32_t *obstacle_items; ///< obstacle codes (broad/obstacles.h), cell by cell
    int32_t obstacle_item_count;
    int64_t obstacle_items_waiting; ///< entries the obstacles added since the tables were built
                                    ///< will take in the present cells (ccl_grid_obstacle_entries)
    bool obstacles_stale;           ///< obstacles added since the tables were built
    bool edge_walls_only; ///< walled: only from a cell by the box's edge can a straight path meet
                          ///< a wall before leaving its cell (ccl_grid_set_edge_walls)
    double max_radius;    ///< the largest radius binned since the last build
    int32_t planned_live; ///< circles the last build planned for (rebuilds for density wait)
} ccl_grid;

/// A grid of one cell, without tables, over box (its first build makes the cells).
void ccl_grid_init(ccl_grid *g, const ccl_box *box, double chosen_cell, ccl_memory *memory);

/// Frees the cells and tables.
void ccl_grid_release(ccl_grid *g);

/// The smallest cell edge circles of radius r need (a little over one diameter).
static inline double ccl_grid_min_cell(double radius) {
    return 2.0 * radius * (1.0 + CCL_CELL_MARGIN);
}

/// Cells along an axis of this length: as near wanted_cell wide as whole cells allow, never
/// narrower than min_cell, at least 3 when periodic (so that the neighbour lines are distinct),
/// between 1 and CCL_MAX_CELLS_PER_AXIS (a 2D or a 3D grid's).
int32_t ccl_grid_axis_cells(double length, double min_cell, double wanted_cell, bool periodic);

/// The cells a build would make for `live` circles of radius at most max_radius: nx by ny.
void ccl_grid_plan(const ccl_grid *g, double max_radius, int32_t live, int32_t *nx, int32_t *ny);

/// Makes the cells for `live` circles of radius at most max_radius, every list empty, and the
/// obstacle tables for them. The caller then inserts every circle. On CCL_ERR_OUT_OF_MEMORY the
/// old grid stays, lists and all.
ccl_status ccl_grid_rebuild(ccl_grid *g, const ccl_obstacles *obstacles, double max_radius,
                            int32_t live);

/// Builds the obstacle tables again for the cells as they are, as after obstacles were added. On
/// CCL_ERR_OUT_OF_MEMORY the old tables stay.
ccl_status ccl_grid_bin_obstacles_again(ccl_grid *g, const ccl_obstacles *obstacles);

/// The entries segment s (a point: both ends alike) takes in the obstacle tables of the present
/// cells, every periodic image's.
int64_t ccl_grid_obstacle_entries(const ccl_grid *g, ccl_segment s);

/// True when obstacle tables of that many entries are allowed (they are indexed by int32_t).
bool ccl_grid_entries_allowed(int64_t entries);

/// Counts an obstacle added since the tables were built (which are built again before the next
/// event); false, counting nothing, when the tables could then not hold it (indexed by int32_t).
bool ccl_grid_note_obstacle(ccl_grid *g, ccl_segment s);

/// The cells within one cell's size of the bounding box of segment s moved by shift (a periodic
/// image's): columns [*x0, *x1], rows [*y0, *y1]. False when that box is nowhere near the grid.
/// Every circle within its radius of the segment has its centre in them.
bool ccl_grid_cells_near(const ccl_grid *g, ccl_segment s, ccl_vec2 shift, int32_t *x0, int32_t *x1,
                         int32_t *y0, int32_t *y1);

/// The cell of a position (clamped into the grid).
static inline int32_t ccl_grid_cell_of(const ccl_grid *g, ccl_vec2 p) {
    double fx = floor((p.x - g->box.min.x) / g->cell_w);
    double fy = floor((p.y - g->box.min.y) / g->cell_h);
    int32_t cx = fx < 0.0 ? 0 : (fx >= g->nx ? g->nx - 1 : (int32_t)fx);
    int32_t cy = fy < 0.0 ? 0 : (fy >= g->ny ? g->ny - 1 : (int32_t)fy);
    return cy * g->nx + cx;
}

/// Whether cells as wide as the present ones hold circles of this radius.
static inline bool ccl_grid_cells_hold(const ccl_grid *g, double radius) {
    return ccl_grid_min_cell(radius) <= g->cell_w && ccl_grid_min_cell(radius) <= g->cell_h;
}

/// Whether the cells are wide enough next to the box's coordinates that rounding cannot move a
/// position, or an obstacle's span, by half a cell.
static inline bool ccl_grid_cells_resolved(const ccl_grid *g) {
    return g->cell_w > CCL_CELL_RESOLUTION * ccl_box_extent(&g->box, 0) &&
           g->cell_h > CCL_CELL_RESOLUTION * ccl_box_extent(&g->box, 1);
}

/// The first circle of cell c's list (-1 for none).
static inline int32_t ccl_grid_first(const ccl_grid *g, int32_t c) {
    return g->cell_head[c];
}

/// Links body i into cell c of a cell list whose heads are heads (a 2D or a 3D grid's).
static inline void ccl_cell_list_insert(int32_t *heads, ccl_grid_links links, int32_t i,
                                        int32_t c) {
    ccl_grid_link *l = ccl_grid_link_of(links, i);
    l->cell = c;
    l->next = heads[c];
    heads[c] = i;
}

/// Unlinks body i from its cell of the cell list with these heads (nothing when it is in none).
void ccl_cell_list_remove(int32_t *heads, ccl_grid_links links, int32_t i);

/// Links circle i into cell c.
static inline void ccl_grid_insert(ccl_grid *g, ccl_grid_links links, int32_t i, int32_t c) {
    ccl_cell_list_insert(g->cell_head, links, i, c);
}

/// Unlinks circle i from its cell (nothing when it is in none).
static inline void ccl_grid_remove(ccl_grid *g, ccl_grid_links links, int32_t i) {
    ccl_cell_list_remove(g->cell_head, links, i);
}

/// The obstacle codes listed for cell c: [*first, *end).
static inline void ccl_grid_obstacles_in(const ccl_grid *g, int32_t c, const int32_t **first,
                                         const int32_t **end) {
    *first = g->obstacle_items + g->obstacle_start[c];
    *end = g->obstacle_items + g->obstacle_start[c + 1];
}

/* The columns (or rows, or layers) next to cell coordinate c on an axis of n cells, and the shift
 * that brings each one's circles beside c across a periodic edge: 3 of them, fewer at a wall.
 * Returns how many.
 */
static inline int ccl_grid_neighbour_lines(int32_t c, int32_t n, bool periodic, double size,
                                           int32_t lines[3], double shifts[3]) {
    int count = 0;
    for (int32_t o = -1; o <= 1; ++o) {
        int32_t m = c + o;
        double shift = 0.0;
        if (m < 0 || m >= n) {
            if (!periodic) {
                continue;
            }
            shift = m < 0 ? -size : size;
            m = m < 0 ? m + n : m - n;
        }
        lines[count] = m;
        shifts[count] = shift;
        count++;
    }
    return count;
}

/// The columns and rows of the cells around a cell (nine, fewer at a wall), with the shifts that
/// bring each one's circles beside it across a periodic edge: ccl_grid_neighbour_lines along x and
/// along y.
typedef struct ccl_cell_ring {
    int32_t cols[3], rows[3];
    double shift_x[3], shift_y[3];
    int ncols, nrows;
} ccl_cell_ring;

/// The ring around the cell in column cx and row cy of grid g, whose cells tile box.
static inline ccl_cell_ring ccl_grid_ring(const ccl_grid *g, const ccl_box *box, int32_t cx,
                                          int32_t cy) {
    ccl_cell_ring r;
    r.ncols = ccl_grid_neighbour_lines(cx, g->nx, box->periodic, box->size.x, r.cols, r.shift_x);
    r.nrows = ccl_grid_neighbour_lines(cy, g->ny, box->periodic, box->size.y, r.rows, r.shift_y);
    return r;
}

/// Puts head, a new array of `cells` cell list heads, in place of *heads (of *capacity cells, freed
/// here), every list empty: the 2D and the 3D grid's last step of a rebuild.
static inline void ccl_grid_install_heads(ccl_memory *m, int32_t **heads, int32_t *capacity,
                                          int32_t *head, int32_t cells) {
    ccl_memory_free(m, *heads, sizeof(int32_t) * (size_t)*capacity);
    *heads = head;
    *capacity = cells;
    for (int32_t c = 0; c < cells; ++c) {
        head[c] = -1;
    }
}

#endif
