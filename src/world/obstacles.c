/* Adding segments and points (removing them: obstacle_ids.c). */

#include "world/motion.h"
#include "world/obstacle_ids.h"
#include "world/place.h"
#include "world/refusal.h"
#include "world/world.h"

/* True when circle i strictly overlaps the obstacle (segment s). */
static bool ccl_world_circle_cuts(const ccl_world *w, int32_t i, ccl_segment s) {
    ccl_vec2 p, v;
    ccl_body_state_at(w, &w->bodies[i], w->time, &p, &v);
    double r = w->bodies[i].radius;
    return ccl_length_sq(ccl_sub(ccl_box_nearest_on(&w->box, s, p), p)) < r * r;
}

/* True when some live circle strictly overlaps the obstacle (segment s). Where the grid is up and
 * the obstacle's nearby cells (ccl_grid_cells_near, each periodic image's) are fewer than the
 * circles, only their circles are looked at: the others are too far. */
static bool ccl_world_obstacle_hits_circle(const ccl_world *w, ccl_segment s) {
    if (w->grid.cell_head != NULL) {
        int32_t span[9][4];
        bool near[9];
        int64_t cells = 0;
        for (int image = 0; image < 9; ++image) {
            near[image] = (w->box.periodic || image == CCL_OWN_IMAGE) &&
                          ccl_grid_cells_near(&w->grid, s, ccl_box_image_shift(&w->box, image),
                                              &span[image][0], &span[image][1], &span[image][2],
                                              &span[image][3]);
            if (near[image]) {
                cells += (int64_t)(span[image][1] - span[image][0] + 1) *
                         (span[image][3] - span[image][2] + 1);
            }
        }
        if (cells <= w->live_count) {
            for (int image = 0; image < 9; ++image) {
                for (int32_t cy = span[image][2]; near[image] && cy <= span[image][3]; ++cy) {
                    for (int32_t cx = span[image][0]; cx <= span[image][1]; ++cx) {
                        for (int32_t k = ccl_grid_first(&w->grid, cy * w->grid.nx + cx); k >= 0;
                             k = w->bodies[k].link.next) {
                            if (ccl_world_circle_cuts(w, k, s)) {
                                return true;
                            }
                        }
                    }
                }
            }
            return false;
        }
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && ccl_world_circle_cuts(w, i, s)) {
            return true;
        }
    }
    return false;
}

/* Checks an obstacle against the world: the arguments, the lock, the box, the room, and the
 * circles it must not overlap. */
static ccl_status ccl_world_check_obstacle(ccl_world *w, ccl_segment s, bool is_point) {
    if (w == NULL || !ccl_vec2_within(s.a, CCL_MAX_LENGTH) ||
        !ccl_vec2_within(s.b, CCL_MAX_LENGTH)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    if (w->box.periodic && !(ccl_box_contains(&w->box, s.a) && ccl_box_contains(&w->box, s.b))) {
        return CCL_ERR_OUTSIDE_BOX; /* so that the eight neighbouring images are all that count */
    }
    if ((is_point ? w->obstacles.point_count : w->obstacles.segment_count) >= CCL_MAX_OBSTACLES) {
        return CCL_ERR_FULL;
    }
    if (ccl_world_obstacle_hits_circle(w, s)) {
        ccl_world_note_refused_obstacle(w, s);
        return CCL_ERR_OVERLAP;
    }
    return CCL_OK;
}

/* Bins a new obstacle. The obstacle tables are built again before the next event, not at every
 * add (adding n obstacles costs one build); only the first obstacle of a world without a grid
 * makes one, whose cells the circles to come then find. The tables' limit is checked now, so that
 * an obstacle they could not hold is refused here and not found only by the next advance, which
 * could then never run. */
static ccl_status ccl_world_bin_obstacle(ccl_world *w, ccl_segment s) {
    if (w->grid.cell_head == NULL) {
        return ccl_world_rebuild_grid(w);
    }
    return ccl_grid_note_obstacle(&w->grid, s) ? CCL_OK : CCL_ERR_OUT_OF_MEMORY;
}

static ccl_status ccl_world_add_obstacle(ccl_world *w, ccl_segment s, bool is_point, int *index) {
    ccl_status status = ccl_world_check_obstacle(w, s, is_point);
    if (status != CCL_OK) {
        return status;
    }
    int32_t added;
    status = ccl_obstacles_push(&w->obstacles, &w->memory, s, is_point, &added);
    if (status != CCL_OK) {
        return status;
    }
    int id;
    status = ccl_obstacle_id_assign(w, is_point, added, &id);
    if (status == CCL_OK) {
        status = ccl_world_bin_obstacle(w, s);
    }
    if (status != CCL_OK) {
        ccl_obstacles_pop(&w->obstacles, is_point);
        return status;
    }
    w->repredict_pending = true;
    if (index != NULL) {
        *index = id;
    }
    return CCL_OK;
}

ccl_status ccl_world_add_segment(ccl_world *w, ccl_segment segment, int *index) {
    return ccl_world_add_obstacle(w, segment, false, index);
}

ccl_status ccl_world_add_point(ccl_world *w, ccl_vec2 point, int *index) {
    ccl_segment s = {point, point};
    return ccl_world_add_obstacle(w, s, true, index);
}
