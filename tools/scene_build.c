/* circol CLI: a scene's world. The world checks every circle as it is added (its grid finds
 * overlaps in time proportional to the scene); a refusal is traced back here to the circle's line
 * and column in the file and to what it overlaps, which only the refused circle needs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bigmem.h"
#include "periodic.h"
#include "scene_internal.h"

/// The world's definition for scene: the caller's (or the default) with the scene's values.
static ccl_world_def ccl_cli_scene_world_def(const ccl_cli_scene *scene, const ccl_world_def *def) {
    ccl_world_def out = def != NULL ? *def : ccl_world_default_def();
    out.box_min = scene->box_min;
    out.box_max = scene->box_max;
    out.boundary = scene->boundary;
    out.gravity = scene->gravity;
    out.damping = scene->damping;
    out.restitution = scene->restitution;
    out.capacity = scene->circle_count;
    out.overlap = CCL_OVERLAP_REJECT;
    if (out.allocator.alloc == NULL && out.allocator.free == NULL) {
        out.allocator = ccl_cli_big_allocator();
    }
    return out;
}

/// Whether circle c overlaps obstacle a..b (a point when a == b; touching is allowed), in the
/// box or, when across, across the edges of a periodic box of size (the eight images).
static bool ccl_cli_obstacle_hits(const ccl_cli_scene_circle *c, ccl_segment s, ccl_vec2 size,
                                  bool across) {
    for (int image = 0; image < 9; image++) {
        int shifted = (image + 4) % 9; /* the own image first: 4 is (0, 0) */
        if (!across && shifted != 4) {
            break;
        }
        ccl_vec2 shift = ccl_v2((shifted % 3 - 1) * size.x, (shifted / 3 - 1) * size.y);
        ccl_vec2 centre = ccl_sub(c->position, shift);
        if (s.a.x == s.b.x && s.a.y == s.b.y) {
            ccl_vec2 d = ccl_sub(s.a, centre);
            if (ccl_dot(d, d) < c->radius * c->radius) {
                return true;
            }
            continue;
        }
        ccl_contact contact;
        if (ccl_circle_segment_contact(ccl_make_circle(centre, c->radius), s, &contact) &&
            contact.depth > 0.0) {
            return true;
        }
    }
    return false;
}

/// The shorter of d and d -+ period (period > 0 for a periodic axis, else 0).
static double ccl_cli_nearest_image(double d, double period) {
    if (period > 0.0 && d > 0.5 * period) {
        return d - period;
    }
    if (period > 0.0 && d < -0.5 * period) {
        return d + period;
    }
    return d;
}

/// Says what circle i, refused for an overlap, overlaps: the first segment, else the first
/// point, else the first earlier circle (at pos, path in messages).
static bool ccl_cli_scene_overlap_fail(const ccl_cli_scene_ctx *ctx, ccl_cli_text_pos pos,
                                       const char *path, const ccl_cli_scene *scene, int i) {
    const ccl_cli_scene_circle *c = &scene->circles[i];
    bool periodic = scene->boundary == CCL_BOUNDARY_PERIODIC;
    ccl_vec2 size = ccl_sub(scene->box_max, scene->box_min);
    for (int k = 0; k < scene->segment_count + scene->point_count; k++) {
        bool point = k >= scene->segment_count;
        int index = point ? k - scene->segment_count : k;
        ccl_vec2 p = point ? scene->points[index] : ccl_v2(0.0, 0.0);
        ccl_segment s = point ? ccl_make_segment(p, p) : scene->segments[k];
        if (ccl_cli_obstacle_hits(c, s, size, periodic)) {
            bool across = !ccl_cli_obstacle_hits(c, s, size, false);
            return ccl_cli_scene_fail_at(ctx, pos, path, "overlaps %s[%d]%s",
                                         point ? "points" : "segments", index,
                                         across ? " across the periodic edge" : "");
        }
    }
    ccl_vec2 period = periodic ? size : ccl_v2(0.0, 0.0);
    for (int j = 0; j < i; j++) {
        const ccl_cli_scene_circle *other = &scene->circles[j];
        double dx = ccl_cli_nearest_image(other->position.x - c->position.x, period.x);
        double dy = ccl_cli_nearest_image(other->position.y - c->position.y, period.y);
        double reach = c->radius + other->radius;
        if (dx * dx + dy * dy < reach * reach) {
            return ccl_cli_scene_fail_at(ctx, pos, path, "overlaps circles[%d]", j);
        }
    }
    return ccl_cli_scene_fail_at(ctx, pos, path, "overlaps another circle or an obstacle");
}

/// Reports the world's refusal (status) of circle i.
static bool ccl_cli_scene_circle_refused(const ccl_cli_scene_ctx *ctx,
                                         const ccl_cli_scene_places *places,
                                         const ccl_cli_scene *scene, int i, ccl_status status) {
    char path[CCL_CLI_PATH_NAME_SIZE + 32];
    snprintf(path, sizeof path, "%s[%d]", places->circles_name, i);
    ccl_cli_text_pos pos = places->circles[2 * (size_t)i];
    if (status == CCL_ERR_OVERLAP) {
        return ccl_cli_scene_overlap_fail(ctx, pos, path, scene, i);
    }
    ccl_vec2 size = ccl_sub(scene->box_max, scene->box_min);
    if (status == CCL_ERR_OUTSIDE_BOX && scene->boundary == CCL_BOUNDARY_PERIODIC) {
        /* the centre lies in the box (checked when read): the box is too narrow for it */
        snprintf(path, sizeof path, "%s[%d].r", places->circles_name, i);
        return ccl_cli_scene_fail_at(ctx, places->circles[2 * (size_t)i + 1], path,
                                     "radius %.17g is too large for the periodic box %.17g x "
                                     "%.17g: each side must be at least 3 diameters plus a margin "
                                     "(%.17g here)",
                                     scene->circles[i].radius, size.x, size.y,
                                     ccl_cli_periodic_min_side(scene->circles[i].radius));
    }
    return ccl_cli_scene_fail_at(ctx, pos, path, "cannot add it: %s", ccl_status_string(status));
}

/// Adds the segments and the points of scene to its world.
static bool ccl_cli_scene_build_obstacles(const ccl_cli_scene_ctx *ctx,
                                          const ccl_cli_scene_places *places,
                                          ccl_cli_scene *scene) {
    for (int k = 0; k < scene->segment_count + scene->point_count; k++) {
        bool point = k >= scene->segment_count;
        int index = point ? k - scene->segment_count : k;
        ccl_status status = point ? ccl_world_add_point(scene->world, scene->points[index], NULL)
                                  : ccl_world_add_segment(scene->world, scene->segments[k], NULL);
        if (status != CCL_OK) {
            char path[CCL_CLI_PATH_NAME_SIZE + 32];
            snprintf(path, sizeof path, "%s[%d]",
                     point ? places->points_name : places->segments_name, index);
            return ccl_cli_scene_fail_at(
                ctx, point ? places->points[index] : places->segments[3 * (size_t)index], path,
                "cannot add it: %s", ccl_status_string(status));
        }
    }
    return true;
}

bool ccl_cli_scene_build(const ccl_cli_scene_ctx *ctx, const ccl_cli_scene_places *places,
                         const ccl_world_def *def, ccl_cli_scene *scene) {
    ccl_world_def world_def = ccl_cli_scene_world_def(scene, def);
    ccl_status status = ccl_world_create(&world_def, &scene->world);
    if (status != CCL_OK) {
        return ccl_cli_scene_fail_at(ctx, places->world, places->world_name,
                                     "cannot make this world: %s", ccl_status_string(status));
    }
    if (!ccl_cli_scene_build_obstacles(ctx, places, scene)) {
        return false;
    }
    scene->ids = calloc((size_t)scene->circle_count + 1, sizeof *scene->ids);
    if (scene->ids == NULL) {
        return ccl_cli_scene_fail_at(ctx, places->circles_array, places->circles_name,
                                     "out of memory");
    }
    for (int i = 0; i < scene->circle_count; i++) {
        const ccl_cli_scene_circle *c = &scene->circles[i];
        ccl_circle_def circle = ccl_circle_default_def();
        circle.position = c->position;
        circle.velocity = c->velocity;
        circle.radius = c->radius;
        circle.mass = c->mass;
        circle.restitution = c->restitution;
        status = ccl_world_add_circle(scene->world, &circle, &scene->ids[i]);
        if (status != CCL_OK) {
            return ccl_cli_scene_circle_refused(ctx, places, scene, i, status);
        }
    }
    return true;
}
