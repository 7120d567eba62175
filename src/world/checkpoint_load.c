/* Loading a world: the header and checksum first, then each section into a new world, then the
 * consistency of its lists (checkpoint_check.c). */
#include <string.h>

#include "core/constants.h"
#include "world/body.h"
#include "world/checkpoint.h"
#include "world/drift.h"
#include "world/world.h"

static uint64_t ccl_le64(const unsigned char *b) {
    ccl_reader r = {b, b + 8, false};
    return ccl_reader_u64(&r);
}

/* The definition saved, with the caller's hooks. */
static bool ccl_load_def(ccl_loading *l, const ccl_world_def *hooks, ccl_world_def *d) {
    ccl_reader r;
    if (!ccl_open_section(l, CCL_SECTION_DEF, "the world definition is missing", &r)) {
        return false;
    }
    *d = ccl_world_default_def();
    if (hooks != NULL) {
        d->allocator = hooks->allocator;
        d->on_contact = hooks->on_contact;
        d->contact_user = hooks->contact_user;
        d->log = hooks->log;
        d->log_user = hooks->log_user;
        d->record_contacts = hooks->record_contacts;
        d->max_events_per_advance = hooks->max_events_per_advance;
    }
    double *tuning[5] = {&d->damping, &d->restitution, &d->collapse_time, &d->rest_speed,
                         &d->cell_size};
    d->box_min = ccl_reader_vec2(&r);
    d->box_max = ccl_reader_vec2(&r);
    d->boundary = (ccl_boundary)ccl_reader_u32(&r);
    d->gravity = ccl_reader_vec2(&r);
    ccl_reader_f64s(&r, tuning, 5);
    d->overlap = (ccl_overlap_policy)ccl_reader_u32(&r);
    d->separation_speed = ccl_reader_f64(&r);
    d->capacity = ccl_reader_i32(&r);
    d->max_circles = ccl_reader_i32(&r);
    return ccl_section_done(l, &r, "the world definition has the wrong length");
}

static bool ccl_load_clock(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    double *times[3] = {&w->time, &w->time_base, &w->collapse_time};
    uint64_t *counts[4] = {&w->collisions, &w->wall_collisions, &w->events, &w->guard_collisions};
    double *virial_span[2] = {&w->virial, &w->stats_since};
    ccl_reader_f64s(r, times, 3);
    ccl_reader_u64s(r, counts, 4);
    ccl_reader_f64s(r, virial_span, 2);
    w->events_since_rebase = ccl_reader_u64(r);
    uint32_t flags = ccl_reader_u32(r);
    w->repredict_pending = (flags & 1u) != 0;
    w->wedge_logged = (flags & 2u) != 0;
    w->track_images = (flags & 4u) != 0;
    uint32_t refused = ccl_reader_u32(r);
    w->refusal.what = (uint8_t)refused;
    w->refusal.shape.a = ccl_reader_vec2(r);
    w->refusal.shape.b = ccl_reader_vec2(r);
    w->refusal.radius = ccl_reader_f64(r);
    bool sane = isfinite(w->time) && isfinite(w->time_base) && w->collapse_time >= 0.0 &&
                flags <= 7u && (!w->track_images || w->box.periodic) && refused <= 2;
    return ccl_section_done(l, r, "the clock section has the wrong length") &&
           ccl_loading_require(l, sane, "the clock section holds an impossible value");
}

static bool ccl_load_obstacles(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    int32_t segments = ccl_reader_i32(r), points = ccl_reader_i32(r);
    if (segments < 0 || points < 0 || segments > CCL_MAX_OBSTACLES || points > CCL_MAX_OBSTACLES ||
        (uint64_t)(r->end - r->at) != 32 * (uint64_t)segments + 16 * (uint64_t)points) {
        l->problem = "the obstacles section has the wrong length";
        return false;
    }
    for (int32_t k = 0; k < segments + points; ++k) {
        ccl_segment s;
        s.a = ccl_reader_vec2(r);
        s.b = k < segments ? ccl_reader_vec2(r) : s.a;
        int32_t index;
        if (!ccl_vec2_within(s.a, CCL_MAX_LENGTH) || !ccl_vec2_within(s.b, CCL_MAX_LENGTH)) {
            l->problem = "a segment or point lies beyond the largest coordinate";
            return false;
        }
        l->status = ccl_obstacles_push(&w->obstacles, &w->memory, s, k >= segments, &index);
        if (l->status != CCL_OK) {
            return false;
        }
    }
    return true;
}

/* Whether a live slot's numbers are ones the world can work with. */
static bool ccl_slot_sane(const ccl_world *w, const ccl_body_slot *b, const ccl_body_cold *c) {
    if (!b->alive) {
        return true;
    }
    bool numbers = ccl_vec2_is_finite(b->position) && ccl_vec2_within(b->velocity, CCL_MAX_SPEED) &&
                   isfinite(b->time) && b->radius > 0.0 && b->radius <= CCL_MAX_LENGTH &&
                   c->inv_mass >= 0.0 && isfinite(c->inv_mass) && isfinite(c->restitution) &&
                   (b->immovable != 0) == (c->inv_mass == 0.0);
    if (!numbers || b->event_kind > CCL_EVENT_CELL) {
        return false;
    }
    int32_t p = c->event_partner;
    switch (b->event_kind) {
        case CCL_EVENT_CIRCLE:
            return p >= 0 && p < w->slot_count;
        case CCL_EVENT_BOX:
        case CCL_EVENT_CELL:
            return p >= 0 && p < 4;
        case CCL_EVENT_SEGMENT:
        case CCL_EVENT_POINT: {
            bool point = b->event_kind == CCL_EVENT_POINT;
            int32_t count = point ? w->obstacles.point_count : w->obstacles.segment_count;
            return p >= 0 && ccl_obstacle_code_is_point(p) == point &&
                   ccl_obstacle_code_index(p) < count;
        }
        default:
            return true;
    }
}

/* Reads slot i; false when its flags have bits no slot has. */
static bool ccl_load_slot(ccl_reader *r, ccl_world *w, int32_t i) {
    ccl_body_slot *b = &w->bodies[i];
    ccl_body_cold *c = &w->cold[i];
    memset(b, 0, sizeof *b);
    b->position = ccl_reader_vec2(r);
    b->velocity = ccl_reader_vec2(r);
    b->time = ccl_reader_f64(r);
    b->radius = ccl_reader_f64(r);
    b->link.cell = ccl_reader_i32(r);
    b->link.next = ccl_reader_i32(r);
    b->course = ccl_reader_u32(r);
    b->event_kind = ccl_reader_u8(r);
    b->support = ccl_reader_u8(r);
    b->quick_collisions = ccl_reader_u8(r);
    unsigned flags = ccl_reader_u8(r);
    b->alive = flags & 1u;
    b->separating = (flags >> 1) & 1u;
    b->asleep = (flags >> 2) & 1u;
    b->immovable = (flags >> 3) & 1u;
    c->inv_mass = ccl_reader_f64(r);
    c->restitution = ccl_reader_f64(r);
    c->last_collision = ccl_reader_f64(r);
    c->event_partner = ccl_reader_i32(r);
    c->event_partner_course = ccl_reader_u32(r);
    w->generation[i] = ccl_reader_u32(r);
    return flags <= 15u;
}

static bool ccl_load_slots(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    int32_t capacity = ccl_reader_i32(r), count = ccl_reader_i32(r);
    int32_t live = ccl_reader_i32(r), free_head = ccl_reader_i32(r);
    if (count < 0 || live < 0 || live > count || capacity < count ||
        capacity > w->def.max_circles || free_head < -1 || free_head >= count ||
        (uint64_t)(r->end - r->at) != CCL_SLOT_RECORD * (uint64_t)count) {
        l->problem = "the circles section has impossible counts or the wrong length";
        return false;
    }
    if (capacity > 0) {
        l->status = ccl_world_reserve(w, capacity);
        if (l->status != CCL_OK) {
            return false;
        }
    }
    if (w->slot_capacity != capacity) {
        l->problem = "the circles section has an impossible capacity";
        return false;
    }
    w->slot_count = count;
    w->live_count = live;
    w->free_head = free_head;
    for (int32_t i = 0; i < count; ++i) {
        if (!ccl_load_slot(r, w, i) || !ccl_slot_sane(w, &w->bodies[i], &w->cold[i])) {
            l->problem = "a circle holds an impossible value";
            return false;
        }
    }
    return true;
}

static bool ccl_load_images(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    uint32_t present = ccl_reader_u32(r);
    uint64_t wanted = present == 1 ? 16 * (uint64_t)w->slot_count : 0;
    /* a world counting crossings has the array once it has slots (ccl_world_reserve made it) */
    if (present > 1 || present != (w->images != NULL) || (uint64_t)(r->end - r->at) != wanted) {
        l->problem = "the image counts section has the wrong length";
        return false;
    }
    for (int32_t i = 0; present == 1 && i < w->slot_count; ++i) {
        w->images[i].x = ccl_reader_i64(r);
        w->images[i].y = ccl_reader_i64(r);
    }
    return true;
}

static bool ccl_load_overlaps(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    int32_t count = ccl_reader_i32(r);
    if (count < 0 || (uint64_t)(r->end - r->at) != 16 * (uint64_t)count) {
        l->problem = "the overlaps section has the wrong length";
        return false;
    }
    l->status = ccl_world_reserve_overlaps(w, count);
    if (l->status != CCL_OK) {
        return false;
    }
    for (int32_t k = 0; k < count; ++k) {
        ccl_overlap_pair p;
        p.a = ccl_reader_i32(r);
        p.b = ccl_reader_i32(r);
        p.generation_a = ccl_reader_u32(r);
        p.generation_b = ccl_reader_u32(r);
        if (p.a < 0 || p.a >= w->slot_count || p.b < 0 || p.b >= w->slot_count) {
            l->problem = "an overlapping pair names no circle";
            return false;
        }
        w->overlaps[w->overlap_count++] = p;
    }
    return true;
}

/* The cells as saved, their lists' heads, and obstacle tables built for them. */
static bool ccl_load_grid(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    ccl_grid *g = &w->grid;
    uint32_t built = ccl_reader_u32(r), tables = ccl_reader_u32(r);
    int32_t nx = ccl_reader_i32(r), ny = ccl_reader_i32(r), capacity = ccl_reader_i32(r);
    uint32_t stale = ccl_reader_u32(r);
    int64_t entries = ccl_reader_i64(r);
    double max_radius = ccl_reader_f64(r);
    int32_t planned = ccl_reader_i32(r);
    int64_t cells = built == 1 ? (int64_t)nx * ny : 0;
    if (built > 1 || tables > 1 || stale > 1 || nx < 1 || ny < 1 || nx > CCL_MAX_CELLS ||
        ny > CCL_MAX_CELLS || (int64_t)nx * ny > CCL_MAX_CELLS || capacity < cells ||
        capacity > CCL_MAX_CELLS || entries < 0 || !(max_radius >= 0.0) ||
        (uint64_t)(r->end - r->at) != 4 * (uint64_t)cells) {
        l->problem = "the grid section holds impossible cells or has the wrong length";
        return false;
    }
    g->nx = nx;
    g->ny = ny;
    g->cell_w = g->box.size.x / nx;
    g->cell_h = g->box.size.y / ny;
    g->edge_walls_only = !g->box.periodic && ccl_grid_cells_resolved(g);
    g->max_radius = max_radius;
    g->planned_live = planned;
    if (built == 1) {
        g->cell_head = ccl_memory_alloc(&w->memory, sizeof(int32_t) * (size_t)capacity);
        if (g->cell_head == NULL) {
            l->status = CCL_ERR_OUT_OF_MEMORY;
            return false;
        }
        g->cell_capacity = capacity;
        for (int64_t c = 0; c < capacity; ++c) {
            g->cell_head[c] = c < cells ? ccl_reader_i32(r) : -1;
        }
    }
    if (tables == 1) {
        l->status = ccl_grid_bin_obstacles_again(g, &w->obstacles);
        if (l->status != CCL_OK) {
            return false;
        }
    }
    g->obstacles_stale = stale == 1;
    g->obstacle_items_waiting = entries - g->obstacle_item_count;
    /* tables exist once there are obstacles to list (ccl_grid_bin_obstacles makes none else) */
    if (g->obstacle_items_waiting < 0 || (g->obstacle_items_waiting > 0 && !g->obstacles_stale) ||
        (g->obstacle_start != NULL) != (tables == 1)) {
        l->problem = "the grid section's obstacle entries do not match the obstacles";
        return false;
    }
    return true;
}

/* The queue's numbers, which must agree with the arrays the slots' capacity gave it. */
static bool ccl_load_queue_numbers(ccl_reader *r, ccl_queue *q) {
    int32_t capacity = ccl_reader_i32(r), bucket_capacity = ccl_reader_i32(r);
    q->bucket_count = ccl_reader_i32(r);
    q->front_count = ccl_reader_i32(r);
    uint32_t heap = ccl_reader_u32(r);
    q->front_is_heap = heap == 1;
    q->count = ccl_reader_i32(r);
    q->finite_count = ccl_reader_i32(r);
    uint32_t wide = ccl_reader_u32(r);
    q->wide = wide == 1;
    q->base = ccl_reader_f64(r);
    q->inv_width = ccl_reader_f64(r);
    q->front_end = ccl_reader_f64(r);
    q->ring_end = ccl_reader_f64(r);
    q->current = ccl_reader_i64(r);
    q->epoch_end = ccl_reader_i64(r);
    q->work = ccl_reader_i64(r);
    q->entered = ccl_reader_i64(r);
    q->mark = ccl_reader_i64(r);
    q->ahead = -1;
    bool power = q->bucket_count > 0 && (q->bucket_count & (q->bucket_count - 1)) == 0;
    return capacity == q->capacity && bucket_capacity == q->bucket_capacity && heap <= 1 &&
           wide <= 1 && (q->capacity == 0 || (power && q->bucket_count <= bucket_capacity)) &&
           q->front_count >= 0 && q->front_count <= q->capacity && isfinite(q->base) &&
           q->inv_width >= 0.0 && isfinite(q->inv_width);
}

static bool ccl_load_queue(ccl_loading *l, ccl_reader *r, ccl_world *w) {
    ccl_queue *q = &w->queue;
    if (!ccl_load_queue_numbers(r, q)) {
        l->problem = "the event queue holds impossible numbers";
        return false;
    }
    int32_t lists = q->heads != NULL ? q->bucket_capacity + 2 : 0;
    uint64_t rest =
        16 * (uint64_t)w->slot_count + 4 * (uint64_t)q->front_count + 4 * (uint64_t)lists;
    if ((uint64_t)(r->end - r->at) != rest) {
        l->problem = "the event queue section has the wrong length";
        return false;
    }
    for (int32_t i = 0; i < w->slot_count; ++i) {
        q->nodes[i].key = ccl_reader_f64(r);
        q->nodes[i].next = ccl_reader_i32(r);
        q->nodes[i].prev = ccl_reader_i32(r);
    }
    for (int32_t k = 0; k < q->front_count; ++k) {
        q->front[k] = ccl_reader_i32(r);
    }
    for (int32_t k = 0; k < lists; ++k) {
        q->heads[k] = ccl_reader_i32(r);
    }
    return true;
}

/* The header and the checksum: the file is whole and unchanged before anything else is read. */
static bool ccl_load_header(const unsigned char *data, size_t size, ccl_load_info *info,
                            ccl_loading *l) {
    if (size < 12 || memcmp(data, CCL_CHECKPOINT_MAGIC, 8) != 0) {
        l->problem = size < 8 ? "too short to be a checkpoint" : "not a circol checkpoint";
        return false;
    }
    ccl_reader r = {data + 8, data + size, false};
    info->version = ccl_reader_u32(&r);
    if (info->version == 0 || info->version > CCL_CHECKPOINT_VERSION) {
        l->problem = "written by a newer circol (unknown format version)";
        return false;
    }
    if (ccl_reader_u32(&r) != 0) {
        l->problem = "the header's reserved bytes are not zero";
        return false;
    }
    if (size < CCL_CHECKPOINT_HEADER + 4) {
        l->problem = "truncated (shorter than its header)";
        return false;
    }
    uint64_t length = ccl_le64(data + 16);
    if (length != size) {
        l->problem = length > size ? "truncated (shorter than its header says)"
                                   : "longer than its header says (bytes after its end)";
        return false;
    }
    ccl_crc32 crc;
    ccl_crc32_init(&crc);
    ccl_crc32_add(&crc, data, size - 4);
    ccl_reader tail = {data + size - 4, data + size, false};
    if (ccl_reader_u32(&tail) != ccl_crc32_final(&crc)) {
        l->problem = "checksum mismatch (the file is corrupted)";
        return false;
    }
    l->at = data + CCL_CHECKPOINT_HEADER;
    l->end = data + size - 4;
    return true;
}

/* The sections of version 1 after the definition, in the order they are written. */
static const ccl_section_kind ccl_version1_sections[7] = {
    {CCL_SECTION_CLOCK, "the clock section is missing", ccl_load_clock},
    {CCL_SECTION_OBSTACLES, "the obstacles section is missing", ccl_load_obstacles},
    {CCL_SECTION_SLOTS, "the circles section is missing", ccl_load_slots},
    {CCL_SECTION_IMAGES, "the image counts section is missing", ccl_load_images},
    {CCL_SECTION_OVERLAPS, "the overlaps section is missing", ccl_load_overlaps},
    {CCL_SECTION_GRID, "the grid section is missing", ccl_load_grid},
    {CCL_SECTION_QUEUE, "the event queue section is missing", ccl_load_queue},
};

/* Every section after the definition, into w. */
static bool ccl_load_sections(ccl_loading *l, ccl_world *w, ccl_load_info *info) {
    if (!ccl_load_sections_in_order(l, ccl_version1_sections, 7, w)) {
        return false;
    }
    /* version 1 had no growth, game kit or removed obstacles, versions 1 and 2 no energy ledger:
     * the created world's defaults */
    if ((info->version >= 2 && !ccl_load_kit(l, w)) ||
        (info->version >= 3 && !ccl_load_sections_in_order(l, &ccl_ledger_section, 1, w))) {
        return false;
    }
    ccl_reader r;
    if (!ccl_open_section(l, CCL_SECTION_EXTRA, "the caller's section is missing", &r)) {
        return false;
    }
    if (l->at != l->end) {
        l->problem = "an unknown section follows the last one";
        return false;
    }
    info->extra = r.at;
    info->extra_size = (size_t)(r.end - r.at);
    l->problem = ccl_checkpoint_check(w, &l->status);
    return l->problem == NULL && l->status == CCL_OK;
}

ccl_status ccl_world_load(const void *data, size_t size, const ccl_world_def *hooks,
                          ccl_world **out, ccl_load_info *info) {
    ccl_load_info ignored;
    info = info != NULL ? info : &ignored;
    memset(info, 0, sizeof *info);
    if (out == NULL) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    *out = NULL;
    if (data == NULL) {
        info->problem = "no data";
        return CCL_ERR_INVALID_ARGUMENT;
    }
    ccl_loading l = {NULL, NULL, NULL, CCL_OK};
    ccl_world_def def;
    if (!ccl_load_header(data, size, info, &l) || !ccl_load_def(&l, hooks, &def)) {
        info->problem = l.problem;
        return CCL_ERR_INVALID_ARGUMENT;
    }
    int capacity = def.capacity;
    def.capacity = 0; /* the slots are reserved as the file says */
    ccl_world *w = NULL;
    ccl_status status = ccl_world_create(&def, &w);
    if (status != CCL_OK) {
        info->problem = "the world definition is not one circol accepts";
        return status == CCL_ERR_OUT_OF_MEMORY ? status : CCL_ERR_INVALID_ARGUMENT;
    }
    w->def.capacity = capacity;
    if (!ccl_load_sections(&l, w, info)) {
        ccl_world_destroy(w);
        info->extra = NULL;
        info->extra_size = 0;
        if (l.status != CCL_OK) {
            info->problem = "out of memory";
            return l.status;
        }
        info->problem = l.problem;
        return CCL_ERR_INVALID_ARGUMENT;
    }
    *out = w;
    return CCL_OK;
}
