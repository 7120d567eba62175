/* circol CLI: what a piece of a JSON text is read with: an arena for its cJSON tree (a few small
 * nodes, given out from blocks of this thread's arena and freed at once), and the search for its
 * numbers that underflow. */
#ifndef CIRCOL_CLI_JSON_PIECE_H
#define CIRCOL_CLI_JSON_PIECE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

/// Points cJSON's allocation at the calling thread's arena (on), or back at malloc and free.
/// While it is on, every cJSON call allocates from an arena (each thread from its own), and
/// cJSON_Delete frees nothing: the arena is emptied as a whole.
void ccl_cli_arena_hooks(bool on);

/// Empties this thread's arena, keeping its last block for the next piece unless all is asked.
void ccl_cli_arena_reset(bool all);

/// Where the string whose opening quote is at k in text (n bytes) ends: the offset of its closing
/// quote, or n when the text ends first.
size_t ccl_cli_json_string_end(const char *text, size_t n, size_t k);

/// The offset of the first number in text (valid JSON, length bytes) that underflows: digits
/// other than zeros that read as 0 (such as 1e-400), or length when there is none.
size_t ccl_cli_json_find_underflow(const char *text, size_t length);

/// Whether node or a value inside it is a number that reads as zero: only then can one of its
/// numbers have underflowed.
bool ccl_cli_json_has_zero(const cJSON *node);

#endif
