/* Collision response: circle with circle, circle with a wall, segment or point. */

#include "core/constants.h"
#include "response/mix.h"
#include "world/body.h"
#include "world/collide.h"
#include "world/events.h"
#include "world/guard.h"
#include "world/ledger.h"
#include "world/motion.h"
#include "world/obstacle_ids.h"
#include "world/predict.h"
#include "world/rest.h"
#include "world/sleep.h"
#include "world/world.h"

/* Whether circles a and b have the same acceleration (bit for bit), so that their relative motion
 * is a straight line until either one's course changes. */
static bool ccl_world_same_acceleration(const ccl_world *w, const ccl_body_slot *a,
                                        const ccl_body_slot *b) {
    ccl_vec2 acc_a = ccl_body_acceleration(w, a), acc_b = ccl_body_acceleration(w, b);
    return acc_a.x == acc_b.x && acc_a.y == acc_b.y;
}

/* The direction in which a push along d moves circle b: d, less each component that pushes b
 * into a box wall it rests on, which that wall takes at once (the wall's contact, which did not
 * approach, is kept at no approach). *free is false where anything was removed. */
static ccl_vec2 ccl_pair_free_direction(const ccl_body_slot *b, ccl_vec2 d, bool *free) {
    *free = true;
    for (int k = 0; k < 4 && b->support != 0; ++k) {
        ccl_vec2 m = ccl_box_normal(k);
        if ((b->support & (1u << k)) && ccl_dot(d, m) > 0.0) {
            d = ccl_mul_add(d, -ccl_dot(d, m), m); /* exact: m is a unit axis */
            *free = false;
        }
    }
    return d;
}

/* How freely circles i and k move when pushed apart along n (from i to k): the directions the push
 * moves each one (ccl_pair_free_direction), and the inverse masses times the part of n that each
 * direction keeps, whose sum is the pair's effective inverse mass. */
typedef struct ccl_pair_freedom {
    ccl_vec2 da, db;       ///< directions of the impulse on i (-n, or less) and on k (n, or less)
    double inv_a, inv_b;   ///< inverse masses, each times the part of n that its direction keeps
    double mass_a, mass_b; ///< inverse masses (0 for a circle that takes the hit as immovable)
} ccl_pair_freedom;

static ccl_pair_freedom ccl_pair_free(const ccl_body_slot *a, const ccl_body_slot *b, double inv_a,
                                      double inv_b, ccl_vec2 n) {
    ccl_pair_freedom f;
    bool free_a, free_b;
    f.mass_a = inv_a;
    f.mass_b = inv_b;
    f.da = ccl_pair_free_direction(a, ccl_neg(n), &free_a);
    f.db = ccl_pair_free_direction(b, n, &free_b);
    f.inv_a = free_a ? inv_a : inv_a * -ccl_dot(f.da, n);
    f.inv_b = free_b ? inv_b : inv_b * ccl_dot(f.db, n);
    return f;
}

/* Gives circles i and k the least separating speed along n of 2^-40, 2^-30 and 2^-20 of `scale`
 * that keeps the prediction from meeting them again at once, momentum kept (f: how each moves);
 * false where none does. */
static bool ccl_world_part_by(ccl_world *w, int32_t i, int32_t k, const ccl_pair_freedom *f,
                              double scale) {
    ccl_body_slot *a = &w->bodies[i], *b = &w->bodies[k];
    double inv_sum = f->inv_a + f->inv_b;
    double speed = 0x1p-40 * scale;
    for (int tries = 0; tries < 3; ++tries, speed *= 0x1p10) {
        if (!ccl_predict_meets_at_once(w, i, k) && !ccl_predict_meets_at_once(w, k, i)) {
            return true;
        }
        a->velocity = ccl_mul_add(a->velocity, speed * (f->mass_a / inv_sum), f->da);
        b->velocity = ccl_mul_add(b->velocity, speed * (f->mass_b / inv_sum), f->db);
    }
    return false;
}

/* After a collision of circles i and k (unit normal n, from i to k) that left them approaching
 * along n by no more than the rounding of their velocities, or changed nothing, under unequal
 * accelerations: where the prediction would meet the pair again at once (the response and the
 * prediction disagreeing in the last bits about whether they approach), they are given the least
 * separating speed along n of 2^-40, 2^-30 and 2^-20 of their speeds that settles it, momentum
 * kept (a pair still met at once after those is left to the response's own rules). A circle
 * resting on a wall moves only along it (ccl_pair_free): the part of the parting that pushed it
 * into the wall would be taken back by the wall's resting rule, and the pair met again at once,
 * without end (a light circle on a side wall under gravity with an x part of rounding). Where their
 * speeds are below what their relative acceleration gives over the collapse time (a circle barely
 * moving, leaning on a sleeping one: its speeds can be subnormal, or 0), the same fractions of
 * that are tried next. Passing over the meeting instead would miss the contact that the curved
 * paths may make later; a pair that approaches faster (one fell asleep after the collision, say)
 * meets again at once as it should, the response's own rules deciding. */
static void ccl_world_part_grazing(ccl_world *w, int32_t i, int32_t k, ccl_vec2 n) {
    ccl_body_slot *a = &w->bodies[i], *b = &w->bodies[k];
    ccl_pair_freedom f = ccl_pair_free(a, b, a->asleep || a->immovable ? 0.0 : w->cold[i].inv_mass,
                                       b->asleep || b->immovable ? 0.0 : w->cold[k].inv_mass, n);
    double scale = ccl_length(a->velocity) + ccl_length(b->velocity);
    double approach = ccl_dot(ccl_sub(a->velocity, b->velocity), n);
    if (!(f.inv_a + f.inv_b > 0.0)) {
        return;
    }
    if (scale > 0.0 && approach <= 0x1p-40 * scale && ccl_world_part_by(w, i, k, &f, scale)) {
        return;
    }
    double tc = w->collapse_time > 0.0 ? w->collapse_time : ccl_world_collapse_time(w);
    double floor =
        ccl_length(ccl_sub(ccl_body_acceleration(w, b), ccl_body_acceleration(w, a))) * tc;
    if (scale < floor && approach <= 0x1p-40 * floor) {
        ccl_world_part_by(w, i, k, &f, floor);
    }
}

/* After a collision that changed no velocity: marks circle b's course changed (its partners'
 * events stale) where the settling changed its velocity, its supports or its sleep all the same.
 * A sleeping circle kept asleep (kept) was never marked. */
static void ccl_world_count_course(ccl_body_slot *b, bool kept, ccl_vec2 velocity, uint8_t support,
                                   bool asleep) {
    if (!kept && (b->velocity.x != velocity.x || b->velocity.y != velocity.y ||
                  b->support != support || (bool)b->asleep != asleep)) {
        b->course++;
    }
}

/* One collision of circles i and k, step by step (ccl_world_collide_circles). */
typedef struct ccl_pair_hit {
    int32_t i, k;
    ccl_vec2 n;              ///< unit normal, from i to k
    double dist;             ///< distance of the centres
    double approach;         ///< approach speed along n before the collision
    bool keep_a, keep_b;     ///< sleeping circles that stay asleep and take the hit as if immovable
    bool guarded;            ///< the collapse guard made the collision elastic
    double set_restitution;  ///< the pair's restitution before the guard
    double impulse;          ///< along n, from i to k
    ccl_vec2 va, vb;         ///< velocities before
    bool unchanged;          ///< neither velocity changed
    double after;            ///< approach speed along n after the impulse
    bool impulse_lost;       ///< unchanged, or still approaching: the pair would meet again at once
    bool wedged_a, wedged_b; ///< stopped by the wedge rule (ccl_world_note_quick_collision)
    uint8_t support_a, support_b; ///< supports before the settling
    bool asleep_a, asleep_b;      ///< sleep before the settling
} ccl_pair_hit;

/* Moves both circles to the present and finds the contact normal and the approach speed. */
static void ccl_pair_meet(ccl_world *w, ccl_pair_hit *h) {
    ccl_body_slot *a = &w->bodies[h->i], *b = &w->bodies[h->k];
    ccl_body_move_to(w, a, w->time);
    ccl_body_move_to(w, b, w->time);
    ccl_vec2 d = ccl_box_separation(&w->box, a->position, b->position);
    double dist = ccl_length(d);
    /* d / dist is ccl_normalize(d) bit for bit where d needs no scaling; outside that range
     * ccl_normalize, since a subnormal dist has lost bits that the direction needs */
    h->n = dist >= 0x1p-499 && dist <= 0x1p500 ? ccl_v2(d.x / dist, d.y / dist)
           : (d.x != 0.0 || d.y != 0.0)        ? ccl_normalize(d)
                                               : ccl_normalize(ccl_sub(a->velocity, b->velocity));
    h->dist = dist;
    h->approach = ccl_dot(ccl_sub(a->velocity, b->velocity), h->n);
}

/* A sleeping circle hit gently, or into its supports, stays put; otherwise it wakes, and so do
 * the sleeping circles it holds up. */
static void ccl_pair_wake(ccl_world *w, ccl_pair_hit *h) {
    h->keep_a = ccl_world_keeps_sleeping(w, h->i, h->approach, ccl_neg(h->n));
    h->keep_b = ccl_world_keeps_sleeping(w, h->k, h->approach, h->n);
    if (w->bodies[h->i].asleep && !h->keep_a) {
        ccl_world_wake(w, h->i);
        ccl_world_wake_dependents(w, h->i);
    }
    if (w->bodies[h->k].asleep && !h->keep_b) {
        ccl_world_wake(w, h->k);
        ccl_world_wake_dependents(w, h->k);
    }
}

/* The pair's restitution, made 1 by the collapse guard (TC model) where either circle collided
 * less than tc ago and the approach is slow enough. */
static double ccl_pair_restitution(ccl_world *w, ccl_pair_hit *h, double tc) {
    const ccl_body_cold *ca = &w->cold[h->i], *cb = &w->cold[h->k];
    /* equal restitutions (the usual case) are their own geometric mean: sqrt(x * x) is x bit for
     * bit when x * x is a normal number, and the square root leaves the chain to the velocities */
    double e = ca->restitution == cb->restitution && ca->restitution >= 0x1p-500
                   ? ca->restitution
                   : ccl_restitution_mix(ca->restitution, cb->restitution);
    h->set_restitution = e;
    h->guarded = false;
    if (e < 1.0 && (w->time - ca->last_collision < tc || w->time - cb->last_collision < tc) &&
        h->approach <
            fmax(ccl_guard_speed(w, &w->bodies[h->i]), ccl_guard_speed(w, &w->bodies[h->k]))) {
        e = 1.0;
        h->guarded = true;
    }
    return e;
}

/* The impulse along n, and the velocities after it. */
static void ccl_pair_exchange(ccl_world *w, ccl_pair_hit *h) {
    ccl_body_slot *a = &w->bodies[h->i], *b = &w->bodies[h->k];
    double tc = w->collapse_time > 0.0 ? w->collapse_time : ccl_world_collapse_time(w);
    double e = ccl_pair_restitution(w, h, tc);
    double inv_a = h->keep_a ? 0.0 : w->cold[h->i].inv_mass;
    double inv_b = h->keep_b ? 0.0 : w->cold[h->k].inv_mass;
    double inv_sum = inv_a + inv_b;
    double approach = h->approach;
    double j = approach > 0.0 && inv_sum > 0.0 ? (1.0 + e) * approach / inv_sum : 0.0;
    /* Pushed together by unequal accelerations (one resting, or immovable): leave with at least
     * the speed that keeps them apart for 2 tc, so the pair cannot chatter at one instant. */
    double push =
        w->straight
            ? 0.0
            : ccl_dot(ccl_sub(ccl_body_acceleration(w, b), ccl_body_acceleration(w, a)), h->n);
    if (push < 0.0 && inv_sum > 0.0) {
        double separation = -approach + j * inv_sum;
        double needed = -push * fmax(tc, 0.0);
        if (separation < needed) {
            double extra = needed - separation;
            j += extra / inv_sum;
            ccl_world_count_push(w, inv_sum, separation, extra);
        }
    }
    if (e < 1.0 || h->guarded) {
        ccl_world_count_collision(w, &w->ledger.collision_loss, inv_sum, approach,
                                  h->set_restitution, e);
    }
    if ((h->keep_a || h->keep_b) && j != 0.0) {
        /* a sleeping circle that stays asleep takes the impulse into what holds it */
        double sign = h->keep_a ? -1.0 : 1.0;
        w->ledger.momentum_taken = ccl_mul_add(w->ledger.momentum_taken, sign * j, h->n);
    }
    h->impulse = j;
    h->va = a->velocity;
    h->vb = b->velocity;
    a->velocity = ccl_mul_add(h->va, -j * inv_a, h->n);
    b->velocity = ccl_mul_add(h->vb, j * inv_b, h->n);
    /* neither velocity changed: the impulse was lost to their rounding, or the normal's rounding
     * made the approach that the prediction saw none at all; or the velocities changed but the
     * pair still approaches along n: a tiny impulse (an inelastic pair left at a relative speed of
     * roundoff, then made elastic by the collapse guard) moved only bits far below the approach.
     * The pair would collide again at this instant, without end. Once supports and sleep are
     * settled, such a meeting is passed over where the pair's relative motion is straight. */
    h->unchanged = a->velocity.x == h->va.x && a->velocity.y == h->va.y &&
                   b->velocity.x == h->vb.x && b->velocity.y == h->vb.y;
    h->after = ccl_dot(ccl_sub(a->velocity, b->velocity), h->n);
    h->impulse_lost = h->unchanged || !(h->after < 0.0);
}

/* Counts the collision: the wedge rule, the collapse guard's times, the courses that changed, the
 * statistics. A collision that changed neither velocity leaves both courses as they were, unless
 * the settling changes them (ccl_world_count_course): the events that other circles predicted
 * with them still hold, as they must where a column of touching circles falls together. */
static void ccl_pair_account(ccl_world *w, ccl_pair_hit *h) {
    ccl_body_slot *a = &w->bodies[h->i], *b = &w->bodies[h->k];
    /* nothing wedges on straight lines (ccl_world_note_quick_collision never reports it there): no
     * count */
    h->wedged_a = !w->straight && !h->keep_a && ccl_world_note_quick_collision(w, a);
    h->wedged_b = !w->straight && !h->keep_b && ccl_world_note_quick_collision(w, b);
    h->support_a = a->support;
    h->support_b = b->support;
    h->asleep_a = a->asleep;
    h->asleep_b = b->asleep;
    if (!h->keep_a) {
        w->cold[h->i].last_collision = w->time;
        a->course += !h->unchanged;
    }
    if (!h->keep_b) {
        w->cold[h->k].last_collision = w->time;
        b->course += !h->unchanged;
    }
    w->collisions++;
    if (h->guarded) {
        ccl_world_count_guarded(w);
    }
    w->virial += h->impulse * h->dist;
}

/* Under gravity: supports, wedges and sleep after the collision (nothing rests, wedges or
 * sleeps on straight lines). */
static void ccl_pair_settle(ccl_world *w, const ccl_pair_hit *h) {
    ccl_world_settle_support(w, h->i);
    ccl_world_settle_support(w, h->k);
    if (h->wedged_a) {
        ccl_world_stop_wedged(w, h->i, false);
    }
    if (h->wedged_b) {
        ccl_world_stop_wedged(w, h->k, false);
    }
    ccl_world_try_sleep(w, h->i, CCL_SLEEP_FACTOR);
    ccl_world_try_sleep(w, h->k, CCL_SLEEP_FACTOR);
}

/* Reports the collision to whoever takes contact events. */
static ccl_status ccl_pair_report(ccl_world *w, const ccl_pair_hit *h) {
    if (!ccl_world_reports(w)) {
        return CCL_OK;
    }
    const ccl_body_slot *a = &w->bodies[h->i];
    return ccl_world_record_pair(w, CCL_CONTACT_CIRCLE, h->i, h->k,
                                 ccl_mul_add(a->position, a->radius, h->n), h->n, h->impulse);
}

/* Predicts both circles again. A meeting whose impulse was lost is passed over only where the two
 * move on a straight line relative to each other from now on: on straight lines, or under gravity
 * with the same acceleration after the collision's supports and sleep are settled. Under unequal
 * accelerations the skipped contact would be pressed deeper, and the response's own rules
 * (resting, the push that parts such pairs) decide; so too where either is asleep or immovable
 * (no acceleration), unless both have none. Judged before the settling, a pair falling side by
 * side could be passed over and then one of them come to rest: the other sank into it. Nor is an
 * impulse lost where the settling left the pair approaching faster than the impulse did (a circle
 * stopped in a wedge or put to sleep while the other still comes on, or one sliding along the
 * floor into a sleeping circle): that approach is no rounding. */
static void ccl_pair_predict(ccl_world *w, const ccl_pair_hit *h) {
    ccl_body_slot *a = &w->bodies[h->i], *b = &w->bodies[h->k];
    /* the settling undid all the impulse did: a circle resting on a wall, pushed into it by the
     * impulse, had that taken by the wall's resting rule, and the other's share rounded away */
    bool undone = !w->straight && a->velocity.x == h->va.x && a->velocity.y == h->va.y &&
                  b->velocity.x == h->vb.x && b->velocity.y == h->vb.y;
    bool impulse_lost = h->impulse_lost || undone;
    if (impulse_lost) {
        double settled = ccl_dot(ccl_sub(a->velocity, b->velocity), h->n);
        double scale = ccl_length(a->velocity) + ccl_length(b->velocity);
        impulse_lost = !(settled > fmax(h->after, 0.0) + 0x1p-50 * scale);
    }
    bool pass_over = impulse_lost && (w->straight || ccl_world_same_acceleration(w, a, b));
    if (impulse_lost && !pass_over) {
        ccl_world_part_grazing(w, h->i, h->k, h->n);
    }
    if (h->unchanged) {
        ccl_world_count_course(a, h->keep_a, h->va, h->support_a, h->asleep_a);
        ccl_world_count_course(b, h->keep_b, h->vb, h->support_b, h->asleep_b);
    }
    if (pass_over) {
        ccl_predict_pair_passing_over(w, h->i, h->k);
    } else {
        ccl_predict_pair(w, h->i, h->k);
    }
}

ccl_status ccl_world_collide_circles(ccl_world *w, int32_t i, int32_t k) {
    ccl_pair_hit h;
    h.i = i;
    h.k = k;
    ccl_pair_meet(w, &h);
    ccl_pair_wake(w, &h);
    ccl_pair_exchange(w, &h);
    ccl_pair_account(w, &h);
    if (!w->straight) {
        ccl_pair_settle(w, &h);
    }
    ccl_status status = ccl_pair_report(w, &h);
    ccl_pair_predict(w, &h);
    return status;
}

/* Bounces circle i off a fixed surface whose unit normal n points from the circle into it. */
/* Puts circle b against box wall `box_wall`, touching it. */
static void ccl_world_place_on_wall(ccl_world *w, ccl_body_slot *b, int box_wall) {
    double r = b->radius;
    if (box_wall == CCL_WALL_LEFT) {
        b->position.x = w->box.min.x + r;
    } else if (box_wall == CCL_WALL_RIGHT) {
        b->position.x = w->box.max.x - r;
    } else if (box_wall == CCL_WALL_BOTTOM) {
        b->position.y = w->box.min.y + r;
    } else {
        b->position.y = w->box.max.y - r;
    }
}

/* Bounces circle i off a fixed surface whose unit normal n points from the circle into it. */
static double ccl_world_bounce(ccl_world *w, int32_t i, ccl_vec2 n, int box_wall) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_cold *cold = &w->cold[i];
    double tc = ccl_world_collapse_time(w);
    double set = ccl_restitution_mix(w->def.restitution, cold->restitution), e = set;
    double vn = ccl_dot(b->velocity, n);
    if (e < 1.0 && w->time - cold->last_collision < tc && vn < ccl_guard_speed(w, b)) {
        e = 1.0;
        ccl_world_count_guarded(w);
    }
    if (e < 1.0 || e != set) {
        ccl_world_count_collision(w, &w->ledger.wall_loss, cold->inv_mass, vn, set, e);
    }
    double j = vn > 0.0 ? (1.0 + e) * vn : 0.0; /* velocity change along -n */
    double push = ccl_dot(ccl_body_acceleration(w, b), n);
    if (box_wall >= 0 && push > 0.0 && j - vn < ccl_rest_speed(w, b)) {
        /* too slow to leave a wall that gravity pushes it against: it rests there, the rest of
         * the bounce taken */
        ccl_vec2 before = b->velocity;
        b->velocity = ccl_mul_add(before, -j, n); /* as bounced, for the ledger */
        j = vn > 0.0 ? vn : 0.0;
        ccl_world_take_velocity(w, i, ccl_mul_add(before, -j, n), CCL_DEVICE_REST);
        b->support |= (uint8_t)(1u << box_wall);
        ccl_world_place_on_wall(w, b, box_wall);
    } else {
        if (push > 0.0 && j - vn < push * tc) {
            ccl_world_count_push(w, cold->inv_mass, j - vn, vn + push * tc - j);
            j = vn + push * tc; /* leave for at least 2 tc: no chatter at one instant */
        }
        b->velocity = ccl_mul_add(b->velocity, -j, n);
    }
    bool jammed = ccl_world_note_quick_collision(w, b);
    cold->last_collision = w->time;
    if (jammed) {
        ccl_world_stop_wedged(w, i, true);
    }
    b->course++;
    w->wall_collisions++;
    return !b->immovable ? j / ccl_body_cold_of(w, b)->inv_mass : 0.0;
}

ccl_status ccl_world_hit_wall(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_move_to(w, b, w->time);
    ccl_vec2 n, point;
    ccl_contact_kind kind;
    int other = ccl_body_cold_of(w, b)->event_partner;
    int index = other;
    if (b->event_kind == CCL_EVENT_BOX) {
        n = ccl_box_normal(index);
        point = ccl_mul_add(b->position, b->radius, n);
        kind = CCL_CONTACT_BOX;
    } else {
        /* the image that was met (its obstacle code), not the nearest: touching two images of
         * one obstacle at once, the nearest could be the other one, whose normal would let the
         * circle into the first */
        index = ccl_obstacle_code_index(other);
        ccl_segment s = ccl_obstacle_of_code(&w->obstacles, other);
        point = ccl_box_nearest_on_image(&w->box, s, ccl_obstacle_code_image(other), b->position);
        kind = b->event_kind == CCL_EVENT_SEGMENT ? CCL_CONTACT_SEGMENT : CCL_CONTACT_POINT;
        ccl_vec2 toward = ccl_sub(point, b->position);
        n = (toward.x != 0.0 || toward.y != 0.0) ? ccl_normalize(toward)
                                                 : ccl_normalize(b->velocity);
    }
    ccl_vec2 before = b->velocity;
    double impulse = ccl_world_bounce(w, i, n, kind == CCL_CONTACT_BOX ? index : -1);
    /* on straight lines, off a segment or a point at a slant, the change can round away, or the
     * approach that the prediction saw be none along the rounded normal, as between two circles:
     * the circle would meet the same obstacle at once again, without end */
    bool lost = w->straight && kind != CCL_CONTACT_BOX && b->velocity.x == before.x &&
                b->velocity.y == before.y;
    ccl_world_settle_support(w, i); /* the bounce may point it into a wall it rests on */
    ccl_world_try_sleep(w, i, 1.0);
    ccl_circle_id none = {0, 0};
    int id = kind == CCL_CONTACT_BOX ? index : ccl_obstacle_id(w, index, kind == CCL_CONTACT_POINT);
    ccl_contact_event event = {
        w->time_base + w->time, kind, ccl_world_id_of(w, i), none, id, point, n, impulse};
    ccl_status status = ccl_world_record(w, &event);
    if (lost) {
        ccl_predict_obstacle_passing_over(w, i, other);
    } else {
        ccl_predict(w, i);
    }
    return status;
}
