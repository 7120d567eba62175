/* Growing radii: the public call, bringing radii up to date, and the grid rebuilt for grown
 * circles (world/growth.h). */

#include "core/constants.h"
#include "world/growth.h"
#include "world/motion.h"
#include "world/world.h"

/* Whether a live circle is kinematic. */
static bool ccl_world_has_kinematic(const ccl_world *w) {
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && w->bodies[i].kinematic) {
            return true;
        }
    }
    return false;
}

ccl_status ccl_world_set_growth_rate(ccl_world *w, double rate) {
    if (w == NULL || !(rate >= 0.0) || !isfinite(rate)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    if (rate > 0.0 &&
        (w->def.damping > 0.0 || w->def.gravity.x != 0.0 || w->def.gravity.y != 0.0)) {
        return CCL_ERR_UNSUPPORTED; /* growth on curved paths: not simulated */
    }
    if (rate > 0.0 && (w->pair_checks || ccl_world_has_kinematic(w))) {
        return CCL_ERR_UNSUPPORTED; /* filters, sensors and kinematic circles: not while growing */
    }
    if (ccl_world_growing(w)) {
        ccl_growth_rescale(w); /* the radii grown so far are kept */
    }
    w->growth.rate = rate;
    w->growth.start = ccl_world_time(w);
    w->growth.epoch = w->time;
    w->growth.relative = rate;
    w->growth.until = -INFINITY; /* the grid is rebuilt with room to grow before the next event */
    w->law = rate > 0.0 ? &ccl_motion_growth : ccl_motion_law_of(&w->def);
    w->straight = w->law->straight;
    w->repredict_pending = true;
    return CCL_OK;
}

double ccl_world_growth_rate(const ccl_world *w) {
    return w != NULL ? w->growth.rate : 0.0;
}

void ccl_growth_rescale(ccl_world *w) {
    double factor = ccl_growth_factor(w, w->time);
    if (factor != 1.0) {
        for (int32_t i = 0; i < w->slot_count; ++i) {
            if (w->bodies[i].alive) {
                w->bodies[i].radius *= factor;
            }
        }
    }
    w->growth.epoch = w->time;
    double since = ccl_world_time(w) - w->growth.start;
    w->growth.relative = w->growth.rate / (1.0 + w->growth.rate * since);
}

/* The largest radius now (the slots' radii being the present ones). */
static double ccl_growth_max_radius(const ccl_world *w) {
    double max_radius = 0.0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && w->bodies[i].radius > max_radius) {
            max_radius = w->bodies[i].radius;
        }
    }
    return max_radius;
}

/* The internal time at which the largest circle, of radius max_radius now, outgrows the cells
 * (a little before, for the rounding of the times). */
static double ccl_growth_horizon(const ccl_world *w, double max_radius) {
    double cell = fmin(w->grid.cell_w, w->grid.cell_h);
    double limit = cell / ccl_grid_min_cell(1.0); /* the largest radius the cells hold */
    if (!(max_radius > 0.0) || !(w->growth.relative > 0.0)) {
        return INFINITY;
    }
    double grow = (limit / max_radius - 1.0) * (1.0 - 0x1p-20);
    return w->growth.epoch + grow / w->growth.relative;
}

void ccl_growth_prepare(ccl_world *w) {
    if (w->growth.until != -INFINITY) {
        w->growth.until = ccl_growth_horizon(w, ccl_growth_max_radius(w));
    }
}

ccl_status ccl_growth_regrid(ccl_world *w) {
    if (w->growth.until > w->time) {
        w->time = w->growth.until;
    }
    ccl_growth_rescale(w);
    double max_radius = ccl_growth_max_radius(w);
    double fits = fmin(w->box.size.x, w->box.size.y) / ccl_grid_min_cell(1.0);
    double ahead = fmin(max_radius * (1.0 + CCL_GROWTH_HEADROOM), fits);
    if (!(ahead > max_radius) && max_radius > 0.0) {
        return CCL_ERR_UNSUPPORTED; /* the largest circle would outgrow the box */
    }
    ccl_status status = ccl_grid_rebuild(&w->grid, &w->obstacles, ahead, w->live_count);
    if (status != CCL_OK) {
        return status;
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        ccl_body_slot *b = &w->bodies[i];
        b->link.cell = -1;
        if (b->alive) {
            ccl_body_move_to(w, b, w->time);
            ccl_grid_insert(&w->grid, ccl_world_links(w), i,
                            ccl_grid_cell_of(&w->grid, b->position));
        }
    }
    w->growth.until = ccl_growth_horizon(w, max_radius);
    w->growth.regrids++;
    return w->growth.until > w->time ? CCL_OK : CCL_ERR_UNSUPPORTED;
}
