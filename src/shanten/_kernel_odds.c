/* The discard odds' engine in C: the kernel's twin of shanten/odds_engine.py (the plain
 * reference it is tested against), included by _kernel.c after _kernel_odds_graph.c.
 *
 * Per start hand, over its graph: the backward programme of the values of both
 * objectives, then the forward pass of each policy's curve; then the binding, which
 * releases the GIL around odds_run(). The model and the tie rule are odds_engine.py's,
 * step for step. */

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
 * a leaf's values come from its table. */
static void
odds_solve(const OddsGraph *g, int wall, int draws, const double *leaf_values, double *values,
           double *mass, double *curves)
{
    int n = g->n;
    OddsLaw law;
    memset(values + (size_t)draws * n * 2, 0, (size_t)n * 2 * sizeof(double));
    for (int t = draws - 1; t >= 0; t--) {
        const double *later = values + (size_t)(t + 1) * n * 2;
        double *now = values + (size_t)t * n * 2;
        for (int s = 0; s < n && g->depth[s] <= t; s++) {
            if (odds_leaf(g, s)) {
                for (int o = 0; o < ODDS_GOALS; o++)
                    now[2 * s + o] = leaf_values[(size_t)g->succeed[2 * s + o] * (draws + 1) + t];
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

/* The largest store kept between starts by default; past it the store starts afresh. */
#define ODDS_STORE_BYTES ((Py_ssize_t)64 << 20)

/* The curves of one start's graph into curves (tenpai [0..draws], win [draws + 1..]). */
static OddsStatus
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

/* A start's swap budget: the tiles its own hand needs (r0), or those of the best start
 * (`best`) plus the one extra swap a switch allows, whichever is more. */
static inline int
odds_budget(int best, int extra, int r0)
{
    return best + extra > r0 ? best + extra : r0;
}

/* The curves of `count` start hands (3n+1, each fits the rules) into curves, 2 * (draws
 * + 1) per start, and the hands each explored into states; the starts share one store of
 * hands, which starts afresh before a start once past `store_bytes`. Stops at the first
 * start past max_states or out of memory; *done: the starts answered before it. */
static OddsStatus
odds_run(const Rules *rules, int closed, int count, const uint8_t *starts,
         const uint8_t unseen[NUM_TILES], int draws, int hand_changes, int shanten_back,
         int best, int max_states, size_t store_bytes, double *curves, int *states, int *done)
{
    OddsShared sh = {rules, unseen, {0}, 0, 0, hand_changes, shanten_back, 0};
    int extra = hand_changes || shanten_back, wall = 0;
    uint64_t f = summary(starts);
    sh.with_closed = closed && TILES_OF(f) == 13;
    sh.sets = TILES_OF(f) / 3;
    for (int t = 0; t < NUM_TILES; t++) {
        wall += unseen[t];
        for (int i = 0; i < count; i++)
            if (starts[(size_t)i * NUM_TILES + t] > sh.cover[t])
                sh.cover[t] = starts[(size_t)i * NUM_TILES + t];
    }
    int *r0 = malloc((size_t)count * sizeof(int));
    if (r0 == NULL)
        return ODDS_NO_MEMORY;
    for (int i = 0; i < count; i++) {
        const uint8_t *start = starts + (size_t)i * NUM_TILES;
        r0[i] = row_distance(rules, start, summary(start), FORM_ALL, closed);
        int budget = odds_budget(best, extra, r0[i]);
        sh.budget = budget > sh.budget ? budget : sh.budget;
    }
    OddsStore st;
    OddsLocal local = {NULL, 0};
    OddsStatus status = ODDS_OK;
    memset(&st, 0, sizeof st);
    *done = 0;
    for (int i = 0; i < count && status == ODDS_OK; i++) {
        if (st.slot == NULL || odds_store_bytes(&st) > store_bytes) {
            odds_store_free(&st);
            if (!odds_rehash(&st, 1024)) {
                status = ODDS_NO_MEMORY;
                break;
            }
        }
        OddsGraph g;
        status = odds_build(&g, &st, &sh, &local, starts + (size_t)i * NUM_TILES, r0[i],
                            odds_budget(best, extra, r0[i]), max_states);
        states[i] = g.n;
        for (int s = 0; s < g.n; s++)
            local.of[g.id[s]] = -1;
        if (status == ODDS_OK)
            status = odds_curves(&g, wall, draws, curves + (size_t)i * 2 * (draws + 1));
        odds_graph_free(&g);
        if (status == ODDS_OK)
            *done = i + 1;
    }
    odds_store_free(&st);
    free(local.of);
    free(r0);
    return status;
}

/* A (tenpai, win, states) tuple of one start's curves. */
static PyObject *
odds_answer(const double *curves, int draws, int states)
{
    PyObject *result = NULL, *tenpai = NULL, *win = NULL;
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
    return result;
}

PyDoc_STRVAR(odds_doc,
"odds(starts, players, closed, unseen, draws, hand_changes, shanten_back, best,\n"
"     max_states, store_bytes=64 MiB)\n"
"--\n\n"
"The tenpai and win curves (tuples of draws + 1 floats) of 3n+1 start hands (a sequence\n"
"of 34-byte hands of one size) with `unseen` copies of each tile in the wall, their swap\n"
"budget counting from `best` (the fewest tiles the hand they come from needs), and the\n"
"number of hands explored: a list of (tenpai, win, states), one per start in order; it\n"
"ends with (None, None, states) at a start past max_states hands. The starts share a\n"
"store of the hands they meet, which starts afresh before a start once past\n"
"store_bytes; the answers do not depend on it.");

static PyObject *
k_odds(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *starts_object, *unseen_object;
    int players, closed, draws, hand_changes, shanten_back, best, max_states;
    uint8_t unseen[NUM_TILES];
    uint64_t f;
    const Rules *rules = NULL;
    Py_ssize_t store_bytes = ODDS_STORE_BYTES;
    if (!PyArg_ParseTuple(args, "OipOippii|n:odds", &starts_object, &players, &closed,
                          &unseen_object, &draws, &hand_changes, &shanten_back, &best,
                          &max_states, &store_bytes) ||
        !read_bytes(unseen_object, unseen, "unseen"))
        return NULL;
    if (PyBytes_Check(starts_object) || PyByteArray_Check(starts_object)) {
        PyErr_SetString(PyExc_TypeError, "starts: a sequence of hands, not one hand");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(starts_object, "starts: a sequence of hands");
    if (seq == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    uint8_t *starts = malloc((count ? (size_t)count : 1) * NUM_TILES);
    if (starts == NULL) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    int size = -1, ok = count <= INT32_MAX;
    for (Py_ssize_t i = 0; i < count && ok; i++) {
        uint8_t *start = starts + (size_t)i * NUM_TILES;
        ok = checked_hand(PySequence_Fast_GET_ITEM(seq, i), players, FORM_ALL, 1, &rules, start,
                          &f);
        if (ok && size >= 0 && (int)TILES_OF(f) != size) {
            PyErr_SetString(PyExc_ValueError, "starts: hands of different sizes");
            ok = 0;
        }
        size = (int)TILES_OF(f);
        for (int t = 0; t < NUM_TILES && ok; t++)
            if (start[t] + unseen[t] > 4 || (unseen[t] && rules->part_of[t] < 0)) {
                PyErr_SetString(PyExc_ValueError, "unseen: more copies than the game holds");
                ok = 0;
            }
    }
    Py_DECREF(seq);
    if (ok && count == 0 && (rules = rules_of(players)) == NULL)
        ok = 0;
    int wall = 0;
    for (int t = 0; t < NUM_TILES; t++)
        wall += unseen[t];
    if (ok && (draws < 0 || draws > wall || max_states < 1 || best < 0 || best > 14 ||
               store_bytes < 0)) {
        PyErr_SetString(PyExc_ValueError, "draws, best, max_states or store_bytes out of range");
        ok = 0;
    }
    double *curves = ok ? malloc(((size_t)count + 1) * 2 * ((size_t)draws + 1) * sizeof(double))
                        : NULL;
    int *states = ok ? calloc((size_t)count + 1, sizeof(int)) : NULL;
    if (!ok || curves == NULL || states == NULL) {
        free(starts), free(curves), free(states);
        return ok ? PyErr_NoMemory() : NULL;
    }
    int done = 0;
    OddsStatus status = ODDS_OK;
    if (count > 0) {
        Py_BEGIN_ALLOW_THREADS
        status = odds_run(rules, closed, (int)count, starts, unseen, draws, hand_changes,
                          shanten_back, best, max_states, (size_t)store_bytes, curves, states,
                          &done);
        Py_END_ALLOW_THREADS
    }
    free(starts);
    PyObject *result = status == ODDS_NO_MEMORY ? PyErr_NoMemory() : PyList_New(0);
    for (int i = 0; i < done && result != NULL; i++) {
        PyObject *answer = odds_answer(curves + (size_t)i * 2 * (draws + 1), draws, states[i]);
        if (answer == NULL || PyList_Append(result, answer) < 0)
            Py_CLEAR(result);
        Py_XDECREF(answer);
    }
    if (result != NULL && status == ODDS_TOO_MANY) {
        PyObject *answer = Py_BuildValue("(OOi)", Py_None, Py_None, states[done]);
        if (answer == NULL || PyList_Append(result, answer) < 0)
            Py_CLEAR(result);
        Py_XDECREF(answer);
    }
    free(curves), free(states);
    return result;
}
