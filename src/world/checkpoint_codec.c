/* The checkpoint format's bytes: CRC-32, little-endian numbers in and out, and the sections of a
 * file being loaded. */
#include <string.h>

#include "world/checkpoint.h"

void ccl_crc32_init(ccl_crc32 *c) {
    for (uint32_t n = 0; n < 256; ++n) {
        uint32_t x = n;
        for (int k = 0; k < 8; ++k) {
            x = (x & 1u) ? 0xEDB88320u ^ (x >> 1) : x >> 1;
        }
        c->table[n] = x;
    }
    c->value = 0xFFFFFFFFu;
}

void ccl_crc32_add(ccl_crc32 *c, const unsigned char *bytes, size_t size) {
    uint32_t x = c->value;
    for (size_t k = 0; k < size; ++k) {
        x = c->table[(x ^ bytes[k]) & 0xFFu] ^ (x >> 8);
    }
    c->value = x;
}

void ccl_saver_flush(ccl_saver *s) {
    if (s->used == 0) {
        return;
    }
    ccl_crc32_add(&s->crc, s->buffer, s->used);
    if (!s->failed && !s->write(s->buffer, s->used, s->user)) {
        s->failed = true;
    }
    s->used = 0;
}

void ccl_saver_bytes(ccl_saver *s, const void *data, size_t size) {
    const unsigned char *bytes = data;
    while (size > 0) {
        if (s->used == sizeof s->buffer) {
            ccl_saver_flush(s);
        }
        size_t room = sizeof s->buffer - s->used;
        size_t n = size < room ? size : room;
        memcpy(s->buffer + s->used, bytes, n);
        s->used += n;
        bytes += n;
        size -= n;
    }
}

void ccl_saver_u32(ccl_saver *s, uint32_t x) {
    unsigned char b[4] = {(unsigned char)x, (unsigned char)(x >> 8), (unsigned char)(x >> 16),
                          (unsigned char)(x >> 24)};
    ccl_saver_bytes(s, b, 4);
}

void ccl_saver_u64(ccl_saver *s, uint64_t x) {
    ccl_saver_u32(s, (uint32_t)x);
    ccl_saver_u32(s, (uint32_t)(x >> 32));
}

void ccl_saver_f64(ccl_saver *s, double x) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    ccl_saver_u64(s, bits);
}

uint32_t ccl_reader_u32(ccl_reader *r) {
    if (r->end - r->at < 4) {
        r->short_read = true;
        r->at = r->end;
        return 0;
    }
    const unsigned char *b = r->at;
    r->at += 4;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

uint64_t ccl_reader_u64(ccl_reader *r) {
    uint64_t low = ccl_reader_u32(r);
    return low | (uint64_t)ccl_reader_u32(r) << 32;
}

double ccl_reader_f64(ccl_reader *r) {
    uint64_t bits = ccl_reader_u64(r);
    double x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

void ccl_saver_f64s(ccl_saver *s, const double *x, int n) {
    for (int k = 0; k < n; ++k) {
        ccl_saver_f64(s, x[k]);
    }
}

void ccl_saver_u64s(ccl_saver *s, const uint64_t *x, int n) {
    for (int k = 0; k < n; ++k) {
        ccl_saver_u64(s, x[k]);
    }
}

void ccl_reader_f64s(ccl_reader *r, double *const *x, int n) {
    for (int k = 0; k < n; ++k) {
        *x[k] = ccl_reader_f64(r);
    }
}

void ccl_reader_u64s(ccl_reader *r, uint64_t *const *x, int n) {
    for (int k = 0; k < n; ++k) {
        *x[k] = ccl_reader_u64(r);
    }
}

bool ccl_open_section(ccl_loading *l, uint32_t tag, const char *missing, ccl_reader *r) {
    if (l->end - l->at < CCL_CHECKPOINT_SECTION_HEAD) {
        l->problem = missing;
        return false;
    }
    ccl_reader head = {l->at, l->at + CCL_CHECKPOINT_SECTION_HEAD, false};
    uint32_t found = ccl_reader_u32(&head);
    uint32_t reserved = ccl_reader_u32(&head);
    uint64_t length = ccl_reader_u64(&head);
    l->at += CCL_CHECKPOINT_SECTION_HEAD;
    if (found != tag || reserved != 0 || length > (uint64_t)(l->end - l->at)) {
        l->problem = missing;
        return false;
    }
    r->at = l->at;
    r->end = l->at + length;
    r->short_read = false;
    l->at += length;
    return true;
}

bool ccl_section_done(ccl_loading *l, const ccl_reader *r, const char *wrong) {
    if (r->short_read || r->at != r->end) {
        l->problem = wrong;
        return false;
    }
    return true;
}

bool ccl_loading_require(ccl_loading *l, bool ok, const char *problem) {
    if (!ok) {
        l->problem = problem;
    }
    return ok;
}

bool ccl_load_sections_in_order(ccl_loading *l, const ccl_section_kind *kinds, int n,
                                ccl_world *w) {
    for (int k = 0; k < n; ++k) {
        ccl_reader r;
        if (!ccl_open_section(l, kinds[k].tag, kinds[k].missing, &r) || !kinds[k].read(l, &r, w)) {
            return false;
        }
    }
    return true;
}
