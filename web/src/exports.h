/* circol web: the functions the WebAssembly module exports to JavaScript.
 *
 * WebAssembly passes only numbers between JavaScript and C, so every function takes scalar
 * doubles and writes its results into the shared output block (ccl_web_out). Each function says
 * which slots it fills. All physics is the library's: these are wrappers, nothing more.
 */
#ifndef CIRCOL_WEB_EXPORTS_H
#define CIRCOL_WEB_EXPORTS_H

#if defined(__wasm__)
#define CCL_WEB_EXPORT __attribute__((visibility("default")))
#else
#define CCL_WEB_EXPORT
#endif

/// Number of doubles in the output block.
#define CCL_WEB_OUT_SIZE 32

/// The output block that every function below writes its results into.
CCL_WEB_EXPORT double *ccl_web_out(void);

/// 1 when this build contains the event-driven world, else 0.
CCL_WEB_EXPORT int ccl_web_has_world(void);

/// ccl_sweep_circles; out: t, t_exit, normal x, y, point x, y. Returns 1 on a hit.
CCL_WEB_EXPORT int ccl_web_sweep_circles(double ax, double ay, double ar, double avx, double avy,
                                         double bx, double by, double br, double bvx, double bvy,
                                         double t_max);

/// ccl_sweep_circle_point; out as ccl_web_sweep_circles.
CCL_WEB_EXPORT int ccl_web_sweep_circle_point(double cx, double cy, double r, double vx, double vy,
                                              double px, double py, double t_max);

/// ccl_sweep_circle_segment; out as ccl_web_sweep_circles.
CCL_WEB_EXPORT int ccl_web_sweep_circle_segment(double cx, double cy, double r, double vx,
                                                double vy, double sax, double say, double sbx,
                                                double sby, double t_max);

/// ccl_sweep_circle_line (line through (lpx, lpy), normal (lnx, lny)); out as above.
CCL_WEB_EXPORT int ccl_web_sweep_circle_line(double cx, double cy, double r, double vx, double vy,
                                             double lpx, double lpy, double lnx, double lny,
                                             double t_max);

/// ccl_sweep_circles_accel; out as ccl_web_sweep_circles.
CCL_WEB_EXPORT int ccl_web_sweep_circles_accel(double ax, double ay, double ar, double avx,
                                               double avy, double aax, double aay, double bx,
                                               double by, double br, double bvx, double bvy,
                                               double bax, double bay, double t_max);

/// ccl_circles_contact; out: normal x, y, point x, y, depth. Returns 1 on contact.
CCL_WEB_EXPORT int ccl_web_circles_contact(double ax, double ay, double ar, double bx, double by,
                                           double br);

/// ccl_circle_segment_contact; out as ccl_web_circles_contact.
CCL_WEB_EXPORT int ccl_web_circle_segment_contact(double cx, double cy, double r, double sax,
                                                  double say, double sbx, double sby);

/// ccl_reflect; out: velocity x, y.
CCL_WEB_EXPORT void ccl_web_reflect(double vx, double vy, double nx, double ny, double restitution);

/// ccl_impulse of body a (position, velocity, radius, inverse mass, restitution) and body b
/// along (nx, ny); returns the impulse magnitude.
CCL_WEB_EXPORT double ccl_web_impulse(double ax, double ay, double avx, double avy, double ar,
                                      double a_inv_mass, double a_e, double bx, double by,
                                      double bvx, double bvy, double br, double b_inv_mass,
                                      double b_e, double nx, double ny);

/// ccl_step_pair over [0, dt] with the seed's whole story. out: 0-5 the hit (as
/// ccl_web_sweep_circles), 6-9 the centres of a and b at impact, 10 the impulse magnitude,
/// 11-14 the velocities of a and b after the step, 15-18 their centres at dt. Returns 1 on a hit.
CCL_WEB_EXPORT int ccl_web_step_pair(double ax, double ay, double avx, double avy, double ar,
                                     double a_inv_mass, double a_e, double bx, double by,
                                     double bvx, double bvy, double br, double b_inv_mass,
                                     double b_e, double dt);

/// Wall kinds for ccl_web_bounce.
enum ccl_web_wall_kind {
    CCL_WEB_WALL_SEGMENT = 0, ///< Segment from (x0, y0) to (x1, y1).
    CCL_WEB_WALL_LINE = 1,    ///< Infinite line through (x0, y0) with normal (x1, y1).
    CCL_WEB_WALL_POINT = 2,   ///< Point (x0, y0).
    CCL_WEB_WALL_CIRCLE = 3,  ///< Fixed circle at (x0, y0) with radius x1.
};

/// Seed 004: a circle moving by v over [0, t_max] against a fixed wall of the given kind; on a
/// hit it stops at the contact, bounces with ccl_reflect if it approaches the wall (v . normal >
/// 0; one that overlaps at t = 0 but moves away keeps v) and moves on for the rest of the time.
/// out: 0-5 the hit, 6-7 the centre at impact, 8-9 the velocity after, 10-11 the centre at t_max.
CCL_WEB_EXPORT int ccl_web_bounce(int kind, double cx, double cy, double r, double vx, double vy,
                                  double x0, double y0, double x1, double y1, double restitution,
                                  double t_max);

/// Creates the one world of the module (destroying any previous one): box [x0, x1] x [y0, y1], room
/// for capacity circles from the start (0: grown as they come), at most max_circles circles (0:
/// the library's default), at most max_events events per advance (0: no limit; a whole number
/// of events, as a double so that JavaScript can pass any count; negative or NaN is refused).
/// An advance that reaches the limit returns CCL_ERR_EVENT_LIMIT and leaves the world
/// consistent at an earlier time. Returns a ccl_status.
CCL_WEB_EXPORT int ccl_web_world_create(double x0, double y0, double x1, double y1, int periodic,
                                        double gx, double gy, double damping, double restitution,
                                        int capacity, int max_circles, double max_events);

/// Destroys the world, if any.
CCL_WEB_EXPORT void ccl_web_world_destroy(void);

/// Adds a circle (mass 0 is immovable, restitution < 0 takes the world's). out: 0 its index,
/// 1 its generation. Returns a ccl_status.
CCL_WEB_EXPORT int ccl_web_world_add(double x, double y, double vx, double vy, double r,
                                     double mass, double restitution);

/// Adds a static segment wall. Returns a ccl_status.
CCL_WEB_EXPORT int ccl_web_world_add_segment(double ax, double ay, double bx, double by);

/// Advances the world by dt. Returns a ccl_status.
CCL_WEB_EXPORT int ccl_web_world_advance(double dt);

/// ccl_world_time of the world; 0 without a world.
CCL_WEB_EXPORT double ccl_web_world_time(void);

/// Scales the movable circles' velocities by factor. Returns a ccl_status.
CCL_WEB_EXPORT int ccl_web_world_scale_velocities(double factor);

/// Adds a random velocity (each component normal with deviation sigma, from a fixed sequence) to
/// every movable circle, waking circles at rest. Returns a ccl_status.
CCL_WEB_EXPORT int ccl_web_world_kick(double sigma);

/// ccl_world_remove_circle of the circle with that index and generation (as ccl_web_world_add
/// gave them). Returns a ccl_status.
CCL_WEB_EXPORT int ccl_web_world_remove(double index, double generation);

/// ccl_world_advance_collisions: advances until that many more circle-circle collisions happened
/// or max_dt passed (a whole count, as a double; negative or NaN is refused). Returns a
/// ccl_status.
CCL_WEB_EXPORT int ccl_web_world_advance_collisions(double collisions, double max_dt);

/// Follows one circle: its collisions during later advances are kept for ccl_web_track.
CCL_WEB_EXPORT void ccl_web_world_track(double index, double generation);

/// The tracked circle's collisions since the last call: 3 doubles each (time, centre x, y), all
/// of them (the buffer grows). Returns a pointer to them and writes their number to out[0], and
/// to out[1] the number not kept because memory ran out (0 otherwise).
CCL_WEB_EXPORT double *ccl_web_track(void);

/// Exports every circle (slot order) as 6 doubles: x, y, vx, vy, radius, mass. Returns a pointer
/// to them (valid until the next call) and writes the count to out[0]; NULL on failure.
CCL_WEB_EXPORT double *ccl_web_world_export(void);

/// Statistics. out: time, collisions, wall collisions, events, circles, kinetic energy,
/// momentum x, y, virial, virial time, guard collisions, memory bytes.
CCL_WEB_EXPORT void ccl_web_world_stats(void);

/// ccl_world_max_overlap of the world; 0 without a world.
CCL_WEB_EXPORT double ccl_web_world_max_overlap(void);

/// ccl_status_string for a status, as a NUL-terminated string in linear memory.
CCL_WEB_EXPORT const char *ccl_web_status_string(int status);

#endif
