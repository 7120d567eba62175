/* circol CLI: locating a cJSON node in the text it was parsed from. The text is known to be valid
 * JSON (cJSON accepted it), so skipping a value only needs to find where it ends. */
#include "json_locate.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/// Room for one member name in a path, escaped.
#define CCL_CLI_NAME_SIZE 64

/// Walk state: the text, the cursor, the node looked for and the path built so far.
typedef struct ccl_cli_walk {
    const char *text;
    size_t length;
    size_t at;
    const cJSON *target;
    bool key;
    size_t found;
    char *path;
    size_t path_size;
    size_t target_offset;    ///< With no target: the offset of the value looked for.
    const cJSON *found_node; ///< The node found there.
} ccl_cli_walk;

ccl_cli_text_pos ccl_cli_text_position(const char *text, size_t length, size_t offset) {
    ccl_cli_text_pos pos = {1, 1};
    if (offset > length) {
        offset = length;
    }
    for (size_t i = 0; i < offset; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') {
            pos.line++;
            pos.column = 1;
        } else if ((c & 0xC0) != 0x80) { /* not a UTF-8 continuation byte */
            pos.column++;
        }
    }
    return pos;
}

/// The length of the valid UTF-8 character that starts text (length bytes left) with a byte of
/// 0x80 or more; 0 when it is not one (a stray continuation byte, a cut-short, overlong or
/// surrogate sequence, or beyond U+10FFFF).
static size_t ccl_cli_utf8_length(const unsigned char *text, size_t length) {
    unsigned char c = text[0];
    size_t size = c >= 0xC2 && c <= 0xDF   ? 2
                  : c >= 0xE0 && c <= 0xEF ? 3
                  : c >= 0xF0 && c <= 0xF4 ? 4
                                           : 0;
    if (size == 0 || size > length) {
        return 0;
    }
    unsigned char low = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    unsigned char high = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (text[1] < low || text[1] > high) {
        return 0;
    }
    for (size_t k = 2; k < size; k++) {
        if ((text[k] & 0xC0) != 0x80) {
            return 0;
        }
    }
    return size;
}

size_t ccl_cli_escape_for_message(const char *text, size_t length, char *out, size_t out_size) {
    if (out_size == 0) {
        return 0;
    }
    size_t used = 0, k = 0;
    while (k < length) {
        unsigned char c = (unsigned char)text[k];
        char piece[8];
        size_t taken = 1;
        if (c == '\n' || c == '\r' || c == '\t') {
            snprintf(piece, sizeof piece, "\\%c", c == '\n' ? 'n' : c == '\r' ? 'r' : 't');
        } else if (c < 0x20 || c == 0x7f) { /* NUL, ESC and the other control characters */
            snprintf(piece, sizeof piece, "\\u%04x", c);
        } else if (c < 0x80) {
            piece[0] = (char)c;
            piece[1] = '\0';
        } else if ((taken = ccl_cli_utf8_length((const unsigned char *)text + k, length - k)) > 0) {
            memcpy(piece, text + k, taken);
            piece[taken] = '\0';
        } else { /* not UTF-8: the byte's value, never the byte */
            snprintf(piece, sizeof piece, "\\x%02x", c);
            taken = 1;
        }
        size_t size = strlen(piece);
        if (used + size + 4 > out_size) { /* room for "..." and the NUL */
            break;
        }
        memcpy(out + used, piece, size);
        used += size;
        k += taken;
    }
    if (k < length) {
        /* cut short: not inside a UTF-8 character */
        while (used > 0 && ((unsigned char)out[used - 1] & 0xC0) == 0x80) {
            used--;
        }
        if (used > 0 && ((unsigned char)out[used - 1] & 0xC0) == 0xC0) {
            used--;
        }
        size_t dots = out_size - 1 - used < 3 ? out_size - 1 - used : 3;
        memcpy(out + used, "...", dots);
        used += dots;
    }
    out[used] = '\0';
    return used;
}

/// Moves the cursor past whitespace as cJSON counts it: any byte from 1 to 32.
static void ccl_cli_walk_skip_space(ccl_cli_walk *w) {
    while (w->at < w->length && (unsigned char)w->text[w->at] - 1u < 32u) {
        w->at++;
    }
}

/// Moves the cursor past a string that starts at the cursor.
static void ccl_cli_walk_skip_string(ccl_cli_walk *w) {
    w->at++; /* opening quote */
    while (w->at < w->length && w->text[w->at] != '"') {
        w->at += (w->text[w->at] == '\\') ? 2 : 1;
    }
    w->at++; /* closing quote */
}

/// Moves the cursor past a number or literal.
static void ccl_cli_walk_skip_scalar(ccl_cli_walk *w) {
    while (w->at < w->length && (unsigned char)w->text[w->at] > 32 &&
           strchr(",]}", w->text[w->at]) == NULL) {
        w->at++;
    }
}

/// Appends to the path; the previous length is returned to restore it.
static size_t ccl_cli_walk_push(ccl_cli_walk *w, const char *fmt, const char *name, int index) {
    size_t used = strlen(w->path);
    if (used + 1 < w->path_size) {
        if (name != NULL) {
            snprintf(w->path + used, w->path_size - used, fmt, name);
        } else {
            snprintf(w->path + used, w->path_size - used, fmt, index);
        }
    }
    return used;
}

/// Walks the value at the cursor, which node was parsed from. True once the target is found.
static bool ccl_cli_walk_value(ccl_cli_walk *w, const cJSON *node) {
    ccl_cli_walk_skip_space(w);
    if ((node == w->target && !w->key) || (w->target == NULL && w->at == w->target_offset)) {
        w->found = w->at;
        w->found_node = node;
        return true;
    }
    if (w->at >= w->length) {
        return false;
    }
    char open = w->text[w->at];
    if (open == '{' || open == '[') {
        w->at++;
        int index = 0;
        for (const cJSON *child = node->child; child != NULL; child = child->next, index++) {
            ccl_cli_walk_skip_space(w);
            size_t saved = 0; /* the path is built only when asked for */
            if (open == '{') {
                size_t key_at = w->at;
                ccl_cli_walk_skip_string(w);
                if (w->path_size > 1) {
                    /* the name as the file spells it, escaped: cJSON's copy ends at a \u0000 */
                    char name[CCL_CLI_NAME_SIZE];
                    size_t end = w->at <= w->length ? w->at : w->length;
                    ccl_cli_escape_for_message(w->text + key_at + 1,
                                               end >= key_at + 2 ? end - key_at - 2 : 0, name,
                                               sizeof name);
                    saved = ccl_cli_walk_push(w, w->path[0] ? ".%s" : "%s", name, 0);
                }
                if (child == w->target && w->key) {
                    w->found = key_at;
                    return true;
                }
                ccl_cli_walk_skip_space(w);
                w->at++; /* ':' */
            } else if (w->path_size > 1) {
                saved = ccl_cli_walk_push(w, "[%d]", NULL, index);
            }
            if (ccl_cli_walk_value(w, child)) {
                return true;
            }
            w->path[saved] = '\0';
            ccl_cli_walk_skip_space(w);
            if (w->at < w->length && w->text[w->at] == ',') {
                w->at++;
            }
        }
        ccl_cli_walk_skip_space(w);
        w->at++; /* closing bracket */
    } else if (open == '"') {
        ccl_cli_walk_skip_string(w);
    } else {
        ccl_cli_walk_skip_scalar(w);
    }
    return false;
}

/// Walks text and tree to target: *offset receives where its value (or its member name, when
/// key) starts. False if absent.
static bool ccl_cli_json_find(const char *text, size_t length, const cJSON *root,
                              const cJSON *target, bool key, size_t *offset, char *path,
                              size_t path_size) {
    char scratch[1];
    if (path == NULL || path_size == 0) {
        path = scratch;
        path_size = sizeof scratch;
    }
    path[0] = '\0';
    ccl_cli_walk w = {text, length, 0,         target,   key && target != root,
                      0,    path,   path_size, SIZE_MAX, NULL};
    if (!ccl_cli_walk_value(&w, root)) {
        return false;
    }
    *offset = w.found;
    return true;
}

bool ccl_cli_json_locate(const char *text, size_t length, const cJSON *root, const cJSON *target,
                         bool key, ccl_cli_text_pos *pos, char *path, size_t path_size) {
    size_t offset;
    if (!ccl_cli_json_find(text, length, root, target, key, &offset, path, path_size)) {
        return false;
    }
    *pos = ccl_cli_text_position(text, length, offset);
    return true;
}

void ccl_cli_json_member_name(const char *text, size_t length, const cJSON *root,
                              const cJSON *member, char *name, size_t name_size) {
    size_t offset;
    if (member != root && member->string != NULL &&
        ccl_cli_json_find(text, length, root, member, true, &offset, NULL, 0)) {
        ccl_cli_walk w = {text, length, offset, NULL, false, 0, NULL, 0, SIZE_MAX, NULL};
        ccl_cli_walk_skip_string(&w);
        size_t end = w.at <= length ? w.at : length;
        ccl_cli_escape_for_message(text + offset + 1, end >= offset + 2 ? end - offset - 2 : 0,
                                   name, name_size);
        return;
    }
    /* not in the text: cJSON's copy, which ends at the first \u0000 */
    const char *copy = member->string != NULL ? member->string : "";
    ccl_cli_escape_for_message(copy, strlen(copy), name, name_size);
}

const cJSON *ccl_cli_json_node_at(const char *text, size_t length, const cJSON *root,
                                  size_t offset) {
    char scratch[1] = "";
    ccl_cli_walk w = {text, length, 0, NULL, false, 0, scratch, sizeof scratch, offset, NULL};
    return ccl_cli_walk_value(&w, root) ? w.found_node : NULL;
}

void ccl_cli_json_token(const char *text, size_t length, const cJSON *root, const cJSON *node,
                        char *out, size_t out_size) {
    size_t offset;
    if (!ccl_cli_json_find(text, length, root, node, false, &offset, NULL, 0)) {
        ccl_cli_escape_for_message("", 0, out, out_size);
        return;
    }
    ccl_cli_walk w = {text, length, offset, NULL, false, 0, NULL, 0, SIZE_MAX, NULL};
    ccl_cli_walk_skip_scalar(&w);
    ccl_cli_escape_for_message(text + offset, w.at - offset, out, out_size);
}
