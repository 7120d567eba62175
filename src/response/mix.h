/* The restitution of a pair of bodies: the one formula every caller uses. */
#ifndef CIRCOL_RESPONSE_MIX_H
#define CIRCOL_RESPONSE_MIX_H

#include <math.h>

/// The coefficient of restitution of a contact between bodies of restitutions ea and eb, both
/// in [0, 1]: sqrt(ea eb), so that 1 with 1 is elastic and 0 with anything perfectly inelastic.
static inline double ccl_restitution_mix(double ea, double eb) {
    return sqrt(ea * eb);
}

#endif
