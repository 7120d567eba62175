/* The 3D grid: its cells per axis and their heads (broad/grid3d.h). */

#include "broad/grid3d.h"

#include "core/constants.h"

void ccl_grid3_init(ccl_grid3 *g, ccl_vec3 min, ccl_vec3 max, bool periodic, double chosen_cell,
                    ccl_memory *memory) {
    *g = (ccl_grid3){0};
    g->min = min;
    g->max = max;
    g->size = ccl_v3(max.x - min.x, max.y - min.y, max.z - min.z);
    g->periodic = periodic;
    g->chosen_cell = chosen_cell;
    g->memory = memory;
    for (int k = 0; k < 3; ++k) {
        g->n[k] = 1;
    }
    g->cell[0] = g->size.x;
    g->cell[1] = g->size.y;
    g->cell[2] = g->size.z;
}

void ccl_grid3_release(ccl_grid3 *g) {
    ccl_memory_free(g->memory, g->head, sizeof(int32_t) * (size_t)g->capacity);
    g->head = NULL;
    g->capacity = 0;
}

void ccl_grid3_plan(const ccl_grid3 *g, double max_radius, int32_t live, int32_t n[3]) {
    double min_cell = ccl_grid_min_cell(max_radius);
    double volume = g->size.x * g->size.y * g->size.z;
    /* about two cells per body; a chosen edge is honoured down to four cells per body */
    double wanted = g->chosen_cell > 0.0
                        ? fmax(g->chosen_cell, cbrt(volume / (4.0 * (double)live + 64.0)))
                        : cbrt(volume / (2.0 * (double)live + 16.0));
    double sizes[3] = {g->size.x, g->size.y, g->size.z};
    for (int k = 0; k < 3; ++k) {
        n[k] = ccl_grid_axis_cells(sizes[k], min_cell, wanted, g->periodic);
    }
    while ((int64_t)n[0] * n[1] * n[2] > CCL_MAX_CELLS) {
        int k = n[0] >= n[1] && n[0] >= n[2] ? 0 : (n[1] >= n[2] ? 1 : 2);
        n[k] = n[k] / 2 >= 3 ? n[k] / 2 : 3; /* the most cells sit above 3 per axis */
    }
}

ccl_status ccl_grid3_rebuild(ccl_grid3 *g, double max_radius, int32_t live) {
    int32_t n[3];
    ccl_grid3_plan(g, max_radius, live, n);
    int32_t cells = n[0] * n[1] * n[2];
    int32_t *head = ccl_memory_alloc(g->memory, sizeof(int32_t) * (size_t)cells);
    if (head == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    ccl_grid_install_heads(g->memory, &g->head, &g->capacity, head, cells);
    double sizes[3] = {g->size.x, g->size.y, g->size.z};
    for (int k = 0; k < 3; ++k) {
        g->n[k] = n[k];
        g->cell[k] = sizes[k] / n[k];
    }
    g->max_radius = max_radius;
    g->planned_live = live;
    for (int m = 0; m < 27; ++m) {
        g->offsets[m] = ((m / 9 - 1) * n[1] + (m / 3 % 3 - 1)) * n[0] + (m % 3 - 1);
    }
    return CCL_OK;
}

bool ccl_grid3_cells_hold(const ccl_grid3 *g, double radius) {
    double least = ccl_grid_min_cell(radius);
    for (int k = 0; k < 3; ++k) {
        if (!(least <= g->cell[k]) || (g->periodic && g->n[k] < 3)) {
            return false;
        }
    }
    return true;
}

/// No shift, for the 27 cells around a cell away from the box's faces.
static const ccl_vec3 ccl_grid3_no_shift[27];

const ccl_vec3 *ccl_grid3_neighbours(const ccl_grid3 *g, int32_t c, int32_t cells[27],
                                     ccl_vec3 shift_room[27], int *count) {
    int32_t home[3], lines[3][3];
    ccl_grid3_split(g, c, home);
    if (home[0] > 0 && home[0] < g->n[0] - 1 && home[1] > 0 && home[1] < g->n[1] - 1 &&
        home[2] > 0 && home[2] < g->n[2] - 1) {
        for (int m = 0; m < 27; ++m) {
            cells[m] = c + g->offsets[m];
        }
        *count = 27;
        return ccl_grid3_no_shift;
    }
    double shift[3][3], sizes[3] = {g->size.x, g->size.y, g->size.z};
    int lengths[3];
    for (int k = 0; k < 3; ++k) {
        lengths[k] =
            ccl_grid_neighbour_lines(home[k], g->n[k], g->periodic, sizes[k], lines[k], shift[k]);
    }
    int m = 0;
    for (int z = 0; z < lengths[2]; ++z) {
        for (int y = 0; y < lengths[1]; ++y) {
            for (int x = 0; x < lengths[0]; ++x) {
                cells[m] = ccl_grid3_cell_at(g, lines[0][x], lines[1][y], lines[2][z]);
                shift_room[m] = ccl_v3(shift[0][x], shift[1][y], shift[2][z]);
                m++;
            }
        }
    }
    *count = m;
    return shift_room;
}
