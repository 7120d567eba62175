/* circol CLI: trails, decimated by distance and broken at periodic jumps. */
#include "trail.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool ccl_cli_trails_init(ccl_cli_trails *trails, int circle_count, int max_traced, double min_step,
                         ccl_vec2 period) {
    memset(trails, 0, sizeof *trails);
    trails->circle_count = circle_count;
    trails->stride = 1;
    if (max_traced > 0 && circle_count > max_traced) {
        trails->stride = (circle_count + max_traced - 1) / max_traced;
    }
    trails->min_step = min_step;
    trails->period = period;
    trails->max_points = 1 << 16;
    trails->trails = calloc((size_t)circle_count + 1, sizeof *trails->trails);
    return trails->trails != NULL;
}

bool ccl_cli_trails_traced(const ccl_cli_trails *trails, int circle) {
    return trails->trails != NULL && circle >= 0 && circle < trails->circle_count &&
           circle % trails->stride == 0;
}

/// Stores one point, growing the trail; false when out of room.
static bool ccl_cli_trail_push(ccl_cli_trails *trails, ccl_cli_trail *trail, ccl_vec2 p) {
    if (trail->count == trail->capacity) {
        if (trail->capacity >= trails->max_points) {
            return false;
        }
        int capacity = trail->capacity ? 2 * trail->capacity : 64;
        ccl_vec2 *grown = realloc(trail->points, (size_t)capacity * sizeof *grown);
        if (grown == NULL) {
            trails->out_of_memory = true;
            return false;
        }
        trail->points = grown;
        trail->capacity = capacity;
    }
    trail->points[trail->count++] = p;
    return true;
}

void ccl_cli_trails_add(ccl_cli_trails *trails, int circle, ccl_vec2 p, bool force) {
    if (!ccl_cli_trails_traced(trails, circle) || !isfinite(p.x) || !isfinite(p.y)) {
        return;
    }
    ccl_cli_trail *trail = &trails->trails[circle];
    if (trail->count > 0) {
        ccl_vec2 last = trail->points[trail->count - 1];
        ccl_vec2 d = ccl_sub(p, last);
        if (!force && ccl_dot(d, d) < trails->min_step * trails->min_step) {
            return;
        }
        bool jump_x = trails->period.x > 0.0 && fabs(d.x) > 0.5 * trails->period.x;
        bool jump_y = trails->period.y > 0.0 && fabs(d.y) > 0.5 * trails->period.y;
        if (jump_x || jump_y) {
            if (!ccl_cli_trail_push(trails, trail, ccl_v2(NAN, NAN))) {
                return;
            }
        }
    }
    if (!ccl_cli_trail_push(trails, trail, p) && force && trail->count > 0) {
        trail->points[trail->count - 1] = p; /* full: keep at least the latest position */
    }
}

void ccl_cli_trails_mark(ccl_cli_trails *trails) {
    for (int i = 0; trails->trails != NULL && i < trails->circle_count; i++) {
        int count = trails->trails[i].count; /* the last point taken joins the stretch */
        trails->trails[i].mark = count > 0 ? count - 1 : 0;
    }
}

void ccl_cli_trails_free(ccl_cli_trails *trails) {
    if (trails->trails != NULL) {
        for (int i = 0; i < trails->circle_count; i++) {
            free(trails->trails[i].points);
        }
    }
    free(trails->trails);
    memset(trails, 0, sizeof *trails);
}
