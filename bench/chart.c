/* circol_bench: the run's figures as one SVG picture (--svg FILE), drawn from the recorded rows.
 *
 * Three panels: the narrow phase's time per pair against Box2D's and the textbook root's (log
 * scale); the hard-disk gas's collisions per second against N for each packing fraction, with the
 * targets; the balls in a box against the stepping engines (log scale), with each
 * engine's pass-throughs. A panel whose figures this run did not measure says so. Every number
 * drawn is also written as text beside its bar or point, with the value bench_record printed. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "svg.h"

#define CHART_WIDTH  960.0
#define PANEL_HEIGHT 330.0
#define PANEL_GAP    24.0
/* the plotting area inside a panel: left edge, width, top below the title, height */
#define PLOT_LEFT   300.0
#define PLOT_WIDTH  400.0
#define PLOT_TOP    52.0
#define PLOT_HEIGHT 236.0

static const char *const CHART_FONT = "font-family=\"DejaVu Sans, Arial, sans-serif\"";
static const char *const CIRCOL_COLOUR = "#1f77b4";
static const char *const PEER_COLOUR = "#b0b0b0";
static const char *const TEXTBOOK_COLOUR = "#e0c080";

/* A text element at (x, y): anchor "start", "middle" or "end", a size in pixels, bold or not, a
 * colour (NULL: the default black). */
static void chart_text_in(FILE *f, double x, double y, const char *anchor, double size, bool bold,
                          const char *fill, const char *text) {
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%.0f\"%s %s", x, y,
            anchor, size, bold ? " font-weight=\"bold\"" : "", CHART_FONT);
    if (fill != NULL) {
        fprintf(f, " fill=\"%s\"", fill);
    }
    fputc('>', f);
    ccl_cli_svg_text(f, text);
    fputs("</text>\n", f);
}

static void chart_text(FILE *f, double x, double y, const char *anchor, double size, bool bold,
                       const char *text) {
    chart_text_in(f, x, y, anchor, size, bold, NULL, text);
}

/* The panel's frame and title; returns its top edge. */
static double chart_panel(FILE *f, int index, const char *id, const char *title,
                          const char *subtitle) {
    double top = PANEL_GAP + index * (PANEL_HEIGHT + PANEL_GAP);
    fprintf(f, "<g id=\"%s\">\n", id);
    fprintf(f,
            "<rect x=\"12\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#fafafa\" "
            "stroke=\"#dddddd\"/>\n",
            top, CHART_WIDTH - 24.0, PANEL_HEIGHT);
    chart_text(f, 28.0, top + 24.0, "start", 16.0, true, title);
    chart_text(f, 28.0, top + 42.0, "start", 12.0, false, subtitle);
    return top;
}

static void chart_panel_end(FILE *f) {
    fputs("</g>\n", f);
}

/* A horizontal log axis from 10^lo to 10^hi across the plot, with a grid line per decade. */
static double chart_log_x(double value, int lo, int hi) {
    double t = (log10(value) - lo) / (double)(hi - lo);
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return PLOT_LEFT + t * PLOT_WIDTH;
}

static void chart_log_axis(FILE *f, double top, int lo, int hi, const char *unit) {
    for (int e = lo; e <= hi; ++e) {
        double x = chart_log_x(pow(10.0, e), lo, hi);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n",
                x, top + PLOT_TOP, x, top + PLOT_TOP + PLOT_HEIGHT);
        char label[32];
        snprintf(label, sizeof label, "%g %s", pow(10.0, e), e == hi ? unit : "");
        chart_text(f, x, top + PLOT_TOP + PLOT_HEIGHT + 18.0, "middle", 11.0, false, label);
    }
}

/* One bar of a log-scale panel: its row (0 at the top of rows), label, value, colour, and the
 * text written after the bar. */
static void chart_bar(FILE *f, double top, int row, int rows, int lo, int hi, const char *label,
                      double value, const char *colour, const char *after) {
    double pitch = PLOT_HEIGHT / rows;
    double y = top + PLOT_TOP + row * pitch + 0.18 * pitch;
    double height = 0.64 * pitch;
    double x0 = PLOT_LEFT, x1 = chart_log_x(value, lo, hi);
    chart_text(f, PLOT_LEFT - 10.0, y + 0.5 * height + 4.0, "end", 12.0, false, label);
    fprintf(f,
            "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
            "fill=\"%s\" data-value=\"%.6g\"/>\n",
            x0, y, x1 - x0 > 1.0 ? x1 - x0 : 1.0, height, colour, value);
    /* after the bar; inside it, in white, when it would run past the panel's edge (about 6.8
     * pixels a character at this size) and fits there */
    double needed = 6.8 * (double)strlen(after);
    if (x1 + 6.0 + needed > CHART_WIDTH - 30.0 && x1 - x0 > needed + 12.0) {
        chart_text_in(f, x1 - 6.0, y + 0.5 * height + 4.0, "end", 12.0, false, "white", after);
    } else {
        chart_text(f, x1 + 6.0, y + 0.5 * height + 4.0, "start", 12.0, false, after);
    }
}

static void chart_missing(FILE *f, double top) {
    chart_text(f, CHART_WIDTH / 2.0, top + PANEL_HEIGHT / 2.0, "middle", 14.0, false,
               "not measured in this run");
}

/* ---- the narrow phase ---- */

static void chart_narrow(FILE *f, int index) {
    double pairs, hits, depth;
    char subtitle[160] = "nanoseconds, log scale";
    if (bench_value("sweep_scalar", "pairs (exact hits within t_max)", &pairs) &&
        bench_value("sweep_scalar", "exact hits within t_max", &hits)) {
        snprintf(subtitle, sizeof subtitle,
                 "nanoseconds, log scale; %.0f random pairs, %.0f of which meet within t_max",
                 pairs, hits);
    }
    double top =
        chart_panel(f, index, "narrow", "Narrow phase: time per pair of moving circles", subtitle);
    double scalar, box2d, textbook, batch_rate;
    bool have_scalar =
        bench_value("sweep_scalar", "circol ccl_sweep_circles, time per pair", &scalar) &&
        bench_value("sweep_scalar", "Box2D b2TimeOfImpact, time per pair", &box2d) &&
        bench_value("sweep_scalar", "textbook root in double, time per pair", &textbook);
    bool have_batch =
        bench_value("sweep_batch", "1024 pairs (in cache): ccl_sweep_circles_batch", &batch_rate) &&
        batch_rate > 0.0;
    if (!have_scalar && !have_batch) {
        chart_missing(f, top);
        chart_panel_end(f);
        return;
    }
    const int lo = -1, hi = 3, rows = 4;
    chart_log_axis(f, top, lo, hi, "ns");
    char text[96];
    if (have_scalar) {
        if (bench_value("sweep_scalar", "box2d: mean penetration at Box2D's t (exact)", &depth)) {
            snprintf(text, sizeof text, "%.3g ns (%.1fx circol's), stops %.2g deep", box2d,
                     box2d / scalar, depth);
        } else {
            snprintf(text, sizeof text, "%.3g ns (%.1fx circol's time)", box2d, box2d / scalar);
        }
        chart_bar(f, top, 0, rows, lo, hi, "Box2D b2TimeOfImpact (float)", box2d, PEER_COLOUR,
                  text);
        snprintf(text, sizeof text, "%.3g ns: t, exit, normal, point, exact", scalar);
        chart_bar(f, top, 1, rows, lo, hi, "circol ccl_sweep_circles", scalar, CIRCOL_COLOUR, text);
    }
    if (have_batch) {
        double ns = 1000.0 / batch_rate;
        snprintf(text, sizeof text, "%.3g ns (%.3g M pairs/s): t, bit for bit", ns, batch_rate);
        chart_bar(f, top, 2, rows, lo, hi, "circol batch, in cache", ns, CIRCOL_COLOUR, text);
    }
    if (have_scalar) {
        snprintf(text, sizeof text, "%.3g ns: t only, wrong for far grazing pairs", textbook);
        chart_bar(f, top, 3, rows, lo, hi, "textbook root (double)", textbook, TEXTBOOK_COLOUR,
                  text);
    }
    chart_panel_end(f);
}

/* ---- the gas ---- */

static const int GAS_SIZES[] = {1000, 10000, 100000, 1000000};
static const double GAS_ETAS[] = {0.2, 0.5, 0.7};
static const char *const GAS_COLOURS[] = {"#9ecae1", "#1f77b4", "#08306b"};

/* The gas's rates recorded in this run, per packing fraction and size, and where they lie. */
typedef struct gas_plot {
    double rate[3][4];
    bool have[3][4];
    int points;
    double top, left, width, bottom, y_max;
} gas_plot;

static void gas_read(gas_plot *p) {
    double highest = 0.0;
    p->points = 0;
    for (int e = 0; e < 3; ++e) {
        for (int s = 0; s < 4; ++s) {
            char metric[96];
            snprintf(metric, sizeof metric, "N=%d eta=%g: collisions per second", GAS_SIZES[s],
                     GAS_ETAS[e]);
            p->have[e][s] = bench_value("gas", metric, &p->rate[e][s]) && p->rate[e][s] > 0.0;
            if (p->have[e][s]) {
                highest = p->rate[e][s] > highest ? p->rate[e][s] : highest;
                ++p->points;
            }
        }
    }
    p->y_max = ceil(fmax(highest, 4.0) + 0.5);
}

static double gas_x(const gas_plot *p, int s) {
    return p->left + p->width * ((double)(s) + 0.5) / 4.0;
}

static double gas_y(const gas_plot *p, double v) {
    return p->bottom - PLOT_HEIGHT * (v) / p->y_max;
}

/* The grid lines with their rates, and the sizes under the plot. */
static void gas_axes(FILE *f, const gas_plot *p) {
    for (int k = 0; k <= (int)p->y_max; ++k) {
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n",
                p->left, gas_y(p, k), p->left + p->width, gas_y(p, k));
        char label[16];
        snprintf(label, sizeof label, "%d", k);
        chart_text(f, p->left - 8.0, gas_y(p, k) + 4.0, "end", 11.0, false, label);
    }
    static const char *const size_labels[] = {"N = 10^3", "N = 10^4", "N = 10^5", "N = 10^6"};
    for (int s = 0; s < 4; ++s) {
        chart_text(f, gas_x(p, s), p->bottom + 18.0, "middle", 11.0, false, size_labels[s]);
    }
}

/* The targets: 4 M/s at 10^4 and 2 M/s at 10^6, packing fraction 0.5. */
static void gas_targets(FILE *f, const gas_plot *p) {
    const struct {
        int s;
        double v;
    } targets[] = {{1, 4.0}, {3, 2.0}};
    for (int t = 0; t < 2; ++t) {
        double x = gas_x(p, targets[t].s), y = gas_y(p, targets[t].v);
        fprintf(f,
                "<line class=\"target\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#d62728\" stroke-width=\"2\" stroke-dasharray=\"5,3\" "
                "data-value=\"%g\"/>\n",
                x - 44.0, y, x - 6.0, y, targets[t].v);
    }
    /* the marks left of the points and named in the legend: the points' labels are on the right */
    double target_y = p->top + 62.0 + 18.0 * 3;
    fprintf(f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#d62728\" "
            "stroke-width=\"2\" stroke-dasharray=\"5,3\"/>\n",
            CHART_WIDTH - 210.0, target_y - 4.0, CHART_WIDTH - 186.0, target_y - 4.0);
    chart_text(f, CHART_WIDTH - 180.0, target_y, "start", 11.0, false,
               "targets (packing fraction 0.5)");
}

/* One packing fraction's line, its labelled points and its legend entry. */
static void gas_series(FILE *f, const gas_plot *p, int e) {
    fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2.5\" points=\"",
            GAS_COLOURS[e]);
    for (int s = 0; s < 4; ++s) {
        if (p->have[e][s]) {
            fprintf(f, "%.1f,%.1f ", gas_x(p, s), gas_y(p, p->rate[e][s]));
        }
    }
    fputs("\"/>\n", f);
    for (int s = 0; s < 4; ++s) {
        if (!p->have[e][s]) {
            continue;
        }
        fprintf(f,
                "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" "
                "data-value=\"%.6g\"/>\n",
                gas_x(p, s), gas_y(p, p->rate[e][s]), GAS_COLOURS[e], p->rate[e][s]);
        char label[16];
        snprintf(label, sizeof label, "%.2f", p->rate[e][s]);
        /* the densest gas's labels above its line, the others below: lines run close */
        double dy = e == 2 ? -7.0 : 15.0;
        chart_text(f, gas_x(p, s) + 7.0, gas_y(p, p->rate[e][s]) + dy, "start", 10.0, false, label);
    }
    char legend[32];
    snprintf(legend, sizeof legend, "packing fraction %g", GAS_ETAS[e]);
    double ly = p->top + 62.0 + 18.0 * e;
    fprintf(f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
            "stroke-width=\"2.5\"/>\n",
            CHART_WIDTH - 210.0, ly - 4.0, CHART_WIDTH - 186.0, ly - 4.0, GAS_COLOURS[e]);
    chart_text(f, CHART_WIDTH - 180.0, ly, "start", 11.0, false, legend);
}

static void chart_gas(FILE *f, int index) {
    gas_plot p;
    p.top = chart_panel(f, index, "gas", "Hard-disk gas: collisions per second against N",
                        "millions per second, one core; periodic box; the targets "
                        "as dashed marks");
    gas_read(&p);
    if (p.points == 0) {
        chart_missing(f, p.top);
        chart_panel_end(f);
        return;
    }
    p.left = 120.0;
    p.width = 680.0;
    p.bottom = p.top + PLOT_TOP + PLOT_HEIGHT;
    gas_axes(f, &p);
    gas_targets(f, &p);
    for (int e = 0; e < 3; ++e) {
        gas_series(f, &p, e);
    }
    chart_panel_end(f);
}

/* ---- the balls ---- */

static void chart_balls(FILE *f, int index) {
    /* the largest size this run measured at v_sigma 10 */
    static const int sizes[] = {10000, 2000, 1000};
    char prefix[48] = "";
    for (int s = 0; s < 3 && prefix[0] == '\0'; ++s) {
        char metric[128];
        double value;
        snprintf(metric, sizeof metric, "N=%d, v_sigma=10: circol time for 10 s at 60 Hz",
                 sizes[s]);
        if (bench_value("balls", metric, &value)) {
            snprintf(prefix, sizeof prefix, "N=%d, v_sigma=10", sizes[s]);
        }
    }
    char subtitle[160];
    snprintf(subtitle, sizeof subtitle,
             "CPU seconds for 10 simulated seconds at 60 Hz, log scale; %s; pass-throughs: pairs "
             "that crossed between frames",
             prefix[0] ? prefix : "no size measured");
    double top = chart_panel(f, index, "balls",
                             "Balls in a walled box against the stepping engines", subtitle);
    static const char *const engines[] = {"circol", "Chipmunk2D 7", "Box2D 2.4"};
    double seconds[3], passes[3];
    bool have[3];
    bool any = false;
    for (int k = 0; k < 3; ++k) {
        char metric[160];
        snprintf(metric, sizeof metric, "%s: %s time for 10 s at 60 Hz", prefix, engines[k]);
        have[k] =
            prefix[0] != '\0' && bench_value("balls", metric, &seconds[k]) && seconds[k] > 0.0;
        snprintf(metric, sizeof metric, "%s: %s pass-throughs", prefix, engines[k]);
        have[k] = have[k] && bench_value("balls", metric, &passes[k]);
        any = any || have[k];
    }
    if (!any) {
        chart_missing(f, top);
        chart_panel_end(f);
        return;
    }
    const int lo = -2, hi = 2, rows = 3;
    chart_log_axis(f, top, lo, hi, "s");
    for (int k = 0; k < 3; ++k) {
        if (!have[k]) {
            continue;
        }
        char text[96];
        if (k == 0) {
            snprintf(text, sizeof text, "%.3g s, %.0f pass-throughs", seconds[k], passes[k]);
        } else if (have[0]) {
            snprintf(text, sizeof text, "%.3g s (%.1fx circol's), %.0f pass-throughs", seconds[k],
                     seconds[k] / seconds[0], passes[k]);
        } else {
            snprintf(text, sizeof text, "%.3g s, %.0f pass-throughs", seconds[k], passes[k]);
        }
        chart_bar(f, top, k, rows, lo, hi, engines[k], seconds[k],
                  k == 0 ? CIRCOL_COLOUR : PEER_COLOUR, text);
    }
    chart_panel_end(f);
}

int bench_write_svg(const char *path, const char *subtitle) {
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    double height = 3.0 * (PANEL_HEIGHT + PANEL_GAP) + PANEL_GAP + 28.0;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\">\n",
            CHART_WIDTH, height, CHART_WIDTH, height);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    chart_narrow(f, 0);
    chart_gas(f, 1);
    chart_balls(f, 2);
    chart_text(f, 28.0, height - 14.0, "start", 11.0, false, subtitle);
    fputs("</svg>\n", f);
    return fclose(f) == 0 ? 0 : 1;
}
