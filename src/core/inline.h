/* Where the library overrides the compiler's own choice of what to inline. */
#ifndef CIRCOL_CORE_INLINE_H
#define CIRCOL_CORE_INLINE_H

#if defined(__GNUC__)
#define CCL_ALWAYS_INLINE __attribute__((always_inline)) inline
#define CCL_NOINLINE      __attribute__((noinline))
#else
#define CCL_ALWAYS_INLINE inline
#define CCL_NOINLINE
#endif

#endif
