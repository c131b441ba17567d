/*
 * The discard odds' store: the hands the starts of one call meet, each with its draws
 * worked out once (a draw's distance after it, and for a draw the player may keep, the
 * hands its allowed discards leave, whatever the swap budget), by odds_expand.c, when a
 * start first reaches the hand or a batch gathers it ahead, and stored in the order of
 * the batch. The model is shanten._native.odds's (the plain reference, whose Graph works
 * out the same draws and keeps step for step); odds_graph.c reads the store through each
 * start's wall counts and swap budget.
 */
#include "odds.h"

static uint64_t
odds_hash(const uint8_t *c)
{
    uint64_t h = load8(c) * 0x9E3779B97F4A7C15ULL;
    h = (h ^ (h >> 29) ^ load8(c + 8)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 31) ^ load8(c + 16)) * 0x94D049BB133111EBULL;
    h = (h ^ (h >> 29) ^ load8(c + 24)) * 0x9E3779B97F4A7C15ULL;
    h ^= (uint64_t)c[32] << 8 | c[33];
    return h ^ (h >> 32);
}

/* Grows *array to hold `cap` items of `size` bytes; 0 if out of memory (it stays valid). */
int
odds_grow(void *array, size_t cap, size_t size)
{
    void *q = realloc(*(void **)array, cap * size);
    if (q == NULL)
        return 0;
    *(void **)array = q;
    return 1;
}

void
odds_store_free(OddsStore *st)
{
    free(st->hands), free(st->dist), free(st->beyond), free(st->entry_at);
    free(st->entries), free(st->tile), free(st->after), free(st->keeps), free(st->keep_at);
    free(st->kept), free(st->discard), free(st->left), free(st->slot);
    memset(st, 0, sizeof *st);
}

/* The bytes the store holds. */
size_t
odds_store_bytes(const OddsStore *st)
{
    return (size_t)st->cap * (NUM_TILES + 2 + 5) + (size_t)st->ecap * 7 +
           (size_t)st->kcap * 6 + st->slots * 4;
}

/* The hash table of the store's hands, rebuilt with `slots` slots. */
int
odds_rehash(OddsStore *st, size_t slots)
{
    int32_t *table = malloc(slots * sizeof *table);
    if (table == NULL)
        return 0;
    memset(table, 0xFF, slots * sizeof *table);
    for (int h = 0; h < st->n; h++) {
        size_t i = odds_hash(st->hands + (size_t)h * NUM_TILES) & (slots - 1);
        while (table[i] >= 0)
            i = (i + 1) & (slots - 1);
        table[i] = h;
    }
    free(st->slot);
    st->slot = table;
    st->slots = slots;
    return 1;
}

/* The slot of the hash table that holds `hand`, or the empty one where it would go. */
static size_t
odds_slot(const OddsStore *st, const uint8_t *hand)
{
    size_t i = odds_hash(hand) & (st->slots - 1);
    while (st->slot[i] >= 0 &&
           memcmp(st->hands + (size_t)st->slot[i] * NUM_TILES, hand, NUM_TILES) != 0)
        i = (i + 1) & (st->slots - 1);
    return i;
}

/* The store's index of `hand`, -1 if it has none: it only reads the store. */
int32_t
odds_find(const OddsStore *st, const uint8_t *hand)
{
    return st->slot[odds_slot(st, hand)];
}

/* The store's index of `hand`, added with its distance and tiles beyond the cover if
 * new; -1 out of memory. */
int32_t
odds_hand(OddsStore *st, const uint8_t *hand, int dist, int beyond)
{
    size_t i = odds_slot(st, hand);
    if (st->slot[i] >= 0)
        return st->slot[i];
    if (st->n == st->cap) {
        size_t cap = st->cap ? (size_t)st->cap * 2 : 1024;
        if (cap > INT32_MAX || !odds_grow(&st->hands, cap, NUM_TILES) ||
            !odds_grow(&st->dist, cap, 1) || !odds_grow(&st->beyond, cap, 1) ||
            !odds_grow(&st->entry_at, cap, sizeof(int32_t)) || !odds_grow(&st->entries, cap, 1))
            return -1;
        st->cap = (int)cap;
    }
    int32_t h = st->n++;
    memcpy(st->hands + (size_t)h * NUM_TILES, hand, NUM_TILES);
    st->dist[h] = (int8_t)dist;
    st->beyond[h] = (int8_t)beyond;
    st->entry_at[h] = -1;
    st->entries[h] = 0;
    st->slot[i] = h;
    if ((size_t)st->n * 2 > st->slots && !odds_rehash(st, st->slots * 2))
        return -1;
    return h;
}

/* Appends a keep to the store: the hand kept, the tile discarded and the distance after
 * it; 0 if out of memory. */
static inline int
odds_push_keep(OddsStore *st, int32_t kept, int x, int left)
{
    if (st->nk == st->kcap) {
        size_t cap = st->kcap ? (size_t)st->kcap * 2 : 4096;
        if (cap > INT32_MAX || !odds_grow(&st->kept, cap, sizeof(int32_t)) ||
            !odds_grow(&st->discard, cap, 1) || !odds_grow(&st->left, cap, 1))
            return 0;
        st->kcap = (int)cap;
    }
    st->kept[st->nk] = kept;
    st->discard[st->nk] = (uint8_t)x;
    st->left[st->nk++] = (uint8_t)left;
    return 1;
}

/* Appends a draw entry to the store: the tile drawn, the distance with it and its keeps
 * from `keep_first` on; 0 if out of memory. */
static inline int
odds_push_entry(OddsStore *st, int t, int after, int keep_first)
{
    if (st->ne == st->ecap) {
        size_t cap = st->ecap ? (size_t)st->ecap * 2 : 4096;
        if (cap > INT32_MAX || !odds_grow(&st->tile, cap, 1) || !odds_grow(&st->after, cap, 1) ||
            !odds_grow(&st->keeps, cap, 1) || !odds_grow(&st->keep_at, cap, sizeof(int32_t)))
            return 0;
        st->ecap = (int)cap;
    }
    st->tile[st->ne] = (uint8_t)t;
    st->after[st->ne] = (uint8_t)after;
    st->keeps[st->ne] = (uint8_t)(st->nk - keep_first);
    st->keep_at[st->ne++] = keep_first;
    return 1;
}

/* Puts a worked-out hand into the store: its entries and keeps, each hand kept that the
 * store did not have added (or found, if an earlier hand of the batch added it); 0 if
 * out of memory. */
static int
odds_commit(OddsStore *st, const OddsWork *w)
{
    uint8_t hand[NUM_TILES];
    memcpy(hand, st->hands + (size_t)w->hand * NUM_TILES, NUM_TILES);
    int first = st->ne, k = 0;
    for (int e = 0; e < w->ne; e++) {
        int t = w->tile[e], keep_first = st->nk;
        hand[t]++;
        for (int end = k + w->keeps[e]; k < end; k++) {
            int32_t kept = w->kept[k];
            int x = w->discard[k];
            if (kept < 0) {
                hand[x]--;
                kept = odds_hand(st, hand, w->left[k], w->beyond[k]);
                hand[x]++;
            }
            if (kept < 0 || !odds_push_keep(st, kept, x, w->left[k]))
                return 0;
        }
        hand[t]--;
        if (!odds_push_entry(st, t, w->after[e], keep_first))
            return 0;
    }
    st->entry_at[w->hand] = first;
    st->entries[w->hand] = (uint8_t)(st->ne - first);
    return 1;
}

/* A batch of hands being worked out. */
typedef struct {
    const OddsStore *st;
    const OddsShared *sh;
    const int32_t *hands;
    OddsWork *work;
} OddsBatch;

/* Works out hand i of a batch; a failure (never) leaves ne at -1. */
static void
odds_work_one(void *batch, int i)
{
    OddsBatch *b = batch;
    if (!odds_expand_hand(b->st, b->sh, b->hands[i], &b->work[i]))
        b->work[i].ne = -1;
}

/* Works out the draws of the store's hands `hands` (none worked out yet, all distinct),
 * with the help of the call's idle threads when `helpers` has some and the call has no
 * caps (which one thread reads): each hand is worked out with the store standing still,
 * then stored in order, so that the store is the same as if they were worked out one by
 * one. `work` holds at least `count`; 0 if out of memory. */
int
odds_work_out(OddsStore *st, const OddsShared *sh, OddsQueue *helpers, OddsWork *work,
              const int32_t *hands, int count)
{
    OddsBatch batch = {st, sh, hands, work};
    odds_help(sh->caps ? NULL : helpers, odds_work_one, &batch, count);
    for (int i = 0; i < count; i++)
        if (work[i].ne < 0 || !odds_commit(st, &work[i]))
            return 0;
    return 1;
}
