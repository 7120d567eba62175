/* Kinematic circles: immovable circles that move at the velocity the caller sets; teleports. */
#include "world/kinematic.h"

#include "circol/game.h"
#include "circol/response.h"
#include "response/mix.h"
#include "world/body.h"
#include "world/events.h"
#include "world/growth.h"
#include "world/guard.h"
#include "world/motion.h"
#include "world/place.h"
#include "world/predict.h"
#include "world/refusal.h"
#include "world/rest.h"
#include "world/sensor.h"
#include "world/sleep.h"
#include "world/unwrap.h"
#include "world/world.h"

/* Stops circle i if it is kinematic (it keeps being kinematic, at rest). */
static void ccl_kinematic_halt(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    if (b->kinematic && (b->velocity.x != 0.0 || b->velocity.y != 0.0)) {
        ccl_body_move_to(w, b, w->time);
        b->velocity = ccl_v2(0.0, 0.0);
        b->course++;
    }
}

ccl_status ccl_world_stop_kinematic(ccl_world *w, int32_t i) {
    ccl_kinematic_halt(w, i);
    ccl_predict(w, i);
    return CCL_OK;
}

ccl_status ccl_world_set_kinematic_velocity(ccl_world *w, int32_t i, ccl_vec2 velocity) {
    if (!w->straight && w->def.damping > 0.0) {
        return CCL_ERR_UNSUPPORTED; /* damped paths are straight in another time than its own */
    }
    if (ccl_world_growing(w)) {
        return CCL_ERR_UNSUPPORTED; /* growing radii keep to free circles */
    }
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_move_to(w, b, w->time);
    b->kinematic = 1;
    b->velocity = velocity;
    b->course++;
    if (!w->repredict_pending) {
        ccl_predict(w, i);
    }
    ccl_world_wake_dependents(w, i); /* what rested on it may fall */
    return CCL_OK;
}

/* The reflected velocity of movable circle m off kinematic circle k (unit normal n from k to m)
 * in k's frame, with at least the separating speed that keeps the pair apart for a collapse time
 * where m's acceleration presses it into k (as off an immovable circle under gravity). */
static ccl_vec2 ccl_kinematic_bounce(ccl_world *w, int32_t k, int32_t m, ccl_vec2 n) {
    const ccl_body_slot *K = &w->bodies[k], *M = &w->bodies[m];
    double e = ccl_restitution_mix(w->cold[k].restitution, w->cold[m].restitution);
    ccl_vec2 relative = ccl_reflect(ccl_sub(M->velocity, K->velocity), n, e);
    double press = ccl_dot(ccl_body_acceleration(w, M), n);
    double needed = press < 0.0 ? -press * ccl_world_collapse_time(w) : 0.0;
    double leaving = ccl_dot(relative, n);
    if (leaving < needed) {
        relative = ccl_mul_add(relative, needed - leaving, n);
    }
    return ccl_add(K->velocity, relative);
}

/* Kinematic (or immovable) circle k meets movable circle m, unit normal n from k to m; returns
 * the impulse m took along n. */
static double ccl_kinematic_hit(ccl_world *w, int32_t k, int32_t m, ccl_vec2 n) {
    ccl_body_slot *K = &w->bodies[k], *M = &w->bodies[m];
    ccl_body_cold *cold = &w->cold[m];
    if (M->asleep) {
        ccl_world_wake(w, m);
        ccl_world_wake_dependents(w, m);
    }
    double approach = -ccl_dot(ccl_sub(M->velocity, K->velocity), n);
    bool pressed = ccl_dot(ccl_body_acceleration(w, M), n) < 0.0;
    if (!(approach > 0.0) && !pressed) {
        return 0.0; /* parting already (a rounding of their contact) */
    }
    ccl_vec2 before = M->velocity;
    if (approach > 0.0 && w->time - cold->last_collision < ccl_world_collapse_time(w)) {
        /* hit again at once after its last collision: crushed against something, it stops, and
         * so does the kinematic circle, which cannot push it on */
        ccl_kinematic_halt(w, k);
        M->velocity = K->velocity;
    }
    M->velocity = ccl_kinematic_bounce(w, k, m, n);
    cold->last_collision = w->time;
    M->course++;
    ccl_world_settle_support(w, m);
    return ccl_dot(ccl_sub(M->velocity, before), n) / cold->inv_mass;
}

/* A collision with a kinematic circle: the movable one bounces, two of mass 0 stop. */
static ccl_status ccl_world_collide_kinematic(ccl_world *w, int32_t i, int32_t k) {
    ccl_body_slot *a = &w->bodies[i], *b = &w->bodies[k];
    ccl_body_move_to(w, a, w->time);
    ccl_body_move_to(w, b, w->time);
    ccl_vec2 d = ccl_box_separation(&w->box, a->position, b->position);
    ccl_vec2 n = d.x != 0.0 || d.y != 0.0 ? ccl_normalize(d)
                                          : ccl_normalize(ccl_sub(a->velocity, b->velocity));
    double impulse = 0.0;
    if (w->cold[i].inv_mass == 0.0 && w->cold[k].inv_mass == 0.0) {
        ccl_kinematic_halt(w, i);
        ccl_kinematic_halt(w, k);
    } else if (w->cold[i].inv_mass == 0.0) {
        impulse = ccl_kinematic_hit(w, i, k, n);
    } else {
        impulse = ccl_kinematic_hit(w, k, i, ccl_neg(n));
    }
    w->collisions++;
    ccl_status status = CCL_OK;
    if (ccl_world_reports(w)) {
        status = ccl_world_record_pair(w, CCL_CONTACT_CIRCLE, i, k,
                                       ccl_mul_add(a->position, a->radius, n), n, impulse);
    }
    /* the pair leaves apart, or at rest relative to each other: a meeting found again at this
     * instant is a rounding of that, passed over */
    if (w->straight) {
        ccl_predict_pair_passing_over(w, i, k);
    } else {
        ccl_predict_pair(w, i, k);
    }
    return status;
}

ccl_status ccl_world_collide_special(ccl_world *w, int32_t i, int32_t k) {
    if (w->bodies[i].sensor || w->bodies[k].sensor) {
        return ccl_world_sensor_event(w, i, k);
    }
    return ccl_world_collide_kinematic(w, i, k);
}

/* Circle i's image count after a teleport to p, placed at q in the box: the box sizes between
 * them, so that its unwrapped position is p. */
static void ccl_teleport_image(ccl_world *w, int32_t i, ccl_vec2 p, ccl_vec2 q) {
    if (w->images != NULL) {
        w->images[i].x = (int64_t)nearbyint((p.x - q.x) / w->box.size.x);
        w->images[i].y = (int64_t)nearbyint((p.y - q.y) / w->box.size.y);
    }
}

/* Moves circle i (at the present) to q, re-binned. */
static void ccl_teleport_move(ccl_world *w, int32_t i, ccl_vec2 q) {
    w->bodies[i].position = q;
    ccl_grid_remove(&w->grid, ccl_world_links(w), i);
    ccl_grid_insert(&w->grid, ccl_world_links(w), i, ccl_grid_cell_of(&w->grid, q));
}

ccl_status ccl_world_set_position(ccl_world *w, ccl_circle_id id, ccl_vec2 position) {
    int32_t i;
    ccl_status status = ccl_world_slot_to_change(w, id, &i);
    if (status == CCL_OK && !ccl_vec2_is_finite(position)) {
        status = CCL_ERR_INVALID_ARGUMENT;
    }
    if (status != CCL_OK) {
        return status;
    }
    ccl_body_slot *b = &w->bodies[i];
    ccl_vec2 q;
    status = ccl_world_position_in_box(w, position, b->radius, &q);
    if (status != CCL_OK) {
        return status;
    }
    if (ccl_circle_hits_obstacle(w, q, b->radius)) {
        ccl_world_note_refused_circle(w, q, b->radius);
        return CCL_ERR_OVERLAP;
    }
    ccl_body_move_to(w, b, w->time);
    ccl_vec2 from = b->position;
    ccl_world_wake_dependents(w, i); /* what rested on it falls */
    ccl_world_forget_overlaps(w, i);
    ccl_teleport_move(w, i, q);
    status = ccl_world_apply_overlap_policy(w, i);
    if (status != CCL_OK) {
        ccl_teleport_move(w, i, from);
        return status;
    }
    if (b->asleep) {
        ccl_world_wake(w, i);
    }
    b->support = 0;
    b->course++;
    ccl_teleport_image(w, i, position, q);
    if (ccl_body_fixed(b)) {
        w->repredict_pending = true; /* its neighbours must look again (as for an added one) */
    } else if (!w->repredict_pending) {
        ccl_predict(w, i);
    }
    return CCL_OK;
}
