/* Private: exp, expm1 and log1p that give the same bits on every platform (elementary.c). */
#ifndef CIRCOL_ELEMENTARY_H
#define CIRCOL_ELEMENTARY_H

/// e^x; within 1 ulp (tests/test_elementary_oracle.c); 0 below -745.2, infinity above 709.8.
double ccl_exp(double x);

/// e^x - 1, accurate also for tiny |x|; within 2 ulp.
double ccl_expm1(double x);

/// log(1 + x), accurate also for tiny |x|; within 1.5 ulp. NaN below -1, -infinity at -1.
double ccl_log1p(double x);

#endif
