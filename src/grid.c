/* The uniform grid (cell list). Cells are at least one diameter of the largest circle wide, so
 * circles in cells that are not neighbours cannot touch before one of them crosses a cell edge;
 * the crossing is an event of its own. */
#include <math.h>
#include <string.h>

#include "sweep_internal.h"
#include "world_internal.h"

/* Cells are a relative 1e-9 wider than a diameter so that rounding of positions near cell edges
 * can never hide a contact with a circle two cells away. */
#define CCL_CELL_MARGIN 1e-9
/* At most this many cells, and about two per circle: bounded memory for sparse worlds. */
#define CCL_MAX_CELLS (1 << 24)
/// Most (cell, obstacle) entries in the obstacle tables: 1 GiB of them, well inside int32_t.
#define CCL_MAX_OBSTACLE_ITEMS (1 << 28)

double ccl_grid_min_cell(double radius) {
    return 2.0 * radius * (1.0 + CCL_CELL_MARGIN);
}

bool ccl_grid_fits(const ccl_world *w, double radius) {
    return !w->dirty && w->cell_head != NULL && ccl_grid_min_cell(radius) <= w->cell_w &&
           ccl_grid_min_cell(radius) <= w->cell_h;
}

static int32_t ccl_grid_axis_cells(double length, double min_cell, double wanted_cell,
                                   bool periodic) {
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
    if (n > 4096.0 * 4.0) {
        n = 4096.0 * 4.0;
    }
    return (int32_t)n;
}

int32_t ccl_grid_cell_of(const ccl_world *w, ccl_vec2 p) {
    double fx = floor((p.x - w->box_min.x) / w->cell_w);
    double fy = floor((p.y - w->box_min.y) / w->cell_h);
    int32_t cx = fx < 0.0 ? 0 : (fx >= w->nx ? w->nx - 1 : (int32_t)fx);
    int32_t cy = fy < 0.0 ? 0 : (fy >= w->ny ? w->ny - 1 : (int32_t)fy);
    return cy * w->nx + cx;
}

void ccl_grid_insert(ccl_world *w, int32_t i, int32_t c) {
    ccl_body_slot *b = &w->bodies[i];
    b->cell = c;
    b->next = w->cell_head[c];
    w->cell_head[c] = i;
}

/* The lists are singly linked (no back link in the body slot): removal walks its cell's list,
 * which is never longer than what a prediction in that cell scans anyway. */
void ccl_grid_remove(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    if (b->cell < 0) {
        return;
    }
    int32_t *link = &w->cell_head[b->cell];
    while (*link != i) {
        link = &w->bodies[*link].next;
    }
    *link = b->next;
    b->cell = -1;
    b->next = -1;
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

bool ccl_grid_cells_near(const ccl_world *w, ccl_segment s, ccl_vec2 shift, int32_t *x0,
                         int32_t *x1, int32_t *y0, int32_t *y1) {
    ccl_vec2 a = ccl_add(s.a, shift), b = ccl_add(s.b, shift);
    return ccl_grid_span(a.x, b.x, w->cell_w, w->box_min.x, w->cell_w, w->nx, x0, x1) &&
           ccl_grid_span(a.y, b.y, w->cell_h, w->box_min.y, w->cell_h, w->ny, y0, y1);
}

/* Registers each segment and point in every cell whose circles could touch it: cells within one
 * cell edge (at least the largest radius) of the obstacle's bounding box. Two passes: count, then
 * fill. */
static ccl_status ccl_grid_bin_obstacles(ccl_world *w, int32_t cells) {
    int32_t total = w->segment_count + w->point_count;
    if (total == 0) {
        return CCL_OK; /* no obstacles: no per-cell table at all */
    }
    int32_t *start = ccl_memory_alloc(&w->memory, sizeof(int32_t) * (size_t)(cells + 1));
    if (start == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    memset(start, 0, sizeof(int32_t) * (size_t)(cells + 1));
    int64_t items = 0;
    for (int pass = 0; pass < 2; ++pass) {
        int32_t *fill = NULL;
        if (pass == 1) {
            for (int32_t c = 0; c < cells; ++c) {
                start[c + 1] += start[c];
            }
            items = start[cells];
            fill = ccl_memory_alloc(&w->memory, sizeof(int32_t) * (size_t)(items > 0 ? items : 1));
            if (fill == NULL) {
                ccl_memory_free(&w->memory, start, sizeof(int32_t) * (size_t)(cells + 1));
                return CCL_ERR_OUT_OF_MEMORY;
            }
        }
        int32_t *cursor = NULL;
        int32_t *cursor_mem = NULL;
        if (pass == 1) {
            cursor_mem =
                ccl_memory_alloc(&w->memory, sizeof(int32_t) * (size_t)(cells > 0 ? cells : 1));
            if (cursor_mem == NULL) {
                ccl_memory_free(&w->memory, fill,
                                sizeof(int32_t) * (size_t)(items > 0 ? items : 1));
                ccl_memory_free(&w->memory, start, sizeof(int32_t) * (size_t)(cells + 1));
                return CCL_ERR_OUT_OF_MEMORY;
            }
            memcpy(cursor_mem, start, sizeof(int32_t) * (size_t)cells);
            cursor = cursor_mem;
        }
        int64_t counted = 0;
        for (int32_t k = 0; k < total; ++k) {
            ccl_vec2 a, b;
            if (k < w->segment_count) {
                a = w->segments[k].a;
                b = w->segments[k].b;
            } else {
                a = b = w->points[k - w->segment_count];
            }
            int32_t index = k < w->segment_count ? k : k - w->segment_count;
            int32_t kind = k < w->segment_count ? 0 : 1;
            /* in a periodic box a circle near one edge can touch an obstacle near the opposite
             * edge: the obstacle's images in the eight neighbouring boxes are binned too */
            for (int image = 0; image < 9; ++image) {
                if (image != CCL_OWN_IMAGE && !w->periodic) {
                    continue;
                }
                int32_t x0, x1, y0, y1;
                if (!ccl_grid_cells_near(w, ccl_make_segment(a, b), ccl_world_image_shift(w, image),
                                         &x0, &x1, &y0, &y1)) {
                    continue; /* this image is nowhere near the box */
                }
                int32_t code = 2 * (9 * index + image) + kind;
                for (int32_t cy = y0; cy <= y1; ++cy) {
                    for (int32_t cx = x0; cx <= x1; ++cx) {
                        int32_t c = cy * w->nx + cx;
                        if (pass == 0) {
                            start[c + 1] += 1;
                            counted++;
                        } else {
                            fill[cursor[c]++] = code;
                        }
                    }
                }
            }
        }
        if (pass == 0 && !ccl_grid_entries_allowed(counted)) {
            /* long obstacles over a fine grid: refuse rather than overflow the int32 offsets */
            ccl_memory_free(&w->memory, start, sizeof(int32_t) * (size_t)(cells + 1));
            return CCL_ERR_OUT_OF_MEMORY;
        }
        if (pass == 1) {
            ccl_memory_free(&w->memory, cursor_mem,
                            sizeof(int32_t) * (size_t)(cells > 0 ? cells : 1));
            if (w->obstacle_start != NULL) {
                ccl_memory_free(&w->memory, w->obstacle_start,
                                sizeof(int32_t) * (size_t)(w->cell_capacity + 1));
                ccl_memory_free(&w->memory, w->obstacle_items,
                                sizeof(int32_t) * (size_t)(w->obstacle_item_count > 0
                                                               ? w->obstacle_item_count
                                                               : 1));
            }
            w->obstacle_start = start;
            w->obstacle_items = fill;
            w->obstacle_item_count = (int32_t)items;
            w->obstacle_items_waiting = 0;
        }
    }
    return CCL_OK;
}

int64_t ccl_grid_obstacle_entries(const ccl_world *w, ccl_segment s) {
    int64_t entries = 0;
    for (int image = 0; image < 9; ++image) {
        int32_t x0, x1, y0, y1;
        if ((w->periodic || image == CCL_OWN_IMAGE) &&
            ccl_grid_cells_near(w, s, ccl_world_image_shift(w, image), &x0, &x1, &y0, &y1)) {
            entries += (int64_t)(x1 - x0 + 1) * (y1 - y0 + 1);
        }
    }
    return entries;
}

bool ccl_grid_entries_allowed(int64_t entries) {
    return entries <= CCL_MAX_OBSTACLE_ITEMS;
}

ccl_status ccl_grid_bin_obstacles_again(ccl_world *w) {
    ccl_status status = ccl_grid_bin_obstacles(w, w->nx * w->ny);
    if (status == CCL_OK) {
        w->obstacles_stale = false;
    }
    return status;
}

void ccl_grid_plan(const ccl_world *w, double max_radius, int32_t live, int32_t *nx_out,
                   int32_t *ny_out) {
    /* without circles (a grid made for the first obstacle) no least size: the cells follow the
     * box alone, so that a scene scaled by a power of two gets the same cells, scaled (a radius of
     * 0.5 assumed here gave a box below about 4 other cells, and so other roundings at the cell
     * crossings, than the same scene in larger units) */
    double min_cell = ccl_grid_min_cell(max_radius);
    double area = w->box_size.x * w->box_size.y;
    /* about two cells per circle; a chosen cell_size is honoured down to four cells per circle
     * (more cells than that cost memory and rebuilds and find nothing) */
    double wanted = w->def.cell_size > 0.0
                        ? fmax(w->def.cell_size, sqrt(area / (4.0 * (double)live + 64.0)))
                        : sqrt(area / (2.0 * (double)live + 16.0));
    int32_t nx = ccl_grid_axis_cells(w->box_size.x, min_cell, wanted, w->periodic);
    int32_t ny = ccl_grid_axis_cells(w->box_size.y, min_cell, wanted, w->periodic);
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
 * half a cell, must dwarf the rounding of the positions that measure both gaps; with cells below
 * 2^-30 of the box's coordinates every cell looks for walls. */
void ccl_grid_set_edge_walls(ccl_world *w) {
    double mx = fmax(fabs(w->box_min.x), fabs(w->box_max.x));
    double my = fmax(fabs(w->box_min.y), fabs(w->box_max.y));
    w->edge_walls_only = !w->periodic && w->cell_w > 0x1p-30 * mx && w->cell_h > 0x1p-30 * my;
}

ccl_status ccl_grid_rebuild(ccl_world *w) {
    double max_radius = 0.0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && w->bodies[i].radius > max_radius) {
            max_radius = w->bodies[i].radius;
        }
    }
    int32_t nx, ny;
    ccl_grid_plan(w, max_radius, w->live_count, &nx, &ny);
    int32_t cells = nx * ny;
    int32_t *head = ccl_memory_alloc(&w->memory, sizeof(int32_t) * (size_t)cells);
    if (head == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    int32_t old_nx = w->nx, old_ny = w->ny, old_capacity = w->cell_capacity;
    double old_w = w->cell_w, old_h = w->cell_h;
    w->nx = nx;
    w->ny = ny;
    w->cell_w = w->box_size.x / nx;
    w->cell_h = w->box_size.y / ny;
    ccl_grid_set_edge_walls(w);
    ccl_status status = ccl_grid_bin_obstacles(w, cells);
    if (status != CCL_OK) {
        w->nx = old_nx;
        w->ny = old_ny;
        w->cell_w = old_w;
        w->cell_h = old_h;
        ccl_grid_set_edge_walls(w);
        ccl_memory_free(&w->memory, head, sizeof(int32_t) * (size_t)cells);
        return status;
    }
    if (w->cell_head != NULL) {
        ccl_memory_free(&w->memory, w->cell_head, sizeof(int32_t) * (size_t)old_capacity);
    }
    w->cell_head = head;
    w->cell_capacity = cells;
    for (int32_t c = 0; c < cells; ++c) {
        head[c] = -1;
    }
    w->max_radius = max_radius;
    w->grid_live = w->live_count;
    w->obstacles_stale = false;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        ccl_body_slot *b = &w->bodies[i];
        b->cell = -1;
        if (b->alive) {
            ccl_body_move_to(w, b, w->time);
            ccl_grid_insert(w, i, ccl_grid_cell_of(w, b->position));
        }
    }
    return CCL_OK;
}
