/* Sleep under gravity: pockets, falling asleep and waking. */

#include "core/constants.h"
#include "world/guard.h"
#include "world/ledger.h"
#include "world/motion.h"
#include "world/neighbours.h"
#include "world/predict.h"
#include "world/sleep.h"
#include "world/world.h"

void ccl_world_wake(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    if (b->asleep) {
        b->asleep = 0;
        b->time = w->time;
        b->course++;
    }
}

/* What touches a circle: unit directions to the fixed things (walls, obstacles, immovable and
 * sleeping circles), and the slow moving circles it might come to rest with. */
typedef struct ccl_pocket {
    int32_t self;
    double radius, gap;
    double slow; ///< moving circles slower than this are recorded as partners (0: none are)
    int count, partner_count;
    uint32_t fixed; ///< bit p: normal[p] is a wall, an obstacle or an immovable circle
    ccl_vec2 normal[CCL_POCKET_MAX + CCL_PARTNER_MAX]; ///< room for partners under trial
    int32_t partner[CCL_PARTNER_MAX];
    ccl_vec2 partner_normal[CCL_PARTNER_MAX];
} ccl_pocket;

/* Records a fixed thing in direction n; `for_good` when it is a wall, an obstacle or an
 * immovable circle (not a sleeping one, which a push can move). */
static void ccl_pocket_add(ccl_pocket *pk, ccl_vec2 n, bool for_good) {
    if (pk->count < CCL_POCKET_MAX) {
        pk->fixed |= (uint32_t)for_good << pk->count;
        pk->normal[pk->count++] = n;
    }
}

static void ccl_pocket_collect(const ccl_world *w, int32_t k, ccl_vec2 offset, void *ctx) {
    ccl_pocket *pk = ctx;
    const ccl_body_slot *o = &w->bodies[k];
    double dist = ccl_length(offset);
    if (k == pk->self || !(dist > 0.0) || dist - (pk->radius + o->radius) > pk->gap) {
        return;
    }
    ccl_vec2 n = ccl_v2(offset.x / dist, offset.y / dist);
    if (o->asleep || o->immovable) {
        ccl_pocket_add(pk, n, o->immovable && !o->kinematic); /* a kinematic one may move off */
        return;
    }
    ccl_vec2 p, v;
    ccl_body_state_at(w, o, w->time, &p, &v);
    if (ccl_length_sq(v) < pk->slow * pk->slow && ccl_body_cold_of(w, o)->restitution < 1.0 &&
        pk->partner_count < CCL_PARTNER_MAX) {
        pk->partner[pk->partner_count] = k;
        pk->partner_normal[pk->partner_count++] = n;
    }
}

/* What touches circle i at the world's time (i must be there already); moving circles slower
 * than `slow` are recorded as partners. */
static void ccl_world_find_supports(const ccl_world *w, int32_t i, double slow, ccl_pocket *pk) {
    const ccl_body_slot *b = &w->bodies[i];
    pk->self = i;
    pk->slow = slow;
    pk->radius = b->radius;
    pk->gap = fmax(CCL_SLEEP_GAP * b->radius, ccl_world_resolution(w));
    pk->count = pk->partner_count = 0;
    pk->fixed = 0;
    if (!w->box.periodic) {
        double room[4] = {
            b->position.x - b->radius - w->box.min.x, w->box.max.x - b->radius - b->position.x,
            b->position.y - b->radius - w->box.min.y, w->box.max.y - b->radius - b->position.y};
        for (int k = 0; k < 4; ++k) {
            if ((b->support & (1u << k)) || room[k] <= pk->gap) {
                ccl_pocket_add(pk, ccl_box_normal(k), true);
            }
        }
    }
    if (w->grid.obstacle_start != NULL && b->link.cell >= 0) {
        const int32_t *item, *end;
        ccl_grid_obstacles_in(&w->grid, b->link.cell, &item, &end);
        for (; item < end; ++item) {
            ccl_segment s = ccl_obstacle_of_code(&w->obstacles, *item);
            ccl_vec2 toward = ccl_sub(ccl_box_nearest_on(&w->box, s, b->position), b->position);
            double dist = ccl_length(toward);
            if (dist > 0.0 && dist - b->radius <= pk->gap) {
                ccl_pocket_add(pk, ccl_v2(toward.x / dist, toward.y / dist), true);
            }
        }
    }
    ccl_world_each_neighbour(w, b->position, ccl_pocket_collect, pk);
}

/* True when the fixed things hold against a push along unit direction d: d points straight
 * into one of them, or between two of them (a non-negative combination of their normals).
 * Partners whose flag in `with` is set count as fixed too (`with` may be NULL). */
static bool ccl_pocket_resists(ccl_pocket *pk, ccl_vec2 d, const bool *with) {
    int count = pk->count;
    for (int m = 0; with != NULL && m < pk->partner_count; ++m) {
        if (with[m]) {
            pk->normal[count++] = pk->partner_normal[m];
        }
    }
    for (int p = 0; p < count; ++p) {
        ccl_vec2 np = pk->normal[p];
        if (ccl_dot(np, d) >= 1.0 - 1e-9) {
            return true;
        }
        for (int q = p + 1; q < count; ++q) {
            ccl_vec2 nq = pk->normal[q];
            double det = ccl_cross(np, nq);
            if (fabs(det) < 1e-12) {
                continue;
            }
            double a = ccl_cross(d, nq) / det, c = ccl_cross(np, d) / det;
            if (a >= 0.0 && c >= 0.0) {
                return true;
            }
        }
    }
    return false;
}

/* ccl_pocket_resists with only the things fixed for good (walls, obstacles, immovable circles):
 * sleeping circles, which a push moves, do not count. */
static bool ccl_pocket_resists_for_good(const ccl_pocket *pk, ccl_vec2 d) {
    ccl_pocket fixed = *pk;
    fixed.count = fixed.partner_count = 0;
    for (int p = 0; p < pk->count; ++p) {
        if (pk->fixed & (1u << p)) {
            fixed.normal[fixed.count++] = pk->normal[p];
        }
    }
    return ccl_pocket_resists(&fixed, d, NULL);
}

/* Whether putting circle b (pocket pk) to sleep keeps the momentum that physics keeps. Only
 * walls, obstacles and immovable circles take up motion across gravity (a sleeping circle pushed
 * sideways moves: a floor is frictionless), so the velocity's part across gravity must point into
 * them, or be slower than CCL_SLEEP_SLIDE rest speeds (what sleep may take); the part along
 * gravity goes down into the supports that hold b. */
static bool ccl_world_sleep_keeps_momentum(const ccl_world *w, const ccl_body_slot *b,
                                           const ccl_pocket *pk) {
    ccl_vec2 down = ccl_normalize(w->def.gravity);
    ccl_vec2 across = ccl_mul_add(b->velocity, -ccl_dot(b->velocity, down), down);
    double slide = CCL_SLEEP_SLIDE * ccl_rest_speed(w, b);
    if (ccl_length_sq(across) < slide * slide) {
        return true;
    }
    return ccl_pocket_resists_for_good(pk, ccl_normalize(across));
}

bool ccl_world_may_stop(const ccl_world *w, int32_t i) {
    const ccl_body_slot *b = &w->bodies[i];
    ccl_pocket pk;
    ccl_world_find_supports(w, i, 0.0, &pk);
    return ccl_world_sleep_keeps_momentum(w, b, &pk);
}

bool ccl_world_is_held(const ccl_world *w, int32_t i) {
    if (w->def.gravity.x == 0.0 && w->def.gravity.y == 0.0) {
        return true;
    }
    ccl_pocket pk;
    ccl_world_find_supports(w, i, 0.0, &pk);
    return ccl_pocket_resists(&pk, ccl_normalize(w->def.gravity), NULL);
}

bool ccl_world_blocks_motion(const ccl_world *w, int32_t i) {
    ccl_vec2 v = w->bodies[i].velocity;
    if (v.x == 0.0 && v.y == 0.0) {
        return false;
    }
    ccl_pocket pk;
    ccl_world_find_supports(w, i, 0.0, &pk);
    return ccl_pocket_resists(&pk, ccl_normalize(v), NULL);
}

/* True when gravity may put circle b to sleep (an inelastic movable circle under gravity). */
static bool ccl_world_can_sleep(const ccl_world *w, const ccl_body_slot *b) {
    ccl_vec2 g = w->def.gravity;
    return !b->asleep && !b->immovable && ccl_body_cold_of(w, b)->restitution < 1.0 &&
           w->def.damping == 0.0 && (g.x != 0.0 || g.y != 0.0);
}

static void ccl_world_fall_asleep(ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_world_take_velocity(w, i, ccl_v2(0.0, 0.0), CCL_DEVICE_SLEEP);
    b->asleep = 1;
    b->quick_collisions = 0;
}

/* Slow circles that may fall asleep together: each one's slot and what touches it. */
typedef struct ccl_sleep_group {
    int n;
    int32_t member[CCL_GROUP_MAX];
    ccl_pocket pocket[CCL_GROUP_MAX];
    bool in[CCL_GROUP_MAX]; ///< still held by the rest of the group
} ccl_sleep_group;

/* Gathers the slow circles touching the group's first member, and those touching them, up to
 * CCL_GROUP_MAX (each moved to the present). */
static void ccl_sleep_group_gather(ccl_world *w, ccl_sleep_group *gr, double factor) {
    for (int g = 0; g < gr->n; ++g) {
        for (int m = 0; m < gr->pocket[g].partner_count && gr->n < CCL_GROUP_MAX; ++m) {
            int32_t k = gr->pocket[g].partner[m];
            bool known = false;
            for (int h = 0; h < gr->n && !known; ++h) {
                known = gr->member[h] == k;
            }
            if (known || !ccl_world_can_sleep(w, &w->bodies[k])) {
                continue;
            }
            ccl_body_move_to(w, &w->bodies[k], w->time);
            ccl_world_find_supports(w, k, factor * ccl_rest_speed(w, &w->bodies[k]),
                                    &gr->pocket[gr->n]);
            gr->member[gr->n++] = k;
        }
    }
}

/* Drops members the rest cannot hold against gravity (down) until every one left is held, or
 * the first is dropped. */
static void ccl_sleep_group_settle(ccl_sleep_group *gr, ccl_vec2 down) {
    for (int g = 0; g < gr->n; ++g) {
        gr->in[g] = true;
    }
    for (bool changed = true; changed && gr->in[0];) {
        changed = false;
        for (int g = 0; g < gr->n; ++g) {
            if (!gr->in[g]) {
                continue;
            }
            ccl_pocket *pk = &gr->pocket[g];
            bool with[CCL_PARTNER_MAX];
            for (int m = 0; m < pk->partner_count; ++m) {
                with[m] = false;
                for (int h = 0; h < gr->n; ++h) {
                    with[m] = with[m] || (gr->in[h] && gr->member[h] == pk->partner[m]);
                }
            }
            if (!ccl_pocket_resists(pk, down, with)) {
                gr->in[g] = false;
                changed = true;
            }
        }
    }
}

void ccl_world_try_sleep(ccl_world *w, int32_t i, double factor) {
    ccl_body_slot *b = &w->bodies[i];
    if (!ccl_world_can_sleep(w, b)) {
        return;
    }
    double limit = factor * ccl_rest_speed(w, b);
    if (!(ccl_length_sq(b->velocity) < limit * limit)) {
        return;
    }
    ccl_vec2 down = ccl_normalize(w->def.gravity);
    ccl_sleep_group gr;
    ccl_world_find_supports(w, i, limit, &gr.pocket[0]);
    if (ccl_pocket_resists(&gr.pocket[0], down, NULL)) {
        ccl_world_fall_asleep(w, i);
        return;
    }
    gr.member[0] = i;
    gr.n = 1;
    ccl_sleep_group_gather(w, &gr, factor);
    if (gr.n == 1) {
        return;
    }
    ccl_sleep_group_settle(&gr, down);
    if (!gr.in[0]) {
        return;
    }
    ccl_world_fall_asleep(w, i);
    for (int g = 1; g < gr.n; ++g) {
        if (gr.in[g]) {
            ccl_body_slot *o = &w->bodies[gr.member[g]];
            ccl_world_fall_asleep(w, gr.member[g]);
            o->course++;
            ccl_predict(w, gr.member[g]);
        }
    }
}

/* Wakes every sleeping circle (the wake-up stack overflowed); all are predicted again. */
static void ccl_world_wake_all(ccl_world *w) {
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && w->bodies[i].asleep) {
            ccl_world_wake(w, i);
        }
    }
    w->repredict_pending = true;
}

typedef struct ccl_wake_scan {
    double radius, gap;
    int32_t stack[CCL_WAKE_STACK];
    int32_t count;
    bool overflow;
} ccl_wake_scan;

/* Collects the movable sleeping circles touching the scanned one. */
static void ccl_wake_collect(const ccl_world *w, int32_t k, ccl_vec2 offset, void *ctx) {
    ccl_wake_scan *scan = ctx;
    const ccl_body_slot *o = &w->bodies[k];
    if (!o->asleep || o->immovable) {
        return;
    }
    double reach = scan->radius + o->radius + scan->gap;
    if (ccl_length_sq(offset) > reach * reach) {
        return;
    }
    if (scan->count < CCL_WAKE_STACK) {
        scan->stack[scan->count++] = k;
    } else {
        scan->overflow = true;
    }
}

void ccl_world_wake_dependents(ccl_world *w, int32_t i) {
    ccl_vec2 g = w->def.gravity;
    if (g.x == 0.0 && g.y == 0.0) {
        return;
    }
    if (w->repredict_pending) {
        ccl_world_wake_all(w); /* the grid may be stale: wake everyone, all are predicted anew */
        return;
    }
    ccl_wake_scan scan;
    scan.count = 1;
    scan.overflow = false;
    scan.stack[0] = i;
    scan.gap = fmax(CCL_SLEEP_GAP * 2.0 * w->grid.max_radius, ccl_world_resolution(w));
    bool first = true;
    while (scan.count > 0) {
        int32_t k = scan.stack[--scan.count];
        scan.radius = w->bodies[k].radius;
        int32_t found = scan.count;
        ccl_world_each_neighbour(w, w->bodies[k].position, ccl_wake_collect, &scan);
        if (scan.overflow) {
            ccl_world_wake_all(w);
            return;
        }
        int32_t kept = found;
        for (int32_t m = found; m < scan.count; ++m) {
            int32_t o = scan.stack[m];
            if (!w->bodies[o].asleep) {
                continue; /* woken earlier in this scan */
            }
            if (!ccl_world_is_held(w, o)) {
                ccl_world_wake(w, o);
                scan.stack[kept++] = o;
            }
        }
        scan.count = kept;
        if (!first) {
            ccl_predict(w, k);
        }
        first = false;
    }
}

bool ccl_world_keeps_sleeping_hit(ccl_world *w, int32_t i, double approach, ccl_vec2 d) {
    if (!(approach > 0.0)) {
        return true; /* no approach: nothing is exchanged */
    }
    if (!(ccl_dot(d, w->def.gravity) > 0.0)) {
        return false;
    }
    if (approach < CCL_WAKE_FACTOR * ccl_rest_speed(w, &w->bodies[i])) {
        return true;
    }
    ccl_pocket pk;
    ccl_world_find_supports(w, i, 0.0, &pk);
    return ccl_pocket_resists(&pk, d, NULL);
}
