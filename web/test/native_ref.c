/* circol web: the native reference. Calls the library directly on a fixed set of random inputs
 * and prints inputs and results as IEEE-754 bit patterns (16 hex digits), so that the
 * WebAssembly build can be checked against it bit for bit; and runs world scenes, printing each
 * scene and the hash of its final state.
 *
 * Usage: native_ref narrow CASES | native_ref world
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "circol/circol.h"
#include "pack.h"

/* State of the splitmix64 generator. */
static uint64_t ccl_ref_seed = 0x9e3779b97f4a7c15u;

/* The next 64 random bits (splitmix64). */
static uint64_t ccl_ref_bits(void) {
    uint64_t z = (ccl_ref_seed += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double ccl_ref_unit(void) {
    return (double)(ccl_ref_bits() >> 11) * 0x1p-53;
}

/* Uniform in [lo, hi). */
static double ccl_ref_range(double lo, double hi) {
    return lo + (hi - lo) * ccl_ref_unit();
}

/* The bit pattern of a double. */
static uint64_t ccl_ref_pattern(double x) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}

/* Prints " hhhhhhhhhhhhhhhh" for each value. */
static void ccl_ref_print(const double *values, int count) {
    for (int i = 0; i < count; i++) {
        printf(" %016" PRIx64, ccl_ref_pattern(values[i]));
    }
}

/* One case: name, inputs, ':', return value, outputs (all n_out of them, whatever ret). */
static void ccl_ref_line_all(const char *name, const double *in, int n_in, int ret,
                             const double *out, int n_out) {
    printf("%s", name);
    ccl_ref_print(in, n_in);
    printf(" : %d", ret);
    ccl_ref_print(out, n_out);
    printf("\n");
}

/* One case whose outputs are printed only when it returns nonzero. */
static void ccl_ref_line(const char *name, const double *in, int n_in, int ret, const double *out,
                         int n_out) {
    ccl_ref_line_all(name, in, n_in, ret, out, ret ? n_out : 0);
}

/* One sweep's case: its hit when found. */
static void ccl_ref_hit_line(const char *name, const double *in, int n_in, bool found,
                             const ccl_hit *hit, double *out) {
    if (found) {
        ccl_web_pack_hit(hit, out);
    }
    ccl_ref_line(name, in, n_in, found ? 1 : 0, out, 6);
}

/* One static contact's case: the contact when found. */
static void ccl_ref_contact_line(const char *name, const double *in, int n_in, bool found,
                                 const ccl_contact *contact, double *out) {
    if (found) {
        ccl_web_pack_contact(contact, out);
    }
    ccl_ref_line(name, in, n_in, found ? 1 : 0, out, 5);
}

/* A value from one of several regimes: ordinary, tiny, huge, or an edge value. */
static double ccl_ref_value(double scale) {
    uint64_t pick = ccl_ref_bits() % 64;
    static const double edges[] = {0.0, -0.0, 1.0, -1.0, 0x1p-1074, 1e300, -1e300, INFINITY, NAN};
    if (pick == 0) {
        return edges[ccl_ref_bits() % (sizeof edges / sizeof edges[0])];
    }
    return ccl_ref_range(-scale, scale);
}

/* A radius: mostly positive, sometimes 0 or negative. */
static double ccl_ref_radius(double scale) {
    uint64_t pick = ccl_ref_bits() % 40;
    if (pick == 0) {
        return 0.0;
    }
    if (pick == 1) {
        return -1.0;
    }
    return ccl_ref_range(0.0, 0.3 * scale);
}

/* A time limit: 1, a random one, or infinity. */
static double ccl_ref_t_max(void) {
    uint64_t pick = ccl_ref_bits() % 4;
    return pick == 0 ? 1.0 : (pick == 1 ? INFINITY : ccl_ref_range(0.0, 3.0));
}

/* The length scale of one case: powers of two from 2^-40 to 2^40. */
static double ccl_ref_scale(void) {
    return ldexp(1.0, (int)(ccl_ref_bits() % 81) - 40);
}

/* Two circles whose relative path grazes: the miss distance equals the sum of radii up to a
 * relative perturbation of a few ulps, so the discriminant is nearly zero. */
static void ccl_ref_grazing(double *in, double scale) {
    double ax = ccl_ref_range(-scale, scale), ay = ccl_ref_range(-scale, scale);
    double angle = ccl_ref_range(0.0, 6.283185307179586);
    double distance = ccl_ref_range(2.0, 100.0) * scale;
    double ar = ccl_ref_range(0.01, 0.5) * scale, br = ccl_ref_range(0.01, 0.5) * scale;
    double R = ar + br;
    double bx = ax + distance * cos(angle), by = ay + distance * sin(angle);
    /* the relative velocity points past b at offset R (1 + tiny) to the side */
    double ux = cos(angle), uy = sin(angle);
    double offset = R * (1.0 + ccl_ref_range(-8.0, 8.0) * 0x1p-52);
    double tx = distance * ux - offset * uy, ty = distance * uy + offset * ux;
    double speed = ccl_ref_range(0.5, 2.0) / distance;
    double values[11] = {ax, ay, ar, tx * speed, ty * speed, bx, by, br, 0.0, 0.0, INFINITY};
    memcpy(in, values, sizeof values);
}

/* Seed 004's bounce as the demo tells it, from the library's calls: w holds the wall kind (0
 * segment, 1 line, 2 point, 3 fixed circle), the circle (x, y, r), its velocity, the wall's four
 * numbers, the restitution and t_max. out: 0-5 the hit, 6-7 the centre at impact, 8-9 the
 * velocity after (0-9 are 0 on a miss), 10-11 the centre at t_max. Returns 1 on a hit. */
static int ccl_ref_bounce(const double *w, double *out) {
    ccl_circle circle = ccl_make_circle(ccl_v2(w[1], w[2]), w[3]);
    ccl_vec2 v = ccl_v2(w[4], w[5]);
    ccl_vec2 p0 = ccl_v2(w[6], w[7]), p1 = ccl_v2(w[8], w[9]);
    ccl_hit hit;
    bool collided;
    if (w[0] == 0.0) {
        collided = ccl_sweep_circle_segment(circle, v, ccl_make_segment(p0, p1), w[11], &hit);
    } else if (w[0] == 1.0) {
        collided = ccl_sweep_circle_line(circle, v, p0, p1, w[11], &hit);
    } else if (w[0] == 2.0) {
        collided = ccl_sweep_circle_point(circle, v, p0, w[11], &hit);
    } else {
        collided =
            ccl_sweep_circles(circle, v, ccl_make_circle(p0, w[8]), ccl_v2(0.0, 0.0), w[11], &hit);
    }
    for (int k = 0; k < 10; k++) {
        out[k] = 0.0;
    }
    if (!collided) {
        ccl_web_pack_vec2(ccl_v2(circle.center.x + w[11] * v.x, circle.center.y + w[11] * v.y),
                          out + 10);
        return 0;
    }
    ccl_web_pack_hit(&hit, out);
    /* only a circle moving toward the wall bounces */
    ccl_vec2 after =
        v.x * hit.normal.x + v.y * hit.normal.y > 0.0 ? ccl_reflect(v, hit.normal, w[10]) : v;
    ccl_web_pack_vec2(ccl_v2(circle.center.x + hit.t * v.x, circle.center.y + hit.t * v.y),
                      out + 6);
    ccl_web_pack_vec2(after, out + 8);
    out[10] = out[6] + (w[11] - hit.t) * after.x;
    out[11] = out[7] + (w[11] - hit.t) * after.y;
    return 1;
}

/* Prints `cases` random cases of every wrapped narrow-phase and response function. */
static void ccl_ref_narrow(int cases) {
    double in[16], out[24];
    ccl_hit hit;
    ccl_contact contact;
    for (int i = 0; i < cases; i++) {
        double s = ccl_ref_scale();
        /* two moving circles, general or grazing */
        if (i % 4 == 3) {
            ccl_ref_grazing(in, s);
        } else {
            double v[11] = {ccl_ref_value(s), ccl_ref_value(s),  ccl_ref_radius(s),
                            ccl_ref_value(s), ccl_ref_value(s),  ccl_ref_value(s),
                            ccl_ref_value(s), ccl_ref_radius(s), ccl_ref_value(s),
                            ccl_ref_value(s), ccl_ref_t_max()};
            memcpy(in, v, sizeof v);
        }
        ccl_ref_hit_line("sweep_circles", in, 11,
                         ccl_sweep_circles(ccl_make_circle(ccl_v2(in[0], in[1]), in[2]),
                                           ccl_v2(in[3], in[4]),
                                           ccl_make_circle(ccl_v2(in[5], in[6]), in[7]),
                                           ccl_v2(in[8], in[9]), in[10], &hit),
                         &hit, out);

        /* a moving circle against a point */
        double p[8] = {ccl_ref_value(s), ccl_ref_value(s), ccl_ref_radius(s), ccl_ref_value(s),
                       ccl_ref_value(s), ccl_ref_value(s), ccl_ref_value(s),  ccl_ref_t_max()};
        ccl_ref_hit_line("sweep_circle_point", p, 8,
                         ccl_sweep_circle_point(ccl_make_circle(ccl_v2(p[0], p[1]), p[2]),
                                                ccl_v2(p[3], p[4]), ccl_v2(p[5], p[6]), p[7], &hit),
                         &hit, out);

        /* a moving circle against a segment, and against a line */
        double g[10];
        for (int k = 0; k < 10; k++) {
            g[k] = ccl_ref_value(s);
        }
        g[2] = ccl_ref_radius(s);
        g[9] = ccl_ref_t_max();
        ccl_segment segment = ccl_make_segment(ccl_v2(g[5], g[6]), ccl_v2(g[7], g[8]));
        ccl_ref_hit_line("sweep_circle_segment", g, 10,
                         ccl_sweep_circle_segment(ccl_make_circle(ccl_v2(g[0], g[1]), g[2]),
                                                  ccl_v2(g[3], g[4]), segment, g[9], &hit),
                         &hit, out);
        ccl_ref_hit_line("sweep_circle_line", g, 10,
                         ccl_sweep_circle_line(ccl_make_circle(ccl_v2(g[0], g[1]), g[2]),
                                               ccl_v2(g[3], g[4]), ccl_v2(g[5], g[6]),
                                               ccl_v2(g[7], g[8]), g[9], &hit),
                         &hit, out);

        /* two circles with accelerations */
        double a[15];
        for (int k = 0; k < 15; k++) {
            a[k] = ccl_ref_range(-4.0, 4.0) * s;
        }
        a[2] = ccl_ref_range(0.2, 1.5) * s;
        a[9] = ccl_ref_range(0.2, 1.5) * s;
        a[14] = ccl_ref_range(0.0, 4.0);
        ccl_ref_hit_line(
            "sweep_circles_accel", a, 15,
            ccl_sweep_circles_accel(ccl_make_circle(ccl_v2(a[0], a[1]), a[2]), ccl_v2(a[3], a[4]),
                                    ccl_v2(a[5], a[6]), ccl_make_circle(ccl_v2(a[7], a[8]), a[9]),
                                    ccl_v2(a[10], a[11]), ccl_v2(a[12], a[13]), a[14], &hit),
            &hit, out);

        /* static contacts */
        double c[7];
        for (int k = 0; k < 7; k++) {
            c[k] = ccl_ref_value(s);
        }
        c[2] = ccl_ref_range(0.0, 2.0) * s;
        c[5] = ccl_ref_range(0.0, 2.0) * s;
        ccl_circle circle = ccl_make_circle(ccl_v2(c[0], c[1]), c[2]);
        ccl_ref_contact_line(
            "circles_contact", c, 6,
            ccl_circles_contact(circle, ccl_make_circle(ccl_v2(c[3], c[4]), c[5]), &contact),
            &contact, out);
        ccl_segment wall = ccl_make_segment(ccl_v2(c[3], c[4]), ccl_v2(c[5], c[6]));
        ccl_ref_contact_line("circle_segment_contact", c, 7,
                             ccl_circle_segment_contact(circle, wall, &contact), &contact, out);

        /* response: reflection, impulse, and the whole step */
        ccl_vec2 n = ccl_normalize(ccl_v2(ccl_ref_range(-1.0, 1.0), ccl_ref_range(-1.0, 1.0)));
        double r[5] = {ccl_ref_value(s), ccl_ref_value(s), n.x, n.y, ccl_ref_range(-0.2, 1.2)};
        ccl_web_pack_vec2(ccl_reflect(ccl_v2(r[0], r[1]), n, r[4]), out);
        ccl_ref_line("reflect", r, 5, 1, out, 2);

        double b[16];
        for (int k = 0; k < 14; k++) {
            b[k] = ccl_ref_range(-10.0, 10.0) * s;
        }
        b[4] = ccl_ref_range(0.1, 3.0) * s;
        b[11] = ccl_ref_range(0.1, 3.0) * s;
        b[5] = (ccl_ref_bits() % 5 == 0) ? 0.0 : ccl_ref_range(0.1, 2.0);
        b[12] = (ccl_ref_bits() % 5 == 0) ? 0.0 : ccl_ref_range(0.1, 2.0);
        b[6] = ccl_ref_unit();
        b[13] = ccl_ref_unit();
        b[14] = n.x;
        b[15] = n.y;
        ccl_body ba = {ccl_v2(b[0], b[1]), ccl_v2(b[2], b[3]), b[4], b[5], b[6]};
        ccl_body bb = {ccl_v2(b[7], b[8]), ccl_v2(b[9], b[10]), b[11], b[12], b[13]};
        out[0] = ccl_impulse(&ba, &bb, n);
        ccl_ref_line("impulse", b, 16, 1, out, 1);

        b[14] = ccl_ref_t_max();
        if (!isfinite(b[14])) {
            b[14] = 2.0;
        }
        int ret = ccl_step_pair(&ba, &bb, b[14], &hit);
        if (ret) {
            ccl_web_pack_hit(&hit, out);
        } else {
            memset(out, 0, 6 * sizeof out[0]);
        }
        ccl_web_pack_bodies(&ba, &bb, out + 6);
        ccl_ref_line_all("step_pair", b, 15, ret, out, 14);

        /* seed 004's bounce off a fixed wall of each kind, in turn */
        double w[12];
        w[0] = (double)(i % 4);
        for (int k = 1; k < 12; k++) {
            w[k] = ccl_ref_value(s);
        }
        w[3] = ccl_ref_radius(s);
        if (w[0] == 3.0) {
            w[8] = ccl_ref_radius(s); /* the fixed circle's radius */
        }
        w[10] = ccl_ref_unit();
        w[11] = ccl_ref_t_max();
        ccl_ref_line_all("bounce", w, 12, ccl_ref_bounce(w, out), out, 12);
    }
}

#if !defined(CCL_WEB_NO_WORLD)

/* FNV-1a 64 over bytes. */
static uint64_t ccl_ref_fnv(uint64_t hash, const void *data, size_t size) {
    const unsigned char *bytes = data;
    for (size_t i = 0; i < size; i++) {
        hash ^= bytes[i];
        hash *= 0x100000001b3u;
    }
    return hash;
}

/* One world scene: builds it from random circles, prints it, advances, prints the hash. */
static int ccl_ref_scene(const char *name, int boundary, double gy, double damping,
                         double restitution, int n, int steps, double dt) {
    const double size = 60.0;
    ccl_world_def def = ccl_world_default_def();
    def.box_min = ccl_v2(0.0, 0.0);
    def.box_max = ccl_v2(size, size);
    def.boundary = boundary ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
    def.gravity = ccl_v2(0.0, gy);
    def.damping = damping;
    def.restitution = restitution;
    ccl_world *world = NULL;
    ccl_status status = ccl_world_create(&def, &world);
    if (status != CCL_OK) {
        fprintf(stderr, "native_ref: world %s: %s\n", name, ccl_status_string(status));
        return 1;
    }
    double head[7] = {size, size, (double)boundary, gy, damping, restitution, dt};
    printf("scene %s %d", name, steps);
    ccl_ref_print(head, 7);
    printf("\n");
    /* circles on a jittered lattice so that none overlaps */
    int side = (int)ceil(sqrt((double)n));
    double cell = size / side;
    for (int i = 0; i < n; i++) {
        double r = cell * ccl_ref_range(0.15, 0.35);
        double x = cell * (i % side + 0.5) + ccl_ref_range(-0.1, 0.1) * cell;
        double y = cell * (i / side + 0.5) + ccl_ref_range(-0.1, 0.1) * cell;
        double c[6] = {x, y, ccl_ref_range(-5.0, 5.0), ccl_ref_range(-5.0, 5.0), r, r * r};
        ccl_circle_def cd = ccl_circle_default_def();
        cd.position = ccl_v2(c[0], c[1]);
        cd.velocity = ccl_v2(c[2], c[3]);
        cd.radius = c[4];
        cd.mass = c[5];
        status = ccl_world_add_circle(world, &cd, NULL);
        printf("circle");
        ccl_ref_print(c, 6);
        printf(" : %d\n", (int)status);
    }
    for (int s = 0; s < steps && status == CCL_OK; s++) {
        status = ccl_world_advance(world, dt);
    }
    int count = ccl_world_circle_count(world);
    ccl_circle_state *states = malloc((size_t)(count > 0 ? count : 1) * sizeof *states);
    int written = 0;
    if (states == NULL || ccl_world_export(world, states, count, &written) != CCL_OK) {
        fprintf(stderr, "native_ref: export failed\n");
        free(states);
        ccl_world_destroy(world);
        return 1;
    }
    uint64_t hash = 0xcbf29ce484222325u;
    for (int i = 0; i < written; i++) {
        double v[4] = {states[i].position.x, states[i].position.y, states[i].velocity.x,
                       states[i].velocity.y};
        hash = ccl_ref_fnv(hash, v, sizeof v);
    }
    double t = ccl_world_time(world);
    hash = ccl_ref_fnv(hash, &t, sizeof t);
    ccl_world_stats stats = ccl_world_get_stats(world);
    printf("result %d %016" PRIx64 " %" PRIu64 " %" PRIu64 "\n", (int)status, hash,
           stats.collisions, stats.wall_collisions);
    free(states);
    ccl_world_destroy(world);
    return 0;
}

/* The world scenes: an elastic gas, an inelastic gas, a pile under gravity, a damped box. */
static int ccl_ref_world(void) {
    int failures = 0;
    failures += ccl_ref_scene("gas", 1, 0.0, 0.0, 1.0, 400, 10, 0.25);
    failures += ccl_ref_scene("inelastic", 0, 0.0, 0.0, 0.7, 300, 10, 0.25);
    failures += ccl_ref_scene("gravity", 0, -9.81, 0.0, 0.8, 200, 10, 0.2);
    failures += ccl_ref_scene("damped", 0, 0.0, 0.5, 0.95, 300, 10, 0.25);
    return failures == 0 ? 0 : 1;
}

#else

/* No world in this build. */
static int ccl_ref_world(void) {
    printf("no world\n");
    return 0;
}

#endif

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "narrow") == 0) {
        ccl_ref_narrow(argc >= 3 ? atoi(argv[2]) : 1000);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "world") == 0) {
        return ccl_ref_world();
    }
    fprintf(stderr, "usage: native_ref narrow [CASES] | native_ref world\n");
    return 2;
}
