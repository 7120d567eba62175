/* Saving a world: every section of the checkpoint format (world/checkpoint.h), in order. */
#include <string.h>

#include "world/checkpoint.h"
#include "world/world.h"

static void ccl_save_def(ccl_saver *s, const ccl_world_def *d) {
    const double tuning[5] = {d->damping, d->restitution, d->collapse_time, d->rest_speed,
                              d->cell_size};
    ccl_saver_section(s, CCL_SECTION_DEF, 112);
    ccl_saver_vec2(s, d->box_min);
    ccl_saver_vec2(s, d->box_max);
    ccl_saver_u32(s, (uint32_t)d->boundary);
    ccl_saver_vec2(s, d->gravity);
    ccl_saver_f64s(s, tuning, 5);
    ccl_saver_u32(s, (uint32_t)d->overlap);
    ccl_saver_f64(s, d->separation_speed);
    ccl_saver_i32(s, d->capacity);
    ccl_saver_i32(s, d->max_circles);
}

static void ccl_save_clock(ccl_saver *s, const ccl_world *w) {
    const double times[3] = {w->time, w->time_base, w->collapse_time};
    const uint64_t counts[4] = {w->collisions, w->wall_collisions, w->events, w->guard_collisions};
    const double virial_span[2] = {w->virial, w->stats_since};
    ccl_saver_section(s, CCL_SECTION_CLOCK, 128);
    ccl_saver_f64s(s, times, 3);
    ccl_saver_u64s(s, counts, 4);
    ccl_saver_f64s(s, virial_span, 2);
    ccl_saver_u64(s, w->events_since_rebase);
    ccl_saver_u32(s, (uint32_t)w->repredict_pending | (uint32_t)w->wedge_logged << 1 |
                         (uint32_t)w->track_images << 2);
    ccl_saver_u32(s, w->refusal.what);
    ccl_saver_vec2(s, w->refusal.shape.a);
    ccl_saver_vec2(s, w->refusal.shape.b);
    ccl_saver_f64(s, w->refusal.radius);
}

static void ccl_save_obstacles(ccl_saver *s, const ccl_obstacles *o) {
    ccl_saver_section(s, CCL_SECTION_OBSTACLES,
                      8 + 32 * (uint64_t)o->segment_count + 16 * (uint64_t)o->point_count);
    ccl_saver_i32(s, o->segment_count);
    ccl_saver_i32(s, o->point_count);
    for (int32_t k = 0; k < o->segment_count; ++k) {
        ccl_saver_vec2(s, o->segments[k].a);
        ccl_saver_vec2(s, o->segments[k].b);
    }
    for (int32_t k = 0; k < o->point_count; ++k) {
        ccl_saver_vec2(s, o->points[k]);
    }
}

/* One slot: the hot half (64 bytes), the cold half (32) and the generation (4). */
static void ccl_save_slot(ccl_saver *s, const ccl_world *w, int32_t i) {
    const ccl_body_slot *b = &w->bodies[i];
    const ccl_body_cold *c = &w->cold[i];
    ccl_saver_vec2(s, b->position);
    ccl_saver_vec2(s, b->velocity);
    ccl_saver_f64(s, b->time);
    ccl_saver_f64(s, b->radius);
    ccl_saver_i32(s, b->link.cell);
    ccl_saver_i32(s, b->link.next);
    ccl_saver_u32(s, b->course);
    unsigned char flags =
        (unsigned char)(b->alive | b->separating << 1 | b->asleep << 2 | b->immovable << 3);
    unsigned char small[4] = {b->event_kind, b->support, b->quick_collisions, flags};
    ccl_saver_bytes(s, small, 4);
    ccl_saver_f64(s, c->inv_mass);
    ccl_saver_f64(s, c->restitution);
    ccl_saver_f64(s, c->last_collision);
    ccl_saver_i32(s, c->event_partner);
    ccl_saver_u32(s, c->event_partner_course);
    ccl_saver_u32(s, w->generation[i]);
}

static void ccl_save_slots(ccl_saver *s, const ccl_world *w) {
    ccl_saver_section(s, CCL_SECTION_SLOTS, 16 + CCL_SLOT_RECORD * (uint64_t)w->slot_count);
    ccl_saver_i32(s, w->slot_capacity);
    ccl_saver_i32(s, w->slot_count);
    ccl_saver_i32(s, w->live_count);
    ccl_saver_i32(s, w->free_head);
    for (int32_t i = 0; i < w->slot_count; ++i) {
        ccl_save_slot(s, w, i);
    }
}

static void ccl_save_images(ccl_saver *s, const ccl_world *w) {
    bool present = w->images != NULL;
    ccl_saver_section(s, CCL_SECTION_IMAGES, 4 + (present ? 16 * (uint64_t)w->slot_count : 0));
    ccl_saver_u32(s, present);
    for (int32_t i = 0; present && i < w->slot_count; ++i) {
        ccl_saver_i64(s, w->images[i].x);
        ccl_saver_i64(s, w->images[i].y);
    }
}

static void ccl_save_overlaps(ccl_saver *s, const ccl_world *w) {
    ccl_saver_section(s, CCL_SECTION_OVERLAPS, 4 + 16 * (uint64_t)w->overlap_count);
    ccl_saver_i32(s, w->overlap_count);
    for (int32_t k = 0; k < w->overlap_count; ++k) {
        const ccl_overlap_pair *p = &w->overlaps[k];
        ccl_saver_i32(s, p->a);
        ccl_saver_i32(s, p->b);
        ccl_saver_u32(s, p->generation_a);
        ccl_saver_u32(s, p->generation_b);
    }
}

/* The cells and their circle lists; the obstacle tables follow from the cells and obstacles. */
static void ccl_save_grid(ccl_saver *s, const ccl_grid *g) {
    bool built = g->cell_head != NULL;
    int32_t cells = built ? g->nx * g->ny : 0;
    ccl_saver_section(s, CCL_SECTION_GRID, 44 + 4 * (uint64_t)cells);
    ccl_saver_u32(s, built);
    ccl_saver_u32(s, g->obstacle_start != NULL);
    ccl_saver_i32(s, g->nx);
    ccl_saver_i32(s, g->ny);
    ccl_saver_i32(s, g->cell_capacity);
    ccl_saver_u32(s, g->obstacles_stale);
    /* the entries counted against the tables' limit (ccl_grid_note_obstacle) */
    ccl_saver_i64(s, (int64_t)g->obstacle_item_count + g->obstacle_items_waiting);
    ccl_saver_f64(s, g->max_radius);
    ccl_saver_i32(s, g->planned_live);
    for (int32_t c = 0; c < cells; ++c) {
        ccl_saver_i32(s, g->cell_head[c]);
    }
}

/* The queue as it is, lists and all: its layout decides when it is rebuilt, and so the bucket
 * origin, which decides whether a re-basing of time is exact (ccl_queue_shift_exactly). */
static void ccl_save_queue(ccl_saver *s, const ccl_queue *q, int32_t slots) {
    int32_t lists = q->heads != NULL ? q->bucket_capacity + 2 : 0;
    ccl_saver_section(s, CCL_SECTION_QUEUE,
                      104 + 16 * (uint64_t)slots + 4 * (uint64_t)q->front_count +
                          4 * (uint64_t)lists);
    ccl_saver_i32(s, q->capacity);
    ccl_saver_i32(s, q->bucket_capacity);
    ccl_saver_i32(s, q->bucket_count);
    ccl_saver_i32(s, q->front_count);
    ccl_saver_u32(s, q->front_is_heap);
    ccl_saver_i32(s, q->count);
    ccl_saver_i32(s, q->finite_count);
    ccl_saver_u32(s, q->wide);
    ccl_saver_f64(s, q->base);
    ccl_saver_f64(s, q->inv_width);
    ccl_saver_f64(s, q->front_end);
    ccl_saver_f64(s, q->ring_end);
    ccl_saver_i64(s, q->current);
    ccl_saver_i64(s, q->epoch_end);
    ccl_saver_i64(s, q->work);
    ccl_saver_i64(s, q->entered);
    ccl_saver_i64(s, q->mark);
    for (int32_t i = 0; i < slots; ++i) {
        ccl_saver_f64(s, q->nodes[i].key);
        ccl_saver_i32(s, q->nodes[i].next);
        ccl_saver_i32(s, q->nodes[i].prev);
    }
    for (int32_t k = 0; k < q->front_count; ++k) {
        ccl_saver_i32(s, q->front[k]);
    }
    for (int32_t k = 0; k < lists; ++k) {
        ccl_saver_i32(s, q->heads[k]);
    }
}

/* The bytes of every section but the caller's: computed as the sections are, for the header. */
static uint64_t ccl_saved_length(const ccl_world *w, size_t extra_size) {
    const ccl_obstacles *o = &w->obstacles;
    const ccl_queue *q = &w->queue;
    uint64_t n = (uint64_t)w->slot_count;
    uint64_t cells = w->grid.cell_head != NULL ? (uint64_t)w->grid.nx * (uint64_t)w->grid.ny : 0;
    uint64_t lists = q->heads != NULL ? (uint64_t)q->bucket_capacity + 2 : 0;
    uint64_t bodies = 112 + 128 + 8 + 32 * (uint64_t)o->segment_count +
                      16 * (uint64_t)o->point_count + 16 + CCL_SLOT_RECORD * n + 4 +
                      (w->images != NULL ? 16 * n : 0) + 4 + 16 * (uint64_t)w->overlap_count;
    uint64_t broad = 44 + 4 * cells + 104 + 16 * n + 4 * (uint64_t)q->front_count + 4 * lists;
    return CCL_CHECKPOINT_HEADER + 9 * CCL_CHECKPOINT_SECTION_HEAD + bodies + broad +
           ccl_saved_kit_length(w) + (uint64_t)extra_size + 4;
}

ccl_status ccl_world_save(const ccl_world *w, const void *extra, size_t extra_size,
                          ccl_write_fn *write, void *user) {
    if (w == NULL || write == NULL || (extra == NULL && extra_size > 0)) {
        return CCL_ERR_INVALID_ARGUMENT;
    }
    if (w->locked) {
        return CCL_ERR_LOCKED;
    }
    ccl_saver *s = w->memory.hooks.alloc(sizeof(ccl_saver), 16, w->memory.hooks.user);
    if (s == NULL) {
        return CCL_ERR_OUT_OF_MEMORY;
    }
    s->write = write;
    s->user = user;
    s->failed = false;
    s->used = 0;
    ccl_crc32_init(&s->crc);
    ccl_saver_bytes(s, CCL_CHECKPOINT_MAGIC, 8);
    ccl_saver_u32(s, CCL_CHECKPOINT_VERSION);
    ccl_saver_u32(s, 0);
    ccl_saver_u64(s, ccl_saved_length(w, extra_size));
    ccl_save_def(s, &w->def);
    ccl_save_clock(s, w);
    ccl_save_obstacles(s, &w->obstacles);
    ccl_save_slots(s, w);
    ccl_save_images(s, w);
    ccl_save_overlaps(s, w);
    ccl_save_grid(s, &w->grid);
    ccl_save_queue(s, &w->queue, w->slot_count);
    ccl_save_kit(s, w);
    ccl_saver_section(s, CCL_SECTION_EXTRA, extra_size);
    ccl_saver_bytes(s, extra, extra_size);
    ccl_saver_flush(s);
    ccl_saver_u32(s, ccl_crc32_final(&s->crc));
    ccl_saver_flush(s);
    bool failed = s->failed;
    w->memory.hooks.free(s, sizeof(ccl_saver), w->memory.hooks.user);
    return failed ? CCL_ERR_OUT_OF_MEMORY : CCL_OK;
}
