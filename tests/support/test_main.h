/* The main of a test program: every test program runs its cmocka tests as one group, in the order
 * listed, and returns the number that failed, which CTest reads as the exit status. */
#ifndef CIRCOL_TESTS_SUPPORT_TEST_MAIN_H
#define CIRCOL_TESTS_SUPPORT_TEST_MAIN_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

/// Defines main, running the tests given (cmocka_unit_test entries) as one group with neither a
/// group set-up nor a tear-down.
#define CCL_TEST_MAIN(...)                                                                         \
    int main(void) {                                                                               \
        const struct CMUnitTest tests[] = {__VA_ARGS__};                                           \
        return cmocka_run_group_tests(tests, NULL, NULL);                                          \
    }

#endif
