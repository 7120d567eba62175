/* The look-ahead: fetching what the next events will read. */

#include "core/constants.h"
#include "world/prefetch.h"
#include "world/world.h"

/* Starts fetching the cell-head rows of the (2 reach + 1)^2 cells around cell c into the cache
 * (nothing for cells near the grid's edge, which are few). */
static void ccl_world_fetch_rows(const ccl_world *w, int32_t c, int32_t reach) {
    int32_t nx = w->grid.nx;
    if (c - reach * nx - reach >= 0 && c + reach * nx + reach < nx * w->grid.ny) {
        for (int32_t r = -reach; r <= reach; ++r) {
            __builtin_prefetch(&w->grid.cell_head[c + r * nx - reach]);
        }
    }
}

/* Starts fetching circle i's slot and its cold half into the cache (one line each: the slot fills
 * its line, the cold half is within one). */
static void ccl_world_fetch_body(const ccl_world *w, int32_t i) {
    __builtin_prefetch(&w->bodies[i]);
    __builtin_prefetch(&w->cold[i]);
}

void ccl_world_fetch_ahead(ccl_world *w) {
    int32_t seen = ccl_queue_ahead(&w->queue);
    int32_t next = ccl_queue_look_ahead(&w->queue);
    if (next >= 0) { /* an index below the capacity: the address is inside the slots */
        ccl_world_fetch_body(w, next);
    }
    int32_t third = w->fetch_trail;
    w->fetch_trail = seen;
    if (w->memory.bytes >= CCL_FETCH_CELLS_BYTES && third >= 0 && third < w->slot_count &&
        w->bodies[third].alive) {
        int32_t c = w->bodies[third].link.cell, nx = w->grid.nx;
        const int32_t reach = CCL_FETCH_REACH;
        if (c - reach * nx - reach >= 0 && c + reach * nx + reach < nx * w->grid.ny) {
            const int32_t *row = w->grid.cell_head + c - reach * nx - reach;
            for (int32_t r = -reach; r <= reach; ++r, row += nx) {
                for (int32_t col = 0; col <= 2 * reach; ++col) {
                    int32_t k = row[col];
                    __builtin_prefetch(&w->bodies[k >= 0 ? k : third]);
                }
            }
        }
    }
    /* seen may have left the list since: it is then a front position, maybe past the slots */
    if (seen >= 0 && seen < w->slot_count && w->bodies[seen].alive) {
        const ccl_body_slot *a = &w->bodies[seen];
        if (a->event_kind == CCL_EVENT_CIRCLE) {
            int32_t other = ccl_body_cold_of(w, a)->event_partner;
            ccl_world_fetch_body(w, other);
            ccl_queue_prefetch_entry(&w->queue, other);
        }
        if (a->link.cell >= 0) {
            ccl_world_fetch_rows(w, a->link.cell,
                                 w->memory.bytes >= CCL_FETCH_CELLS_BYTES ? CCL_FETCH_REACH : 1);
        }
    }
}
