/* circol CLI: pictures of a world's state with trails (SVG, or PNG for frames and crowds), and of
 * a histogram against a curve. */
#ifndef CIRCOL_CLI_SVG_H
#define CIRCOL_CLI_SVG_H

#include <stdbool.h>
#include <stdio.h>

#include <circol/circol.h>

#include "picture.h"

/// Circles beyond which a picture draws them as an image (a PNG inside the SVG) rather than one
/// SVG element each, so that the file stays small: about 3 MB at most.
#define CCL_CLI_SVG_MAX_CIRCLES 20000

/// Writes the picture as an SVG document (800 px across the longer side of the box), with axes,
/// a scale, the legend of its colours and the time. False on a write error or out of memory.
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
    const char *y_label;         ///< Caption of the vertical axis, or NULL.
    const char *curve_label;     ///< Legend for the curve, or NULL.
    const char *note;            ///< A line under the legend (figures of the fit), or NULL.
} ccl_cli_svg_histogram;

/// Writes text into an SVG document with the XML special characters escaped.
void ccl_cli_svg_text(FILE *out, const char *text);

/// A round step (1, 2 or 5 times a power of ten) for axis ticks covering span in about count
/// steps.
double ccl_cli_svg_tick_step(double span, int count);

/// Writes the histogram as an SVG document. False on a write error.
bool ccl_cli_svg_write_histogram(FILE *out, const ccl_cli_svg_histogram *histogram);

#endif
