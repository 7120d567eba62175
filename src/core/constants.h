/* Every tuning constant of the library, one line each: what it is, its unit, and what changing it
 * risks. A constant that is part of the public contract lives in include/circol/ instead. */
#ifndef CIRCOL_CORE_CONSTANTS_H
#define CIRCOL_CORE_CONSTANTS_H

/* ---- narrow phase and response ---------------------------------------------------------- */

/* Powers of two are exact scalings: a threshold below moves work between a direct path and a
 * rescaled one, which give the same answer to rounding; moving one can change last bits. */

/// Magnitudes computed directly (else scaled near 1 first); above, squares of 4 terms overflow.
#define CCL_SAFE_HIGH 0x1p200
/// The lower end of the direct range (or exactly 0); below, squares of 4 terms underflow.
#define CCL_SAFE_LOW 0x1p-200
/// Inputs from here up are quartered first so that differences stay finite; lower overflows.
#define CCL_HUGE 0x1p1021
/// Squares compared directly from here up; lower, underflowed squares call every pair touching.
#define CCL_SQUARE_LOW 0x1p-960
/// Below this a product may have lost bits to underflow: the slow path decides; lower errs.
#define CCL_UNDERFLOW_NEAR 0x1p-900
/// Offsets from here up are taken at a quarter of the size (static tests); higher overflows.
#define CCL_OFFSET_QUARTER 0x1p1000
/// Closest points on a segment from here up at a quarter of the size; higher overflows.
#define CCL_SEGMENT_QUARTER 0x1p1020
/// Contact distances apart (unitless) from which every product of the cross is exact; higher
/// lets the cheaper cross product's 2^-100 error reach an ulp of |dv| R (from about 2^50).
#define CCL_FAR_APART 0x1p40
/// ccl_segment_cross suits offsets with components in [this, CCL_CROSS_FIT_HIGH]; lower
/// loses the exact products' errors to underflow.
#define CCL_CROSS_FIT_LOW 0x1p-400
/// The upper end of ccl_segment_cross's range; higher overflows its exact products.
#define CCL_CROSS_FIT_HIGH 0x1p500
/// Contact distances (length) below which a hit's normal comes from dp + dv t, not the
/// discriminant's parts, whose 1 / (|dv|^2 R) could overflow.
#define CCL_ENTRY_NORMAL_MIN_R 0x1p-500
/// The first look's relative error bound per quantity (unitless); lower gives wrong misses,
/// higher sends more pairs to the full test.
#define CCL_FIRST_LOOK_RELATIVE 0x1p-40
/// The first look's absolute error bound, for products lost to underflow; lower gives wrong
/// misses of subnormal pairs.
#define CCL_FIRST_LOOK_ABSOLUTE 0x1p-1000
/// Pairs per block of the batch (count); a block's results must stay in L1 for the fix-ups.
#define CCL_BATCH_BLOCK 256
/// Most Newton or bisection steps of one accelerated root (count); lower can stop short.
#define CCL_ACCEL_MAX_STEPS 200
/// Ulps either side of a converged accelerated root that are probed; lower can miss the sign
/// change, higher widens the bracket.
#define CCL_ACCEL_PROBE_ULPS 4.0
/// Relative slack of the accelerated horizon (unitless); lower can cut off a last root.
#define CCL_ACCEL_HORIZON_SLACK 0x1p-20
/// A drop of the accelerated gap beyond this part of its size is no rounding noise (unitless);
/// higher skips real entries on flat pieces, lower takes noise for an entry.
#define CCL_ACCEL_GAP_NOISE 0x1p-40
/// The response's fallback size, a part of the velocities (unitless, exact): where an
/// intermediate overflows at full size, none can at this one; 1/2 is not enough.
#define CCL_RESPONSE_SMALL 0.125

/* ---- broad phase and world -------------------------------------------------------------- */

/* grid (broad/grid.c) */
/// Relative widening of a cell past one diameter, so that rounding of positions near cell edges
/// can never hide a contact with a circle two cells away. Smaller risks missed contacts.
#define CCL_CELL_MARGIN 1e-9
/// Growing radii (world/growth.c): the grid is rebuilt for circles this much larger (relative)
/// than the largest now, and again once it outgrows them. Lower rebuilds more often (each O(N));
/// higher makes cells wider than they need be (more neighbours per scan). No event changes.
#define CCL_GROWTH_HEADROOM 0.125
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

/* world: time, rest and sleep (src/world/) */
/// Times are re-based (the present made the origin) after this many events per circle (plus
/// 1024), so that local times stay near zero. Higher lets times grow and lose bits.
#define CCL_REBASE_EVENTS_PER_CIRCLE 4
/// Automatic rest speed under gravity: bounces lower than this fraction of the radius rest.
/// Higher stops bounces that should still be seen; lower lets piles chatter longer.
#define CCL_REST_HEIGHT_FRACTION 1e-4
/// ...and, for radii far below the box, bounces lower than this fraction of the box's largest
/// coordinate, which positions barely resolve (about 500 units in the last place there). Lower
/// risks bounces below the positions' resolution, which never end.
#define CCL_REST_HEIGHT_OF_BOX 0x1p-44
/// Obstacles up to which a circle added while the obstacle tables are out of date looks at each
/// of them rather than have the tables built. Only speed: higher makes such adds slower.
#define CCL_OBSTACLES_SCANNED 64
/// Collisions in a row, each within CCL_JAM_WINDOW collapse times of the last, after which a
/// circle under gravity counts as wedged and is stopped. Lower stops circles that would have
/// got free; higher lets wedged circles collide longer at one instant.
#define CCL_JAM_COLLISIONS 16
/// The gap between collisions, in collapse times, that counts as "in a row" for a wedge.
#define CCL_JAM_WINDOW 1e-6
/// A circle counts as supported by a wall, an obstacle, or a fixed (immovable or sleeping)
/// circle at most this fraction of its radius away. Higher lets circles sleep off their supports.
#define CCL_SLEEP_GAP 1e-3
/// A circle in a pocket falls asleep after a collision with another circle that leaves it slower
/// than this many rest speeds (after a wall bounce, one rest speed). Higher freezes moving piles.
#define CCL_SLEEP_FACTOR 8.0
/// A sleeping circle pushed down slower than this many rest speeds, or down into its supports,
/// stays asleep and takes the hit as if immovable; any other hit wakes it. Higher makes sleeping
/// piles stiffer than they are.
#define CCL_WAKE_FACTOR 8.0
/// The wedge rule puts a circle held among movable circles to sleep only when its velocity across
/// gravity that no wall, obstacle or immovable circle takes up is below this many rest speeds
/// (the momentum across gravity such a stop may take). Higher lets a stop take more momentum.
#define CCL_SLEEP_SLIDE 1.0
/// Under gravity the collapse guard makes elastic only approaches slower than this many rest
/// speeds, so that a pile cools to where sleeping takes over. Higher keeps piles from cooling.
#define CCL_GUARD_REST_SPEEDS 2.0
/// Sleeping circles woken by one wake-up still to scan for the circles they hold up; past this
/// every sleeping circle wakes (correct, slower). Higher costs stack space.
#define CCL_WAKE_STACK 512
/// Most fixed supports recorded around one circle (more are ignored: a pocket may then look
/// unsupported and the circle stay awake).
#define CCL_POCKET_MAX 16
/// Most slow moving partners recorded around one circle (more are ignored).
#define CCL_PARTNER_MAX 8
/// Most slow moving circles that may fall asleep together, each held by the others.
#define CCL_GROUP_MAX 16

/* world: the look-ahead that prefetches what the next events read (src/world/prefetch.c); only
 * speed: no event depends on them */
/// From this much world memory on (more than a third-level cache holds) the look-ahead steps
/// twice an event and fetches the first circle of each cell around what it stepped to. A build
/// may set it, to test that stage in small worlds.
#ifndef CCL_FETCH_CELLS_BYTES
#define CCL_FETCH_CELLS_BYTES ((size_t)48 << 20)
#endif
/// How far that stage reaches, in cells each way (2: the 5 x 5 cells).
#define CCL_FETCH_REACH 2

/* world: prediction (src/world/predict*.c) */
/// Smallest a R^2 for which an entry time is taken from the difference of two squares (else the
/// factored form). Higher only costs speed; lower risks squares that lose bits to underflow.
#define CCL_SQUARES_LOW 0x1p-900
/// Neighbours whose entry times are computed together in one vectorised block. Only speed.
#define CCL_SCAN_BLOCK 32
/// Most evaluations one root of a contact under gravity with damping takes
/// (src/world/predict_gravity_damped.c): the bisections of the bit patterns end within 64 halvings
/// and a Newton step comes at most between two of them, so this is never reached; it only bounds
/// the loop against a function that is not what it should be.
#define CCL_MIXED_MAX_STEPS 200

#endif
