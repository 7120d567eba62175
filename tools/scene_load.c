/* circol CLI: reading a scene file within a stated size, as a stream: the root's members come one
 * by one and the lists (circles, segments, points) item by item, each item checked on its own
 * and kept in compact form with where it lies, so that memory follows the scene, not its text.
 * The checks that need the whole scene run after the read, in a fixed order (the top level's
 * keys, "world", "segments", "points", "until", "circles", then the world's own), so that a
 * file with several faults is refused for the same one wherever its members lie. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <errno.h>

#include "bigmem.h"
#include "json_piece.h"
#include "json_stream.h"
#include "scene_internal.h"

/// The members a scene may have, in the order messages list them, and the list each one's
/// items go to (-1: read whole).
static const struct {
    const char *name;
    int list;
} ccl_cli_scene_keys[] = {
    {"world", -1}, {"circles", 0}, {"segments", 1}, {"points", 2}, {"until", -1},
};

/// The number of members a scene may have.
#define CCL_CLI_SCENE_KEYS ((int)(sizeof ccl_cli_scene_keys / sizeof ccl_cli_scene_keys[0]))

/// A value read whole and kept for the checks after the read: its text, tree, place and path.
typedef struct ccl_cli_scene_kept {
    bool present;
    char *text;
    size_t length;
    cJSON *value;
    ccl_cli_text_pos pos;
    char path[CCL_CLI_PATH_NAME_SIZE];
} ccl_cli_scene_kept;

/// A member of the root object: cJSON's name, the file's spelling (escaped for messages and for
/// paths) and where the name starts.
typedef struct ccl_cli_scene_member {
    char *name;
    char spelled[128];
    char path[CCL_CLI_PATH_NAME_SIZE];
    ccl_cli_text_pos pos;
} ccl_cli_scene_member;

/// A list's state: whether the scene has it, whole when it is not an array, the items read and
/// the first refused on its own, with its message.
typedef struct ccl_cli_scene_list {
    bool present;
    ccl_cli_scene_kept whole;
    int count, capacity, bad;
    char message[CCL_CLI_ERROR_SIZE];
} ccl_cli_scene_list;

/// The reader's state across the events of the stream.
typedef struct ccl_cli_scene_reader {
    const char *name;
    ccl_cli_scene *scene;
    ccl_cli_scene_places places;
    bool root_object;
    ccl_cli_text_pos root_pos;
    ccl_cli_scene_kept root;
    ccl_cli_scene_member *members;
    int member_count, member_capacity;
    int key;   ///< The table's entry for the member being read (-1: unknown or repeated).
    int items; ///< Items of the member's array read so far.
    ccl_cli_scene_kept world, until;
    ccl_cli_scene_list lists[3];
    bool walls; ///< "world" came first and names walls: no radius is refused for the box.
    bool has_underflow;
    char underflow[CCL_CLI_ERROR_SIZE];
} ccl_cli_scene_reader;

/// Notes the first number of a piece (checked as ctx) that underflows to zero.
static void ccl_cli_scene_check_underflow(ccl_cli_scene_reader *r, const ccl_cli_scene_ctx *ctx) {
    if (r->has_underflow || (ctx->root != NULL && !ccl_cli_json_has_zero(ctx->root))) {
        return;
    }
    size_t offset = ccl_cli_json_find_underflow(ctx->text, ctx->length);
    if (offset == ctx->length) {
        return;
    }
    const cJSON *node = ccl_cli_json_node_at(ctx->text, ctx->length, ctx->root, offset);
    char token[64];
    ccl_cli_json_token(ctx->text, ctx->length, ctx->root, node, token, sizeof token);
    ccl_cli_scene_ctx into = *ctx;
    into.error = r->underflow;
    into.error_size = sizeof r->underflow;
    ccl_cli_scene_fail(&into, node, false,
                       "'%s' underflows to zero: a number nearer zero than about 4.9e-324 reads "
                       "as 0 (write 0, or choose units that keep it near 1)",
                       token);
    r->has_underflow = true;
}

/// Keeps a copy of piece (path: its JSON path) for the checks after the read.
static bool ccl_cli_scene_keep(ccl_cli_scene_kept *kept, const ccl_cli_json_piece *piece,
                               const char *path) {
    kept->text = malloc(piece->length + 1);
    kept->value = cJSON_Duplicate(piece->value, true);
    if (kept->text == NULL || kept->value == NULL) {
        return false;
    }
    memcpy(kept->text, piece->text, piece->length);
    kept->text[piece->length] = '\0';
    kept->length = piece->length;
    kept->pos = piece->pos;
    snprintf(kept->path, sizeof kept->path, "%s", path);
    kept->present = true;
    return true;
}

/// The checking state for kept (NULL: positions only) in reader r, writing to error.
static ccl_cli_scene_ctx ccl_cli_scene_kept_ctx(const ccl_cli_scene_reader *r,
                                                const ccl_cli_scene_kept *kept, char *error,
                                                size_t error_size) {
    ccl_cli_scene_ctx ctx = {r->name, NULL, 0, NULL, {1, 1}, "", -1, error, error_size};
    if (kept != NULL) {
        ctx.text = kept->text;
        ctx.length = kept->length;
        ctx.root = kept->value;
        ctx.base = kept->pos;
        ctx.prefix = kept->path;
    }
    return ctx;
}

/// The stream's event: the root object starts.
static bool ccl_cli_scene_on_object(void *user, ccl_cli_text_pos pos) {
    ccl_cli_scene_reader *r = user;
    r->root_object = true;
    r->root_pos = pos;
    return true;
}

/// The stream's event: a member of the root object.
static bool ccl_cli_scene_on_member(void *user, const char *name, const char *spelled,
                                    size_t spelled_length, ccl_cli_text_pos pos,
                                    ccl_cli_json_items *items) {
    ccl_cli_scene_reader *r = user;
    if (r->member_count == r->member_capacity) {
        int capacity = 2 * r->member_capacity + 8;
        ccl_cli_scene_member *grown = realloc(r->members, (size_t)capacity * sizeof *grown);
        if (grown == NULL) {
            return false;
        }
        r->members = grown;
        r->member_capacity = capacity;
    }
    ccl_cli_scene_member *m = &r->members[r->member_count];
    m->name = strdup(name);
    if (m->name == NULL) {
        return false;
    }
    r->member_count++;
    ccl_cli_escape_for_message(spelled, spelled_length, m->spelled, sizeof m->spelled);
    ccl_cli_escape_for_message(spelled, spelled_length, m->path, sizeof m->path);
    m->pos = pos;
    r->key = -1;
    r->items = 0;
    for (int k = 0; k < CCL_CLI_SCENE_KEYS; k++) {
        if (strcmp(name, ccl_cli_scene_keys[k].name) == 0) {
            int list = ccl_cli_scene_keys[k].list;
            bool seen = list >= 0 ? r->lists[list].present
                        : k == 0  ? r->world.present
                                  : r->until.present;
            r->key = seen ? -1 : k;
            *items = list < 0    ? CCL_CLI_JSON_WHOLE
                     : list == 0 ? CCL_CLI_JSON_BATCHES /* circles: the most, read on two threads */
                                 : CCL_CLI_JSON_EACH;
            if (list >= 0 && !seen) {
                r->lists[list].present = true;
            }
        }
    }
    return true;
}

/// The current member's path.
static const char *ccl_cli_scene_member_path(const ccl_cli_scene_reader *r) {
    return r->member_count > 0 ? r->members[r->member_count - 1].path : "";
}

/// The stream's event: a whole value (the root, or a member's value).
static bool ccl_cli_scene_on_value(void *user, const ccl_cli_json_piece *piece) {
    ccl_cli_scene_reader *r = user;
    const char *path = piece->depth == 0 ? "" : ccl_cli_scene_member_path(r);
    ccl_cli_scene_ctx ctx = {
        r->name, piece->text, piece->length, piece->value, piece->pos, path, -1, NULL, 0};
    ccl_cli_scene_check_underflow(r, &ctx);
    if (piece->depth == 0) {
        return ccl_cli_scene_keep(&r->root, piece, "");
    }
    if (r->key < 0) {
        return true; /* unknown or repeated: refused later, by name */
    }
    const cJSON *boundary = cJSON_GetObjectItemCaseSensitive(piece->value, "boundary");
    if (r->key == 0 && cJSON_IsString(boundary) && strcmp(boundary->valuestring, "walls") == 0) {
        r->walls = true;
    }
    int list = ccl_cli_scene_keys[r->key].list;
    ccl_cli_scene_kept *kept = list >= 0     ? &r->lists[list].whole
                               : r->key == 0 ? &r->world
                                             : &r->until;
    return ccl_cli_scene_keep(kept, piece, path);
}

/// The stream's event: a list starts.
static bool ccl_cli_scene_on_array(void *user, ccl_cli_text_pos pos) {
    ccl_cli_scene_reader *r = user;
    if (r->key == 1) {
        r->places.circles_array = pos;
    }
    return true;
}

/// Makes room for one more item in list (its items of size bytes in *items, and its places,
/// per positions a piece, in *places).
static bool ccl_cli_scene_grow(ccl_cli_scene_list *list, void **items, size_t size,
                               ccl_cli_text_pos **places, size_t per) {
    if (list->count < list->capacity) {
        return true;
    }
    size_t capacity = 2 * (size_t)list->capacity + 64;
    if (capacity > INT32_MAX) {
        return false;
    }
    size_t place = per * sizeof **places;
    void *grown = ccl_cli_big_grow(*items, capacity * size);
    if (grown != NULL) {
        *items = grown;
    }
    ccl_cli_text_pos *more = ccl_cli_big_grow(*places, capacity * place);
    if (more != NULL) {
        *places = more;
    }
    if (grown == NULL || more == NULL) {
        return false;
    }
    list->capacity = (int)capacity;
    return true;
}

/// A circle read on its own, with where it and its "r" lie.
typedef struct ccl_cli_scene_record {
    ccl_cli_scene_circle circle;
    ccl_cli_text_pos at[2];
} ccl_cli_scene_record;

/// Reads one item of a list (ctx: its piece; a circle already read: record, ctx NULL) into the
/// scene, or notes its refusal.
static bool ccl_cli_scene_read_item(ccl_cli_scene_reader *r, int which, ccl_cli_scene_ctx *ctx,
                                    const ccl_cli_scene_record *record) {
    ccl_cli_scene_list *list = &r->lists[which];
    ccl_cli_scene *scene = r->scene;
    ccl_cli_scene_places *places = &r->places;
    int i = list->count;
    bool ok = true;
    if (ctx != NULL) {
        ctx->error = list->message;
        ctx->error_size = sizeof list->message;
    }
    if (which == 0) {
        if (!ccl_cli_scene_grow(list, (void **)&scene->circles, sizeof *scene->circles,
                                &places->circles, 2)) {
            return false;
        }
        ccl_cli_text_pos *at = &places->circles[2 * (size_t)i];
        if (record != NULL) {
            scene->circles[i] = record->circle;
            at[0] = record->at[0];
            at[1] = record->at[1];
        } else {
            ok = ccl_cli_scene_circle_read(ctx, &scene->circles[i], at, !r->walls);
        }
    } else if (which == 1) {
        if (!ccl_cli_scene_grow(list, (void **)&scene->segments, sizeof *scene->segments,
                                &places->segments, 3)) {
            return false;
        }
        ok = ccl_cli_scene_segment_read(ctx, &scene->segments[i], &places->segments[3 * (size_t)i]);
    } else {
        if (!ccl_cli_scene_grow(list, (void **)&scene->points, sizeof *scene->points,
                                &places->points, 1)) {
            return false;
        }
        ok = ccl_cli_scene_point_read(ctx, &scene->points[i]);
        places->points[i] = ctx->base;
    }
    if (ok) {
        list->count++;
    } else {
        list->bad = i;
    }
    return true;
}

/// The list that takes the item under way, -1 for none: the member is unknown or repeated, a
/// number underflowed, or the list is refused already (the rest is only read).
static int ccl_cli_scene_taking(ccl_cli_scene_reader *r) {
    if (r->key < 0 || r->has_underflow) {
        return -1;
    }
    int which = ccl_cli_scene_keys[r->key].list;
    if (r->lists[which].bad >= 0) {
        return -1;
    }
    if (r->lists[which].count == 0) {
        char *names[3] = {r->places.circles_name, r->places.segments_name, r->places.points_name};
        snprintf(names[which], CCL_CLI_PATH_NAME_SIZE, "%s", ccl_cli_scene_member_path(r));
    }
    return which;
}

/// The stream's event: an item of a list.
static bool ccl_cli_scene_on_item(void *user, const ccl_cli_json_piece *piece) {
    ccl_cli_scene_reader *r = user;
    ccl_cli_scene_ctx ctx = {r->name,      piece->text, piece->length,
                             piece->value, piece->pos,  ccl_cli_scene_member_path(r),
                             r->items++,   NULL,        0};
    ccl_cli_scene_check_underflow(r, &ctx);
    int which = ccl_cli_scene_taking(r);
    return which < 0 || ccl_cli_scene_read_item(r, which, &ctx, NULL);
}

/// Reads a circle on its own into record, on either thread: false when one of its numbers
/// underflows or it is refused, which on_item then words.
static bool ccl_cli_scene_item_read(const void *user, const ccl_cli_json_piece *piece,
                                    void *record) {
    const ccl_cli_scene_reader *r = user;
    ccl_cli_scene_record *out = record;
    char scratch[CCL_CLI_ERROR_SIZE];
    ccl_cli_scene_ctx ctx = {r->name, piece->text, piece->length, piece->value,  piece->pos,
                             "",      -1,          scratch,       sizeof scratch};
    if (ccl_cli_json_has_zero(piece->value) &&
        ccl_cli_json_find_underflow(piece->text, piece->length) < piece->length) {
        return false;
    }
    return ccl_cli_scene_circle_read(&ctx, &out->circle, out->at, !r->walls);
}

/// The stream's event: the record of a circle that item_read read.
static bool ccl_cli_scene_item_take(void *user, const void *record) {
    ccl_cli_scene_reader *r = user;
    r->items++;
    int which = ccl_cli_scene_taking(r);
    return which < 0 || ccl_cli_scene_read_item(r, which, NULL, record);
}

/// Checks the root object's members: each known, none repeated (as cJSON names them).
static bool ccl_cli_scene_check_members(const ccl_cli_scene_reader *r, ccl_cli_scene_ctx *ctx) {
    for (int i = 0; i < r->member_count; i++) {
        const ccl_cli_scene_member *m = &r->members[i];
        bool known = false;
        for (int k = 0; k < CCL_CLI_SCENE_KEYS; k++) {
            known = known || strcmp(m->name, ccl_cli_scene_keys[k].name) == 0;
        }
        if (!known) {
            char list[256] = "";
            for (int k = 0; k < CCL_CLI_SCENE_KEYS; k++) {
                size_t used = strlen(list);
                snprintf(list + used, sizeof list - used, "%s\"%s\"", used ? ", " : "",
                         ccl_cli_scene_keys[k].name);
            }
            return ccl_cli_scene_fail_at(ctx, m->pos, m->path,
                                         "unknown key \"%s\" in a scene (allowed: %s)", m->spelled,
                                         list);
        }
        for (int j = 0; j < i; j++) {
            if (strcmp(r->members[j].name, m->name) == 0) {
                return ccl_cli_scene_fail_at(ctx, m->pos, m->path, "duplicate key \"%s\"",
                                             m->spelled);
            }
        }
    }
    return true;
}

/// Checks list which (what: its items, for messages) after the read: an array, each item in
/// the box, none refused on its own.
static bool ccl_cli_scene_check_list(ccl_cli_scene_reader *r, int which, const char *what,
                                     char *error, size_t error_size) {
    ccl_cli_scene_list *list = &r->lists[which];
    if (list->whole.present) {
        ccl_cli_scene_ctx ctx = ccl_cli_scene_kept_ctx(r, &list->whole, error, error_size);
        return ccl_cli_scene_fail(&ctx, ctx.root, false, "expected an array of %s, got %s", what,
                                  ccl_cli_scene_kind(ctx.root));
    }
    ccl_cli_scene_ctx ctx = ccl_cli_scene_kept_ctx(r, NULL, error, error_size);
    ccl_cli_scene *scene = r->scene;
    int *counts[3] = {&scene->circle_count, &scene->segment_count, &scene->point_count};
    *counts[which] = list->count;
    for (int i = 0; i < list->count; i++) {
        if (!ccl_cli_scene_in_box(&ctx, scene, &r->places, which, i)) {
            return false;
        }
    }
    if (list->bad >= 0) {
        snprintf(error, error_size, "%s", list->message);
        return false;
    }
    return true;
}

/// The checks after the read, in their order, then the world.
static bool ccl_cli_scene_judge(ccl_cli_scene_reader *r, const ccl_world_def *def, char *error,
                                size_t error_size) {
    if (r->has_underflow) {
        snprintf(error, error_size, "%s", r->underflow);
        return false;
    }
    ccl_cli_scene_ctx ctx = ccl_cli_scene_kept_ctx(r, NULL, error, error_size);
    if (!r->root_object) {
        ccl_cli_scene_ctx root = ccl_cli_scene_kept_ctx(r, &r->root, error, error_size);
        return ccl_cli_scene_fail(&root, root.root, false, "expected a scene (an object), got %s",
                                  ccl_cli_scene_kind(root.root));
    }
    if (!ccl_cli_scene_check_members(r, &ctx)) {
        return false;
    }
    if (!r->world.present) {
        return ccl_cli_scene_fail_at(&ctx, r->root_pos, "", "missing key \"world\"");
    }
    ccl_cli_scene_ctx world = ccl_cli_scene_kept_ctx(r, &r->world, error, error_size);
    r->places.world = r->world.pos;
    snprintf(r->places.world_name, sizeof r->places.world_name, "%s", r->world.path);
    if (!ccl_cli_scene_world(&world, r->scene) ||
        (r->lists[1].present && !ccl_cli_scene_check_list(r, 1, "segments", error, error_size)) ||
        (r->lists[2].present && !ccl_cli_scene_check_list(r, 2, "points", error, error_size))) {
        return false;
    }
    ccl_cli_scene_ctx until = ccl_cli_scene_kept_ctx(r, &r->until, error, error_size);
    if (r->until.present && !ccl_cli_scene_until(&until, r->scene)) {
        return false;
    }
    if (!r->lists[0].present) {
        return ccl_cli_scene_fail_at(&ctx, r->root_pos, "", "missing key \"circles\"");
    }
    return ccl_cli_scene_check_list(r, 0, "circles", error, error_size) &&
           ccl_cli_scene_build(&ctx, &r->places, def, r->scene);
}

/// Frees a kept value.
static void ccl_cli_scene_kept_free(ccl_cli_scene_kept *kept) {
    free(kept->text);
    cJSON_Delete(kept->value);
}

/// Frees what the reader holds beside the scene.
static void ccl_cli_scene_reader_free(ccl_cli_scene_reader *r) {
    for (int i = 0; i < r->member_count; i++) {
        free(r->members[i].name);
    }
    free(r->members);
    ccl_cli_scene_kept_free(&r->root);
    ccl_cli_scene_kept_free(&r->world);
    ccl_cli_scene_kept_free(&r->until);
    for (int k = 0; k < 3; k++) {
        ccl_cli_scene_kept_free(&r->lists[k].whole);
    }
    free(r->places.circles);
    free(r->places.segments);
    free(r->places.points);
}

/// Writes the message for a file of more than CCL_CLI_SCENE_MAX_BYTES (size: its size, or -1
/// for a stream read past the limit).
static void ccl_cli_scene_too_large(const char *name, long long size, char *error,
                                    size_t error_size) {
    char held[64] = "more than that";
    if (size >= 0) {
        snprintf(held, sizeof held, "%lld bytes", size);
    }
    snprintf(error, error_size,
             "%s: cannot read: a scene file may hold at most %lld bytes (1 GiB); this one holds "
             "%s",
             name, (long long)CCL_CLI_SCENE_MAX_BYTES, held);
}

/// Reads the scene from source into scene and its world.
static bool ccl_cli_scene_read_source(ccl_cli_json_source *source, const char *name,
                                      const ccl_world_def *def, ccl_cli_scene *scene, char *error,
                                      size_t error_size) {
    memset(scene, 0, sizeof *scene);
    scene->restitution = 1.0;
    ccl_cli_scene_reader r = {.name = name, .scene = scene, .key = -1};
    for (int k = 0; k < 3; k++) {
        r.lists[k].bad = -1;
    }
    ccl_cli_json_events events = {&r,
                                  ccl_cli_scene_on_member,
                                  ccl_cli_scene_on_object,
                                  ccl_cli_scene_on_value,
                                  ccl_cli_scene_on_array,
                                  ccl_cli_scene_on_item,
                                  ccl_cli_scene_item_read,
                                  ccl_cli_scene_item_take,
                                  sizeof(ccl_cli_scene_record)};
    bool ok = ccl_cli_json_stream(source, name, &events, error, error_size);
    if (!ok && source->over_limit) {
        ccl_cli_scene_too_large(name, -1, error, error_size);
    }
    ok = ok && ccl_cli_scene_judge(&r, def, error, error_size);
    ccl_cli_scene_reader_free(&r);
    if (!ok) {
        ccl_cli_scene_free(scene);
    }
    return ok;
}

bool ccl_cli_scene_parse_with(const char *text, size_t length, const char *name,
                              const ccl_world_def *def, ccl_cli_scene *scene, char *error,
                              size_t error_size) {
    ccl_cli_json_source source = {NULL, 0, text, length, false};
    return ccl_cli_scene_read_source(&source, name, def, scene, error, error_size);
}

bool ccl_cli_scene_parse(const char *text, size_t length, const char *name, ccl_cli_scene *scene,
                         char *error, size_t error_size) {
    return ccl_cli_scene_parse_with(text, length, name, NULL, scene, error, error_size);
}

bool ccl_cli_scene_load(const char *path, const char *name, const ccl_world_def *def,
                        ccl_cli_scene *scene, char *error, size_t error_size) {
    memset(scene, 0, sizeof *scene);
    bool from_stdin = strcmp(path, "-") == 0;
    FILE *file = from_stdin ? stdin : fopen(path, "rb");
    if (file == NULL) {
        snprintf(error, error_size, "%s: cannot open: %s", name, strerror(errno));
        return false;
    }
    struct stat info;
    bool ok;
    if (fstat(fileno(file), &info) == 0 && S_ISREG(info.st_mode) &&
        info.st_size > (off_t)CCL_CLI_SCENE_MAX_BYTES) {
        ccl_cli_scene_too_large(name, (long long)info.st_size, error, error_size);
        ok = false;
    } else {
        ccl_cli_json_source source = {file, CCL_CLI_SCENE_MAX_BYTES, NULL, 0, false};
        ok = ccl_cli_scene_read_source(&source, name, def, scene, error, error_size);
    }
    if (!from_stdin) {
        fclose(file);
    }
    return ok;
}

void ccl_cli_scene_free(ccl_cli_scene *scene) {
    ccl_world_destroy(scene->world);
    free(scene->ids);
    free(scene->circles);
    free(scene->segments);
    free(scene->points);
    memset(scene, 0, sizeof *scene);
}
