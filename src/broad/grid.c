/* The uniform grid: planning the cells, the circle lists' slow paths, and the obstacle tables. */
#include "broad/grid.h"

#include <string.h>

void ccl_grid_init(ccl_grid *g, const ccl_box *box, double chosen_cell, ccl_memory *memory) {
    memset(g, 0, sizeof *g);
    g->box = *box;
    g->memory = memory;
    g->chosen_cell = chosen_cell;
    g->nx = g->ny = 1;
    g->cell_w = box->size.x;
    g->cell_h = box->size.y;
}

static size_t ccl_grid_items_bytes(int32_t items) {
    return sizeof(int32_t) * (size_t)(items > 0 ? items : 1);
}

/* Frees the obstacle tables of a grid of `cells` cells. */
static void ccl_grid_free_tables(ccl_grid *g, int32_t cells) {
    if (g->obstacle_start != NULL) {
        ccl_memory_free(g->memory, g->obstacle_start, sizeof(int32_t) * (size_t)(cells + 1));
        ccl_memory_free(g->memory, g->obstacle_items, ccl_grid_items_bytes(g->obstacle_item_count));
    }
}

void ccl_grid_release(ccl_grid *g) {
    ccl_memory_free(g->memory, g->cell_head, sizeof(int32_t) * (size_t)g->cell_capacity);
    ccl_grid_free_tables(g, g->cell_capacity);
    g->cell_head = NULL;
    g->obstacle_start = NULL;
}

int32_t ccl_grid_axis_cells(double length, double min_cell, double wanted_cell, bool periodic) {
    double most = floor(length / min_cell);
    double n = floor(length / fmax(min_cell, wanted_cell));
    if (periodic && n < 3.0) {
        n = 3.0; /* a periodic grid needs 3 cells so that each neighbour image is distinct */
    }
    if (n > most) {
        n = most;
    }
    if (n < 1.0) {
        n = 1.0;
    }
    if (n > CCL_MAX_CELLS_PER_AXIS) {
        n = CCL_MAX_CELLS_PER_AXIS;
    }
    return (int32_t)n;
}

/* The lists are singly linked (no back link in the circle's slot): removal walks its cell's
 * list, which is never longer than what a prediction in that cell scans anyway. */
void ccl_cell_list_remove(int32_t *heads, ccl_grid_links links, int32_t i) {
    ccl_grid_link *l = ccl_grid_link_of(links, i);
    if (l->cell < 0) {
        return;
    }
    int32_t *link = &heads[l->cell];
    while (*link != i) {
        link = &ccl_grid_link_of(links, *link)->next;
    }
    *link = l->next;
    l->cell = -1;
    l->next = -1;
}

/* The cell range [lo, hi] along one axis that a box [a, b] (expanded by margin) touches. */
static bool ccl_grid_span(double a, double b, double margin, double origin, double cell, int32_t n,
                          int32_t *lo, int32_t *hi) {
    double f0 = floor((fmin(a, b) - margin - origin) / cell);
    double f1 = floor((fmax(a, b) + margin - origin) / cell);
    *lo = f0 < 0.0 ? 0 : (f0 >= n ? n - 1 : (int32_t)f0);
    *hi = f1 < 0.0 ? 0 : (f1 >= n ? n - 1 : (int32_t)f1);
    return f1 >= 0.0 && f0 < n; /* the span meets the grid */
}

bool ccl_grid_cells_near(const ccl_grid *g, ccl_segment s, ccl_vec2 shift, int32_t *x0, int32_t *x1,
                         int32_t *y0, int32_t *y1) {
    ccl_vec2 a = ccl_add(s.a, shift), b = ccl_add(s.b, shift);
    return ccl_grid_span(a.x, b.x, g->cell_w, g->box.min.x, g->cell_w, g->nx, x0, x1) &&
           ccl_grid_span(a.y, b.y, g->cell_h, g->box.min.y, g->cell_h, g->ny, y0, y1);
}

/* Walks every (cell, obstacle image) pair of the tables: each segment and point goes in every
 * cell whose circles could touch it, the cells within one cell edge (at least the largest radius)
 * of its bounding box; in a periodic box a circle near one edge can touch an obstacle near the
 * opposite edge, so the images in the eight neighbouring boxes go in too. Without fill, counts
 * the entries of each cell c in start[c + 1]; with it, files each code at fill[cursor[c]++].
 * Returns the number of entries. */
static int64_t ccl_grid_walk_obstacles(const ccl_grid *g, const ccl_obstacles *obstacles,
                                       int32_t *start, int32_t *cursor, int32_t *fill) {
    int64_t counted = 0;
    for (int32_t k = 0; k < ccl_obstacle_count(obstacles); ++k) {
        int32_t index;
        bool point;
        ccl_segment s = ccl_obstacle_at(obstacles, k, &index, &point);
        for (int image = 0; image < 9; ++image) {
            int32_t x0, x1, y0, y1;
            if (!ccl_box_has_image(&g->box, image) ||
                !ccl_grid_cells_near(g, s, ccl_box_image_shift(&g->box, image), &x0, &x1, &y0,
                                     &y1)) {
                continue; /* this image is nowhere near the box */
            }
            int32_t code = ccl_obstacle_code(index, image, point);
            for (int32_t cy = y0; cy <= y1; ++cy) {
                for (int32_t cx = x0; cx <= x1; ++cx) {
                    int32_t c = cy * g->nx + cx;
                    if (fill == NULL) {
                        start[c + 1] += 1;
                    } else {
                        fill[cursor[c]++] = code;
                    }
                    counted++;
                }
            }
        }
    }
    return counted;
}

/* Builds the obstacle tables for the present cells (`cells` of them) in two passes, count then
 * fill, and swaps them in for the old ones (of old_cells cells). */
static ccl_status ccl_grid_bin_obstacles(ccl_grid *g, const ccl_obstacles *obstacles, int32_t cells,
                                         int32_t old_cells) {
    if (ccl_obstacle_count(obstacles) == 0) {
        return CCL_OK; /* no obstacles: no per-cell table at all */
    }
    size_t start_bytes = sizeof(int32_t) * (size_t)(cells + 1);
    int32_t *start = ccl_memory_alloc(g->memory, start_bytes);
    if (start == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    memset(start, 0, start_bytes);
    if (!ccl_grid_entries_allowed(ccl_grid_walk_obstacles(g, obstacles, start, NULL, NULL))) {
        /* long obstacles over a fine grid: refuse rather than overflow the int32 offsets */
        ccl_memory_free(g->memory, start, start_bytes);
        return CCL_ERR_OUT_OF_MEMORY;
    }
    for (int32_t c = 0; c < cells; ++c) {
        start[c + 1] += start[c];
    }
    int32_t items = start[cells];
    int32_t *fill = ccl_memory_alloc(g->memory, ccl_grid_items_bytes(items));
    int32_t *cursor = ccl_memory_alloc(g->memory, ccl_grid_items_bytes(cells));
    if (fill == NULL || cursor == NULL) {
        ccl_memory_free(g->memory, cursor, ccl_grid_items_bytes(cells));
        ccl_memory_free(g->memory, fill, ccl_grid_items_bytes(items));
        ccl_memory_free(g->memory, start, start_bytes);
        return CCL_ERR_OUT_OF_MEMORY;
    }
    memcpy(cursor, start, sizeof(int32_t) * (size_t)cells);
    ccl_grid_walk_obstacles(g, obstacles, start, cursor, fill);
    ccl_memory_free(g->memory, cursor, ccl_grid_items_bytes(cells));
    ccl_grid_free_tables(g, old_cells);
    g->obstacle_start = start;
    g->obstacle_items = fill;
    g->obstacle_item_count = items;
    g->obstacle_items_waiting = 0;
    return CCL_OK;
}

int64_t ccl_grid_obstacle_entries(const ccl_grid *g, ccl_segment s) {
    int64_t entries = 0;
    for (int image = 0; image < 9; ++image) {
        int32_t x0, x1, y0, y1;
        if (ccl_box_has_image(&g->box, image) &&
            ccl_grid_cells_near(g, s, ccl_box_image_shift(&g->box, image), &x0, &x1, &y0, &y1)) {
            entries += (int64_t)(x1 - x0 + 1) * (y1 - y0 + 1);
        }
    }
    return entries;
}

bool ccl_grid_entries_allowed(int64_t entries) {
    return entries <= CCL_MAX_OBSTACLE_ITEMS;
}

bool ccl_grid_note_obstacle(ccl_grid *g, ccl_segment s) {
    int64_t entries = ccl_grid_obstacle_entries(g, s);
    int64_t total = (int64_t)g->obstacle_item_count + g->obstacle_items_waiting + entries;
    if (!ccl_grid_entries_allowed(total)) {
        return false;
    }
    g->obstacle_items_waiting += entries;
    g->obstacles_stale = true;
    return true;
}

ccl_status ccl_grid_bin_obstacles_again(ccl_grid *g, const ccl_obstacles *obstacles) {
    int32_t cells = g->nx * g->ny;
    ccl_status status = ccl_grid_bin_obstacles(g, obstacles, cells, g->cell_capacity);
    if (status == CCL_OK) {
        g->obstacles_stale = false;
    }
    return status;
}

void ccl_grid_plan(const ccl_grid *g, double max_radius, int32_t live, int32_t *nx_out,
                   int32_t *ny_out) {
    /* without circles (a grid made for the first obstacle) no least size: the cells follow the
     * box alone, so that a scene scaled by a power of two gets the same cells, scaled */
    double min_cell = ccl_grid_min_cell(max_radius);
    double area = g->box.size.x * g->box.size.y;
    /* about two cells per circle; a chosen cell edge is honoured down to four cells per circle
     * (more cells than that cost memory and rebuilds and find nothing) */
    double wanted = g->chosen_cell > 0.0
                        ? fmax(g->chosen_cell, sqrt(area / (4.0 * (double)live + 64.0)))
                        : sqrt(area / (2.0 * (double)live + 16.0));
    int32_t nx = ccl_grid_axis_cells(g->box.size.x, min_cell, wanted, g->box.periodic);
    int32_t ny = ccl_grid_axis_cells(g->box.size.y, min_cell, wanted, g->box.periodic);
    while ((int64_t)nx * ny > CCL_MAX_CELLS) {
        nx = nx > 1 ? nx / 2 : 1;
        ny = ny > 1 ? ny / 2 : 1;
    }
    *nx_out = nx;
    *ny_out = ny;
}

/* A circle in a cell away from the box's edge, moving in a straight line, leaves its cell before
 * it can touch a wall: its centre is a cell (more than a diameter) from the wall, and touching
 * needs it within a radius, so it first crosses into the cell by the wall. The margin, at least
 * half a cell, must dwarf the rounding of the positions that measure both gaps; with cells that
 * the box's coordinates do not resolve (ccl_grid_cells_resolved) every cell looks for walls. */
static void ccl_grid_set_edge_walls(ccl_grid *g) {
    g->edge_walls_only = !g->box.periodic && ccl_grid_cells_resolved(g);
}

/* Makes the grid nx by ny cells (their edges and the wall flag; no lists, no tables). */
static void ccl_grid_set_cells(ccl_grid *g, int32_t nx, int32_t ny) {
    g->nx = nx;
    g->ny = ny;
    g->cell_w = g->box.size.x / nx;
    g->cell_h = g->box.size.y / ny;
    ccl_grid_set_edge_walls(g);
}

ccl_status ccl_grid_rebuild(ccl_grid *g, const ccl_obstacles *obstacles, double max_radius,
                            int32_t live) {
    int32_t nx, ny;
    ccl_grid_plan(g, max_radius, live, &nx, &ny);
    int32_t cells = nx * ny;
    int32_t *head = ccl_memory_alloc(g->memory, sizeof(int32_t) * (size_t)cells);
    if (head == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    int32_t old_nx = g->nx, old_ny = g->ny;
    ccl_grid_set_cells(g, nx, ny);
    ccl_status status = ccl_grid_bin_obstacles(g, obstacles, cells, g->cell_capacity);
    if (status != CCL_OK) {
        ccl_grid_set_cells(g, old_nx, old_ny);
        ccl_memory_free(g->memory, head, sizeof(int32_t) * (size_t)cells);
        return status;
    }
    ccl_grid_install_heads(g->memory, &g->cell_head, &g->cell_capacity, head, cells);
    g->max_radius = max_radius;
    g->planned_live = live;
    g->obstacles_stale = false;
    return CCL_OK;
}
