/* The CLI's JSON numbers: every finite double prints in at most 17 significant digits and reads
 * back as the same double, in the shortest of 15, 16 or 17 digits, exactly as printf's %.15g,
 * %.16g or %.17g would print it; non-finite ones print null. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_main.h"
#include "lattice.h"
#include "report.h"

/// A double from 64 random bits (any finite value, subnormals included), or a retry.
static double random_double(uint64_t *state) {
    for (;;) {
        uint64_t bits = ccl_cli_random_next(state);
        double value;
        memcpy(&value, &bits, sizeof value);
        if (isfinite(value)) {
            return value;
        }
    }
}

/// Significant digits in a %g-style number.
static int significant_digits(const char *text) {
    int digits = 0;
    bool leading = true;
    for (const char *c = text; *c && *c != 'e'; c++) {
        if (*c >= '0' && *c <= '9') {
            if (*c != '0') {
                leading = false;
            }
            digits += !leading;
        }
    }
    return digits;
}

static void every_finite_double_reads_back_exactly(void **state) {
    (void)state;
    uint64_t random = 5;
    char buffer[32];
    for (int k = 0; k < 200000; k++) {
        double value = k % 2 ? random_double(&random)
                             : (double)(int64_t)(ccl_cli_random_next(&random) % 2000001) / 1000.0;
        ccl_cli_format_number(value, buffer);
        double back = strtod(buffer, NULL);
        if (memcmp(&back, &value, sizeof value) != 0) {
            fail_msg("%.17g printed as %s reads back as %.17g", value, buffer, back);
        }
        if (significant_digits(buffer) > 17) {
            fail_msg("%s has more than 17 digits", buffer);
        }
        /* shortest: one digit fewer (when at least 15) does not read back */
        int digits = significant_digits(buffer);
        if (digits > 15) {
            char shorter[400];
            snprintf(shorter, sizeof shorter, "%.*g", digits - 1, value);
            if (strtod(shorter, NULL) == value) {
                fail_msg("%s is not the shortest: %s", buffer, shorter);
            }
        }
    }
}

/// The definition ccl_cli_format_number keeps: the shortest of printf's %.15g, %.16g and %.17g
/// that reads back as value.
static void format_by_definition(double value, char *buffer) {
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buffer, 32, "%.*g", digits, value);
        if (strtod(buffer, NULL) == value) {
            return;
        }
    }
}

/// Fails unless value prints as its definition says (non-finite values are not numbers here).
static void expect_definition(double value) {
    if (!isfinite(value)) {
        return;
    }
    char got[32], want[32];
    ccl_cli_format_number(value, got);
    format_by_definition(value, want);
    if (strcmp(got, want) != 0) {
        fail_msg("%a printed as %s, by definition %s", value, got, want);
    }
}

static void numbers_print_exactly_as_their_definition(void **state) {
    (void)state;
    uint64_t random = 11;
    for (int k = 0; k < 300000; k++) { /* any bit pattern, subnormals included */
        expect_definition(random_double(&random));
    }
    for (int k = 0; k < 300000; k++) { /* what a trace holds: times, coordinates, normals */
        double u = (double)(ccl_cli_random_next(&random) >> 11) * 0x1p-53;
        double scale = ldexp(1.0, (int)(ccl_cli_random_next(&random) % 40) - 20);
        expect_definition(k % 3 == 0 ? cos(6.283185307179586 * u) : (u - 0.25) * scale);
    }
    for (int k = 0; k < 200000; k++) { /* short decimals, and their neighbours */
        int64_t integer = (int64_t)(ccl_cli_random_next(&random) % 20000001) - 10000000;
        int power = (int)(ccl_cli_random_next(&random) % 61) - 30;
        double value = (double)integer * pow(10.0, power);
        expect_definition(value);
        expect_definition(nextafter(value, INFINITY));
        expect_definition(nextafter(value, -INFINITY));
    }
    for (int e = -1074; e <= 1023; e++) { /* powers of two and their neighbours */
        double value = ldexp(1.0, e);
        expect_definition(value);
        expect_definition(-nextafter(value, 0.0));
        expect_definition(nextafter(value, INFINITY));
    }
    for (int e = -323; e <= 308; e++) { /* powers of ten, halfway cases and carries */
        double value = pow(10.0, e);
        expect_definition(value);
        expect_definition(nextafter(value, 0.0));
        expect_definition(9.9999999999999995 * value);
        expect_definition(1.0000000000000005 * value);
        expect_definition(1.000000000000005 * value);
        expect_definition(9.999999999999995 * value);
    }
    const double special[] = {0.0,
                              -0.0,
                              DBL_MIN,
                              -DBL_MAX,
                              DBL_MAX,
                              4.9e-324,
                              1e15,
                              1e16,
                              1e17,
                              123456789012345678.0,
                              0.0001,
                              0.00001,
                              9.5e-5,
                              0.5,
                              1.5,
                              2.5e22,
                              9007199254740993.0,
                              9007199254740992.0,
                              1e22,
                              1e23};
    for (size_t k = 0; k < sizeof special / sizeof special[0]; k++) {
        expect_definition(special[k]);
    }
}

static void familiar_numbers_print_plainly(void **state) {
    (void)state;
    char buffer[32];
    const struct {
        double value;
        const char *text;
    } cases[] = {{0.1, "0.1"},
                 {1.0, "1"},
                 {-2.5, "-2.5"},
                 {1e300, "1e+300"},
                 {-0.0, "-0"},
                 {123456789.0, "123456789"},
                 {DBL_MAX, "1.7976931348623157e+308"},
                 {0.1 + 0.2, "0.30000000000000004"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        ccl_cli_format_number(cases[k].value, buffer);
        assert_string_equal(buffer, cases[k].text);
    }
    ccl_cli_format_number(NAN, buffer);
    assert_string_equal(buffer, "null");
    ccl_cli_format_number(-INFINITY, buffer);
    assert_string_equal(buffer, "null");
}

static void json_objects_carry_the_exact_numbers(void **state) {
    (void)state;
    cJSON *object = cJSON_CreateObject();
    assert_non_null(object);
    assert_true(ccl_cli_json_add_number(object, "third", 1.0 / 3.0));
    assert_true(ccl_cli_json_add_vec2(object, "v", ccl_v2(0.1 + 0.2, -1e-310)));
    char *text = cJSON_PrintUnformatted(object);
    assert_non_null(text);
    cJSON *back = cJSON_Parse(text);
    assert_non_null(back);
    assert_true(cJSON_GetObjectItem(back, "third")->valuedouble == 1.0 / 3.0);
    cJSON *v = cJSON_GetObjectItem(back, "v");
    assert_true(cJSON_GetArrayItem(v, 0)->valuedouble == 0.1 + 0.2);
    assert_true(cJSON_GetArrayItem(v, 1)->valuedouble == -1e-310);
    cJSON_Delete(back);
    cJSON_free(text);
    cJSON_Delete(object);
}

CCL_TEST_MAIN(cmocka_unit_test(every_finite_double_reads_back_exactly),
              cmocka_unit_test(numbers_print_exactly_as_their_definition),
              cmocka_unit_test(familiar_numbers_print_plainly),
              cmocka_unit_test(json_objects_carry_the_exact_numbers))
