/* circol CLI: the mean-square displacement and g(r) near contact of `circol gas`. */
#include "observe.h"

#include <math.h>
#include <stdlib.h>

#include "report.h"

/// Pi (M_PI is not C17).
#define CCL_CLI_OBSERVE_PI 3.14159265358979323846
/// g(r) reaches at most this many bins (to 3 diameters at a bin of 0.02).
#define CCL_CLI_OBSERVE_MAX_BINS 100
/// The contact value is extrapolated from the first this many bins, by a quadratic.
#define CCL_CLI_OBSERVE_FIT_BINS 8

bool ccl_cli_observe_init(ccl_cli_observe *o, int n, double side, double sigma, int capacity) {
    *o = (ccl_cli_observe){.n = n, .side = side, .capacity = capacity};
    int bins = 0;
    if (sigma > 0.0) {
        /* three cells of at least the histogram's reach across the box */
        bins = (int)floor((side / 3.0 - sigma) / CCL_CLI_OBSERVE_BIN);
        bins = bins > CCL_CLI_OBSERVE_MAX_BINS ? CCL_CLI_OBSERVE_MAX_BINS : bins;
    }
    if (bins >= CCL_CLI_OBSERVE_FIT_BINS) {
        o->sigma = sigma;
        o->bins = bins;
        o->cells = (int)floor(side / (sigma + bins * CCL_CLI_OBSERVE_BIN));
    }
    size_t cells = (size_t)o->cells * (size_t)o->cells;
    o->start = malloc((size_t)n * sizeof *o->start);
    o->now = malloc((size_t)n * sizeof *o->now);
    o->next = malloc((size_t)n * sizeof *o->next);
    o->cell_head = malloc((cells > 0 ? cells : 1) * sizeof *o->cell_head);
    o->histogram = calloc((size_t)bins + 1, sizeof *o->histogram);
    o->sample_counts = calloc((size_t)bins + 1, sizeof *o->sample_counts);
    o->time = malloc((size_t)capacity * sizeof *o->time);
    o->msd = malloc((size_t)capacity * sizeof *o->msd);
    o->g_contact = malloc((size_t)capacity * sizeof *o->g_contact);
    return o->start != NULL && o->now != NULL && o->next != NULL && o->cell_head != NULL &&
           o->histogram != NULL && o->sample_counts != NULL && o->time != NULL && o->msd != NULL &&
           o->g_contact != NULL;
}

void ccl_cli_observe_free(ccl_cli_observe *o) {
    free(o->start);
    free(o->now);
    free(o->next);
    free(o->cell_head);
    free(o->histogram);
    free(o->sample_counts);
    free(o->time);
    free(o->msd);
    free(o->g_contact);
}

/// The wrapped coordinate x in [0, side).
static double ccl_cli_observe_wrap(double x, double side) {
    x = fmod(x, side);
    x += x < 0.0 ? side : 0.0;
    return x < side ? x : 0.0;
}

/// Counts the pairs of disk i with the disks of cell (cx, cy) beyond i in the list order.
static void ccl_cli_observe_pairs(ccl_cli_observe *o, const ccl_vec2 *p, int i, int cx, int cy) {
    int c = ((cy + o->cells) % o->cells) * o->cells + (cx + o->cells) % o->cells;
    double reach = o->sigma + o->bins * CCL_CLI_OBSERVE_BIN;
    for (int j = o->cell_head[c]; j >= 0; j = o->next[j]) {
        if (j <= i) {
            continue;
        }
        double dx = p[j].x - p[i].x, dy = p[j].y - p[i].y;
        dx -= o->side * nearbyint(dx / o->side);
        dy -= o->side * nearbyint(dy / o->side);
        double r = sqrt(dx * dx + dy * dy);
        if (r >= o->sigma && r < reach) {
            int bin = (int)((r - o->sigma) / CCL_CLI_OBSERVE_BIN);
            o->sample_counts[bin < o->bins ? bin : o->bins - 1]++;
        }
    }
}

/// g(r) in bin k of the counts of samples configurations.
static double ccl_cli_observe_g(const ccl_cli_observe *o, const uint64_t *counts, double samples,
                                int k) {
    double r0 = o->sigma + k * CCL_CLI_OBSERVE_BIN, r1 = r0 + CCL_CLI_OBSERVE_BIN;
    double pairs = 0.5 * o->n * (o->n - 1.0) / (o->side * o->side);
    return (double)counts[k] / (samples * pairs * CCL_CLI_OBSERVE_PI * (r1 * r1 - r0 * r0));
}

/// The quadratic through the first bins' g, by least squares, at contact.
static double ccl_cli_observe_extrapolate(const ccl_cli_observe *o, const uint64_t *counts,
                                          double samples) {
    double s[5] = {0}, t[3] = {0}; /* sums of x^k and of g x^k, x from contact */
    for (int k = 0; k < CCL_CLI_OBSERVE_FIT_BINS; k++) {
        double x = (k + 0.5) * CCL_CLI_OBSERVE_BIN, g = ccl_cli_observe_g(o, counts, samples, k);
        double power = 1.0;
        for (int e = 0; e < 5; e++) {
            s[e] += power;
            if (e < 3) {
                t[e] += g * power;
            }
            power *= x;
        }
    }
    /* the normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4] c = t, c0 by Cramer's rule */
    double det = s[0] * (s[2] * s[4] - s[3] * s[3]) - s[1] * (s[1] * s[4] - s[3] * s[2]) +
                 s[2] * (s[1] * s[3] - s[2] * s[2]);
    double det0 = t[0] * (s[2] * s[4] - s[3] * s[3]) - s[1] * (t[1] * s[4] - s[3] * t[2]) +
                  s[2] * (t[1] * s[3] - s[2] * t[2]);
    return det0 / det;
}

/// Histograms the pair distances of positions p (wrapped into the box) into sample_counts.
static void ccl_cli_observe_histogram(ccl_cli_observe *o, ccl_vec2 *p) {
    int cells = o->cells;
    for (int c = 0; c < cells * cells; c++) {
        o->cell_head[c] = -1;
    }
    for (int k = 0; k <= o->bins; k++) {
        o->sample_counts[k] = 0;
    }
    double cell = o->side / cells;
    for (int i = 0; i < o->n; i++) {
        p[i] = ccl_v2(ccl_cli_observe_wrap(p[i].x, o->side), ccl_cli_observe_wrap(p[i].y, o->side));
        int cx = (int)(p[i].x / cell), cy = (int)(p[i].y / cell);
        int c = (cy < cells ? cy : cells - 1) * cells + (cx < cells ? cx : cells - 1);
        o->next[i] = o->cell_head[c];
        o->cell_head[c] = i;
    }
    for (int i = 0; i < o->n; i++) {
        int cx = (int)(p[i].x / cell), cy = (int)(p[i].y / cell);
        cx = cx < cells ? cx : cells - 1;
        cy = cy < cells ? cy : cells - 1;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                ccl_cli_observe_pairs(o, p, i, cx + dx, cy + dy);
            }
        }
    }
    for (int k = 0; k < o->bins; k++) {
        o->histogram[k] += o->sample_counts[k];
    }
}

bool ccl_cli_observe_sample(ccl_cli_observe *o, const ccl_world *world) {
    int count = 0;
    if (o->count >= o->capacity ||
        ccl_world_export_unwrapped(world, o->now, o->n, &count) != CCL_OK || count != o->n) {
        return false;
    }
    int s = o->count++;
    if (s == 0) {
        o->t0 = ccl_world_time(world);
        for (int i = 0; i < o->n; i++) {
            o->start[i] = o->now[i];
        }
    }
    o->time[s] = ccl_world_time(world) - o->t0;
    double sum = 0.0;
    for (int i = 0; i < o->n; i++) {
        double dx = o->now[i].x - o->start[i].x, dy = o->now[i].y - o->start[i].y;
        sum += dx * dx + dy * dy;
    }
    o->msd[s] = sum / o->n;
    o->g_contact[s] = NAN;
    if (o->cells >= 3) {
        ccl_cli_observe_histogram(o, o->now);
        o->g_contact[s] = ccl_cli_observe_extrapolate(o, o->sample_counts, 1.0);
    }
    return true;
}

double ccl_cli_observe_diffusion(const ccl_cli_observe *o) {
    if (o->count < 1) {
        return NAN;
    }
    double half = 0.5 * o->time[o->count - 1];
    double n = 0.0, st = 0.0, sm = 0.0, stt = 0.0, stm = 0.0;
    for (int s = 0; s < o->count; s++) {
        if (o->time[s] >= half && o->time[s] > 0.0) {
            n += 1.0;
            st += o->time[s];
            sm += o->msd[s];
            stt += o->time[s] * o->time[s];
            stm += o->time[s] * o->msd[s];
        }
    }
    double det = n * stt - st * st;
    return n >= 2.0 && det > 0.0 ? (n * stm - st * sm) / det / 4.0 : NAN;
}

void ccl_cli_observe_contact(const ccl_cli_observe *o, double *mean, double *stderr_out) {
    *mean = NAN;
    *stderr_out = NAN;
    int k = o->count;
    if (o->cells < 3 || k < 1) {
        return;
    }
    double sum = 0.0, square = 0.0;
    for (int s = 0; s < k; s++) {
        sum += o->g_contact[s];
    }
    *mean = sum / k;
    for (int s = 0; s < k; s++) {
        square += (o->g_contact[s] - *mean) * (o->g_contact[s] - *mean);
    }
    if (k >= 2) {
        *stderr_out = sqrt(square / ((double)k * (k - 1)));
    }
}

bool ccl_cli_observe_write_gr(const ccl_cli_observe *o, FILE *file) {
    if (fputs("r,g\n", file) < 0) {
        return false;
    }
    for (int k = 0; k < o->bins && o->count > 0; k++) {
        char r[32], g[32];
        ccl_cli_format_number(o->sigma + (k + 0.5) * CCL_CLI_OBSERVE_BIN, r);
        ccl_cli_format_number(ccl_cli_observe_g(o, o->histogram, o->count, k), g);
        if (fprintf(file, "%s,%s\n", r, g) < 0) {
            return false;
        }
    }
    return true;
}
