/*
 * The discard odds' work-out of one hand: its draws, each with the distance after it,
 * and for a draw the player may keep, the discards allowed and the distances they leave,
 * whatever the swap budget (odds_store.c stores them). It only reads the store, so that
 * several threads can work out hands at once while the store stands still. The model is
 * shanten._native.odds's (the plain reference, whose Graph works out the same draws and
 * keeps step for step).
 */
#include "odds.h"

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


/* Offers the keep that discards x from the drawn hand `hand` (distance `after`, after
 * a draw that `advanced` the hand or not), leaving distance `left` and `kept_beyond`
 * tiles beyond the cover: listed when the switches and the largest budget allow it, with
 * the hand kept if the store has it already. */
static inline void
odds_offer_keep(OddsWork *w, const OddsStore *st, const OddsShared *sh, uint8_t *hand, int x,
                int after, int advanced, int left, int kept_beyond)
{
    int allowed = left > after ? sh->shanten_back : (advanced || sh->hand_changes);
    if (!allowed || left + kept_beyond > sh->budget)
        return;
    hand[x]--;
    w->kept[w->nk] = odds_find(st, hand);
    hand[x]++;
    w->discard[w->nk] = (uint8_t)x;
    w->left[w->nk] = (uint8_t)left;
    w->beyond[w->nk++] = (int8_t)kept_beyond;
}

/* Ends the draw of tile t (distance `after` with it), whose keeps start at keep_first:
 * an entry, unless the draw is always thrown back. */
static inline void
odds_end_draw(OddsWork *w, int t, int after, int keep_first)
{
    if (w->nk == keep_first && after > 1) /* always thrown back */
        return;
    w->tile[w->ne] = (uint8_t)t;
    w->after[w->ne] = (uint8_t)after;
    w->keeps[w->ne++] = (uint8_t)(w->nk - keep_first);
}

/* Works out the draws of the store's hand h into w: an entry per tile in the wall that
 * can matter (it succeeds, or the player may keep it), with its keeps in tile order.
 * Every start's swaps are at least the tiles beyond the cover, so a keep past the
 * largest budget by those alone is left out. Discarding the drawn tile's kind is
 * throwing the draw back, not a keep. 0 never happens (every hand fits the tables). */
static int
odds_expand(const OddsStore *st, const OddsShared *sh, int32_t h, OddsWork *w)
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
    w->hand = h, w->ne = w->nk = 0;
    for (int t = 0; t < NUM_TILES; t++) {
        if (!sh->unseen[t] || drawn[t] == NO_CLASS)
            continue;
        int after = odds_changed(rules, hand, &s13, t, +1, drawn[t], sh->with_closed);
        int drawn_beyond = beyond + (hand[t] >= sh->cover[t]);
        int keep_first = w->nk;
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
                odds_offer_keep(w, st, sh, hand, x, after, advanced, left, kept_beyond);
            }
            hand[t]--;
        }
        odds_end_draw(w, t, after, keep_first);
    }
    return 1;
}

/* odds_expand() under the melded-copies rule's caps: the same draws and keeps, each
 * distance from the parts' vectors (capped.c). A tile held as many times as its cap is
 * not drawn: no start's wall holds a copy of it then (the binding checks that each
 * start and the wall stay within the caps). */
static int
odds_expand_capped(const OddsStore *st, const OddsShared *sh, int32_t h, OddsWork *w)
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
    w->hand = h, w->ne = w->nk = 0;
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
        int keep_first = w->nk;
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
                odds_offer_keep(w, st, sh, hand, x, after, advanced, left, kept_beyond);
            }
            hand[t]--;
        }
        odds_end_draw(w, t, after, keep_first);
    }
    return 1;
}

/* Works out the draws of the store's hand h into w, under the melded-copies rule's caps
 * when the call has them (only the thread that builds reads the caps); 0 never happens
 * for a hand of the store (it fits the tables). */
int
odds_expand_hand(const OddsStore *st, const OddsShared *sh, int32_t h, OddsWork *w)
{
    return sh->caps ? odds_expand_capped(st, sh, h, w) : odds_expand(st, sh, h, w);
}
