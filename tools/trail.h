/* circol CLI: the paths circles take, kept as polylines for pictures. */
#ifndef CIRCOL_CLI_TRAIL_H
#define CIRCOL_CLI_TRAIL_H

#include <stdbool.h>

#include <circol/math.h>

/// One circle's path. A point with x NaN breaks the line (a jump across a periodic edge).
typedef struct ccl_cli_trail {
    ccl_vec2 *points; ///< In time order.
    int count;        ///< Points stored.
    int capacity;     ///< Points allocated.
    int mark;         ///< The first point of the last stretch (see ccl_cli_trails_mark).
} ccl_cli_trail;

/// The paths of a set of circles. Only every stride-th circle is followed, to bound the size.
typedef struct ccl_cli_trails {
    ccl_cli_trail *trails; ///< One per circle; untraced circles have none.
    int circle_count;      ///< Circles covered.
    int stride;            ///< Circle i is traced when i % stride == 0.
    double min_step;       ///< A point closer than this to the last one is dropped (length).
    ccl_vec2 period;       ///< Periodic box size (0 for walls): jumps over half of it break.
    int max_points;        ///< Points per trail at most; later ones are dropped.
    bool out_of_memory;    ///< Set when a point could not be stored.
} ccl_cli_trails;

/// Sets up trails for circle_count circles, following at most max_traced of them. False when
/// out of memory.
bool ccl_cli_trails_init(ccl_cli_trails *trails, int circle_count, int max_traced, double min_step,
                         ccl_vec2 period);

/// Whether circle i is followed.
bool ccl_cli_trails_traced(const ccl_cli_trails *trails, int circle);

/// Appends position p of circle i (ignored when not followed). force keeps p even when it is
/// within min_step of the last point.
void ccl_cli_trails_add(ccl_cli_trails *trails, int circle, ccl_vec2 p, bool force);

/// Marks where the last stretch of every trail starts: at its last point so far.
void ccl_cli_trails_mark(ccl_cli_trails *trails);

/// Frees the trails. A zeroed struct is allowed.
void ccl_cli_trails_free(ccl_cli_trails *trails);

#endif
