/* circol_bench: the figures and notes a run records, and the JSON file that holds them. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "bench.h"

typedef struct bench_row {
    char scene[32];
    char metric[96];
    char unit[32];
    double value;
} bench_row;

typedef struct bench_text {
    char scene[32];
    char text[1000];
} bench_text;

static bench_row *rows;
static size_t row_count, row_capacity;
static bench_text *notes;
static size_t note_count, note_capacity;

static void copy_text(char *dst, size_t size, const char *src) {
    snprintf(dst, size, "%s", src);
}

/* items (count of them, each size bytes, room for *capacity) with room for one more: the room
 * doubles, from first; out of memory ends the run. */
static void *grow(void *items, size_t size, size_t count, size_t *capacity, size_t first) {
    if (count < *capacity) {
        return items;
    }
    size_t room = *capacity ? 2 * *capacity : first;
    void *grown = realloc(items, room * size);
    if (grown == NULL) {
        fprintf(stderr, "circol_bench: out of memory\n");
        exit(1);
    }
    *capacity = room;
    return grown;
}

void bench_record(const char *scene, const char *metric, double value, const char *unit) {
    rows = grow(rows, sizeof *rows, row_count, &row_capacity, 64);
    bench_row *r = &rows[row_count++];
    copy_text(r->scene, sizeof r->scene, scene);
    copy_text(r->metric, sizeof r->metric, metric);
    copy_text(r->unit, sizeof r->unit, unit);
    r->value = value;
    printf("  %-14s %-58s %14.6g %s\n", scene, metric, value, unit);
    fflush(stdout);
}

bool bench_value(const char *scene, const char *metric, double *value) {
    for (size_t i = 0; i < row_count; ++i) {
        if (strcmp(rows[i].scene, scene) == 0 && strcmp(rows[i].metric, metric) == 0) {
            *value = rows[i].value;
            return true;
        }
    }
    return false;
}

void bench_note(const char *scene, const char *text) {
    notes = grow(notes, sizeof *notes, note_count, &note_capacity, 16);
    copy_text(notes[note_count].scene, sizeof notes[note_count].scene, scene);
    copy_text(notes[note_count].text, sizeof notes[note_count].text, text);
    ++note_count;
}

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; ++s) {
        if (*s == '"' || *s == '\\') {
            fputc('\\', f);
            fputc(*s, f);
        } else if ((unsigned char)*s < 0x20) {
            fprintf(f, "\\u%04x", (unsigned)*s);
        } else {
            fputc(*s, f);
        }
    }
    fputc('"', f);
}

/* The text before a member's value (its key and what comes before), then the value, a string. */
static void json_member(FILE *f, const char *lead, const char *value) {
    fputs(lead, f);
    json_string(f, value);
}

static void json_number(FILE *f, double v) {
    if (isfinite(v)) {
        fprintf(f, "%.17g", v);
    } else {
        fputs("null", f);
    }
}

int bench_write_json(const char *path, int repeat, const char *clock, const char *command_line) {
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "circol_bench: cannot write %s\n", path);
        return 1;
    }
    struct utsname u;
    uname(&u);
    fputs("{\n  \"machine\": ", f);
    char machine[512];
    snprintf(machine, sizeof machine, "%s %s %s", u.sysname, u.release, u.machine);
    json_string(f, machine);
    fputs(",\n  \"command\": ", f);
    json_string(f, command_line);
    fprintf(f, ",\n  \"clock\": \"%s\"", clock);
    fprintf(f, ",\n  \"repeat\": %d,\n  \"results\": [\n", repeat);
    for (size_t i = 0; i < row_count; ++i) {
        json_member(f, "    {\"scene\": ", rows[i].scene);
        json_member(f, ", \"metric\": ", rows[i].metric);
        fputs(", \"value\": ", f);
        json_number(f, rows[i].value);
        json_member(f, ", \"unit\": ", rows[i].unit);
        fputs(i + 1 < row_count ? "},\n" : "}\n", f);
    }
    fputs("  ],\n  \"notes\": [\n", f);
    for (size_t i = 0; i < note_count; ++i) {
        json_member(f, "    {\"scene\": ", notes[i].scene);
        json_member(f, ", \"text\": ", notes[i].text);
        fputs(i + 1 < note_count ? "},\n" : "}\n", f);
    }
    fputs("  ]\n}\n", f);
    return fclose(f) == 0 ? 0 : 1;
}

void bench_print_notes(void) {
    for (size_t i = 0; i < note_count; ++i) {
        printf("note [%s] %s\n", notes[i].scene, notes[i].text);
    }
}

void bench_results_free(void) {
    free(rows);
    free(notes);
    rows = NULL;
    notes = NULL;
    row_count = row_capacity = note_count = note_capacity = 0;
}
