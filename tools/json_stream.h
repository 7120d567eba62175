/* circol CLI: a JSON text read as a stream, in pieces that cJSON parses one at a time. The root
 * object's members come one by one, and a member's array, when asked for, item by item, so that
 * memory follows the largest item rather than the whole text. What is accepted, and where a
 * syntax error is reported, is what cJSON would say of the whole text. */
#ifndef CIRCOL_CLI_JSON_STREAM_H
#define CIRCOL_CLI_JSON_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "json_locate.h"

/// Where the text comes from: a file (read in blocks, at most limit bytes when limit > 0), or
/// text of length bytes in memory (when file is NULL). over_limit is set when a file held more
/// than limit bytes (the read then fails with no message: the caller words it).
typedef struct ccl_cli_json_source {
    FILE *file;
    size_t limit;
    const char *text;
    size_t length;
    bool over_limit;
} ccl_cli_json_source;

/// One value of the text, parsed: its text (length bytes of valid JSON), its tree (alive during
/// the call only), where it starts, and its depth (0: the root, 1: a member's value, 2: an item
/// of a member's array).
typedef struct ccl_cli_json_piece {
    const char *text;
    size_t length;
    const cJSON *value;
    ccl_cli_text_pos pos;
    int depth;
} ccl_cli_json_piece;

/// How a member's value is read when it is an array: whole, item by item, or item by item in
/// batches read on two threads.
typedef enum ccl_cli_json_items {
    CCL_CLI_JSON_WHOLE,
    CCL_CLI_JSON_EACH,
    CCL_CLI_JSON_BATCHES
} ccl_cli_json_items;

/// What the reader is told, in the order of the text. A handler returning false stops the read
/// (out of memory).
typedef struct ccl_cli_json_events {
    void *user;
    /// A member of the root object: its name (cJSON's copy, which ends at a \u0000), the bytes
    /// the file spells it with between the quotes (spelled, spelled_length) and where the name
    /// starts. *items: how its value is read when it is an array (through array and item, or
    /// item_read and item_take) rather than whole.
    bool (*member)(void *user, const char *name, const char *spelled, size_t spelled_length,
                   ccl_cli_text_pos pos, ccl_cli_json_items *items);
    /// The root object's start.
    bool (*object)(void *user, ccl_cli_text_pos pos);
    /// A whole value: the root when it is not an object, or a member's value.
    bool (*value)(void *user, const ccl_cli_json_piece *piece);
    /// The start of a member's array that comes item by item.
    bool (*array)(void *user, ccl_cli_text_pos pos);
    /// One item of that array.
    bool (*item)(void *user, const ccl_cli_json_piece *piece);
    /// For an array read in batches (NULL: none is): reads an item into record (record_size
    /// bytes) from the item alone, on either thread; false when the item needs item's path (a
    /// message to write), which then takes that item and all after it one by one.
    bool (*item_read)(const void *user, const ccl_cli_json_piece *piece, void *record);
    /// Takes the record of an item that item_read read, in the order of the text.
    bool (*item_take)(void *user, const void *record);
    size_t record_size;
} ccl_cli_json_events;

/// Reads the text of source (named name in messages) through events. False on a NUL byte, a
/// syntax error, a read error, a text over the limit or a handler's refusal, with one line in
/// error (`name:line:column: syntax error: ...`, or `name: cannot read: ...`), except over the
/// limit. After a syntax error the rest is still read, for a NUL byte and the limit, which are
/// reported first.
bool ccl_cli_json_stream(ccl_cli_json_source *source, const char *name,
                         const ccl_cli_json_events *events, char *error, size_t error_size);

#endif
