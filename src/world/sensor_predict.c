/* Sensors' events: a sensor pair's next event is its swept entry while it is not listed as
 * touching, its exit while it is (world/sensor_predict.h). */
#include "world/sensor_predict.h"

#include "world/motion.h"
#include "world/sensor_touch.h"
#include "world/touch.h"
#include "world/world.h"

/* A pair found overlapping by more than this fraction of its contact distance squared, and not
 * listed, begins to touch at once even if it recedes: it was put there (added, moved, allowed by a
 * filter). Less is the rounding of an exit just reported, which must not begin again. */
#define CCL_SENSOR_DEPTH 0x1p-30

double ccl_sensor_exit(ccl_vec2 dp, ccl_vec2 dv, double R) {
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

void ccl_sensor_relative(const ccl_world *w, int32_t i, int32_t k, ccl_vec2 shift, ccl_vec2 *dp,
                         ccl_vec2 *dv) {
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
