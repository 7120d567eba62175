/* Fuzz target: the narrow phase. Any bytes become the arguments of one of the static, swept,
 * accelerated or batched tests, of a 3D swept test, or of the response functions (NaN,
 * infinities, subnormals, huge and tiny values included). Invariants: nothing NaN comes out; a
 * hit has t in [0, t_max], t_exit >= t, a unit normal and a contact point that is not NaN;
 * non-finite input is "no hit" with the output untouched; where the problem is well conditioned,
 * the answer agrees with a slow long double reference; a batch equals the scalar call bit for
 * bit; a 3D call with every z = 0 equals its 2D counterpart bit for bit; the response functions
 * give finite velocities for finite input and leave bodies alone otherwise. */
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <circol/collision.h>
#include <circol/collision3d.h>
#include <circol/response.h>

#define FUZZ_NAME         "fuzz_narrow"
#define FUZZ_ON_FAILURE() print_arguments()
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// The arguments of the current case, printed when a check fails.
static double arguments[16];

static void print_arguments(void) {
    for (int k = 0; k < 16; ++k) {
        fprintf(stderr, "  f[%d] = %a (%.17g)\n", k, arguments[k], arguments[k]);
    }
}

/// Relative conditioning margin: inputs within this of a boundary are not compared.
#define REF_MARGIN 1e-6L
/// Allowed relative disagreement of well-conditioned times and normals with the reference.
#define REF_TOLERANCE 1e-9L

/// How far from 1 a normal's length may be, for every argument (subnormal and huge included).
#define NORMAL_TOLERANCE 1e-12

/// The reference's verdict.
typedef enum ref_verdict { REF_MISS, REF_HIT, REF_UNSURE } ref_verdict;

/// A reference answer: verdict, time, and the unit normal at contact (for hits).
typedef struct ref_answer {
    ref_verdict verdict;
    long double t, nx, ny;
} ref_answer;

/// Inputs the reference handles: every component zero or of magnitude in [2^-20, 2^20].
static bool moderate(const double *v, int n) {
    for (int k = 0; k < n; ++k) {
        double m = fabs(v[k]);
        if (!(m == 0.0 || (m >= 0x1p-20 && m <= 0x1p20))) {
            return false;
        }
    }
    return true;
}

/* The answer for a first contact at time t: UNSURE within the margin of a finite t_max, a MISS
 * beyond it, else a HIT at t whose normal the caller fills in. */
static ref_answer ref_at(long double t, long double t_max) {
    ref_answer r = {REF_UNSURE, 0, 0, 0};
    if (isfinite(t_max) && fabsl(t - t_max) <= REF_MARGIN * fmaxl(t, t_max)) {
        return r;
    }
    if (t > t_max) {
        r.verdict = REF_MISS;
        return r;
    }
    r.verdict = REF_HIT;
    r.t = t;
    return r;
}

/* First contact of two points at relative position p, velocity v, touching at distance R, in
 * long double; UNSURE near grazing, tangency, the t = 0 boundary or t_max. */
static ref_answer ref_points(long double px, long double py, long double vx, long double vy,
                             long double R, long double t_max) {
    ref_answer r = {REF_UNSURE, 0, 0, 0};
    long double L = fmaxl(sqrtl(px * px + py * py), R);
    long double V = sqrtl(vx * vx + vy * vy);
    if (!(L > 0)) {
        return r;
    }
    long double c = px * px + py * py - R * R;
    if (fabsl(c) <= REF_MARGIN * L * L) {
        return r;
    }
    if (c < 0) {
        r.verdict = REF_HIT;
        r.t = 0;
        r.nx = NAN; /* direction not compared at t = 0 (overlapping) */
        return r;
    }
    long double b = px * vx + py * vy;
    if (fabsl(b) <= REF_MARGIN * L * V) {
        return V == 0 ? (ref_answer){REF_MISS, 0, 0, 0} : r;
    }
    if (b > 0) {
        r.verdict = REF_MISS;
        return r;
    }
    long double a = vx * vx + vy * vy;
    long double D = b * b - a * c;
    if (fabsl(D) <= REF_MARGIN * b * b) {
        return r;
    }
    if (D < 0) {
        r.verdict = REF_MISS;
        return r;
    }
    long double t = c / (-b + sqrtl(D));
    r = ref_at(t, t_max);
    if (r.verdict != REF_HIT) {
        return r;
    }
    long double qx = px + vx * t, qy = py + vy * t, q = sqrtl(qx * qx + qy * qy);
    r.nx = qx / q;
    r.ny = qy / q;
    return r;
}

/* First contact of circle (c, v, radius) with the two-sided line through point p with unit
 * normal (nx, ny), in long double. */
static ref_answer ref_line(long double cx, long double cy, long double vx, long double vy,
                           long double radius, long double px, long double py, long double nx,
                           long double ny, long double t_max) {
    ref_answer r = {REF_UNSURE, 0, 0, 0};
    long double s0 = (cx - px) * nx + (cy - py) * ny; /* signed distance */
    long double vn = vx * nx + vy * ny;
    /* the margin scales with the terms of s0 too: a centre exactly on the line rounds to a
     * distance of 1e-19 of them, which is no evidence of a side */
    long double terms = fabsl(cx - px) * fabsl(nx) + fabsl(cy - py) * fabsl(ny);
    long double L = fmaxl(fmaxl(fabsl(s0), radius), terms);
    if (!(L > 0) || fabsl(fabsl(s0) - radius) <= REF_MARGIN * L) {
        return r;
    }
    if (fabsl(s0) < radius) {
        r.verdict = REF_HIT;
        r.t = 0;
        r.nx = NAN;
        return r;
    }
    long double V = sqrtl(vx * vx + vy * vy);
    if (fabsl(vn) <= REF_MARGIN * V) {
        return V == 0 ? (ref_answer){REF_MISS, 0, 0, 0} : r;
    }
    if ((s0 > 0) == (vn > 0)) {
        r.verdict = REF_MISS;
        return r;
    }
    long double t = (fabsl(s0) - radius) / fabsl(vn);
    r = ref_at(t, t_max);
    if (r.verdict != REF_HIT) {
        return r;
    }
    r.nx = s0 > 0 ? -nx : nx; /* from the circle toward the line */
    r.ny = s0 > 0 ? -ny : ny;
    if (radius <= REF_MARGIN * L) {
        r.nx = NAN; /* a point on the line at contact: no "toward", so no normal to compare */
    }
    return r;
}

/* First contact of a moving circle with a segment: the earliest of the interior (where the foot
 * of the contact lies inside the segment) and the two end caps. */
static ref_answer ref_segment(const double *f) {
    long double cx = f[0], cy = f[1], radius = f[2], vx = f[3], vy = f[4];
    long double ax = f[5], ay = f[6], bx = f[7], by = f[8], t_max = f[9];
    long double ex = bx - ax, ey = by - ay, len = sqrtl(ex * ex + ey * ey);
    ref_answer cap_a = ref_points(ax - cx, ay - cy, -vx, -vy, radius, t_max);
    if (!(len > 0)) {
        return cap_a;
    }
    ref_answer cap_b = ref_points(bx - cx, by - cy, -vx, -vy, radius, t_max);
    /* static overlap at t = 0: distance to the segment below the radius */
    long double u0 = ((cx - ax) * ex + (cy - ay) * ey) / (len * len);
    long double uc = fminl(fmaxl(u0, 0), 1);
    long double dx = cx - (ax + uc * ex), dy = cy - (ay + uc * ey);
    long double dist = sqrtl(dx * dx + dy * dy);
    long double L = fmaxl(fmaxl(dist, radius), len);
    if (fabsl(dist - radius) <= REF_MARGIN * L) {
        return (ref_answer){REF_UNSURE, 0, 0, 0};
    }
    if (dist < radius) {
        return (ref_answer){REF_HIT, 0, NAN, 0};
    }
    ref_answer mid = ref_line(cx, cy, vx, vy, radius, ax, ay, -ey / len, ex / len, t_max);
    if (mid.verdict == REF_HIT) {
        long double qx = cx + vx * mid.t - ax, qy = cy + vy * mid.t - ay;
        long double u = (qx * ex + qy * ey) / (len * len);
        if (fabsl(u) <= REF_MARGIN || fabsl(u - 1) <= REF_MARGIN) {
            return (ref_answer){REF_UNSURE, 0, 0, 0};
        }
        if (u < 0 || u > 1) {
            mid.verdict = REF_MISS;
        }
    }
    ref_answer parts[3] = {mid, cap_a, cap_b}, best = {REF_MISS, 0, 0, 0};
    for (int k = 0; k < 3; ++k) {
        if (parts[k].verdict == REF_UNSURE) {
            return parts[k];
        }
        if (parts[k].verdict == REF_HIT && (best.verdict == REF_MISS || parts[k].t < best.t)) {
            best = parts[k];
        }
    }
    return best;
}

/* The checks every swept result must pass, and agreement with the reference when it is sure. */
static void check_hit(bool got, const ccl_hit *hit, double t_max, ref_answer ref,
                      bool inputs_finite, const ccl_hit *untouched) {
    if (!inputs_finite) {
        FUZZ_CHECK(!got, "non-finite input must be no hit");
        FUZZ_CHECK(memcmp(hit, untouched, sizeof *hit) == 0, "no hit must leave the output alone");
        return;
    }
    if (got) {
        FUZZ_CHECK(!isnan(hit->t) && hit->t >= 0.0 && hit->t <= t_max, "t in [0, t_max]");
        FUZZ_CHECK(!isnan(hit->t_exit) && hit->t_exit >= hit->t, "t_exit >= t");
        FUZZ_CHECK(isfinite(hit->normal.x) && isfinite(hit->normal.y), "finite normal");
        double len = hypot(hit->normal.x, hit->normal.y);
        FUZZ_CHECK(fabs(len - 1.0) <= NORMAL_TOLERANCE, "unit normal");
        FUZZ_CHECK(!isnan(hit->point.x) && !isnan(hit->point.y), "contact point not NaN");
    }
    if (ref.verdict == REF_UNSURE) {
        return;
    }
    FUZZ_CHECK(got == (ref.verdict == REF_HIT), "hit or miss agrees with the reference");
    if (got) {
        long double err = fabsl((long double)hit->t - ref.t);
        FUZZ_CHECK(err <= REF_TOLERANCE * ref.t + 1e-300L, "t agrees with the reference");
        if (!isnan(ref.nx)) {
            long double dn = fabsl(hit->normal.x - ref.nx) + fabsl(hit->normal.y - ref.ny);
            FUZZ_CHECK(dn <= 1e-6L, "normal agrees with the reference");
        }
    }
}

static bool all_finite(const double *f, int n) {
    for (int k = 0; k < n; ++k) {
        if (!isfinite(f[k])) {
            return false;
        }
    }
    return true;
}

/* Swept kinds: 0 circles, 1 point, 2 segment, 3 line. f holds the arguments in call order. */
static void fuzz_swept(int kind, const double *f) {
    static const int counts[4] = {11, 8, 10, 10};
    int n = counts[kind];
    double t_max = f[n - 1];
    ccl_circle c = {{f[0], f[1]}, f[2]};
    ccl_vec2 v = {f[3], f[4]};
    ccl_hit hit, untouched;
    memset(&untouched, 0x5a, sizeof untouched);
    hit = untouched;
    bool got = false;
    ref_answer ref = {REF_UNSURE, 0, 0, 0};
    bool valid_t = t_max >= 0.0;
    bool finite = all_finite(f, n - 1) && valid_t && !(f[2] < 0.0);
    bool well = finite && moderate(f, n - 1) && (t_max == INFINITY || moderate(&t_max, 1));
    switch (kind) {
        case 0: {
            ccl_circle b = {{f[5], f[6]}, f[7]};
            finite = finite && !(f[7] < 0.0);
            got = ccl_sweep_circles(c, v, b, ccl_v2(f[8], f[9]), t_max, &hit);
            if (well && finite) {
                ref = ref_points((long double)f[5] - f[0], (long double)f[6] - f[1],
                                 (long double)f[8] - f[3], (long double)f[9] - f[4],
                                 (long double)f[2] + f[7], t_max);
            }
            /* a batch of one pair, and of that pair among copies, gives the same bits */
            double t_batch[3];
            double ax[3], ay[3], ar[3], avx[3], avy[3], bx[3], by[3], br[3], bvx[3], bvy[3];
            for (int k = 0; k < 3; ++k) {
                ax[k] = f[0], ay[k] = f[1], ar[k] = f[2], avx[k] = f[3], avy[k] = f[4];
                bx[k] = f[5], by[k] = f[6], br[k] = f[7], bvx[k] = f[8], bvy[k] = f[9];
            }
            ccl_sweep_batch pairs = {ax, ay, avx, avy, ar, bx, by, bvx, bvy, br};
            ccl_sweep_circles_batch(&pairs, 3, t_max, t_batch);
            ccl_hit scalar;
            double expect = ccl_sweep_circles(c, v, b, ccl_v2(f[8], f[9]), t_max, &scalar)
                                ? scalar.t
                                : INFINITY;
            for (int k = 0; k < 3; ++k) {
                FUZZ_CHECK(memcmp(&t_batch[k], &expect, sizeof expect) == 0,
                           "batch equals the scalar call bit for bit");
            }
            unsigned char over[3];
            ccl_circles_overlap_batch(&pairs, 3, over);
            bool scalar_over = ccl_circles_overlap(c, b);
            for (int k = 0; k < 3; ++k) {
                FUZZ_CHECK(over[k] == (scalar_over ? 1 : 0), "overlap batch equals the scalar");
            }
            break;
        }
        case 1:
            got = ccl_sweep_circle_point(c, v, ccl_v2(f[5], f[6]), t_max, &hit);
            if (well && finite) {
                ref = ref_points((long double)f[5] - f[0], (long double)f[6] - f[1],
                                 -(long double)f[3], -(long double)f[4], f[2], t_max);
            }
            break;
        case 2:
            got = ccl_sweep_circle_segment(
                c, v, ccl_make_segment(ccl_v2(f[5], f[6]), ccl_v2(f[7], f[8])), t_max, &hit);
            if (well && finite) {
                ref = ref_segment(f);
            }
            break;
        default: {
            ccl_vec2 normal = {f[7], f[8]};
            got = ccl_sweep_circle_line(c, v, ccl_v2(f[5], f[6]), normal, t_max, &hit);
            long double nl = sqrtl((long double)f[7] * f[7] + (long double)f[8] * f[8]);
            if (well && finite && nl > 0) {
                ref =
                    ref_line(f[0], f[1], f[3], f[4], f[2], f[5], f[6], f[7] / nl, f[8] / nl, t_max);
            }
            break;
        }
    }
    check_hit(got, &hit, t_max, ref, finite, &untouched);
}

/* Static tests: overlap and contact agree; the contact's normal is unit, depth finite and >= 0;
 * a well-conditioned verdict agrees with the long double distance. */
static void fuzz_static(int kind, const double *f) {
    ccl_circle a = {{f[0], f[1]}, f[2]};
    ccl_contact contact;
    bool got;
    bool finite = all_finite(f, kind == 0 ? 6 : 7) && f[2] >= 0.0;
    long double dist, reach;
    if (kind == 0) {
        ccl_circle b = {{f[3], f[4]}, f[5]};
        finite = finite && f[5] >= 0.0;
        got = ccl_circles_contact(a, b, &contact);
        FUZZ_CHECK(got == ccl_circles_overlap(a, b), "contact and overlap agree");
        long double dx = (long double)f[3] - f[0], dy = (long double)f[4] - f[1];
        dist = sqrtl(dx * dx + dy * dy);
        reach = (long double)f[2] + f[5];
    } else {
        ccl_segment s = {{f[3], f[4]}, {f[5], f[6]}};
        got = ccl_circle_segment_contact(a, s, &contact);
        long double ex = (long double)f[5] - f[3], ey = (long double)f[6] - f[4];
        long double px = (long double)f[0] - f[3], py = (long double)f[1] - f[4];
        long double l2 = ex * ex + ey * ey;
        long double u = l2 > 0 ? fminl(fmaxl((px * ex + py * ey) / l2, 0), 1) : 0;
        long double dx = px - u * ex, dy = py - u * ey;
        dist = sqrtl(dx * dx + dy * dy);
        reach = f[2];
    }
    if (!finite) {
        FUZZ_CHECK(!got, "non-finite input must be no contact");
        return;
    }
    if (got) {
        FUZZ_CHECK(isfinite(contact.normal.x) && isfinite(contact.normal.y), "finite normal");
        FUZZ_CHECK(fabs(hypot(contact.normal.x, contact.normal.y) - 1.0) <= 1e-12, "unit normal");
        FUZZ_CHECK(!isnan(contact.depth) && contact.depth >= 0.0, "depth >= 0");
        FUZZ_CHECK(!isnan(contact.point.x) && !isnan(contact.point.y), "point not NaN");
    }
    if (moderate(f, kind == 0 ? 6 : 7)) {
        /* The reference rounds too (a point on a segment comes out 1e-17 away): its margin is
         * relative to the coordinates as well as to the distances. */
        long double scale = fmaxl(dist, reach);
        for (int k = 0; k < (kind == 0 ? 6 : 7); ++k) {
            scale = fmaxl(scale, fabsl((long double)f[k]));
        }
        if (scale > 0 && fabsl(dist - reach) > REF_MARGIN * scale) {
            FUZZ_CHECK(got == (dist < reach), "static verdict agrees with the reference");
        }
    }
}

/* Accelerated pair: invariants only (no closed-form reference). */
static void fuzz_accel(const double *f) {
    ccl_circle a = {{f[0], f[1]}, f[2]}, b = {{f[7], f[8]}, f[9]};
    ccl_hit hit, untouched;
    memset(&untouched, 0x5a, sizeof untouched);
    hit = untouched;
    double t_max = f[14];
    bool got = ccl_sweep_circles_accel(a, ccl_v2(f[3], f[4]), ccl_v2(f[5], f[6]), b,
                                       ccl_v2(f[10], f[11]), ccl_v2(f[12], f[13]), t_max, &hit);
    bool finite = all_finite(f, 14) && t_max >= 0.0 && f[2] >= 0.0 && f[9] >= 0.0;
    ref_answer unsure = {REF_UNSURE, 0, 0, 0};
    check_hit(got, &hit, t_max, unsure, finite, &untouched);
}

/* Bit-for-bit equality of doubles (NaN payloads and the sign of zero included). */
static bool same_bits(double a, double b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

/* The checks every 3D swept result must pass; with every z = 0, the 2D answer's bits. */
static void check_hit3(bool got, const ccl_hit3 *hit, double t_max, bool inputs_finite,
                       const ccl_hit3 *untouched, bool flat, bool got2, const ccl_hit *hit2) {
    if (!inputs_finite) {
        FUZZ_CHECK(!got, "non-finite input must be no hit (3D)");
        FUZZ_CHECK(memcmp(hit, untouched, sizeof *hit) == 0, "no hit leaves the output (3D)");
    } else if (got) {
        FUZZ_CHECK(!isnan(hit->t) && hit->t >= 0.0 && hit->t <= t_max, "t in [0, t_max] (3D)");
        FUZZ_CHECK(!isnan(hit->t_exit) && hit->t_exit >= hit->t, "t_exit >= t (3D)");
        FUZZ_CHECK(ccl_vec3_is_finite(hit->normal), "finite normal (3D)");
        long double len = sqrtl((long double)hit->normal.x * hit->normal.x +
                                (long double)hit->normal.y * hit->normal.y +
                                (long double)hit->normal.z * hit->normal.z);
        FUZZ_CHECK(fabsl(len - 1.0L) <= NORMAL_TOLERANCE, "unit normal (3D)");
        FUZZ_CHECK(!isnan(hit->point.x) && !isnan(hit->point.y) && !isnan(hit->point.z),
                   "contact point not NaN (3D)");
    }
    if (flat) {
        FUZZ_CHECK(got == got2, "3D at z = 0 decides as 2D");
        if (got) {
            FUZZ_CHECK(same_bits(hit->t, hit2->t) && same_bits(hit->t_exit, hit2->t_exit),
                       "3D at z = 0 gives the 2D times bit for bit");
            FUZZ_CHECK(same_bits(hit->normal.x, hit2->normal.x) &&
                           same_bits(hit->normal.y, hit2->normal.y) && hit->normal.z == 0.0,
                       "3D at z = 0 gives the 2D normal bit for bit");
            FUZZ_CHECK(same_bits(hit->point.x, hit2->point.x) &&
                           same_bits(hit->point.y, hit2->point.y) && hit->point.z == 0.0,
                       "3D at z = 0 gives the 2D point bit for bit");
        }
    }
}

/* 3D swept kinds: 0 sphere and segment, 1 two spheres, 2 sphere and plane. Every case runs as
 * given and with every z set to 0 against the 2D function. */
static void fuzz_swept3(int kind, const double *f) {
    for (int flat = 0; flat < 2; ++flat) {
        double g[16];
        memcpy(g, f, sizeof g);
        if (flat) { /* the z components: centre, velocity, the second point and its partner */
            g[2] = g[6] = g[9] = g[12] = 0.0;
        }
        ccl_sphere s = {{g[0], g[1], g[2]}, g[3]};
        ccl_vec3 v = {g[4], g[5], g[6]};
        ccl_vec3 p = {g[7], g[8], g[9]}, q = {g[10], g[11], g[12]};
        double t_max = g[13];
        ccl_hit3 hit, untouched;
        memset(&untouched, 0x5a, sizeof untouched);
        hit = untouched;
        ccl_hit hit2;
        bool got = false, got2 = false;
        bool finite = all_finite(g, 13) && t_max >= 0.0 && g[3] >= 0.0;
        ccl_circle c = {{g[0], g[1]}, g[3]};
        switch (kind) {
            case 0:
                got = ccl_sweep_sphere_segment(s, v, ccl_make_segment3(p, q), t_max, &hit);
                got2 = ccl_sweep_circle_segment(
                    c, ccl_v2(g[4], g[5]),
                    ccl_make_segment(ccl_v2(g[7], g[8]), ccl_v2(g[10], g[11])), t_max, &hit2);
                break;
            case 1: {
                ccl_sphere b = {p, g[14]};
                finite = finite && isfinite(g[14]) && g[14] >= 0.0;
                got = ccl_sweep_spheres(s, v, b, q, t_max, &hit);
                ccl_circle b2 = {{g[7], g[8]}, g[14]};
                got2 = ccl_sweep_circles(c, ccl_v2(g[4], g[5]), b2, ccl_v2(g[10], g[11]), t_max,
                                         &hit2);
                break;
            }
            default:
                got = ccl_sweep_sphere_plane(s, v, p, q, t_max, &hit);
                got2 = ccl_sweep_circle_line(c, ccl_v2(g[4], g[5]), ccl_v2(g[7], g[8]),
                                             ccl_v2(g[10], g[11]), t_max, &hit2);
                break;
        }
        check_hit3(got, &hit, t_max, finite, &untouched, flat == 1, got2, &hit2);
    }
}

/* The response functions: two bodies and a normal (scaled to unit when it can be). Finite input
 * gives finite velocities, an impulse >= 0 and a finite reflection; other input leaves the
 * bodies alone; the 3D forms at z = 0 give the same bits with z still 0. */
static void fuzz_response(const double *f) {
    ccl_body a = {{f[0], f[1]}, {f[2], f[3]}, f[4], f[5], f[6]};
    ccl_body b = {{f[7], f[8]}, {f[9], f[10]}, f[11], f[12], f[13]};
    ccl_vec2 n = {f[14], f[15]};
    double len = hypot(n.x, n.y);
    if (len > 0.0 && isfinite(len)) {
        n = ccl_v2(n.x / len, n.y / len);
    }
    bool finite = all_finite(f, 16);
    ccl_body a0 = a, b0 = b;
    double j = ccl_impulse(&a, &b, n);
    FUZZ_CHECK(j >= 0.0 && isfinite(j), "impulse finite and >= 0");
    ccl_collide(&a, &b, n);
    ccl_vec2 r = ccl_reflect(a0.velocity, n, f[6]);
    if (!finite) {
        FUZZ_CHECK(memcmp(&a, &a0, sizeof a) == 0 && memcmp(&b, &b0, sizeof b) == 0,
                   "non-finite input leaves the bodies alone");
    } else {
        FUZZ_CHECK(ccl_vec2_is_finite(a.velocity) && ccl_vec2_is_finite(b.velocity),
                   "finite input gives finite velocities");
        FUZZ_CHECK(ccl_vec2_is_finite(r), "finite input gives a finite reflection");
    }
    ccl_body3 a3 = {{a0.position.x, a0.position.y, 0.0},
                    {a0.velocity.x, a0.velocity.y, 0.0},
                    a0.radius,
                    a0.inv_mass,
                    a0.restitution};
    ccl_body3 b3 = {{b0.position.x, b0.position.y, 0.0},
                    {b0.velocity.x, b0.velocity.y, 0.0},
                    b0.radius,
                    b0.inv_mass,
                    b0.restitution};
    ccl_vec3 n3 = {n.x, n.y, 0.0};
    FUZZ_CHECK(same_bits(ccl_impulse3(&a3, &b3, n3), j), "3D impulse at z = 0 equals 2D");
    ccl_collide3(&a3, &b3, n3);
    FUZZ_CHECK(same_bits(a3.velocity.x, a.velocity.x) && same_bits(a3.velocity.y, a.velocity.y) &&
                   a3.velocity.z == 0.0 && same_bits(b3.velocity.x, b.velocity.x) &&
                   same_bits(b3.velocity.y, b.velocity.y) && b3.velocity.z == 0.0,
               "3D collide at z = 0 equals 2D");
    ccl_vec3 r3 = ccl_reflect3(ccl_v3(a0.velocity.x, a0.velocity.y, 0.0), n3, f[6]);
    FUZZ_CHECK(same_bits(r3.x, r.x) && same_bits(r3.y, r.y) && (r3.z == 0.0 || !finite),
               "3D reflect at z = 0 equals 2D");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size, 0};
    uint8_t tag = fuzz_byte(&in);
    int selector = tag % 9;
    double f[16];
    for (int k = 0; k < 16; ++k) {
        f[k] = fuzz_double(&in);
        arguments[k] = f[k];
    }
    if (selector < 4) {
        fuzz_swept(selector, f);
    } else if (selector < 6) {
        fuzz_static(selector - 4, f);
    } else if (selector == 6) {
        fuzz_accel(f);
    } else if (selector == 7) {
        fuzz_swept3((tag / 9) % 3, f);
    } else {
        fuzz_response(f);
    }
    return 0;
}
