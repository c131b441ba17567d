/*
 * The expected score of the discard odds: the third objective over one start's graph,
 * the points a self-drawn win brings within each number of draws, playing to maximise
 * them by the last draw. The twin of shanten._native.odds_score, operation for
 * operation, so that the two agree to the last bit.
 *
 * A win is worth its points (odds_worth.c) instead of 1, and a closed ready hand may
 * declare riichi whenever it has a draw left, as it keeps a draw or throws one back:
 * that locks the hand (every later draw that does not win is thrown back) and prices its
 * wins as riichi wins, the first draw after it with ippatsu. A win is always taken when
 * it has a yaku; a complete hand without one (an open hand) throws the draw back. Three
 * values per hand and draw: closed (not in riichi), fresh (riichi just declared: the
 * next draw is ippatsu) and old (in riichi). Values closer than the tolerance, in
 * points, count as equal; among keeps the lowest discarded tile wins ties.
 */
#include "odds.h"

#include <limits.h>

#define ODDS_SCORE_TOLERANCE 1e-9

/* One start's programme: the graph, its wins' prices, and the values. */
typedef struct {
    const OddsGraph *g;
    const OddsWorth *worth;
    int n, wall, draws;
    int32_t *win_at;      /* n + 1: each hand's first win (CSR over the graph's wins) */
    double *prices;       /* ODDS_PRICES per win */
    uint8_t *can_riichi;  /* per hand: closed and ready, and riichi is not refused */
    double *closed;       /* (draws + 1) * n: not in riichi */
    double *fresh;        /* (draws + 1) * n: riichi just declared */
    double *arrive;       /* n: the value of arriving at each hand after a draw */
    uint8_t *riichi;      /* n: the policy declares riichi on arriving there */
} Score;

/* The draws that matter at a closed hand: each kept draw's probability, next hand (-1:
 * a win) and points won, in tile order, and the probability of throwing the draw back. */
typedef struct {
    int m;
    double stay;
    double p[NUM_TILES], points[NUM_TILES];
    int32_t next[NUM_TILES];
} ScoreLaw;

static int
odds_last(const Score *sc, int t)
{
    return sc->worth->haitei && t == sc->draws - 1;
}

/* True when the player declares riichi at hand s, worth `closed` without and `fresh`
 * with. */
static int
odds_declares(const Score *sc, double closed, double fresh, int s)
{
    if (!sc->can_riichi[s])
        return 0;
    return sc->worth->riichi == ODDS_RIICHI_ALWAYS || fresh > closed + ODDS_SCORE_TOLERANCE;
}

/* The value of arriving at each hand after t draws (those reached by then), riichi
 * declared or not as the policy chooses, and the choice. */
static void
odds_arrive(Score *sc, int t)
{
    const double *closed = sc->closed + (size_t)t * sc->n, *fresh = sc->fresh + (size_t)t * sc->n;
    for (int s = 0; s < sc->n && sc->g->depth[s] <= t; s++) {
        sc->riichi[s] = (uint8_t)odds_declares(sc, closed[s], fresh[s], s);
        sc->arrive[s] = sc->riichi[s] ? fresh[s] : closed[s];
    }
}

/* The law of a closed hand s after t draws, from the values of arriving after the draw:
 * a win is taken when it has a yaku, a draw is kept when its best keep beats throwing it
 * back by more than the tolerance; the wins and the kept draws in tile order. */
static void
odds_score_law(const Score *sc, int s, int t, ScoreLaw *law)
{
    const OddsGraph *g = sc->g;
    const double *later = sc->arrive;
    int last = odds_last(sc, t), total = 0, m = 0, w = sc->win_at[s];
    int copies[NUM_TILES];
    double stay = later[s];
    for (int d = g->draw_at[s];; d++) {
        for (; w < sc->win_at[s + 1] && (d == g->draw_at[s + 1] || g->win_before[w] <= d); w++) {
            double points = sc->prices[(size_t)w * ODDS_PRICES + last];
            if (points <= 0)
                continue; /* no yaku: thrown back */
            copies[m] = g->win_copies[w], law->next[m] = -1, law->points[m++] = points;
            total += g->win_copies[w];
        }
        if (d == g->draw_at[s + 1])
            break;
        double value = -1.0;
        int32_t chosen = -1;
        for (int k = g->keep_at[d]; k < g->keep_at[d + 1]; k++) {
            int32_t h = g->keep[k];
            double v = later[h];
            int better = v > value + ODDS_SCORE_TOLERANCE; /* selected without a branch */
            value = better ? v : value, chosen = better ? h : chosen;
        }
        if (value <= stay + ODDS_SCORE_TOLERANCE)
            continue;
        copies[m] = g->copies[d], law->next[m] = chosen, law->points[m++] = 0.0;
        total += g->copies[d];
    }
    int wall = sc->wall - t > total ? sc->wall - t : total;
    law->m = m;
    law->stay = 1.0 - (double)total / wall;
    for (int i = 0; i < m; i++)
        law->p[i] = (double)copies[i] / wall;
}

/* In riichi at hand s after t draws: the probability of no win, and the expected points
 * of its wins, sum of each win's probability times its price, under two prices
 * (ODDS_PRICES' indices) at once, each sum in its order: the wins in riichi (`price`)
 * and on the first draw after it (`ippatsu`). */
static double
odds_riichi_law(const Score *sc, int s, int t, int price, int ippatsu, double *gain,
                double *gain_ippatsu)
{
    int total = 0;
    for (int w = sc->win_at[s]; w < sc->win_at[s + 1]; w++)
        total += sc->g->win_copies[w];
    int wall = sc->wall - t > total ? sc->wall - t : total;
    double sum = 0.0, sum_ippatsu = 0.0;
    for (int w = sc->win_at[s]; w < sc->win_at[s + 1]; w++) {
        double p = (double)sc->g->win_copies[w] / wall;
        const double *prices = sc->prices + (size_t)w * ODDS_PRICES;
        sum += p * prices[price], sum_ippatsu += p * prices[ippatsu];
    }
    *gain = sum, *gain_ippatsu = sum_ippatsu;
    return 1.0 - (double)total / wall;
}

/* The values backward from the last draw: old in two rows (the later one is all that is
 * read), closed and fresh for every draw. A hand first reachable after `depth` draws has
 * no value before it, and none is read. */
static void
odds_score_values(Score *sc, double *old)
{
    const OddsGraph *g = sc->g;
    int n = sc->n, draws = sc->draws;
    ScoreLaw law;
    memset(sc->closed + (size_t)draws * n, 0, (size_t)n * sizeof(double));
    memset(sc->fresh + (size_t)draws * n, 0, (size_t)n * sizeof(double));
    memset(old, 0, 2 * (size_t)n * sizeof(double));
    int far = odds_farthest(g);
    for (int t = draws - 1; t >= 0; t--) {
        double *old_later = old + (size_t)((t + 1) & 1) * n, *old_now = old + (size_t)(t & 1) * n;
        double *closed = sc->closed + (size_t)t * n, *fresh = sc->fresh + (size_t)t * n;
        int last = odds_last(sc, t);
        for (int s = 0; s < n && g->depth[s] <= t; s++) {
            old_now[s] = fresh[s] = 0.0;
            if (!sc->can_riichi[s])
                continue;
            double gain_old, gain_fresh;
            double miss = odds_riichi_law(sc, s, t, ODDS_RIICHI_PRICE + last,
                                          ODDS_RIICHI_PRICE + 2 + last, &gain_old, &gain_fresh);
            old_now[s] = miss * old_later[s] + gain_old;
            fresh[s] = miss * old_later[s] + gain_fresh;
        }
        odds_arrive(sc, t + 1);
        int reach = draws - t < far ? draws - t : INT_MAX; /* checked near the end */
        for (int s = 0; s < n && g->depth[s] <= t; s++) {
            /* too far to win in the draws left (a draw lowers the distance by one at
             * most): the law would give 1 * 0 + a sum of 0s, exactly 0 */
            if (g->dist[s] > reach) {
                closed[s] = 0.0;
                continue;
            }
            odds_score_law(sc, s, t, &law);
            double sum = 0.0;
            for (int i = 0; i < law.m; i++)
                sum += law.p[i] * (law.next[i] < 0 ? law.points[i] : sc->arrive[law.next[i]]);
            closed[s] = law.stay * sc->arrive[s] + sum;
        }
    }
}

/* The policy's curve: the probability of each hand, in riichi or not, carried forward
 * (hands are in order of depth: those past `reached` hold no mass). */
static void
odds_score_forward(Score *sc, double *mass, double *curve)
{
    int n = sc->n;
    double *closed = mass, *fresh = mass + n, *old = mass + 2 * (size_t)n;
    double *moved = mass + 3 * (size_t)n, *moved_fresh = mass + 4 * (size_t)n;
    double *moved_old = mass + 5 * (size_t)n;
    ScoreLaw law;
    memset(mass, 0, 3 * (size_t)n * sizeof(double));
    if (odds_declares(sc, sc->closed[0], sc->fresh[0], 0))
        fresh[0] = 1.0;
    else
        closed[0] = 1.0;
    double done = 0.0;
    curve[0] = 0.0;
    int reached = 1;
    for (int t = 0; t < sc->draws; t++) {
        odds_arrive(sc, t + 1);
        int last = odds_last(sc, t), next_reached = reached;
        memset(moved, 0, 3 * (size_t)n * sizeof(double));
        for (int s = 0; s < reached; s++) {
            double m = closed[s];
            if (m != 0.0) {
                odds_score_law(sc, s, t, &law);
                for (int i = -1; i < law.m; i++) { /* -1: the draw thrown back */
                    double p = i < 0 ? law.stay : law.p[i];
                    int32_t to = i < 0 ? s : law.next[i];
                    if (to < 0)
                        done += m * p * law.points[i];
                    else if (sc->riichi[to])
                        moved_fresh[to] += m * p;
                    else
                        moved[to] += m * p;
                    next_reached = to >= next_reached ? to + 1 : next_reached;
                }
            }
            if (fresh[s] == 0.0 && old[s] == 0.0)
                continue;
            double gain_old, gain_fresh;
            double miss = odds_riichi_law(sc, s, t, ODDS_RIICHI_PRICE + last,
                                          ODDS_RIICHI_PRICE + 2 + last, &gain_old, &gain_fresh);
            for (int ippatsu = 1; ippatsu >= 0; ippatsu--) {
                m = ippatsu ? fresh[s] : old[s];
                if (m == 0.0)
                    continue;
                moved_old[s] += m * miss;
                done += m * (ippatsu ? gain_fresh : gain_old);
            }
        }
        reached = next_reached;
        double *swap[3] = {closed, fresh, old};
        closed = moved, fresh = moved_fresh, old = moved_old;
        moved = swap[0], moved_fresh = swap[1], moved_old = swap[2];
        curve[t + 1] = done;
    }
}

/* The expected score of one start's graph (built with the worth) into curve[0..draws]:
 * every win priced, the values backward, the curve forward. Its values take 2 * (draws
 * + 1) doubles a hand, as the two objectives' do, which are freed by then (odds_run.c):
 * the bound on the hands of shanten.discard_odds.max_states holds for it too. */
OddsStatus
odds_score(const OddsGraph *g, const OddsWorth *worth, const uint8_t unseen[NUM_TILES],
           int wall, int draws, double *curve)
{
    size_t n = (size_t)g->n;
    Score sc = {g, worth, g->n, wall, draws, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    OddsStatus status = ODDS_NO_MEMORY;
    sc.win_at = malloc((n + 1) * sizeof(int32_t));
    sc.prices = malloc(((size_t)g->nw + 1) * ODDS_PRICES * sizeof(double));
    sc.can_riichi = malloc(n);
    sc.riichi = malloc(n);
    sc.arrive = malloc(n * sizeof(double));
    sc.closed = malloc(((size_t)draws + 1) * n * sizeof(double));
    sc.fresh = malloc(((size_t)draws + 1) * n * sizeof(double));
    double *scratch = malloc(6 * n * sizeof(double)); /* old's two rows, then the masses */
    if (sc.win_at && sc.prices && sc.can_riichi && sc.riichi && sc.arrive && sc.closed &&
        sc.fresh && scratch) {
        int w = 0, hand = -1;
        uint8_t drawn[NUM_TILES];
        for (int s = 0; s < g->n; s++) {
            sc.win_at[s] = w;
            for (; w < g->nw && g->win_state[w] == s; w++) {
                hand += w == sc.win_at[s];
                memcpy(drawn, g->win_hand + (size_t)hand * NUM_TILES, NUM_TILES);
                drawn[g->win_tile[w]]++;
                odds_price(worth, g->start, drawn, g->win_tile[w], unseen,
                           sc.prices + (size_t)w * ODDS_PRICES);
            }
            sc.can_riichi[s] = (uint8_t)(worth->game.closed &&
                                         worth->riichi != ODDS_RIICHI_NEVER && g->dist[s] == 1);
        }
        sc.win_at[g->n] = w;
        odds_score_values(&sc, scratch);
        odds_score_forward(&sc, scratch, curve);
        status = ODDS_OK;
    }
    free(sc.win_at), free(sc.prices), free(sc.can_riichi), free(sc.riichi), free(sc.arrive);
    free(sc.closed), free(sc.fresh), free(scratch);
    return status;
}
