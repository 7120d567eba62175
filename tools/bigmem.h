/* circol CLI: memory for large tables, backed by huge pages where the system offers them. */
#ifndef CIRCOL_CLI_BIGMEM_H
#define CIRCOL_CLI_BIGMEM_H

#include <stddef.h>

#include <circol/base.h>

/// Asks the system to back the whole 2 MiB pages inside [ptr, ptr + bytes) with huge pages
/// (transparent huge pages, where the kernel offers them on request): a table of millions of
/// items then takes one page fault per 2 MiB instead of one per 4 KiB as it is first filled.
/// Does nothing for blocks under 4 MiB or where the system has no such pages.
void ccl_cli_advise_huge(void *ptr, size_t bytes);

/// Grows the block ptr (NULL for none) to bytes, as realloc does, advising the block so that its
/// new part is mapped in huge pages as it is filled. NULL on failure, ptr then kept.
void *ccl_cli_big_grow(void *ptr, size_t bytes);

/// An allocator for worlds that may grow large: malloc's, with ccl_cli_advise_huge on each block,
/// whose pages a thread of their own then maps (a world's tables are sized for what it holds, so
/// this maps nothing that stays unused).
ccl_allocator ccl_cli_big_allocator(void);

#endif
