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

/* A neighbour scan's entry-time kernel. On x86-64 Linux an AVX-512 (x86-64-v4) and an AVX2
 * version of it are built too and the best one the processor runs is chosen at load time: the same
 * correctly rounded operations, no contraction, so the same bits. CMakeLists.txt compiles the
 * files that use it without errno for sqrt and without trapping floating-point exceptions, so
 * that the loop has no branch and vectorises, and asks for vectors of four doubles: a scan has
 * few neighbours (about six in 2D), which four lanes (and AVX-512's masks) suit better than
 * eight. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) &&       \
    !defined(__SANITIZE_ADDRESS__) && !defined(CCL_NO_TARGET_CLONES)
#if __GNUC__ >= 12 /* "arch=x86-64-v4" as a clone target is GCC 12 and later */
#define CCL_SCAN_KERNEL __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define CCL_SCAN_KERNEL __attribute__((target_clones("avx2", "default")))
#endif
#else
#define CCL_SCAN_KERNEL
#endif

#endif
