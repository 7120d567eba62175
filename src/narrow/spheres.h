/* The 3D contact interval, shared by the sphere sweeps (sweep_spheres.c, and the end caps of
 * sweep_sphere_obstacles.c). */
#ifndef CIRCOL_NARROW_SPHERES_H
#define CIRCOL_NARROW_SPHERES_H

#include <stdbool.h>

#include "circol/collision3d.h"

/// ccl_contact_parts (quadratic.h) in three dimensions: the cross product is a vector.
typedef struct ccl_contact_parts3 {
    bool apart;  ///< c > 0 and the fields below are set
    double root; ///< the square root of the discriminant
    ccl_vec3 cross;
    ccl_vec3 dv; ///< the relative velocity they belong to (a power-of-two copy where rescaled)
    double R;    ///< the contact distance likewise
} ccl_contact_parts3;

/// ccl_relative_contact_interval_compensated in 3D, with the parts of its discriminant: with all
/// z = 0, the 2D interval bit for bit.
bool ccl_relative_interval3(ccl_vec3 dp, ccl_vec3 dp_lo, ccl_vec3 dv, ccl_vec3 dv_lo, double R,
                            double *t_enter, double *t_exit, ccl_contact_parts3 *parts);

#endif
