/* What an event does: two spheres collide, a sphere bounces off a wall; and the contact events
 * that report them. The impulse is the response layer's (response/impulse.h), on three
 * components. */
#include "core/vec3.h"
#include "response/impulse.h"
#include "response/mix.h"
#include "world3d/world3d.h"

ccl_sphere_id ccl_world3d_id_of(const ccl_world3d *w, int32_t i) {
    return (ccl_sphere_id){(uint32_t)i, w->generation[i]};
}

ccl_status ccl_world3d_reserve_contact(ccl_world3d *w) {
    if (!w->def.record_contacts) {
        return CCL_OK;
    }
    void *items = w->contacts;
    ccl_status status =
        ccl_array_reserve(&w->memory, &items, &w->contact_capacity, w->contact_count,
                          w->contact_count + 1, sizeof(ccl_contact_event3), 64);
    w->contacts = items;
    return status;
}

void ccl_world3d_report(ccl_world3d *w, const ccl_contact_event3 *event) {
    if (w->def.record_contacts && w->contact_count < w->contact_capacity) {
        w->contacts[w->contact_count++] = *event;
    }
    if (w->def.on_contact != NULL) {
        w->locked = true;
        w->def.on_contact(event, w->def.contact_user);
        w->locked = false;
    }
}

/* The restitution of a contact at the present instant: e from the two restitutions, made 1 by the
 * collapse guard (TC model) where either party collided less than the collapse time ago. */
static double ccl_world3d_restitution(ccl_world3d *w, double ea, double eb, double last_a,
                                      double last_b, bool *guarded) {
    double e = ea == eb && ea >= 0x1p-500 ? ea : ccl_restitution_mix(ea, eb);
    *guarded = false;
    if (e < 1.0) {
        double tc = ccl_world3d_collapse_time(w);
        if (w->time - last_a < tc || w->time - last_b < tc) {
            e = 1.0;
            *guarded = true;
            w->guard_collisions++;
        }
    }
    return e;
}

/* The unit normal from a to b along d (their separation, of length dist), or along their
 * relative velocity where they coincide. */
static ccl_vec3 ccl_contact_normal3(ccl_vec3 d, double dist, ccl_vec3 va, ccl_vec3 vb) {
    if (dist >= 0x1p-499 && dist <= 0x1p500) {
        return ccl_v3(d.x / dist, d.y / dist, d.z / dist);
    }
    if (d.x != 0.0 || d.y != 0.0 || d.z != 0.0) {
        return ccl_normalize3(d);
    }
    return ccl_normalize3(ccl_v3(va.x - vb.x, va.y - vb.y, va.z - vb.z));
}

/* The pair's new velocities after impulse j along n; true when neither changed. */
static bool ccl_world3d_exchange(ccl_world3d *w, int32_t i, int32_t k, ccl_vec3 n, double j) {
    ccl_vec3 *va = &w->slots[i].velocity, *vb = &w->slots[k].velocity;
    ccl_vec3 old_a = *va, old_b = *vb;
    double sa = -j * w->cold[i].inv_mass, sb = j * w->cold[k].inv_mass;
    *va = ccl_v3(va->x + sa * n.x, va->y + sa * n.y, va->z + sa * n.z);
    *vb = ccl_v3(vb->x + sb * n.x, vb->y + sb * n.y, vb->z + sb * n.z);
    return va->x == old_a.x && va->y == old_a.y && va->z == old_a.z && vb->x == old_b.x &&
           vb->y == old_b.y && vb->z == old_b.z;
}

ccl_status ccl_world3d_collide(ccl_world3d *w, int32_t i, int32_t k) {
    ccl_vec3 d = ccl_world3d_pair_now(w, i, k);
    ccl_sphere_slot *a = &w->slots[i], *b = &w->slots[k];
    double dist = ccl_length3(d);
    ccl_vec3 n = ccl_contact_normal3(d, dist, a->velocity, b->velocity);
    bool guarded;
    double e =
        ccl_world3d_restitution(w, w->cold[i].restitution, w->cold[k].restitution,
                                w->cold[i].last_collision, w->cold[k].last_collision, &guarded);
    double va[3] = {a->velocity.x, a->velocity.y, a->velocity.z};
    double vb[3] = {b->velocity.x, b->velocity.y, b->velocity.z}, nn[3] = {n.x, n.y, n.z};
    double j = ccl_impulse_n(va, vb, nn, 3, w->cold[i].inv_mass, w->cold[k].inv_mass, e);
    bool unchanged = ccl_world3d_exchange(w, i, k, n, j);
    ccl_vec3 dv = ccl_v3(a->velocity.x - b->velocity.x, a->velocity.y - b->velocity.y,
                         a->velocity.z - b->velocity.z);
    /* unchanged, or still approaching: the pair would meet again at this instant, without end */
    bool lost = unchanged || !((dv.x * n.x + dv.y * n.y) + dv.z * n.z < 0.0);
    w->cold[i].last_collision = w->time;
    w->cold[k].last_collision = w->time;
    w->links[i].course += !unchanged;
    w->links[k].course += !unchanged;
    w->collisions++;
    w->virial += j * dist;
    if (w->def.record_contacts || w->def.on_contact != NULL) {
        ccl_contact_event3 event = {w->time_base + w->time,
                                    CCL_CONTACT_CIRCLE,
                                    ccl_world3d_id_of(w, i),
                                    ccl_world3d_id_of(w, k),
                                    -1,
                                    ccl_mul_add3(a->position, a->radius, n),
                                    n,
                                    j};
        ccl_world3d_report(w, &event);
    }
    ccl_world3d_predict(w, i, lost ? k : -1);
    ccl_world3d_predict(w, k, lost ? i : -1);
    return CCL_OK;
}

/* Component `axis` of v. */
static double *ccl_component3(ccl_vec3 *v, int axis) {
    return axis == 0 ? &v->x : (axis == 1 ? &v->y : &v->z);
}

ccl_status ccl_world3d_bounce(ccl_world3d *w, int32_t i) {
    ccl_sphere_move_to(w, i, w->time);
    ccl_sphere_slot *s = &w->slots[i];
    int wall = w->cold[i].event_partner, axis = wall / 2;
    double sign = (wall & 1) ? 1.0 : -1.0; /* the wall's side: the normal from the sphere */
    double *v = ccl_component3(&s->velocity, axis);
    double impulse = 0.0;
    if (*v * sign > 0.0) {
        bool guarded;
        double e = ccl_world3d_restitution(w, w->def.restitution, w->cold[i].restitution,
                                           w->cold[i].last_collision, -INFINITY, &guarded);
        double before = *v;
        *v = e == 1.0 ? -before : -e * before;
        impulse = w->cold[i].inv_mass > 0.0 ? fabs(before - *v) / w->cold[i].inv_mass : 0.0;
        w->links[i].course++;
    }
    w->cold[i].last_collision = w->time;
    w->wall_collisions++;
    if (w->def.record_contacts || w->def.on_contact != NULL) {
        ccl_vec3 n = ccl_v3(0.0, 0.0, 0.0);
        *ccl_component3(&n, axis) = sign;
        ccl_contact_event3 event = {w->time_base + w->time,
                                    CCL_CONTACT_BOX,
                                    ccl_world3d_id_of(w, i),
                                    (ccl_sphere_id){0, 0},
                                    wall,
                                    ccl_mul_add3(s->position, s->radius, n),
                                    n,
                                    impulse};
        ccl_world3d_report(w, &event);
    }
    ccl_world3d_predict(w, i, -1);
    return CCL_OK;
}
