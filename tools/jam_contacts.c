/* circol CLI: `circol jam`'s contacts, rattlers and picture. Contacts are found through the
 * world's region queries (each disk's neighbours within the contact gap), so the count costs
 * O(N); rattlers (fewer than 3 contacts, the least that holds a disk in 2D) are removed with
 * their contacts until none is left, as is usual for jammed packings. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "colour.h"
#include "jam_internal.h"
#include "report.h"
#include "svg.h"

/// The neighbours of each disk within the contact gap: lists[start[i] .. start[i + 1]) (export
/// indices). False when out of memory.
static bool ccl_cli_jam_neighbours(const ccl_cli_jam *jam, int **start_out, int **list_out) {
    int n = jam->options.n, capacity = 64, used = 0;
    int *start = malloc(((size_t)n + 1) * sizeof *start);
    int *list = malloc((size_t)capacity * sizeof *list);
    ccl_circle_id found[64];
    bool ok = start != NULL && list != NULL;
    for (int i = 0; ok && i < n; i++) {
        const ccl_circle_state *s = &jam->states[i];
        start[i] = used;
        int count = 0;
        double reach = s->radius * (1.0 + 2.0 * CCL_CLI_JAM_CONTACT_GAP * CCL_CLI_JAM_LARGE);
        ok = ccl_world_query_circle(jam->world, s->position, reach, found, 64, &count) == CCL_OK;
        for (int k = 0; ok && k < count && k < 64; k++) {
            int j = (int)found[k].index; /* no disk is removed: the slot is the export index */
            ccl_vec2 d = ccl_sub(jam->states[j].position, s->position);
            d.x -= jam->lattice.side * nearbyint(d.x / jam->lattice.side);
            d.y -= jam->lattice.side * nearbyint(d.y / jam->lattice.side);
            double sum = s->radius + jam->states[j].radius;
            if (j == i || hypot(d.x, d.y) - sum > CCL_CLI_JAM_CONTACT_GAP * sum) {
                continue;
            }
            ok = ccl_cli_jam_list_push(&list, &used, &capacity, j);
        }
    }
    if (ok) {
        start[n] = used;
    }
    *start_out = start;
    *list_out = list;
    return ok;
}

bool ccl_cli_jam_rattlers(ccl_cli_jam *jam, const int *start, const int *list, int least) {
    int n = jam->options.n;
    bool *rattler = calloc((size_t)n, sizeof *rattler);
    bool ok = rattler != NULL;
    for (bool changed = ok; changed;) {
        changed = false;
        for (int i = 0; i < n; i++) {
            int count = 0;
            for (int k = start[i]; k < start[i + 1]; k++) {
                count += !rattler[list[k]];
            }
            jam->contacts[i] = count;
            if (!rattler[i] && count < least) {
                rattler[i] = true;
                changed = true;
            }
        }
    }
    jam->rattlers = 0;
    long total = 0;
    for (int i = 0; ok && i < n; i++) {
        jam->rattlers += rattler[i];
        total += rattler[i] ? 0 : jam->contacts[i];
    }
    jam->mean_contacts = ok && jam->rattlers < n ? (double)total / (n - jam->rattlers) : 0.0;
    free(rattler);
    return ok;
}

bool ccl_cli_jam_list_push(int **list, int *used, int *capacity, int neighbour) {
    if (*used == *capacity) {
        int *grown = realloc(*list, (size_t)*capacity * 2 * sizeof **list);
        if (grown == NULL) {
            return false;
        }
        *list = grown;
        *capacity *= 2;
    }
    (*list)[(*used)++] = neighbour;
    return true;
}

bool ccl_cli_jam_contacts(ccl_cli_jam *jam) {
    int *start = NULL, *list = NULL;
    bool ok =
        ccl_cli_jam_neighbours(jam, &start, &list) && ccl_cli_jam_rattlers(jam, start, list, 3);
    free(start);
    free(list);
    return ok;
}

/// The colour of a disk with this many contacts.
static ccl_cli_rgb ccl_cli_jam_colour(int contacts) {
    int k = contacts < CCL_CLI_JAM_COLOURS - 1 ? contacts : CCL_CLI_JAM_COLOURS - 1;
    return ccl_cli_viridis((double)k / (CCL_CLI_JAM_COLOURS - 1));
}

/// The legend: a swatch and the count of disks for each contact number.
static void ccl_cli_jam_legend(FILE *out, const ccl_cli_jam *jam, double x) {
    int counts[CCL_CLI_JAM_COLOURS] = {0};
    for (int i = 0; i < jam->options.n; i++) {
        int c = jam->contacts[i];
        counts[c < CCL_CLI_JAM_COLOURS - 1 ? c : CCL_CLI_JAM_COLOURS - 1]++;
    }
    fprintf(out, "<text x=\"%.1f\" y=\"40\" font-size=\"14\">contacts</text>\n", x);
    for (int k = 0; k < CCL_CLI_JAM_COLOURS; k++) {
        ccl_cli_rgb c = ccl_cli_jam_colour(k);
        double y = 56.0 + 22.0 * k;
        fprintf(out,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"16\" height=\"16\" fill=\"#%02x%02x%02x\" "
                "stroke=\"#222\"/>\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\">%d%s: %d</text>\n",
                x, y, c.r, c.g, c.b, x + 22.0, y + 13.0, k,
                k == CCL_CLI_JAM_COLOURS - 1 ? " or more" : "", counts[k]);
    }
    fprintf(out,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\">rattlers (outlined red): %d</text>\n"
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\">phi %.5f, PA/NkT %.3g</text>\n",
            x, 56.0 + 22.0 * CCL_CLI_JAM_COLOURS + 10.0, jam->rattlers, x,
            56.0 + 22.0 * CCL_CLI_JAM_COLOURS + 30.0, jam->phi, jam->pressure);
}

/// Writes the picture on out: the box (periodic images of disks across its edges clipped to it),
/// each disk coloured by its contact number, rattlers outlined in red, and the legend.
static void ccl_cli_jam_draw(FILE *out, const ccl_cli_jam *jam) {
    const double size = 800.0, margin = 20.0, side = jam->lattice.side, scale = size / side;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
            "width=\"%.0f\" height=\"%.0f\">\n<rect width=\"100%%\" height=\"100%%\" "
            "fill=\"#fbfaf7\"/>\n<clipPath id=\"box\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
            "height=\"%.1f\"/></clipPath>\n<g clip-path=\"url(#box)\">\n",
            size + 2.0 * margin + 260.0, size + 2.0 * margin, margin, margin, size, size);
    for (int i = 0; i < jam->options.n; i++) {
        const ccl_circle_state *s = &jam->states[i];
        ccl_cli_rgb c = ccl_cli_jam_colour(jam->contacts[i]);
        bool rattler = jam->contacts[i] < 3;
        for (int sx = -1; sx <= 1; sx++) {
            for (int sy = -1; sy <= 1; sy++) {
                double x = s->position.x + sx * side, y = s->position.y + sy * side;
                if (x + s->radius < 0.0 || x - s->radius > side || y + s->radius < 0.0 ||
                    y - s->radius > side) {
                    continue;
                }
                fprintf(out,
                        "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#%02x%02x%02x\" "
                        "stroke=\"%s\" stroke-width=\"%.1f\"/>\n",
                        margin + x * scale, margin + (side - y) * scale, s->radius * scale, c.r,
                        c.g, c.b, rattler ? "#d00" : "#222", rattler ? 2.0 : 0.5);
            }
        }
    }
    fprintf(out,
            "</g>\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            "stroke=\"#444\" stroke-dasharray=\"6 4\"/>\n",
            margin, margin, size, size);
    ccl_cli_jam_legend(out, jam, size + 2.0 * margin);
    fputs("</svg>\n", out);
}

bool ccl_cli_jam_svg(const ccl_cli_jam *jam) {
    FILE *out = ccl_cli_open_output(jam->options.svg_path, "--svg");
    if (out == NULL) {
        return false;
    }
    ccl_cli_jam_draw(out, jam);
    return ccl_cli_close_output(out, jam->options.svg_path, "--svg", 0);
}
