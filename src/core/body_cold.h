/* The cold half of a body's state, in both worlds: what a collision or the body's own event reads,
 * kept in an array beside the hot slots. */
#ifndef CIRCOL_CORE_BODY_COLD_H
#define CIRCOL_CORE_BODY_COLD_H

#include <stdint.h>

/// The rest of a circle's or a sphere's state, read when it collides or its event comes up (32
/// bytes, in an array beside the slots: ccl_world's cold, ccl_world3d's cold).
typedef struct ccl_body_cold {
    double inv_mass; ///< 0 for immovable
    double restitution;
    double last_collision; ///< internal time of its last collision (collapse guard)
    int32_t event_partner; ///< what its next event meets: see ccl_event_kind, ccl_event3_kind
    uint32_t event_partner_course;
} ccl_body_cold;
_Static_assert(sizeof(ccl_body_cold) == 32, "two cold halves share a cache line, none straddles");

#endif
