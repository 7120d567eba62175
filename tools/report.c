/* circol CLI: output helpers. */
#include "report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void ccl_cli_format_number(double value, char *buffer) {
    if (!isfinite(value)) {
        strcpy(buffer, "null");
        return;
    }
    /* cJSON's own printer accepts 15 digits that read back only approximately: not enough */
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buffer, 32, "%.*g", digits, value);
        if (strtod(buffer, NULL) == value) {
            return;
        }
    }
}

cJSON *ccl_cli_json_number(double value) {
    char buffer[32];
    ccl_cli_format_number(value, buffer);
    return cJSON_CreateRaw(buffer);
}

bool ccl_cli_json_add_number(cJSON *object, const char *name, double value) {
    cJSON *item = ccl_cli_json_number(value);
    return item != NULL && cJSON_AddItemToObject(object, name, item);
}

bool ccl_cli_json_add_vec2(cJSON *object, const char *name, ccl_vec2 v) {
    cJSON *array = cJSON_CreateArray();
    if (array == NULL || !cJSON_AddItemToObject(object, name, array)) {
        cJSON_Delete(array);
        return false;
    }
    cJSON *x = ccl_cli_json_number(v.x), *y = ccl_cli_json_number(v.y);
    if (x == NULL || y == NULL) {
        cJSON_Delete(x);
        cJSON_Delete(y);
        return false;
    }
    bool ok = cJSON_AddItemToArray(array, x);
    ok = cJSON_AddItemToArray(array, y) && ok;
    return ok;
}

bool ccl_cli_json_print(cJSON *object) {
    char *text = object != NULL ? cJSON_Print(object) : NULL;
    cJSON_Delete(object);
    if (text == NULL) {
        fputs("circol: out of memory writing JSON\n", stderr);
        return false;
    }
    bool ok = fputs(text, stdout) >= 0 && fputc('\n', stdout) != EOF;
    ok = ccl_cli_flush_stdout() && ok;
    cJSON_free(text);
    return ok;
}

/// errno of the first failed write on standard output, 0 while none failed. A later flush may
/// succeed (the C library drops the data it could not write), so the reason is kept here.
static int ccl_cli_stdout_errno = 0;

/// Notes reason (an errno value; 0: unknown) as the first write error on standard output.
static void ccl_cli_stdout_failed(int reason) {
    if (ccl_cli_stdout_errno == 0) {
        ccl_cli_stdout_errno = reason != 0 ? reason : EIO;
    }
}

bool ccl_cli_flush_stdout(void) {
    if (ferror(stdout)) { /* a write failed before: its reason is likely still in errno */
        ccl_cli_stdout_failed(errno);
        return false;
    }
    errno = 0;
    if (fflush(stdout) != 0) {
        ccl_cli_stdout_failed(errno);
        return false;
    }
    return true;
}

bool ccl_cli_finish_stdout(void) {
    bool ok = ccl_cli_flush_stdout();
    errno = 0;
    if (fclose(stdout) != 0 && ok) {
        ccl_cli_stdout_failed(errno);
        ok = false;
    }
    if (!ok) {
        fprintf(stderr, "circol: error writing standard output: %s\n",
                strerror(ccl_cli_stdout_errno));
    }
    return ok;
}

FILE *ccl_cli_open_output(const char *path, const char *option) {
    FILE *file = fopen(path, "w");
    if (file == NULL) {
        fprintf(stderr, "circol: %s: cannot write '%s': %s\n", option, path, strerror(errno));
    }
    return file;
}

bool ccl_cli_close_output(FILE *file, const char *path) {
    bool ok = !ferror(file);
    ok = fclose(file) == 0 && ok;
    if (!ok) {
        fprintf(stderr, "circol: error writing '%s'\n", path);
    }
    return ok;
}

bool ccl_cli_is_same_file(const char *path, const char *other) {
    struct stat a, b;
    if (path == NULL || stat(path, &a) != 0 || !S_ISREG(a.st_mode)) {
        return false;
    }
    if (other == NULL ? fstat(STDIN_FILENO, &b) != 0 : stat(other, &b) != 0) {
        return false;
    }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}
