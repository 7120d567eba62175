/* circol CLI: what the parts of the scene reader share: the validation state and its messages. */
#ifndef CIRCOL_CLI_SCENE_INTERNAL_H
#define CIRCOL_CLI_SCENE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "scene.h"

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
bool ccl_cli_scene_fail(const ccl_cli_scene_ctx *ctx, const cJSON *node, bool key, const char *fmt,
                        ...);

/// Reads the whole tree into scene, the world included (def: its callbacks and limits, or NULL).
bool ccl_cli_scene_read(const ccl_cli_scene_ctx *ctx, const cJSON *root, const ccl_world_def *def,
                        ccl_cli_scene *scene);

/// Builds scene->world from the scene's values: obstacles first, then the circles in file order,
/// each checked by the world (overlaps refused). A refusal is reported at the refused item of
/// the tree (circles, segments, points: the arrays of root).
bool ccl_cli_scene_build(const ccl_cli_scene_ctx *ctx, const cJSON *root, const ccl_world_def *def,
                         ccl_cli_scene *scene);

#endif
