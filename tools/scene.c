/* circol CLI: scene files, parsed by cJSON and validated here. */
#include "scene.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "json_locate.h"
#include "scene_internal.h"

bool ccl_cli_scene_fail(const ccl_cli_scene_ctx *ctx, const cJSON *node, bool key, const char *fmt,
                        ...) {
    char message[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    char path[256];
    ccl_cli_text_pos pos = {1, 1};
    if (!ccl_cli_json_locate(ctx->text, ctx->length, ctx->root, node, key, &pos, path,
                             sizeof path)) {
        path[0] = '\0';
    }
    snprintf(ctx->error, ctx->error_size, "%s:%d:%d: %s: %s", ctx->name, pos.line, pos.column,
             path[0] ? path : "top level", message);
    return false;
}

/// What kind of JSON value node is, for messages ("a string", ...).
static const char *ccl_cli_scene_kind(const cJSON *node) {
    if (cJSON_IsObject(node)) {
        return "an object";
    }
    if (cJSON_IsArray(node)) {
        return "an array";
    }
    if (cJSON_IsString(node)) {
        return "a string";
    }
    if (cJSON_IsBool(node)) {
        return "a boolean";
    }
    if (cJSON_IsNull(node)) {
        return "null";
    }
    return "a number";
}

/// Checks that node is an object whose member names are all in allowed (a NULL-terminated list)
/// and none repeats.
static bool ccl_cli_scene_check_object(const ccl_cli_scene_ctx *ctx, const cJSON *node,
                                       const char *what, const char *const *allowed) {
    if (!cJSON_IsObject(node)) {
        return ccl_cli_scene_fail(ctx, node, false, "expected %s (an object), got %s", what,
                                  ccl_cli_scene_kind(node));
    }
    for (const cJSON *child = node->child; child != NULL; child = child->next) {
        bool known = false;
        for (const char *const *name = allowed; *name != NULL; name++) {
            known = known || strcmp(child->string, *name) == 0;
        }
        if (!known) {
            char list[256] = "";
            for (const char *const *name = allowed; *name != NULL; name++) {
                size_t used = strlen(list);
                snprintf(list + used, sizeof list - used, "%s\"%s\"", used ? ", " : "", *name);
            }
            char name[128];
            ccl_cli_json_member_name(ctx->text, ctx->length, ctx->root, child, name, sizeof name);
            return ccl_cli_scene_fail(ctx, child, true, "unknown key \"%s\" in %s (allowed: %s)",
                                      name, what, list);
        }
        for (const cJSON *before = node->child; before != child; before = before->next) {
            if (strcmp(before->string, child->string) == 0) {
                char name[128];
                ccl_cli_json_member_name(ctx->text, ctx->length, ctx->root, child, name,
                                         sizeof name);
                return ccl_cli_scene_fail(ctx, child, true, "duplicate key \"%s\"", name);
            }
        }
    }
    return true;
}

/// Reads a finite number from node.
static bool ccl_cli_scene_number(const ccl_cli_scene_ctx *ctx, const cJSON *node, double *out) {
    if (!cJSON_IsNumber(node)) {
        return ccl_cli_scene_fail(ctx, node, false, "expected a number, got %s",
                                  ccl_cli_scene_kind(node));
    }
    if (!isfinite(node->valuedouble)) {
        char token[64];
        ccl_cli_json_token(ctx->text, ctx->length, ctx->root, node, token, sizeof token);
        return ccl_cli_scene_fail(ctx, node, false,
                                  "'%s' overflows: a number must be at most about 1.8e308 in "
                                  "magnitude (it reads as not finite)",
                                  token);
    }
    *out = node->valuedouble;
    return true;
}

/// Reads member key of object as a finite number: *out keeps its value when the member is
/// absent and not required. *found (may be NULL) receives the member.
static bool ccl_cli_scene_member(const ccl_cli_scene_ctx *ctx, const cJSON *object, const char *key,
                                 bool required, double *out, const cJSON **found) {
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    if (found != NULL) {
        *found = item;
    }
    if (item == NULL) {
        return required ? ccl_cli_scene_fail(ctx, object, false, "missing key \"%s\"", key) : true;
    }
    return ccl_cli_scene_number(ctx, item, out);
}

/// Reads node as an array of exactly two finite numbers.
static bool ccl_cli_scene_vec2(const ccl_cli_scene_ctx *ctx, const cJSON *node, ccl_vec2 *out) {
    if (!cJSON_IsArray(node) || cJSON_GetArraySize(node) != 2) {
        return ccl_cli_scene_fail(ctx, node, false, "expected [x, y] (an array of 2 numbers)");
    }
    return ccl_cli_scene_number(ctx, node->child, &out->x) &&
           ccl_cli_scene_number(ctx, node->child->next, &out->y);
}

/// Reads node as a position of an obstacle: [x, y] within the world's lengths (CCL_MAX_LENGTH).
static bool ccl_cli_scene_place(const ccl_cli_scene_ctx *ctx, const cJSON *node, ccl_vec2 *out) {
    if (!ccl_cli_scene_vec2(ctx, node, out)) {
        return false;
    }
    if (!(fabs(out->x) <= CCL_MAX_LENGTH && fabs(out->y) <= CCL_MAX_LENGTH)) {
        return ccl_cli_scene_fail(ctx, node, false,
                                  "coordinates must be at most 1e150 in magnitude, got "
                                  "(%.17g, %.17g)",
                                  out->x, out->y);
    }
    return true;
}

/// Checks that an obstacle's position p (of node, what in messages) lies in a periodic box,
/// edges included, as the library requires; any position is allowed in a walled box.
static bool ccl_cli_scene_in_periodic_box(const ccl_cli_scene_ctx *ctx, const cJSON *node,
                                          const ccl_cli_scene *scene, ccl_vec2 p,
                                          const char *what) {
    ccl_vec2 lo = scene->box_min, hi = scene->box_max;
    if (scene->boundary != CCL_BOUNDARY_PERIODIC ||
        (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y)) {
        return true;
    }
    return ccl_cli_scene_fail(ctx, node, false,
                              "%s (%.17g, %.17g) is outside the periodic box [%.17g, %.17g, "
                              "%.17g, %.17g] (it must lie in the box, edges included)",
                              what, p.x, p.y, lo.x, lo.y, hi.x, hi.y);
}

/// Reads an optional restitution in [0, 1] from member key of object.
static bool ccl_cli_scene_restitution(const ccl_cli_scene_ctx *ctx, const cJSON *object,
                                      double *out) {
    const cJSON *item;
    if (!ccl_cli_scene_member(ctx, object, "restitution", false, out, &item)) {
        return false;
    }
    if (item != NULL && !(*out >= 0.0 && *out <= 1.0)) {
        return ccl_cli_scene_fail(ctx, item, false, "restitution must be in [0, 1], got %.17g",
                                  *out);
    }
    return true;
}

/// Reads "world".
static bool ccl_cli_scene_world(const ccl_cli_scene_ctx *ctx, const cJSON *world,
                                ccl_cli_scene *scene) {
    static const char *const keys[] = {"box",     "boundary",    "gravity",
                                       "damping", "restitution", NULL};
    if (!ccl_cli_scene_check_object(ctx, world, "\"world\"", keys)) {
        return false;
    }
    const cJSON *box = cJSON_GetObjectItemCaseSensitive(world, "box");
    if (box == NULL) {
        return ccl_cli_scene_fail(ctx, world, false, "missing key \"box\"");
    }
    if (!cJSON_IsArray(box) || cJSON_GetArraySize(box) != 4) {
        return ccl_cli_scene_fail(ctx, box, false,
                                  "expected [xmin, ymin, xmax, ymax] (an array of 4 numbers)");
    }
    double corner[4];
    const cJSON *item = box->child;
    for (int i = 0; i < 4; i++, item = item->next) {
        if (!ccl_cli_scene_number(ctx, item, &corner[i])) {
            return false;
        }
    }
    if (!(corner[2] > corner[0] && corner[3] > corner[1])) {
        return ccl_cli_scene_fail(ctx, box, false, "the box needs xmax > xmin and ymax > ymin");
    }
    for (int i = 0; i < 4; i++) {
        if (!(fabs(corner[i]) <= CCL_MAX_LENGTH)) {
            return ccl_cli_scene_fail(ctx, box, false,
                                      "the box's corners must lie within 1e150 of the origin, "
                                      "got %.17g",
                                      corner[i]);
        }
    }
    if (!(corner[2] - corner[0] <= CCL_MAX_LENGTH && corner[3] - corner[1] <= CCL_MAX_LENGTH)) {
        return ccl_cli_scene_fail(ctx, box, false,
                                  "the box is too large: its sides must be at most 1e150");
    }
    scene->box_min = ccl_v2(corner[0], corner[1]);
    scene->box_max = ccl_v2(corner[2], corner[3]);

    const cJSON *boundary = cJSON_GetObjectItemCaseSensitive(world, "boundary");
    if (boundary == NULL) {
        return ccl_cli_scene_fail(ctx, world, false, "missing key \"boundary\"");
    }
    if (cJSON_IsString(boundary) && strcmp(boundary->valuestring, "walls") == 0) {
        scene->boundary = CCL_BOUNDARY_WALLS;
    } else if (cJSON_IsString(boundary) && strcmp(boundary->valuestring, "periodic") == 0) {
        scene->boundary = CCL_BOUNDARY_PERIODIC;
    } else if (cJSON_IsString(boundary)) {
        char text[64]; /* the text given, escaped and cut short for the message */
        ccl_cli_escape_for_message(boundary->valuestring, strlen(boundary->valuestring), text,
                                   sizeof text);
        return ccl_cli_scene_fail(ctx, boundary, false,
                                  "expected \"walls\" or \"periodic\", got \"%s\"", text);
    } else {
        return ccl_cli_scene_fail(ctx, boundary, false,
                                  "expected \"walls\" or \"periodic\", got %s",
                                  ccl_cli_scene_kind(boundary));
    }

    const cJSON *gravity = cJSON_GetObjectItemCaseSensitive(world, "gravity");
    if (gravity != NULL && !ccl_cli_scene_vec2(ctx, gravity, &scene->gravity)) {
        return false;
    }
    const cJSON *damping;
    if (!ccl_cli_scene_member(ctx, world, "damping", false, &scene->damping, &damping)) {
        return false;
    }
    if (damping != NULL && scene->damping < 0.0) {
        return ccl_cli_scene_fail(ctx, damping, false, "damping must be >= 0, got %.17g",
                                  scene->damping);
    }
    return ccl_cli_scene_restitution(ctx, world, &scene->restitution);
}

/// Reads circle number index, checking it against the box.
static bool ccl_cli_scene_circle_read(const ccl_cli_scene_ctx *ctx, const cJSON *node,
                                      const ccl_cli_scene *scene, ccl_cli_scene_circle *circle) {
    static const char *const keys[] = {"x", "y", "vx", "vy", "r", "mass", "restitution", NULL};
    if (!ccl_cli_scene_check_object(ctx, node, "a circle", keys)) {
        return false;
    }
    const cJSON *radius, *mass, *vx;
    circle->mass = 1.0;
    circle->restitution = -1.0;
    if (!ccl_cli_scene_member(ctx, node, "x", true, &circle->position.x, NULL) ||
        !ccl_cli_scene_member(ctx, node, "y", true, &circle->position.y, NULL) ||
        !ccl_cli_scene_member(ctx, node, "vx", true, &circle->velocity.x, &vx) ||
        !ccl_cli_scene_member(ctx, node, "vy", true, &circle->velocity.y, NULL) ||
        !ccl_cli_scene_member(ctx, node, "r", true, &circle->radius, &radius) ||
        !ccl_cli_scene_member(ctx, node, "mass", false, &circle->mass, &mass) ||
        !ccl_cli_scene_restitution(ctx, node, &circle->restitution)) {
        return false;
    }
    if (!(circle->radius > 0.0 && circle->radius <= CCL_MAX_LENGTH)) {
        return ccl_cli_scene_fail(
            ctx, radius, false, "radius must be > 0 and at most 1e150, got %.17g", circle->radius);
    }
    if (!(fabs(circle->velocity.x) <= CCL_MAX_SPEED && fabs(circle->velocity.y) <= CCL_MAX_SPEED)) {
        return ccl_cli_scene_fail(ctx, vx, false,
                                  "velocity components must be at most 1e150 in magnitude, got "
                                  "(%.17g, %.17g)",
                                  circle->velocity.x, circle->velocity.y);
    }
    if (mass != NULL && circle->mass != 0.0 &&
        !(circle->mass >= CCL_MIN_MASS && circle->mass <= CCL_MAX_MASS)) {
        return ccl_cli_scene_fail(ctx, mass, false,
                                  "mass must be 0 (immovable) or in [1e-100, 1e100], got %.17g",
                                  circle->mass);
    }
    if (circle->mass == 0.0 && (circle->velocity.x != 0.0 || circle->velocity.y != 0.0)) {
        return ccl_cli_scene_fail(ctx, vx, false,
                                  "an immovable circle (mass 0) must have zero velocity");
    }
    ccl_vec2 p = circle->position, lo = scene->box_min, hi = scene->box_max;
    double r = circle->radius;
    if (scene->boundary == CCL_BOUNDARY_WALLS) {
        if (p.x - r < lo.x || p.x + r > hi.x || p.y - r < lo.y || p.y + r > hi.y) {
            return ccl_cli_scene_fail(ctx, node, false,
                                      "circle at (%.17g, %.17g) with radius %.17g is not inside "
                                      "the box [%.17g, %.17g, %.17g, %.17g]",
                                      p.x, p.y, r, lo.x, lo.y, hi.x, hi.y);
        }
    } else {
        if (p.x < lo.x || p.x >= hi.x || p.y < lo.y || p.y >= hi.y) {
            return ccl_cli_scene_fail(ctx, node, false,
                                      "centre (%.17g, %.17g) is outside the periodic box "
                                      "[%.17g, %.17g, %.17g, %.17g]",
                                      p.x, p.y, lo.x, lo.y, hi.x, hi.y);
        }
    }
    return true;
}

/// Checks that node is an array and allocates room for its items; false on failure.
static bool ccl_cli_scene_array(const ccl_cli_scene_ctx *ctx, const cJSON *node, const char *what,
                                size_t item_size, void **items, int *count) {
    if (!cJSON_IsArray(node)) {
        return ccl_cli_scene_fail(ctx, node, false, "expected an array of %s, got %s", what,
                                  ccl_cli_scene_kind(node));
    }
    *count = cJSON_GetArraySize(node);
    *items = calloc((size_t)*count + 1, item_size);
    if (*items == NULL) {
        return ccl_cli_scene_fail(ctx, node, false, "out of memory");
    }
    return true;
}

bool ccl_cli_scene_read(const ccl_cli_scene_ctx *ctx, const cJSON *root, const ccl_world_def *def,
                        ccl_cli_scene *scene) {
    static const char *const keys[] = {"world", "circles", "segments", "points", "until", NULL};
    if (!ccl_cli_scene_check_object(ctx, root, "a scene", keys)) {
        return false;
    }
    const cJSON *world = cJSON_GetObjectItemCaseSensitive(root, "world");
    if (world == NULL) {
        return ccl_cli_scene_fail(ctx, root, false, "missing key \"world\"");
    }
    if (!ccl_cli_scene_world(ctx, world, scene)) {
        return false;
    }
    const cJSON *segments = cJSON_GetObjectItemCaseSensitive(root, "segments");
    if (segments != NULL) {
        if (!ccl_cli_scene_array(ctx, segments, "segments", sizeof *scene->segments,
                                 (void **)&scene->segments, &scene->segment_count)) {
            return false;
        }
        static const char *const segment_keys[] = {"a", "b", NULL};
        int k = 0;
        for (const cJSON *item = segments->child; item != NULL; item = item->next, k++) {
            ccl_segment *s = &scene->segments[k];
            if (!ccl_cli_scene_check_object(ctx, item, "a segment", segment_keys)) {
                return false;
            }
            const cJSON *a = cJSON_GetObjectItemCaseSensitive(item, "a");
            const cJSON *b = cJSON_GetObjectItemCaseSensitive(item, "b");
            if (a == NULL || b == NULL) {
                return ccl_cli_scene_fail(ctx, item, false, "missing key \"%s\"", a ? "b" : "a");
            }
            if (!ccl_cli_scene_place(ctx, a, &s->a) || !ccl_cli_scene_place(ctx, b, &s->b) ||
                !ccl_cli_scene_in_periodic_box(ctx, a, scene, s->a, "the segment's end") ||
                !ccl_cli_scene_in_periodic_box(ctx, b, scene, s->b, "the segment's end")) {
                return false;
            }
        }
    }
    const cJSON *points = cJSON_GetObjectItemCaseSensitive(root, "points");
    if (points != NULL) {
        if (!ccl_cli_scene_array(ctx, points, "points", sizeof *scene->points,
                                 (void **)&scene->points, &scene->point_count)) {
            return false;
        }
        int k = 0;
        for (const cJSON *item = points->child; item != NULL; item = item->next, k++) {
            if (!ccl_cli_scene_place(ctx, item, &scene->points[k]) ||
                !ccl_cli_scene_in_periodic_box(ctx, item, scene, scene->points[k], "the point")) {
                return false;
            }
        }
    }
    const cJSON *until;
    if (!ccl_cli_scene_member(ctx, root, "until", false, &scene->until, &until)) {
        return false;
    }
    if (until != NULL && scene->until < 0.0) {
        return ccl_cli_scene_fail(ctx, until, false, "until must be >= 0, got %.17g", scene->until);
    }
    scene->has_until = until != NULL;
    const cJSON *circles = cJSON_GetObjectItemCaseSensitive(root, "circles");
    if (circles == NULL) {
        return ccl_cli_scene_fail(ctx, root, false, "missing key \"circles\"");
    }
    if (!ccl_cli_scene_array(ctx, circles, "circles", sizeof *scene->circles,
                             (void **)&scene->circles, &scene->circle_count)) {
        return false;
    }
    int i = 0;
    for (const cJSON *item = circles->child; item != NULL; item = item->next, i++) {
        if (!ccl_cli_scene_circle_read(ctx, item, scene, &scene->circles[i])) {
            return false;
        }
    }
    return ccl_cli_scene_build(ctx, root, def, scene);
}
