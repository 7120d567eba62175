"""Builds circol's cffi extension, circol._circol, against the library that CMake built.

Used two ways:

* by setup.py (``pip install ./python``), through ``cffi_modules``;
* directly, to stage an importable package without pip::

      /usr/bin/python3 python/build_ffi.py --build-dir build --out build/python

  which copies the package to ``build/python/circol`` and compiles the extension beside it.

The library is found in ``$CIRCOL_BUILD_DIR``, else in the repository's ``build`` folder; when
neither holds ``libcircol.a``, CMake builds the library alone into ``build-python``. The
extension links the static library, so the installed package needs nothing else at run time.
"""

import argparse
import os
import shutil
import subprocess
import sys

import cffi

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The declarations cffi needs, copied from include/circol/*.h. In API mode the C compiler checks
# every one against the real headers, so a change there that is not made here fails the build.
CDEF = r"""
typedef enum ccl_status {
    CCL_OK, CCL_ERR_INVALID_ARGUMENT, CCL_ERR_OUT_OF_MEMORY, CCL_ERR_STALE_ID, CCL_ERR_FULL,
    CCL_ERR_OUTSIDE_BOX, CCL_ERR_OVERLAP, CCL_ERR_LOCKED, CCL_ERR_EVENT_LIMIT,
    CCL_ERR_UNSUPPORTED, CCL_STATUS_COUNT
} ccl_status;
const char *ccl_status_string(ccl_status status);

typedef struct ccl_allocator {
    void *(*alloc)(size_t size, size_t align, void *user);
    void (*free)(void *ptr, size_t size, void *user);
    void *user;
} ccl_allocator;
typedef void ccl_log_fn(const char *message, void *user);

typedef struct ccl_vec2 { double x, y; } ccl_vec2;
typedef struct ccl_vec3 { double x, y, z; } ccl_vec3;

typedef struct ccl_circle { ccl_vec2 center; double radius; } ccl_circle;
typedef struct ccl_segment { ccl_vec2 a, b; } ccl_segment;
typedef struct ccl_contact { ccl_vec2 normal; ccl_vec2 point; double depth; } ccl_contact;
typedef struct ccl_hit { double t, t_exit; ccl_vec2 normal, point; } ccl_hit;

bool ccl_circles_overlap(ccl_circle a, ccl_circle b);
bool ccl_circles_contact(ccl_circle a, ccl_circle b, ccl_contact *out);
bool ccl_circle_segment_contact(ccl_circle c, ccl_segment s, ccl_contact *out);
bool ccl_sweep_circles(ccl_circle a, ccl_vec2 va, ccl_circle b, ccl_vec2 vb, double t_max,
                       ccl_hit *hit);
bool ccl_sweep_circle_point(ccl_circle c, ccl_vec2 v, ccl_vec2 p, double t_max, ccl_hit *hit);
bool ccl_sweep_circle_segment(ccl_circle c, ccl_vec2 v, ccl_segment s, double t_max,
                              ccl_hit *hit);
bool ccl_sweep_circle_line(ccl_circle c, ccl_vec2 v, ccl_vec2 line_point, ccl_vec2 line_normal,
                           double t_max, ccl_hit *hit);
bool ccl_sweep_circles_accel(ccl_circle a, ccl_vec2 va, ccl_vec2 aa, ccl_circle b, ccl_vec2 vb,
                             ccl_vec2 ab, double t_max, ccl_hit *hit);

typedef struct ccl_sweep_batch {
    const double *ax, *ay, *avx, *avy, *ar;
    const double *bx, *by, *bvx, *bvy, *br;
} ccl_sweep_batch;
void ccl_sweep_circles_batch(const ccl_sweep_batch *pairs, size_t count, double t_max,
                             double *t_out);
void ccl_circles_overlap_batch(const ccl_sweep_batch *pairs, size_t count,
                               unsigned char *overlap_out);

typedef struct ccl_sphere { ccl_vec3 center; double radius; } ccl_sphere;
typedef struct ccl_segment3 { ccl_vec3 a, b; } ccl_segment3;
typedef struct ccl_contact3 { ccl_vec3 normal; ccl_vec3 point; double depth; } ccl_contact3;
typedef struct ccl_hit3 { double t, t_exit; ccl_vec3 normal, point; } ccl_hit3;
typedef struct ccl_body3 {
    ccl_vec3 position, velocity;
    double radius, inv_mass, restitution;
} ccl_body3;
bool ccl_spheres_overlap(ccl_sphere a, ccl_sphere b);
bool ccl_spheres_contact(ccl_sphere a, ccl_sphere b, ccl_contact3 *out);
bool ccl_sphere_segment_contact(ccl_sphere s, ccl_segment3 seg, ccl_contact3 *out);
bool ccl_sweep_spheres(ccl_sphere a, ccl_vec3 va, ccl_sphere b, ccl_vec3 vb, double t_max,
                       ccl_hit3 *hit);
bool ccl_sweep_sphere_point(ccl_sphere s, ccl_vec3 v, ccl_vec3 p, double t_max, ccl_hit3 *hit);
bool ccl_sweep_sphere_segment(ccl_sphere s, ccl_vec3 v, ccl_segment3 seg, double t_max,
                              ccl_hit3 *hit);
bool ccl_sweep_sphere_plane(ccl_sphere s, ccl_vec3 v, ccl_vec3 plane_point, ccl_vec3 plane_normal,
                            double t_max, ccl_hit3 *hit);
bool ccl_sweep_spheres_accel(ccl_sphere a, ccl_vec3 va, ccl_vec3 aa, ccl_sphere b, ccl_vec3 vb,
                             ccl_vec3 ab, double t_max, ccl_hit3 *hit);

typedef struct ccl_body {
    ccl_vec2 position, velocity;
    double radius, inv_mass, restitution;
} ccl_body;
double ccl_impulse(const ccl_body *a, const ccl_body *b, ccl_vec2 normal);
void ccl_collide(ccl_body *a, ccl_body *b, ccl_vec2 normal);
ccl_vec2 ccl_reflect(ccl_vec2 v, ccl_vec2 normal, double restitution);
bool ccl_step_pair(ccl_body *a, ccl_body *b, double dt, ccl_hit *hit);

typedef struct ccl_world ccl_world;
typedef struct ccl_circle_id { uint32_t index; uint32_t generation; } ccl_circle_id;
typedef enum ccl_boundary { CCL_BOUNDARY_WALLS, CCL_BOUNDARY_PERIODIC } ccl_boundary;
typedef enum ccl_overlap_policy { CCL_OVERLAP_REJECT, CCL_OVERLAP_SEPARATE } ccl_overlap_policy;
typedef enum ccl_contact_kind {
    CCL_CONTACT_CIRCLE, CCL_CONTACT_SEGMENT, CCL_CONTACT_POINT, CCL_CONTACT_BOX
} ccl_contact_kind;
typedef struct ccl_contact_event {
    double time;
    ccl_contact_kind kind;
    ccl_circle_id a;
    ccl_circle_id b;
    int wall;
    ccl_vec2 point;
    ccl_vec2 normal;
    double impulse;
} ccl_contact_event;
typedef void ccl_contact_fn(const ccl_contact_event *event, void *user);
typedef struct ccl_world_def {
    ccl_vec2 box_min;
    ccl_vec2 box_max;
    ccl_boundary boundary;
    ccl_vec2 gravity;
    double damping;
    double restitution;
    double collapse_time;
    double rest_speed;
    double cell_size;
    ccl_overlap_policy overlap;
    double separation_speed;
    int capacity;
    int max_circles;
    uint64_t max_events_per_advance;
    bool record_contacts;
    ccl_contact_fn *on_contact;
    void *contact_user;
    ccl_allocator allocator;
    ccl_log_fn *log;
    void *log_user;
} ccl_world_def;
static const double CCL_MIN_MASS;
static const double CCL_MAX_MASS;
static const double CCL_MAX_LENGTH;
static const double CCL_MAX_SPEED;
typedef struct ccl_world_stats {
    double time;
    uint64_t collisions;
    uint64_t wall_collisions;
    uint64_t events;
    int circle_count;
    double kinetic_energy;
    ccl_vec2 momentum;
    double virial;
    double virial_time;
    size_t memory_bytes;
    uint64_t guard_collisions;
} ccl_world_stats;

typedef struct ccl_circle_state {
    ccl_circle_id id;
    ccl_vec2 position, velocity;
    double radius, mass, restitution;
    void *user_data;
} ccl_circle_state;

ccl_world_def ccl_world_default_def(void);
bool ccl_world_is_valid(const ccl_world *world, ccl_circle_id id);
ccl_status ccl_world_get_circle(const ccl_world *world, ccl_circle_id id, ccl_circle_state *out);
ccl_status ccl_world_create(const ccl_world_def *def, ccl_world **out);
void ccl_world_destroy(ccl_world *world);
ccl_status ccl_world_advance(ccl_world *world, double dt);
ccl_status ccl_world_advance_collisions(ccl_world *world, uint64_t collisions, double max_dt);
double ccl_world_time(const ccl_world *world);
int ccl_world_circle_count(const ccl_world *world);
const ccl_contact_event *ccl_world_contact_events(const ccl_world *world, size_t *count);
ccl_world_stats ccl_world_get_stats(const ccl_world *world);
void ccl_world_reset_stats(ccl_world *world);
ccl_status ccl_world_scale_velocities(ccl_world *world, double factor);
double ccl_world_max_overlap(const ccl_world *world);

ccl_status ccl_py_add_circles(ccl_world *world, size_t n, const double *positions,
                              const double *radii, const double *velocities,
                              const double *masses, const double *restitutions,
                              uint64_t *ids_out, size_t *failed_index);
ccl_status ccl_py_remove_circles(ccl_world *world, size_t n, const uint64_t *ids,
                                 size_t *failed_index);
ccl_status ccl_py_set_velocities(ccl_world *world, size_t n, const uint64_t *ids,
                                 const double *velocities, size_t *failed_index);
ccl_status ccl_py_export(const ccl_world *world, size_t capacity, uint64_t *ids,
                         double *positions, double *velocities, double *radii, double *masses,
                         double *restitutions, size_t *count);
ccl_status ccl_py_add_obstacles(ccl_world *world, size_t n, const double *coordinates,
                                int segments, int *indices_out, size_t *failed_index);
void ccl_py_sweep_interleaved(size_t n, const double *a_centers, const double *a_radii,
                              const double *a_velocities, const double *b_centers,
                              const double *b_radii, const double *b_velocities, double t_max,
                              double *t_out, unsigned char *overlap_out);

extern "Python" void ccl_py_log(const char *message, void *user);
"""

# Compiled as the library is: no contraction into fused multiply-adds, no fast-math.
FP_FLAGS = ["-ffp-contract=off", "-fno-fast-math"]


def find_library():
    """The folder that holds libcircol.a, building it with CMake when none is found."""
    candidates = [os.environ.get("CIRCOL_BUILD_DIR"), os.path.join(ROOT, "build")]
    for folder in candidates:
        if folder and os.path.isfile(os.path.join(folder, "libcircol.a")):
            return os.path.abspath(folder)
    folder = os.path.join(ROOT, "build-python")
    off = ["-DCIRCOL_BUILD_%s=OFF" % part for part in ("TESTS", "TOOLS", "BENCH", "EXAMPLES")]
    subprocess.check_call(["cmake", "-S", ROOT, "-B", folder, "-DCMAKE_BUILD_TYPE=Release"] + off)
    subprocess.check_call(["cmake", "--build", folder, "--target", "circol"])
    return folder


def make_builder(library_dir=None):
    """The FFI builder for circol._circol, linked against library_dir/libcircol.a."""
    library_dir = library_dir or find_library()
    builder = cffi.FFI()
    builder.cdef(CDEF)
    builder.set_source(
        "circol._circol",
        '#include <circol/circol.h>\n#include "bulk.h"\n',
        sources=[os.path.join(HERE, "bulk.c")],
        include_dirs=[os.path.join(ROOT, "include"), HERE],
        extra_objects=[os.path.join(library_dir, "libcircol.a")],
        libraries=["m"],
        extra_compile_args=FP_FLAGS,
    )
    return builder


def stage(build_dir, out_dir):
    """Copies the package to out_dir/circol and compiles the extension into it."""
    package = os.path.join(out_dir, "circol")
    shutil.rmtree(package, ignore_errors=True)
    shutil.copytree(os.path.join(HERE, "circol"), package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    builder = make_builder(os.path.abspath(build_dir) if build_dir else None)
    built = builder.compile(tmpdir=os.path.join(out_dir, "ffi-build"))
    return shutil.copy2(built, package)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build-dir", help="CMake build folder that holds libcircol.a")
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "python"),
                        help="where to stage the importable package (default build/python)")
    args = parser.parse_args(argv)
    built = stage(args.build_dir, os.path.abspath(args.out))
    print("circol: built %s" % os.path.relpath(built))
    return 0


# setup.py's cffi_modules asks for this name; building it then looks for the library.
if __name__ != "__main__":
    ffibuilder = make_builder()

if __name__ == "__main__":
    sys.exit(main())
