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

/* The picture's size and margins, and the scale from the data to it. */
typedef struct histogram_frame {
    double width, height, left, right, top, bottom;
    double x_max, y_max, sx, sy, base;
} histogram_frame;

/* Points at which the curve is sampled, both to scale the plot and to draw it. */
static const int HISTOGRAM_SAMPLES = 400;

/* The plot's scale: the bins' width in all, and 1.1 times the highest bar or curve point. */
static histogram_frame histogram_scale(const ccl_cli_svg_histogram *histogram) {
    histogram_frame fr = {720.0, 440.0, 80.0, 20.0, 40.0, 60.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    fr.x_max = histogram->bin_width * histogram->bins;
    double y_max = 0.0;
    for (int k = 0; k < histogram->bins; k++) {
        y_max = fmax(y_max, histogram->density[k]);
    }
    for (int k = 0; histogram->curve != NULL && k <= HISTOGRAM_SAMPLES; k++) {
        double y = histogram->curve(fr.x_max * k / HISTOGRAM_SAMPLES, histogram->curve_user);
        y_max = isfinite(y) ? fmax(y_max, y) : y_max;
    }
    fr.y_max = y_max > 0.0 ? 1.1 * y_max : 1.0;
    fr.sx = (fr.width - fr.left - fr.right) / fr.x_max;
    fr.sy = (fr.height - fr.top - fr.bottom) / fr.y_max;
    fr.base = fr.height - fr.bottom;
    return fr;
}

/* The background, the bars and the curve through them. */
static void histogram_data(FILE *out, const histogram_frame *fr,
                           const ccl_cli_svg_histogram *histogram) {
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"13\">\n"
            "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#fbfaf7\"/>\n",
            fr->width, fr->height, fr->width, fr->height, fr->width, fr->height);
    fputs("<g fill=\"#7fa7d9\" stroke=\"#4a78b0\" stroke-width=\"0.5\">\n", out);
    for (int k = 0; k < histogram->bins; k++) {
        double h = histogram->density[k] * fr->sy;
        fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>\n",
                fr->left + k * histogram->bin_width * fr->sx, fr->base - h,
                histogram->bin_width * fr->sx, h);
    }
    fputs("</g>\n", out);
    if (histogram->curve != NULL) {
        fputs("<polyline fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\" points=\"", out);
        for (int k = 0; k <= HISTOGRAM_SAMPLES; k++) {
            double x = fr->x_max * k / HISTOGRAM_SAMPLES;
            double y = histogram->curve(x, histogram->curve_user);
            fprintf(out, "%s%.2f,%.2f", k ? " " : "", fr->left + x * fr->sx,
                    fr->base - (isfinite(y) ? y : 0.0) * fr->sy);
        }
        fputs("\"/>\n", out);
    }
}

/* The two axes with their ticks and the axes' labels. */
static void histogram_axes(FILE *out, const histogram_frame *fr,
                           const ccl_cli_svg_histogram *histogram) {
    double left = fr->left, base = fr->base, sx = fr->sx, sy = fr->sy;
    fprintf(out,
            "<g stroke=\"#333\"><line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"/>"
            "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"/></g>\n",
            left, base, fr->width - fr->right, base, left, base, left, fr->top);
    double step = ccl_cli_svg_tick_step(fr->x_max, 8);
    for (double x = 0.0; x <= fr->x_max * (1.0 + 1e-9); x += step) {
        fprintf(out,
                "<line x1=\"%.2f\" y1=\"%.0f\" x2=\"%.2f\" y2=\"%.0f\" stroke=\"#333\"/>"
                "<text x=\"%.2f\" y=\"%.0f\" text-anchor=\"middle\">%g</text>\n",
                left + x * sx, base, left + x * sx, base + 5.0, left + x * sx, base + 20.0, x);
    }
    step = ccl_cli_svg_tick_step(fr->y_max, 6);
    for (double y = 0.0; y <= fr->y_max; y += step) {
        fprintf(out,
                "<line x1=\"%.0f\" y1=\"%.2f\" x2=\"%.0f\" y2=\"%.2f\" stroke=\"#333\"/>"
                "<text x=\"%.0f\" y=\"%.2f\" text-anchor=\"end\">%g</text>\n",
                left - 5.0, base - y * sy, left, base - y * sy, left - 8.0, base - y * sy + 4.0, y);
    }
    if (histogram->x_label != NULL) {
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">",
                left + 0.5 * (fr->width - left - fr->right), fr->height - 18.0);
        ccl_cli_svg_text(out, histogram->x_label);
        fputs("</text>\n", out);
    }
    if (histogram->y_label != NULL) {
        fprintf(out, "<text transform=\"translate(%.0f %.0f) rotate(-90)\" text-anchor=\"middle\">",
                18.0, fr->top + 0.5 * (fr->height - fr->top - fr->bottom));
        ccl_cli_svg_text(out, histogram->y_label);
        fputs("</text>\n", out);
    }
}

/* The note's parts (split at "; ", one per line), the title and the legend. */
static void histogram_texts(FILE *out, const histogram_frame *fr,
                            const ccl_cli_svg_histogram *histogram) {
    double width = fr->width, top = fr->top;
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
        fprintf(out, "<text x=\"%.0f\" y=\"24\" font-size=\"15\">", fr->left);
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
}

bool ccl_cli_svg_write_histogram(FILE *out, const ccl_cli_svg_histogram *histogram) {
    histogram_frame fr = histogram_scale(histogram);
    histogram_data(out, &fr, histogram);
    histogram_axes(out, &fr, histogram);
    histogram_texts(out, &fr, histogram);
    fputs("</svg>\n", out);
    return !ferror(out);
}
