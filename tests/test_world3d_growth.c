/* Growing radii in the 3D world. Oracles: the contact time of a growing sphere pair as the root
 * of its quadratic in long double; the closed form for a sphere meeting a wall; radii r0 (1 + g t);
 * no overlap after any round (brute force over every pair, minimum image); the face-centred cubic
 * bound pi / sqrt(18) = 0.7405 for equal spheres; and random close packing of equal spheres near
 * phi = 0.64 (Bernal; Scott and Kilgour 1969; Torquato, Truskett and Debenedetti, Phys. Rev.
 * Lett. 84, 2064, 2000: a fast compression jams at 0.64 to 0.65). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/world3d.h>

#include "growth_common.h"
#include "growth_pairs.h"
#include "world_cases.h"
#include "world3d_common.h"

/// The first u > 0 at which |dp + dv u| falls to R0 + s u, in long double from the plain
/// quadratic; INFINITY when none.
static long double contact_time3(const long double dp[3], const long double dv[3], long double R0,
                                 long double s) {
    long double A = -s * s, B = -R0 * s, C = -R0 * R0;
    for (int k = 0; k < 3; ++k) {
        A += dv[k] * dv[k];
        B += dv[k] * dp[k];
        C += dp[k] * dp[k];
    }
    return gc_falling_root(A, B, C);
}

/// A world recording its contacts: a periodic cube, or a walled one.
static ccl_world3d *recording_world3(bool periodic, double side) {
    ccl_world3d_def d = periodic ? w3_periodic_def(side) : ccl_world3d_default_def();
    d.box_max = ccl_v3(side, side, side);
    d.record_contacts = true;
    return wc_create3(&d);
}

static ccl_status add3(ccl_world3d *w, ccl_vec3 p, ccl_vec3 v, double r) {
    ccl_sphere_def s = ccl_sphere_default_def();
    s.position = p;
    s.velocity = v;
    s.radius = r;
    return ccl_world3d_add_sphere(w, &s, NULL);
}

/// One random pair: b heads about towards a, or at random.
static long double spatial_pair_trial(wt_rng *rng, int trial, gp_sizes z, double *found) {
    ccl_world3d *w = recording_world3(true, 1000.0);
    ccl_vec3 dir = ccl_v3(wt_normal(rng), wt_normal(rng), wt_normal(rng));
    double len = sqrt(dir.x * dir.x + dir.y * dir.y + dir.z * dir.z);
    ccl_vec3 pa = ccl_v3(500.0, 500.0, 500.0);
    ccl_vec3 pb = ccl_v3(500.0 + z.dist * dir.x / len, 500.0 + z.dist * dir.y / len,
                         500.0 + z.dist * dir.z / len);
    ccl_vec3 va = ccl_v3(wt_normal(rng), wt_normal(rng), wt_normal(rng));
    ccl_vec3 vb = ccl_v3(wt_normal(rng), wt_normal(rng), wt_normal(rng));
    if (trial % 2 == 1) {
        vb = ccl_v3(va.x - 2.0 * dir.x / len + 0.3 * vb.x, va.y - 2.0 * dir.y / len + 0.3 * vb.y,
                    va.z - 2.0 * dir.z / len + 0.3 * vb.z);
    }
    assert_int_equal(add3(w, pa, va, z.ra), CCL_OK);
    assert_int_equal(add3(w, pb, vb, z.rb), CCL_OK);
    assert_int_equal(ccl_world3d_set_growth_rate(w, z.g), CCL_OK);
    assert_true(ccl_world3d_growth_rate(w) == z.g);
    long double dp[3] = {(long double)pb.x - pa.x, (long double)pb.y - pa.y,
                         (long double)pb.z - pa.z};
    long double dv[3] = {(long double)vb.x - va.x, (long double)vb.y - va.y,
                         (long double)vb.z - va.z};
    *found = gp_first_contact3(w, 100.0);
    ccl_world3d_destroy(w);
    return contact_time3(dp, dv, (long double)z.ra + z.rb, ((long double)z.ra + z.rb) * z.g);
}

/// A sphere of radius 1 growing at g meets each wall of a walled cube 49 away at 49 / (v + g),
/// and leaves it faster than it grows; its radius is then 1 + g t.
static void a_growing_sphere_meets_the_walls_on_time(void **state) {
    (void)state;
    const double g = 0.25;
    for (int wall = 0; wall < 6; ++wall) {
        ccl_world3d *w = recording_world3(false, 100.0);
        double sign = (wall & 1) ? 1.0 : -1.0;
        ccl_vec3 v = ccl_v3(wall / 2 == 0 ? sign : 0.0, wall / 2 == 1 ? sign : 0.0,
                            wall / 2 == 2 ? sign : 0.0);
        assert_int_equal(add3(w, ccl_v3(50.0, 50.0, 50.0), v, 1.0), CCL_OK);
        assert_int_equal(ccl_world3d_set_growth_rate(w, g), CCL_OK);
        double expected = 49.0 / (1.0 + g);
        double t = gp_first_contact3(w, 1.01 * expected); /* one bounce, then on to 1.01 expected */
        assert_true(fabs(t - expected) <= 1e-12 * expected);
        size_t count = 0;
        const ccl_contact_event3 *e = ccl_world3d_contact_events(w, &count);
        assert_int_equal(e[0].wall, wall);
        ccl_sphere_state s;
        assert_int_equal(ccl_world3d_export(w, &s, 1, &(int){0}), CCL_OK);
        assert_true(fabs(s.radius - (1.0 + g * ccl_world3d_time(w))) <= 1e-12 * s.radius);
        double away =
            sign * (wall / 2 == 0 ? s.velocity.x : (wall / 2 == 1 ? s.velocity.y : s.velocity.z));
        assert_true(-away > g);
        assert_true(ccl_world3d_max_overlap(w) <= 1e-12);
        ccl_world3d_destroy(w);
    }
}

/// An immovable sphere grows in place: spheres bounce off it, and it never moves, not even at a
/// wall it grows into.
static void an_immovable_sphere_grows_in_place(void **state) {
    (void)state;
    ccl_world3d *w = recording_world3(false, 20.0);
    ccl_sphere_def fixed = ccl_sphere_default_def();
    fixed.position = ccl_v3(1.5, 10.0, 10.0);
    fixed.mass = 0.0;
    ccl_sphere_id id;
    assert_int_equal(ccl_world3d_add_sphere(w, &fixed, &id), CCL_OK);
    assert_int_equal(add3(w, ccl_v3(10.0, 10.0, 10.0), ccl_v3(-1.0, 0.0, 0.0), 1.0), CCL_OK);
    assert_int_equal(ccl_world3d_set_growth_rate(w, 0.1), CCL_OK);
    assert_int_equal(ccl_world3d_advance(w, 8.0), CCL_OK);
    ccl_sphere_state s;
    assert_int_equal(ccl_world3d_get_sphere(w, id, &s), CCL_OK);
    assert_true(s.position.x == 1.5 && s.velocity.x == 0.0 && s.velocity.y == 0.0);
    assert_true(ccl_world3d_get_stats(w).collisions >= 1);
    ccl_world3d_destroy(w);
}

/// Bad rates are refused; a sphere that would outgrow its periodic box stops the advance with
/// CCL_ERR_UNSUPPORTED, no overlap made.
static void growth_refusals(void **state) {
    (void)state;
    ccl_world3d *w = recording_world3(true, 12.0);
    assert_int_equal(ccl_world3d_set_growth_rate(NULL, 1.0), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_set_growth_rate(w, -1.0), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_set_growth_rate(w, NAN), CCL_ERR_INVALID_ARGUMENT);
    assert_int_equal(ccl_world3d_set_growth_rate(w, INFINITY), CCL_ERR_INVALID_ARGUMENT);
    assert_true(ccl_world3d_growth_rate(w) == 0.0);
    assert_int_equal(add3(w, ccl_v3(6.0, 6.0, 6.0), ccl_v3(0.3, 0.1, 0.2), 0.5), CCL_OK);
    assert_int_equal(ccl_world3d_set_growth_rate(w, 1.0), CCL_OK);
    assert_int_equal(ccl_world3d_advance(w, 100.0), CCL_ERR_UNSUPPORTED);
    ccl_sphere_state s;
    assert_int_equal(ccl_world3d_export(w, &s, 1, &(int){0}), CCL_OK);
    assert_true(s.radius < 12.0 / 6.0 && s.radius > 1.0);
    assert_true(ccl_world3d_max_overlap(w) <= 0.0);
    assert_int_equal(ccl_world3d_set_growth_rate(w, 0.0), CCL_OK);
    assert_int_equal(ccl_world3d_advance(w, 10.0), CCL_OK);
    ccl_world3d_destroy(w);
}

/// The largest overlap of every pair (minimum image), by brute force.
static double brute_overlap3(const ccl_sphere_state *s, int n, double side) {
    double worst = 0.0;
    for (int i = 0; i < n; ++i) {
        for (int k = i + 1; k < n; ++k) {
            double d[3] = {s[k].position.x - s[i].position.x, s[k].position.y - s[i].position.y,
                           s[k].position.z - s[i].position.z};
            double sq = 0.0;
            for (int a = 0; a < 3; ++a) {
                d[a] -= side * nearbyint(d[a] / side);
                sq += d[a] * d[a];
            }
            worst = fmax(worst, s[i].radius + s[k].radius - sqrt(sq));
        }
    }
    return worst;
}

/// 343 equal spheres from phi 0.3 compressed at g = 0.02 in rounds of 10 collisions per sphere
/// (temperature set back to 1 after each) until the reduced pressure passes 1e6: no overlap after
/// any round, phi never above the FCC bound, every radius 0.5 (1 + g t), and the packing jams
/// near random close packing.
static void equal_spheres_jam_near_random_close_packing(void **state) {
    (void)state;
    const int side = 7, n = side * side * side;
    const double g = 0.02, box = w3_side(n, 0.3);
    ccl_world3d *w = w3_gas_world(side, 0.3, 1.0, 5);
    assert_int_equal(ccl_world3d_set_growth_rate(w, g), CCL_OK);
    ccl_sphere_state *s = malloc(sizeof *s * (size_t)n);
    double pressure = 0.0, phi = 0.0;
    for (int round = 0; round < 4000 && pressure < 1e6; ++round) {
        ccl_world3d_reset_stats(w);
        assert_int_equal(ccl_world3d_advance_collisions(w, 10u * (uint64_t)n, INFINITY), CCL_OK);
        ccl_world3d_stats st = ccl_world3d_get_stats(w);
        double kT = st.kinetic_energy / (1.5 * n);
        pressure = 1.0 + st.virial / (3.0 * st.virial_time * n * kT);
        assert_int_equal(ccl_world3d_scale_velocities(w, 1.0 / sqrt(kT)), CCL_OK);
        int count = 0;
        assert_int_equal(ccl_world3d_export(w, s, n, &count), CCL_OK);
        double volume = 0.0;
        for (int i = 0; i < count; ++i) {
            volume += 4.0 / 3.0 * 3.14159265358979323846 * pow(s[i].radius, 3);
            assert_true(fabs(s[i].radius - 0.5 * (1.0 + g * st.time)) <= 1e-9 * s[i].radius);
        }
        phi = volume / (box * box * box);
        assert_true(phi < 0.74048);
        assert_true(brute_overlap3(s, count, box) <= 1e-9);
    }
    print_message("343 spheres, g %g: phi %.5f at P %.3g\n", g, phi, pressure);
    assert_true(pressure >= 1e6);
    assert_true(phi > 0.62 && phi < 0.67);
    free(s);
    ccl_world3d_destroy(w);
}

/// 1500 pairs from seed 17, over 400 of them touching.
static gp_pairs spatial_pairs = {17, 1500, spatial_pair_trial, 400};

CCL_TEST_MAIN(cmocka_unit_test_prestate(growing_pairs_touch_at_the_root_of_their_quadratic,
                                        &spatial_pairs),
              cmocka_unit_test(a_growing_sphere_meets_the_walls_on_time),
              cmocka_unit_test(an_immovable_sphere_grows_in_place),
              cmocka_unit_test(growth_refusals),
              cmocka_unit_test(equal_spheres_jam_near_random_close_packing))
