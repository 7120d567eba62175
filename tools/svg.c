/* circol CLI: the SVG picture of a world. World coordinates (y up) are mapped to pixels (y down);
 * axes with round ticks give the scale, a panel at the right the meaning of the colours. */
#include <math.h>
#include <stdlib.h>

#include "svg.h"

#include "raster.h"

/// Longer side of the box in a picture, pixels.
#define CCL_CLI_SVG_SIZE 800.0
/// Room left of and below the box for the axes, above and right of it, pixels.
#define CCL_CLI_SVG_LEFT   60.0
#define CCL_CLI_SVG_BOTTOM 44.0
#define CCL_CLI_SVG_TOP    12.0
#define CCL_CLI_SVG_PANEL  150.0

/// The map from world to pixel coordinates.
typedef struct ccl_cli_svg_map {
    ccl_vec2 origin; ///< World point drawn at the top-left of the box.
    double scale;    ///< Pixels per world length.
    ccl_vec2 size;   ///< The box's size, pixels.
} ccl_cli_svg_map;

/// Pixel x of world x.
static double ccl_cli_svg_x(const ccl_cli_svg_map *map, double x) {
    return CCL_CLI_SVG_LEFT + (x - map->origin.x) * map->scale;
}

/// Pixel y of world y (flipped).
static double ccl_cli_svg_y(const ccl_cli_svg_map *map, double y) {
    return CCL_CLI_SVG_TOP + (map->origin.y - y) * map->scale;
}

/// Writes colour as #rrggbb.
static void ccl_cli_svg_colour(FILE *out, ccl_cli_rgb colour) {
    fprintf(out, "#%02x%02x%02x", colour.r, colour.g, colour.b);
}

/// Writes the trails (their last stretch, or all), one path per circle in its colour.
static void ccl_cli_svg_trails(FILE *out, const ccl_cli_svg_map *map,
                               const ccl_cli_svg_picture *picture, const ccl_cli_palette *palette) {
    const ccl_cli_trails *trails = picture->trails;
    fputs("<g fill=\"none\" stroke-width=\"1.2\" stroke-opacity=\"0.6\" "
          "stroke-linejoin=\"round\">\n",
          out);
    for (int i = 0; i < trails->circle_count && i < picture->circle_count; i++) {
        const ccl_cli_trail *trail = &trails->trails[i];
        int first = picture->trail_mode == CCL_CLI_TRAILS_LAST ? trail->mark : 0;
        if (trail->count - first < 2) {
            continue;
        }
        fputs("<path stroke=\"", out);
        ccl_cli_svg_colour(out, palette->colours[i]);
        fputs("\" d=\"", out);
        bool pen_down = false;
        for (int k = first; k < trail->count; k++) {
            ccl_vec2 p = trail->points[k];
            if (isnan(p.x)) {
                pen_down = false;
                continue;
            }
            fprintf(out, "%s%.1f %.1f", pen_down ? " L" : (k > first ? " M" : "M"),
                    ccl_cli_svg_x(map, p.x), ccl_cli_svg_y(map, p.y));
            pen_down = true;
        }
        fputs("\"/>\n", out);
    }
    fputs("</g>\n", out);
}

/// Writes the circles one element each (in a periodic box, a circle across an edge shows on
/// both sides).
static void ccl_cli_svg_circles(FILE *out, const ccl_cli_svg_map *map,
                                const ccl_cli_svg_picture *picture,
                                const ccl_cli_palette *palette) {
    fprintf(out, "<g stroke=\"#222\" stroke-width=\"0.6\"%s>\n",
            picture->periodic ? " clip-path=\"url(#domain)\"" : "");
    for (int i = 0; i < picture->circle_count; i++) {
        ccl_vec2 at[9];
        int count = ccl_cli_svg_images(picture, i, at);
        for (int k = 0; k < count; k++) {
            fputs("<circle fill=\"", out);
            ccl_cli_svg_colour(out, palette->colours[i]);
            fprintf(out, "\" cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\"/>\n", ccl_cli_svg_x(map, at[k].x),
                    ccl_cli_svg_y(map, at[k].y),
                    fmax(picture->circles[i].radius * map->scale, 0.5));
        }
    }
    fputs("</g>\n", out);
}

/// Writes the circles as one PNG image inside the SVG (base64), for crowds. False when out of
/// memory.
static bool ccl_cli_svg_circles_image(FILE *out, const ccl_cli_svg_map *map,
                                      const ccl_cli_svg_picture *picture,
                                      const ccl_cli_palette *palette) {
    int width = (int)ceil(map->size.x), height = (int)ceil(map->size.y);
    unsigned char *rgb = malloc(3 * (size_t)width * (size_t)height);
    char *png = NULL;
    size_t png_size = 0;
    FILE *memory = rgb != NULL ? open_memstream(&png, &png_size) : NULL;
    bool ok = memory != NULL && ccl_cli_raster_picture(picture, palette, width, height, rgb) &&
              ccl_cli_png_write(memory, rgb, width, height);
    ok = memory != NULL && fclose(memory) == 0 && ok;
    free(rgb);
    if (ok) {
        static const char digits[] =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        fprintf(out,
                "<image x=\"%.2f\" y=\"%.2f\" width=\"%d\" height=\"%d\" "
                "preserveAspectRatio=\"none\" href=\"data:image/png;base64,",
                CCL_CLI_SVG_LEFT, CCL_CLI_SVG_TOP, width, height);
        const unsigned char *p = (const unsigned char *)png;
        for (size_t k = 0; k < png_size; k += 3) {
            unsigned long bits = (unsigned long)p[k] << 16;
            bits |= k + 1 < png_size ? (unsigned long)p[k + 1] << 8 : 0;
            bits |= k + 2 < png_size ? p[k + 2] : 0;
            char quad[5] = {digits[(bits >> 18) & 63], digits[(bits >> 12) & 63],
                            k + 1 < png_size ? digits[(bits >> 6) & 63] : '=',
                            k + 2 < png_size ? digits[bits & 63] : '=', '\0'};
            fputs(quad, out);
        }
        fputs("\"/>\n", out);
    }
    free(png);
    return ok;
}

/// Writes the axes below and left of the box: ticks at round values, numbers, and their names.
static void ccl_cli_svg_axes(FILE *out, const ccl_cli_svg_map *map,
                             const ccl_cli_svg_picture *picture) {
    double bottom = CCL_CLI_SVG_TOP + map->size.y;
    fputs("<g stroke=\"#555\" font-family=\"sans-serif\" font-size=\"11\" fill=\"#333\">\n", out);
    for (int axis = 0; axis < 2; axis++) {
        double lo = axis == 0 ? picture->box_min.x : picture->box_min.y;
        double hi = axis == 0 ? picture->box_max.x : picture->box_max.y;
        double step = ccl_cli_svg_tick_step(hi - lo, axis == 0 ? 8 : 6);
        for (double v = ceil(lo / step) * step; v <= hi + 1e-9 * step; v += step) {
            double shown = fabs(v) < 1e-9 * step ? 0.0 : v;
            if (axis == 0) {
                double x = ccl_cli_svg_x(map, v);
                fprintf(out,
                        "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>"
                        "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" stroke=\"none\">%g"
                        "</text>\n",
                        x, bottom, x, bottom + 5.0, x, bottom + 17.0, shown);
            } else {
                double y = ccl_cli_svg_y(map, v);
                fprintf(out,
                        "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>"
                        "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\" stroke=\"none\">%g"
                        "</text>\n",
                        CCL_CLI_SVG_LEFT - 5.0, y, CCL_CLI_SVG_LEFT, y, CCL_CLI_SVG_LEFT - 8.0,
                        y + 4.0, shown);
            }
        }
    }
    fprintf(out,
            "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" stroke=\"none\">x</text>"
            "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" stroke=\"none\">y</text>\n</g>\n",
            CCL_CLI_SVG_LEFT + 0.5 * map->size.x, bottom + 32.0, 14.0,
            CCL_CLI_SVG_TOP + 0.5 * map->size.y);
}

/// Writes the legend of the colours at the right of the box: the speed's colour bar, or the
/// species with their radius and mass.
static void ccl_cli_svg_legend(FILE *out, const ccl_cli_svg_map *map,
                               const ccl_cli_svg_picture *picture, const ccl_cli_palette *palette) {
    double x = CCL_CLI_SVG_LEFT + map->size.x + 24.0, y = CCL_CLI_SVG_TOP + 4.0;
    fputs("<g font-family=\"sans-serif\" font-size=\"12\" fill=\"#333\">\n", out);
    if (picture->colour_by == CCL_CLI_COLOUR_SPECIES) {
        fprintf(out, "<text x=\"%.2f\" y=\"%.2f\">species</text>\n", x, y + 10.0);
        int rows = palette->species_count + (palette->others ? 1 : 0);
        for (int k = 0; k < rows; k++) {
            double row = y + 30.0 + 20.0 * k;
            fprintf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"6\" stroke=\"#222\" fill=\"", x + 6.0,
                    row - 4.0);
            ccl_cli_svg_colour(out, ccl_cli_species_colour(k));
            if (k == palette->species_count) {
                fprintf(out, "\"/><text x=\"%.2f\" y=\"%.2f\">others</text>\n", x + 18.0, row);
            } else if (palette->species_mass[k] == 0.0) {
                fprintf(out, "\"/><text x=\"%.2f\" y=\"%.2f\">r %.4g, immovable</text>\n", x + 18.0,
                        row, palette->species_radius[k]);
            } else {
                fprintf(out, "\"/><text x=\"%.2f\" y=\"%.2f\">r %.4g, m %.4g</text>\n", x + 18.0,
                        row, palette->species_radius[k], palette->species_mass[k]);
            }
        }
        fputs("</g>\n", out);
        return;
    }
    const double bar = fmin(220.0, map->size.y - 60.0), steps = 44.0;
    fprintf(out, "<text x=\"%.2f\" y=\"%.2f\">speed</text>\n", x, y + 10.0);
    for (int k = 0; k < (int)steps; k++) { /* fast at the top */
        fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"16\" height=\"%.2f\" fill=\"", x,
                y + 20.0 + bar * k / steps, bar / steps + 0.3);
        ccl_cli_svg_colour(out, ccl_cli_viridis(1.0 - (k + 0.5) / steps));
        fputs("\"/>\n", out);
    }
    double top = palette->max_speed > 0.0 ? palette->max_speed : 1.0;
    double step = ccl_cli_svg_tick_step(top, 4);
    for (double v = 0.0; v <= top * (1.0 + 1e-9); v += step) {
        double at = y + 20.0 + bar * (1.0 - v / top);
        fprintf(out,
                "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#333\"/>"
                "<text x=\"%.2f\" y=\"%.2f\">%g</text>\n",
                x + 16.0, at, x + 20.0, at, x + 23.0, at + 4.0, v);
    }
    fprintf(out, "<text x=\"%.2f\" y=\"%.2f\">top: %.4g</text>\n", x, y + 38.0 + bar,
            palette->max_speed);
    if (palette->immovable) {
        fprintf(out,
                "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"6\" fill=\"#777\" stroke=\"#222\"/>"
                "<text x=\"%.2f\" y=\"%.2f\">immovable</text>\n",
                x + 6.0, y + 58.0 + bar, x + 18.0, y + 62.0 + bar);
    }
    fputs("</g>\n", out);
}

/// Writes the box, its obstacles and (unless drawn as an image) nothing else.
static void ccl_cli_svg_obstacles(FILE *out, const ccl_cli_svg_map *map,
                                  const ccl_cli_svg_picture *picture) {
    fputs("<g stroke=\"#333\" stroke-width=\"2.5\" stroke-linecap=\"round\">\n", out);
    for (int k = 0; k < picture->segment_count; k++) {
        ccl_segment s = picture->segments[k];
        fprintf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n",
                ccl_cli_svg_x(map, s.a.x), ccl_cli_svg_y(map, s.a.y), ccl_cli_svg_x(map, s.b.x),
                ccl_cli_svg_y(map, s.b.y));
    }
    fputs("</g>\n<g fill=\"#333\">\n", out);
    for (int k = 0; k < picture->point_count; k++) {
        fprintf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"2.5\"/>\n",
                ccl_cli_svg_x(map, picture->points[k].x), ccl_cli_svg_y(map, picture->points[k].y));
    }
    fputs("</g>\n", out);
}

bool ccl_cli_svg_write_picture(FILE *out, const ccl_cli_svg_picture *picture) {
    ccl_cli_palette palette;
    if (!ccl_cli_palette_make(picture, &palette)) {
        return false;
    }
    ccl_vec2 size = ccl_sub(picture->box_max, picture->box_min);
    double scale = CCL_CLI_SVG_SIZE / fmax(size.x, size.y);
    ccl_cli_svg_map map = {{picture->box_min.x, picture->box_max.y}, scale, ccl_scale(size, scale)};
    double width = CCL_CLI_SVG_LEFT + map.size.x + CCL_CLI_SVG_PANEL;
    double height = CCL_CLI_SVG_TOP + fmax(map.size.y, 320.0) + CCL_CLI_SVG_BOTTOM + 24.0;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.2f %.2f\">\n"
            "<rect x=\"0\" y=\"0\" width=\"%.2f\" height=\"%.2f\" fill=\"#fbfaf7\"/>\n",
            width, height, width, height, width, height);
    fprintf(out,
            "<clipPath id=\"domain\"><rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
            "height=\"%.2f\"/></clipPath>\n",
            CCL_CLI_SVG_LEFT, CCL_CLI_SVG_TOP, map.size.x, map.size.y);
    bool image = picture->circle_count > CCL_CLI_SVG_MAX_CIRCLES;
    bool ok = !image || ccl_cli_svg_circles_image(out, &map, picture, &palette);
    if (picture->trails != NULL && picture->trails->trails != NULL &&
        picture->trail_mode != CCL_CLI_TRAILS_NONE) {
        ccl_cli_svg_trails(out, &map, picture, &palette);
    }
    ccl_cli_svg_obstacles(out, &map, picture);
    if (!image) {
        ccl_cli_svg_circles(out, &map, picture, &palette);
    }
    fprintf(out,
            "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\" "
            "stroke=\"#333\" stroke-width=\"2\"%s/>\n",
            CCL_CLI_SVG_LEFT, CCL_CLI_SVG_TOP, map.size.x, map.size.y,
            picture->periodic ? " stroke-dasharray=\"6 4\"" : "");
    ccl_cli_svg_axes(out, &map, picture);
    ccl_cli_svg_legend(out, &map, picture, &palette);
    if (picture->title != NULL) {
        fprintf(out,
                "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"14\" "
                "fill=\"#333\">",
                CCL_CLI_SVG_LEFT, height - 10.0);
        ccl_cli_svg_text(out, picture->title);
        fputs("</text>\n", out);
    }
    fputs("</svg>\n", out);
    ccl_cli_palette_free(&palette);
    return ok && !ferror(out);
}
