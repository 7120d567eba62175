/* Collisions of growing spheres (world3d/growth3d.h), in the frame of the growing gap. A collision
 * adds the growth's speed twice to the normal relative speed, so the kinetic energy grows (the
 * caller keeps the temperature with ccl_world3d_scale_velocities); the restitution does not apply,
 * since with any loss the gap would never open again. */
#include "core/vec3.h"
#include "world3d/growth3d.h"
#include "world3d/world3d.h"

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
