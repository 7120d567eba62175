/* circol CLI: pictures as pixels, for frames of a film and for crowds too large for one SVG
 * element per circle; PNG files. */
#ifndef CIRCOL_CLI_RASTER_H
#define CIRCOL_CLI_RASTER_H

#include <stdbool.h>
#include <stdio.h>

#include "picture.h"

/// Draws the picture (the box, obstacles and circles; no text) into rgb (width x height pixels,
/// 3 bytes each, rows from the top). False when out of memory.
bool ccl_cli_raster_picture(const ccl_cli_svg_picture *picture, const ccl_cli_palette *palette,
                            int width, int height, unsigned char *rgb);

/// Writes rgb (width x height pixels) as a PNG file. False on a write error.
bool ccl_cli_png_write(FILE *out, const unsigned char *rgb, int width, int height);

/// Writes the picture as a PNG file, width pixels across the longer side. False on a write error
/// or out of memory.
bool ccl_cli_png_write_picture(FILE *out, const ccl_cli_svg_picture *picture, int width);

#endif
