/* Tables of test cases: one test function serves every entry of a table, and each entry is listed
 * in CCL_TEST_MAIN under a name of its own, so a failure still names the case that failed. */
#ifndef CIRCOL_TESTS_SUPPORT_ORACLE_CASES_H
#define CIRCOL_TESTS_SUPPORT_ORACLE_CASES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

/// A cmocka test entry named name that runs fn with *state set to entry (a pointer to one row of
/// the table fn walks), with neither a set-up nor a tear-down.
#define CCL_TEST_ENTRY(name, fn, entry)                                                            \
    { #name, fn, NULL, NULL, (void *)(entry) }

#endif
