/* The former name of core/exact.h and narrow/narrow.h, for the sources that still include it. */
#ifndef CIRCOL_SHIM_QUADRATIC_H
#define CIRCOL_SHIM_QUADRATIC_H

#include "core/exact.h"
#include "narrow/narrow.h"

#endif
