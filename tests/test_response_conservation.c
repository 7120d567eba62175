/* Collision response against conservation laws and a brute-force oracle.
 *
 * ccl_collide keeps momentum, keeps kinetic energy at restitution 1, and loses exactly
 * (1 - e^2) mu vn^2 / 2 otherwise (mu the reduced mass, vn the approach speed along the normal);
 * immovable bodies do not move; ccl_reflect keeps the speed at e = 1; ccl_step_pair matches a
 * brute-force replay: the first contact found by scanning and bisecting the distance in quad
 * precision (no quadratic formula), the impulse from the textbook law, and the move-on. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "head_on.h"
#include "test_main.h"

#include <circol/collision3d.h>
#include <circol/response.h>

#include "oracle_common.h"

#define CASES 100000
#define TOL   1e-12

/* A random body: inverse mass spread over six decades (sometimes 0), restitution in [0, 1]. */
static ccl_body random_body(bool may_be_immovable) {
    ccl_body b;
    b.position = rng_box(100);
    b.velocity = ccl_scale(rng_box(10), rng_decades(-3, 3));
    b.radius = rng_uniform(0.1, 5);
    b.inv_mass = may_be_immovable && (rng_u64() % 8) == 0 ? 0.0 : rng_decades(-3, 3);
    b.restitution = (rng_u64() % 4) == 0 ? 1.0 : rng_uniform(0, 1);
    return b;
}

static quad mass_of(const ccl_body *b) {
    return 1 / (quad)b->inv_mass;
}

/* Kinetic energy of the movable bodies, in quad. */
static quad kinetic(const ccl_body *a, const ccl_body *b) {
    quad e = 0;
    if (a->inv_mass > 0) {
        e += mass_of(a) * qdot(qv(a->velocity), qv(a->velocity)) / 2;
    }
    if (b->inv_mass > 0) {
        e += mass_of(b) * qdot(qv(b->velocity), qv(b->velocity)) / 2;
    }
    return e;
}

static void collide_keeps_momentum_and_loses_exactly_the_restitution_energy(void **state) {
    (void)state;
    rng_seed(21);
    double worst_momentum = 0, worst_energy = 0, worst_loss = 0;
    long collided = 0;
    for (long i = 0; i < CASES; ++i) {
        ccl_body a = random_body(false), b = random_body(false);
        ccl_vec2 n = rng_direction();
        ccl_body a0 = a, b0 = b;
        ccl_collide(&a, &b, n);
        qvec p0 =
            qadd(qscale(qv(a0.velocity), mass_of(&a0)), qscale(qv(b0.velocity), mass_of(&b0)));
        qvec p1 = qadd(qscale(qv(a.velocity), mass_of(&a)), qscale(qv(b.velocity), mass_of(&b)));
        quad p_scale = mass_of(&a0) * qlen(qv(a0.velocity)) + mass_of(&b0) * qlen(qv(b0.velocity));
        quad momentum_err = qlen(qsub(p1, p0)) / p_scale;
        if ((double)momentum_err > worst_momentum) {
            worst_momentum = (double)momentum_err;
        }
        assert_true(momentum_err <= TOL);
        quad vn = qdot(qsub(qv(a0.velocity), qv(b0.velocity)), qv(n));
        if (!(vn > 0)) {
            /* separating or sliding: untouched, bit for bit */
            assert_memory_equal(&a, &a0, sizeof a);
            assert_memory_equal(&b, &b0, sizeof b);
            continue;
        }
        ++collided;
        quad e = sqrtq((quad)a0.restitution * (quad)b0.restitution);
        quad mu = 1 / ((quad)a0.inv_mass + (quad)b0.inv_mass);
        quad expected_loss = (1 - e * e) * mu * vn * vn / 2;
        quad k0 = kinetic(&a0, &b0);
        quad loss = k0 - kinetic(&a, &b);
        quad err = fabsq(loss - expected_loss) / k0;
        if ((double)err > worst_energy) {
            worst_energy = (double)err;
        }
        assert_true(err <= TOL);
        /* where the loss is a sizeable part of the energy, it is right to 1e-12 of itself */
        if (expected_loss > k0 / 100) {
            quad relative = fabsq(loss - expected_loss) / expected_loss;
            if ((double)relative > worst_loss) {
                worst_loss = (double)relative;
            }
            assert_true(relative <= TOL);
        }
        /* the normal relative velocity is reversed and scaled by e */
        quad vn_after = qdot(qsub(qv(a.velocity), qv(b.velocity)), qv(n));
        assert_true(fabsq(vn_after + e * vn) <= TOL * qlen(qsub(qv(a0.velocity), qv(b0.velocity))));
    }
    printf("ccl_collide: %d cases, %ld collided; worst momentum error %.3g (of the momenta), "
           "energy balance %.3g (of the energy), %.3g (of the loss, where >= 1%% of the energy)\n",
           CASES, collided, worst_momentum, worst_energy, worst_loss);
}

static void elastic_collision_keeps_kinetic_energy(void **state) {
    (void)state;
    rng_seed(22);
    double worst = 0;
    for (long i = 0; i < CASES / 4; ++i) {
        ccl_body a = random_body(false), b = random_body(false);
        a.restitution = 1.0;
        b.restitution = 1.0;
        quad k0 = kinetic(&a, &b);
        ccl_collide(&a, &b, rng_direction());
        quad err = fabsq(kinetic(&a, &b) - k0) / k0;
        worst = (double)err > worst ? (double)err : worst;
        assert_true(err <= TOL);
    }
    printf("elastic ccl_collide: worst kinetic energy change %.3g (relative)\n", worst);
}

/* inv_mass 0 never moves; the other body bounces as off a fixed wall (ccl_reflect with e). */
static void immovable_body_does_not_move(void **state) {
    (void)state;
    rng_seed(23);
    for (long i = 0; i < CASES / 4; ++i) {
        ccl_body a = random_body(false), wall = random_body(false);
        wall.inv_mass = 0.0;
        ccl_vec2 n = rng_direction();
        ccl_body wall0 = wall;
        ccl_vec2 v0 = a.velocity;
        bool swapped = i & 1;
        if (swapped) {
            ccl_collide(&wall, &a, ccl_neg(n));
        } else {
            ccl_collide(&a, &wall, n);
        }
        assert_memory_equal(&wall, &wall0, sizeof wall);
        if (ccl_dot(ccl_sub(v0, wall0.velocity), n) > 0.0) {
            double e = sqrt(a.restitution * wall.restitution);
            ccl_vec2 want = ccl_add(wall0.velocity, ccl_reflect(ccl_sub(v0, wall0.velocity), n, e));
            double scale = ccl_length(v0) + ccl_length(wall0.velocity);
            assert_true(ccl_length(ccl_sub(a.velocity, want)) <= 1e-14 * scale);
        }
    }
    /* two immovable bodies: nothing happens */
    ccl_body p = {{0, 0}, {1, 0}, 1, 0, 1}, q = {{2, 0}, {-1, 0}, 1, 0, 1};
    ccl_body p0 = p, q0 = q;
    ccl_collide(&p, &q, ccl_v2(1, 0));
    assert_memory_equal(&p, &p0, sizeof p);
    assert_memory_equal(&q, &q0, sizeof q);
    assert_true(ccl_impulse(&p0, &q0, ccl_v2(1, 0)) == 0.0);
}

static void reflect_keeps_speed_at_restitution_one(void **state) {
    (void)state;
    rng_seed(24);
    double worst = 0;
    for (long i = 0; i < CASES; ++i) {
        ccl_vec2 v = ccl_scale(rng_box(1), rng_decades(-100, 100));
        ccl_vec2 n = rng_direction();
        double e = (i & 1) ? 1.0 : rng_uniform(0, 1);
        ccl_vec2 r = ccl_reflect(v, n, e);
        qvec qn = qv(n);
        qn = qscale(qn, 1 / qlen(qn));
        quad speed = qlen(qv(v));
        /* tangential part kept, normal part reversed and scaled by e */
        quad vt = qcross(qn, qv(v)), rt = qcross(qn, qv(r));
        quad vn = qdot(qn, qv(v)), rn = qdot(qn, qv(r));
        assert_true(fabsq(vt - rt) <= 4 * DBL_EPSILON * speed);
        assert_true(fabsq(rn + (quad)e * vn) <= 4 * DBL_EPSILON * speed);
        if (e == 1.0) {
            quad err = fabsq(qlen(qv(r)) - speed) / speed;
            worst = (double)err > worst ? (double)err : worst;
            assert_true(err <= 4 * DBL_EPSILON);
        }
    }
    printf("ccl_reflect: worst speed change at e = 1: %.3g (relative)\n", worst);
}

/* ---- ccl_step_pair against a brute-force replay ---- */

/// f(t) = |dp + dv t|^2 - R^2 in quad.
static quad gap_function(qvec dp, qvec dv, quad R, quad t) {
    qvec rel = qadd(dp, qscale(dv, t));
    return qdot(rel, rel) - R * R;
}

/* The first contact time in [0, dt] by brute force: scan 256 steps plus the moment of closest
 * approach (so no dip between samples is missed), then bisect 120 times. Negative: no contact. */
static quad brute_force_contact(qvec dp, qvec dv, quad R, quad dt) {
    if (gap_function(dp, dv, R, 0) <= 0) {
        return 0;
    }
    quad speed_sq = qdot(dv, dv);
    quad closest = speed_sq > 0 ? -qdot(dp, dv) / speed_sq : 0;
    closest = closest < 0 ? 0 : (closest > dt ? dt : closest);
    quad lo = 0, hi = -1;
    for (int i = 1; i <= 256 && hi < 0; ++i) {
        quad t = dt * i / 256;
        quad probe = closest > lo && closest < t ? closest : t;
        if (gap_function(dp, dv, R, probe) <= 0) {
            hi = probe;
        } else {
            lo = probe;
            if (probe != t && gap_function(dp, dv, R, t) <= 0) {
                hi = t;
            } else if (probe != t) {
                lo = t;
            }
        }
    }
    if (hi < 0) {
        return -1;
    }
    for (int i = 0; i < 120; ++i) {
        quad mid = (lo + hi) / 2;
        if (gap_function(dp, dv, R, mid) <= 0) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    return hi;
}

static void step_pair_matches_brute_force_replay(void **state) {
    (void)state;
    rng_seed(25);
    long collided = 0, compared = 0;
    double worst_t = 0, worst_state = 0;
    for (long i = 0; i < 20000; ++i) {
        ccl_body a = random_body(true), b = random_body(true);
        a.position = rng_box(10);
        b.position = rng_box(10);
        a.velocity = rng_box(10);
        b.velocity = rng_box(10);
        double dt = rng_uniform(0, 2);
        qvec dp = qsub(qv(b.position), qv(a.position));
        qvec dv = qsub(qv(b.velocity), qv(a.velocity));
        quad R = (quad)a.radius + (quad)b.radius;
        /* keep to cases whose first contact is well conditioned (not grazing within 1e-4) */
        quad speed_sq = qdot(dv, dv);
        quad closest = speed_sq > 0 ? -qdot(dp, dv) / speed_sq : 0;
        closest = closest < 0 ? 0 : (closest > (quad)dt ? (quad)dt : closest);
        quad least = qlen(qadd(dp, qscale(dv, closest)));
        if (fabsq(least - R) < 1e-4 * R) {
            continue;
        }
        quad t_end = qlen(qadd(dp, qscale(dv, (quad)dt)));
        if (fabsq(t_end - R) < 1e-4 * R) {
            continue;
        }
        ++compared;
        quad t = brute_force_contact(dp, dv, R, (quad)dt);
        ccl_body a0 = a, b0 = b;
        ccl_hit hit;
        bool got = ccl_step_pair(&a, &b, dt, &hit);
        assert_true(got == (t >= 0));
        /* the oracle's trajectory: move to t, exchange the textbook impulse, move on */
        qvec pa = qv(a0.position), pb = qv(b0.position);
        qvec va = qv(a0.velocity), vb = qv(b0.velocity);
        if (t >= 0) {
            ++collided;
            quad t_err = fabsq((quad)hit.t - t) / ((quad)dt + R / (sqrtq(speed_sq) + (quad)1e-300));
            worst_t = (double)t_err > worst_t ? (double)t_err : worst_t;
            assert_true(t_err <= 1e-12);
            pa = qadd(pa, qscale(va, t));
            pb = qadd(pb, qscale(vb, t));
            qvec n = qsub(pb, pa);
            n = qscale(n, 1 / qlen(n));
            quad approach = qdot(qsub(va, vb), n);
            if (approach > 0 && (a0.inv_mass > 0 || b0.inv_mass > 0)) {
                quad e = sqrtq((quad)a0.restitution * (quad)b0.restitution);
                quad j = (1 + e) * approach / ((quad)a0.inv_mass + (quad)b0.inv_mass);
                va = qsub(va, qscale(n, j * (quad)a0.inv_mass));
                vb = qadd(vb, qscale(n, j * (quad)b0.inv_mass));
            }
            pa = qadd(pa, qscale(va, (quad)dt - t));
            pb = qadd(pb, qscale(vb, (quad)dt - t));
        } else {
            pa = qadd(pa, qscale(va, (quad)dt));
            pb = qadd(pb, qscale(vb, (quad)dt));
        }
        quad speed = qlen(qv(a0.velocity)) + qlen(qv(b0.velocity));
        quad length = qlen(qv(a0.position)) + qlen(qv(b0.position)) + R;
        quad err_v = (qlen(qsub(qv(a.velocity), va)) + qlen(qsub(qv(b.velocity), vb))) / speed;
        quad err_p = (qlen(qsub(qv(a.position), pa)) + qlen(qsub(qv(b.position), pb))) /
                     (length + speed * (quad)dt);
        quad err = err_v > err_p ? err_v : err_p;
        worst_state = (double)err > worst_state ? (double)err : worst_state;
        if (!(err <= 1e-12)) {
            fail_msg("case %ld: state differs from the replay by %g", i, (double)err);
        }
    }
    printf("ccl_step_pair: %ld cases compared, %ld collided; worst t error %.3g, worst state error "
           "%.3g (relative)\n",
           compared, collided, worst_t, worst_state);
    assert_true(collided > 1000 && compared - collided > 1000);
}

/* Seed 000's move-on: after the step, each body sits at its impact position plus its new
 * velocity times the rest of the interval, and with e = 1 and equal masses head on the
 * velocities are exchanged. */
static void step_pair_moves_on_for_the_rest_of_the_interval(void **state) {
    (void)state;
    ccl_body a = {{0, 0}, {3, 0}, 0.5, 1, 1};
    ccl_body b = {{10, 0}, {-1, 0}, 0.5, 1, 1};
    /* gap 9, closing speed 4: they meet at 2.25 (a at 6.75, b at 7.75) and move on for 1.75,
     * exactly */
    check_head_on_step(a, b, 4.0, 2.25, 0.0);
    /* no contact within dt: both simply move */
    ccl_body c = {{0, 0}, {1, 1}, 1, 1, 1}, d = {{10, 0}, {1, 1}, 1, 1, 1};
    assert_false(ccl_step_pair(&c, &d, 3.0, NULL));
    assert_true(c.position.x == 3 && c.position.y == 3 && d.position.x == 13);
}

static bool same_bits(double a, double b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

/* Velocities scaled by 2^k up to the end of the range: every input scales exactly, so the impulse
 * and the new velocities must be 2^k times those of the unscaled problem, bit for bit, where that
 * is finite; where it is not, no impulse (0) and no change. Exact results near DBL_MAX whose
 * intermediates overflow (a speed of approach beyond DBL_MAX, (1 + e) times one just below it)
 * come from the same problem at 2^-3 of the size; before, ccl_collide left such bodies driving
 * into each other and ccl_reflect returned infinities (NaN in z for ccl_reflect3). The 3D
 * functions at z = 0 give the same bits, with z still 0. */
static void responses_scale_to_the_ends_of_the_range(void **state) {
    (void)state;
    rng_seed(29);
    long changed_at_top = 0, left_at_top = 0;
    for (int n = 0; n < CASES / 10; ++n) {
        ccl_body a0 = random_body(true), b0 = random_body(true);
        ccl_vec2 normal = rng_direction();
        ccl_body a1 = a0, b1 = b0;
        ccl_collide(&a1, &b1, normal);
        double j1 = ccl_impulse(&a0, &b0, normal);
        double e = rng_uniform(0, 1);
        ccl_vec2 r1 = ccl_reflect(a0.velocity, normal, e);
        const int ks[] = {200, 1000, 1012, 1016, 1018, 1019, 1020};
        for (size_t i = 0; i < sizeof ks / sizeof ks[0]; ++i) {
            int k = ks[i];
            ccl_body a = a0, b = b0;
            a.velocity = ccl_scale(a0.velocity, ldexp(1.0, k));
            b.velocity = ccl_scale(b0.velocity, ldexp(1.0, k));
            if (!ccl_vec2_is_finite(a.velocity) || !ccl_vec2_is_finite(b.velocity)) {
                continue; /* the input itself beyond DBL_MAX */
            }
            ccl_body a_in = a, b_in = b;
            double j = ccl_impulse(&a, &b, normal);
            ccl_collide(&a, &b, normal);
            ccl_vec2 want_a = ccl_scale(a1.velocity, ldexp(1.0, k));
            ccl_vec2 want_b = ccl_scale(b1.velocity, ldexp(1.0, k));
            if (ccl_vec2_is_finite(want_a) && ccl_vec2_is_finite(want_b)) {
                assert_true(same_bits(a.velocity.x, want_a.x) && same_bits(a.velocity.y, want_a.y));
                assert_true(same_bits(b.velocity.x, want_b.x) && same_bits(b.velocity.y, want_b.y));
                changed_at_top +=
                    k >= 1016 && (want_a.x != a_in.velocity.x || want_a.y != a_in.velocity.y);
            } else {
                assert_memory_equal(&a, &a_in, sizeof a);
                assert_memory_equal(&b, &b_in, sizeof b);
                left_at_top++;
            }
            double want_j = j1 * ldexp(1.0, k);
            assert_true(same_bits(j, isfinite(want_j) ? want_j : 0.0));
            /* the 3D functions at z = 0: the same bits, and z stays 0 */
            ccl_body3 a3 = {ccl_v3(a_in.position.x, a_in.position.y, 0),
                            ccl_v3(a_in.velocity.x, a_in.velocity.y, 0), a_in.radius, a_in.inv_mass,
                            a_in.restitution};
            ccl_body3 b3 = {ccl_v3(b_in.position.x, b_in.position.y, 0),
                            ccl_v3(b_in.velocity.x, b_in.velocity.y, 0), b_in.radius, b_in.inv_mass,
                            b_in.restitution};
            ccl_vec3 n3 = ccl_v3(normal.x, normal.y, 0);
            assert_true(same_bits(ccl_impulse3(&a3, &b3, n3), j));
            ccl_collide3(&a3, &b3, n3);
            assert_true(same_bits(a3.velocity.x, a.velocity.x) &&
                        same_bits(a3.velocity.y, a.velocity.y) && same_bits(a3.velocity.z, 0.0));
            assert_true(same_bits(b3.velocity.x, b.velocity.x) &&
                        same_bits(b3.velocity.y, b.velocity.y) && same_bits(b3.velocity.z, 0.0));
            ccl_vec3 r3 = ccl_reflect3(ccl_v3(a_in.velocity.x, a_in.velocity.y, 0), n3, e);
            ccl_vec2 r = ccl_reflect(a_in.velocity, normal, e);
            assert_true(same_bits(r3.x, r.x) && same_bits(r3.y, r.y) && same_bits(r3.z, 0.0));
            ccl_vec2 want_r = ccl_scale(r1, ldexp(1.0, k));
            if (!ccl_vec2_is_finite(want_r)) {
                want_r = a_in.velocity;
            }
            assert_true(same_bits(r.x, want_r.x) && same_bits(r.y, want_r.y));
        }
    }
    printf("responses near DBL_MAX: %ld collisions changed at 2^1016 and beyond, %ld results "
           "beyond DBL_MAX left unchanged\n",
           changed_at_top, left_at_top);
    assert_true(changed_at_top > 5000 && left_at_top > 100);
}

CCL_TEST_MAIN(cmocka_unit_test(collide_keeps_momentum_and_loses_exactly_the_restitution_energy),
              cmocka_unit_test(elastic_collision_keeps_kinetic_energy),
              cmocka_unit_test(immovable_body_does_not_move),
              cmocka_unit_test(reflect_keeps_speed_at_restitution_one),
              cmocka_unit_test(step_pair_matches_brute_force_replay),
              cmocka_unit_test(step_pair_moves_on_for_the_rest_of_the_interval),
              cmocka_unit_test(responses_scale_to_the_ends_of_the_range))
