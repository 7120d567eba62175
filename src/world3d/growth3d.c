/* Growing radii in the 3D world (world3d/growth3d.h): the public calls, bringing radii up to
 * date, the grid rebuilt for grown spheres, walls, and collisions in the frame of the growing
 * gap. A collision adds the growth's speed twice to the normal relative speed, so the kinetic
 * energy grows (the caller keeps the temperature with ccl_world3d_scale_velocities); the
 * restitution does not apply, since with any loss the gap would never open again. */
#include "core/constants.h"
#include "world3d/growth3d.h"

ccl_status ccl_world3d_set_growth_rate(ccl_world3d *w, double rate) {
    if (w == NULL || !(rate >= 0.0) || !isfinite(rate)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    if (ccl_world3d_growing(w)) {
        ccl_growth3_rescale(w); /* the radii grown so far are kept */
    }
    w->growth.rate = rate;
    w->growth.start = ccl_world3d_time(w);
    w->growth.epoch = w->time;
    w->growth.relative = rate;
    w->growth.until = -INFINITY; /* the grid is rebuilt with room to grow before the next event */
    w->repredict_pending = true;
    return CCL_OK;
}

double ccl_world3d_growth_rate(const ccl_world3d *w) {
    return w != NULL ? w->growth.rate : 0.0;
}

void ccl_growth3_rescale(ccl_world3d *w) {
    double factor = ccl_growing_factor(&w->growth, w->time);
    if (factor != 1.0) {
        for (int32_t i = 0; i < w->slot_count; ++i) {
            if (w->links[i].alive) {
                w->slots[i].radius *= factor;
            }
        }
    }
    ccl_growing_restart(&w->growth, w->time, ccl_world3d_time(w));
}

/* The largest radius now (the slots' radii being those of the epoch). */
static double ccl_growth3_max_radius(const ccl_world3d *w) {
    double max_radius = 0.0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->links[i].alive && w->slots[i].radius > max_radius) {
            max_radius = w->slots[i].radius;
        }
    }
    return max_radius;
}

/* The internal time at which a sphere of radius max_radius at the epoch outgrows the cells. */
static double ccl_growth3_horizon(const ccl_world3d *w, double max_radius) {
    double cell = fmin(w->grid.cell[0], fmin(w->grid.cell[1], w->grid.cell[2]));
    return ccl_growing_horizon(&w->growth, cell, ccl_grid_min_cell(1.0), max_radius);
}

void ccl_growth3_prepare(ccl_world3d *w) {
    if (w->growth.until != -INFINITY) {
        w->growth.until = ccl_growth3_horizon(w, ccl_growth3_max_radius(w));
    }
}

ccl_status ccl_growth3_regrid(ccl_world3d *w) {
    if (w->growth.until > w->time) {
        w->time = w->growth.until;
    }
    ccl_growth3_rescale(w);
    double max_radius = ccl_growth3_max_radius(w);
    double side = fmin(w->grid.size.x, fmin(w->grid.size.y, w->grid.size.z));
    /* a periodic box keeps three cells per axis, so that no sphere meets its own image */
    double fits = side / (w->grid.periodic ? 3.0 : 1.0) / ccl_grid_min_cell(1.0);
    double ahead = fmin(max_radius * (1.0 + CCL_GROWTH_HEADROOM), fits);
    if (!(ahead > max_radius) && max_radius > 0.0) {
        return CCL_ERR_UNSUPPORTED; /* the largest sphere would outgrow the box */
    }
    ccl_status status = ccl_world3d_rebuild_grid(w, ahead);
    if (status != CCL_OK) {
        return status;
    }
    w->growth.until = ccl_growth3_horizon(w, max_radius);
    w->growth.regrids++;
    return w->growth.until > w->time ? CCL_OK : CCL_ERR_UNSUPPORTED;
}

void ccl_growth3_walls(const ccl_world3d *w, ccl_vec3 p, ccl_vec3 v, double r, double s, double *u,
                       int *wall) {
    const ccl_grid3 *g = &w->grid;
    double c[3] = {p.x, p.y, p.z}, vc[3] = {v.x, v.y, v.z};
    double lo[3] = {g->min.x, g->min.y, g->min.z}, hi[3] = {g->max.x, g->max.y, g->max.z};
    for (int k = 0; k < 6; ++k) {
        int axis = k / 2;
        bool up = k & 1;
        double gap = up ? hi[axis] - c[axis] - r : c[axis] - r - lo[axis];
        double closing = (up ? vc[axis] : -vc[axis]) + s;
        double t = !(closing > 0.0) ? INFINITY : (gap > 0.0 ? gap / closing : 0.0);
        if (t < *u) {
            *u = t;
            *wall = k;
        }
    }
}

ccl_status ccl_growth3_collide(ccl_world3d *w, int32_t i, int32_t k) {
    ccl_vec3 d = ccl_world3d_pair_now(w, i, k);
    ccl_sphere_slot *a = &w->slots[i], *b = &w->slots[k];
    double dist = ccl_length3(d);
    ccl_vec3 dv = ccl_v3(a->velocity.x - b->velocity.x, a->velocity.y - b->velocity.y,
                         a->velocity.z - b->velocity.z);
    ccl_vec3 n = dist > 0.0 ? ccl_v3(d.x / dist, d.y / dist, d.z / dist) : ccl_normalize3(dv);
    double s = (a->radius + b->radius) * w->growth.relative;
    double closing = s + (dv.x * n.x + dv.y * n.y + dv.z * n.z);
    double inv_a = w->cold[i].inv_mass, inv_b = w->cold[k].inv_mass, inv_sum = inv_a + inv_b;
    double scale = ccl_length3(a->velocity) + ccl_length3(b->velocity) + s;
    double j = inv_sum > 0.0 ? ccl_growing_turn(closing, scale) / inv_sum : 0.0;
    a->velocity = ccl_mul_add3(a->velocity, -j * inv_a, n);
    b->velocity = ccl_mul_add3(b->velocity, j * inv_b, n);
    w->links[i].course++;
    w->links[k].course++;
    w->cold[i].last_collision = w->time;
    w->cold[k].last_collision = w->time;
    w->collisions++;
    w->virial += j * dist;
    if (w->def.record_contacts || w->def.on_contact != NULL) {
        double r = a->radius * ccl_growing_factor(&w->growth, w->time);
        ccl_contact_event3 event = {w->time_base + w->time,
                                    CCL_CONTACT_CIRCLE,
                                    ccl_world3d_id_of(w, i),
                                    ccl_world3d_id_of(w, k),
                                    -1,
                                    ccl_mul_add3(a->position, r, n),
                                    n,
                                    j};
        ccl_world3d_report(w, &event);
    }
    ccl_world3d_predict(w, i, -1);
    ccl_world3d_predict(w, k, -1);
    return CCL_OK;
}

ccl_status ccl_growth3_bounce(ccl_world3d *w, int32_t i) {
    ccl_sphere_move_to(w, i, w->time);
    ccl_sphere_slot *b = &w->slots[i];
    int wall = w->cold[i].event_partner, axis = wall / 2;
    double sign = (wall & 1) ? 1.0 : -1.0; /* the normal from the sphere into the wall */
    double *v = axis == 0 ? &b->velocity.x : (axis == 1 ? &b->velocity.y : &b->velocity.z);
    double s = b->radius * w->growth.relative;
    double change = ccl_growing_turn(*v * sign + s, ccl_length3(b->velocity) + s);
    *v -= sign * change;
    w->links[i].course++;
    w->cold[i].last_collision = w->time;
    w->wall_collisions++;
    if (w->def.record_contacts || w->def.on_contact != NULL) {
        ccl_vec3 n = ccl_v3(axis == 0 ? sign : 0.0, axis == 1 ? sign : 0.0, axis == 2 ? sign : 0.0);
        double r = b->radius * ccl_growing_factor(&w->growth, w->time);
        double inv = w->cold[i].inv_mass;
        ccl_contact_event3 event = {w->time_base + w->time,
                                    CCL_CONTACT_BOX,
                                    ccl_world3d_id_of(w, i),
                                    (ccl_sphere_id){0, 0},
                                    wall,
                                    ccl_mul_add3(b->position, r, n),
                                    n,
                                    inv > 0.0 ? change / inv : 0.0};
        ccl_world3d_report(w, &event);
    }
    ccl_world3d_predict(w, i, -1);
    return CCL_OK;
}
