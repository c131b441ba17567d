/*
 * The melded-copies rule (see capped.h): a capped part's distance vector from its
 * complete shapes within the caps, the other parts' from their classes, and the hand's
 * distance and effective tiles from the four by the min-plus product. Only the parts a
 * meld caps are recomputed, each code once per call (the memo).
 */
#include "capped.h"

#include <stdlib.h>

/* The top bit of every byte. */
#define HIGH_BITS (0x80 * ONES)

/* Caps from `object`: None (no caps), or 34 bytes 0..4; *any tells whether a tile of the
 * game is capped below 4 (only then do the caps change anything). 0 with an exception
 * set if `object` is neither, or the melded-copies rule's tables are not installed. */
int
caps_read(PyObject *object, const Rules *rules, uint8_t caps[NUM_TILES], int *any)
{
    *any = 0;
    if (object == Py_None)
        return 1;
    if (!read_bytes(object, caps, "caps"))
        return 0;
    for (int t = 0; t < NUM_TILES; t++)
        *any |= rules->part_of[t] >= 0 && caps[t] < 4;
    if (*any && !shapes_ready(rules)) {
        PyErr_SetString(PyExc_RuntimeError,
                        "the complete shapes are not installed (install_shapes)");
        return 0;
    }
    return 1;
}

/* The caps of one call, for hands of `sets` sets and a pair (3 * sets + 1 or 2 tiles). */
void
caps_init(Caps *c, const Rules *rules, const uint8_t caps[NUM_TILES], int sets)
{
    memset(c, 0, sizeof *c);
    c->rules = rules;
    memcpy(c->caps, caps, NUM_TILES);
    c->columns = 2 * sets + 2 < 10 ? 2 * sets + 2 : 10;
    for (int p = 0; p < 4; p++) {
        const Part *part = &rules->part[p];
        uint64_t low = 4 * ONES; /* the bytes past the part's tiles: 4, any shape's 0 fits */
        int high = 4;
        for (int j = 0; j < part->ntiles; j++) {
            int cap = caps[part->tiles[j]];
            c->capped[p] |= cap < 4;
            if (j < 8)
                low = (low & ~((uint64_t)0xFF << 8 * j)) | (uint64_t)cap << 8 * j;
            else
                high = cap;
        }
        c->cap_low[p] = low;
        c->cap_high[p] = high;
    }
}

void
caps_free(Caps *c)
{
    for (int p = 0; p < 4; p++) {
        free(c->memo[p].key);
        free(c->memo[p].vector);
    }
    memset(c, 0, sizeof *c);
}

/* Whether the counts of the game's tiles are within the caps. */
int
caps_within(const Caps *c, const uint8_t *counts)
{
    for (int t = 0; t < NUM_TILES; t++)
        if (c->rules->part_of[t] >= 0 && counts[t] > c->caps[t])
            return 0;
    return 1;
}

/* The distance vector of capped part p at `code`: for each target column below
 * c->columns, the least tiles to draw over the complete shapes w within the caps, of
 * sum max(w_i - h_i, 0) (15 where none is within them); the other columns 15. A shape's
 * tiles are a byte each (SWAR): (w | 0x80) - h holds 0x80 + w - h in each byte, whose
 * top bit says w >= h and whose low bits are then w - h. */
static void
capped_vector(const Caps *c, int p, int32_t code, uint8_t out[10])
{
    const Part *part = &c->rules->part[p];
    uint64_t low = 0;
    int high = 0;
    for (int j = 0; j < part->ntiles; j++) {
        int digit = code / part->weights[j] % 5;
        if (j < 8)
            low |= (uint64_t)digit << 8 * j;
        else
            high = digit;
    }
    memset(out, 15, 10);
    uint64_t cap_low = c->cap_low[p] | HIGH_BITS;
    int cap_high = c->cap_high[p];
    const uint8_t *shape = part->shapes;
    const uint8_t *end = shape + (size_t)part->shape_start[c->columns] * SHAPE_BYTES;
    for (; shape < end; shape += SHAPE_BYTES) {
        uint64_t w = load8(shape);
        int w_high = shape[8];
        if (((cap_low - w) & HIGH_BITS) != HIGH_BITS || w_high > cap_high)
            continue; /* a tile beyond its cap */
        uint64_t x = (w | HIGH_BITS) - low;
        uint64_t over = x & (((x & HIGH_BITS) >> 7) * 0xFF) & ~HIGH_BITS;
        int cost = (int)BYTE_SUM(over) + (w_high > high ? w_high - high : 0);
        int target = shape[SHAPE_TARGET];
        if (cost < out[target])
            out[target] = (uint8_t)cost;
    }
}

static size_t
memo_index(int32_t code, size_t slots)
{
    return (size_t)(((uint64_t)(uint32_t)code * 0x9E3779B97F4A7C15ULL) >> 32) & (slots - 1);
}

/* The memo with `slots` slots, its entries moved over; 0 if out of memory (it stays). */
static int
memo_grow(CapsMemo *m, size_t slots)
{
    int32_t *key = malloc(slots * sizeof *key);
    uint8_t *vector = malloc(slots * 10);
    if (key == NULL || vector == NULL) {
        free(key), free(vector);
        return 0;
    }
    memset(key, 0xFF, slots * sizeof *key);
    for (size_t i = 0; i < m->slots; i++) {
        if (m->key[i] < 0)
            continue;
        size_t j = memo_index(m->key[i], slots);
        while (key[j] >= 0)
            j = (j + 1) & (slots - 1);
        key[j] = m->key[i];
        memcpy(vector + j * 10, m->vector + i * 10, 10);
    }
    free(m->key), free(m->vector);
    m->key = key, m->vector = vector, m->slots = slots;
    return 1;
}

/* Part p's distance vector at `code` (a code of counts 0-4): its class's if no tile of
 * it is capped, else recomputed (once per code: the memo). 0 if the part has no class
 * (it holds more than 14 tiles, as no hand here does) and is not capped. */
int
caps_vector(Caps *c, int p, int32_t code, uint8_t out[10])
{
    const Part *part = &c->rules->part[p];
    if (!c->capped[p]) {
        int k = part->ids[code];
        if (k >= part->nclass)
            return 0;
        memcpy(out, part->vectors + k * 10, 10);
        return 1;
    }
    CapsMemo *m = &c->memo[p];
    size_t i = 0;
    if (m->slots) {
        for (i = memo_index(code, m->slots); m->key[i] >= 0; i = (i + 1) & (m->slots - 1))
            if (m->key[i] == code) {
                memcpy(out, m->vector + i * 10, 10);
                return 1;
            }
    }
    capped_vector(c, p, code, out);
    /* kept if there is room (out of memory, it is computed again the next time) */
    if ((m->used + 1) * 2 > m->slots) {
        if (!memo_grow(m, m->slots ? m->slots * 2 : 256))
            return 1;
        for (i = memo_index(code, m->slots); m->key[i] >= 0; i = (i + 1) & (m->slots - 1))
            ;
    }
    m->key[i] = code;
    memcpy(m->vector + i * 10, out, 10);
    m->used++;
    return 1;
}

/* The min-plus product of two distance vectors (shanten.tables.minplus.product): the
 * fewest tiles two parts together need for each target, clipped at 15 as the tables
 * are (no hand needs 15). */
void
minplus(const uint8_t *a, const uint8_t *b, uint8_t out[10])
{
    for (int x = 0; x < 5; x++) {
        int no_pair = a[0] + b[2 * x];
        int a_pair = a[1] + b[2 * x], b_pair = a[0] + b[2 * x + 1];
        int pair = a_pair < b_pair ? a_pair : b_pair;
        for (int x1 = 1; x1 <= x; x1++) {
            int x2 = x - x1;
            int v = a[2 * x1] + b[2 * x2];
            no_pair = v < no_pair ? v : no_pair;
            v = a[2 * x1 + 1] + b[2 * x2];
            pair = v < pair ? v : pair;
            v = a[2 * x1] + b[2 * x2 + 1];
            pair = v < pair ? v : pair;
        }
        out[2 * x] = (uint8_t)(no_pair < 15 ? no_pair : 15);
        out[2 * x + 1] = (uint8_t)(pair < 15 ? pair : 15);
    }
}

/* The product's entry (sets, a pair) alone (shanten.tables.minplus.goal). */
int
minplus_goal(const uint8_t *a, const uint8_t *b, int sets)
{
    int best = a[1] + b[2 * sets];
    for (int x1 = 0; x1 <= sets; x1++) {
        int x2 = sets - x1;
        int v = a[2 * x1 + 1] + b[2 * x2];
        best = v < best ? v : best;
        v = a[2 * x1] + b[2 * x2 + 1];
        best = v < best ? v : best;
    }
    return best;
}

/* The four parts' vectors at their codes; 0 if a part has no class. */
int
caps_vectors(Caps *c, const int32_t code[4], uint8_t vector[4][10])
{
    for (int p = 0; p < 4; p++)
        if (!caps_vector(c, p, code[p], vector[p]))
            return 0;
    return 1;
}

/* Each part's rest: the product of the other three's vectors. */
void
caps_rests(const uint8_t vector[4][10], uint8_t rest[4][10])
{
    uint8_t first[10], last[10];
    minplus(vector[0], vector[1], first);
    minplus(vector[2], vector[3], last);
    minplus(vector[1], last, rest[0]);
    minplus(vector[0], last, rest[1]);
    minplus(first, vector[3], rest[2]);
    minplus(first, vector[2], rest[3]);
}

/* The closed forms' counts of a hand's summary, in a State. */
static void
closed_counts(uint64_t f, State *s)
{
    s->pairs = PAIRS_OF(f), s->kinds = KINDS_OF(f);
    s->orphans = ORPHANS_OF(f), s->orphan_pairs = ORPHAN_PAIRS_OF(f);
}

/* row_distance() under the caps: the distance in `form` of a hand that fits() and is
 * within the caps; -1 where row_distance() gives -1. */
int
caps_distance(Caps *c, const uint8_t *counts, uint64_t f, int form, int closed)
{
    int32_t code[4];
    uint8_t vector[4][10], first[10], last[10];
    codes_of(c->rules->players, counts, code);
    if (!caps_vectors(c, code, vector))
        return -1;
    minplus(vector[0], vector[1], first);
    minplus(vector[2], vector[3], last);
    int size = TILES_OF(f);
    int standard = minplus_goal(first, last, size / 3);
    return form_distance(form, standard, size, closed, PAIRS_OF(f), KINDS_OF(f), ORPHANS_OF(f),
                         ORPHAN_PAIRS_OF(f));
}

/* effective() under the caps: the distance of a 3n+1 hand that fits() and is within the
 * caps, and in *mask the tiles whose draw lowers it, among those held fewer times than
 * their cap; 0 if the tables do not hold the hand. */
int
caps_effective(Caps *c, const uint8_t *counts, uint64_t f, int form, int closed,
               uint64_t *mask)
{
    const Rules *rules = c->rules;
    int32_t code[4];
    uint8_t vector[4][10], rest[4][10], after[10];
    int size = TILES_OF(f), sets = size / 3;
    codes_of(rules->players, counts, code);
    if (!caps_vectors(c, code, vector))
        return 0;
    caps_rests(vector, rest);
    int best = minplus_goal(vector[3], rest[3], sets), other = 99;
    State s;
    closed_counts(f, &s);
    if (closed && form == FORM_ALL && size == 13) {
        other = closed_distance(FORM_ALL, s.pairs, s.kinds, s.orphans, s.orphan_pairs);
        best = other < best ? other : best;
    }
    uint64_t found = 0;
    for (int p = 0; p < 4; p++) {
        const Part *part = &rules->part[p];
        for (int j = 0; j < part->ntiles; j++) {
            int t = part->tiles[j];
            if (counts[t] >= c->caps[t] || !caps_vector(c, p, code[p] + part->weights[j], after))
                continue;
            if (minplus_goal(after, rest[p], sets) < best)
                found |= (uint64_t)1 << t;
        }
    }
    /* a draw lowers a closed form by at most 1: only one at the minimum can help */
    if (other <= best) {
        for (int t = 0; t < NUM_TILES; t++) {
            if (rules->part_of[t] < 0 || counts[t] >= c->caps[t])
                continue;
            if (closed_moved_distance(&s, counts[t], IS_ORPHAN[t], +1) < best)
                found |= (uint64_t)1 << t;
        }
    }
    *mask = found;
    return best;
}
