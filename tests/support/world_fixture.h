/* Worlds that several test programs build alike. */
#ifndef CIRCOL_TESTS_SUPPORT_WORLD_FIXTURE_H
#define CIRCOL_TESTS_SUPPORT_WORLD_FIXTURE_H

#include "test_main.h"
#include "world_cases.h"

#include <circol/world.h>

/// The default world definition with gravity, damping and restitution in the walled box from
/// box_min to box_max.
static inline ccl_world_def wt_gravity_def(ccl_vec2 gravity, double damping, double restitution,
                                           ccl_vec2 box_min, ccl_vec2 box_max) {
    ccl_world_def d = ccl_world_default_def();
    d.gravity = gravity;
    d.damping = damping;
    d.restitution = restitution;
    d.box_min = box_min;
    d.box_max = box_max;
    return d;
}

/// A world with gravity, damping and restitution in the walled box from box_min to box_max,
/// recording its contacts; the test fails when the library refuses it.
static inline ccl_world *wt_gravity_world(ccl_vec2 gravity, double damping, double restitution,
                                          ccl_vec2 box_min, ccl_vec2 box_max) {
    ccl_world_def d = wt_gravity_def(gravity, damping, restitution, box_min, box_max);
    d.record_contacts = true;
    return wc_create(&d);
}

#endif
