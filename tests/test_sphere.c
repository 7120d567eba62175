/* The 3D narrow phase and response: with all z = 0 every function returns its 2D counterpart's
 * result bit for bit; with real 3D input it agrees with long double oracles (the contact quadratic
 * solved directly, the capsule distance minimised by ternary search), with rotated copies of 2D
 * problems, and with the conservation laws. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "oracle_cases.h"
#include "test_main.h"

#include <circol/circol.h>

#include "world_common.h"

#define CASES 40000

/* splitmix64 (world_common.h), seeded per test. */
static wt_rng rng;

/* What a run of random cases against an oracle saw: the cases compared, the hits among them and
 * the worst error. */
typedef struct oracle_tally {
    long compared, hits;
    double worst;
} oracle_tally;

/* A coordinate: mostly moderate, sometimes huge or tiny (exercising the rescaling branches),
 * sometimes a small integer (exact ties: touching, zero speed, centres on segments). */
static double coordinate(double h) {
    unsigned kind = (unsigned)(wt_next(&rng) % 16);
    if (kind == 0) {
        return ldexp(wt_range(&rng, -1, 1), (int)(wt_next(&rng) % 2000) - 1000);
    }
    if (kind <= 2) {
        return (double)((int)(wt_next(&rng) % 7) - 3);
    }
    return wt_range(&rng, -h, h);
}

static ccl_vec2 random2(double h) {
    return ccl_v2(coordinate(h), coordinate(h));
}

static double radius(void) {
    return (wt_next(&rng) & 7) == 0 ? 0.0
                                    : ((wt_next(&rng) & 3) == 0 ? 1.0 : wt_range(&rng, 0.0, 3.0));
}

static ccl_vec3 lift(ccl_vec2 v) {
    return ccl_v3(v.x, v.y, 0.0);
}

static bool same(double a, double b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

static void assert_same(double a, double b, const char *what, int n) {
    if (!same(a, b)) {
        fail_msg("%s differs in case %d: 3D %a, 2D %a", what, n, a, b);
    }
}

static void assert_same2(ccl_vec3 a, ccl_vec2 b, const char *what, int n) {
    assert_same(a.x, b.x, what, n);
    assert_same(a.y, b.y, what, n);
    if (a.z != 0.0) {
        fail_msg("%s has z %a in case %d", what, a.z, n);
    }
}

static void assert_same_hit(bool f3, const ccl_hit3 *h3, bool f2, const ccl_hit *h2, int n) {
    if (f3 != f2) {
        fail_msg("hit/miss differs in case %d: 3D %d, 2D %d", n, f3, f2);
    }
    if (f2) {
        assert_same(h3->t, h2->t, "t", n);
        assert_same(h3->t_exit, h2->t_exit, "t_exit", n);
        assert_same2(h3->normal, h2->normal, "normal", n);
        assert_same2(h3->point, h2->point, "point", n);
    }
}

/* ---- z = 0: bit for bit ---- */

static void static_tests_equal_2d_bit_for_bit_when_z_is_zero(void **state) {
    (void)state;
    rng.state = 0x3d01;
    for (int n = 0; n < CASES; ++n) {
        ccl_circle a = {random2(5), radius()}, b = {random2(5), radius()};
        ccl_sphere sa = {lift(a.center), a.radius}, sb = {lift(b.center), b.radius};
        assert_int_equal(ccl_spheres_overlap(sa, sb), ccl_circles_overlap(a, b));
        ccl_contact c2;
        ccl_contact3 c3;
        bool f2 = ccl_circles_contact(a, b, &c2), f3 = ccl_spheres_contact(sa, sb, &c3);
        assert_int_equal(f2, f3);
        if (f2) {
            assert_same2(c3.normal, c2.normal, "normal", n);
            assert_same2(c3.point, c2.point, "point", n);
            assert_same(c3.depth, c2.depth, "depth", n);
        }
        ccl_segment s = {random2(5), (wt_next(&rng) & 7) == 0 ? a.center : random2(5)};
        ccl_segment3 s3 = {lift(s.a), lift(s.b)};
        f2 = ccl_circle_segment_contact(a, s, &c2);
        f3 = ccl_sphere_segment_contact(sa, s3, &c3);
        assert_int_equal(f2, f3);
        if (f2) {
            assert_same2(c3.normal, c2.normal, "segment normal", n);
            assert_same2(c3.point, c2.point, "segment point", n);
            assert_same(c3.depth, c2.depth, "segment depth", n);
        }
    }
}

static void swept_tests_equal_2d_bit_for_bit_when_z_is_zero(void **state) {
    (void)state;
    rng.state = 0x3d02;
    for (int n = 0; n < CASES; ++n) {
        ccl_circle a = {random2(10), radius()}, b = {random2(10), radius()};
        ccl_vec2 va = random2(4), vb = random2(4);
        double t_max = (wt_next(&rng) & 7) == 0 ? INFINITY : wt_range(&rng, 0.0, 5.0);
        ccl_sphere sa = {lift(a.center), a.radius}, sb = {lift(b.center), b.radius};
        ccl_hit h2;
        ccl_hit3 h3;
        bool f2 = ccl_sweep_circles(a, va, b, vb, t_max, &h2);
        bool f3 = ccl_sweep_spheres(sa, lift(va), sb, lift(vb), t_max, &h3);
        assert_same_hit(f3, &h3, f2, &h2, n);

        f2 = ccl_sweep_circle_point(a, va, b.center, t_max, &h2);
        f3 = ccl_sweep_sphere_point(sa, lift(va), sb.center, t_max, &h3);
        assert_same_hit(f3, &h3, f2, &h2, n);

        ccl_segment s = {b.center, (wt_next(&rng) & 7) == 0 ? b.center : random2(10)};
        ccl_segment3 s3 = {lift(s.a), lift(s.b)};
        f2 = ccl_sweep_circle_segment(a, va, s, t_max, &h2);
        f3 = ccl_sweep_sphere_segment(sa, lift(va), s3, t_max, &h3);
        assert_same_hit(f3, &h3, f2, &h2, n);

        ccl_vec2 normal = random2(2);
        f2 = ccl_sweep_circle_line(a, va, b.center, normal, t_max, &h2);
        f3 = ccl_sweep_sphere_plane(sa, lift(va), sb.center, lift(normal), t_max, &h3);
        assert_same_hit(f3, &h3, f2, &h2, n);

        ccl_vec2 aa = random2(3), ab = (wt_next(&rng) & 3) == 0 ? aa : random2(3);
        f2 = ccl_sweep_circles_accel(a, va, aa, b, vb, ab, t_max, &h2);
        f3 = ccl_sweep_spheres_accel(sa, lift(va), lift(aa), sb, lift(vb), lift(ab), t_max, &h3);
        assert_same_hit(f3, &h3, f2, &h2, n);
    }
}

/* A hit's normal has no -0 component, in 2D and 3D alike, whether the circles touch at the start or
 * meet later, moving along an axis, when a coordinate is -0: every sign combination of a head-on
 * or touching pair along x and along y. */
static void normals_have_no_negative_zero(void **state) {
    (void)state;
    const double zeros[2] = {0.0, -0.0};
    const double speeds[2] = {-1.0, 1.0};
    for (int axis = 0; axis < 2; ++axis) {
        for (int za = 0; za < 2; ++za) {
            for (int zb = 0; zb < 2; ++zb) {
                for (int gap = 0; gap < 2; ++gap) {
                    for (int side = 0; side < 2; ++side) {
                        /* b sits on the axis at distance 1 (touching) or 3 from a, on either side
                         */
                        double d = (gap ? 3.0 : 1.0) * speeds[side];
                        ccl_vec2 pa = axis == 0 ? ccl_v2(0.0, zeros[za]) : ccl_v2(zeros[za], 0.0);
                        ccl_vec2 pb = axis == 0 ? ccl_v2(d, zeros[zb]) : ccl_v2(zeros[zb], d);
                        /* b comes towards a along the axis, with a sideways component when touching
                         */
                        ccl_vec2 vb = axis == 0 ? ccl_v2(-speeds[side], gap ? zeros[zb] : 0.5)
                                                : ccl_v2(gap ? zeros[zb] : 0.5, -speeds[side]);
                        ccl_circle a = {pa, 0.5}, b = {pb, 0.5};
                        ccl_hit h2;
                        ccl_hit3 h3;
                        bool f2 = ccl_sweep_circles(a, ccl_v2(0.0, 0.0), b, vb, 4.0, &h2);
                        bool f3 =
                            ccl_sweep_spheres((ccl_sphere){lift(pa), 0.5}, ccl_v3(0, 0, 0),
                                              (ccl_sphere){lift(pb), 0.5}, lift(vb), 4.0, &h3);
                        assert_true(f2 && f3);
                        double across2 = axis == 0 ? h2.normal.y : h2.normal.x;
                        double across3 = axis == 0 ? h3.normal.y : h3.normal.x;
                        assert_true(across2 == 0.0 && !signbit(across2));
                        assert_true(across3 == 0.0 && !signbit(across3));
                        assert_true(h3.normal.z == 0.0 && !signbit(h3.normal.z));
                        assert_true((axis == 0 ? h2.normal.x : h2.normal.y) == speeds[side]);
                    }
                }
            }
        }
    }
}

static void response_equals_2d_bit_for_bit_when_z_is_zero(void **state) {
    (void)state;
    rng.state = 0x3d03;
    for (int n = 0; n < CASES; ++n) {
        ccl_body a = {random2(5), random2(4), radius(),
                      (wt_next(&rng) & 7) ? wt_range(&rng, 0, 2) : 0.0, wt_range(&rng, -0.2, 1.2)};
        ccl_body b = {random2(5), random2(4), radius(),
                      (wt_next(&rng) & 7) ? wt_range(&rng, 0, 2) : 0.0, wt_range(&rng, -0.2, 1.2)};
        ccl_body3 a3 = {lift(a.position), lift(a.velocity), a.radius, a.inv_mass, a.restitution};
        ccl_body3 b3 = {lift(b.position), lift(b.velocity), b.radius, b.inv_mass, b.restitution};
        ccl_vec2 normal = ccl_normalize(random2(1));
        assert_same(ccl_impulse3(&a3, &b3, lift(normal)), ccl_impulse(&a, &b, normal), "j", n);
        ccl_vec3 r3 = ccl_reflect3(a3.velocity, lift(normal), a.restitution);
        assert_same2(r3, ccl_reflect(a.velocity, normal, a.restitution), "reflect", n);
        ccl_body c = a, d = b;
        ccl_body3 c3 = a3, d3 = b3;
        ccl_collide(&c, &d, normal);
        ccl_collide3(&c3, &d3, lift(normal));
        assert_same2(c3.velocity, c.velocity, "collide a", n);
        assert_same2(d3.velocity, d.velocity, "collide b", n);
        ccl_hit h2;
        ccl_hit3 h3;
        double dt = wt_range(&rng, 0.0, 3.0);
        bool f2 = ccl_step_pair(&a, &b, dt, &h2);
        bool f3 = ccl_step_pair3(&a3, &b3, dt, &h3);
        assert_same_hit(f3, &h3, f2, &h2, n);
        assert_same2(a3.position, a.position, "step a", n);
        assert_same2(b3.position, b.position, "step b", n);
        assert_same2(a3.velocity, a.velocity, "step va", n);
        assert_same2(b3.velocity, b.velocity, "step vb", n);
    }
}

/* ---- real 3D ---- */

static ccl_vec3 random3(double h) {
    return ccl_v3(wt_range(&rng, -h, h), wt_range(&rng, -h, h), wt_range(&rng, -h, h));
}

/* The contact quadratic in long double, directly: the first root of |dp + dv t| = R. */
static bool oracle_sweep(ccl_vec3 pa, ccl_vec3 va, ccl_vec3 pb, ccl_vec3 vb, double R,
                         long double *t, long double *miss) {
    long double p[3] = {(long double)pb.x - pa.x, (long double)pb.y - pa.y,
                        (long double)pb.z - pa.z};
    long double v[3] = {(long double)vb.x - va.x, (long double)vb.y - va.y,
                        (long double)vb.z - va.z};
    long double a = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    long double b = p[0] * v[0] + p[1] * v[1] + p[2] * v[2];
    long double c = p[0] * p[0] + p[1] * p[1] + p[2] * p[2] - (long double)R * R;
    if (c <= 0) {
        *t = 0;
        *miss = -c;
        return true;
    }
    if (a == 0 || b >= 0) {
        *miss = c;
        return false;
    }
    long double closest = c - b * b / a; /* |d|^2 - R^2 at the closest approach */
    *miss = fabsl(closest);
    if (closest > 0) {
        return false;
    }
    *t = (-b - sqrtl(b * b - a * c)) / a;
    return true;
}

/* A random pair of spheres against the long double oracle, wherever the answer is robust. */
static void sphere_pair_case(oracle_tally *t) {
    ccl_sphere a = {random3(4), wt_range(&rng, 0.1, 2)}, b = {random3(4), wt_range(&rng, 0, 2)};
    ccl_vec3 va = random3(5), vb = random3(5);
    double t_max = wt_range(&rng, 0.1, 5.0);
    long double t_or = 0, miss;
    bool truth = oracle_sweep(a.center, va, b.center, vb, a.radius + b.radius, &t_or, &miss);
    bool robust = miss > 1e-9L && (!truth || fabsl(t_or - t_max) > 1e-9L);
    ccl_hit3 hit;
    bool got = ccl_sweep_spheres(a, va, b, vb, t_max, &hit);
    truth = truth && t_or <= t_max;
    if (!robust) {
        return;
    }
    t->compared++;
    assert_int_equal(got, truth);
    if (got) {
        t->hits++;
        t->worst = fmax(t->worst, fabs(hit.t - (double)t_or) / t_max);
        /* the normal is the unit relative position at the time of impact */
        ccl_vec3 d = ccl_sub3(ccl_mul_add3(b.center, hit.t, vb), ccl_mul_add3(a.center, hit.t, va));
        double len = sqrt(ccl_dot3(d, d));
        if (len > 1e-6) {
            assert_true(fabs(ccl_dot3(d, hit.normal) / len - 1.0) < 1e-12);
        }
    }
}

/* Distance from p to segment [a, b], in long double. */
static long double segment_distance(ccl_vec3 a, ccl_vec3 b, long double p[3]) {
    long double ax[3] = {(long double)b.x - a.x, (long double)b.y - a.y, (long double)b.z - a.z};
    long double rel[3] = {p[0] - a.x, p[1] - a.y, p[2] - a.z};
    long double len_sq = ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2];
    long double u = len_sq > 0 ? (rel[0] * ax[0] + rel[1] * ax[1] + rel[2] * ax[2]) / len_sq : 0;
    u = u < 0 ? 0 : (u > 1 ? 1 : u);
    long double d[3] = {rel[0] - u * ax[0], rel[1] - u * ax[1], rel[2] - u * ax[2]};
    return sqrtl(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
}

static long double path_gap(ccl_sphere s, ccl_vec3 v, ccl_segment3 seg, long double t) {
    long double p[3] = {s.center.x + t * v.x, s.center.y + t * v.y, s.center.z + t * v.z};
    return segment_distance(seg.a, seg.b, p) - s.radius;
}

/* A random sphere and segment against the convex distance oracle, away from a graze. The distance
 * from a point moving on a line to a convex set is convex in t: ternary search finds its minimum,
 * bisection the first time it reaches the radius. */
static void sphere_segment_case(oracle_tally *t) {
    ccl_sphere s = {random3(4), wt_range(&rng, 0.1, 2)};
    ccl_vec3 v = random3(4);
    ccl_segment3 seg = {random3(3), random3(3)};
    double t_max = wt_range(&rng, 0.1, 5.0);
    long double lo = 0, hi = t_max;
    for (int i = 0; i < 200; ++i) {
        long double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        if (path_gap(s, v, seg, m1) < path_gap(s, v, seg, m2)) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    long double t_min = (lo + hi) / 2, gap_min = path_gap(s, v, seg, t_min);
    long double gap0 = path_gap(s, v, seg, 0);
    bool truth = gap_min <= 0 || gap0 <= 0;
    if (fabsl(gap_min) < 1e-9L || fabsl(gap0) < 1e-9L) {
        return; /* grazing within the margin */
    }
    long double t_or = 0;
    if (gap0 > 0 && truth) {
        long double a = 0, b = t_min;
        for (int i = 0; i < 200; ++i) {
            long double m = (a + b) / 2;
            if (path_gap(s, v, seg, m) > 0) {
                a = m;
            } else {
                b = m;
            }
        }
        t_or = b;
    }
    ccl_hit3 hit;
    bool got = ccl_sweep_sphere_segment(s, v, seg, t_max, &hit);
    assert_int_equal(got, truth);
    t->compared++;
    if (got) {
        t->hits++;
        t->worst = fmax(t->worst, fabs(hit.t - (double)t_or) / t_max);
        /* the point lies on the segment, the normal points to it */
        long double p[3] = {hit.point.x, hit.point.y, hit.point.z};
        assert_true(segment_distance(seg.a, seg.b, p) < 1e-12);
    }
}

/* A random 2D accelerated pair against its copy in a random plane of 3D space. */
static void rotated_pair_case(oracle_tally *t) {
    /* an orthonormal pair (e1, e2) spanning a random plane */
    ccl_vec3 e1 = random3(1);
    double l1 = sqrt(ccl_dot3(e1, e1));
    if (l1 < 0.1) {
        return;
    }
    e1 = ccl_scale3(e1, 1.0 / l1);
    ccl_vec3 e2 = random3(1);
    e2 = ccl_mul_add3(e2, -ccl_dot3(e2, e1), e1);
    double l2 = sqrt(ccl_dot3(e2, e2));
    if (l2 < 0.1) {
        return;
    }
    e2 = ccl_scale3(e2, 1.0 / l2);
    ccl_vec2 pa = ccl_v2(wt_range(&rng, -4, 4), wt_range(&rng, -4, 4));
    ccl_vec2 pb = ccl_v2(wt_range(&rng, -4, 4), wt_range(&rng, -4, 4));
    ccl_vec2 va = ccl_v2(wt_range(&rng, -5, 5), wt_range(&rng, -5, 5));
    ccl_vec2 vb = ccl_v2(wt_range(&rng, -5, 5), wt_range(&rng, -5, 5));
    ccl_vec2 ga = ccl_v2(wt_range(&rng, -5, 5), wt_range(&rng, -5, 5));
    ccl_vec2 gb = ccl_v2(wt_range(&rng, -5, 5), wt_range(&rng, -5, 5));
    double ra = wt_range(&rng, 0.1, 2), rb = wt_range(&rng, 0.1, 2), t_max = wt_range(&rng, 0.5, 5);
#define CCL_EMBED(v) ccl_mul_add3(ccl_scale3(e1, (v).x), (v).y, e2)
    ccl_circle a = {pa, ra}, b = {pb, rb};
    ccl_sphere sa = {CCL_EMBED(pa), ra}, sb = {CCL_EMBED(pb), rb};
    ccl_hit h2;
    ccl_hit3 h3;
    bool f2 = ccl_sweep_circles_accel(a, va, ga, b, vb, gb, t_max, &h2);
    bool f3 = ccl_sweep_spheres_accel(sa, CCL_EMBED(va), CCL_EMBED(ga), sb, CCL_EMBED(vb),
                                      CCL_EMBED(gb), t_max, &h3);
    bool g2 = ccl_sweep_circles(a, va, b, vb, t_max, NULL);
    bool g3 = ccl_sweep_spheres(sa, CCL_EMBED(va), sb, CCL_EMBED(vb), t_max, NULL);
#undef CCL_EMBED
    if (f2 != f3 || g2 != g3) {
        /* allowed only at a margin: the rotated inputs are rounded */
        ccl_hit probe;
        bool near = ccl_sweep_circles_accel(ccl_make_circle(pa, ra * (1 - 1e-9)), va, ga,
                                            ccl_make_circle(pb, rb * (1 - 1e-9)), vb, gb,
                                            t_max * (1 - 1e-9), &probe) !=
                    ccl_sweep_circles_accel(ccl_make_circle(pa, ra * (1 + 1e-9)), va, ga,
                                            ccl_make_circle(pb, rb * (1 + 1e-9)), vb, gb,
                                            t_max * (1 + 1e-9), &probe);
        bool near_linear =
            ccl_sweep_circles(ccl_make_circle(pa, ra * (1 - 1e-9)), va,
                              ccl_make_circle(pb, rb * (1 - 1e-9)), vb, t_max * (1 - 1e-9), NULL) !=
            ccl_sweep_circles(ccl_make_circle(pa, ra * (1 + 1e-9)), va,
                              ccl_make_circle(pb, rb * (1 + 1e-9)), vb, t_max * (1 + 1e-9), NULL);
        assert_true(near || near_linear);
        return;
    }
    t->compared++;
    if (f2 && h2.t > 0.0) {
        t->hits++;
        double err = fabs(h2.t - h3.t) / t_max;
        if (err > 1e-6) {
            return; /* a grazing contact: the time itself is ill-conditioned */
        }
        t->worst = fmax(t->worst, err);
    }
}

/* A run of random cases against an oracle: the test's name, the seed, how many cases, one case's
 * check, the name in the report, and the bounds: more than least_hits hits, a worst error below
 * worst_limit. */
typedef struct oracle_run {
    const char *name;
    uint64_t seed;
    int count;
    void (*one_case)(oracle_tally *t);
    const char *what;
    long least_hits;
    double worst_limit;
} oracle_run;

/* The run in *state: seeds the generator, runs the cases, reports and checks the tally. */
static void random_cases_agree_with_their_oracle(void **state) {
    const oracle_run *r = *state;
    rng.state = r->seed;
    oracle_tally t = {0, 0, 0.0};
    for (int n = 0; n < r->count; ++n) {
        r->one_case(&t);
    }
    printf("%s: %ld compared, %ld hits, worst |t - oracle| / t_max %.3g\n", r->what, t.compared,
           t.hits, t.worst);
    assert_true(t.hits > r->least_hits);
    assert_true(t.worst < r->worst_limit);
}

/* The runs: sphere pairs, a sphere against a segment, and rotated copies of 2D problems (rotating
 * a 2D problem into a random plane of 3D space does not change its time of impact: the error is
 * the difference between the 2D and the 3D time). */
static oracle_run oracle_runs[] = {
    {"sweep_spheres_agrees_with_long_double_oracle", 0x3d04, CASES, sphere_pair_case,
     "sweep_spheres", CASES / 10, 1e-12},
    {"sweep_sphere_segment_agrees_with_convex_distance_oracle", 0x3d05, CASES / 4,
     sphere_segment_case, "sweep_sphere_segment", CASES / 50, 1e-10},
    {"rotated_2d_problems_keep_their_time_of_impact", 0x3d06, CASES, rotated_pair_case,
     "rotated accel sweeps", CASES / 10, 1e-9},
};

static void collide3_conserves_momentum_and_elastic_energy(void **state) {
    (void)state;
    rng.state = 0x3d07;
    for (int n = 0; n < CASES; ++n) {
        double ma = wt_range(&rng, 0.1, 10), mb = wt_range(&rng, 0.1, 10);
        ccl_body3 a = {random3(5), random3(5), 1, 1 / ma, 1};
        ccl_body3 b = {random3(5), random3(5), 1, 1 / mb, 1};
        ccl_vec3 nrm = random3(1);
        double len = sqrt(ccl_dot3(nrm, nrm));
        if (len < 0.1) {
            continue;
        }
        nrm = ccl_scale3(nrm, 1 / len);
        ccl_vec3 p0 = ccl_add3(ccl_scale3(a.velocity, ma), ccl_scale3(b.velocity, mb));
        double e0 = ma * ccl_dot3(a.velocity, a.velocity) + mb * ccl_dot3(b.velocity, b.velocity);
        bool approaching = ccl_dot3(ccl_sub3(a.velocity, b.velocity), nrm) > 0;
        ccl_vec3 ta = ccl_mul_add3(a.velocity, -ccl_dot3(a.velocity, nrm), nrm);
        ccl_collide3(&a, &b, nrm);
        ccl_vec3 p1 = ccl_add3(ccl_scale3(a.velocity, ma), ccl_scale3(b.velocity, mb));
        double e1 = ma * ccl_dot3(a.velocity, a.velocity) + mb * ccl_dot3(b.velocity, b.velocity);
        double scale = sqrt(e0 * (ma + mb)) + 1e-300;
        assert_true(sqrt(ccl_dot3(ccl_sub3(p1, p0), ccl_sub3(p1, p0))) <= 1e-13 * scale);
        assert_true(fabs(e1 - e0) <= 1e-13 * e0);
        if (approaching) {
            assert_true(ccl_dot3(ccl_sub3(a.velocity, b.velocity), nrm) <= 1e-12 * scale);
        }
        /* the tangential velocity is untouched */
        ccl_vec3 ta1 = ccl_mul_add3(a.velocity, -ccl_dot3(a.velocity, nrm), nrm);
        assert_true(sqrt(ccl_dot3(ccl_sub3(ta1, ta), ccl_sub3(ta1, ta))) <= 1e-13 * scale);
        /* reflect3 with e = 1 keeps the speed and reverses the normal part */
        ccl_vec3 v = random3(5);
        ccl_vec3 r = ccl_reflect3(v, nrm, 1.0);
        assert_true(fabs(ccl_dot3(r, r) - ccl_dot3(v, v)) <= 1e-13 * ccl_dot3(v, v));
        assert_true(fabs(ccl_dot3(r, nrm) + ccl_dot3(v, nrm)) <= 1e-13 * 5);
    }
}

static void sweep_sphere_plane_matches_the_signed_distance(void **state) {
    (void)state;
    rng.state = 0x3d08;
    for (int n = 0; n < CASES; ++n) {
        ccl_sphere s = {random3(10), wt_range(&rng, 0.1, 2)};
        ccl_vec3 v = random3(5), q = random3(10), nrm = random3(1);
        double len = sqrt(ccl_dot3(nrm, nrm));
        if (len < 0.1) {
            continue;
        }
        double t_max = wt_range(&rng, 0.1, 5);
        long double d0 = ((long double)s.center.x - q.x) * nrm.x +
                         ((long double)s.center.y - q.y) * nrm.y +
                         ((long double)s.center.z - q.z) * nrm.z;
        d0 /= len;
        long double rate =
            ((long double)v.x * nrm.x + (long double)v.y * nrm.y + (long double)v.z * nrm.z) / len;
        long double t_or;
        bool truth;
        if (fabsl(d0) <= s.radius) {
            truth = true;
            t_or = 0;
        } else {
            t_or = (d0 > 0 ? d0 - s.radius : d0 + s.radius) / -rate;
            truth = t_or >= 0 && t_or <= t_max;
        }
        if (fabsl(fabsl(d0) - s.radius) < 1e-9L || fabsl(t_or - t_max) < 1e-9L) {
            continue;
        }
        ccl_hit3 hit;
        bool got = ccl_sweep_sphere_plane(s, v, q, nrm, t_max, &hit);
        assert_int_equal(got, truth);
        if (got) {
            assert_true(fabs(hit.t - (double)t_or) <= 1e-12 * t_max);
            /* the point is on the plane, the normal faces it from the centre */
            ccl_vec3 c = ccl_mul_add3(s.center, hit.t, v);
            assert_true(fabs(ccl_dot3(ccl_sub3(hit.point, q), nrm)) <= 1e-11 * len * 20);
            assert_true(ccl_dot3(ccl_sub3(hit.point, c), hit.normal) >= -1e-12);
        }
    }
}

static void bad_input_is_rejected_in_3d(void **state) {
    (void)state;
    const double bad[] = {NAN, INFINITY, -INFINITY};
    for (int i = 0; i < 3; ++i) {
        ccl_sphere a = {ccl_v3(0, 0, bad[i]), 1}, b = {ccl_v3(3, 0, 0), 1};
        ccl_hit3 hit = {-7, -7, {-7, -7, -7}, {-7, -7, -7}};
        ccl_vec3 zero = ccl_v3(0, 0, 0), v = ccl_v3(-1, 0, 0);
        assert_false(ccl_sweep_spheres(a, zero, b, v, 10, &hit));
        assert_false(ccl_sweep_spheres(b, ccl_v3(0, bad[i], 0), a, zero, 10, &hit));
        assert_false(ccl_sweep_sphere_point(b, v, ccl_v3(bad[i], 0, 0), 10, &hit));
        assert_false(ccl_sweep_sphere_plane(b, v, zero, ccl_v3(0, 0, bad[i]), 10, &hit));
        ccl_segment3 seg = {zero, ccl_v3(0, bad[i], 0)};
        assert_false(ccl_sweep_sphere_segment(b, v, seg, 10, &hit));
        assert_false(ccl_spheres_overlap(a, b));
        assert_false(ccl_sphere_segment_contact(b, seg, NULL));
        assert_true(hit.t == -7 && hit.normal.z == -7);
    }
    ccl_sphere neg = {ccl_v3(0, 0, 0), -1}, b = {ccl_v3(0.5, 0, 0), 1};
    assert_false(ccl_spheres_overlap(neg, b));
    assert_false(ccl_sweep_spheres(neg, ccl_v3(0, 0, 0), b, ccl_v3(0, 0, 0), 1, NULL));
    assert_false(ccl_sweep_spheres(b, ccl_v3(0, 0, 0), b, ccl_v3(0, 0, 0), NAN, NULL));
    assert_false(ccl_sweep_spheres(b, ccl_v3(0, 0, 0), b, ccl_v3(0, 0, 0), -1, NULL));
    ccl_body3 x = {ccl_v3(0, 0, 0), ccl_v3(NAN, 0, 0), 1, 1, 1};
    ccl_body3 y = {ccl_v3(1, 0, 0), ccl_v3(-1, 0, 0), 1, 1, 1};
    assert_true(ccl_impulse3(&x, &y, ccl_v3(1, 0, 0)) == 0.0);
    ccl_collide3(&x, &y, ccl_v3(1, 0, 0));
    assert_true(y.velocity.x == -1.0);
}

/* Slanted segments 2^10 to 2^140 times the sphere's radius long, from -2^e (p, q, r) to 2^e (p, q,
 * r) for integers p, q, r (exact ends, the axis through the origin), with the sphere near the
 * origin: the oracles take the part of the centre across the axis from the exact direction, with
 * no long offset to an end (long double). The static verdict, normal and depth, and the swept
 * time and normal, are right to a few ulps of the centre's coordinates, not of the segment's
 * length; from p - a less its part along the axis, and the frame's plain dot products, they erred
 * by ulps of the length. */
static void long_slanted_segments_keep_verdict_time_and_normal(void **state) {
    (void)state;
    rng.state = 97;
    int contacts = 0, hits = 0;
    for (int i = 0; i < 20000; ++i) {
        double p = floor(wt_range(&rng, -1048576.0, 1048576.0)),
               q = floor(wt_range(&rng, -1048576.0, 1048576.0));
        double r = floor(wt_range(&rng, -1048576.0, 1048576.0));
        if (r == 0.0) {
            r = 1.0; /* slanted: not in a plane z = const */
        }
        long double dl = sqrtl((long double)p * p + (long double)q * q + (long double)r * r);
        double e = ldexp(1.0, 10 + i % 131) / (double)dl;
        e = ldexp(1.0, ilogb(e) + 1); /* a power of two: exact ends */
        ccl_segment3 seg = {ccl_v3(-e * p, -e * q, -e * r), ccl_v3(e * p, e * q, e * r)};
        long double d[3] = {p / dl, q / dl, r / dl};
        ccl_vec3 c = random3(3.0);
        long double cl[3] = {c.x, c.y, c.z};
        long double along = cl[0] * d[0] + cl[1] * d[1] + cl[2] * d[2];
        long double w[3] = {cl[0] - along * d[0], cl[1] - along * d[1], cl[2] - along * d[2]};
        long double dist = sqrtl(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
        long double scale = 1 + sqrtl(cl[0] * cl[0] + cl[1] * cl[1] + cl[2] * cl[2]);
        /* static: a radius about the distance */
        double radius = (double)(dist * (long double)wt_range(&rng, 0.5, 1.5));
        ccl_contact3 contact;
        bool got = ccl_sphere_segment_contact(ccl_make_sphere(c, radius), seg, &contact);
        if (fabsl(dist - radius) > 1e-12L * radius) {
            assert_true(got == (dist <= radius));
        }
        if (got && dist > 1e-3L) {
            ++contacts;
            for (int k = 0; k < 3; ++k) {
                long double n = -w[k] / dist; /* from the centre toward the axis */
                long double got_n = k == 0   ? contact.normal.x
                                    : k == 1 ? contact.normal.y
                                             : contact.normal.z;
                assert_true(fabsl(got_n - n) <= 8 * DBL_EPSILON * scale / dist);
            }
            assert_true(fabsl(contact.depth - (radius - dist)) <=
                        8 * DBL_EPSILON * (radius + scale));
        }
        /* swept: toward the axis across it, with a drift along it; the time from the part of the
         * motion across the axis (a quadratic in long double) */
        if (!(dist > 1.0L)) {
            continue;
        }
        double speed = wt_range(&rng, 0.5, 2.0), drift = wt_range(&rng, -2.0, 2.0);
        ccl_vec3 v = ccl_v3((double)(-speed * w[0] / dist + drift * d[0]),
                            (double)(-speed * w[1] / dist + drift * d[1]),
                            (double)(-speed * w[2] / dist + drift * d[2]));
        long double vl[3] = {v.x, v.y, v.z};
        long double va = vl[0] * d[0] + vl[1] * d[1] + vl[2] * d[2];
        long double vw[3] = {vl[0] - va * d[0], vl[1] - va * d[1], vl[2] - va * d[2]};
        double rs = 0.5 * (double)dist;
        long double qa = vw[0] * vw[0] + vw[1] * vw[1] + vw[2] * vw[2];
        long double qb = w[0] * vw[0] + w[1] * vw[1] + w[2] * vw[2];
        long double qc = dist * dist - (long double)rs * rs;
        long double t = qc / (-qb + sqrtl(qb * qb - qa * qc));
        ccl_hit3 hit;
        assert_true(ccl_sweep_sphere_segment(ccl_make_sphere(c, rs), v, seg, 100.0, &hit));
        ++hits;
        long double tscale = t + scale / sqrtl(qa);
        assert_true(fabsl(hit.t - t) <= 8 * DBL_EPSILON * tscale);
        long double at[3] = {w[0] + vw[0] * t, w[1] + vw[1] * t, w[2] + vw[2] * t};
        long double hit_scale = scale + t * sqrtl(vl[0] * vl[0] + vl[1] * vl[1] + vl[2] * vl[2]);
        for (int k = 0; k < 3; ++k) {
            long double n = -at[k] / rs;
            long double got_n = k == 0 ? hit.normal.x : k == 1 ? hit.normal.y : hit.normal.z;
            assert_true(fabsl(got_n - n) <= 8 * DBL_EPSILON * hit_scale / rs);
        }
    }
    assert_true(contacts > 5000 && hits > 5000);
}

/* A sphere near the origin swept toward a slanted plane through an anchor 2^10 to 2^140 times the
 * radius away in it: the normal (a, b, c) for integers below 2^20 (exact, not unit), the anchor 2^e
 * times the integer vector normal x m for another integer vector m (exact, in the plane through the
 * origin). The oracle takes the distance from the plane through the origin (long double). Every
 * case hits, at the oracle's time to a few ulps of the time's scale, with the plane's unit normal,
 * and with a contact point in the plane to ulps of the centre's coordinates; from the plain
 * n . (c - anchor), both erred by ulps of the anchor's distance. */
static void planes_through_far_anchors_keep_time_and_point(void **state) {
    (void)state;
    rng.state = 98;
    int hits = 0;
    for (int i = 0; i < 20000; ++i) {
        double nv[3], mv[3];
        for (int k = 0; k < 3; ++k) {
            nv[k] = floor(wt_range(&rng, -1048576.0, 1048576.0));
            mv[k] = floor(wt_range(&rng, -1048576.0, 1048576.0));
        }
        nv[2] = nv[2] == 0.0 ? 1.0 : nv[2]; /* slanted: not a plane of 2D */
        ccl_vec3 normal = ccl_v3(nv[0], nv[1], nv[2]);
        ccl_vec3 u = ccl_v3(nv[1] * mv[2] - nv[2] * mv[1], nv[2] * mv[0] - nv[0] * mv[2],
                            nv[0] * mv[1] - nv[1] * mv[0]); /* normal x m, exact: below 2^42 */
        long double ul =
            sqrtl((long double)u.x * u.x + (long double)u.y * u.y + (long double)u.z * u.z);
        if (ul == 0.0L) {
            continue;
        }
        double e = ldexp(1.0, 10 + i % 131) / (double)ul;
        e = ldexp(1.0, ilogb(e) + 1) * ((i & 1) ? 1.0 : -1.0); /* a power of two: exact */
        ccl_vec3 anchor = ccl_v3(e * u.x, e * u.y, e * u.z);
        long double nl = sqrtl((long double)nv[0] * nv[0] + (long double)nv[1] * nv[1] +
                               (long double)nv[2] * nv[2]);
        long double n[3] = {nv[0] / nl, nv[1] / nl, nv[2] / nl};
        ccl_vec3 c = random3(3.0);
        long double cl[3] = {c.x, c.y, c.z};
        long double dist = cl[0] * n[0] + cl[1] * n[1] + cl[2] * n[2];
        if (!(fabsl(dist) > 1.0L)) {
            continue;
        }
        long double sgn = dist > 0 ? 1 : -1;
        double speed = wt_range(&rng, 0.5, 2.0);
        ccl_vec3 drift = random3(2.0);
        ccl_vec3 v =
            ccl_v3((double)(-sgn * speed * n[0] + drift.x), (double)(-sgn * speed * n[1] + drift.y),
                   (double)(-sgn * speed * n[2] + drift.z));
        long double rate = v.x * n[0] + v.y * n[1] + v.z * n[2];
        if (!(sgn * rate < -0.25L)) {
            continue; /* the drift took most of the approach away */
        }
        double rs = 0.5 * (double)fabsl(dist);
        long double t = (fabsl(dist) - rs) / (-sgn * rate);
        ccl_hit3 hit;
        assert_true(ccl_sweep_sphere_plane(ccl_make_sphere(c, rs), v, anchor, normal, 100.0, &hit));
        long double scale = 1 + sqrtl(cl[0] * cl[0] + cl[1] * cl[1] + cl[2] * cl[2]);
        assert_true(fabsl(hit.t - t) <= 8 * DBL_EPSILON * (t + scale / fabsl(rate)));
        long double got_n[3] = {hit.normal.x, hit.normal.y, hit.normal.z};
        for (int k = 0; k < 3; ++k) {
            assert_true(fabsl(got_n[k] + sgn * n[k]) <= 4 * DBL_EPSILON);
        }
        long double off_plane = fabsl(hit.point.x * n[0] + hit.point.y * n[1] + hit.point.z * n[2]);
        long double speed_l =
            sqrtl((long double)v.x * v.x + (long double)v.y * v.y + (long double)v.z * v.z);
        assert_true(off_plane <= 8 * DBL_EPSILON * (scale + t * speed_l));
        ++hits;
    }
    assert_true(hits > 5000);
}

/* Lengths scaled by 2^j, j from -480 to 480 and a few far scales out to 2^-1000 and 2^1022 (there
 * only two cases beside a diagonal, whose offsets reach 2^1023), with times kept: every input
 * scales exactly, so the static verdict and normal, the swept verdict, time and normal must be the
 * same bits as at j = 0 and the depth and contact point 2^j times them. The part across a slanted
 * axis is of degree 2 in the axis before its division; formed unscaled it overflowed beyond about
 * 2^340 and underflowed below about 2^-358 (wrong verdicts both ways), and scaled back by the
 * reciprocal of 2^-1024 it was infinite for offsets of 2^1023. */
static void sphere_segment_answers_scale_with_the_lengths(void **state) {
    (void)state;
    rng.state = 99;
    int contacts = 0, hits = 0;
    for (int i = 0; i < 4000; ++i) {
        ccl_vec3 a = random3(4.0), b = random3(4.0), c = random3(4.0), v = random3(3.0);
        if (i % 4 == 0) {
            v = ccl_sub3(ccl_scale3(ccl_add3(a, b), 0.5), c); /* toward the segment's middle */
        } else if (i % 4 == 1) {
            c = ccl_add3(ccl_scale3(ccl_add3(a, b), 0.5), random3(1.0)); /* near the middle */
        }
        double r = wt_range(&rng, 0.1, 2.0);
        if (i < 2) { /* beside a diagonal: offsets of 2^1023 at the largest scale */
            a = ccl_v3(-1, -1, -1), b = ccl_v3(1, 1, 1), c = ccl_v3(1, -1, 0), v = ccl_v3(-1, 1, 0);
            r = i == 0 ? 0.25 : 1.5; /* a sweep that enters at 0.82, a static contact */
        }
        ccl_contact3 c0;
        ccl_hit3 h0;
        bool got_c0 =
            ccl_sphere_segment_contact(ccl_make_sphere(c, r), ccl_make_segment3(a, b), &c0);
        bool got_h0 =
            ccl_sweep_sphere_segment(ccl_make_sphere(c, r), v, ccl_make_segment3(a, b), 2.0, &h0);
        contacts += got_c0;
        hits += got_h0 && h0.t > 0.0;
        static const int far[] = {-1000, -900, -800, -700, 600,  700,  800,
                                  900,   1000, 1016, 1018, 1019, 1020, 1022};
        for (int jj = 0; jj < 61 + (int)(sizeof far / sizeof far[0]); ++jj) {
            int j = jj < 61 ? -480 + 16 * jj : far[jj - 61];
            if (j > 1019 && i >= 2) {
                continue; /* coordinates up to 4 would pass DBL_MAX */
            }
            double L = ldexp(1.0, j);
            ccl_sphere s = ccl_make_sphere(ccl_scale3(c, L), r * L);
            ccl_segment3 seg = ccl_make_segment3(ccl_scale3(a, L), ccl_scale3(b, L));
            ccl_contact3 c1;
            ccl_hit3 h1;
            bool got_c1 = ccl_sphere_segment_contact(s, seg, &c1);
            bool got_h1 = ccl_sweep_sphere_segment(s, ccl_scale3(v, L), seg, 2.0, &h1);
            if (got_c1 != got_c0 || got_h1 != got_h0) {
                print_error("case %d, j %d: contact %d (at 1: %d), sweep %d (at 1: %d)\n", i, j,
                            got_c1, got_c0, got_h1, got_h0);
                fail();
            }
            if (got_c0) {
                assert_true(same(c1.normal.x, c0.normal.x) && same(c1.normal.y, c0.normal.y) &&
                            same(c1.normal.z, c0.normal.z));
                assert_true(same(c1.depth, c0.depth * L));
            }
            if (got_h0) {
                assert_true(same(h1.t, h0.t) && same(h1.t_exit, h0.t_exit));
                assert_true(same(h1.normal.x, h0.normal.x) && same(h1.normal.y, h0.normal.y) &&
                            same(h1.normal.z, h0.normal.z));
                if (!(same(h1.point.x, h0.point.x * L) && same(h1.point.y, h0.point.y * L) &&
                      same(h1.point.z, h0.point.z * L))) {
                    print_error("case %d j %d: %a %a %a vs %a %a %a\n", i, j, h1.point.x,
                                h1.point.y, h1.point.z, h0.point.x * L, h0.point.y * L,
                                h0.point.z * L);
                }
                assert_true(same(h1.point.x, h0.point.x * L) && same(h1.point.y, h0.point.y * L) &&
                            same(h1.point.z, h0.point.z * L));
            }
        }
    }
    printf("sphere and segment at 61 length scales: %d contacts, %d hits after t = 0 (of 4000)\n",
           contacts, hits);
    assert_true(contacts > 400 && hits > 400);
}

/* Centres that coincide at the hit (an overlap at t = 0): the normal is the direction the other
 * shape approaches from, -dv / |dv|, and a zero component of it is +0 (the negation of dv's +0
 * gave -0), in 2D and 3D alike; a circle or sphere centred on a point or a segment likewise. */
static void coincident_centres_give_the_approach_with_no_negative_zero(void **state) {
    (void)state;
    const double zeros[2] = {0.0, -0.0};
    const double speeds[2] = {-1.0, 1.0};
    int checked = 0;
    for (int axis = 0; axis < 2; ++axis) {
        for (int z = 0; z < 2; ++z) {
            for (int side = 0; side < 2; ++side) {
                ccl_vec2 vb =
                    axis == 0 ? ccl_v2(speeds[side], zeros[z]) : ccl_v2(zeros[z], speeds[side]);
                ccl_circle a = {ccl_v2(1.0, 2.0), 0.5}, b = {ccl_v2(1.0, 2.0), 0.5};
                ccl_hit h2;
                ccl_hit3 h3;
                assert_true(ccl_sweep_circles(a, ccl_v2(0.0, 0.0), b, vb, 1.0, &h2));
                assert_true(ccl_sweep_spheres((ccl_sphere){lift(a.center), 0.5}, ccl_v3(0, 0, 0),
                                              (ccl_sphere){lift(b.center), 0.5}, lift(vb), 1.0,
                                              &h3));
                ccl_vec2 want = ccl_v2(-vb.x + 0.0, -vb.y + 0.0);
                assert_true(h2.t == 0.0 && same(h2.normal.x, want.x) && same(h2.normal.y, want.y));
                assert_true(h3.t == 0.0 && same(h3.normal.x, want.x) && same(h3.normal.y, want.y) &&
                            same(h3.normal.z, 0.0));
                /* a circle centred on a point, moving with v: the point comes from ahead, v */
                ccl_hit hp;
                assert_true(ccl_sweep_circle_point(a, vb, a.center, 1.0, &hp));
                assert_true(same(hp.normal.x, vb.x + 0.0) && same(hp.normal.y, vb.y + 0.0));
                checked += 3;
            }
        }
    }
    assert_true(checked == 24);
}

/* Two zero-radius points missing by 2^-1027 at offsets of 2^337 and a speed of 2^433: a miss. The
 * rescaled general path loses the miss to underflow and calls it a touch; the first look, which
 * ccl_sweep_circles has, settles it, and ccl_sweep_spheres now has it too (at z = 0 with the same
 * verdicts), so both say miss, in the plane and turned out of it. */
static void points_missing_by_a_subnormal_at_a_huge_scale_miss_in_3d_too(void **state) {
    (void)state;
    ccl_circle a = {ccl_v2(0.0, 0x0.055p-1022), 0.0}, b = {ccl_v2(0x1p337, 0.0), 0.0};
    ccl_vec2 va = ccl_v2(0x1.04p433, 0.0), vb = ccl_v2(2.0, 0x0.000000000005bp-1022);
    ccl_hit h2;
    ccl_hit3 h3;
    assert_false(ccl_sweep_circles(a, va, b, vb, 2047.8125, &h2));
    assert_false(ccl_sweep_spheres((ccl_sphere){lift(a.center), 0.0}, lift(va),
                                   (ccl_sphere){lift(b.center), 0.0}, lift(vb), 2047.8125, &h3));
    /* the same miss across z instead of y */
    assert_false(ccl_sweep_spheres((ccl_sphere){ccl_v3(0.0, 0.0, 0x0.055p-1022), 0.0}, lift(va),
                                   (ccl_sphere){lift(b.center), 0.0},
                                   ccl_v3(2.0, 0.0, 0x0.000000000005bp-1022), 2047.8125, &h3));
}

CCL_TEST_MAIN(cmocka_unit_test(static_tests_equal_2d_bit_for_bit_when_z_is_zero),
              cmocka_unit_test(swept_tests_equal_2d_bit_for_bit_when_z_is_zero),
              cmocka_unit_test(response_equals_2d_bit_for_bit_when_z_is_zero),
              cmocka_unit_test(normals_have_no_negative_zero),
              cmocka_unit_test(coincident_centres_give_the_approach_with_no_negative_zero),
              CCL_TEST_ROW(random_cases_agree_with_their_oracle, &oracle_runs[0]),
              CCL_TEST_ROW(random_cases_agree_with_their_oracle, &oracle_runs[1]),
              CCL_TEST_ROW(random_cases_agree_with_their_oracle, &oracle_runs[2]),
              cmocka_unit_test(collide3_conserves_momentum_and_elastic_energy),
              cmocka_unit_test(sweep_sphere_plane_matches_the_signed_distance),
              cmocka_unit_test(bad_input_is_rejected_in_3d),
              cmocka_unit_test(long_slanted_segments_keep_verdict_time_and_normal),
              cmocka_unit_test(planes_through_far_anchors_keep_time_and_point),
              cmocka_unit_test(sphere_segment_answers_scale_with_the_lengths),
              cmocka_unit_test(points_missing_by_a_subnormal_at_a_huge_scale_miss_in_3d_too))
