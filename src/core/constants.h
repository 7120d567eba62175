/* Every tuning constant of the library, one line each: what it is, its unit, and what changing it
 * risks. A constant that is part of the public contract lives in include/circol/ instead. */
#ifndef CIRCOL_CORE_CONSTANTS_H
#define CIRCOL_CORE_CONSTANTS_H

/* ---- narrow phase and response ---------------------------------------------------------- */

/* ---- broad phase and world -------------------------------------------------------------- */

/* grid (broad/grid.c) */
/// Relative widening of a cell past one diameter, so that rounding of positions near cell edges
/// can never hide a contact with a circle two cells away. Smaller risks missed contacts.
#define CCL_CELL_MARGIN 1e-9
/// Most cells of a grid (about two per circle below it): bounds memory for sparse worlds. Lower
/// makes cells of crowded worlds hold more circles (slower scans); no event changes.
#define CCL_MAX_CELLS (1 << 24)
/// Most cells along one axis. Lower makes long thin boxes scan more circles per cell.
#define CCL_MAX_CELLS_PER_AXIS 16384.0
/// Most (cell, obstacle) entries in the obstacle tables (1 GiB of them, well inside int32_t):
/// past it adding an obstacle is refused. Higher risks overflowing the tables' int32 offsets.
#define CCL_MAX_OBSTACLE_ITEMS (1 << 28)
/// Cells narrower than this fraction of the box's largest coordinate are not trusted to keep
/// walls away from inner cells, nor to list every nearby obstacle (rounding could move a position
/// by half a cell). Larger makes more cells test walls and obstacles one by one (slower).
#define CCL_CELL_RESOLUTION 0x1p-30

/* event queue (broad/queue.c); none changes the order of events, only the speed */
/// Circles per bucket the width aims at (twice as many in a wide queue). Higher makes longer
/// fronts to sort; lower, more empty buckets to walk.
#define CCL_QUEUE_OCCUPANCY 6.0
/// The front stays a sorted array up to this many circles and becomes a binary heap past it.
/// Higher makes insertions into a long front slower; lower makes short fronts pay for a heap.
#define CCL_QUEUE_SORTED_LIMIT 16
/// A front larger than this asks for a rebuild (the width is far too wide, or still unknown).
/// Lower rebuilds more often.
#define CCL_QUEUE_FRONT_LIMIT 64
/// Fewest buckets in use (and allocated), a power of two.
#define CCL_QUEUE_MIN_BUCKETS 4
/// Bucket positions and numbers stay below this, where doubles and int64 agree exactly. Higher
/// risks positions that round, and so circles filed in the wrong bucket.
#define CCL_QUEUE_MAX_POSITION 0x1p50
/// Fewest front entries a width calibration looks at. Lower makes the width follow noise.
#define CCL_QUEUE_CALIBRATION_ENTRIES 32

#endif
