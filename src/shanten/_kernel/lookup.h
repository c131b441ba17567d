/*
 * The lookups every unit needs inline: a hand's summary from its 34 counts, the fit of a
 * hand to the tables, the base-5 codes of its parts, their classes and rest classes,
 * the distances these index (the standard form, seven pairs, thirteen orphans) and a
 * part's classes after each draw. Each is a few loads and shifts on the hot paths (the verbs, the batch, the odds'
 * graphs), so they stay static inline here; what works over whole hands (effective
 * tiles) is lookup.c's, declared at the end.
 */
#ifndef SHANTEN_LOOKUP_H
#define SHANTEN_LOOKUP_H

#include "kernel.h"

/* A hand's summary from one pass over its 34 counts, in 64 bits: tiles (bits 0-15),
 * pairs (16-23), kinds (24-31), orphans held (32-39), orphan pairs (40-47), whether a
 * count is above 4 (48-55), kinds of 2m-8m held (56-63).
 *
 * The counts are read 8 at a time as 64-bit words, one byte per tile (SWAR): a byte is
 * above 4 when adding 123 sets its top bit (or it is set already); the other fields are
 * only read when no byte is, so every byte holds 0-4 in its low 3 bits, and per byte
 * (b | b >> 1 | b >> 2) & 1 says b >= 1, (b >> 1 | b >> 2) & 1 says b >= 2. Multiplying
 * by 0x0101...01 adds a word's bytes into its top byte (no sum here exceeds 255). */
#define TILES_OF(f) ((int)((f)&0xFFFF))
#define PAIRS_OF(f) ((int)((f) >> 16 & 0xFF))
#define KINDS_OF(f) ((int)((f) >> 24 & 0xFF))
#define ORPHANS_OF(f) ((int)((f) >> 32 & 0xFF))
#define ORPHAN_PAIRS_OF(f) ((int)((f) >> 40 & 0xFF))
#define OVER_FOUR_OF(f) ((int)((f) >> 48 & 0xFF))
#define MIDDLE_MANZU_OF(f) ((int)((f) >> 56 & 0xFF))

#define ONES 0x0101010101010101ULL

/* Eight counts as a 64-bit word, the first in the lowest byte, on any byte order (a
 * single load where the machine is little-endian). */
static inline uint64_t
load8(const uint8_t *c)
{
    return (uint64_t)c[0] | (uint64_t)c[1] << 8 | (uint64_t)c[2] << 16 |
           (uint64_t)c[3] << 24 | (uint64_t)c[4] << 32 | (uint64_t)c[5] << 40 |
           (uint64_t)c[6] << 48 | (uint64_t)c[7] << 56;
}
#define BYTE_SUM(x) ((uint64_t)((x)*ONES) >> 56)

/* Per word of tiles 0-7, 8-15, 16-23, 24-31: the bytes of the orphans (1m 9m 1p 9p 1s 9s
 * and the honours), and of 2m-8m. Tiles 32 and 33 (6z, 7z) are read on their own. */
static const uint64_t ORPHAN_BYTES[4] = {
    0x00000000000000FFULL, 0x000000000000FFFFULL, 0x0000000000FFFF00ULL,
    0xFFFFFFFFFFFF0000ULL,
};
#define MIDDLE_MANZU_BYTES 0xFFFFFFFFFFFFFF00ULL

/* Nonzero where a count is above 4: of tiles 0-31, read as the words w (load8), or of
 * 6z, 7z. */
static inline uint64_t
over_four(const uint64_t w[4], const uint8_t *c)
{
    uint64_t over = (uint64_t)(c[32] > 4 || c[33] > 4) << 7;
    for (int i = 0; i < 4; i++)
        over |= (w[i] + 0x7B * ONES) | w[i];
    return over & 0x80 * ONES;
}

static inline uint64_t
summary(const uint8_t *c)
{
    uint64_t w[4] = {load8(c), load8(c + 8), load8(c + 16), load8(c + 24)};
    if (over_four(w, c))
        return (uint64_t)1 << 48;
    /* per byte lane, summed over the four words: each lane stays below 256 */
    uint64_t tiles = 0, kinds = 0, pairs = 0, orphans = 0, orphan_pairs = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t held = (w[i] | w[i] >> 1 | w[i] >> 2) & ONES;
        uint64_t two = (w[i] >> 1 | w[i] >> 2) & ONES;
        tiles += w[i];
        kinds += held;
        pairs += two;
        orphans += held & ORPHAN_BYTES[i];
        orphan_pairs += two & ORPHAN_BYTES[i];
    }
    uint64_t tail_held = (c[32] >= 1) + (c[33] >= 1), tail_two = (c[32] >= 2) + (c[33] >= 2);
    tiles = BYTE_SUM(tiles) + c[32] + c[33];
    kinds = BYTE_SUM(kinds) + tail_held, orphans = BYTE_SUM(orphans) + tail_held;
    pairs = BYTE_SUM(pairs) + tail_two, orphan_pairs = BYTE_SUM(orphan_pairs) + tail_two;
    uint64_t middle = BYTE_SUM((w[0] | w[0] >> 1 | w[0] >> 2) & ONES & MIDDLE_MANZU_BYTES);
    return tiles | pairs << 16 | kinds << 24 | orphans << 32 | orphan_pairs << 40 |
           middle << 56;
}

/* A size of hand the tables hold: 3n+1 or 3n+2 tiles up to 14. */
static inline int
fits_size(int size)
{
    return size >= 1 && size <= 14 && size % 3 != 0;
}

/* A hand the tables hold for `rules`: counts 0-4, a size that fits, and in 3-player
 * mahjong no 2m-8m. */
static inline int
fits(const Rules *rules, uint64_t f)
{
    return OVER_FOUR_OF(f) == 0 && fits_size(TILES_OF(f)) &&
           (rules->players == 4 || MIDDLE_MANZU_OF(f) == 0);
}

/* Base-5 codes, first tile most significant: the layout install() checks. Eight digits
 * (one byte each, the first in the lowest byte) combine pairwise by three multiplies:
 * into 16-bit lanes of d0 * 5 + d1, 32-bit lanes of (d0 d1) * 25 + (d2 d3), then the
 * whole (d0..d3) * 625 + (d4..d7); no lane overflows, as each value is below 5 ** 8. */
static inline uint32_t
code_of_eight(uint64_t digits)
{
    uint64_t pairs = (digits * (5 << 8 | 1)) >> 8 & 0x00FF00FF00FF00FFULL;
    uint64_t quads = (pairs * (25 << 16 | 1)) >> 16 & 0x0000FFFF0000FFFFULL;
    return (uint32_t)((quads * (625ULL << 32 | 1)) >> 32);
}

static inline int32_t
suit_code(const uint8_t *c)
{
    return (int32_t)(code_of_eight(load8(c)) * 5 + c[8]);
}

static inline int32_t
honour_code(const uint8_t *c)
{
    /* a leading zero digit, then the seven */
    uint64_t digits = (uint64_t)c[0] << 8 | (uint64_t)c[1] << 16 | (uint64_t)c[2] << 24 |
                      (uint64_t)c[3] << 32 | (uint64_t)c[4] << 40 | (uint64_t)c[5] << 48 |
                      (uint64_t)c[6] << 56;
    return (int32_t)code_of_eight(digits);
}

static inline void
codes_of(int players, const uint8_t *c, int32_t code[4])
{
    code[0] = players == 4 ? suit_code(c) : c[0] * 5 + c[8];
    code[1] = suit_code(c + 9);
    code[2] = suit_code(c + 18);
    code[3] = honour_code(c + 27);
}

/* ---------------------------------------------------------------------------------- */
/* Distances                                                                           */

typedef struct {
    int code[4], k[4], rest[4];
    int sets;
    int pairs, kinds, orphans, orphan_pairs;
} State;

/* The parts' classes from their codes: 0 if a part holds more than 14 tiles (never a
 * checked hand), which no table row stands for. */
static inline int
classes_of_codes(const Rules *rules, State *s)
{
    for (int p = 0; p < 4; p++) {
        int k = rules->part[p].ids[s->code[p]];
        if (k >= rules->part[p].nclass)
            return 0;
        s->k[p] = k;
    }
    return 1;
}

/* The parts' codes and classes: 0 if a part holds more than 14 tiles (never a checked
 * hand), which no table row stands for. The counts must be 0-4. */
static inline int
classes(const Rules *rules, const uint8_t *counts, State *s)
{
    codes_of(rules->players, counts, s->code);
    return classes_of_codes(rules, s);
}

/* A part's rest class, the class of the other three parts together, from their classes
 * in order (install() holds each part's others to the other parts in order). */
static inline int
rest_class(const Part *part, int ka, int kb, int kc)
{
    return part->second[part->first[ka * part->nb + kb] * part->nc + kc];
}

/* Part p's rest class. */
static inline int
rest_of(const Rules *rules, const State *s, int p)
{
    const Part *part = &rules->part[p];
    return rest_class(part, s->k[part->others[0]], s->k[part->others[1]], s->k[part->others[2]]);
}

static inline int
part_distance(const Part *part, int rest, int k, int sets)
{
    return part->dist[(rest * part->nclass + k) * 5 + sets];
}

static inline int
closed_distance(int form, int pairs, int kinds, int orphans, int orphan_pairs)
{
    int seven = SEVEN[pairs * 16 + kinds];
    int kokushi = KOKUSHI[orphans * 2 + (orphan_pairs > 0)];
    if (form == FORM_CHIITOITSU)
        return seven;
    if (form == FORM_KOKUSHI)
        return kokushi;
    return seven < kokushi ? seven : kokushi;
}

/* The closed forms' counts of `s` after one copy of a tile held h times (an orphan or
 * not) is added (change +1) or taken away (-1). */
static inline void
closed_move(State *s, int h, int orphan, int change)
{
    int low = change > 0 ? h : h - 1; /* the lower of the tile's counts before and after */
    s->pairs += change * (low == 1);
    s->kinds += change * (low == 0);
    s->orphans += change * (orphan && low == 0);
    s->orphan_pairs += change * (orphan && low == 1);
}

/* The distance of the closed forms (both) of the hand of `s` after that change. */
static inline int
closed_moved_distance(const State *s, int h, int orphan, int change)
{
    State moved = *s;
    closed_move(&moved, h, orphan, change);
    return closed_distance(FORM_ALL, moved.pairs, moved.kinds, moved.orphans, moved.orphan_pairs);
}

/* The distance in `form` of a hand of `size` tiles whose standard form is `standard`,
 * from its closed forms' counts: seven pairs and thirteen orphans count if `closed` (no
 * melds) and it has 13 or 14 tiles. -1 for one closed form alone of another hand. */
static inline int
form_distance(int form, int standard, int size, int closed, int pairs, int kinds,
              int orphans, int orphan_pairs)
{
    if (form == FORM_STANDARD || !closed || size < 13)
        return form >= FORM_CHIITOITSU ? -1 : standard;
    int other = closed_distance(form, pairs, kinds, orphans, orphan_pairs);
    if (form != FORM_ALL)
        return other;
    return other < standard ? other : standard;
}

/* The distance in `form` (see form_distance) of a hand of `size` tiles that fits, from
 * its parts' classes k and its closed forms' counts; `last` is the last part (the
 * honours), the one whose rest class is looked up. -1 for one closed form alone of a
 * hand of another size. */
static inline int
classes_distance(const Part *last, const int k[4], int form, int size, int closed, int pairs,
                 int kinds, int orphans, int orphan_pairs)
{
    int standard = part_distance(last, rest_class(last, k[0], k[1], k[2]), k[3], size / 3);
    return form_distance(form, standard, size, closed, pairs, kinds, orphans, orphan_pairs);
}

/* The distance of a hand that fits() in `form` (see form_distance): the path of the
 * shanten verb, which needs no part's rest class but the last. -1 if the tables do not
 * hold the hand. */
static inline int
row_distance(const Rules *rules, const uint8_t *counts, uint64_t f, int form, int closed)
{
    State s;
    if (!classes(rules, counts, &s))
        return -1;
    return classes_distance(&rules->part[3], s.k, form, TILES_OF(f), closed, PAIRS_OF(f),
                            KINDS_OF(f), ORPHANS_OF(f), ORPHAN_PAIRS_OF(f));
}

/* For each tile of part p, the part's class after drawing it: NO_CLASS where the tile
 * is held 4 times, or where the part would hold 15 tiles (a part of a 14-tile hand that
 * holds all its tiles: every discard then comes from it, and recomputes its draws). */
static inline void
draw_classes(const Rules *rules, const uint8_t *counts, const State *s, int p,
             uint8_t drawn[NUM_TILES])
{
    const Part *part = &rules->part[p];
    for (int j = 0; j < part->ntiles; j++) {
        int t = part->tiles[j];
        int k = counts[t] < 4 ? part->ids[s->code[p] + part->weights[j]] : NO_CLASS;
        drawn[t] = (uint8_t)(k < part->nclass ? k : NO_CLASS);
    }
}

KERNEL_HIDDEN_BEGIN

/* lookup.c */
int prepare(const Rules *rules, const uint8_t *counts, uint64_t f, State *s);
int effective_tiles(const Rules *rules, const uint8_t *counts, const State *s,
                    const uint8_t drawn[NUM_TILES], int with_closed, uint64_t *mask);
int effective(const Rules *rules, const uint8_t *counts, uint64_t f, int form, int closed,
              uint64_t *mask);

KERNEL_HIDDEN_END

#endif /* SHANTEN_LOOKUP_H */
