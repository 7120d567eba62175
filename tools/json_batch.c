/* circol CLI: the items of a long array read in batches: the reading thread finds where each item
 * ends, two threads parse them with cJSON and read them into records, and the records are taken
 * in the order of the text. An item that cJSON or the reader would refuse is read again one by
 * one, with all after it, so that what is accepted and every message stay those of the one-by-one
 * walk. cJSON keeps no state between parses that a parse reads, but it records where its last
 * parse failed in one static variable, which both threads write and nothing here reads (the
 * position of a refused item comes from the one-by-one walk): a race on a value never used, which
 * a thread sanitizer would report. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_piece.h"
#include "json_stream_internal.h"

/// Items of an array read in one batch (the first batches fewer, doubling up to this), and the
/// most text they may span.
#define CCL_CLI_BATCH_ITEMS 8192
#define CCL_CLI_BATCH_FIRST 64
#define CCL_CLI_BATCH_BYTES ((size_t)8 << 20)

/// An item of a batch: where it starts, its length as skimmed, its line and column.
typedef struct ccl_cli_batch_item {
    size_t start, length;
    ccl_cli_text_pos pos;
} ccl_cli_batch_item;

/// The part [from, to) of a batch that one thread reads; plain: the items before the first that
/// item_read could not read (to when all could).
typedef struct ccl_cli_batch_part {
    const ccl_cli_stream *s;
    const ccl_cli_batch_item *items;
    char *records;
    int from, to, plain;
} ccl_cli_batch_part;

/// Reads a part of a batch: each item is parsed with cJSON from its skimmed text, which it must
/// fill exactly (a text cJSON reads otherwise goes the one-by-one way, which words the error).
static void *ccl_cli_batch_read(void *arg) {
    ccl_cli_batch_part *part = arg;
    const ccl_cli_stream *s = part->s;
    part->plain = part->to;
    for (int k = part->from; k < part->to; k++) {
        const ccl_cli_batch_item *item = &part->items[k];
        const char *text = s->window + (item->start - s->start), *stop = NULL;
        cJSON *value = cJSON_ParseWithLengthOpts(text, item->length, &stop, 0);
        ccl_cli_json_piece piece = {text, item->length, value, item->pos, 2};
        bool plain = value != NULL && (size_t)(stop - text) == item->length &&
                     s->events->item_read(s->events->user, &piece,
                                          part->records + (size_t)k * s->events->record_size);
        ccl_cli_arena_reset(false);
        if (!plain) {
            part->plain = k;
            break;
        }
    }
    return NULL;
}

/// ccl_cli_batch_read on a thread of its own, which empties its arena as it ends.
static void *ccl_cli_batch_thread(void *arg) {
    ccl_cli_batch_read(arg);
    ccl_cli_arena_reset(true);
    return NULL;
}

/// Reads the n items of a batch, half on a second thread (where one can be made); returns how
/// many of the first are plain.
static int ccl_cli_batch_read_all(const ccl_cli_stream *s, const ccl_cli_batch_item *items,
                                  char *records, int n) {
    ccl_cli_batch_part parts[2] = {{s, items, records, 0, n / 2, 0},
                                   {s, items, records, n / 2, n, 0}};
    pthread_t thread;
    ccl_cli_arena_hooks(true);
    bool second = n >= 64 && pthread_create(&thread, NULL, ccl_cli_batch_thread, &parts[1]) == 0;
    ccl_cli_batch_read(&parts[0]);
    if (second) {
        pthread_join(thread, NULL);
    } else if (parts[0].plain == parts[0].to) {
        ccl_cli_batch_read(&parts[1]);
    }
    ccl_cli_arena_hooks(false);
    return parts[0].plain < parts[0].to ? parts[0].plain : parts[1].plain;
}

/// Skims up to a batch of items from *at (an item's start) into items: each one's extent and
/// place, as long as it is one that cJSON may read on its own. *count receives how many; *at
/// then lies at the next item (*more; *odd when that one must be read one by one) or where the
/// array should close.
static bool ccl_cli_batch_skim(ccl_cli_stream *s, size_t *at, ccl_cli_batch_item *items, int room,
                               int *count, bool *more, bool *odd) {
    size_t first = *at;
    *count = 0;
    *odd = false;
    s->keep = first; /* the window holds the whole batch */
    while (*count < room && *at - first < CCL_CLI_BATCH_BYTES) {
        size_t deep, start = *at;
        ccl_cli_text_pos pos = ccl_cli_stream_position(s, start);
        size_t end = ccl_cli_stream_skim(s, start, CJSON_NESTING_LIMIT - 2, &deep);
        if (s->fatal) {
            return false;
        }
        const char *text = s->window + (start - s->start);
        if (deep != SIZE_MAX || end == start || (end - start >= 3 && text[0] == '\xEF')) {
            *more = *odd = true; /* one cJSON may refuse, or a byte order mark */
            return true;
        }
        items[(*count)++] = (ccl_cli_batch_item){start, end - start, pos};
        *at = ccl_cli_stream_skip_space(s, end);
        *more = ccl_cli_stream_byte(s, *at) == ',';
        if (!*more) {
            return !s->fatal;
        }
        *at = ccl_cli_stream_skip_space(s, *at + 1);
    }
    return !s->fatal;
}

/// Grows the room of a batch to room items and their records (of record_size bytes).
static bool ccl_cli_batch_room(ccl_cli_batch_item **items, char **records, size_t room,
                               size_t record_size) {
    ccl_cli_batch_item *more_items = realloc(*items, room * sizeof **items);
    if (more_items != NULL) {
        *items = more_items;
    }
    char *more_records = realloc(*records, room * record_size);
    if (more_records != NULL) {
        *records = more_records;
    }
    return more_items != NULL && more_records != NULL;
}

/// Reads the items of an array from *at in batches while they are plain, handing their records
/// to item_take in order. *at then lies at the item where the one-by-one walk goes on (*more), or
/// where the array should close.
static bool ccl_cli_stream_batches(ccl_cli_stream *s, size_t *at, bool *more) {
    ccl_cli_batch_item *items = NULL;
    char *records = NULL;
    bool ok = true, odd = false;
    int count = 0, plain = 0, room = 0;
    while (ok && plain == count && *more && !odd) {
        if (count == room && room < CCL_CLI_BATCH_ITEMS) { /* a short array takes little room */
            room = room == 0 ? CCL_CLI_BATCH_FIRST : 2 * room;
            ok = ccl_cli_batch_room(&items, &records, (size_t)room, s->events->record_size);
        }
        ok = ok && ccl_cli_batch_skim(s, at, items, room, &count, more, &odd);
        plain = ok ? ccl_cli_batch_read_all(s, items, records, count) : 0;
        for (int k = 0; ok && k < plain; k++) {
            ok =
                s->events->item_take(s->events->user, records + (size_t)k * s->events->record_size);
        }
        if (ok && plain < count) { /* that item goes the one-by-one way, from its start */
            *at = items[plain].start;
            s->at = *at;
            s->pos = items[plain].pos;
            *more = true;
        }
    }
    free(items);
    free(records);
    return ok || (!s->fatal && ccl_cli_stream_fatal(s, "cannot read: out of memory"));
}

bool ccl_cli_stream_batched(ccl_cli_stream *s, size_t *offset) {
    size_t at = *offset;
    if (!ccl_cli_stream_open(s, &at, s->events->array)) {
        return false;
    }
    bool more = ccl_cli_stream_byte(s, at) != ']';
    if (more && !ccl_cli_stream_batches(s, &at, &more)) {
        return false;
    }
    while (more) {
        if (!ccl_cli_stream_item(s, &at)) {
            return false;
        }
        more = ccl_cli_stream_next(s, &at);
    }
    return ccl_cli_stream_close(s, offset, at, ']', 2);
}
