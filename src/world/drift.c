/* The overlap drift: pairs added overlapping move apart. */

#include "world/drift.h"
#include "world/motion.h"
#include "world/unwrap.h"
#include "world/world.h"

ccl_status ccl_world_reserve_overlaps(ccl_world *w, int32_t more) {
    return ccl_array_reserve(&w->memory, (void **)&w->overlaps, &w->overlap_capacity,
                             (size_t)w->overlap_count, (size_t)w->overlap_count + (size_t)more,
                             sizeof(ccl_overlap_pair), 16);
}

void ccl_world_push_overlap(ccl_world *w, int32_t a, int32_t b) {
    ccl_overlap_pair pair = {a, b, w->generation[a], w->generation[b]};
    w->overlaps[w->overlap_count++] = pair;
}

void ccl_world_refresh_separating_flags(ccl_world *w) {
    for (int32_t i = 0; i < w->slot_count; ++i) {
        w->bodies[i].separating = 0;
    }
    for (int32_t m = 0; m < w->overlap_count; ++m) {
        w->bodies[w->overlaps[m].a].separating = 1;
        w->bodies[w->overlaps[m].b].separating = 1;
    }
}

/* The largest f in [0, 1] such that moving circle b by f * move takes it into no segment or point
 * (in any image): the first contact of the straight move, and 0 for one it already touches and
 * would move further into. */
static double ccl_separation_room(const ccl_world *w, const ccl_body_slot *b, ccl_vec2 move) {
    double room = 1.0;
    int32_t count = w->obstacles.segment_count + w->obstacles.point_count;
    for (int32_t k = 0; k < count && room > 0.0; ++k) {
        bool point = k >= w->obstacles.segment_count;
        ccl_segment s =
            ccl_obstacle_shape(&w->obstacles, point ? k - w->obstacles.segment_count : k, point);
        for (int image = 0; image < 9 && room > 0.0; ++image) {
            if (!w->box.periodic && image != CCL_OWN_IMAGE) {
                continue;
            }
            /* meeting the image shifted by d is meeting the obstacle from p - d */
            ccl_vec2 shift = ccl_box_image_shift(&w->box, image);
            ccl_circle c = {ccl_sub(b->position, shift), b->radius};
            ccl_hit hit;
            if (!ccl_sweep_circle_segment(c, move, s, 1.0, &hit)) {
                continue;
            }
            if (hit.t > 0.0) {
                room = fmin(room, hit.t);
            } else if (ccl_dot(move, hit.normal) > 0.0) {
                room = 0.0; /* touching it already, and the move goes further in */
            }
        }
    }
    return room;
}

void ccl_world_separate_overlaps(ccl_world *w, double dt) {
    int32_t kept = 0;
    for (int32_t m = 0; m < w->overlap_count; ++m) {
        ccl_overlap_pair o = w->overlaps[m];
        ccl_body_slot *a = &w->bodies[o.a], *b = &w->bodies[o.b];
        if (!a->alive || !b->alive || w->generation[o.a] != o.generation_a ||
            w->generation[o.b] != o.generation_b) {
            continue;
        }
        ccl_body_move_to(w, a, w->time);
        ccl_body_move_to(w, b, w->time);
        ccl_vec2 d = ccl_box_separation(&w->box, a->position, b->position);
        double dist = ccl_length(d);
        double depth = a->radius + b->radius - dist;
        double inv_a = ccl_body_cold_of(w, a)->inv_mass, inv_b = ccl_body_cold_of(w, b)->inv_mass;
        double inv_sum = inv_a + inv_b;
        if (depth <= 0.0 || !(inv_sum > 0.0)) {
            continue;
        }
        double step = fmin(depth, w->def.separation_speed * dt);
        ccl_vec2 n = dist > 0.0 ? ccl_v2(d.x / dist, d.y / dist) : ccl_v2(1.0, 0.0);
        if (w->obstacles.segment_count + w->obstacles.point_count > 0) {
            double room = fmin(ccl_separation_room(w, a, ccl_scale(n, -step * inv_a / inv_sum)),
                               ccl_separation_room(w, b, ccl_scale(n, step * inv_b / inv_sum)));
            step *= room;
        }
        a->position = ccl_mul_add(a->position, -step * inv_a / inv_sum, n);
        b->position = ccl_mul_add(b->position, step * inv_b / inv_sum, n);
        if (!w->box.periodic) {
            for (int side = 0; side < 2; ++side) {
                ccl_body_slot *c = side == 0 ? a : b;
                c->position.x =
                    fmin(fmax(c->position.x, w->box.min.x + c->radius), w->box.max.x - c->radius);
                c->position.y =
                    fmin(fmax(c->position.y, w->box.min.y + c->radius), w->box.max.y - c->radius);
            }
        }
        a->course++;
        b->course++;
        w->repredict_pending = true;
        if (step < depth) {
            w->overlaps[kept++] = o;
        }
    }
    if (kept != w->overlap_count) {
        w->overlap_count = kept;
        ccl_world_refresh_separating_flags(w);
    }
    if (w->repredict_pending && w->box.periodic) {
        for (int32_t i = 0; i < w->slot_count; ++i) {
            if (w->bodies[i].alive && w->bodies[i].separating) {
                ccl_vec2 before = w->bodies[i].position;
                w->bodies[i].position = ccl_box_wrap(&w->box, before);
                /* a drift moves a circle by far less than the box: at most one box size */
                ccl_world_image_shift(
                    w, i, (int64_t)nearbyint((w->bodies[i].position.x - before.x) / w->box.size.x),
                    (int64_t)nearbyint((w->bodies[i].position.y - before.y) / w->box.size.y));
            }
        }
    }
}
