/* circol CLI: `circol run`. All physics is the library's: this file builds the world from the
 * scene, advances it in frames (for trails and the progress bar) and reports. */
#include "run.h"
#include "run3d.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <circol/circol.h>

#include "json_locate.h"
#include "options.h"
#include "progress.h"
#include "report.h"
#include "scene.h"
#include "svg.h"
#include "frames.h"
#include "run_internal.h"
#include "trail.h"
#include "xyz.h"

/// The bundled default scene (examples/scenes/default.json, embedded at build time).
extern const char ccl_cli_default_scene[];
/// Its length in bytes.
extern const size_t ccl_cli_default_scene_length;

/// Name of the default scene in messages.
#define CCL_CLI_DEFAULT_NAME "default scene (built in)"
/// Simulated time when neither the scene nor --until says.
#define CCL_CLI_DEFAULT_UNTIL 10.0
/// Frames (trail samples and progress steps) over a run.
#define CCL_CLI_FRAMES 600
/// Circles followed by trails at most.
#define CCL_CLI_MAX_TRAILS 400

void ccl_cli_run_usage(void *out) {
    fputs("usage: circol run [SCENE.json] [--until T] [--json] [--state] [--svg FILE]\n"
          "                  [--trace FILE.csv] [--colour speed|species]\n"
          "                  [--trails last|all|none] [--frames DIR --every DT]\n"
          "                  [--xyz FILE --every DT] [--checkpoint FILE --every DT]\n"
          "Runs a scene file (\"-\" reads standard input; none: the bundled default scene) and\n"
          "prints a summary.\n"
          "  --until T         simulate until time T (default: the scene's \"until\", else 10)\n"
          "  --json            print one JSON object instead of the summary\n"
          "  --state           include every circle's final state\n"
          "  --svg FILE        draw the final state: axes, walls, circles, trails, legend\n"
          "  --colour C        what colour says: speed (default, with its scale) or species\n"
          "  --trails M        how much of the paths to draw: last (tenth), all or none\n"
          "  --frames DIR      with --every DT: a PNG picture every DT of simulated time,\n"
          "                    DIR/frame-00000.png, ... (a film: see docs/CLI.md)\n"
          "  --trace FILE.csv  write every collision: time, circles, point, normal, impulse\n"
          "  --xyz FILE        with --every DT: extended XYZ frames (positions, radii,\n"
          "                    velocities, unwrapped positions) every DT of simulated time\n"
          "  --checkpoint FILE with --every DT: save the run every DT of simulated time (and\n"
          "                    at Ctrl-C), for circol resume FILE\n",
          (FILE *)out);
}

/// Takes over the scene's world and maps its slots back to scene order. Returns an exit status.
static int ccl_cli_run_build(ccl_cli_run *run) {
    const ccl_cli_scene *scene = &run->scene;
    run->world = scene->world;
    run->ids = scene->ids;
    uint32_t max_slot = 0;
    for (int i = 0; i < scene->circle_count; i++) {
        max_slot = run->ids[i].index > max_slot ? run->ids[i].index : max_slot;
    }
    run->slot_count = max_slot + 1;
    run->index_of_slot = malloc((size_t)run->slot_count * sizeof *run->index_of_slot);
    if (run->index_of_slot == NULL) {
        fputs("circol: out of memory\n", stderr);
        return CCL_CLI_EXIT_SIMULATION;
    }
    for (uint32_t s = 0; s < run->slot_count; s++) {
        run->index_of_slot[s] = -1;
    }
    for (int i = 0; i < scene->circle_count; i++) {
        run->index_of_slot[run->ids[i].index] = i;
    }
    return CCL_CLI_EXIT_OK;
}

/// Appends every traced circle's position now to its trail (force: also when it barely moved).
static void ccl_cli_run_sample_trails(ccl_cli_run *run, bool force) {
    for (int i = 0; i < run->scene.circle_count; i += run->trails.stride) {
        ccl_circle_state state;
        if (ccl_world_get_circle(run->world, run->ids[i], &state) == CCL_OK) {
            ccl_cli_trails_add(&run->trails, i, state.position, force);
        }
    }
}

/// Advances to until in frames. Returns an exit status; *interrupted says whether Ctrl-C
/// The picture of the run now, with circles as drawn and a title.
static ccl_cli_svg_picture
ccl_cli_run_picture(const ccl_cli_run *run, const ccl_cli_svg_circle *circles, const char *title) {
    const ccl_cli_scene *scene = &run->scene;
    return (ccl_cli_svg_picture){scene->box_min,
                                 scene->box_max,
                                 scene->boundary == CCL_BOUNDARY_PERIODIC,
                                 scene->segments,
                                 scene->segment_count,
                                 scene->points,
                                 scene->point_count,
                                 circles,
                                 scene->circle_count,
                                 run->tracing_trails ? &run->trails : NULL,
                                 (ccl_cli_trail_mode)run->options.trail_mode,
                                 (ccl_cli_colour_by)run->options.colour_by,
                                 title};
}

/// The circles of a picture of the world now, for option (--frames, --svg); NULL when out of
/// memory, which is said on standard error.
static ccl_cli_svg_circle *ccl_cli_run_circles(const ccl_cli_run *run, const char *option) {
    ccl_cli_svg_circle *circles =
        ccl_cli_picture_circles(run->world, run->ids, run->scene.circle_count);
    if (circles == NULL) {
        fprintf(stderr, "circol: %s: out of memory\n", option);
    }
    return circles;
}

/// Writes the next frame (--frames, --xyz). False on failure (said on standard error).
static bool ccl_cli_run_write_frame(ccl_cli_run *run) {
    if (run->xyz != NULL &&
        !ccl_cli_xyz_write_frame(run->xyz, run->world, run->ids, run->scene.circle_count,
                                 run->scene.box_min, run->scene.box_max,
                                 run->scene.boundary == CCL_BOUNDARY_PERIODIC)) {
        fprintf(stderr, "circol: --xyz: error writing '%s'\n", run->options.xyz_path);
        return false;
    }
    if (run->options.frames_dir == NULL) {
        run->frame_count++;
        return true;
    }
    ccl_cli_svg_circle *circles = ccl_cli_run_circles(run, "--frames");
    if (circles == NULL) {
        return false;
    }
    ccl_cli_svg_picture picture = ccl_cli_run_picture(run, circles, NULL);
    picture.trails = NULL;
    bool ok = ccl_cli_frame_write(run->options.frames_dir, run->frame_count++, &picture);
    free(circles);
    return ok;
}

/// Writes the SVG picture of the final state.
static bool ccl_cli_run_write_svg(ccl_cli_run *run) {
    ccl_cli_svg_circle *circles = ccl_cli_run_circles(run, "--svg");
    if (circles == NULL) {
        return false;
    }
    char title[256];
    snprintf(title, sizeof title, "%s at t = %.6g", run->scene_name, ccl_world_time(run->world));
    ccl_cli_svg_picture picture = ccl_cli_run_picture(run, circles, title);
    FILE *file = run->svg;
    run->svg = NULL;
    bool drawn = ccl_cli_svg_write_picture(file, &picture);
    bool ok = ccl_cli_close_output(file, run->options.svg_path, "--svg", 0) && drawn;
    free(circles);
    return ok;
}

/// bounded number of events so that Ctrl-C and the progress bar respond. Returns an exit status.
static int ccl_cli_run_advance_to(ccl_cli_run *run, double target, double start, double until,
                                  bool *interrupted) {
    for (;;) {
        if (ccl_cli_interrupted()) {
            *interrupted = true;
            return CCL_CLI_EXIT_OK;
        }
        double dt = target - ccl_world_time(run->world);
        if (!(dt > 0.0)) {
            return CCL_CLI_EXIT_OK;
        }
        double advance_start = ccl_cli_seconds();
        ccl_status status = ccl_world_advance(run->world, dt);
        run->advance_seconds += ccl_cli_seconds() - advance_start;
        if (run->trace != NULL) {
            ccl_cli_run_write_trace(run);
        }
        char detail[64];
        double done = ccl_world_time(run->world) - start;
        snprintf(detail, sizeof detail, "t = %.4g of %.4g", done, until);
        ccl_cli_progress_show(&run->progress, until > 0.0 ? done / until : 1.0, detail);
        if (status == CCL_OK) {
            return CCL_CLI_EXIT_OK;
        }
        if (status != CCL_ERR_EVENT_LIMIT) {
            ccl_cli_progress_finish(&run->progress);
            fprintf(stderr, "circol: simulation error at time %.17g: %s\n",
                    ccl_world_time(run->world), ccl_status_string(status));
            return CCL_CLI_EXIT_SIMULATION;
        }
    }
}

/// Advances to target, stopping at the time of each frame due on the way (--frames) to write
/// it. Returns an exit status.
static int ccl_cli_run_advance_framed(ccl_cli_run *run, double target, double start, double until,
                                      bool *interrupted) {
    bool framed =
        run->options.frames_dir != NULL || run->xyz != NULL || run->options.checkpoint_path != NULL;
    while (framed && run->next_frame <= target && !*interrupted) {
        int code = ccl_cli_run_advance_to(run, run->next_frame, start, until, interrupted);
        if (code == CCL_CLI_EXIT_OK && !*interrupted &&
            (!ccl_cli_run_write_frame(run) ||
             (run->options.checkpoint_path != NULL && !ccl_cli_checkpoint_write(run)))) {
            code = CCL_CLI_EXIT_SIMULATION;
        }
        if (code != CCL_CLI_EXIT_OK) {
            return code;
        }
        run->next_frame = start + run->options.every * run->frame_count;
    }
    return *interrupted ? CCL_CLI_EXIT_OK
                        : ccl_cli_run_advance_to(run, target, start, until, interrupted);
}

/// Advances the world by until in frames (trail samples, progress), frames of --frames among
/// them. Returns an exit status.
static int ccl_cli_run_advance(ccl_cli_run *run, double until, bool *interrupted) {
    ccl_cli_progress_start(&run->progress);
    int status_code = CCL_CLI_EXIT_OK;
    *interrupted = false;
    double start = run->start; /* a resumed run goes on with the frames of the run it continues */
    run->next_frame = start + run->options.every * run->frame_count;
    for (int frame = 1; frame <= CCL_CLI_FRAMES && status_code == CCL_CLI_EXIT_OK; frame++) {
        /* divided first, so that no finite until overflows (until * frame does above 3e305); the
         * last frame ends at until itself */
        double target = start + (frame == CCL_CLI_FRAMES ? until : until / CCL_CLI_FRAMES * frame);
        status_code = ccl_cli_run_advance_framed(run, target, start, until, interrupted);
        if (run->tracing_trails) {
            ccl_cli_run_sample_trails(run, frame == CCL_CLI_FRAMES || *interrupted);
            if (frame == CCL_CLI_FRAMES * 9 / 10) { /* the last tenth starts here */
                ccl_cli_trails_mark(&run->trails);
            }
        }
        if (*interrupted) {
            break;
        }
    }
    ccl_cli_progress_finish(&run->progress);
    return status_code;
}

/// Loads the scene named by the options, or the bundled one. Returns an exit status.
static int ccl_cli_run_load(ccl_cli_run *run) {
    char error[CCL_CLI_ERROR_SIZE];
    bool ok;
    ccl_world_def def = ccl_cli_run_world_def(run);
    if (run->options.scene_path == NULL) {
        run->scene_name = CCL_CLI_DEFAULT_NAME;
        ok = ccl_cli_scene_parse_with(ccl_cli_default_scene, ccl_cli_default_scene_length,
                                      run->scene_name, &def, &run->scene, error, sizeof error);
    } else {
        const char *path = run->options.scene_path;
        ccl_cli_escape_for_message(path, strlen(path), run->scene_label, sizeof run->scene_label);
        run->scene_name = strcmp(path, "-") == 0 ? "<stdin>" : run->scene_label;
        ok = ccl_cli_scene_load(run->options.scene_path, run->scene_name, &def, &run->scene, error,
                                sizeof error);
    }
    if (!ok) {
        fprintf(stderr, "circol: %s\n", error);
        return CCL_CLI_EXIT_USAGE;
    }
    return CCL_CLI_EXIT_OK;
}

void ccl_cli_run_free(ccl_cli_run *run) {
    ccl_cli_scene_free(&run->scene); /* the world and the ids too */
    ccl_cli_trails_free(&run->trails);
    free(run->index_of_slot);
    free(run->pending);
    if (run->trace != NULL) {
        fclose(run->trace);
    }
    if (run->svg != NULL) {
        fclose(run->svg);
    }
    if (run->xyz != NULL) {
        fclose(run->xyz);
    }
}

/// Whether the output path given to option names the scene file, which writing it would
/// overwrite; if so, says so on stderr.
static bool ccl_cli_run_overwrites_scene(const char *path, const char *option,
                                         const char *scene_path) {
    if (!ccl_cli_is_same_file(path, scene_path)) {
        return false;
    }
    fprintf(stderr, "circol: %s: '%s' is the scene file; refusing to overwrite it\n", option, path);
    return true;
}

/// Prepares the outputs written every DT (--frames DIR, --xyz FILE) before the run. Returns an
/// exit status.
static int ccl_cli_run_open_frames(ccl_cli_run *run, double until, const char *scene_path,
                                   bool builtin) {
    if (run->options.frames_dir != NULL) {
        if (until / run->options.every >= CCL_CLI_MAX_FRAMES) {
            fprintf(stderr,
                    "circol: --every: %g gives %.4g frames over %g of simulated time; at most %d "
                    "(choose a longer --every)\n",
                    run->options.every, floor(until / run->options.every) + 1.0, until,
                    CCL_CLI_MAX_FRAMES);
            return CCL_CLI_EXIT_USAGE;
        }
        if (!ccl_cli_frames_prepare(run->options.frames_dir)) {
            return CCL_CLI_EXIT_USAGE;
        }
    }
    if (run->options.xyz_path != NULL) {
        if (!builtin && ccl_cli_run_overwrites_scene(run->options.xyz_path, "--xyz", scene_path)) {
            return CCL_CLI_EXIT_USAGE;
        }
        run->xyz = ccl_cli_open_output(run->options.xyz_path, "--xyz");
        if (run->xyz == NULL) {
            return CCL_CLI_EXIT_USAGE;
        }
    }
    return CCL_CLI_EXIT_OK;
}

/// The run itself, once the options are known. Returns an exit status.
static int ccl_cli_run_execute(ccl_cli_run *run) {
    int code = ccl_cli_run_load(run);
    if (code != CCL_CLI_EXIT_OK) {
        return code;
    }
    double until = run->options.has_until ? run->options.until
                   : run->scene.has_until ? run->scene.until
                                          : CCL_CLI_DEFAULT_UNTIL;
    const char *scene_path = run->options.scene_path;
    bool builtin = scene_path == NULL;
    if (scene_path != NULL && strcmp(scene_path, "-") == 0) {
        scene_path = NULL; /* standard input */
    }
    if (!builtin &&
        ccl_cli_run_overwrites_scene(run->options.checkpoint_path, "--checkpoint", scene_path)) {
        return CCL_CLI_EXIT_USAGE;
    }
    return ccl_cli_run_go(run, until, scene_path, builtin);
}

/// Opens the outputs written at the end or as the run goes (--trace, --svg), refusing one that
/// names the file read (scene_path, unless builtin) or the other. Returns an exit status.
static int ccl_cli_run_open_outputs(ccl_cli_run *run, const char *scene_path, bool builtin) {
    /* an output that names the file read would overwrite it: refused before anything is
     * written */
    if (!builtin && (ccl_cli_run_overwrites_scene(run->options.trace_path, "--trace", scene_path) ||
                     ccl_cli_run_overwrites_scene(run->options.svg_path, "--svg", scene_path))) {
        return CCL_CLI_EXIT_USAGE;
    }
    if (run->options.trace_path != NULL) {
        run->trace = ccl_cli_open_output(run->options.trace_path, "--trace");
        if (run->trace == NULL) {
            return CCL_CLI_EXIT_USAGE;
        }
        fputs("time,kind,a,b,wall,x,y,nx,ny,impulse\n", run->trace);
    }
    if (run->options.trace_path != NULL &&
        ccl_cli_is_same_file(run->options.svg_path, run->options.trace_path)) {
        /* two outputs in one file would write into each other (seen once the trace exists,
         * also for two spellings of a new file: "x", "./x") */
        fprintf(stderr, "circol: --svg: '%s' is the --trace file too; give each its own file\n",
                run->options.svg_path);
        return CCL_CLI_EXIT_USAGE;
    }
    if (run->options.svg_path != NULL) {
        run->svg = ccl_cli_open_output(run->options.svg_path, "--svg");
        if (run->svg == NULL) {
            return CCL_CLI_EXIT_USAGE;
        }
        ccl_vec2 size = ccl_sub(run->scene.box_max, run->scene.box_min);
        bool periodic = run->scene.boundary == CCL_BOUNDARY_PERIODIC;
        if (!ccl_cli_trails_init(&run->trails, run->scene.circle_count, CCL_CLI_MAX_TRAILS,
                                 2.5e-3 * fmax(size.x, size.y),
                                 periodic ? size : ccl_v2(0.0, 0.0))) {
            fputs("circol: --svg: out of memory\n", stderr);
            return CCL_CLI_EXIT_SIMULATION;
        }
    }
    return CCL_CLI_EXIT_OK;
}

int ccl_cli_run_go(ccl_cli_run *run, double until, const char *scene_path, bool builtin) {
    run->options.until = until; /* what a checkpoint keeps */
    int code = ccl_cli_run_open_outputs(run, scene_path, builtin);
    if (code != CCL_CLI_EXIT_OK) {
        return code;
    }
    code = ccl_cli_run_open_frames(run, until, scene_path, builtin);
    if (code != CCL_CLI_EXIT_OK) {
        return code;
    }
    code = ccl_cli_run_build(run);
    if (code != CCL_CLI_EXIT_OK) {
        return code;
    }
    if (run->xyz != NULL && ccl_world_track_unwrapped(run->world) != CCL_OK) {
        fputs("circol: --xyz: out of memory\n", stderr);
        return CCL_CLI_EXIT_SIMULATION;
    }
    run->tracing_trails = run->options.svg_path != NULL;
    if (run->tracing_trails) {
        ccl_cli_run_sample_trails(run, true);
    }
    if (!run->resumed) {
        run->start = ccl_world_time(run->world);
        run->initial_energy = ccl_world_get_stats(run->world).kinetic_energy;
    }
    double initial_energy = run->initial_energy;
    bool interrupted = false;
    code = ccl_cli_run_advance(run, until, &interrupted);
    if (code == CCL_CLI_EXIT_OK && interrupted && run->options.checkpoint_path != NULL &&
        !ccl_cli_checkpoint_write(run)) {
        code = CCL_CLI_EXIT_SIMULATION; /* Ctrl-C: the run so far, to resume */
    }
    /* the simulation's time only: not the trace, trail samples or progress bar between calls */
    double seconds = run->advance_seconds;
    if (run->trace != NULL) {
        FILE *trace = run->trace;
        run->trace = NULL;
        if (!ccl_cli_close_output(trace, run->options.trace_path, "--trace", run->trace_errno)) {
            code = code ? code : CCL_CLI_EXIT_SIMULATION;
        }
    }
    if (run->xyz != NULL) {
        FILE *xyz = run->xyz;
        run->xyz = NULL;
        if (!ccl_cli_close_output(xyz, run->options.xyz_path, "--xyz", 0)) {
            code = code ? code : CCL_CLI_EXIT_SIMULATION;
        }
    }
    if (run->options.svg_path != NULL && !ccl_cli_run_write_svg(run)) {
        code = code ? code : CCL_CLI_EXIT_SIMULATION;
    }
    if (!ccl_cli_run_report(run, until, initial_energy, seconds, interrupted)) {
        code = code ? code : CCL_CLI_EXIT_SIMULATION;
    }
    if (code == CCL_CLI_EXIT_OK && interrupted) {
        fputs("circol: interrupted\n", stderr);
        code = CCL_CLI_EXIT_INTERRUPTED;
    }
    return code;
}

int ccl_cli_run_main(int argc, char **argv) {
    ccl_cli_run run = {0};
    int code;
    if (!ccl_cli_run_options_begin(argc, argv, "run", ccl_cli_run_usage, &run.options, &code)) {
        return code;
    }
    ccl_cli_interrupt_install();
    if (ccl_cli_run3d_wanted(run.options.scene_path)) {
        return ccl_cli_run3d_main(&run.options);
    }
    code = ccl_cli_run_execute(&run);
    ccl_cli_run_free(&run);
    return code;
}
