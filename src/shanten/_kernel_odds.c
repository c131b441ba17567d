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
    int n, cap;         /* hands */
    uint8_t *hands;     /* cap * NUM_TILES counts */
    int8_t *dist;       /* distance (shanten + 1) of each hand */
    int8_t *swaps;      /* tiles held that the start does not */
    int32_t *draw_at;   /* cap + 1: each hand's first draw (CSR) */
    int nd, dcap;       /* draws */
    uint8_t *copies;    /* the draw's copies in the wall as the model counts them */
    uint8_t *after;     /* the distance with the draw (0: complete) */
    int32_t *keep_at;   /* dcap + 1: each draw's first keep */
    int nk, kcap;       /* keeps */
    int32_t *keep;      /* the hand kept, by discarded tile */
    int32_t *slot;      /* hash table of hand indices, -1 empty */
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
    free(g->hands), free(g->dist), free(g->swaps), free(g->draw_at);
    free(g->copies), free(g->after), free(g->keep_at), free(g->keep), free(g->slot);
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
    if (!(q = realloc(g->draw_at, ((size_t)cap + 1) * sizeof(int32_t))))
        return 0;
    g->draw_at = q;
    g->cap = cap;
    return 1;
}

static int
odds_reserve_draw(OddsGraph *g)
{
    if (g->nd + 1 < g->dcap) /* keep_at holds nd + 1 entries */
        return 1;
    int cap = g->dcap ? g->dcap * 2 : 1024;
    void *q;
    if (!(q = realloc(g->copies, (size_t)cap)))
        return 0;
    g->copies = q;
    if (!(q = realloc(g->after, (size_t)cap)))
        return 0;
    g->after = q;
    if (!(q = realloc(g->keep_at, ((size_t)cap + 1) * sizeof(int32_t))))
        return 0;
    g->keep_at = q;
    g->dcap = cap;
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

static int
odds_rehash(OddsGraph *g, size_t slots)
{
    int32_t *slot = malloc(slots * sizeof *slot);
    if (slot == NULL)
        return 0;
    memset(slot, 0xFF, slots * sizeof *slot);
    for (int s = 0; s < g->n; s++) {
        size_t i = odds_hash(g->hands + (size_t)s * NUM_TILES) & (slots - 1);
        while (slot[i] >= 0)
            i = (i + 1) & (slots - 1);
        slot[i] = s;
    }
    free(g->slot);
    g->slot = slot;
    g->slots = slots;
    return 1;
}

/* The index of `hand`, added with its distance and swaps if new; -1 out of memory, -2
 * past `max_states`. */
static int32_t
odds_state(OddsGraph *g, const uint8_t *hand, int dist, int swaps, int max_states)
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
    g->slot[i] = s;
    if ((size_t)g->n * 2 > g->slots && !odds_rehash(g, g->slots * 2))
        return -1;
    return s;
}

/* The graph from `start` (3n+1, fits the rules): its hands, draws and keeps. The caller
 * frees it (odds_free), whatever the status. */
static OddsStatus
odds_build(OddsGraph *g, const Rules *rules, int closed, const uint8_t start[NUM_TILES],
           const uint8_t unseen[NUM_TILES], int hand_changes, int shanten_back,
           int max_states)
{
    int extra = hand_changes || shanten_back;
    memset(g, 0, sizeof *g);
    if (!odds_rehash(g, 1024))
        return ODDS_NO_MEMORY;
    int r0 = row_distance(rules, start, summary(start), FORM_ALL, closed);
    int budget = r0 + extra;
    if (odds_state(g, start, r0, 0, max_states) < 0)
        return ODDS_NO_MEMORY;
    uint8_t hand[NUM_TILES];
    for (int s = 0; s < g->n; s++) {
        memcpy(hand, g->hands + (size_t)s * NUM_TILES, NUM_TILES);
        int before = g->dist[s], swaps = g->swaps[s];
        g->draw_at[s] = g->nd;
        for (int t = 0; t < NUM_TILES; t++) {
            int copies = unseen[t] - (hand[t] > start[t] ? hand[t] - start[t] : 0);
            if (copies <= 0)
                continue;
            hand[t]++;
            int after = row_distance(rules, hand, summary(hand), FORM_ALL, closed);
            int d = g->nd;
            if (!odds_reserve_draw(g))
                return ODDS_NO_MEMORY;
            g->copies[d] = (uint8_t)copies;
            g->after[d] = (uint8_t)after;
            g->keep_at[d] = g->nk;
            g->nd++;
            if (after > 0 && (after < before || extra)) {
                int drawn_swaps = swaps + (hand[t] > start[t]);
                for (int x = 0; x < NUM_TILES; x++) {
                    if (x == t || !hand[x])
                        continue;
                    int kept_swaps = drawn_swaps - (hand[x] > start[x]);
                    if (after + kept_swaps > budget) /* the distance after is at least `after` */
                        continue;
                    hand[x]--;
                    int left = row_distance(rules, hand, summary(hand), FORM_ALL, closed);
                    int allowed = left > after ? shanten_back
                                               : (after < before || hand_changes);
                    int32_t k = -3;
                    if (allowed && left + kept_swaps <= budget)
                        k = odds_state(g, hand, left, kept_swaps, max_states);
                    hand[x]++;
                    if (k == -3)
                        continue;
                    if (k < 0 || !odds_reserve_keep(g))
                        return k == -2 ? ODDS_TOO_MANY : ODDS_NO_MEMORY;
                    g->keep[g->nk++] = k;
                }
            }
            hand[t]--;
        }
    }
    g->draw_at[g->n] = g->nd;
    g->keep_at[g->nd] = g->nk;
    return ODDS_OK;
}

/* The draws that matter at hand s after t draws, given the values `later` after the
 * draw: their probabilities in p[] and next hands in next[] (-1: success), how many,
 * and in *stay the probability of throwing the draw back. */
static int
odds_law(const OddsGraph *g, int s, int t, int wall, int goal, const double *later,
         double *stay, double *p, int32_t *next)
{
    double here = later[s];
    int m = 0, total = 0;
    for (int d = g->draw_at[s]; d < g->draw_at[s + 1]; d++) {
        int32_t chosen = -1;
        if (g->after[d] > goal) {
            double best = here;
            chosen = -2;
            for (int k = g->keep_at[d]; k < g->keep_at[d + 1]; k++)
                if (later[g->keep[k]] > best + ODDS_TOLERANCE)
                    best = later[g->keep[k]], chosen = g->keep[k];
            if (chosen == -2)
                continue;
        }
        p[m] = g->copies[d];
        next[m++] = chosen;
        total += g->copies[d];
    }
    int denominator = wall - t > total ? wall - t : total;
    for (int i = 0; i < m; i++)
        p[i] /= denominator;
    *stay = 1.0 - (double)total / denominator;
    return m;
}

/* The policy's curve for success at distance <= `goal` (0: win, 1: tenpai) into
 * curve[0..draws]; `values` holds (draws + 1) * n doubles, `mass` 2 * n, `p` and `next`
 * NUM_TILES each. */
static void
odds_solve(const OddsGraph *g, int wall, int draws, int goal, double *values, double *mass,
           double *p, int32_t *next, double *curve)
{
    int n = g->n;
    if (g->dist[0] <= goal) {
        for (int k = 0; k <= draws; k++)
            curve[k] = 1.0;
        return;
    }
    double stay;
    memset(values + (size_t)draws * n, 0, (size_t)n * sizeof *values);
    for (int t = draws - 1; t >= 0; t--) {
        const double *later = values + (size_t)(t + 1) * n;
        double *now = values + (size_t)t * n;
        for (int s = 0; s < n; s++) {
            int m = odds_law(g, s, t, wall, goal, later, &stay, p, next);
            double sum = 0.0;
            for (int i = 0; i < m; i++)
                sum += p[i] * (next[i] < 0 ? 1.0 : later[next[i]]);
            now[s] = stay * later[s] + sum;
        }
    }
    double *here = mass, *moved = mass + n, done = 0.0;
    memset(here, 0, (size_t)n * sizeof *here);
    here[0] = 1.0;
    curve[0] = 0.0;
    for (int t = 0; t < draws; t++) {
        const double *later = values + (size_t)(t + 1) * n;
        memset(moved, 0, (size_t)n * sizeof *moved);
        for (int s = 0; s < n; s++) {
            if (here[s] == 0.0)
                continue;
            int m = odds_law(g, s, t, wall, goal, later, &stay, p, next);
            moved[s] += here[s] * stay;
            for (int i = 0; i < m; i++) {
                if (next[i] < 0)
                    done += here[s] * p[i];
                else
                    moved[next[i]] += here[s] * p[i];
            }
        }
        double *swap = here;
        here = moved, moved = swap;
        curve[t + 1] = done;
    }
}

/* Both curves of a start hand: tenpai into curves[0..draws], win into
 * curves[draws + 1..]; *states the hands explored. */
static OddsStatus
odds_run(const Rules *rules, int closed, const uint8_t start[NUM_TILES],
         const uint8_t unseen[NUM_TILES], int draws, int hand_changes, int shanten_back,
         int max_states, double *curves, int *states)
{
    OddsGraph g;
    OddsStatus status =
        odds_build(&g, rules, closed, start, unseen, hand_changes, shanten_back, max_states);
    *states = g.n;
    if (status != ODDS_OK) {
        odds_free(&g);
        return status;
    }
    int wall = 0;
    for (int t = 0; t < NUM_TILES; t++)
        wall += unseen[t];
    size_t n = (size_t)g.n;
    double *values = malloc(((size_t)draws + 1) * n * sizeof(double));
    double *mass = malloc(2 * n * sizeof(double));
    double p[NUM_TILES];
    int32_t next[NUM_TILES];
    if (values == NULL || mass == NULL) {
        free(values), free(mass), odds_free(&g);
        return ODDS_NO_MEMORY;
    }
    odds_solve(&g, wall, draws, 1, values, mass, p, next, curves);
    odds_solve(&g, wall, draws, 0, values, mass, p, next, curves + draws + 1);
    free(values), free(mass), odds_free(&g);
    return ODDS_OK;
}

PyDoc_STRVAR(odds_doc,
"odds(start, players, closed, unseen, draws, hand_changes, shanten_back, max_states)\n"
"--\n\n"
"The tenpai and win curves (tuples of draws + 1 floats) of a 3n+1 start hand (34 bytes)\n"
"with `unseen` copies of each tile in the wall, and the number of hands explored:\n"
"(tenpai, win, states); (None, None, states) past max_states hands.");

static PyObject *
k_odds(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *start_object, *unseen_object;
    int players, closed, draws, hand_changes, shanten_back, max_states;
    uint8_t start[NUM_TILES], unseen[NUM_TILES];
    uint64_t f;
    const Rules *rules;
    if (!PyArg_ParseTuple(args, "OipOippi:odds", &start_object, &players, &closed,
                          &unseen_object, &draws, &hand_changes, &shanten_back, &max_states))
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
    if (draws < 0 || draws > wall || max_states < 1) {
        PyErr_SetString(PyExc_ValueError, "draws must be 0 to the unseen tiles");
        return NULL;
    }
    double *curves = malloc(2 * ((size_t)draws + 1) * sizeof(double));
    if (curves == NULL)
        return PyErr_NoMemory();
    int states = 0;
    OddsStatus status;
    Py_BEGIN_ALLOW_THREADS
    status = odds_run(rules, closed, start, unseen, draws, hand_changes, shanten_back,
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
