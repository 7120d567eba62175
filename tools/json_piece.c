/* circol CLI: what a piece of a JSON text is read with: the arena that holds its cJSON tree (one
 * a thread), and the search for its numbers that underflow. */
#include "json_piece.h"

#include <stddef.h>
#include <stdlib.h>

#include "json_stream.h"

#include <cjson/cJSON.h>

size_t ccl_cli_json_string_end(const char *text, size_t n, size_t k) {
    for (k++; k < n && text[k] != '"'; k++) {
        k += text[k] == '\\'; /* the escaped byte */
    }
    return k < n ? k : n;
}

/// Bytes per block of the arena that holds one piece's tree.
#define CCL_CLI_ARENA_BLOCK ((size_t)1 << 16)

/// A block of the arena.
typedef struct ccl_cli_arena_block {
    struct ccl_cli_arena_block *next; ///< The block filled before.
    size_t used, size;                ///< Bytes given out, bytes in data.
    max_align_t data[];               ///< The room.
} ccl_cli_arena_block;

/// The blocks of the piece under way on this thread: cJSON's allocation hooks take no user
/// pointer. A piece's tree is a few small nodes, given out from blocks and freed at once.
static _Thread_local ccl_cli_arena_block *ccl_cli_arena;

/// cJSON's malloc during a piece's parse.
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

/// cJSON's free during a parse: the arena is emptied as a whole.
static void ccl_cli_arena_free(void *pointer) {
    (void)pointer;
}

void ccl_cli_arena_reset(bool all) {
    while (ccl_cli_arena != NULL && (all || ccl_cli_arena->next != NULL)) {
        ccl_cli_arena_block *next = ccl_cli_arena->next;
        free(ccl_cli_arena);
        ccl_cli_arena = next;
    }
    if (ccl_cli_arena != NULL) {
        ccl_cli_arena->used = 0;
    }
}

void ccl_cli_arena_hooks(bool on) {
    cJSON_Hooks hooks = {ccl_cli_arena_alloc, ccl_cli_arena_free};
    cJSON_InitHooks(on ? &hooks : NULL);
}

/// Whether c may be part of a number as cJSON reads one.
static bool ccl_cli_json_number_byte(char c) {
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E';
}

/// The offset of the first number in text (valid JSON, length bytes) that underflows: digits
/// other than zeros that read as 0 (such as 1e-400), or length when there is none. Only a number
/// with an exponent or a long one can, so strtod sees few.
size_t ccl_cli_json_find_underflow(const char *text, size_t length) {
    for (size_t k = 0; k < length; k++) {
        char c = text[k];
        if (c == '"') {
            k = ccl_cli_json_string_end(text, length, k);
            continue;
        }
        if (c != '-' && !(c >= '0' && c <= '9')) {
            continue;
        }
        size_t end = k;
        bool exponent = false, nonzero = false;
        while (end < length && ccl_cli_json_number_byte(text[end])) {
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

/// Whether node or a value inside it is a number that reads as zero: only then can one of its
/// numbers have underflowed.
bool ccl_cli_json_has_zero(const cJSON *node) {
    if (cJSON_IsNumber(node)) {
        return node->valuedouble == 0.0;
    }
    for (const cJSON *child = node->child; child != NULL; child = child->next) {
        if (ccl_cli_json_has_zero(child)) {
            return true;
        }
    }
    return false;
}
