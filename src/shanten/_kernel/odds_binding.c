/*
 * odds(), the discard odds' module function: it reads and checks the start hands and
 * the wall, runs odds_run() with the GIL released, hands each answer to `progress` as it
 * comes (taking the GIL back for the call) and builds the list of answers.
 */
#include "odds.h"

/* A tuple of draws + 1 floats. */
static PyObject *
odds_curve(const double *curve, int draws)
{
    PyObject *result = PyTuple_New(draws + 1);
    for (int k = 0; k <= draws && result != NULL; k++) {
        PyObject *a = PyFloat_FromDouble(curve[k]);
        if (a == NULL)
            Py_CLEAR(result);
        else
            PyTuple_SET_ITEM(result, k, a);
    }
    return result;
}

/* A (tenpai, win, states) tuple of one start's curves, (tenpai, win, states, score) with
 * the expected score. */
static PyObject *
odds_answer(const double *curves, int draws, int states, int scored)
{
    PyObject *result = NULL, *tenpai = NULL, *win = NULL, *score = NULL;
    if ((tenpai = odds_curve(curves, draws)) && (win = odds_curve(curves + draws + 1, draws)) &&
        (!scored || (score = odds_curve(curves + 2 * (draws + 1), draws))))
        result = scored ? Py_BuildValue("(OOiO)", tenpai, win, states, score)
                        : Py_BuildValue("(OOi)", tenpai, win, states);
    Py_XDECREF(tenpai);
    Py_XDECREF(win);
    Py_XDECREF(score);
    return result;
}

/* The worth of odds()'s doc string into *w, for starts of `size` tiles (-1: none); 0
 * with an exception set when it is out of range. */
static int
odds_worth_read(PyObject *object, const Rules *rules, int size, OddsWorth *w)
{
    const char *melds, *dora, *reds;
    Py_ssize_t nmelds, ndora, nreds;
    memset(w, 0, sizeof *w);
    if (!PyTuple_Check(object)) {
        PyErr_SetString(PyExc_TypeError, "worth: a tuple or None");
        return 0;
    }
    if (!PyArg_ParseTuple(object, "y#y#iiiiiy#iip:worth", &melds, &nmelds, &dora, &ndora,
                          &w->game.seat, &w->game.round, &w->north, &w->game.rules,
                          &w->red_in_melds, &reds, &nreds, &w->indicators, &w->riichi,
                          &w->haitei))
        return 0;
    int ok = nmelds % 3 == 0 && (size < 0 || nmelds / 3 + size / 3 == 4) && ndora <= ODDS_MAX_DORA &&
             nreds == 3 && w->game.seat >= 27 && w->game.seat <= 30 && w->game.round >= 27 &&
             w->game.round <= 30 && w->north >= 0 && w->north <= 4 && w->red_in_melds >= 0 &&
             w->red_in_melds <= 12 && w->indicators >= 1 && w->indicators <= ODDS_MAX_URA &&
             w->riichi >= ODDS_RIICHI_BEST && w->riichi <= ODDS_RIICHI_NEVER &&
             w->game.rules >= 0;
    w->game.nmelds = (int)(nmelds / 3);
    w->game.closed = 1;
    for (int i = 0; ok && i < w->game.nmelds; i++) {
        int kind = (uint8_t)melds[3 * i], t = (uint8_t)melds[3 * i + 1];
        ok = kind <= B_QUAD && t < NUM_TILES && (kind != B_RUN || (t < 27 && t % 9 <= 6)) &&
             rules->part_of[t] >= 0;
        w->game.meld_kind[i] = (uint8_t)kind, w->game.meld_tile[i] = (uint8_t)t;
        w->game.meld_concealed[i] = melds[3 * i + 2] != 0;
        w->game.closed &= w->game.meld_concealed[i];
        for (int k = 0; ok && k < (kind == B_QUAD ? 4 : 3); k++)
            w->game.all[kind == B_RUN ? t + k : t]++;
    }
    for (int i = 0; ok && i < ndora; i++)
        ok = (uint8_t)dora[i] < NUM_TILES, w->dora[i] = (uint8_t)dora[i];
    for (int i = 0; ok && i < 3; i++)
        ok = (uint8_t)reds[i] <= 4, w->red_in_hand[i] = (uint8_t)reds[i];
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "worth: out of range");
        return 0;
    }
    w->ndora = (int)ndora;
    w->game.players = rules->players;
    w->game.dealer = w->game.seat == 27;
    return 1;
}

PyDoc_STRVAR(odds_doc,
"odds(starts, players, closed, unseen, draws, hand_changes, shanten_back, best,\n"
"     max_states, store_bytes=67108864, threads=1, progress=None, caps=None,\n"
"     worth=None)\n"
"--\n\n"
"The tenpai and win curves (tuples of draws + 1 floats) of 3n+1 start hands (a sequence\n"
"of 34-byte hands of one size) with `unseen` copies of each tile in the wall, their swap\n"
"budget counting from `best` (the fewest tiles the hand they come from needs), and the\n"
"number of hands explored: a list of (tenpai, win, states), one per start in order; it\n"
"ends with (None, None, states) at a start past max_states hands. The starts share a\n"
"store of the hands they meet, which starts afresh before a start once past\n"
"store_bytes (64 MiB by default); up to `threads` threads solve the starts' graphs as\n"
"they are built. The answers depend on neither. `progress`, if given, is called as\n"
"progress(i, answer) for each start in order as soon as its answer is in (with the GIL,\n"
"from the calling thread); an exception it raises stops the run and is raised. `caps`:\n"
"None, or 34 bytes, the most copies of each tile a complete hand may hold (the\n"
"melded-copies rule); each start and the wall must stay within them. `worth`: None, or\n"
"the game around the hand, (melds, dora, seat_wind, round_wind, north, rules,\n"
"red_in_melds, red_in_hand, ura_indicators, riichi, haitei): melds as score() takes\n"
"them, the dora tiles as bytes, rules as score()'s bits, the red fives of the hand as\n"
"3 bytes (by suit), riichi 0 best, 1 always, 2 never; each answer then ends with the\n"
"expected score's curve: (tenpai, win, states, score).");

/* The report of k_odds: the answer of start i to the `progress` callable. */
typedef struct {
    PyObject *progress;
    PyThreadState *saved; /* the calling thread's, while the run lets other threads go */
    const double *curves;
    const int *states;
    int draws, scored;
} OddsProgress;

static int
odds_progress(void *context, int i)
{
    OddsProgress *p = context;
    PyEval_RestoreThread(p->saved);
    PyObject *answer = odds_answer(p->curves + (size_t)i * (2 + p->scored) * (p->draws + 1),
                                   p->draws, p->states[i], p->scored);
    PyObject *result = answer ? PyObject_CallFunction(p->progress, "iO", i, answer) : NULL;
    int ok = result != NULL;
    Py_XDECREF(result);
    Py_XDECREF(answer);
    p->saved = PyEval_SaveThread();
    return ok;
}

static PyObject *
k_odds(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"starts",     "players",      "closed", "unseen",
                               "draws",      "hand_changes", "shanten_back", "best",
                               "max_states", "store_bytes",  "threads", "progress",
                               "caps",       "worth",        NULL};
    PyObject *starts_object, *unseen_object;
    int players, closed, draws, hand_changes, shanten_back, best, max_states;
    uint8_t unseen[NUM_TILES];
    uint64_t f;
    const Rules *rules = NULL;
    Py_ssize_t store_bytes = ODDS_STORE_BYTES;
    int threads = 1;
    PyObject *progress = Py_None, *caps_object = Py_None, *worth_object = Py_None;
    OddsWorth worth;
    uint8_t caps[NUM_TILES];
    int capped = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OipOippii|niOOO:odds", keywords,
                                     &starts_object, &players, &closed, &unseen_object, &draws,
                                     &hand_changes, &shanten_back, &best, &max_states,
                                     &store_bytes, &threads, &progress, &caps_object,
                                     &worth_object) ||
        !read_bytes(unseen_object, unseen, "unseen") || (rules = rules_of(players)) == NULL ||
        !caps_read(caps_object, rules, caps, &capped))
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
            else if (capped && rules->part_of[t] >= 0 && start[t] + unseen[t] > caps[t]) {
                PyErr_SetString(PyExc_ValueError, "unseen: more copies than the caps allow");
                ok = 0;
            }
    }
    Py_DECREF(seq);
    int wall = 0;
    for (int t = 0; t < NUM_TILES; t++)
        wall += unseen[t];
    if (ok && (draws < 0 || draws > wall || max_states < 1 || best < 0 || best > 14 ||
               store_bytes < 0 || threads < 1)) {
        PyErr_SetString(PyExc_ValueError,
                        "draws, best, max_states, store_bytes or threads out of range");
        ok = 0;
    }
    int scored = worth_object != Py_None;
    if (ok && scored)
        ok = odds_worth_read(worth_object, rules, size, &worth);
    size_t stride = (2 + (size_t)scored) * ((size_t)draws + 1);
    double *curves = ok ? malloc(((size_t)count + 1) * stride * sizeof(double)) : NULL;
    int *states = ok ? calloc((size_t)count + 1, sizeof(int)) : NULL;
    if (!ok || curves == NULL || states == NULL) {
        free(starts), free(curves), free(states);
        return ok ? PyErr_NoMemory() : NULL;
    }
    int done = 0;
    OddsStatus status = ODDS_OK;
    if (count > 0) {
        OddsProgress p = {progress, NULL, curves, states, draws, scored};
        OddsReport report = {progress == Py_None ? NULL : odds_progress, &p, 0};
        p.saved = PyEval_SaveThread();
        status = odds_run(rules, closed, (int)count, starts, unseen, capped ? caps : NULL,
                          scored ? &worth : NULL, draws, hand_changes, shanten_back, best,
                          max_states, (size_t)store_bytes, threads, &report, curves, states,
                          &done);
        PyEval_RestoreThread(p.saved);
    }
    free(starts);
    PyObject *result = status == ODDS_STOPPED     ? NULL
                       : status == ODDS_NO_MEMORY ? PyErr_NoMemory()
                                                  : PyList_New(0);
    for (int i = 0; i < done && result != NULL; i++) {
        PyObject *answer = odds_answer(curves + (size_t)i * stride, draws, states[i], scored);
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

PyMethodDef ODDS_METHODS[] = {
    {"odds", (PyCFunction)(void (*)(void))k_odds, METH_VARARGS | METH_KEYWORDS, odds_doc},
    {NULL, NULL, 0, NULL},
};
