/* circol CLI: SVG helpers shared by the pictures, and the histogram against a curve. */
#include <math.h>
#include <string.h>

#include "svg.h"

void ccl_cli_svg_text(FILE *out, const char *text) {
    for (const char *c = text; *c; c++) {
        const char *entity = *c == '<'   ? "&lt;"
                             : *c == '>' ? "&gt;"
                             : *c == '&' ? "&amp;"
                             : *c == '"' ? "&quot;"
                                         : NULL;
        if (entity != NULL) {
            fputs(entity, out);
        } else {
            fputc(*c, out);
        }
    }
}

double ccl_cli_svg_tick_step(double span, int count) {
    double raw = span / count;
    double power = pow(10.0, floor(log10(raw)));
    double unit = raw / power;
    return power * (unit < 1.5 ? 1.0 : unit < 3.5 ? 2.0 : unit < 7.5 ? 5.0 : 10.0);
}

bool ccl_cli_svg_write_histogram(FILE *out, const ccl_cli_svg_histogram *histogram) {
    const double width = 720.0, height = 440.0, left = 80.0, right = 20.0, top = 40.0,
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
    if (histogram->y_label != NULL) {
        fprintf(out, "<text transform=\"translate(%.0f %.0f) rotate(-90)\" text-anchor=\"middle\">",
                18.0, top + 0.5 * (height - top - bottom));
        ccl_cli_svg_text(out, histogram->y_label);
        fputs("</text>\n", out);
    }
    /* the note's parts, split at "; ", one per line */
    const char *part = histogram->note;
    for (int line = 0; part != NULL && *part != '\0'; line++) {
        const char *end = strstr(part, "; ");
        size_t length = end != NULL ? (size_t)(end - part) : strlen(part);
        char piece[160];
        snprintf(piece, sizeof piece, "%.*s",
                 (int)(length < sizeof piece ? length : sizeof piece - 1), part);
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\">", width - 300.0, top + 52.0 + 17.0 * line);
        ccl_cli_svg_text(out, piece);
        fputs("</text>\n", out);
        part = end != NULL ? end + 2 : NULL;
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
