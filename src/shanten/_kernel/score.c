/*
 * The scorer's readings: every reading of a checked win (each decomposition with each
 * distinct block the winning tile can have completed, as shanten._native.scoring.decompose
 * reads them), handed one by one to a visitor (score.h), and the most points over them
 * under several flag sets at once, for the odds (odds_worth.c). score_binding.c keeps
 * the best of them for score().
 */
#include "score.h"

static const uint8_t ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

/* The walk through the readings of a win: the tiles not yet in a set, the sets so far,
 * and where each reading goes. */
typedef struct {
    const SWin *w;
    uint8_t c[NUM_TILES];
    int nsets, pair;
    uint8_t kind[4], tile[4];
    void (*visit)(void *context, const SReading *r);
    void *context;
} Walk;

static int
shape_of(int kind, int first, int win)
{
    if (kind == B_PAIR)
        return W_TANKI;
    if (kind == B_TRIPLET)
        return W_SHANPON;
    if (win == first + 1)
        return W_KANCHAN;
    if ((win == first + 2 && first % 9 == 0) || (win == first && first % 9 == 6))
        return W_PENCHAN;
    return W_RYANMEN;
}

/* One decomposition: a reading per distinct block holding the winning tile. */
static void
decomposition(Walk *s)
{
    SReading r;
    int win = s->w->win;
    r.form = F_STANDARD;
    r.nblocks = s->nsets + 1;
    memcpy(r.kind, s->kind, (size_t)s->nsets);
    memcpy(r.tile, s->tile, (size_t)s->nsets);
    r.kind[s->nsets] = B_PAIR;
    r.tile[s->nsets] = (uint8_t)s->pair;
    for (int i = 0; i < r.nblocks; i++) {
        int t = r.tile[i], holds = r.kind[i] == B_RUN ? t <= win && win <= t + 2 : t == win;
        for (int j = 0; holds && j < i; j++)
            holds = !(r.kind[j] == r.kind[i] && r.tile[j] == t);
        if (!holds)
            continue;
        r.index = i;
        r.shape = shape_of(r.kind[i], t, win);
        s->visit(s->context, &r);
    }
}

/* Every multiset of sets using up c[start:] (wins._sets). */
static void
sets(Walk *s, int start)
{
    int t = start;
    while (t < NUM_TILES && !s->c[t])
        t++;
    if (t == NUM_TILES) {
        decomposition(s);
        return;
    }
    int count = s->c[t], can_run = t < 27 && t % 9 <= 6, n = s->nsets;
    for (int triplets = count >= 3; triplets >= 0; triplets--) {
        int runs = count - 3 * triplets;
        if (runs && !(can_run && s->c[t + 1] >= runs && s->c[t + 2] >= runs))
            continue;
        if (n + triplets + runs > 4)
            continue;
        if (triplets) {
            s->kind[s->nsets] = B_TRIPLET;
            s->tile[s->nsets++] = (uint8_t)t;
        }
        for (int i = 0; i < runs; i++) {
            s->kind[s->nsets] = B_RUN;
            s->tile[s->nsets++] = (uint8_t)t;
        }
        s->c[t] = 0;
        if (runs) {
            s->c[t + 1] = (uint8_t)(s->c[t + 1] - runs);
            s->c[t + 2] = (uint8_t)(s->c[t + 2] - runs);
        }
        sets(s, t + 1);
        s->c[t] = (uint8_t)count;
        if (runs) {
            s->c[t + 1] = (uint8_t)(s->c[t + 1] + runs);
            s->c[t + 2] = (uint8_t)(s->c[t + 2] + runs);
        }
        s->nsets = n;
    }
}

/* Every reading of w, each handed to visit(context, reading) in the reference's order:
 * the standard readings, decomposition by decomposition (pairs in tile order), then
 * seven pairs, then thirteen orphans. */
void
score_readings(const SWin *w, void (*visit)(void *context, const SReading *r), void *context)
{
    Walk walk, *s = &walk;
    s->w = w;
    s->visit = visit;
    s->context = context;
    memcpy(s->c, w->counts, NUM_TILES);
    for (int p = 0; p < NUM_TILES; p++)
        if (s->c[p] >= 2) {
            s->c[p] = (uint8_t)(s->c[p] - 2);
            s->pair = p;
            s->nsets = 0;
            sets(s, 0);
            s->c[p] = (uint8_t)(s->c[p] + 2);
        }
    if (w->nmelds)
        return;
    SReading r;
    int pairs = 0, others = 0, orphans = 0, thirteen = 1;
    for (int t = 0; t < NUM_TILES; t++) {
        pairs += w->counts[t] == 2;
        others += w->counts[t] != 0 && w->counts[t] != 2;
    }
    if (pairs == 7 && !others) {
        r.form = F_CHIITOITSU;
        r.nblocks = 0;
        r.shape = W_TANKI;
        for (int t = 0; t < NUM_TILES; t++)
            if (w->counts[t]) {
                if (t == w->win)
                    r.index = r.nblocks;
                r.kind[r.nblocks] = B_PAIR;
                r.tile[r.nblocks++] = (uint8_t)t;
            }
        visit(context, &r);
    }
    for (int i = 0; i < 13; i++) {
        int t = ORPHANS[i];
        orphans += w->counts[t] != 0;
        thirteen &= w->counts[t] - (t == w->win) == 1;
    }
    if (orphans == 13 && w->counts[w->win] && IS_ORPHAN[w->win]) {
        int total = 0;
        for (int i = 0; i < 13; i++)
            total += w->counts[ORPHANS[i]];
        if (total == 14) {
            r.form = F_KOKUSHI;
            r.nblocks = 1;
            r.kind[0] = B_ORPHANS;
            r.tile[0] = 0;
            r.index = 0;
            r.shape = thirteen ? W_KOKUSHI13 : W_KOKUSHI;
            visit(context, &r);
        }
    }
}

/* The most points over the readings of a win, under several flag sets at once. */
typedef struct {
    SWin variant[SCORE_MAX_VARIANTS];
    int n, most;
    int *best;
} Bonus;

static void
raise_best(void *bonus, const SReading *r)
{
    Bonus *b = bonus;
    SValue v;
    for (int i = 0; i < b->n; i++) {
        if (!value_of(&b->variant[i], r, &v))
            continue;
        int *best = b->best + (size_t)i * (b->most + 1);
        for (int extra = 0; extra <= b->most; extra++) {
            int han = v.yakuman ? v.total_han : v.total_han + extra;
            int points = score_points(&b->variant[i], han, v.fu, v.yakuman);
            best[extra] = points > best[extra] ? points : best[extra];
        }
    }
}

/* What w pays with u more han of dora, for u = 0..most, under each of the n flag sets
 * `flags` (WF_*): best[i * (most + 1) + u], the most points over its readings, each
 * reading priced with its own han plus u (a yakuman is not raised by dora); 0 where no
 * reading has a yaku. The readings do not depend on the flags: they are read once. */
void
score_by_bonus(const SWin *w, int n, const int *flags, int most, int *best)
{
    Bonus b;
    b.n = n < SCORE_MAX_VARIANTS ? n : SCORE_MAX_VARIANTS;
    b.most = most;
    b.best = best;
    for (int i = 0; i < b.n; i++) {
        b.variant[i] = *w;
        b.variant[i].flags = flags[i];
    }
    memset(best, 0, (size_t)b.n * (most + 1) * sizeof *best);
    score_readings(w, raise_best, &b);
}
