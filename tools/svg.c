/* circol CLI: SVG writing. World coordinates (y up) are mapped to pixels (y down). */
#include "svg.h"

#include <math.h>

/// Longer side of a picture, pixels.
#define CCL_CLI_SVG_SIZE 800.0
/// Margin around the domain, pixels.
#define CCL_CLI_SVG_MARGIN 12.0

/// The map from world to pixel coordinates.
typedef struct ccl_cli_svg_map {
    ccl_vec2 origin; ///< World point drawn at the top-left of the domain.
    double scale;    ///< Pixels per world length.
} ccl_cli_svg_map;

/// Pixel x of world x.
static double ccl_cli_svg_x(const ccl_cli_svg_map *map, double x) {
    return CCL_CLI_SVG_MARGIN + (x - map->origin.x) * map->scale;
}

/// Pixel y of world y (flipped).
static double ccl_cli_svg_y(const ccl_cli_svg_map *map, double y) {
    return CCL_CLI_SVG_MARGIN + (map->origin.y - y) * map->scale;
}

/// Writes text with the XML special characters escaped.
static void ccl_cli_svg_text(FILE *out, const char *text) {
    for (const char *c = text; *c; c++) {
        switch (*c) {
            case '<':
                fputs("&lt;", out);
                break;
            case '>':
                fputs("&gt;", out);
                break;
            case '&':
                fputs("&amp;", out);
                break;
            case '"':
                fputs("&quot;", out);
                break;
            default:
                fputc(*c, out);
        }
    }
}

/// A hue in degrees for circle i, spread by the golden angle.
static double ccl_cli_svg_hue(int i) {
    return fmod(20.0 + 137.507764 * (double)i, 360.0);
}

/// Writes the trails as one path per circle, under the circles.
static void ccl_cli_svg_trails(FILE *out, const ccl_cli_svg_map *map,
                               const ccl_cli_trails *trails) {
    fputs("<g fill=\"none\" stroke-width=\"1.2\" stroke-opacity=\"0.55\" "
          "stroke-linejoin=\"round\">\n",
          out);
    for (int i = 0; i < trails->circle_count; i++) {
        const ccl_cli_trail *trail = &trails->trails[i];
        if (trail->count < 2) {
            continue;
        }
        fprintf(out, "<path stroke=\"hsl(%.0f,70%%,40%%)\" d=\"", ccl_cli_svg_hue(i));
        bool pen_down = false;
        for (int k = 0; k < trail->count; k++) {
            ccl_vec2 p = trail->points[k];
            if (isnan(p.x)) {
                pen_down = false;
                continue;
            }
            fprintf(out, "%s%.1f %.1f", pen_down ? " L" : (k ? " M" : "M"), ccl_cli_svg_x(map, p.x),
                    ccl_cli_svg_y(map, p.y));
            pen_down = true;
        }
        fputs("\"/>\n", out);
    }
    fputs("</g>\n", out);
}

bool ccl_cli_svg_write_picture(FILE *out, const ccl_cli_svg_picture *picture) {
    ccl_vec2 size = ccl_sub(picture->box_max, picture->box_min);
    ccl_cli_svg_map map = {{picture->box_min.x, picture->box_max.y},
                           CCL_CLI_SVG_SIZE / fmax(size.x, size.y)};
    double width = size.x * map.scale + 2.0 * CCL_CLI_SVG_MARGIN;
    double height = size.y * map.scale + 2.0 * CCL_CLI_SVG_MARGIN;
    double caption = picture->title != NULL ? 24.0 : 0.0;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.2f %.2f\">\n",
            width, height + caption, width, height + caption);
    fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%.2f\" height=\"%.2f\" fill=\"#fbfaf7\"/>\n", width,
            height + caption);
    fprintf(out,
            "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\" "
            "stroke=\"#333\" stroke-width=\"2\"%s/>\n",
            CCL_CLI_SVG_MARGIN, CCL_CLI_SVG_MARGIN, size.x * map.scale, size.y * map.scale,
            picture->periodic ? " stroke-dasharray=\"6 4\"" : "");
    if (picture->periodic) {
        fprintf(out,
                "<clipPath id=\"domain\"><rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
                "height=\"%.2f\"/></clipPath>\n",
                CCL_CLI_SVG_MARGIN, CCL_CLI_SVG_MARGIN, size.x * map.scale, size.y * map.scale);
    }
    if (picture->trails != NULL && picture->trails->trails != NULL) {
        ccl_cli_svg_trails(out, &map, picture->trails);
    }
    fputs("<g stroke=\"#333\" stroke-width=\"2.5\" stroke-linecap=\"round\">\n", out);
    for (int k = 0; k < picture->segment_count; k++) {
        ccl_segment s = picture->segments[k];
        fprintf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n",
                ccl_cli_svg_x(&map, s.a.x), ccl_cli_svg_y(&map, s.a.y), ccl_cli_svg_x(&map, s.b.x),
                ccl_cli_svg_y(&map, s.b.y));
    }
    fputs("</g>\n<g fill=\"#333\">\n", out);
    for (int k = 0; k < picture->point_count; k++) {
        fprintf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"2.5\"/>\n",
                ccl_cli_svg_x(&map, picture->points[k].x),
                ccl_cli_svg_y(&map, picture->points[k].y));
    }
    fprintf(out, "</g>\n<g stroke=\"#222\" stroke-width=\"0.6\"%s>\n",
            picture->periodic ? " clip-path=\"url(#domain)\"" : "");
    /* in a periodic box a circle across an edge shows on both sides */
    int images = picture->periodic ? 1 : 0;
    for (int i = 0; i < picture->circle_count; i++) {
        const ccl_cli_svg_circle *c = &picture->circles[i];
        for (int sx = -images; sx <= images; sx++) {
            for (int sy = -images; sy <= images; sy++) {
                ccl_vec2 p = ccl_v2(c->position.x + sx * size.x, c->position.y + sy * size.y);
                if (p.x + c->radius < picture->box_min.x || p.x - c->radius > picture->box_max.x ||
                    p.y + c->radius < picture->box_min.y || p.y - c->radius > picture->box_max.y) {
                    continue;
                }
                if (c->immovable) {
                    fputs("<circle fill=\"#777\"", out);
                } else {
                    fprintf(out, "<circle fill=\"hsl(%.0f,70%%,55%%)\"", ccl_cli_svg_hue(i));
                }
                fprintf(out, " cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\"/>\n", ccl_cli_svg_x(&map, p.x),
                        ccl_cli_svg_y(&map, p.y), fmax(c->radius * map.scale, 0.5));
            }
        }
    }
    fputs("</g>\n", out);
    if (picture->title != NULL) {
        fprintf(out,
                "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"14\" "
                "fill=\"#333\">",
                CCL_CLI_SVG_MARGIN, height + 14.0);
        ccl_cli_svg_text(out, picture->title);
        fputs("</text>\n", out);
    }
    fputs("</svg>\n", out);
    return !ferror(out);
}

/// A round step for axis ticks covering span in about count steps.
static double ccl_cli_svg_tick_step(double span, int count) {
    double raw = span / count;
    double power = pow(10.0, floor(log10(raw)));
    double unit = raw / power;
    return power * (unit < 1.5 ? 1.0 : unit < 3.5 ? 2.0 : unit < 7.5 ? 5.0 : 10.0);
}

bool ccl_cli_svg_write_histogram(FILE *out, const ccl_cli_svg_histogram *histogram) {
    const double width = 720.0, height = 440.0, left = 70.0, right = 20.0, top = 40.0,
                 bottom = 60.0;
    double x_max = histogram->bin_width * histogram->bins;
    double y_max = 0.0;
    for (int k = 0; k < histogram->bins; k++) {
        y_max = fmax(y_max, histogram->density[k]);
    }
    const int samples = 400;
    for (int k = 0; histogram->curve != NULL && k <= samples; k++) {
        double y = histogram->curve(x_max * k / samples, histogram->curve_user);
        y_max = isfinite(y) ? fmax(y_max, y) : y_max;
    }
    y_max = y_max > 0.0 ? 1.1 * y_max : 1.0;
    double sx = (width - left - right) / x_max, sy = (height - top - bottom) / y_max;
    double base = height - bottom;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"13\">\n"
            "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#fbfaf7\"/>\n",
            width, height, width, height, width, height);
    fputs("<g fill=\"#7fa7d9\" stroke=\"#4a78b0\" stroke-width=\"0.5\">\n", out);
    for (int k = 0; k < histogram->bins; k++) {
        double h = histogram->density[k] * sy;
        fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>\n",
                left + k * histogram->bin_width * sx, base - h, histogram->bin_width * sx, h);
    }
    fputs("</g>\n", out);
    if (histogram->curve != NULL) {
        fputs("<polyline fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\" points=\"", out);
        for (int k = 0; k <= samples; k++) {
            double x = x_max * k / samples;
            double y = histogram->curve(x, histogram->curve_user);
            fprintf(out, "%s%.2f,%.2f", k ? " " : "", left + x * sx,
                    base - (isfinite(y) ? y : 0.0) * sy);
        }
        fputs("\"/>\n", out);
    }
    fprintf(out,
            "<g stroke=\"#333\"><line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"/>"
            "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"/></g>\n",
            left, base, width - right, base, left, base, left, top);
    double step = ccl_cli_svg_tick_step(x_max, 8);
    for (double x = 0.0; x <= x_max * (1.0 + 1e-9); x += step) {
        fprintf(out,
                "<line x1=\"%.2f\" y1=\"%.0f\" x2=\"%.2f\" y2=\"%.0f\" stroke=\"#333\"/>"
                "<text x=\"%.2f\" y=\"%.0f\" text-anchor=\"middle\">%g</text>\n",
                left + x * sx, base, left + x * sx, base + 5.0, left + x * sx, base + 20.0, x);
    }
    step = ccl_cli_svg_tick_step(y_max, 6);
    for (double y = 0.0; y <= y_max; y += step) {
        fprintf(out,
                "<line x1=\"%.0f\" y1=\"%.2f\" x2=\"%.0f\" y2=\"%.2f\" stroke=\"#333\"/>"
                "<text x=\"%.0f\" y=\"%.2f\" text-anchor=\"end\">%g</text>\n",
                left - 5.0, base - y * sy, left, base - y * sy, left - 8.0, base - y * sy + 4.0, y);
    }
    if (histogram->x_label != NULL) {
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">",
                left + 0.5 * (width - left - right), height - 18.0);
        ccl_cli_svg_text(out, histogram->x_label);
        fputs("</text>\n", out);
    }
    if (histogram->title != NULL) {
        fprintf(out, "<text x=\"%.0f\" y=\"24\" font-size=\"15\">", left);
        ccl_cli_svg_text(out, histogram->title);
        fputs("</text>\n", out);
    }
    if (histogram->curve_label != NULL) {
        fprintf(out,
                "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#c0392b\" "
                "stroke-width=\"2\"/><text x=\"%.0f\" y=\"%.0f\">",
                width - 300.0, top + 10.0, width - 270.0, top + 10.0, width - 262.0, top + 14.0);
        ccl_cli_svg_text(out, histogram->curve_label);
        fprintf(out,
                "</text>\n<rect x=\"%.0f\" y=\"%.0f\" width=\"30\" height=\"10\" fill=\"#7fa7d9\"/>"
                "<text x=\"%.0f\" y=\"%.0f\">observed</text>\n",
                width - 300.0, top + 22.0, width - 262.0, top + 32.0);
    }
    fputs("</svg>\n", out);
    return !ferror(out);
}
