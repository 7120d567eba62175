/* circol for Python: whole-array calls on a world (see bulk.h). */
#include "bulk.h"

#include <math.h>
#include <stdlib.h>

uint64_t ccl_py_pack_id(ccl_circle_id id) {
    return (uint64_t)id.generation << 32 | id.index;
}

ccl_circle_id ccl_py_unpack_id(uint64_t packed) {
    ccl_circle_id id = {(uint32_t)(packed & 0xffffffffu), (uint32_t)(packed >> 32)};
    return id;
}

/// The definition of circle i from the arrays, the defaults where an array is NULL.
static ccl_circle_def ccl_py_circle_def(size_t i, const double *positions, const double *radii,
                                        const double *velocities, const double *masses,
                                        const double *restitutions) {
    ccl_circle_def def = ccl_circle_default_def();
    def.position = ccl_v2(positions[2 * i], positions[2 * i + 1]);
    def.radius = radii[i];
    if (velocities != NULL) {
        def.velocity = ccl_v2(velocities[2 * i], velocities[2 * i + 1]);
    }
    if (masses != NULL) {
        def.mass = masses[i];
    }
    if (restitutions != NULL) {
        def.restitution = restitutions[i];
    }
    return def;
}

ccl_status ccl_py_add_circles(ccl_world *world, size_t n, const double *positions,
                              const double *radii, const double *velocities, const double *masses,
                              const double *restitutions, uint64_t *ids_out, size_t *failed_index) {
    for (size_t i = 0; i < n; i++) {
        ccl_circle_def def =
            ccl_py_circle_def(i, positions, radii, velocities, masses, restitutions);
        ccl_circle_id id;
        ccl_status status = ccl_world_add_circle(world, &def, &id);
        if (status != CCL_OK) {
            /* removed newest first, so that the slots go back in the order they came from */
            for (size_t k = i; k-- > 0;) {
                ccl_world_remove_circle(world, ccl_py_unpack_id(ids_out[k]));
            }
            *failed_index = i;
            return status;
        }
        ids_out[i] = ccl_py_pack_id(id);
    }
    return CCL_OK;
}

ccl_status ccl_py_remove_circles(ccl_world *world, size_t n, const uint64_t *ids,
                                 size_t *failed_index) {
    for (size_t i = 0; i < n; i++) {
        if (!ccl_world_is_valid(world, ccl_py_unpack_id(ids[i]))) {
            *failed_index = i;
            return CCL_ERR_STALE_ID;
        }
    }
    for (size_t i = 0; i < n; i++) {
        ccl_status status = ccl_world_remove_circle(world, ccl_py_unpack_id(ids[i]));
        if (status != CCL_OK) {
            *failed_index = i;
            return status;
        }
    }
    return CCL_OK;
}

/// The status ccl_world_set_velocity would give circle id for velocity v, without setting it.
static ccl_status ccl_py_check_velocity(const ccl_world *world, ccl_circle_id id, ccl_vec2 v) {
    ccl_circle_state state;
    ccl_status status = ccl_world_get_circle(world, id, &state);
    if (status != CCL_OK) {
        return status;
    }
    bool in_range = fabs(v.x) <= CCL_MAX_SPEED && fabs(v.y) <= CCL_MAX_SPEED;
    return in_range && state.mass != 0.0 ? CCL_OK : CCL_ERR_INVALID_ARGUMENT;
}

ccl_status ccl_py_set_velocities(ccl_world *world, size_t n, const uint64_t *ids,
                                 const double *velocities, size_t *failed_index) {
    for (size_t i = 0; i < n; i++) {
        ccl_vec2 v = ccl_v2(velocities[2 * i], velocities[2 * i + 1]);
        ccl_status status = ccl_py_check_velocity(world, ccl_py_unpack_id(ids[i]), v);
        if (status != CCL_OK) {
            *failed_index = i;
            return status;
        }
    }
    for (size_t i = 0; i < n; i++) {
        ccl_vec2 v = ccl_v2(velocities[2 * i], velocities[2 * i + 1]);
        ccl_status status = ccl_world_set_velocity(world, ccl_py_unpack_id(ids[i]), v);
        if (status != CCL_OK) {
            *failed_index = i;
            return status;
        }
    }
    return CCL_OK;
}

ccl_status ccl_py_export(const ccl_world *world, size_t capacity, uint64_t *ids, double *positions,
                         double *velocities, double *radii, double *masses, double *restitutions,
                         size_t *count) {
    *count = 0;
    int live = ccl_world_circle_count(world);
    size_t n = (size_t)live < capacity ? (size_t)live : capacity;
    if (n == 0) {
        return CCL_OK;
    }
    ccl_circle_state *states = malloc(n * sizeof *states);
    if (states == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    int written = 0;
    ccl_status status = ccl_world_export(world, states, (int)n, &written);
    for (size_t i = 0; status == CCL_OK && i < (size_t)written; i++) {
        const ccl_circle_state *s = &states[i];
        if (ids != NULL) {
            ids[i] = ccl_py_pack_id(s->id);
        }
        if (positions != NULL) {
            positions[2 * i] = s->position.x;
            positions[2 * i + 1] = s->position.y;
        }
        if (velocities != NULL) {
            velocities[2 * i] = s->velocity.x;
            velocities[2 * i + 1] = s->velocity.y;
        }
        if (radii != NULL) {
            radii[i] = s->radius;
        }
        if (masses != NULL) {
            masses[i] = s->mass;
        }
        if (restitutions != NULL) {
            restitutions[i] = s->restitution;
        }
    }
    free(states);
    *count = status == CCL_OK ? (size_t)written : 0;
    return status;
}

ccl_status ccl_py_add_obstacles(ccl_world *world, size_t n, const double *coordinates, int segments,
                                int *indices_out, size_t *failed_index) {
    for (size_t i = 0; i < n; i++) {
        ccl_status status;
        if (segments) {
            const double *c = coordinates + 4 * i;
            ccl_segment s = ccl_make_segment(ccl_v2(c[0], c[1]), ccl_v2(c[2], c[3]));
            status = ccl_world_add_segment(world, s, &indices_out[i]);
        } else {
            const double *c = coordinates + 2 * i;
            status = ccl_world_add_point(world, ccl_v2(c[0], c[1]), &indices_out[i]);
        }
        if (status != CCL_OK) {
            *failed_index = i;
            return status;
        }
    }
    return CCL_OK;
}

/// Pairs per block of ccl_py_sweep_interleaved: ten arrays of this many doubles (20 KiB) stay
/// in the first-level cache.
#define CCL_PY_BLOCK 256

void ccl_py_sweep_interleaved(size_t n, const double *a_centers, const double *a_radii,
                              const double *a_velocities, const double *b_centers,
                              const double *b_radii, const double *b_velocities, double t_max,
                              double *t_out, unsigned char *overlap_out) {
    double ax[CCL_PY_BLOCK], ay[CCL_PY_BLOCK], avx[CCL_PY_BLOCK], avy[CCL_PY_BLOCK];
    double bx[CCL_PY_BLOCK], by[CCL_PY_BLOCK], bvx[CCL_PY_BLOCK], bvy[CCL_PY_BLOCK];
    bool moving = a_velocities != NULL;
    for (size_t start = 0; start < n; start += CCL_PY_BLOCK) {
        size_t m = n - start < CCL_PY_BLOCK ? n - start : CCL_PY_BLOCK;
        for (size_t i = 0; i < m; i++) {
            size_t k = 2 * (start + i);
            ax[i] = a_centers[k];
            ay[i] = a_centers[k + 1];
            bx[i] = b_centers[k];
            by[i] = b_centers[k + 1];
            avx[i] = moving ? a_velocities[k] : 0.0;
            avy[i] = moving ? a_velocities[k + 1] : 0.0;
            bvx[i] = moving ? b_velocities[k] : 0.0;
            bvy[i] = moving ? b_velocities[k + 1] : 0.0;
        }
        ccl_sweep_batch block = {ax, ay, avx, avy, a_radii + start,
                                 bx, by, bvx, bvy, b_radii + start};
        if (moving) {
            ccl_sweep_circles_batch(&block, m, t_max, t_out + start);
        } else {
            ccl_circles_overlap_batch(&block, m, overlap_out + start);
        }
    }
}
