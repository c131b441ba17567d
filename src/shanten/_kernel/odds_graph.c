/*
 * The discard odds' graphs: the hands a player can reach from each start hand by drawing
 * and discarding, their draws, and each draw's allowed keeps in tile order, read from the
 * store the starts of one call share (odds_store.c) through each start's own wall counts
 * and swap budget. The model is shanten._native.odds's (the plain reference, whose Graph
 * this builds step for step).
 */
#include "odds.h"

void
odds_graph_free(OddsGraph *g)
{
    free(g->id), free(g->dist), free(g->swaps), free(g->depth), free(g->draw_at);
    free(g->succeed);
    free(g->copies), free(g->after), free(g->keep_at), free(g->keep);
    free(g->win_state), free(g->win_tile), free(g->win_copies), free(g->win_before);
    free(g->win_hand);
    memset(g, 0, sizeof *g);
}

/* The largest distance of a hand of the graph: past the draws left it, a hand cannot
 * succeed (a draw lowers the distance by one at most). */
int
odds_farthest(const OddsGraph *g)
{
    int far = 0;
    for (int s = 0; s < g->n; s++)
        far = g->dist[s] > far ? g->dist[s] : far;
    return far;
}

/* Room in the graph for one more hand, a draw and its keeps; 0 if out of memory. */
static int
odds_reserve(OddsGraph *g)
{
    if (g->n + 1 >= g->cap) { /* draw_at holds n + 1 entries */
        size_t cap = g->cap ? (size_t)g->cap * 2 : 256;
        if (cap > INT32_MAX || !odds_grow(&g->id, cap, sizeof(int32_t)) ||
            !odds_grow(&g->dist, cap, 1) || !odds_grow(&g->swaps, cap, 1) ||
            !odds_grow(&g->depth, cap, 1) || !odds_grow(&g->draw_at, cap + 1, sizeof(int32_t)) ||
            !odds_grow(&g->succeed, cap, 2))
            return 0;
        g->cap = (int)cap;
    }
    if (g->nd + 1 >= g->dcap) { /* keep_at holds nd + 1 entries */
        size_t cap = g->dcap ? (size_t)g->dcap * 2 : 1024;
        if (cap > INT32_MAX || !odds_grow(&g->copies, cap, 1) || !odds_grow(&g->after, cap, 1) ||
            !odds_grow(&g->keep_at, cap + 1, sizeof(int32_t)))
            return 0;
        g->dcap = (int)cap;
    }
    if (g->nk + NUM_TILES >= g->kcap) { /* a draw's keeps, at most one per tile */
        size_t cap = g->kcap ? (size_t)g->kcap * 2 : 1024;
        if (cap > INT32_MAX || !odds_grow(&g->keep, cap, sizeof(int32_t)))
            return 0;
        g->kcap = (int)cap;
    }
    return 1;
}


static int
odds_local_fit(OddsLocal *local, int cap)
{
    if (local->cap >= cap)
        return 1;
    if (!odds_grow(&local->of, (size_t)cap, sizeof(int32_t)))
        return 0;
    memset(local->of + local->cap, 0xFF, (size_t)(cap - local->cap) * sizeof(int32_t));
    local->cap = cap;
    return 1;
}

/* Works out hand s of the graph, which the store has not worked out: alone, or, with
 * other threads to help and at least ODDS_HELP_LEAST hands not worked out among the
 * graph's next ODDS_SCAN (from s on), ODDS_BATCH of them at most together (reading a
 * hand's draws right after working them out is faster alone). A scan that finds too
 * few is not repeated before its end, `*scanned`. 0 if out of memory. */
static int
odds_work_out_from(const OddsGraph *g, int s, OddsStore *st, const OddsShared *sh,
                   OddsLocal *local, OddsQueue *helpers, int *scanned)
{
    int32_t batch[ODDS_BATCH];
    int count = 1, end = g->n - s > ODDS_SCAN ? s + ODDS_SCAN : g->n;
    batch[0] = g->id[s];
    if (local->batch > 1 && s >= *scanned) {
        for (int u = s + 1; u < end && count < local->batch; u++)
            if (st->entry_at[g->id[u]] < 0)
                batch[count++] = g->id[u];
        if (count < ODDS_HELP_LEAST)
            count = 1, *scanned = end;
    }
    return odds_work_out(st, sh, helpers, local->work, batch, count) &&
           odds_local_fit(local, st->cap);
}

/* The graph from `start` (3n+1, fits the rules, distance r0, swap budget `budget`): its
 * hands, draws and the drawn hands' keeps, read from the store, which works out each hand
 * the first time any start meets it, a batch of the hands met but not yet read at once
 * (on `helpers` too). The caller frees the graph whatever the status, and sets local->of
 * back to -1 for the graph's hands. */
OddsStatus
odds_build(OddsGraph *g, OddsStore *st, const OddsShared *sh, OddsLocal *local,
           OddsQueue *helpers, const uint8_t start[NUM_TILES], int r0, int budget,
           int max_states)
{
    memset(g, 0, sizeof *g);
    int32_t id = odds_hand(st, start, r0, 0);
    if (id < 0 || !odds_local_fit(local, st->cap) || !odds_reserve(g))
        return ODDS_NO_MEMORY;
    if (local->work == NULL &&
        (local->work = malloc((size_t)local->batch * sizeof(OddsWork))) == NULL)
        return ODDS_NO_MEMORY;
    memcpy(g->start, start, NUM_TILES);
    g->id[0] = id, g->dist[0] = (int8_t)r0, g->swaps[0] = 0, g->depth[0] = 0;
    g->n = 1;
    local->of[id] = 0;
    g->keep_at[0] = 0;
    int scanned = 0;
    for (int s = 0; s < g->n; s++) {
        int32_t h = g->id[s];
        if (st->entry_at[h] < 0 && !odds_work_out_from(g, s, st, sh, local, helpers, &scanned))
            return ODDS_NO_MEMORY;
        const uint8_t *hand = st->hands + (size_t)h * NUM_TILES;
        int swaps = g->swaps[s], depth = g->depth[s] < 255 ? g->depth[s] + 1 : 255;
        g->draw_at[s] = g->nd;
        g->succeed[2 * s] = g->succeed[2 * s + 1] = 0;
        for (int e = st->entry_at[h]; e < st->entry_at[h] + st->entries[h]; e++) {
            int t = st->tile[e];
            int copies = sh->unseen[t] - (hand[t] > start[t] ? hand[t] - start[t] : 0);
            if (copies <= 0)
                continue;
            if (!odds_reserve(g))
                return ODDS_NO_MEMORY;
            if (st->keeps[e]) {
                int drawn_swaps = swaps + (hand[t] >= start[t]);
                for (int k = st->keep_at[e]; k < st->keep_at[e] + st->keeps[e]; k++) {
                    int x = st->discard[k];
                    int kept_swaps = drawn_swaps - (hand[x] > start[x]);
                    if (st->left[k] + kept_swaps > budget)
                        continue;
                    int32_t kept = st->kept[k], l = local->of[kept];
                    if (l < 0) {
                        if (g->n >= max_states)
                            return ODDS_TOO_MANY;
                        if (!odds_reserve(g))
                            return ODDS_NO_MEMORY;
                        l = g->n++;
                        g->id[l] = kept, g->dist[l] = (int8_t)st->left[k];
                        g->swaps[l] = (int8_t)kept_swaps, g->depth[l] = (uint8_t)depth;
                        local->of[kept] = l;
                    }
                    g->keep[g->nk++] = l;
                }
            }
            if (sh->worth && st->after[e] == 0 && !odds_add_win(g, s, hand, t, copies))
                return ODDS_NO_MEMORY;
            g->succeed[2 * s] += st->after[e] <= ODDS_READY ? copies : 0;
            /* no keep: it wins, makes the hand ready, or is always thrown back */
            if (g->nk == g->keep_at[g->nd]) {
                g->succeed[2 * s + 1] += st->after[e] == 0 ? copies : 0;
                continue;
            }
            g->copies[g->nd] = (uint8_t)copies;
            g->after[g->nd++] = st->after[e];
            g->keep_at[g->nd] = g->nk;
        }
    }
    g->draw_at[g->n] = g->nd;
    return ODDS_OK;
}

