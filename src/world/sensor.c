/* Sensors: a sensor and a circle report the entry and the exit of their swept test instead of
 * colliding (circol/game.h). The pairs touching now are listed (world/sensor_touch.h); when their
 * events come is world/sensor_predict.c's. */
#include "world/sensor.h"

#include "circol/game.h"
#include "world/body.h"
#include "world/growth.h"
#include "world/events.h"
#include "world/filter.h"
#include "world/motion.h"
#include "world/predict.h"
#include "world/sensor_predict.h"
#include "world/sensor_touch.h"
#include "world/world.h"

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

void ccl_sensor_forget(ccl_world *w, int32_t i) {
    ccl_touch_drop(w, i);
    if (w->bodies[i].sensor) {
        w->bodies[i].sensor = 0;
        w->sensor_count--;
        ccl_world_count_checks(w);
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
    bool gravity = w->def.gravity.x != 0.0 || w->def.gravity.y != 0.0;
    if (sensor && (gravity || ccl_world_growing(w))) {
        /* under gravity a pair's exit is a quartic's root (with damping, not a polynomial's);
         * growing radii keep to pairs that collide */
        return CCL_ERR_UNSUPPORTED;
    }
    if ((bool)w->bodies[i].sensor == sensor) {
        return CCL_OK;
    }
    if (!sensor) {
        ccl_touch_drop(w, i);
    }
    w->bodies[i].sensor = sensor;
    w->bodies[i].course++;
    w->sensor_count += sensor ? 1 : -1;
    ccl_world_count_checks(w);
    w->repredict_pending = true;
    return CCL_OK;
}
