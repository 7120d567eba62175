/* circol CLI: pictures as pixels, for frames of a film and for crowds too large for one SVG
 * element per circle; PNG files by libpng. */
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "raster.h"

/// The background of the box.
static const ccl_cli_rgb ccl_cli_raster_paper = {0xfb, 0xfa, 0xf7};
/// Obstacles and the box's edge.
static const ccl_cli_rgb ccl_cli_raster_ink = {0x33, 0x33, 0x33};

/// A canvas: pixels and the map from world coordinates (y up) to pixels (y down).
typedef struct ccl_cli_canvas {
    unsigned char *rgb;
    int width, height;
    ccl_vec2 origin; ///< World point at the top-left corner.
    double scale;    ///< Pixels per world length.
} ccl_cli_canvas;

/// Blends colour into pixel (x, y) with weight alpha in [0, 1].
static void ccl_cli_canvas_blend(ccl_cli_canvas *canvas, int x, int y, ccl_cli_rgb colour,
                                 double alpha) {
    if (x < 0 || y < 0 || x >= canvas->width || y >= canvas->height || !(alpha > 0.0)) {
        return;
    }
    unsigned char *p = canvas->rgb + 3 * ((size_t)y * (size_t)canvas->width + (size_t)x);
    alpha = fmin(alpha, 1.0);
    p[0] = (unsigned char)lround(p[0] + alpha * (colour.r - p[0]));
    p[1] = (unsigned char)lround(p[1] + alpha * (colour.g - p[1]));
    p[2] = (unsigned char)lround(p[2] + alpha * (colour.b - p[2]));
}

/// A disc of radius r pixels at pixel centre (cx, cy), its edge smoothed over one pixel. A disc
/// under a pixel wide keeps the area it covers as the weight of its pixel.
static void ccl_cli_canvas_disc(ccl_cli_canvas *canvas, double cx, double cy, double r,
                                ccl_cli_rgb colour) {
    if (r < 0.5) {
        ccl_cli_canvas_blend(canvas, (int)floor(cx), (int)floor(cy), colour,
                             fmax(3.14159 * r * r, 0.35));
        return;
    }
    int x0 = (int)fmax(floor(cx - r - 1.0), 0.0), x1 = (int)fmin(ceil(cx + r + 1.0), canvas->width);
    int y0 = (int)fmax(floor(cy - r - 1.0), 0.0),
        y1 = (int)fmin(ceil(cy + r + 1.0), canvas->height);
    for (int y = y0; y < y1; y++) {
        for (int x = x0; x < x1; x++) {
            double d = hypot(x + 0.5 - cx, y + 0.5 - cy);
            ccl_cli_canvas_blend(canvas, x, y, colour, r - d + 0.5);
        }
    }
}

/// A line from a to b (pixels) of half-width w pixels.
static void ccl_cli_canvas_line(ccl_cli_canvas *canvas, ccl_vec2 a, ccl_vec2 b, double w,
                                ccl_cli_rgb colour) {
    int x0 = (int)fmax(floor(fmin(a.x, b.x) - w - 1.0), 0.0);
    int x1 = (int)fmin(ceil(fmax(a.x, b.x) + w + 1.0), canvas->width);
    int y0 = (int)fmax(floor(fmin(a.y, b.y) - w - 1.0), 0.0);
    int y1 = (int)fmin(ceil(fmax(a.y, b.y) + w + 1.0), canvas->height);
    ccl_vec2 ab = ccl_sub(b, a);
    double length2 = ccl_dot(ab, ab);
    for (int y = y0; y < y1; y++) {
        for (int x = x0; x < x1; x++) {
            ccl_vec2 p = ccl_sub(ccl_v2(x + 0.5, y + 0.5), a);
            double t = length2 > 0.0 ? fmin(fmax(ccl_dot(p, ab) / length2, 0.0), 1.0) : 0.0;
            ccl_vec2 off = ccl_sub(p, ccl_scale(ab, t));
            ccl_cli_canvas_blend(canvas, x, y, colour, w - sqrt(ccl_dot(off, off)) + 0.5);
        }
    }
}

/// Pixel coordinates of world point p.
static ccl_vec2 ccl_cli_canvas_at(const ccl_cli_canvas *canvas, ccl_vec2 p) {
    return ccl_v2((p.x - canvas->origin.x) * canvas->scale,
                  (canvas->origin.y - p.y) * canvas->scale);
}

bool ccl_cli_raster_picture(const ccl_cli_svg_picture *picture, const ccl_cli_palette *palette,
                            int width, int height, unsigned char *rgb) {
    ccl_vec2 size = ccl_sub(picture->box_max, picture->box_min);
    ccl_cli_canvas canvas = {rgb, width, height, ccl_v2(picture->box_min.x, picture->box_max.y),
                             fmin(width / size.x, height / size.y)};
    for (size_t k = 0; k < (size_t)width * (size_t)height; k++) {
        memcpy(rgb + 3 * k, &ccl_cli_raster_paper, 3);
    }
    for (int i = 0; i < picture->circle_count; i++) {
        ccl_vec2 images[9];
        int count = ccl_cli_svg_images(picture, i, images);
        for (int k = 0; k < count; k++) {
            ccl_vec2 at = ccl_cli_canvas_at(&canvas, images[k]);
            ccl_cli_canvas_disc(&canvas, at.x, at.y, picture->circles[i].radius * canvas.scale,
                                palette->colours[i]);
        }
    }
    for (int k = 0; k < picture->segment_count; k++) {
        ccl_cli_canvas_line(&canvas, ccl_cli_canvas_at(&canvas, picture->segments[k].a),
                            ccl_cli_canvas_at(&canvas, picture->segments[k].b), 1.2,
                            ccl_cli_raster_ink);
    }
    for (int k = 0; k < picture->point_count; k++) {
        ccl_vec2 at = ccl_cli_canvas_at(&canvas, picture->points[k]);
        ccl_cli_canvas_disc(&canvas, at.x, at.y, 2.0, ccl_cli_raster_ink);
    }
    return true;
}

/// libpng's error handler: back to the setjmp of the writer.
static void ccl_cli_png_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

/// libpng's warning handler: silent (a warning changes nothing written).
static void ccl_cli_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

bool ccl_cli_png_write(FILE *out, const unsigned char *rgb, int width, int height) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, ccl_cli_png_error,
                                              ccl_cli_png_warning);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return false;
    }
    png_init_io(png, out);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        png_write_row(png, rgb + 3 * (size_t)y * (size_t)width);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return !ferror(out);
}

/// The pixel size of a picture width pixels across the box's longer side, each even (as video
/// encoders want them).
static void ccl_cli_png_size(const ccl_cli_svg_picture *picture, int width, int *w, int *h) {
    ccl_vec2 size = ccl_sub(picture->box_max, picture->box_min);
    double scale = width / fmax(size.x, size.y);
    *w = 2 * (int)fmax(ceil(0.5 * size.x * scale), 1.0);
    *h = 2 * (int)fmax(ceil(0.5 * size.y * scale), 1.0);
}

bool ccl_cli_png_write_picture(FILE *out, const ccl_cli_svg_picture *picture, int width) {
    int w, h;
    ccl_cli_png_size(picture, width, &w, &h);
    ccl_cli_palette palette;
    unsigned char *rgb = malloc(3 * (size_t)w * (size_t)h);
    bool ok = rgb != NULL && ccl_cli_palette_make(picture, &palette);
    if (ok) {
        ccl_cli_raster_picture(picture, &palette, w, h, rgb);
        ok = ccl_cli_png_write(out, rgb, w, h);
        ccl_cli_palette_free(&palette);
    }
    free(rgb);
    return ok;
}
