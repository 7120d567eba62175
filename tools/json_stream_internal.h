/* circol CLI: the parts of the JSON stream reader that its batch reading shares. */
#ifndef CIRCOL_CLI_JSON_STREAM_INTERNAL_H
#define CIRCOL_CLI_JSON_STREAM_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "json_stream.h"

/// The reader: a window [start, start + length) of the text (a NUL after it), where line and
/// column are known (at), what must stay in the window (keep), and how deep the walk is.
typedef struct ccl_cli_stream {
    ccl_cli_json_source *source;
    const char *name;
    const ccl_cli_json_events *events;
    char *error;
    size_t error_size;
    char *window;
    size_t capacity, start, length;
    size_t taken; ///< Bytes taken from a source in memory.
    bool end;     ///< The whole text is in or behind the window.
    bool fatal;   ///< A NUL byte, a read error, the limit or a handler stopped the read.
    size_t at;
    ccl_cli_text_pos pos;
    size_t keep;
    int depth;
} ccl_cli_stream;

/// Stops the read for good with a message (or none for the limit).
bool ccl_cli_stream_fatal(ccl_cli_stream *s, const char *message);

/// The line and column of offset (in the window, not before at).
ccl_cli_text_pos ccl_cli_stream_position(ccl_cli_stream *s, size_t offset);

/// The first offset from offset on that is not whitespace as cJSON counts it (bytes 1 to 32);
/// the end of the text at most.
size_t ccl_cli_stream_skip_space(ccl_cli_stream *s, size_t offset);

/// The byte at offset, or NUL past the end of the text.
unsigned char ccl_cli_stream_byte(ccl_cli_stream *s, size_t offset);

/// Where the value that starts at offset ends (exclusive), judged by brackets and quotes alone:
/// never before where cJSON stops reading it. The window then holds one byte more, or the whole
/// text. *deep receives the first offset where an array or object opens with budget levels
/// already open in the value (SIZE_MAX if none).
size_t ccl_cli_stream_skim(ccl_cli_stream *s, size_t offset, int budget, size_t *deep);

/* Opens the array or object whose opening bracket is at *at: tells the handler open where it
 * starts and moves *at past the bracket and the space after it. */
bool ccl_cli_stream_open(ccl_cli_stream *s, size_t *at, bool (*open)(void *, ccl_cli_text_pos));

/// After an item or member at *at: whether a comma follows, moving *at past it and the space.
bool ccl_cli_stream_next(ccl_cli_stream *s, size_t *at);

/* Closes the array or object at at, where its closing bracket must stand (a syntax error at depth
 * otherwise), and moves *offset past it. */
bool ccl_cli_stream_close(ccl_cli_stream *s, size_t *offset, size_t at, char bracket, int depth);

/// Reads the next block into the window, dropping what nothing needs. False at the end of the
/// text or when the read stops (fatal).
bool ccl_cli_stream_fill(ccl_cli_stream *s);

/// Whether the window holds the text up to offset (exclusive), reading as needed.
bool ccl_cli_stream_ensure(ccl_cli_stream *s, size_t offset);

/// Refuses the text: cJSON stopped at stop in a value that starts at piece with depth levels
/// open (piece == stop: in the walk here). Writes where and why, as cJSON's position reads to
/// a person: a missing member name is shown at the byte that is there, not one past it.
bool ccl_cli_stream_syntax(ccl_cli_stream *s, size_t stop, size_t piece, int depth);

/// Parses the value at *offset with cJSON into piece (its tree in the arena: empty it after
/// use), depth levels being open there; moves *offset past it.
bool ccl_cli_stream_parse(ccl_cli_stream *s, size_t *offset, int depth, ccl_cli_json_piece *piece);

/// Parses the value at *offset and hands it to handler (NULL: none), depth levels being open.
bool ccl_cli_stream_value(ccl_cli_stream *s, size_t *offset, int depth,
                          bool (*handler)(void *, const ccl_cli_json_piece *));

/// An item of a member's array, handed to the handler.
bool ccl_cli_stream_item(ccl_cli_stream *s, size_t *at);

/// Walks an array whose items come in batches (at *offset, a member's value): the plain ones in
/// batches read on two threads, the rest, from the first that is not, one by one.
bool ccl_cli_stream_batched(ccl_cli_stream *s, size_t *offset);

#endif
