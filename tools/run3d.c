/* circol CLI: `circol run` on a 3D scene:
 *   {"dim": 3, "world": {"box": [x0, y0, z0, x1, y1, z1], "boundary": "walls" | "periodic",
 *    "restitution": 1}, "circles": [{"x", "y", "z", "vx", "vy", "vz", "r", "mass",
 *    "restitution"}], "until": T}
 * The keys are those of 2D scenes with z and vz added; "circles" are spheres. Unknown keys are an
 * error. The report has the 2D run's keys, with the pressure of the 3D virial theorem. */
#include "run3d.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <circol/circol.h>

#include "progress.h"
#include "report.h"

bool ccl_cli_run3d_wanted(const char *path) {
    FILE *file = path != NULL ? fopen(path, "rb") : NULL;
    if (file == NULL) {
        return false;
    }
    char head[4097];
    size_t got = fread(head, 1, sizeof head - 1, file);
    fclose(file);
    head[got] = '\0';
    const char *dim = strstr(head, "\"dim\"");
    if (dim == NULL) {
        return false;
    }
    dim = strchr(dim + 5, ':');
    return dim != NULL && strtod(dim + 1, NULL) == 3.0;
}

/// Reads the whole file into a string; NULL with a message on failure.
static char *ccl_cli_run3d_read(const char *path) {
    FILE *file = fopen(path, "rb");
    char *text = NULL;
    long size = -1;
    if (file != NULL && fseek(file, 0, SEEK_END) == 0) {
        size = ftell(file);
        rewind(file);
    }
    if (size >= 0) {
        text = malloc((size_t)size + 1);
    }
    if (text != NULL && fread(text, 1, (size_t)size, file) == (size_t)size) {
        text[size] = '\0';
    } else {
        free(text);
        text = NULL;
        fprintf(stderr, "circol run: cannot read '%s'\n", path);
    }
    if (file != NULL) {
        fclose(file);
    }
    return text;
}

/// A number under key of object, or fallback when absent; false (with a message) when it is
/// there and not a finite number.
static bool ccl_cli_run3d_number(const cJSON *object, const char *key, double fallback,
                                 double *out) {
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    *out = fallback;
    if (item == NULL) {
        return true;
    }
    if (!cJSON_IsNumber(item) || !isfinite(item->valuedouble)) {
        fprintf(stderr, "circol run: \"%s\" must be a finite number\n", key);
        return false;
    }
    *out = item->valuedouble;
    return true;
}

/// True when every key of object is one of the allowed ones (else a message naming it).
static bool ccl_cli_run3d_keys(const cJSON *object, const char *const *allowed, int count) {
    for (const cJSON *item = object->child; item != NULL; item = item->next) {
        bool known = false;
        for (int k = 0; k < count && !known; ++k) {
            known = strcmp(item->string, allowed[k]) == 0;
        }
        if (!known) {
            fprintf(stderr, "circol run: unknown key \"%s\"\n", item->string);
            return false;
        }
    }
    return true;
}

/// The world definition from the scene's "world" object.
static bool ccl_cli_run3d_world(const cJSON *world, ccl_world3d_def *def) {
    static const char *const keys[] = {"box", "boundary", "restitution"};
    *def = ccl_world3d_default_def();
    if (world == NULL) {
        return true;
    }
    if (!cJSON_IsObject(world) || !ccl_cli_run3d_keys(world, keys, 3) ||
        !ccl_cli_run3d_number(world, "restitution", 1.0, &def->restitution)) {
        return false;
    }
    const cJSON *box = cJSON_GetObjectItemCaseSensitive(world, "box");
    if (box != NULL) {
        double c[6];
        bool ok = cJSON_IsArray(box) && cJSON_GetArraySize(box) == 6;
        for (int k = 0; ok && k < 6; ++k) {
            const cJSON *v = cJSON_GetArrayItem(box, k);
            ok = cJSON_IsNumber(v);
            c[k] = ok ? v->valuedouble : 0.0;
        }
        if (!ok) {
            fputs("circol run: \"box\" must be [x0, y0, z0, x1, y1, z1] in a 3D scene\n", stderr);
            return false;
        }
        def->box_min = ccl_v3(c[0], c[1], c[2]);
        def->box_max = ccl_v3(c[3], c[4], c[5]);
    }
    const cJSON *boundary = cJSON_GetObjectItemCaseSensitive(world, "boundary");
    if (boundary != NULL) {
        bool walls = cJSON_IsString(boundary) && strcmp(boundary->valuestring, "walls") == 0;
        bool periodic = cJSON_IsString(boundary) && strcmp(boundary->valuestring, "periodic") == 0;
        if (!walls && !periodic) {
            fputs("circol run: \"boundary\" must be \"walls\" or \"periodic\"\n", stderr);
            return false;
        }
        def->boundary = periodic ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
    }
    return true;
}

/// Adds the scene's spheres; false (with a message) on a bad one.
static bool ccl_cli_run3d_spheres(const cJSON *list, ccl_world3d *w) {
    static const char *const keys[] = {"x", "y", "z", "vx", "vy", "vz", "r", "mass", "restitution"};
    int index = 0;
    for (const cJSON *item = list != NULL ? list->child : NULL; item != NULL;
         item = item->next, ++index) {
        ccl_sphere_def s = ccl_sphere_default_def();
        double *fields[] = {&s.position.x, &s.position.y, &s.position.z,
                            &s.velocity.x, &s.velocity.y, &s.velocity.z,
                            &s.radius,     &s.mass,       &s.restitution};
        double fallbacks[] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, -1.0};
        bool ok = cJSON_IsObject(item) && ccl_cli_run3d_keys(item, keys, 9);
        for (int k = 0; ok && k < 9; ++k) {
            ok = ccl_cli_run3d_number(item, keys[k], fallbacks[k], fields[k]);
        }
        ccl_status status = ok ? ccl_world3d_add_sphere(w, &s, NULL) : CCL_ERR_INVALID_ARGUMENT;
        if (status != CCL_OK) {
            fprintf(stderr, "circol run: circles[%d]: %s\n", index, ccl_status_string(status));
            return false;
        }
    }
    return true;
}

/// Builds the world from the scene text; NULL (with a message) when it is not a 3D scene it can
/// run. *until gets the scene's "until" (10 when absent).
static ccl_world3d *ccl_cli_run3d_build(const char *text, double *until) {
    static const char *const keys[] = {"dim", "world", "circles", "until"};
    cJSON *root = cJSON_Parse(text);
    ccl_world3d_def def;
    ccl_world3d *w = NULL;
    bool ok = root != NULL && cJSON_IsObject(root) && ccl_cli_run3d_keys(root, keys, 4) &&
              ccl_cli_run3d_number(root, "until", 10.0, until) &&
              ccl_cli_run3d_world(cJSON_GetObjectItemCaseSensitive(root, "world"), &def);
    if (root == NULL) {
        fputs("circol run: the scene is not valid JSON\n", stderr);
    }
    ccl_status status = ok ? ccl_world3d_create(&def, &w) : CCL_OK;
    if (status != CCL_OK) {
        fprintf(stderr, "circol run: the world: %s\n", ccl_status_string(status));
    }
    const cJSON *circles = root != NULL ? cJSON_GetObjectItemCaseSensitive(root, "circles") : NULL;
    if (w != NULL && (!(*until >= 0.0) || (circles != NULL && !cJSON_IsArray(circles)) ||
                      !ccl_cli_run3d_spheres(circles, w))) {
        ccl_world3d_destroy(w);
        w = NULL;
    }
    cJSON_Delete(root);
    return w;
}

/// The spheres' states under "circles" of report.
static bool ccl_cli_run3d_state(cJSON *report, const ccl_world3d *w) {
    int n = ccl_world3d_sphere_count(w), count = 0;
    ccl_sphere_state *states = malloc(((size_t)n + 1) * sizeof *states);
    cJSON *list = cJSON_AddArrayToObject(report, "circles");
    bool ok = states != NULL && list != NULL && ccl_world3d_export(w, states, n, &count) == CCL_OK;
    for (int i = 0; ok && i < count; ++i) {
        cJSON *item = cJSON_CreateObject();
        const ccl_sphere_state *s = &states[i];
        double values[] = {s->id.index,   s->position.x, s->position.y, s->position.z,
                           s->velocity.x, s->velocity.y, s->velocity.z, s->radius};
        const char *names[] = {"id", "x", "y", "z", "vx", "vy", "vz", "r"};
        ok = item != NULL;
        for (int k = 0; ok && k < 8; ++k) {
            ok = ccl_cli_json_add_number(item, names[k], values[k]);
        }
        if (item != NULL) {
            cJSON_AddItemToArray(list, item);
        }
    }
    free(states);
    return ok;
}

/// Prints the report of the run (box: the world's corners, for the pressure's volume).
static bool ccl_cli_run3d_report(const ccl_cli_run_options *o, const ccl_world3d *w,
                                 const ccl_world3d_def *box, double until, double initial_energy,
                                 double seconds, bool interrupted) {
    ccl_world3d_stats s = ccl_world3d_get_stats(w);
    double volume = (box->box_max.x - box->box_min.x) * (box->box_max.y - box->box_min.y) *
                    (box->box_max.z - box->box_min.z);
    /* P V = N kT + virial / (3 t), with N kT two thirds of the kinetic energy */
    double t = s.virial_time, n = s.sphere_count;
    double pressure =
        t > 0.0 ? (2.0 / 3.0 * s.kinetic_energy + s.virial / (3.0 * t)) / volume : NAN;
    double rate = t > 0.0 && n > 0 ? 2.0 * (double)s.collisions / (n * t) : NAN;
    if (!o->json) {
        printf("circol run: %d spheres to time %.6g: %llu collisions, %llu with walls, energy %.6g "
               "(from %.6g), largest overlap %.3g\n",
               s.sphere_count, s.time, (unsigned long long)s.collisions,
               (unsigned long long)s.wall_collisions, s.kinetic_energy, initial_energy,
               ccl_world3d_max_overlap(w));
        return ccl_cli_flush_stdout();
    }
    const char *names[] = {"dim",
                           "time",
                           "until",
                           "circle_count",
                           "collisions",
                           "wall_collisions",
                           "events",
                           "kinetic_energy",
                           "initial_kinetic_energy",
                           "max_overlap",
                           "guard_collisions",
                           "pressure",
                           "collision_rate",
                           "wall_seconds"};
    double values[] = {3.0,
                       s.time,
                       until,
                       n,
                       (double)s.collisions,
                       (double)s.wall_collisions,
                       (double)s.events,
                       s.kinetic_energy,
                       initial_energy,
                       ccl_world3d_max_overlap(w),
                       (double)s.guard_collisions,
                       pressure,
                       rate,
                       seconds};
    cJSON *report = ccl_cli_json_numbers(names, values, sizeof values / sizeof values[0]);
    bool ok = report != NULL;
    cJSON *momentum = ok ? cJSON_AddArrayToObject(report, "momentum") : NULL;
    double p[3] = {s.momentum.x, s.momentum.y, s.momentum.z};
    for (int k = 0; momentum != NULL && k < 3; ++k) {
        cJSON_AddItemToArray(momentum, ccl_cli_json_number(p[k]));
    }
    ok = momentum != NULL && cJSON_AddBoolToObject(report, "interrupted", interrupted) != NULL;
    ok = ok && (!o->state || ccl_cli_run3d_state(report, w));
    if (!ok) {
        cJSON_Delete(report);
        fputs("circol: out of memory writing JSON\n", stderr);
        return false;
    }
    return ccl_cli_json_print(report);
}

int ccl_cli_run3d_main(const ccl_cli_run_options *o) {
    if (o->svg_path != NULL || o->frames_dir != NULL || o->xyz_path != NULL ||
        o->trace_path != NULL) {
        fputs("circol run: pictures, frames, traces and --xyz are for 2D scenes only\n", stderr);
        return CCL_CLI_EXIT_USAGE;
    }
    char *text = ccl_cli_run3d_read(o->scene_path);
    double until = 10.0;
    ccl_world3d *w = text != NULL ? ccl_cli_run3d_build(text, &until) : NULL;
    if (w == NULL) {
        free(text);
        return CCL_CLI_EXIT_USAGE;
    }
    ccl_world3d_def box = ccl_world3d_default_def();
    cJSON *root = cJSON_Parse(text);
    ccl_cli_run3d_world(cJSON_GetObjectItemCaseSensitive(root, "world"), &box);
    cJSON_Delete(root);
    free(text);
    until = o->has_until ? o->until : until;
    double initial = ccl_world3d_get_stats(w).kinetic_energy, start = ccl_cli_seconds();
    ccl_status status = CCL_OK;
    bool interrupted = false;
    /* in steps of a hundredth of the run, so that Ctrl-C is answered */
    for (int step = 1; step <= 100 && status == CCL_OK && !interrupted; ++step) {
        status = ccl_world3d_advance(w, until * step / 100.0 - ccl_world3d_time(w));
        interrupted = ccl_cli_interrupted();
    }
    int code = CCL_CLI_EXIT_OK;
    if (status != CCL_OK) {
        fprintf(stderr, "circol: simulation error at time %.17g: %s\n", ccl_world3d_time(w),
                ccl_status_string(status));
        code = CCL_CLI_EXIT_SIMULATION;
    } else if (!ccl_cli_run3d_report(o, w, &box, until, initial, ccl_cli_seconds() - start,
                                     interrupted)) {
        code = CCL_CLI_EXIT_SIMULATION;
    } else if (interrupted) {
        code = CCL_CLI_EXIT_INTERRUPTED;
    }
    ccl_world3d_destroy(w);
    return code;
}
