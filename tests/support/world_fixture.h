/* Worlds that several test programs build alike. */
#ifndef CIRCOL_TESTS_SUPPORT_WORLD_FIXTURE_H
#define CIRCOL_TESTS_SUPPORT_WORLD_FIXTURE_H

#include "test_main.h"

#include <circol/world.h>

/// A world with gravity, damping and restitution in the walled box from box_min to box_max,
/// recording its contacts; the test fails when the library refuses it.
static inline ccl_world *wt_gravity_world(ccl_vec2 gravity, double damping, double restitution,
                                          ccl_vec2 box_min, ccl_vec2 box_max) {
    ccl_world_def d = ccl_world_default_def();
    d.gravity = gravity;
    d.damping = damping;
    d.restitution = restitution;
    d.box_min = box_min;
    d.box_max = box_max;
    d.record_contacts = true;
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(&d, &w), CCL_OK);
    return w;
}

#endif
