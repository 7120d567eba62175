/* Tables of test cases: one test function serves every row of a table, and each row is listed in
 * CCL_TEST_MAIN under the name it carries, so a failure still names the case that failed. */
#ifndef CIRCOL_TESTS_SUPPORT_ORACLE_CASES_H
#define CIRCOL_TESTS_SUPPORT_ORACLE_CASES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

/// A cmocka test entry for row, a pointer to one row of a table that fn walks: named by the row's
/// name member, run with *state set to row, with neither a set-up nor a tear-down.
#define CCL_TEST_ROW(fn, row)                                                                      \
    { (row)->name, fn, NULL, NULL, (void *)(row) }

#endif
