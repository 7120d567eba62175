/* circol CLI: where a parsed JSON value sits in its source text (line, column, JSON path). */
#ifndef CIRCOL_CLI_JSON_LOCATE_H
#define CIRCOL_CLI_JSON_LOCATE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

/// A 1-based line and column; columns count UTF-8 characters, a tab counts as one.
typedef struct ccl_cli_text_pos {
    int line;
    int column;
} ccl_cli_text_pos;

/// The line and column of byte offset in text (offsets past the end give the end).
ccl_cli_text_pos ccl_cli_text_position(const char *text, size_t length, size_t offset);

/// Finds target, a node of the tree root that cJSON parsed from text, by walking text and tree
/// together: *pos receives where its value starts (where its member name starts when key is
/// true) and path its JSON path such as `circles[3].r` (empty for the root). False if absent.
bool ccl_cli_json_locate(const char *text, size_t length, const cJSON *root, const cJSON *target,
                         bool key, ccl_cli_text_pos *pos, char *path, size_t path_size);

/// The name of member (an item of an object in the tree root parsed from text) as the file spells
/// it between its quotes, control characters escaped (`\n`, `\u001b`, ...), for messages: a
/// name with `\u0000` in it keeps its whole length, which cJSON's copy does not. Cut short with
/// "..." when longer than name_size allows.
void ccl_cli_json_member_name(const char *text, size_t length, const cJSON *root,
                              const cJSON *member, char *name, size_t name_size);

/// Copies length bytes of text into out (out_size > 0 bytes, always terminated) with control
/// characters escaped as in JSON (`\n`, `\t`, `\r`, `\u001b`, ...) and each byte that is not
/// part of a valid UTF-8 character as `\xff`, so that a message stays on one line, is valid
/// UTF-8 and writes no terminal escape; cut short with "..." when out is too small. Returns the
/// length written.
size_t ccl_cli_escape_for_message(const char *text, size_t length, char *out, size_t out_size);

/// The node of the tree root (parsed from text) whose value starts at offset, or NULL.
const cJSON *ccl_cli_json_node_at(const char *text, size_t length, const cJSON *root,
                                  size_t offset);

/// The number or literal node as the file writes it (escaped, cut short), for messages.
void ccl_cli_json_token(const char *text, size_t length, const cJSON *root, const cJSON *node,
                        char *out, size_t out_size);

#endif
