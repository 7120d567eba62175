/* Replays the scenario of each source document with circol and prints what happens:
 *   000  two moving circles over one interval: detect, move to impact, react, move on; the early
 *        outs of the detection routine.
 *   002  the "overlap after dt" check missing a fast pair that the intercept check finds; the
 *        table of intercept times for every pair of a handful of circles.
 *   003  a circle bouncing off a circle locked in place: speed unchanged.
 *   004  the Phaser demo: contact position, rebound direction and distance left, against a
 *        static circle, a segment and the line through it.
 */
#include <math.h>
#include <stdio.h>

#include <circol/circol.h>

/* Prints a heading for one source document. */
static void heading(const char *title) {
    printf("\n== %s ==\n", title);
}

/* Prints a body's position and velocity on one line. */
static void print_body(const char *name, const ccl_body *b) {
    printf("  %-6s at (%9.4f, %9.4f)  velocity (%8.4f, %8.4f)\n", name, b->position.x,
           b->position.y, b->velocity.x, b->velocity.y);
}

/* Seed 000: the whole step over [0, 1], and each early out of detect(). */
static void seed000(void) {
    heading("000  two moving circles over the interval 0 <= t <= 1");
    ccl_body a = {{0, 0}, {4, 1}, 1, 1.0 / 2.0, 0.9};
    ccl_body b = {{6, 1.5}, {-2, 0}, 1.5, 1.0 / 3.0, 0.8};
    printf("  masses 2 and 3, elasticities 0.9 and 0.8 (restitution sqrt(0.9 * 0.8) = %.4f)\n",
           sqrt(0.9 * 0.8));
    print_body("a", &a);
    print_body("b", &b);
    ccl_hit hit;
    ccl_body a0 = a, b0 = b;
    if (ccl_step_pair(&a, &b, 1.0, &hit)) {
        ccl_vec2 pa = ccl_mul_add(a0.position, hit.t, a0.velocity);
        ccl_vec2 pb = ccl_mul_add(b0.position, hit.t, b0.velocity);
        printf("  detect: first contact at t = %.6f (they would part again at t = %.6f)\n", hit.t,
               hit.t_exit);
        printf("  at impact: a at (%.4f, %.4f), b at (%.4f, %.4f), normal (%.4f, %.4f), "
               "contact point (%.4f, %.4f)\n",
               pa.x, pa.y, pb.x, pb.y, hit.normal.x, hit.normal.y, hit.point.x, hit.point.y);
        printf("  react: impulse along the normal; then move on for the remaining %.6f:\n",
               1.0 - hit.t);
        print_body("a", &a);
        print_body("b", &b);
        double p0x = 2 * a0.velocity.x + 3 * b0.velocity.x,
               p1x = 2 * a.velocity.x + 3 * b.velocity.x;
        double p0y = 2 * a0.velocity.y + 3 * b0.velocity.y,
               p1y = 2 * a.velocity.y + 3 * b.velocity.y;
        printf("  momentum before (%.4f, %.4f), after (%.4f, %.4f)\n", p0x, p0y, p1x, p1y);
    }

    printf("  early outs of detect():\n");
    ccl_circle c = ccl_make_circle(ccl_v2(0, 0), 1);
    struct {
        const char *what;
        ccl_circle other;
        ccl_vec2 v, v_other;
    } cases[] = {
        {"overlapping at the start", ccl_make_circle(ccl_v2(1.5, 0), 1), {0, 0}, {5, 0}},
        {"no relative motion", ccl_make_circle(ccl_v2(5, 0), 1), {1, 1}, {1, 1}},
        {"moving apart", ccl_make_circle(ccl_v2(5, 0), 1), {-1, 0}, {0, 0}},
        {"no real root (passes 3 apart)", ccl_make_circle(ccl_v2(5, 3), 1), {1, 0}, {0, 0}},
        {"contact at t = 3, after the interval", ccl_make_circle(ccl_v2(5, 0), 1), {1, 0}, {0, 0}},
        {"contact at t = 1 exactly", ccl_make_circle(ccl_v2(5, 0), 1), {3, 0}, {0, 0}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        bool found = ccl_sweep_circles(c, cases[i].v, cases[i].other, cases[i].v_other, 1.0, &hit);
        if (found) {
            printf("    %-38s hit at t = %g\n", cases[i].what, hit.t);
        } else {
            printf("    %-38s no hit\n", cases[i].what);
        }
    }
}

/* Seed 002: the discrete check misses a fast pair; the intercept check and its table. */
static void seed002(void) {
    heading("002  overlap check after dt versus the intercept check");
    ccl_circle bullet = ccl_make_circle(ccl_v2(0, 0), 0.5),
               wall = ccl_make_circle(ccl_v2(20, 1), 2);
    ccl_vec2 speed = {100, 0}, still = {0, 0};
    double dt = 1.0;
    ccl_circle later = ccl_make_circle(ccl_mul_add(bullet.center, dt, speed), bullet.radius);
    printf("  a circle of radius 0.5 at (0, 0) moving at (100, 0); a still circle of radius 2 at "
           "(20, 1); dt = 1\n");
    printf("  overlap check at t = 0: %s; after dt (bullet at (100, 0)): %s  -> collision missed\n",
           ccl_circles_overlap(bullet, wall) ? "overlap" : "apart",
           ccl_circles_overlap(later, wall) ? "overlap" : "apart");
    ccl_hit hit;
    if (ccl_sweep_circles(bullet, speed, wall, still, dt, &hit)) {
        printf("  intercept check: contact at t = %.6f, bullet centre (%.4f, %.4f); the roots are "
               "t = %.6f and t = %.6f\n",
               hit.t, bullet.center.x + hit.t * speed.x, bullet.center.y + hit.t * speed.y, hit.t,
               hit.t_exit);
    }
    printf("  roots: 0 (miss), 1 (graze), 2 (enter and leave):\n");
    double offsets[] = {3.0, 2.5, 1.0};
    const char *names[] = {"misses by 0.5", "grazes", "passes through"};
    for (int i = 0; i < 3; ++i) {
        ccl_circle target = ccl_make_circle(ccl_v2(20, offsets[i]), 2);
        bool found = ccl_sweep_circles(bullet, speed, target, still, dt, &hit);
        if (found) {
            printf("    offset %.1f, %-15s t_enter = %.6f, t_exit = %.6f\n", offsets[i], names[i],
                   hit.t, hit.t_exit);
        } else {
            printf("    offset %.1f, %-15s no real root\n", offsets[i], names[i]);
        }
    }

    enum { N = 5 };
    ccl_circle circles[N] = {
        {{0, 0}, 1}, {{8, 0}, 1}, {{4, 6}, 1.5}, {{12, 5}, 0.5}, {{-3, 7}, 1},
    };
    ccl_vec2 velocity[N] = {{2, 1}, {-2, 1}, {0, -2}, {-3, -1}, {1, -1}};
    printf("  intercept table for %d circles over [0, 10]: the seed counts (N^2 + N) / 2 = %d "
           "cells of the triangle,\n  the diagonal (a circle with itself, never tested) included, "
           "so N (N - 1) / 2 = %d pairs:\n",
           N, (N * N + N) / 2, N * (N - 1) / 2);
    printf("        ");
    for (int j = 0; j < N; ++j) {
        printf("%10d", j);
    }
    printf("\n");
    for (int i = 0; i < N; ++i) {
        printf("    %2d  ", i);
        for (int j = 0; j < N; ++j) {
            if (j < i) {
                printf("%10s", "");
            } else if (j == i) {
                printf("%10s", "-");
            } else if (ccl_sweep_circles(circles[i], velocity[i], circles[j], velocity[j], 10.0,
                                         &hit)) {
                printf("%10.4f", hit.t);
            } else {
                printf("%10s", "never");
            }
        }
        printf("\n");
    }
}

/* Seed 003: a moving circle bounces elastically off a circle locked in place. */
static void seed003(void) {
    heading("003  bouncing off a circle locked in place");
    ccl_body moving = {{0, 0}, {3, 1}, 1, 1.0, 1.0};
    ccl_body locked = {{1.5, 1.0}, {0, 0}, 1, 0.0, 1.0}; /* inv_mass 0: immovable */
    ccl_circle cm = {moving.position, moving.radius}, cl = {locked.position, locked.radius};
    ccl_contact contact;
    printf("  moving circle at (0, 0) r 1 with velocity (3, 1); locked circle at (1.5, 1) r 1\n");
    if (ccl_circles_contact(cm, cl, &contact)) {
        printf("  contact (squared distances, touching counts): depth %.4f, normal (%.4f, %.4f)\n",
               contact.depth, contact.normal.x, contact.normal.y);
    }
    double speed_before = ccl_length(moving.velocity);
    ccl_collide(&moving, &locked, contact.normal);
    printf("  after the bounce: velocity (%.6f, %.6f), speed %.6f (before %.6f); locked circle "
           "velocity (%g, %g)\n",
           moving.velocity.x, moving.velocity.y, ccl_length(moving.velocity), speed_before,
           locked.velocity.x, locked.velocity.y);
    /* the seed's angle construction: A_pc = A_v - 2 (A_v - A_n) + pi */
    double a_v = atan2(1.0, 3.0), a_n = atan2(1.0, 1.5);
    double a_pc = a_v - 2.0 * (a_v - a_n) + acos(-1.0);
    printf("  the seed's angles give (%.6f, %.6f): the same reflection about the line of centres\n",
           speed_before * cos(a_pc), speed_before * sin(a_pc));
}

/* Seed 004: the Phaser demo's numbers. */
static void seed004(void) {
    heading("004  Phaser demo: moving circle against a static circle, a segment and a line");
    ccl_vec2 start = {80, 200}, end = {422, 512};
    ccl_vec2 v = ccl_sub(end, start);
    ccl_circle moving = ccl_make_circle(start, 50);
    ccl_circle fixed = ccl_make_circle(ccl_v2(345, 355), 50);
    double travel = ccl_length(v);
    printf("  moving circle (80, 200) r 50 heading to (422, 512) (%.3f px); static circle "
           "(345, 355) r 50\n",
           travel);
    ccl_hit hit;
    if (ccl_sweep_circles(moving, v, fixed, ccl_v2(0, 0), 1.0, &hit)) {
        ccl_vec2 centre = ccl_mul_add(start, hit.t, v);
        ccl_vec2 rebound = ccl_normalize(ccl_reflect(v, hit.normal, 1.0));
        double left = travel * (1.0 - hit.t);
        ccl_vec2 final = ccl_mul_add(centre, left, rebound);
        printf(
            "  contact after %.4f of the move: centre (%.3f, %.3f), contact point (%.3f, %.3f)\n",
            hit.t, centre.x, centre.y, hit.point.x, hit.point.y);
        printf("  rebound about the tangent: direction (%.4f, %.4f) (%.2f degrees), distance left "
               "%.3f px, ending at (%.3f, %.3f)\n",
               rebound.x, rebound.y, atan2(rebound.y, rebound.x) * 180.0 / acos(-1.0), left,
               final.x, final.y);
    }
    ccl_segment wall = {{483, 381}, {223, 410}};
    if (ccl_sweep_circle_segment(moving, v, wall, 1.0, &hit)) {
        ccl_vec2 centre = ccl_mul_add(start, hit.t, v);
        printf("  segment (483, 381)-(223, 410): contact after %.4f, centre (%.3f, %.3f), touching "
               "at (%.3f, %.3f), %.3f px left\n",
               hit.t, centre.x, centre.y, hit.point.x, hit.point.y, travel * (1.0 - hit.t));
    }
    ccl_vec2 axis = ccl_sub(wall.b, wall.a);
    if (ccl_sweep_circle_line(moving, v, wall.a, ccl_perp(axis), 1.0, &hit)) {
        ccl_vec2 centre = ccl_mul_add(start, hit.t, v);
        printf("  infinite line through it: contact after %.4f, centre (%.3f, %.3f), normal "
               "(%.4f, %.4f)\n",
               hit.t, centre.x, centre.y, hit.normal.x, hit.normal.y);
    }
    ccl_vec2 vertex = {345, 355};
    if (ccl_sweep_circle_point(moving, v, vertex, 1.0, &hit)) {
        printf("  the static circle's centre as a vertex (a circle of radius 0): contact after "
               "%.4f\n",
               hit.t);
    } else {
        printf("  the static circle's centre as a vertex (a circle of radius 0): missed, the "
               "path passes it %.3f px away (> 50)\n",
               fabs(ccl_cross(ccl_normalize(v), ccl_sub(vertex, start))));
    }
}

int main(void) {
    printf("circol: the source documents' scenarios, replayed\n");
    seed000();
    seed002();
    seed003();
    seed004();
    return 0;
}
