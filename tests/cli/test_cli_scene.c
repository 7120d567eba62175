/* The CLI's scene reader: valid scenes read back exactly, every malformed scene is refused with a
 * message naming the file, line and column and the JSON path, the overlap check agrees with
 * brute force, and the reader, which takes the file in pieces, judges JSON as cJSON does on the
 * whole text. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"
#include "json_locate.h"
#include "lattice.h"
#include "scene.h"

/// A scene that should be refused: where the message must point and what it must say.
typedef struct bad_scene {
    const char *why;    ///< What is wrong, for failure messages.
    const char *text;   ///< The file.
    const char *marker; ///< The message must point at the first occurrence of this text...
    int marker_offset;  ///< ...plus this many bytes.
    const char *path;   ///< The JSON path the message must name.
    const char *words;  ///< A fragment the message must contain.
} bad_scene;

/// A world of the given box (a JSON array) and boundary (JSON text, with any keys after it).
#define WORLD_IN(box, boundary) "\"world\": {\"box\": " box ", \"boundary\": " boundary "}"

#define WORLD    WORLD_IN("[0, 0, 10, 10]", "\"walls\"")
#define PERIODIC WORLD_IN("[0, 0, 10, 10]", "\"periodic\"")

/// A scene: the world, what stands between it and the circles (", " or ",\n "), the circles, and
/// the keys after them (text starting with a comma, or nothing).
#define SCENE(world, sep, circles, rest) "{" world "," sep "\"circles\": [" circles "]" rest "}"

/// A circle at (x, y) of radius r at rest.
#define CIRCLE(x, y, r) "{\"x\": " #x ", \"y\": " #y ", \"vx\": 0, \"vy\": 0, \"r\": " #r "}"

/// A circle at (x, y) of radius r moving at (vx, 0), with more keys (text starting with a comma,
/// or nothing).
#define CIRCLE_WITH(x, y, vx, r, more)                                                             \
    "{\"x\": " #x ", \"y\": " #y ", \"vx\": " #vx ", \"vy\": 0, \"r\": " #r more "}"

/// A segment from (ax, ay) to (bx, by).
#define SEGMENT(ax, ay, bx, by) "{\"a\": [" #ax ", " #ay "], \"b\": [" #bx ", " #by "]}"

#define C1 CIRCLE(2, 2, 1)

static const bad_scene bad_scenes[] = {
    {"syntax: trailing comma", "{\n  " WORLD ",\n  \"circles\": [" C1 ",]\n}", ",]", 1, NULL,
     "syntax error"},
    {"syntax: trailing comma in an object",
     "{\n  " WORLD ",\n  \"circles\": [{\"x\": 1, \"r\": 1,}\n  ]\n}", ",}", 1, NULL,
     "syntax error"},
    {"syntax: NaN", "{" WORLD ",\n\"circles\": [{\"x\": NaN}]}", "NaN", 0, NULL, "syntax error"},
    {"syntax: unterminated string", "{" WORLD ",\n\"circles\": [{\"x", "\"x", 1, NULL,
     "syntax error"},
    {"syntax: trailing text", SCENE(WORLD, " ", "", "") "\n  extra", "extra", 0, NULL,
     "syntax error"},
    {"syntax: empty file", "", "", 0, NULL, "unexpected end of file"},
    {"syntax: NUL byte", "{\n\0}", "", 2, NULL, "NUL byte"},
    {"unknown key in a circle",
     SCENE(WORLD, "\n ", "\n  " CIRCLE_WITH(2, 2, 0, 1, ", \"colour\": 3"), ""), "\"colour\"", 0,
     "circles[0].colour", "unknown key \"colour\""},
    {"unknown top-level key", SCENE(WORLD, "\n ", "", ",\n \"time\": 3"), "\"time\"", 0, "time",
     "unknown key"},
    {"unknown world key", SCENE(WORLD_IN("[0, 0, 1, 1]", "\"walls\", \"g\": 1"), " ", "", ""),
     "\"g\"", 0, "world.g", "unknown key"},
    {"duplicate key", SCENE(WORLD, " ", "", ",\n \"until\": 1, \"until\": 2"), "\"until\": 2", 0,
     "until", "duplicate key"},
    {"radius is a string", SCENE(WORLD, "\n ", "\n  " CIRCLE(2, 2, "big"), ""), "\"big\"", 0,
     "circles[0].r", "expected a number, got a string"},
    {"negative radius", SCENE(WORLD, "\n ", C1 ",\n  " CIRCLE(6, 6, -1), ""), "-1", 0,
     "circles[1].r", "radius must be > 0"},
    {"zero radius", SCENE(WORLD, " ", CIRCLE(6, 6, 0), ""), "0}", 0, "circles[0].r",
     "radius must be > 0"},
    {"infinite number", SCENE(WORLD, " ", "{\"x\": 1e999, \"y\": 6, \"vx\": 0}", ""), "1e999", 0,
     "circles[0].x", "not finite"},
    {"missing radius", SCENE(WORLD, " ", "\n {\"x\": 6, \"y\": 6, \"vx\": 0, \"vy\": 0}", ""),
     "{\"x\": 6", 0, "circles[0]", "missing key \"r\""},
    {"missing world", "{\"circles\": []}", "{", 0, NULL, "missing key \"world\""},
    {"missing circles", "{" WORLD "}", "{", 0, NULL, "missing key \"circles\""},
    {"circles not an array", "{" WORLD ", \"circles\": {}}", "{}", 0, "circles",
     "expected an array"},
    {"circle outside the box", SCENE(WORLD, "\n ", C1 ",\n  " CIRCLE(9.5, 5, 1), ""), "{\"x\": 9.5",
     0, "circles[1]", "not inside the box"},
    {"overlapping circles", SCENE(WORLD, "\n ", C1 ",\n  " CIRCLE(3.5, 2, 1), ""), "{\"x\": 3.5", 0,
     "circles[1]", "overlaps circles[0]"},
    {"overlap across the periodic edge",
     SCENE(PERIODIC, "\n ", CIRCLE(0.5, 5, 1) ",\n  " CIRCLE(9.2, 5.5, 1), ""), "{\"x\": 9.2", 0,
     "circles[1]", "overlaps circles[0]"},
    {"centre outside the periodic box", SCENE(PERIODIC, " ", CIRCLE(10, 5, 1), ""), "{\"x\": 10", 0,
     "circles[0]", "outside the periodic box"},
    {"circle overlaps a segment",
     SCENE(WORLD, " ", C1, ",\n \"segments\": [" SEGMENT(2.5, 0, 2.5, 9) "]"), "{\"x\"", 0,
     "circles[0]", "overlaps segments[0]"},
    {"circle overlaps a point", SCENE(WORLD, " ", C1, ",\n \"points\": [[8, 8], [2.2, 2]]"),
     "{\"x\"", 0, "circles[0]", "overlaps points[1]"},
    {"boundary unknown", SCENE(WORLD_IN("[0, 0, 1, 1]", "\"torus\""), " ", "", ""), "\"torus\"", 0,
     "world.boundary", "expected \"walls\" or \"periodic\", got \"torus\""},
    {"box of three numbers", SCENE(WORLD_IN("[0, 0, 1]", "\"walls\""), " ", "", ""), "[0, 0, 1]", 0,
     "world.box", "array of 4 numbers"},
    {"box beyond the world's lengths",
     SCENE(WORLD_IN("[0, 0, 1e200, 1]", "\"walls\""), " ", "", ""), "[0, 0, 1e200, 1]", 0,
     "world.box", "corners must lie within 1e150"},
    {"box side beyond the world's lengths",
     SCENE(WORLD_IN("[-1e150, 0, 1e150, 1]", "\"walls\""), " ", "", ""), "[-1e150, 0, 1e150, 1]", 0,
     "world.box", "sides must be at most 1e150"},
    {"segment beyond the world's lengths",
     SCENE(WORLD, " ", "", ", \"segments\": [" SEGMENT(0, 0, 1e200, 5) "]"), "[1e200, 5]", 0,
     "segments[0].b", "coordinates must be at most 1e150"},
    {"box upside down", SCENE(WORLD_IN("[0, 5, 1, 1]", "\"walls\""), " ", "", ""), "[0, 5", 0,
     "world.box", "ymax > ymin"},
    {"restitution above 1", SCENE(WORLD, " ", CIRCLE_WITH(5, 5, 0, 1, ", \"restitution\": 2"), ""),
     "2}", 0, "circles[0].restitution", "restitution must be in [0, 1]"},
    {"negative mass", SCENE(WORLD, " ", CIRCLE_WITH(5, 5, 0, 1, ", \"mass\": -3"), ""), "-3", 0,
     "circles[0].mass", "mass must be 0 (immovable) or in"},
    {"absurd mass", SCENE(WORLD, " ", CIRCLE_WITH(5, 5, 0, 1, ", \"mass\": 1e300"), ""), "1e300", 0,
     "circles[0].mass", "mass must be 0 (immovable) or in"},
    {"absurd speed", SCENE(WORLD, " ", CIRCLE_WITH(5, 5, 1e200, 1, ""), ""), "1e200", 0,
     "circles[0].vx", "velocity components must be at most 1e150"},
    {"absurd radius",
     SCENE(WORLD_IN("[0, 0, 1e150, 1e150]", "\"walls\""), " ", CIRCLE(5e149, 5e149, 2e150), ""),
     "2e150", 0, "circles[0].r", "radius must be > 0 and at most 1e150"},
    {"moving immovable circle", SCENE(WORLD, " ", CIRCLE_WITH(5, 5, 1, 1, ", \"mass\": 0"), ""),
     "1, \"vy\"", 0, "circles[0].vx", "immovable"},
    {"gravity of one number",
     SCENE(WORLD_IN("[0, 0, 1, 1]", "\"walls\", \"gravity\": [1]"), " ", "", ""), "[1]", 0,
     "world.gravity", "expected [x, y]"},
    {"negative until", SCENE(WORLD, " ", "", ", \"until\": -1"), "-1", 0, "until",
     "until must be >= 0"},
    {"circle on a segment of zero length (a point)",
     SCENE(WORLD, " ", C1, ", \"segments\": [" SEGMENT(2.5, 2, 2.5, 2) "]"), C1, 0, "circles[0]",
     "overlaps segments[0]"},
    {"radius that underflows to zero", SCENE(WORLD, "\n ", CIRCLE(2, 2, 1e-400), ""), "1e-400", 0,
     "circles[0].r", "'1e-400' underflows to zero"},
    {"mass that underflows to zero (it would make the circle immovable)",
     SCENE(WORLD, "\n ", CIRCLE_WITH(2, 2, 0, 1, ", \"mass\": 0.5e-330"), ""), "0.5e-330", 0,
     "circles[0].mass", "'0.5e-330' underflows to zero"},
    {"velocity that overflows", SCENE(WORLD, "\n ", CIRCLE_WITH(2, 2, -1e999, 1, ""), ""), "-1e999",
     0, "circles[0].vx", "'-1e999' overflows"},
    {"point that is a string", SCENE(WORLD, " ", "", ", \"points\": [[1, 2], \"here\"]"),
     "\"here\"", 0, "points[1]", "expected [x, y]"},
    {"scene is an array", "[1, 2]", "[", 0, NULL, "expected a scene (an object)"},
    {"key with a boolean", SCENE(WORLD, " ", "", ", \"until\": true"), "true", 0, "until",
     "got a boolean"},
    {"syntax: trailing comma in an inner object",
     SCENE(WORLD_IN("[0, 0, 10, 10]", "\"walls\","), " ", "", ""), ",}", 1, NULL,
     "not valid JSON at '}, \"circles\": []}'"},
    {"syntax: trailing comma before the last brace, no final newline", SCENE(WORLD, " ", "", ","),
     ",}", 1, NULL, "not valid JSON at '}'"},
    {"syntax: two commas in an object", "{" WORLD ",, \"circles\": []}", ",,", 1, NULL,
     "not valid JSON at ', \"circles\": []}'"},
    {"syntax: a number for a member name", "{" WORLD ", 7: []}", "7:", 0, NULL,
     "not valid JSON at '7: []}'"},
    {"key with a terminal escape", SCENE(WORLD, " ", "", ", \"\\u001b[31mRED\": 1"), "\"\\u001b", 0,
     "\\u001b[31mRED", "unknown key \"\\u001b[31mRED\""},
    {"key with a raw escape byte", SCENE(WORLD, " ", "", ", \"a\033[31mb\": 1"), "\"a\033", 0,
     "a\\u001b[31mb", "unknown key \"a\\u001b[31mb\""},
    {"key with a newline", SCENE(WORLD, " ", "", ", \"a\\nb\": 1"), "\"a\\nb", 0, "a\\nb",
     "unknown key \"a\\nb\""},
    {"key with a NUL character", SCENE(WORLD, " ", "", ", \"unt\\u0000il\": 1"), "\"unt", 0,
     "unt\\u0000il", "unknown key \"unt\\u0000il\""},
    {"duplicate key behind a NUL character",
     SCENE(WORLD, " ", "", ", \"until\": 1, \"until\\u0000\\t\": 2"), "\"until\\u", 0,
     "until\\u0000\\t", "duplicate key \"until\\u0000\\t\""},
    {"periodic: circle too large for the box (three diameters)",
     SCENE(PERIODIC, " ", CIRCLE(5, 5, 1.7), ""), "1.7", 0, "circles[0].r",
     "too large for the periodic box 10 x 10"},
    {"periodic: circle just too large for a flat box",
     SCENE(WORLD_IN("[0, 0, 100, 6]", "\"periodic\""), " ", CIRCLE(5, 3, 1), ""), "1}", 0,
     "circles[0].r", "each side must be at least 3 diameters"},
    {"periodic: segment end outside the box",
     SCENE(PERIODIC, " ", "", ", \"segments\": [" SEGMENT(1, 1, 11, 1) "]"), "[11, 1]", 0,
     "segments[0].b", "outside the periodic box"},
    {"periodic: point outside the box",
     SCENE(PERIODIC, " ", "", ", \"points\": [[5, 5], [1, -0.5]]"), "[1, -0.5]", 0, "points[1]",
     "outside the periodic box"},
    {"periodic: circle overlaps a segment across the edge",
     SCENE(PERIODIC, " ", CIRCLE(0.5, 5, 1), ",\n \"segments\": [" SEGMENT(9.8, 0, 9.8, 10) "]"),
     "{\"x\": 0.5", 0, "circles[0]", "overlaps segments[0] across the periodic edge"},
    {"periodic: circle overlaps a point across the corner",
     SCENE(PERIODIC, " ", CIRCLE(0.3, 0.3, 1), ",\n \"points\": [[5, 5], [9.8, 9.8]]"),
     "{\"x\": 0.3", 0, "circles[0]", "overlaps points[1] across the periodic edge"},
};

/// The 1-based line and column of byte offset in text, counted here independently of the
/// reader: lines split at '\n', columns count bytes that do not continue a UTF-8 character.
static void expected_position(const char *text, size_t offset, int *line, int *column) {
    *line = 1;
    *column = 1;
    for (size_t i = 0; i < offset; i++) {
        if (text[i] == '\n') {
            ++*line;
            *column = 1;
        } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
            ++*column;
        }
    }
}

static void every_malformed_scene_is_refused_with_its_location(void **state) {
    (void)state;
    int failures = 0;
    for (size_t k = 0; k < sizeof bad_scenes / sizeof bad_scenes[0]; k++) {
        const bad_scene *bad = &bad_scenes[k];
        size_t length = strlen(bad->text);
        if (strcmp(bad->why, "syntax: NUL byte") == 0) {
            length = 4;
        }
        const char *at = bad->marker[0] ? strstr(bad->text, bad->marker) : bad->text;
        if (at == NULL) {
            print_error("%s: marker not in the text\n", bad->why);
            failures++;
            continue;
        }
        size_t offset = (size_t)(at - bad->text) + (size_t)bad->marker_offset;
        if (bad->marker[0] == '\0' && bad->marker_offset == 0) {
            offset = length; /* the end of the file */
        }
        int line, column;
        expected_position(bad->text, offset, &line, &column);
        char where[64];
        snprintf(where, sizeof where, "bad.json:%d:%d: ", line, column);
        ccl_cli_scene scene;
        char error[CCL_CLI_ERROR_SIZE] = "";
        bool ok = ccl_cli_scene_parse(bad->text, length, "bad.json", &scene, error, sizeof error);
        if (ok) {
            print_error("%s: accepted\n", bad->why);
            failures++;
            ccl_cli_scene_free(&scene);
            continue;
        }
        if (strncmp(error, where, strlen(where)) != 0) {
            print_error("%s: message \"%s\" does not start with \"%s\"\n", bad->why, error, where);
            failures++;
        }
        if (bad->path != NULL) {
            char path[128];
            snprintf(path, sizeof path, ": %s: ", bad->path);
            if (strstr(error, path) == NULL) {
                print_error("%s: message \"%s\" does not name %s\n", bad->why, error, bad->path);
                failures++;
            }
        }
        if (strstr(error, bad->words) == NULL) {
            print_error("%s: message \"%s\" does not say \"%s\"\n", bad->why, error, bad->words);
            failures++;
        }
        for (const char *c = error; *c != '\0'; c++) {
            if ((unsigned char)*c < 0x20 || *c == 0x7f) {
                print_error("%s: message \"%s\" holds control character %d\n", bad->why, error, *c);
                failures++;
                break;
            }
        }
        assert_null(scene.circles);
        assert_int_equal(scene.circle_count, 0);
    }
    assert_int_equal(failures, 0);
}

/// The scene in text, which the reader must accept (the test fails with its message otherwise).
static ccl_cli_scene accepted_scene(const char *text, const char *name) {
    ccl_cli_scene scene;
    char error[CCL_CLI_ERROR_SIZE] = "";
    if (!ccl_cli_scene_parse(text, strlen(text), name, &scene, error, sizeof error)) {
        fail_msg("refused: %s", error);
    }
    return scene;
}

static void a_full_scene_reads_back_every_value(void **state) {
    (void)state;
    const char *text =
        "{\"world\": {\"box\": [-1.5, 2, 100, 50.25], \"boundary\": \"periodic\", "
        "\"gravity\": [0.1, -9.81], \"damping\": 0.25, \"restitution\": 0.75},\n"
        " \"circles\": [{\"x\": 10, \"y\": 10, \"vx\": 5, \"vy\": -0.1, \"r\": 1, \"mass\": 2.5,"
        " \"restitution\": 0.5},\n"
        "  {\"x\": 0.1, \"y\": 3e1, \"vx\": 0, \"vy\": 0, \"r\": 0.30000000000000004, \"mass\": "
        "0}],\n"
        " \"segments\": [{\"a\": [20, 3], \"b\": [20, 50]}],\n"
        " \"points\": [[50, 40]], \"until\": 12.5}";
    ccl_cli_scene scene = accepted_scene(text, "good.json");
    assert_true(scene.box_min.x == -1.5 && scene.box_min.y == 2.0);
    assert_true(scene.box_max.x == 100.0 && scene.box_max.y == 50.25);
    assert_int_equal(scene.boundary, CCL_BOUNDARY_PERIODIC);
    assert_true(scene.gravity.x == 0.1 && scene.gravity.y == -9.81);
    assert_true(scene.damping == 0.25); /* gravity and damping together */
    assert_true(scene.restitution == 0.75);
    assert_int_equal(scene.circle_count, 2);
    assert_true(scene.circles[0].velocity.x == 5.0 && scene.circles[0].velocity.y == -0.1);
    assert_true(scene.circles[0].mass == 2.5 && scene.circles[0].restitution == 0.5);
    assert_true(scene.circles[1].position.y == 30.0);
    assert_true(scene.circles[1].radius == 0.30000000000000004);
    assert_true(scene.circles[1].mass == 0.0);
    assert_true(scene.circles[1].restitution < 0.0); /* absent: the world's */
    assert_int_equal(scene.segment_count, 1);
    assert_true(scene.segments[0].b.y == 50.0);
    assert_int_equal(scene.point_count, 1);
    assert_true(scene.points[0].x == 50.0);
    assert_true(scene.has_until && scene.until == 12.5);
    ccl_cli_scene_free(&scene);
}

static void optional_keys_take_their_defaults(void **state) {
    (void)state;
    const char *text = "{\"world\": {\"box\": [0, 0, 10, 10], \"boundary\": \"walls\"}, "
                       "\"circles\": [" C1 "]}";
    ccl_cli_scene scene = accepted_scene(text, "x.json");
    assert_true(scene.gravity.x == 0.0 && scene.gravity.y == 0.0);
    assert_true(scene.damping == 0.0 && scene.restitution == 1.0);
    assert_true(scene.circles[0].mass == 1.0);
    assert_false(scene.has_until);
    assert_int_equal(scene.segment_count, 0);
    assert_int_equal(scene.point_count, 0);
    ccl_cli_scene_free(&scene);
}

static void touching_circles_and_walls_are_accepted(void **state) {
    (void)state;
    const char *text = "{\"world\": {\"box\": [0, 0, 10, 10], \"boundary\": \"walls\"}, "
                       "\"circles\": [{\"x\": 1, \"y\": 1, \"vx\": 0, \"vy\": 0, \"r\": 1},"
                       "{\"x\": 3, \"y\": 1, \"vx\": 0, \"vy\": 0, \"r\": 1}],"
                       "\"segments\": [{\"a\": [0, 2], \"b\": [10, 2]}]}";
    ccl_cli_scene scene = accepted_scene(text, "x.json");
    ccl_cli_scene_free(&scene);
}

/// Brute force: does any pair of circles overlap (periodic: nearest image)?
static bool brute_force_overlap(const ccl_cli_scene *scene) {
    double w = scene->box_max.x - scene->box_min.x, h = scene->box_max.y - scene->box_min.y;
    bool periodic = scene->boundary == CCL_BOUNDARY_PERIODIC;
    for (int i = 0; i < scene->circle_count; i++) {
        for (int j = i + 1; j < scene->circle_count; j++) {
            for (int sx = -1; sx <= 1; sx++) {
                for (int sy = -1; sy <= 1; sy++) {
                    if (!periodic && (sx || sy)) {
                        continue;
                    }
                    double dx =
                        scene->circles[j].position.x + sx * w - scene->circles[i].position.x;
                    double dy =
                        scene->circles[j].position.y + sy * h - scene->circles[i].position.y;
                    double reach = scene->circles[i].radius + scene->circles[j].radius;
                    if (dx * dx + dy * dy < reach * reach) {
                        return true;
                    }
                }
            }
        }
    }
    return false;
}

/// Brute force: whether circle c overlaps obstacle k (segments, then points) of scene; in a
/// periodic box the circle's eight images count too.
static bool brute_force_hits_obstacle(const ccl_cli_scene *scene, const ccl_cli_scene_circle *c,
                                      int k) {
    bool periodic = scene->boundary == CCL_BOUNDARY_PERIODIC;
    ccl_vec2 box = ccl_sub(scene->box_max, scene->box_min);
    bool point = k >= scene->segment_count;
    /* a segment of length 0 is a point (the rule of the library and the reader) */
    ccl_vec2 at = point ? scene->points[k - scene->segment_count] : scene->segments[k].a;
    point = point || (scene->segments[k].a.x == scene->segments[k].b.x &&
                      scene->segments[k].a.y == scene->segments[k].b.y);
    for (int sx = -1; sx <= 1; sx++) {
        for (int sy = -1; sy <= 1; sy++) {
            if (!periodic && (sx || sy)) {
                continue;
            }
            ccl_vec2 centre = ccl_v2(c->position.x + sx * box.x, c->position.y + sy * box.y);
            if (point) {
                ccl_vec2 d = ccl_sub(at, centre);
                if (ccl_dot(d, d) < c->radius * c->radius) {
                    return true;
                }
                continue;
            }
            ccl_contact contact;
            if (ccl_circle_segment_contact(ccl_make_circle(centre, c->radius), scene->segments[k],
                                           &contact) &&
                contact.depth > 0.0) {
                return true;
            }
        }
    }
    return false;
}

/// Brute force: whether circles i and j of scene overlap (periodic: any image).
static bool brute_force_pair(const ccl_cli_scene *scene, int i, int j) {
    ccl_cli_scene one = *scene;
    one.circles = (ccl_cli_scene_circle[]){scene->circles[i], scene->circles[j]};
    one.circle_count = 2;
    return brute_force_overlap(&one);
}

/// Brute force of the reader's rule: obstacles are placed first, then the circles in file order;
/// the first circle that overlaps an obstacle or an earlier circle is refused, naming the first
/// segment, else the first point, else the first earlier circle it overlaps. Writes the expected
/// message tail ("circles[i]: overlaps segments[k]") or "" when the scene is accepted.
static void brute_force_first_refusal(const ccl_cli_scene *scene, char *expected, size_t size) {
    expected[0] = '\0';
    for (int i = 0; i < scene->circle_count; i++) {
        for (int k = 0; k < scene->segment_count + scene->point_count; k++) {
            if (brute_force_hits_obstacle(scene, &scene->circles[i], k)) {
                bool point = k >= scene->segment_count;
                snprintf(expected, size, "circles[%d]: overlaps %s[%d]", i,
                         point ? "points" : "segments", point ? k - scene->segment_count : k);
                return;
            }
        }
        for (int j = 0; j < i; j++) {
            if (brute_force_pair(scene, i, j)) {
                snprintf(expected, size, "circles[%d]: overlaps circles[%d]", i, j);
                return;
            }
        }
    }
}

static void overlap_check_agrees_with_brute_force(void **state) {
    (void)state;
    uint64_t random = 12345;
    char *text = malloc(1 << 16);
    assert_non_null(text);
    int refused = 0, trials = 600;
    for (int trial = 0; trial < trials; trial++) {
        bool periodic = trial % 2;
        int n = 2 + (int)(ccl_cli_random_next(&random) % 12);
        int used = snprintf(text, 1 << 16,
                            "{\"world\": {\"box\": [0, 0, 10, 8], \"boundary\": \"%s\"}, "
                            "\"circles\": [",
                            periodic ? "periodic" : "walls");
        for (int i = 0; i < n; i++) {
            double r = 0.2 + 0.8 * (double)(ccl_cli_random_next(&random) >> 11) * 0x1.0p-53;
            double x = r + (10 - 2 * r) * (double)(ccl_cli_random_next(&random) >> 11) * 0x1.0p-53;
            double y = r + (8 - 2 * r) * (double)(ccl_cli_random_next(&random) >> 11) * 0x1.0p-53;
            if (periodic) { /* anywhere in the box, also across its edges */
                x = 10.0 * (double)(ccl_cli_random_next(&random) >> 11) * 0x1.0p-53;
                y = 8.0 * (double)(ccl_cli_random_next(&random) >> 11) * 0x1.0p-53;
            }
            used += snprintf(text + used, (size_t)((1 << 16) - used),
                             "%s{\"x\": %.17g, \"y\": %.17g, \"vx\": 0, \"vy\": 0, \"r\": %.17g}",
                             i ? "," : "", x, y, r);
        }
        used += snprintf(text + used, (size_t)((1 << 16) - used), "]}");
        ccl_cli_scene scene;
        char error[CCL_CLI_ERROR_SIZE];
        /* parse again without the overlap check's verdict: read the values back from a copy of
         * the circles with one circle, then judge the whole set by brute force */
        bool accepted =
            ccl_cli_scene_parse(text, (size_t)used, "r.json", &scene, error, sizeof error);
        ccl_cli_scene all = {0};
        all.box_min = ccl_v2(0, 0);
        all.box_max = ccl_v2(10, 8);
        all.boundary = periodic ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
        all.circle_count = n;
        all.circles = calloc((size_t)n, sizeof *all.circles);
        assert_non_null(all.circles);
        const char *cursor = text;
        for (int i = 0; i < n; i++) {
            cursor = strstr(cursor, "{\"x\": ");
            assert_non_null(cursor);
            int read = sscanf(cursor, "{\"x\": %lf, \"y\": %lf, \"vx\": 0, \"vy\": 0, \"r\": %lf}",
                              &all.circles[i].position.x, &all.circles[i].position.y,
                              &all.circles[i].radius);
            assert_int_equal(read, 3);
            cursor++;
        }
        bool overlap = brute_force_overlap(&all);
        if (accepted == overlap) {
            fail_msg("trial %d: reader %s, brute force says %s (%s)", trial,
                     accepted ? "accepted" : "refused", overlap ? "overlap" : "no overlap",
                     accepted ? "" : error);
        }
        char expected[128];
        brute_force_first_refusal(&all, expected, sizeof expected);
        if (!accepted && strstr(error, expected) == NULL) {
            fail_msg("trial %d: refused with \"%s\", brute force says \"%s\"", trial, error,
                     expected);
        }
        refused += !accepted;
        free(all.circles);
        if (accepted) {
            ccl_cli_scene_free(&scene);
        }
    }
    /* both verdicts occur often enough for the comparison to mean something */
    assert_true(refused > trials / 10 && refused < trials * 9 / 10);
    free(text);
}

/// A uniform number in [0, 1) from the stream.
static double random_unit(uint64_t *random) {
    return (double)(ccl_cli_random_next(random) >> 11) * 0x1.0p-53;
}

static void obstacle_check_agrees_with_brute_force(void **state) {
    (void)state;
    uint64_t random = 4242;
    size_t capacity = 1 << 17;
    char *text = malloc(capacity);
    assert_non_null(text);
    int refused = 0, trials = 1000;
    for (int trial = 0; trial < trials; trial++) {
        bool periodic = trial % 2;
        double w = 10.0, h = 8.0;
        int n = 1 + (int)(ccl_cli_random_next(&random) % 4);
        int segments = (int)(ccl_cli_random_next(&random) % 6);
        int points = (int)(ccl_cli_random_next(&random) % 6);
        ccl_cli_scene all = {0};
        all.box_min = ccl_v2(0, 0);
        all.box_max = ccl_v2(w, h);
        all.boundary = periodic ? CCL_BOUNDARY_PERIODIC : CCL_BOUNDARY_WALLS;
        all.circle_count = n;
        all.segment_count = segments;
        all.point_count = points;
        all.circles = calloc((size_t)n, sizeof *all.circles);
        all.segments = calloc((size_t)segments + 1, sizeof *all.segments);
        all.points = calloc((size_t)points + 1, sizeof *all.points);
        assert_true(all.circles && all.segments && all.points);
        size_t used =
            (size_t)snprintf(text, capacity,
                             "{\"world\": {\"box\": [0, 0, 10, 8], \"boundary\": \"%s\"}, "
                             "\"circles\": [",
                             periodic ? "periodic" : "walls");
        for (int i = 0; i < n; i++) {
            ccl_cli_scene_circle *c = &all.circles[i];
            c->radius = 0.1 + 0.8 * random_unit(&random);
            c->position = ccl_v2(c->radius + (w - 2 * c->radius) * random_unit(&random),
                                 c->radius + (h - 2 * c->radius) * random_unit(&random));
            if (periodic) { /* near the edges too, where images matter */
                c->position = ccl_v2(w * random_unit(&random), h * random_unit(&random));
            }
            used += (size_t)snprintf(text + used, capacity - used,
                                     "%s{\"x\": %.17g, \"y\": %.17g, \"vx\": 0, \"vy\": 0, "
                                     "\"r\": %.17g}",
                                     i ? "," : "", c->position.x, c->position.y, c->radius);
        }
        used += (size_t)snprintf(text + used, capacity - used, "], \"segments\": [");
        for (int k = 0; k < segments; k++) {
            ccl_vec2 a = ccl_v2(w * random_unit(&random), h * random_unit(&random));
            double length = 0.2 + 6.0 * random_unit(&random), angle = 7.0 * random_unit(&random);
            ccl_vec2 b = ccl_v2(a.x + length * cos(angle), a.y + length * sin(angle));
            if (periodic) { /* the ends lie in the box */
                b = ccl_v2(fmin(fmax(b.x, 0.0), w), fmin(fmax(b.y, 0.0), h));
            }
            all.segments[k] = ccl_make_segment(a, b);
            used += (size_t)snprintf(text + used, capacity - used,
                                     "%s{\"a\": [%.17g, %.17g], \"b\": [%.17g, %.17g]}",
                                     k ? "," : "", a.x, a.y, b.x, b.y);
        }
        used += (size_t)snprintf(text + used, capacity - used, "], \"points\": [");
        for (int k = 0; k < points; k++) {
            all.points[k] = ccl_v2(w * random_unit(&random), h * random_unit(&random));
            used += (size_t)snprintf(text + used, capacity - used, "%s[%.17g, %.17g]", k ? "," : "",
                                     all.points[k].x, all.points[k].y);
        }
        used += (size_t)snprintf(text + used, capacity - used, "]}");
        char expected[128];
        brute_force_first_refusal(&all, expected, sizeof expected);
        ccl_cli_scene scene;
        char error[CCL_CLI_ERROR_SIZE] = "";
        bool accepted = ccl_cli_scene_parse(text, used, "o.json", &scene, error, sizeof error);
        if (accepted) {
            if (expected[0] != '\0') {
                fail_msg("trial %d: accepted, brute force says %s", trial, expected);
            }
            ccl_cli_scene_free(&scene);
        } else if (expected[0] == '\0' || strstr(error, expected) == NULL) {
            fail_msg("trial %d: refused with \"%s\", brute force says \"%s\"", trial, error,
                     expected[0] ? expected : "no overlap");
        }
        refused += !accepted && strstr(error, "overlaps circles[") == NULL;
        free(all.circles);
        free(all.segments);
        free(all.points);
    }
    /* both verdicts occur often enough for the comparison to mean something */
    assert_true(refused > trials / 10 && refused < trials * 9 / 10);
    free(text);
}

/// Appends to a growing text (doubling its room); fails the test when out of memory.
static void append(char **text, size_t *used, size_t *capacity, const char *fmt, ...) {
    for (;;) {
        va_list args;
        va_start(args, fmt);
        int n = vsnprintf(*text + *used, *capacity - *used, fmt, args);
        va_end(args);
        assert_true(n >= 0);
        if (*used + (size_t)n < *capacity) {
            *used += (size_t)n;
            return;
        }
        *capacity *= 2;
        *text = realloc(*text, *capacity);
        assert_non_null(*text);
    }
}

/// A scene of side x side cells, each with a circle of radius 1 at its centre and a segment and
/// a point clear of it; with overlap_last, the last circle moves onto its cell's segment.
static char *many_obstacles_scene(int side, bool periodic, bool overlap_last, size_t *length) {
    size_t used = 0, capacity = 1 << 20;
    char *text = malloc(capacity);
    assert_non_null(text);
    append(&text, &used, &capacity,
           "{\"world\": {\"box\": [0, 0, %d, %d], \"boundary\": \"%s\"},\n \"circles\": [",
           10 * side, 10 * side, periodic ? "periodic" : "walls");
    for (int k = 0; k < side * side; k++) {
        double x = 10 * (k % side) + 5, y = 10 * (k / side) + 5;
        if (overlap_last && k == side * side - 1) {
            y -= 1.5; /* 0.5 from the segment at y - 2 */
        }
        append(&text, &used, &capacity, "%s{\"x\": %g, \"y\": %g, \"vx\": 0, \"vy\": 0, \"r\": 1}",
               k ? ",\n" : "", x, y);
    }
    append(&text, &used, &capacity, "],\n \"segments\": [");
    for (int k = 0; k < side * side; k++) {
        double x = 10 * (k % side), y = 10 * (k / side);
        append(&text, &used, &capacity, "%s{\"a\": [%g, %g], \"b\": [%g, %g]}", k ? ",\n" : "",
               x + 1, y + 3, x + 9, y + 3);
    }
    append(&text, &used, &capacity, "],\n \"points\": [");
    for (int k = 0; k < side * side; k++) {
        append(&text, &used, &capacity, "%s[%d, %d]", k ? "," : "", 10 * (k % side) + 8,
               10 * (k / side) + 8);
    }
    append(&text, &used, &capacity, "]}\n");
    *length = used;
    return text;
}

static void many_circles_and_segments_load(void **state) {
    (void)state;
    /* 141 x 141: about 20000 circles, 20000 segments and 20000 points; every pair would be
     * 8e8 tests */
    int side = 141;
    for (int periodic = 0; periodic <= 1; periodic++) {
        size_t length;
        char *text = many_obstacles_scene(side, periodic, false, &length);
        ccl_cli_scene scene;
        char error[CCL_CLI_ERROR_SIZE] = "";
        if (!ccl_cli_scene_parse(text, length, "many.json", &scene, error, sizeof error)) {
            fail_msg("refused: %s", error);
        }
        assert_int_equal(scene.circle_count, side * side);
        assert_int_equal(scene.segment_count, side * side);
        ccl_cli_scene_free(&scene);
        free(text);
        /* the one overlap, in the last cell, is found and named */
        text = many_obstacles_scene(side, periodic, true, &length);
        assert_false(ccl_cli_scene_parse(text, length, "many.json", &scene, error, sizeof error));
        char expected[96];
        snprintf(expected, sizeof expected, "circles[%d]: overlaps segments[%d]", side * side - 1,
                 side * side - 1);
        if (strstr(error, expected) == NULL) {
            fail_msg("message \"%s\" does not say \"%s\"", error, expected);
        }
        free(text);
    }
}

static void locate_names_paths_and_positions(void **state) {
    (void)state;
    const char *text = "{\n \"a\": [1, {\"b\": \"x\\\"y\", \"c\": [true, null]}],\n \"d\": 2}";
    cJSON *root = cJSON_Parse(text);
    assert_non_null(root);
    const cJSON *c =
        cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(root, "a"), 1), "c");
    ccl_cli_text_pos pos;
    char path[64];
    assert_true(ccl_cli_json_locate(text, strlen(text), root, cJSON_GetArrayItem(c, 1), false, &pos,
                                    path, sizeof path));
    assert_string_equal(path, "a[1].c[1]");
    int line, column;
    expected_position(text, (size_t)(strstr(text, "null") - text), &line, &column);
    assert_int_equal(pos.line, line);
    assert_int_equal(pos.column, column);
    assert_true(ccl_cli_json_locate(text, strlen(text), root, cJSON_GetObjectItem(root, "d"), true,
                                    &pos, path, sizeof path));
    assert_string_equal(path, "d");
    assert_int_equal(pos.line, 3);
    assert_int_equal(pos.column, 2);
    cJSON_Delete(root);
}

static void columns_count_characters_not_bytes(void **state) {
    (void)state;
    const char *text = "{\"\xc3\xa9t\xc3\xa9\": 1, \"x\": }";
    ccl_cli_scene scene;
    char error[CCL_CLI_ERROR_SIZE];
    assert_false(ccl_cli_scene_parse(text, strlen(text), "u.json", &scene, error, sizeof error));
    /* {"été": 1, "x": } : the '}' is character 17 */
    assert_non_null(strstr(error, "u.json:1:17: "));
}

/// The bundled default scene (generated from examples/scenes/default.json).
extern const char ccl_cli_default_scene[];
/// Its length.
extern const size_t ccl_cli_default_scene_length;

/// Whether an accepted scene holds what validation promises, checked here directly: finite
/// values in range, circles inside a walled box, no overlapping pair (brute force).
static bool scene_invariants_hold(const ccl_cli_scene *scene) {
    if (!(scene->box_max.x > scene->box_min.x && scene->box_max.y > scene->box_min.y)) {
        return false;
    }
    for (int i = 0; i < scene->circle_count; i++) {
        const ccl_cli_scene_circle *c = &scene->circles[i];
        if (!isfinite(c->position.x) || !isfinite(c->position.y) || !isfinite(c->velocity.x) ||
            !isfinite(c->velocity.y) || !(c->radius > 0.0) || !isfinite(c->radius) ||
            !(c->mass >= 0.0) || !isfinite(c->mass) || c->restitution > 1.0) {
            return false;
        }
        if (scene->boundary == CCL_BOUNDARY_WALLS &&
            (c->position.x - c->radius < scene->box_min.x ||
             c->position.x + c->radius > scene->box_max.x ||
             c->position.y - c->radius < scene->box_min.y ||
             c->position.y + c->radius > scene->box_max.y)) {
            return false;
        }
    }
    return !brute_force_overlap(scene);
}

/// One edit of the text of length *length at byte at, drawing what it needs from random; trial is
/// the trial's number.
typedef void text_edit(char *text, size_t *length, size_t at, uint64_t *random, int trial);

/// Copies the default scene into text and makes 1 to 3 edits at random bytes of it (fewer when the
/// text runs out); returns its length.
static size_t mutated_default_scene(char *text, uint64_t *random, int trial, text_edit *edit) {
    memcpy(text, ccl_cli_default_scene, ccl_cli_default_scene_length);
    size_t length = ccl_cli_default_scene_length;
    int edits = 1 + (int)(ccl_cli_random_next(random) % 3);
    for (int e = 0; e < edits && length > 0; e++) {
        size_t at = (size_t)(ccl_cli_random_next(random) % length);
        edit(text, &length, at, random, trial);
    }
    return length;
}

/* Replaces, deletes or inserts a byte of JSON's alphabet, or cuts the file short. */
static void edit_a_byte(char *text, size_t *length, size_t at, uint64_t *random, int trial) {
    (void)trial;
    static const char tokens[] = "{}[],:\"\\-+.eE0123456789 \ntfnul";
    char token = tokens[ccl_cli_random_next(random) % (sizeof tokens - 1)];
    switch (ccl_cli_random_next(random) % 4) {
        case 0: /* replace a byte */
            text[at] = token;
            break;
        case 1: /* delete a byte */
            memmove(text + at, text + at + 1, *length - at - 1);
            --*length;
            break;
        case 2: /* insert a byte */
            memmove(text + at + 1, text + at, *length - at);
            text[at] = token;
            ++*length;
            break;
        default: /* cut the file short */
            *length = at;
    }
}

/* Inserts a byte of JSON's alphabet (or a control character), or one time in eight a run of
 * about a thousand '['. */
static void insert_bytes(char *text, size_t *length, size_t at, uint64_t *random, int trial) {
    static const char tokens[] = "{}[],:\"\\-+.eE0123456789 \ntfnul\x01";
    size_t run = ccl_cli_random_next(random) % 8 == 0 ? 996 + trial % 8 : 1;
    char token = run > 1 ? '[' : tokens[ccl_cli_random_next(random) % (sizeof tokens - 1)];
    memmove(text + at + run, text + at, *length - at);
    memset(text + at, token, run);
    *length += run;
}

/// What a test checks of one mutated text of length `length` (with room for more after it) on
/// trial `trial`; returns whether the trial counts.
typedef bool mutation_check(char *text, size_t length, int trial);

/// How many mutated scenes a test checks.
#define MUTATION_TRIALS 3000

/// MUTATION_TRIALS trials, each the default scene mutated by edit (random from seed, `room` bytes
/// to grow) and checked; returns how many counted.
static int mutation_trials(uint64_t seed, size_t room, text_edit *edit, mutation_check *check) {
    char *text = malloc(ccl_cli_default_scene_length + room);
    assert_non_null(text);
    uint64_t random = seed;
    int counted = 0;
    for (int trial = 0; trial < MUTATION_TRIALS; trial++) {
        size_t length = mutated_default_scene(text, &random, trial, edit);
        counted += check(text, length, trial);
    }
    free(text);
    return counted;
}

/* Accepted: the scene keeps every rule; refused (the trial counts): the message points at a line
 * and column inside the text. */
static bool check_mutated_scene(char *text, size_t length, int trial) {
    ccl_cli_scene scene;
    char error[CCL_CLI_ERROR_SIZE] = "";
    if (ccl_cli_scene_parse(text, length, "m.json", &scene, error, sizeof error)) {
        if (!scene_invariants_hold(&scene)) {
            fail_msg("trial %d: accepted a scene that breaks the rules", trial);
        }
        ccl_cli_scene_free(&scene);
        return false;
    }
    int line = 0, column = 0, consumed = 0;
    if (sscanf(error, "m.json:%d:%d: %n", &line, &column, &consumed) != 2 || consumed == 0) {
        fail_msg("trial %d: message without a location: %s", trial, error);
    }
    int lines = 1;
    for (size_t k = 0; k < length; k++) {
        lines += text[k] == '\n';
    }
    if (line < 1 || line > lines || column < 1) {
        fail_msg("trial %d: location %d:%d outside the text (%d lines): %s", trial, line, column,
                 lines, error);
    }
    return true;
}

static void mutated_scenes_are_accepted_valid_or_refused_with_a_location(void **state) {
    (void)state;
    int refused = mutation_trials(99, 64, edit_a_byte, check_mutated_scene);
    /* most mutations break the scene; some (in numbers, in spaces) do not */
    assert_true(refused > MUTATION_TRIALS / 2 && refused < MUTATION_TRIALS);
}

/// Whether error reports the text as not JSON (a syntax error or nesting too deep).
static bool says_not_json(const char *error) {
    return strstr(error, ": syntax error: ") != NULL || strstr(error, "nested too deep") != NULL;
}

/* The reader's verdict against cJSON's on the whole text; not JSON (the trial counts): the message
 * points where cJSON stopped, or at the byte before. */
static bool check_syntax_verdict(char *text, size_t length, int trial) {
    text[length] = '\0';
    const char *end = NULL;
    cJSON *whole = cJSON_ParseWithLengthOpts(text, length + 1, &end, true);
    cJSON_Delete(whole);
    ccl_cli_scene scene;
    char error[CCL_CLI_ERROR_SIZE] = "";
    bool accepted = ccl_cli_scene_parse(text, length, "s.json", &scene, error, sizeof error);
    if (accepted) {
        ccl_cli_scene_free(&scene);
    }
    if ((whole == NULL) != (!accepted && says_not_json(error))) {
        fail_msg("trial %d: cJSON %s the text, the reader says \"%s\"", trial,
                 whole ? "accepts" : "refuses", accepted ? "accepted" : error);
    }
    if (whole != NULL) {
        return false;
    }
    int line, column, before_line, before_column;
    size_t stop = (size_t)(end - text);
    expected_position(text, stop, &line, &column);
    expected_position(text, stop > 0 ? stop - 1 : 0, &before_line, &before_column);
    char where[64], before[64];
    snprintf(where, sizeof where, "s.json:%d:%d: ", line, column);
    snprintf(before, sizeof before, "s.json:%d:%d: ", before_line, before_column);
    if (strncmp(error, where, strlen(where)) != 0 && strncmp(error, before, strlen(before)) != 0) {
        fail_msg("trial %d: cJSON stopped at %s, the reader says \"%s\"", trial, where, error);
    }
    return true;
}

/// The reader takes the file in pieces; cJSON on the whole text is the oracle: the reader calls
/// a text not JSON exactly when cJSON refuses it, at the line and column where cJSON stopped (or
/// the byte before, where a member name was wanted), and accepts a scene only if cJSON does.
static void syntax_verdicts_agree_with_cjson_on_the_whole_text(void **state) {
    (void)state;
    int not_json = mutation_trials(2024, 4096, insert_bytes, check_syntax_verdict);
    /* both verdicts occur often enough for the comparison to mean something */
    assert_true(not_json > MUTATION_TRIALS / 4 && not_json < MUTATION_TRIALS);
}

/// A scene larger than the reader's blocks, from a file and from memory: the same scene, and
/// the same message for an overlap at its very end.
static void a_file_larger_than_a_block_reads_as_from_memory(void **state) {
    (void)state;
    int side = 200; /* 40000 circles, segments and points: about 3.5 MB of text */
    for (int overlap = 0; overlap <= 1; overlap++) {
        size_t length;
        char *text = many_obstacles_scene(side, false, overlap, &length);
        /* the last circle starts the last line of the circles */
        static const char end_of_circles[] = "],\n \"segments\"";
        size_t last = 0;
        while (strncmp(text + last, end_of_circles, sizeof end_of_circles - 1) != 0) {
            last++;
        }
        while (last > 0 && text[last - 1] != '\n') {
            last--;
        }
        int line, column;
        expected_position(text, last, &line, &column);
        FILE *file = tmpfile();
        assert_non_null(file);
        assert_int_equal(fwrite(text, 1, length, file), length);
        rewind(file);
        char path[64];
        snprintf(path, sizeof path, "/dev/fd/%d", fileno(file));
        ccl_cli_scene from_file, from_memory;
        char error_file[CCL_CLI_ERROR_SIZE] = "", error_memory[CCL_CLI_ERROR_SIZE] = "";
        bool ok_file =
            ccl_cli_scene_load(path, "big.json", NULL, &from_file, error_file, sizeof error_file);
        bool ok_memory = ccl_cli_scene_parse(text, length, "big.json", &from_memory, error_memory,
                                             sizeof error_memory);
        assert_true(ok_file == ok_memory && ok_file == !overlap);
        assert_string_equal(error_file, error_memory);
        if (ok_file) {
            assert_int_equal(from_file.circle_count, side * side);
            assert_memory_equal(from_file.circles, from_memory.circles,
                                sizeof *from_file.circles * (size_t)side * (size_t)side);
            ccl_cli_scene_free(&from_file);
            ccl_cli_scene_free(&from_memory);
        } else {
            char where[64];
            snprintf(where, sizeof where, "big.json:%d:%d: circles[%d]: ", line, column,
                     side * side - 1);
            if (strncmp(error_file, where, strlen(where)) != 0) {
                fail_msg("message \"%s\" does not start with \"%s\"", error_file, where);
            }
        }
        fclose(file);
        free(text);
    }
}

CCL_TEST_MAIN(cmocka_unit_test(every_malformed_scene_is_refused_with_its_location),
              cmocka_unit_test(a_full_scene_reads_back_every_value),
              cmocka_unit_test(optional_keys_take_their_defaults),
              cmocka_unit_test(touching_circles_and_walls_are_accepted),
              cmocka_unit_test(overlap_check_agrees_with_brute_force),
              cmocka_unit_test(obstacle_check_agrees_with_brute_force),
              cmocka_unit_test(many_circles_and_segments_load),
              cmocka_unit_test(locate_names_paths_and_positions),
              cmocka_unit_test(columns_count_characters_not_bytes),
              cmocka_unit_test(mutated_scenes_are_accepted_valid_or_refused_with_a_location),
              cmocka_unit_test(syntax_verdicts_agree_with_cjson_on_the_whole_text),
              cmocka_unit_test(a_file_larger_than_a_block_reads_as_from_memory))
