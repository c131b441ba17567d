/*
 * The kernel: shanten numbers, effective tiles and discard tables by table lookups.
 *
 * It makes no table: shanten.kernel builds them with numpy (and proves them in the test
 * suite) and hands them over once, as read-only buffers, through install(). Every table
 * is checked there, entry by entry, against the sizes of the tables it indexes, so a
 * lookup can never leave its buffer whatever the buffers hold.
 *
 * The public verbs are Verb objects: a callable that answers the common case here (a
 * closed hand as 34 counts, mpsz notation or a Hand; default options) and passes any
 * other call, unchanged, to a Python function (its "fallback"), which checks the input,
 * raises the library's errors and computes the rest. So bad input never reaches the
 * lookups: anything this file does not recognise exactly is the fallback's.
 *
 * A hand splits into four parts (manzu, pinzu, souzu, honours; in 3-player mahjong the
 * manzu part is 1m and 9m). Part p's class is ids[code] for the base-5 code of its
 * counts; the class of the other three parts (the "rest") is second[first[ka * nb + kb]
 * * nc + kc]; and dist[(rest * nclass + k) * 5 + sets] is the distance of the whole hand
 * to `sets` sets and a pair. Seven pairs and thirteen orphans read two small tables
 * indexed by the hand's pair, kind and orphan counts.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

#define NUM_TILES 34
#define NO_CLASS 255
#define MAX_ROWS 16

#ifndef Py_T_OBJECT_EX
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif

enum { FORM_ALL = 0, FORM_STANDARD = 1, FORM_CHIITOITSU = 2, FORM_KOKUSHI = 3 };

typedef struct {
    int ntiles;
    int tiles[9];
    int32_t weights[9];
    int nclass;
    int others[3];
    int nb, nc;
    const uint8_t *ids;
    const uint8_t *first;
    const uint8_t *second;
    const uint8_t *dist;
    const uint32_t *words; /* per code: the class << 24 and the fields of WORD_* */
} Part;

/* A part's word: what the batch reads per part, the class and (summed over the parts,
 * below bit 24) the hand's tiles, pairs, kinds, orphans held and orphan pairs held. */
#define WORD_TILES(w) ((int)((w)&63))
#define WORD_PAIRS(w) ((int)((w) >> 6 & 31))
#define WORD_KINDS(w) ((int)((w) >> 11 & 63))
#define WORD_ORPHANS(w) ((int)((w) >> 17 & 15))
#define WORD_ORPHAN_PAIR(w) ((int)((w) >> 21 & 7))

typedef struct {
    int installed;
    int players;
    Part part[4];
    int8_t part_of[NUM_TILES]; /* -1: not in the game (2m-8m in 3-player mahjong) */
    int32_t weight_of[NUM_TILES];
} Rules;

static Rules RULES[2]; /* [0]: 3 players, [1]: 4 players */
static const Rules *rules_of(int players);
static const uint8_t *SEVEN;   /* [pairs * 16 + kinds] */
static const uint8_t *KOKUSHI; /* [orphans held * 2 + holds an orphan pair] */
static PyObject *HELD;         /* a list of memoryviews: keeps the buffers alive */

static int IS_ORPHAN[NUM_TILES];
static PyObject *SMALL[5]; /* the int objects 0..4 */

/* What the verbs build their results from, set by configure(). */
static PyTypeObject *HAND_TYPE, *UKEIRE_TYPE, *DISCARD_TYPE;
static PyObject *NAMES; /* tuple of the 34 tile names */
static Py_ssize_t UKEIRE_AT[4], DISCARD_AT[4];
static PyObject *S_COUNTS, *S_MELDS, *S_PLAYERS, *S_COPIES, *S_VISIBLE, *S_FORM, *S_SECOND;

/* ---------------------------------------------------------------------------------- */
/* Reading a hand                                                                      */

/* CPython keeps the ints 0..4 as objects in one array: where they sit a power of two
 * apart (checked at import), an item's count is its distance from the 0 object, with
 * no branch per item. SMALL_SHIFT is -1 where they do not. */
static int SMALL_SHIFT = -1;

static void
find_small_stride(void)
{
    uintptr_t stride = (uintptr_t)SMALL[1] - (uintptr_t)SMALL[0];
    for (int shift = 3; shift < 12; shift++) {
        if (stride != (uintptr_t)1 << shift)
            continue;
        int even = 1;
        for (int v = 2; v < 5; v++)
            even &= (uintptr_t)SMALL[v] - (uintptr_t)SMALL[0] == (uintptr_t)v << shift;
        SMALL_SHIFT = even ? shift : -1;
    }
}

/* The count an int object stands for, 0..4; -1 for anything else. */
static int
count_of(PyObject *item)
{
    if (SMALL_SHIFT >= 0) {
        uintptr_t offset = (uintptr_t)item - (uintptr_t)SMALL[0];
        uintptr_t v = offset >> SMALL_SHIFT;
        if (v <= 4 && v << SMALL_SHIFT == offset)
            return (int)v;
    }
    else {
        for (int v = 0; v < 5; v++)
            if (item == SMALL[v])
                return v;
    }
    if (!PyLong_CheckExact(item))
        return -1;
    int overflow = 0;
    long value = PyLong_AsLongAndOverflow(item, &overflow);
    return overflow || value < 0 || value > 4 ? -1 : (int)value;
}

/* 34 counts from a list or tuple of ints 0..4: 1, or 0 for anything else. */
static int
read_sequence(PyObject *seq, uint8_t counts[NUM_TILES])
{
    if (!PyList_CheckExact(seq) && !PyTuple_CheckExact(seq))
        return 0;
    if (PySequence_Fast_GET_SIZE(seq) != NUM_TILES)
        return 0;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int bad = 0;
    for (int i = 0; i < NUM_TILES; i++) {
        int v = count_of(items[i]);
        bad |= v;
        counts[i] = (uint8_t)v;
    }
    if (PyErr_Occurred()) /* PyLong_AsLongAndOverflow failed: not ours to raise */
        PyErr_Clear();
    return bad >= 0;
}

/* 34 counts from ASCII mpsz notation that the library's parser accepts as it is and
 * that holds no tile more than 4 times: 1, or 0 for anything else. */
static int
read_mpsz(PyObject *text, uint8_t counts[NUM_TILES])
{
    if (!PyUnicode_IS_ASCII(text))
        return 0;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    if (n == 0 || n > 64)
        return 0;
    const char *s = (const char *)PyUnicode_1BYTE_DATA(text);
    int pending[64];
    int npending = 0;
    memset(counts, 0, NUM_TILES);
    for (Py_ssize_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch >= '0' && ch <= '9') {
            pending[npending++] = ch - '0';
            continue;
        }
        int base, honours = 0;
        if (ch == 'm')
            base = 0;
        else if (ch == 'p')
            base = 9;
        else if (ch == 's')
            base = 18;
        else if (ch == 'z')
            base = 27, honours = 1;
        else
            return 0;
        if (npending == 0)
            return 0;
        for (int k = 0; k < npending; k++) {
            int digit = pending[k];
            if (honours && (digit < 1 || digit > 7))
                return 0;
            int tile = base + (digit == 0 ? 5 : digit) - 1;
            if (++counts[tile] > 4)
                return 0;
        }
        npending = 0;
    }
    return npending == 0;
}

/* The counts of a hand: a list or tuple of 34 ints, mpsz notation or a Hand. */
static int
read_hand(PyObject *hand, uint8_t counts[NUM_TILES])
{
    if (PyUnicode_CheckExact(hand))
        return read_mpsz(hand, counts);
    if (Py_IS_TYPE(hand, HAND_TYPE)) {
        PyObject *held = PyObject_GetAttr(hand, S_COUNTS);
        if (held == NULL) {
            PyErr_Clear();
            return 0;
        }
        int ok = read_sequence(held, counts);
        Py_DECREF(held);
        return ok;
    }
    return read_sequence(hand, counts);
}

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

static inline uint64_t
summary(const uint8_t *c)
{
    uint64_t w[4] = {load8(c), load8(c + 8), load8(c + 16), load8(c + 24)}, over = 0;
    for (int i = 0; i < 4; i++)
        over |= (w[i] + 0x7B * ONES) | w[i];
    over |= (uint64_t)(c[32] > 4 || c[33] > 4) << 7;
    if (over & 0x80 * ONES)
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

/* A hand the tables hold for `rules`: counts 0-4, 3n+1 or 3n+2 tiles up to 14, and in
 * 3-player mahjong no 2m-8m. */
static inline int
fits(const Rules *rules, uint64_t f)
{
    int size = TILES_OF(f);
    return OVER_FOUR_OF(f) == 0 && size >= 1 && size <= 14 && size % 3 != 0 &&
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

/* Part p's rest class: the class of the other three parts together. */
static inline int
rest_of(const Rules *rules, const State *s, int p)
{
    const Part *part = &rules->part[p];
    int ab = part->first[s->k[part->others[0]] * part->nb + s->k[part->others[1]]];
    return part->second[ab * part->nc + s->k[part->others[2]]];
}

/* Classes, every part's rest class and the closed forms' counts of a hand that fits(). */
static int
prepare(const Rules *rules, const uint8_t *counts, uint64_t f, State *s)
{
    if (!classes(rules, counts, s))
        return 0;
    for (int p = 0; p < 4; p++)
        s->rest[p] = rest_of(rules, s, p);
    s->sets = TILES_OF(f) / 3;
    s->pairs = PAIRS_OF(f), s->kinds = KINDS_OF(f);
    s->orphans = ORPHANS_OF(f), s->orphan_pairs = ORPHAN_PAIRS_OF(f);
    return 1;
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

/* The distance of a hand that fits() in `form` (see form_distance): the path of the
 * shanten verb, which needs no part's rest class but the last. -1 if the tables do not
 * hold the hand. */
static inline int
row_distance(const Rules *rules, const uint8_t *counts, uint64_t f, int form, int closed)
{
    State s;
    int size = TILES_OF(f);
    if (!classes(rules, counts, &s))
        return -1;
    int standard = part_distance(&rules->part[3], rest_of(rules, &s, 3), s.k[3], size / 3);
    return form_distance(form, standard, size, closed, PAIRS_OF(f), KINDS_OF(f), ORPHANS_OF(f),
                         ORPHAN_PAIRS_OF(f));
}

/* For each tile of part p, the part's class after drawing it: NO_CLASS where the tile
 * is held 4 times, or where the part would hold 15 tiles (a part of a 14-tile hand that
 * holds all its tiles: every discard then comes from it, and recomputes its draws). */
static void
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

/* The distance of a prepared 3n+1 hand (FORM_ALL with seven pairs and thirteen orphans
 * if `with_closed`, else the standard form) and in *mask the tiles whose draw lowers
 * it; drawn[t] is the class of t's part after drawing t (draw_classes). */
static int
effective_tiles(const Rules *rules, const uint8_t *counts, const State *s,
                const uint8_t drawn[NUM_TILES], int with_closed, uint64_t *mask)
{
    int standard = part_distance(&rules->part[3], s->rest[3], s->k[3], s->sets);
    int best = standard, closed = 99;
    if (with_closed) {
        closed = closed_distance(FORM_ALL, s->pairs, s->kinds, s->orphans, s->orphan_pairs);
        if (closed < best)
            best = closed;
    }
    uint64_t found = 0;
    for (int p = 0; p < 4; p++) {
        const Part *part = &rules->part[p];
        const uint8_t *row = part->dist + s->rest[p] * part->nclass * 5 + s->sets;
        for (int j = 0; j < part->ntiles; j++) {
            int t = part->tiles[j];
            if (drawn[t] != NO_CLASS && row[drawn[t] * 5] < best)
                found |= (uint64_t)1 << t;
        }
    }
    /* a draw lowers a closed form by at most 1: only one at the minimum can help */
    if (closed <= best) {
        for (int t = 0; t < NUM_TILES; t++) {
            int h = counts[t], orphan = IS_ORPHAN[t];
            if (rules->part_of[t] < 0 || h >= 4)
                continue;
            int other = closed_moved_distance(s, h, orphan, +1);
            if (other < best)
                found |= (uint64_t)1 << t;
        }
    }
    *mask = found;
    return best;
}

/* The distance of a 3n+1 hand that fits(), in `form` (FORM_ALL or FORM_STANDARD), and
 * in *mask the tiles whose draw lowers it; 0 if the tables do not hold the hand. */
static int
effective(const Rules *rules, const uint8_t *counts, uint64_t f, int form, int closed,
          uint64_t *mask)
{
    State s;
    uint8_t drawn[NUM_TILES];
    int size = TILES_OF(f);
    if (!prepare(rules, counts, f, &s))
        return 0;
    for (int p = 0; p < 4; p++)
        draw_classes(rules, counts, &s, p, drawn);
    return effective_tiles(rules, counts, &s, drawn, closed && form == FORM_ALL && size == 13,
                           mask);
}

/* ---------------------------------------------------------------------------------- */
/* Results                                                                             */

/* A new instance of a slotted result type with its fields (stolen references). */
static PyObject *
new_result(PyTypeObject *type, const Py_ssize_t *at, int n, PyObject **fields)
{
    PyObject *result = NULL;
    for (int i = 0; i < n; i++)
        if (fields[i] == NULL)
            goto fail;
    result = type->tp_alloc(type, 0);
    if (result == NULL)
        goto fail;
    for (int i = 0; i < n; i++)
        *(PyObject **)((char *)result + at[i]) = fields[i];
    return result;
fail:
    for (int i = 0; i < n; i++)
        Py_XDECREF(fields[i]);
    return NULL;
}

/* An Ukeire of the tiles of `mask`, with their unseen copies. */
static PyObject *
make_ukeire(int shanten, uint64_t mask, const uint8_t unseen[NUM_TILES])
{
    int n = 0, total = 0;
    for (uint64_t m = mask; m; m &= m - 1)
        n++;
    PyObject *names = PyTuple_New(n);
    PyObject *counts = PyTuple_New(n);
    if (names == NULL || counts == NULL) {
        Py_XDECREF(names);
        Py_XDECREF(counts);
        return NULL;
    }
    int i = 0;
    for (int t = 0; t < NUM_TILES; t++) {
        if (!(mask >> t & 1))
            continue;
        PyObject *name = PyTuple_GET_ITEM(NAMES, t);
        Py_INCREF(name);
        PyTuple_SET_ITEM(names, i, name);
        Py_INCREF(SMALL[unseen[t]]);
        PyTuple_SET_ITEM(counts, i, SMALL[unseen[t]]);
        total += unseen[t];
        i++;
    }
    PyObject *fields[4] = {PyLong_FromLong(shanten), names, counts, PyLong_FromLong(total)};
    return new_result(UKEIRE_TYPE, UKEIRE_AT, 4, fields);
}

typedef struct {
    int tile, distance, total;
    uint64_t mask;
} Row;

static int
unseen_total(uint64_t mask, const uint8_t unseen[NUM_TILES])
{
    int total = 0;
    for (int t = 0; t < NUM_TILES; t++)
        if (mask >> t & 1)
            total += unseen[t];
    return total;
}

/* Tenhou's order: lowest distance, then most unseen effective tiles, then tile order. */
static int
before(const Row *a, const Row *b)
{
    if (a->distance != b->distance)
        return a->distance < b->distance;
    if (a->total != b->total)
        return a->total > b->total;
    return a->tile < b->tile;
}

/* The discard table of a checked 3n+2 hand; NULL with no exception set if the tables
 * do not hold it. A discard changes one part: the other parts keep their classes and
 * their draws' classes, so only the discarded part's are looked up again per row. */
static PyObject *
discard_table(const Rules *rules, uint8_t *counts, uint64_t f, int form, int closed,
              const uint8_t unseen[NUM_TILES])
{
    State whole;
    uint8_t drawn[NUM_TILES];
    int size = TILES_OF(f);
    if (!prepare(rules, counts, f, &whole))
        return NULL;
    for (int p = 0; p < 4; p++)
        draw_classes(rules, counts, &whole, p, drawn);
    int with_closed = closed && form == FORM_ALL && size == 14;
    Row rows[MAX_ROWS];
    int n = 0;
    for (int t = 0; t < NUM_TILES && n < MAX_ROWS; t++) {
        int h = counts[t];
        if (!h)
            continue;
        int q = rules->part_of[t];
        State s = whole;
        s.code[q] -= rules->weight_of[t];
        s.k[q] = rules->part[q].ids[s.code[q]];
        if (s.k[q] >= rules->part[q].nclass)
            return NULL;
        for (int p = 0; p < 4; p++)
            if (p != q)
                s.rest[p] = rest_of(rules, &s, p);
        int orphan = IS_ORPHAN[t];
        closed_move(&s, h, orphan, -1);
        counts[t]--;
        uint8_t after[NUM_TILES];
        memcpy(after, drawn, NUM_TILES);
        draw_classes(rules, counts, &s, q, after);
        uint64_t mask = 0;
        int d = effective_tiles(rules, counts, &s, after, with_closed, &mask);
        counts[t]++;
        if (!d)
            return NULL;
        Row row = {t, d, unseen_total(mask, unseen), mask};
        int j = n++;
        while (j > 0 && before(&row, &rows[j - 1])) {
            rows[j] = rows[j - 1];
            j--;
        }
        rows[j] = row;
    }
    PyObject *table = PyTuple_New(n);
    if (table == NULL)
        return NULL;
    PyObject *ukeire[MAX_ROWS];
    for (int i = 0; i < n; i++) {
        /* rows with the same effective tiles share one (immutable) Ukeire */
        int same = 0;
        while (same < i && (rows[same].mask != rows[i].mask ||
                            rows[same].distance != rows[i].distance))
            same++;
        if (same < i) {
            ukeire[i] = ukeire[same];
            Py_INCREF(ukeire[i]);
        }
        else
            ukeire[i] = make_ukeire(rows[i].distance - 1, rows[i].mask, unseen);
        PyObject *name = PyTuple_GET_ITEM(NAMES, rows[i].tile);
        Py_INCREF(name);
        Py_INCREF(Py_None);
        Py_XINCREF(ukeire[i]); /* the row's reference; ukeire[] keeps its own */
        PyObject *fields[4] = {name, PyLong_FromLong(rows[i].distance - 1), ukeire[i],
                               Py_None};
        PyObject *row = new_result(DISCARD_TYPE, DISCARD_AT, 4, fields);
        if (row == NULL) {
            for (int j = 0; j <= i; j++)
                Py_XDECREF(ukeire[j]);
            Py_DECREF(table);
            return NULL;
        }
        PyTuple_SET_ITEM(table, i, row);
    }
    for (int i = 0; i < n; i++)
        Py_DECREF(ukeire[i]);
    return table;
}

/* ---------------------------------------------------------------------------------- */
/* Installing tables                                                                   */

static int
ready(void)
{
    if (RULES[0].installed && RULES[1].installed && SEVEN && KOKUSHI && NAMES)
        return 1;
    PyErr_SetString(PyExc_RuntimeError, "the kernel's tables are not installed");
    return 0;
}

/* The bytes of `object` (any buffer, C-contiguous, exactly `length` bytes), kept alive
 * by a view in HELD. */
static const uint8_t *
hold(PyObject *object, Py_ssize_t length, const char *what)
{
    PyObject *view = PyMemoryView_FromObject(object);
    if (view == NULL)
        return NULL;
    Py_buffer *buffer = PyMemoryView_GET_BUFFER(view);
    if (!PyBuffer_IsContiguous(buffer, 'C') || buffer->len != length) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd contiguous bytes, got %zd", what,
                     length, buffer->len);
        Py_DECREF(view);
        return NULL;
    }
    if (PyList_Append(HELD, view) < 0) {
        Py_DECREF(view);
        return NULL;
    }
    Py_DECREF(view);
    return (const uint8_t *)buffer->buf;
}

/* The buffers all_below() has passed, so a table shared by parts (the suits' class
 * ids) is read once. */
#define CHECKED_MAX 64
static struct {
    const uint8_t *table;
    Py_ssize_t length;
    int bound, or_value;
} CHECKED[CHECKED_MAX];
static int NCHECKED;
#define WORDS_CHECK (-2) /* the bound recorded for hold_words()'s check */

/* Whether all_below() or hold_words() has passed this buffer, for this check. */
static int
checked_before(const uint8_t *table, Py_ssize_t length, int bound, int or_value)
{
    for (int i = 0; i < NCHECKED; i++)
        if (CHECKED[i].table == table && CHECKED[i].length == length &&
            CHECKED[i].bound == bound && CHECKED[i].or_value == or_value)
            return 1;
    return 0;
}

/* Remember a buffer that passed: the views in HELD keep it alive, so its address is
 * never reused. */
static void
remember_checked(const uint8_t *table, Py_ssize_t length, int bound, int or_value)
{
    if (NCHECKED < CHECKED_MAX) {
        CHECKED[NCHECKED].table = table, CHECKED[NCHECKED].length = length;
        CHECKED[NCHECKED].bound = bound, CHECKED[NCHECKED].or_value = or_value;
        NCHECKED++;
    }
}

static int
all_below(const uint8_t *table, Py_ssize_t length, int bound, int or_value,
          const char *what)
{
    if (checked_before(table, length, bound, or_value))
        return 1;
    for (Py_ssize_t i = 0; i < length; i++) {
        if (table[i] >= bound && table[i] != or_value) {
            PyErr_Format(PyExc_ValueError, "%s: entry %zd is %d, not below %d", what, i,
                         (int)table[i], bound);
            return 0;
        }
    }
    remember_checked(table, length, bound, or_value);
    return 1;
}

static int
read_ints(PyObject *sequence, int *out, int n, int low, int high, const char *what)
{
    PyObject *fast = PySequence_Fast(sequence, what);
    if (fast == NULL)
        return 0;
    int ok = PySequence_Fast_GET_SIZE(fast) == n;
    for (int i = 0; ok && i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return 0;
        }
        ok = v >= low && v <= high;
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    if (!ok)
        PyErr_Format(PyExc_ValueError, "%s: expected %d ints in %d..%d", what, n, low, high);
    return ok;
}

/* A part's words, held as hold() holds bytes and checked: aligned, the class byte equal
 * to the part's class id, and the fields no more than `ntiles` tiles can hold (so a
 * hand's summed fields stay in their bits and index the closed forms' tables). */
static const uint32_t *
hold_words(PyObject *object, const uint8_t *ids, Py_ssize_t ncodes, int ntiles)
{
    const uint8_t *bytes = hold(object, ncodes * 4, "words");
    if (bytes == NULL)
        return NULL;
    if ((uintptr_t)bytes % 4) {
        PyErr_SetString(PyExc_ValueError, "words: not aligned to 4 bytes");
        return NULL;
    }
    const uint32_t *words = (const uint32_t *)bytes;
    if (checked_before(bytes, ncodes * 4, WORDS_CHECK, WORDS_CHECK))
        return words;
    int orphans = ntiles == 9 ? 2 : ntiles;
    for (Py_ssize_t code = 0; code < ncodes; code++) {
        uint32_t w = words[code];
        int ok = (int)(w >> 24) == ids[code];
        if (ids[code] == NO_CLASS)
            ok &= (w & 0xFFFFFF) == 0;
        else
            ok &= WORD_TILES(w) <= 14 && WORD_PAIRS(w) <= 7 && WORD_KINDS(w) <= ntiles &&
                  WORD_ORPHANS(w) <= orphans && WORD_ORPHAN_PAIR(w) <= 1 && !(w >> 23 & 1);
        if (!ok) {
            PyErr_Format(PyExc_ValueError, "words: entry %zd is not the class and fields it must be",
                         code);
            return NULL;
        }
    }
    remember_checked(bytes, ncodes * 4, WORDS_CHECK, WORDS_CHECK);
    return words;
}

PyDoc_STRVAR(install_doc,
"install(players, parts)\n--\n\n"
"Hand over the tables of 3- or 4-player mahjong: for each of the four parts, a tuple\n"
"(tiles, weights, ids, nclass, others, first, nab, second, nrest, dist). Every entry\n"
"is checked against the size of the table it indexes.");

static PyObject *
install(PyObject *Py_UNUSED(module), PyObject *args)
{
    int players;
    PyObject *parts;
    if (!PyArg_ParseTuple(args, "iO:install", &players, &parts))
        return NULL;
    if (players != 3 && players != 4) {
        PyErr_SetString(PyExc_ValueError, "players must be 3 or 4");
        return NULL;
    }
    Rules rules;
    memset(&rules, 0, sizeof rules);
    for (int t = 0; t < NUM_TILES; t++)
        rules.part_of[t] = -1;
    PyObject *fast = PySequence_Fast(parts, "parts must be a sequence");
    if (fast == NULL)
        return NULL;
    PyObject *tables[4][4]; /* ids, first, second, dist of each part (borrowed) */
    int nab[4], nrest[4];
    if (PySequence_Fast_GET_SIZE(fast) != 4) {
        PyErr_SetString(PyExc_ValueError, "parts: expected 4");
        goto fail;
    }
    /* first pass: each part's tiles, weights, class count and class ids */
    for (int p = 0; p < 4; p++) {
        Part *part = &rules.part[p];
        PyObject *tiles, *weights, *others;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, p), "OOOiOOiOiO:part", &tiles,
                              &weights, &tables[p][0], &part->nclass, &others, &tables[p][1],
                              &nab[p], &tables[p][2], &nrest[p], &tables[p][3]))
            goto fail;
        Py_ssize_t ntiles = PySequence_Size(tiles);
        if (ntiles < 1 || ntiles > 9) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a part has 1 to 9 tiles");
            goto fail;
        }
        part->ntiles = (int)ntiles;
        int w[9];
        if (!read_ints(tiles, part->tiles, part->ntiles, 0, NUM_TILES - 1, "tiles") ||
            !read_ints(weights, w, part->ntiles, 1, 390625, "weights") ||
            !read_ints(others, part->others, 3, 0, 3, "others"))
            goto fail;
        /* base-5 codes, one digit per tile: the weights are the powers of 5 below
         * 5 ** ntiles, so 4 of each tile sum to 5 ** ntiles - 1 */
        Py_ssize_t ncodes = 1;
        long top = 0;
        for (int j = 0; j < part->ntiles; j++) {
            ncodes *= 5;
            top += 4L * w[j];
            part->weights[j] = w[j];
        }
        if (top != ncodes - 1 || part->nclass < 1 || part->nclass > 254 || nab[p] < 1 ||
            nab[p] > 256 || nrest[p] < 1 || nrest[p] > 256) {
            PyErr_SetString(PyExc_ValueError, "a part's weights or sizes are inconsistent");
            goto fail;
        }
        for (int j = 0; j < part->ntiles; j++) {
            int t = part->tiles[j];
            if (rules.part_of[t] >= 0) {
                PyErr_SetString(PyExc_ValueError, "a tile is in two parts");
                goto fail;
            }
            rules.part_of[t] = (int8_t)p;
            rules.weight_of[t] = w[j];
        }
        if (!(part->ids = hold(tables[p][0], ncodes, "ids")) ||
            !all_below(part->ids, ncodes, part->nclass, NO_CLASS, "ids"))
            goto fail;
    }
    /* second pass: the chain tables, each checked against the classes it indexes */
    for (int p = 0; p < 4; p++) {
        Part *part = &rules.part[p];
        int a = part->others[0], b = part->others[1], c = part->others[2];
        if (a == p || b == p || c == p || a == b || a == c || b == c) {
            PyErr_SetString(PyExc_ValueError, "a part's others are inconsistent");
            goto fail;
        }
        Py_ssize_t na = rules.part[a].nclass;
        part->nb = rules.part[b].nclass;
        part->nc = rules.part[c].nclass;
        Py_ssize_t nfirst = na * part->nb, nsecond = (Py_ssize_t)nab[p] * part->nc;
        Py_ssize_t ndist = (Py_ssize_t)nrest[p] * part->nclass * 5;
        if (!(part->first = hold(tables[p][1], nfirst, "first")) ||
            !all_below(part->first, nfirst, nab[p], -1, "first") ||
            !(part->second = hold(tables[p][2], nsecond, "second")) ||
            !all_below(part->second, nsecond, nrest[p], -1, "second") ||
            !(part->dist = hold(tables[p][3], ndist, "dist")) ||
            !all_below(part->dist, ndist, 16, -1, "dist"))
            goto fail;
    }
    /* the codes are computed for this layout (codes_of): refuse any other */
    for (int p = 0; p < 4; p++) {
        const Part *part = &rules.part[p];
        int first = p == 3 ? 27 : 9 * p, n = p == 3 ? 7 : 9;
        int ok = part->ntiles == n;
        if (p == 0 && players == 3)
            ok = part->ntiles == 2 && part->tiles[0] == 0 && part->tiles[1] == 8 &&
                 part->weights[0] == 5 && part->weights[1] == 1;
        else
            for (int j = 0, w = 1; ok && j < n; j++, w *= 5)
                ok = part->tiles[n - 1 - j] == first + n - 1 - j && part->weights[n - 1 - j] == w;
        if (!ok) {
            PyErr_SetString(PyExc_ValueError, "a part's tiles are not the kernel's layout");
            goto fail;
        }
    }
    Py_DECREF(fast);
    rules.installed = 1;
    rules.players = players;
    RULES[players - 3] = rules;
    Py_RETURN_NONE;
fail:
    Py_DECREF(fast);
    return NULL;
}

PyDoc_STRVAR(install_words_doc,
"install_words(players, words)\n--\n\n"
"Hand over the four parts' words (uint32 per shape code: class << 24 and the closed\n"
"forms' fields) for the batch, after install(); each is checked against the part's ids.");

static PyObject *
install_words(PyObject *Py_UNUSED(module), PyObject *args)
{
    int players;
    PyObject *words;
    if (!PyArg_ParseTuple(args, "iO:install_words", &players, &words))
        return NULL;
    const Rules *checked = rules_of(players);
    if (checked == NULL)
        return NULL;
    Rules *rules = &RULES[players - 3];
    PyObject *fast = PySequence_Fast(words, "words must be a sequence");
    if (fast == NULL)
        return NULL;
    const uint32_t *held[4];
    int ok = PySequence_Fast_GET_SIZE(fast) == 4;
    if (!ok)
        PyErr_SetString(PyExc_ValueError, "words: expected 4");
    for (int p = 0; ok && p < 4; p++) {
        const Part *part = &rules->part[p];
        Py_ssize_t ncodes = 1;
        for (int j = 0; j < part->ntiles; j++)
            ncodes *= 5;
        held[p] = hold_words(PySequence_Fast_GET_ITEM(fast, p), part->ids, ncodes, part->ntiles);
        ok = held[p] != NULL;
    }
    Py_DECREF(fast);
    if (!ok)
        return NULL;
    for (int p = 0; p < 4; p++)
        rules->part[p].words = held[p];
    Py_RETURN_NONE;
}

PyDoc_STRVAR(install_closed_doc,
"install_closed(seven, kokushi)\n--\n\n"
"Hand over the distances of seven pairs, indexed pairs * 16 + kinds (256 bytes), and\n"
"of thirteen orphans, indexed orphans held * 2 + (an orphan is held twice) (28 bytes).");

static PyObject *
install_closed(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *seven, *kokushi;
    if (!PyArg_ParseTuple(args, "OO:install_closed", &seven, &kokushi))
        return NULL;
    const uint8_t *s = hold(seven, 256, "seven"), *k = NULL;
    if (s == NULL || !all_below(s, 256, 16, -1, "seven"))
        return NULL;
    k = hold(kokushi, 28, "kokushi");
    if (k == NULL || !all_below(k, 28, 16, -1, "kokushi"))
        return NULL;
    SEVEN = s;
    KOKUSHI = k;
    Py_RETURN_NONE;
}

/* The byte offset of slot `name` of a slotted class. */
static int
slot_offset(PyTypeObject *type, const char *name, Py_ssize_t *offset)
{
    PyObject *descr = PyObject_GetAttrString((PyObject *)type, name);
    if (descr == NULL)
        return 0;
    int ok = Py_IS_TYPE(descr, &PyMemberDescr_Type);
    if (ok) {
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        ok = member->type == Py_T_OBJECT_EX && !(member->flags & READONLY) &&
             member->offset >= (Py_ssize_t)sizeof(PyObject) &&
             member->offset + (Py_ssize_t)sizeof(PyObject *) <= type->tp_basicsize;
        *offset = member->offset;
    }
    Py_DECREF(descr);
    if (!ok)
        PyErr_Format(PyExc_TypeError, "%s.%s is not a slot", type->tp_name, name);
    return ok;
}

PyDoc_STRVAR(configure_doc,
"configure(hand_type, ukeire_type, discard_type, names)\n--\n\n"
"The types the verbs read and build: Hand, and the slotted Ukeire (shanten, tiles,\n"
"counts, total) and Discard (discard, shanten, ukeire, good_shape); names are the 34\n"
"tile names.");

static PyObject *
configure(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyTypeObject *hand, *ukeire, *discard;
    PyObject *names;
    if (!PyArg_ParseTuple(args, "O!O!O!O!:configure", &PyType_Type, &hand, &PyType_Type,
                          &ukeire, &PyType_Type, &discard, &PyTuple_Type, &names))
        return NULL;
    if (PyTuple_GET_SIZE(names) != NUM_TILES) {
        PyErr_SetString(PyExc_ValueError, "names: expected 34");
        return NULL;
    }
    static const char *ukeire_fields[4] = {"shanten", "tiles", "counts", "total"};
    static const char *discard_fields[4] = {"discard", "shanten", "ukeire", "good_shape"};
    Py_ssize_t u[4], d[4];
    for (int i = 0; i < 4; i++)
        if (!slot_offset(ukeire, ukeire_fields[i], &u[i]) ||
            !slot_offset(discard, discard_fields[i], &d[i]))
            return NULL;
    if (ukeire->tp_itemsize || discard->tp_itemsize) {
        PyErr_SetString(PyExc_TypeError, "result types must have a fixed size");
        return NULL;
    }
    Py_INCREF(hand);
    Py_INCREF(ukeire);
    Py_INCREF(discard);
    Py_INCREF(names);
    Py_XSETREF(HAND_TYPE, hand);
    Py_XSETREF(UKEIRE_TYPE, ukeire);
    Py_XSETREF(DISCARD_TYPE, discard);
    Py_XSETREF(NAMES, names);
    memcpy(UKEIRE_AT, u, sizeof u);
    memcpy(DISCARD_AT, d, sizeof d);
    Py_RETURN_NONE;
}

/* ---------------------------------------------------------------------------------- */
/* Core functions for checked input                                                    */

static int
read_bytes(PyObject *object, uint8_t out[NUM_TILES], const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(object, &view, PyBUF_SIMPLE) < 0)
        return 0;
    int ok = view.len == NUM_TILES;
    if (ok)
        memcpy(out, view.buf, NUM_TILES);
    PyBuffer_Release(&view);
    for (int t = 0; ok && t < NUM_TILES; t++)
        ok = out[t] <= 4;
    if (!ok)
        PyErr_Format(PyExc_ValueError, "%s: expected 34 bytes of 0..4", what);
    return ok;
}

static const Rules *
rules_of(int players)
{
    if (players != 3 && players != 4) {
        PyErr_SetString(PyExc_ValueError, "players must be 3 or 4");
        return NULL;
    }
    return ready() ? &RULES[players - 3] : NULL;
}

static PyObject *
not_held(void)
{
    PyErr_SetString(PyExc_ValueError, "the hand is not one the tables hold");
    return NULL;
}

PyDoc_STRVAR(distance_doc,
"distance(counts, players, form, closed)\n--\n\n"
"The distance (shanten + 1) of a checked hand: 34 count bytes; form 0 all forms,\n"
"1 standard, 2 seven pairs, 3 thirteen orphans; closed if seven pairs and thirteen\n"
"orphans apply (no melds, 13 or 14 tiles).");

static PyObject *
k_distance(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *object;
    int players, form, closed;
    uint8_t counts[NUM_TILES];
    if (!PyArg_ParseTuple(args, "Oiip:distance", &object, &players, &form, &closed))
        return NULL;
    const Rules *rules = rules_of(players);
    if (rules == NULL || !read_bytes(object, counts, "counts"))
        return NULL;
    uint64_t f = summary(counts);
    int d;
    if (form < 0 || form > 3 || !fits(rules, f) ||
        (d = row_distance(rules, counts, f, form, closed)) < 0)
        return not_held();
    return PyLong_FromLong(d);
}

/* The checked 3n + `remainder` hand of a core function's arguments, in the form view
 * `form` (all forms or the standard form): its rules, counts and summary; 0 with an
 * exception set for anything else. */
static int
checked_hand(PyObject *object, int players, int form, int remainder, const Rules **rules,
             uint8_t counts[NUM_TILES], uint64_t *f)
{
    if ((*rules = rules_of(players)) == NULL || !read_bytes(object, counts, "counts"))
        return 0;
    *f = summary(counts);
    if ((form != FORM_ALL && form != FORM_STANDARD) || !fits(*rules, *f) ||
        TILES_OF(*f) % 3 != remainder) {
        not_held();
        return 0;
    }
    return 1;
}

PyDoc_STRVAR(ukeire_doc,
"ukeire(counts, players, form, closed, unseen)\n--\n\n"
"The Ukeire of a checked 3n+1 hand: 34 count bytes; form 0 all forms, 1 standard;\n"
"closed as for distance(); unseen: 34 bytes, each tile's unseen copies.");

static PyObject *
k_ukeire(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *object, *unseen_object;
    int players, form, closed, d;
    const Rules *rules;
    uint8_t counts[NUM_TILES], unseen[NUM_TILES];
    uint64_t f, mask;
    if (!PyArg_ParseTuple(args, "OiipO:ukeire", &object, &players, &form, &closed,
                          &unseen_object) ||
        !checked_hand(object, players, form, 1, &rules, counts, &f) ||
        !read_bytes(unseen_object, unseen, "unseen"))
        return NULL;
    if (!(d = effective(rules, counts, f, form, closed, &mask)))
        return not_held();
    return make_ukeire(d - 1, mask, unseen);
}

PyDoc_STRVAR(effective_doc,
"effective(counts, players, form, closed)\n--\n\n"
"(distance, mask) of a checked 3n+1 hand: bit t of mask is set where drawing tile t\n"
"lowers the distance; form 0 all forms, 1 standard; closed as for distance().");

static PyObject *
k_effective(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *object;
    int players, form, closed, d;
    const Rules *rules;
    uint8_t counts[NUM_TILES];
    uint64_t f, mask;
    if (!PyArg_ParseTuple(args, "Oiip:effective", &object, &players, &form, &closed) ||
        !checked_hand(object, players, form, 1, &rules, counts, &f))
        return NULL;
    if (!(d = effective(rules, counts, f, form, closed, &mask)))
        return not_held();
    return Py_BuildValue("iK", d, (unsigned long long)mask);
}

PyDoc_STRVAR(discards_doc,
"discards(counts, players, form, closed, unseen)\n--\n\n"
"The discard table of a checked 3n+2 hand, in Tenhou's order; arguments as for\n"
"ukeire(), closed meaning no melds.");

static PyObject *
k_discards(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *object, *unseen_object;
    int players, form, closed;
    const Rules *rules;
    uint8_t counts[NUM_TILES], unseen[NUM_TILES];
    uint64_t f;
    if (!PyArg_ParseTuple(args, "OiipO:discards", &object, &players, &form, &closed,
                          &unseen_object) ||
        !checked_hand(object, players, form, 2, &rules, counts, &f) ||
        !read_bytes(unseen_object, unseen, "unseen"))
        return NULL;
    PyObject *table = discard_table(rules, counts, f, form, closed, unseen);
    if (table == NULL && !PyErr_Occurred())
        return not_held();
    return table;
}

/* ---------------------------------------------------------------------------------- */
/* Many hands at once                                                                  */

typedef struct {
    Py_buffer counts, out;
} Views;

static void
release(Views *views)
{
    if (views->counts.obj)
        PyBuffer_Release(&views->counts);
    if (views->out.obj)
        PyBuffer_Release(&views->out);
}

/* The (N, 34) uint8 counts and the output buffer of `width` bytes a row, rows
 * [start, stop) of N. */
static int
batch_views(PyObject *counts, PyObject *out, Py_ssize_t width, Py_ssize_t start,
            Py_ssize_t stop, Views *views)
{
    memset(views, 0, sizeof *views);
    if (PyObject_GetBuffer(counts, &views->counts, PyBUF_C_CONTIGUOUS) < 0)
        return 0;
    if (PyObject_GetBuffer(out, &views->out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        release(views);
        return 0;
    }
    Py_ssize_t rows = views->counts.len / NUM_TILES;
    if (views->counts.len % NUM_TILES || views->out.len != rows * width || start < 0 ||
        stop < start || stop > rows) {
        PyErr_SetString(PyExc_ValueError, "batch: buffers or row range do not match");
        release(views);
        return 0;
    }
    return 1;
}

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)0)
#endif

/* Rows ahead whose class ids are fetched while this row is computed: the three suits'
 * ids (2 MB) miss the L2 cache, and a row's own work is too short to hide it. */
#define AHEAD 8

/* The shanten number of rows [start, stop) into out; the first row the tables do not
 * hold (not a valid hand, or too small for `form`), or -1. */
static Py_ssize_t
shanten_rows(const Rules *rules, const uint8_t *hands, int8_t *out, int form, Py_ssize_t start,
             Py_ssize_t stop)
{
    /* the tables as locals: a store through `out` (a char type) could alias the Rules
     * struct, which would make the compiler read its fields again for every row */
    const int players = rules->players;
    const Part *last = &rules->part[3];
    const uint8_t *first = last->first, *second = last->second, *dist = last->dist;
    const uint32_t *words[4];
    int nclass[4];
    for (int p = 0; p < 4; p++)
        words[p] = rules->part[p].words, nclass[p] = rules->part[p].nclass;
    const int nb = last->nb, nc = last->nc, n3 = last->nclass;
    const uint64_t middle_manzu = players == 3 ? MIDDLE_MANZU_BYTES : 0;
    int32_t ahead[AHEAD][4] = {{0}}; /* the codes of the next rows */
    for (Py_ssize_t row = start; row < stop; row++) {
        /* the codes of row + AHEAD - 1 (into the slot of the row before), and a fetch of
         * the suits' words they read; at the start, of the first AHEAD rows */
        for (Py_ssize_t next = row == start ? row : row + AHEAD - 1;
             next < stop && next < row + AHEAD; next++) {
            int32_t *code = ahead[next % AHEAD];
            codes_of(players, hands + next * NUM_TILES, code);
            for (int p = players == 4 ? 0 : 1; p < 3; p++)
                if ((uint32_t)code[p] < 1953125) /* else counts above 4: nothing to fetch */
                    PREFETCH(words[p] + code[p]);
        }
        const uint8_t *c = hands + row * NUM_TILES;
        const int32_t *code = ahead[row % AHEAD];
        /* counts above 4 (their codes are not the shapes'), and 2m-8m in 3-player */
        uint64_t w[4] = {load8(c), load8(c + 8), load8(c + 16), load8(c + 24)}, over = 0;
        for (int i = 0; i < 4; i++)
            over |= (w[i] + 0x7B * ONES) | w[i];
        if ((over & 0x80 * ONES) || c[32] > 4 || c[33] > 4 || (w[0] & middle_manzu))
            return row;
        uint32_t w0 = words[0][code[0]], w1 = words[1][code[1]], w2 = words[2][code[2]];
        uint32_t w3 = words[3][code[3]];
        int k0 = (int)(w0 >> 24), k1 = (int)(w1 >> 24), k2 = (int)(w2 >> 24), k3 = (int)(w3 >> 24);
        uint32_t f = (w0 & 0xFFFFFF) + (w1 & 0xFFFFFF) + (w2 & 0xFFFFFF) + (w3 & 0xFFFFFF);
        int size = WORD_TILES(f);
        if (k0 >= nclass[0] || k1 >= nclass[1] || k2 >= nclass[2] || k3 >= nclass[3] ||
            size < 1 || size > 14 || size % 3 == 0)
            return row;
        int rest = second[first[k0 * nb + k1] * nc + k2];
        int d = form_distance(form, dist[(rest * n3 + k3) * 5 + size / 3], size, 1,
                              WORD_PAIRS(f), WORD_KINDS(f), WORD_ORPHANS(f),
                              WORD_ORPHAN_PAIR(f));
        if (d < 0)
            return row;
        out[row] = (int8_t)(d - 1);
    }
    return -1;
}

PyDoc_STRVAR(batch_shanten_doc,
"batch_shanten(counts, out, players, form, start, stop)\n--\n\n"
"Write the shanten number of rows [start, stop) of the (N, 34) uint8 counts into the\n"
"int8 buffer out, without the GIL; form as for distance(). Returns -1, or the first\n"
"row that is not a valid hand (for seven pairs or thirteen orphans alone: not 13 or 14\n"
"tiles), where it stopped.");

static PyObject *
k_batch_shanten(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *counts, *out;
    int players, form;
    Py_ssize_t start, stop;
    if (!PyArg_ParseTuple(args, "OOiinn:batch_shanten", &counts, &out, &players, &form,
                          &start, &stop))
        return NULL;
    const Rules *rules = rules_of(players);
    if (rules == NULL)
        return NULL;
    if (form < 0 || form > 3) {
        PyErr_SetString(PyExc_ValueError, "form is 0 to 3");
        return NULL;
    }
    for (int p = 0; p < 4; p++)
        if (rules->part[p].words == NULL) {
            PyErr_SetString(PyExc_RuntimeError, "the words are not installed (install_words)");
            return NULL;
        }
    Views views;
    if (!batch_views(counts, out, 1, start, stop, &views))
        return NULL;
    const uint8_t *hands = views.counts.buf;
    int8_t *result = views.out.buf;
    Py_ssize_t bad = -1;
    Py_BEGIN_ALLOW_THREADS
    bad = shanten_rows(rules, hands, result, form, start, stop);
    Py_END_ALLOW_THREADS
    release(&views);
    return PyLong_FromSsize_t(bad);
}

PyDoc_STRVAR(batch_ukeire_doc,
"batch_ukeire(counts, out, players, start, stop)\n--\n\n"
"Write the effective tiles (all forms) of rows [start, stop) of the (N, 34) uint8\n"
"counts of 3n+1 hands into the (N, 34) bool buffer out, without the GIL. Returns -1,\n"
"or the first row that is not a valid 3n+1 hand, where it stopped.");

static PyObject *
k_batch_ukeire(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *counts, *out;
    int players;
    Py_ssize_t start, stop;
    if (!PyArg_ParseTuple(args, "OOinn:batch_ukeire", &counts, &out, &players, &start,
                          &stop))
        return NULL;
    const Rules *rules = rules_of(players);
    if (rules == NULL)
        return NULL;
    Views views;
    if (!batch_views(counts, out, NUM_TILES, start, stop, &views))
        return NULL;
    const uint8_t *hands = views.counts.buf;
    uint8_t *result = views.out.buf;
    Py_ssize_t bad = -1;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t row = start; row < stop; row++) {
        const uint8_t *c = hands + row * NUM_TILES;
        uint64_t f = summary(c), mask = 0;
        if (!fits(rules, f) || TILES_OF(f) % 3 != 1 ||
            !effective(rules, c, f, FORM_ALL, 1, &mask)) {
            bad = row;
            break;
        }
        uint8_t *r = result + row * NUM_TILES;
        for (int t = 0; t < NUM_TILES; t++)
            r[t] = (uint8_t)(mask >> t & 1);
    }
    Py_END_ALLOW_THREADS
    release(&views);
    return PyLong_FromSsize_t(bad);
}

/* ---------------------------------------------------------------------------------- */
/* The public verbs                                                                    */

enum { VERB_SHANTEN = 0, VERB_UKEIRE = 1, VERB_DISCARDS = 2 };

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *fallback;
    PyObject *dict;
    int verb;
} Verb;

static int
named(PyObject *name, PyObject *interned, const char *text)
{
    return name == interned || PyUnicode_CompareWithASCIIString(name, text) == 0;
}

static int
empty(PyObject *value)
{
    return ((PyTuple_CheckExact(value) || PyList_CheckExact(value)) &&
            PySequence_Fast_GET_SIZE(value) == 0) ||
           (PyUnicode_CheckExact(value) && PyUnicode_GET_LENGTH(value) == 0);
}

/* The answer of the common case, or NULL: with an exception set on failure, without one
 * where the call is the fallback's. */
static PyObject *
answer(Verb *self, PyObject *hand, PyObject *const *values, PyObject *kwnames)
{
    int players = 4, form = FORM_ALL;
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i), *value = values[i];
        if (named(name, S_MELDS, "melds")) {
            if (!empty(value) || PyUnicode_CheckExact(value))
                return NULL;
        }
        else if (named(name, S_PLAYERS, "players")) {
            if (value == SMALL[4])
                players = 4;
            else if (value == SMALL[3])
                players = 3;
            else
                return NULL;
        }
        else if (named(name, S_COPIES, "count_melded_copies")) {
            if (value != Py_False && value != Py_True)
                return NULL; /* with no melds either rule is the same */
        }
        else if (self->verb != VERB_SHANTEN && named(name, S_VISIBLE, "visible")) {
            if (!empty(value))
                return NULL;
        }
        else if (self->verb != VERB_SHANTEN && named(name, S_FORM, "form")) {
            if (!PyUnicode_CheckExact(value))
                return NULL;
            if (PyUnicode_CompareWithASCIIString(value, "all") == 0)
                form = FORM_ALL;
            else if (PyUnicode_CompareWithASCIIString(value, "standard") == 0)
                form = FORM_STANDARD;
            else
                return NULL;
        }
        else if (self->verb == VERB_DISCARDS && named(name, S_SECOND, "second_step")) {
            if (value != Py_False)
                return NULL;
        }
        else
            return NULL;
    }
    if (PyErr_Occurred()) /* a failed name comparison */
        return NULL;
    const Rules *rules = &RULES[players - 3];
    uint8_t counts[NUM_TILES], unseen[NUM_TILES];
    if (!rules->installed || !SEVEN || !NAMES || !read_hand(hand, counts))
        return NULL;
    uint64_t f = summary(counts);
    if (!fits(rules, f))
        return NULL;
    int size = TILES_OF(f);
    if (self->verb == VERB_SHANTEN) {
        int d = row_distance(rules, counts, f, FORM_ALL, 1);
        return d >= 0 ? PyLong_FromLong(d - 1) : NULL;
    }
    for (int t = 0; t < NUM_TILES; t++)
        unseen[t] = (uint8_t)(4 - counts[t]);
    if (self->verb == VERB_UKEIRE) {
        uint64_t mask;
        int d;
        if (size % 3 != 1 || !(d = effective(rules, counts, f, form, 1, &mask)))
            return NULL;
        return make_ukeire(d - 1, mask, unseen);
    }
    if (size % 3 != 2)
        return NULL;
    return discard_table(rules, counts, f, form, 1, unseen);
}

static PyObject *
verb_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Verb *self = (Verb *)op;
    if (PyVectorcall_NARGS(nargsf) == 1) {
        PyObject *result = answer(self, args[0], args + 1, kwnames);
        if (result != NULL || PyErr_Occurred())
            return result;
    }
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static PyObject *
verb_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    int verb;
    PyObject *fallback;
    static char *keywords[] = {"verb", "fallback", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iO:Verb", keywords, &verb, &fallback))
        return NULL;
    if (verb < VERB_SHANTEN || verb > VERB_DISCARDS || !PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_ValueError, "Verb(verb 0-2, callable fallback)");
        return NULL;
    }
    Verb *self = (Verb *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->vectorcall = verb_vectorcall;
    self->verb = verb;
    Py_INCREF(fallback);
    self->fallback = fallback;
    return (PyObject *)self;
}

static int
verb_traverse(PyObject *op, visitproc visit, void *arg)
{
    Verb *self = (Verb *)op;
    Py_VISIT(self->fallback);
    Py_VISIT(self->dict);
    return 0;
}

static int
verb_clear(PyObject *op)
{
    Verb *self = (Verb *)op;
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->dict);
    return 0;
}

static void
verb_dealloc(PyObject *op)
{
    PyObject_GC_UnTrack(op);
    verb_clear(op);
    Py_TYPE(op)->tp_free(op);
}

static PyObject *
verb_repr(PyObject *op)
{
    return PyUnicode_FromFormat("<kernel verb for %R>", ((Verb *)op)->fallback);
}

/* Pickled by name, as functions are: the verb is found again where its __module__ and
 * __qualname__ say (shanten.shanten and so on), so process pools can send it. */
static PyObject *
verb_reduce(PyObject *self, PyObject *Py_UNUSED(ignored))
{
    return PyObject_GetAttrString(self, "__qualname__");
}

static PyMethodDef verb_methods[] = {
    {"__reduce__", verb_reduce, METH_NOARGS, "Pickle the verb by its qualified name."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef verb_members[] = {
    {"fallback", Py_T_OBJECT_EX, offsetof(Verb, fallback), READONLY,
     "The Python function that takes every call the kernel does not answer."},
    {NULL},
};

static PyGetSetDef verb_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL},
};

static PyTypeObject VerbType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "shanten._kernel._c.Verb",
    .tp_basicsize = sizeof(Verb),
    .tp_dealloc = verb_dealloc,
    .tp_vectorcall_offset = offsetof(Verb, vectorcall),
    .tp_repr = verb_repr,
    .tp_call = PyVectorcall_Call,
    .tp_getattro = PyObject_GenericGetAttr,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A public verb answered by the kernel, its fallback taking the rest.",
    .tp_traverse = verb_traverse,
    .tp_clear = verb_clear,
    .tp_methods = verb_methods,
    .tp_members = verb_members,
    .tp_getset = verb_getset,
    .tp_dictoffset = offsetof(Verb, dict),
    .tp_new = verb_new,
};

/* ---------------------------------------------------------------------------------- */
/* The discard odds                                                                    */

#include "odds_graph.c"
#include "odds.c"
#include "odds_run.c"

/* ---------------------------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"install", install, METH_VARARGS, install_doc},
    {"install_closed", install_closed, METH_VARARGS, install_closed_doc},
    {"install_words", install_words, METH_VARARGS, install_words_doc},
    {"configure", configure, METH_VARARGS, configure_doc},
    {"distance", k_distance, METH_VARARGS, distance_doc},
    {"ukeire", k_ukeire, METH_VARARGS, ukeire_doc},
    {"effective", k_effective, METH_VARARGS, effective_doc},
    {"discards", k_discards, METH_VARARGS, discards_doc},
    {"batch_shanten", k_batch_shanten, METH_VARARGS, batch_shanten_doc},
    {"batch_ukeire", k_batch_ukeire, METH_VARARGS, batch_ukeire_doc},
    {"odds", k_odds, METH_VARARGS, odds_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "shanten._kernel._c",
    .m_doc = "The C kernel of shanten: table lookups for the hot paths.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__c(void)
{
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    for (int i = 0; i < 13; i++)
        IS_ORPHAN[orphans[i]] = 1;
    for (int v = 0; v < 5; v++)
        if ((SMALL[v] = PyLong_FromLong(v)) == NULL)
            return NULL;
    find_small_stride();
    if (!(HELD = PyList_New(0)) || !(S_COUNTS = PyUnicode_InternFromString("_counts")) ||
        !(S_MELDS = PyUnicode_InternFromString("melds")) ||
        !(S_PLAYERS = PyUnicode_InternFromString("players")) ||
        !(S_COPIES = PyUnicode_InternFromString("count_melded_copies")) ||
        !(S_VISIBLE = PyUnicode_InternFromString("visible")) ||
        !(S_FORM = PyUnicode_InternFromString("form")) ||
        !(S_SECOND = PyUnicode_InternFromString("second_step")))
        return NULL;
    if (PyType_Ready(&VerbType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL)
        return NULL;
    Py_INCREF(&VerbType);
    if (PyModule_AddObject(module, "Verb", (PyObject *)&VerbType) < 0) {
        Py_DECREF(&VerbType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
