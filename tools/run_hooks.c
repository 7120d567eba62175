/* circol CLI: what the world of `circol run` calls back: the collisions for the trace and the
 * trails, and its log messages. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <circol/circol.h>

#include "report.h"
#include "run_internal.h"

/// Events per advance call at most, so Ctrl-C and the progress bar respond quickly.
#define CCL_CLI_EVENTS_PER_CALL 50000

/// Scene index of a world circle id, or -1.
static int ccl_cli_run_index(const ccl_cli_run *run, ccl_circle_id id) {
    return id.index < run->slot_count ? run->index_of_slot[id.index] : -1;
}

/// Names a contact kind in the trace.
static const char *ccl_cli_run_kind_name(ccl_contact_kind kind) {
    switch (kind) {
        case CCL_CONTACT_CIRCLE:
            return "circle";
        case CCL_CONTACT_SEGMENT:
            return "segment";
        case CCL_CONTACT_POINT:
            return "point";
        case CCL_CONTACT_BOX:
            return "box";
        case CCL_CONTACT_SENSOR_BEGIN:
            return "sensor_begin";
        case CCL_CONTACT_SENSOR_END:
            return "sensor_end";
    }
    return "unknown";
}

/// Appends circle id's position now (at a collision) to its trail.
static void ccl_cli_run_trail_at_contact(ccl_cli_run *run, ccl_circle_id id) {
    int index = ccl_cli_run_index(run, id);
    if (index < 0 || !ccl_cli_trails_traced(&run->trails, index)) {
        return;
    }
    ccl_circle_state state;
    if (ccl_world_get_circle(run->world, id, &state) == CCL_OK) {
        ccl_cli_trails_add(&run->trails, index, state.position, false);
    }
}

/// Writes one trace line for event. Returns false on a write error.
static bool ccl_cli_run_write_trace_line(ccl_cli_run *run, const ccl_contact_event *event) {
    char values[6][32];
    const double numbers[6] = {event->time,     event->point.x,  event->point.y,
                               event->normal.x, event->normal.y, event->impulse};
    for (int k = 0; k < 6; k++) {
        ccl_cli_format_number(numbers[k], values[k]);
    }
    bool with_circle = event->kind == CCL_CONTACT_CIRCLE;
    errno = 0;
    int written =
        fprintf(run->trace, "%s,%s,%d,%d,%d,%s,%s,%s,%s,%s\n", values[0],
                ccl_cli_run_kind_name(event->kind), ccl_cli_run_index(run, event->a),
                with_circle ? ccl_cli_run_index(run, event->b) : -1, with_circle ? -1 : event->wall,
                values[1], values[2], values[3], values[4], values[5]);
    if (written < 0 && run->trace_errno == 0) {
        run->trace_errno = errno != 0 ? errno : EIO;
    }
    return written >= 0;
}

void ccl_cli_run_write_trace(ccl_cli_run *run) {
    for (size_t k = 0; k < run->pending_count && !run->trace_failed; k++) {
        run->trace_failed = !ccl_cli_run_write_trace_line(run, &run->pending[k]);
    }
    run->pending_count = 0;
}

/// Holds event for the trace, written once the advance call returns, so that the time of the
/// simulation does not include the writing. Written at once when there is no room.
static void ccl_cli_run_hold_for_trace(ccl_cli_run *run, const ccl_contact_event *event) {
    if (run->pending_count == run->pending_capacity) {
        size_t capacity = run->pending_capacity ? 2 * run->pending_capacity : 1024;
        ccl_contact_event *grown = realloc(run->pending, capacity * sizeof *grown);
        if (grown == NULL) {
            ccl_cli_run_write_trace(run);
            run->trace_failed = run->trace_failed || !ccl_cli_run_write_trace_line(run, event);
            return;
        }
        run->pending = grown;
        run->pending_capacity = capacity;
    }
    run->pending[run->pending_count++] = *event;
}

/// The contact callback: the event for the trace, and trail vertices at the bounce.
static void ccl_cli_run_on_contact(const ccl_contact_event *event, void *user) {
    ccl_cli_run *run = user;
    if (run->trace != NULL && !run->trace_failed) {
        ccl_cli_run_hold_for_trace(run, event);
    }
    if (run->tracing_trails) {
        ccl_cli_run_trail_at_contact(run, event->a);
        if (event->kind == CCL_CONTACT_CIRCLE) {
            ccl_cli_run_trail_at_contact(run, event->b);
        }
    }
}

/// Whether message (without its "circol: " prefix) is one the library logs in normal operation,
/// to inform: the collapse guard at work, a wedged circle put to rest. Any other is a warning.
static bool ccl_cli_run_log_is_note(const char *message) {
    static const char *const notes[] = {"collapse guard engaged",
                                        "a circle wedged under gravity was put to rest"};
    for (size_t k = 0; k < sizeof notes / sizeof notes[0]; k++) {
        if (strncmp(message, notes[k], strlen(notes[k])) == 0) {
            return true;
        }
    }
    return false;
}

/// The world's log messages, on standard error: notes for normal operation, else warnings.
static void ccl_cli_run_log(const char *message, void *user) {
    ccl_cli_run *run = user;
    if (strncmp(message, "circol: ", 8) == 0) {
        message += 8;
    }
    ccl_cli_progress_finish(&run->progress); /* off the progress bar's line */
    fprintf(stderr, "circol: %s: %s\n", ccl_cli_run_log_is_note(message) ? "note" : "warning",
            message);
}

ccl_world_def ccl_cli_run_world_def(ccl_cli_run *run) {
    ccl_world_def def = ccl_world_default_def();
    def.max_events_per_advance = CCL_CLI_EVENTS_PER_CALL;
    def.on_contact = ccl_cli_run_on_contact;
    def.contact_user = run;
    def.log = ccl_cli_run_log;
    def.log_user = run;
    return def;
}
