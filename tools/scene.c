/* circol CLI: the checks of a scene file's values, piece by piece as the reader hands them over,
 * with messages that name the file, line and column and the JSON path of the offending value. */
#include "scene.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "json_locate.h"
#include "scene_internal.h"

/// Where rel, a position in a piece that starts at base, lies in the file.
static ccl_cli_text_pos ccl_cli_scene_shift(ccl_cli_text_pos base, ccl_cli_text_pos rel) {
    if (rel.line == 1) {
        return (ccl_cli_text_pos){base.line, base.column + rel.column - 1};
    }
    return (ccl_cli_text_pos){base.line + rel.line - 1, rel.column};
}

/// Writes the message at pos with path (empty: the top level).
static bool ccl_cli_scene_write(const ccl_cli_scene_ctx *ctx, ccl_cli_text_pos pos,
                                const char *path, const char *message) {
    snprintf(ctx->error, ctx->error_size, "%s:%d:%d: %s: %s", ctx->name, pos.line, pos.column,
             path[0] ? path : "top level", message);
    return false;
}

bool ccl_cli_scene_fail(const ccl_cli_scene_ctx *ctx, const cJSON *node, bool key, const char *fmt,
                        ...) {
    char message[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    char rel[256];
    ccl_cli_text_pos pos = ctx->base;
    if (ccl_cli_json_locate(ctx->text, ctx->length, ctx->root, node, key, &pos, rel, sizeof rel)) {
        pos = ccl_cli_scene_shift(ctx->base, pos);
    } else {
        rel[0] = '\0';
    }
    char path[320], item[16] = ""; /* the piece's path, then the rest: a name after a dot */
    if (ctx->index >= 0) {
        snprintf(item, sizeof item, "[%d]", ctx->index);
    }
    bool member = cJSON_IsObject(ctx->root) && node != ctx->root;
    snprintf(path, sizeof path, "%s%s%s%s", ctx->prefix, item,
             (ctx->prefix[0] || item[0]) && member ? "." : "", rel);
    return ccl_cli_scene_write(ctx, pos, path, message);
}

bool ccl_cli_scene_fail_at(const ccl_cli_scene_ctx *ctx, ccl_cli_text_pos pos, const char *path,
                           const char *fmt, ...) {
    char message[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    return ccl_cli_scene_write(ctx, pos, path, message);
}

ccl_cli_text_pos ccl_cli_scene_where(const ccl_cli_scene_ctx *ctx, const cJSON *node) {
    ccl_cli_text_pos pos;
    if (!ccl_cli_json_locate(ctx->text, ctx->length, ctx->root, node, false, &pos, NULL, 0)) {
        return ctx->base;
    }
    return ccl_cli_scene_shift(ctx->base, pos);
}

/// What kind of JSON value node is, for messages ("a string", ...).
const char *ccl_cli_scene_kind(const cJSON *node) {
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

/// The most keys an object of a scene may have.
#define CCL_CLI_SCENE_MAX_KEYS 16

/// Checks that node is an object whose member names are all in allowed (a NULL-terminated
/// table of at most CCL_CLI_SCENE_MAX_KEYS) and none repeats; found[k] (found may be NULL)
/// receives the member named allowed[k], or NULL.
static bool ccl_cli_scene_check_object(const ccl_cli_scene_ctx *ctx, const cJSON *node,
                                       const char *what, const char *const *allowed,
                                       const cJSON **found) {
    if (!cJSON_IsObject(node)) {
        return ccl_cli_scene_fail(ctx, node, false, "expected %s (an object), got %s", what,
                                  ccl_cli_scene_kind(node));
    }
    const cJSON *seen[CCL_CLI_SCENE_MAX_KEYS] = {NULL};
    for (const cJSON *child = node->child; child != NULL; child = child->next) {
        int k = 0;
        while (allowed[k] != NULL && strcmp(child->string, allowed[k]) != 0) {
            k++;
        }
        char name[128];
        if (allowed[k] == NULL) {
            char list[256] = "";
            for (const char *const *key = allowed; *key != NULL; key++) {
                size_t used = strlen(list);
                snprintf(list + used, sizeof list - used, "%s\"%s\"", used ? ", " : "", *key);
            }
            ccl_cli_json_member_name(ctx->text, ctx->length, ctx->root, child, name, sizeof name);
            return ccl_cli_scene_fail(ctx, child, true, "unknown key \"%s\" in %s (allowed: %s)",
                                      name, what, list);
        }
        if (seen[k] != NULL) { /* an earlier member of the same name */
            ccl_cli_json_member_name(ctx->text, ctx->length, ctx->root, child, name, sizeof name);
            return ccl_cli_scene_fail(ctx, child, true, "duplicate key \"%s\"", name);
        }
        seen[k] = child;
    }
    for (int k = 0; found != NULL && allowed[k] != NULL; k++) {
        found[k] = seen[k];
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

/// Reads item, member key of object (NULL when absent), as a finite number: *out keeps its
/// value when the member is absent and not required.
static bool ccl_cli_scene_number_of(const ccl_cli_scene_ctx *ctx, const cJSON *object,
                                    const cJSON *item, const char *key, bool required,
                                    double *out) {
    if (item == NULL) {
        return required ? ccl_cli_scene_fail(ctx, object, false, "missing key \"%s\"", key) : true;
    }
    return ccl_cli_scene_number(ctx, item, out);
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

/// Checks a restitution read from item (NULL: absent, nothing to check): in [0, 1].
static bool ccl_cli_scene_check_restitution(const ccl_cli_scene_ctx *ctx, const cJSON *item,
                                            double value) {
    if (item != NULL && !(value >= 0.0 && value <= 1.0)) {
        return ccl_cli_scene_fail(ctx, item, false, "restitution must be in [0, 1], got %.17g",
                                  value);
    }
    return true;
}

/// Reads an optional restitution in [0, 1] from member key of object.
static bool ccl_cli_scene_restitution(const ccl_cli_scene_ctx *ctx, const cJSON *object,
                                      double *out) {
    const cJSON *item;
    return ccl_cli_scene_member(ctx, object, "restitution", false, out, &item) &&
           ccl_cli_scene_check_restitution(ctx, item, *out);
}

bool ccl_cli_scene_world(const ccl_cli_scene_ctx *ctx, ccl_cli_scene *scene) {
    const cJSON *world = ctx->root;
    static const char *const keys[] = {"box",     "boundary",    "gravity",
                                       "damping", "restitution", NULL};
    if (!ccl_cli_scene_check_object(ctx, world, "\"world\"", keys, NULL)) {
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

bool ccl_cli_scene_until(const ccl_cli_scene_ctx *ctx, ccl_cli_scene *scene) {
    if (!ccl_cli_scene_number(ctx, ctx->root, &scene->until)) {
        return false;
    }
    if (scene->until < 0.0) {
        return ccl_cli_scene_fail(ctx, ctx->root, false, "until must be >= 0, got %.17g",
                                  scene->until);
    }
    scene->has_until = true;
    return true;
}

bool ccl_cli_scene_circle_read(const ccl_cli_scene_ctx *ctx, ccl_cli_scene_circle *circle,
                               ccl_cli_text_pos at[2], bool radius_place) {
    /* the keys, in the order they are checked; each is read into its double in circle */
    static const char *const keys[] = {"x", "y", "vx", "vy", "r", "mass", "restitution", NULL};
    enum { X, Y, VX, VY, R, MASS, RESTITUTION, KEYS };
    const cJSON *node = ctx->root, *found[KEYS];
    if (!ccl_cli_scene_check_object(ctx, node, "a circle", keys, found)) {
        return false;
    }
    circle->mass = 1.0;
    circle->restitution = -1.0;
    double *into[KEYS] = {&circle->position.x, &circle->position.y, &circle->velocity.x,
                          &circle->velocity.y, &circle->radius,     &circle->mass,
                          &circle->restitution};
    for (int k = 0; k < KEYS; k++) {
        if (!ccl_cli_scene_number_of(ctx, node, found[k], keys[k], k < MASS, into[k])) {
            return false;
        }
    }
    const cJSON *radius = found[R], *mass = found[MASS], *vx = found[VX];
    if (!ccl_cli_scene_check_restitution(ctx, found[RESTITUTION], circle->restitution)) {
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
    at[0] = ctx->base;
    at[1] = radius_place ? ccl_cli_scene_where(ctx, radius) : ctx->base;
    return true;
}

bool ccl_cli_scene_segment_read(const ccl_cli_scene_ctx *ctx, ccl_segment *segment,
                                ccl_cli_text_pos at[3]) {
    static const char *const keys[] = {"a", "b", NULL};
    const cJSON *item = ctx->root;
    if (!ccl_cli_scene_check_object(ctx, item, "a segment", keys, NULL)) {
        return false;
    }
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(item, "a");
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(item, "b");
    if (a == NULL || b == NULL) {
        return ccl_cli_scene_fail(ctx, item, false, "missing key \"%s\"", a ? "b" : "a");
    }
    if (!ccl_cli_scene_place(ctx, a, &segment->a) || !ccl_cli_scene_place(ctx, b, &segment->b)) {
        return false;
    }
    at[0] = ctx->base;
    at[1] = ccl_cli_scene_where(ctx, a);
    at[2] = ccl_cli_scene_where(ctx, b);
    return true;
}

bool ccl_cli_scene_point_read(const ccl_cli_scene_ctx *ctx, ccl_vec2 *point) {
    return ccl_cli_scene_place(ctx, ctx->root, point);
}

/// Writes the path of item i of the list named name, then .part unless part is NULL.
static const char *ccl_cli_scene_item_path(char *out, size_t size, const char *name, int i,
                                           const char *part) {
    snprintf(out, size, "%s[%d]%s%s", name, i, part ? "." : "", part ? part : "");
    return out;
}

/// Checks that an obstacle's position p (at pos, item i of the list named list, part of it
/// unless NULL, what it is) lies in a periodic box, edges included, as the library requires; any
/// position is allowed in a walled box.
static bool ccl_cli_scene_in_periodic_box(const ccl_cli_scene_ctx *ctx, ccl_cli_text_pos pos,
                                          const char *list, int i, const char *part,
                                          const ccl_cli_scene *scene, ccl_vec2 p,
                                          const char *what) {
    ccl_vec2 lo = scene->box_min, hi = scene->box_max;
    if (scene->boundary != CCL_BOUNDARY_PERIODIC ||
        (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y)) {
        return true;
    }
    char path[CCL_CLI_PATH_NAME_SIZE + 32];
    return ccl_cli_scene_fail_at(ctx, pos,
                                 ccl_cli_scene_item_path(path, sizeof path, list, i, part),
                                 "%s (%.17g, %.17g) is outside the periodic box [%.17g, %.17g, "
                                 "%.17g, %.17g] (it must lie in the box, edges included)",
                                 what, p.x, p.y, lo.x, lo.y, hi.x, hi.y);
}

/// Checks circle i of scene against the box (places: where it lies).
static bool ccl_cli_scene_circle_in_box(const ccl_cli_scene_ctx *ctx, const ccl_cli_scene *scene,
                                        const ccl_cli_scene_places *places, int i) {
    const ccl_cli_scene_circle *circle = &scene->circles[i];
    ccl_vec2 p = circle->position, lo = scene->box_min, hi = scene->box_max;
    double r = circle->radius;
    bool walls = scene->boundary == CCL_BOUNDARY_WALLS;
    if (walls ? !(p.x - r < lo.x || p.x + r > hi.x || p.y - r < lo.y || p.y + r > hi.y)
              : !(p.x < lo.x || p.x >= hi.x || p.y < lo.y || p.y >= hi.y)) {
        return true;
    }
    char path[CCL_CLI_PATH_NAME_SIZE + 32];
    ccl_cli_scene_item_path(path, sizeof path, places->circles_name, i, NULL);
    ccl_cli_text_pos pos = places->circles[2 * (size_t)i];
    if (walls) {
        return ccl_cli_scene_fail_at(ctx, pos, path,
                                     "circle at (%.17g, %.17g) with radius %.17g is not inside "
                                     "the box [%.17g, %.17g, %.17g, %.17g]",
                                     p.x, p.y, r, lo.x, lo.y, hi.x, hi.y);
    }
    return ccl_cli_scene_fail_at(ctx, pos, path,
                                 "centre (%.17g, %.17g) is outside the periodic box "
                                 "[%.17g, %.17g, %.17g, %.17g]",
                                 p.x, p.y, lo.x, lo.y, hi.x, hi.y);
}

bool ccl_cli_scene_in_box(const ccl_cli_scene_ctx *ctx, const ccl_cli_scene *scene,
                          const ccl_cli_scene_places *places, int list, int i) {
    if (list == 0) {
        return ccl_cli_scene_circle_in_box(ctx, scene, places, i);
    }
    if (list == 2) {
        return ccl_cli_scene_in_periodic_box(ctx, places->points[i], places->points_name, i, NULL,
                                             scene, scene->points[i], "the point");
    }
    const ccl_segment *s = &scene->segments[i];
    const ccl_cli_text_pos *at = &places->segments[3 * (size_t)i];
    return ccl_cli_scene_in_periodic_box(ctx, at[1], places->segments_name, i, "a", scene, s->a,
                                         "the segment's end") &&
           ccl_cli_scene_in_periodic_box(ctx, at[2], places->segments_name, i, "b", scene, s->b,
                                         "the segment's end");
}
