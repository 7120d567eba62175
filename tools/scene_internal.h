/* circol CLI: what the parts of the scene reader share: the piece of text under check, where the
 * parts of the scene lie in the file, and the messages. */
#ifndef CIRCOL_CLI_SCENE_INTERNAL_H
#define CIRCOL_CLI_SCENE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "json_locate.h"
#include "scene.h"

/// Room for a member's name in a JSON path, escaped.
#define CCL_CLI_PATH_NAME_SIZE 64

/// Validation state: the file's name, the message buffer and the piece under check: a value's
/// text and tree, where it starts and its JSON path (prefix, then [index] unless index < 0).
/// With no text, only ccl_cli_scene_fail_at can place a message.
typedef struct ccl_cli_scene_ctx {
    const char *name;
    const char *text;
    size_t length;
    const cJSON *root;
    ccl_cli_text_pos base;
    const char *prefix;
    int index;
    char *error;
    size_t error_size;
} ccl_cli_scene_ctx;

/// Where the parts of a scene lie in its file, for the checks made after the read: the "world"
/// value, and for each item of the lists the item and its parts (a circle and its "r"; a segment,
/// its "a" and its "b"; a point), with the lists' names as the file spells them.
typedef struct ccl_cli_scene_places {
    ccl_cli_text_pos world, circles_array;
    char world_name[CCL_CLI_PATH_NAME_SIZE];
    ccl_cli_text_pos *circles;  ///< 2 a circle.
    ccl_cli_text_pos *segments; ///< 3 a segment.
    ccl_cli_text_pos *points;   ///< 1 a point.
    char circles_name[CCL_CLI_PATH_NAME_SIZE];
    char segments_name[CCL_CLI_PATH_NAME_SIZE];
    char points_name[CCL_CLI_PATH_NAME_SIZE];
} ccl_cli_scene_places;

/// Writes `name:line:column: path: message` about node of the piece (its member name when key)
/// and returns false.
bool ccl_cli_scene_fail(const ccl_cli_scene_ctx *ctx, const cJSON *node, bool key, const char *fmt,
                        ...);

/// Writes `name:line:column: path: message` at pos and returns false (path "" for the top
/// level).
bool ccl_cli_scene_fail_at(const ccl_cli_scene_ctx *ctx, ccl_cli_text_pos pos, const char *path,
                           const char *fmt, ...);

/// Where node of the piece starts in the file.
ccl_cli_text_pos ccl_cli_scene_where(const ccl_cli_scene_ctx *ctx, const cJSON *node);

/// What kind of JSON value node is, for messages ("a string", ...).
const char *ccl_cli_scene_kind(const cJSON *node);

/// Reads the "world" value (the piece's root) into scene.
bool ccl_cli_scene_world(const ccl_cli_scene_ctx *ctx, ccl_cli_scene *scene);

/// Reads the "until" value (the piece's root) into scene.
bool ccl_cli_scene_until(const ccl_cli_scene_ctx *ctx, ccl_cli_scene *scene);

/// Checks a circle (the piece's root) on its own, all but its place in the box, into circle;
/// at receives where it and (when radius_place: only a periodic box can refuse a radius) its
/// "r" start.
bool ccl_cli_scene_circle_read(const ccl_cli_scene_ctx *ctx, ccl_cli_scene_circle *circle,
                               ccl_cli_text_pos at[2], bool radius_place);

/// Checks a segment (the piece's root) on its own, all but its ends' place in a periodic box;
/// at receives where it, its "a" and its "b" start.
bool ccl_cli_scene_segment_read(const ccl_cli_scene_ctx *ctx, ccl_segment *segment,
                                ccl_cli_text_pos at[3]);

/// Checks a point (the piece's root) on its own, all but its place in a periodic box.
bool ccl_cli_scene_point_read(const ccl_cli_scene_ctx *ctx, ccl_vec2 *point);

/// Checks circle i of scene against the box, segment or point i against a periodic box (list:
/// 0 circles, 1 segments, 2 points), at the places of places.
bool ccl_cli_scene_in_box(const ccl_cli_scene_ctx *ctx, const ccl_cli_scene *scene,
                          const ccl_cli_scene_places *places, int list, int i);

/// Builds scene->world from the scene's values: obstacles first, then the circles in file order,
/// each checked by the world (overlaps refused). A refusal is reported at the refused item.
bool ccl_cli_scene_build(const ccl_cli_scene_ctx *ctx, const ccl_cli_scene_places *places,
                         const ccl_world_def *def, ccl_cli_scene *scene);

#endif
