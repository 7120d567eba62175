/* Sensors: a sensor and a circle report the entry and the exit of their swept test instead of
 * colliding (circol/game.h). The pairs touching now are listed in the world; a pair's next event
 * is its entry when it is not listed, its exit when it is. */
#include "world/sensor.h"

#include "circol/game.h"
#include "world/body.h"
#include "world/events.h"
#include "world/filter.h"
#include "world/motion.h"
#include "world/predict.h"
#include "world/touch.h"
#include "world/world.h"

/* A pair found overlapping by more than this fraction of its contact distance squared, and not
 * listed, begins to touch at once even if it recedes: it was put there (added, moved, allowed by a
 * filter). Less is the rounding of an exit just reported, which must not begin again. */
#define CCL_SENSOR_DEPTH 0x1p-30

/* Where the touch of sensor s and circle o is listed, or -1. */
static int32_t ccl_touch_find(const ccl_world *w, int32_t s, int32_t o) {
    for (int32_t m = 0; m < w->touch_count; ++m) {
        if (w->touches[m].sensor == s && w->touches[m].other == o) {
            return m;
        }
    }
    return -1;
}

static void ccl_touch_remove(ccl_world *w, int32_t m) {
    w->touches[m] = w->touches[--w->touch_count];
}

static ccl_status ccl_touch_add(ccl_world *w, int32_t s, int32_t o) {
    if ((size_t)w->touch_count == w->touch_capacity) {
        size_t cap = w->touch_capacity > 0 ? 2 * w->touch_capacity : 16;
        ccl_sensor_touch *t = ccl_memory_alloc(&w->memory, cap * sizeof(ccl_sensor_touch));
        if (t == NULL) {
            return CCL_ERR_OUT_OF_MEMORY;
        }
        for (int32_t m = 0; m < w->touch_count; ++m) {
            t[m] = w->touches[m];
        }
        ccl_memory_free(&w->memory, w->touches, w->touch_capacity * sizeof(ccl_sensor_touch));
        w->touches = t;
        w->touch_capacity = cap;
    }
    w->touches[w->touch_count++] = (ccl_sensor_touch){s, o};
    return CCL_OK;
}

/* The exit u of a pair listed as touching (relative position dp, velocity dv, contact distance
 * R): the later root of |dp + dv u| = R, 0 where the pair is apart and not approaching or only
 * grazes, INFINITY where it never parts. */
static double ccl_sensor_exit(ccl_vec2 dp, ccl_vec2 dv, double R) {
    double a = ccl_dot(dv, dv);
    double b = ccl_dot(dv, dp);
    double c = ccl_dot(dp, dp) - R * R;
    if (!(a > 0.0)) {
        return c > 0.0 ? 0.0 : INFINITY;
    }
    if (c > 0.0 && !(b < 0.0)) {
        return 0.0;
    }
    double wr = sqrt(a) * R, k = fabs(ccl_cross(dv, dp));
    if (!(k < wr)) {
        return 0.0; /* passing wide, or grazing: parted already */
    }
    double root = sqrt(wr - k) * sqrt(wr + k);
    /* the later root without cancellation: q / a where -b and root add, else c / q */
    double u = b <= 0.0 ? (root - b) / a : -c / (b + root);
    return u > 0.0 ? u : 0.0;
}

/* The relative motion of circle k (shifted by shift) seen from circle i, now. */
static void ccl_sensor_relative(const ccl_world *w, int32_t i, int32_t k, ccl_vec2 shift,
                                ccl_vec2 *dp, ccl_vec2 *dv) {
    ccl_vec2 pi, vi, pk, vk;
    ccl_body_state_at(w, &w->bodies[i], w->time, &pi, &vi);
    ccl_body_state_at(w, &w->bodies[k], w->time, &pk, &vk);
    *dp = ccl_sub(ccl_add(pk, shift), pi);
    *dv = ccl_sub(vk, vi);
}

/* The next event u of the sensor pair (i, k): its exit when listed, else its entry. */
static double ccl_sensor_next(const ccl_world *w, int32_t i, int32_t k, ccl_vec2 shift,
                              double u_max) {
    ccl_vec2 dp, dv;
    ccl_sensor_relative(w, i, k, shift, &dp, &dv);
    double R = w->bodies[i].radius + w->bodies[k].radius;
    int32_t s = w->bodies[i].sensor ? i : k, o = s == i ? k : i;
    if (ccl_touch_find(w, s, o) >= 0) {
        return ccl_sensor_exit(dp, dv, R);
    }
    if (ccl_dot(dp, dp) - R * R < -CCL_SENSOR_DEPTH * R * R) {
        return 0.0;
    }
    double u = ccl_straight_entry(dp, dv, R, u_max);
    return u <= u_max ? u : INFINITY;
}

void ccl_sensor_consider(const ccl_world *w, int32_t i, int32_t k, ccl_vec2 shift, int32_t exclude,
                         ccl_candidate *best) {
    if (w->bodies[i].sensor && w->bodies[k].sensor) {
        return; /* sensors ignore each other */
    }
    double u = ccl_sensor_next(w, i, k, shift, best->u);
    if (!(k == exclude && ccl_at_once(w, u))) {
        ccl_consider(best, u, CCL_EVENT_CIRCLE, k, w->bodies[k].course);
    }
}

/* Reports a touch's beginning or end: a is the sensor, b the circle, the normal from a to b. */
static ccl_status ccl_sensor_report(ccl_world *w, int32_t s, int32_t o, ccl_contact_kind kind) {
    if (!ccl_world_reports(w)) {
        return CCL_OK;
    }
    ccl_vec2 ps, vs, po, vo;
    ccl_body_state_at(w, &w->bodies[s], w->time, &ps, &vs);
    ccl_body_state_at(w, &w->bodies[o], w->time, &po, &vo);
    ccl_vec2 d = ccl_box_separation(&w->box, ps, po);
    ccl_vec2 n = d.x != 0.0 || d.y != 0.0 ? ccl_normalize(d) : ccl_v2(1.0, 0.0);
    ccl_contact_event event = {w->time_base + w->time,
                               kind,
                               ccl_world_id_of(w, s),
                               ccl_world_id_of(w, o),
                               -1,
                               ccl_mul_add(ps, w->bodies[s].radius, n),
                               n,
                               0.0};
    return ccl_world_record(w, &event);
}

ccl_status ccl_world_sensor_event(ccl_world *w, int32_t i, int32_t k) {
    int32_t s = w->bodies[i].sensor ? i : k, o = s == i ? k : i;
    int32_t m = ccl_touch_find(w, s, o);
    ccl_status status = CCL_OK;
    if (m >= 0) {
        ccl_touch_remove(w, m);
        status = ccl_sensor_report(w, s, o, CCL_CONTACT_SENSOR_END);
        ccl_predict_pair_passing_over(w, i, k); /* no new entry at the exit's instant */
        return status;
    }
    ccl_vec2 dp, dv;
    ccl_vec2 shift = ccl_v2(0.0, 0.0);
    ccl_sensor_relative(w, s, o, shift, &dp, &dv);
    dp = ccl_box_separation(&w->box, ccl_v2(0.0, 0.0), dp); /* the nearest image */
    double exit = ccl_sensor_exit(dp, dv, w->bodies[s].radius + w->bodies[o].radius);
    if (ccl_at_once(w, exit)) {
        ccl_predict_pair_passing_over(w, i, k); /* a graze: no touch */
        return CCL_OK;
    }
    status = ccl_touch_add(w, s, o);
    if (status == CCL_OK) {
        status = ccl_sensor_report(w, s, o, CCL_CONTACT_SENSOR_BEGIN);
    }
    ccl_predict_pair(w, i, k);
    return status;
}

static void ccl_sensor_drop(ccl_world *w, int32_t i) {
    for (int32_t m = 0; m < w->touch_count;) {
        if (w->touches[m].sensor == i || w->touches[m].other == i) {
            ccl_touch_remove(w, m);
        } else {
            ++m;
        }
    }
}

void ccl_sensor_forget(ccl_world *w, int32_t i) {
    ccl_sensor_drop(w, i);
    if (w->bodies[i].sensor) {
        w->bodies[i].sensor = 0;
        w->sensor_count--;
        ccl_world_count_checks(w);
    }
}

void ccl_sensor_drop_filtered(ccl_world *w, int32_t i) {
    for (int32_t m = 0; m < w->touch_count;) {
        const ccl_sensor_touch *t = &w->touches[m];
        if ((t->sensor == i || t->other == i) && !ccl_filter_pass(w, t->sensor, t->other)) {
            ccl_touch_remove(w, m);
        } else {
            ++m;
        }
    }
}

ccl_status ccl_world_set_sensor(ccl_world *w, ccl_circle_id id, bool sensor) {
    if (w == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    int32_t i;
    ccl_status status = ccl_world_slot_to_change(w, id, &i);
    if (status != CCL_OK) {
        return status;
    }
    if (sensor && !w->straight && w->def.damping == 0.0) {
        return CCL_ERR_UNSUPPORTED; /* under gravity a pair's exit is a quartic's root */
    }
    if ((bool)w->bodies[i].sensor == sensor) {
        return CCL_OK;
    }
    if (!sensor) {
        ccl_sensor_drop(w, i);
    }
    w->bodies[i].sensor = sensor;
    w->bodies[i].course++;
    w->sensor_count += sensor ? 1 : -1;
    ccl_world_count_checks(w);
    w->repredict_pending = true;
    return CCL_OK;
}
