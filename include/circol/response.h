/* circol: collision response. Pure functions: impulse exchange, reflection, and the seed's whole
 * "detect, move to impact, react, move on" step. */
#ifndef CIRCOL_RESPONSE_H
#define CIRCOL_RESPONSE_H

#include <stdbool.h>

#include "collision.h"
#include "math.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A rigid disk for the response functions. inv_mass 0 means immovable (a negative inv_mass
/// gives no response); restitution in [0, 1] (a value outside is clamped to it).
typedef struct ccl_body {
    ccl_vec2 position, velocity;
    double radius, inv_mass, restitution;
} ccl_body;

/// The impulse magnitude j >= 0 that ccl_collide would apply (to b along normal, to a against
/// it): j = (1 + e) (va - vb) . n / (inv_mass_a + inv_mass_b), e = sqrt(ea * eb). 0 when the
/// bodies are not approaching along normal, both are immovable, any input is not finite, or j
/// itself is beyond DBL_MAX. Intermediates that overflow are redone at 2^-3 of the velocities
/// (exact but for components below 2^-1019, which lose bits to it; such a redo needs others
/// near DBL_MAX), so any j below DBL_MAX is returned.
double ccl_impulse(const ccl_body *a, const ccl_body *b, ccl_vec2 normal);

/// Exchanges that impulse along normal (unit, from a toward b). Bodies that are already
/// separating, two immovable bodies, or non-finite input are left unchanged, and so are bodies
/// whose new velocities would be beyond DBL_MAX (never inf); new velocities below it are
/// returned even where the speed of approach overflows (computed at 2^-3 of the size).
void ccl_collide(ccl_body *a, ccl_body *b, ccl_vec2 normal);

/// The velocity after bouncing off a fixed surface with unit normal n (either sign):
/// v - (1 + e) (v . n) n. The normal part is reversed and scaled by e, the tangential part kept;
/// e = 1 keeps the speed (seed 003); e outside [0, 1] is clamped to it. Non-finite input returns v
/// unchanged, and so does a result beyond DBL_MAX (never inf); results below it are returned
/// whatever the intermediates.
ccl_vec2 ccl_reflect(ccl_vec2 v, ccl_vec2 normal, double restitution);

/// The source documents' whole step over [0, dt]: detect the first contact, move both bodies to
/// it, exchange the impulse, and move on with the new velocities for the rest of dt. Without a
/// contact both just move for dt. Returns true if they collided; hit (may be NULL) gets the
/// contact at the time of impact. Bodies already touching or overlapping at t = 0 collide at
/// t = 0 (true, with no impulse when they are separating). A negative or non-finite dt, or a
/// non-finite body, changes nothing and returns false.
bool ccl_step_pair(ccl_body *a, ccl_body *b, double dt, ccl_hit *hit);

#ifdef __cplusplus
}
#endif

#endif
