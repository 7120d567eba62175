/* circol: the 3D narrow phase and response (spheres). Same conventions as collision.h. */
#ifndef CIRCOL_COLLISION3D_H
#define CIRCOL_COLLISION3D_H

#include <stdbool.h>

#include "math.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A sphere: centre and radius (radius >= 0).
typedef struct ccl_sphere {
    ccl_vec3 center;
    double radius;
} ccl_sphere;

/// A swept hit in 3D; the same meaning as ccl_hit.
typedef struct ccl_hit3 {
    double t, t_exit;
    ccl_vec3 normal, point;
} ccl_hit3;

/// Two moving spheres; with all z = 0 the result equals ccl_sweep_circles bit for bit.
bool ccl_sweep_spheres(ccl_sphere a, ccl_vec3 va, ccl_sphere b, ccl_vec3 vb, double t_max,
                       ccl_hit3 *hit);

#ifdef __cplusplus
}
#endif

#endif
