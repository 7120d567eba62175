/* circol: the narrow phase. Pure functions on value structs: no world, no allocation.
 *
 * Conventions, the same for every function here:
 * - Touching counts as contact (distance == sum of radii is a contact, and a hit).
 * - Normals are unit vectors from the first shape (or the moving circle) to the second.
 * - Non-finite input, a negative radius or a negative or NaN t_max give "no contact" / "no hit",
 *   and nothing is written to the output. Finite input never produces NaN output.
 * - Shapes that overlap at t = 0 hit at t = 0; t_exit then says when they separate.
 */
#ifndef CIRCOL_COLLISION_H
#define CIRCOL_COLLISION_H

#include <stdbool.h>
#include <stddef.h>

#include "math.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A circle: centre and radius (radius >= 0; radius 0 is a point).
typedef struct ccl_circle {
    ccl_vec2 center;
    double radius;
} ccl_circle;

/// A line segment from a to b (a == b is allowed and behaves as a point).
typedef struct ccl_segment {
    ccl_vec2 a, b;
} ccl_segment;

/// A static contact: unit normal from the first shape to the second, the contact point midway
/// between the two surfaces, and the penetration depth (0 when just touching).
typedef struct ccl_contact {
    ccl_vec2 normal;
    ccl_vec2 point;
    double depth;
} ccl_contact;

/// A swept hit. t: first time of contact in [0, t_max]. t_exit: the time they separate again
/// (the later root; may exceed t_max; INFINITY when they never separate). normal: unit normal at
/// contact from the moving circle (or a) toward the other shape; where the two centres coincide
/// at t, the direction the other approaches from, -dv / |dv| with dv its velocity relative to
/// the moving circle (+0 for a zero component), or (1, 0) when dv is 0 too.
/// point: the contact point at t. Shapes that touch at t = 0 while separating or sliding hit at
/// t = 0 with t_exit <= 0: a loop that moves to each hit and responds should pass over a hit
/// with t_exit <= t.
typedef struct ccl_hit {
    double t, t_exit;
    ccl_vec2 normal, point;
} ccl_hit;

/// Makes a circle.
static inline ccl_circle ccl_make_circle(ccl_vec2 center, double radius) {
    ccl_circle c = {center, radius};
    return c;
}

/// Makes a segment.
static inline ccl_segment ccl_make_segment(ccl_vec2 a, ccl_vec2 b) {
    ccl_segment s = {a, b};
    return s;
}

/* ---- Static tests (seed 003; seed 002's overlap check) ---- */

/// True when the circles touch or overlap (squared distances, no square root).
bool ccl_circles_overlap(ccl_circle a, ccl_circle b);

/// Like ccl_circles_overlap, and fills out (if not NULL). Coincident centres give normal (1, 0).
bool ccl_circles_contact(ccl_circle a, ccl_circle b, ccl_contact *out);

/// Circle against segment. normal points from the circle to the segment's closest point; a
/// centre exactly on the segment gives the segment's left-hand normal, negated toward the circle.
bool ccl_circle_segment_contact(ccl_circle c, ccl_segment s, ccl_contact *out);

/* ---- Swept tests (seeds 000/001, 002, 004): constant velocities over 0 <= t <= t_max ---- */

/// Two moving circles. The first root of |dp + dv t| = ra + rb, solved without cancellation.
bool ccl_sweep_circles(ccl_circle a, ccl_vec2 va, ccl_circle b, ccl_vec2 vb, double t_max,
                       ccl_hit *hit);

/// A moving circle against a fixed point (a vertex, a circle of radius 0).
bool ccl_sweep_circle_point(ccl_circle c, ccl_vec2 v, ccl_vec2 p, double t_max, ccl_hit *hit);

/// A moving circle against a fixed segment: its interior and its two end caps.
/// t_exit is the time the circle stops touching the segment (INFINITY if it never does).
bool ccl_sweep_circle_segment(ccl_circle c, ccl_vec2 v, ccl_segment s, double t_max, ccl_hit *hit);

/// A moving circle against an infinite line through line_point with normal line_normal (need
/// not be unit length; zero length is "no hit"). The line is two-sided. The distance to it is
/// right to a few ulps of itself however far along the line line_point lies.
bool ccl_sweep_circle_line(ccl_circle c, ccl_vec2 v, ccl_vec2 line_point, ccl_vec2 line_normal,
                           double t_max, ccl_hit *hit);

/// Two circles with constant accelerations: position p + v t + acc t^2 / 2. The separation is a
/// quartic in t; its first root in [0, t_max] is isolated and refined, never stepped over.
bool ccl_sweep_circles_accel(ccl_circle a, ccl_vec2 va, ccl_vec2 aa, ccl_circle b, ccl_vec2 vb,
                             ccl_vec2 ab, double t_max, ccl_hit *hit);

/* ---- Batches: structure of arrays, one result per pair, equal to the scalar call bit for bit ----
 */

/// Swept circle pairs as structure of arrays. Pair i is (ax[i], ay[i], ar[i], avx[i], avy[i])
/// against (bx[i], ...). Arrays need no alignment and must not alias t_out.
typedef struct ccl_sweep_batch {
    const double *ax, *ay, *avx, *avy, *ar;
    const double *bx, *by, *bvx, *bvy, *br;
} ccl_sweep_batch;

/// Writes t_out[i] = time of impact of pair i within [0, t_max], INFINITY for no hit; the same
/// value as ccl_sweep_circles(...).t for every pair.
void ccl_sweep_circles_batch(const ccl_sweep_batch *pairs, size_t count, double t_max,
                             double *t_out);

/// Writes overlap_out[i] = 1 when pair i's circles (at t = 0) touch or overlap, else 0: the same
/// as ccl_circles_overlap for every pair.
void ccl_circles_overlap_batch(const ccl_sweep_batch *pairs, size_t count,
                               unsigned char *overlap_out);

#ifdef __cplusplus
}
#endif

#endif
