/* Collisions in a world whose radii grow (world/growth.h). Where a contact distance grows at s, a
 * pair in contact separates only when its normal relative speed exceeds s; the collision is
 * elastic in the frame of the growing gap: the rate at which the gap closed, normal speed less s,
 * is turned round (Lubachevsky and Stillinger, J. Stat. Phys. 60, 1990). The normal relative
 * speed after it is then 2 s less the one before: the growth's speed is added to it twice, and the
 * kinetic energy grows (the caller keeps the temperature with ccl_world_scale_velocities). The
 * restitution does not apply: with any loss the gap would never open again. */

#include "core/growing.h"
#include "world/body.h"
#include "world/events.h"
#include "world/growth.h"
#include "world/guard.h"
#include "world/motion.h"
#include "world/predict.h"

ccl_status ccl_growth_collide(ccl_world *w, int32_t i, int32_t k) {
    ccl_body_slot *a = &w->bodies[i], *b = &w->bodies[k];
    ccl_body_move_to(w, a, w->time);
    ccl_body_move_to(w, b, w->time);
    ccl_vec2 d = ccl_box_separation(&w->box, a->position, b->position);
    double dist = ccl_length(d);
    ccl_vec2 n = (d.x != 0.0 || d.y != 0.0) ? ccl_normalize(d)
                                            : ccl_normalize(ccl_sub(a->velocity, b->velocity));
    double s = (a->radius + b->radius) * w->growth.relative;
    double closing = s - ccl_dot(ccl_sub(b->velocity, a->velocity), n);
    double inv_a = a->immovable ? 0.0 : w->cold[i].inv_mass;
    double inv_b = b->immovable ? 0.0 : w->cold[k].inv_mass;
    double inv_sum = inv_a + inv_b;
    double scale = ccl_length(a->velocity) + ccl_length(b->velocity) + s;
    double j = inv_sum > 0.0 ? ccl_growing_turn(closing, scale) / inv_sum : 0.0;
    a->velocity = ccl_mul_add(a->velocity, -j * inv_a, n);
    b->velocity = ccl_mul_add(b->velocity, j * inv_b, n);
    a->course++;
    b->course++;
    w->cold[i].last_collision = w->time;
    w->cold[k].last_collision = w->time;
    w->collisions++;
    w->virial += j * dist;
    ccl_status status = CCL_OK;
    if (ccl_world_reports(w)) {
        double r = a->radius * ccl_growth_factor(w, w->time);
        status = ccl_world_record_pair(w, CCL_CONTACT_CIRCLE, i, k, ccl_mul_add(a->position, r, n),
                                       n, j);
    }
    ccl_predict_pair(w, i, k);
    return status;
}

/* The unit normal from circle b into what its event meets, and the point of contact there. */
static ccl_contact_kind ccl_growth_wall_normal(const ccl_world *w, const ccl_body_slot *b, double r,
                                               ccl_vec2 *n, ccl_vec2 *point) {
    int32_t other = ccl_body_cold_of(w, b)->event_partner;
    if (b->event_kind == CCL_EVENT_BOX) {
        *n = ccl_box_normal(other);
        *point = ccl_mul_add(b->position, r, *n);
        return CCL_CONTACT_BOX;
    }
    /* the image met (its obstacle code), as ccl_world_hit_wall does */
    ccl_segment s = ccl_obstacle_of_code(&w->obstacles, other);
    *point = ccl_box_nearest_on_image(&w->box, s, ccl_obstacle_code_image(other), b->position);
    ccl_vec2 toward = ccl_sub(*point, b->position);
    *n = (toward.x != 0.0 || toward.y != 0.0) ? ccl_normalize(toward) : ccl_normalize(b->velocity);
    return b->event_kind == CCL_EVENT_SEGMENT ? CCL_CONTACT_SEGMENT : CCL_CONTACT_POINT;
}

ccl_status ccl_growth_hit_wall(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_cold *cold = &w->cold[i];
    ccl_body_move_to(w, b, w->time);
    double r = b->radius * ccl_growth_factor(w, w->time);
    double s = b->radius * w->growth.relative;
    ccl_vec2 n, point;
    ccl_contact_kind kind = ccl_growth_wall_normal(w, b, r, &n, &point);
    double closing = ccl_dot(b->velocity, n) + s;
    double change = ccl_growing_turn(closing, ccl_length(b->velocity) + s);
    b->velocity = ccl_mul_add(b->velocity, -change, n);
    b->course++;
    cold->last_collision = w->time;
    w->wall_collisions++;
    int index = kind == CCL_CONTACT_BOX ? cold->event_partner
                                        : ccl_obstacle_code_index(cold->event_partner);
    ccl_circle_id none = {0, 0};
    ccl_contact_event event = {w->time_base + w->time,
                               kind,
                               ccl_world_id_of(w, i),
                               none,
                               index,
                               point,
                               n,
                               b->immovable ? 0.0 : change / cold->inv_mass};
    ccl_status status = ccl_world_record(w, &event);
    ccl_predict(w, i);
    return status;
}
