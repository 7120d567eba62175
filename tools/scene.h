/* circol CLI: scene files. Parsing with cJSON, then validation with messages that name the file,
 * line and column and the JSON path of the offending value. */
#ifndef CIRCOL_CLI_SCENE_H
#define CIRCOL_CLI_SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include <circol/circol.h>

/// Room for one error message.
#define CCL_CLI_ERROR_SIZE 1024

/// The largest scene file read, in bytes (1 GiB): checked before reading a regular file, and
/// while reading a stream.
#define CCL_CLI_SCENE_MAX_BYTES ((size_t)1 << 30)

/// One circle of a scene file.
typedef struct ccl_cli_scene_circle {
    ccl_vec2 position;  ///< "x", "y".
    ccl_vec2 velocity;  ///< "vx", "vy".
    double radius;      ///< "r", > 0.
    double mass;        ///< "mass", >= 0 (0: immovable). Default 1.
    double restitution; ///< "restitution" in [0, 1], or -1 (absent) for the world's.
} ccl_cli_scene_circle;

/// A validated scene.
typedef struct ccl_cli_scene {
    ccl_vec2 box_min, box_max;     ///< "world.box": [xmin, ymin, xmax, ymax].
    ccl_boundary boundary;         ///< "world.boundary": "walls" or "periodic".
    ccl_vec2 gravity;              ///< "world.gravity". Default (0, 0).
    double damping;                ///< "world.damping" >= 0. Default 0.
    double restitution;            ///< "world.restitution" in [0, 1]. Default 1.
    ccl_cli_scene_circle *circles; ///< "circles", in file order (a circle's id is its index).
    int circle_count;              ///< Number of circles.
    ccl_segment *segments;         ///< "segments".
    int segment_count;             ///< Number of segments.
    ccl_vec2 *points;              ///< "points".
    int point_count;               ///< Number of points.
    double until;                  ///< "until" >= 0, when has_until.
    bool has_until;                ///< Whether the file gave "until".
    ccl_world *world;              ///< The world the scene describes, checked by the library.
    ccl_circle_id *ids;            ///< The world's handle of each circle, in file order.
} ccl_cli_scene;

/// Parses and validates a scene held in text (length bytes, no NUL needed), calling it name in
/// messages, and builds its world: the world checks the circles as they are added (no two
/// overlap, none overlaps a segment or point, each fits a periodic box), and its refusal is
/// reported at the circle. def gives the world's callbacks and limits (NULL: the defaults); the
/// scene sets the box, boundary, gravity, damping, restitution and CCL_OVERLAP_REJECT. On failure
/// returns false, leaves *scene empty and writes one line to error
/// (`name:line:column: path: what is wrong`).
bool ccl_cli_scene_parse_with(const char *text, size_t length, const char *name,
                              const ccl_world_def *def, ccl_cli_scene *scene, char *error,
                              size_t error_size);

/// ccl_cli_scene_parse_with and the default world definition.
bool ccl_cli_scene_parse(const char *text, size_t length, const char *name, ccl_cli_scene *scene,
                         char *error, size_t error_size);

/// Reads and parses the scene file at path ("-" reads standard input), named name in messages,
/// refusing one of more than CCL_CLI_SCENE_MAX_BYTES. def as for ccl_cli_scene_parse_with.
bool ccl_cli_scene_load(const char *path, const char *name, const ccl_world_def *def,
                        ccl_cli_scene *scene, char *error, size_t error_size);

/// Frees what a successful parse allocated, the world included. An empty scene is allowed.
void ccl_cli_scene_free(ccl_cli_scene *scene);

#endif
