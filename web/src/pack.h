/* circol web: the library's results written as flat arrays of doubles, in the order the
 * module's output block (exports.c) and the native reference (test/native_ref.c) both use. */
#ifndef CIRCOL_WEB_PACK_H
#define CIRCOL_WEB_PACK_H

#include "circol/circol.h"

/* out[0..1]: x, y. */
static inline void ccl_web_pack_vec2(ccl_vec2 v, double *out) {
    out[0] = v.x;
    out[1] = v.y;
}

/* out[0..5]: t, t_exit, normal x, y, point x, y. */
static inline void ccl_web_pack_hit(const ccl_hit *hit, double *out) {
    out[0] = hit->t;
    out[1] = hit->t_exit;
    ccl_web_pack_vec2(hit->normal, out + 2);
    ccl_web_pack_vec2(hit->point, out + 4);
}

/* out[0..4]: normal x, y, point x, y, depth. */
static inline void ccl_web_pack_contact(const ccl_contact *contact, double *out) {
    ccl_web_pack_vec2(contact->normal, out);
    ccl_web_pack_vec2(contact->point, out + 2);
    out[4] = contact->depth;
}

/* out[0..7]: a's velocity, b's velocity, a's position, b's position. */
static inline void ccl_web_pack_bodies(const ccl_body *a, const ccl_body *b, double *out) {
    ccl_web_pack_vec2(a->velocity, out);
    ccl_web_pack_vec2(b->velocity, out + 2);
    ccl_web_pack_vec2(a->position, out + 4);
    ccl_web_pack_vec2(b->position, out + 6);
}

#endif
