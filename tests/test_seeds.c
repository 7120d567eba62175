/* Each source document's worked scenario, reproduced. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "head_on.h"
#include "test_main.h"

#include <circol/circol.h>

#define TOL 1e-12

/* Seed 000: two circles over one interval [0, 1]: detect, move to impact, react, move on. */
static void seed000_two_circles_detect_react_move_on(void **state) {
    (void)state;
    ccl_body a = {{0.0, 0.0}, {4.0, 0.0}, 1.0, 1.0, 1.0};
    ccl_body b = {{5.0, 0.0}, {-2.0, 0.0}, 1.0, 1.0, 1.0};
    /* gap 3, closing speed 6: they meet at 0.5 (a's centre at 2, b's at 4), equal masses swap
     * velocities, and each moves on for the rest, 0.5 */
    ccl_hit hit = check_head_on_step(a, b, 1.0, 0.5, TOL);
    assert_close(hit.normal.x, 1.0, TOL);
    assert_close(hit.point.x, 3.0, TOL); /* a's centre at 2, radius 1 */
}

/* Seed 000's early outs: overlap at the start is t = 0; no relative motion, moving apart, no real
 * root and t > 1 are misses. */
static void seed000_early_outs(void **state) {
    (void)state;
    ccl_circle a = ccl_make_circle(ccl_v2(0, 0), 1);
    ccl_hit hit;
    assert_true(ccl_sweep_circles(a, ccl_v2(0, 0), ccl_make_circle(ccl_v2(1.5, 0), 1), ccl_v2(5, 0),
                                  1.0, &hit));
    assert_true(hit.t == 0.0);
    assert_false(ccl_sweep_circles(a, ccl_v2(1, 1), ccl_make_circle(ccl_v2(5, 0), 1), ccl_v2(1, 1),
                                   1.0, &hit)); /* no relative motion */
    assert_false(ccl_sweep_circles(a, ccl_v2(-1, 0), ccl_make_circle(ccl_v2(5, 0), 1), ccl_v2(0, 0),
                                   1.0, &hit)); /* moving apart */
    assert_false(ccl_sweep_circles(a, ccl_v2(1, 0), ccl_make_circle(ccl_v2(5, 3), 1), ccl_v2(0, 0),
                                   100.0, &hit)); /* passes 3 away: no root */
    assert_false(ccl_sweep_circles(a, ccl_v2(1, 0), ccl_make_circle(ccl_v2(5, 0), 1), ccl_v2(0, 0),
                                   1.0, &hit)); /* hit at t = 3 > 1 */
    assert_true(ccl_sweep_circles(a, ccl_v2(1, 0), ccl_make_circle(ccl_v2(5, 0), 1), ccl_v2(0, 0),
                                  3.0, &hit)); /* t exactly at t_max counts */
    assert_true(hit.t == 3.0);
}

/* Seed 000: restitution sqrt(e1 e2) and masses. */
static void seed000_restitution_is_geometric_mean(void **state) {
    (void)state;
    ccl_body a = {{0, 0}, {1, 0}, 1, 1.0 / 2.0, 0.25};
    ccl_body b = {{2, 0}, {-1, 0}, 1, 1.0 / 3.0, 1.0};
    ccl_collide(&a, &b, ccl_v2(1, 0));
    /* e = 0.5: relative normal speed 2 becomes -1; momentum 2*1 + 3*(-1) = -1 kept */
    assert_close(b.velocity.x - a.velocity.x, 1.0, TOL);
    assert_close(2.0 * a.velocity.x + 3.0 * b.velocity.x, -1.0, TOL);
}

/* Seed 003: a circle bounces elastically off a circle locked in place: the velocity is reflected
 * about the line of centres and the speed does not change. */
static void seed003_bounce_off_locked_circle(void **state) {
    (void)state;
    ccl_circle moving = ccl_make_circle(ccl_v2(0, 0), 1);
    ccl_circle locked = ccl_make_circle(ccl_v2(1.5, 1.0), 1);
    assert_true(ccl_circles_overlap(moving, locked));
    ccl_contact contact;
    assert_true(ccl_circles_contact(moving, locked, &contact));
    ccl_body m = {moving.center, {3.0, 1.0}, 1, 1.0, 1.0};
    ccl_body l = {locked.center, {0, 0}, 1, 0.0, 1.0};
    ccl_collide(&m, &l, contact.normal);
    assert_close(ccl_length(m.velocity), sqrt(10.0), TOL);
    assert_true(l.velocity.x == 0.0 && l.velocity.y == 0.0);
    ccl_vec2 reflected = ccl_reflect(ccl_v2(3.0, 1.0), contact.normal, 1.0);
    assert_close(m.velocity.x, reflected.x, TOL);
    assert_close(m.velocity.y, reflected.y, TOL);
    /* the tangential part is kept, the normal part reversed */
    assert_close(ccl_cross(m.velocity, contact.normal), ccl_cross(ccl_v2(3, 1), contact.normal),
                 TOL);
    assert_close(ccl_dot(m.velocity, contact.normal), -ccl_dot(ccl_v2(3, 1), contact.normal), TOL);
    /* touching counts as contact */
    assert_true(ccl_circles_overlap(moving, ccl_make_circle(ccl_v2(2, 0), 1)));
    assert_false(ccl_circles_overlap(moving, ccl_make_circle(ccl_v2(2.000000001, 0), 1)));
}

/* Seed 004: the Phaser demo. Moving circle at (80, 200), radius 50, heading to (422, 512); static
 * circle at (345, 355), radius 50. The seed's own construction (closest point on the movement
 * vector, back off along it) is the oracle. */
static void seed004_phaser_demo(void **state) {
    (void)state;
    ccl_vec2 start = {80, 200}, end = {422, 512}, fixed = {345, 355};
    double r = 50, R = 100;
    ccl_vec2 v = ccl_sub(end, start);
    double speed = ccl_length(v);
    ccl_vec2 dir = ccl_scale(v, 1.0 / speed);
    double along = ccl_dot(ccl_sub(fixed, start), dir);
    ccl_vec2 closest = ccl_mul_add(start, along, dir);
    double miss = ccl_length(ccl_sub(fixed, closest));
    assert_true(miss < R);
    double back = sqrt(R * R - miss * miss);
    ccl_vec2 contact_center = ccl_mul_add(closest, -back, dir);
    double t_expected = (along - back) / speed;

    ccl_hit hit;
    assert_true(ccl_sweep_circle_point(ccl_make_circle(start, R), v, fixed, 1.0, &hit));
    assert_true(ccl_sweep_circles(ccl_make_circle(start, r), v, ccl_make_circle(fixed, r),
                                  ccl_v2(0, 0), 1.0, &hit));
    assert_close(hit.t, t_expected, 1e-12);
    ccl_vec2 center = ccl_mul_add(start, hit.t, v);
    assert_close(center.x, contact_center.x, 1e-12);
    assert_close(center.y, contact_center.y, 1e-12);
    assert_close(ccl_length(ccl_sub(fixed, center)), R, 1e-12);
    /* contact point midway between the centres (equal radii), normal toward the static circle */
    assert_close(hit.point.x, 0.5 * (center.x + fixed.x), 1e-12);
    assert_close(hit.point.y, 0.5 * (center.y + fixed.y), 1e-12);
    /* rebound about the tangent: mirror the direction in the line of centres */
    ccl_vec2 n = ccl_scale(ccl_sub(fixed, contact_center), 1.0 / R);
    ccl_vec2 rebound_expected = ccl_mul_add(dir, -2.0 * ccl_dot(dir, n), n);
    ccl_vec2 rebound = ccl_normalize(ccl_reflect(v, hit.normal, 1.0));
    assert_close(rebound.x, rebound_expected.x, 1e-12);
    assert_close(rebound.y, rebound_expected.y, 1e-12);
    /* distance left after the bounce */
    double left = speed * (1.0 - hit.t);
    assert_close(left, speed - ccl_length(ccl_sub(contact_center, start)), 1e-12);
    /* the figures themselves, for the record: contact centre (245.096, 350.614), t = 0.482737...,
     * 239.458 pixels left */
    assert_true(hit.t > 0.482737 && hit.t < 0.482738);
    assert_true(left > 239.458 && left < 239.459);
}

/* Seed 004's series: the same moving circle against the demo's segment (483, 381)-(223, 410) and
 * against the infinite line through it. */
static void seed004_segment_and_line(void **state) {
    (void)state;
    ccl_vec2 start = {80, 200}, v = {342, 312};
    ccl_segment s = {{483, 381}, {223, 410}};
    ccl_circle c = ccl_make_circle(start, 50);
    ccl_hit seg_hit, line_hit;
    ccl_vec2 axis = ccl_sub(s.b, s.a);
    assert_true(ccl_sweep_circle_line(c, v, s.a, ccl_perp(axis), 1.0, &line_hit));
    assert_true(ccl_sweep_circle_segment(c, v, s, 1.0, &seg_hit));
    /* oracle: signed distance of the centre to the line reaches the radius */
    ccl_vec2 n = ccl_normalize(ccl_perp(axis));
    double d0 = ccl_dot(n, ccl_sub(start, s.a)), rate = ccl_dot(n, v);
    double t_line = (d0 > 0 ? d0 - 50 : d0 + 50) / -rate;
    assert_close(line_hit.t, t_line, 1e-12);
    ccl_vec2 center = ccl_mul_add(start, seg_hit.t, v);
    ccl_contact contact;
    assert_true(ccl_circle_segment_contact(ccl_make_circle(center, 50 + 1e-9), s, &contact));
    assert_false(ccl_circle_segment_contact(
        ccl_make_circle(ccl_mul_add(start, seg_hit.t * (1 - 1e-9), v), 50), s, NULL));
    assert_true(seg_hit.t >= line_hit.t);
}

CCL_TEST_MAIN(cmocka_unit_test(seed000_two_circles_detect_react_move_on),
              cmocka_unit_test(seed000_early_outs),
              cmocka_unit_test(seed000_restitution_is_geometric_mean),
              cmocka_unit_test(seed003_bounce_off_locked_circle),
              cmocka_unit_test(seed004_phaser_demo), cmocka_unit_test(seed004_segment_and_line))
