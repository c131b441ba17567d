/* The discard odds' engine in C: the kernel's twin of shanten/odds_engine.py (the plain
 * reference it is tested against), included by _kernel.c for its distance lookups.
 *
 * From a 3n+1 start hand, the graph of the hands the player can reach (a hash table of
 * hands, their draws, each draw's allowed keeps in tile order), then per objective the
 * backward programme of the values and the forward pass of the policy's curve. The
 * model and the tie rule are odds_engine.py's, step for step. Nothing here touches a
 * Python object: the caller releases the GIL around odds_run(). */

#define ODDS_TOLERANCE 1e-12

typedef struct {
    int n, cap;         /* 3n+1 hands */
    uint8_t *hands;     /* cap * NUM_TILES counts */
    int8_t *dist;       /* distance (shanten + 1) of each hand */
    int8_t *swaps;      /* tiles held that the start does not */
    uint8_t *depth;     /* the fewest draws that reach the hand (nondecreasing) */
    int32_t *draw_at;   /* cap + 1: each hand's first draw (CSR) */
    int nd, dcap;       /* draws that can matter */
    uint8_t *copies;    /* the draw's copies in the wall as the model counts them */
    uint8_t *after;     /* the distance with the draw (0: complete) */
    int32_t *node;      /* the drawn hand's choices, -1 if none */
    int nn, ncap;       /* drawn hands with choices (nodes) */
    int32_t *keep_at;   /* ncap + 1: each node's first keep */
    int nk, kcap;       /* keeps */
    int32_t *keep;      /* the hand kept, by discarded tile */
    int32_t *slot;      /* hash table of hands, -1 empty */
    size_t slots;       /* a power of two */
} OddsGraph;

typedef enum { ODDS_OK = 0, ODDS_NO_MEMORY = 1, ODDS_TOO_MANY = 2 } OddsStatus;

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

static void
odds_free(OddsGraph *g)
{
    free(g->hands), free(g->dist), free(g->swaps), free(g->depth), free(g->draw_at);
    free(g->copies), free(g->after), free(g->node), free(g->keep_at);
    free(g->keep), free(g->slot);
    memset(g, 0, sizeof *g);
}

/* Room for one more hand, draw or keep; 0 if out of memory (the graph stays valid). */
static int
odds_reserve_hand(OddsGraph *g)
{
    if (g->n + 1 < g->cap) /* draw_at holds n + 1 entries */
        return 1;
    int cap = g->cap ? g->cap * 2 : 256;
    void *q;
    if (!(q = realloc(g->hands, (size_t)cap * NUM_TILES)))
        return 0;
    g->hands = q;
    if (!(q = realloc(g->dist, (size_t)cap)))
        return 0;
    g->dist = q;
    if (!(q = realloc(g->swaps, (size_t)cap)))
        return 0;
    g->swaps = q;
    if (!(q = realloc(g->depth, (size_t)cap)))
        return 0;
    g->depth = q;
    if (!(q = realloc(g->draw_at, ((size_t)cap + 1) * sizeof(int32_t))))
        return 0;
    g->draw_at = q;
    g->cap = cap;
    return 1;
}

static int
odds_reserve_draw(OddsGraph *g)
{
    if (g->nd < g->dcap)
        return 1;
    int cap = g->dcap ? g->dcap * 2 : 1024;
    void *q;
    if (!(q = realloc(g->copies, (size_t)cap)))
        return 0;
    g->copies = q;
    if (!(q = realloc(g->after, (size_t)cap)))
        return 0;
    g->after = q;
    if (!(q = realloc(g->node, (size_t)cap * sizeof(int32_t))))
        return 0;
    g->node = q;
    g->dcap = cap;
    return 1;
}

static int
odds_reserve_node(OddsGraph *g)
{
    if (g->nn + 1 < g->ncap) /* keep_at holds nn + 1 entries */
        return 1;
    int cap = g->ncap ? g->ncap * 2 : 1024;
    void *q;
    if (!(q = realloc(g->keep_at, ((size_t)cap + 1) * sizeof(int32_t))))
        return 0;
    g->keep_at = q;
    g->ncap = cap;
    return 1;
}

static int
odds_reserve_keep(OddsGraph *g)
{
    if (g->nk < g->kcap)
        return 1;
    int cap = g->kcap ? g->kcap * 2 : 1024;
    void *q = realloc(g->keep, (size_t)cap * sizeof(int32_t));
    if (q == NULL)
        return 0;
    g->keep = q;
    g->kcap = cap;
    return 1;
}

/* The hash table of hands, rebuilt with `slots` slots. */
static int
odds_rehash(OddsGraph *g, size_t slots)
{
    int32_t *table = malloc(slots * sizeof *table);
    if (table == NULL)
        return 0;
    memset(table, 0xFF, slots * sizeof *table);
    for (int s = 0; s < g->n; s++) {
        size_t i = odds_hash(g->hands + (size_t)s * NUM_TILES) & (slots - 1);
        while (table[i] >= 0)
            i = (i + 1) & (slots - 1);
        table[i] = s;
    }
    free(g->slot);
    g->slot = table;
    g->slots = slots;
    return 1;
}

/* The index of `hand`, added with its distance, swaps and depth if new; -1 out of
 * memory, -2 past `max_states`. */
static int32_t
odds_state(OddsGraph *g, const uint8_t *hand, int dist, int swaps, int depth, int max_states)
{
    size_t i = odds_hash(hand) & (g->slots - 1);
    for (; g->slot[i] >= 0; i = (i + 1) & (g->slots - 1))
        if (memcmp(g->hands + (size_t)g->slot[i] * NUM_TILES, hand, NUM_TILES) == 0)
            return g->slot[i];
    if (g->n >= max_states)
        return -2;
    if (!odds_reserve_hand(g))
        return -1;
    int32_t s = g->n++;
    memcpy(g->hands + (size_t)s * NUM_TILES, hand, NUM_TILES);
    g->dist[s] = (int8_t)dist;
    g->swaps[s] = (int8_t)swaps;
    g->depth[s] = (uint8_t)(depth < 255 ? depth : 255);
    g->slot[i] = s;
    if ((size_t)g->n * 2 > g->slots && !odds_rehash(g, g->slots * 2))
        return -1;
    return s;
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
    s14->pairs += h == 1;
    s14->kinds += h == 0;
    s14->orphans += orphan && h == 0;
    s14->orphan_pairs += orphan && h == 1;
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
        int h = counts[t], orphan = IS_ORPHAN[t];
        int c = change > 0 ? closed_distance(FORM_ALL, s->pairs + (h == 1), s->kinds + (h == 0),
                                             s->orphans + (orphan && h == 0),
                                             s->orphan_pairs + (orphan && h == 1))
                           : closed_distance(FORM_ALL, s->pairs - (h == 2), s->kinds - (h == 1),
                                             s->orphans - (orphan && h == 1),
                                             s->orphan_pairs - (orphan && h == 2));
        if (c < d)
            d = c;
    }
    return d;
}

typedef struct {
    const Rules *rules;
    const uint8_t *start;
    int with_closed, hand_changes, shanten_back, budget, max_states;
    int depth; /* the depth of the hands the current hand's draws reach */
} OddsBuild;

/* A new node for the hand `hand` after drawing tile `drawn` (state `s14`, distance
 * `after`, `swaps` tiles beyond the start), a draw that `advanced` the hand or not, with
 * its keeps: its index; -1 if the rules allow no keep; -2 out of memory; -3 past
 * max_states. Discarding the drawn tile's kind is throwing the draw back, not a keep.
 * Nodes are not shared between the hands that draw into the same hand: with a switch on
 * they almost never meet, and looking them up cost more than it saved. */
static int32_t
odds_node(OddsGraph *g, const OddsBuild *b, uint8_t *hand, int drawn, const State *s14,
          int after, int swaps, int advanced)
{
    if (!odds_reserve_node(g))
        return -2;
    int32_t node = g->nn;
    g->keep_at[node] = g->nk;
    const Rules *rules = b->rules;
    for (int x = 0; x < NUM_TILES; x++) {
        if (!hand[x] || x == drawn)
            continue;
        int kept_swaps = swaps - (hand[x] > b->start[x]);
        if (after + kept_swaps > b->budget) /* the distance after is at least `after` */
            continue;
        int q = rules->part_of[x];
        const Part *part = &rules->part[q];
        int k = part->ids[s14->code[q] - rules->weight_of[x]];
        if (k >= part->nclass)
            return -2; /* never: a 13-tile part always has a class */
        int left = odds_changed(rules, hand, s14, x, -1, k, b->with_closed);
        int allowed = left > after ? b->shanten_back : (advanced || b->hand_changes);
        if (!allowed || left + kept_swaps > b->budget)
            continue;
        hand[x]--;
        int32_t kept = odds_state(g, hand, left, kept_swaps, b->depth, b->max_states);
        hand[x]++;
        if (kept < 0)
            return kept == -2 ? -3 : -2;
        if (!odds_reserve_keep(g))
            return -2;
        g->keep[g->nk++] = kept;
    }
    if (g->keep_at[node] == g->nk)
        return -1;
    g->nn++;
    g->keep_at[g->nn] = g->nk;
    return node;
}

/* The graph from `start` (3n+1, fits the rules): its hands, draws and the drawn hands'
 * keeps. The caller frees it (odds_free), whatever the status. A draw and a discard
 * each change one part: the distances after them are read from the changed part's class
 * and the others' rest class, as in discard_table(). */
static OddsStatus
odds_build(OddsGraph *g, const Rules *rules, int closed, const uint8_t start[NUM_TILES],
           const uint8_t unseen[NUM_TILES], int hand_changes, int shanten_back, int best,
           int max_states)
{
    memset(g, 0, sizeof *g);
    if (!odds_rehash(g, 1024) || !odds_reserve_node(g))
        return ODDS_NO_MEMORY;
    g->keep_at[0] = 0;
    uint64_t f = summary(start);
    int r0 = row_distance(rules, start, f, FORM_ALL, closed);
    int extra = hand_changes || shanten_back;
    OddsBuild b = {rules, start, closed && TILES_OF(f) == 13, hand_changes, shanten_back,
                   best + extra > r0 ? best + extra : r0, max_states, 1};
    if (odds_state(g, start, r0, 0, 0, max_states) < 0)
        return ODDS_NO_MEMORY;
    uint8_t hand[NUM_TILES], drawn[NUM_TILES];
    State s13, s14;
    for (int s = 0; s < g->n; s++) {
        memcpy(hand, g->hands + (size_t)s * NUM_TILES, NUM_TILES);
        int before = g->dist[s];
        b.depth = g->depth[s] + 1;
        if (!prepare(rules, hand, summary(hand), &s13))
            return ODDS_NO_MEMORY; /* never: every hand here fits the tables */
        s13.sets = TILES_OF(f) / 3;
        for (int p = 0; p < 4; p++)
            draw_classes(rules, hand, &s13, p, drawn);
        g->draw_at[s] = g->nd;
        for (int t = 0; t < NUM_TILES; t++) {
            int copies = unseen[t] - (hand[t] > start[t] ? hand[t] - start[t] : 0);
            if (copies <= 0 || drawn[t] == NO_CLASS)
                continue;
            int after = odds_changed(rules, hand, &s13, t, +1, drawn[t], b.with_closed);
            int32_t node = -1;
            if (after > 0 && (after < before || extra)) {
                odds_draw_state(rules, hand, &s13, t, drawn[t], &s14);
                hand[t]++;
                node = odds_node(g, &b, hand, t, &s14, after,
                                 g->swaps[s] + (hand[t] > start[t]), after < before);
                hand[t]--;
                if (node < -1)
                    return node == -3 ? ODDS_TOO_MANY : ODDS_NO_MEMORY;
            }
            if (node < 0 && after > 1) /* always thrown back */
                continue;
            if (!odds_reserve_draw(g))
                return ODDS_NO_MEMORY;
            g->copies[g->nd] = (uint8_t)copies;
            g->after[g->nd] = (uint8_t)after;
            g->node[g->nd++] = node;
        }
    }
    g->draw_at[g->n] = g->nd;
    return ODDS_OK;
}

/* The two objectives, solved side by side: [0] tenpai (success at distance <= 1),
 * [1] win (distance 0). Their values sit side by side too, values[2 * s + o]. */
#define ODDS_GOALS 2
static const int ODDS_GOAL[ODDS_GOALS] = {1, 0};

typedef struct {
    double stay[ODDS_GOALS];        /* the probability of throwing the draw back */
    double gain[ODDS_GOALS];        /* sum of p * value over the draws that matter */
    int m[ODDS_GOALS];              /* draws that matter: */
    double p[ODDS_GOALS][NUM_TILES]; /* their probabilities (filled when `moves`) */
    int32_t next[ODDS_GOALS][NUM_TILES]; /* their next hands, -1 on success */
} OddsLaw;

/* The policy at hand s after t draws, per objective, from the values `later` after the
 * draw: a draw is kept when its best keep beats throwing it back by more than the
 * tolerance; among keeps, the lowest discarded tile wins unless a later one is better by
 * more than the tolerance. Fills the stay probability and the expected value of the
 * draws that matter; with `moves`, also each such draw's probability and next hand. */
static void
odds_law(const OddsGraph *g, int s, int t, int wall, const double *later, int moves,
         OddsLaw *law)
{
    int total[ODDS_GOALS] = {0, 0};
    double sum[ODDS_GOALS] = {0.0, 0.0};
    double stay[ODDS_GOALS] = {later[2 * s], later[2 * s + 1]};
    law->m[0] = law->m[1] = 0;
    for (int d = g->draw_at[s]; d < g->draw_at[s + 1]; d++) {
        int32_t node = g->node[d];
        int copies = g->copies[d], after = g->after[d];
        double v[ODDS_GOALS] = {-1.0, -1.0};
        int32_t to[ODDS_GOALS] = {-1, -1};
        if (node >= 0)
            for (int k = g->keep_at[node]; k < g->keep_at[node + 1]; k++) {
                int32_t h = g->keep[k];
                const double *value = later + 2 * h;
                if (value[0] > v[0] + ODDS_TOLERANCE)
                    v[0] = value[0], to[0] = h;
                if (value[1] > v[1] + ODDS_TOLERANCE)
                    v[1] = value[1], to[1] = h;
            }
        for (int o = 0; o < ODDS_GOALS; o++) {
            if (after <= ODDS_GOAL[o])
                v[o] = 1.0, to[o] = -1;
            else if (!(to[o] >= 0 && v[o] > stay[o] + ODDS_TOLERANCE))
                continue;
            total[o] += copies;
            sum[o] += copies * v[o];
            if (moves) {
                law->p[o][law->m[o]] = copies;
                law->next[o][law->m[o]++] = to[o];
            }
        }
    }
    for (int o = 0; o < ODDS_GOALS; o++) {
        int denominator = wall - t > total[o] ? wall - t : total[o];
        law->stay[o] = 1.0 - (double)total[o] / denominator;
        law->gain[o] = sum[o] / denominator;
        for (int i = 0; i < law->m[o]; i++)
            law->p[o][i] /= denominator;
    }
}

/* Per hand and objective, the copies of the draws that succeed if the hand can keep no
 * draw (a leaf: its values depend on them alone), else -1; the most such copies. */
static int
odds_leaves(const OddsGraph *g, int16_t *leaf)
{
    int most = 0;
    for (int s = 0; s < g->n; s++) {
        int copies[ODDS_GOALS] = {0, 0}, keeps = 0;
        for (int d = g->draw_at[s]; d < g->draw_at[s + 1]; d++) {
            keeps |= g->node[d] >= 0;
            for (int o = 0; o < ODDS_GOALS; o++)
                copies[o] += g->after[d] <= ODDS_GOAL[o] ? g->copies[d] : 0;
        }
        for (int o = 0; o < ODDS_GOALS; o++) {
            leaf[2 * s + o] = (int16_t)(keeps ? -1 : copies[o]);
            most = copies[o] > most ? copies[o] : most;
        }
    }
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
 * a leaf's values come from its table. */
static void
odds_solve(const OddsGraph *g, int wall, int draws, const int16_t *leaf,
           const double *leaf_values, double *values, double *mass, double *curves)
{
    int n = g->n;
    OddsLaw law;
    memset(values + (size_t)draws * n * 2, 0, (size_t)n * 2 * sizeof(double));
    for (int t = draws - 1; t >= 0; t--) {
        const double *later = values + (size_t)(t + 1) * n * 2;
        double *now = values + (size_t)t * n * 2;
        for (int s = 0; s < n && g->depth[s] <= t; s++) {
            if (leaf[2 * s] >= 0) {
                for (int o = 0; o < ODDS_GOALS; o++)
                    now[2 * s + o] = leaf_values[(size_t)leaf[2 * s + o] * (draws + 1) + t];
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
            if (leaf[2 * s] >= 0) { /* the draws that succeed, or back */
                for (int o = 0; o < ODDS_GOALS; o++) {
                    int copies = leaf[2 * s + o];
                    int denominator = wall - t > copies ? wall - t : copies;
                    double m = here[2 * s + o];
                    moved[2 * s + o] += m * (1.0 - (double)copies / denominator);
                    done[o] += m * (copies * 1.0 / denominator);
                }
                continue;
            }
            odds_law(g, s, t, wall, later, 1, &law);
            for (int o = 0; o < ODDS_GOALS; o++) {
                double m = here[2 * s + o];
                if (m == 0.0)
                    continue;
                moved[2 * s + o] += m * law.stay[o];
                for (int i = 0; i < law.m[o]; i++) {
                    int32_t to = law.next[o][i];
                    if (to < 0) {
                        done[o] += m * law.p[o][i];
                    } else {
                        moved[2 * to + o] += m * law.p[o][i];
                        if (to >= next_reached)
                            next_reached = to + 1;
                    }
                }
            }
        }
        reached = next_reached;
        double *swap = here;
        here = moved, moved = swap;
        curves[t + 1] = done[0];
        curves[draws + 1 + t + 1] = done[1];
    }
    if (g->dist[0] <= ODDS_GOAL[0]) /* ready now: tenpai from the start */
        for (int k = 0; k <= draws; k++)
            curves[k] = 1.0;
}

/* Both curves of a start hand: tenpai into curves[0..draws], win into
 * curves[draws + 1..]; *states the hands explored. */
static OddsStatus
odds_run(const Rules *rules, int closed, const uint8_t start[NUM_TILES],
         const uint8_t unseen[NUM_TILES], int draws, int hand_changes, int shanten_back,
         int best, int max_states, double *curves, int *states)
{
    OddsGraph g;
    OddsStatus status = odds_build(&g, rules, closed, start, unseen, hand_changes,
                                   shanten_back, best, max_states);
    *states = g.n;
    if (status != ODDS_OK) {
        odds_free(&g);
        return status;
    }
    int wall = 0;
    for (int t = 0; t < NUM_TILES; t++)
        wall += unseen[t];
    size_t n = (size_t)g.n;
    double *values = malloc(((size_t)draws + 1) * n * ODDS_GOALS * sizeof(double));
    double *mass = malloc(2 * n * ODDS_GOALS * sizeof(double));
    int16_t *leaf = malloc(n * ODDS_GOALS * sizeof(int16_t));
    double *leaf_values = NULL;
    if (values && mass && leaf) {
        int most = odds_leaves(&g, leaf);
        leaf_values = malloc(((size_t)most + 1) * ((size_t)draws + 1) * sizeof(double));
        if (leaf_values) {
            odds_leaf_values(wall, draws, most, leaf_values);
            odds_solve(&g, wall, draws, leaf, leaf_values, values, mass, curves);
        }
    }
    if (leaf_values == NULL)
        status = ODDS_NO_MEMORY;
    free(values), free(mass), free(leaf), free(leaf_values);
    odds_free(&g);
    return status;
}

PyDoc_STRVAR(odds_doc,
"odds(start, players, closed, unseen, draws, hand_changes, shanten_back, best,\n"
"     max_states)\n"
"--\n\n"
"The tenpai and win curves (tuples of draws + 1 floats) of a 3n+1 start hand (34 bytes)\n"
"with `unseen` copies of each tile in the wall, its swap budget counting from `best`\n"
"(the fewest tiles the hand it comes from needs), and the number of hands explored:\n"
"(tenpai, win, states); (None, None, states) past max_states hands.");

static PyObject *
k_odds(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *start_object, *unseen_object;
    int players, closed, draws, hand_changes, shanten_back, best, max_states;
    uint8_t start[NUM_TILES], unseen[NUM_TILES];
    uint64_t f;
    const Rules *rules;
    if (!PyArg_ParseTuple(args, "OipOippii:odds", &start_object, &players, &closed,
                          &unseen_object, &draws, &hand_changes, &shanten_back, &best,
                          &max_states))
        return NULL;
    if (!checked_hand(start_object, players, FORM_ALL, 1, &rules, start, &f) ||
        !read_bytes(unseen_object, unseen, "unseen"))
        return NULL;
    int wall = 0;
    for (int t = 0; t < NUM_TILES; t++) {
        if (start[t] + unseen[t] > 4 || (unseen[t] && rules->part_of[t] < 0)) {
            PyErr_SetString(PyExc_ValueError, "unseen: more copies than the game holds");
            return NULL;
        }
        wall += unseen[t];
    }
    if (draws < 0 || draws > wall || max_states < 1 || best < 0 || best > 14) {
        PyErr_SetString(PyExc_ValueError, "draws, best or max_states out of range");
        return NULL;
    }
    double *curves = malloc(2 * ((size_t)draws + 1) * sizeof(double));
    if (curves == NULL)
        return PyErr_NoMemory();
    int states = 0;
    OddsStatus status;
    Py_BEGIN_ALLOW_THREADS
    status = odds_run(rules, closed, start, unseen, draws, hand_changes, shanten_back, best,
                      max_states, curves, &states);
    Py_END_ALLOW_THREADS
    if (status == ODDS_NO_MEMORY) {
        free(curves);
        return PyErr_NoMemory();
    }
    PyObject *result = NULL, *tenpai = NULL, *win = NULL;
    if (status == ODDS_TOO_MANY) {
        free(curves);
        return Py_BuildValue("(OOi)", Py_None, Py_None, states);
    }
    if ((tenpai = PyTuple_New(draws + 1)) && (win = PyTuple_New(draws + 1))) {
        int ok = 1;
        for (int k = 0; k <= draws && ok; k++) {
            PyObject *a = PyFloat_FromDouble(curves[k]);
            PyObject *b = a ? PyFloat_FromDouble(curves[draws + 1 + k]) : NULL;
            if (a)
                PyTuple_SET_ITEM(tenpai, k, a);
            if (b)
                PyTuple_SET_ITEM(win, k, b);
            ok = b != NULL;
        }
        if (ok)
            result = Py_BuildValue("(OOi)", tenpai, win, states);
    }
    Py_XDECREF(tenpai);
    Py_XDECREF(win);
    free(curves);
    return result;
}
