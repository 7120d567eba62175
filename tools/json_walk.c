/* circol CLI: a JSON text walked as cJSON walks it: the root object member by member, a member's
 * array item by item (or in batches), every value handed to cJSON whole by the stream reader
 * below (json_stream.c). */
#include "json_stream.h"

#include <stdlib.h>
#include <string.h>

#include "json_piece.h"
#include "json_stream_internal.h"

/// One item of an array or member of an object at *at, moving *at past it.
typedef bool (*ccl_cli_stream_element)(ccl_cli_stream *s, size_t *at);

/// Walks the array or object whose opening bracket is at *offset, element by element up to its
/// closing bracket, as cJSON's parse_array and parse_object do (depth: the levels open inside
/// it; open: the handler told where it starts).
static bool ccl_cli_stream_walk(ccl_cli_stream *s, size_t *offset, int depth, char bracket,
                                bool (*open)(void *, ccl_cli_text_pos),
                                ccl_cli_stream_element element) {
    size_t at = *offset;
    if (!ccl_cli_stream_open(s, &at, open)) {
        return false;
    }
    if (ccl_cli_stream_byte(s, at) != bracket) {
        do {
            if (!element(s, &at)) {
                return false;
            }
        } while (ccl_cli_stream_next(s, &at));
    }
    return ccl_cli_stream_close(s, offset, at, bracket, depth);
}

/// Walks the array at *offset (a member's value, one level open) item by item.
static bool ccl_cli_stream_array(ccl_cli_stream *s, size_t *offset) {
    return ccl_cli_stream_walk(s, offset, 2, ']', s->events->array, ccl_cli_stream_item);
}

/// Reads the member name at at (a string) and tells the handler; *items as it answers.
static bool ccl_cli_stream_name(ccl_cli_stream *s, size_t *at, ccl_cli_json_items *items) {
    if (ccl_cli_stream_byte(s, *at) != '"') { /* cJSON stops one past the byte */
        return ccl_cli_stream_syntax(s, *at + 1, *at + 1, 1);
    }
    ccl_cli_json_piece name;
    if (!ccl_cli_stream_parse(s, at, 1, &name)) {
        return false;
    }
    *items = CCL_CLI_JSON_WHOLE;
    bool ok = s->events->member(s->events->user, name.value->valuestring, name.text + 1,
                                name.length - 2, name.pos, items);
    ccl_cli_arena_reset(false);
    return ok || ccl_cli_stream_fatal(s, "cannot read: out of memory");
}

/// A member of the root object: its name, a colon and its value (an array item by item when the
/// handler asks).
static bool ccl_cli_stream_member(ccl_cli_stream *s, size_t *at) {
    ccl_cli_json_items items;
    if (!ccl_cli_stream_name(s, at, &items)) {
        return false;
    }
    *at = ccl_cli_stream_skip_space(s, *at);
    if (ccl_cli_stream_byte(s, *at) != ':') {
        return ccl_cli_stream_syntax(s, *at, *at, 1);
    }
    s->keep = *at;
    *at = ccl_cli_stream_skip_space(s, *at + 1);
    if (items == CCL_CLI_JSON_WHOLE || ccl_cli_stream_byte(s, *at) != '[') {
        return ccl_cli_stream_value(s, at, 1, s->events->value);
    }
    return items == CCL_CLI_JSON_BATCHES && s->events->item_read != NULL
               ? ccl_cli_stream_batched(s, at)
               : ccl_cli_stream_array(s, at);
}

/// Walks the root object at *offset member by member.
static bool ccl_cli_stream_object(ccl_cli_stream *s, size_t *offset) {
    return ccl_cli_stream_walk(s, offset, 1, '}', s->events->object, ccl_cli_stream_member);
}

/// Walks the whole text: a byte order mark, the root value, nothing after it.
static bool ccl_cli_stream_root(ccl_cli_stream *s) {
    size_t at = 0;
    if (ccl_cli_stream_ensure(s, 4) && memcmp(s->window, "\xEF\xBB\xBF", 3) == 0) {
        at = 3; /* cJSON skips it in a text of 4 bytes or more */
    }
    at = ccl_cli_stream_skip_space(s, at);
    bool ok = ccl_cli_stream_byte(s, at) == '{' ? ccl_cli_stream_object(s, &at)
                                                : ccl_cli_stream_value(s, &at, 0, s->events->value);
    if (!ok) {
        return false;
    }
    at = ccl_cli_stream_skip_space(s, at);
    if (ccl_cli_stream_byte(s, at) != '\0') {
        return ccl_cli_stream_syntax(s, at, at, 0);
    }
    return !s->fatal;
}

bool ccl_cli_json_stream(ccl_cli_json_source *source, const char *name,
                         const ccl_cli_json_events *events, char *error, size_t error_size) {
    ccl_cli_stream s = {.source = source,
                        .name = name,
                        .events = events,
                        .error = error,
                        .error_size = error_size,
                        .pos = {1, 1}};
    source->over_limit = false;
    bool ok = ccl_cli_stream_root(&s);
    ccl_cli_arena_reset(true);
    if (!ok && !s.fatal) { /* a syntax error: the rest may hold a NUL byte or pass the limit */
        do {
            ccl_cli_stream_position(&s, s.start + s.length);
            s.keep = s.at;
        } while (ccl_cli_stream_fill(&s));
    }
    free(s.window);
    return ok;
}
