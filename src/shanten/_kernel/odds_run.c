/* The discard odds of many start hands, for _kernel.c after _kernel_odds.c: their graphs
 * built one after another on a shared store, solved as they come by a few threads, and
 * the binding, which releases the GIL around odds_run(). */

/* The largest store kept between starts by default; past it the store starts afresh. */
#define ODDS_STORE_BYTES ((Py_ssize_t)64 << 20)

/* The most threads one call runs. */
#define ODDS_MAX_THREADS 64

/* A start's swap budget: the tiles its own hand needs (r0), or those of the best start
 * (`best`) plus the one extra swap a switch allows, whichever is more. */
static inline int
odds_budget(int best, int extra, int r0)
{
    return best + extra > r0 ? best + extra : r0;
}

#ifdef _WIN32
#define ODDS_THREADS 0 /* one thread: the kernel uses POSIX threads where it has them */
#else
#include <pthread.h>
#define ODDS_THREADS 1
#endif

/* The starts' graphs in flight. The calling thread builds them in order (the store is
 * its own) and publishes each; every thread, the caller included, solves the published
 * graphs in order. When more than `ahead` wait, the builder solves one itself, so that
 * few graphs are alive at once, and with no other thread it solves each as it is
 * built. */
typedef struct {
    OddsGraph *graphs;  /* per start */
    OddsStatus *status; /* per start, once solved */
    uint8_t *solved;    /* per start: its curves are in */
    int wall, draws, ahead;
    double *curves;
    int built;    /* graphs published */
    int closed;   /* no more will be */
    int next;     /* the next graph to solve */
    int stopped;  /* take no more */
    int threaded; /* the lock and the condition are set up */
#if ODDS_THREADS
    pthread_mutex_t lock;
    pthread_cond_t published;
#endif
} OddsQueue;

static void
odds_lock(OddsQueue *q)
{
#if ODDS_THREADS
    if (q->threaded)
        pthread_mutex_lock(&q->lock);
#else
    (void)q;
#endif
}

static void
odds_unlock(OddsQueue *q)
{
#if ODDS_THREADS
    if (q->threaded)
        pthread_mutex_unlock(&q->lock);
#else
    (void)q;
#endif
}

/* Graph i's curves, into its slot; the graph is freed. */
static void
odds_solve_one(OddsQueue *q, int i)
{
    q->status[i] = odds_curves(&q->graphs[i], q->wall, q->draws,
                               q->curves + (size_t)i * 2 * (q->draws + 1));
    odds_graph_free(&q->graphs[i]);
    odds_lock(q);
    q->solved[i] = 1;
    odds_unlock(q);
}

/* The next graph to solve, waiting for one while more may come; -1 when none is left.
 * The lock is held. */
static int
odds_take(OddsQueue *q)
{
    while (q->next == q->built && !q->closed && !q->stopped) {
#if ODDS_THREADS
        pthread_cond_wait(&q->published, &q->lock);
#else
        return -1; /* never: one thread has built what it solves */
#endif
    }
    return q->next < q->built && !q->stopped ? q->next++ : -1;
}

/* Where the answers go as they come: report(context, i) once start i's curves are in,
 * for every start in order while they succeed; it returns 0 to stop the run. */
typedef struct {
    int (*report)(void *context, int i);
    void *context;
    int reported; /* the starts reported so far */
} OddsReport;

/* Reports the starts whose curves are in, in order from the first not reported; 0 when
 * the report asks to stop. Called by the thread that builds, with the lock free. */
static int
odds_report(OddsQueue *q, OddsReport *r)
{
    if (r->report == NULL)
        return 1;
    for (;;) {
        odds_lock(q);
        int i = r->reported, ready = i < q->built && q->solved[i];
        odds_unlock(q);
        if (!ready || q->status[i] != ODDS_OK)
            return 1;
        if (!r->report(r->context, i))
            return 0;
        r->reported++;
    }
}

/* Solves graphs until none is left; with a report (the builder's), reports the answers
 * in after each, and stops the queue when the report says so: 0 then. */
static int
odds_solve_rest(OddsQueue *q, OddsReport *report)
{
    int go_on = 1;
    odds_lock(q);
    for (int i; go_on && (i = odds_take(q)) >= 0;) {
        odds_unlock(q);
        odds_solve_one(q, i);
        go_on = report == NULL || odds_report(q, report);
        odds_lock(q);
        q->stopped |= !go_on;
    }
    odds_unlock(q);
    return go_on;
}

/* A thread that solves graphs until none is left. */
static void *
odds_worker(void *queue)
{
    odds_solve_rest(queue, NULL);
    return NULL;
}

/* The curves of `count` start hands (3n+1, each fits the rules) into curves, 2 * (draws
 * + 1) per start, and the hands each explored into states, on up to `threads` threads;
 * the starts share one store of hands, which starts afresh before a start once past
 * `store_bytes`. The answers do not depend on `threads` or `store_bytes`. Each start's
 * answer goes to `report`, in order, as soon as it and those before it are in. Stops at
 * the first start past max_states or out of memory, or when the report says so; *done:
 * the starts answered before it. */
static OddsStatus
odds_run(const Rules *rules, int closed, int count, const uint8_t *starts,
         const uint8_t unseen[NUM_TILES], int draws, int hand_changes, int shanten_back,
         int best, int max_states, size_t store_bytes, int threads, OddsReport *report,
         double *curves, int *states, int *done)
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
    *done = 0;
    int *r0 = malloc((size_t)count * sizeof(int));
    OddsQueue q;
    memset(&q, 0, sizeof q);
    q.graphs = calloc((size_t)count, sizeof(OddsGraph));
    q.status = malloc((size_t)count * sizeof(OddsStatus));
    q.solved = calloc((size_t)count, 1);
    q.wall = wall, q.draws = draws, q.curves = curves;
    if (r0 == NULL || q.graphs == NULL || q.status == NULL || q.solved == NULL) {
        free(r0), free(q.graphs), free(q.status), free(q.solved);
        return ODDS_NO_MEMORY;
    }
    for (int i = 0; i < count; i++) {
        const uint8_t *start = starts + (size_t)i * NUM_TILES;
        r0[i] = row_distance(rules, start, summary(start), FORM_ALL, closed);
        int budget = odds_budget(best, extra, r0[i]);
        sh.budget = budget > sh.budget ? budget : sh.budget;
    }
    int workers = 0;
#if ODDS_THREADS
    pthread_t worker[ODDS_MAX_THREADS];
    threads = threads < count ? threads : count;
    threads = threads < ODDS_MAX_THREADS ? threads : ODDS_MAX_THREADS;
    if (threads > 1 && pthread_mutex_init(&q.lock, NULL) == 0) {
        if (pthread_cond_init(&q.published, NULL) == 0)
            q.threaded = 1;
        else
            pthread_mutex_destroy(&q.lock);
    }
    while (q.threaded && workers < threads - 1 &&
           pthread_create(&worker[workers], NULL, odds_worker, &q) == 0)
        workers++; /* a thread that cannot start leaves its share to the others */
#else
    (void)threads;
#endif
    q.ahead = workers;
    OddsStore st;
    OddsLocal local = {NULL, 0};
    OddsStatus status = ODDS_OK;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < count && status == ODDS_OK; i++) {
        if (st.slot == NULL || odds_store_bytes(&st) > store_bytes) {
            odds_store_free(&st);
            if (!odds_rehash(&st, 1024)) {
                status = ODDS_NO_MEMORY;
                break;
            }
        }
        OddsGraph *g = &q.graphs[i];
        status = odds_build(g, &st, &sh, &local, starts + (size_t)i * NUM_TILES, r0[i],
                            odds_budget(best, extra, r0[i]), max_states);
        states[i] = g->n;
        for (int s = 0; s < g->n; s++)
            local.of[g->id[s]] = -1;
        if (status != ODDS_OK) {
            odds_graph_free(g);
            break;
        }
        odds_lock(&q);
        q.built = i + 1;
#if ODDS_THREADS
        if (q.threaded)
            pthread_cond_signal(&q.published);
#endif
        while (q.built - q.next > q.ahead) {
            int j = q.next++;
            odds_unlock(&q);
            odds_solve_one(&q, j);
            odds_lock(&q);
        }
        odds_unlock(&q);
        if (!odds_report(&q, report)) {
            status = ODDS_STOPPED;
            break;
        }
    }
    odds_store_free(&st);
    free(local.of);
    odds_lock(&q);
    q.closed = 1;
    q.stopped = status == ODDS_STOPPED;
#if ODDS_THREADS
    if (q.threaded)
        pthread_cond_broadcast(&q.published);
#endif
    odds_unlock(&q);
    /* what is left: solve in turn with the others, reporting as the answers come */
    if (!odds_solve_rest(&q, report))
        status = ODDS_STOPPED;
#if ODDS_THREADS
    for (int w = 0; w < workers; w++)
        pthread_join(worker[w], NULL);
    if (q.threaded) {
        pthread_cond_destroy(&q.published);
        pthread_mutex_destroy(&q.lock);
        q.threaded = 0; /* one thread from here: no lock */
    }
#endif
    if (status != ODDS_STOPPED && !odds_report(&q, report))
        status = ODDS_STOPPED;
    while (*done < q.built && q.solved[*done] && q.status[*done] == ODDS_OK)
        ++*done;
    if (status != ODDS_STOPPED && *done < q.built)
        status = q.status[*done];
    for (int i = 0; i < q.built; i++) /* those left unsolved when stopped */
        odds_graph_free(&q.graphs[i]);
    free(q.graphs), free(q.status), free(q.solved), free(r0);
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
"     max_states, store_bytes=64 MiB, threads=1, progress=None)\n"
"--\n\n"
"The tenpai and win curves (tuples of draws + 1 floats) of 3n+1 start hands (a sequence\n"
"of 34-byte hands of one size) with `unseen` copies of each tile in the wall, their swap\n"
"budget counting from `best` (the fewest tiles the hand they come from needs), and the\n"
"number of hands explored: a list of (tenpai, win, states), one per start in order; it\n"
"ends with (None, None, states) at a start past max_states hands. The starts share a\n"
"store of the hands they meet, which starts afresh before a start once past\n"
"store_bytes; up to `threads` threads solve the starts' graphs as they are built. The\n"
"answers depend on neither. `progress`, if given, is called as progress(i, answer) for\n"
"each start in order as soon as its answer is in (with the GIL, from the calling\n"
"thread); an exception it raises stops the run and is raised.");

/* The report of k_odds: the answer of start i to the `progress` callable. */
typedef struct {
    PyObject *progress;
    PyThreadState *saved; /* the calling thread's, while the run lets other threads go */
    const double *curves;
    const int *states;
    int draws;
} OddsProgress;

static int
odds_progress(void *context, int i)
{
    OddsProgress *p = context;
    PyEval_RestoreThread(p->saved);
    PyObject *answer = odds_answer(p->curves + (size_t)i * 2 * (p->draws + 1), p->draws,
                                   p->states[i]);
    PyObject *result = answer ? PyObject_CallFunction(p->progress, "iO", i, answer) : NULL;
    int ok = result != NULL;
    Py_XDECREF(result);
    Py_XDECREF(answer);
    p->saved = PyEval_SaveThread();
    return ok;
}

static PyObject *
k_odds(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *starts_object, *unseen_object;
    int players, closed, draws, hand_changes, shanten_back, best, max_states;
    uint8_t unseen[NUM_TILES];
    uint64_t f;
    const Rules *rules = NULL;
    Py_ssize_t store_bytes = ODDS_STORE_BYTES;
    int threads = 1;
    PyObject *progress = Py_None;
    if (!PyArg_ParseTuple(args, "OipOippii|niO:odds", &starts_object, &players, &closed,
                          &unseen_object, &draws, &hand_changes, &shanten_back, &best,
                          &max_states, &store_bytes, &threads, &progress) ||
        !read_bytes(unseen_object, unseen, "unseen"))
        return NULL;
    if (progress != Py_None && !PyCallable_Check(progress)) {
        PyErr_SetString(PyExc_TypeError, "progress: a callable or None");
        return NULL;
    }
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
               store_bytes < 0 || threads < 1)) {
        PyErr_SetString(PyExc_ValueError,
                        "draws, best, max_states, store_bytes or threads out of range");
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
        OddsProgress p = {progress, NULL, curves, states, draws};
        OddsReport report = {progress == Py_None ? NULL : odds_progress, &p, 0};
        p.saved = PyEval_SaveThread();
        status = odds_run(rules, closed, (int)count, starts, unseen, draws, hand_changes,
                          shanten_back, best, max_states, (size_t)store_bytes, threads, &report,
                          curves, states, &done);
        PyEval_RestoreThread(p.saved);
    }
    free(starts);
    PyObject *result = status == ODDS_STOPPED     ? NULL
                       : status == ODDS_NO_MEMORY ? PyErr_NoMemory()
                                                  : PyList_New(0);
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
