/*
 * The melded-copies rule (count_melded_copies with melds): a meld's copies cap the
 * complete hand, so tile t may appear at most caps[t] times in it. The fixed tables
 * assume 4 copies of every tile, so a part holding a capped tile has its distances
 * recomputed as their definition says: for each target (sets, pairs), the least
 * sum of max(w_i - h_i, 0) over the part's complete shapes w within the caps. The other
 * parts read their classes' vectors, and the four combine by the min-plus product (as
 * shanten.tables.minplus does). A call keeps the capped parts' vectors it has computed,
 * by their codes, in a Caps of its own.
 */
#ifndef SHANTEN_CAPPED_H
#define SHANTEN_CAPPED_H

#include "lookup.h"

KERNEL_HIDDEN_BEGIN

/* A capped part's vectors known so far, by code: open addressing, key -1 for empty. */
typedef struct {
    int32_t *key;
    uint8_t *vector; /* 10 per slot */
    size_t slots, used;
} CapsMemo;

/* One call's caps: the rules, each tile's cap, which parts hold a capped tile, the
 * columns worth computing (targets of at most `sets` sets), and the memos. */
typedef struct Caps {
    const Rules *rules;
    uint8_t caps[NUM_TILES];
    int capped[4];
    uint64_t cap_low[4]; /* a capped part's caps of its first 8 tiles, a byte each */
    int cap_high[4];     /* of its ninth */
    int columns;
    CapsMemo memo[4];
} Caps;

/* capped.c */
int caps_read(PyObject *object, const Rules *rules, uint8_t caps[NUM_TILES], int *any);
void caps_init(Caps *c, const Rules *rules, const uint8_t caps[NUM_TILES], int sets);
void caps_free(Caps *c);
int caps_within(const Caps *c, const uint8_t *counts);
int caps_vector(Caps *c, int p, int32_t code, uint8_t out[10]);
void minplus(const uint8_t *a, const uint8_t *b, uint8_t out[10]);
int minplus_goal(const uint8_t *a, const uint8_t *b, int sets);
int caps_vectors(Caps *c, const int32_t code[4], uint8_t vector[4][10]);
void caps_rests(const uint8_t vector[4][10], uint8_t rest[4][10]);
int caps_distance(Caps *c, const uint8_t *counts, uint64_t f, int form, int closed);
int caps_effective(Caps *c, const uint8_t *counts, uint64_t f, int form, int closed,
                   uint64_t *mask);

KERNEL_HIDDEN_END

#endif /* SHANTEN_CAPPED_H */
