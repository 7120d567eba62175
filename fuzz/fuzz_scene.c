/* Fuzz target: the CLI's scene parser. Any bytes: never a crash, always a verdict. A refusal
 * writes one NUL-terminated message that names the file and leaves the scene empty; an accepted
 * scene holds only values the format allows, and is then built into a world and advanced a
 * little, as the CLI does, without a crash or a status outside the documented ones. */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <circol/world.h>

#include "scene.h"

#define FUZZ_NAME "fuzz_scene"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool finite2(ccl_vec2 v) {
    return isfinite(v.x) && isfinite(v.y);
}

static void check_scene(const ccl_cli_scene *s) {
    FUZZ_CHECK(finite2(s->box_min) && finite2(s->box_max), "finite box");
    FUZZ_CHECK(s->box_max.x > s->box_min.x && s->box_max.y > s->box_min.y, "box has an area");
    FUZZ_CHECK(s->boundary == CCL_BOUNDARY_WALLS || s->boundary == CCL_BOUNDARY_PERIODIC,
               "boundary");
    FUZZ_CHECK(finite2(s->gravity) && isfinite(s->damping) && s->damping >= 0.0, "gravity");
    FUZZ_CHECK(s->restitution >= 0.0 && s->restitution <= 1.0, "world restitution");
    FUZZ_CHECK(s->circle_count >= 0 && (s->circle_count == 0 || s->circles != NULL), "circles");
    for (int k = 0; k < s->circle_count; ++k) {
        const ccl_cli_scene_circle *c = &s->circles[k];
        FUZZ_CHECK(finite2(c->position) && finite2(c->velocity), "finite circle");
        FUZZ_CHECK(isfinite(c->radius) && c->radius > 0.0, "radius > 0");
        FUZZ_CHECK(isfinite(c->mass) && c->mass >= 0.0, "mass >= 0");
        FUZZ_CHECK(c->restitution == -1.0 || (c->restitution >= 0.0 && c->restitution <= 1.0),
                   "circle restitution");
    }
    FUZZ_CHECK(s->segment_count >= 0 && (s->segment_count == 0 || s->segments != NULL), "segments");
    for (int k = 0; k < s->segment_count; ++k) {
        FUZZ_CHECK(finite2(s->segments[k].a) && finite2(s->segments[k].b), "finite segment");
    }
    FUZZ_CHECK(s->point_count >= 0 && (s->point_count == 0 || s->points != NULL), "points");
    for (int k = 0; k < s->point_count; ++k) {
        FUZZ_CHECK(finite2(s->points[k]), "finite point");
    }
    FUZZ_CHECK(!s->has_until || (isfinite(s->until) && s->until >= 0.0), "until >= 0");
}

/* Advances the scene's world (built by the loader, every circle accepted) a little. */
static void run_scene(const ccl_cli_scene *s) {
    FUZZ_CHECK(s->world != NULL && s->ids != NULL, "a loaded scene has its world");
    FUZZ_CHECK(ccl_world_circle_count(s->world) == s->circle_count, "every circle is in the world");
    double dt = s->has_until ? fmin(s->until, 1.0) : 1.0;
    ccl_status status = ccl_world_advance(s->world, dt);
    FUZZ_CHECK(status == CCL_OK || status == CCL_ERR_EVENT_LIMIT, "advance status");
    ccl_world_stats stats = ccl_world_get_stats(s->world);
    FUZZ_CHECK(!isnan(stats.kinetic_energy), "energy not NaN");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char error[CCL_CLI_ERROR_SIZE];
    memset(error, 'x', sizeof error);
    ccl_cli_scene scene;
    memset(&scene, 0xa5, sizeof scene);
    ccl_world_def def = ccl_world_default_def();
    def.max_events_per_advance = 5000; /* bounded work per input */
    bool ok = ccl_cli_scene_parse_with((const char *)data, size, "fuzz.json", &def, &scene, error,
                                       sizeof error);
    if (!ok) {
        size_t len = strnlen(error, sizeof error);
        FUZZ_CHECK(len < sizeof error, "the message is NUL-terminated");
        FUZZ_CHECK(len > 0 && strncmp(error, "fuzz.json:", 10) == 0, "the message names the file");
        FUZZ_CHECK(scene.circle_count == 0 && scene.segment_count == 0 && scene.point_count == 0,
                   "a refused scene is empty");
        ccl_cli_scene_free(&scene);
        return 0;
    }
    check_scene(&scene);
    run_scene(&scene);
    ccl_cli_scene_free(&scene);
    return 0;
}
