/* The checkpoint sections of versions 2 and 3 (world/checkpoint.h): growing radii (GROW), the game
 * kit's kinematic and sensor flags, filters and touches (GAME), and the ids of removable segments
 * and points (OBID), and (version 3) the energy ledger (LDGR). The counts the world keeps of them
 * (narrow filters, sensors, whether pairs are checked) follow from what is saved and are computed
 * again at the load.
 */
#include <stdlib.h>
#include <string.h>

#include "circol/game.h"
#include "world/checkpoint.h"
#include "world/filter.h"
#include "world/growth.h"
#include "world/motion.h"
#include "world/world.h"

/* The bytes of the three sections' contents. */
static uint64_t ccl_growth_bytes(void) {
    return 48;
}

static uint64_t ccl_game_bytes(const ccl_world *w) {
    return 12 + (uint64_t)w->slot_count + 8 * (uint64_t)w->filter_capacity +
           8 * (uint64_t)w->touch_count;
}

static uint64_t ccl_ids_bytes(const ccl_world *w) {
    uint64_t segments = w->segment_ids.ids != NULL ? (uint64_t)w->obstacles.segment_count : 0;
    uint64_t points = w->point_ids.ids != NULL ? (uint64_t)w->obstacles.point_count : 0;
    return 16 + 4 * (segments + points);
}

/* The ledger's seven energies, two momentum components and three counts. */
#define CCL_LEDGER_BYTES (9 * 8 + 3 * 8)

uint64_t ccl_saved_kit_length(const ccl_world *w) {
    return 4 * CCL_CHECKPOINT_SECTION_HEAD + ccl_growth_bytes() + ccl_game_bytes(w) +
           ccl_ids_bytes(w) + CCL_LEDGER_BYTES;
}

/* One table of obstacle ids: whether it is kept, the next id, the id of each one stored. */
static void ccl_save_ids(ccl_saver *s, const ccl_obstacle_ids *t, int32_t count) {
    ccl_saver_u32(s, t->ids != NULL);
    ccl_saver_i32(s, t->next);
    for (int32_t k = 0; t->ids != NULL && k < count; ++k) {
        ccl_saver_i32(s, t->ids[k]);
    }
}

void ccl_save_kit(ccl_saver *s, const ccl_world *w) {
    const ccl_growth *g = &w->growth;
    const double numbers[5] = {g->rate, g->start, g->epoch, g->relative, g->until};
    ccl_saver_section(s, CCL_SECTION_GROWTH, ccl_growth_bytes());
    ccl_saver_f64s(s, numbers, 5);
    ccl_saver_u64(s, g->regrids);

    ccl_saver_section(s, CCL_SECTION_GAME, ccl_game_bytes(w));
    ccl_saver_i32(s, w->slot_count);
    for (int32_t i = 0; i < w->slot_count; ++i) {
        const ccl_body_slot *b = &w->bodies[i];
        unsigned char flags = (unsigned char)(b->kinematic | b->sensor << 1);
        ccl_saver_bytes(s, &flags, 1);
    }
    ccl_saver_i32(s, w->filter_capacity);
    for (int32_t i = 0; i < w->filter_capacity; ++i) {
        ccl_saver_u32(s, w->filters[i].category);
        ccl_saver_u32(s, w->filters[i].mask);
    }
    ccl_saver_i32(s, w->touch_count);
    for (int32_t m = 0; m < w->touch_count; ++m) {
        ccl_saver_i32(s, w->touches[m].sensor);
        ccl_saver_i32(s, w->touches[m].other);
    }

    ccl_saver_section(s, CCL_SECTION_OBSTACLE_IDS, ccl_ids_bytes(w));
    ccl_save_ids(s, &w->segment_ids, w->obstacles.segment_count);
    ccl_save_ids(s, &w->point_ids, w->obstacles.point_count);

    const ccl_world_ledger *e = &w->ledger;
    ccl_saver_section(s, CCL_SECTION_LEDGER, CCL_LEDGER_BYTES);
    const double energies[9] = {e->collision_loss, e->wall_loss,        e->guard_kept,
                                e->push_added,     e->rest_taken,       e->wedge_taken,
                                e->sleep_taken,    e->momentum_taken.x, e->momentum_taken.y};
    const uint64_t stops[3] = {e->rest_stops, e->wedge_stops, e->sleeps};
    ccl_saver_f64s(s, energies, 9);
    ccl_saver_u64s(s, stops, 3);
}

/* The energy ledger: statistics only, any finite numbers. */
static bool ccl_load_ledger(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    ccl_world_ledger *e = &w->ledger;
    double *energies[9] = {&e->collision_loss, &e->wall_loss,        &e->guard_kept,
                           &e->push_added,     &e->rest_taken,       &e->wedge_taken,
                           &e->sleep_taken,    &e->momentum_taken.x, &e->momentum_taken.y};
    uint64_t *stops[3] = {&e->rest_stops, &e->wedge_stops, &e->sleeps};
    ccl_reader_f64s(r, energies, 9);
    ccl_reader_u64s(r, stops, 3);
    bool finite = true;
    for (int k = 0; k < 9; ++k) {
        finite = finite && isfinite(*energies[k]);
    }
    return ccl_section_done(l, r, "the ledger section has the wrong length") &&
           ccl_loading_require(l, finite, "the ledger section holds a number that is not finite");
}

/* The growth state; its numbers are ones set_growth_rate and the advances can leave. */
static bool ccl_load_growth(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    ccl_growth *g = &w->growth;
    double *numbers[5] = {&g->rate, &g->start, &g->epoch, &g->relative, &g->until};
    ccl_reader_f64s(r, numbers, 5);
    g->regrids = ccl_reader_u64(r);
    /* relative = rate / (1 + rate t) for the time t grown, so 0 < relative <= rate */
    bool sane = g->rate >= 0.0 && isfinite(g->rate) && isfinite(g->start) && isfinite(g->epoch) &&
                g->relative >= 0.0 && g->relative <= g->rate && !isnan(g->until) &&
                (g->rate == 0.0 || g->relative > 0.0);
    return ccl_section_done(l, r, "the growth section has the wrong length") &&
           ccl_loading_require(l, sane, "the growth section holds an impossible value");
}

/* Each slot's kinematic and sensor flags; the sensors are counted. */
static bool ccl_load_kinds(ccl_reader *r, ccl_world *w) {
    if (ccl_reader_i32(r) != w->slot_count) {
        return false;
    }
    w->sensor_count = 0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        ccl_body_slot *b = &w->bodies[i];
        unsigned flags = ccl_reader_u8(r);
        b->kinematic = flags & 1u;
        b->sensor = (flags >> 1) & 1u;
        /* a removed circle keeps its kinematic flag (unused) but no longer is a sensor */
        if (flags > 3u || (b->alive && b->kinematic && !b->immovable) || (!b->alive && b->sensor)) {
            return false;
        }
        w->sensor_count += b->sensor;
    }
    return !r->short_read;
}

/* The filters of the first filter_capacity slots; those of slots without a circle are the
 * default (a removed circle's is reset). The narrow ones are counted. */
static ccl_status ccl_load_filters(ccl_reader *r, ccl_world *w, bool *sane) {
    int32_t capacity = ccl_reader_i32(r);
    *sane = capacity >= 0 && capacity <= w->slot_capacity &&
            (uint64_t)(r->end - r->at) >= 8 * (uint64_t)capacity;
    if (!*sane || capacity == 0) {
        return CCL_OK;
    }
    w->filters = ccl_memory_alloc(&w->memory, (size_t)capacity * sizeof(ccl_filter));
    if (w->filters == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    w->filter_capacity = capacity;
    w->narrow_filters = 0;
    for (int32_t i = 0; i < capacity; ++i) {
        ccl_filter f;
        f.category = ccl_reader_u32(r);
        f.mask = ccl_reader_u32(r);
        w->filters[i] = f;
        bool is_default = f.category == CCL_FILTER_DEFAULT_CATEGORY && f.mask == CCL_FILTER_ALL;
        if (!is_default && (i >= w->slot_count || !w->bodies[i].alive)) {
            *sane = false;
        }
        w->narrow_filters += ccl_filter_narrow(f);
    }
    return CCL_OK;
}

static int ccl_touch_order(const void *a, const void *b) {
    const ccl_sensor_touch *x = a, *y = b;
    if (x->sensor != y->sensor) {
        return x->sensor < y->sensor ? -1 : 1;
    }
    return x->other < y->other ? -1 : x->other > y->other;
}

/* Whether touch t is one a world can have: a live sensor and a live circle that is not
 * one, whose filters let them meet. */
static bool ccl_touch_sane(const ccl_world *w, ccl_sensor_touch t) {
    int32_t n = w->slot_count;
    if (t.sensor < 0 || t.sensor >= n || t.other < 0 || t.other >= n) {
        return false;
    }
    const ccl_body_slot *s = &w->bodies[t.sensor], *o = &w->bodies[t.other];
    return s->alive && s->sensor && o->alive && !o->sensor && ccl_filter_pass(w, t.sensor, t.other);
}

/* The touches going on: each sane, none listed twice. */
static ccl_status ccl_load_touches(ccl_reader *r, ccl_world *w, bool *sane) {
    int32_t count = ccl_reader_i32(r);
    *sane = count >= 0 && (uint64_t)(r->end - r->at) == 8 * (uint64_t)count;
    if (!*sane || count == 0) {
        return CCL_OK;
    }
    size_t bytes = (size_t)count * sizeof(ccl_sensor_touch);
    w->touches = ccl_memory_alloc(&w->memory, bytes);
    if (w->touches == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    w->touch_capacity = (size_t)count;
    ccl_sensor_touch *sorted = ccl_memory_alloc(&w->memory, bytes);
    if (sorted == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    for (int32_t m = 0; m < count; ++m) {
        w->touches[m].sensor = ccl_reader_i32(r);
        w->touches[m].other = ccl_reader_i32(r);
        *sane = *sane && ccl_touch_sane(w, w->touches[m]);
    }
    w->touch_count = count;
    memcpy(sorted, w->touches, bytes);
    qsort(sorted, (size_t)count, sizeof *sorted, ccl_touch_order);
    for (int32_t m = 1; m < count; ++m) {
        *sane = *sane && ccl_touch_order(&sorted[m - 1], &sorted[m]) != 0;
    }
    ccl_memory_free(&w->memory, sorted, bytes);
    return CCL_OK;
}

static bool ccl_load_game(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    bool sane = ccl_load_kinds(r, w);
    if (!sane) {
        l->problem = "the game kit section has impossible circle flags";
        return false;
    }
    l->status = ccl_load_filters(r, w, &sane);
    if (l->status != CCL_OK || !sane) {
        l->problem = "the game kit section has impossible filters";
        return false;
    }
    l->status = ccl_load_touches(r, w, &sane);
    if (l->status != CCL_OK || !sane) {
        l->problem = "the game kit section has an impossible sensor touch";
        return false;
    }
    ccl_world_count_checks(w);
    return true;
}

static int ccl_id_order(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return x < y ? -1 : x > y;
}

/* One table of obstacle ids for count obstacles: kept or not, and its ids distinct and below
 * the next one. *sane false when not. */
static ccl_status ccl_load_ids(ccl_reader *r, ccl_world *w, ccl_obstacle_ids *t, int32_t count,
                               bool *sane) {
    uint32_t kept = ccl_reader_u32(r);
    t->next = ccl_reader_i32(r);
    *sane = kept <= 1 && (kept == 1 ? t->next >= count : t->next == 0) &&
            (kept == 0 || (uint64_t)(r->end - r->at) >= 4 * (uint64_t)count);
    if (!*sane || kept == 0) {
        return CCL_OK;
    }
    size_t capacity = 16;
    while (capacity < (size_t)count) {
        capacity *= 2;
    }
    t->ids = ccl_memory_alloc(&w->memory, capacity * sizeof(int32_t));
    if (t->ids == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    t->capacity = capacity;
    int32_t *sorted = ccl_memory_alloc(&w->memory, capacity * sizeof(int32_t));
    if (sorted == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    for (int32_t k = 0; k < count; ++k) {
        t->ids[k] = ccl_reader_i32(r);
        *sane = *sane && t->ids[k] >= 0 && t->ids[k] < t->next;
        sorted[k] = t->ids[k];
    }
    qsort(sorted, (size_t)count, sizeof *sorted, ccl_id_order);
    for (int32_t k = 1; k < count; ++k) {
        *sane = *sane && sorted[k - 1] != sorted[k];
    }
    ccl_memory_free(&w->memory, sorted, capacity * sizeof(int32_t));
    return CCL_OK;
}

static bool ccl_load_obstacle_ids(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    bool sane = false;
    l->status = ccl_load_ids(r, w, &w->segment_ids, w->obstacles.segment_count, &sane);
    if (l->status == CCL_OK && sane) {
        l->status = ccl_load_ids(r, w, &w->point_ids, w->obstacles.point_count, &sane);
    }
    if (l->status != CCL_OK) {
        return false;
    }
    if (!sane) {
        l->problem = "the obstacle ids section holds impossible ids";
        return false;
    }
    return ccl_section_done(l, r, "the obstacle ids section has the wrong length");
}

/* What the setters refuse, refused in a file too: growth with curved paths, filters, sensors or
 * kinematic circles; sensors under gravity; kinematic circles under damping. */
static const char *ccl_kit_conflict(const ccl_world *w) {
    bool gravity = w->def.gravity.x != 0.0 || w->def.gravity.y != 0.0;
    bool kinematic = false;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        kinematic = kinematic || (w->bodies[i].alive && w->bodies[i].kinematic);
    }
    if (ccl_world_growing(w) && (gravity || w->def.damping > 0.0 || w->pair_checks || kinematic)) {
        return "growing radii with gravity, damping, filters, sensors or kinematic circles";
    }
    if (w->sensor_count > 0 && gravity) {
        return "a sensor under gravity";
    }
    if (kinematic && w->def.damping > 0.0) {
        return "a kinematic circle under damping";
    }
    return NULL;
}

const ccl_section_kind ccl_ledger_section = {CCL_SECTION_LEDGER, "the ledger section is missing",
                                             ccl_load_ledger};

/* The sections of version 2, in the order they are written. */
static const ccl_section_kind ccl_kit_sections[3] = {
    {CCL_SECTION_GROWTH, "the growth section is missing", ccl_load_growth},
    {CCL_SECTION_GAME, "the game kit section is missing", ccl_load_game},
    {CCL_SECTION_OBSTACLE_IDS, "the obstacle ids section is missing", ccl_load_obstacle_ids},
};

bool ccl_load_kit(ccl_loading *l, ccl_world *w) {
    if (!ccl_load_sections_in_order(l, ccl_kit_sections, 3, w)) {
        return false;
    }
    l->problem = ccl_kit_conflict(w);
    if (l->problem != NULL) {
        return false;
    }
    if (ccl_world_growing(w)) {
        w->law = &ccl_motion_growth;
        w->straight = w->law->straight;
    }
    return true;
}
