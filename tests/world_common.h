/* Helpers shared by the world tests: a seeded random generator, exporting all states, and a
 * brute-force O(N^2) overlap check over exported states that is independent of the world's
 * grid (periodic minimum image, box walls, segments and points and their periodic images), and a
 * brute-force check that a circle at rest is held up by what touches it. */
#ifndef CIRCOL_TESTS_WORLD_COMMON_H
#define CIRCOL_TESTS_WORLD_COMMON_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <circol/world.h>

/// A splitmix64 generator: deterministic, seeded per test.
typedef struct wt_rng {
    uint64_t state;
} wt_rng;

/// The next 64 random bits.
static inline uint64_t wt_next(wt_rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// Uniform in [0, 1).
static inline double wt_uniform(wt_rng *r) {
    return (double)(wt_next(r) >> 11) * 0x1.0p-53;
}

/// Uniform in [lo, hi).
static inline double wt_range(wt_rng *r, double lo, double hi) {
    return lo + (hi - lo) * wt_uniform(r);
}

/// A standard normal deviate (Box-Muller).
static inline double wt_normal(wt_rng *r) {
    double u = 1.0 - wt_uniform(r), v = wt_uniform(r);
    return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

/// Wall-clock seconds.
static inline double wt_seconds(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/// Every live circle's state (malloc'd, *count of them); NULL only when the world is empty.
static inline ccl_circle_state *wt_export(const ccl_world *w, int *count) {
    int n = ccl_world_circle_count(w);
    ccl_circle_state *s = malloc(sizeof *s * (size_t)(n > 0 ? n : 1));
    *count = 0;
    if (s != NULL && ccl_world_export(w, s, n, count) != CCL_OK) {
        *count = -1;
    }
    return s;
}

/// The closest point of segment [a, b] to p, computed independently of the library.
static inline ccl_vec2 wt_closest(ccl_vec2 a, ccl_vec2 b, ccl_vec2 p) {
    double dx = b.x - a.x, dy = b.y - a.y;
    double len2 = dx * dx + dy * dy;
    double t = len2 > 0.0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    ccl_vec2 q = {a.x + t * dx, a.y + t * dy};
    return q;
}

/// What a scene holds besides its circles, for the brute-force check.
typedef struct wt_scene {
    ccl_vec2 box_min, box_max;
    int periodic;
    const ccl_segment *segments;
    int segment_count;
    const ccl_vec2 *points;
    int point_count;
} wt_scene;

/// The worst overlap found by brute force, in units of the smaller radius involved.
typedef struct wt_overlap {
    double worst;     ///< largest (overlap / radius), 0 when none
    int a, b;         ///< the circles (export indices); b = -1 for a wall
    const char *what; ///< "circle", "box", "segment" or "point"
} wt_overlap;

/// Checks every pair and every circle against every wall, O(N^2).
static inline wt_overlap wt_brute_overlap(const wt_scene *sc, const ccl_circle_state *s, int n) {
    wt_overlap o = {0.0, -1, -1, "none"};
    double Lx = sc->box_max.x - sc->box_min.x, Ly = sc->box_max.y - sc->box_min.y;
    for (int i = 0; i < n; ++i) {
        for (int k = i + 1; k < n; ++k) {
            double dx = s[k].position.x - s[i].position.x;
            double dy = s[k].position.y - s[i].position.y;
            if (sc->periodic) {
                dx -= Lx * nearbyint(dx / Lx);
                dy -= Ly * nearbyint(dy / Ly);
            }
            double depth = s[i].radius + s[k].radius - sqrt(dx * dx + dy * dy);
            double rel = depth / fmin(s[i].radius, s[k].radius);
            if (rel > o.worst) {
                o.worst = rel;
                o.a = i;
                o.b = k;
                o.what = "circle";
            }
        }
        double r = s[i].radius;
        ccl_vec2 p = s[i].position;
        if (!sc->periodic) {
            double out = fmax(fmax(sc->box_min.x - (p.x - r), (p.x + r) - sc->box_max.x),
                              fmax(sc->box_min.y - (p.y - r), (p.y + r) - sc->box_max.y));
            if (out / r > o.worst) {
                o.worst = out / r;
                o.a = i;
                o.b = -1;
                o.what = "box";
            }
        }
        /* obstacles, and in a periodic box their images in the 24 surrounding boxes */
        int reach = sc->periodic ? 2 : 0;
        for (int sy = -reach; sy <= reach; ++sy) {
            for (int sx = -reach; sx <= reach; ++sx) {
                ccl_vec2 at = {p.x - sx * Lx, p.y - sy * Ly}; /* p, seen from the image */
                for (int k = 0; k < sc->segment_count; ++k) {
                    ccl_vec2 q = wt_closest(sc->segments[k].a, sc->segments[k].b, at);
                    double depth = r - hypot(q.x - at.x, q.y - at.y);
                    if (depth / r > o.worst) {
                        o.worst = depth / r;
                        o.a = i;
                        o.b = k;
                        o.what = "segment";
                    }
                }
                for (int k = 0; k < sc->point_count; ++k) {
                    double depth = r - hypot(sc->points[k].x - at.x, sc->points[k].y - at.y);
                    if (depth / r > o.worst) {
                        o.worst = depth / r;
                        o.a = i;
                        o.b = k;
                        o.what = "point";
                    }
                }
            }
        }
    }
    return o;
}

/// Sum of m v^2 / 2 over movable circles, in long double.
static inline long double wt_kinetic(const ccl_circle_state *s, int n) {
    long double e = 0.0L;
    for (int i = 0; i < n; ++i) {
        if (s[i].mass > 0.0) {
            long double vx = s[i].velocity.x, vy = s[i].velocity.y;
            e += 0.5L * (long double)s[i].mass * (vx * vx + vy * vy);
        }
    }
    return e;
}

/// A periodic box [0, width] x [0, height]; the other fields default.
static inline ccl_world_def wt_periodic_def(double width, double height) {
    ccl_world_def d = ccl_world_default_def();
    d.box_min = ccl_v2(0.0, 0.0);
    d.box_max = ccl_v2(width, height);
    d.boundary = CCL_BOUNDARY_PERIODIC;
    return d;
}

/// A circle of radius r at p moving at v; the other fields default.
static inline ccl_circle_def wt_circle(ccl_vec2 p, ccl_vec2 v, double r) {
    ccl_circle_def c = ccl_circle_default_def();
    c.position = p;
    c.velocity = v;
    c.radius = r;
    return c;
}

/// Adds wt_circle(p, v, r) of mass m; id (not NULL) receives its id, {0, 0} on failure.
static inline ccl_status wt_add(ccl_world *w, ccl_vec2 p, ccl_vec2 v, double r, double m,
                                ccl_circle_id *id) {
    ccl_circle_def c = wt_circle(p, v, r);
    c.mass = m;
    *id = (ccl_circle_id){0, 0};
    return ccl_world_add_circle(w, &c, id);
}

/// Adds side x side circles of radius 0.9 on a lattice of spacing 2 from (2, 2), every other row
/// shifted by 0.05, with velocity components uniform in [-0.5, 0.5) (a crowd that jams easily when
/// inelastic). Returns the first status other than CCL_OK, or CCL_OK.
static inline ccl_status wt_add_staggered_lattice(ccl_world *w, wt_rng *rng, int side) {
    for (int i = 0; i < side; ++i) {
        for (int j = 0; j < side; ++j) {
            ccl_circle_def c = ccl_circle_default_def();
            c.radius = 0.9;
            c.position = ccl_v2(2.0 + 2.0 * i + 0.05 * (j % 2), 2.0 + 2.0 * j);
            c.velocity = ccl_v2(wt_uniform(rng) - 0.5, wt_uniform(rng) - 0.5);
            ccl_status status = ccl_world_add_circle(w, &c, NULL);
            if (status != CCL_OK) {
                return status;
            }
        }
    }
    return CCL_OK;
}

/// Circles still moving (at rest means a velocity of exactly zero).
static inline int wt_moving(const ccl_world *w) {
    int count = 0, moving = 0;
    ccl_circle_state *s = wt_export(w, &count);
    for (int i = 0; i < count; ++i) {
        moving += s[i].velocity.x != 0.0 || s[i].velocity.y != 0.0;
    }
    free(s);
    return moving;
}

/// Whether circle i at rest is held against gravity straight down (-y) by what touches it
/// (walls, segments, points and circles at most 1e-3 of its radius away; a walled scene):
/// something straight below it (within 1e-4 radians; the world takes 4.5e-5 as straight), or
/// contacts on both sides of straight down less than half a turn apart. Brute force over all.
static inline bool wt_is_held(const wt_scene *sc, const ccl_circle_state *s, int n, int i) {
    const double pi = 3.14159265358979323846;
    const double gap = 1e-3 * s[i].radius;
    double left = -INFINITY, right = INFINITY; /* the contacts nearest down on each side */
    ccl_vec2 p = s[i].position;
    double r = s[i].radius;
    double wall_gap[4] = {p.x - r - sc->box_min.x, sc->box_max.x - r - p.x, p.y - r - sc->box_min.y,
                          sc->box_max.y - r - p.y};
    double wall_angle[4] = {-pi / 2, pi / 2, 0.0, pi};
    int obstacles = sc->segment_count + sc->point_count;
    for (int k = 0; k < 4 + obstacles + n; ++k) {
        double angle;
        if (k < 4) {
            if (wall_gap[k] > gap) {
                continue;
            }
            angle = wall_angle[k];
        } else {
            ccl_vec2 q;
            double reach;
            if (k < 4 + obstacles) {
                int o = k - 4;
                q = o < sc->segment_count ? wt_closest(sc->segments[o].a, sc->segments[o].b, p)
                                          : sc->points[o - sc->segment_count];
                reach = r;
            } else {
                if (k - 4 - obstacles == i) {
                    continue;
                }
                q = s[k - 4 - obstacles].position;
                reach = r + s[k - 4 - obstacles].radius;
            }
            double dx = q.x - p.x, dy = q.y - p.y;
            if (hypot(dx, dy) - reach > gap) {
                continue;
            }
            angle = atan2(dx, -dy); /* 0 straight down, positive towards +x */
        }
        if (fabs(angle) <= 1e-4) {
            return true;
        }
        if (angle > 0.0) {
            right = fmin(right, angle);
        } else {
            left = fmax(left, angle);
        }
    }
    return right - left < pi;
}

#endif
