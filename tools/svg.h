/* circol CLI: SVG pictures of a world's state with trails, and of a histogram against a curve. */
#ifndef CIRCOL_CLI_SVG_H
#define CIRCOL_CLI_SVG_H

#include <stdbool.h>
#include <stdio.h>

#include <circol/circol.h>

#include "trail.h"

/// A circle as drawn.
typedef struct ccl_cli_svg_circle {
    ccl_vec2 position; ///< Centre (world coordinates, y up).
    double radius;     ///< Radius (world length).
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
    const ccl_cli_svg_circle *circles; ///< The circles, colour by index.
    int circle_count;                  ///< Number of circles.
    const ccl_cli_trails *trails;      ///< Their paths, or NULL.
    const char *title;                 ///< Caption (escaped when written), or NULL.
} ccl_cli_svg_picture;

/// Writes the picture as an SVG document (800 px across the longer side). False on a write error.
bool ccl_cli_svg_write_picture(FILE *out, const ccl_cli_svg_picture *picture);

/// A density curve y = f(x) drawn over a histogram.
typedef double ccl_cli_svg_curve_fn(double x, void *user);

/// A histogram of equal bins from 0, with a curve to compare it with.
typedef struct ccl_cli_svg_histogram {
    const double *density;       ///< Observed density in each bin (count / (total * width)).
    int bins;                    ///< Number of bins.
    double bin_width;            ///< Width of a bin.
    ccl_cli_svg_curve_fn *curve; ///< Expected density, or NULL.
    void *curve_user;            ///< Passed to curve.
    const char *title;           ///< Caption, or NULL.
    const char *x_label;         ///< Axis caption, or NULL.
    const char *curve_label;     ///< Legend for the curve, or NULL.
} ccl_cli_svg_histogram;

/// Writes the histogram as an SVG document. False on a write error.
bool ccl_cli_svg_write_histogram(FILE *out, const ccl_cli_svg_histogram *histogram);

#endif
