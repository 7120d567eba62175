/* Worlds and world definitions that many test programs build alike. */
#ifndef CIRCOL_TESTS_SUPPORT_WORLD_CASES_H
#define CIRCOL_TESTS_SUPPORT_WORLD_CASES_H

#include "test_main.h"

#include <circol/world.h>
#include <circol/world3d.h>

/// The world d describes; the test fails when the library refuses it.
static inline ccl_world *wc_create(const ccl_world_def *d) {
    ccl_world *w = NULL;
    assert_int_equal(ccl_world_create(d, &w), CCL_OK);
    return w;
}

/// The 3D world d describes; the test fails when the library refuses it.
static inline ccl_world3d *wc_create3(const ccl_world3d_def *d) {
    ccl_world3d *w = NULL;
    assert_int_equal(ccl_world3d_create(d, &w), CCL_OK);
    return w;
}

/// The default world definition with the box from the origin to (side, side) and the given
/// boundary.
static inline ccl_world_def wc_square_def(double side, ccl_boundary boundary) {
    ccl_world_def d = ccl_world_default_def();
    d.box_max = ccl_v2(side, side);
    d.boundary = boundary;
    return d;
}

#endif
