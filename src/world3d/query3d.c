/* Queries of the 3D world: spheres' states and unwrapped positions, statistics, contact events, the
 * largest overlap. */
#include <string.h>

#include "core/vec3.h"
#include "world3d/world3d.h"

int ccl_world3d_sphere_count(const ccl_world3d *w) {
    return w != NULL ? w->live_count : 0;
}

bool ccl_world3d_is_valid(const ccl_world3d *w, ccl_sphere_id id) {
    return ccl_world3d_slot_of(w, id) >= 0;
}

/* Sphere i's state now, into out (a ccl_sphere_state). */
static void ccl_world3d_state(const ccl_world3d *w, int32_t i, void *out) {
    const ccl_body_cold *c = &w->cold[i];
    ccl_sphere_state s;
    s.id = (ccl_sphere_id){(uint32_t)i, w->generation[i]};
    s.position = ccl_sphere_position_at(w, i, w->time);
    s.velocity = w->slots[i].velocity;
    s.radius = w->slots[i].radius;
    s.mass = c->inv_mass > 0.0 ? 1.0 / c->inv_mass : 0.0;
    s.restitution = c->restitution;
    s.user_data = w->user_data != NULL ? w->user_data[i] : NULL;
    *(ccl_sphere_state *)out = s;
}

/* Sphere i's unwrapped position now, into out (a ccl_vec3): its position plus the box sizes its
 * image counts (world3d.h). */
static void ccl_world3d_unwrapped(const ccl_world3d *w, int32_t i, void *out) {
    ccl_vec3 p = ccl_sphere_position_at(w, i, w->time);
    if (w->images != NULL) {
        const int64_t *image = w->images[i].axis;
        p = ccl_v3(p.x + (double)image[0] * w->grid.size.x, p.y + (double)image[1] * w->grid.size.y,
                   p.z + (double)image[2] * w->grid.size.z);
    }
    *(ccl_vec3 *)out = p;
}

/* A function writing slot i's item into out. */
typedef void ccl_world3d_item_fn(const ccl_world3d *w, int32_t i, void *out);

#define CCL_WORLD_T             ccl_world3d
#define CCL_WORLD_ALIVE(w, i)   ((w)->links[i].alive)
#define CCL_WORLD_GET_ITEM      ccl_world3d_one
#define CCL_WORLD_EXPORT_ITEMS  ccl_world3d_all
#define CCL_WORLD_ITEMS_LINKAGE static
#define CCL_WORLD_ID_T          ccl_sphere_id
#define CCL_WORLD_SLOT_OF       ccl_world3d_slot_of
#define CCL_WORLD_ITEM_FN       ccl_world3d_item_fn
#include "world_common/items_impl.h"

ccl_status ccl_world3d_get_sphere(const ccl_world3d *w, ccl_sphere_id id, ccl_sphere_state *out) {
    return ccl_world3d_one(w, id, out, ccl_world3d_state);
}

ccl_status ccl_world3d_export(const ccl_world3d *w, ccl_sphere_state *out, int capacity,
                              int *count) {
    return ccl_world3d_all(w, out, sizeof *out, capacity, count, ccl_world3d_state);
}

ccl_status ccl_world3d_track_unwrapped(ccl_world3d *w) {
    if (w == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (!w->grid.periodic) {
        return CCL_OK; /* a walled box needs no counts */
    }
    return ccl_world3d_attach(w, (void **)&w->images, sizeof(ccl_image_count3));
}

ccl_status ccl_world3d_get_unwrapped_position(const ccl_world3d *w, ccl_sphere_id id,
                                              ccl_vec3 *out) {
    return ccl_world3d_one(w, id, out, ccl_world3d_unwrapped);
}

ccl_status ccl_world3d_export_unwrapped(const ccl_world3d *w, ccl_vec3 *out, int capacity,
                                        int *count) {
    return ccl_world3d_all(w, out, sizeof *out, capacity, count, ccl_world3d_unwrapped);
}

#define CCL_WORLD_FN(name)            ccl_world3d_##name
#define CCL_WORLD_T                   ccl_world3d
#define CCL_WORLD_STATS_T             ccl_world3d_stats
#define CCL_WORLD_EVENT_T             ccl_contact_event3
#define CCL_WORLD_VEC                 ccl_vec3
#define CCL_WORLD_LENGTH_SQ           ccl_length_sq3
#define CCL_WORLD_MUL_ADD             ccl_mul_add3
#define CCL_WORLD_LIVE_COUNT          sphere_count
#define CCL_WORLD_LOOK_T              double
#define CCL_WORLD_LOOK(w, i)          ((w)->cold[i].inv_mass)
#define CCL_WORLD_MOVES(w, i, inv)    ((w)->links[i].alive && (inv) > 0.0)
#define CCL_WORLD_VELOCITY(w, i, inv) ((w)->slots[i].velocity)
#define CCL_WORLD_INV_MASS(w, inv)    (inv)
#include "world_common/stats_impl.h"

void ccl_world3d_reset_stats(ccl_world3d *w) {
    if (w == NULL) {
        return;
    }
    w->collisions = w->wall_collisions = w->events = w->guard_collisions = 0;
    w->virial = 0.0;
    w->stats_since = w->time;
}

/* The largest overlap of sphere i (at p, radius r) with the walls and with the spheres after it
 * in the 27 cells around it. */
static double ccl_world3d_overlap_of(const ccl_world3d *w, int32_t i, ccl_vec3 p, double r) {
    const ccl_grid3 *g = &w->grid;
    double worst = 0.0;
    if (!g->periodic) {
        double lo[3] = {g->min.x, g->min.y, g->min.z}, hi[3] = {g->max.x, g->max.y, g->max.z};
        double c[3] = {p.x, p.y, p.z};
        for (int k = 0; k < 3; ++k) {
            worst = fmax(worst, fmax(r - (c[k] - lo[k]), r - (hi[k] - c[k])));
        }
    }
    int32_t cells[27];
    ccl_vec3 room[27];
    int count;
    /* the minimum image gives each separation: no shifts needed */
    (void)ccl_grid3_neighbours(g, w->links[i].link.cell, cells, room, &count);
    for (int m = 0; m < count; ++m) {
        for (int32_t k = g->head[cells[m]]; k >= 0; k = w->links[k].link.next) {
            if (k > i) {
                ccl_vec3 d = ccl_world3d_separation(w, p, ccl_sphere_position_at(w, k, w->time));
                worst = fmax(worst, r + w->slots[k].radius - ccl_length3(d));
            }
        }
    }
    return worst;
}

double ccl_world3d_max_overlap(const ccl_world3d *w) {
    double worst = 0.0;
    for (int32_t i = 0; w != NULL && i < w->slot_count; ++i) {
        if (w->links[i].alive) {
            worst = fmax(worst, ccl_world3d_overlap_of(w, i, ccl_sphere_position_at(w, i, w->time),
                                                       w->slots[i].radius));
        }
    }
    return worst;
}
