/* Adding and removing spheres, and changing velocities by hand. */
#include <string.h>

#include "core/status.h"
#include "core/vec3.h"
#include "world3d/world3d.h"

/* True when every component of v is at most limit in magnitude (false for NaN). */
static bool ccl_vec3_within(ccl_vec3 v, double limit) {
    return fabs(v.x) <= limit && fabs(v.y) <= limit && fabs(v.z) <= limit;
}

static bool ccl_sphere_def_is_valid(const ccl_sphere_def *d) {
    return ccl_vec3_within(d->position, CCL_MAX_LENGTH) &&
           ccl_vec3_within(d->velocity, CCL_MAX_SPEED) && d->radius > 0.0 &&
           d->radius <= CCL_MAX_LENGTH &&
           (d->mass == 0.0 || (d->mass >= CCL_MIN_MASS && d->mass <= CCL_MAX_MASS)) &&
           isfinite(d->restitution) && d->restitution <= 1.0;
}

/* The sphere's centre in the box (wrapped when periodic), or CCL_ERR_OUTSIDE_BOX: a walled box
 * must hold the whole sphere with room to move, a periodic one be three cells of it wide. */
static ccl_status ccl_world3d_place_centre(const ccl_world3d *w, ccl_vec3 p, double r,
                                           ccl_vec3 *out) {
    const ccl_grid3 *g = &w->grid;
    double c[3] = {p.x, p.y, p.z}, lo[3] = {g->min.x, g->min.y, g->min.z};
    double hi[3] = {g->max.x, g->max.y, g->max.z}, size[3] = {g->size.x, g->size.y, g->size.z};
    for (int k = 0; k < 3; ++k) {
        if (g->periodic) {
            if (!(size[k] >= 3.0 * ccl_grid_min_cell(r))) {
                return CCL_ERR_OUTSIDE_BOX;
            }
            double offset = c[k] - lo[k];
            c[k] = lo[k] + (offset - size[k] * floor(offset / size[k]));
            if (!(c[k] >= lo[k] && c[k] < hi[k])) {
                c[k] = lo[k]; /* rounding put it on the upper edge */
            }
        } else if (!(c[k] - r >= lo[k] && c[k] + r <= hi[k]) || !(2.0 * r < size[k])) {
            return CCL_ERR_OUTSIDE_BOX;
        }
    }
    *out = ccl_v3(c[0], c[1], c[2]);
    return CCL_OK;
}

/* True when a sphere at p of radius r overlaps a live sphere by more than touching. The cells
 * hold r: every such sphere lies in the 27 cells around p's. */
static bool ccl_world3d_overlaps(const ccl_world3d *w, ccl_vec3 p, double r) {
    int32_t cells[27];
    ccl_vec3 room[27];
    int count;
    /* the minimum image gives each separation: no shifts needed */
    (void)ccl_grid3_neighbours(&w->grid, ccl_grid3_cell_of(&w->grid, p), cells, room, &count);
    for (int m = 0; m < count; ++m) {
        for (int32_t k = w->grid.head[cells[m]]; k >= 0; k = w->links[k].link.next) {
            ccl_vec3 d = ccl_world3d_separation(w, p, ccl_sphere_position_at(w, k, w->time));
            double reach = r + w->slots[k].radius;
            if (ccl_length_sq3(d) < reach * reach) {
                return true;
            }
        }
    }
    return false;
}

/* Makes the grid hold a sphere of radius r among live + 1 (a rebuild when its cells are too small
 * or too few for the count). */
static ccl_status ccl_world3d_fit_grid(ccl_world3d *w, double r) {
    int32_t live = w->live_count + 1;
    bool crowded = live > 4 * w->grid.planned_live + 64;
    if (w->grid.head != NULL && ccl_grid3_cells_hold(&w->grid, r) && !crowded) {
        return CCL_OK;
    }
    w->live_count++; /* plan for the sphere to come */
    ccl_status status = ccl_world3d_rebuild_grid(w, fmax(r, w->grid.max_radius));
    w->live_count--;
    return status;
}

/* A free slot (reused first), or -1 when the arrays cannot grow. */
static int32_t ccl_world3d_take_slot(ccl_world3d *w) {
    if (w->free_head >= 0) {
        int32_t i = w->free_head;
        w->free_head = w->links[i].link.next;
        return i;
    }
    if (ccl_world3d_reserve(w, w->slot_count + 1) != CCL_OK) {
        return -1;
    }
    return w->slot_count++;
}

/* Fills slot i from the definition at centre p. */
static void ccl_world3d_fill_slot(ccl_world3d *w, int32_t i, const ccl_sphere_def *d, ccl_vec3 p) {
    bool immovable = d->mass == 0.0;
    w->slots[i] =
        (ccl_sphere_slot){p, immovable ? ccl_v3(0.0, 0.0, 0.0) : d->velocity, w->time, d->radius};
    w->slots[i].velocity = ccl_v3(w->slots[i].velocity.x + 0.0, w->slots[i].velocity.y + 0.0,
                                  w->slots[i].velocity.z + 0.0);
    w->links[i] = (ccl_sphere_link){{-1, -1}, 0, CCL_EVENT3_NONE, 1, immovable, 0};
    w->cold[i] = (ccl_body_cold){immovable ? 0.0 : 1.0 / d->mass,
                                 d->restitution < 0.0 ? w->def.restitution : d->restitution,
                                 -INFINITY, -1, 0};
    if (w->user_data != NULL) {
        w->user_data[i] = d->user_data;
    }
    if (w->images != NULL) {
        w->images[i] = (ccl_image_count3){{0, 0, 0}}; /* it starts where it is placed */
    }
}

/* Keeps user data pointers from the first sphere that carries one on. */
static ccl_status ccl_world3d_keep_user_data(ccl_world3d *w, const ccl_sphere_def *d) {
    if (d->user_data == NULL) {
        return CCL_OK;
    }
    return ccl_world3d_attach(w, (void **)&w->user_data, sizeof(void *));
}

ccl_status ccl_world3d_add_sphere(ccl_world3d *w, const ccl_sphere_def *def, ccl_sphere_id *id) {
    bool valid = w != NULL && def != NULL && ccl_sphere_def_is_valid(def);
    ccl_status status = valid ? ccl_add_status(w->locked, w->live_count, w->def.max_spheres)
                              : CCL_ERR_INVALID_ARGUMENT;
    if (status != CCL_OK) {
        return status;
    }
    ccl_vec3 p;
    status = ccl_world3d_place_centre(w, def->position, def->radius, &p);
    if (status == CCL_OK) {
        status = ccl_world3d_keep_user_data(w, def);
    }
    if (status == CCL_OK) {
        status = ccl_world3d_fit_grid(w, def->radius);
    }
    if (status != CCL_OK) {
        return status;
    }
    if (ccl_world3d_overlaps(w, p, def->radius)) {
        return CCL_ERR_OVERLAP;
    }
    int32_t i = ccl_world3d_take_slot(w);
    if (i < 0) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    ccl_world3d_fill_slot(w, i, def, p);
    ccl_cell_list_insert(w->grid.head, ccl_world3d_grid_links(w), i,
                         ccl_grid3_cell_of(&w->grid, p));
    w->live_count++;
    if (!w->repredict_pending) {
        ccl_world3d_predict(w, i, -1); /* its scan finds every pair it makes */
    }
    if (id != NULL) {
        *id = (ccl_sphere_id){(uint32_t)i, w->generation[i]};
    }
    return CCL_OK;
}

/* The slot of the sphere a change names, in *slot, or why it cannot be changed (valid: whether
 * the rest of the call's arguments are). */
static ccl_status ccl_world3d_changing(const ccl_world3d *w, ccl_sphere_id id, bool valid,
                                       int32_t *slot) {
    if (w == NULL || !valid) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    *slot = ccl_world3d_slot_of(w, id);
    return *slot < 0 ? CCL_ERR_STALE_ID : CCL_OK;
}

ccl_status ccl_world3d_remove_sphere(ccl_world3d *w, ccl_sphere_id id) {
    int32_t i;
    ccl_status status = ccl_world3d_changing(w, id, true, &i);
    if (status != CCL_OK) {
        return status;
    }
    ccl_cell_list_remove(w->grid.head, ccl_world3d_grid_links(w), i);
    ccl_queue_remove(&w->queue, i);
    w->links[i].alive = 0;
    w->links[i].course++; /* events predicted with it are stale */
    w->links[i].link.next = w->free_head;
    w->free_head = i;
    w->generation[i] = w->generation[i] == UINT32_MAX ? 1 : w->generation[i] + 1;
    w->live_count--;
    return CCL_OK;
}

ccl_status ccl_world3d_set_velocity(ccl_world3d *w, ccl_sphere_id id, ccl_vec3 velocity) {
    int32_t i;
    ccl_status status = ccl_world3d_changing(w, id, ccl_vec3_within(velocity, CCL_MAX_SPEED), &i);
    if (status != CCL_OK) {
        return status;
    }
    if (w->links[i].immovable) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    ccl_sphere_move_to(w, i, w->time);
    w->slots[i].velocity = ccl_v3(velocity.x + 0.0, velocity.y + 0.0, velocity.z + 0.0);
    w->links[i].course++;
    if (!w->repredict_pending) {
        ccl_world3d_predict(w, i, -1);
    }
    return CCL_OK;
}

ccl_status ccl_world3d_scale_velocities(ccl_world3d *w, double factor) {
    ccl_status status = ccl_change_status(w != NULL && isfinite(factor), w != NULL && w->locked);
    if (status != CCL_OK) {
        return status;
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        ccl_vec3 v = w->slots[i].velocity;
        if (w->links[i].alive &&
            !ccl_vec3_within(ccl_v3(v.x * factor, v.y * factor, v.z * factor), CCL_MAX_SPEED)) {
            return CCL_ERR_INVALID_ARGUMENT;
        }
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->links[i].alive && !w->links[i].immovable) {
            ccl_sphere_move_to(w, i, w->time);
            ccl_vec3 v = w->slots[i].velocity;
            w->slots[i].velocity = ccl_v3(v.x * factor, v.y * factor, v.z * factor);
            w->links[i].course++;
        }
    }
    w->repredict_pending = true;
    return CCL_OK;
}
