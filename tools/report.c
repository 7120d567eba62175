/* circol CLI: output helpers. */
#include "report.h"

#include <errno.h>
#include <float.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json_locate.h"

const char *ccl_cli_plural(double count, const char *one, const char *many) {
    return count == 1.0 ? one : many;
}

/// Digits of a decimal form: a nonzero first digit, count digits in all, the first digit's
/// power of ten.
typedef struct ccl_cli_decimal {
    char digits[18];
    int count;
    int exponent;
} ccl_cli_decimal;

/// Reads the digits and exponent of printf's `%.*e` output (text without its sign).
static void ccl_cli_decimal_read(const char *text, ccl_cli_decimal *d) {
    d->count = 0;
    for (; *text != 'e'; text++) {
        if (*text != '.') {
            d->digits[d->count++] = *text;
        }
    }
    d->digits[d->count] = '\0';
    d->exponent = atoi(text + 1);
}

/// Rounds the 17 correctly rounded digits in d17 to count digits into out, the same as rounding
/// the exact value, or returns false where only the exact value can tell: when the digits
/// dropped are a 5 followed by zeros (the exact value may lie on either side of the halfway
/// point). Any other dropped digits put the exact value on their side of it.
static bool ccl_cli_decimal_round(const ccl_cli_decimal *d17, int count, ccl_cli_decimal *out) {
    *out = *d17;
    out->count = count;
    out->digits[count] = '\0';
    const char *dropped = d17->digits + count;
    bool rest_zero = strspn(dropped + 1, "0") == strlen(dropped + 1);
    if (dropped[0] == '5' && rest_zero) {
        return false;
    }
    if (dropped[0] < '5') {
        return true;
    }
    int k = count - 1;
    while (k >= 0 && out->digits[k] == '9') {
        out->digits[k--] = '0';
    }
    if (k >= 0) {
        out->digits[k]++;
    } else { /* 99...9 became 100...0 */
        out->digits[0] = '1';
        out->exponent++;
    }
    return true;
}

/// Whether the decimal d reads back as magnitude, decided by Clinger's fast path where it
/// applies (digits below 2^53 and a power of ten up to 22: one correctly rounded operation on
/// exact operands gives the same double as strtod); *decided false where it does not.
static bool ccl_cli_decimal_reads_back(const ccl_cli_decimal *d, double magnitude, bool *decided) {
    static const double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                    1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    *decided = false;
#if FLT_EVAL_METHOD == 0
    uint64_t mantissa = 0;
    for (int k = 0; k < d->count; k++) {
        mantissa = 10 * mantissa + (uint64_t)(d->digits[k] - '0');
    }
    int scale = d->exponent - (d->count - 1);
    if (mantissa > (UINT64_C(1) << 53) || scale < -22 || scale > 22) {
        return false;
    }
    *decided = true;
    double back = scale >= 0 ? (double)mantissa * powers[scale] : (double)mantissa / powers[-scale];
    return back == magnitude;
#else
    (void)d, (void)magnitude, (void)powers;
    return false;
#endif
}

/// Writes d as printf's `%.*g` does with precision d->count: plain notation when the exponent is
/// from -4 to below the precision, else d.ddde+XX; trailing zeros of the fraction removed.
static void ccl_cli_decimal_write(const ccl_cli_decimal *d, bool negative, char *buffer) {
    char *out = buffer;
    if (negative) {
        *out++ = '-';
    }
    int last = d->count - 1; /* the last digit to write: trailing zeros go */
    while (last > 0 && d->digits[last] == '0') {
        last--;
    }
    int x = d->exponent;
    if (x >= -4 && x < d->count) {
        if (x < 0) {
            *out++ = '0';
            *out++ = '.';
            for (int k = 0; k < -x - 1; k++) {
                *out++ = '0';
            }
            for (int k = 0; k <= last; k++) {
                *out++ = d->digits[k];
            }
        } else {
            for (int k = 0; k <= x; k++) {
                *out++ = d->digits[k];
            }
            if (last > x) {
                *out++ = '.';
                for (int k = x + 1; k <= last; k++) {
                    *out++ = d->digits[k];
                }
            }
        }
        *out = '\0';
        return;
    }
    *out++ = d->digits[0];
    if (last > 0) {
        *out++ = '.';
        for (int k = 1; k <= last; k++) {
            *out++ = d->digits[k];
        }
    }
    *out++ = 'e';
    *out++ = x < 0 ? '-' : '+';
    int power = x < 0 ? -x : x; /* at most 324 */
    if (power >= 100) {
        *out++ = (char)('0' + power / 100);
    }
    *out++ = (char)('0' + power / 10 % 10);
    *out++ = (char)('0' + power % 10);
    *out = '\0';
}

/// The reference: the shortest of %.15g, %.16g and %.17g that reads back as value.
static void ccl_cli_format_number_by_printf(double value, char *buffer) {
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buffer, 32, "%.*g", digits, value);
        if (strtod(buffer, NULL) == value) {
            return;
        }
    }
}

void ccl_cli_format_number(double value, char *buffer) {
    if (!isfinite(value)) {
        strcpy(buffer, "null");
        return;
    }
    /* cJSON's own printer accepts 15 digits that read back only approximately: not enough. The
     * printf route (ccl_cli_format_number_by_printf) takes up to three conversions each way; this
     * one converts once to 17 digits, rounds those to 15 and 16 where that is exact, and checks
     * the reading back by arithmetic where that is exact, for the very same text. */
    if (value == 0.0) {
        ccl_cli_format_number_by_printf(value, buffer);
        return;
    }
    char text[40];
    snprintf(text, sizeof text, "%.16e", value);
    bool negative = text[0] == '-';
    double magnitude = fabs(value);
    ccl_cli_decimal d17;
    ccl_cli_decimal_read(text + negative, &d17);
    for (int count = 15; count <= 16; count++) {
        ccl_cli_decimal d;
        if (!ccl_cli_decimal_round(&d17, count, &d)) {
            snprintf(text, sizeof text, "%.*e", count - 1, magnitude);
            ccl_cli_decimal_read(text, &d);
        }
        bool decided;
        bool reads_back = ccl_cli_decimal_reads_back(&d, magnitude, &decided);
        ccl_cli_decimal_write(&d, negative, buffer);
        if (!decided) {
            reads_back = strtod(buffer, NULL) == value;
        }
        if (reads_back) {
            return;
        }
    }
    ccl_cli_decimal_write(&d17, negative, buffer);
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
        int reason = errno;
        char name[256];
        ccl_cli_escape_for_message(path, strlen(path), name, sizeof name);
        fprintf(stderr, "circol: %s: cannot write '%s': %s\n", option, name, strerror(reason));
    }
    return file;
}

bool ccl_cli_close_output(FILE *file, const char *path, const char *option, int earlier) {
    int reason = earlier;
    bool failed = ferror(file) != 0 || earlier != 0;
    errno = 0;
    if (fflush(file) != 0) {
        failed = true;
        reason = reason != 0 ? reason : errno;
    }
    errno = 0;
    if (fclose(file) != 0) {
        failed = true;
        reason = reason != 0 ? reason : errno;
    }
    if (failed) {
        char name[256];
        ccl_cli_escape_for_message(path, strlen(path), name, sizeof name);
        fprintf(stderr, "circol: %s: error writing '%s': %s\n", option, name,
                reason != 0 ? strerror(reason) : "a write failed");
    }
    return !failed;
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

int ccl_cli_gas_built(const char *command, ccl_status status) {
    if (status != CCL_OK) {
        fprintf(stderr, "circol %s: the library refused the gas: %s\n", command,
                ccl_status_string(status));
        return CCL_CLI_EXIT_SIMULATION;
    }
    return CCL_CLI_EXIT_OK;
}

int ccl_cli_exit_status(bool ok, bool interrupted) {
    if (!ok) {
        return CCL_CLI_EXIT_SIMULATION;
    }
    if (interrupted) {
        fputs("circol: interrupted\n", stderr);
        return CCL_CLI_EXIT_INTERRUPTED;
    }
    return CCL_CLI_EXIT_OK;
}

bool ccl_cli_probe_output(const char *path, const char *option) {
    if (path == NULL) {
        return true;
    }
    FILE *file = ccl_cli_open_output(path, option);
    if (file == NULL) {
        return false;
    }
    fclose(file);
    return true;
}

cJSON *ccl_cli_json_numbers(const char *const *names, const double *values, size_t count) {
    cJSON *object = cJSON_CreateObject();
    for (size_t k = 0; object != NULL && k < count; k++) {
        if (!ccl_cli_json_add_number(object, names[k], values[k])) {
            cJSON_Delete(object);
            object = NULL;
        }
    }
    return object;
}
