/* circol CLI: the summary of `circol run`, as words or as one JSON object. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "report.h"
#include "run_internal.h"

/// Adds the circles' final states to the JSON report.
static bool ccl_cli_run_json_state(const ccl_cli_run *run, cJSON *report) {
    cJSON *array = cJSON_AddArrayToObject(report, "circles");
    if (array == NULL) {
        return false;
    }
    for (int i = 0; i < run->scene.circle_count; i++) {
        ccl_circle_state state;
        if (ccl_world_get_circle(run->world, run->ids[i], &state) != CCL_OK) {
            continue;
        }
        cJSON *item = cJSON_CreateObject();
        if (item == NULL || !cJSON_AddItemToArray(array, item)) {
            cJSON_Delete(item);
            return false;
        }
        bool ok = cJSON_AddNumberToObject(item, "id", i) != NULL;
        ok = ok && ccl_cli_json_add_number(item, "x", state.position.x);
        ok = ok && ccl_cli_json_add_number(item, "y", state.position.y);
        ok = ok && ccl_cli_json_add_number(item, "vx", state.velocity.x);
        ok = ok && ccl_cli_json_add_number(item, "vy", state.velocity.y);
        ok = ok && ccl_cli_json_add_number(item, "r", state.radius);
        if (!ok) {
            return false;
        }
    }
    return true;
}

/// The virial pressure P = (N kT + virial / (2 t)) / A of the 2D virial theorem, with N kT the
/// kinetic energy now (equipartition in 2D) and the collision virial over the time it was
/// accumulated; NaN before any time passed.
static double ccl_cli_run_pressure(const ccl_cli_scene *scene, const ccl_world_stats *stats) {
    double area = (scene->box_max.x - scene->box_min.x) * (scene->box_max.y - scene->box_min.y);
    if (!(stats->virial_time > 0.0) || !(area > 0.0)) {
        return NAN;
    }
    return (stats->kinetic_energy + stats->virial / (2.0 * stats->virial_time)) / area;
}

/// Circle-circle collisions per circle per unit time (each collision involves two circles), as
/// `circol gas` counts them; NaN before any time passed or without circles.
static double ccl_cli_run_collision_rate(const ccl_world_stats *stats) {
    if (!(stats->virial_time > 0.0) || stats->circle_count <= 0) {
        return NAN;
    }
    return 2.0 * (double)stats->collisions / ((double)stats->circle_count * stats->virial_time);
}

/* The energy ledger as the JSON object "energy" (ccl_world_ledger's members). */
static bool ccl_cli_run_json_ledger(const ccl_world *world, cJSON *report) {
    ccl_world_ledger l;
    if (ccl_world_energy_ledger(world, &l) != CCL_OK) {
        return false;
    }
    cJSON *energy = cJSON_AddObjectToObject(report, "energy");
    bool ok = energy != NULL;
    ok = ok && ccl_cli_json_add_number(energy, "collision_loss", l.collision_loss);
    ok = ok && ccl_cli_json_add_number(energy, "wall_loss", l.wall_loss);
    ok = ok && ccl_cli_json_add_number(energy, "guard_kept", l.guard_kept);
    ok = ok && ccl_cli_json_add_number(energy, "push_added", l.push_added);
    ok = ok && ccl_cli_json_add_number(energy, "rest_taken", l.rest_taken);
    ok = ok && ccl_cli_json_add_number(energy, "wedge_taken", l.wedge_taken);
    ok = ok && ccl_cli_json_add_number(energy, "sleep_taken", l.sleep_taken);
    ok = ok && ccl_cli_json_add_vec2(energy, "momentum_taken", l.momentum_taken);
    ok = ok && ccl_cli_json_add_number(energy, "rest_stops", (double)l.rest_stops);
    ok = ok && ccl_cli_json_add_number(energy, "wedge_stops", (double)l.wedge_stops);
    ok = ok && ccl_cli_json_add_number(energy, "sleeps", (double)l.sleeps);
    return ok;
}

/* The energy ledger in the human summary, where anything was dissipated, kept or taken. */
static void ccl_cli_run_print_ledger(const ccl_world *world) {
    ccl_world_ledger l;
    if (ccl_world_energy_ledger(world, &l) != CCL_OK) {
        return;
    }
    double devices = l.rest_taken + l.wedge_taken + l.sleep_taken;
    if (l.collision_loss == 0.0 && l.wall_loss == 0.0 && l.guard_kept == 0.0 && devices == 0.0) {
        return;
    }
    printf("  energy           %.6g dissipated by collisions, %.6g by walls; %.6g kept by the "
           "guard's elastic collisions, %.6g added by the parting push\n",
           l.collision_loss, l.wall_loss, l.guard_kept, l.push_added);
    printf("  devices took     %.6g resting, %.6g wedge stops, %.6g sleep (momentum (%.6g, "
           "%.6g))\n",
           l.rest_taken, l.wedge_taken, l.sleep_taken, l.momentum_taken.x, l.momentum_taken.y);
}

/// Prints the report (JSON or the human summary). False on an output error.
bool ccl_cli_run_report(const ccl_cli_run *run, double until, double initial_energy, double seconds,
                        bool interrupted) {
    ccl_world_stats stats = ccl_world_get_stats(run->world);
    double max_overlap = ccl_world_max_overlap(run->world);
    const ccl_cli_scene *scene = &run->scene;
    double pressure = ccl_cli_run_pressure(scene, &stats);
    double collision_rate = ccl_cli_run_collision_rate(&stats);
    if (run->options.json) {
        cJSON *report = cJSON_CreateObject();
        bool ok = report != NULL;
        ok = ok && cJSON_AddStringToObject(report, "scene", run->scene_name) != NULL;
        ok = ok && ccl_cli_json_add_number(report, "time", stats.time);
        ok = ok && ccl_cli_json_add_number(report, "until", until);
        ok = ok && ccl_cli_json_add_number(report, "circle_count", scene->circle_count);
        ok = ok && ccl_cli_json_add_number(report, "collisions", (double)stats.collisions);
        ok =
            ok && ccl_cli_json_add_number(report, "wall_collisions", (double)stats.wall_collisions);
        ok = ok && ccl_cli_json_add_number(report, "events", (double)stats.events);
        ok = ok && ccl_cli_json_add_number(report, "kinetic_energy", stats.kinetic_energy);
        ok = ok && ccl_cli_json_add_number(report, "initial_kinetic_energy", initial_energy);
        ok = ok && ccl_cli_json_add_vec2(report, "momentum", stats.momentum);
        ok = ok && ccl_cli_json_add_number(report, "max_overlap", max_overlap);
        ok = ok &&
             ccl_cli_json_add_number(report, "guard_collisions", (double)stats.guard_collisions);
        ok = ok && ccl_cli_json_add_number(report, "pressure", pressure);
        ok = ok && ccl_cli_json_add_number(report, "collision_rate", collision_rate);
        ok = ok && ccl_cli_json_add_number(report, "wall_seconds", seconds);
        ok = ok && cJSON_AddBoolToObject(report, "interrupted", interrupted) != NULL;
        ok = ok && ccl_cli_run_json_ledger(run->world, report);
        if (ok && run->options.state) {
            ok = ccl_cli_run_json_state(run, report);
        }
        if (!ok) {
            cJSON_Delete(report);
            fputs("circol: out of memory writing JSON\n", stderr);
            return false;
        }
        return ccl_cli_json_print(report);
    }
    printf("circol: %s: %d %s, %d %s, %d %s, %s box [%g, %g] x [%g, %g]\n", run->scene_name,
           scene->circle_count, ccl_cli_plural(scene->circle_count, "circle", "circles"),
           scene->segment_count, ccl_cli_plural(scene->segment_count, "segment", "segments"),
           scene->point_count, ccl_cli_plural(scene->point_count, "point", "points"),
           scene->boundary == CCL_BOUNDARY_PERIODIC ? "periodic" : "walled", scene->box_min.x,
           scene->box_max.x, scene->box_min.y, scene->box_max.y);
    printf("  time             %.10g of %.10g%s\n", stats.time, until,
           interrupted ? " (interrupted)" : "");
    printf("  collisions       %llu between circles, %llu with walls\n",
           (unsigned long long)stats.collisions, (unsigned long long)stats.wall_collisions);
    if (stats.guard_collisions > 0) {
        /* what the count means, in one line: not an error, the price of not stalling */
        printf("  collapse guard   %llu of %llu made elastic (pairs meeting again within the "
               "collapse time, so that an inelastic pile cannot stall; see docs/RELIABILITY.md)\n",
               (unsigned long long)stats.guard_collisions, (unsigned long long)stats.collisions);
    }
    printf("  events           %llu\n", (unsigned long long)stats.events);
    ccl_cli_run_print_ledger(run->world);
    printf("  kinetic energy   %.10g (at start %.10g)\n", stats.kinetic_energy, initial_energy);
    printf("  momentum         (%.10g, %.10g)\n", stats.momentum.x, stats.momentum.y);
    printf("  max overlap      %.3g\n", max_overlap);
    if (!isnan(pressure)) {
        printf("  pressure         %.6g (virial), %.6g collisions per circle per unit time\n",
               pressure, collision_rate);
    }
    printf("  wall time        %.3f s", seconds);
    if (seconds > 0.0 && stats.events > 0) {
        printf(", %.3g events/s", (double)stats.events / seconds);
    }
    printf("\n");
    if (run->options.state) {
        printf("  %5s %22s %22s %22s %22s %12s\n", "id", "x", "y", "vx", "vy", "r");
        for (int i = 0; i < scene->circle_count; i++) {
            ccl_circle_state state;
            if (ccl_world_get_circle(run->world, run->ids[i], &state) == CCL_OK) {
                printf("  %5d %22.17g %22.17g %22.17g %22.17g %12.6g\n", i, state.position.x,
                       state.position.y, state.velocity.x, state.velocity.y, state.radius);
            }
        }
    }
    return ccl_cli_flush_stdout();
}

/// Advances the world to target (the run started at start and lasts until), in calls of a
