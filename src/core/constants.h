/* Every tuning constant of the library, one line each: what it is, its unit, and what changing it
 * risks. A constant that is part of the public contract lives in include/circol/ instead. */
#ifndef CIRCOL_CORE_CONSTANTS_H
#define CIRCOL_CORE_CONSTANTS_H

/* ---- narrow phase and response ---------------------------------------------------------- */

/* ---- broad phase and world -------------------------------------------------------------- */

#endif
