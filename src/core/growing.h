/* Private: what growing radii (Lubachevsky-Stillinger compression) share in 2D (world/growth.h)
 * and 3D (world3d/growth3d.h): the clock of the growth, the contact time of two bodies whose
 * contact distance grows at a constant rate, and the turn of a collision in the frame of the
 * growing gap. Each world computes the dot products in its own dimension and hands them here. */
#ifndef CIRCOL_CORE_GROWING_H
#define CIRCOL_CORE_GROWING_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/// Growing radii: every slot's radius is its value at internal time epoch, and grows from there
/// as radius (1 + relative (t - epoch)).
typedef struct ccl_growth {
    double rate;      ///< g as set: r(t) = r(start) (1 + g (t - start)); 0: no growth
    double start;     ///< world time of the call that set the rate
    double epoch;     ///< internal time at which the slots' radii are current
    double relative;  ///< g / (1 + g (epoch - start)): the radii's relative rate at the epoch
    double until;     ///< internal time from which the cells no longer hold the largest body
    uint64_t regrids; ///< grids rebuilt for grown bodies
} ccl_growth;

/// The factor the radii have grown by from the epoch to internal time t.
static inline double ccl_growing_factor(const ccl_growth *g, double t) {
    return 1.0 + g->relative * (t - g->epoch);
}

/// Makes internal time `now` (world time world_now) the epoch, the radii having been brought up
/// to it.
static inline void ccl_growing_restart(ccl_growth *g, double now, double world_now) {
    g->epoch = now;
    double since = world_now - g->start;
    g->relative = g->rate / (1.0 + g->rate * since);
}

/// Sets the rate from world time world_now (internal time now), the radii having been brought up
/// to it; the grid is to be rebuilt with room to grow before the next event.
static inline void ccl_growing_set_rate(ccl_growth *g, double rate, double world_now, double now) {
    g->rate = rate;
    g->start = world_now;
    g->epoch = now;
    g->relative = rate;
    g->until = -INFINITY;
}

/// The internal time a re-gridding brings the radii up to: the moment the cells stop holding the
/// largest body, when that is after now.
static inline double ccl_growing_regrid_time(const ccl_growth *g, double now) {
    return g->until > now ? g->until : now;
}

/// The largest radius a rebuilt grid's cells are planned for, in *ahead: max_radius with
/// `headroom` to grow, at most fits (the largest the box allows); false when that leaves no room to
/// grow (the largest body would outgrow the box).
static inline bool ccl_growing_ahead(double max_radius, double fits, double headroom,
                                     double *ahead) {
    *ahead = fmin(max_radius * (1.0 + headroom), fits);
    return *ahead > max_radius || !(max_radius > 0.0);
}

/// Notes a grid rebuilt for grown bodies, whose cells hold the largest one up to internal time
/// until; false when that is not after now (the cells cannot keep ahead of the growth).
static inline bool ccl_growing_regridded(ccl_growth *g, double until, double now) {
    g->until = until;
    g->regrids++;
    return g->until > now;
}

/// The internal time at which the largest body, of radius max_radius at the epoch, outgrows
/// cells of edge `cell` (a little before, for the rounding of the times).
static inline double ccl_growing_horizon(const ccl_growth *g, double cell, double min_cell_unit,
                                         double max_radius) {
    double limit = cell / min_cell_unit; /* the largest radius the cells hold */
    if (!(max_radius > 0.0) || !(g->relative > 0.0)) {
        return INFINITY;
    }
    double grow = (limit / max_radius - 1.0) * (1.0 - 0x1p-20);
    return g->epoch + grow / g->relative;
}

/* The first u >= 0 at which |dp + dv u| falls to the contact distance R0 + s u (s >= 0, the rate
 * at which the contact distance grows); INFINITY when never, or after u_max.
 *
 * f(u) = |dp + dv u|^2 - (R0 + s u)^2 = A u^2 + 2 B u + C with A = |dv|^2 - s^2,
 * B = dv . dp - R0 s, C = |dp|^2 - R0^2. The contact is the root at which f falls,
 * u = -(B + sqrt(D)) / A = C / (sqrt(D) - B), each taken where it subtracts nothing: the second
 * for a gap that closes (B < 0) from apart (C > 0), the first otherwise (then A < 0: the gap opens
 * more slowly than the distance grows, and closes again). The discriminant is B^2 - A C =
 * |R0 dv - s dp|^2 - |dv x dp|^2, Lagrange's identity with the growth (for s = 0 it is the
 * straight form a R0^2 - |dv x dp|^2), which keeps its accuracy for far, nearly grazing pairs
 * where B^2 - A C loses every digit. The caller computes A, B and C, asks ccl_growing_decided,
 * and only where it does not decide computes D for ccl_growing_root. */

/// Whether A, B and C alone decide the contact time (then in *u): touching and closing (at once),
/// or opening for good (never).
static inline bool ccl_growing_decided(double A, double B, double C, double *u) {
    if (B < 0.0 && C <= 0.0) {
        *u = 0.0; /* touching (by rounding) and closing: at once */
        return true;
    }
    if (!(B < 0.0) && !(A < 0.0)) {
        *u = INFINITY; /* opening for good (or NaN) */
        return true;
    }
    return false;
}

/// The contact time from the discriminant D (see above), where ccl_growing_decided did not decide.
static inline double ccl_growing_root(double A, double B, double C, double D, double u_max) {
    if (!(D >= 0.0)) {
        if (C > 0.0 || isnan(D)) {
            return INFINITY; /* apart, and the gap never closes */
        }
        /* touching by rounding, opening, and turning back before the gap gets above its rounding:
         * met where it turns (as ccl_first_touch does for a wall) */
        double apex = -B / A;
        return apex <= u_max ? apex : INFINITY;
    }
    double root = sqrt(D);
    double u = C > 0.0 && B < 0.0 ? C / (root - B) : -(B + root) / A;
    return u <= u_max ? u : INFINITY;
}

/* Where a contact distance grows at s, a pair in contact separates only when its normal relative
 * speed exceeds s; a collision is elastic in the frame of the growing gap: the rate at which the
 * gap closed, normal speed less s, is turned round (Lubachevsky and Stillinger, J. Stat. Phys.
 * 60, 1990). */

/// The change of a gap's opening rate that a collision makes, for a gap closing at `closing`: to
/// open at that rate, and at least at 2^-40 of the speeds involved (scale), so that a pair met
/// touching but not closing (by rounding) is parted too rather than met again at once. Never
/// negative: a gap already opening faster is left as it is.
static inline double ccl_growing_turn(double closing, double scale) {
    return fmax(0.0, closing + fmax(closing, 0x1p-40 * scale));
}

#endif
