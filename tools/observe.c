/* circol CLI: the mean-square displacement and g(r) near contact of `circol gas`, for disks and
 * spheres alike: a shell of g(r) holds the volume pi (r1^2 - r0^2) in 2D and 4 pi (r1^3 - r0^3) / 3
 * in 3D, and msd = 2 dim D t. */
#include "observe.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/// Pi (M_PI is not C17).
#define CCL_CLI_OBSERVE_PI 3.14159265358979323846
/// g(r) reaches at most this many bins (to 3 diameters at a bin of 0.02).
#define CCL_CLI_OBSERVE_MAX_BINS 100
/// The contact value is extrapolated from the first this many bins, by a quadratic.
#define CCL_CLI_OBSERVE_FIT_BINS 8

/// The box's volume (its area in 2D).
static double ccl_cli_observe_volume(const ccl_cli_observe *o) {
    return o->dim == 2 ? o->side * o->side : o->side * o->side * o->side;
}

/// The cells of the g(r) pass, cells^dim.
static size_t ccl_cli_observe_cell_count(const ccl_cli_observe *o) {
    size_t c = (size_t)o->cells;
    return o->dim == 2 ? c * c : c * c * c;
}

bool ccl_cli_observe_init(ccl_cli_observe *o, int dim, int n, double side, double sigma,
                          int capacity) {
    *o = (ccl_cli_observe){.dim = dim, .n = n, .side = side, .capacity = capacity};
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
    size_t cells = ccl_cli_observe_cell_count(o), coordinates = (size_t)n * (size_t)dim;
    size_t samples = (size_t)capacity, counts = (size_t)bins + 1;
    /* every array in one zeroed block, each at a multiple of the largest alignment */
    const size_t bytes[] = {
        coordinates * sizeof *o->start,
        coordinates * sizeof *o->now,
        coordinates * sizeof(double) + 1,
        (size_t)n * sizeof *o->next,
        (cells > 0 ? cells : 1) * sizeof *o->cell_head,
        counts * sizeof *o->histogram,
        counts * sizeof *o->sample_counts,
        samples * sizeof *o->time,
        samples * sizeof *o->msd,
        samples * sizeof *o->g_contact,
    };
    size_t offsets[sizeof bytes / sizeof bytes[0] + 1] = {0};
    for (size_t k = 0; k < sizeof bytes / sizeof bytes[0]; k++) {
        size_t align = _Alignof(max_align_t);
        offsets[k + 1] = offsets[k] + (bytes[k] + align - 1) / align * align;
    }
    unsigned char *block = calloc(1, offsets[sizeof bytes / sizeof bytes[0]]);
    if (block == NULL) {
        return false;
    }
    o->block = block;
    o->start = (double *)(block + offsets[0]);
    o->now = (double *)(block + offsets[1]);
    o->exported = block + offsets[2];
    o->next = (int *)(block + offsets[3]);
    o->cell_head = (int *)(block + offsets[4]);
    o->histogram = (uint64_t *)(block + offsets[5]);
    o->sample_counts = (uint64_t *)(block + offsets[6]);
    o->time = (double *)(block + offsets[7]);
    o->msd = (double *)(block + offsets[8]);
    o->g_contact = (double *)(block + offsets[9]);
    return true;
}

void ccl_cli_observe_free(ccl_cli_observe *o) {
    free(o->block);
}

/// The wrapped coordinate x in [0, side).
static double ccl_cli_observe_wrap(double x, double side) {
    x = fmod(x, side);
    x += x < 0.0 ? side : 0.0;
    return x < side ? x : 0.0;
}

/// Counts the pairs of particle i with the particles of cell c (its coordinates, dim of them,
/// possibly one cell beyond the box) beyond i in the list order.
static void ccl_cli_observe_pairs(ccl_cli_observe *o, const double *p, int i, const int *c) {
    int cell = 0;
    for (int k = o->dim - 1; k >= 0; k--) {
        cell = cell * o->cells + (c[k] + o->cells) % o->cells;
    }
    double reach = o->sigma + o->bins * CCL_CLI_OBSERVE_BIN;
    for (int j = o->cell_head[cell]; j >= 0; j = o->next[j]) {
        if (j <= i) {
            continue;
        }
        double square = 0.0;
        for (int k = 0; k < o->dim; k++) {
            double d = p[j * o->dim + k] - p[i * o->dim + k];
            d -= o->side * nearbyint(d / o->side);
            square += d * d;
        }
        double r = sqrt(square);
        if (r >= o->sigma && r < reach) {
            int bin = (int)((r - o->sigma) / CCL_CLI_OBSERVE_BIN);
            o->sample_counts[bin < o->bins ? bin : o->bins - 1]++;
        }
    }
}

/// r^dim.
static double ccl_cli_observe_power(const ccl_cli_observe *o, double r) {
    return o->dim == 2 ? r * r : r * r * r;
}

/// g(r) in bin k of the counts of samples configurations.
static double ccl_cli_observe_g(const ccl_cli_observe *o, const uint64_t *counts, double samples,
                                int k) {
    double r0 = o->sigma + k * CCL_CLI_OBSERVE_BIN, r1 = r0 + CCL_CLI_OBSERVE_BIN;
    double pairs = 0.5 * o->n * (o->n - 1.0) / ccl_cli_observe_volume(o);
    /* the shell's volume: pi (r1^2 - r0^2) for disks, 4 pi (r1^3 - r0^3) / 3 for spheres */
    double unit = o->dim == 2 ? CCL_CLI_OBSERVE_PI : 4.0 * CCL_CLI_OBSERVE_PI / 3.0;
    return (double)counts[k] /
           (samples * pairs * unit * (ccl_cli_observe_power(o, r1) - ccl_cli_observe_power(o, r0)));
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

/// The cell coordinates of a particle at p (dim coordinates in the box) into c.
static void ccl_cli_observe_cell_of(const ccl_cli_observe *o, const double *p, int *c) {
    double cell = o->side / o->cells;
    for (int k = 0; k < o->dim; k++) {
        c[k] = (int)(p[k] / cell);
        c[k] = c[k] < o->cells ? c[k] : o->cells - 1;
    }
}

/// Histograms the pair distances of positions p (wrapped into the box) into sample_counts.
static void ccl_cli_observe_histogram(ccl_cli_observe *o, double *p) {
    size_t cells = ccl_cli_observe_cell_count(o);
    for (size_t c = 0; c < cells; c++) {
        o->cell_head[c] = -1;
    }
    for (int k = 0; k <= o->bins; k++) {
        o->sample_counts[k] = 0;
    }
    int dim = o->dim, c[3], around = dim == 2 ? 9 : 27;
    for (int i = 0; i < o->n; i++) {
        for (int k = 0; k < dim; k++) {
            p[i * dim + k] = ccl_cli_observe_wrap(p[i * dim + k], o->side);
        }
        ccl_cli_observe_cell_of(o, &p[i * dim], c);
        int cell = 0;
        for (int k = dim - 1; k >= 0; k--) {
            cell = cell * o->cells + c[k];
        }
        o->next[i] = o->cell_head[cell];
        o->cell_head[cell] = i;
    }
    for (int i = 0; i < o->n; i++) {
        ccl_cli_observe_cell_of(o, &p[i * dim], c);
        for (int m = 0; m < around; m++) { /* the 3^dim cells around, m's base-3 digits */
            int shifted[3];
            for (int k = 0, rest = m; k < dim; k++, rest /= 3) {
                shifted[k] = c[k] + rest % 3 - 1;
            }
            ccl_cli_observe_pairs(o, p, i, shifted);
        }
    }
    for (int k = 0; k < o->bins; k++) {
        o->histogram[k] += o->sample_counts[k];
    }
}

/// Takes one sample from the unwrapped positions the world exported (exported: whether it did, all
/// of them) at world time t. False when it did not.
static bool ccl_cli_observe_take(ccl_cli_observe *o, bool exported, double t) {
    if (!exported) {
        return false;
    }
    int s = o->count++, coordinates = o->n * o->dim;
    /* ccl_vec2 and ccl_vec3 are their coordinates, without padding */
    memcpy(o->now, o->exported, (size_t)coordinates * sizeof(double));
    if (s == 0) {
        o->t0 = t;
        memcpy(o->start, o->now, (size_t)coordinates * sizeof(double));
    }
    o->time[s] = t - o->t0;
    double sum = 0.0;
    for (int i = 0; i < o->n; i++) {
        double square = 0.0;
        for (int k = 0; k < o->dim; k++) {
            double d = o->now[i * o->dim + k] - o->start[i * o->dim + k];
            square += d * d;
        }
        sum += square;
    }
    o->msd[s] = sum / o->n;
    o->g_contact[s] = NAN;
    if (o->cells >= 3) {
        ccl_cli_observe_histogram(o, o->now);
        o->g_contact[s] = ccl_cli_observe_extrapolate(o, o->sample_counts, 1.0);
    }
    return true;
}

_Static_assert(sizeof(ccl_vec2) == 2 * sizeof(double) && sizeof(ccl_vec3) == 3 * sizeof(double),
               "a position is its coordinates");

bool ccl_cli_observe_sample(ccl_cli_observe *o, const ccl_world *world) {
    int count = 0;
    bool ok = o->dim == 2 && o->count < o->capacity &&
              ccl_world_export_unwrapped(world, o->exported, o->n, &count) == CCL_OK;
    return ccl_cli_observe_take(o, ok && count == o->n, ccl_world_time(world));
}

bool ccl_cli_observe_sample3(ccl_cli_observe *o, const ccl_world3d *world) {
    int count = 0;
    bool ok = o->dim == 3 && o->count < o->capacity &&
              ccl_world3d_export_unwrapped(world, o->exported, o->n, &count) == CCL_OK;
    return ccl_cli_observe_take(o, ok && count == o->n, ccl_world3d_time(world));
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
    return n >= 2.0 && det > 0.0 ? (n * stm - st * sm) / det / (2.0 * o->dim) : NAN;
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

void ccl_cli_observe_results(const ccl_cli_observe *o, double eta, double density, double kT,
                             double z, ccl_cli_observed *r) {
    bool spheres = o->dim == 3;
    ccl_cli_observe_contact(o, &r->g_contact, &r->g_contact_stderr);
    r->z_from_g = 1.0 + (spheres ? 4.0 : 2.0) * eta * r->g_contact;
    r->diffusion = ccl_cli_observe_diffusion(o);
    /* g(sigma) = (Z - 1) / (2 eta) for disks, (Z - 1) / (4 eta) for spheres */
    double scale = spheres ? 1.5 : 1.0;
    r->diffusion_enskog = scale * sqrt(kT / CCL_CLI_OBSERVE_PI) / (density * (z - 1.0) / eta);
}

/// Adds an array of the samples' values to object. False when out of memory.
static bool ccl_cli_observe_json_array(cJSON *object, const char *name, const double *values,
                                       int count) {
    cJSON *array = cJSON_AddArrayToObject(object, name);
    for (int k = 0; array != NULL && k < count; k++) {
        cJSON *item = ccl_cli_json_number(values[k]);
        if (item == NULL) {
            return false;
        }
        cJSON_AddItemToArray(array, item);
    }
    return array != NULL;
}

bool ccl_cli_observe_json(cJSON *report, const ccl_cli_observe *o, const ccl_cli_observed *r) {
    bool ok = ccl_cli_json_add_number(report, "g_contact", r->g_contact);
    ok = ok && ccl_cli_json_add_number(report, "g_contact_stderr", r->g_contact_stderr);
    ok = ok && ccl_cli_json_add_number(report, "Z_from_g_contact", r->z_from_g);
    cJSON *msd = ok ? cJSON_AddObjectToObject(report, "msd") : NULL;
    ok = msd != NULL;
    ok = ok && ccl_cli_observe_json_array(msd, "time", o->time, o->count);
    ok = ok && ccl_cli_observe_json_array(msd, "value", o->msd, o->count);
    ok = ok && ccl_cli_json_add_number(msd, "diffusion", r->diffusion);
    ok = ok && ccl_cli_json_add_number(msd, "diffusion_enskog", r->diffusion_enskog);
    return ok;
}

void ccl_cli_observe_print(const ccl_cli_observe *o, const ccl_cli_observed *r) {
    int factor = o->dim == 3 ? 4 : 2;
    if (!isnan(r->g_contact_stderr)) {
        printf("  g(contact)       %.5f +- %.5f from g(r)  (Z = 1 + %d eta g: %.6f)\n",
               r->g_contact, r->g_contact_stderr, factor, r->z_from_g);
    } else if (!isnan(r->g_contact)) {
        printf("  g(contact)       %.5f from g(r), one sample: no error bar  (Z = 1 + %d eta g: "
               "%.6f)\n",
               r->g_contact, factor, r->z_from_g);
    }
    if (!isnan(r->diffusion)) {
        printf("  diffusion        D = %.6g from the mean-square displacement", r->diffusion);
        printf(isnan(r->diffusion_enskog) ? "\n" : "  (Enskog: %.6g)\n", r->diffusion_enskog);
    }
}

/// Writes g(r) of every sample together as CSV to file. False on an error.
static bool ccl_cli_observe_write_rows(const ccl_cli_observe *o, FILE *file) {
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

bool ccl_cli_observe_write_gr(const ccl_cli_observe *o, const char *path) {
    FILE *file = ccl_cli_open_output(path, "--gr");
    if (file == NULL) {
        return false;
    }
    bool ok = ccl_cli_observe_write_rows(o, file);
    return ccl_cli_close_output(file, path, "--gr", ok ? 0 : EIO);
}
