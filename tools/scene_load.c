/* circol CLI: reading a scene file within a stated size, and parsing it with cJSON. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "json_locate.h"
#include "scene_internal.h"

/// Where the offending token of a syntax error in text (length bytes) is, from where cJSON
/// stopped (stop). Where an
/// object wants a member's name (after `{` or `,`) and finds something else, cJSON stops one
/// past that character (`{"a": 1,}` stops past the `}`): back to it.
static size_t ccl_cli_scene_syntax_offset(const char *text, size_t length, size_t stop) {
    if (stop == 0 || stop > length) {
        return stop; /* at the start, or past the end of the file */
    }
    size_t found = stop - 1;
    if (text[found] == '"' || strchr(" \t\r\n", text[found]) != NULL) {
        return stop; /* a string that went wrong inside, or whitespace: cJSON stopped on it */
    }
    size_t before = found;
    while (before > 0 && strchr(" \t\r\n", text[before - 1]) != NULL) {
        before--;
    }
    if (before > 0 && (text[before - 1] == ',' || text[before - 1] == '{')) {
        return found;
    }
    return stop;
}

/// Whether cJSON stopped at offset in text because of its nesting limit: an array or object
/// opens there with CJSON_NESTING_LIMIT of them already open (counted outside strings; the
/// text before offset is what cJSON read without fault).
static bool ccl_cli_scene_too_deep(const char *text, size_t length, size_t offset) {
    if (offset >= length || (text[offset] != '[' && text[offset] != '{')) {
        return false;
    }
    size_t depth = 0;
    bool in_string = false;
    for (size_t k = 0; k < offset; k++) {
        char c = text[k];
        if (in_string) {
            if (c == '\\') {
                k++; /* the escaped character (\" in particular) */
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            depth++;
        } else if ((c == ']' || c == '}') && depth > 0) {
            depth--;
        }
    }
    return depth >= CJSON_NESTING_LIMIT;
}

/// Bytes per block of the parse's arena.
#define CCL_CLI_ARENA_BLOCK ((size_t)1 << 20)

/// A block of the arena that holds one parse's tree.
typedef struct ccl_cli_arena_block {
    struct ccl_cli_arena_block *next; ///< The block filled before.
    size_t used, size;                ///< Bytes given out, bytes in data.
    max_align_t data[];               ///< The room.
} ccl_cli_arena_block;

/// The blocks of the parse under way: cJSON's allocation hooks take no user pointer. The tree of
/// a scene is millions of small nodes; from blocks, a node costs its 64 bytes (80 from malloc)
/// and a member name such as "x" 8 bytes (32), and the whole tree is freed at once.
static ccl_cli_arena_block *ccl_cli_arena;

/// cJSON's malloc during a parse.
static void *ccl_cli_arena_alloc(size_t size) {
    size = (size + 7) & ~(size_t)7;
    ccl_cli_arena_block *block = ccl_cli_arena;
    if (block == NULL || block->size - block->used < size) {
        size_t room = size > CCL_CLI_ARENA_BLOCK ? size : CCL_CLI_ARENA_BLOCK;
        block = malloc(sizeof *block + room);
        if (block == NULL) {
            return NULL;
        }
        *block = (ccl_cli_arena_block){ccl_cli_arena, 0, room};
        ccl_cli_arena = block;
    }
    void *out = (char *)block->data + block->used;
    block->used += size;
    return out;
}

/// cJSON's free during a parse: the arena is freed as a whole.
static void ccl_cli_arena_free(void *pointer) {
    (void)pointer;
}

/// Parses text as cJSON does (see cJSON_ParseWithLengthOpts), into the arena.
static cJSON *ccl_cli_arena_parse(const char *text, size_t size, const char **end) {
    cJSON_Hooks hooks = {ccl_cli_arena_alloc, ccl_cli_arena_free};
    cJSON_InitHooks(&hooks);
    cJSON *root = cJSON_ParseWithLengthOpts(text, size, end, 1);
    cJSON_InitHooks(NULL); /* the reports allocate as usual */
    return root;
}

/// Frees the tree of the last parse.
static void ccl_cli_arena_release(void) {
    while (ccl_cli_arena != NULL) {
        ccl_cli_arena_block *next = ccl_cli_arena->next;
        free(ccl_cli_arena);
        ccl_cli_arena = next;
    }
}

/// The offset of the first number in text (valid JSON, length bytes) that underflows: digits
/// other than zeros that read as 0 (such as 1e-400), or length when there is none. Only a number
/// with an exponent or a long one can, so strtod sees few.
static size_t ccl_cli_scene_find_underflow(const char *text, size_t length) {
    bool in_string = false;
    for (size_t k = 0; k < length; k++) {
        char c = text[k];
        if (in_string) {
            k += c == '\\';
            in_string = c != '"';
            continue;
        }
        if (c == '"') {
            in_string = true;
            continue;
        }
        if (c != '-' && !(c >= '0' && c <= '9')) {
            continue;
        }
        size_t end = k;
        bool exponent = false, nonzero = false;
        while (end < length && strchr("0123456789+-.eE", text[end]) != NULL && text[end]) {
            exponent = exponent || text[end] == 'e' || text[end] == 'E';
            nonzero = nonzero || (!exponent && text[end] >= '1' && text[end] <= '9');
            end++;
        }
        if (nonzero && (exponent || end - k > 300) && strtod(text + k, NULL) == 0.0) {
            return k;
        }
        k = end - 1;
    }
    return length;
}

/// Refuses the number at offset, which underflows to zero.
static bool ccl_cli_scene_underflow_fail(const ccl_cli_scene_ctx *ctx, size_t offset) {
    const cJSON *node = ccl_cli_json_node_at(ctx->text, ctx->length, ctx->root, offset);
    char token[64];
    ccl_cli_json_token(ctx->text, ctx->length, ctx->root, node, token, sizeof token);
    return ccl_cli_scene_fail(ctx, node, false,
                              "'%s' underflows to zero: a number nearer zero than about "
                              "4.9e-324 reads as 0 (write 0, or choose units that keep it "
                              "near 1)",
                              token);
}

/// Parses text (length bytes, then a NUL) into scene and its world.
static bool ccl_cli_scene_parse_text(const char *text, size_t length, const char *name,
                                     const ccl_world_def *def, ccl_cli_scene *scene, char *error,
                                     size_t error_size) {
    memset(scene, 0, sizeof *scene);
    scene->restitution = 1.0;
    const char *nul = memchr(text, '\0', length);
    if (nul != NULL) {
        ccl_cli_text_pos pos = ccl_cli_text_position(text, length, (size_t)(nul - text));
        snprintf(error, error_size, "%s:%d:%d: syntax error: NUL byte in the file", name, pos.line,
                 pos.column);
        return false;
    }
    const char *end = NULL;
    cJSON *root = ccl_cli_arena_parse(text, length + 1, &end);
    if (root == NULL) {
        ccl_cli_arena_release();
        size_t offset =
            ccl_cli_scene_syntax_offset(text, length, end != NULL ? (size_t)(end - text) : 0);
        ccl_cli_text_pos pos = ccl_cli_text_position(text, length, offset);
        if (offset >= length) {
            snprintf(error, error_size, "%s:%d:%d: syntax error: unexpected end of file", name,
                     pos.line, pos.column);
        } else if (ccl_cli_scene_too_deep(text, length, offset)) {
            snprintf(error, error_size,
                     "%s:%d:%d: arrays and objects nested too deep (at most %d levels)", name,
                     pos.line, pos.column, CJSON_NESTING_LIMIT);
        } else {
            size_t n = 0; /* the rest of the line, at most 23 bytes, escaped */
            while (n < 23 && offset + n < length && text[offset + n] != '\n' &&
                   text[offset + n] != '\r') {
                n++;
            }
            char near[128];
            ccl_cli_escape_for_message(text + offset, n, near, sizeof near);
            snprintf(error, error_size, "%s:%d:%d: syntax error: not valid JSON at '%s'", name,
                     pos.line, pos.column, near);
        }
        return false;
    }
    ccl_cli_scene_ctx ctx = {text, length, name, root, error, error_size};
    size_t underflow = ccl_cli_scene_find_underflow(text, length);
    bool ok = underflow == length ? ccl_cli_scene_read(&ctx, root, def, scene)
                                  : ccl_cli_scene_underflow_fail(&ctx, underflow);
    ccl_cli_arena_release();
    if (!ok) {
        ccl_cli_scene_free(scene);
    }
    return ok;
}

bool ccl_cli_scene_parse_with(const char *text, size_t length, const char *name,
                              const ccl_world_def *def, ccl_cli_scene *scene, char *error,
                              size_t error_size) {
    memset(scene, 0, sizeof *scene);
    /* cJSON wants the terminating NUL inside the length when it checks for trailing text */
    char *copy = malloc(length + 1);
    if (copy == NULL) {
        snprintf(error, error_size, "%s: out of memory", name);
        return false;
    }
    memcpy(copy, text, length);
    copy[length] = '\0';
    bool ok = ccl_cli_scene_parse_text(copy, length, name, def, scene, error, error_size);
    free(copy);
    return ok;
}

bool ccl_cli_scene_parse(const char *text, size_t length, const char *name, ccl_cli_scene *scene,
                         char *error, size_t error_size) {
    return ccl_cli_scene_parse_with(text, length, name, NULL, scene, error, error_size);
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

/// Reads file into *text (NUL-terminated, *length bytes before the NUL), checking the limit
/// before reading a regular file and while reading a stream. A stream is read only up to its
/// first NUL byte, which the parser then refuses (so /dev/zero costs one block).
static bool ccl_cli_scene_slurp(FILE *file, const char *name, char **text, size_t *length,
                                char *error, size_t error_size) {
    struct stat info;
    size_t capacity = (size_t)1 << 16;
    if (fstat(fileno(file), &info) == 0 && S_ISREG(info.st_mode)) {
        if (info.st_size > (off_t)CCL_CLI_SCENE_MAX_BYTES) {
            ccl_cli_scene_too_large(name, (long long)info.st_size, error, error_size);
            return false;
        }
        capacity = (size_t)info.st_size + 2; /* one more byte shows the end of the file */
    }
    *length = 0;
    *text = malloc(capacity);
    while (*text != NULL) {
        if (*length + 1 == capacity) {
            if (capacity > CCL_CLI_SCENE_MAX_BYTES) {
                ccl_cli_scene_too_large(name, -1, error, error_size);
                return false;
            }
            capacity = capacity * 2 > CCL_CLI_SCENE_MAX_BYTES + 2 ? CCL_CLI_SCENE_MAX_BYTES + 2
                                                                  : capacity * 2;
            char *grown = realloc(*text, capacity);
            if (grown == NULL) {
                break;
            }
            *text = grown;
        }
        size_t got = fread(*text + *length, 1, capacity - 1 - *length, file);
        bool nul = memchr(*text + *length, '\0', got) != NULL;
        *length += got;
        if (got == 0 || nul) {
            (*text)[*length] = '\0';
            if (ferror(file)) {
                snprintf(error, error_size, "%s: cannot read: %s", name, strerror(errno));
                return false;
            }
            return true;
        }
    }
    snprintf(error, error_size, "%s: cannot read: out of memory", name);
    return false;
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
    char *text = NULL;
    size_t length = 0;
    bool ok = ccl_cli_scene_slurp(file, name, &text, &length, error, error_size) &&
              ccl_cli_scene_parse_text(text, length, name, def, scene, error, error_size);
    free(text);
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
