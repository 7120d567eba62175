/* The former name of narrow/narrow.h, for the sources that still include it. */
#ifndef CIRCOL_SHIM_ACCEL_INTERNAL_H
#define CIRCOL_SHIM_ACCEL_INTERNAL_H

#include "narrow/narrow.h"

#endif
