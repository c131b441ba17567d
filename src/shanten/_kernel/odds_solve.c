/*
 * The discard odds' solution of one start's graph: the backward programme of the values
 * of both objectives (tenpai, win), then the forward pass of each policy's curve. The
 * model and the tie rule are shanten._native.odds's, step for step.
 */
#include "odds.h"

#include <limits.h>

#define ODDS_TOLERANCE 1e-12

/* The two objectives, solved side by side: [0] tenpai (success at distance <= 1),
 * [1] win (distance 0). Their values sit side by side too, values[2 * s + o]. */
#define ODDS_GOALS 2

typedef struct {
    double stay[ODDS_GOALS];        /* the probability of throwing the draw back */
    double won[ODDS_GOALS];         /* the probability of succeeding */
    double gain[ODDS_GOALS];        /* won + sum of p * value over the draws kept */
    int m[ODDS_GOALS];              /* draws kept: */
    double p[ODDS_GOALS][NUM_TILES]; /* their probabilities (filled when `moves`) */
    int32_t next[ODDS_GOALS][NUM_TILES]; /* their next hands */
} OddsLaw;

/* The policy at hand s after t draws, per objective, from the values `later` after the
 * draw: a draw is kept when its best keep beats throwing it back by more than the
 * tolerance; among keeps, the lowest discarded tile wins unless a later one is better by
 * more than the tolerance. Fills the probabilities of throwing back and of succeeding
 * and the expected value after the draw; with `moves`, also each kept draw's
 * probability and next hand. A draw that makes the hand ready succeeds for tenpai. */
static inline void
odds_law(const OddsGraph *g, int s, int t, int wall, const double *later, int moves,
         OddsLaw *law)
{
    /* the goals side by side in scalars, kept or not without a branch, so that the
     * backward pass (no moves) runs straight through */
    int won0 = g->succeed[2 * s], won1 = g->succeed[2 * s + 1];
    int total0 = won0, total1 = won1, m0 = 0, m1 = 0;
    double sum0 = 0.0, sum1 = 0.0;
    double stay0 = later[2 * s] + ODDS_TOLERANCE, stay1 = later[2 * s + 1] + ODDS_TOLERANCE;
    for (int d = g->draw_at[s]; d < g->draw_at[s + 1]; d++) {
        int copies = g->copies[d];
        double v0 = -1.0, v1 = -1.0;
        int32_t to0 = -1, to1 = -1;
        for (int k = g->keep_at[d]; k < g->keep_at[d + 1]; k++) {
            int32_t h = g->keep[k];
            double a = later[2 * h], b = later[2 * h + 1];
            int better0 = a > v0 + ODDS_TOLERANCE, better1 = b > v1 + ODDS_TOLERANCE;
            v0 = better0 ? a : v0, v1 = better1 ? b : v1;
            if (moves)
                to0 = better0 ? h : to0, to1 = better1 ? h : to1;
        }
        /* a draw that makes the hand ready is counted in won0 */
        int keep0 = g->after[d] > ODDS_READY && v0 > stay0, keep1 = v1 > stay1;
        total0 += keep0 ? copies : 0, total1 += keep1 ? copies : 0;
        sum0 += keep0 ? copies * v0 : 0.0, sum1 += keep1 ? copies * v1 : 0.0;
        if (moves) {
            if (keep0)
                law->p[0][m0] = copies, law->next[0][m0++] = to0;
            if (keep1)
                law->p[1][m1] = copies, law->next[1][m1++] = to1;
        }
    }
    law->m[0] = m0, law->m[1] = m1;
    int won[ODDS_GOALS] = {won0, won1}, total[ODDS_GOALS] = {total0, total1};
    double sum[ODDS_GOALS] = {sum0, sum1};
    for (int o = 0; o < ODDS_GOALS; o++) {
        int denominator = wall - t > total[o] ? wall - t : total[o];
        law->stay[o] = 1.0 - (double)total[o] / denominator;
        law->won[o] = won[o] * 1.0 / denominator;
        law->gain[o] = (won[o] + sum[o]) / denominator;
        for (int i = 0; i < law->m[o]; i++)
            law->p[o][i] /= denominator;
    }
}

/* A leaf: a hand that can keep no draw, whose values depend on the copies of its draws
 * that succeed alone. */
static inline int
odds_leaf(const OddsGraph *g, int s)
{
    return g->draw_at[s] == g->draw_at[s + 1];
}

/* The most copies of the draws that succeed at any hand of the graph. */
static int
odds_most_succeed(const OddsGraph *g)
{
    int most = 0;
    for (int i = 0; i < 2 * g->n; i++)
        most = g->succeed[i] > most ? g->succeed[i] : most;
    return most;
}

/* The values of a leaf whose draws succeed with `copies` copies, after t draws, into
 * table[copies * (draws + 1) + t] for copies 0..most: the law of odds_law() for such a
 * hand, step for step, so that they equal its values to the last bit. */
static void
odds_leaf_values(int wall, int draws, int most, double *table)
{
    for (int copies = 0; copies <= most; copies++) {
        double *v = table + (size_t)copies * (draws + 1);
        v[draws] = 0.0;
        for (int t = draws - 1; t >= 0; t--) {
            int denominator = wall - t > copies ? wall - t : copies;
            double stay = 1.0 - (double)copies / denominator;
            v[t] = stay * v[t + 1] + copies * 1.0 / denominator;
        }
    }
}

/* The policy's curves, tenpai into curves[0..draws] and win into curves[draws + 1..]:
 * the values backward from the last draw, then each policy's probability forward. A
 * hand first reachable after `depth` draws has no value before it, and none is read;
 * a leaf's values come from its table, and a hand too far to be ready in the draws left
 * is worth 0 without its law, to the same bit. */
static void
odds_solve(const OddsGraph *g, int wall, int draws, const double *leaf_values, double *values,
           double *mass, double *curves)
{
    int n = g->n;
    OddsLaw law;
    memset(values + (size_t)draws * n * 2, 0, (size_t)n * 2 * sizeof(double));
    int far = odds_farthest(g);
    for (int t = draws - 1; t >= 0; t--) {
        const double *later = values + (size_t)(t + 1) * n * 2;
        double *now = values + (size_t)t * n * 2;
        int reach = draws - t + 1 < far ? draws - t + 1 : INT_MAX; /* checked near the end */
        for (int s = 0; s < n && g->depth[s] <= t; s++) {
            if (odds_leaf(g, s)) {
                for (int o = 0; o < ODDS_GOALS; o++)
                    now[2 * s + o] = leaf_values[(size_t)g->succeed[2 * s + o] * (draws + 1) + t];
                continue;
            }
            /* too far to be ready in the draws left (a draw lowers the distance by one
             * at most): the law would give 1 * 0 + 0 / (wall - t), exactly 0 */
            if (g->dist[s] > reach) {
                now[2 * s] = now[2 * s + 1] = 0.0;
                continue;
            }
            odds_law(g, s, t, wall, later, 0, &law);
            for (int o = 0; o < ODDS_GOALS; o++)
                now[2 * s + o] = law.stay[o] * later[2 * s + o] + law.gain[o];
        }
    }
    double *here = mass, *moved = mass + (size_t)n * 2, done[ODDS_GOALS] = {0.0, 0.0};
    memset(here, 0, (size_t)n * 2 * sizeof(double));
    here[0] = here[1] = 1.0;
    curves[0] = curves[draws + 1] = 0.0;
    int reached = 1; /* hands are in order of depth: those past `reached` hold no mass */
    for (int t = 0; t < draws; t++) {
        const double *later = values + (size_t)(t + 1) * n * 2;
        int next_reached = reached;
        memset(moved, 0, (size_t)n * 2 * sizeof(double));
        for (int s = 0; s < reached; s++) {
            if (here[2 * s] == 0.0 && here[2 * s + 1] == 0.0)
                continue;
            odds_law(g, s, t, wall, later, 1, &law);
            for (int o = 0; o < ODDS_GOALS; o++) {
                double m = here[2 * s + o];
                if (m == 0.0)
                    continue;
                moved[2 * s + o] += m * law.stay[o];
                done[o] += m * law.won[o];
                for (int i = 0; i < law.m[o]; i++) {
                    int32_t to = law.next[o][i];
                    moved[2 * to + o] += m * law.p[o][i];
                    if (to >= next_reached)
                        next_reached = to + 1;
                }
            }
        }
        reached = next_reached;
        double *swap = here;
        here = moved, moved = swap;
        curves[t + 1] = done[0];
        curves[draws + 1 + t + 1] = done[1];
    }
    if (g->dist[0] <= ODDS_READY) /* ready now: tenpai from the start */
        for (int k = 0; k <= draws; k++)
            curves[k] = 1.0;
}

/* The curves of one start's graph into curves (tenpai [0..draws], win [draws + 1..]). */
OddsStatus
odds_curves(const OddsGraph *g, int wall, int draws, double *curves)
{
    size_t n = (size_t)g->n;
    OddsStatus status = ODDS_NO_MEMORY;
    double *values = malloc(((size_t)draws + 1) * n * ODDS_GOALS * sizeof(double));
    double *mass = malloc(2 * n * ODDS_GOALS * sizeof(double));
    int most = odds_most_succeed(g);
    double *leaf_values = malloc(((size_t)most + 1) * ((size_t)draws + 1) * sizeof(double));
    if (values && mass && leaf_values) {
        odds_leaf_values(wall, draws, most, leaf_values);
        odds_solve(g, wall, draws, leaf_values, values, mass, curves);
        status = ODDS_OK;
    }
    free(values), free(mass), free(leaf_values);
    return status;
}
