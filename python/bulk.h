/* circol for Python: whole-array calls on a world, so that no Python loop runs per circle.
 * Ids cross into Python packed in one 64-bit integer: generation << 32 | index. */
#ifndef CIRCOL_PY_BULK_H
#define CIRCOL_PY_BULK_H

#include <stddef.h>
#include <stdint.h>

#include <circol/circol.h>

/// Adds n circles from arrays: positions (2n, x y interleaved) and radii (n) always; velocities
/// (2n), masses (n) and restitutions (n) may be NULL for the circle defaults. ids_out (n)
/// receives the packed ids. All or nothing: on a refusal the circles added so far are removed
/// again and *failed_index names the circle refused.
ccl_status ccl_py_add_circles(ccl_world *world, size_t n, const double *positions,
                              const double *radii, const double *velocities, const double *masses,
                              const double *restitutions, uint64_t *ids_out, size_t *failed_index);

/// Removes n circles by packed id. Checks every id first and removes none when one is stale
/// (*failed_index names it) or named twice.
ccl_status ccl_py_remove_circles(ccl_world *world, size_t n, const uint64_t *ids,
                                 size_t *failed_index);

/// Sets n circles' velocities (2n, interleaved). Checks every id and velocity first, then sets
/// them all, or none (*failed_index names the first refused).
ccl_status ccl_py_set_velocities(ccl_world *world, size_t n, const uint64_t *ids,
                                 const double *velocities, size_t *failed_index);

/// Exports every live circle in slot order into arrays of capacity circles each (any may be
/// NULL): ids, positions (2 per circle), velocities (2), radii, masses, restitutions. *count
/// receives the number written.
ccl_status ccl_py_export(const ccl_world *world, size_t capacity, uint64_t *ids, double *positions,
                         double *velocities, double *radii, double *masses, double *restitutions,
                         size_t *count);

/// Adds n segments (4n: ax ay bx by) or, with segments false, n points (2n: x y); indices_out
/// (n) receives their indices. Stops at the first refusal (*failed_index names it): the
/// obstacles added before it stay, as the library cannot remove one.
ccl_status ccl_py_add_obstacles(ccl_world *world, size_t n, const double *coordinates, int segments,
                                int *indices_out, size_t *failed_index);

/// Swept circle pairs from interleaved arrays: centres and velocities (2n each, x y x y ...),
/// radii (n each). Copied a block at a time into the structure of arrays that the C batch takes,
/// so t_out[i] is ccl_sweep_circles_batch's (and ccl_sweep_circles') value for pair i. With
/// a_velocities NULL, writes ccl_circles_overlap_batch's answers to overlap_out instead.
void ccl_py_sweep_interleaved(size_t n, const double *a_centers, const double *a_radii,
                              const double *a_velocities, const double *b_centers,
                              const double *b_radii, const double *b_velocities, double t_max,
                              double *t_out, unsigned char *overlap_out);

/// Packs and unpacks ids.
uint64_t ccl_py_pack_id(ccl_circle_id id);
ccl_circle_id ccl_py_unpack_id(uint64_t packed);

#endif
