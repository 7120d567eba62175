/* The command-line tool's scene loading: a scene file of N circles, from its text to a checked
 * world (parse, validation, and the world's adds with their overlap checks). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#if CIRCOL_BENCH_HAVE_SCENE_FILE
#include "scene.h"

/* A walled square of n circles (radius 0.3) on a lattice of spacing 1, with random velocities,
 * one circle per line as a generator would write it. Returns the text (free it) or NULL. */
static char *scene_text(int n, size_t *length) {
    int side = (int)ceil(sqrt((double)n));
    size_t capacity = 128 + (size_t)n * 80;
    char *text = malloc(capacity);
    if (text == NULL) {
        return NULL;
    }
    size_t used = (size_t)snprintf(text, capacity,
                                   "{\"world\": {\"box\": [0, 0, %d, %d], \"boundary\": \"walls\"},"
                                   "\n\"circles\": [\n",
                                   side, side);
    bench_rng rng = {12345};
    for (int i = 0; i < n; ++i) {
        used += (size_t)snprintf(text + used, capacity - used,
                                 "{\"x\": %.1f, \"y\": %.1f, \"vx\": %.6f, \"vy\": %.6f, "
                                 "\"r\": 0.3}%s\n",
                                 i % side + 0.5, i / side + 0.5, bench_rng_range(&rng, -1.0, 1.0),
                                 bench_rng_range(&rng, -1.0, 1.0), i + 1 < n ? "," : "");
    }
    used += (size_t)snprintf(text + used, capacity - used, "]}\n");
    *length = used;
    return text;
}

/* Loads the scene once: seconds, and the world's bytes per circle; -1 on failure. */
static double load_once(const char *text, size_t length, int n, double *world_bytes) {
    ccl_cli_scene scene;
    char error[CCL_CLI_ERROR_SIZE];
    double start = bench_now();
    bool ok = ccl_cli_scene_parse(text, length, "bench.json", &scene, error, sizeof error);
    double elapsed = bench_now() - start;
    if (!ok) {
        fprintf(stderr, "circol_bench: scene_file: %s\n", error);
        return -1.0;
    }
    *world_bytes = (double)ccl_world_get_stats(scene.world).memory_bytes / n;
    ccl_cli_scene_free(&scene);
    return elapsed;
}

void bench_scene_scene_file(const bench_options *opt) {
    const char *scene = "scene_file";
    int sizes[3] = {100000, 1000000, 10000000};
    int count = opt->big ? 3 : 2;
    if (opt->quick) {
        sizes[0] = 10000;
        sizes[1] = 100000;
    }
    double per_circle[3] = {0.0, 0.0, 0.0};
    for (int si = 0; si < count; ++si) {
        size_t length = 0;
        char *text = scene_text(sizes[si], &length);
        if (text == NULL) {
            fprintf(stderr, "circol_bench: scene_file: out of memory\n");
            return;
        }
        double times[16], world_bytes = 0.0;
        int repeat = sizes[si] >= 1000000 ? 1 + (sizes[si] == 1000000) * 2 : opt->repeat;
        repeat = repeat < 16 ? repeat : 16;
        for (int r = 0; r < repeat; ++r) {
            times[r] = load_once(text, length, sizes[si], &world_bytes);
            if (times[r] < 0.0) {
                free(text);
                return;
            }
        }
        double t = bench_median(times, repeat);
        per_circle[si] = t / sizes[si];
        char metric[128];
        snprintf(metric, sizeof metric, "%d circles (%.0f MB of text): load time", sizes[si],
                 (double)length / 1e6);
        bench_record(scene, metric, t, "s");
        snprintf(metric, sizeof metric, "%d circles: world bytes per circle", sizes[si]);
        bench_record(scene, metric, world_bytes, "B");
        free(text);
    }
    char metric[128];
    snprintf(metric, sizeof metric, "time per circle at %d / at %d (1 if linear)", sizes[count - 1],
             sizes[0]);
    bench_record(scene, metric, per_circle[count - 1] / per_circle[0], "x");
    bench_note(scene, "A scene file's text (a walled lattice of circles, one per line) read by "
                      "the command-line tool's loader: parsed, validated, and added to a world "
                      "that refuses overlaps as each circle comes. 10^7 circles with --big.");
}
#else
void bench_scene_scene_file(const bench_options *opt) {
    (void)opt;
    bench_note("scene_file", "the command-line tool is not built in this tree: no figures.");
}
#endif
