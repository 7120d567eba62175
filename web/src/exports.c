/* circol web: thin wrappers that let JavaScript call the library through scalar arguments. */
#include "exports.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "circol/circol.h"
#include "pack.h"

/* Results of the last call, read by JavaScript through ccl_web_out(). */
static double ccl_web_out_block[CCL_WEB_OUT_SIZE];

double *ccl_web_out(void) {
    return ccl_web_out_block;
}

/* 1 with the hit written into out[0..5] when found, else 0. */
static int ccl_web_hit_result(bool found, const ccl_hit *hit) {
    if (found) {
        ccl_web_pack_hit(hit, ccl_web_out_block);
    }
    return found ? 1 : 0;
}

/* A circle from scalars. */
static ccl_circle ccl_web_circle(double x, double y, double r) {
    return ccl_make_circle(ccl_v2(x, y), r);
}

/* A body from scalars. */
static ccl_body ccl_web_body(double x, double y, double vx, double vy, double r, double inv_mass,
                             double restitution) {
    ccl_body body = {ccl_v2(x, y), ccl_v2(vx, vy), r, inv_mass, restitution};
    return body;
}

int ccl_web_sweep_circles(double ax, double ay, double ar, double avx, double avy, double bx,
                          double by, double br, double bvx, double bvy, double t_max) {
    ccl_hit hit;
    bool found = ccl_sweep_circles(ccl_web_circle(ax, ay, ar), ccl_v2(avx, avy),
                                   ccl_web_circle(bx, by, br), ccl_v2(bvx, bvy), t_max, &hit);
    return ccl_web_hit_result(found, &hit);
}

int ccl_web_sweep_circle_point(double cx, double cy, double r, double vx, double vy, double px,
                               double py, double t_max) {
    ccl_hit hit;
    bool found = ccl_sweep_circle_point(ccl_web_circle(cx, cy, r), ccl_v2(vx, vy), ccl_v2(px, py),
                                        t_max, &hit);
    return ccl_web_hit_result(found, &hit);
}

int ccl_web_sweep_circle_segment(double cx, double cy, double r, double vx, double vy, double sax,
                                 double say, double sbx, double sby, double t_max) {
    ccl_hit hit;
    ccl_segment segment = ccl_make_segment(ccl_v2(sax, say), ccl_v2(sbx, sby));
    bool found =
        ccl_sweep_circle_segment(ccl_web_circle(cx, cy, r), ccl_v2(vx, vy), segment, t_max, &hit);
    return ccl_web_hit_result(found, &hit);
}

int ccl_web_sweep_circle_line(double cx, double cy, double r, double vx, double vy, double lpx,
                              double lpy, double lnx, double lny, double t_max) {
    ccl_hit hit;
    bool found = ccl_sweep_circle_line(ccl_web_circle(cx, cy, r), ccl_v2(vx, vy), ccl_v2(lpx, lpy),
                                       ccl_v2(lnx, lny), t_max, &hit);
    return ccl_web_hit_result(found, &hit);
}

int ccl_web_sweep_circles_accel(double ax, double ay, double ar, double avx, double avy, double aax,
                                double aay, double bx, double by, double br, double bvx, double bvy,
                                double bax, double bay, double t_max) {
    ccl_hit hit;
    bool found = ccl_sweep_circles_accel(ccl_web_circle(ax, ay, ar), ccl_v2(avx, avy),
                                         ccl_v2(aax, aay), ccl_web_circle(bx, by, br),
                                         ccl_v2(bvx, bvy), ccl_v2(bax, bay), t_max, &hit);
    return ccl_web_hit_result(found, &hit);
}

int ccl_web_circles_contact(double ax, double ay, double ar, double bx, double by, double br) {
    ccl_contact contact;
    if (!ccl_circles_contact(ccl_web_circle(ax, ay, ar), ccl_web_circle(bx, by, br), &contact)) {
        return 0;
    }
    ccl_web_pack_contact(&contact, ccl_web_out_block);
    return 1;
}

int ccl_web_circle_segment_contact(double cx, double cy, double r, double sax, double say,
                                   double sbx, double sby) {
    ccl_contact contact;
    ccl_segment segment = ccl_make_segment(ccl_v2(sax, say), ccl_v2(sbx, sby));
    if (!ccl_circle_segment_contact(ccl_web_circle(cx, cy, r), segment, &contact)) {
        return 0;
    }
    ccl_web_pack_contact(&contact, ccl_web_out_block);
    return 1;
}

void ccl_web_reflect(double vx, double vy, double nx, double ny, double restitution) {
    ccl_web_pack_vec2(ccl_reflect(ccl_v2(vx, vy), ccl_v2(nx, ny), restitution), ccl_web_out_block);
}

double ccl_web_impulse(double ax, double ay, double avx, double avy, double ar, double a_inv_mass,
                       double a_e, double bx, double by, double bvx, double bvy, double br,
                       double b_inv_mass, double b_e, double nx, double ny) {
    ccl_body a = ccl_web_body(ax, ay, avx, avy, ar, a_inv_mass, a_e);
    ccl_body b = ccl_web_body(bx, by, bvx, bvy, br, b_inv_mass, b_e);
    return ccl_impulse(&a, &b, ccl_v2(nx, ny));
}

int ccl_web_step_pair(double ax, double ay, double avx, double avy, double ar, double a_inv_mass,
                      double a_e, double bx, double by, double bvx, double bvy, double br,
                      double b_inv_mass, double b_e, double dt) {
    ccl_body a = ccl_web_body(ax, ay, avx, avy, ar, a_inv_mass, a_e);
    ccl_body b = ccl_web_body(bx, by, bvx, bvy, br, b_inv_mass, b_e);
    ccl_body a_start = a;
    ccl_body b_start = b;
    ccl_hit hit;
    int collided = ccl_step_pair(&a, &b, dt, &hit) ? 1 : 0;
    if (collided) {
        ccl_web_pack_hit(&hit, ccl_web_out_block);
        /* the bodies at the moment of impact, before the impulse, as ccl_step_pair moves them */
        a_start.position = ccl_mul_add(a_start.position, hit.t, a_start.velocity);
        b_start.position = ccl_mul_add(b_start.position, hit.t, b_start.velocity);
        ccl_web_pack_vec2(a_start.position, ccl_web_out_block + 6);
        ccl_web_pack_vec2(b_start.position, ccl_web_out_block + 8);
        ccl_web_out_block[10] = ccl_impulse(&a_start, &b_start, hit.normal);
    }
    ccl_web_pack_bodies(&a, &b, ccl_web_out_block + 11);
    return collided;
}

int ccl_web_bounce(int kind, double cx, double cy, double r, double vx, double vy, double x0,
                   double y0, double x1, double y1, double restitution, double t_max) {
    ccl_circle circle = ccl_web_circle(cx, cy, r);
    ccl_vec2 v = ccl_v2(vx, vy);
    ccl_hit hit;
    bool collided = false;
    switch (kind) {
        case CCL_WEB_WALL_SEGMENT:
            collided = ccl_sweep_circle_segment(
                circle, v, ccl_make_segment(ccl_v2(x0, y0), ccl_v2(x1, y1)), t_max, &hit);
            break;
        case CCL_WEB_WALL_LINE:
            collided =
                ccl_sweep_circle_line(circle, v, ccl_v2(x0, y0), ccl_v2(x1, y1), t_max, &hit);
            break;
        case CCL_WEB_WALL_POINT:
            collided = ccl_sweep_circle_point(circle, v, ccl_v2(x0, y0), t_max, &hit);
            break;
        case CCL_WEB_WALL_CIRCLE:
            collided = ccl_sweep_circles(circle, v, ccl_web_circle(x0, y0, x1), ccl_v2(0.0, 0.0),
                                         t_max, &hit);
            break;
        default:
            break;
    }
    if (!collided) {
        ccl_web_pack_vec2(ccl_mul_add(circle.center, t_max, v), ccl_web_out_block + 10);
        return 0;
    }
    ccl_web_pack_hit(&hit, ccl_web_out_block);
    ccl_vec2 at_impact = ccl_mul_add(circle.center, hit.t, v);
    /* The normal points from the circle toward the wall, so the circle approaches when
     * v . normal > 0. A circle that already touches or overlaps the wall at t = 0 but moves away
     * (or along it) gets no bounce and keeps its velocity, as ccl_collide leaves separating
     * bodies; ccl_reflect alone would turn it back into the wall. */
    ccl_vec2 after = ccl_dot(v, hit.normal) > 0.0 ? ccl_reflect(v, hit.normal, restitution) : v;
    ccl_web_pack_vec2(at_impact, ccl_web_out_block + 6);
    ccl_web_pack_vec2(after, ccl_web_out_block + 8);
    ccl_web_pack_vec2(ccl_mul_add(at_impact, t_max - hit.t, after), ccl_web_out_block + 10);
    return 1;
}

const char *ccl_web_status_string(int status) {
    return ccl_status_string((ccl_status)status);
}

#if defined(CCL_WEB_NO_WORLD)

int ccl_web_has_world(void) {
    return 0;
}

int ccl_web_world_create(double x0, double y0, double x1, double y1, int periodic, double gx,
                         double gy, double damping, double restitution, int capacity,
                         int max_circles, double max_events) {
    (void)x0, (void)y0, (void)x1, (void)y1, (void)periodic, (void)gx, (void)gy, (void)damping;
    (void)restitution, (void)capacity, (void)max_circles, (void)max_events;
    return CCL_ERR_UNSUPPORTED;
}

void ccl_web_world_destroy(void) {}

int ccl_web_world_add(double x, double y, double vx, double vy, double r, double mass,
                      double restitution) {
    (void)x, (void)y, (void)vx, (void)vy, (void)r, (void)mass, (void)restitution;
    return CCL_ERR_UNSUPPORTED;
}

int ccl_web_world_add_segment(double ax, double ay, double bx, double by) {
    (void)ax, (void)ay, (void)bx, (void)by;
    return CCL_ERR_UNSUPPORTED;
}

int ccl_web_world_advance(double dt) {
    (void)dt;
    return CCL_ERR_UNSUPPORTED;
}

int ccl_web_world_scale_velocities(double factor) {
    (void)factor;
    return CCL_ERR_UNSUPPORTED;
}

int ccl_web_world_kick(double sigma) {
    (void)sigma;
    return CCL_ERR_UNSUPPORTED;
}

int ccl_web_world_remove(double index, double generation) {
    (void)index, (void)generation;
    return CCL_ERR_UNSUPPORTED;
}

int ccl_web_world_advance_collisions(double collisions, double max_dt) {
    (void)collisions, (void)max_dt;
    return CCL_ERR_UNSUPPORTED;
}

void ccl_web_world_track(double index, double generation) {
    (void)index, (void)generation;
}

double *ccl_web_track(void) {
    ccl_web_out_block[0] = 0.0;
    return NULL;
}

double *ccl_web_world_export(void) {
    ccl_web_out_block[0] = 0.0;
    return NULL;
}

void ccl_web_world_stats(void) {
    for (int i = 0; i < 12; i++) {
        ccl_web_out_block[i] = 0.0;
    }
}

double ccl_web_world_max_overlap(void) {
    return 0.0;
}

double ccl_web_world_time(void) {
    return 0.0;
}

#else

/* Collisions of the tracked circle the buffer first holds; it grows as needed. */
#define CCL_WEB_TRACK_START 1024

/* The module's one world, or NULL. */
static ccl_world *ccl_web_world;
/* Circle states for ccl_web_world_export, and their capacity. */
static ccl_circle_state *ccl_web_states;
/* The flat export buffer (6 doubles per circle). */
static double *ccl_web_flat;
/* Capacity, in circles, of ccl_web_states and ccl_web_flat. */
static int ccl_web_export_capacity;
/* The circle whose collisions are kept. */
static ccl_circle_id ccl_web_tracked;
/* Its collisions: time, centre x, centre y. */
static double *ccl_web_track_buffer;
/* Number of collisions in ccl_web_track_buffer, and the number it has room for. */
static int ccl_web_track_count, ccl_web_track_capacity;
/* Collisions not kept since the last ccl_web_track (only when memory ran out). */
static int ccl_web_track_dropped;

/* Room for one more collision in the track buffer (doubling it when full). */
static bool ccl_web_track_room(void) {
    if (ccl_web_track_count < ccl_web_track_capacity) {
        return true;
    }
    int capacity = ccl_web_track_capacity > 0 ? 2 * ccl_web_track_capacity : CCL_WEB_TRACK_START;
    if (capacity > (1 << 24)) {
        return false;
    }
    double *grown = realloc(ccl_web_track_buffer, (size_t)capacity * 3 * sizeof *grown);
    if (grown == NULL) {
        return false;
    }
    ccl_web_track_buffer = grown;
    ccl_web_track_capacity = capacity;
    return true;
}

int ccl_web_has_world(void) {
    return 1;
}

/* True when two ids are the same. */
static bool ccl_web_same_id(ccl_circle_id a, ccl_circle_id b) {
    return a.index == b.index && a.generation == b.generation;
}

/* Contact callback: keeps the tracked circle's collisions. */
static void ccl_web_on_contact(const ccl_contact_event *event, void *user) {
    (void)user;
    bool is_a = ccl_web_same_id(event->a, ccl_web_tracked);
    bool is_b = event->kind == CCL_CONTACT_CIRCLE && ccl_web_same_id(event->b, ccl_web_tracked);
    if (!is_a && !is_b) {
        return;
    }
    if (!ccl_web_track_room()) {
        ccl_web_track_dropped++;
        return;
    }
    ccl_circle_state state;
    if (ccl_world_get_circle(ccl_web_world, ccl_web_tracked, &state) != CCL_OK) {
        return;
    }
    /* the contact point lies on the surface, one radius from the centre along the normal */
    ccl_vec2 toward = is_a ? event->normal : ccl_neg(event->normal);
    ccl_vec2 center = ccl_mul_add(event->point, -state.radius, toward);
    double *slot = &ccl_web_track_buffer[3 * ccl_web_track_count];
    slot[0] = event->time;
    slot[1] = center.x;
    slot[2] = center.y;
    ccl_web_track_count++;
}

void ccl_web_world_destroy(void) {
    ccl_world_destroy(ccl_web_world);
    ccl_web_world = NULL;
    ccl_web_tracked = (ccl_circle_id){0, 0};
    ccl_web_track_count = 0;
    ccl_web_track_dropped = 0;
}

int ccl_web_world_create(double x0, double y0, double x1, double y1, int periodic, double gx,
                         double gy, double damping, double restitution, int capacity,
                         int max_circles, double max_events) {
    ccl_web_world_destroy();
    if (!(max_events >= 0.0)) {
        return CCL_ERR_INVALID_ARGUMENT; /* negative or NaN */
    }
    ccl_world_def def = ccl_world_default_def();
    def.box_min = ccl_v2(x0, y0);
    def.box_max = ccl_v2(x1, y1);
    def.boundary = periodic ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
    def.gravity = ccl_v2(gx, gy);
    def.damping = damping;
    def.restitution = restitution;
    def.capacity = capacity;
    if (max_circles != 0) {
        def.max_circles = max_circles; /* a negative one is refused by ccl_world_create */
    }
    /* 0 is no limit; a count beyond uint64_t's range is no limit either, in effect */
    def.max_events_per_advance = max_events < 0x1p64 ? (uint64_t)max_events : UINT64_MAX;
    def.on_contact = ccl_web_on_contact;
    return (int)ccl_world_create(&def, &ccl_web_world);
}

int ccl_web_world_add(double x, double y, double vx, double vy, double r, double mass,
                      double restitution) {
    if (ccl_web_world == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    ccl_circle_def def = ccl_circle_default_def();
    def.position = ccl_v2(x, y);
    def.velocity = ccl_v2(vx, vy);
    def.radius = r;
    def.mass = mass;
    def.restitution = restitution;
    ccl_circle_id id = {0, 0};
    ccl_status status = ccl_world_add_circle(ccl_web_world, &def, &id);
    ccl_web_out_block[0] = (double)id.index;
    ccl_web_out_block[1] = (double)id.generation;
    return (int)status;
}

int ccl_web_world_add_segment(double ax, double ay, double bx, double by) {
    if (ccl_web_world == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    return (int)ccl_world_add_segment(ccl_web_world,
                                      ccl_make_segment(ccl_v2(ax, ay), ccl_v2(bx, by)), NULL);
}

int ccl_web_world_advance(double dt) {
    if (ccl_web_world == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    return (int)ccl_world_advance(ccl_web_world, dt);
}

double ccl_web_world_time(void) {
    return ccl_web_world == NULL ? 0.0 : ccl_world_time(ccl_web_world);
}

int ccl_web_world_scale_velocities(double factor) {
    if (ccl_web_world == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    return (int)ccl_world_scale_velocities(ccl_web_world, factor);
}

int ccl_web_world_remove(double index, double generation) {
    if (ccl_web_world == NULL || !(index >= 0.0 && index <= (double)UINT32_MAX) ||
        !(generation >= 0.0 && generation <= (double)UINT32_MAX)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    ccl_circle_id id = {(uint32_t)index, (uint32_t)generation};
    return (int)ccl_world_remove_circle(ccl_web_world, id);
}

int ccl_web_world_advance_collisions(double collisions, double max_dt) {
    if (ccl_web_world == NULL || !(collisions >= 0.0)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    uint64_t count = collisions < 0x1p64 ? (uint64_t)collisions : UINT64_MAX;
    return (int)ccl_world_advance_collisions(ccl_web_world, count, max_dt);
}

/* Makes room for count circles in the export buffers. */
static bool ccl_web_reserve(int count);

/* A splitmix64 step: the kicks' fixed random sequence. */
static uint64_t ccl_web_kick_state = 0x9e3779b97f4a7c15u;

static double ccl_web_uniform(void) {
    uint64_t z = (ccl_web_kick_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return (double)((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
}

/* A near-normal deviate of unit deviation: the sum of 12 uniforms less 6 (no libm needed, the
 * same bits everywhere). */
static double ccl_web_normal(void) {
    double sum = -6.0;
    for (int k = 0; k < 12; k++) {
        sum += ccl_web_uniform();
    }
    return sum;
}

int ccl_web_world_kick(double sigma) {
    if (ccl_web_world == NULL || !(sigma >= 0.0) || !isfinite(sigma)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    int total = ccl_world_circle_count(ccl_web_world);
    int count = 0;
    if (!ccl_web_reserve(total)) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    ccl_status status = ccl_world_export(ccl_web_world, ccl_web_states, total, &count);
    for (int i = 0; i < count && status == CCL_OK; i++) {
        if (ccl_web_states[i].mass == 0.0) {
            continue; /* immovable */
        }
        ccl_vec2 v = ccl_web_states[i].velocity;
        v.x += sigma * ccl_web_normal();
        v.y += sigma * ccl_web_normal();
        status = ccl_world_set_velocity(ccl_web_world, ccl_web_states[i].id, v);
    }
    return (int)status;
}

void ccl_web_world_track(double index, double generation) {
    ccl_web_tracked.index = (uint32_t)index;
    ccl_web_tracked.generation = (uint32_t)generation;
    ccl_web_track_count = 0;
    ccl_web_track_dropped = 0;
}

double *ccl_web_track(void) {
    ccl_web_out_block[0] = (double)ccl_web_track_count;
    ccl_web_out_block[1] = (double)ccl_web_track_dropped;
    ccl_web_track_count = 0;
    ccl_web_track_dropped = 0;
    return ccl_web_track_buffer;
}

/* Makes room for count circles in the export buffers. */
static bool ccl_web_reserve(int count) {
    if (count <= ccl_web_export_capacity) {
        return true;
    }
    int capacity = count + count / 2 + 16;
    ccl_circle_state *states = malloc((size_t)capacity * sizeof *states);
    double *flat = malloc((size_t)capacity * 6 * sizeof *flat);
    if (states == NULL || flat == NULL) {
        free(states);
        free(flat);
        return false;
    }
    free(ccl_web_states);
    free(ccl_web_flat);
    ccl_web_states = states;
    ccl_web_flat = flat;
    ccl_web_export_capacity = capacity;
    return true;
}

double *ccl_web_world_export(void) {
    ccl_web_out_block[0] = 0.0;
    if (ccl_web_world == NULL) {
        return NULL;
    }
    int total = ccl_world_circle_count(ccl_web_world);
    int count = 0;
    if (!ccl_web_reserve(total) ||
        ccl_world_export(ccl_web_world, ccl_web_states, total, &count) != CCL_OK) {
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        double *slot = &ccl_web_flat[6 * i];
        slot[0] = ccl_web_states[i].position.x;
        slot[1] = ccl_web_states[i].position.y;
        slot[2] = ccl_web_states[i].velocity.x;
        slot[3] = ccl_web_states[i].velocity.y;
        slot[4] = ccl_web_states[i].radius;
        slot[5] = ccl_web_states[i].mass;
    }
    ccl_web_out_block[0] = (double)count;
    return ccl_web_flat;
}

void ccl_web_world_stats(void) {
    ccl_world_stats stats = {0};
    if (ccl_web_world != NULL) {
        stats = ccl_world_get_stats(ccl_web_world);
    }
    ccl_web_out_block[0] = stats.time;
    ccl_web_out_block[1] = (double)stats.collisions;
    ccl_web_out_block[2] = (double)stats.wall_collisions;
    ccl_web_out_block[3] = (double)stats.events;
    ccl_web_out_block[4] = (double)stats.circle_count;
    ccl_web_out_block[5] = stats.kinetic_energy;
    ccl_web_out_block[6] = stats.momentum.x;
    ccl_web_out_block[7] = stats.momentum.y;
    ccl_web_out_block[8] = stats.virial;
    ccl_web_out_block[9] = stats.virial_time;
    ccl_web_out_block[10] = (double)stats.guard_collisions;
    ccl_web_out_block[11] = (double)stats.memory_bytes;
}

double ccl_web_world_max_overlap(void) {
    return ccl_web_world == NULL ? 0.0 : ccl_world_max_overlap(ccl_web_world);
}

#endif
