/* The cost of a checkpoint (ccl_world_save, ccl_world_load): bytes per circle, and the time of a
 * save into memory, a save to a file flushed to the disk (fsync), and a load, per circle and
 * against the time the same world takes for one collision per disk. A periodic hard-disk gas at
 * packing fraction 0.5, N disks on a square lattice with random velocities, run for 2 collisions
 * per disk first. Medians of the repeats (5, 3 for the file). Processor time of the process,
 * but the file's wall time. Not a test: docs/PERFORMANCE.md quotes its output.
 *
 * usage: circol_checkpoint_cost [N...]   (default 10000 100000 1000000) */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <circol/checkpoint.h>
#include <circol/world.h>

#include "byte_sink.h"

static bool put_file(const void *data, size_t size, void *user) {
    return fwrite(data, 1, size, (FILE *)user) == size;
}

/* The process's processor time (a loaded machine stretches wall time, not this); the save to a
 * file is timed on the wall clock, as it waits for the disk. */
static double clock_seconds(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double now(void) {
    return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

static double wall(void) {
    return clock_seconds(CLOCK_MONOTONIC);
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static ccl_world *gas(int n) {
    int side = (int)ceil(sqrt((double)n));
    double box = sqrt((double)n * 3.14159265358979 / 4.0 / 0.5);
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(box, box);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    def.capacity = n;
    ccl_world *w = NULL;
    if (ccl_world_create(&def, &w) != CCL_OK) {
        return NULL;
    }
    uint64_t rng = 12345;
    for (int i = 0; i < n; i++) {
        ccl_circle_def c = ccl_circle_default_def();
        c.radius = 0.5;
        c.position = ccl_v2((i % side + 0.5) * box / side, (i / side + 0.5) * box / side);
        rng = rng * 6364136223846793005u + 1442695040888963407u;
        double angle = (double)(rng >> 11) * 0x1p-53 * 6.283185307179586;
        c.velocity = ccl_v2(cos(angle), sin(angle));
        ccl_world_add_circle(w, &c, NULL);
    }
    return w;
}

static void measure(int n) {
    ccl_world *w = gas(n);
    if (w == NULL) {
        return;
    }
    ccl_world_advance_collisions(w, (uint64_t)n, INFINITY);
    double t0 = now();
    ccl_world_advance_collisions(w, (uint64_t)n / 2, INFINITY);
    double per_collision_per_disk = now() - t0; /* n / 2 collisions: one per disk */
    double save[5], load[5], disk[3];
    byte_sink b = {0};
    for (int k = 0; k < 5; k++) {
        b.size = 0;
        double start = now();
        ccl_world_save(w, NULL, 0, byte_sink_write, &b);
        save[k] = now() - start;
        ccl_world *again = NULL;
        start = now();
        ccl_world_load(b.data, b.size, NULL, &again, NULL);
        load[k] = now() - start;
        ccl_world_destroy(again);
    }
    for (int k = 0; k < 3; k++) {
        FILE *f = fopen("checkpoint_cost.tmp", "wb");
        double start = wall();
        ccl_world_save(w, NULL, 0, put_file, f);
        fflush(f);
        fsync(fileno(f));
        fclose(f);
        disk[k] = wall() - start;
    }
    remove("checkpoint_cost.tmp");
    double s = median(save, 5), l = median(load, 5), d = median(disk, 3);
    printf("%8d  %7.1f  %8.1f  %8.1f  %8.1f  %8.3f  %8.3f\n", n, (double)b.size / n, 1e9 * s / n,
           1e9 * d / n, 1e9 * l / n, s / per_collision_per_disk, l / per_collision_per_disk);
    free(b.data);
    ccl_world_destroy(w);
}

int main(int argc, char **argv) {
    printf("       N  B/circle  save ns  file ns   load ns  save/cpd  load/cpd\n");
    if (argc < 2) {
        measure(10000);
        measure(100000);
        measure(1000000);
    }
    for (int k = 1; k < argc; k++) {
        measure(atoi(argv[k]));
    }
    return 0;
}
