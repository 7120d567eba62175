/* Private: the energy ledger (ccl_world_ledger): what the collisions dissipated, and what each
 * device that lets piles come to rest took or kept. */
#ifndef CIRCOL_WORLD_LEDGER_H
#define CIRCOL_WORLD_LEDGER_H

#include "world/world.h"

/// The devices that may set a circle's velocity outside a collision's impulse.
typedef enum ccl_device { CCL_DEVICE_REST, CCL_DEVICE_WEDGE, CCL_DEVICE_SLEEP } ccl_device;

/// Sets movable circle i's velocity to v on behalf of a device, counting the kinetic energy and
/// the momentum it takes.
void ccl_world_take_velocity(ccl_world *w, int32_t i, ccl_vec2 v, ccl_device device);

/// Counts what a collision dissipated (*loss: collision_loss or wall_loss) for reduced mass
/// 1 / inv_sum (inv_sum 0: nothing) and approach speed `approach`: (1 - e^2) / 2 of its normal
/// energy with the applied restitution e, and what the guard kept where it raised the set
/// restitution `set` to e.
void ccl_world_count_collision(ccl_world *w, double *loss, double inv_sum, double approach,
                               double set, double e);

/// Counts the energy that the parting push added: the normal speed away went up by `extra`.
void ccl_world_count_push(ccl_world *w, double inv_sum, double away, double extra);

#endif
