/*
 * The discard odds' store: the hands the starts of one call meet, each with its draws
 * worked out once, the first time any start meets it (a draw's distance after it, and
 * for a draw the player may keep, the hands its allowed discards leave, whatever the
 * swap budget). The model is shanten._native.odds's (the plain reference, whose Graph
 * works out the same draws and keeps step for step); odds_graph.c reads the store
 * through each start's wall counts and swap budget.
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

/* The store's index of `hand`, added with its distance and tiles beyond the cover if
 * new; -1 out of memory. */
int32_t
odds_hand(OddsStore *st, const uint8_t *hand, int dist, int beyond)
{
    size_t i = odds_hash(hand) & (st->slots - 1);
    for (; st->slot[i] >= 0; i = (i + 1) & (st->slots - 1))
        if (memcmp(st->hands + (size_t)st->slot[i] * NUM_TILES, hand, NUM_TILES) == 0)
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

/* A 3n+1 hand's state after drawing tile t: its part's class is `k` (draw_classes). */
static void
odds_draw_state(const Rules *rules, const uint8_t *counts, const State *s13, int t, int k,
                State *s14)
{
    int q = rules->part_of[t], h = counts[t], orphan = IS_ORPHAN[t];
    *s14 = *s13;
    s14->code[q] += rules->weight_of[t];
    s14->k[q] = k;
    for (int p = 0; p < 4; p++)
        if (p != q)
            s14->rest[p] = rest_of(rules, s14, p);
    closed_move(s14, h, orphan, +1);
}

/* The distance of the hand of state `s` (counts `counts`) with tile t added (+1) or
 * taken away (-1), given its part's class after the change, `k`. */
static inline int
odds_changed(const Rules *rules, const uint8_t *counts, const State *s, int t, int change,
             int k, int with_closed)
{
    int q = rules->part_of[t];
    int d = part_distance(&rules->part[q], s->rest[q], k, s->sets);
    if (with_closed) {
        int c = closed_moved_distance(s, counts[t], IS_ORPHAN[t], change);
        if (c < d)
            d = c;
    }
    return d;
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

/* Offers the keep that discards x from the drawn hand `hand` (distance `after`, after
 * a draw that `advanced` the hand or not), leaving distance `left` and `kept_beyond`
 * tiles beyond the cover: stored when the switches and the largest budget allow it.
 * 0 if out of memory. */
static inline int
odds_offer_keep(OddsStore *st, const OddsShared *sh, uint8_t *hand, int x, int after,
                int advanced, int left, int kept_beyond)
{
    int allowed = left > after ? sh->shanten_back : (advanced || sh->hand_changes);
    if (!allowed || left + kept_beyond > sh->budget)
        return 1;
    hand[x]--;
    int32_t kept = odds_hand(st, hand, left, kept_beyond);
    hand[x]++;
    return kept >= 0 && odds_push_keep(st, kept, x, left);
}

/* Ends the draw of tile t (distance `after` with it), whose keeps start at keep_first:
 * an entry, unless the draw is always thrown back. 0 if out of memory. */
static inline int
odds_end_draw(OddsStore *st, int t, int after, int keep_first)
{
    if (st->nk == keep_first && after > 1) /* always thrown back */
        return 1;
    return odds_push_entry(st, t, after, keep_first);
}

/* Works out the draws of the store's hand h: an entry per tile in the wall that can
 * matter (it succeeds, or the player may keep it), with its keeps in tile order. Every
 * start's swaps are at least the tiles beyond the cover, so a keep past the largest
 * budget by those alone is left out. Discarding the drawn tile's kind is throwing the
 * draw back, not a keep. 0 if out of memory. */
static int
odds_expand(OddsStore *st, const OddsShared *sh, int32_t h)
{
    const Rules *rules = sh->rules;
    uint8_t hand[NUM_TILES], drawn[NUM_TILES];
    memcpy(hand, st->hands + (size_t)h * NUM_TILES, NUM_TILES);
    int before = st->dist[h], beyond = st->beyond[h];
    int extra = sh->hand_changes || sh->shanten_back;
    State s13, s14;
    if (!prepare(rules, hand, summary(hand), &s13))
        return 0; /* never: every hand here fits the tables */
    s13.sets = sh->sets;
    for (int p = 0; p < 4; p++)
        draw_classes(rules, hand, &s13, p, drawn);
    int first = st->ne;
    for (int t = 0; t < NUM_TILES; t++) {
        if (!sh->unseen[t] || drawn[t] == NO_CLASS)
            continue;
        int after = odds_changed(rules, hand, &s13, t, +1, drawn[t], sh->with_closed);
        int drawn_beyond = beyond + (hand[t] >= sh->cover[t]);
        int keep_first = st->nk;
        /* a keep discards at most one tile beyond the cover */
        if (after > 0 && (after < before || extra) && after + drawn_beyond - 1 <= sh->budget) {
            int advanced = after < before;
            odds_draw_state(rules, hand, &s13, t, drawn[t], &s14);
            hand[t]++;
            for (int x = 0; x < NUM_TILES; x++) {
                if (!hand[x] || x == t)
                    continue;
                int kept_beyond = drawn_beyond - (hand[x] > sh->cover[x]);
                /* a discard never lowers the distance: past the budget already */
                if (after + kept_beyond > sh->budget)
                    continue;
                int q = rules->part_of[x];
                const Part *part = &rules->part[q];
                int k = part->ids[s14.code[q] - rules->weight_of[x]];
                if (k >= part->nclass)
                    return 0; /* never: a 13-tile part always has a class */
                int left = odds_changed(rules, hand, &s14, x, -1, k, sh->with_closed);
                if (!odds_offer_keep(st, sh, hand, x, after, advanced, left, kept_beyond))
                    return 0;
            }
            hand[t]--;
        }
        if (!odds_end_draw(st, t, after, keep_first))
            return 0;
    }
    st->entry_at[h] = first;
    st->entries[h] = (uint8_t)(st->ne - first);
    return 1;
}

/* odds_expand() under the melded-copies rule's caps: the same draws and keeps, each
 * distance from the parts' vectors (capped.c). A tile held as many times as its cap is
 * not drawn: no start's wall holds a copy of it then (the binding checks that each
 * start and the wall stay within the caps). */
static int
odds_expand_capped(OddsStore *st, const OddsShared *sh, int32_t h)
{
    const Rules *rules = sh->rules;
    Caps *c = sh->caps;
    uint8_t hand[NUM_TILES];
    memcpy(hand, st->hands + (size_t)h * NUM_TILES, NUM_TILES);
    int before = st->dist[h], beyond = st->beyond[h], sets = sh->sets;
    int extra = sh->hand_changes || sh->shanten_back;
    int32_t code[4], code14[4];
    uint8_t vector[4][10], rest[4][10], vector14[4][10], rest14[4][10], part_after[10];
    State s13, s14;
    uint64_t f = summary(hand);
    s13.pairs = PAIRS_OF(f), s13.kinds = KINDS_OF(f);
    s13.orphans = ORPHANS_OF(f), s13.orphan_pairs = ORPHAN_PAIRS_OF(f);
    codes_of(rules->players, hand, code);
    if (!caps_vectors(c, code, vector))
        return 0; /* never: every hand here fits the tables */
    caps_rests(vector, rest);
    int first = st->ne;
    for (int t = 0; t < NUM_TILES; t++) {
        int q = rules->part_of[t];
        if (!sh->unseen[t] || hand[t] >= c->caps[t] ||
            !caps_vector(c, q, code[q] + rules->weight_of[t], part_after))
            continue;
        int after = minplus_goal(part_after, rest[q], sets);
        if (sh->with_closed) {
            int other = closed_moved_distance(&s13, hand[t], IS_ORPHAN[t], +1);
            after = other < after ? other : after;
        }
        int drawn_beyond = beyond + (hand[t] >= sh->cover[t]);
        int keep_first = st->nk;
        /* a keep discards at most one tile beyond the cover */
        if (after > 0 && (after < before || extra) && after + drawn_beyond - 1 <= sh->budget) {
            int advanced = after < before;
            memcpy(vector14, vector, sizeof vector14);
            memcpy(vector14[q], part_after, 10);
            caps_rests(vector14, rest14);
            memcpy(code14, code, sizeof code14);
            code14[q] += rules->weight_of[t];
            s14 = s13;
            closed_move(&s14, hand[t], IS_ORPHAN[t], +1);
            hand[t]++;
            for (int x = 0; x < NUM_TILES; x++) {
                if (!hand[x] || x == t)
                    continue;
                int kept_beyond = drawn_beyond - (hand[x] > sh->cover[x]);
                /* a discard never lowers the distance: past the budget already */
                if (after + kept_beyond > sh->budget)
                    continue;
                int p = rules->part_of[x];
                if (!caps_vector(c, p, code14[p] - rules->weight_of[x], part_after))
                    return 0; /* never: a 13-tile part always has a class */
                int left = minplus_goal(part_after, rest14[p], sets);
                if (sh->with_closed) {
                    int other = closed_moved_distance(&s14, hand[x], IS_ORPHAN[x], -1);
                    left = other < left ? other : left;
                }
                if (!odds_offer_keep(st, sh, hand, x, after, advanced, left, kept_beyond))
                    return 0;
            }
            hand[t]--;
        }
        if (!odds_end_draw(st, t, after, keep_first))
            return 0;
    }
    st->entry_at[h] = first;
    st->entries[h] = (uint8_t)(st->ne - first);
    return 1;
}

/* Works out the draws of the store's hand h, under the melded-copies rule's caps when
 * the call has them; 0 if out of memory. */
int
odds_work_out(OddsStore *st, const OddsShared *sh, int32_t h)
{
    return sh->caps ? odds_expand_capped(st, sh, h) : odds_expand(st, sh, h);
}
