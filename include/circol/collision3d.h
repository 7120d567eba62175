/* circol: the 3D narrow phase and response (spheres). Same conventions as collision.h:
 * - Touching counts as contact. Normals are unit vectors from the first shape (or the moving
 *   sphere) to the second.
 * - Non-finite input, a negative radius or a negative or NaN t_max give "no contact" / "no hit",
 *   and nothing is written to the output. Finite input never produces NaN output.
 * - Shapes that overlap at t = 0 hit at t = 0; t_exit then says when they separate.
 * - Every function, given all z components 0, returns its 2D counterpart's result bit for bit.
 */
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

/// A line segment in 3D from a to b (a == b behaves as a point).
typedef struct ccl_segment3 {
    ccl_vec3 a, b;
} ccl_segment3;

/// A static contact in 3D; the same meaning as ccl_contact.
typedef struct ccl_contact3 {
    ccl_vec3 normal;
    ccl_vec3 point;
    double depth;
} ccl_contact3;

/// A swept hit in 3D; the same meaning as ccl_hit.
typedef struct ccl_hit3 {
    double t, t_exit;
    ccl_vec3 normal, point;
} ccl_hit3;

/// A rigid ball for the 3D response functions; the same meaning as ccl_body.
typedef struct ccl_body3 {
    ccl_vec3 position, velocity;
    double radius, inv_mass, restitution;
} ccl_body3;

/// Makes a sphere.
static inline ccl_sphere ccl_make_sphere(ccl_vec3 center, double radius) {
    ccl_sphere s = {center, radius};
    return s;
}

/// Makes a 3D segment.
static inline ccl_segment3 ccl_make_segment3(ccl_vec3 a, ccl_vec3 b) {
    ccl_segment3 s = {a, b};
    return s;
}

/* ---- Static tests ---- */

/// True when the spheres touch or overlap (squared distances, no square root).
bool ccl_spheres_overlap(ccl_sphere a, ccl_sphere b);

/// Like ccl_spheres_overlap, and fills out (if not NULL). Coincident centres give (1, 0, 0).
bool ccl_spheres_contact(ccl_sphere a, ccl_sphere b, ccl_contact3 *out);

/// Sphere against segment. normal points from the sphere to the segment's closest point; a
/// centre exactly on the segment gets a unit normal perpendicular to the segment (for a segment
/// in the z = 0 plane, the 2D left-hand normal), or (1, 0, 0) for a point-like segment.
bool ccl_sphere_segment_contact(ccl_sphere s, ccl_segment3 seg, ccl_contact3 *out);

/* ---- Swept tests: constant velocities over 0 <= t <= t_max ---- */

/// Two moving spheres. The first root of |dp + dv t| = ra + rb, solved without cancellation.
bool ccl_sweep_spheres(ccl_sphere a, ccl_vec3 va, ccl_sphere b, ccl_vec3 vb, double t_max,
                       ccl_hit3 *hit);

/// A moving sphere against a fixed point.
bool ccl_sweep_sphere_point(ccl_sphere s, ccl_vec3 v, ccl_vec3 p, double t_max, ccl_hit3 *hit);

/// A moving sphere against a fixed segment (its cylinder and its two end caps). t_exit is the
/// time the sphere stops touching the segment (INFINITY if it never does).
bool ccl_sweep_sphere_segment(ccl_sphere s, ccl_vec3 v, ccl_segment3 seg, double t_max,
                              ccl_hit3 *hit);

/// A moving sphere against the infinite two-sided plane through plane_point with normal
/// plane_normal (need not be unit length; zero length is "no hit").
bool ccl_sweep_sphere_plane(ccl_sphere s, ccl_vec3 v, ccl_vec3 plane_point, ccl_vec3 plane_normal,
                            double t_max, ccl_hit3 *hit);

/// Two spheres with constant accelerations: position p + v t + acc t^2 / 2. The quartic's first
/// root in [0, t_max] is isolated and refined, never stepped over; t_exit is the next root
/// (always finite when the accelerations differ). Equal accelerations give ccl_sweep_spheres'
/// t, t_exit and normal bit for bit, with point moved by acc t^2 / 2.
bool ccl_sweep_spheres_accel(ccl_sphere a, ccl_vec3 va, ccl_vec3 aa, ccl_sphere b, ccl_vec3 vb,
                             ccl_vec3 ab, double t_max, ccl_hit3 *hit);

/* ---- Response ---- */

/// The impulse magnitude j >= 0 that ccl_collide3 would apply; the same rule as ccl_impulse.
double ccl_impulse3(const ccl_body3 *a, const ccl_body3 *b, ccl_vec3 normal);

/// Exchanges that impulse along normal (unit, from a toward b); the same rule as ccl_collide.
void ccl_collide3(ccl_body3 *a, ccl_body3 *b, ccl_vec3 normal);

/// v - (1 + e) (v . n) n: the velocity after bouncing off a fixed surface with unit normal n.
/// Non-finite input, or a result beyond DBL_MAX, returns v unchanged (the rule of ccl_reflect).
ccl_vec3 ccl_reflect3(ccl_vec3 v, ccl_vec3 normal, double restitution);

/// The whole step over [0, dt] in 3D: detect, move to impact, react, move on; as ccl_step_pair.
bool ccl_step_pair3(ccl_body3 *a, ccl_body3 *b, double dt, ccl_hit3 *hit);

#ifdef __cplusplus
}
#endif

#endif
