/* Private: the look-ahead that fetches what the next events will read into the cache. */
#ifndef CIRCOL_WORLD_PREFETCH_H
#define CIRCOL_WORLD_PREFETCH_H

#include "world/world.h"

/// Steps the queue's look-ahead and starts fetching, in stages a step apart, what the events of
/// the next bucket will read. Only hints: nothing here changes an event.
void ccl_world_fetch_ahead(ccl_world *w);

#endif
