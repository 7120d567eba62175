/* Where a world's motion law is chosen. */
#include "world/motion.h"

const ccl_motion_law *ccl_motion_law_of(const ccl_world_def *def) {
    bool gravity = def->gravity.x != 0.0 || def->gravity.y != 0.0;
    if (def->damping > 0.0) {
        return gravity ? &ccl_motion_gravity_damped : &ccl_motion_damped;
    }
    if (gravity) {
        return &ccl_motion_gravity;
    }
    return &ccl_motion_straight;
}
