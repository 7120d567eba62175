/* Private: the checkpoint format's pieces, shared by saving and loading (docs/CHECKPOINT.md).
 * A file is a header (magic, format version, total length), sections (a four-letter tag, a
 * length, the bytes) and a CRC-32 of everything before it. Every number is little-endian; a
 * double is its IEEE-754 bits, so a loaded world holds the very values saved. A new field goes
 * into a new section (or at the end of a section, with a version check), so older files stay
 * readable. */
#ifndef CIRCOL_WORLD_CHECKPOINT_H
#define CIRCOL_WORLD_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "circol/checkpoint.h"
#include "world/world.h"

/// The first eight bytes of a file.
#define CCL_CHECKPOINT_MAGIC "CIRCOLCK"
/// Bytes of the header: magic, version (4), reserved (4), total length (8).
#define CCL_CHECKPOINT_HEADER 24
/// Bytes of a section's head: tag (4), reserved (4), length (8).
#define CCL_CHECKPOINT_SECTION_HEAD 16

/// A section's tag: its four letters as a little-endian number.
#define CCL_TAG(a, b, c, d)                                                                        \
    ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)

/// The CRC-32 of IEEE 802.3 (zlib's crc32): its table, and the running value.
typedef struct ccl_crc32 {
    uint32_t table[256];
    uint32_t value; ///< inverted as the algorithm keeps it; ccl_crc32_final gives the CRC
} ccl_crc32;

void ccl_crc32_init(ccl_crc32 *c);
void ccl_crc32_add(ccl_crc32 *c, const unsigned char *bytes, size_t size);
static inline uint32_t ccl_crc32_final(const ccl_crc32 *c) {
    return c->value ^ 0xFFFFFFFFu;
}

/// Writes numbers in little-endian through a small buffer to the caller's write function, and
/// keeps the CRC of everything written.
typedef struct ccl_saver {
    ccl_write_fn *write;
    void *user;
    bool failed;
    size_t used;
    ccl_crc32 crc;
    unsigned char buffer[8192];
} ccl_saver;

void ccl_saver_bytes(ccl_saver *s, const void *data, size_t size);
void ccl_saver_flush(ccl_saver *s);
void ccl_saver_u32(ccl_saver *s, uint32_t x);
void ccl_saver_u64(ccl_saver *s, uint64_t x);
void ccl_saver_f64(ccl_saver *s, double x);
static inline void ccl_saver_i32(ccl_saver *s, int32_t x) {
    ccl_saver_u32(s, (uint32_t)x);
}
static inline void ccl_saver_i64(ccl_saver *s, int64_t x) {
    ccl_saver_u64(s, (uint64_t)x);
}
/// The n numbers of x, in order.
void ccl_saver_f64s(ccl_saver *s, const double *x, int n);
void ccl_saver_u64s(ccl_saver *s, const uint64_t *x, int n);
static inline void ccl_saver_vec2(ccl_saver *s, ccl_vec2 v) {
    ccl_saver_f64(s, v.x);
    ccl_saver_f64(s, v.y);
}
/// A section's head: its tag and the length of what follows.
static inline void ccl_saver_section(ccl_saver *s, uint32_t tag, uint64_t length) {
    ccl_saver_u32(s, tag);
    ccl_saver_u32(s, 0);
    ccl_saver_u64(s, length);
}

/// Reads numbers from a section; past its end every read gives 0 and sets `short_read`.
typedef struct ccl_reader {
    const unsigned char *at, *end;
    bool short_read;
} ccl_reader;

uint32_t ccl_reader_u32(ccl_reader *r);
uint64_t ccl_reader_u64(ccl_reader *r);
double ccl_reader_f64(ccl_reader *r);
/// n numbers, in order, into the places x points to.
void ccl_reader_f64s(ccl_reader *r, double *const *x, int n);
void ccl_reader_u64s(ccl_reader *r, uint64_t *const *x, int n);
static inline int32_t ccl_reader_i32(ccl_reader *r) {
    return (int32_t)ccl_reader_u32(r);
}
static inline int64_t ccl_reader_i64(ccl_reader *r) {
    return (int64_t)ccl_reader_u64(r);
}
static inline ccl_vec2 ccl_reader_vec2(ccl_reader *r) {
    double x = ccl_reader_f64(r);
    return ccl_v2(x, ccl_reader_f64(r));
}
static inline unsigned char ccl_reader_u8(ccl_reader *r) {
    if (r->at >= r->end) {
        r->short_read = true;
        return 0;
    }
    return *r->at++;
}

/// The sections of a file being loaded: where the next one starts, and why the load stopped.
typedef struct ccl_loading {
    const unsigned char *at, *end;
    const char *problem; ///< what is wrong with the file (NULL while nothing is)
    ccl_status status;   ///< CCL_ERR_OUT_OF_MEMORY when the allocator refused
} ccl_loading;

/// Opens the next section into r, which must carry tag; false (problem: missing) when it does not.
bool ccl_open_section(ccl_loading *l, uint32_t tag, const char *missing, ccl_reader *r);

/// Whether section r was read to its end exactly; if not, the problem is `wrong`.
bool ccl_section_done(ccl_loading *l, const ccl_reader *r, const char *wrong);

/// Reads the opened section r into w; false, with l's problem or status set, when it cannot.
typedef bool ccl_section_reader(ccl_loading *l, ccl_reader *r, ccl_world *w);

/// A section a load expects next: its tag, the problem when it is not there, and its reader.
typedef struct ccl_section_kind {
    uint32_t tag;
    const char *missing;
    ccl_section_reader *read;
} ccl_section_kind;

/// Opens and reads the n sections of kinds, in order, into w; false at the first one missing or
/// refused.
bool ccl_load_sections_in_order(ccl_loading *l, const ccl_section_kind *kinds, int n, ccl_world *w);

/// ok, and when it is false the problem is `problem`: for the checks of what a section holds.
bool ccl_loading_require(ccl_loading *l, bool ok, const char *problem);

/// The sections, in the order they are written.
enum {
    CCL_SECTION_DEF = CCL_TAG('W', 'D', 'E', 'F'),   ///< the world's definition
    CCL_SECTION_CLOCK = CCL_TAG('T', 'I', 'M', 'E'), ///< time, statistics, flags
    CCL_SECTION_OBSTACLES = CCL_TAG('O', 'B', 'S', 'T'),
    CCL_SECTION_SLOTS = CCL_TAG('S', 'L', 'O', 'T'),  ///< every slot's hot and cold state
    CCL_SECTION_IMAGES = CCL_TAG('I', 'M', 'A', 'G'), ///< box crossings (when tracked)
    CCL_SECTION_OVERLAPS = CCL_TAG('O', 'V', 'L', 'P'),
    CCL_SECTION_GRID = CCL_TAG('G', 'R', 'I', 'D'),
    CCL_SECTION_QUEUE = CCL_TAG('Q', 'U', 'E', 'U'),
    CCL_SECTION_GROWTH = CCL_TAG('G', 'R', 'O', 'W'),       ///< growing radii (from version 2)
    CCL_SECTION_GAME = CCL_TAG('G', 'A', 'M', 'E'),         ///< kinematic circles, sensors, filters
    CCL_SECTION_OBSTACLE_IDS = CCL_TAG('O', 'B', 'I', 'D'), ///< ids of removable obstacles
    CCL_SECTION_LEDGER = CCL_TAG('L', 'D', 'G', 'R'),       ///< the energy ledger (statistics)
    CCL_SECTION_EXTRA = CCL_TAG('U', 'S', 'E', 'R'),        ///< the caller's bytes
};

/// Bytes one slot takes in CCL_SECTION_SLOTS.
#define CCL_SLOT_RECORD 100

/// Bytes of the sections of version 2 (growth, game kit, obstacle ids), heads included.
uint64_t ccl_saved_kit_length(const ccl_world *w);

/// Writes the sections of version 2.
void ccl_save_kit(ccl_saver *s, const ccl_world *w);

/// Reads the sections of version 2 into w (loaded up to the queue), checks them against the rest
/// of the world, and gives a growing world its motion law.
bool ccl_load_kit(ccl_loading *l, ccl_world *w);

/// The energy ledger's section (version 3 on; older files leave the ledger at zero).
extern const ccl_section_kind ccl_ledger_section;

/// Checks the loaded grid lists, free list, events and queue of w against each other and the
/// bounds of every index, so that no list walk can leave its arrays or loop; the reason, or NULL
/// when all is consistent (*status: CCL_ERR_OUT_OF_MEMORY when the check could not be made).
const char *ccl_checkpoint_check(ccl_world *w, ccl_status *status);

#endif
