/* Prediction: a sphere's next event, the earliest of leaving its cell, meeting a wall (a walled
 * box, from a cell by its edge) and meeting a neighbour in the 27 cells around it. The neighbour
 * scan works in two passes like the 2D world's: the walk over the cells writes each neighbour's
 * relative motion side by side, then a branch-free loop (vectorised) computes every entry time
 * with the scalar arithmetic of narrow/straight.h, and the first smallest in walking order wins. */
#include "core/inline.h"
#include "core/vec3.h"
#include "narrow/straight.h"
#include "world3d/growth3d.h"
#include "world3d/world3d.h"

/// Neighbours gathered before their entry times are computed (a multiple of 4).
#define CCL_SCAN3_BLOCK 64
/// Room for the block and the padding to a multiple of 4.
#define CCL_SCAN3_ROOM (CCL_SCAN3_BLOCK + 3)

/* Neighbours' relative motion, side by side, and their entry times. */
typedef struct ccl_scan3 {
    double dpx[CCL_SCAN3_ROOM], dpy[CCL_SCAN3_ROOM], dpz[CCL_SCAN3_ROOM];
    double dvx[CCL_SCAN3_ROOM], dvy[CCL_SCAN3_ROOM], dvz[CCL_SCAN3_ROOM];
    double reach[CCL_SCAN3_ROOM], u[CCL_SCAN3_ROOM];
    int32_t who[CCL_SCAN3_BLOCK];
    int count;
} ccl_scan3;

/* The best event so far: its time from now (u), kind and partner. */
typedef struct ccl_candidate3 {
    double u;
    int32_t partner;
    uint8_t kind;
} ccl_candidate3;

static inline void ccl_consider3(ccl_candidate3 *best, double u, uint8_t kind, int32_t partner) {
    if (u < best->u) {
        best->u = u;
        best->kind = kind;
        best->partner = partner;
    }
}

/* The entry times of the first n gathered neighbours (n a multiple of 4) from the squares'
 * discriminant, |dv x dp|^2 summed over three components (with z = 0 it is the 2D scan's
 * cross^2); a time the squares cannot give (not ccl_squares_safe) is -1, which
 * ccl_scan3_settle computes again. */
CCL_SCAN_KERNEL
static void ccl_scan3_entries(ccl_scan3 *s, int n) {
    for (int j = 0; j < n; ++j) {
        double dpx = s->dpx[j], dpy = s->dpy[j], dpz = s->dpz[j];
        double dvx = s->dvx[j], dvy = s->dvy[j], dvz = s->dvz[j], R = s->reach[j];
        double b = (dvx * dpx + dvy * dpy) + dvz * dpz;
        double c = ((dpx * dpx + dpy * dpy) + dpz * dpz) - R * R;
        double kx = dvy * dpz - dvz * dpy, ky = dvz * dpx - dvx * dpz, kz = dvx * dpy - dvy * dpx;
        double kk = (kz * kz + kx * kx) + ky * ky;
        double aRR = ((dvx * dvx + dvy * dvy) + dvz * dvz) * (R * R);
        double u = ccl_straight_root_squares(b, c, aRR, kk);
        u = ccl_squares_safe(aRR) ? u : -1.0;
        u = c <= 0.0 ? 0.0 : u;
        s->u[j] = b < 0.0 ? u : INFINITY;
    }
}

/* Computes again, with the factored discriminant, each time the squares left at -1. */
static void ccl_scan3_settle(ccl_scan3 *s) {
    for (int j = 0; j < s->count; ++j) {
        if (!(s->u[j] < 0.0)) {
            continue;
        }
        ccl_vec3 dp = ccl_v3(s->dpx[j], s->dpy[j], s->dpz[j]);
        ccl_vec3 dv = ccl_v3(s->dvx[j], s->dvy[j], s->dvz[j]);
        double b = (dv.x * dp.x + dv.y * dp.y) + dv.z * dp.z;
        double c = ccl_length_sq3(dp) - s->reach[j] * s->reach[j];
        double k = ccl_length3(ccl_cross3(dv, dp));
        double u = ccl_straight_root_factored(b, c, ccl_length_sq3(dv), k, s->reach[j]);
        s->u[j] = c <= 0.0 ? 0.0 : u;
    }
}

/* The entry times of the gathered neighbours while the radii grow: each reach (the sum of the
 * radii at the epoch) grown to the present, growing at its relative rate. */
static void ccl_scan3_growing(const ccl_world3d *w, ccl_scan3 *s) {
    double factor = ccl_growing_factor(&w->growth, w->time), relative = w->growth.relative;
    for (int j = 0; j < s->count; ++j) {
        ccl_vec3 dp = ccl_v3(s->dpx[j], s->dpy[j], s->dpz[j]);
        ccl_vec3 dv = ccl_v3(s->dvx[j], s->dvy[j], s->dvz[j]);
        s->u[j] =
            ccl_growing_entry3(dp, dv, s->reach[j] * factor, s->reach[j] * relative, INFINITY);
    }
}

/* Computes the gathered neighbours' times and keeps the first smallest in best; a meeting at
 * once with `exclude` is passed over. Empties the block. */
static void ccl_scan3_pick(const ccl_world3d *w, ccl_scan3 *s, int32_t exclude,
                           ccl_candidate3 *best) {
    int n = s->count;
    /* up to the next multiple of 4: three entries at rest and apart (no entry), written out, since
     * a loop to the multiple became seven calls to memset */
    double *pad[7] = {s->dpx + n, s->dpy + n, s->dpz + n,  s->dvx + n,
                      s->dvy + n, s->dvz + n, s->reach + n};
    for (int a = 0; a < 7; ++a) {
        pad[a][0] = 0.0;
        pad[a][1] = 0.0;
        pad[a][2] = 0.0;
    }
    if (ccl_world3d_growing(w)) {
        ccl_scan3_growing(w, s); /* never -1: nothing for the settling below */
    } else {
        ccl_scan3_entries(s, (n + 3) & ~3);
    }
    double least = best->u;
    int at = -1;
    for (int j = 0; j < n; ++j) {
        bool better = s->u[j] < least;
        least = better ? s->u[j] : least;
        at = better ? j : at;
    }
    if (least < 0.0 || (exclude >= 0 && at >= 0)) {
        ccl_scan3_settle(s);
        least = best->u;
        at = -1;
        for (int j = 0; j < n; ++j) {
            bool at_once = s->who[j] == exclude && !(w->time + s->u[j] > w->time);
            if (s->u[j] < least && !at_once) {
                least = s->u[j];
                at = j;
            }
        }
    }
    if (at >= 0) {
        ccl_consider3(best, least, CCL_EVENT3_SPHERE, s->who[at]);
    }
    s->count = 0;
}

/* The neighbours found by a walk over the cells, whose slots are being fetched. */
typedef struct ccl_found3 {
    int32_t who[CCL_SCAN3_BLOCK];
    uint8_t cell[CCL_SCAN3_BLOCK]; ///< which of the walk's cells (for its periodic shift)
    int count;
} ccl_found3;

/* Gathers the found neighbours' motion relative to sphere i (at p) side by side, and picks among
 * them. */
static void ccl_predict3_found(const ccl_world3d *w, int32_t i, ccl_vec3 p, int32_t exclude,
                               const ccl_found3 *f, const ccl_vec3 *shifts, ccl_candidate3 *best) {
    ccl_scan3 s;
    ccl_vec3 v = w->slots[i].velocity;
    double r = w->slots[i].radius, now = w->time;
    int n = f->count;
    for (int j = 0; j < n; ++j) {
        const ccl_sphere_slot *o = &w->slots[f->who[j]];
        ccl_vec3 shift = shifts[f->cell[j]];
        double tau = now - o->time;
        s.dpx[j] = (o->position.x + o->velocity.x * tau + shift.x) - p.x;
        s.dpy[j] = (o->position.y + o->velocity.y * tau + shift.y) - p.y;
        s.dpz[j] = (o->position.z + o->velocity.z * tau + shift.z) - p.z;
        s.dvx[j] = o->velocity.x - v.x;
        s.dvy[j] = o->velocity.y - v.y;
        s.dvz[j] = o->velocity.z - v.z;
        s.reach[j] = r + o->radius;
        s.who[j] = f->who[j];
    }
    s.count = n;
    ccl_scan3_pick(w, &s, exclude, best);
}

/* The earliest meeting of sphere i (at p now) with a neighbour, before best->u. The walk over the
 * cells' lists first only collects the neighbours and starts fetching their slots, so that the
 * slots' cache misses overlap instead of each waiting behind the list's next link. */
static void ccl_predict3_neighbours(const ccl_world3d *w, int32_t i, ccl_vec3 p, int32_t exclude,
                                    ccl_candidate3 *best) {
    const ccl_grid3 *g = &w->grid;
    bool fixed = w->links[i].immovable;
    int32_t cells[27];
    ccl_vec3 room[27];
    int count;
    const ccl_vec3 *shifts = ccl_grid3_neighbours(g, w->links[i].link.cell, cells, room, &count);
    /* the heads first, the empty cells (about a third) dropped without a branch; in a world too
     * large for the cache each list's first link is fetched before the walk, so that the lists'
     * first misses overlap instead of coming one after another */
    int32_t first[27];
    uint8_t which[27];
    int full = 0;
    for (int m = 0; m < count; ++m) {
        first[full] = g->head[cells[m]];
        which[full] = (uint8_t)m;
        full += first[full] >= 0;
    }
    if (w->memory.bytes >= w->fetch_bytes) {
        for (int c = 0; c < full; ++c) {
            __builtin_prefetch(&w->links[first[c]]);
        }
    }
    ccl_found3 f;
    f.count = 0;
    for (int c = 0; c < full; ++c) {
        for (int32_t k = first[c]; k >= 0; k = w->links[k].link.next) {
            if (f.count == CCL_SCAN3_BLOCK) {
                ccl_predict3_found(w, i, p, exclude, &f, shifts, best);
                f.count = 0;
            }
            __builtin_prefetch(&w->slots[k]);
            f.who[f.count] = k;
            f.cell[f.count] = which[c];
            /* the sphere itself, and a fixed one's fixed neighbours, are written and not counted */
            f.count += k != i && !(fixed && w->links[k].immovable);
        }
    }
    ccl_predict3_found(w, i, p, exclude, &f, shifts, best);
}

/* The time to leave the cell along one axis (low edge lo of a cell of width cell, coordinate c)
 * and, in a walled box from a cell by its edge, to meet the wall: both into best. */
static void ccl_predict3_axis(const ccl_world3d *w, int axis, int32_t c, double x, double v,
                              double r, ccl_candidate3 *best) {
    const ccl_grid3 *g = &w->grid;
    if (v == 0.0) {
        return;
    }
    double lo = axis == 0 ? g->min.x : (axis == 1 ? g->min.y : g->min.z);
    double hi = axis == 0 ? g->max.x : (axis == 1 ? g->max.y : g->max.z);
    bool up = v > 0.0;
    if (!g->periodic && (up ? c == g->n[axis] - 1 : c == 0)) {
        /* by the wall: the wall comes before the box's edge (which is no cell face to cross) */
        double t = ((up ? hi - r : lo + r) - x) / v;
        ccl_consider3(best, t > 0.0 ? t : 0.0, CCL_EVENT3_WALL, 2 * axis + up);
        return;
    }
    double edge = lo + (double)(c + (up ? 1 : 0)) * g->cell[axis];
    double t = (edge - x) / v;
    ccl_consider3(best, t > 0.0 ? t : 0.0, CCL_EVENT3_CELL, 2 * axis + up);
}

void ccl_world3d_predict(ccl_world3d *w, int32_t i, int32_t exclude) {
    const ccl_sphere_slot *s = &w->slots[i];
    ccl_vec3 p = ccl_sphere_position_at(w, i, w->time);
    ccl_candidate3 best = {INFINITY, -1, CCL_EVENT3_NONE};
    int32_t home[3];
    double r = s->radius;
    if (ccl_world3d_growing(w)) {
        r *= ccl_growing_factor(&w->growth, w->time);
        if (!w->grid.periodic && !w->links[i].immovable) { /* before the straight walls */
            int wall = -1;
            ccl_growth3_walls(w, p, s->velocity, r, s->radius * w->growth.relative, &best.u, &wall);
            best.kind = wall >= 0 ? CCL_EVENT3_WALL : best.kind;
            best.partner = wall >= 0 ? wall : best.partner;
        }
    }
    ccl_grid3_split(&w->grid, w->links[i].link.cell, home);
    ccl_predict3_axis(w, 0, home[0], p.x, s->velocity.x, r, &best);
    ccl_predict3_axis(w, 1, home[1], p.y, s->velocity.y, r, &best);
    ccl_predict3_axis(w, 2, home[2], p.z, s->velocity.z, r, &best);
    /* an entry after the cell exit cannot be the next event: the exit bounds the scan */
    ccl_predict3_neighbours(w, i, p, exclude, &best);
    w->links[i].event_kind = best.kind;
    w->cold[i].event_partner = best.partner;
    w->cold[i].event_partner_course =
        best.kind == CCL_EVENT3_SPHERE ? w->links[best.partner].course : 0u;
    double when = w->time + best.u;
    ccl_queue_update(&w->queue, i, best.kind == CCL_EVENT3_NONE ? (double)INFINITY : when);
}
