/* The former name of core/elementary.h, for the sources that still include it. */
#ifndef CIRCOL_SHIM_ELEMENTARY_H
#define CIRCOL_SHIM_ELEMENTARY_H

#include "core/elementary.h"

#endif
