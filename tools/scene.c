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
#include "periodic.h"

/// Validation state: the source text and tree, for locating errors, and the message buffer.
typedef struct ccl_cli_scene_ctx {
    const char *text;
    size_t length;
    const char *name;
    const cJSON *root;
    char *error;
    size_t error_size;
} ccl_cli_scene_ctx;

/// Writes `name:line:column: path: message` about node (its member name when key) and returns
/// false.
static bool ccl_cli_scene_fail(const ccl_cli_scene_ctx *ctx, const cJSON *node, bool key,
                               const char *fmt, ...) {
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
        return ccl_cli_scene_fail(ctx, node, false, "number out of range (not finite)");
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
    if (damping != NULL && scene->damping > 0.0 &&
        (scene->gravity.x != 0.0 || scene->gravity.y != 0.0)) {
        return ccl_cli_scene_fail(ctx, damping, false,
                                  "gravity and damping together are not supported");
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
        if (!ccl_cli_periodic_fits(r, hi.x - lo.x) || !ccl_cli_periodic_fits(r, hi.y - lo.y)) {
            return ccl_cli_scene_fail(ctx, radius, false,
                                      "radius %.17g is too large for the periodic box %.17g x "
                                      "%.17g: each side must be at least 3 diameters plus a "
                                      "margin of 3e-9 diameters (%.17g here)",
                                      r, hi.x - lo.x, hi.y - lo.y, ccl_cli_periodic_min_side(r));
        }
    }
    return true;
}

/// Order of circles along x, for the sweep that finds overlaps.
typedef struct ccl_cli_scene_order {
    double x;
    int index;
} ccl_cli_scene_order;

/// qsort comparison by x, then index.
static int ccl_cli_scene_order_compare(const void *a, const void *b) {
    const ccl_cli_scene_order *p = a, *q = b;
    if (p->x != q->x) {
        return p->x < q->x ? -1 : 1;
    }
    return (p->index > q->index) - (p->index < q->index);
}

/// The shorter of d and its periodic images (period > 0), else d.
static double ccl_cli_scene_min_image(double d, double period) {
    if (period > 0.0) {
        d = fmod(d, period);
        if (d > 0.5 * period) {
            d -= period;
        } else if (d < -0.5 * period) {
            d += period;
        }
    }
    return d;
}

/// Whether circles i and j overlap (closer than the sum of radii; touching is allowed), with
/// periodic images when the widths are positive.
static bool ccl_cli_scene_pair_overlaps(const ccl_cli_scene *scene, int i, int j, double width,
                                        double height) {
    const ccl_cli_scene_circle *a = &scene->circles[i], *b = &scene->circles[j];
    double dx = ccl_cli_scene_min_image(b->position.x - a->position.x, width);
    double dy = ccl_cli_scene_min_image(b->position.y - a->position.y, height);
    double reach = a->radius + b->radius;
    return dx * dx + dy * dy < reach * reach;
}

/// Fails on the later circle of the first overlapping pair found.
static bool ccl_cli_scene_overlap_fail(const ccl_cli_scene_ctx *ctx, const cJSON *circles, int i,
                                       int j) {
    int first = i < j ? i : j, second = i < j ? j : i;
    return ccl_cli_scene_fail(ctx, cJSON_GetArrayItem(circles, second), false,
                              "overlaps circles[%d]", first);
}

/// Checks that no two circles overlap: a sweep along x over the circles sorted by x, and for a
/// periodic box also the pairs that meet across the x edges.
static bool ccl_cli_scene_check_overlaps(const ccl_cli_scene_ctx *ctx, const cJSON *circles,
                                         const ccl_cli_scene *scene) {
    int n = scene->circle_count;
    if (n < 2) {
        return true;
    }
    ccl_cli_scene_order *order = malloc((size_t)n * sizeof *order);
    if (order == NULL) {
        return ccl_cli_scene_fail(ctx, circles, false, "out of memory");
    }
    double max_radius = 0.0;
    for (int i = 0; i < n; i++) {
        order[i] = (ccl_cli_scene_order){scene->circles[i].position.x, i};
        max_radius = fmax(max_radius, scene->circles[i].radius);
    }
    qsort(order, (size_t)n, sizeof *order, ccl_cli_scene_order_compare);
    bool periodic = scene->boundary == CCL_BOUNDARY_PERIODIC;
    double width = periodic ? scene->box_max.x - scene->box_min.x : 0.0;
    double height = periodic ? scene->box_max.y - scene->box_min.y : 0.0;
    bool ok = true;
    for (int s = 0; s < n && ok; s++) {
        int i = order[s].index;
        double reach = scene->circles[i].radius + max_radius;
        for (int t = s + 1; t < n && order[t].x - order[s].x < reach; t++) {
            if (ccl_cli_scene_pair_overlaps(scene, i, order[t].index, 0.0, height)) {
                ok = ccl_cli_scene_overlap_fail(ctx, circles, i, order[t].index);
                break;
            }
        }
    }
    /* Across the periodic x edges: the leftmost against the rightmost circles. */
    for (int s = 0; periodic && ok && s < n && order[s].x < scene->box_min.x + 2.0 * max_radius;
         s++) {
        for (int t = n - 1; t > s && order[t].x > scene->box_max.x - 2.0 * max_radius; t--) {
            if (ccl_cli_scene_pair_overlaps(scene, order[s].index, order[t].index, width, height)) {
                ok = ccl_cli_scene_overlap_fail(ctx, circles, order[s].index, order[t].index);
                break;
            }
        }
    }
    free(order);
    return ok;
}

/* ---- Circles against segments and points ----
 * The obstacles (segments, then points as segments of length 0) are binned on a uniform grid over
 * the box: each goes into every cell that its stretch within a row of cells, widened by the
 * largest radius, touches, and in a periodic box so do its eight neighbouring images. A circle
 * can then only overlap the obstacles binned in the cell of its centre, and the test of each
 * candidate is the same as testing every pair: near-linear where every pair was quadratic. */

/// The first overlap of a circle with a segment or a point: the first circle in scene order
/// that overlaps any, and its first obstacle (segments before points, each in scene order).
typedef struct ccl_cli_obstacle_overlap {
    int circle;       ///< Index in the scene's circles; -1 when no circle overlaps an obstacle.
    bool point;       ///< Whether the obstacle is a point (else a segment).
    int index;        ///< Index of the obstacle in the scene's segments or points.
    bool across_edge; ///< Whether they overlap only across the edges of a periodic box.
} ccl_cli_obstacle_overlap;

/// Cells at most (and about one per circle or obstacle).
#define CCL_CLI_GRID_MAX_CELLS (1 << 22)
/// (cell, obstacle) entries at most; beyond, every pair is tested instead.
#define CCL_CLI_GRID_MAX_ENTRIES ((size_t)1 << 26)
/// Relative widening of the bins beyond the largest radius, and relative to the coordinates'
/// magnitudes: far more than the rounding of the tests and of the cell arithmetic.
#define CCL_CLI_GRID_SLACK 1e-9

/// The obstacles binned on a grid: the entries of cell c are items[start[c]] to
/// items[start[c + 1] - 1].
typedef struct ccl_cli_grid {
    ccl_vec2 lo, hi;       ///< The box.
    double cell_w, cell_h; ///< Cell sides.
    int nx, ny;            ///< Cells per axis.
    size_t *start;         ///< nx * ny + 1 offsets; while counting, each cell's count.
    size_t *cursor;        ///< While filling, where each cell's next entry goes.
    int *items;            ///< Obstacle numbers (segments, then points).
    size_t entries;        ///< Entries counted.
    bool too_many;         ///< Whether they exceed CCL_CLI_GRID_MAX_ENTRIES.
} ccl_cli_grid;

/// Obstacle number k as a segment: the segments, then the points (a point twice).
static ccl_segment ccl_cli_obstacle(const ccl_cli_scene *scene, int k) {
    if (k < scene->segment_count) {
        return scene->segments[k];
    }
    ccl_vec2 p = scene->points[k - scene->segment_count];
    return ccl_make_segment(p, p);
}

/// Whether circle c overlaps obstacle k (touching is allowed), in the box or, when periodic and
/// across, across its edges: the circle's images shifted by the box's sides are tested too.
static bool ccl_cli_obstacle_hits(const ccl_cli_scene *scene, const ccl_cli_scene_circle *c, int k,
                                  bool across) {
    bool periodic = scene->boundary == CCL_BOUNDARY_PERIODIC;
    ccl_vec2 size = ccl_sub(scene->box_max, scene->box_min);
    ccl_segment s = ccl_cli_obstacle(scene, k);
    bool is_point = k >= scene->segment_count;
    for (int image = 0; image < 9; image++) {
        /* the own image first: 4 is (0, 0) */
        int shifted = (image + 4) % 9;
        if ((!periodic || !across) && shifted != 4) {
            break;
        }
        ccl_vec2 shift = ccl_v2((shifted % 3 - 1) * size.x, (shifted / 3 - 1) * size.y);
        ccl_vec2 centre = ccl_sub(c->position, shift);
        if (is_point) {
            ccl_vec2 d = ccl_sub(s.a, centre);
            if (ccl_dot(d, d) < c->radius * c->radius) {
                return true;
            }
        } else {
            ccl_contact contact;
            if (ccl_circle_segment_contact(ccl_make_circle(centre, c->radius), s, &contact) &&
                contact.depth > 0.0) {
                return true;
            }
        }
    }
    return false;
}

/// The cell index along one axis of value (clamped to the grid).
static int ccl_cli_grid_index(double value, double origin, double cell, int count) {
    double k = floor((value - origin) / cell);
    return (int)fmin(fmax(k, 0.0), (double)(count - 1));
}

/// Counts (or, once counted, fills in) the entries of obstacle k for the cells of row row from
/// column x0 to x1 (coordinates).
static void ccl_cli_grid_row(ccl_cli_grid *grid, int row, double x0, double x1, int k) {
    int first = ccl_cli_grid_index(x0, grid->lo.x, grid->cell_w, grid->nx);
    int last = ccl_cli_grid_index(x1, grid->lo.x, grid->cell_w, grid->nx);
    for (int column = first; column <= last; column++) {
        size_t cell = (size_t)row * (size_t)grid->nx + (size_t)column;
        if (grid->items != NULL) {
            grid->items[grid->cursor[cell]++] = k;
        } else {
            grid->start[cell]++;
            grid->entries++;
        }
    }
    grid->too_many = grid->too_many || grid->entries > CCL_CLI_GRID_MAX_ENTRIES;
}

/// Counts (or fills in) the entries of segment s, obstacle k, widened by margin: row by row, the
/// stretch of the segment within the row (widened), so that a long diagonal segment takes a band
/// of cells and not its whole bounding box.
static void ccl_cli_grid_segment(ccl_cli_grid *grid, ccl_segment s, double margin, int k) {
    double x0 = fmin(s.a.x, s.b.x) - margin, x1 = fmax(s.a.x, s.b.x) + margin;
    double y0 = fmin(s.a.y, s.b.y) - margin, y1 = fmax(s.a.y, s.b.y) + margin;
    if (x1 < grid->lo.x || x0 > grid->hi.x || y1 < grid->lo.y || y0 > grid->hi.y) {
        return; /* no circle's centre lies near it */
    }
    int first = ccl_cli_grid_index(y0, grid->lo.y, grid->cell_h, grid->ny);
    int last = ccl_cli_grid_index(y1, grid->lo.y, grid->cell_h, grid->ny);
    ccl_vec2 axis = ccl_sub(s.b, s.a);
    for (int row = first; row <= last && !grid->too_many; row++) {
        if (axis.y == 0.0) {
            ccl_cli_grid_row(grid, row, x0, x1, k);
            continue;
        }
        double band0 = grid->lo.y + row * grid->cell_h - margin;
        double band1 = grid->lo.y + (row + 1) * grid->cell_h + margin;
        double t0 = (band0 - s.a.y) / axis.y, t1 = (band1 - s.a.y) / axis.y;
        if (t0 > t1) {
            double swap = t0;
            t0 = t1;
            t1 = swap;
        }
        t0 = fmax(t0, 0.0);
        t1 = fmin(t1, 1.0);
        if (t0 > t1) {
            continue;
        }
        double xa = s.a.x + axis.x * t0, xb = s.a.x + axis.x * t1;
        ccl_cli_grid_row(grid, row, fmax(x0, fmin(xa, xb) - margin),
                         fmin(x1, fmax(xa, xb) + margin), k);
    }
}

/// Counts (or fills in) the entries of every obstacle and, in a periodic box, of its images.
static void ccl_cli_grid_bin_all(ccl_cli_grid *grid, const ccl_cli_scene *scene,
                                 double max_radius) {
    bool periodic = scene->boundary == CCL_BOUNDARY_PERIODIC;
    ccl_vec2 size = ccl_sub(grid->hi, grid->lo);
    double box_scale = fabs(grid->lo.x) + fabs(grid->lo.y) + fabs(grid->hi.x) + fabs(grid->hi.y);
    int count = scene->segment_count + scene->point_count;
    for (int k = 0; k < count && !grid->too_many; k++) {
        ccl_segment s = ccl_cli_obstacle(scene, k);
        for (int image = 0; image < 9; image++) {
            if (!periodic && image != 4) {
                continue;
            }
            ccl_vec2 shift = ccl_v2((image % 3 - 1) * size.x, (image / 3 - 1) * size.y);
            ccl_segment moved = ccl_make_segment(ccl_add(s.a, shift), ccl_add(s.b, shift));
            double scale =
                fabs(moved.a.x) + fabs(moved.a.y) + fabs(moved.b.x) + fabs(moved.b.y) + box_scale;
            double margin = max_radius * (1.0 + CCL_CLI_GRID_SLACK) + CCL_CLI_GRID_SLACK * scale;
            ccl_cli_grid_segment(grid, moved, margin, k);
        }
    }
}

/// Chooses the cells: at least the largest diameter, and about as many as circles and obstacles.
static void ccl_cli_grid_shape(ccl_cli_grid *grid, const ccl_cli_scene *scene, double max_radius) {
    grid->lo = scene->box_min;
    grid->hi = scene->box_max;
    double width = grid->hi.x - grid->lo.x, height = grid->hi.y - grid->lo.y;
    double budget = (double)scene->circle_count + scene->segment_count + scene->point_count;
    budget = fmin(budget, (double)CCL_CLI_GRID_MAX_CELLS);
    double side = fmax(2.0 * max_radius, sqrt(width / budget * height));
    double nx = fmin(fmax(floor(width / side), 1.0), budget);
    double ny = fmin(fmax(floor(height / side), 1.0), fmax(floor(budget / nx), 1.0));
    grid->nx = (int)nx;
    grid->ny = (int)ny;
    grid->cell_w = width / nx;
    grid->cell_h = height / ny;
}

/// Every circle against every obstacle: when the grid would hold too many entries.
static void ccl_cli_obstacles_every_pair(const ccl_cli_scene *scene,
                                         ccl_cli_obstacle_overlap *found) {
    int count = scene->segment_count + scene->point_count;
    for (int i = 0; i < scene->circle_count; i++) {
        for (int k = 0; k < count; k++) {
            if (ccl_cli_obstacle_hits(scene, &scene->circles[i], k, true)) {
                found->circle = i;
                found->point = k >= scene->segment_count;
                found->index = found->point ? k - scene->segment_count : k;
                return;
            }
        }
    }
}

/// Each circle against the obstacles of its centre's cell, in scene order. False when out of
/// memory.
static bool ccl_cli_obstacles_by_cell(const ccl_cli_scene *scene, const ccl_cli_grid *grid,
                                      ccl_cli_obstacle_overlap *found) {
    int count = scene->segment_count + scene->point_count;
    int *seen = malloc((size_t)count * sizeof *seen); /* the last circle that tested each */
    if (seen == NULL) {
        return false;
    }
    for (int k = 0; k < count; k++) {
        seen[k] = -1;
    }
    for (int i = 0; i < scene->circle_count && found->circle < 0; i++) {
        const ccl_cli_scene_circle *c = &scene->circles[i];
        int column = ccl_cli_grid_index(c->position.x, grid->lo.x, grid->cell_w, grid->nx);
        int row = ccl_cli_grid_index(c->position.y, grid->lo.y, grid->cell_h, grid->ny);
        size_t cell = (size_t)row * (size_t)grid->nx + (size_t)column;
        int first = count; /* the smallest obstacle number it overlaps: segments come first */
        for (size_t e = grid->start[cell]; e < grid->start[cell + 1]; e++) {
            int k = grid->items[e];
            if (seen[k] != i && k < first) {
                seen[k] = i;
                first = ccl_cli_obstacle_hits(scene, c, k, true) ? k : first;
            }
        }
        if (first < count) {
            found->circle = i;
            found->point = first >= scene->segment_count;
            found->index = found->point ? first - scene->segment_count : first;
        }
    }
    free(seen);
    return true;
}

/// Finds the first overlap, without across_edge.
static bool ccl_cli_obstacles_find(const ccl_cli_scene *scene, ccl_cli_obstacle_overlap *found) {
    *found = (ccl_cli_obstacle_overlap){-1, false, -1, false};
    if (scene->circle_count == 0 || scene->segment_count + scene->point_count == 0) {
        return true;
    }
    double max_radius = 0.0;
    for (int i = 0; i < scene->circle_count; i++) {
        max_radius = fmax(max_radius, scene->circles[i].radius);
    }
    ccl_cli_grid grid = {0};
    ccl_cli_grid_shape(&grid, scene, max_radius);
    size_t cells = (size_t)grid.nx * (size_t)grid.ny;
    grid.start = calloc(cells + 1, sizeof *grid.start);
    if (grid.start == NULL) {
        return false;
    }
    ccl_cli_grid_bin_all(&grid, scene, max_radius); /* counts */
    if (grid.too_many) {
        free(grid.start);
        ccl_cli_obstacles_every_pair(scene, found);
        return true;
    }
    size_t total = 0;
    for (size_t c = 0; c <= cells; c++) { /* counts to offsets */
        size_t here = grid.start[c];
        grid.start[c] = total;
        total += here;
    }
    grid.cursor = malloc(cells * sizeof *grid.cursor);
    grid.items = malloc((total + 1) * sizeof *grid.items);
    bool ok = grid.cursor != NULL && grid.items != NULL;
    if (ok) {
        for (size_t c = 0; c < cells; c++) {
            grid.cursor[c] = grid.start[c];
        }
        ccl_cli_grid_bin_all(&grid, scene, max_radius); /* fills in, in the same order */
        ok = ccl_cli_obstacles_by_cell(scene, &grid, found);
    }
    free(grid.start);
    free(grid.cursor);
    free(grid.items);
    return ok;
}

/// Finds the first overlap (closer than the radius; touching is allowed) of a circle with a
/// segment or a point of scene, across the edges too when the box is periodic (the eight
/// neighbouring images). The circles must lie in the box (centres, for a periodic box). False
/// when out of memory.
static bool ccl_cli_find_obstacle_overlap(const ccl_cli_scene *scene,
                                          ccl_cli_obstacle_overlap *found) {
    if (!ccl_cli_obstacles_find(scene, found)) {
        return false;
    }
    if (found->circle >= 0) {
        int k = found->point ? scene->segment_count + found->index : found->index;
        found->across_edge =
            !ccl_cli_obstacle_hits(scene, &scene->circles[found->circle], k, false);
    }
    return true;
}

/// Checks that no circle overlaps a segment or a point (touching is allowed; in a periodic box
/// across the edges too).
static bool ccl_cli_scene_check_walls(const ccl_cli_scene_ctx *ctx, const cJSON *circles,
                                      const ccl_cli_scene *scene) {
    ccl_cli_obstacle_overlap found;
    if (!ccl_cli_find_obstacle_overlap(scene, &found)) {
        return ccl_cli_scene_fail(ctx, circles, false, "out of memory");
    }
    if (found.circle < 0) {
        return true;
    }
    return ccl_cli_scene_fail(ctx, cJSON_GetArrayItem(circles, found.circle), false,
                              "overlaps %s[%d]%s", found.point ? "points" : "segments", found.index,
                              found.across_edge ? " across the periodic edge" : "");
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

/// Reads the whole tree into scene.
static bool ccl_cli_scene_read(const ccl_cli_scene_ctx *ctx, const cJSON *root,
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
            if (s->a.x == s->b.x && s->a.y == s->b.y) {
                return ccl_cli_scene_fail(ctx, item, false,
                                          "a segment needs two different ends (use \"points\")");
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
    return ccl_cli_scene_check_overlaps(ctx, circles, scene) &&
           ccl_cli_scene_check_walls(ctx, circles, scene);
}

/// Where the offending token of a syntax error in text (length bytes) is, from where cJSON
/// stopped (stop). Where an
/// object wants a member's name (after `{` or `,`) and finds something else, cJSON stops one
/// past that character (`{"a": 1,}` stops past the `}`): back to it.
static size_t ccl_cli_scene_syntax_offset(const char *text, size_t length, size_t stop) {
    if (stop == 0 || stop > length) {
        return stop; /* at the start, or past the end of the file */
    }
    size_t found = stop - 1;
    if (text[found] == '"' || strchr(" \t\r\n", text[found]) != NULL) {
        return stop; /* a string that went wrong inside, or whitespace: cJSON stopped on it */
    }
    size_t before = found;
    while (before > 0 && strchr(" \t\r\n", text[before - 1]) != NULL) {
        before--;
    }
    if (before > 0 && (text[before - 1] == ',' || text[before - 1] == '{')) {
        return found;
    }
    return stop;
}

/// Whether cJSON stopped at offset in text because of its nesting limit: an array or object
/// opens there with CJSON_NESTING_LIMIT of them already open (counted outside strings; the
/// text before offset is what cJSON read without fault).
static bool ccl_cli_scene_too_deep(const char *text, size_t length, size_t offset) {
    if (offset >= length || (text[offset] != '[' && text[offset] != '{')) {
        return false;
    }
    size_t depth = 0;
    bool in_string = false;
    for (size_t k = 0; k < offset; k++) {
        char c = text[k];
        if (in_string) {
            if (c == '\\') {
                k++; /* the escaped character (\" in particular) */
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            depth++;
        } else if ((c == ']' || c == '}') && depth > 0) {
            depth--;
        }
    }
    return depth >= CJSON_NESTING_LIMIT;
}

bool ccl_cli_scene_parse(const char *text, size_t length, const char *name, ccl_cli_scene *scene,
                         char *error, size_t error_size) {
    memset(scene, 0, sizeof *scene);
    scene->restitution = 1.0;
    const char *nul = memchr(text, '\0', length);
    if (nul != NULL) {
        ccl_cli_text_pos pos = ccl_cli_text_position(text, length, (size_t)(nul - text));
        snprintf(error, error_size, "%s:%d:%d: syntax error: NUL byte in the file", name, pos.line,
                 pos.column);
        return false;
    }
    /* cJSON wants the terminating NUL inside the length when it checks for trailing text. */
    char *copy = malloc(length + 1);
    if (copy == NULL) {
        snprintf(error, error_size, "%s: out of memory", name);
        return false;
    }
    memcpy(copy, text, length);
    copy[length] = '\0';
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(copy, length + 1, &end, 1);
    if (root == NULL) {
        size_t offset =
            ccl_cli_scene_syntax_offset(copy, length, end != NULL ? (size_t)(end - copy) : 0);
        ccl_cli_text_pos pos = ccl_cli_text_position(copy, length, offset);
        if (offset >= length) {
            snprintf(error, error_size, "%s:%d:%d: syntax error: unexpected end of file", name,
                     pos.line, pos.column);
        } else if (ccl_cli_scene_too_deep(copy, length, offset)) {
            snprintf(error, error_size,
                     "%s:%d:%d: arrays and objects nested too deep (at most %d levels)", name,
                     pos.line, pos.column, CJSON_NESTING_LIMIT);
        } else {
            size_t n = 0; /* the rest of the line, at most 23 bytes, escaped */
            while (n < 23 && offset + n < length && copy[offset + n] != '\n' &&
                   copy[offset + n] != '\r') {
                n++;
            }
            char near[128];
            ccl_cli_escape_for_message(copy + offset, n, near, sizeof near);
            snprintf(error, error_size, "%s:%d:%d: syntax error: not valid JSON at '%s'", name,
                     pos.line, pos.column, near);
        }
        free(copy);
        return false;
    }
    ccl_cli_scene_ctx ctx = {copy, length, name, root, error, error_size};
    bool ok = ccl_cli_scene_read(&ctx, root, scene);
    cJSON_Delete(root);
    free(copy);
    if (!ok) {
        ccl_cli_scene_free(scene);
    }
    return ok;
}

bool ccl_cli_scene_load(const char *path, ccl_cli_scene *scene, char *error, size_t error_size) {
    memset(scene, 0, sizeof *scene);
    bool from_stdin = strcmp(path, "-") == 0;
    const char *name = from_stdin ? "<stdin>" : path;
    FILE *file = from_stdin ? stdin : fopen(path, "rb");
    if (file == NULL) {
        snprintf(error, error_size, "%s: cannot open: %s", name, strerror(errno));
        return false;
    }
    size_t length = 0, capacity = 1 << 16;
    char *text = malloc(capacity);
    bool ok = text != NULL;
    while (ok) {
        if (length == capacity) {
            char *grown = capacity <= (1u << 30) ? realloc(text, capacity * 2) : NULL;
            ok = grown != NULL;
            text = ok ? grown : text;
            capacity *= 2;
            if (!ok) {
                break;
            }
        }
        size_t got = fread(text + length, 1, capacity - length, file);
        length += got;
        if (got == 0) {
            break;
        }
    }
    if (!ok || ferror(file)) {
        snprintf(error, error_size, "%s: cannot read: %s", name,
                 ok ? strerror(errno) : "file too large");
        ok = false;
    } else {
        ok = ccl_cli_scene_parse(text, length, name, scene, error, error_size);
    }
    free(text);
    if (!from_stdin) {
        fclose(file);
    }
    return ok;
}

void ccl_cli_scene_free(ccl_cli_scene *scene) {
    free(scene->circles);
    free(scene->segments);
    free(scene->points);
    memset(scene, 0, sizeof *scene);
}
