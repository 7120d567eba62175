/* The former name of core/inline.h, for the sources that still include it. */
#ifndef CIRCOL_SHIM_INLINE_H
#define CIRCOL_SHIM_INLINE_H

#include "core/inline.h"

#endif
