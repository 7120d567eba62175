/* circol CLI: what a picture of a world's state shows (its circles, obstacles and trails), the
 * colours of its circles, and where each circle shows in the box; drawn by svg.c and raster.c. */
#ifndef CIRCOL_CLI_PICTURE_H
#define CIRCOL_CLI_PICTURE_H

#include <stdbool.h>

#include <circol/circol.h>

#include "colour.h"
#include "trail.h"

/// What the colour of a circle says.
typedef enum ccl_cli_colour_by {
    CCL_CLI_COLOUR_SPEED = 0, ///< Its speed, on the viridis map, with a colour bar.
    CCL_CLI_COLOUR_SPECIES,   ///< Its kind (radius and mass), with a legend.
} ccl_cli_colour_by;

/// How much of each followed circle's path is drawn.
typedef enum ccl_cli_trail_mode {
    CCL_CLI_TRAILS_LAST = 0, ///< The path over the last tenth of the run.
    CCL_CLI_TRAILS_ALL,      ///< The whole path.
    CCL_CLI_TRAILS_NONE,     ///< None.
} ccl_cli_trail_mode;

/// A circle as drawn.
typedef struct ccl_cli_svg_circle {
    ccl_vec2 position; ///< Centre (world coordinates, y up).
    ccl_vec2 velocity; ///< Velocity (colour by speed).
    double radius;     ///< Radius (world length).
    double mass;       ///< Mass (colour by species).
    bool immovable;    ///< Drawn grey.
} ccl_cli_svg_circle;

/// What a picture of a world shows.
typedef struct ccl_cli_svg_picture {
    ccl_vec2 box_min, box_max;         ///< The domain.
    bool periodic;                     ///< Periodic edges are drawn dashed.
    const ccl_segment *segments;       ///< Static segments.
    int segment_count;                 ///< Number of segments.
    const ccl_vec2 *points;            ///< Static points.
    int point_count;                   ///< Number of points.
    const ccl_cli_svg_circle *circles; ///< The circles.
    int circle_count;                  ///< Number of circles.
    const ccl_cli_trails *trails;      ///< Their paths, or NULL.
    ccl_cli_trail_mode trail_mode;     ///< How much of the paths.
    ccl_cli_colour_by colour_by;       ///< What colour says.
    const char *title;                 ///< Caption (escaped when written), or NULL.
} ccl_cli_svg_picture;

/// The colours of a picture's circles, and what they mean.
typedef struct ccl_cli_palette {
    ccl_cli_rgb *colours;                       ///< One per circle.
    double max_speed;                           ///< Top of the speed scale (colour by speed).
    int species_count;                          ///< Species told apart (colour by species).
    double species_radius[CCL_CLI_SPECIES_MAX]; ///< Their radii...
    double species_mass[CCL_CLI_SPECIES_MAX];   ///< ...and masses (0: immovable).
    bool others;                                ///< Whether more kinds share one grey.
    bool immovable;                             ///< Whether any circle is immovable.
} ccl_cli_palette;

/// Colours the circles of picture. False when out of memory.
bool ccl_cli_palette_make(const ccl_cli_svg_picture *picture, ccl_cli_palette *palette);

/// Frees a palette. A zeroed one is allowed.
void ccl_cli_palette_free(ccl_cli_palette *palette);

/// Where circle i of picture shows: its centre and, in a periodic box, the images of it across
/// the edges, those that reach into the box (a circle across an edge shows on both sides). Writes
/// them into at in a fixed order and returns how many (1 to 9; 0 for a circle outside the box).
int ccl_cli_svg_images(const ccl_cli_svg_picture *picture, int i, ccl_vec2 at[9]);

#endif
