/* circol CLI: a JSON text read in pieces: a window of the text over its blocks, line and column,
 * the steps of an array or object as cJSON takes them (whitespace is any byte up to 32, a missing
 * member name is reported one byte on), and each value handed to cJSON whole from a window that
 * holds it. cJSON counts nesting from its own start, so a piece's depth budget is checked here
 * against the levels already open. The walk of the root object and its arrays is json_walk.c. */
#include "json_stream.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_piece.h"
#include "json_stream_internal.h"

/// Bytes read at a time (a test may choose a few, to cut values across blocks).
#ifndef CCL_CLI_STREAM_BLOCK
#define CCL_CLI_STREAM_BLOCK ((size_t)1 << 20)
#endif

/// Stops the read for good with a message (or none for the limit).
bool ccl_cli_stream_fatal(ccl_cli_stream *s, const char *message) {
    s->fatal = true;
    if (message != NULL) {
        snprintf(s->error, s->error_size, "%s: %s", s->name, message);
    }
    return false;
}

/// The line and column of offset (in the window, not before at).
ccl_cli_text_pos ccl_cli_stream_position(ccl_cli_stream *s, size_t offset) {
    for (size_t k = s->at; k < offset; k++) {
        unsigned char c = (unsigned char)s->window[k - s->start];
        if (c == '\n') {
            s->pos.line++;
            s->pos.column = 1;
        } else if ((c & 0xC0) != 0x80) { /* not a UTF-8 continuation byte */
            s->pos.column++;
        }
    }
    s->at = offset > s->at ? offset : s->at;
    return s->pos;
}

/// Reads up to one block from the source into room; 0 at the end.
static size_t ccl_cli_stream_take(ccl_cli_stream *s, char *room, size_t want) {
    ccl_cli_json_source *source = s->source;
    if (source->file == NULL) {
        size_t got = source->length - s->taken < want ? source->length - s->taken : want;
        memcpy(room, source->text + s->taken, got);
        s->taken += got;
        return got;
    }
    size_t total = s->start + s->length;
    if (source->limit > 0 && want > source->limit + 1 - total) {
        want = source->limit + 1 - total; /* one byte more shows the limit passed */
    }
    return want > 0 ? fread(room, 1, want, source->file) : 0;
}

/// Reads the next block into the window, dropping what nothing needs. False at the end of the
/// text or when the read stops (fatal).
bool ccl_cli_stream_fill(ccl_cli_stream *s) {
    if (s->end || s->fatal) {
        return false;
    }
    size_t drop = (s->keep < s->at ? s->keep : s->at) - s->start;
    if (drop > 0) {
        memmove(s->window, s->window + drop, s->length - drop);
        s->start += drop;
        s->length -= drop;
    }
    if (s->capacity < s->length + CCL_CLI_STREAM_BLOCK + 1) {
        size_t capacity = 2 * s->capacity > s->length + CCL_CLI_STREAM_BLOCK + 1
                              ? 2 * s->capacity
                              : s->length + CCL_CLI_STREAM_BLOCK + 1;
        char *grown = realloc(s->window, capacity);
        if (grown == NULL) {
            return ccl_cli_stream_fatal(s, "cannot read: out of memory");
        }
        s->window = grown;
        s->capacity = capacity;
    }
    char *room = s->window + s->length;
    size_t got = ccl_cli_stream_take(s, room, CCL_CLI_STREAM_BLOCK);
    s->length += got;
    s->window[s->length] = '\0';
    if (got == 0) {
        if (s->source->file != NULL && ferror(s->source->file)) {
            char message[256];
            snprintf(message, sizeof message, "cannot read: %s", strerror(errno));
            return ccl_cli_stream_fatal(s, message);
        }
        s->end = true;
        return false;
    }
    const char *nul = memchr(room, '\0', got);
    if (nul != NULL) {
        ccl_cli_text_pos pos = ccl_cli_stream_position(s, s->start + (size_t)(nul - s->window));
        snprintf(s->error, s->error_size, "%s:%d:%d: syntax error: NUL byte in the file", s->name,
                 pos.line, pos.column);
        return ccl_cli_stream_fatal(s, NULL);
    }
    size_t limit = s->source->limit;
    if (s->source->file != NULL && limit > 0 && s->start + s->length > limit) {
        s->source->over_limit = true;
        return ccl_cli_stream_fatal(s, NULL);
    }
    return true;
}

/// Whether the window holds the text up to offset (exclusive), reading as needed.
bool ccl_cli_stream_ensure(ccl_cli_stream *s, size_t offset) {
    while (s->start + s->length < offset) {
        if (!ccl_cli_stream_fill(s)) {
            return false;
        }
    }
    return true;
}

/// The byte at offset, or NUL past the end of the text.
unsigned char ccl_cli_stream_byte(ccl_cli_stream *s, size_t offset) {
    return ccl_cli_stream_ensure(s, offset + 1) ? (unsigned char)s->window[offset - s->start] : 0;
}

/// The first offset from offset on that is not whitespace as cJSON counts it (bytes 1 to 32);
/// the end of the text at most.
size_t ccl_cli_stream_skip_space(ccl_cli_stream *s, size_t offset) {
    for (;;) {
        unsigned char c = ccl_cli_stream_byte(s, offset);
        if (c == 0 || c > 32) {
            return offset;
        }
        offset++;
    }
}

/// Counts an array or object opening at offset into *depth; the first to open with budget levels
/// already open sets *deep (SIZE_MAX until then).
static void ccl_cli_stream_opened(int *depth, int budget, size_t offset, size_t *deep) {
    if (*depth >= budget && *deep == SIZE_MAX) {
        *deep = offset;
    }
    ++*depth;
}

/// How many arrays and objects are open at n in text (valid JSON before n), counted from 0;
/// *deep receives the first offset where one opens with budget already open (SIZE_MAX if none).
static int ccl_cli_stream_levels(const char *text, size_t n, int budget, size_t *deep) {
    int depth = 0;
    *deep = SIZE_MAX;
    for (size_t k = 0; k < n; k++) {
        char c = text[k];
        if (c == '"') {
            k = ccl_cli_json_string_end(text, n, k);
        } else if (c == '[' || c == '{') {
            ccl_cli_stream_opened(&depth, budget, k, deep);
        } else if (c == ']' || c == '}') {
            depth--;
        }
    }
    return depth;
}

/// Where the value that starts at offset ends (exclusive), judged by brackets and quotes alone:
/// never before where cJSON stops reading it. The window then holds one byte more, or the whole
/// text. *deep receives the first offset where an array or object opens with budget levels
/// already open in the value (SIZE_MAX if none).
size_t ccl_cli_stream_skim(ccl_cli_stream *s, size_t offset, int budget, size_t *deep) {
    int depth = 0;
    bool in_string = false;
    *deep = SIZE_MAX;
    for (;; offset++) {
        if (offset >= s->start + s->length && !ccl_cli_stream_ensure(s, offset + 1)) {
            return offset; /* the end of the text, or the read stopped */
        }
        char c = s->window[offset - s->start];
        if (in_string) {
            if (c == '\\') {
                offset++; /* the escaped byte */
            } else if (c == '"') {
                in_string = false;
                if (depth == 0) {
                    offset++;
                    break;
                }
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            ccl_cli_stream_opened(&depth, budget, offset, deep);
        } else if (c == ']' || c == '}') {
            if (depth == 0) {
                break; /* a bracket after a number or literal: the value ended before it */
            }
            if (--depth == 0) {
                offset++;
                break;
            }
        } else if (depth == 0 && ((unsigned char)c <= 32 || c == ',' || c == ':')) {
            break;
        }
    }
    ccl_cli_stream_ensure(s, offset + 1);
    return offset;
}

/// Refuses the text: cJSON stopped at stop in a value that starts at piece with depth levels
/// open (piece == stop: in the walk here). Writes where and why, as cJSON's position reads to
/// a person: a missing member name is shown at the byte that is there, not one past it.
bool ccl_cli_stream_syntax(ccl_cli_stream *s, size_t stop, size_t piece, int depth) {
    if (s->fatal) {
        return false;
    }
    if (!ccl_cli_stream_ensure(s, stop + 1)) {
        if (s->fatal) {
            return false;
        }
        stop = s->start + s->length; /* cJSON reports the end of the text */
    }
    size_t offset = stop;
    if (stop > s->at && stop <= s->start + s->length) {
        size_t found = stop - 1;
        char c = s->window[found - s->start];
        if (c != '"' && strchr(" \t\r\n", c) == NULL) {
            size_t before = found;
            while (before > s->start && strchr(" \t\r\n", s->window[before - 1 - s->start])) {
                before--;
            }
            char previous = before > s->start ? s->window[before - 1 - s->start] : '\0';
            offset = previous == ',' || previous == '{' ? found : stop;
        }
    }
    ccl_cli_text_pos pos = ccl_cli_stream_position(s, offset);
    ccl_cli_stream_ensure(s, offset + 24);
    size_t held = s->start + s->length - offset;
    const char *text = s->window + (offset - s->start);
    if (s->fatal) {
        return false;
    }
    if (held == 0) {
        snprintf(s->error, s->error_size, "%s:%d:%d: syntax error: unexpected end of file", s->name,
                 pos.line, pos.column);
        return false;
    }
    size_t deep;
    int open = depth + (offset >= piece ? ccl_cli_stream_levels(s->window + (piece - s->start),
                                                                offset - piece, 0, &deep)
                                        : 0);
    if ((text[0] == '[' || text[0] == '{') && open >= CJSON_NESTING_LIMIT) {
        snprintf(s->error, s->error_size,
                 "%s:%d:%d: arrays and objects nested too deep (at most %d levels)", s->name,
                 pos.line, pos.column, CJSON_NESTING_LIMIT);
        return false;
    }
    size_t n = 0; /* the rest of the line, at most 23 bytes, escaped */
    while (n < 23 && n < held && text[n] != '\n' && text[n] != '\r') {
        n++;
    }
    char near[128];
    ccl_cli_escape_for_message(text, n, near, sizeof near);
    snprintf(s->error, s->error_size, "%s:%d:%d: syntax error: not valid JSON at '%s'", s->name,
             pos.line, pos.column, near);
    return false;
}

/// Parses the value at *offset with cJSON into piece (its tree in the arena: empty it after
/// use), depth levels being open there; moves *offset past it.
bool ccl_cli_stream_parse(ccl_cli_stream *s, size_t *offset, int depth, ccl_cli_json_piece *piece) {
    size_t start = *offset, deep;
    ccl_cli_text_pos pos = ccl_cli_stream_position(s, start);
    size_t end = ccl_cli_stream_skim(s, start, CJSON_NESTING_LIMIT - depth, &deep);
    if (s->fatal) {
        return false;
    }
    const char *text = s->window + (start - s->start);
    if (end - start >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        return ccl_cli_stream_syntax(s, start, start, depth); /* cJSON skips it at 0 only */
    }
    size_t available = s->start + s->length - start + (s->end ? 1 : 0);
    ccl_cli_arena_hooks(true);
    const char *stop = NULL;
    cJSON *value = cJSON_ParseWithLengthOpts(text, available, &stop, 0);
    ccl_cli_arena_hooks(false);
    size_t reached = (size_t)(stop - text);
    if (value == NULL || deep < start + reached) { /* cJSON stops first where it is too deep */
        ccl_cli_arena_reset(false);
        return ccl_cli_stream_syntax(s, deep < start + reached ? deep : start + reached, start,
                                     depth);
    }
    *piece = (ccl_cli_json_piece){text, reached, value, pos, depth};
    *offset = start + reached;
    return true;
}

/// Parses the value at *offset and hands it to handler (NULL: none), depth levels being open.
bool ccl_cli_stream_value(ccl_cli_stream *s, size_t *offset, int depth,
                          bool (*handler)(void *, const ccl_cli_json_piece *)) {
    ccl_cli_json_piece piece;
    if (!ccl_cli_stream_parse(s, offset, depth, &piece)) {
        return false;
    }
    bool ok = handler == NULL || handler(s->events->user, &piece);
    ccl_cli_arena_reset(false);
    return ok || ccl_cli_stream_fatal(s, "cannot read: out of memory");
}

/* Opens the array or object whose opening bracket is at *at: tells the handler open where it
 * starts and moves *at past the bracket and the space after it. */
bool ccl_cli_stream_open(ccl_cli_stream *s, size_t *at, bool (*open)(void *, ccl_cli_text_pos)) {
    s->keep = *at;
    if (!open(s->events->user, ccl_cli_stream_position(s, *at))) {
        return ccl_cli_stream_fatal(s, "cannot read: out of memory");
    }
    *at = ccl_cli_stream_skip_space(s, *at + 1);
    return true;
}

/// After an item or member at *at: whether a comma follows, moving *at past it and the space.
bool ccl_cli_stream_next(ccl_cli_stream *s, size_t *at) {
    *at = ccl_cli_stream_skip_space(s, *at);
    if (ccl_cli_stream_byte(s, *at) != ',') {
        return false;
    }
    s->keep = *at;
    *at = ccl_cli_stream_skip_space(s, *at + 1);
    return true;
}

/* Closes the array or object at at, where its closing bracket must stand (a syntax error at depth
 * otherwise), and moves *offset past it. */
bool ccl_cli_stream_close(ccl_cli_stream *s, size_t *offset, size_t at, char bracket, int depth) {
    if (ccl_cli_stream_byte(s, at) != bracket) {
        return ccl_cli_stream_syntax(s, at, at, depth);
    }
    *offset = at + 1;
    return !s->fatal;
}

/// An item of a member's array, handed to the handler.
bool ccl_cli_stream_item(ccl_cli_stream *s, size_t *at) {
    return ccl_cli_stream_value(s, at, 2, s->events->item);
}
