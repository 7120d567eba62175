/* circol CLI: checkpoints of `circol run` and reading them back for `circol resume`. The library
 * saves the world (include/circol/checkpoint.h); the run adds its own bytes to the same file:
 * the scene's name, box and obstacles, the scene order of the circles, and where the run started,
 * how long it runs and how many frames it wrote. */
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <circol/checkpoint.h>

#include "json_locate.h"
#include "report.h"
#include "run_internal.h"

/// The run's bytes start so (and say their layout's version).
#define CCL_CLI_RUN_MAGIC "CCLRUN01"
/// The largest checkpoint read (16 GiB): a world of about 10^8 circles.
#define CCL_CLI_CHECKPOINT_MAX ((uint64_t)1 << 34)

/// Growable little-endian bytes.
typedef struct ccl_cli_bytes {
    unsigned char *data;
    size_t size, capacity;
    bool failed;
} ccl_cli_bytes;

static void ccl_cli_bytes_put(ccl_cli_bytes *b, const void *data, size_t size) {
    if (b->failed || size == 0) {
        return;
    }
    if (b->size + size > b->capacity) {
        size_t capacity = b->capacity ? 2 * b->capacity : 1024;
        capacity = capacity < b->size + size ? b->size + size : capacity;
        unsigned char *grown = realloc(b->data, capacity);
        if (grown == NULL) {
            b->failed = true;
            return;
        }
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->size, data, size);
    b->size += size;
}

static void ccl_cli_bytes_u64(ccl_cli_bytes *b, uint64_t x) {
    unsigned char le[8];
    for (int k = 0; k < 8; k++) {
        le[k] = (unsigned char)(x >> (8 * k));
    }
    ccl_cli_bytes_put(b, le, 8);
}

static void ccl_cli_bytes_f64(ccl_cli_bytes *b, double x) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    ccl_cli_bytes_u64(b, bits);
}

static void ccl_cli_bytes_vec2(ccl_cli_bytes *b, ccl_vec2 v) {
    ccl_cli_bytes_f64(b, v.x);
    ccl_cli_bytes_f64(b, v.y);
}

/// The run's bytes: see the file's comment.
static ccl_cli_bytes ccl_cli_run_bytes(const ccl_cli_run *run) {
    ccl_cli_bytes b = {0};
    const ccl_cli_scene *scene = &run->scene;
    ccl_cli_bytes_put(&b, CCL_CLI_RUN_MAGIC, 8);
    size_t name = strlen(run->scene_name);
    ccl_cli_bytes_u64(&b, name);
    ccl_cli_bytes_put(&b, run->scene_name, name);
    ccl_cli_bytes_f64(&b, run->start);
    ccl_cli_bytes_f64(&b, run->options.until);
    ccl_cli_bytes_f64(&b, run->initial_energy);
    ccl_cli_bytes_f64(&b, run->options.every);
    ccl_cli_bytes_u64(&b, (uint64_t)run->frame_count);
    ccl_cli_bytes_vec2(&b, scene->box_min);
    ccl_cli_bytes_vec2(&b, scene->box_max);
    ccl_cli_bytes_u64(&b, (uint64_t)scene->boundary);
    ccl_cli_bytes_u64(&b, (uint64_t)scene->circle_count);
    for (int i = 0; i < scene->circle_count; i++) {
        ccl_cli_bytes_u64(&b, (uint64_t)run->ids[i].index << 32 | run->ids[i].generation);
    }
    ccl_cli_bytes_u64(&b, (uint64_t)scene->segment_count);
    for (int k = 0; k < scene->segment_count; k++) {
        ccl_cli_bytes_vec2(&b, scene->segments[k].a);
        ccl_cli_bytes_vec2(&b, scene->segments[k].b);
    }
    ccl_cli_bytes_u64(&b, (uint64_t)scene->point_count);
    for (int k = 0; k < scene->point_count; k++) {
        ccl_cli_bytes_vec2(&b, scene->points[k]);
    }
    return b;
}

/// ccl_world_save's writer: to a FILE.
static bool ccl_cli_checkpoint_put(const void *data, size_t size, void *user) {
    return fwrite(data, 1, size, (FILE *)user) == size;
}

/// Writes the world and bytes into the new file fd (closed here) and flushes it to the disk.
/// False with errno set on failure.
static bool ccl_cli_checkpoint_fill(const ccl_cli_run *run, const ccl_cli_bytes *bytes, int fd) {
    FILE *file = fdopen(fd, "wb");
    if (file == NULL) {
        close(fd);
        return false;
    }
    errno = 0;
    ccl_status status =
        ccl_world_save(run->world, bytes->data, bytes->size, ccl_cli_checkpoint_put, file);
    bool ok = status == CCL_OK && fflush(file) == 0 && fsync(fileno(file)) == 0;
    int saved = errno;
    ok = fclose(file) == 0 && ok;
    errno = ok ? 0 : (saved != 0 ? saved : EIO);
    return ok;
}

/// Syncs the directory of path, so that a rename in it is on the disk too (best effort).
static void ccl_cli_sync_directory(const char *path) {
    char directory[4096];
    const char *slash = strrchr(path, '/');
    size_t length = slash == NULL ? 1 : (size_t)(slash - path) + (slash == path);
    if (length >= sizeof directory) {
        return;
    }
    memcpy(directory, slash == NULL ? "." : path, length);
    directory[length] = '\0';
    int fd = open(directory, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

bool ccl_cli_checkpoint_write(ccl_cli_run *run) {
    const char *path = run->options.checkpoint_path;
    ccl_cli_bytes bytes = ccl_cli_run_bytes(run);
    size_t length = strlen(path);
    char *temporary = malloc(length + 16);
    if (bytes.failed || temporary == NULL) {
        free(bytes.data);
        free(temporary);
        fputs("circol: --checkpoint: out of memory\n", stderr);
        return false;
    }
    /* beside the checkpoint, in its directory: the rename then replaces it in one step */
    snprintf(temporary, length + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(temporary);
    if (fd >= 0) {
        /* mkstemp makes the file private; a checkpoint gets the permissions of any new file */
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    bool ok = fd >= 0 && ccl_cli_checkpoint_fill(run, &bytes, fd) && rename(temporary, path) == 0;
    if (!ok) {
        int reason = errno;
        ccl_cli_progress_finish(&run->progress);
        fprintf(stderr, "circol: --checkpoint: error writing '%s': %s\n", path,
                strerror(reason != 0 ? reason : EIO));
        if (fd >= 0) {
            unlink(temporary);
        }
    } else {
        ccl_cli_sync_directory(path);
    }
    free(bytes.data);
    free(temporary);
    return ok;
}

/// Reads the whole file at path (*size bytes, malloc'd); NULL with a message on failure.
static unsigned char *ccl_cli_read_checkpoint_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    struct stat info;
    if (file == NULL || fstat(fileno(file), &info) != 0 || !S_ISREG(info.st_mode) ||
        (uint64_t)info.st_size > CCL_CLI_CHECKPOINT_MAX) {
        int reason = errno;
        fprintf(stderr, "circol: resume: cannot read '%s': %s\n", path,
                file == NULL || reason != 0 ? strerror(reason)
                : S_ISREG(info.st_mode)     ? "larger than 16 GiB"
                                            : "not a regular file");
        if (file != NULL) {
            fclose(file);
        }
        return NULL;
    }
    size_t n = (size_t)info.st_size;
    unsigned char *data = malloc(n > 0 ? n : 1);
    bool ok = data != NULL && fread(data, 1, n, file) == n;
    fclose(file);
    if (!ok) {
        fprintf(stderr, "circol: resume: cannot read '%s': %s\n", path,
                data == NULL ? "out of memory" : "read error");
        free(data);
        return NULL;
    }
    *size = n;
    return data;
}

/// Reads the run's bytes; `bad` is set past their end.
typedef struct ccl_cli_cursor {
    const unsigned char *at, *end;
    bool bad;
} ccl_cli_cursor;

static uint64_t ccl_cli_cursor_u64(ccl_cli_cursor *c) {
    if (c->end - c->at < 8) {
        c->bad = true;
        return 0;
    }
    uint64_t x = 0;
    for (int k = 0; k < 8; k++) {
        x |= (uint64_t)c->at[k] << (8 * k);
    }
    c->at += 8;
    return x;
}

static double ccl_cli_cursor_f64(ccl_cli_cursor *c) {
    uint64_t bits = ccl_cli_cursor_u64(c);
    double x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

static ccl_vec2 ccl_cli_cursor_vec2(ccl_cli_cursor *c) {
    double x = ccl_cli_cursor_f64(c);
    return ccl_v2(x, ccl_cli_cursor_f64(c));
}

/// A count of items of item_size bytes that the rest of the bytes can hold, or -1.
static int ccl_cli_cursor_count(ccl_cli_cursor *c, size_t item_size) {
    uint64_t n = ccl_cli_cursor_u64(c);
    if (n > INT32_MAX || n > (uint64_t)(c->end - c->at) / item_size) {
        c->bad = true;
        return -1;
    }
    return (int)n;
}

/// The scene's arrays from the run's bytes. False when out of memory.
static bool ccl_cli_cursor_arrays(ccl_cli_cursor *c, ccl_cli_scene *scene) {
    scene->circle_count = ccl_cli_cursor_count(c, 8);
    scene->ids =
        malloc(sizeof *scene->ids * (size_t)(scene->circle_count > 0 ? scene->circle_count : 1));
    for (int i = 0; scene->ids != NULL && i < scene->circle_count; i++) {
        uint64_t id = ccl_cli_cursor_u64(c);
        scene->ids[i] = (ccl_circle_id){(uint32_t)(id >> 32), (uint32_t)id};
    }
    scene->segment_count = ccl_cli_cursor_count(c, 32);
    scene->segments =
        malloc(sizeof(ccl_segment) * (size_t)(scene->segment_count > 0 ? scene->segment_count : 1));
    for (int k = 0; scene->segments != NULL && k < scene->segment_count; k++) {
        scene->segments[k].a = ccl_cli_cursor_vec2(c);
        scene->segments[k].b = ccl_cli_cursor_vec2(c);
    }
    scene->point_count = ccl_cli_cursor_count(c, 16);
    scene->points =
        malloc(sizeof(ccl_vec2) * (size_t)(scene->point_count > 0 ? scene->point_count : 1));
    for (int k = 0; scene->points != NULL && k < scene->point_count; k++) {
        scene->points[k] = ccl_cli_cursor_vec2(c);
    }
    return scene->ids != NULL && scene->segments != NULL && scene->points != NULL;
}

/// The run's bytes into run; the problem, or NULL.
static const char *ccl_cli_run_from_bytes(ccl_cli_run *run, const unsigned char *data, size_t size,
                                          double *until) {
    ccl_cli_cursor c = {data, data + size, false};
    if (size < 8 || memcmp(data, CCL_CLI_RUN_MAGIC, 8) != 0) {
        return "not a checkpoint of circol run";
    }
    c.at += 8;
    uint64_t name = ccl_cli_cursor_u64(&c);
    if (name >= sizeof run->scene_label || name > (uint64_t)(c.end - c.at)) {
        return "the run's scene name is broken";
    }
    memcpy(run->scene_label, c.at, (size_t)name);
    run->scene_label[name] = '\0';
    run->scene_name = run->scene_label;
    c.at += name;
    run->start = ccl_cli_cursor_f64(&c);
    *until = ccl_cli_cursor_f64(&c);
    run->initial_energy = ccl_cli_cursor_f64(&c);
    ccl_cli_cursor_f64(&c); /* the run's --every: frames follow the resumed run's own */
    ccl_cli_cursor_u64(&c); /* and its frame count */
    ccl_cli_scene *scene = &run->scene;
    scene->box_min = ccl_cli_cursor_vec2(&c);
    scene->box_max = ccl_cli_cursor_vec2(&c);
    scene->boundary = (ccl_boundary)ccl_cli_cursor_u64(&c);
    if (!ccl_cli_cursor_arrays(&c, scene)) {
        return "out of memory";
    }
    if (c.bad || c.at != c.end || !isfinite(run->start) || !(*until >= 0.0)) {
        return "the run's part is broken";
    }
    return NULL;
}

/// The frames a resumed run has written already: those due up to now, every DT from the start,
/// so that its frames fall at the times of the run it continues.
static int ccl_cli_frames_done(const ccl_cli_run *run) {
    if (!run->options.has_every) {
        return 0;
    }
    double now = ccl_world_time(run->world), every = run->options.every;
    double k = floor((now - run->start) / every);
    k = k > 0.0 ? k : 0.0;
    while (k > 0.0 && run->start + every * k > now) {
        k -= 1.0;
    }
    while (run->start + every * k <= now && k < 1e9) {
        k += 1.0;
    }
    return (int)k;
}

int ccl_cli_checkpoint_read(ccl_cli_run *run, const char *path, double *until) {
    ccl_cli_escape_for_message(path, strlen(path), run->scene_label, sizeof run->scene_label);
    size_t size = 0;
    unsigned char *data = ccl_cli_read_checkpoint_file(path, &size);
    if (data == NULL) {
        return CCL_CLI_EXIT_USAGE;
    }
    ccl_world_def hooks = ccl_cli_run_world_def(run);
    ccl_load_info info;
    ccl_world *world = NULL;
    ccl_status status = ccl_world_load(data, size, &hooks, &world, &info);
    const char *problem = info.problem;
    if (status == CCL_OK) {
        run->scene.world = world;
        char label[sizeof run->scene_label];
        memcpy(label, run->scene_label, sizeof label);
        problem = ccl_cli_run_from_bytes(run, info.extra, info.extra_size, until);
        for (int i = 0; problem == NULL && i < run->scene.circle_count; i++) {
            problem = ccl_world_is_valid(world, run->scene.ids[i])
                          ? NULL
                          : "the run's circles are not the world's";
        }
        if (problem != NULL) {
            memcpy(run->scene_label, label, sizeof label);
        }
    }
    free(data);
    if (status == CCL_ERR_OUT_OF_MEMORY) {
        fprintf(stderr, "circol: resume: '%s': out of memory\n", run->scene_label);
        return CCL_CLI_EXIT_SIMULATION;
    }
    if (problem != NULL) {
        fprintf(stderr, "circol: resume: '%s' is not a usable checkpoint: %s\n", run->scene_label,
                problem);
        return CCL_CLI_EXIT_USAGE;
    }
    run->resumed = true;
    run->frame_count = ccl_cli_frames_done(run);
    return CCL_CLI_EXIT_OK;
}
