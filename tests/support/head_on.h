/* The head-on step of two bodies of equal mass with e = 1 along the x axis, checked against its
 * closed form: they meet at the time given, swap their velocities, and move on from their impact
 * positions at the swapped velocities for the rest of the interval. */
#ifndef CIRCOL_TESTS_SUPPORT_HEAD_ON_H
#define CIRCOL_TESTS_SUPPORT_HEAD_ON_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <circol/response.h>

/// Fails unless got is within tol of want, relative to the larger of |want| and 1 (tol 0: equal).
static inline void assert_close(double got, double want, double tol) {
    double scale = fmax(1.0, fabs(want));
    if (!(fabs(got - want) <= tol * scale)) {
        fail_msg("got %.17g, want %.17g (tolerance %g)", got, want, tol);
    }
}

/// Steps a and b (equal masses, e = 1, head on along x, a on the left) over dt with ccl_step_pair
/// and checks, each within tol, that they meet at t, swap their velocities and end at their impact
/// positions plus the swapped velocities times the rest of the interval. Returns the hit.
static inline ccl_hit check_head_on_step(ccl_body a, ccl_body b, double dt, double t, double tol) {
    const double va = a.velocity.x, vb = b.velocity.x;
    const double xa = a.position.x + va * t, xb = b.position.x + vb * t; /* at the impact */
    ccl_hit hit;
    assert_true(ccl_step_pair(&a, &b, dt, &hit));
    assert_close(hit.t, t, tol);
    assert_close(a.velocity.x, vb, tol);
    assert_close(b.velocity.x, va, tol);
    assert_close(a.position.x, xa + vb * (dt - t), tol);
    assert_close(b.position.x, xb + va * (dt - t), tol);
    return hit;
}

#endif
