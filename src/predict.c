/* Event prediction: each circle's one earliest event (a collision with a neighbour, a wall, a
 * static obstacle, or a cell crossing), from the world's current time.
 *
 * Motion is written in a parameter u: u = tau (time since now) without damping, and
 * u = s(tau) = (1 - exp(-gamma tau)) / gamma with linear damping gamma, in which every damped
 * trajectory is a straight line p + v u (gravity and damping together are refused). Positions
 * are p + v u + acc u^2 / 2; two movable circles share their acceleration, so their relative
 * motion is linear in u and contact times are roots of a quadratic. A circle against a fixed
 * point, or against a circle with another acceleration, is a quartic (accel_internal.h). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "accel_internal.h"
#include "elementary.h"
#include "inline.h"
#include "quadratic.h"
#include "sweep_internal.h"
#include "world_internal.h"

ccl_vec2 ccl_body_acceleration(const ccl_world *w, const ccl_body_slot *b) {
    if (b->immovable || b->asleep || w->def.damping > 0.0) {
        return ccl_v2(0.0, 0.0);
    }
    ccl_vec2 g = w->def.gravity;
    if (b->support & 3u) {
        g.x = 0.0; /* resting on a side wall: no normal acceleration */
    }
    if (b->support & 12u) {
        g.y = 0.0; /* resting on the floor or the ceiling; both in a corner */
    }
    return g;
}

/* u for an elapsed time tau, and back. */
static double ccl_u_of_tau(const ccl_world *w, double tau) {
    double gamma = w->def.damping;
    if (gamma > 0.0) {
        return -ccl_expm1(-gamma * tau) / gamma;
    }
    return tau;
}

static double ccl_tau_of_u(const ccl_world *w, double u) {
    double gamma = w->def.damping;
    if (gamma > 0.0) {
        double x = gamma * u;
        if (!(x < 1.0)) {
            return INFINITY; /* a damped circle never travels that far */
        }
        return -ccl_log1p(-x) / gamma;
    }
    return u;
}

/* Whether an event u after now falls on now itself (u = 0, or too small to move the time). */
static bool ccl_at_once(const ccl_world *w, double u) {
    return !(w->time + ccl_tau_of_u(w, u) > w->time);
}

void ccl_body_state_at(const ccl_world *w, const ccl_body_slot *b, double t, ccl_vec2 *position,
                       ccl_vec2 *velocity) {
    double tau = t - b->time;
    if (tau == 0.0 || b->immovable || b->asleep) {
        *position = b->position;
        *velocity = b->velocity;
        return;
    }
    if (w->linear) {
        *position = ccl_mul_add(b->position, tau, b->velocity);
        *velocity = b->velocity;
        return;
    }
    if (w->def.damping > 0.0) {
        double u = ccl_u_of_tau(w, tau);
        *position = ccl_mul_add(b->position, u, b->velocity);
        *velocity = ccl_scale(b->velocity, ccl_exp(-w->def.damping * tau));
        return;
    }
    ccl_vec2 acc = ccl_body_acceleration(w, b);
    *position = ccl_mul_add(ccl_mul_add(b->position, tau, b->velocity), 0.5 * tau * tau, acc);
    *velocity = ccl_mul_add(b->velocity, tau, acc);
}

void ccl_body_move_to_curved(const ccl_world *w, ccl_body_slot *b, double t) {
    ccl_body_state_at(w, b, t, &b->position, &b->velocity);
    b->time = t;
}

/* The first u in [0, u_max] where f(u) = f0 + f1 u + f2 u^2 / 2 falls to 0 or below while
 * decreasing; INFINITY when none. A value already <= 0 and still falling gives u = 0. */
static double ccl_first_fall(double f0, double f1, double f2, double u_max) {
    if (f0 <= 0.0 && (f1 < 0.0 || (f1 == 0.0 && f2 < 0.0))) {
        return 0.0;
    }
    double best = INFINITY;
    if (f2 == 0.0) {
        if (f1 < 0.0 && f0 > 0.0) {
            best = f0 / -f1;
        }
    } else {
        double A = 0.5 * f2, B = f1, C = f0;
        double D = B * B - 4.0 * A * C;
        if (D >= 0.0) {
            /* at the surface (C = 0) the roots are 0 and -B / A: q = -B, which the formula gives
             * bit for bit, unless B * B underflows (a circle leaving a wall at 1e-292, which then
             * fell through it) */
            double q = C == 0.0 ? -B : -0.5 * (B + copysign(sqrt(D), B));
            double roots[2] = {q != 0.0 ? q / A : 0.0, q != 0.0 ? C / q : 0.0};
            for (int k = 0; k < 2; ++k) {
                double u = roots[k];
                if (u >= 0.0 && u < best && f1 + f2 * u < 0.0) {
                    best = u;
                }
            }
        }
    }
    return best <= u_max ? best : INFINITY;
}

/* ccl_first_fall for the gap between a circle and a surface it must not cross (a wall, a
 * segment's line on the circle's side). A gap at or below 0 by rounding that rises but never gets
 * back above 0 is still a contact: it turns back at the apex u = f1 / -f2, and that is its event
 * (found by a tiny circle bouncing ever lower under gravity; missing it let the circle fall
 * through the wall). */
static double ccl_first_touch(double f0, double f1, double f2, double u_max) {
    if (f0 <= 0.0 && f1 > 0.0 && f2 < 0.0 && f1 * f1 - 2.0 * f2 * f0 < 0.0) {
        double apex = f1 / -f2;
        return apex <= u_max ? apex : INFINITY;
    }
    return ccl_first_fall(f0, f1, f2, u_max);
}

/* min(x, y) for y > 0 and x >= 0, +infinity or +NaN (a +NaN x gives y, like x < y ? x : y), taken
 * on the bit patterns, which order such doubles as their values. Written as a select of doubles,
 * GCC turned c / (y + min) into two divisions, one for each arm, in the vectorised scan. */
static inline double ccl_min_positive(double x, double y) {
    int64_t ix, iy;
    memcpy(&ix, &x, sizeof ix);
    memcpy(&iy, &y, sizeof iy);
    int64_t im = ix < iy ? ix : iy;
    double m;
    memcpy(&m, &im, sizeof m);
    return m;
}

/* The entry u of a pair that approaches (b = dv . dp < 0) and is apart (c = dp . dp - R^2 > 0),
 * with a = dv . dv and cross = dv x dp: INFINITY when their lines pass wide of each other.
 * Lagrange's identity keeps the discriminant accurate for far, nearly grazing pairs: D = a R^2 -
 * cross^2, whose rounding error is a few ulps of a R^2 whatever the separation. Branch-free (both
 * the scalar entry below and the vectorised neighbour scan use it). */
static inline double ccl_straight_root_of(double b, double c, double D) {
    double root = sqrt(D < 0.0 ? 0.0 : D); /* a NaN D gives a NaN root, maybe with its sign set */
    /* root clamped to -b: u >= c / (-2 b). Only b < 0 is ever used; there -b > 0, and fabs takes
     * a negative NaN to a positive one, so this is root < -b ? root : -b. */
    double u = c / (-b + ccl_min_positive(fabs(root), -b));
    return D < 0.0 ? INFINITY : u;
}

/* The discriminant as the two squares' difference, a * (R * R) - cross * cross: one square root
 * fewer than the factored form below, and as accurate (both err by a few ulps of a R^2), as long
 * as neither square overflows and a R^2 is far from underflow. */
#define CCL_SQUARES_LOW 0x1p-900

/* True when the squares' form is safe for a pair: when a R^2 (aRR) lies in [2^-900, DBL_MAX].
 * There an underflowed cross^2 errs by far less than an ulp of a R^2, and an overflowed one means
 * a miss (cross^2 > a R^2), which the difference, -infinity, says. NaN makes it false. (Written
 * with & rather than &&, which GCC turned into a tangle of masks in the vectorised scan.) */
static inline bool ccl_squares_safe(double aRR) {
    return (aRR >= CCL_SQUARES_LOW) & (aRR <= DBL_MAX);
}

/* ccl_straight_root from the squares (for pairs where ccl_squares_safe holds). */
static inline double ccl_straight_root_squares(double b, double c, double aRR, double kk) {
    return ccl_straight_root_of(b, c, aRR - kk);
}

/* ccl_straight_root from the factored difference (|dv| R - k)(|dv| R + k), for pairs of any
 * magnitude: the verdict is the exact comparison of k with |dv| R, and the root of the discriminant
 * the product of the factors' roots, which neither overflows nor underflows where the
 * discriminant itself would (a contact distance of 2^-530 at unit speed, or 2^300 at 2^300). */
static double ccl_straight_root_factored(double b, double c, double a, double cross, double R) {
    double wr = sqrt(a) * R;
    double k = fabs(cross);
    if (k > wr) {
        return INFINITY;
    }
    double root = sqrt(wr - k) * sqrt(wr + k); /* NaN for NaN input, maybe with its sign set */
    return c / (-b + ccl_min_positive(fabs(root), -b));
}

static inline double ccl_straight_root(double b, double c, double a, double cross, double R) {
    double aRR = a * (R * R), kk = cross * cross;
    return ccl_squares_safe(aRR) ? ccl_straight_root_squares(b, c, aRR, kk)
                                 : ccl_straight_root_factored(b, c, a, cross, R);
}

/* First entry u into contact at distance R for relative position dp and velocity dv on straight
 * lines; INFINITY when none, and (to save the caller a test) possibly a time past u_max. An
 * overlapping pair that approaches collides at once; one that recedes is left alone. */
static inline double ccl_straight_entry(ccl_vec2 dp, ccl_vec2 dv, double R, double u_max) {
    double b = ccl_dot(dv, dp);
    if (!(b < 0.0)) {
        return INFINITY; /* receding or sliding: no entry, whether overlapping or not */
    }
    double c = ccl_dot(dp, dp) - R * R;
    if (c <= 0.0) {
        return 0.0; /* overlapping by rounding and approaching: collide at once */
    }
    /* The root is at least c / (-2 b) (ccl_straight_root): a pair that cannot meet before u_max
     * costs no square root. A NaN c (an overflowed square) falls through to a NaN u: no event. */
    if (c / (-2.0 * b) > u_max) {
        return INFINITY;
    }
    return ccl_straight_root(b, c, ccl_dot(dv, dv), ccl_cross(dv, dp), R);
}

/* Whether the relative motion dp + dv u + da u^2 / 2 stays farther than R apart over [0, u_max]:
 * the distance it can close by u_max is at most s = (|dv| + |da| u_max / 2) u_max (the 1-norms
 * bound the lengths, with no square root), and the pair starts more than R + s apart, with a
 * margin of 2^-20 far beyond the rounding of either side or of the exact entry's. False
 * where the bound is not to be trusted: an infinite or NaN u_max or s (the comparison fails), or
 * R + s so small that its square loses bits (below 2^-500). An |dp|^2 that overflows is farther
 * than any finite R + s. */
static inline bool ccl_pair_out_of_reach(ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R,
                                         double u_max) {
    double speed = fabs(dv.x) + fabs(dv.y), accel = fabs(da.x) + fabs(da.y);
    double reach = R + (speed + 0.5 * accel * u_max) * u_max;
    return reach >= 0x1p-500 && dp.x * dp.x + dp.y * dp.y > reach * reach * (1.0 + 0x1p-20);
}

/* ccl_straight_entry with acceleration da of the other body relative to this one. Under
 * acceleration the first contact takes scalings, square roots and a search over the pieces of
 * the gap, and on a straight line a division and a branch on the direction that no predictor
 * guesses; a neighbour that cannot come within reach before the best event so far (most of them:
 * the circle's cell exit is near) is told apart first, at the cost of a few products. */
static double ccl_pair_entry(ccl_vec2 dp, ccl_vec2 dv, ccl_vec2 da, double R, double u_max) {
    if (ccl_pair_out_of_reach(dp, dv, da, R, u_max)) {
        return INFINITY;
    }
    if (da.x != 0.0 || da.y != 0.0) {
        double u;
        return ccl_first_contact_accel(dp, dv, da, R, u_max, &u) ? u : INFINITY;
    }
    double u = ccl_straight_entry(dp, dv, R, u_max);
    return u <= u_max ? u : INFINITY;
}

double ccl_world_collapse_time(ccl_world *w) {
    if (w->collapse_time > 0.0) {
        return w->collapse_time;
    }
    if (w->def.collapse_time > 0.0) {
        w->collapse_time = w->def.collapse_time;
        return w->collapse_time;
    }
    /* automatic: from the largest radius and a speed scale (gravity's, else the rms speed). Not
     * before there is a circle: a radius of 1 assumed for an empty world (advanced before its
     * circles came) stayed the collapse time for good, which the circles' size did not set, nor
     * the unit of length (ten circles dropped in a box, with lengths and gravity scaled by 2^20,
     * collided 540 times as often) */
    if (!(w->grid.max_radius > 0.0)) {
        return 0.0;
    }
    double radius = w->grid.max_radius;
    double g = ccl_length(w->def.gravity);
    if (g > 0.0) {
        w->collapse_time = 1e-2 * sqrt(radius / g);
        return w->collapse_time;
    }
    double sum = 0.0;
    int32_t n = 0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        if (w->bodies[i].alive && !w->bodies[i].immovable) {
            sum += ccl_length_sq(w->bodies[i].velocity);
            n++;
        }
    }
    double rms = n > 0 ? sqrt(sum / n) : 0.0;
    if (rms > 0.0) {
        w->collapse_time = 1e-6 * 2.0 * radius / rms;
    }
    return w->collapse_time;
}

/* Candidate bookkeeping while predicting one circle. */
typedef struct ccl_candidate {
    double u;
    uint8_t kind;
    int32_t other;
    uint32_t other_count;
} ccl_candidate;

static void ccl_consider(ccl_candidate *best, double u, uint8_t kind, int32_t other,
                         uint32_t other_count) {
    if (u < best->u) {
        best->u = u;
        best->kind = kind;
        best->other = other;
        best->other_count = other_count;
    }
}

/* Cell (cx, cy)'s lower and upper edges along x and y (the last cell ends at the box's edge). */
static inline void ccl_cell_bounds(const ccl_world *w, int32_t cx, int32_t cy, double lo[2],
                                   double hi[2]) {
    lo[0] = w->box.min.x + cx * w->grid.cell_w;
    lo[1] = w->box.min.y + cy * w->grid.cell_h;
    hi[0] = cx == w->grid.nx - 1 ? w->box.max.x : lo[0] + w->grid.cell_w;
    hi[1] = cy == w->grid.ny - 1 ? w->box.max.y : lo[1] + w->grid.cell_h;
}

/* Leaving cell (cx, cy) through one of its four edges (walls mode: not through the box edge) on a
 * curved path: each edge's gap closes at the circle's rate with its acceleration (see
 * ccl_first_fall). */
static void ccl_predict_cell_exit(const ccl_world *w, const ccl_body_slot *b, int32_t cx,
                                  int32_t cy, ccl_vec2 acc, ccl_candidate *best) {
    double lo[2], hi[2];
    ccl_cell_bounds(w, cx, cy, lo, hi);
    int32_t n[2] = {w->grid.nx, w->grid.ny};
    int32_t c[2] = {cx, cy};
    double p[2] = {b->position.x, b->position.y};
    double v[2] = {b->velocity.x, b->velocity.y};
    double a[2] = {acc.x, acc.y};
    for (int axis = 0; axis < 2; ++axis) {
        if (n[axis] == 1 && !w->box.periodic) {
            continue;
        }
        if (w->box.periodic || c[axis] > 0) {
            ccl_consider(best, ccl_first_fall(p[axis] - lo[axis], v[axis], a[axis], best->u),
                         CCL_EVENT_CELL, 2 * axis, 0);
        }
        if (w->box.periodic || c[axis] < n[axis] - 1) {
            ccl_consider(best, ccl_first_fall(hi[axis] - p[axis], -v[axis], -a[axis], best->u),
                         CCL_EVENT_CELL, 2 * axis + 1, 0);
        }
    }
}

/* ccl_predict_cell_exit on a straight line: along each axis only the edge the circle moves towards
 * can be met, at the distance over the speed (0 when a rounding put the centre past that edge), so
 * each axis gives one time, and the earlier of the two (x on a tie) is chosen without a branch,
 * since which edge comes first is a coin toss. */
static inline void ccl_predict_cell_exit_straight(const ccl_world *w, const ccl_body_slot *b,
                                                  int32_t cx, int32_t cy, ccl_candidate *best) {
    double lo[2], hi[2];
    ccl_cell_bounds(w, cx, cy, lo, hi);
    int32_t n[2] = {w->grid.nx, w->grid.ny};
    int32_t c[2] = {cx, cy};
    double p[2] = {b->position.x, b->position.y};
    double v[2] = {b->velocity.x, b->velocity.y};
    double t[2];
    int32_t code[2];
    for (int axis = 0; axis < 2; ++axis) {
        bool down = v[axis] < 0.0;
        /* walled: no crossing out of the box, nor in a single cell */
        bool open = w->box.periodic || (down ? c[axis] > 0 : c[axis] < n[axis] - 1);
        double gap = down ? p[axis] - lo[axis] : hi[axis] - p[axis];
        double time = gap <= 0.0 ? 0.0 : gap / fabs(v[axis]);
        t[axis] = open && (down || v[axis] > 0.0) ? time : INFINITY; /* none at rest (or NaN) */
        code[axis] = 2 * axis + (down ? 0 : 1);
    }
    bool y_first = t[1] < t[0];
    ccl_consider(best, y_first ? t[1] : t[0], CCL_EVENT_CELL, y_first ? code[1] : code[0], 0);
}

static void ccl_predict_box(const ccl_world *w, const ccl_body_slot *b, ccl_vec2 acc,
                            ccl_candidate *best) {
    double r = b->radius;
    const ccl_vec2 p = b->position, v = b->velocity;
    /* each wall: distance from the circle's surface to the wall, its rate and its acceleration */
    double f0[4] = {p.x - r - w->box.min.x, w->box.max.x - p.x - r, p.y - r - w->box.min.y,
                    w->box.max.y - p.y - r};
    double f1[4] = {v.x, -v.x, v.y, -v.y};
    double f2[4] = {acc.x, -acc.x, acc.y, -acc.y};
    for (int k = 0; k < 4; ++k) {
        if (b->support & (1u << k)) {
            continue;
        }
        ccl_consider(best, ccl_first_touch(f0[k], f1[k], f2[k], best->u), CCL_EVENT_BOX, k, 0);
    }
}

/* A touch of a segment's line at u counts when the centre is then beside the interior: its
 * position along the axis, along0 + along1 u + along2 u^2 / 2, lies in [0, length]. */
static void ccl_consider_strip(ccl_candidate *best, double u, double along0, double along1,
                               double along2, double length, int32_t other) {
    if (u < best->u) {
        double along = along0 + along1 * u + 0.5 * along2 * u * u;
        if (along >= 0.0 && along <= length) {
            ccl_consider(best, u, CCL_EVENT_SEGMENT, other, 0);
        }
    }
}

/* Circle b, at position p in the obstacle's frame (shifted to meet a periodic image). other:
 * the event's partner, the obstacle code of the image (ccl_predict_obstacles). */
static void ccl_predict_segment(const ccl_world *w, const ccl_body_slot *b, ccl_vec2 p,
                                ccl_vec2 acc, int32_t index, int32_t other, bool later_only,
                                ccl_candidate *best) {
    ccl_segment s = w->obstacles.segments[index];
    ccl_vec2 axis, rel;
    /* (b - a) x (p - a); the world's coordinates (within CCL_MAX_LENGTH) keep it from overflow */
    const double cross = ccl_segment_cross(s.a, s.b, p, &axis, &rel);
    double length = ccl_length(axis);
    ccl_vec2 neg_acc = ccl_neg(acc);
    /* end caps: the ends are fixed points */
    double ua = ccl_pair_entry(ccl_sub(s.a, p), ccl_neg(b->velocity), neg_acc, b->radius, best->u);
    if (!(later_only && ccl_at_once(w, ua))) {
        ccl_consider(best, ua, CCL_EVENT_SEGMENT, other, 0);
    }
    if (!(length > 0.0)) {
        return;
    }
    double ub = ccl_pair_entry(ccl_sub(s.b, p), ccl_neg(b->velocity), neg_acc, b->radius, best->u);
    if (!(later_only && ccl_at_once(w, ub))) {
        ccl_consider(best, ub, CCL_EVENT_SEGMENT, other, 0);
    }
    /* the strip beside the interior: signed distance to the line, on the circle's side, from the
     * compensated cross product: n . (p - a) in plain arithmetic errs by ulps of |p - a|, which
     * beside a segment far longer than the circle exceeds its radius */
    ccl_vec2 dir = ccl_v2(axis.x / length, axis.y / length); /* no 1 / length: it overflows */
    ccl_vec2 n = ccl_perp(dir);
    double d0 = cross / length, d1 = ccl_dot(n, b->velocity), d2 = ccl_dot(n, acc);
    double side = d0 > 0.0 ? 1.0 : (d0 < 0.0 ? -1.0 : (d1 > 0.0 ? -1.0 : 1.0));
    double along0 = ccl_dot(dir, rel), along1 = ccl_dot(dir, b->velocity);
    double along2 = ccl_dot(dir, acc);
    double u = ccl_first_touch(side * d0 - b->radius, side * d1, side * d2, best->u);
    if (!(later_only && ccl_at_once(w, u))) {
        ccl_consider_strip(best, u, along0, along1, along2, length, other);
    }
    /* A curved path can pass beyond an end, cross the line and come back at the interior from
     * the other side: the other side's distance (negative now) must rise above the radius and
     * fall back to it. Moving away from that side for good, it never can. */
    double g0 = -side * d0 - b->radius, g1 = -side * d1, g2 = -side * d2;
    if (g2 != 0.0 && !(g0 <= 0.0 && (g1 < 0.0 || (g1 == 0.0 && g2 <= 0.0)))) {
        double u2 = ccl_first_fall(g0, g1, g2, best->u);
        if (!(later_only && ccl_at_once(w, u2))) {
            ccl_consider_strip(best, u2, along0, along1, along2, length, other);
        }
    }
}

/* Whether a bounce of circle b off an image of obstacle s (ccl_world_image_shift), at the present
 * time, would change nothing: with ccl_world_hit_wall's normal (from the centre to the nearest
 * point of that image) and its least impulse, vn along it (restitution 0). */
static bool ccl_bounce_changes_nothing(const ccl_world *w, const ccl_body_slot *b, ccl_segment s,
                                       int image) {
    ccl_vec2 point = ccl_box_nearest_on_image(&w->box, s, image, b->position);
    ccl_vec2 toward = ccl_sub(point, b->position);
    ccl_vec2 n =
        (toward.x != 0.0 || toward.y != 0.0) ? ccl_normalize(toward) : ccl_normalize(b->velocity);
    double vn = ccl_dot(b->velocity, n);
    if (!(vn > 0.0)) {
        return true;
    }
    ccl_vec2 after = ccl_mul_add(b->velocity, -vn, n);
    return after.x == b->velocity.x && after.y == b->velocity.y;
}

/* An obstacle event's partner is the code of the image met (broad/obstacles.h), so that the
 * bounce takes the normal of that image: where a circle touches two images of one obstacle at once
 * (wedged beside a segment and its own image across a periodic edge), the nearest image is
 * either. skip: the code of an image whose bounce changed nothing, or -1 for none
 * (ccl_predict_obstacle_apart). That image is not met
 * at once (at the present time), nor is any other image of that obstacle off which a bounce would
 * change nothing too: two images can share a point (a segment from corner to corner), and a circle
 * grazing it would otherwise bounce from one image to the other at one instant without end. An
 * image that the circle drives into is met at once, though: wedged in the step of a segment and
 * its image, a circle stopped by one image slides into the other. */
static void ccl_predict_obstacles(const ccl_world *w, const ccl_body_slot *b, ccl_vec2 acc,
                                  int32_t skip, ccl_candidate *best) {
    if (w->grid.obstacle_start == NULL) {
        return;
    }
    const int32_t *item, *end;
    ccl_grid_obstacles_in(&w->grid, b->link.cell, &item, &end);
    for (; item < end; ++item) {
        const int32_t code = *item;
        const int32_t index = ccl_obstacle_code_index(code);
        const int image = ccl_obstacle_code_image(code);
        const bool point = ccl_obstacle_code_is_point(code);
        bool later_only = false;
        if (skip >= 0 && ccl_obstacle_codes_same_obstacle(skip, code)) {
            later_only =
                code == skip || ccl_bounce_changes_nothing(
                                    w, b, ccl_obstacle_shape(&w->obstacles, index, point), image);
        }
        /* meeting the image shifted by s is meeting the obstacle from p - s */
        ccl_vec2 p = b->position;
        if (image != CCL_OWN_IMAGE) {
            p = ccl_sub(p, ccl_box_image_shift(&w->box, image));
        }
        if (!point) {
            ccl_predict_segment(w, b, p, acc, index, code, later_only, best);
        } else {
            double u = ccl_pair_entry(ccl_sub(w->obstacles.points[index], p), ccl_neg(b->velocity),
                                      ccl_neg(acc), b->radius, best->u);
            if (!(later_only && ccl_at_once(w, u))) {
                ccl_consider(best, u, CCL_EVENT_POINT, code, 0);
            }
        }
    }
}

static bool ccl_pair_is_separating(const ccl_world *w, int32_t i, int32_t k) {
    for (int32_t m = 0; m < w->overlap_count; ++m) {
        const ccl_overlap_pair *o = &w->overlaps[m];
        if ((o->a == i && o->b == k) || (o->a == k && o->b == i)) {
            return true;
        }
    }
    return false;
}

/* The columns (or rows) next to cell coordinate c on an axis of n cells, and the shift that brings
 * each one's circles beside c across a periodic edge: 3 of them, fewer at a wall. Returns how many.
 */
static int ccl_neighbour_lines(int32_t c, int32_t n, bool periodic, double size, int32_t lines[3],
                               double shifts[3]) {
    int count = 0;
    for (int32_t o = -1; o <= 1; ++o) {
        int32_t m = c + o;
        double shift = 0.0;
        if (m < 0 || m >= n) {
            if (!periodic) {
                continue;
            }
            shift = m < 0 ? -size : size;
            m = m < 0 ? m + n : m - n;
        }
        lines[count] = m;
        shifts[count] = shift;
        count++;
    }
    return count;
}

/* Circle i's next collision with a neighbour in a world with gravity or damping (curved paths in
 * time); ccl_predict_neighbours_linear is the straight-line case. exclude: a neighbour not to meet
 * at once (-1: none). */
static void ccl_predict_neighbours(const ccl_world *w, int32_t i, ccl_vec2 acc, int32_t exclude,
                                   ccl_candidate *best) {
    const ccl_body_slot *b = &w->bodies[i];
    const double now = w->time;
    int32_t cols[3], rows[3];
    double shift_x[3], shift_y[3];
    int ncols = ccl_neighbour_lines(b->link.cell % w->grid.nx, w->grid.nx, w->box.periodic,
                                    w->box.size.x, cols, shift_x);
    int nrows = ccl_neighbour_lines(b->link.cell / w->grid.nx, w->grid.ny, w->box.periodic,
                                    w->box.size.y, rows, shift_y);
    for (int row = 0; row < nrows; ++row) {
        for (int col = 0; col < ncols; ++col) {
            for (int32_t k = w->grid.cell_head[rows[row] * w->grid.nx + cols[col]]; k >= 0;
                 k = w->bodies[k].link.next) {
                if (k == i) {
                    continue;
                }
                const ccl_body_slot *o = &w->bodies[k];
                if ((b->immovable || b->asleep) && (o->immovable || o->asleep)) {
                    continue;
                }
                if (b->separating && o->separating && ccl_pair_is_separating(w, i, k)) {
                    continue;
                }
                ccl_vec2 op, ov;
                ccl_body_state_at(w, o, now, &op, &ov);
                ccl_vec2 da = ccl_sub(ccl_body_acceleration(w, o), acc);
                op.x += shift_x[col];
                op.y += shift_y[row];
                double u = ccl_pair_entry(ccl_sub(op, b->position), ccl_sub(ov, b->velocity), da,
                                          b->radius + o->radius, best->u);
                if (k == exclude && da.x == 0.0 && da.y == 0.0 && ccl_at_once(w, u)) {
                    continue; /* ccl_predict_pair_apart: a straight relative motion only */
                }
                ccl_consider(best, u, CCL_EVENT_CIRCLE, k, o->count);
            }
        }
    }
}

/* The straight-line neighbour scan works in two passes: it walks the cells and writes each
 * neighbour's relative motion side by side, then computes every entry time without a branch (a
 * loop the compiler vectorises) and keeps the first smallest, in walking order. The one-pass form
 * tested each neighbour as it came and left early when it receded or could not beat the best so
 * far: fewer instructions, but each neighbour's loads waited behind the previous one's arithmetic
 * and branches (docs/PERFORMANCE_LOG.md). The result is the same event bit for bit: each time is
 * computed with the operations of ccl_straight_entry, and a neighbour that its early exit skipped
 * could not have been the first smallest. */
#define CCL_SCAN_BLOCK 32

/* Each array has room for three entries of padding after a full block. */
#define CCL_SCAN_ROOM (CCL_SCAN_BLOCK + 3)

typedef struct ccl_scan_block {
    double dpx[CCL_SCAN_ROOM], dpy[CCL_SCAN_ROOM]; ///< relative position (neighbour - circle)
    double dvx[CCL_SCAN_ROOM], dvy[CCL_SCAN_ROOM]; ///< relative velocity
    double reach[CCL_SCAN_ROOM];                   ///< sum of the radii
    double u[CCL_SCAN_ROOM];                       ///< entry time (out)
    int32_t who[CCL_SCAN_BLOCK];                   ///< the neighbour's slot
    int count;
    int32_t exclude; ///< a neighbour not to meet at once (-1: none): ccl_scan_exclude
} ccl_scan_block;

/* On x86-64 Linux an AVX-512 (x86-64-v4) and an AVX2 version of the kernel are built too and the
 * best one the processor runs is chosen at load time: the same correctly rounded operations, no
 * contraction, so the same bits. CMakeLists.txt compiles this file without errno for sqrt and
 * without trapping floating-point exceptions, so that the loop has no branch and vectorises, and
 * asks for vectors of four doubles: a scan has about six neighbours, and the AVX-512 version runs
 * faster with four lanes (and AVX-512's masks) than with eight. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) &&       \
    !defined(__SANITIZE_ADDRESS__) && !defined(CCL_NO_TARGET_CLONES)
#if __GNUC__ >= 12 /* "arch=x86-64-v4" as a clone target is GCC 12 and later */
#define CCL_SCAN_KERNEL __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define CCL_SCAN_KERNEL __attribute__((target_clones("avx2", "default")))
#endif
#else
#define CCL_SCAN_KERNEL
#endif

/* ccl_straight_entry without the early exit for each of the first n entries (n a multiple of 4),
 * from the squares' discriminant. An entry that needs the factored form instead
 * (not ccl_squares_safe: extreme magnitudes, NaN) is given the time -1, which no entry has:
 * ccl_scan_settle then computes the block again. */
CCL_SCAN_KERNEL
static void ccl_scan_entries(ccl_scan_block *s, int n) {
    for (int j = 0; j < n; ++j) {
        double dpx = s->dpx[j], dpy = s->dpy[j], dvx = s->dvx[j], dvy = s->dvy[j];
        double R = s->reach[j];
        double b = dvx * dpx + dvy * dpy;
        double c = (dpx * dpx + dpy * dpy) - R * R;
        double cross = dvx * dpy - dvy * dpx;
        double aRR = (dvx * dvx + dvy * dvy) * (R * R);
        double u = ccl_straight_root_squares(b, c, aRR, cross * cross);
        u = ccl_squares_safe(aRR) ? u : -1.0;
        u = c <= 0.0 ? 0.0 : u;
        s->u[j] = b < 0.0 ? u : INFINITY;
    }
}

/* Computes the block's times again, each as ccl_straight_entry has it (the same bits as the
 * vectorised kernel where that kernel could answer). */
static void ccl_scan_entries_any(ccl_scan_block *s) {
    for (int j = 0; j < s->count; ++j) {
        double dpx = s->dpx[j], dpy = s->dpy[j], dvx = s->dvx[j], dvy = s->dvy[j];
        double R = s->reach[j];
        double b = dvx * dpx + dvy * dpy;
        double c = (dpx * dpx + dpy * dpy) - R * R;
        double u = ccl_straight_root(b, c, dvx * dvx + dvy * dvy, dvx * dpy - dvy * dpx, R);
        u = c <= 0.0 ? 0.0 : u;
        s->u[j] = b < 0.0 ? u : INFINITY;
    }
}

/* Makes every computed time of the block right: when the vectorised kernel left one at -1, the
 * block is computed again (rare: only at extreme magnitudes). */
static void ccl_scan_settle(ccl_scan_block *s) {
    for (int j = 0; j < s->count; ++j) {
        if (s->u[j] < 0.0) {
            ccl_scan_entries_any(s);
            return;
        }
    }
}

/* Computes the entry times of the gathered neighbours (without looking at them yet). */
static void ccl_scan_run(ccl_scan_block *s) {
    int n = s->count;
    /* up to the next multiple of 4: three entries at rest relative to the circle (b = 0, no
     * entry), written out, since a loop to the multiple became five calls to memset */
    double *pad[5] = {s->dpx + n, s->dpy + n, s->dvx + n, s->dvy + n, s->reach + n};
    for (int a = 0; a < 5; ++a) {
        pad[a][0] = 0.0;
        pad[a][1] = 0.0;
        pad[a][2] = 0.0;
    }
    ccl_scan_entries(s, (n + 3) & ~3);
}

/* Gives the excluded neighbour of the block's computed times (if it is there) no entry at once. */
static void ccl_scan_exclude(const ccl_world *w, ccl_scan_block *s) {
    ccl_scan_settle(s);
    for (int j = 0; j < s->count; ++j) {
        if (s->who[j] == s->exclude && ccl_at_once(w, s->u[j])) {
            s->u[j] = INFINITY;
        }
    }
}

/* The place of the first smallest computed entry time below *first (-1 for none), which it
 * lowers to that time: by selects, since which neighbour wins is anybody's guess. */
static int ccl_scan_first(const ccl_scan_block *s, double *first) {
    double least = *first;
    int at = -1;
    for (int j = 0; j < s->count; ++j) {
        bool better = s->u[j] < least;
        least = better ? s->u[j] : least;
        at = better ? j : at;
    }
    *first = least;
    return at;
}

/* Keeps the first smallest of the computed entry times in *best and empties the block. */
static void ccl_scan_pick(const ccl_world *w, ccl_scan_block *s, ccl_candidate *best) {
    double first = best->u;
    int at = ccl_scan_first(s, &first);
    if (first < 0.0) { /* a time the vectorised kernel left to ccl_scan_settle */
        ccl_scan_settle(s);
        first = best->u;
        at = ccl_scan_first(s, &first);
    }
    if (at >= 0) {
        ccl_consider(best, first, CCL_EVENT_CIRCLE, s->who[at], w->bodies[s->who[at]].count);
    }
    s->count = 0;
}

/* Writes neighbour o (slot k, its cell shifted by shift when shifted) at place s->count, without
 * counting it: its motion relative to the circle at position p, velocity v and radius r, at time
 * now. */
static inline void ccl_scan_put(ccl_scan_block *s, const ccl_body_slot *o, int32_t k,
                                ccl_vec2 shift, bool shifted, double now, ccl_vec2 p, ccl_vec2 v,
                                double r) {
    int j = s->count;
    double tau = now - o->time;
    double x = o->position.x + tau * o->velocity.x;
    double y = o->position.y + tau * o->velocity.y;
    s->dpx[j] = (shifted ? x + shift.x : x) - p.x;
    s->dpy[j] = (shifted ? y + shift.y : y) - p.y;
    s->dvx[j] = o->velocity.x - v.x;
    s->dvy[j] = o->velocity.y - v.y;
    s->reach[j] = r + o->radius;
    s->who[j] = k;
}

/* Walks the lists that start at starts[0..filled) into the scan block
 * (ccl_predict_neighbours_linear below). Inlined three times with constant flags: `checks` for a
 * fixed or separating circle (the rare cases that skip some neighbours), `shifted` for a cell by
 * the box's edge whose neighbours may lie across a periodic edge. Elsewhere the shift is 0 and its
 * addition is left out: adding +0.0 changes nothing but the sign of a zero, which no entry time
 * depends on. */
static CCL_ALWAYS_INLINE void ccl_scan_walk(const ccl_world *w, int32_t i, const int32_t *starts,
                                            const ccl_vec2 *shifts, int filled, bool checks,
                                            bool shifted, ccl_scan_block *s, ccl_candidate *best) {
    const ccl_body_slot *bodies = w->bodies;
    const ccl_body_slot *b = &bodies[i];
    const double now = w->time;
    const ccl_vec2 p = b->position, v = b->velocity;
    const double r = b->radius;
    const bool fixed = b->immovable || b->asleep;
    for (int m = 0; m < filled; ++m) {
        const ccl_vec2 shift = shifted ? shifts[m] : ccl_v2(0.0, 0.0);
        int32_t k = starts[m];
        do {
            const ccl_body_slot *o = &bodies[k];
            const int32_t here = k;
            k = o->link.next;
            if (checks) {
                if (fixed && (here == i || o->immovable || o->asleep)) {
                    continue; /* a fixed circle looks only for moving ones */
                }
                if (b->separating && o->separating && ccl_pair_is_separating(w, i, here)) {
                    continue;
                }
            }
            if (s->count == CCL_SCAN_BLOCK) {
                ccl_scan_run(s);
                if (s->exclude >= 0) { /* a full block: rare, and an exclusion rarer */
                    ccl_scan_exclude(w, s);
                }
                ccl_scan_pick(w, s, best);
            }
            ccl_scan_put(s, o, here, shift, shifted, now, p, v, r);
            s->count += here != i; /* the circle itself is written and dropped: no branch */
        } while (k >= 0);
    }
}

/* ccl_predict_neighbours for a world without gravity or damping, where every circle moves on
 * p + v tau. The circle itself comes up in its own cell (and, in a periodic world of one or two
 * cells a side, as its own images): it is dropped from the block (its relative velocity is exactly
 * 0, so it could never give an entry anyway). The last block's times are computed but not yet
 * picked (ccl_predict_end does). */
static void ccl_predict_neighbours_linear(const ccl_world *w, int32_t i, int32_t cx, int32_t cy,
                                          ccl_candidate *best, ccl_scan_block *s) {
    const ccl_body_slot *bodies = w->bodies;
    const ccl_body_slot *b = &bodies[i];
    const bool checks = b->immovable || b->asleep || b->separating;
    /* The non-empty cells are picked out first, without a branch (about half of the nine are
     * empty at the default density, which no predictor can guess), then each is walked. */
    int32_t starts[9];
    ccl_vec2 shifts[9];
    int filled = 0;
    const int32_t nx = w->grid.nx;
    const bool interior = cx > 0 && cx < nx - 1 && cy > 0 && cy < w->grid.ny - 1;
    if (interior) {
        /* away from the box's edges (nearly every cell of a large grid): no wrap, no shift */
        const int32_t *head = w->grid.cell_head + (ptrdiff_t)(cy - 1) * nx + (cx - 1);
        for (int row = 0; row < 3; ++row, head += nx) {
            for (int col = 0; col < 3; ++col) {
                int32_t k = head[col];
                starts[filled] = k;
                filled += k >= 0;
            }
        }
    } else {
        int32_t cols[3], rows[3];
        double shift_x[3], shift_y[3];
        int ncols = ccl_neighbour_lines(cx, nx, w->box.periodic, w->box.size.x, cols, shift_x);
        int nrows =
            ccl_neighbour_lines(cy, w->grid.ny, w->box.periodic, w->box.size.y, rows, shift_y);
        for (int row = 0; row < nrows; ++row) {
            for (int col = 0; col < ncols; ++col) {
                int32_t k = w->grid.cell_head[rows[row] * nx + cols[col]];
                starts[filled] = k;
                shifts[filled] = ccl_v2(shift_x[col], shift_y[row]);
                filled += k >= 0;
            }
        }
    }
    for (int m = 0; m < filled; ++m) {
        __builtin_prefetch(&bodies[starts[m]]);
    }
    s->count = 0;
    if (checks) {
        if (interior) {
            for (int m = 0; m < filled; ++m) {
                shifts[m] = ccl_v2(0.0, 0.0);
            }
        }
        ccl_scan_walk(w, i, starts, shifts, filled, true, true, s, best);
    } else if (interior) {
        ccl_scan_walk(w, i, starts, shifts, filled, false, false, s, best);
    } else {
        ccl_scan_walk(w, i, starts, shifts, filled, false, true, s, best);
    }
    ccl_scan_run(s); /* picked by ccl_predict_end */
}

/* A prediction in two halves: ccl_predict_begin finds every candidate but leaves the last block
 * of neighbours' entry times in flight, ccl_predict_end picks among them and files the event. */
typedef struct ccl_prediction {
    ccl_candidate best;
    ccl_scan_block scan; ///< neighbours whose times are computed but not yet looked at
} ccl_prediction;

/* exclude: a neighbour circle i is not to meet at once (-1 for none; a straight relative motion);
 * skip: an obstacle likewise (ccl_predict_obstacles). */
static void ccl_predict_begin(ccl_world *w, int32_t i, int32_t exclude, int32_t skip,
                              ccl_prediction *pr) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_move_to(w, b, w->time);
    ccl_candidate best = {INFINITY, CCL_EVENT_NONE, -1, 0};
    pr->scan.count = 0;
    pr->scan.exclude = exclude;
    if (!b->immovable && !b->asleep && w->linear) {
        const ccl_vec2 none = ccl_v2(0.0, 0.0);
        /* the cell's column and row, once (an integer division) */
        int32_t cx = b->link.cell % w->grid.nx, cy = b->link.cell / w->grid.nx;
        ccl_predict_cell_exit_straight(w, b, cx, cy, &best);
        /* away from the box's edge the cell exit always comes first (ccl_grid_set_edge_walls) */
        bool by_edge = cx == 0 || cy == 0 || cx == w->grid.nx - 1 || cy == w->grid.ny - 1;
        if (!w->box.periodic && (by_edge || !w->grid.edge_walls_only)) {
            ccl_predict_box(w, b, none, &best);
        }
        if (w->grid.obstacle_start != NULL) {
            ccl_predict_obstacles(w, b, none, skip, &best);
        }
        ccl_predict_neighbours_linear(w, i, cx, cy, &best, &pr->scan);
    } else if (!b->immovable && !b->asleep) {
        ccl_vec2 acc = ccl_body_acceleration(w, b);
        ccl_predict_cell_exit(w, b, b->link.cell % w->grid.nx, b->link.cell / w->grid.nx, acc,
                              &best);
        if (!w->box.periodic) {
            ccl_predict_box(w, b, acc, &best);
        }
        ccl_predict_obstacles(w, b, acc, skip, &best);
        ccl_predict_neighbours(w, i, acc, exclude, &best);
    } else if (w->linear) {
        ccl_predict_neighbours_linear(w, i, b->link.cell % w->grid.nx, b->link.cell / w->grid.nx,
                                      &best, &pr->scan);
    } else {
        /* A fixed circle (immovable, or asleep) has no walls or cells to meet, but it must look
         * for its moving neighbours: when it is added or falls asleep, nobody else knows it. */
        ccl_predict_neighbours(w, i, ccl_v2(0.0, 0.0), exclude, &best);
    }
    pr->best = best;
}

/* ccl_predict_end without the filing: picks the event and writes it to the circle; returns its
 * time for the queue (ccl_predict_file). */
static double ccl_predict_choose(ccl_world *w, int32_t i, ccl_prediction *pr) {
    ccl_scan_pick(w, &pr->scan, &pr->best);
    ccl_candidate best = pr->best;
    ccl_body_slot *b = &w->bodies[i];
    b->event_kind = best.kind;
    ccl_body_cold *cold = ccl_body_cold_of(w, b);
    cold->event_other = best.other;
    cold->event_other_count = best.other_count;
    return best.kind == CCL_EVENT_NONE ? INFINITY : w->time + ccl_tau_of_u(w, best.u);
}

static void ccl_predict_file(ccl_world *w, int32_t i, double when) {
    if (ccl_queue_contains(&w->queue, i)) {
        ccl_queue_update(&w->queue, i, when);
    } else {
        ccl_queue_push(&w->queue, i, when);
    }
}

static void ccl_predict_end(ccl_world *w, int32_t i, ccl_prediction *pr) {
    ccl_predict_file(w, i, ccl_predict_choose(w, i, pr));
}

void ccl_predict(ccl_world *w, int32_t i) {
    ccl_prediction pr;
    ccl_predict_begin(w, i, -1, -1, &pr);
    ccl_predict_end(w, i, &pr);
}

/* Both halves of i's prediction and k's interleaved: the second scan is gathered while the first
 * one's square roots and divisions are in flight. A second half writes only its circle's event
 * fields and queue entry, which no first half reads, and the first halves run in the order of
 * ccl_predict(i) then ccl_predict(k), so the events are theirs. The second halves choose both
 * events before filing either (a choice reads no queue), so that the two bucket heads the filing
 * reads are fetched together: at 10^6 circles each was a miss the filing waited for. */
void ccl_predict_pair(ccl_world *w, int32_t i, int32_t k) {
    ccl_prediction pi, pk;
    ccl_predict_begin(w, i, -1, -1, &pi);
    ccl_predict_begin(w, k, -1, -1, &pk);
    double when_i = ccl_predict_choose(w, i, &pi);
    double when_k = ccl_predict_choose(w, k, &pk);
    ccl_queue_prefetch_key(&w->queue, when_i);
    ccl_queue_prefetch_key(&w->queue, when_k);
    ccl_predict_file(w, i, when_i);
    ccl_predict_file(w, k, when_k);
}

void ccl_predict_pair_apart(ccl_world *w, int32_t i, int32_t k) {
    ccl_prediction pi, pk;
    ccl_predict_begin(w, i, k, -1, &pi);
    ccl_predict_begin(w, k, i, -1, &pk);
    ccl_scan_exclude(w, &pi.scan); /* the last blocks (ccl_scan_walk did the full ones) */
    ccl_scan_exclude(w, &pk.scan);
    ccl_predict_end(w, i, &pi);
    ccl_predict_end(w, k, &pk);
}

bool ccl_predict_meets_at_once(ccl_world *w, int32_t i, int32_t k) {
    ccl_prediction pr;
    ccl_predict_begin(w, i, -1, -1, &pr);
    return pr.scan.count == 0 && pr.best.kind == CCL_EVENT_CIRCLE && pr.best.other == k &&
           ccl_at_once(w, pr.best.u);
}

void ccl_predict_obstacle_apart(ccl_world *w, int32_t i, int32_t code) {
    ccl_prediction pr;
    ccl_predict_begin(w, i, -1, code, &pr);
    ccl_predict_end(w, i, &pr);
}
