/* The energy ledger. */

#include "world/ledger.h"

void ccl_world_take_velocity(ccl_world *w, int32_t i, ccl_vec2 v, ccl_device device) {
    ccl_body_slot *b = &w->bodies[i];
    double inv_mass = w->cold[i].inv_mass;
    if (!(inv_mass > 0.0)) {
        b->velocity = v;
        return;
    }
    double m = 1.0 / inv_mass;
    double taken = 0.5 * m * (ccl_length_sq(b->velocity) - ccl_length_sq(v));
    ccl_world_ledger *l = &w->ledger;
    l->momentum_taken = ccl_mul_add(l->momentum_taken, m, ccl_sub(b->velocity, v));
    if (device == CCL_DEVICE_REST) {
        l->rest_taken += taken;
        l->rest_stops++;
    } else if (device == CCL_DEVICE_WEDGE) {
        l->wedge_taken += taken;
        l->wedge_stops++;
    } else {
        l->sleep_taken += taken;
        l->sleeps++;
    }
    b->velocity = v;
}

void ccl_world_count_collision(ccl_world *w, double *loss, double inv_sum, double approach,
                               double set, double e) {
    if (!(inv_sum > 0.0) || !(approach > 0.0)) {
        return;
    }
    double normal = 0.5 * approach * approach / inv_sum;
    *loss += (1.0 - e * e) * normal;
    if (e != set) {
        w->ledger.guard_kept += (e * e - set * set) * normal;
    }
}

void ccl_world_count_push(ccl_world *w, double inv_sum, double away, double extra) {
    if (inv_sum > 0.0 && extra > 0.0) {
        w->ledger.push_added += 0.5 * ((away + extra) * (away + extra) - away * away) / inv_sum;
    }
}
