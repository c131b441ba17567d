/*
 * What each win the odds can reach is worth, the kernel's twin of
 * shanten._native.odds_worth: a self-drawn win (tsumo) priced by the kernel's scorer,
 * closed (dama) or after riichi, with ippatsu and the last tile (haitei) where they
 * apply, and the ura dora as an exact expectation over the indicators.
 *
 * The ura dora indicators are as many distinct tiles drawn at random from the wall as
 * the odds count it at the win: the unseen copies of each tile less those the hand took
 * in since the start (the winning tile among them). Each is worth the copies of the tile
 * it points to in the whole hand (its melds and the north tiles set aside too). The red
 * fives the hand held at the start count while it keeps them (a plain five goes before a
 * red one); a five drawn counts as a plain five.
 */
#include "odds.h"

/* Records a draw of `tile` from hand s (counts `hand`) that wins, with its copies, and
 * the hand's counts with its first win; 0 if out of memory. The graph's draws the
 * player may keep so far are those before it in tile order. */
int
odds_add_win(OddsGraph *g, int s, const uint8_t *hand, int tile, int copies)
{
    int first = g->nw == 0 || g->win_state[g->nw - 1] != s;
    if (g->nw == g->wcap) {
        size_t cap = g->wcap ? (size_t)g->wcap * 2 : 256;
        if (cap > INT32_MAX || !odds_grow(&g->win_state, cap, sizeof(int32_t)) ||
            !odds_grow(&g->win_tile, cap, 1) || !odds_grow(&g->win_copies, cap, 1) ||
            !odds_grow(&g->win_before, cap, sizeof(int32_t)))
            return 0;
        g->wcap = (int)cap;
    }
    if (first && g->nwh == g->whcap) {
        size_t cap = g->whcap ? (size_t)g->whcap * 2 : 64;
        if (cap > INT32_MAX || !odds_grow(&g->win_hand, cap, NUM_TILES))
            return 0;
        g->whcap = (int)cap;
    }
    if (first)
        memcpy(g->win_hand + (size_t)g->nwh++ * NUM_TILES, hand, NUM_TILES);
    g->win_state[g->nw] = s;
    g->win_tile[g->nw] = (uint8_t)tile;
    g->win_copies[g->nw] = (uint8_t)copies;
    g->win_before[g->nw++] = g->nd;
    return 1;
}

/* The dora an indicator points to: the next tile of its suit, 9 to 1, the winds and the
 * dragons in their cycles; with three players 1m points to 9m and 9m to 1m. */
static int
odds_dora_of(int indicator, int players)
{
    if (indicator < 27) {
        if (players == 3 && (indicator == 0 || indicator == 8))
            return 8 - indicator;
        return indicator / 9 * 9 + (indicator % 9 + 1) % 9;
    }
    if (indicator < 31)
        return 27 + (indicator - 27 + 1) % 4;
    return 31 + (indicator - 31 + 1) % 3;
}

static int64_t
odds_choose(int n, int k)
{
    int64_t c = 1;
    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

#define ODDS_MOST_URA (4 * ODDS_MAX_URA)

/* The probability of each number of ura dora han, 0 up to the returned most (4 a
 * indicator): `indicators` distinct tiles drawn at random from `pool` (copies of each
 * tile), each worth the copies of the tile it points to in `whole`. Counted in whole
 * numbers, exactly, and divided once at the end, as the reference does; the kinds worth
 * as much are counted together (the ways to pick k tiles of a group are the sums of the
 * ways to pick them kind by kind), so the counts are the reference's. */
static int
odds_ura_law(const uint8_t whole[NUM_TILES], const int pool[NUM_TILES], int indicators,
             int players, double law[ODDS_MOST_URA + 1])
{
    int most = 4 * indicators, size = 0, group[2 * 4 + 1] = {0}; /* 4 copies, 4 north */
    for (int tile = 0; tile < NUM_TILES; tile++)
        if (pool[tile] > 0) {
            size += pool[tile];
            group[whole[odds_dora_of(tile, players)]] += pool[tile];
        }
    /* ways[j][u]: ways to pick j indicators among the groups so far, worth u han; each
     * group added in place, the most indicators first, so that a row is read before the
     * group adds to it */
    int64_t ways[ODDS_MAX_URA + 1][ODDS_MOST_URA + 1];
    memset(ways, 0, sizeof ways);
    ways[0][0] = 1;
    for (int worth = 0; worth <= 2 * 4; worth++) {
        int copies = group[worth];
        for (int j = indicators - 1; j >= 0 && copies; j--)
            for (int u = 0; u <= most; u++) {
                if (!ways[j][u])
                    continue;
                for (int take = 1; take <= copies && take <= indicators - j; take++)
                    if (u + take * worth <= most)
                        ways[j + take][u + take * worth] += ways[j][u] * odds_choose(copies, take);
            }
    }
    int64_t total = odds_choose(size, indicators);
    for (int u = 0; u <= most; u++)
        law[u] = (double)ways[indicators][u] / (double)total;
    return most;
}

/* The prices of the complete concealed `hand` (with the drawn `tile`) reached from the
 * 3n+1 `start` with `unseen` copies of each tile at the start: [0] closed, [1] closed on
 * the last tile (0 when the hand has no yaku), then after riichi; 0 for those the
 * programme never reads (on the last tile without haitei, riichi when the hand may not
 * declare it). */
void
odds_price(const OddsWorth *worth, const uint8_t start[NUM_TILES], const uint8_t hand[NUM_TILES],
           int tile, const uint8_t unseen[NUM_TILES], double prices[ODDS_PRICES])
{
    SWin w = worth->game;
    int red = worth->red_in_melds, pool[NUM_TILES];
    for (int suit = 0; suit < 3; suit++) {
        int five = 9 * suit + 4;
        int kept = worth->red_in_hand[suit] < start[five] ? worth->red_in_hand[suit] : start[five];
        red += kept < hand[five] ? kept : hand[five];
    }
    for (int t = 0; t < NUM_TILES; t++) {
        w.counts[t] = hand[t];
        w.all[t] = (uint8_t)(worth->game.all[t] + hand[t]);
        pool[t] = unseen[t] - (hand[t] > start[t] ? hand[t] - start[t] : 0);
    }
    uint8_t whole[NUM_TILES];
    memcpy(whole, w.all, NUM_TILES);
    whole[30] = (uint8_t)(whole[30] + worth->north);
    w.win = tile;
    w.bonus[0] = 0;
    for (int i = 0; i < worth->ndora; i++)
        w.bonus[0] += whole[worth->dora[i]];
    w.bonus[1] = red, w.bonus[2] = 0, w.bonus[3] = worth->north;
    /* closed, closed on the last tile, riichi [ippatsu][last]: those the programme can
     * read (on the last tile with haitei, after riichi when the hand may declare it) */
    static const int flags[ODDS_PRICES] = {
        WF_TSUMO,
        WF_TSUMO | WF_LAST_TILE,
        WF_TSUMO | WF_RIICHI,
        WF_TSUMO | WF_RIICHI | WF_LAST_TILE,
        WF_TSUMO | WF_RIICHI | WF_IPPATSU,
        WF_TSUMO | WF_RIICHI | WF_IPPATSU | WF_LAST_TILE,
    };
    int riichi = w.closed && worth->riichi != ODDS_RIICHI_NEVER;
    int asked[ODDS_PRICES], wanted[ODDS_PRICES], n = 0;
    for (int i = 0; i < ODDS_PRICES; i++) {
        prices[i] = 0.0;
        if ((worth->haitei || !(flags[i] & WF_LAST_TILE)) && (riichi || !(flags[i] & WF_RIICHI)))
            asked[n] = flags[i], wanted[n++] = i;
    }
    int most = riichi ? 4 * worth->indicators : 0;
    int best[ODDS_PRICES * (ODDS_MOST_URA + 1)];
    score_by_bonus(&w, n, asked, most, best);
    double law[ODDS_MOST_URA + 1];
    if (riichi)
        odds_ura_law(whole, pool, worth->indicators, worth->game.players, law);
    for (int k = 0; k < n; k++) {
        const int *points = best + (size_t)k * (most + 1);
        if (!(asked[k] & WF_RIICHI)) {
            prices[wanted[k]] = points[0];
            continue;
        }
        double expected = 0.0;
        for (int u = 0; u <= most; u++)
            if (law[u] != 0.0)
                expected += law[u] * points[u];
        prices[wanted[k]] = expected;
    }
}
