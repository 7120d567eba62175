/* The command-line tool's scene loading: a scene file of N circles, from the file to a checked
 * world (read, parse, validation, and the world's adds with their overlap checks), timed with the
 * peak memory of the process that loads it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#if CIRCOL_BENCH_HAVE_SCENE_FILE
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scene.h"

/* Writes a walled square of n circles (radius 0.3) on a lattice of spacing 1, with random
 * velocities, one circle per line as a generator would write it, to file. Returns its bytes. */
static long scene_write(FILE *file, int n) {
    int side = (int)ceil(sqrt((double)n));
    fprintf(file,
            "{\"world\": {\"box\": [0, 0, %d, %d], \"boundary\": \"walls\"},\n\"circles\": [\n",
            side, side);
    bench_rng rng = {12345};
    for (int i = 0; i < n; ++i) {
        double vx = bench_rng_range(&rng, -1.0, 1.0), vy = bench_rng_range(&rng, -1.0, 1.0);
        fprintf(file, "{\"x\": %.1f, \"y\": %.1f, \"vx\": %.6f, \"vy\": %.6f, \"r\": 0.3}%s\n",
                i % side + 0.5, i / side + 0.5, vx, vy, i + 1 < n ? "," : "");
    }
    fprintf(file, "]}\n");
    return fflush(file) == 0 ? ftell(file) : -1;
}

/* The clock's time in seconds. */
static double process_clock(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* What one load in a child process measured. */
typedef struct load_result {
    double seconds;     /* the load, from opening the file to the checked world, wall clock */
    double cpu_seconds; /* the processor time of all the child's threads during the load */
    double world_bytes; /* the world's bytes per circle */
    double peak_mb;     /* the child's peak resident memory */
    double before_mb;   /* its resident memory before the load (what it shares with the bench) */
} load_result;

/* Loads the scene file at path in a child process (so that its peak memory is the load's);
 * false on failure. */
static bool load_in_child(const char *path, int n, load_result *out) {
    int channel[2];
    if (pipe(channel) != 0) {
        return false;
    }
    pid_t child = fork();
    if (child == 0) {
        close(channel[0]);
        struct rusage usage;
        getrusage(RUSAGE_SELF, &usage);
        load_result result = {0.0, 0.0, 0.0, 0.0, usage.ru_maxrss / 1024.0};
        ccl_cli_scene scene;
        char error[CCL_CLI_ERROR_SIZE];
        double start = process_clock(CLOCK_MONOTONIC),
               cpu = process_clock(CLOCK_PROCESS_CPUTIME_ID);
        bool ok = ccl_cli_scene_load(path, "bench.json", NULL, &scene, error, sizeof error);
        result.seconds = process_clock(CLOCK_MONOTONIC) - start;
        result.cpu_seconds = process_clock(CLOCK_PROCESS_CPUTIME_ID) - cpu;
        if (!ok) {
            fprintf(stderr, "circol_bench: scene_file: %s\n", error);
            _exit(1);
        }
        result.world_bytes = (double)ccl_world_get_stats(scene.world).memory_bytes / n;
        getrusage(RUSAGE_SELF, &usage);
        result.peak_mb = usage.ru_maxrss / 1024.0;
        ssize_t wrote = write(channel[1], &result, sizeof result);
        _exit(wrote == (ssize_t)sizeof result ? 0 : 1);
    }
    close(channel[1]);
    bool ok = child > 0 && read(channel[0], out, sizeof *out) == (ssize_t)sizeof *out;
    close(channel[0]);
    int status = 0;
    if (child > 0) {
        waitpid(child, &status, 0);
    }
    return ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Measures the load of a file of n circles: its median time and peak memory, recorded. Returns
 * the median seconds, or -1 on failure. */
static double measure(const char *scene, int n, int repeat) {
    char path[] = "/tmp/circol_bench_scene_XXXXXX";
    int fd = mkstemp(path);
    FILE *file = fd >= 0 ? fdopen(fd, "w") : NULL;
    long bytes = file != NULL ? scene_write(file, n) : -1;
    if (file != NULL) {
        fclose(file);
    }
    double times[16], cpus[16], peaks[16];
    load_result result = {0};
    bool ok = bytes > 0;
    for (int r = 0; ok && r < repeat; ++r) {
        ok = load_in_child(path, n, &result);
        times[r] = result.seconds;
        cpus[r] = result.cpu_seconds;
        peaks[r] = result.peak_mb;
    }
    if (fd >= 0) {
        unlink(path);
    }
    if (!ok) {
        fprintf(stderr, "circol_bench: scene_file: the load of %d circles failed\n", n);
        return -1.0;
    }
    char metric[128];
    double t = bench_median(times, repeat), peak = bench_median(peaks, repeat);
    snprintf(metric, sizeof metric, "%d circles (%.0f MB file): load time", n, bytes / 1e6);
    bench_record(scene, metric, t, "s");
    snprintf(metric, sizeof metric, "%d circles: processor time of the load (all threads)", n);
    bench_record(scene, metric, bench_median(cpus, repeat), "s");
    snprintf(metric, sizeof metric, "%d circles: peak memory of the load", n);
    bench_record(scene, metric, peak, "MB");
    snprintf(metric, sizeof metric, "%d circles: memory per circle (peak less before)", n);
    bench_record(scene, metric, (peak - result.before_mb) * 1048576.0 / n, "B");
    snprintf(metric, sizeof metric, "%d circles: world bytes per circle", n);
    bench_record(scene, metric, result.world_bytes, "B");
    return t;
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
        int repeat = sizes[si] >= 1000000 ? 1 + (sizes[si] == 1000000) * 2 : opt->repeat;
        double t = measure(scene, sizes[si], repeat < 16 ? repeat : 16);
        if (t < 0.0) {
            return;
        }
        per_circle[si] = t / sizes[si];
    }
    char metric[128];
    snprintf(metric, sizeof metric, "time per circle at %d / at %d (1 if linear)", sizes[count - 1],
             sizes[0]);
    bench_record(scene, metric, per_circle[count - 1] / per_circle[0], "x");
    bench_note(scene, "A scene file (a walled lattice of circles, one per line, written to /tmp) "
                      "loaded by the command-line tool's loader in a child process: read as a "
                      "stream, parsed, validated, and added to a world that refuses overlaps as "
                      "each circle comes; the load time is on the wall clock (a second thread "
                      "parses half the circles and maps the large tables' pages), the processor "
                      "time sums the child's threads; the "
                      "peak memory is the child's peak resident set. "
                      "10^7 circles with --big.");
}
#else
void bench_scene_scene_file(const bench_options *opt) {
    (void)opt;
    bench_note("scene_file", "the command-line tool is not built in this tree: no figures.");
}
#endif
